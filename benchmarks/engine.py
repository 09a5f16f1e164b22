"""Engine benchmark: random-play hands per second and the cost of ``import spades_teach``.

Run from the repository root::

    .venv/bin/python benchmarks/engine.py              # about 3 s per measurement
    .venv/bin/python benchmarks/engine.py --seconds 10 # longer, steadier figures
    .venv/bin/python benchmarks/engine.py --profile    # also print a cProfile of the play loop
    .venv/bin/python benchmarks/engine.py --opcodes    # also count bytecodes per hand, by function
    .venv/bin/python benchmarks/engine.py --pure       # also time the pure-Python kernel (PureRound)

What it measures
----------------
(a) Full hands through the public :class:`~spades_teach.Round` API, single-threaded:
    deal from a seed, four bids, then 52 plays, each chosen at random (seeded
    :class:`random.Random`) among ``legal_plays()``. Reported twice: with the dealing
    time included, and on pre-dealt deals (play only).
(b) ``import spades_teach`` in a fresh interpreter (median of several runs), and
    whether that import pulled in ipywidgets (it must not).

``Round`` plays on the rules kernel's compiled twin when it is built and on the
pure-Python kernel otherwise; the script prints which
(``spades_teach.game.kernel.BACKEND``). ``--pure`` adds the same two throughput
figures for ``PureRound`` (the same hand on the pure-Python kernel, the
reference) and makes ``--profile`` and ``--opcodes`` look at it.

Throughput counts the CPU time of this process (``time.process_time``), so other
work on a shared machine skews it less; the load average is printed alongside.
The target is 3,000 hands per second or more. The script prints figures and never
fails on them; speed is not asserted in the test suite.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

from spades_teach import Deal, Round, Seat, deal
from spades_teach.game.kernel import BACKEND
from spades_teach.game.round import PureRound

TARGET_HANDS_PER_SECOND = 3000
BIDS = (3, 4, 3, 3)


def play_hand(hand_deal: Deal, rng: random.Random, kind: type[Round] | type[PureRound] = Round) -> Round | PureRound:
    """Bid and play one full hand at random through the public API (``kind``:
    ``Round``, or ``PureRound`` for the pure-Python kernel).

    Each card is drawn uniformly from ``legal_plays()`` by indexing with
    ``rng.random()``, a single call into C: ``rng.choice`` runs a Python-level
    rejection loop whose cost (about a sixth of a hand's bytecodes) would be
    the benchmark's own, not the engine's.
    """
    r = kind(hand_deal, dealer=hand_deal.dealer)
    for bid in BIDS:
        seat = r.to_act
        assert seat is not None
        r.bid(seat, bid)
    draw = rng.random
    while (seat := r.to_act) is not None:
        options = r.legal_plays()
        r.play(seat, options[int(draw() * len(options))])
    assert r.is_complete
    return r


def run_for(seconds: float, one_hand: Callable[[int], object], chunk: float = 0.5) -> tuple[float, float]:
    """Call ``one_hand(i)`` for i = 0, 1, ... for ``seconds`` of CPU time, in chunks of
    ``chunk`` seconds; return the median and the best chunk's rate (calls per second).

    CPU time of this process (``time.process_time``) rather than wall time, so that
    other programs busy on the same machine lower the figures less; the best chunk
    is the closest to what an idle machine gives.
    """
    rates: list[float] = []
    count = 0
    for _ in range(max(1, round(seconds / chunk))):
        done = 0
        start = time.process_time()
        deadline = start + chunk
        while True:
            # Check the clock every 10 hands to keep its cost out of the figure.
            for _ in range(10):
                one_hand(count)
                count += 1
            done += 10
            now = time.process_time()
            if now >= deadline:
                break
        rates.append(done / (now - start))
    return statistics.median(rates), max(rates)


Kind = type[Round] | type[PureRound]


def bench_with_dealing(seconds: float, kind: Kind = Round) -> tuple[float, float]:
    rng = random.Random(2024)

    def one(i: int) -> object:
        return play_hand(deal(i, dealer=Seat(i % 4)), rng, kind)

    return run_for(seconds, one)


def bench_play_only(seconds: float, pool_size: int, kind: Kind = Round) -> tuple[float, float]:
    """Play on deals made beforehand. The pool should hold about as many deals as
    get played: replaying the same few deals would flatter the engine, whose
    card caches would then see the same hands again and again."""
    deals = [deal(10_000_000 + i, dealer=Seat(i % 4)) for i in range(pool_size)]
    rng = random.Random(2024)

    def one(i: int) -> object:
        return play_hand(deals[i % pool_size], rng, kind)

    return run_for(seconds, one)


def bench_dealing_only(seconds: float) -> tuple[float, float]:
    def one(i: int) -> object:
        return deal(i)

    return run_for(seconds, one)


_IMPORT_PROBE = """
import sys, time, json
start = time.perf_counter()
import spades_teach
elapsed = time.perf_counter() - start
heavy = sorted(m for m in ("ipywidgets", "IPython", "matplotlib", "numpy") if m in sys.modules)
print(json.dumps({"seconds": elapsed, "heavy": heavy}))
"""


def bench_import(runs: int) -> tuple[float, float, list[str]]:
    """Median in-process import time, median wall time of the whole fresh
    interpreter, and the heavy modules the import pulled in (if any)."""
    inner: list[float] = []
    outer: list[float] = []
    heavy: set[str] = set()
    for _ in range(runs):
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", _IMPORT_PROBE], capture_output=True, text=True, check=True)
        outer.append(time.perf_counter() - start)
        result = json.loads(out.stdout)
        inner.append(result["seconds"])
        heavy.update(result["heavy"])
    return statistics.median(inner), statistics.median(outer), sorted(heavy)


def profile_play(hands: int, top: int, kind: Kind = Round) -> str:
    deals = [deal(i) for i in range(hands)]
    rng = random.Random(1)
    profiler = cProfile.Profile()
    profiler.enable()
    for d in deals:
        play_hand(d, rng, kind)
    profiler.disable()
    stream = io.StringIO()
    stats = pstats.Stats(profiler, stream=stream)
    stats.sort_stats("tottime").print_stats(top)
    return stream.getvalue()


def count_opcodes(hands: int, warmup: int, top: int, kind: Kind = Round) -> str:
    """Bytecodes executed per hand (deal included), by function: a measure of the
    engine's work that, unlike timings, does not depend on the machine's load."""
    rng = random.Random(1)
    for i in range(warmup):  # fill the engine's caches as a long run would
        play_hand(deal(100_000 + i, dealer=Seat(i % 4)), rng, kind)
    counts: Counter[tuple[str, int, str]] = Counter()

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            counts[(Path(code.co_filename).name, code.co_firstlineno, code.co_name)] += 1
        return tracer

    sys.settrace(tracer)
    try:
        for i in range(hands):
            play_hand(deal(i, dealer=Seat(i % 4)), rng, kind)
    finally:
        sys.settrace(None)
    total = sum(counts.values())
    lines = [f"bytecodes per hand (deal + 4 bids + 52 plays): {total / hands:,.0f}"]
    for (filename, line, name), n in counts.most_common(top):
        lines.append(f"  {n / total:6.1%}  {n / hands:8,.0f}/hand  {filename}:{line} {name}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per throughput measurement (default 3)")
    parser.add_argument(
        "--import-runs", type=int, default=7, help="fresh interpreters for the import timing (default 7)"
    )
    parser.add_argument(
        "--pool", type=int, default=15_000, help="deals made beforehand for the play-only figure (default 15000)"
    )
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of 300 hands of play")
    parser.add_argument(
        "--opcodes",
        action="store_true",
        help="also count the bytecodes run per hand, by function (independent of the machine's load)",
    )
    parser.add_argument("--pure", action="store_true", help="also time PureRound, the pure-Python kernel")
    args = parser.parse_args(argv)

    load = f", load average {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else ""
    print(f"Python {sys.version.split()[0]} on {sys.platform}, single thread, CPU time{load}")
    kernel = "the compiled kernel" if BACKEND == "c" else "the pure-Python kernel"
    print(f"Round plays on {kernel} (spades_teach.game.kernel.BACKEND = {BACKEND!r})")
    with_deal = bench_with_dealing(args.seconds)
    play_only = bench_play_only(args.seconds, args.pool)
    dealing = bench_dealing_only(min(args.seconds, 1.0))
    best = with_deal[1]
    verdict = "meets" if best >= TARGET_HANDS_PER_SECOND else "is BELOW"
    print(f"{'':36s}{'median':>9s}{'best':>9s}   (of 0.5 s chunks)")
    print(f"hands/s, deal + 4 bids + 52 plays : {with_deal[0]:8,.0f} {with_deal[1]:8,.0f}")
    print(f"hands/s, 4 bids + 52 plays only   : {play_only[0]:8,.0f} {play_only[1]:8,.0f}")
    if args.pure:
        pure_deal = bench_with_dealing(args.seconds, PureRound)
        pure_play = bench_play_only(args.seconds, args.pool, PureRound)
        print(f"PureRound, deal + 4 bids + 52 plays: {pure_deal[0]:7,.0f} {pure_deal[1]:8,.0f}")
        print(f"PureRound, 4 bids + 52 plays only  : {pure_play[0]:7,.0f} {pure_play[1]:8,.0f}")
    print(f"deals/s, deal(seed) alone         : {dealing[0]:8,.0f} {dealing[1]:8,.0f}")
    print(f"best full-hand rate {verdict} the target of {TARGET_HANDS_PER_SECOND:,} hands/s")
    inner, outer, heavy = bench_import(args.import_runs)
    print(
        f"import spades_teach (median of {args.import_runs}): {inner * 1000:.1f} ms in-process, "
        f"{outer * 1000:.0f} ms for the whole fresh interpreter"
    )
    print(
        f"heavy modules pulled in by the import: {', '.join(heavy) if heavy else 'none'}"
        f" (ipywidgets imported: {'YES' if 'ipywidgets' in heavy else 'no'})"
    )
    if args.profile:
        print()
        print(profile_play(300, 25, PureRound if args.pure else Round))
    if args.opcodes:
        print()
        print(count_opcodes(100, 2000, 25, PureRound if args.pure else Round))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
