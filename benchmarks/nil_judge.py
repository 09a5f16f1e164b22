"""The expert's judge while a Nil is live: how well it foresees a Nil, how fast it is,
and whether the expert should play by it.

Run from the repository root::

    .venv/bin/python benchmarks/nil_judge.py calibrate --hands 30    # Nil fates foreseen vs kept (~10 min)
    .venv/bin/python benchmarks/nil_judge.py timing --hands 12       # ms per live-Nil judgement
    .venv/bin/python benchmarks/nil_judge.py duplicate --deals 60 --jobs 2

The positions come from seeded hands (``deal(seed)``, dealer ``Seat(seed % 4)``) bid by
the advisor in which someone bid Nil, played by medium bots.

* ``calibrate``: at every decision with a choice while a Nil is live, 24 deals are
  sampled as the expert samples them, and for the card the table played each live
  Nil's fate is foreseen two ways: by the double-dummy solver (``nil_safe_cards``:
  every seat sees every card) and by playing the hand out with the medium policy at
  every seat (each seat sees only its own cards). The share of deals on which the Nil
  is kept is compared with what happened at the table (mean and Brier score), by the
  seat deciding (the Nil bidder, its partner, a defender).
* ``timing``: the wall time of :meth:`ExpertBot.evidence` on every such decision.
* ``duplicate``: the expert that plays live-Nil decisions by the judge against the
  expert that hands them to the hard bot (the shipped one), in duplicate (both
  partnerships hold the same cards once each), over the first ``--deals`` seeded
  deals with a Nil bid. Points are the hand's score, each new bag charged 10 points,
  and raw; mean per deal with a 95% interval.

It asserts nothing: it reports.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades_teach import Position, Round, Seat, Team, deal
from spades_teach.advice.bot_bidding import advised_bid
from spades_teach.advice.bots import MediumBot
from spades_teach.advice.driver import play_hand
from spades_teach.advice.expert import ExpertBot, _live_nils, sample_deals
from spades_teach.advice.play import View
from spades_teach.advice.playout import PlayoutViews, play_out, playout_start
from spades_teach.analysis.simulate import mean_interval
from spades_teach.game.round import PlayEvent
from spades_teach.solver import DDState, nil_safe_cards


class JudgingExpert(ExpertBot):
    """The expert playing live-Nil decisions by its judge."""

    judge_nils = True


def nil_seeds(count: int, first: int = 1) -> list[int]:
    """The first ``count`` seeds whose deal, bid by the advisor, has a Nil bid."""
    out: list[int] = []
    seed = first
    while len(out) < count:
        r = Round(deal(seed, dealer=Seat(seed % 4)), dealer=Seat(seed % 4))
        for _ in range(4):
            seat = r.to_act
            assert seat is not None
            r.bid(seat, advised_bid(Position.from_round(r)))
        if any(b.is_nil for b in r.bids.values()):
            out.append(seed)
        seed += 1
    return out


def _medium_hand(seed: int) -> Round:
    r = Round(deal(seed, dealer=Seat(seed % 4)), dealer=Seat(seed % 4))
    return play_hand(r, {s: MediumBot() for s in "NESW"})


def _live_nil_positions(r: Round) -> list[tuple[Position, PlayEvent]]:
    out = []
    replay = r.restarted()
    for event in r.history:
        if isinstance(event, PlayEvent):
            p = Position.from_round(replay)
            if _live_nils(p) and len(p.legal) > 1:
                out.append((p, event))
        replay.apply(event)
    return out


def calibrate(hands: int) -> None:
    rows: list[tuple[float, float, bool, str]] = []
    for seed in nil_seeds(hands):
        r = _medium_hand(seed)
        kept = {s: r.tricks_won[s] == 0 for s in Seat if r.bids[s].is_nil}
        for number, (p, event) in enumerate(_live_nil_positions(r)):
            deals = sample_deals(p, 24, random.Random(f"calibrate/{seed}/{number}"))
            view = View.from_position(p)
            views = PlayoutViews(me=view.seat, bids=view.bids, scores=view.scores, bags=view.bags, rules=view.rules)
            for nil in _live_nils(p):
                dd: list[bool] = []
                po: list[bool] = []
                for hands_ in deals:
                    masks = [0, 0, 0, 0]
                    for s, m in hands_.items():
                        masks[s] = m
                    masks[p.seat] = p.hand.mask
                    trick = tuple(c.index for c in p.trick)
                    state = DDState.from_rules(masks, int(p.leader), trick, p.spades_broken, p.rules, p.completed)
                    dd.append(nil_safe_cards(state, int(nil))[event.card.index])
                    sim = playout_start(view, masks)
                    play_out(sim, views, list(view.voids), event.card)
                    po.append(sim.won[nil] == 0)
                role = "nil bidder" if p.seat == nil else "partner" if p.seat == nil.partner else "defender"
                rows.append((sum(dd) / len(dd), sum(po) / len(po), kept[nil], role))
    print(f"{hands} medium-bot hands with a Nil; share of sampled deals on which the Nil is kept after the card played")
    for role in ("all", "nil bidder", "partner", "defender"):
        chosen = [x for x in rows if role == "all" or x[3] == role]
        actual = [float(x[2]) for x in chosen]
        for i, label in ((0, "double dummy"), (1, "playout")):
            est = [x[i] for x in chosen]
            brier = statistics.mean((e - a) ** 2 for e, a in zip(est, actual, strict=True))
            print(
                f"  {role:10s} {label:12s} n={len(chosen):4d}  foreseen {statistics.mean(est):.3f}  "
                f"kept {statistics.mean(actual):.3f}  Brier {brier:.3f}"
            )


def timing(hands: int) -> None:
    times: list[float] = []
    cpu: list[float] = []
    print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    for seed in nil_seeds(hands):
        for number, (p, _event) in enumerate(_live_nil_positions(_medium_hand(seed))):
            start, start_cpu = time.perf_counter(), time.process_time()
            evidence = ExpertBot(seed=f"{seed}/{number}").evidence(p)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            assert evidence is not None
    for label, values in (("wall", times), ("CPU", cpu)):
        values.sort()
        print(
            f"{len(values)} live-Nil decisions with a choice over {hands} hands, {label} time: "
            f"median {statistics.median(values) * 1e3:.0f} ms, p90 {values[int(0.9 * len(values))] * 1e3:.0f} ms, "
            f"max {values[-1] * 1e3:.0f} ms"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


def _table(seed: int, judge_side: Team) -> tuple[float, float]:
    r = Round(deal(seed, dealer=Seat(seed % 4)), dealer=Seat(seed % 4))
    bots = {s: (JudgingExpert if s.team is judge_side else ExpertBot)(seed=f"{seed}-{s.name}") for s in Seat}
    play_hand(r, bots)
    score = r.score()
    raw = score.points[judge_side] - score.points[judge_side.other]
    bags = score.bags_added[judge_side] - score.bags_added[judge_side.other]
    return raw, raw - 10 * bags


def _duplicate_deal(seed: int) -> tuple[int, float, float]:
    raw_1, charged_1 = _table(seed, Team.NS)
    raw_2, charged_2 = _table(seed, Team.EW)
    return seed, (charged_1 + charged_2) / 2, (raw_1 + raw_2) / 2


def duplicate(deals: int, jobs: int) -> None:
    seeds = nil_seeds(deals)
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(_duplicate_deal, seeds))
    charged = [c for _s, c, _r in results]
    raw = [r for _s, _c, r in results]
    for label, values in (("charged", charged), ("raw", raw)):
        mean = statistics.mean(values)
        low, high = mean_interval(values)
        print(f"  judge − hard fallback, {label}: {mean:+.1f} [{low:+.1f}, {high:+.1f}] over {len(values)} deals")
    print(f"  differing deals: {sum(1 for c in charged if c)}; {time.perf_counter() - start:.0f} s")
    for s, c, r in results:
        if c:
            print(f"    deal {s}: {c:+.1f} charged, {r:+.1f} raw")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=("calibrate", "timing", "duplicate"))
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.mode == "calibrate":
        calibrate(args.hands)
    elif args.mode == "timing":
        timing(args.hands)
    else:
        duplicate(args.deals, args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
