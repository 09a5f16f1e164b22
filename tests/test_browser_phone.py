"""The practice pages at a phone's width (390 px) and a laptop's (1366 px), in Voila and Chromium.

Chapter 8: the replay shows every card of every hand (none clipped by its seat's cell) and its step
buttons whole; the exercise is answered by clicking a card of the hand, or by Tab and Space, and says
right or wrong; the drill explains its level. Chapter 13: the puzzle's *Next puzzle* button is whole and
on screen. Neither page scrolls sideways. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from _browser import ARTIFACTS
from _voila import chapter_page, voila_over_chapters

WIDTHS = [390, 1366]

#: Elements (by CSS selector) cut at the side by an ancestor that hides its overflow, or off the page.
_CLIPPED = """(selector) => {
  const out = [];
  const right = document.documentElement.clientWidth;
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    if (r.right > right + 1 || r.left < -1) { out.push(el.textContent.trim() + ' off the page'); continue; }
    for (let a = el.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1) {
        out.push(el.textContent.trim() + ' cut by ' + a.className);
        break;
      }
    }
  }
  return out;
}"""

#: Buttons whose label does not fit (drawn with an ellipsis).
_SQUEEZED = """(selector) => [...document.querySelectorAll(selector)]
  .filter(b => b.getBoundingClientRect().width && b.scrollWidth > b.clientWidth + 1)
  .map(b => b.textContent.trim() + ' ' + b.clientWidth + '/' + b.scrollWidth)"""


@pytest.fixture(scope="module")
def chapters_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with voila_over_chapters(tmp_path_factory.mktemp("voila") / "voila.log") as url:
        yield url


def _sideways(page: Any) -> int:
    return int(page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth"))


@pytest.mark.parametrize("width", WIDTHS)
def test_chapter_8_replay_exercise_and_drill_fit_the_width(browser: Any, chapters_url: str, width: int) -> None:
    with chapter_page(browser, chapters_url, "08_card_play", width=width, ready=".st-exercise") as (page, problems):
        page.locator(".dr-root").first.wait_for()
        replay = page.locator(".st-replay").first
        replay.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"phone-ch08-replay-{width}.png"))
        assert page.evaluate(_CLIPPED, ".st-replay .st-table-seat .st-card") == []
        assert page.evaluate(_SQUEEZED, ".st-replay .st-replay-controls button") == []
        assert page.evaluate(_CLIPPED, ".st-replay .st-replay-controls button") == []
        shown = page.locator(".st-replay").first.locator(".st-table-seat .st-card")
        assert shown.count() >= 40  # the four hands of the first moment, every card drawn

        # The exercise: the hand drawn once, as card faces in their colours; a click answers.
        exercise = page.locator(".st-exercise").first
        exercise.scroll_into_view_if_needed()
        faces = exercise.locator("button.st-card-face")
        assert faces.count() >= 5 and exercise.locator(".st-hand").count() == 0
        assert page.evaluate(_CLIPPED, ".st-exercise button.st-card-face") == []
        assert exercise.locator("text=Try again").count() == 0
        assert exercise.locator(".st-exercise-verdict").inner_text().strip() == ""
        colours = {
            faces.nth(i).inner_text().strip(): faces.nth(i).evaluate("b => getComputedStyle(b).color")
            for i in range(faces.count())
        }
        for label, colour in colours.items():
            red = label[-1] in "♥♦"
            assert (colour == "rgb(192, 0, 0)") == red, (label, colour)
        if width == 390:
            # by keyboard: Tab reaches a card of the hand, Space answers
            exercise.locator("button.st-card-face:not([disabled])").first.focus()
            page.keyboard.press("Shift+Tab")
            page.keyboard.press("Tab")
            page.keyboard.press("Space")
        else:
            exercise.locator("button.st-card-face:not([disabled])").last.click()
        verdict = exercise.locator(".st-exercise-verdict")
        verdict.locator("span").wait_for()
        assert verdict.evaluate(
            "e => e.classList.contains('st-verdict-right') || e.classList.contains('st-verdict-wrong')"
        )
        page.wait_for_timeout(300)
        exercise.screenshot(path=str(ARTIFACTS / f"phone-ch08-exercise-{width}.png"))
        assert exercise.locator(".st-exercise-closed").count() == 1  # closed once answered

        # The drill says what its level means.
        drill = page.locator(".dr-root").first
        drill.scroll_into_view_if_needed()
        assert "Three right answers in a row" in drill.locator(".dr-level-note").inner_text()
        assert drill.get_attribute("data-lm-suppress-shortcuts") == "true"  # JupyterLab's shortcuts kept out
        drill.screenshot(path=str(ARTIFACTS / f"phone-ch08-drill-{width}.png"))
        assert _sideways(page) == 0
    assert problems.all() == []


@pytest.mark.parametrize("width", WIDTHS)
def test_chapter_13_puzzle_next_button_is_whole_and_on_screen(browser: Any, chapters_url: str, width: int) -> None:
    with chapter_page(browser, chapters_url, "13_play_with_teach_me", width=width, ready=".st-puzzle") as (
        page,
        problems,
    ):
        puzzle = page.locator(".st-puzzle").first
        puzzle.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(ARTIFACTS / f"phone-ch13-puzzle-{width}.png"))
        button = puzzle.locator(".st-puzzle-next")
        box = button.bounding_box()
        assert box is not None and box["width"] >= 60, box
        assert page.evaluate(_SQUEEZED, ".st-puzzle .st-puzzle-next") == []
        assert page.evaluate(_CLIPPED, ".st-puzzle .st-puzzle-next, .st-puzzle button.st-card-face") == []
        # the puzzle answered by a click on a card face: marked right or wrong, no status line repeating it
        puzzle.locator("button.st-card-face:not([disabled])").first.click()
        puzzle.locator(".st-puzzle-feedback [role=status]").wait_for()
        assert puzzle.locator(".st-verdict-right, .st-verdict-wrong").count() == 1
        assert puzzle.locator(".st-status:visible").count() == 0
        puzzle.locator(".st-puzzle-hand").evaluate("e => e.scrollIntoView({block: 'center'})")
        page.screenshot(path=str(ARTIFACTS / f"phone-ch13-puzzle-answered-{width}.png"))
        button.click()
        page.wait_for_function("() => !document.querySelector('.st-puzzle-feedback [role=status]')")
        assert _sideways(page) == 0
    assert problems.all() == []
