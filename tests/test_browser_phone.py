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
from _browser import ARTIFACTS, TWO_FRAMES, laid_out
from _voila import chapter_page, voila_over_chapters

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


def _at_width(page: Any, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    laid_out(page, width)


def _replay_fits(page: Any, width: int) -> None:
    replay = page.locator(".st-replay").first
    replay.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"phone-ch08-replay-{width}.png"))
    assert page.evaluate(_CLIPPED, ".st-replay .st-table-seat .st-card") == [], width
    assert page.evaluate(_SQUEEZED, ".st-replay .st-replay-controls button") == [], width
    assert page.evaluate(_CLIPPED, ".st-replay .st-replay-controls button") == [], width
    shown = replay.locator(".st-table-seat .st-card")
    assert shown.count() >= 40  # the four hands of the first moment, every card drawn


def _exercise_before_an_answer(page: Any, width: int) -> None:
    """The hand drawn once, as card faces in their colours, nothing said yet."""
    exercise = page.locator(".st-exercise").first
    exercise.scroll_into_view_if_needed()
    faces = exercise.locator("button.st-card-face")
    assert faces.count() >= 5 and exercise.locator(".st-hand").count() == 0
    assert page.evaluate(_CLIPPED, ".st-exercise button.st-card-face") == [], width
    assert exercise.locator("text=Try again").count() == 0
    assert exercise.locator(".st-exercise-verdict").inner_text().strip() == ""
    colours = {
        faces.nth(i).inner_text().strip(): faces.nth(i).evaluate("b => getComputedStyle(b).color")
        for i in range(faces.count())
    }
    for label, colour in colours.items():
        red = label[-1] in "♥♦"
        assert (colour == "rgb(192, 0, 0)") == red, (label, colour)


def _drill_explains_its_level(page: Any, width: int) -> None:
    drill = page.locator(".dr-root").first
    drill.scroll_into_view_if_needed()
    assert "Three right answers in a row" in drill.locator(".dr-level-note").inner_text()
    assert drill.get_attribute("data-lm-suppress-shortcuts") == "true"  # JupyterLab's shortcuts kept out
    drill.screenshot(path=str(ARTIFACTS / f"phone-ch08-drill-{width}.png"))
    assert _sideways(page) == 0, width


def test_chapter_8_replay_exercise_and_drill_fit_a_laptop_and_a_phone(browser: Any, chapters_url: str) -> None:
    """One page, drawn at 1366 px, then narrowed to 390 px; the exercise answered at the phone's
    width by keyboard: Tab reaches a card of the hand, Space answers."""
    with chapter_page(browser, chapters_url, "08_card_play", width=1366, ready=".st-exercise") as (page, problems):
        page.locator(".dr-root").first.wait_for()
        for width in (1366, 390):
            _at_width(page, width)
            _replay_fits(page, width)
            _exercise_before_an_answer(page, width)
            _drill_explains_its_level(page, width)
        exercise = page.locator(".st-exercise").first
        exercise.scroll_into_view_if_needed()
        exercise.locator("button.st-card-face:not([disabled])").first.focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        page.keyboard.press("Space")
        verdict = exercise.locator(".st-exercise-verdict")
        verdict.locator("span").wait_for()
        assert verdict.evaluate(
            "e => e.classList.contains('st-verdict-right') || e.classList.contains('st-verdict-wrong')"
        )
        page.evaluate(TWO_FRAMES)  # the verdict drawn
        exercise.screenshot(path=str(ARTIFACTS / "phone-ch08-exercise-390.png"))
        assert exercise.locator(".st-exercise-closed").count() == 1  # closed once answered
        assert _sideways(page) == 0
    assert problems.all() == []


def _puzzle_button_whole(page: Any, width: int) -> None:
    puzzle = page.locator(".st-puzzle").first
    puzzle.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(ARTIFACTS / f"phone-ch13-puzzle-{width}.png"))
    box = puzzle.locator(".st-puzzle-next").bounding_box()
    assert box is not None and box["width"] >= 60, (width, box)
    assert page.evaluate(_SQUEEZED, ".st-puzzle .st-puzzle-next") == [], width
    assert page.evaluate(_CLIPPED, ".st-puzzle .st-puzzle-next, .st-puzzle button.st-card-face") == [], width
    assert _sideways(page) == 0, width


def test_chapter_13_puzzle_next_button_is_whole_and_on_screen_on_a_laptop_and_a_phone(
    browser: Any, chapters_url: str
) -> None:
    with chapter_page(browser, chapters_url, "13_play_with_teach_me", width=1366, ready=".st-puzzle") as (
        page,
        problems,
    ):
        for width in (1366, 390):
            _at_width(page, width)
            _puzzle_button_whole(page, width)
        # the puzzle answered by a click on a card face: marked right or wrong, no status line repeating it
        puzzle = page.locator(".st-puzzle").first
        puzzle.locator("button.st-card-face:not([disabled])").first.click()
        puzzle.locator(".st-puzzle-feedback [role=status]").wait_for()
        assert puzzle.locator(".st-verdict-right, .st-verdict-wrong").count() == 1
        assert puzzle.locator(".st-status:visible").count() == 0
        puzzle.locator(".st-puzzle-hand").evaluate("e => e.scrollIntoView({block: 'center'})")
        page.screenshot(path=str(ARTIFACTS / "phone-ch13-puzzle-answered-390.png"))
        puzzle.locator(".st-puzzle-next").click()
        page.wait_for_function("() => !document.querySelector('.st-puzzle-feedback [role=status]')")
        assert _sideways(page) == 0
    assert problems.all() == []
