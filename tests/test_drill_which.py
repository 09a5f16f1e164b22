"""The *which card?* drill: a packaged puzzle asked as a drill, graded by its answer."""

from __future__ import annotations

import pytest

from spades_teach.analysis.drills import KINDS, make_drill
from spades_teach.analysis.puzzles import load_puzzles
from spades_teach.errors import AnswerError


@pytest.mark.parametrize("level", range(5))
def test_a_which_card_drill_is_a_packaged_puzzle_graded_by_its_answer(level: int) -> None:
    assert "which" in KINDS
    for seed in range(4):
        drill = make_drill("which", seed, level)
        puzzle = next(p for p in load_puzzles() if p.id == drill.data["puzzle"])
        assert puzzle.difficulty == ("easy", "easy", "medium", "medium", "hard")[level]
        assert drill.expected == (str(puzzle.answer),)
        assert set(drill.fields[0].choices) == {str(c) for c in puzzle.position.legal}
        assert drill.hand == puzzle.hand and drill.lines[0] == puzzle.reason
        right = drill.grade({"answer": str(puzzle.answer)})
        assert right.correct and right.lines[0] == puzzle.reason
        for other in drill.fields[0].choices:
            if other != str(puzzle.answer):
                assert not drill.grade({"answer": other}).correct
        assert make_drill("which", seed, level) == drill  # the same seed, the same question


def test_a_card_not_in_the_hand_is_refused_with_the_cards_offered() -> None:
    drill = make_drill("which", 0, 0)
    absent = next(c for c in ("2C", "3D", "4H", "5S", "AC") if c not in drill.fields[0].choices)
    with pytest.raises(AnswerError, match="choose one of"):
        drill.grade({"answer": absent})
