"""Store the judge's verdicts that the strategy chapters ask for (spades_teach/data/judge_verdicts.json).

    python tools/make_verdicts.py            # write the store (about a minute)
    python tools/make_verdicts.py --check    # work every verdict out again and compare; exit 1 if they differ

The chapters that pick their moments with the judge (``find_moments(..., judged=True)``) have their
code cells run here, in the English chapter (the French and Spanish ones run the same code), with
every verdict worked out afresh and recorded. Run it again when the judge, the bots, the hints or
those chapters change: tests/test_judge_verdicts.py fails until the store matches.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from IPython import get_ipython
from IPython.testing.globalipapp import start_ipython
from IPython.utils.capture import capture_output

from spades_teach.advice.verdicts import STORE, recorded_verdicts

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
PATH = ROOT / "spades_teach" / "data" / STORE


def judged_chapters() -> list[Path]:
    """The English chapters whose code asks the judge for its moments."""
    return sorted(p for p in NOTEBOOKS.glob("[0-9]*.ipynb") if "judged=True" in p.read_text(encoding="utf-8"))


def run_chapter(path: Path) -> None:
    """Run the chapter's code cells in a fresh namespace, in its folder; an error stops with it."""
    shell = start_ipython() or get_ipython()  # the first call starts the shell, the others give None
    shell.reset(new_session=False)
    here = Path.cwd()
    os.chdir(path.parent)
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if cell["cell_type"] != "code":
                continue
            with capture_output():
                result = shell.run_cell("".join(cell["source"]), store_history=False)
            failure = result.error_before_exec or result.error_in_exec
            if failure is not None:
                raise SystemExit(f"error: {path.name} failed: {failure!r}")
    finally:
        os.chdir(here)


def fresh_verdicts() -> dict[str, bool]:
    """Every verdict the judged chapters ask for, worked out afresh."""
    with recorded_verdicts(fresh=True) as verdicts:
        for path in judged_chapters():
            run_chapter(path)
    return dict(sorted(verdicts.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the store instead of writing it")
    check = parser.parse_args().check
    start = time.perf_counter()
    verdicts = fresh_verdicts()
    seconds = time.perf_counter() - start
    chapters = ", ".join(p.stem for p in judged_chapters())
    if check:
        stored = json.loads(PATH.read_text(encoding="utf-8"))["verdicts"] if PATH.exists() else {}
        missing = sorted(set(verdicts) - set(stored))
        changed = sorted(k for k in verdicts if k in stored and stored[k] != verdicts[k])
        unused = sorted(set(stored) - set(verdicts))
        if missing or changed or unused:
            print(
                f"error: {PATH.name} is out of date ({len(missing)} verdicts missing, {len(changed)} changed, "
                f"{len(unused)} no longer asked for): run python tools/make_verdicts.py",
                file=sys.stderr,
            )
            raise SystemExit(1)
        print(f"{len(verdicts)} verdicts of {chapters} as stored ({seconds:.0f} s)", file=sys.stderr)
        return
    data = {"about": "the judge's verdicts the chapters ask for, by tools/make_verdicts.py", "verdicts": verdicts}
    PATH.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{PATH.relative_to(ROOT)}: {len(verdicts)} verdicts of {chapters} in {seconds:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
