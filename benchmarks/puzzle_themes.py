"""Can the puzzle finder find the themes the puzzle set lacks? A count over seeded deals.

The content review (turn 5, N17) asked for endplays, a side suit set up and a lead through
strength. The finder (:func:`spades_teach.analysis.puzzles.find_puzzle`) keeps a moment of a
bot-played hand where one card is clearly best. This script walks the same moments as
``tools/make_puzzles.py`` (deal seeds ``100000`` on, medium bots) and counts, among the moments on
lead:

* **open-hand puzzles** (5 cards or fewer, every hand shown) the finder keeps, and among them
  - an *exit holding a master*: the answer gives the lead to the opponents (a lower card than
    theirs, partner unable to overtake) while the hand holds a card nobody can beat or ruff, and
    leading that card instead does worse: the lead handed over on purpose, as in an endplay;
  - a *lead through a tenace*: the answer's suit has the next opponent's highest card between
    partner's two highest ones, partner's second beating every other card of the suit;
  - a *side suit set up*: the answer is not the suit's highest card left, the card below it in the
    hand touches it, and the hand holds three or more of the suit;
* **hidden-hand moments** (6 to 8 cards) whose real deal has a lead through a tenace, and how
  many of them the finder keeps as a hard puzzle answered in that suit.

It prints the counts, the time and the load average; the first examples of each theme with
``--examples``.

    PYTHONPATH=. python benchmarks/puzzle_themes.py --deals 2000
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from collections.abc import Mapping
from typing import Any

from spades_teach.analysis.puzzles import Puzzle, find_puzzle
from spades_teach.analysis.puzzles.find import _deal_moments
from spades_teach.game.cards import Card, Hand, Suit
from spades_teach.game.seating import Seat

FIRST_SEED = 100_000  # the deal seeds tools/make_puzzles.py walks (seed 1)
SIDE_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def _suit(hand: Hand, suit: Suit) -> list[Card]:
    """The hand's cards of ``suit``, highest first."""
    return sorted((c for c in hand if c.suit is suit), key=lambda c: -c.rank)


def _tenace_suits(hands: Mapping[Seat, Hand], seat: Seat) -> list[Suit]:
    """The side suits ``seat`` holds where the next player's highest card sits between partner's two
    highest, and partner's second card beats every other card of the suit still out."""
    lho, partner = seat.next, seat.partner
    out = []
    for suit in SIDE_SUITS:
        theirs, ours = _suit(hands[lho], suit), _suit(hands[partner], suit)
        if not _suit(hands[seat], suit) or not theirs or len(ours) < 2:
            continue
        top = theirs[0]
        rest = [c for h in hands.values() for c in _suit(h, suit) if c not in ours and c != top]
        if ours[0].rank > top.rank > ours[1].rank and all(ours[1].rank > c.rank for c in rest):
            out.append(suit)
    return out


def _masters(p: Puzzle, hands: Mapping[Seat, Hand]) -> list[Card]:
    """The cards of the hand nobody can beat: the highest of their suit, and in a side suit not
    ruffable by an opponent out of it who holds a spade."""
    out = []
    for card in p.hand:
        if any(c.rank > card.rank for h in hands.values() for c in _suit(h, card.suit)):
            continue
        ruffable = card.suit is not Suit.SPADES and any(
            not _suit(hands[o], card.suit) and _suit(hands[o], Suit.SPADES) for o in (p.seat.next, p.seat.partner.next)
        )
        if not ruffable:
            out.append(card)
    return out


def open_themes(p: Puzzle) -> list[str]:
    """The three themes an open-hand lead puzzle shows (see the module docs)."""
    hands = {p.seat: p.hand, **p.others}
    answer = p.answer
    found = []
    opponents_top = max(
        (c.rank for o in (p.seat.next, p.seat.partner.next) for c in _suit(hands[o], answer.suit)), default=0
    )
    partner_over = any(c.rank > opponents_top for c in _suit(hands[p.seat.partner], answer.suit))
    partner_ruffs = not _suit(hands[p.seat.partner], answer.suit) and bool(_suit(hands[p.seat.partner], Suit.SPADES))
    masters = [m for m in _masters(p, hands) if m != answer]
    handed_over = answer.rank < opponents_top and not partner_over and not partner_ruffs
    if p.goal in ("make", "set") and masters and handed_over:
        if all(p.evidence[answer] > p.evidence.get(m, -1) for m in masters):
            found.append("exit holding a master")
    if answer.suit in _tenace_suits(hands, p.seat):
        found.append("lead through a tenace")
    mine = _suit(p.hand, answer.suit)
    if answer.suit is not Suit.SPADES and any(
        c.rank > answer.rank for h in p.others.values() for c in h if c.suit is answer.suit
    ):
        below = [c for c in mine if c.rank < answer.rank]
        if below and below[0].rank == answer.rank - 1 and len(mine) >= 3:
            found.append("side suit set up")
    return found


def scan(deals: int, examples: int) -> dict[str, Any]:
    counts: Counter[str] = Counter()
    shown: dict[str, list[str]] = {}
    for seed in range(FIRST_SEED, FIRST_SEED + deals):
        for moment in _deal_moments(seed):
            seat = Seat.coerce(moment["seat"])
            hands = {Seat.coerce(s): Hand.coerce(h) for s, h in moment["hands"].items()}
            left = len(hands[seat])
            if moment["trick"] or left > 8:
                continue
            if left <= 5:
                p = find_puzzle(moment, puzzle_id="scan", hidden=False)
                if p is None:
                    continue
                counts["open-hand lead puzzles"] += 1
                for theme in open_themes(p):
                    counts[theme] += 1
                    shown.setdefault(theme, []).append(
                        f"deal {seed}: {seat.name} {p.hand}, answer {p.answer.pretty}, others "
                        + ", ".join(f"{s.name} {h}" for s, h in p.others.items())
                    )
            elif suits := _tenace_suits(hands, seat):
                counts["hidden-hand leads with a tenace behind an honour"] += 1
                p = find_puzzle(moment, puzzle_id="scan", sample_seed=seed, hidden=True)
                if p is not None:
                    counts["... kept as a hard puzzle"] += 1
                    counts["... answered by the lead through"] += p.answer.suit in suits
    return {"counts": counts, "examples": {k: v[:examples] for k, v in shown.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals to walk (default 2000)")
    parser.add_argument("--examples", type=int, default=0, help="examples to print for each theme")
    args = parser.parse_args()
    start = time.perf_counter()
    result = scan(args.deals, args.examples)
    seconds = time.perf_counter() - start
    print(f"deals {FIRST_SEED}-{FIRST_SEED + args.deals - 1}, {seconds:.0f} s, load average {os.getloadavg()}")
    for name in (
        "open-hand lead puzzles",
        "exit holding a master",
        "lead through a tenace",
        "side suit set up",
        "hidden-hand leads with a tenace behind an honour",
        "... kept as a hard puzzle",
        "... answered by the lead through",
    ):
        print(f"  {name}: {result['counts'][name]}")
    for theme, lines in result["examples"].items():
        for line in lines:
            print(f"  {theme}: {line}")


if __name__ == "__main__":
    main()
