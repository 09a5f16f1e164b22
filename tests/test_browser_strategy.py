"""The strategy chapters in Voila, in a real browser: the chapter's heading on screen before its cells
have all run (progressive rendering), replays and exercises drawn with a clean console, and an exercise
answered with the keyboard alone, its verdict in a live region."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from _browser import settled
from _voila import chapter_page, voila_over_chapters

STRATEGY_CHAPTERS = ["08_card_play", "09_nil_play", "10_bags_against_sets"]


@pytest.fixture(scope="module")
def chapters_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with voila_over_chapters(tmp_path_factory.mktemp("voila") / "voila.log") as url:
        yield url


@pytest.mark.parametrize("chapter", STRATEGY_CHAPTERS)
def test_an_exercise_is_answered_with_the_keyboard(browser: Any, chapters_url: str, chapter: str) -> None:
    with chapter_page(browser, chapters_url, chapter) as (page, problems):
        # Voila renders progressively (issue #28): the chapter's heading was on screen while its cells
        # were still running (these chapters run for seconds), not once the whole chapter had run.
        run = problems.run
        assert run["total"] and run["resultsWhenShown"] < run["total"], run
        assert (run["headingWhenShown"] or "").startswith(chapter[:2].lstrip("0") + ". "), run
        exercise = page.locator(".st-exercise").first
        exercise.wait_for()
        assert page.locator(".st-replay").count() >= 1
        choices = exercise.locator(".st-exercise-choice")
        assert choices.count() >= 2
        for i in range(choices.count()):
            assert choices.nth(i).inner_text().strip()  # each choice is named by its own text
        verdict = exercise.locator('.st-exercise-verdict[aria-live="polite"]')
        assert verdict.inner_text().strip() == ""
        # A wrong answer says so and invites another try (the choices stay open); the learner moves to the
        # next choice with Tab and answers with Space until one is right.
        choices.first.focus()
        page.keyboard.press("Enter")
        verdict.filter(has_text="t").wait_for()
        answered = verdict.inner_text()
        for _attempt in range(choices.count()):
            if answered.startswith("✓ Right: "):
                break
            assert answered.startswith("✗ Not quite: ") and answered.endswith("Try again."), answered
            assert exercise.locator(".st-exercise-closed").count() == 0
            page.keyboard.press("Tab")
            page.keyboard.press("Space")
            answered = settled(page, verdict.inner_text, quiet_ms=500)
        assert answered.startswith("✓ Right: "), answered
        # once answered right the choices close: another key press changes nothing
        page.keyboard.press("Tab")
        page.keyboard.press("Space")
        assert settled(page, verdict.inner_text, quiet_ms=500) == answered
        assert exercise.locator(".st-exercise-closed").count() == 1
        assert "Traceback" not in page.locator("body").inner_text()
    assert problems.all() == [], f"{chapter}: {problems}"
