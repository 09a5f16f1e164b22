"""``pytest --nbval`` over notebooks, with the project's conftest.py: each notebook's cells run in their
order in one kernel, whatever order pytest-randomly draws and on however many workers, and its
widgets' state is compared after its last cell.

A small notebook stands for a chapter: each cell uses what the one before it defined (shuffled, as
pytest-randomly did, nearly every cell failed with a NameError), and it shows a widget.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import notebooks  # noqa: E402  (tools/notebooks.py: how a chapter is built, its widgets' state included)

sys.path.remove(str(ROOT / "tools"))

pytest_plugins = ["pytester"]
pytestmark = pytest.mark.slow  # each test starts pytest, and a kernel per notebook

#: Cells that each need the one before.
CHAIN = 12
SOURCE = "\n".join(
    [
        "---",
        "kernelspec:",
        "  display_name: Python 3 (ipykernel)",
        "  language: python",
        "  name: python3",
        "---",
        "",
        "# A chain of cells",
        "",
        "```{code-cell} ipython3",
        "total = 0",
        "```",
        *(f"\n```{{code-cell}} ipython3\ntotal += {n}\nprint(total)\n```" for n in range(1, CHAIN)),
        "",
        "```{code-cell} ipython3",
        "import ipywidgets",
        'ipywidgets.VBox([ipywidgets.HTML(f"<b>{total}</b>"), ipywidgets.Button(description="Deal")])',
        "```",
        "",
    ]
)


@pytest.fixture
def project(pytester: pytest.Pytester) -> Path:
    """A folder with the project's conftest.py (and what it reads) and two built notebooks."""
    folder = pytester.path
    pytester.makeini("[pytest]\nmarkers =\n    slow: slow\n    browser: browser\n    book: book\n")
    shutil.copy(ROOT / "conftest.py", folder / "conftest.py")
    (folder / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "widget_state.py", folder / "tools" / "widget_state.py")
    (folder / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "nbval_sanitize.cfg", folder / "tests" / "nbval_sanitize.cfg")
    for name in ("first", "second"):
        source = folder / "notebooks" / f"{name}.md"
        source.parent.mkdir(exist_ok=True)
        source.write_text(SOURCE, encoding="utf-8")
        notebooks.build(source)
    return folder


def _run(pytester: pytest.Pytester, *arguments: str) -> pytest.RunResult:
    return pytester.runpytest_subprocess("--nbval", "notebooks", "-p", "no:cacheprovider", *arguments, timeout=600)


def test_each_notebooks_cells_run_in_order_whatever_order_is_drawn(pytester: pytest.Pytester, project: Path) -> None:
    stored = json.loads((project / "notebooks" / "first.ipynb").read_text(encoding="utf-8"))
    assert "widgets" in stored["metadata"], "the notebook stores its widget's state"
    for seed in ("1", "2"):
        result = _run(pytester, f"--randomly-seed={seed}")
        # every cell and the widget-state check of each notebook, in order, in one kernel
        result.assert_outcomes(passed=2 * (CHAIN + 2))


def test_each_notebooks_cells_run_in_order_after_any_plugin_reorders_them(
    pytester: pytest.Pytester, project: Path
) -> None:
    """A plugin that reorders the tests after every other one (here: reversed) leaves the cells in order."""
    pytester.makepyfile(
        reverser="""
import pytest

@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    items.reverse()
"""
    )
    result = _run(pytester, "-p", "reverser", "-p", "no:randomly")
    result.assert_outcomes(passed=2 * (CHAIN + 2))


def test_each_notebook_stays_on_one_worker(pytester: pytest.Pytester, project: Path) -> None:
    result = _run(pytester, "-n", "2", "--dist", "loadgroup")
    result.assert_outcomes(passed=2 * (CHAIN + 2))


def test_a_stale_widget_state_is_found(pytester: pytest.Pytester, project: Path) -> None:
    """The book and JupyterLab draw the stored state: a state the chapter no longer makes fails."""
    path = project / "notebooks" / "second.ipynb"
    notebook = json.loads(path.read_text(encoding="utf-8"))
    state = notebook["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    button = next(model for model in state.values() if model["model_name"] == "ButtonModel")
    button["state"]["description"] = "Shuffle"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    result = _run(pytester, "-p", "no:randomly")
    result.assert_outcomes(passed=2 * (CHAIN + 2) - 1, failed=1)
    result.stdout.fnmatch_lines(
        ["*field description: stored 'Shuffle' / run 'Deal'*", "FAILED *second.ipynb::widget state*"]
    )
