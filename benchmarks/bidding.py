"""How good is the bid advice? Seeded deals played out by the medium bots.

Run from the repository root::

    .venv/bin/python benchmarks/bidding.py                 # 2,000 deals, 2 processes
    .venv/bin/python benchmarks/bidding.py --deals 200     # a quick look

Every deal ``deal(seed)`` (dealer rotating with the seed) is played three ways,
always with the medium play policy (the advisor's play hints):

1. all four seats bid what :func:`advise_bid` advises;
2. all four seats bid the naive baseline: one trick per ace and per king, plus
   one per spade over three (at least 1, never Nil);
3. head to head, duplicate: advisor bidders against baseline bidders, then the
   same deal with the partnerships swapped.

Figures, for (1) and (2): the mean absolute difference between each seat's bid
and the tricks it took, the share of team contracts made, bags per team per
hand, the Nil success rate, and the mean points per team per hand, raw and with
each bag charged its share of the penalty (10 points). For (3): the advisor
side's mean points per deal minus the baseline side's, with a 95% confidence
interval. It also times :func:`advise_bid` on 13-card hands.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades_teach import Bid, Hand, Rank, Round, Rules, Seat, Suit, Team, deal
from spades_teach.advice.bidding import advise_bid
from spades_teach.advice.bots import MediumBot
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.game.scoring import charged

RULES = Rules()


def naive_bid(hand: Hand) -> Bid:
    """One trick per ace and king, one per spade over three; at least 1."""
    count = sum(1 for c in hand if c.rank in (Rank.ACE, Rank.KING))
    count += max(0, hand.count(Suit.SPADES) - 3)
    return Bid(max(1, min(13, count)))


@dataclass
class Table:
    """What one played hand adds to the figures."""

    abs_errors: list[int] = field(default_factory=list)
    contracts: int = 0
    made: int = 0
    bags: int = 0
    nil_bids: int = 0
    nil_made: int = 0
    points: dict[Team, int] = field(default_factory=dict)
    adjusted: dict[Team, float] = field(default_factory=dict)


def play(seed: int, advisor_teams: tuple[Team, ...]) -> Table:
    d = deal(seed, dealer=Seat(seed % 4))
    r = Round(d, dealer=d.dealer, rules=RULES)
    medium = MediumBot()
    while r.phase == "bidding":
        seat = r.to_act
        assert seat is not None
        bid = medium.choose_bid(Position.from_round(r)) if seat.team in advisor_teams else naive_bid(r.hand(seat))
        r.bid(seat, bid)
    while not r.is_complete:
        seat = r.to_act
        assert seat is not None
        r.play(seat, suggest_play(Position.from_round(r)).card)
    score = r.score()
    out = Table()
    for seat in Seat:
        out.abs_errors.append(abs(int(r.bids[seat]) - r.tricks_won[seat]))
        if r.bids[seat].is_nil:
            out.nil_bids += 1
            out.nil_made += r.tricks_won[seat] == 0
    for team in Team:
        detail = score.sides[team]
        if detail.contract:
            out.contracts += 1
            out.made += bool(detail.made)
        out.bags += detail.bags_added
        out.points[team] = score.points[team]
        out.adjusted[team] = charged(score.points[team], detail.bags_added, RULES)
    return out


def run_deal(seed: int) -> tuple[Table, Table, float, float]:
    advisor = play(seed, (Team.NS, Team.EW))
    naive = play(seed, ())
    first = play(seed, (Team.NS,))
    second = play(seed, (Team.EW,))
    adj = (
        (first.adjusted[Team.NS] - first.adjusted[Team.EW]) + (second.adjusted[Team.EW] - second.adjusted[Team.NS])
    ) / 2
    raw = ((first.points[Team.NS] - first.points[Team.EW]) + (second.points[Team.EW] - second.points[Team.NS])) / 2
    return advisor, naive, adj, raw


def report(name: str, tables: list[Table]) -> None:
    errors = [e for t in tables for e in t.abs_errors]
    contracts = sum(t.contracts for t in tables)
    made = sum(t.made for t in tables)
    nil_bids = sum(t.nil_bids for t in tables)
    nil_made = sum(t.nil_made for t in tables)
    bags = sum(t.bags for t in tables) / (2 * len(tables))
    points = statistics.fmean(p for t in tables for p in t.points.values())
    adjusted = statistics.fmean(p for t in tables for p in t.adjusted.values())
    nil_text = f"{nil_made}/{nil_bids} = {nil_made / nil_bids:.0%}" if nil_bids else "no Nil bids"
    print(
        f"{name:9s} mean |bid - tricks| {statistics.fmean(errors):.2f}; contracts made {made}/{contracts} = {made / contracts:.1%}; "
        f"bags/team/hand {bags:.2f}; Nil made {nil_text}; points/team/hand {points:.1f} raw, {adjusted:.1f} with bags charged"
    )


def time_advice(seeds: range) -> tuple[float, float, float]:
    """Mean, median and 99th percentile of advise_bid, in milliseconds."""
    hands = [deal(seed)[Seat.S] for seed in seeds]
    times = []
    for hand in hands:
        start = time.perf_counter()
        advise_bid(hand)
        times.append(time.perf_counter() - start)
    times.sort()
    return statistics.fmean(times) * 1000, statistics.median(times) * 1000, times[int(0.99 * len(times))] * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    mean_ms, median_ms, p99_ms = time_advice(range(10_000, 12_000))
    print(
        f"advise_bid on 2,000 hands of 13 cards: mean {mean_ms:.2f} ms, median {median_ms:.2f} ms, "
        f"99th percentile {p99_ms:.2f} ms per hand"
    )
    seeds = range(args.first_seed, args.first_seed + args.deals)
    start = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(run_deal, seeds, chunksize=8)
    print(
        f"{args.deals} deals (seeds {seeds.start}..{seeds.stop - 1}), medium play, in {time.perf_counter() - start:.0f} s"
    )
    report("advisor", [r[0] for r in results])
    report("baseline", [r[1] for r in results])
    diffs = [r[2] for r in results]
    raw = [r[3] for r in results]
    for label, values in (("with bags charged", diffs), ("raw score", raw)):
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
        print(
            f"head to head, advisor minus baseline bidders ({label}): {mean:+.1f} points/deal, 95% CI [{mean - half:+.1f}, {mean + half:+.1f}]"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
