"""The built book in a real browser (Debian's Chromium, driven by Playwright): chapters render their
cards, and saved widgets come alive from the book's own JavaScript with no internet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from _browser import screenshot


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
    """No page error (such as a script declared twice), no console error, no missing file (the
    widgets' icon fonts included)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("response", lambda r: problems.append(f"{r.status}: {r.url}") if r.status >= 400 else None)
    try:
        page.goto(f"{book_url}/notebooks/{chapter}.html")
        page.locator(".st-widget").first.wait_for(timeout=60_000)
        page.wait_for_load_state("load")
        page.wait_for_timeout(1500)  # fonts and late scripts
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
