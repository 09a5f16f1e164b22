"""The learner record and its FSRS schedule in Pyodide (the live edition's Python) under Node.js.

The practice session's scheduler is the ``fsrs`` package (py-fsrs), which the live edition loads with
spades_teach (``tools/lite/kernel.txt``, ``tools/make_lite_lock.py``). Its wheel is pure Python; this
runs a copy of it (the installed package's files, which are the wheel's), with a copy of spades_teach as
the live edition's wheel holds it (no compiled extension), in the site's own Pyodide: a record is kept,
read back from the file, and its plan computed with FSRS.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "tools" / "lite" / "node_modules" / "pyodide"

SCRIPT = """
import json, os, sys
from datetime import datetime, timezone
os.environ["SPADES_TEACH_DATA_DIR"] = "/work/data"
from spades_teach.analysis.learner_record import Decision, RecordFile
from spades_teach.analysis.practice import PracticePlan
from spades_teach.analysis.learner_model import LearnerModel
t = datetime(2026, 12, 7, 18, 0, tzinfo=timezone.utc)
store = RecordFile()
store.add([Decision.now("table", "ruff", right=False, cost=9.0, when=t)] * 3)
store.add([Decision.now("table", "second hand low", right=True, cost=0.0, when=t)] * 3)
record = RecordFile().load()
plan = PracticePlan.from_record(record)
print("RESULT " + json.dumps({
    "platform": sys.platform,
    "decisions": len(record),
    "work_on": [s.principle for s in LearnerModel.from_record(record).work_on()],
    "next": plan.next_principle(t),
    "ruff_due_minutes": (plan.due_at("ruff") - t).total_seconds() / 60,
    "known_due_minutes": (plan.due_at("second hand low") - t).total_seconds() / 60,
}))
"""


@pytest.mark.slow
def test_the_practice_schedule_runs_in_pyodide(tmp_path: Path) -> None:
    import fsrs
    import typing_extensions

    shutil.copytree(
        ROOT / "spades_teach", tmp_path / "spades_teach", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c")
    )
    shutil.copytree(Path(fsrs.__file__).parent, tmp_path / "fsrs", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(typing_extensions.__file__, tmp_path / "typing_extensions.py")
    (tmp_path / "run.py").write_text(SCRIPT, encoding="utf-8")
    fetched = subprocess.run(
        ["bash", str(ROOT / "tools" / "lite" / "fetch_pyodide.sh")], capture_output=True, text=True, timeout=600
    )
    assert fetched.returncode == 0, fetched.stderr
    done = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(PYODIDE), str(tmp_path), str(tmp_path / "run.py")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    line = next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))
    result = json.loads(line.removeprefix("RESULT "))
    assert result["platform"] == "emscripten"
    assert result["decisions"] == 6 and result["work_on"] == ["ruff"] and result["next"] == "ruff"
    assert result["ruff_due_minutes"] < 30 < result["known_due_minutes"]
    assert json.loads((tmp_path / "data" / "learner.json").read_text(encoding="utf-8"))["version"] == 1
