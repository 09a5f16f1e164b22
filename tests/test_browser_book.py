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
    page.on("request", lambda request: remote.append(request.url) if "127.0.0.1" not in request.url and not request.url.startswith("data:") else None)
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
