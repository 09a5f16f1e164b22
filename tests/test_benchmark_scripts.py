"""Every benchmark script still imports: they run by hand, not in the suite, and a renamed function
once left one unable to start (``benchmarks/nil_judge.py`` importing ``bots._playout_start``; later
four scripts still calling the expert's ``evidence``, gone with the one judge)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(path.stem for path in (ROOT / "benchmarks").glob("*.py"))

# Each script imported in turn; every one that fails is named with its error's last line.
CODE = """\
import importlib, sys, traceback
failed = []
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except BaseException as error:
        failed.append(f"{name}: {traceback.format_exception_only(error)[-1].strip()}")
print("\\n".join(failed), file=sys.stderr)
sys.exit(1 if failed else 0)
"""


def test_every_benchmark_script_imports() -> None:
    assert {"nil_judge", "principle_calibration", "principle_alternatives", "principle_duplicate"} <= set(SCRIPTS)
    done = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", CODE, *SCRIPTS],
        cwd=ROOT / "benchmarks",
        capture_output=True,
        text=True,
        timeout=300,
        env={"PYTHONPATH": f"{ROOT}:{ROOT / 'benchmarks'}", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
