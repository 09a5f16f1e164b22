"""The card table's flow in a real browser: what the learner sees between two actions.

Every state the table draws is watched with a ``MutationObserver`` while the bots play with a pause
(the moments between two messages from Python are exactly where a half-made state would show): the
Teach me hint comes with "your turn", a finished hand comes with its score, and the keyboard lands
on the next thing to do.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_browser_app import app_url  # noqa: F401  (the server fixture)
from test_browser_table import ARTIFACTS, TABLE, _bid_with_mouse, _my_turn, _play_page, _shot, _wait

from spades_teach import deal

WATCH = """
(check) => {
  window.__seen = [];
  const root = document.querySelector('.ct-root');
  const test = new Function('root', check);
  const look = () => { const bad = test(root); if (bad) window.__seen.push(bad); };
  new MutationObserver(look).observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
}
"""


def _watch(page: Any, check: str) -> None:
    """Record every drawn state for which the JavaScript body ``check`` (of ``root``) returns a string."""
    page.evaluate(WATCH, check)


def _seen(page: Any) -> list[str]:
    return list(page.evaluate("() => window.__seen"))


@pytest.fixture
def table(browser: Any, app_url: str) -> Iterator[Any]:  # noqa: F811
    yield from _play_page(browser, app_url)


def _slow_bots(page: Any) -> None:
    """A bot pause, as a learner has it (the fixture sets none)."""
    page.select_option(f"{TABLE} .ct-pace", "0.3")
    _wait(page, "() => document.querySelector('.ct-root .ct-pace').value === '0.3'")


def _play_fixed_deal(page: Any, seed: int) -> None:
    code = deal(seed).code
    page.fill(f"{TABLE} .ct-code-input", code)
    page.click(f"{TABLE} .ct-code-go")
    _wait(page, "c => document.querySelector('.ct-root .ct-code-value').innerText === c", code)


def _click_and_wait_for_the_next_turn(page: Any, selector: str) -> None:
    count = page.locator(f"{TABLE} .ct-hand-card").count()
    page.locator(selector).first.click()
    _wait(
        page,
        "n => document.querySelectorAll('.ct-root .ct-hand-card').length < n || !document.querySelector('.ct-root .ct-end').hidden",
        count,
    )


# -- broken item 2: the hint arrives with "your turn" ------------------------------------------------


def test_the_teach_me_hint_is_drawn_with_your_turn(table: Any) -> None:
    page = table
    _slow_bots(page)
    page.locator(f"{TABLE} .ct-teach input").check()
    _wait(page, "() => document.querySelector('.ct-root .ct-hint').innerText.startsWith('Teach me:')")
    _play_fixed_deal(page, 11)
    _watch(
        page,
        """
        const status = root.querySelector('.ct-status').innerText;
        const hint = root.querySelector('.ct-hint');
        if (!status.includes('your turn')) return '';
        if (hint.hidden || !hint.innerText.startsWith('Teach me:')) return 'your turn without its hint: ' + status;
        if (status.includes('to play') && !root.querySelector('.ct-hand-card.ct-hinted')) return 'your turn to play, no card outlined';
        return '';
        """,
    )
    _bid_with_mouse(page, "3")
    for _ in range(6):  # six tricks' worth of turns, each one watched
        if _my_turn(page) != "play":
            break
        _click_and_wait_for_the_next_turn(page, f"{TABLE} .ct-hand-card.ct-legal")
    assert _seen(page) == []


# -- broken item 6: no blank moment at the end of a hand ---------------------------------------------


def test_the_end_of_the_hand_comes_with_its_score(table: Any) -> None:
    page = table
    _slow_bots(page)
    _play_fixed_deal(page, 7)
    _watch(
        page,
        """
        const end = root.querySelector('.ct-end');
        if (end.hidden) return '';
        const lines = end.querySelectorAll('.ct-result li').length;
        const number = root.querySelector('.ct-hand-number').innerText;
        const points = Array.from(root.querySelectorAll('.ct-points')).map((e) => e.innerText);
        if (lines === 0) return 'the hand is over, with no score lines';
        if (number.includes('hand 0')) return 'the header says ' + number;
        if (points.every((p) => p === '0')) return 'both scores are 0';
        return '';
        """,
    )
    _bid_with_mouse(page, "3")
    while _my_turn(page) == "play":
        _click_and_wait_for_the_next_turn(page, f"{TABLE} .ct-hand-card.ct-legal")
    _wait(page, "() => document.querySelectorAll('.ct-root .ct-end .ct-result li').length > 0")
    assert _seen(page) == []


# -- broken item 5: the keyboard goes on to the next thing to do ------------------------------------


def _focused_class(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement ? document.activeElement.className : ''"))


def _wait_focus(page: Any, cls: str) -> None:
    _wait(page, "c => document.activeElement && document.activeElement.classList.contains(c)", cls)


def test_a_hand_from_new_game_to_the_review_without_a_single_tab(table: Any) -> None:
    page = table
    keys: list[str] = []

    def press(key: str) -> None:
        keys.append(key)
        page.keyboard.press(key)

    page.focus(f"{TABLE} .ct-new")  # the learner is on New game
    press("Enter")
    _wait_focus(page, "ct-bid-choice")  # the bid box, not the page's body
    press("ArrowDown")
    press("ArrowDown")
    assert page.locator(f"{TABLE} .ct-bid-choice").input_value() != ""
    press("Enter")  # Enter on the bid list bids
    _wait(page, "() => document.querySelector('.ct-root .ct-bid-row').hidden")
    while _my_turn(page) == "play":
        _wait_focus(page, "ct-hand-card")
        press("Home")
        while "ct-legal" not in _focused_class(page):
            press("ArrowRight")
        count = page.locator(f"{TABLE} .ct-hand-card").count()
        press("Enter")
        _wait(
            page,
            "n => document.querySelectorAll('.ct-root .ct-hand-card').length < n || !document.querySelector('.ct-root .ct-end').hidden",
            count,
        )
    _wait_focus(page, "ct-review-button")  # the end of the hand: Review my hand is next
    press("Enter")
    page.locator(f"{TABLE} .ct-review tbody tr").first.wait_for()
    _wait_focus(page, "ct-review-title")  # and the review, once it is there
    assert "Tab" not in keys
    press("Shift+Tab")  # the end panel's buttons are one step back, not at the top of the page
    assert page.evaluate("() => document.querySelector('.ct-root .ct-end').contains(document.activeElement)")


# -- cards move --------------------------------------------------------------------------------------

MOVING = """
  const moving = document.getAnimations().filter((a) => a.effect && a.effect.target && a.effect.target.closest('.ct-trick'));
  const caption = root.querySelector('.ct-trick-caption');
  const won = caption && caption.innerText.includes('wins the trick') && root.querySelector('.ct-trick .ct-winner');
  return [moving.length ? 'moving' : '', won ? 'won' : ''].join(' ').trim();
"""


def test_cards_slide_to_the_middle_and_the_trick_to_its_winner_unless_motion_is_reduced(table: Any) -> None:
    page = table
    _slow_bots(page)
    _play_fixed_deal(page, 5)
    _watch(page, MOVING)
    _bid_with_mouse(page, "3")
    for _ in range(3):  # three of South's turns: at least two whole tricks
        if _my_turn(page) != "play":
            break
        _click_and_wait_for_the_next_turn(page, f"{TABLE} .ct-hand-card.ct-legal")
    _my_turn(page)
    assert any("moving" in seen for seen in _seen(page))  # the cards moved
    assert any("won" in seen for seen in _seen(page))  # a finished trick names its winner, the winning card highlighted
    _shot(page, "app-play-trick")
    page.emulate_media(reduced_motion="reduce")
    page.evaluate("() => { window.__seen = []; }")
    for _ in range(2):
        if _my_turn(page) != "play":
            break
        _click_and_wait_for_the_next_turn(page, f"{TABLE} .ct-hand-card.ct-legal")
    _my_turn(page)
    assert not any("moving" in seen for seen in _seen(page))  # nothing moves for a learner who asked for less motion


# -- one judge: a hand played by Teach me, then its review ------------------------------------------


@pytest.mark.parametrize("level", ["beginner", "expert"])
def test_a_hand_played_by_following_teach_me_has_no_costly_card_in_its_review(table: Any, level: str) -> None:
    """Issue #27: the review judged with every hand seen and called Teach me's own cards costly. The
    review now judges each card from the seat, on the very deals the hint was chosen on, so a hand
    played card by card as Teach me says has no costly row (hindsight may still add its labelled note)."""
    page = table
    page.select_option(f"{TABLE} .ct-hint-level", level)
    page.locator(f"{TABLE} .ct-teach input").check()
    _wait(page, "() => document.querySelector('.ct-root .ct-hint').innerText.startsWith('Teach me:')")
    _play_fixed_deal(page, 11)
    _bid_with_mouse(page, "3")
    played = 0
    while _my_turn(page) == "play":
        page.locator(f"{TABLE} .ct-hand-card.ct-hinted").wait_for()
        _click_and_wait_for_the_next_turn(page, f"{TABLE} .ct-hand-card.ct-hinted")
        played += 1
    assert played == 13
    page.click(f"{TABLE} .ct-review-button")
    page.locator(f"{TABLE} .ct-review tbody tr").first.wait_for()
    assert page.locator(f"{TABLE} .ct-review tbody tr").count() == 13
    costly = page.locator(f"{TABLE} .ct-review tbody tr.ct-costly").all_inner_texts()
    assert costly == [], costly
    review = page.locator(f"{TABLE} .ct-review")
    review.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    review.screenshot(path=str(ARTIFACTS / f"app-review-after-teach-me-{level}.png"))
