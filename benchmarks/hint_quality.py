"""How often the play hint and the bots choose a card that loses nothing, double dummy.

Run from the repository root::

    .venv/bin/python benchmarks/hint_quality.py                          # 2,000 positions, hint and hard (and expert if known)
    .venv/bin/python benchmarks/hint_quality.py --positions 200 --jobs 2 # a quick look
    .venv/bin/python benchmarks/hint_quality.py --levels hint,medium,hard,expert

The positions
-------------
Hands are dealt from seeds (``deal(seed + k)``, dealer ``Seat(k % 4)``) and bid and
played to the end by four bots of ``--game-level`` (medium by default): real bot
games. Every moment of those hands where the seat to play has a choice (two or
more legal cards) is a position, taken in order until ``--positions`` are
collected. At each one, the play hint (``suggest_play``, the medium advice) and
each bot level named in ``--levels`` choose a card for the seat to play, from
that seat's :class:`~spades_teach.Position` alone; the game itself goes on with
the game's own bot.

What a card costs
-----------------
With all four hands known, every legal card is scored two ways:

* in tricks, as :func:`spades_teach.analysis.card_costs` reviews a hand: the
  tricks the player's side could end the hand with after the card, with best
  play by all four seats, against the best legal card; a card that lets a Nil
  that could be kept be forced also costs (counted as a trick);
* in points, score-aware: after each card, play goes on double dummy as above,
  and the end of the hand is scored by our rules (``score_round``, the side's
  points minus the other side's, each bag charged 10 points). A live Nil bidder
  counts as making Nil when the solver finds no way for the defenders to force
  a trick on them after the card, and as taking one trick otherwise (each Nil is
  a separate exact question; the tricks of the rest of the hand come from the
  trick count). A card's cost is the best legal card's points minus its own.

A card "loses nothing" when its point cost is 0. The script prints, per level,
the share of such cards with a 95% interval, the mean point cost of the other
cards, and the same two figures in tricks. It prints figures only.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _bots import unclocked_bot

from spades_teach import Card, Position, Round, Seat, SpadesError, Team, deal, make_bot, score_round, suggest_play
from spades_teach.analysis.simulate import mean_interval
from spades_teach.analysis.solver import make_position, nil_safe_cards, score_cards

BAG_CHARGE = 10  # points per bag: bag_penalty / bag_limit under the standard rules
HINT = "hint"


@dataclass(frozen=True)
class CardValue:
    """A legal card's outcome: the side's tricks at the end (Nil losses counted as a
    trick lost) and the side's points minus the other side's, bags charged."""

    tricks: int
    points: float


@dataclass(frozen=True)
class Verdict:
    """What one level's card cost at one position, in points and in tricks."""

    level: str
    points: float
    tricks: int


def levels_known(names: Sequence[str]) -> list[str]:
    """The names of ``names`` that are ``hint`` or a level ``make_bot`` knows."""
    out = []
    for name in names:
        if name == HINT:
            out.append(name)
            continue
        try:
            make_bot(name)
        except SpadesError:
            continue
        out.append(name)
    return out


def _split(team: Team, total: int, round_: Round, nil_kept: Mapping[Seat, bool]) -> dict[Seat, int]:
    """Per-seat tricks for ``team`` taking ``total``: a Nil bidder gets 0 when its Nil
    is kept, else at least one trick (or what it already took); the partner the rest."""
    out: dict[Seat, int] = {}
    left = total
    for seat in team.seats:
        if seat in nil_kept:
            out[seat] = 0 if nil_kept[seat] else min(left, max(1, round_.tricks_won[seat]))
            left -= out[seat]
    rest = [s for s in team.seats if s not in out] or [team.seats[0]]
    for i, seat in enumerate(rest):
        out[seat] = out.get(seat, 0) + (left if i == 0 else 0)
    return out


def card_values(round_: Round) -> dict[Card, CardValue]:
    """Every legal card of the seat to act, scored (see the module docs)."""
    seat = round_.to_act
    assert seat is not None
    trick = round_.current_trick
    pos = make_position(
        round_.hands,
        leader=trick.leader,
        trick=trick.cards,
        spades_broken=round_.spades_broken,
        spade_lead_breaks=round_.rules.spade_lead_breaks,
    )
    ns_after = score_cards(pos)  # North-South's tricks from here after each legal card
    done = round_.team_tricks
    left = 13 - len(round_.tricks)
    live_nils = [s for s, b in round_.bids.items() if b.is_nil and round_.tricks_won[s] == 0]
    safe = {s: nil_safe_cards(pos, int(s)) for s in live_nils}
    broken_nils = {s: False for s, b in round_.bids.items() if b.is_nil and round_.tricks_won[s] > 0}
    side, other = seat.team, seat.team.other
    out: dict[Card, CardValue] = {}
    for card in round_.legal_plays():
        ns = done[Team.NS] + ns_after[card.index]
        final = {Team.NS: ns, Team.EW: done[Team.EW] + left - ns_after[card.index]}
        kept = {**broken_nils, **{s: safe[s][card.index] for s in live_nils}}
        tricks = {**_split(Team.NS, final[Team.NS], round_, kept), **_split(Team.EW, final[Team.EW], round_, kept)}
        score = score_round(round_.bids, tricks, rules=round_.rules)
        charged = {t: score.points[t] - BAG_CHARGE * score.bags_added[t] for t in (side, other)}
        nil_lost = sum(1 for s in live_nils if s.team is side and not kept[s])
        out[card] = CardValue(final[side] - nil_lost, charged[side] - charged[other])
    return out


def choose(level: str, round_: Round, bots: Mapping[str, Any]) -> Card:
    position = Position.from_round(round_)
    if level == HINT:
        return suggest_play(position).card
    card: Card = bots[level].choose_play(position)
    return card


def hand_verdicts(task: tuple[int, str, tuple[str, ...]]) -> list[list[Verdict]]:
    """Play deal ``number`` with ``game_level`` bots; the verdicts of ``levels`` at every choice."""
    number, game_level, levels = task
    cards = deal(number, dealer=Seat(number % 4))
    round_ = Round(cards, dealer=cards.dealer)
    players = {s: unclocked_bot(game_level, number * 4 + int(s)) for s in Seat}
    judges = {lv: unclocked_bot(lv, number * 4 + 1000) for lv in levels if lv != HINT}
    out: list[list[Verdict]] = []
    while (seat := round_.to_act) is not None:
        position = Position.from_round(round_)
        if round_.phase == "bidding":
            round_.bid(seat, players[seat].choose_bid(position))
            continue
        if len(round_.legal_plays()) > 1:
            values = card_values(round_)
            best_points = max(v.points for v in values.values())
            best_tricks = max(v.tricks for v in values.values())
            row = []
            for level in levels:
                value = values[choose(level, round_, judges)]
                row.append(Verdict(level, best_points - value.points, best_tricks - value.tricks))
            out.append(row)
        round_.play(seat, players[seat].choose_play(position))
    return out


def positions(first: int, wanted: int, game_level: str, levels: tuple[str, ...], jobs: int) -> Iterator[list[Verdict]]:
    """Up to ``wanted`` positions' verdicts, hand by hand from deal ``first``."""
    tasks = ((first + k, game_level, levels) for k in range(10**6))
    count = 0
    if jobs == 1:
        results: Iterator[list[list[Verdict]]] = map(hand_verdicts, tasks)
        pool = None
    else:
        pool = ProcessPoolExecutor(max_workers=jobs)
        hands_needed = math.ceil(wanted / 30) + 2 * jobs
        results = pool.map(hand_verdicts, [next(tasks) for _ in range(hands_needed)])
    try:
        for hand in results:
            for row in hand:
                yield row
                count += 1
                if count == wanted:
                    return
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
    if count < wanted:  # the pool's hands ran out first: go on one process
        for row in positions(first + hands_needed, wanted - count, game_level, levels, 1):
            yield row


def report(levels: Sequence[str], rows: list[list[Verdict]]) -> None:
    n = len(rows)
    print(
        f"{'level':<8} {'loses nothing (points)':>30} {'others: mean cost':>18} {'trick-optimal':>24} {'others: tricks':>15}"
    )
    for i, level in enumerate(levels):
        points = [row[i].points for row in rows]
        tricks = [row[i].tricks for row in rows]
        free = [1.0 if p <= 1e-9 else 0.0 for p in points]
        low, high = mean_interval(free)
        others = [p for p in points if p > 1e-9]
        trick_free = [1.0 if t <= 0 else 0.0 for t in tricks]
        t_low, t_high = mean_interval(trick_free)
        trick_others = [t for t in tricks if t > 0]
        label = "hint" if level == HINT else level
        print(
            f"{label:<8} {statistics.fmean(free):>11.1%} [{low:.1%}, {high:.1%}] of {n:<5}"
            f" {statistics.fmean(others) if others else 0.0:>11.1f} points"
            f" {statistics.fmean(trick_free):>9.1%} [{t_low:.1%}, {t_high:.1%}]"
            f" {statistics.fmean(trick_others) if trick_others else 0.0:>8.2f} tricks"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=2000, help="positions with a choice (default 2,000)")
    parser.add_argument(
        "--levels",
        default="hint,hard,expert",
        help="'hint' (suggest_play) and bot levels; levels make_bot does not know are left out "
        "(default hint,hard,expert)",
    )
    parser.add_argument("--game-level", default="medium", help="the bots that play the games (default medium)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--progress", action="store_true", help="print running shares every 100 positions on stderr")
    args = parser.parse_args(argv)
    if args.positions < 2:
        parser.error("--positions must be 2 or more")
    asked = [name.strip() for name in args.levels.split(",") if name.strip()]
    levels = tuple(levels_known(asked))
    make_bot(args.game_level)
    skipped = [name for name in asked if name not in levels]
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if skipped:
        print(f"left out (make_bot does not know them): {', '.join(skipped)}")
    start = time.perf_counter()
    rows: list[list[Verdict]] = []
    for row in positions(args.seed, args.positions, args.game_level, levels, args.jobs):
        rows.append(row)
        if args.progress and len(rows) % 100 == 0:
            shares = ", ".join(
                f"{lv} {statistics.fmean(r[i].points <= 1e-9 for r in rows):.1%}" for i, lv in enumerate(levels)
            )
            print(f"  {len(rows)} positions: lose nothing {shares}", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    print(
        f"{len(rows)} positions with a choice from {args.game_level} bot games (deals from seed {args.seed}), "
        f"{elapsed:.0f} s; cost = best legal card minus the card chosen, double dummy; points: score-aware, "
        f"bags charged {BAG_CHARGE}"
    )
    report(levels, rows)
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
