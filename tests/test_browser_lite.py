"""The live edition of the book (JupyterLite with the Pyodide kernel) in a real browser.

The site is built once per session from its pinned inputs (tools/build_lite.sh) and served on
127.0.0.1. Chromium may reach no other host: every other request is aborted and recorded, and any
blocked request, console error, console warning (but the few of ``_lite.ALLOWED_WARNINGS``, each
with the reason it stays) or page error fails the test. Every chapter runs all its cells by itself
when it opens (tools/lite/runs_itself): the play chapter's card table comes on screen without any
Run All, with no code of the cells the book hides in sight. Chapter 11 is opened as a reader opens
it, then its bid advisor gets a new hand and must show the advice the library gives for it; the file
list and JupyterLab open quietly, inside the book too. Every chapter runs to its end, printing what
it prints here, in tests/test_browser_lite_chapters.py (one kernel for all, its own browser, so that
pytest-xdist can run it beside this module); the card table is played, compared with the expert and
reviewed in tests/test_browser_lite_practice.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _browser import ARTIFACTS, console_quiet, serve_directory, settled
from _lite import (
    NOTEBOOKS,
    PLAY_CHAPTER,
    TABLE,
    Watch,
    build_lite,
    chapter_url,
    error_outputs,
    live_site,
    ran_chapter,
    watched_context,
)

from spades_teach.advice import advise_bid

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: a hand far weaker than the chapter's own (which the advisor bids 5 on)
WEAK_HAND = "S: 2 H: 8642 D: 8643 C: 7532"


@pytest.fixture(scope="module")
def live() -> Iterator[tuple[Any, Watch]]:
    """A Chromium context on the built live edition, with every request and console error watched."""
    with live_site() as (browser, url), watched_context(browser, url) as watched:
        yield watched


def _label(bid: Any) -> str:
    return str(getattr(bid, "label", bid))


def test_the_site_serves_its_own_pyodide_and_wheels() -> None:
    built = build_lite()
    assert built.returncode == 0, built.log[-3000:]
    config = json.loads((built.site / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    lock = json.loads((built.site / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    for entry in lock["packages"].values():
        assert (built.site / "static" / "pyodide" / entry["file_name"]).exists(), entry["file_name"]
    assert {"spades-teach", "ipywidgets", "micropip", "ipython"} <= set(lock["packages"])
    # the double-dummy solver as WebAssembly (the wheel is pure Python otherwise)
    import zipfile

    wheel = built.site / "static" / "pyodide" / lock["packages"]["spades-teach"]["file_name"]
    names = zipfile.ZipFile(wheel).namelist()
    assert "spades_teach/solver/_ddcore.wasm" in names
    assert not [name for name in names if name.endswith((".so", ".pyd"))]
    # bytecode (tools/lite/precompile.py): unchecked hash-based (PEP 552 flags 0b01), for the kernel's
    # start and every module of spades_teach; beside the source in spades_teach's wheel, in its place in
    # the other wheels and in Python's library
    pyc = "spades_teach/game/__pycache__/round.cpython-314.pyc"
    assert {"spades_teach/game/round.py", pyc} <= set(names)
    assert zipfile.ZipFile(wheel).read(pyc)[4:8] == b"\x01\x00\x00\x00"
    ipython = zipfile.ZipFile(built.site / "static" / "pyodide" / lock["packages"]["ipython"]["file_name"])
    assert "IPython/core/interactiveshell.pyc" in ipython.namelist()
    assert "IPython/core/interactiveshell.py" not in ipython.namelist()
    stdlib = zipfile.ZipFile(built.site / "static" / "pyodide" / "python_stdlib.zip").namelist()
    assert "asyncio/__init__.pyc" in stdlib and "asyncio/__init__.py" not in stdlib
    # the front-end extensions the PyPI wheels carry are left out (the site serves its own copies)
    widgets = built.site / "static" / "pyodide" / lock["packages"]["jupyterlab-widgets"]["file_name"]
    assert not [name for name in zipfile.ZipFile(widgets).namelist() if "/labextensions/" in name]


def _started(site: Path) -> dict[str, Any]:
    """The served lock's entries of every package the kernel loads at its start (the packages of
    jupyter-lite.json and all they depend on): what a first visit downloads of the wheels."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    packages = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    todo, seen = list(kernel["loadPyodideOptions"]["packages"]), {}
    while todo:
        name = todo.pop()
        if name not in seen:
            seen[name] = packages[name]
            todo += packages[name]["depends"]
    return seen


def test_a_first_visit_downloads_neither_jedi_nor_the_catalogs_of_other_languages() -> None:
    """What the kernel loads at its start holds no jedi or parso (1 MB, a hundred modules imported for
    nothing the chapters use: IPython completes without jedi, tests/test_lite_kernel.py), only the
    stand-in under jedi's name, which has no module; and no French or Spanish catalog: spades_teach's
    wheel has none, each language's is a wheel of its own that nothing loads at the start (an English
    page never asks for one: chapter 11's test below; a French page not for the Spanish one:
    tests/test_browser_lite_languages.py). Nor spades_teach's command line or Voila app, which no page
    runs."""
    import zipfile

    built = build_lite()
    assert built.returncode == 0, built.log[-3000:]
    started = _started(built.site)
    assert "parso" not in started
    assert started["jedi"]["version"] == "0+absent"
    stand_in = zipfile.ZipFile(built.site / "static" / "pyodide" / started["jedi"]["file_name"]).namelist()
    assert not [name for name in stand_in if name.startswith("jedi/")]
    own = zipfile.ZipFile(built.site / "static" / "pyodide" / started["spades-teach"]["file_name"]).namelist()
    assert not [name for name in own if name.startswith(("spades_teach/locale/fr/", "spades_teach/locale/es/"))]
    assert not [name for name in own if name.startswith(("spades_teach/cli/", "spades_teach/app/"))]
    assert "spades_teach/locale/numbers.json" in own
    assert not {"spades-teach-fr", "spades-teach-es"} & set(started)
    lock = json.loads((built.site / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert {"spades-teach-fr", "spades-teach-es"} <= set(lock["packages"])


def test_chapter_11_runs_live_and_the_advisor_answers_a_new_hand(live: tuple[Any, Watch]) -> None:
    _, watch = live
    with ran_chapter(live, "11_bid_advisor") as page:
        advisor = page.locator(".st-bid-advisor").first
        shown = advisor.locator(".st-advice-bid-value")
        first = _label(advise_bid("S: AKQ3 H: K52 D: 7 C: A9842").bid)
        assert shown.inner_text().strip() == first

        weak = _label(advise_bid(WEAK_HAND).bid)
        assert weak != first, "the test needs a hand with other advice"
        box = advisor.locator(".st-advice-hand textarea")
        box.fill(WEAK_HAND)
        box.press("Tab")
        page.wait_for_function(
            """want => {
                const shown = document.querySelector('.st-bid-advisor .st-advice-bid-value');
                return shown !== null && shown.textContent.trim() === want;
            }""",
            arg=weak,
            timeout=30_000,
        )
        advisor.screenshot(path=str(ARTIFACTS / "lite-advisor.png"))
        assert watch.blocked == watch.errors == watch.warnings == [], (watch.blocked, watch.errors, watch.warnings)
        # one kernel for the page, started by the site's plugin before the notebook opened (the notebook
        # connected to its session rather than starting a second one)
        assert page.evaluate("document.body.dataset.stKernel") == "early"
    assert len([url for url in watch.requested if "/comlink.worker." in url]) == 1, watch.requested
    # an English page asks for no French or Spanish catalog: neither spades_teach's (a wheel per
    # language) nor JupyterLab's (the menus' language packs), though it asks for the wheels it uses
    wheels = [url for url in watch.requested if url.endswith(".whl")]
    assert [url for url in wheels if "/spades_teach-" in url], wheels
    assert not [url for url in watch.requested if "/spades_teach_fr-" in url or "/spades_teach_es-" in url]
    assert not [
        url for url in watch.requested if "/api/translations/" in url and url.endswith(("fr_FR.json", "es_ES.json"))
    ]
    # no chapter has mathematics: MathJax's typesetter is disabled (tools/lite/jupyter-lite.json), and the
    # 0.9 MB of its scripts, which it fetched on the first Markdown cell drawn, are never asked for
    site = build_lite().site
    scripts = {url.split("?")[0].removeprefix(watch.base + "/") for url in watch.requested if "/build/" in url}
    scripts = {name for name in scripts if name.endswith(".js")}
    assert len(scripts) > 20, scripts  # the page's own
    assert not [name for name in scripts if "MathJax.startup" in (site / name).read_text(encoding="utf-8")]


def test_no_module_is_shipped_both_as_source_and_as_bytecode_but_spades_teach_s() -> None:
    """A reader's first visit downloads every wheel of the kernel's start and Python's library: a module
    with bytecode leaves its source out (3 MB less), but in spades_teach's own wheel, whose source
    the learner's tracebacks show. What the kernel never reads is left out too: Pygments' other lexers."""
    import zipfile

    built = build_lite()
    assert built.returncode == 0, built.log[-3000:]
    folder = built.site / "static" / "pyodide"
    archives = [*sorted(folder.glob("*.whl")), folder / "python_stdlib.zip"]
    both = []
    for archive in archives:
        names = set(zipfile.ZipFile(archive).namelist())
        if archive.name.startswith("spades_teach-"):
            continue
        assert not [name for name in names if "/__pycache__/" in name], archive.name
        both += [f"{archive.name}: {name}" for name in names if name.endswith(".pyc") and name[:-1] in names]
        if archive.name.startswith("pygments-"):
            lexers = {name for name in names if name.startswith("pygments/lexers/")}
            assert "pygments/lexers/python.pyc" in lexers and len(lexers) < 10, sorted(lexers)
    assert both == []


@pytest.mark.parametrize("app", ["tree", "lab"])
def test_the_file_list_and_jupyterlab_open_with_a_quiet_console(live: tuple[Any, Watch], app: str) -> None:
    """The book's first page links to the live edition's file list (tree/), and the site's root opens
    JupyterLab (lab/): both show the chapters with no console error or warning but the allowed ones."""
    context, watch = live
    watch.errors.clear()
    watch.warnings.clear()
    page = context.new_page()
    watch.watch(page)
    try:
        page.goto(f"{watch.base}/{app}/index.html")
        page.locator(".jp-DirListing-item").first.wait_for(timeout=120_000)
        console_quiet(page, quiet_ms=2000)  # the plugins that start after the first drawing
    finally:
        page.close()
    assert watch.blocked == watch.errors == watch.warnings == [], (watch.blocked, watch.errors, watch.warnings)


def test_served_inside_the_book_a_fresh_visit_asks_for_no_missing_icon(live: tuple[Any, Watch], tmp_path: Path) -> None:
    """The book serves the live edition under live/, and the book's root has no favicon.ico: a page
    that named no icon made the browser ask for /favicon.ico there, a 404 in the console of every fresh
    visit (the other tests serve the site as the root, where it has one). Every page names the site's
    own spade now (tools/lite/favicon.py)."""
    built = build_lite()
    assert built.returncode == 0, built.log[-3000:]
    (tmp_path / "live").symlink_to(built.site.resolve())
    browser = live[0].browser  # the module's Chromium: a second Playwright in one test process fails
    with serve_directory(tmp_path) as root:
        for path, ready in [
            (f"notebooks/index.html?path={PLAY_CHAPTER}.ipynb", ".jp-Notebook .jp-CodeCell"),
            ("tree/index.html", ".jp-DirListing-item"),
        ]:
            # No routing of requests here (the browser is offline all the same): Chromium asks for a
            # page's icon only when no route watches the page's requests.
            context = browser.new_context(viewport={"width": 1200, "height": 900})
            watch = Watch(root)
            try:
                page = context.new_page()
                watch.watch(page)
                page.goto(f"{root}/live/{path}")
                page.locator(ready).first.wait_for(timeout=120_000)
                console_quiet(page, quiet_ms=2000)  # the plugins that start after the first drawing
                icons = page.locator('link[rel="icon"]').evaluate_all("links => links.map(l => l.href)")
            finally:
                context.close()
            assert watch.errors == watch.warnings == [], (path, watch.errors, watch.warnings)
            # (the notebook view adds Jupyter's own, which it swaps while the kernel is busy)
            assert icons[0] == f"{root}/live/favicon.svg", icons


def _hidden_code_cells(name: str) -> tuple[int, int]:
    """The chapter's code cells whose code the book hides (collapsed: ``jupyter.source_hidden``), and
    all its code cells."""
    notebook = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    hidden = [cell for cell in code if cell.get("metadata", {}).get("jupyter", {}).get("source_hidden")]
    return len(hidden), len(code)


def test_the_play_chapter_runs_itself_with_no_code_in_sight(live: tuple[Any, Watch]) -> None:
    """The chapter opens and runs by itself: nobody presses Run All, the card table comes on screen,
    and the code the book hides shows neither its code nor a collapsed stub of it (the cells the book
    shows keep their code). The page says when every cell has run, and logs nothing wrong."""
    import time

    context, watch = live
    watch.errors.clear()
    watch.warnings.clear()
    hidden, total = _hidden_code_cells(PLAY_CHAPTER)
    assert 0 < hidden < total, "the test needs a chapter with hidden code and shown code"
    page = context.new_page()
    watch.watch(page)
    notes: list[str] = []
    page.on("console", lambda message: notes.append(message.text) if message.type == "info" else None)
    try:
        start = time.perf_counter()
        page.goto(chapter_url(watch.base, PLAY_CHAPTER))
        page.locator(f"{TABLE} .ct-hand-card").first.wait_for(timeout=300_000)
        seconds = time.perf_counter() - start
        print(f"the card table on screen {seconds:.1f} s after the page opened (no Run All)")
        assert page.locator(TABLE).first.is_visible()
        page.wait_for_function("() => ['done', 'stopped'].includes(document.body.dataset.stRun)", timeout=300_000)
        assert page.evaluate("document.body.dataset.stRun") == "done"
        # the page stays at the chapter's title (Run All scrolled to each cell it ran, down the page),
        # also once the late outputs are drawn
        scrolled, outputs = (
            "() => document.querySelector('.jp-WindowedPanel-outer').scrollTop",
            page.locator(".jp-OutputArea"),
        )
        top, _drawn = settled(page, lambda: (page.evaluate(scrolled), outputs.count()), quiet_ms=1500)
        assert top == 0
        assert page.locator(".jp-MarkdownCell h1").first.is_visible()
        page.screenshot(path=str(ARTIFACTS / "lite-runs-itself.png"))
        cells = page.locator(".jp-Notebook .jp-CodeCell")
        assert cells.count() == total
        assert page.locator(".jp-CodeCell.st-code-hidden").count() == hidden
        # no code, and no collapsed stub of code, on screen for the cells the book hides
        assert (
            page.locator(".jp-CodeCell.st-code-hidden .jp-Cell-inputWrapper").evaluate_all(
                "wrappers => wrappers.filter(w => w.offsetParent !== null).length"
            )
            == 0
        )
        assert (
            page.locator(".jp-InputPlaceholder").evaluate_all(
                "stubs => stubs.filter(s => s.offsetParent !== null).length"
            )
            == 0
        )
        # the code the book shows (its "For programmers" cell) stays on screen
        shown = page.locator(".jp-CodeCell:not(.st-code-hidden) .jp-InputArea-editor")
        assert shown.count() == total - hidden and shown.first.is_visible()
        assert error_outputs(page) == []
        # the live reader's finding 10: the chapter opened with its title as the active cell, a toolbar
        # over it (move, duplicate, delete) and its words open to editing. The title is still the
        # active cell (the page starts there), but with no toolbar, and neither the keys that delete a
        # cell (D, D) nor those that edit it (Enter, a double click) change the chapter's text
        title = page.locator(".jp-Notebook .jp-Cell").first
        assert "jp-MarkdownCell" in (title.get_attribute("class") or "")
        words = title.inner_text()
        count = page.locator(".jp-Notebook .jp-Cell").count()
        assert title.locator(".jp-cell-toolbar").evaluate_all("bars => bars.filter(b => b.offsetParent).length") == 0
        title.click()
        page.keyboard.press("Escape")
        page.keyboard.press("d")
        page.keyboard.press("d")
        page.keyboard.press("Enter")
        title.dblclick()
        page.wait_for_timeout(500)
        # JupyterLab refuses the deletion, and says so in the console: the only warning this check makes
        refused = "Cannot execute key binding 'D, D': command 'notebook:delete-cell' is not enabled."
        assert [w for w in watch.warnings if refused in w], watch.warnings
        watch.warnings[:] = [w for w in watch.warnings if refused not in w]
        assert page.locator(".jp-Notebook .jp-Cell").count() == count
        first = page.locator(".jp-Notebook .jp-Cell").first
        assert first.inner_text() == words
        assert first.locator(".cm-editor").evaluate_all("editors => editors.filter(e => e.offsetParent).length") == 0
    finally:
        page.close()
    assert watch.blocked == watch.errors == watch.warnings == [], (watch.blocked, watch.errors, watch.warnings)
    # the kernel, started early by the site's plugin, was made once JupyterLite's service worker was
    # registered, so it mounted the site's files (made before, it warns that they are not synced)
    assert "Pyodide contents will be synced with Jupyter Contents" in notes, notes
