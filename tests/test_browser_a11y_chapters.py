"""An accessibility check of a hands-on chapter in Voila with axe-core, in Debian's Chromium.

axe-core comes from npm at the version tests/package-lock.json pins (see tests/_axe.py).
No violation of impact "serious" or "critical" may remain, on the page as Voila draws it and after
the widget has been used.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from _axe import serious_violations
from _browser import console_quiet
from _voila import chapter_page, voila_over_chapters


@pytest.fixture(scope="module")
def chapters_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with voila_over_chapters(tmp_path_factory.mktemp("voila") / "voila.log") as url:
        yield url


@pytest.mark.parametrize("chapter", ["02_playing_tricks", "04_scoring_a_hand"])
def test_chapter_has_no_serious_accessibility_violation(browser: Any, chapters_url: str, chapter: str) -> None:
    with chapter_page(browser, chapters_url, chapter) as (page, problems):
        console_quiet(page)
        before = serious_violations(page)
        if chapter == "02_playing_tricks":
            page.locator(".st-legal-explorer .st-card-6S").click()
            page.locator(".st-legal-verdict span").wait_for()
        else:
            page.locator(".st-score-bid-W input").fill("abc")
            page.locator(".st-score-error-W").get_by_text("abc").wait_for()
        after = serious_violations(page)
    assert before == [], "\n".join(before)
    assert after == [], "\n".join(after)
    assert problems.all() == []
