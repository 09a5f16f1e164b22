"""The app's Daily challenge page in a real browser: play the deal of the day, then
"Compare with the expert" (Debian's Chromium driven by Playwright, one Voila server)."""

from __future__ import annotations

import re
from typing import Any

from test_browser_app import TIMEOUT_MS, _open, app_url  # noqa: F401  (app_url: the server fixture)
from test_browser_table import TABLE, _bid_with_mouse, _focused, _play_out_with_mouse, _shot, _wait, table  # noqa: F401


def test_the_daily_challenge_compares_the_hand_with_the_expert(browser: Any, app_url: str) -> None:  # noqa: F811
    pages = _open(browser, f"{app_url}/voila/render/daily.ipynb", f"{TABLE} .ct-code-value")
    page = next(pages)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.select_option(f"{TABLE} .ct-pace", "0")
    _wait(page, "() => document.querySelector('.ct-root .ct-pace').value === '0'")
    _wait(
        page,
        "() => document.querySelector('.ct-root .ct-bid-choice') && !document.querySelector('.ct-root .ct-bid-row').hidden",
    )
    _bid_with_mouse(page, "3")
    _play_out_with_mouse(page)
    button = page.locator(f"{TABLE} .ct-compare-button")
    button.wait_for()
    # the keyboard is already on the button: Enter asks for the comparison
    _wait(page, "() => document.activeElement && document.activeElement.classList.contains('ct-compare-button')")
    page.keyboard.press("Enter")
    _wait(
        page,
        "() => document.querySelector('.ct-root .ct-status').innerText.includes('the expert is playing') || document.querySelector('.ct-root .ct-compare-summary')",
    )
    page.locator(f"{TABLE} .ct-compare-summary").wait_for(timeout=TIMEOUT_MS)
    summary = page.locator(f"{TABLE} .ct-compare-summary").inner_text()
    assert re.match(r"you scored [+−]?\d+, the expert [+−]?\d+ on the same cards; ", summary), summary
    lines = page.locator(f"{TABLE} .ct-compare-list li").all_inner_texts()
    if "every decision" in summary:
        expected = 0
    elif "once" in summary:
        expected = 1
    else:
        found = re.search(r"differed from the expert (\d+) times", summary)
        assert found, summary
        expected = int(found.group(1))
    assert len(lines) == expected
    assert all(re.match(r"(bidding|trick \d+): you (bid|played) .+, the expert .+ — .+", line) for line in lines), lines
    assert "ct-compare-title" in _focused(page)["cls"]  # the keyboard moves on to the answer
    page.set_viewport_size({"width": 1200, "height": 2400})  # Voila scrolls inside the page: show it all
    _shot(page, "app-daily-compared")
    assert page.locator(f"{TABLE} .ct-compare-button").count() == 0  # asked once, answered once
    assert "Traceback" not in page.locator("body").inner_text()
    assert errors == []
    assert next(pages, None) is None


def test_the_hint_level_choice_gives_the_expert_teaching_line(table: Any) -> None:  # noqa: F811
    page = table
    page.check(f"{TABLE} .ct-teach input")
    page.select_option(f"{TABLE} .ct-hint-level", "expert")
    _wait(page, "() => document.querySelector('.ct-root .ct-status').innerText.includes('expert')")
    _wait(
        page,
        "() => document.querySelector('.ct-root .ct-bid-choice') && !document.querySelector('.ct-root .ct-bid-row').hidden",
    )
    _bid_with_mouse(page, "3")
    _wait(page, "() => document.querySelector('.ct-root .ct-hand-card.ct-legal')")
    # the turn is drawn with its hint: the expert's line, its card marked in the hand
    hint = page.locator(f"{TABLE} .ct-hint").inner_text()
    assert hint.startswith("Teach me (expert): play "), hint
    hinted = page.locator(f"{TABLE} .ct-hand-card.ct-hinted")
    assert hinted.count() == 1
    assert hint.startswith(f"Teach me (expert): play {hinted.inner_text().split()[0]}")
    assert page.locator(f"{TABLE} .ct-hint-level").input_value() == "expert"


def test_a_glossary_word_in_the_hint_shows_its_definition_on_focus(table: Any) -> None:  # noqa: F811
    from spades_teach import deal
    from spades_teach.render.glossary import define

    page = table
    code = deal(seed=2).code
    page.fill(f"{TABLE} .ct-code-input", code)
    page.click(f"{TABLE} .ct-code-go")
    page.check(f"{TABLE} .ct-teach input")
    # the new deal's hint (Teach me is on from the start: the last deal's hint stood there before)
    _wait(
        page,
        "code => document.querySelector('.ct-root .ct-code-value')?.textContent === code"
        " && document.querySelector('.ct-root .ct-hint .ct-term')",
        code,
    )
    term = page.locator(f"{TABLE} .ct-hint .ct-term").first
    name = term.get_attribute("data-term")
    tip = page.locator(f"#{term.get_attribute('aria-describedby')}")
    assert not tip.is_visible()  # nothing pops up before the word is reached
    term.focus()
    assert tip.is_visible()
    assert tip.inner_text() == f"{name}: {define(str(name))}"
    _shot(page, "table_glossary_popup")
    page.keyboard.press("Escape")  # Escape closes it, the keyboard stays on the word
    assert not tip.is_visible() and "ct-term" in _focused(page)["cls"]
    page.keyboard.press("Tab")  # and from the word the keyboard goes on: the next word's pop-up
    assert not tip.is_visible()


def test_the_daily_challenge_s_compare_and_review_give_the_same_verdicts(browser: Any, app_url: str) -> None:  # noqa: F811
    """One judge, one voice: after the deal of the day, "Review my hand" and "Compare with the
    expert" name the same cards as clearly worse, with the same line (issue 38, item 1)."""
    pages = _open(browser, f"{app_url}/voila/render/daily.ipynb", f"{TABLE} .ct-code-value")
    page = next(pages)
    page.select_option(f"{TABLE} .ct-pace", "0")
    _wait(page, "() => document.querySelector('.ct-root .ct-pace').value === '0'")
    _wait(
        page,
        "() => document.querySelector('.ct-root .ct-bid-choice') && !document.querySelector('.ct-root .ct-bid-row').hidden",
    )
    _bid_with_mouse(page, "3")
    _play_out_with_mouse(page)
    page.locator(f"{TABLE} .ct-review-button").click()
    page.locator(f"{TABLE} .ct-review table").wait_for(timeout=TIMEOUT_MS)
    page.locator(f"{TABLE} .ct-compare-button").click()
    page.locator(f"{TABLE} .ct-compare-summary").wait_for(timeout=TIMEOUT_MS)
    costly = page.evaluate(
        """() => Array.from(document.querySelectorAll('.ct-root .ct-review tbody tr.ct-costly')).map(
            (row) => [Number(row.cells[0].innerText), row.cells[3].innerText.split('\\n')[0]])"""
    )
    lines = page.locator(f"{TABLE} .ct-compare-list li").all_inner_texts()
    cards = [line for line in lines if line.startswith("trick ")]
    assert [int(re.match(r"trick (\d+)", line)[1]) for line in cards] == [trick for trick, _text in costly]  # type: ignore[index]
    for line, (_trick, text) in zip(cards, costly, strict=True):
        assert text in line  # the review's own words
    labels = page.locator(f"{TABLE} .ct-review tbody tr td:nth-child(3)").all_inner_texts()
    assert all(not label.startswith("−") for label in labels)  # verdicts in words, no negative "points lost"
    page.set_viewport_size({"width": 1366, "height": 3000})  # Voila scrolls inside the page: show it all
    _shot(page, "app-daily-compare-and-review")
    assert next(pages, None) is None
