"""The learner model (what to work on) and the practice plan (FSRS on the record, questions about a principle)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from spades_teach.advice.judge import judge
from spades_teach.advice.play import suggest_play
from spades_teach.analysis.learner_model import MIN_WEAKNESS, LearnerModel
from spades_teach.analysis.learner_record import Decision, LearnerRecord, principle_at
from spades_teach.analysis.practice import MIX_EVERY, PracticePlan, practice_item, puzzles_about
from spades_teach.errors import SpadesError
from spades_teach.i18n import set_language

T0 = datetime(2026, 12, 7, 18, 0, tzinfo=timezone.utc)


def decisions(name: str, outcomes: str, start: datetime = T0) -> list[Decision]:
    """``outcomes``: one letter a decision: r right, b broke the principle, e its exception, c a close call."""
    out = []
    for k, o in enumerate(outcomes):
        out.append(
            Decision.now(
                "table",
                name,
                right=o == "r",
                followed=o == "e",
                close=o == "c",
                cost=0.0 if o == "r" else 6.0,
                when=start + timedelta(minutes=k),
            )
        )
    return out


def model_of(*parts: list[Decision]) -> LearnerModel:
    return LearnerModel.from_record(LearnerRecord(()).added(d for part in parts for d in part))


def test_the_principle_broken_most_often_lately_comes_first() -> None:
    model = model_of(
        decisions("second hand low", "rrbrbrrb"),
        decisions("ruff", "rrrrrrrrrrrb"),
        decisions("cash your winners", "eeeerrr"),  # the principle's own card, beaten: no weakness of the learner
        decisions("over-ruff", "cccccc"),  # close calls are never mistakes
    )
    assert next(s.principle for s in model.work_on()) == "second hand low"
    assert "cash your winners" not in [s.principle for s in model.work_on()]
    assert model.stats["cash your winners"].exceptions == 4 and model.stats["cash your winners"].right == 3
    assert model.stats["over-ruff"].right_lately == 1.0 and model.stats["over-ruff"].weakness == 0
    assert model.mistakes == 3 + 1 + 4 and model.points_lost == pytest.approx(6.0 * 8)


def test_a_mended_principle_leaves_the_list_as_the_learner_keeps_it() -> None:
    weak = decisions("don't trump your partner's winner", "brbrbb")
    assert [s.principle for s in model_of(weak).work_on()] == ["don't trump your partner's winner"]
    mended = decisions("don't trump your partner's winner", "r" * 30, T0 + timedelta(days=1))
    stats = model_of(weak, mended).stats["don't trump your partner's winner"]
    assert stats.weakness < MIN_WEAKNESS and stats.broke == 4 and stats.recent_right == 20
    assert model_of(weak, mended).work_on() == []


def test_the_summary_names_the_three_to_work_on_in_the_language_in_use() -> None:
    model = model_of(decisions("ruff", "bbr"), decisions("set the Nil", "rbb"), decisions("draw spades", "b"))
    lines = model.summary_lines()
    assert lines[0].startswith("7 judged decisions. 5 of them clearly worse")
    assert lines[2].startswith("1. ") and len([x for x in lines if x[:2] in ("1.", "2.", "3.")]) == 3
    set_language("es")
    assert "Trabaja" in " ".join(model.summary_lines())
    assert LearnerModel.from_record(LearnerRecord()).summary_lines()[0].startswith("Todavía")


def test_fsrs_brings_a_missed_principle_back_soon_and_a_known_one_later() -> None:
    record = LearnerRecord(()).added([*decisions("ruff", "bb"), *decisions("second hand low", "rrrr")])
    plan = PracticePlan.from_record(record)
    soon, later = plan.due_at("ruff"), plan.due_at("second hand low")
    assert soon is not None and later is not None and soon < later
    assert soon - T0 < timedelta(hours=1) < later - T0
    assert plan.due_at("draw spades") is None


def test_practice_serves_the_weakest_principle_and_mixes_in_one_already_learnt() -> None:
    record = LearnerRecord(()).added(
        [*decisions("ruff", "bbbrb"), *decisions("second hand low", "rrrrrr"), *decisions("set the Nil", "rrr")]
    )
    plan = PracticePlan.from_record(record)
    now = T0 + timedelta(days=30)  # everything due
    served = [plan.next_principle(now) for _ in range(2 * MIX_EVERY)]
    assert served.count("ruff") == 2 * MIX_EVERY - 2
    assert {served[MIX_EVERY - 1], served[2 * MIX_EVERY - 1]} <= {"second hand low", "set the Nil"}


def test_nothing_to_practise_in_an_empty_record() -> None:
    with pytest.raises(SpadesError, match="nothing to practise yet"):
        PracticePlan.from_record(LearnerRecord()).next_principle(T0)


def test_a_practice_question_is_a_moment_about_its_principle_where_the_choice_matters() -> None:
    item = practice_item("don't trump your partner's winner", 5, source="moment")
    assert item.source == "moment" and principle_at(item.position) == "don't trump your partner's winner"
    judgement = judge(item.position)
    assert judgement is not None and any(judgement.verdict(c).costly for c in judgement.values)
    hint = suggest_play(item.position).card
    graded = {card: item.judge(card) for card in item.position.legal}
    assert any(not v.right for v in graded.values())
    assert graded[hint].followed and all(not v.followed for c, v in graded.items() if c != hint)
    wrong = next(c for c, v in graded.items() if not v.right)
    decision = item.decision(wrong, graded[wrong], when=T0)
    assert decision.mistake and decision.surface == "exercise" and decision.principle == item.principle


def test_a_practice_question_can_be_a_puzzle_about_its_principle() -> None:
    found = puzzles_about("set the Nil")
    assert found and all(principle_at(p.position) == "set the Nil" for p in found)
    item = practice_item("set the Nil", 2, source="puzzle")
    assert item.puzzle in found and item.surface == "puzzle"
    assert item.judge(item.puzzle.answer).right
    assert not item.judge(next(c for c in item.position.legal if c != item.puzzle.answer)).right


def test_a_practice_question_about_an_unknown_principle_is_refused() -> None:
    with pytest.raises(SpadesError, match="unknown principle"):
        practice_item("fourth hand sleepy", 1)


def test_a_principle_without_a_question_is_passed_over_for_the_next_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from spades_teach.analysis import practice
    from spades_teach.errors import NoQuestionError

    asked: list[str] = []
    real = practice.practice_item

    def only_ruff(name: str, seed: int) -> practice.PracticeItem:
        asked.append(name)
        if name != "ruff":
            raise NoQuestionError(f"no question found about {name!r}")
        return real("ruff", seed, source="puzzle")

    monkeypatch.setattr(practice, "practice_item", only_ruff)
    monkeypatch.setattr(practice, "_NO_QUESTION", set())
    record = LearnerRecord(()).added([*decisions("take the tricks you need", "bbb"), *decisions("ruff", "bb")])
    plan = PracticePlan.from_record(record)
    item = plan.next_item(1, T0 + timedelta(days=2))
    assert item.principle == "ruff" and asked == ["take the tricks you need", "ruff"]
    assert plan.next_item(2, T0 + timedelta(days=2)).principle == "ruff" and asked[-1] == "ruff"
    assert asked.count("take the tricks you need") == 1  # remembered: not tried again
