"""Does the learner model find what a learner keeps getting wrong? Simulated learners with a planted weakness.

Run from the repository root::

    .venv/bin/python benchmarks/learner_model.py                       # 10 runs of each learner
    .venv/bin/python benchmarks/learner_model.py --runs 3 --weaknesses ruff-partner --jobs 2

A simulated learner (:mod:`spades_teach.analysis.simulated_learner`) is the rule-of-thumb player (it
plays the hint engine's card, as the medium bot does) with one planted weakness: at the moments where
the hint follows the weakness's principle it plays its own wrong card instead. The learners
(``WEAKNESSES``): ``ruff-partner`` ruffs its partner's winning card (*don't trump your partner's
winner*); ``no-cover`` never covers its partner's Nil, whose partner bids Nil every hand (*cover your
partner's Nil*); ``no-draw`` never draws spades, dealt hands that hold the two top spades or five
spades (*draw spades*).

Each run (one seed): the learner plays South in :data:`HANDS` hands against medium bots (deal ``run``
× 1000 + k, dealt by West), each hand reviewed from South's seat by the one judge
(:func:`~spades_teach.analysis.seat_review.seat_review`) and its judged cards added to the learner's
record (:func:`~spades_teach.analysis.learner_record.decisions_from_review`). Then:

1. **named first**: is the planted principle first in the model's ranking?
2. **practice targets it**: :data:`PRACTICE` practice questions served by the plan
   (:class:`~spades_teach.analysis.practice.PracticePlan`: FSRS on the record, a clock moving two
   minutes a question), each answered by the learner with its weakness and added to the record: the
   share about the planted principle;
3. **mended**: the learner stops making the mistake and plays :data:`CURED_HANDS` more hands, then
   answers practice questions until the principle leaves the top three (at most
   :data:`CURED_PRACTICE`): has it left, and after how many questions?

Prints each learner's figures (share of runs, with a 95% interval), the judged decisions a run
collected, and the seconds a run took, with the load average. It asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades_teach.analysis.learner_model import LearnerModel
from spades_teach.analysis.learner_record import LearnerRecord
from spades_teach.analysis.practice import PracticePlan
from spades_teach.analysis.simulate import mean_interval
from spades_teach.analysis.simulated_learner import WEAKNESSES, SimulatedLearner, review_hands

HANDS = 20
CURED_HANDS = 10
PRACTICE = 12
CURED_PRACTICE = 40
START = datetime(2026, 12, 1, 18, 0, tzinfo=timezone.utc)


def hands_record(
    learner: SimulatedLearner, run: int, first: int, count: int, start: datetime, cache: Path | None
) -> LearnerRecord:
    """The record of ``count`` hands (from hand ``first``) played and reviewed, kept in ``cache`` when
    given (the hands do not depend on the model: a second run of the benchmark reads them back)."""
    state = "cured" if learner.cured else "weak"
    path = None if cache is None else cache / f"{learner.weakness.name}-{run}-{first}-{count}-{state}.json"
    if path is not None and path.exists():
        return LearnerRecord.from_json(path.read_text(encoding="utf-8"))
    record = review_hands(learner, run, first, count, start)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(record.to_json(), encoding="utf-8")
    return record


def practise(
    learner: SimulatedLearner, record: LearnerRecord, run: int, start: datetime, count: int, *, until_gone: bool = False
) -> tuple[LearnerRecord, int, int]:
    """Up to ``count`` questions served and answered (with ``until_gone``, stopping once the weakness
    is out of the top three); returns the record, how many were about the weakness and how many
    were asked."""
    plan = PracticePlan.from_record(record)
    on_target = asked = 0
    for q in range(count):
        if until_gone and learner.weakness.principle not in [s.principle for s in plan.model.work_on()]:
            break
        now = start + timedelta(minutes=2 * q)
        item = plan.next_item(run * 100 + q + (1000 if learner.cured else 0), now)
        name = item.principle
        decision = item.decision(learner.card_for(item.position), when=now)
        record = record.added([decision])
        mixed = plan.asked
        plan = PracticePlan.from_record(record)
        plan.asked = mixed
        on_target += name == learner.weakness.principle
        asked += 1
    return record, on_target, asked


def one_run(weakness_name: str, run: int, cache: Path | None = None) -> dict[str, Any]:
    weakness = WEAKNESSES[weakness_name]
    started = time.process_time()
    learner = SimulatedLearner(weakness)
    record = hands_record(learner, run, 0, HANDS, START, cache)
    model = LearnerModel.from_record(record)
    ranked = [s.principle for s in model.ranked()]
    met = model.stats.get(weakness.principle)
    first = bool(ranked) and ranked[0] == weakness.principle
    record, on_target, _asked = practise(learner, record, run, START + timedelta(hours=3), PRACTICE)
    learner.cured = True
    later = START + timedelta(days=1)
    record = record.merged(hands_record(learner, run, HANDS, CURED_HANDS, later, cache))
    after_hands = [s.principle for s in LearnerModel.from_record(record).work_on()]
    record, _target, questions = practise(
        learner, record, run, later + timedelta(hours=2), CURED_PRACTICE, until_gone=True
    )
    top = [s.principle for s in LearnerModel.from_record(record).work_on()]
    return {
        "weakness": weakness_name,
        "run": run,
        "first": first,
        "ranked": ranked[:3],
        "met": 0 if met is None else met.decisions,
        "missed": 0 if met is None else met.decisions - met.right,
        "decisions": model.decisions,
        "on_target": on_target,
        "left_after_hands": weakness.principle not in after_hands,
        "left_top3": weakness.principle not in top,
        "questions_to_leave": questions,
        "top_after": top,
        "seconds": time.process_time() - started,
    }


def share(flags: list[bool]) -> str:
    values = [float(f) for f in flags]
    if len(values) < 2:
        return f"{100 * statistics.mean(values):5.1f}%"
    low, high = mean_interval(values)
    return f"{100 * statistics.mean(values):5.1f}% [{100 * max(low, 0.0):5.1f}, {100 * min(high, 1.0):5.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--first-run", type=int, default=1)
    parser.add_argument("--weaknesses", default=",".join(WEAKNESSES))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument(
        "--cache", type=Path, help="a folder keeping the hands' records (the model's changes rerun only the rest)"
    )
    args = parser.parse_args()
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    tasks = [(w, r) for w in args.weaknesses.split(",") for r in range(args.first_run, args.first_run + args.runs)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one_run, *zip(*tasks), [args.cache] * len(tasks)))
    for name in args.weaknesses.split(","):
        rows = [r for r in results if r["weakness"] == name]
        if args.verbose:
            for r in rows:
                print(r)
        print(f"{name} ({WEAKNESSES[name].principle}), {len(rows)} runs of {HANDS} hands:")
        print(f"  named first after {HANDS} hands:        {share([r['first'] for r in rows])}")
        targets = sum(r["on_target"] for r in rows)
        print(
            f"  practice about it:                 {share([q < r['on_target'] for r in rows for q in range(PRACTICE)])}"
            f" ({targets} of {PRACTICE * len(rows)} questions)"
        )
        print(
            f"  left the top three once mended:    {share([r['left_top3'] for r in rows])} "
            f"(after the {CURED_HANDS} hands alone: {share([r['left_after_hands'] for r in rows])}; practice "
            f"questions it took: median {statistics.median(r['questions_to_leave'] for r in rows)}, "
            f"most {max(r['questions_to_leave'] for r in rows)}, at most {CURED_PRACTICE} asked)"
        )
        print(
            f"  decisions about it in {HANDS} hands: median {statistics.median(r['met'] for r in rows)}, "
            f"missed {statistics.median(r['missed'] for r in rows)}; judged decisions a run: "
            f"{statistics.median(r['decisions'] for r in rows)}; CPU seconds a run: "
            f"{statistics.median(r['seconds'] for r in rows):.0f}"
        )
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
