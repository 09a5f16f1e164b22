"""The card table and the chapters in JupyterLab itself (not Voila), in a real browser.

JupyterLab is started the way tools/tutorial.sh starts it (the package's settings: no news pop-up),
on a folder holding a small notebook: the card table, then another code cell. In JupyterLab the
arrow keys are the notebook's own shortcuts (ArrowDown moves to the next cell); on the table's bid
list they must change the bid and leave the notebook where it is. Chapter 1's notes, written for
every place the chapters are read, must render as notes in JupyterLab too (no MyST directive shown as
code, no literal ``**``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _browser import ARTIFACTS, http_status, wait_until
from _jupyterlab import served_jupyterlab
from _lite import accept_dialog

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "spades-teach-test"

TABLE_NOTEBOOK = {
    "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["A card table, then another cell."]},
        {
            "cell_type": "code",
            "execution_count": None,
            "metadata": {},
            "outputs": [],
            "source": [
                "from spades_teach.widgets import CardTable\n",
                'CardTable(seed=2026, level="medium", teach=True, pause=0)',
            ],
        },
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": ['print("next cell")']},
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


def _wait_until_serving(url: str, process: subprocess.Popen[bytes], limit: float = 120) -> None:
    def serving() -> bool:
        if process.poll() is not None:
            raise AssertionError(f"JupyterLab stopped with code {process.returncode}")
        status = http_status(url)
        return status is not None and status < 400

    if not wait_until(serving, limit=limit):
        raise AssertionError(f"JupyterLab did not answer at {url} within {limit} s")


DRILL_NOTEBOOK = {
    **TABLE_NOTEBOOK,
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "metadata": {},
            "outputs": [],
            "source": ["from spades_teach.widgets import DrillWidget\n", 'DrillWidget(kinds=["count"], seed=2)'],
        },
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": ['print("next cell")']},
    ],
}


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab serving a folder with the table notebook and chapter 1; yields its base URL."""
    folder = tmp_path_factory.mktemp("lab")
    (folder / "table.ipynb").write_text(json.dumps(TABLE_NOTEBOOK), encoding="utf-8")
    (folder / "drill.ipynb").write_text(json.dumps(DRILL_NOTEBOOK), encoding="utf-8")
    shutil.copy(ROOT / "notebooks" / "01_deck_and_deal.ipynb", folder)
    # window.jupyterapp: the test can see when the notebook's kernel is connected (_run_all)
    args = ["--LabApp.expose_app_in_browser=True"]
    with served_jupyterlab(folder, TOKEN, env={"SPADES_TEACH_DATA_DIR": str(folder / ".progress")}, args=args) as base:
        yield base


FRONT = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook"
"""The notebook in front (a hidden tab's cells are still in the page)."""


def _open(browser: Any, lab: str, notebook: str) -> tuple[Any, Any, list[str]]:
    """Open ``notebook`` in a workspace of its own: JupyterLab would otherwise restore the tabs an
    earlier test left open, and the notebook asked for might not be the one in front."""
    workspace = Path(notebook).stem.replace("_", "-")
    url = f"{lab}/lab/workspaces/{workspace}/tree/{notebook}?reset&token={TOKEN}"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.locator(f"{FRONT} .jp-Cell").first.wait_for(timeout=120_000)
    return context, page, errors


def _learner_errors(errors: list[str]) -> list[str]:
    """The console errors a learner could see. Left out: the live edition's kernel extension failing
    to load in JupyterLab. The test environment has it because it builds the live edition (the
    ``lite`` extra); the tutorial's own environment (``tools/setup.sh tutorial``) does not install
    it, and JupyterLab loads every installed extension's code even when it is disabled."""
    return [e for e in errors if "@jupyterlite/pyodide-kernel-extension" not in e]


#: The notebook in front has a kernel that is connected and idle (JupyterLab's status bar can read Idle
#: before the connection is made).
KERNEL_READY = """() => {
  const kernel = window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel;
  return Boolean(kernel) && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
}"""


def _run_all(page: Any, tries: int = 8) -> None:
    """Run > Run All Cells once the notebook's kernel is connected, until the first code cell shows its
    execution number. (A Run All pressed before the kernel's connection is made runs nothing, or
    queues the first cell, shows it as ``[*]``, and loses it while the next cells run: the test
    waits for the connection first, and for the number, not the star.)"""
    page.wait_for_function(KERNEL_READY, timeout=120_000)
    for _ in range(tries):
        try:
            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=15_000)
            page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click(timeout=15_000)
        except Exception:  # a dialog stood in front for 15 s: answer it as a learner would, press again
            accept_dialog(page)
            continue
        try:
            page.wait_for_function(
                "front => /\\[\\d+\\]/.test(document.querySelector(front + ' .jp-CodeCell .jp-InputPrompt')?.textContent ?? '')",
                arg=FRONT,
                timeout=45_000,
            )
            return
        except Exception:  # pressed too early: press again
            continue
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "jupyterlab-run-all-failed.png"))
    status = page.locator(".jp-StatusBar-Widget").all_inner_texts()
    raise AssertionError(f"Run All Cells never ran the notebook's first code cell; status bar: {status}")


def _active_cell(page: Any) -> int:
    index: int = page.evaluate(
        "front => [...document.querySelectorAll(front + ' .jp-Cell')].findIndex(c => c.classList.contains('jp-mod-active'))",
        FRONT,
    )
    return index


def test_arrow_keys_on_the_bid_list_change_the_bid_and_leave_the_notebook_alone(browser: Any, lab: str) -> None:
    context, page, errors = _open(browser, lab, "table.ipynb")
    try:
        _run_all(page)
        choice = page.locator(".ct-root .ct-bid-choice").first
        # attached, then scrolled to: JupyterLab does not lay out what is off screen
        try:
            choice.wait_for(state="attached", timeout=300_000)
        except Exception as error:  # say what the notebook shows instead
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "jupyterlab-card-table-missing.png"))
            outputs = page.locator(f"{FRONT} .jp-OutputArea").all_inner_texts()
            raise AssertionError(f"no card table; outputs: {outputs}; console: {errors}") from error
        page.locator(".ct-root .ct-hand-card").first.wait_for(state="attached", timeout=60_000)
        choice.scroll_into_view_if_needed(timeout=60_000)
        # make the table's cell the active one (a click on its prompt, beside the code)
        page.locator(f"{FRONT} .jp-Cell").nth(1).locator(".jp-InputPrompt").click()
        table_cell = _active_cell(page)
        assert table_cell == 1, "a click on the cell's prompt makes it the active one"
        origin = page.locator(".ct-root .ct-code-value").first.evaluate("e => e.parentElement.textContent")
        assert "(seed 2026)" in origin, origin
        before = choice.input_value()
        choice.focus()
        page.keyboard.press("ArrowDown")
        page.wait_for_function(
            "before => document.querySelector('.ct-root .ct-bid-choice').value !== before", arg=before, timeout=5_000
        )
        after = choice.input_value()
        page.keyboard.press("ArrowUp")
        page.wait_for_function(
            "after => document.querySelector('.ct-root .ct-bid-choice').value !== after", arg=after, timeout=5_000
        )
        assert choice.input_value() == before
        assert _active_cell(page) == table_cell, "ArrowDown/ArrowUp moved the notebook to another cell"
        assert page.evaluate("() => document.activeElement?.classList.contains('ct-bid-choice')"), (
            "the bid list lost the focus"
        )
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-card-table.png"))
        # no "Jupyter news?" pop-up over the widgets: the package's settings turn it off
        assert page.locator(".jp-toast-message", has_text="news").count() == 0
        assert _learner_errors(errors) == [], errors
    finally:
        context.close()


def test_chapter_1_notes_render_as_notes_in_jupyterlab(browser: Any, lab: str) -> None:
    context, page, errors = _open(browser, lab, "01_deck_and_deal.ipynb")
    try:
        note = page.locator(".jp-RenderedMarkdown blockquote strong", has_text="Note").first
        note.wait_for(timeout=120_000)  # chapter 1's first note, drawn as a note
        text = "\n".join(page.locator(".jp-MarkdownCell .jp-RenderedMarkdown").all_inner_texts())
        assert "{note}" not in text and "```" not in text, "a MyST directive shown as code"
        assert "**" not in text, "literal ** in the rendered text"
        assert _learner_errors(errors) == [], errors
    finally:
        context.close()


def test_enter_in_a_drills_answer_box_checks_the_answer_in_jupyterlab(browser: Any, lab: str) -> None:
    """A learner types the answer and presses Enter, as in Voila: the verdict comes, and the notebook
    neither runs a cell nor moves to another one."""
    context, page, errors = _open(browser, lab, "drill.ipynb")
    try:
        _run_all(page)
        box = page.locator(".dr-root .dr-input").first
        box.wait_for(state="attached", timeout=300_000)
        box.scroll_into_view_if_needed(timeout=60_000)
        page.locator(f"{FRONT} .jp-Cell").nth(0).locator(".jp-InputPrompt").click()
        assert _active_cell(page) == 0
        box.click()
        box.fill("3")
        page.keyboard.press("Enter")
        page.locator(".dr-root .dr-verdict").wait_for(timeout=30_000)
        assert _active_cell(page) == 0, "Enter moved the notebook to another cell"
        # the answer counted once any simulation behind the figures is done
        page.wait_for_function("() => document.querySelector('.dr-root .dr-stats').innerText.includes('of 1')")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-drill-enter.png"))
        assert _learner_errors(errors) == [], errors
    finally:
        context.close()


# -- the tutorial's JupyterLab, reached from the chapters' pages (tools/tutorial.sh) ---------------------


@pytest.fixture(scope="module")
def tutorial_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """tools/tutorial.sh over a copy of the chapters, as a learner starts it; yields (base URL, token)."""
    from _voila import tutorial
    from test_tutorial_script import _project_copy

    project = _project_copy(tmp_path_factory.mktemp("tutorial"))
    with tutorial(project, project / "tutorial.log", "--LabApp.expose_app_in_browser=True") as served:
        yield served


def _open_tutorial_page(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    return context, page, errors


#: JupyterLab's application has started and restored its layout (its file browser and tabs).
LAB_RESTORED = "async () => { await window.jupyterapp.restored; return true; }"


@pytest.mark.parametrize("folder", ["", "fr"])
def test_the_chapter_lists_link_to_the_code_lands_on_jupyterlabs_files(
    browser: Any, tutorial_lab: tuple[str, str], folder: str
) -> None:
    """The list of the chapters' "Open the chapters' code in JupyterLab" opens JupyterLab on the
    chapters' folder (it ended on "Path Not Found — The path: /lab/tree was not found")."""
    base, token = tutorial_lab
    context, page, errors = _open_tutorial_page(browser, f"{base}/voila/tree/{folder}?token={token}")
    try:
        page.locator(".st-code-link a").click()
        page.wait_for_function("() => Boolean(window.jupyterapp)", timeout=120_000)
        page.evaluate(LAB_RESTORED)
        listing = page.locator(".jp-DirListing-item", has_text="00_a_hand_in_ten_minutes")
        listing.first.wait_for(timeout=120_000)  # the chapters, in the file browser
        if folder:  # (JupyterLab at its root shows the folder it showed last)
            assert folder in page.locator(".jp-BreadCrumbs").inner_text()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"jupyterlab-from-the-list{'-' + folder if folder else ''}.png"))
        assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").all_inner_texts()
        assert _learner_errors(errors) == [], errors
    finally:
        context.close()


#: The widgets of the notebook in front: how many outputs are widgets, how many are drawn, any output that
#: says it could not draw its widget, and what is shown above each of the package's widgets (not yet
#: linked to the kernel) and beside each of their parts.
WIDGETS_DRAWN = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const outputs = [...panel.node.querySelectorAll('.jp-OutputArea-output')];
  const failed = o => /Error displaying widget/.test(o.textContent);
  const widgets = outputs.filter(o => o.querySelector('.jupyter-widgets, .jupyter-widgets-disconnected') || failed(o));
  const before = e => getComputedStyle(e, '::before');
  const roots = widgets.map(o => o.querySelector(':scope > .st-widget')).filter(Boolean);
  const parts = roots.flatMap(r => [...r.querySelectorAll('.jupyter-widgets-disconnected')]);
  return {
    widgets: widgets.length,
    drawn: widgets.filter(o => !failed(o) && o.querySelector('.jupyter-widgets, .jupyter-widgets-disconnected').children.length > 0).length,
    failed: widgets.filter(failed).length,
    lines: [...new Set(roots.map(r => before(r).content))],
    icons: parts.filter(e => before(e).display !== 'none').length,
  };
}"""


def test_a_chapter_opened_from_its_page_shows_its_widgets_and_nothing_unsaved(
    browser: Any, tutorial_lab: tuple[str, str]
) -> None:
    """Chapter 8's "Open this chapter's code in JupyterLab": every one of its 20 widgets drawn from the
    state the chapter stores (it said "Error displaying widget: model not found" 20 times), with one line
    saying how to bring it to life, and the tab not marked unsaved once its kernel is up (JupyterLab
    renamed the kernel as it opened)."""
    base, token = tutorial_lab
    context, page, errors = _open_tutorial_page(browser, f"{base}/voila/render/08_card_play.ipynb?token={token}")
    try:
        page.locator(".st-chapter-code").first.click(timeout=180_000)
        page.wait_for_url(f"{base}/lab/tree/08_card_play.ipynb", timeout=60_000)
        page.wait_for_function("() => Boolean(window.jupyterapp)", timeout=120_000)
        page.evaluate(LAB_RESTORED)
        page.wait_for_function(KERNEL_READY, timeout=120_000)
        stored = json.loads((ROOT / "notebooks" / "08_card_play.ipynb").read_text(encoding="utf-8"))
        views = sum(
            1 for cell in stored["cells"] for output in cell.get("outputs", []) if WIDGET_VIEW in output.get("data", {})
        )
        assert views == 20
        page.wait_for_function(f"() => ({WIDGETS_DRAWN})().drawn === {views}", timeout=120_000)
        drawn = page.evaluate(WIDGETS_DRAWN)
        assert (drawn["widgets"], drawn["drawn"], drawn["failed"]) == (views, views, 0), drawn
        # one line above each widget says how to bring it to life; no broken-link icon on its parts
        assert drawn["lines"] == ['"Run ▸ Run All Cells brings this widget to life."'], drawn["lines"]
        assert drawn["icons"] == 0, drawn
        dirty = "() => window.jupyterapp.shell.currentWidget.context.model.dirty"
        assert page.evaluate(dirty) is False, "the chapter is marked unsaved as it opens"
        assert page.locator(".jp-mod-current.jp-mod-dirty").count() == 0
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(f"{FRONT} .jp-OutputArea-output .jupyter-widgets").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "jupyterlab-chapter-8-widgets.png"))
        assert _learner_errors(errors) == [], errors
    finally:
        context.close()


#: The output of a widget in a notebook.
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
