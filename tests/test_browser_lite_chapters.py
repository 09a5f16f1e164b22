"""Every chapter's code runs in the live edition's own Python (JupyterLite's Pyodide kernel, in a real
browser, offline), with no error, nothing on stderr, and the figures its stored outputs hold.

The chapters run one after the other in one kernel (JupyterLite's REPL page, given the runner of
tests/_lite_runner.py as its code), each in a namespace reset for it and in its own folder: one kernel
start serves them all, where opening each chapter's page and pressing Run All started one kernel a
chapter (about 15 s each before a cell ran). What a reader sees of a chapter in the notebook view, its
widgets drawn and answering, is tested on the pages themselves in tests/test_browser_lite.py (chapters
2, 11 and the play chapter), tests/test_browser_lite_practice.py (the drills and puzzles) and
tests/test_browser_lite_languages.py (a French and a Spanish chapter).

A module of its own, with its own Chromium, so that pytest-xdist runs it on one worker while the other
live tests run on another; the site is built once per run for both.
"""

from __future__ import annotations

import ast
import json
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _drill_probe import drill_transcript
from _lite import CHAPTER_DRILLS, NOTEBOOKS, Watch, chapter_names, live_site, saved_figures, watched_context

pytestmark = [pytest.mark.slow, pytest.mark.browser]

RUNNER = Path(__file__).with_name("_lite_runner.py")
PROBE = Path(__file__).with_name("_drill_probe.py")

#: The chapters run, by their paths in the site: every English chapter, and one French and one
#: Spanish chapter, whose first cell sets the language (spades_teach then fetches that language's
#: catalogs, a wheel of the site's own).
CHAPTERS = [f"{name}.ipynb" for name in chapter_names()] + ["fr/05_bags.ipynb", "es/05_bags.ipynb"]

#: The longest the whole run may take (the kernel's start and every chapter).
TIMEOUT_S = 900


def imported_modules(paths: list[str], folder: Path = NOTEBOOKS) -> list[str]:
    """The top-level modules the chapters' code cells import (magics left out). The Pyodide kernel
    installs what a cell imports before running it, from the imports it reads in the cell's own
    text: the runner's cell names them all, since the chapters' cells run inside it."""
    modules: set[str] = set()
    for path in paths:
        notebook = json.loads((folder / path).read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if cell["cell_type"] != "code":
                continue
            lines = "".join(cell["source"]).splitlines(keepends=True)
            source = "".join(line for line in lines if not line.lstrip().startswith(("%", "!")))
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.Import):
                    modules |= {alias.name.split(".")[0] for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    modules.add(node.module.split(".")[0])
    return sorted(modules)


def runner_code(paths: list[str], folder: Path = NOTEBOOKS, drills: dict[str, Any] | None = None) -> str:
    """The REPL's code: the chapters' imports, then the runner executed in a namespace of its own
    (with the ``drills`` to answer after the chapters, and the probe that answers them)."""
    namespace = {"CHAPTERS": paths, "DRILLS": drills or {}, "PROBE": PROBE.read_text(encoding="utf-8")}
    namespace["__name__"] = "_lite_runner"
    return f"import {', '.join(imported_modules(paths, folder))}\nexec({RUNNER.read_text(encoding='utf-8')!r}, {namespace!r})"


#: What the REPL's outputs show once the runner is done, or stopped by an error of its own.
FINISHED = """() => [...document.querySelectorAll('.jp-OutputArea-output')].some(
    e => /CHAPTER-RUNS-DONE|Traceback|Error/.test(e.innerText))"""


@pytest.fixture(scope="module")
def reports() -> Iterator[dict[str, dict[str, Any]]]:
    """Each chapter's report from the live edition's Python, by its path in the site."""
    with live_site() as (browser, url), watched_context(browser, url) as (context, watch):
        watch: Watch
        page = context.new_page()
        watch.watch(page)
        code = runner_code(CHAPTERS, drills=CHAPTER_DRILLS)
        page.goto(f"{url}/repl/index.html?kernel=python&toolbar=1&code={urllib.parse.quote(code)}")
        page.wait_for_function(FINISHED, timeout=TIMEOUT_S * 1000, polling=500)
        texts: list[str] = page.locator(".jp-OutputArea-output").all_inner_texts()
        page.close()
        lines = [line for text in texts for line in text.splitlines()]
        found = {
            report["chapter"]: report
            for report in (
                json.loads(line.removeprefix("CHAPTER-RUN ")) for line in lines if line.startswith("CHAPTER-RUN ")
            )
        }
        for line in lines:
            if line.startswith("DRILL-RUN "):
                drill = json.loads(line.removeprefix("DRILL-RUN "))
                found[f"drill {drill['chapter']}"] = drill
        assert "CHAPTER-RUNS-DONE" in lines, f"the runner stopped: {texts[-1][-3000:] if texts else 'no output'}"
        assert watch.blocked == [], f"the chapters asked for hosts other than the site: {watch.blocked}"
        yield found


def test_the_runner_reads_every_import_of_the_chapters() -> None:
    modules = imported_modules(CHAPTERS)
    assert "spades_teach" in modules and "IPython" in modules
    assert all(name.isidentifier() for name in modules)


@pytest.mark.parametrize("path", CHAPTERS)
def test_the_chapter_runs_live_to_its_end(reports: dict[str, dict[str, Any]], path: str) -> None:
    report = reports[path]
    code_cells = sum(
        1 for cell in json.loads((NOTEBOOKS / path).read_text(encoding="utf-8"))["cells"] if cell["cell_type"] == "code"
    )
    assert report["error"] == "", f"{path} stopped live after {report['cells']} cells:\n{report['error']}"
    assert report["stderr"] == "", f"{path} wrote to stderr live: {report['stderr']}"
    assert report["cells"] == code_cells
    # the figures too (chapters 7 and 17 draw SVG charts: the browser's Python has no matplotlib)
    assert report["pictures"] == saved_figures(path.removesuffix(".ipynb"))
    # and every line each cell prints, as the chapter's stored outputs (the CPython run) hold it
    assert report["printed"] == stored_prints(NOTEBOOKS / path), f"{path} prints other text live"


def stored_prints(notebook: Path) -> list[str]:
    """What each code cell of ``notebook`` printed (its stored stdout), in order."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [
        "".join(
            "".join(output.get("text", ""))
            for output in cell.get("outputs", [])
            if output.get("output_type") == "stream" and output.get("name") == "stdout"
        )
        for cell in cells
        if cell["cell_type"] == "code"
    ]


def test_the_runner_reports_what_is_printed_an_error_stderr_and_pictures(tmp_path: Path) -> None:
    """The runner itself, here in CPython's IPython on a made-up chapter: a line printed, a picture, a line on stderr,
    then an error that stops the chapter before its last cell; the next chapter runs afresh."""
    import subprocess
    import sys

    cells = [
        "import sys\nfrom IPython.display import SVG, display\nkept = 1\nprint('dealt')",
        "display(SVG('<svg xmlns=\"http://www.w3.org/2000/svg\"/>'))\nprint('oops', file=sys.stderr)",
        "1 / 0",
        "print('never')",
    ]
    notebook = {"cells": [{"cell_type": "code", "source": source} for source in cells]}
    (tmp_path / "broken.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    (tmp_path / "fresh.ipynb").write_text(
        json.dumps({"cells": [{"cell_type": "code", "source": "assert 'kept' not in dir()"}]}), encoding="utf-8"
    )
    script = (
        # a terminal shell shows text only: every format, as a kernel shows them
        "from IPython.testing.globalipapp import start_ipython\nshell = start_ipython()\n"
        "shell.display_formatter.active_types = shell.display_formatter.format_types\n"
        + runner_code(["broken.ipynb", "fresh.ipynb"], tmp_path)
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    lines = [
        json.loads(line.removeprefix("CHAPTER-RUN "))
        for line in done.stdout.splitlines()
        if line.startswith("CHAPTER-RUN ")
    ]
    broken, fresh = lines
    assert (broken["cells"], broken["pictures"], broken["stderr"]) == (3, 1, "oops\n")
    assert broken["printed"][:2] == ["dealt\n", ""]  # the third cell's is IPython's account of the error
    assert "ZeroDivisionError" in broken["error"]
    assert fresh["error"] == "" and fresh["cells"] == 1
    assert done.stdout.rstrip().endswith("CHAPTER-RUNS-DONE")


@pytest.mark.parametrize("chapter", sorted(CHAPTER_DRILLS))
def test_the_chapters_drill_grades_live_as_the_library_does(reports: dict[str, dict[str, Any]], chapter: str) -> None:
    """Every kind of the chapter's drill answered right, then wrong, in the live edition's Python:
    the same questions, verdicts and explanations (with the simulated figures of the bid and Nil
    kinds) as here."""
    report = reports[f"drill {chapter}"]
    assert report["error"] == "", report["error"]
    config = CHAPTER_DRILLS[chapter]
    expected = drill_transcript(config["kinds"], config["seed"], config.get("min_levels"))
    assert [step["correct"] for step in expected] == [True] * len(config["kinds"]) + [False] * len(config["kinds"])
    assert report["transcript"] == expected
