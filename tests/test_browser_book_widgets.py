"""The widgets saved in the built book, in a real browser (Debian's Chromium, driven by Playwright).

The book is built once per session (tests/_book.py) and served on 127.0.0.1. A chapter that
displays widgets stores their state in the notebook (tools/notebooks.py); the book runs no chapter
and gives each page that state, once, as stored; the book's own copy of the ipywidgets JavaScript
must draw them from that state, with no request leaving 127.0.0.1 and no kernel.
The chapters with widgets are found from the notebooks themselves (outputs of type
``application/vnd.jupyter.widget-view+json``); chapter 11 (the bid advisor) is checked in detail.
"""

from __future__ import annotations

import json
import re
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _browser import ARTIFACTS

from spades_teach import score_round
from spades_teach.widgets import BidAdvisorView

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import widget_state  # noqa: E402  (tools/widget_state.py: the state a chapter stores)

sys.path.remove(str(ROOT / "tools"))

NOTEBOOKS = ROOT / "notebooks"
ADVISOR_CHAPTER = "11_bid_advisor"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
TOP_LEVEL = ".st-widget:not(.st-widget .st-widget)"


def _notebook(name: str) -> dict[str, Any]:
    return dict(json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8")))


def _widget_outputs(name: str) -> int:
    """How many widget views the chapter's saved outputs display."""
    cells = _notebook(name)["cells"]
    return sum(1 for cell in cells for output in cell.get("outputs", []) if WIDGET_VIEW in output.get("data", {}))


def _printed_lines(name: str) -> list[str]:
    lines: list[str] = []
    for cell in _notebook(name)["cells"]:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                text = output["text"]
                lines.extend("".join(text).splitlines() if isinstance(text, list) else text.splitlines())
    return lines


def _chapters_with_widgets() -> list[str]:
    names = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb") if not p.stem.startswith("_"))
    return [name for name in names if _widget_outputs(name)]


WIDGET_CHAPTERS = _chapters_with_widgets()


@pytest.mark.parametrize("name", WIDGET_CHAPTERS)
def test_the_book_draws_the_widgets_from_the_state_stored_in_the_chapter(book_url: str, name: str) -> None:
    """The executed chapter stores its widgets' state (tools/notebooks.py, checked against a new run by
    nbval): the state of every widget it shows, and nothing else; the book, which runs no chapter
    (``execute_notebooks: off``), gives its page that state once, as stored, so no page draws a widget
    from another (stale) state or holds it twice."""
    assert ADVISOR_CHAPTER in WIDGET_CHAPTERS, "chapter 11 should display the bid advisor"
    notebook = _notebook(name)
    stored = widget_state.stored(notebook)
    shown = widget_state.displayed(output for cell in notebook["cells"] for output in cell.get("outputs", []))
    missing = sorted(set(shown) - set(stored))
    assert stored and not missing, f"{name}: no stored state for the widgets {missing}"
    # Exactly the models the shown widgets hold, each named by its place: no model left from an
    # earlier run, none a widget refers to without its state.
    names, kept = widget_state.saved(shown, stored)
    assert all(model == name_ for model, name_ in names.items()), f"{name}: models not named by their place"
    assert kept == stored, f"{name}: stored models no widget shows: {sorted(set(stored) - set(kept))}"
    named = {model for state in stored.values() for model in widget_state.REFERENCE.findall(json.dumps(state))}
    assert named <= set(stored), f"{name}: models named in the state but not stored: {sorted(named - set(stored))}"
    with urllib.request.urlopen(f"{book_url}/notebooks/{name}.html") as answer:
        page = answer.read().decode("utf-8")
    scripts = re.findall(rf'<script[^>]* type="{re.escape(widget_state.STATE)}"[^>]*>(.*?)</script>', page, re.DOTALL)
    assert len(scripts) == 1, f"{name}: the page holds the widgets' state {len(scripts)} times"
    assert json.loads(scripts[0]) == notebook["metadata"]["widgets"][widget_state.STATE]


@pytest.fixture(scope="module")
def chapters(browser: Any, book_url: str) -> Iterator[dict[str, Any]]:
    """One page per chapter, opened on first use and shared by the tests (a chapter with
    widgets takes seconds to load). A page may ask nothing of a host other than 127.0.0.1:
    such requests are blocked, and fail the module at the end."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    remote: list[str] = []

    def local_only(route: Any) -> None:
        if route.request.url.startswith(("http://127.0.0.1:", "data:", "blob:")):
            route.continue_()
        else:
            remote.append(route.request.url)
            route.abort()

    context.route("**/*", local_only)
    pages = _Pages(context, book_url)
    yield pages
    context.close()
    assert remote == [], f"the book's pages asked the internet for {remote}"


class _Pages(dict[str, Any]):
    def __init__(self, context: Any, book_url: str) -> None:
        super().__init__()
        self.context = context
        self.book_url = book_url

    def __missing__(self, name: str) -> Any:
        page = self.context.new_page()
        page.set_default_timeout(60_000)
        page.goto(f"{self.book_url}/notebooks/{name}.html")
        page.locator(TOP_LEVEL).first.wait_for()
        page.wait_for_load_state("load")
        assert "Traceback" not in page.locator("article").first.inner_text()
        self[name] = page
        return page


@pytest.mark.parametrize("name", WIDGET_CHAPTERS)
def test_saved_widgets_render_offline(chapters: dict[str, Any], name: str) -> None:
    page = chapters[name]
    assert page.locator(TOP_LEVEL).count() >= _widget_outputs(name)
    # drawn by the ipywidgets manager (the card table by anywidget, through that manager)
    assert page.locator(".jupyter-widgets, .ct-root").count() > 0
    page.screenshot(path=str(_artifact(f"book-widgets-{name}")), full_page=True)


@pytest.mark.parametrize("name", WIDGET_CHAPTERS)
def test_each_saved_widget_is_drawn_once(chapters: dict[str, Any], name: str) -> None:
    page = chapters[name]
    drawn = page.locator(TOP_LEVEL).count()
    scripts = page.locator("script[src*=embed], script[src*=require]").evaluate_all(
        "els => els.map(e => e.getAttribute('src').split('?')[0])"
    )
    assert drawn == _widget_outputs(name), (
        f"{name}: the chapter displays {_widget_outputs(name)} widgets, the page draws {drawn}; "
        f"it loads these widget scripts: {scripts}"
    )


#: The hand of chapter 11's second bid advisor, typed with the K♠ twice.
TYPO_HAND = "AS KS QS 3S KH 5H 2H 7D AC 9C 8C 4C KS"


def test_each_advisor_shows_the_state_of_its_own_cell(chapters: dict[str, Any]) -> None:
    page = chapters[ADVISOR_CHAPTER]
    printed = _printed_lines(ADVISOR_CHAPTER)
    bid = next(line for line in printed if line.startswith("advised bid:")).split()[2]
    source = Path(__file__).resolve().parents[1] / "notebooks" / f"{ADVISOR_CHAPTER}.md"
    assert f'BidAdvisorView("{TYPO_HAND}")' in source.read_text(encoding="utf-8")
    error = BidAdvisorView(TYPO_HAND).error  # the chapter's second advisor, made here
    assert error
    advisor, typo = page.locator(".st-bid-advisor").nth(0), page.locator(".st-bid-advisor").nth(1)
    assert advisor.locator(".st-advice-bid-value").inner_text().strip() == bid
    assert advisor.locator(".st-advice-item").count() > 0  # the card-by-card count
    # The mistake is shown once, under the hand box (issue 22, item 4), and only in its own cell.
    assert advisor.locator(".st-advice-hand-error").inner_text().strip() == ""  # not the later cell's error
    assert error in typo.locator(".st-advice-hand-error").inner_text()
    assert typo.locator(":scope > .st-error").inner_text().strip() == ""  # not a second time
    assert typo.locator(".st-advice-bid-value").count() == 0
    advisor.screenshot(path=str(_artifact("book-advisor")))
    typo.screenshot(path=str(_artifact("book-advisor-typo")))


def test_each_replay_shows_the_moment_of_its_own_cell(chapters: dict[str, Any]) -> None:
    page = chapters["12_annotated_replays"]
    first = page.locator(".st-replay").nth(0)
    trick = next(
        line for line in _printed_lines("12_annotated_replays") if line.startswith("trick ") and line.endswith(" wins")
    )
    assert trick not in first.inner_text()  # the first view still shows the start of the hand
    assert first.locator(".st-replay-position").inner_text().startswith("the deal:")
    first.screenshot(path=str(_artifact("book-replay-start")))


def test_the_advisor_chapter_shows_the_calculator_s_points(chapters: dict[str, Any]) -> None:
    calculator = chapters[ADVISOR_CHAPTER].locator(".st-score-calculator").first
    seats = ("N", "E", "S", "W")
    bids = {s: calculator.locator(f".st-score-bid-{s} input").input_value() for s in seats}
    tricks = {s: int(calculator.locator(f".st-score-tricks-{s} input").input_value()) for s in seats}
    expected = score_round(bids, tricks)
    for side in ("NS", "EW"):
        shown = calculator.locator(f".st-score-points-{side}").inner_text().strip()
        assert int(shown.replace("−", "-").replace("+", "")) == expected.points[side]
    assert expected.lines[0] in calculator.locator(".st-score-lines").inner_text()


def _artifact(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{name}.png"
