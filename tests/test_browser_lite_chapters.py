"""Every chapter of the live edition (JupyterLite, Pyodide kernel) runs to its end in a real browser,
with no error output, no console error or warning (but the allowed ones), no request off the site, and
the figures its stored outputs hold (chapters 2, 11 and the play chapter are run, and used, in
tests/test_browser_lite.py). A module of its own, with its own Chromium, so that pytest-xdist runs it
on one worker while the other live tests run on another; the site is built once per run for both.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from _lite import (
    PLAY_CHAPTER,
    Watch,
    chapter_names,
    live_site,
    ran_chapter,
    saved_figures,
    shown_figures,
    watched_context,
)

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: The chapters the other live tests do not run.
OTHER_CHAPTERS = [name for name in chapter_names() if name not in ("02_playing_tricks", "11_bid_advisor", PLAY_CHAPTER)]


@pytest.fixture(scope="module")
def live() -> Iterator[tuple[Any, Watch]]:
    """A Chromium context on the built live edition, with every request and console error watched."""
    with live_site() as (browser, url), watched_context(browser, url) as watched:
        yield watched


@pytest.mark.parametrize("name", OTHER_CHAPTERS)
def test_the_chapter_runs_live_to_its_end(live: tuple[Any, Watch], name: str) -> None:
    with ran_chapter(live, name) as page:
        # the figures too (chapters 7 and 17 draw SVG charts: the browser's Python has no matplotlib)
        assert shown_figures(page) == saved_figures(name)
