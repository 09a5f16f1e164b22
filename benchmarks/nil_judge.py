"""The one judge while a Nil is live: how well its playouts foresee a Nil's fate, and how fast it is.

Run from the repository root::

    .venv/bin/python benchmarks/nil_judge.py calibrate --hands 30    # Nil fates foreseen vs kept (~10 min)
    .venv/bin/python benchmarks/nil_judge.py timing --hands 12       # ms per live-Nil judgement

The positions come from seeded hands (``deal(seed)``, dealer ``Seat(seed % 4)``) bid by
the advisor in which someone bid Nil, played by medium bots.

* ``calibrate``: at every decision with a choice while a Nil is live, 24 deals are
  sampled as the judge samples them (:func:`~spades_teach.advice.evaluation.sample_deals`),
  and for the card the table played each live Nil's fate is foreseen two ways: by the
  double-dummy solver (``nil_safe_cards``: every seat sees every card) and by playing the
  hand out with the medium policy at every seat (each seat sees only its own cards), as
  the judge foresees it (``docs/judge.md``). The share of deals on which the Nil is kept is
  compared with what happened at the table (mean and Brier score), by the seat deciding
  (the Nil bidder, its partner, a defender).
* ``timing``: the wall and CPU time of the one judge
  (:func:`~spades_teach.advice.judge.judge`, its deals drawn from the position, more while a
  verdict is undecided) on every such decision, with its deals and how often a close call
  was left undecided.

Whether the judge's cards keep or set a Nil as well as can be is ``benchmarks/nil_exact.py``'s
question. It asserts nothing: it reports.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades_teach import Position, Round, Seat, deal
from spades_teach.advice.bot_bidding import advised_bid
from spades_teach.advice.bots import MediumBot
from spades_teach.advice.driver import play_hand
from spades_teach.advice.evaluation import live_nils, sample_deals
from spades_teach.advice.judge import judge
from spades_teach.advice.play import View
from spades_teach.advice.playout import PlayoutViews, play_out, playout_start
from spades_teach.game.round import PlayEvent
from spades_teach.solver import DDState, nil_safe_cards


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
            if live_nils(p) and len(p.legal) > 1:
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
            for nil in live_nils(p):
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
    deals: list[int] = []
    undecided = 0
    print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    for seed in nil_seeds(hands):
        for p, _event in _live_nil_positions(_medium_hand(seed)):
            start, start_cpu = time.perf_counter(), time.process_time()
            judgement = judge(p)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            assert judgement is not None
            deals.append(judgement.deals)
            undecided += not judgement.decided()
    for label, values in (("wall", times), ("CPU", cpu)):
        values.sort()
        print(
            f"{len(values)} live-Nil decisions with a choice over {hands} hands, {label} time: "
            f"median {statistics.median(values) * 1e3:.0f} ms, p90 {values[int(0.9 * len(values))] * 1e3:.0f} ms, "
            f"max {values[-1] * 1e3:.0f} ms"
        )
    print(
        f"deals a judgement: median {statistics.median(deals):.0f}, max {max(deals)}; "
        f"{undecided} judgements left a close call undecided"
    )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=("calibrate", "timing"))
    parser.add_argument("--hands", type=int, default=12)
    args = parser.parse_args(argv)
    if args.mode == "calibrate":
        calibrate(args.hands)
    else:
        timing(args.hands)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
