"""The live edition of the book (JupyterLite, Pyodide kernel) in a real browser: build it once per
session, open a chapter, run all its cells, and watch every request and console message.

Used by tests/test_browser_lite.py and benchmarks/lite.py.
"""

from __future__ import annotations

import functools
import os
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LITE_SITE = ROOT / "build" / "lite" / "test-site"
NOTEBOOKS = ROOT / "notebooks"

#: Chromium resolves no host name but 127.0.0.1's: a request the page's routing cannot see (from a
#: service worker) fails too, and shows as a console error.
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


@dataclass(frozen=True)
class LiteBuild:
    returncode: int
    log: str
    site: Path


@functools.lru_cache(maxsize=1)
def build_lite() -> LiteBuild:
    """Run tools/build_lite.sh into build/lite/test-site (the book's own build is left alone).

    With ``SPADES_TEACH_REUSE_LITE=1`` in the environment, a site already built there is used as it
    is (for running the live tests again on an unchanged tree: the build takes minutes)."""
    if os.environ.get("SPADES_TEACH_REUSE_LITE") == "1" and (LITE_SITE / "index.html").exists():
        return LiteBuild(0, "reused the site built before", LITE_SITE)
    done = subprocess.run(
        ["bash", str(ROOT / "tools" / "build_lite.sh"), str(LITE_SITE)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    return LiteBuild(done.returncode, done.stdout + "\n" + done.stderr, LITE_SITE)


def chapter_names() -> list[str]:
    return sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb") if not p.stem.startswith("_"))


#: The chapter where the learner plays a hand at the card table against the bots (found by the end of
#: its name, which stays when the chapters are renumbered).
PLAY_CHAPTER = next(name for name in chapter_names() if name.endswith("_play_with_teach_me"))


def chapter_url(base: str, name: str) -> str:
    return f"{base}/notebooks/index.html?path={name}.ipynb"


#: The console warnings of the live edition that its configuration cannot remove, each with why.
#: Every other warning is recorded by ``Watch`` (and fails the live tests).
ALLOWED_WARNINGS = (
    # Jupyter Notebook's own plugins redeclare three of JupyterLab's menu entries on purpose, to move
    # File > Close and Shut Down and to hide File > Close and View > Table of Contents in the notebook
    # view; the front end warns for each when it merges the plugins' menus (jupyter/notebook#7358).
    # Folding the entries into one in the site's settings would change JupyterLab's own menus too
    # (the site's lab/ page loads JupyterLab's plugins without Notebook's), and disabling either
    # plugin takes away more than the warning.
    "Menu entry for command 'application:close' is duplicated.",
    "Menu entry for command 'filemenu:close-and-cleanup' is duplicated.",
    "Menu entry for command 'toc:show-panel' is duplicated.",
)


@dataclass
class Watch:
    """Every request to a host other than the site's (aborted), console error, console warning
    (but those of ``ALLOWED_WARNINGS``) and page error."""

    base: str
    blocked: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith((self.base + "/", "data:", "blob:")):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    def console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")
        elif message.type == "warning" and message.text not in ALLOWED_WARNINGS:
            self.warnings.append(f"console warning: {message.text}")

    def response(self, response: Any) -> None:
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")

    def page_error(self, error: Any) -> None:
        self.errors.append(f"page error: {error}")

    def attach(self, context: Any) -> None:
        context.route("**/*", self.route)

    def watch(self, page: Any) -> None:
        page.on("console", self.console)
        page.on("pageerror", self.page_error)
        page.on("response", self.response)


def open_chapter(context: Any, watch: Watch, name: str, timeout_s: float = 120) -> Any:
    """Open a chapter in the notebook view, watched, and wait for its cells to be drawn."""
    page = context.new_page()
    watch.watch(page)
    page.goto(chapter_url(watch.base, name))
    page.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=timeout_s * 1000)
    return page


#: The notebook's kernel status, as its toolbar shows it ("Kernel status: Idle ...").
KERNEL_STATUS = ".jp-Notebook-ExecutionIndicator"


def kernel_state(page: Any) -> str:
    """What the page shows of its kernel, for a failure message: the status, the input prompts
    and any open dialog."""
    state: str = page.evaluate(
        """sel => JSON.stringify({
            status: [...document.querySelectorAll(sel)].map(e => e.textContent.trim()),
            prompts: [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(p => p.textContent.trim()),
            dialogs: [...document.querySelectorAll('.jp-Dialog')].map(d => d.textContent.trim().slice(0, 200)),
        })""",
        KERNEL_STATUS,
    )
    return state


#: A JavaScript predicate on ``[least, status selector, error selector]``: the execution indicator
#: says the kernel is idle and has executed at least ``least`` cells of this Run All (``least`` < 0:
#: every code cell of the notebook), or an error output is shown (Run All stops at an error; the
#: caller then reports it). The indicator is read rather than the input prompts: a cell whose code
#: is hidden (the course hides it) shows no prompt, and JupyterLab leaves its number unset.
EXECUTED = """([least, status, error]) => {
    const text = [...document.querySelectorAll(status)].map(e => e.textContent).join(' ');
    const executed = /Executed (\\d+) cell/.exec(text);
    if (!executed || !/Kernel status: Idle/.test(text)) return false;
    const want = least < 0 ? document.querySelectorAll('.jp-Notebook .jp-CodeCell').length : least;
    return Number(executed[1]) >= want || document.querySelector(error) !== null;
}"""


def run_all_cells(page: Any, timeout_s: float = 420) -> tuple[float, float]:
    """Wait for the chapter's kernel to be idle (as a reader waits for it), then Run > Run All
    Cells, and wait until the execution indicator says every code cell ran (or an error output is
    shown). Returns the seconds until the first code cell was done (the kernel's start, when it was
    not running yet, plus that cell) and until the last one was. (Run All pressed while the
    notebook has no kernel yet asks the reader to choose one, and nothing runs until they do.)"""
    start = time.perf_counter()
    try:
        page.wait_for_function(
            "sel => [...document.querySelectorAll(sel)].some(e => /Kernel status: Idle/.test(e.textContent))",
            arg=KERNEL_STATUS,
            timeout=timeout_s * 1000,
            polling=250,
        )
    except Exception as error:
        raise AssertionError(f"the kernel never became idle: {kernel_state(page)}") from error
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    try:
        page.wait_for_function(EXECUTED, arg=[1, KERNEL_STATUS, ERROR_OUTPUT], timeout=timeout_s * 1000, polling=100)
        first = time.perf_counter() - start
        page.wait_for_function(EXECUTED, arg=[-1, KERNEL_STATUS, ERROR_OUTPUT], timeout=timeout_s * 1000, polling=250)
    except Exception as error:
        raise AssertionError(f"the cells did not all run: {kernel_state(page)}") from error
    return first, time.perf_counter() - start


#: An error (or anything written to stderr) in a cell's output.
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"


def error_outputs(page: Any) -> list[str]:
    """The text of every error (and stderr) output of the notebook."""
    texts: list[str] = page.locator(ERROR_OUTPUT).all_inner_texts()
    return texts


def saved_figures(name: str) -> int:
    """How many pictures (figures) the chapter's saved outputs hold."""
    import json

    notebook = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    outputs = [output for cell in notebook["cells"] for output in cell.get("outputs", [])]
    return sum(1 for output in outputs if any(kind.startswith("image/") for kind in output.get("data", {})))


def shown_figures(page: Any) -> int:
    return int(page.locator(".jp-OutputArea-output[data-mime-type^='image/']").count())


# -- the card table (the play chapter) ------------------------------------------------------------

TABLE = ".ct-root"


def _my_turn(page: Any, timeout_s: float) -> str:
    """Wait until South has a legal card or the hand is over: 'play' or 'end'."""
    page.wait_for_function(
        f"""() => document.querySelector('{TABLE} .ct-hand-card.ct-legal')
            || (document.querySelector('{TABLE} .ct-end') && !document.querySelector('{TABLE} .ct-end').hidden)""",
        timeout=timeout_s * 1000,
        polling=100,
    )
    return "end" if page.locator(f"{TABLE} .ct-end").is_visible() else "play"


def play_whole_hand(page: Any, bid: str = "3", timeout_s: float = 120) -> list[str]:
    """At the card table (drawn, nothing bid yet): set the bots' pause to 0, bid ``bid``, then play
    South's first legal card each turn until the hand is over. Returns South's cards, in order."""
    table = page.locator(TABLE).first
    table.locator(".ct-hand-card").first.wait_for(timeout=timeout_s * 1000)
    table.locator(".ct-pace").select_option("0")
    table.locator(".ct-bid-choice").select_option(bid)
    table.locator(".ct-bid-button").click()
    played: list[str] = []
    while _my_turn(page, timeout_s) == "play":
        count = table.locator(".ct-hand-card").count()
        card = table.locator(".ct-hand-card.ct-legal").first
        played.append(str(card.get_attribute("data-code")))
        card.click()
        page.wait_for_function(
            f"""n => document.querySelectorAll('{TABLE} .ct-hand-card').length < n
                || !document.querySelector('{TABLE} .ct-end').hidden""",
            arg=count,
            timeout=timeout_s * 1000,
            polling=100,
        )
        if len(played) > 13:
            raise AssertionError(f"more than 13 cards played: {played}")
    return played


def review_my_hand(page: Any, timeout_s: float = 60) -> tuple[float, list[list[str]]]:
    """Press "Review my hand" at the end of a hand and wait for the review's table. Returns the
    seconds it took and its rows (trick, card, tricks lost, why)."""
    table = page.locator(TABLE).first
    start = time.perf_counter()
    table.locator(".ct-review-button").click()
    table.locator(".ct-review tbody tr").first.wait_for(timeout=timeout_s * 1000)
    seconds = time.perf_counter() - start
    rows: list[list[str]] = table.locator(".ct-review tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => td.innerText.trim()))"
    )
    return seconds, rows
