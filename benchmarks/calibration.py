"""Bid advisor calibration benchmark: the advisor's count against bot playouts, before and after.

Run from the repository root::

    .venv/bin/python benchmarks/calibration.py                    # 2,000 hands, 40 playouts each
    .venv/bin/python benchmarks/calibration.py --hands 200        # a quick look
    .venv/bin/python benchmarks/calibration.py --json spades_teach/data/calibration.json

It runs :func:`spades_teach.analysis.calibration.calibrate` (on the local cores
unless ``--serial``) and prints the table of the current advisor: bias and mean
absolute error of the count against the simulated tricks, overall and by hand
feature, how often the advised bid is the simulation's best and the mean regret.
Then it scores the very same simulated hands with the counting the advisor used
before it was calibrated (:func:`previous_count_hand`, a frozen copy kept here,
whose bid was the count rounded down with no margin kept in hand) and prints the
two side by side. ``--json`` writes the per-hand figures that
chapter 17 of the book plots.

The simulation's bots bid and play with the current advisor, so both countings
are measured against the same targets. It prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from spades_teach.advice.bidding import BidReason
from spades_teach.analysis.calibration import FEATURES, Calibration, calibrate
from spades_teach.analysis.parallel import SerialExecutor
from spades_teach.game.cards import Card, Hand, HandLike, Rank, Suit

_SIDE_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


# -- the counting before the calibration (frozen; do not edit) -----------------------------------------------------


def _previous_spade_items(spades: tuple[Card, ...]) -> tuple[list[BidReason], int]:
    """Items for the spades, and how many spades they already count as winners."""
    n = len(spades)
    ranks = {c.rank for c in spades}
    items: list[BidReason] = []
    used = 0
    if Rank.ACE in ranks:
        items.append(BidReason("A♠", 1.0, "the ace of spades is the highest card in the game: a sure trick"))
        used += 1
    if Rank.KING in ranks:
        if n >= 2:
            items.append(BidReason("K♠", 1.0, "the king of spades with another spade beside it is a trick"))
        else:
            items.append(BidReason("K♠", 0.5, "a bare king of spades can fall under the ace: half a trick"))
        used += 1
    if Rank.QUEEN in ranks:
        if n >= 3:
            value = 1.0 if (Rank.ACE in ranks or Rank.KING in ranks) else 0.75
            items.append(
                BidReason("Q♠", value, f"the queen of spades with {n - 1} other spades survives the ace and king")
            )
        elif n == 2:
            items.append(BidReason("Q♠", 0.5, "the queen of spades with one guard wins about half the time"))
        else:
            items.append(BidReason("Q♠", 0.0, "a bare queen of spades is caught by the ace or king: no trick"))
        used += 1
    if Rank.JACK in ranks and n >= 4 and (ranks & {Rank.ACE, Rank.KING, Rank.QUEEN}):
        items.append(BidReason("J♠", 0.5, f"the jack of spades with {n - 1} other spades and an honour: half a trick"))
        used += 1
    # The 4th spade: after three rounds of spades it is often the last one out.
    if n >= 4 and used < n:
        counted_now = _previous_counted_ranks(items)
        rest4 = [c for c in spades if c.rank not in counted_now]
        fourth = rest4[0] if n == 4 else rest4[-(n - 4) - 1] if len(rest4) > n - 4 else None
        if fourth is not None:
            items.append(BidReason(fourth.pretty, 0.5, "your 4th spade: often the last spade left after three rounds"))
            used += 1
    # Length: the 5th, 6th ... spades win late in the hand once the others are drawn.
    length = max(0, n - 4)
    counted = {c for c in spades if c.rank in _previous_counted_ranks(items)}
    rest = [c for c in spades if c not in counted]
    length = min(length, len(rest))
    for i, card in enumerate(rest[len(rest) - length :] if length else []):
        items.append(
            BidReason(
                card.pretty,
                1.0,
                f"your {_previous_ordinal(5 + i)} spade: long spades win tricks once the others are gone",
            )
        )
        used += 1
    return items, used


def _previous_counted_ranks(items: list[BidReason]) -> set[Rank]:
    return {Rank.coerce(item.cards[:-1]) for item in items}


def _previous_ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _previous_side_items(suit: Suit, cards: tuple[Card, ...], players: int) -> list[BidReason]:
    n = len(cards)
    ranks = {c.rank for c in cards}
    items: list[BidReason] = []
    word = suit.word[:-1]
    # A long side suit is likely to be ruffed early (two-player games see it less).
    long_limit = 7 if players == 2 else 5
    if Rank.ACE in ranks:
        value = 1.0 if n <= long_limit else (0.75 if n == long_limit + 1 else 0.5)
        why = "an ace is a sure trick" if value == 1.0 else f"an ace in a {n}-card suit is likely to be ruffed"
        items.append(BidReason(f"A{suit.symbol}", value, why))
    if Rank.KING in ranks:
        if n == 1:
            items.append(BidReason(f"K{suit.symbol}", 0.25, "a bare king falls under the ace: a quarter of a trick"))
        elif Rank.ACE in ranks:
            value = 1.0 if n <= 3 else (0.75 if n == 4 else (0.5 if n <= long_limit else 0.25))
            why = (
                "a king behind your own ace is a second trick"
                if value == 1.0
                else (f"the king of a {n}-card {word} suit may be ruffed before it wins")
            )
            items.append(BidReason(f"K{suit.symbol}", value, why))
        else:
            value = 0.75 if n <= 3 else (0.5 if n <= long_limit - 1 else 0.25)
            why = (
                "a king with a guard wins once the ace is gone"
                if n <= 3
                else f"a king in a {n}-card suit may be ruffed"
            )
            items.append(BidReason(f"K{suit.symbol}", value, why))
    if Rank.QUEEN in ranks:
        honours = len(ranks & {Rank.ACE, Rank.KING})
        if n >= 3 and n <= 4:
            value = 0.5 if honours else 0.25
            why = (
                "a queen with two guards and a higher honour: half a trick"
                if honours
                else ("a queen with two guards wins only if the ace and king fall: a quarter of a trick")
            )
            items.append(BidReason(f"Q{suit.symbol}", value, why))
        elif n <= 2:
            items.append(BidReason(f"Q{suit.symbol}", 0.0, "a queen with fewer than two guards is caught: no trick"))
        else:
            items.append(
                BidReason(f"Q{suit.symbol}", 0.0, f"a queen in a {n}-card suit is likely to be ruffed: no trick")
            )
    return items


def _previous_ruff_items(hand: Hand, spare: int) -> list[BidReason]:
    """Ruffing value of voids, singletons and doubletons, one spare spade each."""
    items: list[BidReason] = []
    short = sorted(_SIDE_SUITS, key=lambda s: (hand.count(s), s))
    for suit in short:
        n = hand.count(suit)
        if n > 2 or spare <= 0:
            continue
        if n == 0:
            value = 1.0 if spare >= 2 or hand.count(Suit.SPADES) >= 3 else 0.75
            items.append(
                BidReason(
                    f"{suit.symbol} void", value, f"no {suit.word}: a spare spade ruffs the first {suit.word[:-1]} led"
                )
            )
            spare -= 1
            if spare >= 2:
                items.append(
                    BidReason(
                        f"{suit.symbol} void", 0.5, f"no {suit.word} and spades to spare: a second ruff is likely"
                    )
                )
                spare -= 1
        elif n == 1:
            card = hand.suit(suit)[0]
            value = 0.5 if card.rank >= Rank.KING else 0.75
            items.append(
                BidReason(
                    f"{suit.symbol}{card.rank.label} singleton",
                    value,
                    f"one {suit.word[:-1]}: after it goes, a spare spade ruffs",
                )
            )
            spare -= 1
        else:
            items.append(
                BidReason(
                    f"{suit.symbol} doubleton", 0.25, f"two {suit.word}: a late ruff is possible with a spare spade"
                )
            )
            spare -= 1
    return items


def previous_count_hand(hand: HandLike, *, players: int = 4) -> tuple[BidReason, ...]:
    """The counting of :func:`~spades_teach.advice.bidding.count_hand` before the calibration (frozen copy)."""
    h = Hand.coerce(hand)
    spades = h.suit(Suit.SPADES)
    items, used = _previous_spade_items(spades)
    for suit in _SIDE_SUITS:
        items.extend(_previous_side_items(suit, h.suit(suit), players))
    spare = len(spades) - used
    items.extend(_previous_ruff_items(h, spare))
    return tuple(items)


# -- the report ----------------------------------------------------------------------------------------------------


def comparison(before: Calibration, after: Calibration) -> str:
    """Overall figures and every feature group, before and after, side by side."""
    lines = [
        f"{'':<29} {'before':>8} {'after':>8}",
        f"{'bias (count - simulated)':<29} {before.bias:>+8.2f} {after.bias:>+8.2f}",
        f"{'mean absolute error':<29} {before.mae:>8.2f} {after.mae:>8.2f}",
        f"{'advised bid = best bid':<29} {before.best_bid_rate:>8.1%} {after.best_bid_rate:>8.1%}",
        f"{'mean regret (points/hand)':<29} {before.regret:>8.2f} {after.regret:>8.2f}",
        "",
        f"{'feature':<18} {'value':<10} {'hands':>6}   {'bias before':>11} {'after':>6}   {'MAE before':>10} {'after':>6}",
    ]
    for name in FEATURES:
        if name == "count":  # the groups differ between the two countings
            continue
        for old, new in zip(before.by_feature[name], after.by_feature[name]):
            lines.append(
                f"{name:<18} {old.value:<10} {old.hands:>6}   {old.bias:>+11.2f} {new.bias:>+6.2f}   "
                f"{old.mae:>10.2f} {new.mae:>6.2f}"
            )
    return "\n".join(lines)


def chapter_data(before: Calibration, after: Calibration) -> dict[str, Any]:
    """The per-hand figures chapter 17 plots (see ``--json``); the same for the same study, byte for byte."""
    rows = [
        [
            str(new.hand),
            round(old.estimate, 2),
            round(new.estimate, 2),
            round(new.simulated, 3),
            int(old.bid),
            int(new.bid),
            int(new.best_bid),
            round(old.regret, 2),
            round(new.regret, 2),
        ]
        for old, new in zip(before.records, after.records)
    ]
    return {
        "about": (
            "bid advisor calibration written by benchmarks/calibration.py: per hand, the count before and after "
            "the calibration, the mean seat tricks over the bot playouts, the advised bids, the simulation's best "
            "bid and the regret (expected points lost) of each advised bid"
        ),
        "hands": len(rows),
        "samples": after.samples,
        "seed": after.seed,
        "columns": [
            "hand", "count_before", "count_after", "simulated", "bid_before", "bid_after", "best_bid",
            "regret_before", "regret_after",
        ],
        "rows": rows,
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands in the study (default 2000)")
    parser.add_argument("--samples", type=int, default=40, help="bot playouts per hand (default 40)")
    parser.add_argument("--seed", default="0", help="seed of the study (default 0)")
    parser.add_argument("--serial", action="store_true", help="run in this process only")
    parser.add_argument("--json", type=Path, help="write the per-hand figures for the book to this file")
    args = parser.parse_args()
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    executor = SerialExecutor() if args.serial else None

    def progress(done: int, total: int) -> None:
        if done == total or done % 100 == 0:
            print(f"\r{done}/{total} hands", end="\n" if done == total else "", file=sys.stderr, flush=True)

    start = time.perf_counter()
    after = calibrate(args.hands, samples=args.samples, seed=seed, executor=executor, progress=progress)
    seconds = time.perf_counter() - start
    before = after.recount(previous_count_hand, margin=0.0)  # the old advice rounded the plain count down
    print(f"{args.hands} hands x {args.samples} playouts in {seconds:.0f} s")
    print()
    print("== the current advisor ==")
    print(after)
    print()
    print("== the counting before the calibration, on the same hands ==")
    print(before)
    print()
    print("== before and after ==")
    print(comparison(before, after))
    if args.json is not None:
        args.json.write_text(json.dumps(chapter_data(before, after), separators=(",", ":")) + "\n")
        print(f"\nwrote {args.json}")


if __name__ == "__main__":
    main()
