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
from _browser import ARTIFACTS, console_quiet
from _lite import NOTEBOOKS, Watch, build_lite, error_outputs, live_site, open_chapter, run_all_cells, watched_context

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
    """The output lines of the executed chapter (as committed, checked by `pytest --nbval notebooks/`) holding ``words``."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [
        line
        for cell in notebook["cells"]
        for output in cell.get("outputs", [])
        for line in "".join(output.get("text", "")).splitlines()
        if words in line
    ]


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[Any, str]]:
    """Chromium, offline, and the address of the built live edition served on 127.0.0.1."""
    with live_site() as running:
        yield running


@pytest.fixture
def live(site: tuple[Any, str]) -> Iterator[tuple[Any, Watch]]:
    """A new browser context (its own storage: a reader's first visit), every request and console
    message watched."""
    with watched_context(*site) as watched:
        yield watched


def test_the_live_edition_serves_each_language_s_catalogs_in_a_wheel_of_its_own() -> None:
    """The French and Spanish catalogs (the library's and the chapters') are a wheel per language, which
    spades_teach fetches when a page first sets the language (spades_teach.i18n): an English page
    downloads neither."""
    built = build_lite()
    assert built.returncode == 0, built.log[-3000:]
    pyodide = built.site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    for language in ("fr", "es"):
        names = zipfile.ZipFile(pyodide / lock["packages"][f"spades-teach-{language}"]["file_name"]).namelist()
        assert f"spades_teach/locale/{language}/LC_MESSAGES/spades_teach.mo" in names
        assert f"spades_teach/locale/{language}/LC_MESSAGES/chapters.mo" in names
        # the chapters of that language are in the site's contents, under the folder the book links to
        assert (built.site / "files" / language / f"{CHAPTER}.ipynb").exists()


@pytest.mark.parametrize("language", ["fr", "es"])
def test_a_chapter_runs_live_in_its_language(live: tuple[Any, Watch], language: str) -> None:
    context, watch = live
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
    # the page fetched its language's catalogs, once, and not the other language's
    other = "es" if language == "fr" else "fr"
    assert len([url for url in watch.requested if f"/spades_teach_{language}-" in url]) == 1, watch.requested
    assert not [url for url in watch.requested if f"/spades_teach_{other}-" in url]


#: The interface's locale of each language: JupyterLab's language pack (tools/lite/languages.txt).
INTERFACE = {"fr": "fr_FR", "es": "es_ES"}


def _menu_bar(page: Any) -> list[str]:
    labels: list[str] = page.locator(".lm-MenuBar-itemLabel").all_inner_texts()
    return labels


@pytest.mark.parametrize("language", ["fr", "es"])
def test_the_reader_can_switch_the_menus_to_the_chapters_language(live: tuple[Any, Watch], language: str) -> None:
    """Settings > Language offers the language (a pinned pack served by the site); once chosen, the
    menus of the file list and of a chapter are in that language, with a quiet console."""
    context, watch = live
    site = build_lite().site / "api" / "translations"
    offered = json.loads((site / "all.json").read_text(encoding="utf-8"))["data"]
    locale = INTERFACE[language]
    catalog = json.loads((site / f"{locale}.json").read_text(encoding="utf-8"))["data"]["jupyterlab"]
    settings, help_ = catalog["Settings"][0], catalog["Help"][0]
    assert (settings, help_) != ("Settings", "Help"), "the pack must translate the menus the test reads"

    page = context.new_page()
    watch.watch(page)
    try:
        page.goto(f"{watch.base}/tree/index.html")
        page.locator(".jp-DirListing-item").first.wait_for(timeout=120_000)
        assert "Settings" in _menu_bar(page)  # English first: JupyterLite's default
        page.locator(".lm-MenuBar-itemLabel", has_text="Settings").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Language").first.hover()
        page.locator(".lm-Menu-itemLabel", has_text=offered[locale]["nativeName"]).first.click()
        page.locator(".jp-Dialog .jp-mod-accept").first.click()  # "Change and reload"
        page.wait_for_function(
            "want => [...document.querySelectorAll('.lm-MenuBar-itemLabel')].some(e => e.textContent === want)",
            arg=settings,
            timeout=120_000,
        )
        assert {settings, help_} <= set(_menu_bar(page))
    finally:
        page.close()
    # the choice stays with the reader: a chapter opened next has its menus in that language too
    page = open_chapter(context, watch, f"{language}/{CHAPTER}")
    try:
        page.wait_for_function(
            "want => [...document.querySelectorAll('.lm-MenuBar-itemLabel')].some(e => e.textContent === want)",
            arg=help_,
            timeout=60_000,
        )
        console_quiet(page, quiet_ms=2000)  # the plugins that start after the first drawing
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"lite-{language}-menus.png"))
        assert "Settings" not in _menu_bar(page), _menu_bar(page)
    finally:
        page.close()
    assert watch.blocked == [], f"requests to other hosts: {watch.blocked}"
    assert watch.errors == [], f"console errors: {watch.errors}"
    assert watch.warnings == [], f"console warnings: {watch.warnings}"


@pytest.mark.parametrize("language", ["fr", "es"])
def test_a_chapter_opens_with_the_menus_in_its_language(live: tuple[Any, Watch], language: str) -> None:
    """A reader's first visit to a French or Spanish chapter shows JupyterLite's menus in the chapter's
    language (the extension spades-teach-language switches Settings > Language once, before the
    chapter's kernel starts); an English chapter opened next has English menus again."""
    context, watch = live
    site = build_lite().site / "api" / "translations"
    catalog = json.loads((site / f"{INTERFACE[language]}.json").read_text(encoding="utf-8"))["data"]["jupyterlab"]
    help_ = catalog["Help"][0]
    assert help_ != "Help"
    ready = "want => document.body.dataset.stLanguage === want"
    page = open_chapter(context, watch, f"{language}/{CHAPTER}")
    try:
        page.wait_for_function(ready, arg=language, timeout=120_000)
        assert help_ in _menu_bar(page) and "Help" not in _menu_bar(page), _menu_bar(page)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"lite-{language}-chapter-menus.png"))
    finally:
        page.close()
    page = open_chapter(context, watch, CHAPTER)
    try:
        page.wait_for_function(ready, arg="en", timeout=120_000)
        assert "Help" in _menu_bar(page), _menu_bar(page)
    finally:
        page.close()
    assert watch.blocked == [], f"requests to other hosts: {watch.blocked}"
    assert watch.errors == [], f"console errors: {watch.errors}"
    assert watch.warnings == [], f"console warnings: {watch.warnings}"
