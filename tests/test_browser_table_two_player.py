"""Two-player Spades at the app's card table in a real browser (Debian's Chromium, Playwright): the
Players menu, the draw played with the keyboard (the focus lands on Keep; Tab reaches Discard), the
bid with the keyboard, the tricks of two cards with the mouse, the score as two players, and a
console without errors (and the draw without a serious axe violation)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from _axe import serious_violations
from test_browser_app import _open, app_url  # noqa: F401  (app_url: the server fixture)
from test_browser_table import TABLE, _play_out_with_mouse, _shot, _wait, _wait_status


@pytest.fixture
def table(browser: Any, app_url: str) -> Iterator[Any]:  # noqa: F811
    """The Play page, every console error and page error recorded (none may occur)."""
    pages = _open(browser, f"{app_url}/voila/render/play.ipynb", f"{TABLE} .ct-hand-card")
    page = next(pages)
    page.set_viewport_size({"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.select_option(f"{TABLE} .ct-pace", "0")
    _wait(page, "() => document.querySelector('.ct-root .ct-pace').value === '0'")
    yield page
    assert errors == [], f"the console logged errors: {errors}"
    next(pages, None)


def _focused(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement.className || ''"))


def _draw_turn(page: Any) -> str:
    return str(page.evaluate("() => (document.querySelector('.ct-root .ct-draw-caption') || {}).innerText || ''"))


def test_a_two_player_hand_drawn_and_bid_by_keyboard_and_played_by_mouse(table: Any) -> None:
    page = table
    page.select_option(f"{TABLE} .ct-players", "2")
    _wait_status(page, "two-player Spades from the next new game")
    teach = page.locator(f"{TABLE} .ct-teach input")  # Teach me advises the draw
    assert teach.is_checked()  # on for a learner who never switched it off (the app's fresh data folder)
    page.click(f"{TABLE} .ct-new")
    _wait(page, "() => !document.querySelector('.ct-root .ct-draw-row').hidden")
    assert page.locator(f"{TABLE} .ct-seat-W").is_hidden() and page.locator(f"{TABLE} .ct-seat-E").is_hidden()
    assert page.locator(f"{TABLE} .ct-side").count() == 2
    assert page.locator(f"{TABLE} .ct-side-S .ct-side-name").inner_text() == "You"
    # the keyboard lands on Keep when it is the learner's turn to draw
    _wait(page, "() => document.activeElement.classList.contains('ct-keep')")
    assert page.locator(f"{TABLE} .ct-hint").inner_text().startswith("Teach me: ")
    assert page.locator(f"{TABLE} .ct-keep.ct-hinted, {TABLE} .ct-discard.ct-hinted").count() == 1
    turns = 0
    while page.locator(f"{TABLE} .ct-draw-row").is_visible():
        caption = _draw_turn(page)
        assert "the top card of the stock" in caption
        seen = page.locator(f"{TABLE} .ct-draw-view .ct-draw-card").get_attribute("data-code")
        held = page.locator(f"{TABLE} .ct-hand-card").count()
        if turns % 2:  # discard: Tab from Keep to Discard
            assert "ct-keep" in _focused(page)
            page.keyboard.press("Tab")
            assert "ct-discard" in _focused(page)
        else:  # keep: back from Discard to Keep (the first time the focus is on Keep already)
            if "ct-discard" in _focused(page):
                page.keyboard.press("Shift+Tab")
            assert "ct-keep" in _focused(page)
        page.keyboard.press("Enter")
        _wait(
            page,
            "c => (document.querySelector('.ct-root .ct-draw-caption') || {}).innerText !== c",
            caption,
        )
        turns += 1
        if turns == 6:
            _shot(page, "table-two-player")
            assert serious_violations(page) == []  # the draw's box, buttons and cards, to axe's eyes
        assert page.locator(f"{TABLE} .ct-hand-card").count() == held + 1
        message = page.locator(f"{TABLE} .ct-message").inner_text()
        assert (("kept" if turns % 2 else "threw away") in message) or message.startswith("the draw is over")
        assert seen is not None
        assert turns <= 13
    assert turns == 13
    _wait_status(page, "your turn to bid")
    _wait(page, "() => document.activeElement.classList.contains('ct-bid-choice')")
    assert page.locator(f"{TABLE} .ct-hand-card").count() == 13
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    chosen = page.locator(f"{TABLE} .ct-bid-choice").input_value()
    assert chosen != ""
    page.keyboard.press("Enter")  # Enter on the bid list bids
    _wait(page, "() => document.querySelector('.ct-root .ct-bid-row').hidden")
    _play_out_with_mouse(page)
    end = page.locator(f"{TABLE} .ct-end").inner_text()
    assert "S bid" in end and "N bid" in end and "NS" not in end
    assert page.locator(f"{TABLE} .ct-trick .ct-play").count() == 2  # the last trick: two cards
    assert page.locator(f"{TABLE} .ct-hand-card").count() == 13  # the hand as drawn
    page.set_viewport_size({"width": 1280, "height": 1800})
    _shot(page, "table-two-player-finished")
