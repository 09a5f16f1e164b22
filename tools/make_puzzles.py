"""Find and store the packaged card-play puzzles (spades_teach/data/puzzles.json).

    python tools/make_puzzles.py            # 60 easy, 60 medium, 50 hard (a few minutes)

Needs the compiled double-dummy core (``pip install -e .`` builds it). The hands are dealt
from fixed seeds and played by the medium bots, so the same command writes the same file.
tests/test_puzzles.py solves every stored puzzle again.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

from spades_teach.analysis.puzzles import STORE, generate_puzzles, puzzle_to_json
from spades_teach.solver import SOLVER_BACKEND

ROOT = Path(__file__).resolve().parents[1]
COUNTS = {"easy": 60, "medium": 60, "hard": 50}
SEED = 1


def main() -> None:
    if SOLVER_BACKEND != "c":
        raise SystemExit("error: the compiled double-dummy core is not built (run: pip install -e .)")
    start = time.perf_counter()
    puzzles = generate_puzzles(COUNTS, seed=SEED)
    short = {d: n - sum(p.difficulty == d for p in puzzles) for d, n in COUNTS.items()}
    if any(short.values()):
        raise SystemExit(f"error: not enough puzzles found: {short} short")
    data = {
        "about": "card-play puzzles made by tools/make_puzzles.py; see spades_teach/analysis/puzzles.py",
        "seed": SEED,
        "puzzles": [puzzle_to_json(p) for p in puzzles],
    }
    path = ROOT / "spades_teach" / "data" / STORE
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    themes = Counter(t for p in puzzles for t in p.themes)
    print(f"{path.relative_to(ROOT)}: {len(puzzles)} puzzles in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    for theme, n in sorted(themes.items()):
        print(f"  {theme}: {n}", file=sys.stderr)
    two = Counter(p.difficulty for p in puzzles if len(p.evidence) == 2)
    lines = sum(p.line is not None for p in puzzles)
    print(f"  two legal cards: {dict(two)}; with a line of play: {lines} of {len(puzzles)}", file=sys.stderr)


if __name__ == "__main__":
    main()
