"""The app's Play page (the card table) in a real browser: Debian's Chromium driven by Playwright.

One Voila server for the module (``spades-teach app``), a fresh page per test (each page runs a
kernel of its own, so the tests do not share a game). The bots' pause is set to 0 on the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _axe import serious_violations
from _browser import ARTIFACTS
from test_browser_app import TIMEOUT_MS, _open, app_url  # noqa: F401  (app_url: the server fixture)

from spades_teach import Deal, deal

ROOT = Path(__file__).resolve().parents[1]
TABLE = ".ct-root"


def _play_page(browser: Any, url: str, width: int = 1280) -> Iterator[Any]:
    pages = _open(browser, f"{url}/voila/render/play.ipynb", f"{TABLE} .ct-hand-card")
    page = next(pages)
    page.set_viewport_size({"width": width, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" and "ct-" in msg.text else None)
    page.select_option(f"{TABLE} .ct-pace", "0")
    _wait(page, "() => document.querySelector('.ct-root .ct-pace').value === '0'")
    yield page
    assert errors == [], f"the card table logged errors: {errors}"
    next(pages, None)


@pytest.fixture
def table(browser: Any, app_url: str) -> Iterator[Any]:  # noqa: F811
    yield from _play_page(browser, app_url)


def _wait(page: Any, script: str, arg: Any = None) -> None:
    page.wait_for_function(script, arg=arg, timeout=TIMEOUT_MS)


def _status(page: Any) -> str:
    return str(page.locator(f"{TABLE} .ct-status").inner_text())


def _code(page: Any) -> str:
    return str(page.locator(f"{TABLE} .ct-code-value").inner_text())


def _hand(page: Any) -> list[str]:
    return list(page.locator(f"{TABLE} .ct-hand-card").evaluate_all("els => els.map(e => e.dataset.code)"))


def _wait_status(page: Any, text: str) -> None:
    _wait(page, "t => document.querySelector('.ct-root .ct-status').innerText.includes(t)", text)


def _wait_new_code(page: Any, old: str) -> str:
    _wait(
        page,
        "old => { const e = document.querySelector('.ct-root .ct-code-value'); return e && e.innerText !== old; }",
        old,
    )
    return _code(page)


def _bid_with_mouse(page: Any, bid: str = "3") -> None:
    page.select_option(f"{TABLE} .ct-bid-choice", bid)
    page.click(f"{TABLE} .ct-bid-button")
    _wait(
        page,
        "() => !document.querySelector('.ct-root .ct-bid-row') || document.querySelector('.ct-root .ct-bid-row').hidden",
    )


def _my_turn(page: Any) -> str:
    """Wait until South has a legal card or the hand is over: 'play' or 'end'."""
    _wait(
        page,
        "() => document.querySelector('.ct-root .ct-hand-card.ct-legal') || !document.querySelector('.ct-root .ct-end').hidden",
    )
    return "end" if page.locator(f"{TABLE} .ct-end").is_visible() else "play"


def _play_out_with_mouse(page: Any) -> None:
    while _my_turn(page) == "play":
        before = len(page.locator(f"{TABLE} .ct-hand-card.ct-legal, {TABLE} .ct-hand-card.ct-illegal").all())
        page.locator(f"{TABLE} .ct-hand-card.ct-legal").first.click()
        _wait(
            page,
            "n => document.querySelectorAll('.ct-root .ct-hand-card').length < n || !document.querySelector('.ct-root .ct-end').hidden",
            before,
        )


def _focused(page: Any) -> dict[str, Any]:
    return dict(
        page.evaluate(
            "() => { const e = document.activeElement; return {cls: e.className || '', code: (e.dataset || {}).code || '', label: e.getAttribute('aria-label') || ''}; }"
        )
    )


def _shot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.locator(TABLE).screenshot(path=str(path))
    return path


# -- a whole hand with the keyboard only -------------------------------------------------------------


def test_a_whole_hand_played_with_the_keyboard_only(table: Any) -> None:
    page = table
    fixed = deal(7).code  # a fixed deal (and bots), so that the hand is the same every run
    page.fill(f"{TABLE} .ct-code-input", fixed)
    page.keyboard.press("Enter")
    _wait(page, "c => document.querySelector('.ct-root .ct-code-value').innerText === c", fixed)
    page.focus(f"{TABLE} .ct-bid-choice")
    assert page.locator(f"{TABLE} .ct-bid-choice").input_value() == ""  # no bid chosen for the learner
    page.keyboard.press("ArrowDown")  # the first real bid
    page.keyboard.press("ArrowDown")
    chosen = page.locator(f"{TABLE} .ct-bid-choice").input_value()
    assert chosen != ""
    page.keyboard.press("Tab")  # to the Bid button
    page.keyboard.press("Enter")
    _wait(page, "() => document.querySelector('.ct-root .ct-bid-row').hidden")
    assert f"bid {'Nil' if chosen in ('0', 'nil') else chosen}" in page.locator(f"{TABLE} .ct-seat-S").inner_text()
    refused = False
    played = 0
    while _my_turn(page) == "play":
        focus = _focused(page)
        assert "ct-hand-card" in focus["cls"], f"the focus left the hand: {focus}"
        page.keyboard.press("Home")
        focus = _focused(page)
        while "ct-legal" not in focus["cls"]:
            if not refused:  # once: Enter on a card that may not be played says why, and changes nothing
                assert "not playable" in focus["label"]
                hand = _hand(page)
                page.keyboard.press("Enter")
                _wait_status(page, "cannot be played")
                assert _hand(page) == hand
                assert "ct-hand-card" in _focused(page)["cls"]
                refused = True
            page.keyboard.press("ArrowRight")
            focus = _focused(page)
        count = len(_hand(page))
        page.keyboard.press("Enter")
        _wait(
            page,
            "n => document.querySelectorAll('.ct-root .ct-hand-card').length < n || !document.querySelector('.ct-root .ct-end').hidden",
            count,
        )
        played += 1
        if played == 3:
            _shot(page, "app-play")
        assert played <= 13
    assert played == 13
    assert refused, "no card of this hand was refused"
    end = page.locator(f"{TABLE} .ct-end")
    assert "NS bid" in end.inner_text() and "EW bid" in end.inner_text()  # the score, line by line
    # the keyboard lands on the panel: a deal played from its code is first offered the comparison
    # with the expert (see test_browser_challenge.py), and Review my hand is the next button
    _wait(page, "() => document.activeElement.classList.contains('ct-compare-button')")
    page.keyboard.press("Tab")
    assert "ct-review-button" in _focused(page)["cls"]
    page.keyboard.press("Enter")
    page.locator(f"{TABLE} .ct-review tbody tr").first.wait_for()
    assert page.locator(f"{TABLE} .ct-review tbody tr").count() == 13  # one line per card of South
    assert "trick" in page.locator(f"{TABLE} .ct-review").inner_text()
    page.set_viewport_size({"width": 1280, "height": 2400})  # Voila scrolls inside the page: show it all
    _shot(page, "app-play-finished")


# -- broken item 5: New game deals a new deal, with its code; replay and deal of the day --------------


def test_new_game_deals_new_cards_and_the_code_replays_them(table: Any) -> None:
    page = table
    first_code, first_hand = _code(page), _hand(page)
    assert Deal.from_code(first_code).code == first_code  # a real, replayable code
    page.click(f"{TABLE} .ct-new")
    second_code = _wait_new_code(page, first_code)
    assert _hand(page) != first_hand
    assert "new random deal" in page.locator(f"{TABLE} .ct-code").inner_text()
    page.click(f"{TABLE} .ct-replay")  # the same cards again
    _wait(page, "() => document.querySelector('.ct-root .ct-code').innerText.includes('a replay')")
    assert _code(page) == second_code
    page.fill(f"{TABLE} .ct-code-input", first_code)
    page.click(f"{TABLE} .ct-code-go")
    assert _wait_new_code(page, second_code) == first_code
    assert sorted(_hand(page)) == sorted(first_hand)
    page.fill(f"{TABLE} .ct-code-input", "")
    page.click(f"{TABLE} .ct-code-go")
    _wait_status(page, "the deal code is empty")  # an empty code is never a silent default
    assert _code(page) == first_code
    page.click(f"{TABLE} .ct-day")
    today = Deal.of_the_day()
    assert _wait_new_code(page, first_code) == today.code
    assert "deal of the day" in page.locator(f"{TABLE} .ct-code").inner_text()


# -- broken item 6: Match after a hand has ended ------------------------------------------------------


def test_choosing_match_after_the_hand_goes_on_to_a_second_hand(table: Any) -> None:
    page = table
    _bid_with_mouse(page)
    _play_out_with_mouse(page)
    assert page.locator(f"{TABLE} .ct-next").is_hidden()
    page.click(f"{TABLE} .ct-last-button")  # the last trick, on demand
    assert page.locator(f"{TABLE} .ct-last .ct-card").count() == 4
    assert "trick 12:" in page.locator(f"{TABLE} .ct-last").inner_text()
    assert "wins the trick" in page.locator(f"{TABLE} .ct-last").inner_text()
    page.select_option(f"{TABLE} .ct-mode", "match")
    _wait_status(page, "counts as hand 1 of a match")
    page.locator(f"{TABLE} .ct-next-end").click()
    page.locator(f"{TABLE} .ct-bid-choice").wait_for()
    _wait(page, "() => document.querySelector('.ct-root .ct-hand-number').innerText.includes('hand 2')")
    assert page.locator(f"{TABLE} .ct-end").is_hidden()


# -- broken item 10: the bid starts empty; a card other than the hint gets a word -------------------


def test_the_bid_starts_empty_and_a_card_off_the_hint_gets_feedback(table: Any) -> None:
    page = table
    page.locator(f"{TABLE} .ct-teach input").check()
    _wait(page, "() => document.querySelector('.ct-root .ct-hint').innerText.startsWith('Teach me:')")
    assert page.locator(f"{TABLE} .ct-hint .ct-hint-reasons li").count() > 0  # the advisor's reasons, listed
    assert page.locator(f"{TABLE} .ct-bid-choice").input_value() == ""  # not pre-filled with the advice
    page.click(f"{TABLE} .ct-bid-button")
    _wait_status(page, "choose a bid first")
    _bid_with_mouse(page, "4")
    while _my_turn(page) == "play":
        hinted = page.locator(f"{TABLE} .ct-hand-card.ct-hinted")
        hinted.wait_for()
        others = page.locator(f"{TABLE} .ct-hand-card.ct-legal:not(.ct-hinted)")
        if others.count():
            hint_code = hinted.get_attribute("data-code")
            others.first.click()
            _wait_status(page, "Teach me suggested")
            assert hint_code is not None and hint_code[0] in _status(page).replace("10", "T")
            return
        played = hinted.get_attribute("data-code")
        hinted.click()
        # The card leaves South's hand. (Waiting for the hint to vanish raced: when the bots finish
        # the trick at once, the next hint can be drawn in the same frame as the card leaves.)
        _wait(
            page,
            "c => ![...document.querySelectorAll('.ct-root .ct-hand-card')].some(e => e.dataset.code === c)",
            played,
        )
    pytest.fail("South never had a choice of legal cards in this hand")


# -- a phone-sized window and the accessibility check -------------------------------------------------


def test_the_table_fits_a_390_pixel_window(browser: Any, app_url: str) -> None:  # noqa: F811
    pages = _play_page(browser, app_url, width=390)
    page = next(pages)
    widths = page.evaluate(
        "() => { const r = document.querySelector('.ct-root'); return [r.scrollWidth, r.clientWidth, document.documentElement.scrollWidth]; }"
    )
    assert widths[0] <= widths[1] + 1, f"the table is wider than its box: {widths}"
    assert widths[2] <= 390, f"the page scrolls sideways at 390 px: {widths}"
    # every card of the hand read in one go: the table may draw itself again between two reads (the
    # pace just chosen comes back from the kernel), and a card read one by one may be gone by then
    _wait(page, "() => document.querySelectorAll('.ct-root .ct-hand-card').length === 13")
    boxes = page.evaluate(
        "() => [...document.querySelectorAll('.ct-root .ct-hand-card')].map(e => {"
        " const r = e.getBoundingClientRect(); return [e.dataset.code, r.left, r.right, r.width]; })"
    )
    assert len(boxes) == 13
    for code, left, right, width in boxes:
        assert width > 0 and left >= 0 and right <= 390, f"{code} is not whole on screen at 390 px: {left}-{right}"
    page.set_viewport_size({"width": 390, "height": 1800})  # the whole table in the picture, its hand too
    _shot(page, "app-play-390")
    next(pages, None)


def test_the_play_page_has_no_serious_accessibility_violation(table: Any) -> None:
    page = table
    _bid_with_mouse(page)
    _my_turn(page)
    assert serious_violations(page) == []
