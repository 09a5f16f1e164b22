"""The bid advisor's count against expert play and double dummy: the data of chapter 17.

Run from the repository root::

    .venv/bin/python benchmarks/expert_calibration.py --deals 20               # a quick look
    .venv/bin/python benchmarks/expert_calibration.py --deals 400 --jobs 1 \\
        --json spades_teach/data/expert_calibration.json

It runs :func:`spades_teach.analysis.expert_calibration.expert_calibrate`: seeded
deals bid by the advisor and played by four expert bots (no clock, so the
figures do not depend on the machine's load), each solved double dummy, and
prints the bias and mean absolute error of the count against the tricks taken,
by hand feature, with the partnerships' double-dummy tricks beside them.
``--json`` writes the per-seat records, rewritten after every deal so that an
interrupted run leaves the deals done so far. An expert deal takes a few
seconds of one core.

``--compare FILE`` plays nothing: it reads stored records and scores them with
the counting the deals were bid with (:data:`PREVIOUS_VALUES`, a frozen copy of
the item values before they were fitted to this study) and with the current
one, on the half of the deals the values were fitted on (even deal numbers),
on the other half, and on all of them. ``--fit FILE`` prints the values a
least-squares fit suggests (drawn towards the previous values) on the even half
and, as a check, on the odd half: a value was changed only where both halves
moved it the same way, to the even half's value rounded to a quarter trick. It
prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

from spades_teach.advice.bidding import ITEM_VALUES, BidReason, count_hand
from spades_teach.analysis.calibration import FEATURES
from spades_teach.analysis.expert_calibration import (
    ExpertCalibration,
    SeatRecord,
    expert_calibrate,
    records_from_data,
    records_to_data,
)
from spades_teach.analysis.parallel import SerialExecutor
from spades_teach.game.cards import HandLike

#: The item values of the count before they were fitted to this study (frozen; do not edit).
PREVIOUS_VALUES: dict[str, float] = {
    "K♠ with another spade": 1.0,
    "K♠ bare": 0.5,
    "Q♠ with two or more spades": 0.75,
    "Q♠ with one spade": 0.5,
    "Q♠ bare": 0.0,
    "3rd small spade": 0.25,
    "4th small spade": 0.75,
    "5th and later small spade": 1.0,
    "no spade": -0.5,
    "one spade": -0.25,
    "ace": 1.0,
    "ace in a long suit": 0.75,
    "king with its ace": 1.0,
    "king with its ace, 4 cards": 0.75,
    "king with its ace, 5 or more cards": 0.5,
    "king with a guard": 0.75,
    "king in a long suit": 0.5,
    "king bare": 0.5,
    "queen with two or three guards": 0.5,
    "queen with fewer guards": 0.0,
    "queen in a long suit": 0.25,
    "void, first ruff": 0.75,
    "void, first ruff with one spare": 0.5,
    "void, second ruff": 0.5,
    "singleton ruff": 0.5,
    "singleton ruff with one spare": 0.25,
    "doubleton ruff": 0.25,
}
#: How strongly the fit draws each value towards its previous one (in seats' worth of evidence).
SHRINK = 25.0


def previous_count_hand(hand: HandLike, *, players: int = 4) -> tuple[BidReason, ...]:
    """The count with :data:`PREVIOUS_VALUES` (the items added since, and the K♠ renamed, read
    from :data:`ITEM_VALUES`)."""
    return count_hand(hand, players=players, values=_previous_table())


#: The items renamed since the fit: the name now, the name in :data:`PREVIOUS_VALUES`.
_RENAMED = {"K♠ with two or more spades": "K♠ with another spade"}


def _previous_table() -> dict[str, float]:
    return {key: PREVIOUS_VALUES.get(_RENAMED.get(key, key), value) for key, value in ITEM_VALUES.items()}


def fit_half(records: Sequence[SeatRecord], *, even: bool) -> list[SeatRecord]:
    """The records of the deals with an even (or odd) deal number."""
    return [r for r in records if (int(r.seed.rsplit("/", 1)[1]) % 2 == 0) == even]


def _sure(hand: HandLike) -> float:
    return sum(r.value for r in count_hand(hand) if r.sure)


def _uses(hand: HandLike) -> list[float]:
    """How many times the count of ``hand`` uses each item value (its slope in each one)."""
    step = 1.0 / 64
    base = sum(r.value for r in previous_count_hand(hand))
    out = []
    previous = _previous_table()
    for key in previous:
        moved = dict(previous, **{key: previous[key] + step})
        out.append((sum(r.value for r in count_hand(hand, values=moved)) - base) / step)
    return out


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrix is small and well conditioned)."""
    n = len(rhs)
    a = [[*row, rhs[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def fitted_values(records: Sequence[SeatRecord]) -> dict[str, float]:
    """Least squares of the tricks taken on the item values (the sure tricks fixed at 1),
    drawn towards :data:`PREVIOUS_VALUES` by :data:`SHRINK`, unrounded."""
    previous = _previous_table()
    keys = list(previous)
    n = len(keys)
    gram = [[SHRINK if i == j else 0.0 for j in range(n)] for i in range(n)]
    rhs = [SHRINK * previous[k] for k in keys]
    for record in records:
        uses = _uses(record.hand)
        target = record.tricks - _sure(record.hand)
        for i in range(n):
            if uses[i]:
                rhs[i] += uses[i] * target
                for j in range(n):
                    gram[i][j] += uses[i] * uses[j]
    return dict(zip(keys, _solve(gram, rhs)))


def comparison(before: ExpertCalibration, after: ExpertCalibration) -> str:
    """Overall, partnership and per-feature figures of two countings of the same records."""
    lines = [f"{'':<36} {'before':>8} {'after':>8}"]
    rows = [("bias (count - expert tricks)", before.bias, after.bias, "+"), ("MAE", before.mae, after.mae, "")]
    if before.sides is not None and after.sides is not None:
        rows += [
            ("partnership bias vs expert play", before.sides.bias_play, after.sides.bias_play, "+"),
            ("partnership MAE vs expert play", before.sides.mae_play, after.sides.mae_play, ""),
            ("partnership bias vs double dummy", before.sides.bias_dd, after.sides.bias_dd, "+"),
            ("partnership MAE vs double dummy", before.sides.mae_dd, after.sides.mae_dd, ""),
        ]
    for label, old, new, sign in rows:
        lines.append(f"{label:<36} {old:>{sign}8.2f} {new:>{sign}8.2f}")
    lines += [
        "",
        f"{'feature':<18} {'value':<10} {'seats':>6}   {'bias before':>11} {'after':>6}   {'MAE before':>10} {'after':>6}",
    ]
    for name in FEATURES:
        if name == "count":  # the groups differ between the two countings
            continue
        for old, new in zip(before.by_feature[name], after.by_feature[name]):
            lines.append(
                f"{name:<18} {old.value:<10} {old.seats:>6}   {old.bias:>+11.2f} {new.bias:>+6.2f}   "
                f"{old.mae:>10.2f} {new.mae:>6.2f}"
            )
    return "\n".join(lines)


def compare(path: Path) -> None:
    records = records_from_data(json.loads(path.read_text(encoding="utf-8")))
    deals = len({r.seed for r in records})
    print(f"{deals} deals, {len(records)} seats from {path}")
    for label, part in (
        ("the half the values were fitted on (even deals)", fit_half(records, even=True)),
        ("the other half (odd deals)", fit_half(records, even=False)),
        ("all deals", list(records)),
    ):
        study = ExpertCalibration.from_records(part)
        print(f"\n== {label}: {len(study.plain)} seats outside a Nil partnership ==")
        print(comparison(study.recount(previous_count_hand), study.recount(count_hand)))


def fit(path: Path) -> None:
    """Print the fit on the even deals and, as a check, on the odd ones."""
    records = records_from_data(json.loads(path.read_text(encoding="utf-8")))
    even = ExpertCalibration.from_records(fit_half(records, even=True)).plain
    odd = ExpertCalibration.from_records(fit_half(records, even=False)).plain
    on_even, on_odd = fitted_values(even), fitted_values(odd)
    print(
        f"least squares drawn towards the previous values by {SHRINK:g} seats: on the {len(even)} seats of the even "
        f"deals, and as a check on the {len(odd)} of the odd deals; then the previous value and the current one"
    )
    print(f"  {'item':<36} {'even':>6} {'odd':>6} {'before':>7} {'now':>6}")
    previous = _previous_table()
    for key in ITEM_VALUES:
        print(f"  {key:<36} {on_even[key]:>6.2f} {on_odd[key]:>6.2f} {previous[key]:>7.2f} {ITEM_VALUES[key]:>6.2f}")


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not every system has one
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="deals in the study (default 400)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1: this process only)")
    parser.add_argument("--seed", default="0", help="seed of the study (default 0)")
    parser.add_argument("--json", type=Path, help="write the per-seat records to this file (after every deal)")
    parser.add_argument("--compare", type=Path, help="score stored records with the previous and current count")
    parser.add_argument("--fit", type=Path, help="print the values a fit on the even half of stored records suggests")
    args = parser.parse_args()
    if args.compare is not None or args.fit is not None:
        if args.fit is not None:
            fit(args.fit)
        if args.compare is not None:
            compare(args.compare)
        return
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    executor: Executor = SerialExecutor() if args.jobs <= 1 else ProcessPoolExecutor(args.jobs)
    print(f"load average before: {_load()}", flush=True)
    found: list[SeatRecord] = []
    start = time.perf_counter()

    def save(records: Sequence[SeatRecord]) -> None:
        found.extend(records)
        if args.json is not None:
            text = json.dumps(records_to_data(found, seed=seed), separators=(",", ":"), ensure_ascii=False)
            partial = args.json.with_suffix(".tmp")
            partial.write_text(text + "\n", encoding="utf-8")
            partial.replace(args.json)

    def progress(done: int, total: int) -> None:
        if done == total or done % 10 == 0:
            seconds = time.perf_counter() - start
            print(f"{done}/{total} deals, {seconds:.0f} s, load {_load()}", file=sys.stderr, flush=True)

    with executor:
        study = expert_calibrate(args.deals, seed=seed, executor=executor, progress=progress, on_deal=save)
    seconds = time.perf_counter() - start
    print(f"{args.deals} deals in {seconds:.0f} s ({seconds / args.deals:.1f} s a deal, {args.jobs} job(s))")
    print(f"load average after: {_load()}")
    print()
    print(study)
    if args.json is not None:
        print(f"\nwrote {args.json}")


if __name__ == "__main__":
    main()
