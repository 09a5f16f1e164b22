"""Exercises graded by the one judge: every card it does not call clearly worse is right, the feedback
names the card clicked and the others, a wrong answer can be tried again, and the chapters ask only
where the principle's card is right and some card is clearly worse."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from spades_teach.advice.judge import judge
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.advice.principles import judged_as_good, play_by_principles
from spades_teach.game.cards import Card
from spades_teach.game.seating import Seat
from spades_teach.widgets import exercise as exercise_module
from spades_teach.widgets.exercise import Exercise, play_exercise

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CELL = re.compile(r"^```\{code-cell\} ipython3\n(?:---\n.*?\n---\n)?(.*?)^```", re.MULTILINE | re.DOTALL)


def _old_draw_spades_moment() -> Position:
    """The moment chapter 8 used to ask about (seed 3, East to lead, 7 tricks left): the A♠ only
    promotes North's K♠, while the K♣ keeps the set alive. The hint drew spades there; since draw
    spades was narrowed (one master spade, tricks to spare) it cashes the K♣."""
    _, played = play_by_principles(3)
    [position] = [p for p, _ in played if p.tricks_left == 7 and not p.trick]
    assert position.seat is Seat.E and {Card.parse("AS"), Card.parse("KC")} <= set(position.hand)
    return position


def test_every_card_not_clearly_worse_is_right_and_the_feedback_names_the_card_clicked() -> None:
    # Seed 1, West leads to the second trick with partner North on a Nil: the K♦ and A♦ are the
    # best, four cards are close calls, and the 5♦ is clearly worse.
    _, played = play_by_principles(1)
    position = next(p for p, _card in played if p.seat is Seat.W and p.tricks_left == 12)
    judgement = judge(position)
    assert judgement is not None
    worse = [c for c in position.legal if judgement.verdict(c).costly]
    assert [c.pretty for c in worse] == ["5♦"]
    ex = play_exercise(position)
    good = {c.pretty for c in position.legal if not judgement.verdict(c).costly}
    assert set(ex.answer.right) == good and len(good) > 2
    ex.choose("5♦")
    assert not ex.correct and ex.verdict.startswith("Not quite: the 5♦ is clearly worse here, by about ")
    assert ex.verdict.endswith("Try again.")
    first, *others = ex.answer.right
    ex.buttons[others[-1]].click()  # after a wrong answer the learner tries again, with another good card
    assert ex.correct and ex.chosen == others[-1]
    assert ex.verdict.startswith("Right: ") and others[-1] in ex.verdict
    for label in (first, *others[:-1]):
        assert label in ex.verdict  # the other good cards are named too


def test_with_no_verdict_the_advisor_s_card_alone_is_right(monkeypatch: pytest.MonkeyPatch) -> None:
    # Where the judge gives no verdict (two-player Spades, a spent search budget), the exercise
    # keeps the advisor's card.
    p = Position("S", "Q82.K54.A95.T632", {"N": 0, "E": 3, "S": 4, "W": 3}, {}, trick=["3H", "7H"])
    monkeypatch.setattr(exercise_module, "judge", lambda position: None)
    ex = play_exercise(p)
    assert ex.answer.right == (suggest_play(p).card.pretty,) and not ex.answer.also


def _chapter_exercises(chapter: str) -> list[tuple[Position, Exercise]]:
    """The play exercises of ``chapter``, made as the chapter makes them: its code cells that find
    the moments and ask about them are run, the replays left out."""
    text = (NOTEBOOKS / f"{chapter}.md").read_text(encoding="utf-8")
    made: list[tuple[Position, Exercise]] = []

    def asked(position: Position, **kwargs: Any) -> Exercise:
        ex = play_exercise(position, **kwargs)
        made.append((position, ex))
        return ex

    space: dict[str, Any] = {}
    cells = CELL.findall(text)
    for i, source in enumerate(cells):
        if i == 0 or "play_exercise(" in source or ("moments(" in source and "def moments" not in source):
            if "count_spades_exercise(" in source:
                continue
            exec(compile(source, f"{chapter} cell {i}", "exec"), space)  # the chapter's own code
            space.update(play_exercise=asked, moment_view=lambda *a, **k: None)
    return made


@pytest.mark.slow  # runs the chapters' own cells and judges every exercise
@pytest.mark.parametrize("chapter", ["08_card_play", "09_nil_play"])
def test_no_card_is_clearly_better_than_the_one_a_chapter_exercise_accepts(chapter: str) -> None:
    made = _chapter_exercises(chapter)
    assert len(made) >= 5, chapter
    for position, ex in made:
        hint = suggest_play(position)
        judgement = judge(position)
        if judgement is None:  # one legal card: the advisor's card, as before
            assert ex.answer.right == (hint.card.pretty,)
            continue
        # The principle taught is the card the exercise explains: the judge finds it the best or as
        # good, some card is clearly worse, and the accepted cards are those not clearly worse.
        assert ex.answer.right[0] == hint.card.pretty, (chapter, hint)
        assert judged_as_good(position, hint.card, choice_matters=True), (chapter, hint)
        assert any(judgement.verdict(c).costly for c in position.legal), (chapter, hint)
        assert {c.pretty for c in position.legal if not judgement.verdict(c).costly} == set(ex.answer.right)


def test_chapter_8_asks_about_drawing_spades_where_it_is_right() -> None:
    made = _chapter_exercises("08_card_play")
    draws = [(p, ex) for p, ex in made if suggest_play(p).principle == "draw spades"]
    assert len(draws) == 1
    position, ex = draws[0]
    assert position != _old_draw_spades_moment()
    assert ex.answer.right[0] == suggest_play(position).card.pretty


def test_the_exercise_module_grades_by_the_one_judge() -> None:
    text = Path(exercise_module.__file__).read_text(encoding="utf-8")
    assert "judge(position)" in text and "ExpertBot" not in text


def test_a_position_without_a_clearly_worse_card_is_no_exercise() -> None:
    # Twelve tricks in, South's two small hearts do the same: nothing to practise.
    from spades_teach.errors import SpadesError

    p = Position("S", "3H 2H", {"N": 3, "E": 3, "S": 3, "W": 3}, {"N": 3, "E": 3, "S": 2, "W": 3}, trick=["4C"])
    with pytest.raises(SpadesError, match="no decision to practise"):
        play_exercise(p)
