"""The built book in a real browser (Debian's Chromium, driven by Playwright): chapters render their
cards, and saved widgets come alive from the book's own JavaScript with no internet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from _browser import ARTIFACTS, console_quiet, fonts_ready, screenshot


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    remote: list[str] = []
    page.on(
        "request",
        lambda request: (
            remote.append(request.url)
            if "127.0.0.1" not in request.url and not request.url.startswith("data:")
            else None
        ),
    )
    yield page
    context.close()
    assert remote == [], f"the page asked the internet for {remote}"


def test_chapter_one_shows_cards_as_cards(page: Any, book_url: str) -> None:
    page.goto(f"{book_url}/notebooks/01_deck_and_deal.html")
    card = page.locator(".st-card").first
    card.wait_for()
    assert "Q♥" in card.inner_text()
    assert "st-red" in (card.get_attribute("class") or "")
    screenshot(page, "book-chapter-1")


def test_scoring_chapter_states_the_computed_numbers(page: Any, book_url: str) -> None:
    page.goto(f"{book_url}/notebooks/04_scoring_a_hand.html")
    text = page.locator("article").first.inner_text()
    assert "NS bid 7 and took 9: 70 + 2 bags = 72" in text
    screenshot(page, "book-chapter-4")


def _watch_problems(page: Any) -> list[str]:
    """The page's problems as they happen: page errors, console errors and warnings, and failed
    requests (a missing file)."""
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on(
        "console",
        lambda m: problems.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None,
    )
    page.on("response", lambda r: problems.append(f"{r.status}: {r.url}") if r.status >= 400 else None)
    return problems


BOOK_CHAPTERS = [
    "01_deck_and_deal",
    "02_playing_tricks",
    "04_scoring_a_hand",
    "07_winning_the_match",
    "11_bid_advisor",
    "12_annotated_replays",
]


@pytest.mark.parametrize("chapter", BOOK_CHAPTERS)
def test_chapter_page_has_a_clean_console(browser: Any, book_url: str, chapter: str) -> None:
    """No page error (such as a script declared twice), no console error or warning (the widget
    manager's schema checker warned about a union type until tools/build_book.sh created it with them
    allowed), no missing file (the widgets' icon fonts included)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    problems = _watch_problems(page)
    try:
        page.goto(f"{book_url}/notebooks/{chapter}.html")
        page.locator(".st-widget").first.wait_for(timeout=60_000)
        fonts_ready(page)
        console_quiet(page, quiet_ms=1500)  # the late scripts
    finally:
        context.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(
    "chapter", ["00_a_hand_in_ten_minutes", "02_playing_tricks", "03_bidding_basics", "16_glossary_and_cheat_sheet"]
)
def test_no_code_is_visible_outside_the_section_for_programmers(page: Any, book_url: str, chapter: str) -> None:
    page.goto(f"{book_url}/notebooks/{chapter}.html")
    article = page.locator("article").first
    article.wait_for()
    shown = page.locator("article .cell_input:visible")
    outside = [
        shown.nth(i).inner_text()[:60]
        for i in range(shown.count())
        if not shown.nth(i).evaluate("e => Boolean(e.closest('section#for-programmers'))")
    ]
    assert outside == [], f"{chapter}: code shown outside 'For programmers': {outside}"
    assert page.locator("section#for-programmers .cell_input").count() >= 1


def test_each_widget_on_a_chapter_page_is_framed_as_a_picture_that_links_live(page: Any, book_url: str) -> None:
    """On the static page the widgets are pictures: each one sits in a frame that says so on the
    picture itself, with a link to the same chapter in the live edition (the note at the top of the
    page links there too)."""
    page.goto(f"{book_url}/notebooks/02_playing_tricks.html")
    page.locator(".widget-picture .st-widget").first.wait_for(timeout=60_000)
    saved = page.locator("script[type='application/vnd.jupyter.widget-view+json']").count()
    frames = page.locator(".widget-picture")
    assert saved >= 1 and frames.count() == saved
    live = page.locator(".live-edition-note a.live-edition-link").first.get_attribute("href")
    for i in range(frames.count()):
        frame = frames.nth(i)
        label = frame.locator("a.widget-picture-label")
        assert label.inner_text() == "picture — open live to play"
        assert label.get_attribute("href") == live
        outer, tag, widget = (
            frame.bounding_box(),
            label.bounding_box(),
            frame.locator(".st-widget").first.bounding_box(),
        )
        assert outer and tag and widget
        # the label is on the picture's frame, above the widget, not covering it
        assert outer["x"] <= tag["x"] and tag["x"] + tag["width"] <= outer["x"] + outer["width"]
        assert outer["y"] <= tag["y"] and tag["y"] + tag["height"] <= widget["y"] + 1
        assert outer["y"] + outer["height"] >= widget["y"] + widget["height"]
    frames.first.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    frames.first.screenshot(path=str(ARTIFACTS / "book-widget-picture.png"))


@pytest.mark.parametrize(
    ("language", "name", "words"), [("fr", "Français", "Chapitres"), ("es", "Español", "Capítulos")]
)
def test_the_language_menu_opens_the_same_chapter_in_french_and_spanish(
    browser: Any, book_url: str, language: str, name: str, words: str
) -> None:
    """From an English chapter, the menu at the top leads to the same chapter in the other language:
    its page is in that language, its widgets are drawn from the book's own JavaScript, its console
    is clean, and its menu leads back to the English page."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    problems = _watch_problems(page)
    try:
        page.goto(f"{book_url}/notebooks/02_playing_tricks.html")
        page.locator("nav.language-menu a", has_text=name).click()
        page.wait_for_url(f"**/{language}/notebooks/02_playing_tricks.html")
        page.locator(".widget-picture .st-widget").first.wait_for(timeout=60_000)
        assert page.locator("html").get_attribute("lang") == language
        assert words in page.locator("nav.bd-links, .bd-sidebar").first.inner_text()
        fonts_ready(page)
        screenshot(page, f"book-chapter-2-{language}")
        page.locator("nav.language-menu a", has_text="English").click()
        page.wait_for_url("**/notebooks/02_playing_tricks.html")
        assert page.locator("html").get_attribute("lang") == "en"
    finally:
        context.close()
    assert problems == [], "\n".join(problems)
