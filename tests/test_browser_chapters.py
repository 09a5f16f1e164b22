"""The hands-on chapters in Voila, in a real browser (Debian's Chromium, driven by Playwright).

Every chapter that teaches dealing, legal play or scoring shows at least one widget, drawn with no
console error, no page error and no request leaving 127.0.0.1; then each widget is used as a learner
would: a click, a typed box, a step. Each chapter is opened once and walked through in one tab (a
Voila page is a kernel start and a run of the whole chapter: the most expensive thing a browser test
does), each step of the walk a function below. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from _browser import ARTIFACTS, console_quiet, laid_out
from _voila import chapter_page, voila_over_chapters

from spades_teach import Round, deal
from spades_teach.widgets import PuzzleView

WIDGET_CHAPTERS = [
    "01_deck_and_deal",
    "02_playing_tricks",
    "04_scoring_a_hand",
    "05_bags",
    "06_nil_and_blind_nil",
    "07_winning_the_match",
    "11_bid_advisor",
    "13_play_with_teach_me",
]
TOP_LEVEL = ".st-widget:not(.st-widget .st-widget)"


@pytest.fixture(scope="module")
def chapters_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with voila_over_chapters(tmp_path_factory.mktemp("voila") / "voila.log") as url:
        yield url


def _shot(locator: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    locator.screenshot(path=str(path))
    return path


def _text(locator: Any) -> str:
    return str(locator.inner_text())


#: The width of the sort list and of its longest choice, as drawn (the text measured in the list's font).
SORT_LIST_WIDTHS = """() => {
    const select = document.querySelector('.st-deal-sort select');
    const pen = document.createElement('canvas').getContext('2d');
    pen.font = getComputedStyle(select).font;
    const longest = Math.max(...[...select.options].map(o => pen.measureText(o.text).width));
    const box = select.getBoundingClientRect(), view = select.closest('.st-deal-view').getBoundingClientRect();
    return {select: box.width, longest, right: box.right, viewRight: view.right};
}"""


def _sort_list_shows_its_longest_choice_whole(page: Any, width: int) -> None:
    """The list is wide enough for "♠ ♥ ♣ ♦ (colours alternate), high first" and its arrow (a fixed
    width cut it off), and stays inside the explorer, on a phone-sized window too."""
    page.set_viewport_size({"width": width, "height": 900})
    page.locator(".st-deal-sort select").first.wait_for()
    laid_out(page, width)
    widths = page.evaluate(SORT_LIST_WIDTHS)
    assert widths["select"] >= widths["longest"] + 16, (width, widths)  # the text, and the arrow beside it
    assert widths["right"] <= widths["viewRight"] + 0.5, (width, widths)
    if width == 390:
        page.locator(".st-deal-sort").first.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "chapter-01-sort-390.png"))
    page.set_viewport_size({"width": 1200, "height": 900})


def _chapter_1(page: Any) -> None:
    _sort_list_shows_its_longest_choice_whole(page, 1200)
    _sort_list_shows_its_longest_choice_whole(page, 390)
    # the deal explorer hides the other hands and deals the deal of the day
    view = page.locator(".st-deal-view")
    assert view.locator(".st-hidden").count() == 0
    view.locator(".st-deal-show-others input").uncheck()
    page.wait_for_function("() => document.querySelectorAll('.st-deal-view .st-hidden').length === 3")
    view.locator(".st-deal-day").click()
    page.wait_for_function(
        "() => document.querySelector('.st-deal-view .st-status').innerText.includes('deal of the day')"
    )
    _shot(view, "chapter-01-deal-explorer")
    # the deal box refuses text that names no deal, and shows no deal for it
    view.locator(".st-deal-seed input").fill("not a code!!")
    view.locator(".st-deal-seed input").press("Enter")
    page.wait_for_function(
        "() => document.querySelector('.st-deal-view').innerText.includes('is not a seed, a deal code or a deal')"
    )
    assert view.locator(".st-code").count() == 0


def _chapter_2_any_card_can_be_asked_about(page: Any) -> None:
    rnd = Round(deal(11), dealer="W")
    for bid in (4, 2, 3, 4):
        rnd.bid(rnd.to_act, bid)  # type: ignore[arg-type]
    view = page.locator(".st-legal-explorer")
    view.locator(".st-card-6S").click()
    verdict = view.locator(".st-legal-verdict")
    verdict.locator("span").wait_for()
    assert _text(verdict) == f"6♠ is not legal: {rnd.why_illegal('6S', 'N')}"
    assert view.locator(".st-legal-play").is_disabled()
    view.locator(".st-card-AH").click()
    page.wait_for_function("() => document.querySelector('.st-legal-verdict').innerText === 'A♥ is legal'")
    view.locator(".st-legal-play").click()
    page.wait_for_function("() => document.querySelector('.st-legal-seat').innerText.startsWith('East')")
    seat = view.locator(".st-legal-seat")
    for _ in range(6):
        before = _text(seat)
        view.locator(".st-legal-hint").click()
        page.wait_for_function("before => document.querySelector('.st-legal-seat').innerText !== before", arg=before)
    _shot(view, "chapter-03-legal-explorer")
    assert "trick 1:" in _text(view.locator(".st-legal-log")) or "trick" in _text(view.locator(".st-legal-trick"))


def _chapter_2_explorer_tallies_tricks_and_starts_again(page: Any) -> None:
    view = page.locator(".st-legal-explorer")
    page.wait_for_function("() => document.querySelector('.st-legal-tally').innerText.includes('North–South 0')")
    for played in range(1, 53):  # the whole hand, card by card
        before = _text(view.locator(".st-legal-log")) + _text(view.locator(".st-legal-trick"))
        view.locator(".st-legal-hint").click()
        if played < 52:
            page.wait_for_function(
                "b => { const v = document.querySelector('.st-legal-explorer');"
                " return v.querySelector('.st-legal-log').innerText + v.querySelector('.st-legal-trick').innerText !== b; }",
                arg=before,
            )
    page.wait_for_function("() => document.querySelector('.st-legal-seat').innerText.includes('Start again')")
    # the seat line and the tally are redrawn separately: wait until the last trick is counted
    page.wait_for_function(
        "() => [...document.querySelector('.st-legal-tally').innerText"
        ".matchAll(/(North–South|East–West) (\\d+)/g)].reduce((a, m) => a + Number(m[2]), 0) === 13"
    )
    tally = re.findall(r"(North–South|East–West) (\d+)", _text(view.locator(".st-legal-tally")))
    assert sum(int(n) for _, n in tally) == 13, tally
    _start_again(page)


def _start_again(page: Any) -> None:
    page.locator(".st-legal-explorer .st-legal-restart").click()
    page.wait_for_function("() => document.querySelector('.st-legal-tally').innerText.includes('North–South 0')")
    page.wait_for_function("() => !document.querySelector('.st-legal-seat').innerText.includes('Start again')")
    assert "East–West 0" in _text(page.locator(".st-legal-explorer .st-legal-tally"))


def _chapter_2(page: Any) -> None:
    _chapter_2_any_card_can_be_asked_about(page)
    _start_again(page)  # the same hand, from its first card: the walk below starts from it
    _chapter_2_explorer_tallies_tricks_and_starts_again(page)


def _chapter_4(page: Any) -> None:
    # a wrong box takes the score off
    calc = page.locator(".st-score-calculator")
    assert "+72" in _text(calc.locator(".st-score-points"))
    box = calc.locator(".st-score-bid-W input")
    box.fill("abc")
    message = calc.locator(".st-score-error-W")
    page.wait_for_function("() => document.querySelector('.st-score-error-W').innerText.includes('abc')")
    assert "unknown bid 'abc'" in _text(message)
    # One message, beside its box; nothing computed from the old input stays (issue 22, item 4).
    assert _text(calc.locator(".st-score-points")) == "" and _text(calc.locator(".st-score-lines")) == ""
    assert page.locator("text=unknown bid 'abc'").count() == 1
    _shot(calc, "chapter-04-calculator-wrong-box")
    box.fill("2")
    page.wait_for_function("() => document.querySelector('.st-score-points').innerText.includes('+72')")
    calc.locator(".st-score-example select").select_option(index=3)
    page.wait_for_function("() => document.querySelector('.st-score-points').innerText.includes('+71')")
    # the chapter ends with a drill that answers in the page
    root = page.locator(".dr-root").first
    root.wait_for()
    assert "Score this hand" in root.locator(".dr-title").inner_text()
    # No hand scores nothing for both sides, so 0 and 0 is always wrong.
    root.locator(".dr-input-NS").fill("0")
    root.locator(".dr-input-EW").fill("0")
    root.locator(".dr-input-EW").press("Enter")
    root.locator(".dr-verdict.dr-wrong").wait_for()
    assert root.locator(".dr-lines li").count() >= 1
    _shot(root, "chapter-04-drill")


def _chapter_5(page: Any) -> None:
    stepper = page.locator(".st-match-stepper")
    rows = stepper.locator(".st-steps-sheet tr")
    for _ in range(4):
        before = rows.count()
        stepper.locator(".st-steps-next").click()
        page.wait_for_function(
            "before => document.querySelectorAll('.st-match-stepper .st-steps-sheet tr').length > before", arg=before
        )
    page.wait_for_function("() => document.querySelector('.st-steps-bags').innerText.includes('penalty')")
    assert stepper.locator(".st-bag-full").count() == 1  # 11 bags, 10 paid for: one left
    _shot(stepper, "chapter-05-bag-counter")


def _chapter_7(page: Any) -> None:
    stepper = page.locator(".st-match-stepper")
    before = stepper.locator("polyline").first.get_attribute("points") or ""
    stepper.locator(".st-steps-next").click()
    stepper.locator(".st-steps-next").click()
    page.wait_for_function("() => document.querySelectorAll('.st-steps-sheet tr').length === 3")
    # the sheet and the chart are redrawn by separate messages: wait for the chart's two new points
    page.wait_for_function(
        "n => (document.querySelector('.st-match-stepper polyline')?.getAttribute('points') ?? '')"
        ".trim().split(/\\s+/).length === n",
        arg=len(before.split()) + 2,
    )
    after = stepper.locator("polyline").first.get_attribute("points") or ""
    assert len(after.split()) == len(before.split()) + 2
    _shot(stepper, "chapter-07-match-stepper")


def _chapter_11(page: Any) -> None:
    # Simulate is busy while it runs, then a bad hand is refused and the old results go
    advisor = page.locator(".st-bid-advisor").first
    button = advisor.locator(".st-advice-simulate")
    button.click()
    page.wait_for_function(
        "() => { const b = document.querySelector('.st-bid-advisor .st-advice-simulate');"
        " return b.disabled && b.innerText.includes('Simulating'); }"
    )
    page.wait_for_function("() => !document.querySelector('.st-bid-advisor .st-advice-simulate').disabled")
    assert re.search(r"made", _text(advisor.locator(".st-advice-simulation")))
    advisor.locator(".st-advice-hand textarea").fill("AKQ3.K52.7.A984")
    page.wait_for_function(
        "() => document.querySelector('.st-advice-hand-error').innerText.includes('a hand at the start has 13')"
    )
    assert button.is_disabled()
    assert _text(advisor.locator(".st-advice-simulation")) == "" and _text(advisor.locator(".st-advice-bid")) == ""
    _shot(advisor, "chapter-08-advisor-bad-hand")


def _chapter_13(page: Any) -> None:
    puzzle = page.locator(".st-puzzle").first
    puzzle.wait_for()
    answer = PuzzleView(seed=1, difficulty="easy").puzzle.answer  # the chapter's own puzzle
    puzzle.locator(f".st-puzzle-hand .st-card-{answer}").click()
    puzzle.locator(".st-puzzle-right").wait_for()
    body = page.locator("body").inner_text()
    assert re.search(r"you scored [+-]\d+, the expert [+-]\d+ on the same cards", body)
    _shot(puzzle, "chapter-13-puzzle")


#: What a learner does on each chapter's page, after it has drawn its widgets (nothing: a look).
WALKS: dict[str, Callable[[Any], None]] = {
    "01_deck_and_deal": _chapter_1,
    "02_playing_tricks": _chapter_2,
    "04_scoring_a_hand": _chapter_4,
    "05_bags": _chapter_5,
    "07_winning_the_match": _chapter_7,
    "11_bid_advisor": _chapter_11,
    "13_play_with_teach_me": _chapter_13,
}


@pytest.mark.parametrize("chapter", WIDGET_CHAPTERS)
def test_a_learner_uses_the_chapters_widgets_and_the_console_stays_clean(
    browser: Any, chapters_url: str, chapter: str
) -> None:
    with chapter_page(browser, chapters_url, chapter) as (page, problems):
        widgets = page.locator(TOP_LEVEL)
        assert widgets.count() >= 1
        console_quiet(page)  # late errors of extensions arrive after the first widget
        _shot(widgets.first, f"chapter-{chapter}")
        assert "Traceback" not in page.locator("body").inner_text()
        WALKS.get(chapter, lambda _page: None)(page)
        assert "Traceback" not in page.locator("body").inner_text()
    assert problems.all() == [], f"{chapter}: {problems}"
