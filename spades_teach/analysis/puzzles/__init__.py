"""Card-play puzzles: positions where one card is clearly best, and why.

A :class:`Puzzle` is one moment of a hand seen from the seat to play, with the card to find
(:attr:`Puzzle.answer`), why (:attr:`Puzzle.why`) and the solver's numbers behind it
(:attr:`Puzzle.evidence`). Its modules, one job each: ``goals`` (what an answer must achieve,
and whether a card does), ``values`` (the line of play as a value), ``model`` (the puzzle),
``find`` (finding puzzles in played hands), ``line`` (the line of play naming the key card),
``themes``, ``words`` (what a puzzle says) and ``store`` (the packaged set). How puzzles are
found and judged: ``docs/puzzles.md``.

>>> puzzles = load_puzzles()
>>> len(puzzles) >= 150, sorted({p.difficulty for p in puzzles})
(True, ['easy', 'hard', 'medium'])
>>> p = puzzles[0]
>>> p.is_right(p.answer), p.answer in p.position.legal
(True, True)
"""

from __future__ import annotations

from spades_teach.analysis.puzzles.find import find_puzzle, generate_puzzles, goal_reached, solve_evidence, solve_line
from spades_teach.analysis.puzzles.goals import GOALS
from spades_teach.analysis.puzzles.model import (
    DIFFICULTIES,
    KEY_KINDS,
    MIN_HARD_CHOICES,
    SAMPLE_SIZE,
    THEMES,
    KeyLine,
    Puzzle,
    PuzzleMoment,
    difficulty_label,
    moment_of,
    theme_label,
)
from spades_teach.analysis.puzzles.store import STORE, load_puzzles, puzzle_from_json, puzzle_to_json

__all__ = [
    "DIFFICULTIES",
    "GOALS",
    "MIN_HARD_CHOICES",
    "SAMPLE_SIZE",
    "STORE",
    "THEMES",
    "PuzzleMoment",
    "Puzzle",
    "find_puzzle",
    "generate_puzzles",
    "KEY_KINDS",
    "KeyLine",
    "difficulty_label",
    "goal_reached",
    "load_puzzles",
    "moment_of",
    "puzzle_from_json",
    "puzzle_to_json",
    "solve_evidence",
    "solve_line",
    "theme_label",
]
