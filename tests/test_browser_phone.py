"""The chapters at a phone's width (390 px) and a laptop's (1366 px), in Voila and Chromium.

Every chapter, in English and a few in French and Spanish: at 390 px nothing is wider than the window
(no sideways scrolling, no hand off the side of the screen or cut by its box) and every touch target is
44 px or more (tests/_phone.py says what is measured); widened to 1366 px, nothing sticks out either.
A screenshot of each whole page goes to test-artifacts/phone-<language>-<chapter>.png.

Chapter 8: the replay shows every card of every hand (none clipped by its seat's cell) and its step
buttons whole; the exercise is answered by clicking a card of the hand, or by Tab and Space, and says
right or wrong; the drill explains its level. Chapter 13: the puzzle's *Next puzzle* button is whole and
on screen; the card table's hand is in rows of cards with 44 px of each showing.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from _browser import ARTIFACTS, TWO_FRAMES, laid_out
from _phone import PHONE, measure, screenshot_whole
from _voila import chapter_page, voila_over_chapters

from spades_teach.app import chapter_titles

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
    assert shown.count() >= 28  # the four hands of the first moment (8 tricks to play), every card drawn


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
        right = verdict.evaluate("e => e.classList.contains('st-verdict-right')")
        # closed once answered right; after a wrong answer the cards stay open for another try
        assert exercise.locator(".st-exercise-closed").count() == (1 if right else 0)
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


#: The chapters measured in French and Spanish too: the first page, the ones with the widest pictures
#: and tables (the score calculator, the Nil switches, the open-hand exercise, the card table, the
#: glossary, the appendix's tables).
_TRANSLATED = ("00", "04", "06", "08", "13", "16", "17")
_PAGES = [("en", name) for name, _titles in chapter_titles()] + [
    (language, name) for language in ("fr", "es") for name, _titles in chapter_titles() if name[:2] in _TRANSLATED
]


@pytest.mark.parametrize(("language", "name"), _PAGES, ids=[f"{lang}-{name[:2]}" for lang, name in _PAGES])
def test_every_chapter_fits_a_phone_and_still_fits_a_laptop(
    browser: Any, chapters_url: str, language: str, name: str
) -> None:
    """Issue 42, the phone: chapter 0's card table was 638 px wide in a 390 px window, East's hand off
    the screen; chapter 8's open-hand exercise the same; the controls 28 px tall."""
    folder = "" if language == "en" else f"{language}/"
    with chapter_page(browser, chapters_url, folder + name, width=PHONE["width"], ready="h1") as (page, problems):
        page.set_viewport_size(PHONE)
        ARTIFACTS.mkdir(exist_ok=True)
        screenshot_whole(page, str(ARTIFACTS / f"phone-{language}-{name[:2]}.png"))
        assert measure(page).problems() == [], (language, name)
        _at_width(page, 1366)
        wide = measure(page)
        assert wide.window_problems() == [], (language, name)
    assert problems.all() == []


def test_the_card_tables_hand_shows_44_px_of_each_card_and_its_lines_apart(browser: Any, chapters_url: str) -> None:
    """The live reader's finding 6: the hand's cards were 36 px wide with 29 px of each showing. At 390 px
    each card of the hand shows 44 px or more (its left edge to the next card's), and its status line
    keeps the message about the last move and what happens now on lines of their own (finding 7:
    "…what you have seen East is thinking")."""
    with chapter_page(browser, chapters_url, "13_play_with_teach_me", width=PHONE["width"], ready=".ct-hand-card") as (
        page,
        problems,
    ):
        page.set_viewport_size(PHONE)
        hand = page.locator(".ct-root .ct-hand")
        hand.scroll_into_view_if_needed()
        boxes = hand.locator(".ct-hand-card").evaluate_all(
            "cards => cards.map(c => c.getBoundingClientRect().toJSON())"
        )
        assert len(boxes) == 13
        for here, after in itertools.pairwise(boxes):
            showing = (after["left"] - here["left"]) if after["top"] == here["top"] else here["width"]
            assert showing >= 44 and here["height"] >= 44, (here, after)
        assert len({box["top"] for box in boxes}) == 2  # two rows of cards
        hand.screenshot(path=str(ARTIFACTS / "phone-ch13-hand-390.png"))
        page.select_option(".ct-root .ct-bid-choice", "3")
        page.click(".ct-root .ct-bid-button")
        hand.locator(".ct-hand-card.ct-legal").first.wait_for()
        # a card other than Teach me's (or, with one card to play, one that cannot be played): the line
        # under the hand says so, and what happens next
        other = hand.locator(".ct-hand-card.ct-legal:not(.ct-hinted)")
        (other if other.count() else hand.locator(".ct-hand-card.ct-illegal")).first.click()
        page.locator(".ct-root .ct-status .ct-message").wait_for()
        status = page.locator(".ct-root .ct-status")
        message, now = (status.locator(f".{part}").bounding_box() for part in ("ct-message", "ct-now"))
        assert message is not None and now is not None and now["y"] >= message["y"] + message["height"] - 1
        lines = status.inner_text().splitlines()
        assert len(lines) == 2 and all(line.strip() for line in lines), lines
    assert problems.all() == []


def _box(locator: Any) -> Any:
    """The element's box, or ``None`` when the page has no such element (the first chapter's previous)."""
    return locator.bounding_box() if locator.count() else None


@pytest.mark.parametrize("name", ["00_a_hand_in_ten_minutes", "08_card_play", "17_appendix_calibration"])
def test_the_chapter_bar_has_the_list_in_the_middle(browser: Any, chapters_url: str, name: str) -> None:
    """Learner finding 25: on a laptop "All the chapters" sat beside "Previous chapter" instead of in the
    middle of the bar; the previous chapter is on the left, the next on the right, the list in the
    middle, whichever are there. On a phone the list has a line of its own, above the two."""
    with chapter_page(browser, chapters_url, name, width=1366, ready="h1") as (page, problems):
        for where in ("top", "bottom"):
            bar = page.locator(f".st-chapter-nav-{where}")
            box = bar.bounding_box()
            links = {kind: _box(bar.locator(f".st-chapter-{kind}")) for kind in ("prev", "list", "next")}
            assert box is not None and links["list"] is not None
            middle = links["list"]["x"] + links["list"]["width"] / 2
            assert abs(middle - (box["x"] + box["width"] / 2)) < 3, (where, box, links)
            if links["prev"] is not None:
                assert links["prev"]["x"] - box["x"] < 30
            if links["next"] is not None:
                assert box["x"] + box["width"] - (links["next"]["x"] + links["next"]["width"]) < 30
        _at_width(page, PHONE["width"])
        bar = page.locator(".st-chapter-nav-top")
        top = {kind: _box(bar.locator(f".st-chapter-{kind}")) for kind in ("prev", "list", "next")}
        assert top["list"] is not None
        assert all(
            other is None or other["y"] >= top["list"]["y"] + top["list"]["height"]
            for other in (top["prev"], top["next"])
        )
    assert problems.all() == []
