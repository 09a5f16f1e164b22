"""The puzzle widget in Voila, in a real browser: one puzzle answered right with the mouse, the
next one answered wrong with the keyboard, each with its feedback, the score counting both."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from _browser import ARTIFACTS
from _voila import chapter_page, voila_over_chapters

from spades_teach.widgets import PuzzleView

SOURCE = 'from spades_teach.widgets import PuzzleView\nPuzzleView(seed=1, difficulty="easy")'


@pytest.fixture(scope="module")
def puzzle_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("puzzle-page")
    book = {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": SOURCE}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 4,
    }
    (folder / "puzzles.ipynb").write_text(json.dumps(book), encoding="utf-8")
    with voila_over_chapters(folder / "voila.log", directory=folder) as url:
        yield url


def _text(locator: Any) -> str:
    return str(locator.inner_text())


def test_a_puzzle_answered_right_then_one_answered_wrong_by_keyboard(browser: Any, puzzle_url: str) -> None:
    expected = PuzzleView(seed=1, difficulty="easy")  # the same seed: the same puzzles, in the same order
    first = expected.puzzle
    expected.next_puzzle()
    second = expected.puzzle
    wrong = next(c for c in second.evidence if c != second.answer)
    with chapter_page(browser, puzzle_url, "puzzles") as (page, problems):
        view = page.locator(".st-puzzle")
        assert f"Puzzle {first.id}" in _text(view.locator(".st-puzzle-prompt"))
        assert "no puzzle answered yet" in _text(view.locator(".st-puzzle-score"))
        view.locator(f".st-puzzle-hand .st-card-{first.answer}").click()
        view.locator(".st-puzzle-right").wait_for()
        assert first.reason in _text(view.locator(".st-puzzle-feedback"))
        page.wait_for_function("() => document.querySelector('.st-puzzle-score').innerText.includes('1 right of 1')")
        ARTIFACTS.mkdir(exist_ok=True)
        view.screenshot(path=str(ARTIFACTS / "puzzle-right.png"))

        view.locator(".st-puzzle-next").focus()
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"() => document.querySelector('.st-puzzle-prompt').innerText.includes('Puzzle {second.id}')"
        )
        page.wait_for_function("() => document.querySelector('.st-puzzle-feedback').innerText.trim() === ''")
        view.locator(f".st-puzzle-hand .st-card-{wrong}").focus()
        page.keyboard.press("Space")
        view.locator(".st-puzzle-wrong").wait_for()
        feedback = _text(view.locator(".st-puzzle-feedback"))
        assert f"Not the {wrong.pretty}" in feedback and f"The card was the {second.answer.pretty}" in feedback
        assert second.evidence_line(wrong) in feedback
        page.wait_for_function("() => document.querySelector('.st-puzzle-score').innerText.includes('1 right of 2')")
        assert view.locator(".st-error").inner_text() == ""
        view.screenshot(path=str(ARTIFACTS / "puzzle-wrong.png"))
    assert problems.all() == []
