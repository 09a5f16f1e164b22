"""Two-player Spades: what each item of the count and each card of the draw is worth,
measured on two-player deals.

The bid count (:func:`spades_teach.advice.bidding.count_hand`) was calibrated on
four-player deals. With two players 26 cards are out of play, each player takes
6.5 tricks on average and a high card is ruffed or beaten far less often, so the
four-player values under-count a two-player hand (issue 18: "bid 6 + 3, took 13").

The study: ``--deals`` two-player deals built by the draw (both players keep a
spade or a ten-plus, :func:`~spades_teach.game.twoplayer.keep_high`), each
played out by two medium bots; for each of the two hands, its count items and
its cards against the tricks it took. Half the deals fit, the other half check:

* the **count values**: least squares on the items of the count, the sure
  spades held at 1 trick each, every value kept between 0 and 2 (the short-spade
  costs between -1 and 0), then rounded to quarter tricks, the steps the chapters
  teach; an item held by fewer than ``MIN_HANDS`` fitted hands keeps its
  four-player value (too few to measure);
* the **draw values**: least squares on the 13 cards of the hand, one value per
  rank for spades and one per rank for the other suits (what a card adds to the
  hand's tricks, on average), made non-decreasing by rank, rounded to hundredths.

It prints, for the held-out half, each count's mean error (count minus tricks)
and mean absolute error. Then the bids in play: on ``--check`` new deals, each
played twice with the seats swapped, a medium bot bidding the two-player count
(less a margin of 0, 0.5 or 1 trick, rounded down) against one bidding the
four-player count, each hand's points with every bag charged 10; the margin
with the larger gain is kept. With the load average; everything goes to
``two_player_values.json`` beside it.

    PYTHONPATH=. python benchmarks/two_player_values.py --deals 6000 --check 1000
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import lsq_linear

from spades_teach import Bid, Position, Rules, Seat
from spades_teach.advice.bidding import ITEM_VALUES, count_hand
from spades_teach.advice.bots import MediumBot
from spades_teach.advice.driver import play_hand
from spades_teach.game.cards import Hand, Rank, Suit
from spades_teach.game.round import Round
from spades_teach.game.scoring import side_value
from spades_teach.game.twoplayer import deal_by_drawing, keep_high

RULES = Rules(players=2)
KEYS = tuple(ITEM_VALUES)
COSTS = ("no spade", "one spade")
OUT = Path(__file__).with_name("two_player_values.json")


def count_features(hand: Hand) -> tuple[float, list[float]]:
    """The sure spades of the count, and how many items of each key it holds."""
    base = {key: 0.0 for key in KEYS}
    sure = sum(r.value for r in count_hand(hand, players=2, values=base) if r.sure)
    out = []
    spades = hand.count(Suit.SPADES)
    for key in KEYS:
        if key in COSTS:
            out.append(-1.0 if spades == (0 if key == "no spade" else 1) else 0.0)
            continue
        marked = dict(base)
        marked[key] = 1.0
        out.append(sum(r.value for r in count_hand(hand, players=2, values=marked) if not r.sure))
    return sure, out


def card_features(hand: Hand) -> list[float]:
    """Per rank, the spades held (13) and the side-suit cards held (13)."""
    out = [0.0] * 26
    for card in hand:
        out[(0 if card.is_spade else 13) + int(card.rank) - 2] += 1
    return out


def play(deals: int) -> list[dict[str, Any]]:
    rows = []
    for i in range(deals):
        first = Seat.N if i % 2 else Seat.S
        game = Round(deal_by_drawing(f"two-player-values/{i}", first=first, rules=RULES, policy=keep_high), rules=RULES)
        play_hand(game, {Seat.N: MediumBot(), Seat.S: MediumBot()})
        for seat in (Seat.N, Seat.S):
            hand = game.deal[seat]
            sure, items = count_features(hand)
            rows.append(
                {
                    "deal": i,
                    "tricks": game.tricks_won[seat],
                    "sure": sure,
                    "items": items,
                    "cards": card_features(hand),
                    "count4": sum(r.value for r in count_hand(hand, players=2, values=ITEM_VALUES)),
                }
            )
    return rows


def quarter(x: float) -> float:
    return round(x * 4) / 4


MIN_HANDS = 200  # an item held by fewer of the fitted hands keeps its four-player value


def fit_count(rows: list[dict[str, Any]]) -> tuple[dict[str, float], dict[str, int]]:
    """The fitted values (rounded to quarters) and how many fitted hands hold each item."""
    a = np.array([r["items"] for r in rows])
    held = {key: int(n) for key, n in zip(KEYS, (a != 0).sum(axis=0))}
    fitted = np.array([held[key] >= MIN_HANDS for key in KEYS])
    kept = np.array(
        [
            0.0 if fit else (abs(ITEM_VALUES[key]) if key in COSTS else ITEM_VALUES[key])
            for key, fit in zip(KEYS, fitted)
        ]
    )
    b = np.array([r["tricks"] - r["sure"] for r in rows], dtype=float) - a @ kept
    low = np.zeros(len(KEYS))
    high = np.array([1.0 if key in COSTS else 2.0 for key in KEYS])
    solved = lsq_linear(a[:, fitted], b, bounds=(low[fitted], high[fitted]))
    values = dict(zip([k for k, f in zip(KEYS, fitted) if f], (float(v) for v in solved.x)))
    out = {}
    for key in KEYS:
        if key not in values:
            out[key] = ITEM_VALUES[key]
        else:  # a cost was fitted as a positive amount taken off (its feature is -1)
            out[key] = -quarter(values[key]) if key in COSTS else quarter(values[key])
    return out, held


def isotonic(values: list[float]) -> list[float]:
    """The closest non-decreasing sequence (pool adjacent violators): a higher card
    is never worth less than a lower one of the same kind."""
    blocks: list[list[float]] = []  # [sum, count]
    for v in values:
        blocks.append([v, 1.0])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            total, count = blocks.pop()
            blocks[-1][0] += total
            blocks[-1][1] += count
    out: list[float] = []
    for total, count in blocks:
        out.extend([total / count] * int(count))
    return out


def fit_cards(rows: list[dict[str, Any]]) -> dict[str, float]:
    a = np.array([r["cards"] for r in rows])
    b = np.array([r["tricks"] for r in rows], dtype=float)
    x, *_ = np.linalg.lstsq(a, b, rcond=None)
    smooth = isotonic([float(v) for v in x[:13]]) + isotonic([float(v) for v in x[13:]])
    names = [f"{Rank(r).label}♠" for r in range(2, 15)] + [f"{Rank(r).label} side" for r in range(2, 15)]
    return {name: round(v, 2) for name, v in zip(names, smooth)}


def count_with(values: dict[str, float], row: dict[str, Any]) -> float:
    total = row["sure"]
    for key, n in zip(KEYS, row["items"]):
        total += values[key] * (abs(n) if key in COSTS else n)
    return total


MARGINS = (0.0, 0.5, 1.0)  # tricks taken off the two-player count before rounding down, tried in play


class CountBidder(MediumBot):
    """The medium bot, bidding its count under ``values`` less ``margin``, rounded
    down (at least 1, never Nil): the two bidders compared differ in that alone."""

    def __init__(self, values: Mapping[str, float], margin: float) -> None:
        self.values = values
        self.margin = margin

    def choose_bid(self, position: Position) -> Bid:
        estimate = sum(r.value for r in count_hand(position.hand, players=2, values=self.values))
        return Bid(min(13, max(1, math.floor(estimate - self.margin + 1e-9))))


def duplicate(deals: int, one: CountBidder, other: CountBidder) -> tuple[float, float]:
    """Each deal played twice with the bidders swapped; the mean points a hand
    (each bag charged 10) of ``one`` and of ``other``."""
    totals = [0.0, 0.0]
    for i in range(deals):
        cards = deal_by_drawing(f"two-player-values/check/{i}", first=Seat.N, rules=RULES, policy=keep_high)
        for swap in (False, True):
            bots = {Seat.N: other, Seat.S: one} if swap else {Seat.N: one, Seat.S: other}
            game = play_hand(Round(cards, rules=RULES), bots)
            bids = [game.bids[Seat.N], None, game.bids[Seat.S], None]
            won = [game.tricks_won[Seat.N], 0, game.tricks_won[Seat.S], 0]
            mine, theirs = (2, 0) if swap else (0, 2)
            totals[0] += side_value(bids, won, (mine,), RULES)
            totals[1] += side_value(bids, won, (theirs,), RULES)
    return totals[0] / (2 * deals), totals[1] / (2 * deals)


def errors(name: str, estimates: list[float], rows: list[dict[str, Any]]) -> dict[str, float]:
    errs = [e - r["tricks"] for e, r in zip(estimates, rows)]
    out = {
        "mean_error": round(sum(errs) / len(errs), 3),
        "mean_abs_error": round(sum(abs(x) for x in errs) / len(errs), 3),
    }
    print(f"  {name:26} count - tricks: mean {out['mean_error']:+.2f}, mean absolute {out['mean_abs_error']:.2f}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6000, help="deals for the fit (half fit, half check)")
    parser.add_argument("--check", type=int, default=1000, help="deals for the duplicate check of the bids")
    args = parser.parse_args()
    start = time.process_time()
    rows = play(args.deals)
    fit_rows = [r for r in rows if r["deal"] % 2 == 0]
    held = [r for r in rows if r["deal"] % 2 == 1]
    count_values, held_by = fit_count(fit_rows)
    card_values = fit_cards(fit_rows)
    cards_of = list(card_values.values())
    print(f"two-player deals: {args.deals} ({len(rows)} hands), fitted on the even deals, checked on the odd ones")
    check = {
        "four-player count": errors("four-player count", [r["count4"] for r in held], held),
        "two-player count": errors("two-player count", [count_with(count_values, r) for r in held], held),
        "draw values (card sum)": errors(
            "draw values (card sum)", [sum(v * n for v, n in zip(cards_of, r["cards"])) for r in held], held
        ),
    }
    print(f"bids in play, {args.check} deals each played twice with the bidders swapped (points a hand, bags at 10):")
    four = CountBidder(ITEM_VALUES, 0.0)
    duel: dict[str, dict[str, float]] = {}
    for margin in MARGINS:
        two, old = duplicate(args.check, CountBidder(count_values, margin), four)
        duel[f"{margin:g}"] = {"two-player count": round(two, 2), "four-player count": round(old, 2)}
        print(f"  two-player count, margin {margin:g}: {two:.1f}   four-player count: {old:.1f}   ({two - old:+.1f})")
    margin = max(MARGINS, key=lambda m: duel[f"{m:g}"]["two-player count"] - duel[f"{m:g}"]["four-player count"])
    cpu = time.process_time() - start
    load = os.getloadavg()
    print(f"chosen margin {margin:g}; CPU {cpu:.0f} s; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    result = {
        "deals": args.deals,
        "hands": len(rows),
        "mean_tricks": round(sum(r["tricks"] for r in rows) / len(rows), 3),
        "count_values": count_values,
        "hands_holding_each_item": held_by,
        "min_hands_to_fit": MIN_HANDS,
        "draw_values": card_values,
        "check": check,
        "duplicate_deals": args.check,
        "duplicate": duel,
        "safety_margin": margin,
    }
    OUT.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
    print(f"written {OUT.name}")


if __name__ == "__main__":
    main()
