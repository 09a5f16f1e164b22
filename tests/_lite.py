"""The live edition of the book (JupyterLite, Pyodide kernel) in a real browser: build it once per
session, open a chapter (which runs all its cells by itself), and watch every request and console
message.

Used by tests/test_browser_lite.py and benchmarks/lite.py.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _browser import CHROMIUM, CHROMIUM_ARGS, serve_directory
from _once import once_per_run

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


@once_per_run("lite")
def build_lite() -> LiteBuild:
    """Run tools/build_lite.sh into build/lite/test-site, once per test run (the book's build of the
    run copies this site rather than building its own).

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


@contextmanager
def live_site() -> Iterator[tuple[Any, str]]:
    """Chromium, offline, and the address of the built live edition served on 127.0.0.1 (built once
    per session). A failed build or a missing Chromium stops here, with the reason."""
    from playwright.sync_api import sync_playwright

    built = build_lite()
    assert built.returncode == 0, built.log[-3000:]
    assert Path(CHROMIUM).exists(), f"Chromium is missing at {CHROMIUM}: install it with 'bash tools/system_deps.sh'"
    with serve_directory(built.site) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *OFFLINE_ARGS])
        try:
            yield browser, url
        finally:
            browser.close()


@contextmanager
def watched_context(browser: Any, url: str, **options: Any) -> Iterator[tuple[Any, Watch]]:
    """A new browser context on the site (its own storage: a reader's first visit), with every request
    and console message watched; closed afterwards."""
    context = browser.new_context(**{"viewport": {"width": 1200, "height": 900}, **options})
    watch = Watch(url)
    watch.attach(context)
    try:
        yield context, watch
    finally:
        context.close()


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
    #: the addresses asked of the site (by a context the watch is attached to)
    requested: list[str] = field(default_factory=list)

    def route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith((self.base + "/", "data:", "blob:")):
            if url.startswith(self.base + "/"):
                self.requested.append(url)
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


#: The execution indicator once Run All has started something: busy, or cells counted.
STARTED = """([status, busy, ran]) => new RegExp(busy + '|' + ran).test(
    [...document.querySelectorAll(status)].map(e => e.textContent).join(' '))"""


def accept_dialog(page: Any) -> None:
    """Accept the dialog in front, as a reader would (a kernel-choice dialog: its default is the
    chapter's own kernel); a dialog that stays open fails with its text."""
    dialog = page.locator(".jp-Dialog .jp-mod-accept")
    if not dialog.count():
        return
    shown = page.locator(".jp-Dialog").first.inner_text()
    # JupyterLite now and then ignores the first press while the kernel is still starting: press again,
    # then close the dialog as a reader would (Escape keeps the chapter's kernel), before failing.
    for press in (lambda: dialog.first.click(), lambda: dialog.first.click(), lambda: page.keyboard.press("Escape")):
        try:
            press()
            page.locator(".jp-Dialog").first.wait_for(state="detached", timeout=15_000)
            return
        except Exception:
            continue
    raise AssertionError(f"a dialog stays open after its button was pressed twice and Escape: {shown!r}")


#: The menu bar's Run menu (the message with its context in JupyterLab's catalogs).
RUN_MENU = "menu\x04Run"


def _press_run_all(page: Any, tries: int) -> None:
    """Run > Run All Cells, pressed again while nothing starts: a notebook opened again can show its
    kernel as Idle before the kernel is connected, and a Run All pressed then runs nothing."""
    for _ in range(tries):
        try:
            run = re.compile(f"^(?:{_either(interface_words(RUN_MENU))})$")
            run_all = re.compile(f"^(?:{_either(interface_words('Run All Cells'))})$")
            page.locator(".lm-MenuBar-itemLabel", has_text=run).first.click(timeout=15_000)
            page.locator(".lm-Menu-itemLabel", has_text=run_all).first.click(timeout=15_000)
        except Exception:  # a dialog stood in front for 15 s: answer it as a reader would, press again
            accept_dialog(page)
            continue
        try:
            _idle, busy, ran = indicator_patterns()
            page.wait_for_function(STARTED, arg=[KERNEL_STATUS, busy, ran], timeout=60_000, polling=100)
            return
        except Exception:  # nothing started: press again
            continue
    raise AssertionError(f"Run All Cells started nothing after {tries} presses: {kernel_state(page)}")


#: What the page shows of its Run All: the kernel idle or not, the cells the execution indicator counts
#: as executed, the notebook's code cells, and whether an error output is shown.
PROGRESS = """([status, error, idle, ran]) => {
    const text = [...document.querySelectorAll(status)].map(e => e.textContent).join(' ');
    const executed = new RegExp(ran).exec(text);
    return {
        idle: new RegExp(idle).test(text),
        executed: executed ? Number(executed.slice(1).find(n => n !== undefined)) : 0,
        total: document.querySelectorAll('.jp-Notebook .jp-CodeCell').length,
        error: document.querySelector(error) !== null,
    };
}"""


def interface_words(message: str, site: Path = LITE_SITE) -> list[str]:
    """``message`` of JupyterLab's interface (``"menu\x04Run"``: with its context) in English and in
    each language the site's menus may speak (a French chapter opens with French menus): the language
    packs' own words, from the site's ``api/translations``; every form of a plural message."""
    words = [message.rpartition("\x04")[2]]
    for path in sorted((site / "api" / "translations").glob("*_*.json")):
        catalog = json.loads(path.read_text(encoding="utf-8"))["data"].get("jupyterlab", {})
        words += [form for form in catalog.get(message, []) if form not in words]
    return words


def _either(words: list[str], number: str = "%1") -> str:
    """A regular expression for the page matching any of ``words`` (``%1``: a number, captured)."""
    return "|".join(re.escape(word).replace(re.escape(number), r"(\d+)") for word in words)


def indicator_patterns() -> tuple[str, str, str]:
    """What the notebook's execution indicator says when its kernel is idle, when it is busy, and
    when it has run a number of cells (the number captured), as regular expressions for the page."""
    idle = [
        status.replace("%1", word)
        for status in interface_words("Kernel status: %1")
        for word in interface_words("Idle")
    ]
    ran = interface_words("Executed %1 cell")
    return _either(idle), _either(interface_words("Busy")), _either(ran)


#: Seconds an idle kernel may sit with cells left unrun before Run All is pressed (once).
STALLED_S = 30

#: What the chapter's own run shows on the page's body (tools/lite/runs_itself/static/remoteEntry.js):
#: "kernel", "running", then "done" (every cell ran) or "stopped" (a cell failed).
RUN_STATE = "() => document.body.dataset.stRun || ''"


def run_all_cells(page: Any, timeout_s: float = 420) -> tuple[float, float]:
    """Wait for the chapter's cells to run: the notebook page runs them all by itself as soon as its
    kernel is ready (tools/lite/runs_itself), nobody presses Run All. Waits until the page says the
    run is done and the execution indicator counts every code cell (or an error output is shown).
    Returns the seconds until the first code cell was done (the kernel's start plus that cell) and
    until the last one was, from this call (made just after the page opened).

    JupyterLite's notebook now and then stops a Run All part way, with the kernel idle and no error:
    when the kernel has sat idle for :data:`STALLED_S` seconds with cells left, Run All is pressed
    once, as a reader would, and the cells run from the top."""
    start = time.perf_counter()
    idle, _busy, ran = indicator_patterns()
    first: float | None = None
    pressed = False
    seen, since = -1, time.perf_counter()
    while True:
        state = page.evaluate(PROGRESS, [KERNEL_STATUS, ERROR_OUTPUT, idle, ran])
        run = page.evaluate(RUN_STATE)
        now = time.perf_counter()
        if first is None and (state["executed"] >= 1 or state["error"]):
            first = now - start
        if state["error"] or run == "stopped":
            return first if first is not None else now - start, now - start
        if (run == "done" or pressed) and state["idle"] and state["executed"] >= state["total"]:
            return first if first is not None else now - start, now - start
        if state["executed"] != seen or not state["idle"] or run in ("", "kernel"):
            seen, since = state["executed"], now
        elif now - since > STALLED_S and not pressed:
            pressed = True
            _press_run_all(page, tries=2)
            seen, since = -1, time.perf_counter()
        if now - start > timeout_s:
            raise AssertionError(f"the cells did not all run (run: {run!r}): {kernel_state(page)}")
        _until_the_run_moves(page)


#: The page's run as one text (what PROGRESS and RUN_STATE read), and whether it now reads otherwise.
RUN_SNAPSHOT = f"""([status, error]) => JSON.stringify([({PROGRESS})([status, error]), ({RUN_STATE})()])"""
RUN_MOVED = f"""([status, error, before]) => ({RUN_SNAPSHOT})([status, error]) !== before"""


def _until_the_run_moves(page: Any) -> None:
    """Wait until the page's run shows something new (a cell ran, the kernel went idle…), or half a
    second has passed (the stalled run's clock is read again then)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    seen = page.evaluate(RUN_SNAPSHOT, [KERNEL_STATUS, ERROR_OUTPUT])
    with suppress(PlaywrightTimeout):
        page.wait_for_function(RUN_MOVED, arg=[KERNEL_STATUS, ERROR_OUTPUT, seen], timeout=500, polling=100)


@contextmanager
def ran_chapter(live: tuple[Any, Watch], name: str) -> Iterator[Any]:
    """Open the chapter, run all its cells, check it printed and logged no error, and yield its
    page; the page is closed afterwards, whatever happened (its kernel stops with it, so a chapter
    that failed leaves no busy kernel behind for the next test)."""
    from _browser import ARTIFACTS

    context, watch = live
    watch.errors.clear()
    watch.warnings.clear()
    page = open_chapter(context, watch, name)
    try:
        run_all_cells(page)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"lite-{name}.png"), full_page=True)
        assert error_outputs(page) == [], f"{name} printed errors in the browser: {error_outputs(page)}"
        assert watch.blocked == [], f"{name} asked for hosts other than the site: {watch.blocked}"
        assert watch.errors == [], f"{name} logged errors: {watch.errors}"
        assert watch.warnings == [], f"{name} logged warnings: {watch.warnings}"
        yield page
    finally:
        page.close()


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


def review_row_cells(row: Mapping[str, Any]) -> list[str]:
    """The verdict and the why of a row of the table's review (:attr:`TableGame.review`) as the
    table's JavaScript writes them (static/cardtable.js): the verdict in words (the row's ``label``,
    "a close call", "clearly worse: about 12 points"; "Nil lost" for a lost Nil), the why followed by
    the summary of its numbers ("the numbers", closed) when it has some, and its hindsight note, a
    paragraph of its own, when there is one."""
    verdict = row.get("label") or ("Nil lost" if row["nil_lost"] else "")
    why = row["text"] + ("\nthe numbers" if row.get("statistics") else "")
    why += f"\n\n{row['hindsight']}" if row.get("hindsight") else ""
    return [verdict, why]


# -- practice: the drills and the puzzles --------------------------------------------------------


def drill_answer(
    page: Any, root: Any, fields: Any, values: dict[str, str], timeout_s: float = 300
) -> tuple[float, str, list[str]]:
    """Answer the question of the drill widget ``root`` as a learner: click the choice (or the card)
    of a one-field question, or type into each box and press Enter in the last. Waits until the
    verdict is shown and any simulation behind the explanation is done (an answer the drill refuses
    fails at once, with its message). Returns the seconds that
    took, the verdict and the explanation's lines. ``fields`` are the question's
    (:class:`~spades_teach.analysis.drills.AnswerField`)."""
    start = time.perf_counter()
    if fields[0].kind in ("choice", "card"):
        root.locator(f'.dr-choice[data-choice="{values[fields[0].name]}"]').click()
    else:
        for f in fields:
            root.locator(f".dr-input-{f.name}").fill(values[f.name])
        root.locator(f".dr-input-{fields[-1].name}").press("Enter")
    try:
        page.wait_for_function(
            "r => (r.querySelector('.dr-verdict.dr-right, .dr-verdict.dr-wrong') && !r.querySelector('.dr-pending'))"
            " || r.querySelector('.dr-error')?.innerText.trim()",
            arg=root.element_handle(),
            timeout=timeout_s * 1000,
            polling=100,
        )
    except Exception as error:
        shown = root.locator(".dr-feedback, .dr-error").all_inner_texts()
        raise AssertionError(
            f"no whole feedback after {timeout_s:g} s to {values}: {shown}; {kernel_state(page)}"
        ) from error
    seconds = time.perf_counter() - start
    problem = root.locator(".dr-error").all_inner_texts()
    if "".join(problem).strip():
        raise AssertionError(f"the drill refused the answer {values}: {problem}")
    verdict = str(root.locator(".dr-verdict").inner_text())
    lines: list[str] = root.locator(".dr-lines li").all_inner_texts()
    return seconds, verdict, lines


#: The puzzle widget of the play chapter.
PUZZLE = ".st-puzzle"


def puzzle_answer(page: Any, card: Any, timeout_s: float = 120) -> tuple[float, str]:
    """Click ``card`` (a :class:`~spades_teach.game.cards.Card`) in the first puzzle widget's hand and
    wait for the verdict. Returns the seconds that took and the feedback's text (after its ✓ or ✗)."""
    view = page.locator(PUZZLE).first
    start = time.perf_counter()
    view.locator(f".st-puzzle-hand .st-card-{card}").click()
    view.locator(".st-puzzle-right, .st-puzzle-wrong").wait_for(timeout=timeout_s * 1000)
    seconds = time.perf_counter() - start
    shown = str(view.locator(".st-puzzle-feedback").inner_text()).strip()
    return seconds, shown.removeprefix("✓").removeprefix("✗").strip()  # the sign marks right or wrong


# -- practice: the chapters' widgets made here (CPython), to compare with what the browser shows --

#: Each chapter's drill, as its last code cell makes it (kinds, seed, starting levels): every kind
#: the chapters offer, in three chapters.
CHAPTER_DRILLS: dict[str, dict[str, Any]] = {
    "04_scoring_a_hand": {"kinds": ["score"], "seed": 4},
    "08_card_play": {"kinds": ["legal", "winner", "which"], "seed": 8, "min_levels": {"legal": 2, "winner": 2}},
    "11_bid_advisor": {"kinds": ["count", "bid", "nil"], "seed": 11, "min_levels": {"count": 2, "bid": 1}},
}


def chapter_drill(chapter: str, stored: Any = None) -> Any:
    """The chapter's drill widget made here, with the progress the browser keeps (``stored``: the
    kinds of its localStorage record; none by default): it asks the questions the page asks."""
    from spades_teach.widgets.drill import DrillWidget

    config = CHAPTER_DRILLS[chapter]
    widget = DrillWidget(config["kinds"], config["seed"], min_levels=config.get("min_levels"), store="browser")
    widget.send_action({"action": "restore", "kinds": dict(stored or {})})
    return widget


def chapter_puzzles() -> Any:
    """The play chapter's puzzles, as its cell makes them, with the live edition's store (the browser's:
    here nothing kept yet, as in a fresh browser context, and no file read or written)."""
    from spades_teach.widgets import PuzzleView

    return PuzzleView(seed=1, difficulty="easy", store="browser")


def chapter_table() -> Any:
    """The play chapter's card table (its game, without the widget), the bots at once."""
    from spades_teach.widgets.table_game import TableGame

    return TableGame(seed=2026, level="medium", teach=True, pause=0)


def chapter_challenge() -> Any:
    """The play chapter's challenge: a stand-in learner's hand on the deal of 1 December 2026,
    compared with the expert's (what the chapter's cell prints)."""
    from spades_teach.advice.driver import play_hand
    from spades_teach.advice.levels import seated_bot
    from spades_teach.analysis.challenge import challenge_round, compare_with_expert

    yours = challenge_round("2026-12-01", seat="S")
    players = {seat: seated_bot("medium", "friends", seat) for seat in "NEW"}
    players["S"] = seated_bot("easy", "learner", "S")
    play_hand(yours, players)
    return compare_with_expert(yours, seat="S", level="medium", seed="friends")
