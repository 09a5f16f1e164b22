"""Test-suite wide hooks: markers given by what a test uses, browser modules kept on one worker, and
nbval's cells of each chapter run in their order, in one kernel, followed by a check of the widgets' state.

Tiers (``pytest -m ...``):

* ``browser``: drives the real Chromium (any test using the ``browser`` fixture);
* ``book``: builds the Jupyter Book (any test using ``book_url`` or the book build);
* ``slow``: long cross-checks, the chapters run and compared with their stored outputs (nbval), cluster runs.

``pytest -m "not slow and not browser and not book"`` is the fast tier; ``bash tools/test.sh`` runs
everything, in a random order (pytest-randomly) on two workers (pytest-xdist), except the live-edition
browser tests, which share one browser session and run in the order of their file.
"""

from __future__ import annotations

import importlib.util
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

#: The app's pages are notebooks too, with no stored outputs and meant for Voila: not chapters to check.
collect_ignore_glob = ["spades_teach/data/app/*.ipynb"]

#: What may differ between two runs of a chapter without the chapter changing (nbval's sanitize file).
SANITIZE = Path(__file__).resolve().parent / "tests" / "nbval_sanitize.cfg"


def pytest_configure(config: pytest.Config) -> None:
    """nbval, as ``pytest --nbval notebooks/`` gives it: the chapters run in this environment's Python
    (the one with spades_teach, whatever kernel named ``python3`` the machine may have) and compared
    through the project's sanitize file."""
    config.pluginmanager.register(_CellsInOrderAtLast(), "spades-teach-cells-in-order")
    option = config.option
    if getattr(option, "nbval_kernel_name", None) is None and hasattr(option, "nbval_current_env"):
        option.nbval_current_env = True
    if getattr(option, "nbval_sanitize_with", "") is None:
        option.nbval_sanitize_with = str(SANITIZE)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    """A chapter's kernel (started as its first cell is set up) keeps its drills' progress in a fresh
    folder, never the learner's own: a chapter shows the progress it finds."""
    notebook = _notebook_of(item)
    if notebook is None or getattr(notebook, "kernel", None) is not None:  # its kernel runs already
        return (yield)
    before = os.environ.get("SPADES_TEACH_DATA_DIR")
    os.environ["SPADES_TEACH_DATA_DIR"] = tempfile.mkdtemp(prefix="spades-teach-nbval-")
    try:
        return (yield)
    finally:
        if before is None:
            os.environ.pop("SPADES_TEACH_DATA_DIR", None)
        else:
            os.environ["SPADES_TEACH_DATA_DIR"] = before


_BROWSER_FIXTURES = {"browser", "page", "app_url", "voila_url"}
_BOOK_FIXTURES = {"book_url", "built_book", "book"}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    _keep_notebook_cells_in_order(items, check_widgets=True)
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & _BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if fixtures & _BOOK_FIXTURES:
            item.add_marker(pytest.mark.book)
        if item.get_closest_marker("book"):
            # The book takes minutes to build: the first test that needs it builds it and any other
            # waits. Under pytest-xdist (``-n 2 --dist loadgroup``, as tools/test.sh runs) every test
            # that needs it stays on one worker, so the other worker never idles waiting for the build.
            item.add_marker(pytest.mark.xdist_group("book"))
        elif _notebook_of(item) is not None:
            # A notebook's cells share its kernel (nbval starts one per notebook): one worker runs them all.
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.xdist_group(f"notebook-{item.path}"))
        elif item.get_closest_marker("browser") or item.path.name in _IN_ORDER:
            # A browser test module starts its Chromium (and its Voila server) once: its tests stay on
            # one worker.
            item.add_marker(pytest.mark.xdist_group(f"module-{item.path.stem}"))
    _keep_modules_in_order(items)


#: Test modules whose tests share one slow browser session and run in the order they are written.
_IN_ORDER = {"test_browser_lite.py"}


def _keep_modules_in_order(items: list[pytest.Item]) -> None:
    """Gather the tests of each module of :data:`_IN_ORDER` where its first test landed, in
    the order of the file (line, then parameter index)."""

    def place(item: pytest.Item) -> tuple[int, tuple[int, ...]]:
        callspec = getattr(item, "callspec", None)
        return (item.location[1] or 0, tuple(callspec.indices.values()) if callspec else ())

    groups: dict[str, list[pytest.Item]] = {}
    for item in items:
        if item.path.name in _IN_ORDER:
            groups.setdefault(str(item.path), []).append(item)
    if not groups:
        return
    ordered: list[pytest.Item] = []
    for item in items:
        key = str(item.path)
        if key not in groups:
            ordered.append(item)
        elif groups[key]:
            ordered.extend(sorted(groups.pop(key), key=place))
            groups[key] = []
    items[:] = ordered


def _notebook_of(item: pytest.Item) -> Any:
    """The notebook (nbval's collector) ``item`` is a cell of, or None."""
    try:
        from nbval.plugin import IPyNbFile
    except ImportError:  # nbval is not installed: no notebook is collected either
        return None
    return item.parent if isinstance(item.parent, IPyNbFile) else None


def _keep_notebook_cells_in_order(items: list[pytest.Item], *, check_widgets: bool = False) -> None:
    """Gather the cells nbval collected from each notebook where its first one landed, in the order of
    the notebook, followed by the check of its widgets' state (:class:`WidgetState`, added when
    ``check_widgets``).

    nbval runs a notebook's cells one after the other in one kernel, each cell a test: shuffled
    (pytest-randomly did) each would fail on the names an earlier cell defines, and a cell of another
    notebook between two would stop the kernel in between. This runs twice: among the first hooks (the
    checks added then get the markers and groups below, and the ``-m`` and ``-k`` choices) and again
    after every other hook has reordered the items (:class:`_CellsInOrderAtLast`)."""
    notebooks: dict[Any, list[pytest.Item]] = {}
    for item in items:
        notebook = _notebook_of(item)
        if notebook is not None:
            notebooks.setdefault(notebook, []).append(item)
    if not notebooks:
        return
    ordered: list[pytest.Item] = []
    for item in items:
        notebook = _notebook_of(item)
        if notebook is None:
            ordered.append(item)
        elif notebook in notebooks:
            found = notebooks.pop(notebook)
            cells = sorted((i for i in found if not isinstance(i, WidgetState)), key=lambda cell: int(cell.cell_num))
            checks = [i for i in found if isinstance(i, WidgetState)]
            if check_widgets:
                checks = [WidgetState.from_parent(notebook, name="widget state", cells=cells)]
            ordered += [*cells, *checks]
    items[:] = ordered


class _CellsInOrderAtLast:
    """The notebooks' cells put back in order once every other plugin has reordered the tests (a
    wrapper's end runs after all the hooks it wraps)."""

    @pytest.hookimpl(wrapper=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> Iterator[None]:
        result = yield
        _keep_notebook_cells_in_order(items)
        return result


def _widget_state_tools() -> Any:
    """tools/widget_state.py (the tools folder is no package)."""
    path = Path(__file__).resolve().parent / "tools" / "widget_state.py"
    spec = importlib.util.spec_from_file_location("spades_teach_tools_widget_state", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class WidgetState(pytest.Item):
    """After nbval has run a notebook's cells: the state of the widgets they showed, asked of the same
    kernel, is the one the notebook stores (what the book draws and JupyterLab shows before anything runs;
    tools/widget_state.py)."""

    def __init__(self, *, cells: list[pytest.Item], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cells = cells

    def runtest(self) -> None:
        tools = _widget_state_tools()
        ran = [cell for cell in self.cells if getattr(cell, "test_outputs", None) is not None]
        assert len(ran) == len(self.cells), "the chapter's cells did not all run: its widgets cannot be checked"
        kernel = self.parent.kernel  # nbval's RunningKernel, still running the chapter
        assert kernel is not None and kernel.is_alive(), "the chapter's kernel has stopped"
        shown = tools.displayed(output for cell in ran for output in cell.test_outputs)
        names, state = tools.saved(shown, json.loads(_printed(kernel, tools.CAPTURE)))
        notebook = json.loads(self.path.read_text(encoding="utf-8"))
        outputs = [output for cell in notebook["cells"] for output in cell.get("outputs", [])]
        rebuild = f"python tools/notebooks.py {self.path.parent.name + '/' if self.path.parent.name in ('fr', 'es') else ''}{self.path.stem[:2]}"
        assert tools.displayed(outputs) == [names.get(model, model) for model in shown], (
            f"the widgets shown are not the ones stored ({rebuild} rebuilds the chapter)"
        )
        found = tools.differences(tools.stored(notebook), state)
        assert not found, f"the widgets' state differs from the stored one ({rebuild}):\n" + "\n".join(found)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"{self.path.name}: widget state"


def _printed(kernel: Any, code: str, timeout: float = 120) -> str:
    """What ``code`` prints on stdout, run by nbval's ``kernel`` (an error is a failure)."""
    msg_id = kernel.execute_cell_input(code, allow_stdin=False)
    kernel.await_reply(msg_id, timeout=timeout)
    printed: list[str] = []
    while True:
        message = kernel.get_message("iopub", timeout=timeout)
        if message["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = message["msg_type"], message["content"]
        if kind == "stream" and content["name"] == "stdout":
            printed.append(content["text"])
        elif kind == "error":
            raise AssertionError("\n".join(content["traceback"]))
        elif kind == "status" and content["execution_state"] == "idle":
            return "".join(printed)


@pytest.fixture(autouse=True)
def _progress_kept_apart(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The drills' and puzzles' progress of each test in a fresh folder (never the user's own file,
    and no test starts from another test's score or place); a test may set its own."""
    monkeypatch.setenv("SPADES_TEACH_DATA_DIR", str(tmp_path_factory.mktemp("progress")))


@pytest.fixture(autouse=True)
def _english_unless_a_test_says_otherwise() -> object:
    """Every test starts in English (whatever LANG the machine has) and a test that
    switches language cannot leak it into the next one."""
    from spades_teach.i18n import set_language

    set_language("en")
    yield
    set_language("en")
