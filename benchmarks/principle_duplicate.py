"""Where a play principle and the judge disagree, play both cards out against OpenSpiel's ISMCTS.

Run from the repository root (needs ``pip install open_spiel``, or ``.[bench]``)::

    .venv/bin/python benchmarks/principle_duplicate.py --deals 20                      # a quick look
    .venv/bin/python benchmarks/principle_duplicate.py --first 1 --deals 150 --out /tmp/dup1.jsonl
    .venv/bin/python benchmarks/principle_duplicate.py --report /tmp/dup1.jsonl /tmp/dup2.jsonl

Why
---
The one judge behind Teach me, the review and the expert bot (:func:`~spades_teach.advice.judge.judge`)
values a card by solving sampled deals with every card in view, so it assumes that it will guess
right later in the hand. Where its best card and a principle's card differ, more samples cannot tell
whether the principle or that assumption is wrong (issue #27, item 3). This plays the two cards out,
each against the same outside player.

How
---
Deal ``k`` (standard rules, dealer ``Seat(k % 4)``) is played with the medium bots (who play the
hints) on one side and OpenSpiel's ISMCTS (``--sims`` simulations, as in
``benchmarks/strength_openspiel.py``) on the other: North–South ours at table 0, East–West at table
1. At each decision of our side whose hint follows one of ``--principles`` and whose card the judge
(its deals drawn from the position) calls clearly worse than its best (the verdict ``"worse"``, where
Teach me shows the judge's card; with ``--close``, a close call too, each row keeping its verdict),
the hand is copied twice: one copy goes on with the hint's card, the other with the judge's card, and both are played
to the end by our expert bots and the same ISMCTS players (same seeds). The main hand then goes on
with the hint's card. A decision's result is the judge's card's value minus the hint's card's, each
the side's points minus the other side's for the hand (bags charged at their match value, as the
judge counts them). Positive: the judge was right.

One line per decision goes to ``--out`` (JSON). ``--report`` reads such files and prints, per
principle, the decisions (and how many of them were close calls), the mean difference with its 95%
interval, how often each card did better, and the points the judge said the hint's card loses. It
asserts nothing: it reports.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import _openspiel as adapter
from _bots import unclocked_bot

from spades_teach import Card, Position, Round, Seat, Team, deal, suggest_play
from spades_teach.advice.judge import judge
from spades_teach.analysis.simulate import mean_interval
from spades_teach.game.scoring import side_value

DEFAULT_PRINCIPLES = ("cash your winners", "lead from length", "duck to dodge a bag", "ruff")


def margin(round_: Round, team: Team) -> float:
    """``team``'s points minus the other side's for the finished hand, bags charged at their match value."""
    bids = [round_.bids[Seat(i)] for i in range(4)]
    won = [round_.tricks_won[Seat(i)] for i in range(4)]
    ours = [int(s) for s in Seat if s.team is team]
    theirs = [int(s) for s in Seat if s.team is not team]
    return side_value(bids, won, ours, round_.rules) - side_value(bids, won, theirs, round_.rules)


def ismcts_seed(number: int, table: int, seat: Seat, branch: int) -> int:
    return ((number * 2 + table) * 4 + int(seat)) * 1000 + branch + 9_000_000


def play_on(round_: Round, ours: dict[Seat, Any], theirs: dict[Seat, Any], game: Any) -> Round:
    """Play ``round_`` to its end: ``ours`` by their ``choose_play``, ``theirs`` by ISMCTS."""
    mirror = adapter.Mirror(round_.replayed([]), game)
    while not round_.is_complete:
        seat = round_.to_act
        assert seat is not None
        if seat in ours:
            card = ours[seat].choose_play(Position.from_round(round_))
        else:
            card = theirs[seat].choose(round_, mirror)
        round_.play(seat, card)
    return round_


def branch(
    round_: Round, card: Card, number: int, table: int, decision: int, team: Team, sims: int, game: Any
) -> float:
    """``card`` played now, then the hand finished by our expert bots and ISMCTS; our side's margin."""
    copy = round_.copy()
    copy.play(copy.to_act, card)
    ours = {s: unclocked_bot("expert", number * 4 + int(s)) for s in Seat if s.team is team}
    theirs = {
        s: adapter.IsmctsPlayer(game, sims, ismcts_seed(number, table, s, decision), 100.0)
        for s in Seat
        if s.team is not team
    }
    return margin(play_on(copy, ours, theirs, game), team)


def play_table(
    number: int, table: int, sims: int, principles: Sequence[str], game: Any, out: Any, close: bool = False
) -> int:
    """Deal ``number``, our side North–South (table 0) or East–West (table 1); returns the decisions
    written: those where the judge calls the hint's card clearly worse (with ``close``, or a close call)."""
    cards = deal(number, dealer=Seat(number % 4))
    round_ = Round(cards, dealer=cards.dealer)
    team = Team.NS if table == 0 else Team.EW
    mirror = adapter.Mirror(round_, game)
    ours = {s: unclocked_bot("medium", number * 4 + int(s)) for s in Seat if s.team is team}
    theirs = {
        s: adapter.IsmctsPlayer(game, sims, ismcts_seed(number, table, s, 0), 100.0) for s in Seat if s.team is not team
    }
    decision = written = 0
    while not round_.is_complete:
        seat = round_.to_act
        assert seat is not None
        if round_.phase == "bidding":
            bid = (
                ours[seat].choose_bid(Position.from_round(round_))
                if seat in ours
                else theirs[seat].choose(round_, mirror)
            )
            round_.bid(seat, bid)
            continue
        if seat not in ours:
            round_.play(seat, theirs[seat].choose(round_, mirror))
            continue
        position = Position.from_round(round_)
        hint = suggest_play(position)
        if len(round_.legal_plays()) > 1:
            decision += 1
            judgement = judge(position) if hint.principle in principles else None
            if judgement is not None and hint.card in judgement.points:
                verdict = judgement.verdict(hint.card)
                if verdict.kind == "worse" or (close and verdict.kind == "close"):
                    start = time.process_time()
                    row = {
                        "deal": number,
                        "table": table,
                        "decision": decision,
                        "seat": seat.name,
                        "trick": position.trick_number,
                        "principle": hint.principle,
                        "hint": str(hint.card),
                        "judge": str(judgement.best),
                        "kind": verdict.kind,
                        "judge_says": round(verdict.loss, 2),
                        "deals": judgement.deals,
                        "hint_margin": branch(round_, hint.card, number, table, decision, team, sims, game),
                        "judge_margin": branch(round_, judgement.best, number, table, decision, team, sims, game),
                    }
                    row["cpu"] = round(time.process_time() - start, 1)
                    out.write(json.dumps(row) + "\n")
                    out.flush()
                    written += 1
        round_.play(seat, hint.card)
    return written


def report(paths: Sequence[Path]) -> None:
    rows = [json.loads(line) for path in paths for line in path.read_text().splitlines() if line.strip()]
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by[row["principle"]].append(row)
    close = sum(row.get("kind") == "close" for row in rows)
    print(f"{len(rows)} decisions where the judge found the principle's card clearly worse or a close call ({close})")
    print(
        f"{'principle':28} {'n':>4} {'close':>5} {'judge - hint':>13} {'95% interval':>18} {'judge better':>12}"
        f" {'hint better':>11} {'judge said':>10}"
    )
    for name, group in sorted(by.items(), key=lambda item: -len(item[1])):
        diffs = [r["judge_margin"] - r["hint_margin"] for r in group]
        mean = statistics.fmean(diffs)
        low, high = mean_interval(diffs)
        better = sum(d > 0 for d in diffs) / len(diffs)
        worse = sum(d < 0 for d in diffs) / len(diffs)
        said = statistics.fmean(r["judge_says"] for r in group)
        close = sum(r.get("kind") == "close" for r in group)
        print(
            f"{name:28} {len(group):4} {close:5} {mean:+13.1f} {f'[{low:+.1f}, {high:+.1f}]':>18} {better:12.0%} {worse:11.0%} {said:+10.1f}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--first", type=int, default=1, help="first deal (default 1)")
    parser.add_argument("--deals", type=int, default=20, help="deals, each at two tables (default 20)")
    parser.add_argument("--sims", type=int, default=800, help="ISMCTS simulations a decision (default 800)")
    parser.add_argument("--principles", default=",".join(DEFAULT_PRINCIPLES), help="the principles looked at")
    parser.add_argument("--out", type=Path, default=Path("principle_duplicate.jsonl"), help="one JSON line a decision")
    parser.add_argument("--report", type=Path, nargs="*", help="print the table of these files and stop")
    parser.add_argument(
        "--close", action="store_true", help="also the decisions where the judge's verdict is a close call"
    )
    args = parser.parse_args(argv)
    if args.report:
        report(args.report)
        return 0
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    game = adapter.load_game()
    principles = [p.strip() for p in args.principles.split(",") if p.strip()]
    start = time.perf_counter()
    with args.out.open("a") as out:
        for number in range(args.first, args.first + args.deals):
            for table in (0, 1):
                play_table(number, table, args.sims, principles, game, out, args.close)
            print(f"  deal {number}: {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    report([args.out])
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
