"""The app (``spades-teach app``) at a phone's width (390 px) and a laptop's (1366 px), in Chromium.

Its home and its five pages, in English, and the home, the Score page and the Play page in French and
Spanish: at 390 px nothing is wider than the window and every touch target is 44 px or more
(tests/_phone.py); widened to 1366 px, nothing sticks out. The replay's Game menu stayed 537 px wide
on a phone (learner finding 20). A screenshot of each whole page goes to
test-artifacts/phone-app-<page>-<language>.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from _browser import ARTIFACTS
from _phone import PHONE, measure, screenshot_whole
from test_browser_app import _open, app_url  # noqa: F401  (app_url: the server fixture)

#: Each page, the part it waits for, and the languages it is measured in.
_PAGES = [
    ("home", "", "main", ("en", "fr", "es")),
    ("play", "voila/render/play.ipynb", ".ct-hand-card", ("en", "fr", "es")),
    ("advisor", "voila/render/advisor.ipynb", ".st-bid-advisor", ("en",)),
    ("score", "voila/render/score.ipynb", ".st-score-calculator", ("en", "fr", "es")),
    ("replay", "voila/render/replay.ipynb", ".st-replay", ("en",)),
    ("daily", "voila/render/daily.ipynb", ".ct-hand-card", ("en",)),
]
_CASES = [(name, path, ready, lang) for name, path, ready, langs in _PAGES for lang in langs]


def _page(browser: Any, url: str, ready: str) -> Iterator[Any]:
    pages = _open(browser, url, ready)
    page = next(pages)
    page.set_viewport_size(PHONE)
    yield page
    next(pages, None)


@pytest.mark.parametrize(("name", "path", "ready", "lang"), _CASES, ids=[f"{c[0]}-{c[3]}" for c in _CASES])
def test_every_app_page_fits_a_phone_and_still_fits_a_laptop(
    browser: Any,
    app_url: str,  # noqa: F811
    name: str,
    path: str,
    ready: str,
    lang: str,
) -> None:
    query = "" if lang == "en" else f"?lang={lang}"
    for page in _page(browser, f"{app_url}/{path}{query}", ready):
        page.wait_for_timeout(300)  # the layout of the phone's width
        ARTIFACTS.mkdir(exist_ok=True)
        screenshot_whole(page, str(ARTIFACTS / f"phone-app-{name}-{lang}.png"))
        assert measure(page).problems() == [], (name, lang)
        if name == "replay":
            menu = page.locator(".st-app-record").bounding_box()
            assert menu is not None and menu["x"] + menu["width"] <= PHONE["width"]
        page.set_viewport_size({"width": 1366, "height": 900})
        page.wait_for_timeout(300)
        wide = measure(page)
        assert wide.window_problems() == [], (name, lang)
