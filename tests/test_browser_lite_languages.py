"""The live edition in French and in Spanish: a chapter of each language runs in the browser's Python
(JupyterLite, Pyodide kernel) and speaks that language.

The French and Spanish chapters are served as ``fr/NN_name.ipynb`` and ``es/NN_name.ipynb``, the
paths the book's "Open live" links use. Chapter 4 (scoring a hand) is the one opened: it runs in well
under a minute, prints the chapter's own sentences, and shows the library's score explanation twice,
in a printed cell and in the score calculator (a widget). Its first cell calls ``set_language``: the
explanation the browser shows must be the one the library gives here in that language (the catalogs
travel in the live edition's wheel), and not the English one. As in tests/test_browser_lite.py, only
the site's own host is reachable and any console error, or warning but those of
``_lite.ALLOWED_WARNINGS``, fails the test.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, serve_directory
from _lite import NOTEBOOKS, OFFLINE_ARGS, Watch, build_lite, error_outputs, open_chapter, run_all_cells

from spades_teach import score_round, set_language

pytestmark = [pytest.mark.slow, pytest.mark.browser]

CHAPTER = "04_scoring_a_hand"

#: The hand of the chapter's "one line per item" cell and its calculator's first example (bids, tricks).
BIDS = {"N": 4, "E": 3, "S": 3, "W": 2}
TRICKS = {"N": 5, "E": 2, "S": 4, "W": 2}

#: Words of each language's chapter text that only that translation has: the end of the line the
#: chapter prints for each team under its explanation.
CHAPTER_WORDS = {"fr": "au compteur de surplus", "es": "en el contador de bolsas"}


def _explanation(language: str) -> list[str]:
    """The library's explanation of the chapter's hand, here (CPython), in ``language``."""
    set_language(language)
    try:
        return score_round(BIDS, TRICKS).explain().splitlines()
    finally:
        set_language("en")


def _stored_lines(path: Path, words: str) -> list[str]:
    """The output lines of the executed chapter (as committed, checked by nbval) holding ``words``."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [
        line
        for cell in notebook["cells"]
        for output in cell.get("outputs", [])
        for line in "".join(output.get("text", "")).splitlines()
        if words in line
    ]


@pytest.fixture(scope="module")
def live() -> Iterator[tuple[Any, Watch]]:
    """A Chromium context on the built live edition, every request and console message watched."""
    from playwright.sync_api import sync_playwright

    built = build_lite()
    assert built.returncode == 0, built.log[-3000:]
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}: install it with 'bash tools/system_deps.sh'")
    with serve_directory(built.site) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *OFFLINE_ARGS])
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        watch = Watch(url)
        watch.attach(context)
        yield context, watch
        context.close()
        browser.close()


def test_the_live_wheel_carries_the_french_and_spanish_catalogs() -> None:
    built = build_lite()
    assert built.returncode == 0, built.log[-3000:]
    pyodide = built.site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    names = zipfile.ZipFile(pyodide / lock["packages"]["spades-teach"]["file_name"]).namelist()
    for language in ("fr", "es"):
        assert f"spades_teach/locale/{language}/LC_MESSAGES/spades_teach.mo" in names
        # the chapters of that language are in the site's contents, under the folder the book links to
        assert (built.site / "files" / language / f"{CHAPTER}.ipynb").exists()


@pytest.mark.parametrize("language", ["fr", "es"])
def test_a_chapter_runs_live_in_its_language(live: tuple[Any, Watch], language: str) -> None:
    context, watch = live
    watch.errors.clear()
    watch.warnings.clear()
    watch.blocked.clear()
    explanation = _explanation(language)
    english = _explanation("en")
    assert set(explanation).isdisjoint(english), "the test needs an explanation that is translated"
    chapter_lines = _stored_lines(NOTEBOOKS / language / f"{CHAPTER}.ipynb", CHAPTER_WORDS[language])
    assert len(chapter_lines) == 2, chapter_lines  # one line per team

    page = open_chapter(context, watch, f"{language}/{CHAPTER}")
    try:
        run_all_cells(page)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"lite-{language}-{CHAPTER}.png"), full_page=True)
        assert error_outputs(page) == [], f"errors printed in the browser: {error_outputs(page)}"
        shown = page.locator(".jp-Notebook").inner_text()
        # the chapter's own words, printed by its cells in the browser
        for line in chapter_lines:
            assert line in shown
        # the library's words: the explanation in the chapter's language, printed and in the widget
        calculator = page.locator(".st-score-calculator .st-score-lines").first
        calculator.locator("li").first.wait_for(timeout=60_000)
        in_widget = calculator.inner_text()
        for line in explanation:
            assert line in shown
            assert line in in_widget
        assert not [line for line in english if line in shown], "an English explanation is shown"
    finally:
        page.close()
    assert watch.blocked == [], f"requests to other hosts: {watch.blocked}"
    assert watch.errors == [], f"console errors: {watch.errors}"
    assert watch.warnings == [], f"console warnings: {watch.warnings}"
