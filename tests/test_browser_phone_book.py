"""The built book at a phone's width (390 px) and a laptop's (1366 px), in Chromium: its first page and
every chapter, in English, French and Spanish.

At 390 px nothing is wider than the window (the deal pictures were 616-649 px wide in a 358 px box,
East's hand off the screen, and the score calculator 644 px: the live reader's finding 2; the code of
the sections for programmers scrolled sideways) and every touch target is 44 px or more (tests/_phone.py):
the theme's buttons too, made so by book/_ext/phone_layout.py. Widened to 1366 px, nothing sticks out.
Screenshots of the whole pages go to test-artifacts/phone-book-<language>-<page>.png. The live edition
at 390 px: tests/test_browser_phone_live.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from _browser import ARTIFACTS
from _phone import PHONE, measure, screenshot_whole

from spades_teach.app import chapter_titles

_PAGES = [
    (language, page)
    for language in ("en", "fr", "es")
    for page in ["intro", *(f"notebooks/{name}" for name, _titles in chapter_titles())]
]


@pytest.fixture(scope="module")
def phone(browser: Any) -> Iterator[Any]:
    """A page at a phone's size that may ask nothing of a host other than 127.0.0.1."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    remote: list[str] = []
    page.on(
        "request",
        lambda r: (
            remote.append(r.url) if "127.0.0.1" not in r.url and not r.url.startswith(("data:", "blob:")) else None
        ),
    )
    yield page
    context.close()
    assert remote == [], f"the book asked the internet for {remote}"


@pytest.mark.parametrize(
    ("language", "name"), _PAGES, ids=[f"{lang}-{name.split('/')[-1][:2]}" for lang, name in _PAGES]
)
def test_every_page_of_the_book_fits_a_phone_and_still_fits_a_laptop(
    phone: Any, book_url: str, language: str, name: str
) -> None:
    page = phone
    page.set_viewport_size(PHONE)
    folder = "" if language == "en" else f"{language}/"
    page.goto(f"{book_url}/{folder}{name}.html")
    page.locator("article").first.wait_for()
    # the saved widgets, drawn by the page's widget manager once it has loaded
    if page.locator("script[type='application/vnd.jupyter.widget-view+json']").count():
        page.locator(".widget-picture .jupyter-widgets, .widget-picture .ct-root").first.wait_for(timeout=60_000)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1000)  # the last widgets and fonts
    ARTIFACTS.mkdir(exist_ok=True)
    screenshot_whole(page, str(ARTIFACTS / f"phone-book-{language}-{name.split('/')[-1][:2]}.png"), "html")
    assert measure(page).problems() == [], (language, name)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.wait_for_timeout(300)
    wide = measure(page)
    assert wide.window_problems() == [], (language, name)
