"""Live-Nil play against exact answers: does Teach me (and the expert) keep or set a Nil as well as can be?

Run from the repository root::

    .venv/bin/python benchmarks/nil_exact.py                 # 120 positions
    .venv/bin/python benchmarks/nil_exact.py --positions 30

The positions come from hands that bots play (deal ``5000 + k``, every seat the medium bot, with
one seat made to bid Nil whenever the advice lets it), late enough to be solved exactly: a live Nil
and at most ``--tricks`` tricks left. For each, **every** deal of the unseen cards that fits what
the player has seen (hand sizes and the voids shown) is listed, and each legal card is solved on
each deal for the Nil alone (:func:`~spades_teach.solver.nil_safe_cards`: can the Nil bidder still
avoid every trick, with the best play of both sides?). A card's exact worth is the share of the deals
on which the Nil is kept after it (for the Nil bidder and its partner) or broken (for an opponent).
The exact answer is the best share; a card within ``--slack`` of it is right.

It prints, by who is to play (the Nil bidder, its partner, an opponent), how often Teach me's card
and the expert's card are right, with 95% intervals, and the load average. It asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
from collections.abc import Iterator

from spades_teach import Round, deal
from spades_teach.advice.evaluation import live_nils
from spades_teach.advice.expert import ExpertBot
from spades_teach.advice.levels import seated_bot
from spades_teach.advice.position import Position
from spades_teach.advice.teach import teach
from spades_teach.analysis.simulate import mean_interval
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, Suit
from spades_teach.game.seating import Seat
from spades_teach.solver import nil_safe_cards

#: The most deals listed for one position (more are left out: the position is skipped).
MOST_DEALS = 6000


def all_deals(position: Position) -> Iterator[dict[Seat, int]] | None:
    """Every deal of the unseen cards to the other seats that fits the hand sizes and the voids
    shown, or ``None`` when there are more than :data:`MOST_DEALS`."""
    seats = [s for s in Seat if s is not position.seat]
    rooms = [position.hand_size(s) for s in seats]
    cards = sorted(position.unseen, key=lambda c: c.index)
    if sum(rooms) != len(cards):
        return None  # cards gone in a history not given
    allowed = [{suit for suit in Suit if suit not in position.voids[s]} for s in seats]
    found: list[dict[Seat, int]] = []

    def place(i: int, left: list[int], masks: list[int]) -> bool:
        if len(found) > MOST_DEALS:
            return False
        if i == len(cards):
            found.append(dict(zip(seats, masks, strict=True)))
            return True
        card = cards[i]
        for k in range(len(seats)):
            if left[k] and card.suit in allowed[k]:
                left[k] -= 1
                masks[k] |= card.mask
                place(i + 1, left, masks)
                masks[k] &= ~card.mask
                left[k] += 1
        return True

    place(0, list(rooms), [0] * len(seats))
    return None if len(found) > MOST_DEALS or not found else iter(found)


def exact_shares(position: Position, nil: Seat) -> dict[Card, float] | None:
    """Each legal card's share of the deals on which ``nil``'s Nil is kept after it."""
    deals = all_deals(position)
    if deals is None:
        return None
    kept = {card: 0 for card in position.legal}
    count = 0
    for hands in deals:
        safe = nil_safe_cards(position.solver_state(hands), int(nil))
        count += 1
        for card in position.legal:
            kept[card] += safe[card.index]
    return {card: n / count for card, n in kept.items()}


def nil_positions(count: int, tricks: int) -> Iterator[tuple[Position, Seat]]:
    """Positions with one live Nil and at most ``tricks`` tricks left, from bot-played hands."""
    k = found = 0
    while found < count:
        r = Round(deal(5000 + k), dealer="W")
        bots = {s: seated_bot("medium", f"nil-exact-{k}", s) for s in "NESW"}
        nil_seat = Seat(k % 4)
        while (seat := r.to_act) is not None:
            position = Position.from_round(r)
            bot = bots[seat.name]
            if r.phase == "bidding":
                r.bid(seat, Bid(0) if seat is nil_seat else bot.choose_bid(position))
                continue
            nils = live_nils(position)
            if len(nils) == 1 and position.tricks_left <= tricks and len(position.legal) > 1:
                found += 1
                yield position, nils[0]
                if found >= count:
                    return
            r.play(seat, bot.choose_play(position))
        k += 1


def share(flags: list[bool]) -> str:
    if not flags:
        return "   -"
    values = [float(f) for f in flags]
    low, high = mean_interval(values)
    return f"{100 * statistics.mean(values):5.1f}% [{100 * max(low, 0.0):4.1f}, {100 * min(high, 1.0):4.1f}] of {len(flags)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--tricks", type=int, default=4, help="the most tricks left")
    parser.add_argument("--slack", type=float, default=0.02, help="how far below the exact best share is still right")
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    rows: dict[str, dict[str, list[bool]]] = {}
    skipped = 0
    for position, nil in nil_positions(args.positions, args.tricks):
        shares = exact_shares(position, nil)
        if shares is None:
            skipped += 1
            continue
        ours = position.side(nil) == position.side()
        role = "the Nil bidder" if nil is position.seat else "its partner" if ours else "an opponent"
        worth = shares if ours else {c: 1.0 - v for c, v in shares.items()}
        best = max(worth.values())
        if max(worth.values()) - min(worth.values()) <= args.slack:
            continue  # every card keeps (or breaks) the Nil as often: no decision for the Nil
        picks = {"Teach me": teach(position).card, "expert": ExpertBot(seed=1).choose_play(position)}
        for name, card in picks.items():
            rows.setdefault(role, {}).setdefault(name, []).append(worth[card] >= best - args.slack)
    print(f"positions with a decision for the Nil, solved over every deal that fits (skipped, too many deals: {skipped})")
    for role, by in rows.items():
        for name, flags in by.items():
            print(f"  {role:15} {name:9} right {share(flags)}")
    every = {name: [f for by in rows.values() for f in by.get(name, [])] for name in ("Teach me", "expert")}
    for name, flags in every.items():
        print(f"  {'all':15} {name:9} right {share(flags)}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
