"""Practice with feedback in the live edition (JupyterLite, Pyodide kernel): the chapters' drills,
the puzzles, the daily challenge and the points review, answered in a real browser.

Chapter 8's drill kinds (legal, winner, which) are answered right, then wrong, as a learner answers
(a click on a choice or a card, or typing and pressing Enter): the verdict, the explanation, the streak
and the accuracy must be the library's, computed here by the same widget with the same seed. The
progress lives in the browser's localStorage (the live edition's store): after chapter 8 is opened
again (a new kernel), its counts come back and the next question is the one they lead to. The other
chapters' drills (chapter 11's count, bid and Nil, with their simulated figures; chapter 4's score)
are answered in the live edition's Python by tests/test_browser_lite_chapters.py, and graded there
as here.

In the play chapter a puzzle is answered, and the chapter opened again shows the score so far and
the next puzzle (the browser keeps them, as it keeps the drills' progress). A puzzle is answered right
and the next one wrong, each with its answer and reason; the chapter's printed challenge must be the library's; then the learner pastes that deal's
code at the card table, plays the hand out, and asks for the comparison with the expert and the
review of the hand, both the library's for the same cards.

The site is built once per session with tests/test_browser_lite.py (tests/_lite.py); each test has
its own browser context, so its own localStorage, and the tests pass in any order.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from _browser import ARTIFACTS
from _drill_probe import right_answer, wrong_answer
from _lite import (
    CHAPTER_DRILLS,
    PLAY_CHAPTER,
    TABLE,
    Watch,
    chapter_challenge,
    chapter_drill,
    chapter_puzzles,
    chapter_table,
    drill_answer,
    error_outputs,
    live_site,
    open_chapter,
    play_whole_hand,
    puzzle_answer,
    review_my_hand,
    review_row_cells,
    run_all_cells,
    watched_context,
)

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: The chapter opened again to read its progress back.
RELOADED = "08_card_play"


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[Any, str]]:
    """Chromium over the built live edition (served on 127.0.0.1), and the site's address."""
    with live_site() as running:
        yield running


@pytest.fixture
def live(site: tuple[Any, str]) -> Iterator[tuple[Any, Watch]]:
    """A fresh context (empty localStorage), every request and console error watched."""
    with watched_context(*site) as watched:
        yield watched


@contextmanager
def _chapter(live: tuple[Any, Watch], name: str) -> Iterator[Any]:
    """The chapter opened and run; it printed and logged no error; the page is closed afterwards
    (its kernel stops with it)."""
    context, watch = live
    page = open_chapter(context, watch, name)
    try:
        run_all_cells(page)
        assert error_outputs(page) == [], f"{name} printed errors in the browser: {error_outputs(page)}"
        yield page
        assert watch.blocked == [], f"{name} asked for hosts other than the site: {watch.blocked}"
        assert watch.errors == [], f"{name} logged errors: {watch.errors}"
    finally:
        page.close()


def _stats(root: Any, kind: str) -> dict[str, str]:
    row = root.locator(f".dr-stat-{kind}")
    return {name: row.locator(f".dr-{name}").inner_text() for name in ("streak", "right-count", "accuracy")}


def _answer_every_kind_right_then_wrong(page: Any, chapter: str) -> dict[str, float]:
    """The chapter's drill, each kind answered right then wrong; returns the seconds from each
    answer to its whole feedback, by kind and verdict."""
    mirror = chapter_drill(chapter)
    kinds = CHAPTER_DRILLS[chapter]["kinds"]
    root = page.locator(".dr-root").last
    root.scroll_into_view_if_needed()
    seconds: dict[str, float] = {}
    for rounds, wanted in enumerate(("right", "wrong")):
        for kind in kinds:
            drill = mirror.drill
            assert drill.kind == kind
            assert root.locator(".dr-prompt").inner_text() == drill.prompt, (
                f"{chapter}: not the library's {kind} question"
            )
            values = right_answer(drill) if wanted == "right" else wrong_answer(drill)
            elapsed, verdict, lines = drill_answer(page, root, drill.fields, values)
            seconds[f"{kind} {wanted}"] = elapsed
            expected = mirror.answer(values)
            assert expected.correct is (wanted == "right")
            assert verdict.endswith(expected.verdict), (kind, wanted, verdict)
            assert lines == list(expected.lines), f"{chapter}: the {kind} explanation differs from the library's"
            assert root.locator(".dr-verdict.dr-right" if wanted == "right" else ".dr-verdict.dr-wrong").count() == 1
            assert _stats(root, kind) == {
                "streak": "1" if wanted == "right" else "0",
                "right-count": f"1 of {rounds + 1}",
                "accuracy": "100%" if wanted == "right" else "50%",
            }
            ARTIFACTS.mkdir(exist_ok=True)
            root.screenshot(path=str(ARTIFACTS / f"lite-drill-{kind}-{wanted}.png"))
            root.locator(".dr-next").click()
            mirror.next_question()
            page.wait_for_function(
                "text => { const r = [...document.querySelectorAll('.dr-root')].pop();"
                " return r.querySelector('.dr-prompt').innerText === text && !r.querySelector('.dr-verdict'); }",
                arg=mirror.drill.prompt,
                timeout=120_000,
            )
    return seconds


def _stored(page: Any) -> dict[str, Any]:
    kept = json.loads(page.evaluate("() => localStorage.getItem('spades_teach/drills') || '{}'"))
    kinds: dict[str, Any] = kept.get("kinds", {})
    return kinds


def test_the_chapters_drills_hold_every_kind() -> None:
    from spades_teach.analysis.drills import KINDS

    # the package's own kinds (a test may register one of its own)
    builtin = {name for name, kind in KINDS.items() if kind.make.__module__ == "spades_teach.analysis.drills"}
    assert {kind for config in CHAPTER_DRILLS.values() for kind in config["kinds"]} == builtin


def test_drills_answered_live_then_progress_survives_a_new_kernel(live: tuple[Any, Watch]) -> None:
    kinds = CHAPTER_DRILLS[RELOADED]["kinds"]
    with _chapter(live, RELOADED) as page:
        seconds = _answer_every_kind_right_then_wrong(page, RELOADED)
        print(f"{RELOADED}: seconds to the feedback, live: {seconds}")
        stored = _stored(page)
    assert {kind: (stored[kind]["answered"], stored[kind]["right"]) for kind in kinds} == dict.fromkeys(kinds, (2, 1))
    # The page closed, its kernel with it: a new page, a new kernel, the same browser's storage.
    with _chapter(live, RELOADED) as page:
        root = page.locator(".dr-root").last
        page.wait_for_function(
            "kind => [...document.querySelectorAll('.dr-root')].pop()"
            ".querySelector(`.dr-stat-${kind} .dr-right-count`)?.innerText === '1 of 2'",
            arg=kinds[0],
            timeout=60_000,
        )
        for kind in kinds:
            assert _stats(root, kind) == {"streak": "0", "right-count": "1 of 2", "accuracy": "50%"}
        # the question the kept counts lead to (each kind's third), the library's
        assert root.locator(".dr-prompt").inner_text() == chapter_drill(RELOADED, stored).drill.prompt
        assert _stored(page) == stored


def test_puzzle_progress_survives_a_new_kernel(live: tuple[Any, Watch]) -> None:
    """The live reader's finding 1: a puzzle answered ("score: 0 right of 1") was forgotten after a
    reload, while the drills kept their progress. The browser keeps the puzzles' score and place beside
    the drills': opened again (a new kernel), the chapter shows the score so far and the puzzle after
    the last one answered, the library's."""
    with _chapter(live, PLAY_CHAPTER) as page:
        expected = chapter_puzzles()
        first = expected.puzzle
        wrong = next(card for card in first.evidence if card != first.answer)
        puzzle_answer(page, wrong)
        page.wait_for_function("() => JSON.parse(localStorage.getItem('spades_teach/drills') || '{}').kinds?.puzzles")
        stored = _stored(page)
    assert stored["puzzles"]["answered"] == 1 and stored["puzzles"]["right"] == 0
    with _chapter(live, PLAY_CHAPTER) as page:
        page.wait_for_function(
            "() => document.querySelector('.st-puzzle .st-puzzle-score')?.innerText.includes('0 right of 1')",
            timeout=60_000,
        )
        expected.answer(wrong)
        expected.next_puzzle()
        prompt = page.locator(".st-puzzle .st-puzzle-prompt").inner_text()
        assert f"Puzzle {expected.puzzle.id}" in prompt and f"Puzzle {first.id}" not in prompt
        page.locator(".st-puzzle").first.screenshot(path=str(ARTIFACTS / "lite-puzzle-after-reload.png"))
        assert _stored(page)["puzzles"] == stored["puzzles"]


def test_puzzles_the_challenge_and_the_points_review_live(live: tuple[Any, Watch]) -> None:
    with _chapter(live, PLAY_CHAPTER) as page:
        # A puzzle answered right, the next one wrong: the answer and the reason shown.
        expected = chapter_puzzles()
        first = expected.puzzle
        seconds, shown = puzzle_answer(page, first.answer)
        expected.answer(first.answer)
        assert shown == expected.feedback and first.reason in shown
        print(f"puzzle answered, live: {seconds:.2f} s to the feedback")
        page.locator(".st-puzzle .st-puzzle-next").click()
        expected.next_puzzle()
        second = expected.puzzle
        page.wait_for_function(
            "id => document.querySelector('.st-puzzle-prompt').innerText.includes(`Puzzle ${id}`)"
            " && document.querySelector('.st-puzzle-feedback').innerText.trim() === ''",
            arg=second.id,
            timeout=60_000,
        )
        wrong = next(card for card in second.evidence if card != second.answer)
        _, shown = puzzle_answer(page, wrong)
        expected.answer(wrong)
        assert shown == expected.feedback
        assert f"The card was the {second.answer.pretty}" in shown and second.reason in shown
        assert "1 right of 2" in page.locator(".st-puzzle .st-puzzle-score").inner_text()
        page.locator(".st-puzzle").first.screenshot(path=str(ARTIFACTS / "lite-puzzle.png"))

        # The chapter's challenge, printed by the browser's kernel: the library's lines.
        result = chapter_challenge()
        text = page.locator(".jp-Notebook").inner_text()
        for line in [f"deal code: {result.code}", *result.lines()]:
            assert line in text, f"the challenge printed live lacks {line!r}"

        # The same deal at the card table, from its code: played out, compared with the expert, reviewed.
        table = page.locator(TABLE).first
        table.locator(".ct-code-input").fill(result.code)
        table.locator(".ct-code-go").click()
        page.wait_for_function(
            "code => document.querySelector('.ct-root .ct-code-value')?.innerText.trim() === code",
            arg=result.code,
            timeout=60_000,
        )
        mine = play_whole_hand(page, bid="3")
        start = time.perf_counter()
        table.locator(".ct-compare-button").click()
        table.locator(".ct-compare-summary").wait_for(timeout=600_000)
        print(f"Compare with the expert, live: {time.perf_counter() - start:.1f} s")
        game = chapter_table()
        game.play_deal(result.code)
        game.bid(3)
        for card in mine:
            game.play_card(card)
        game.compare_with_expert()
        comparison = game.state()["comparison"]
        assert table.locator(".ct-compare-summary").inner_text() == comparison["summary"]
        assert table.locator(".ct-compare-list li").all_inner_texts() == comparison["differences"]
        table.screenshot(path=str(ARTIFACTS / "lite-challenge.png"))

        seconds, rows = review_my_hand(page, timeout_s=120)
        print(f"Review my hand (the challenge's deal), live: {seconds:.1f} s")
        game.review_hand()
        review = game.review
        assert review is not None
        assert [row[2:] for row in rows] == [review_row_cells(row) for row in review]
        assert [int(row[0]) for row in rows] == [row["trick"] for row in review]
