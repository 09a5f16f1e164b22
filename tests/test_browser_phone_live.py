"""The live edition (JupyterLite) at a phone's width (390 px), in Chromium: chapters 0 (the first a
phone user opens) and 13 (the card table) in English, and chapter 4 (the score calculator) in French,
each run by itself as it opens.

Nothing is wider than the window: the chapter's pictures and widgets, the code of its section for
programmers (its lines wrap: tools/lite/overrides.json) and JupyterLite's own menu bar (its seven menus
fit: tools/lite/runs_itself). Every touch target of the chapter itself (its text and its outputs) is
44 px or more (tests/_phone.py); JupyterLab's toolbars around it are JupyterLab's. The card table's
cards were 36×52 px with 29 px of each showing and its boxes to tick 13 px (the live reader's finding 6).
Screenshots go to test-artifacts/phone-live-<language>-<chapter>.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from _browser import ARTIFACTS
from _lite import chapter_url, error_outputs, live_site, watched_context
from _phone import PHONE, measure, screenshot_whole

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: The chapter's own part of the page, where its touch targets are measured.
CHAPTER = ".jp-OutputArea, .jp-MarkdownOutput"
_CHAPTERS = ["00_a_hand_in_ten_minutes", "13_play_with_teach_me", "fr/04_scoring_a_hand"]


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[Any, str]]:
    with live_site() as running:
        yield running


@pytest.mark.parametrize("name", _CHAPTERS)
def test_a_live_chapter_fits_a_phone(site: tuple[Any, str], name: str) -> None:
    with watched_context(*site, viewport=PHONE) as (context, watch):
        page = context.new_page()
        watch.watch(page)
        try:
            page.goto(chapter_url(watch.base, name))
            page.wait_for_function("() => ['done', 'stopped'].includes(document.body.dataset.stRun)", timeout=420_000)
            assert page.evaluate("document.body.dataset.stRun") == "done" and error_outputs(page) == []
            page.wait_for_timeout(3500)  # the last outputs and widgets drawn
            ARTIFACTS.mkdir(exist_ok=True)
            shot = ARTIFACTS / f"phone-live-{name.replace('/', '-')}.png"
            screenshot_whole(page, str(shot), ".jp-WindowedPanel-outer, .jp-NotebookPanel-notebook")
            assert measure(page, within=CHAPTER).problems() == [], name
        finally:
            page.goto("about:blank")
            page.close()
        assert watch.blocked == watch.errors == [], (watch.blocked, watch.errors)
