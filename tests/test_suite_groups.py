"""The suite's own scheduling: under pytest-xdist (``-n 2 --dist loadgroup``, as tools/test.sh runs)
the tests of one group run on one worker. The browser modules start their Chromium and servers once
for that, and every test that needs the book waits on one worker while the other works on."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

_GROUPED = """
import os
import pytest

@pytest.mark.xdist_group("together")
@pytest.mark.parametrize("n", range(6))
def test_grouped(n, tmp_path_factory):
    with open(os.environ["WHERE"], "a") as where:
        where.write("grouped " + os.environ["PYTEST_XDIST_WORKER"] + "\\n")

@pytest.mark.parametrize("n", range(6))
def test_loose(n):
    with open(os.environ["WHERE"], "a") as where:
        where.write("loose " + os.environ["PYTEST_XDIST_WORKER"] + "\\n")
"""


def test_a_group_of_tests_runs_on_one_worker(tmp_path: Path) -> None:
    # pytest-xdist 3.8 groups tests by renaming them; pytest 9.2 stopped reading the new name, and every
    # group was then spread over both workers (pyproject.toml keeps pytest below 9.2 for this).
    (tmp_path / "test_groups.py").write_text(_GROUPED, encoding="utf-8")
    where = tmp_path / "where.txt"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-p", "no:randomly", "-q", "test_groups.py"],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "WHERE": str(where), "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = where.read_text(encoding="utf-8").split()
    grouped = {lines[i + 1] for i in range(0, len(lines), 2) if lines[i] == "grouped"}
    assert len(lines) == 24 and len(grouped) == 1, f"the group ran on {sorted(grouped)}"


_SHOW_GROUPS = """
import pytest

@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    for item in items:
        mark = item.get_closest_marker("xdist_group")
        print("GROUP", mark.args[0] if mark else "-", item.path.name)
"""


def test_the_browser_and_book_tests_are_grouped_as_tools_test_sh_expects(tmp_path: Path) -> None:
    (tmp_path / "show_groups.py").write_text(_SHOW_GROUPS, encoding="utf-8")
    root = Path(__file__).resolve().parents[1]
    chosen = [
        "test_book_live.py",
        "test_browser_book.py",
        "test_browser_table.py",
        "test_browser_lite.py",
        "test_cards.py",
    ]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--co", "-q", "-p", "no:randomly", "-p", "show_groups"]
        + [f"tests/{name}" for name in chosen],
        cwd=root,
        env={**{k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"}, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    found: dict[str, set[str]] = {}
    for line in done.stdout.splitlines():
        if line.startswith("GROUP "):
            _, group, name = line.split()
            found.setdefault(group, set()).add(name)
    assert found["book"] == {"test_book_live.py", "test_browser_book.py"}
    assert found["module-test_browser_table"] == {"test_browser_table.py"}
    assert found["module-test_browser_lite"] == {"test_browser_lite.py"}
    assert found["-"] == {"test_cards.py"}
