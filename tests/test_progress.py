"""My progress, the practice session, the hooks that fill the learner record, and `spades-teach progress`."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from spades_teach.advice.position import Position
from spades_teach.analysis.learner_record import EXCEPTION, RIGHT, Decision, LearnerRecord, RecordFile
from spades_teach.cli import main
from spades_teach.errors import LearnerRecordError
from spades_teach.i18n import set_language
from spades_teach.widgets.exercise import play_exercise
from spades_teach.widgets.progress import PracticeSession, ProgressView
from spades_teach.widgets.record import RECORD_VARIABLE, remember

T0 = datetime(2026, 12, 7, 18, 0, tzinfo=timezone.utc)
THIRD_HAND = Position("S", "Q82.K54.A95.T632", bids={"N": 3, "E": 3, "S": 3, "W": 3}, tricks_won={}, trick=["3H", "7H"])


def kept() -> LearnerRecord:
    return RecordFile().load()


def weak_record() -> list[Decision]:
    out = []
    for k in range(6):
        out.append(Decision.now("table", "don't trump your partner's winner", right=k % 2 == 1, cost=6.0, when=T0))
        out.append(Decision.now("table", "second hand low", right=True, cost=0.0, when=T0 + timedelta(seconds=k)))
    return out


def test_an_exercise_answer_is_kept_in_the_learner_record() -> None:
    ex = play_exercise(THIRD_HAND)
    ex.choose("4♥")  # choose alone (a test, the notebook's code) keeps nothing
    assert len(kept()) == 0
    ex.reset()
    ex.respond("4♥")
    ex.respond("K♥")  # answered: the choices are closed
    [decision] = kept().decisions
    assert decision.surface == "exercise" and decision.principle == "third hand high"
    assert decision.broken == "third hand high" and decision.cost is not None and decision.cost > 0


def test_the_rule_of_thumbs_card_beaten_is_an_exception_not_a_broken_principle() -> None:
    ex = play_exercise(THIRD_HAND)
    ex.answer = type(ex.answer)(("4♥",), "a made-up answer", "third hand high", rule="K♥")
    ex.respond("K♥")
    assert kept().decisions[0].broken == EXCEPTION


def test_the_record_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(RECORD_VARIABLE, "off")
    play_exercise(THIRD_HAND).respond("K♥")
    monkeypatch.delenv(RECORD_VARIABLE)
    assert len(kept()) == 0


def test_a_record_that_cannot_be_kept_never_breaks_the_exercise(tmp_path: Path) -> None:
    from spades_teach.widgets.record import last_problem

    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    ex = play_exercise(THIRD_HAND)
    ex.record_folder = str(blocker / "sub")
    ex.respond("K♥")
    assert ex.correct and "cannot be read" in last_problem()


def test_a_puzzle_answer_is_kept() -> None:
    from spades_teach.widgets.puzzle import PuzzleView

    view = PuzzleView(seed=3, difficulty="easy")
    view.answer(view.puzzle.answer)
    [decision] = kept().decisions
    assert decision.surface == "puzzle" and decision.broken == RIGHT and decision.principle


def test_a_drill_answer_is_kept() -> None:
    from spades_teach.widgets.drill import DrillWidget

    w = DrillWidget(kinds=["which"], seed=3)
    w.send_action({"action": "answer", "values": {"answer": w.drill.expected[0]}})
    [decision] = kept().decisions
    assert decision.surface == "drill" and decision.broken == RIGHT and decision.principle


def test_the_review_of_a_hand_at_the_table_is_kept() -> None:
    from spades_teach.widgets.table_game import TableGame

    game = TableGame(seed=11, level="medium", pause=0)
    while game.phase in ("bidding", "play"):
        view = game.state()
        if game.phase == "bidding":
            game.act({"action": "bid", "bid": view["bid_choices"][3][1]})
        else:
            game.act({"action": "play", "card": next(c["code"] for c in view["hand"] if c["legal"])})
    game.review_hand()
    decisions = kept().decisions
    judged = [row for row in game.review or [] if row]
    assert decisions and len(decisions) <= len(judged)
    assert {d.surface for d in decisions} == {"table"}
    costly = sum(1 for row in game.review or [] if row["verdict"] == "worse")  # the review's clearly worse cards
    assert sum(d.mistake for d in decisions) == costly


def test_my_progress_shows_the_principles_to_work_on_with_their_chapters(tmp_path: Path) -> None:
    remember(weak_record(), folder=tmp_path)
    view = ProgressView(folder=tmp_path, link="book/{chapter}.html")
    assert [s.principle for s in view.model.work_on()] == ["don't trump your partner's winner"]
    assert "Don&#x27;t trump your partner&#x27;s winner" in view.focus_html.value
    assert 'href="book/08_card_play.html"' in view.focus_html.value
    assert view.bars_html.value.count('role="img"') == 2
    assert "<svg" in view.chart_html.value
    assert view.summary_html.value.startswith("<p><b>12 judged decisions. 3 of them clearly worse")
    set_language("fr")
    view.refresh()
    assert "Ne pas couper le partenaire maître" in view.focus_html.value and "À relire" in view.focus_html.value


def test_my_progress_imports_exports_and_resets(tmp_path: Path) -> None:
    remember(weak_record()[:4], folder=tmp_path)
    view = ProgressView(folder=tmp_path)
    exported = view.export_text()
    assert LearnerRecord.from_json(exported) == view.record
    other = ProgressView(folder=tmp_path / "other")
    other.import_text(exported)
    assert len(other.record) == 4 and "4 decisions imported" in other.status
    before = other.file.path.read_bytes()
    with pytest.raises(LearnerRecordError, match="not a learner record"):
        other.import_text(json.dumps({"version": 1, "kinds": {}}))
    assert other.file.path.read_bytes() == before
    assert not other.run(lambda: other.import_text(b"\xff\xfe"))  # through the widget's guard: a message
    assert "not a learner record" in other.error
    other.reset()
    assert len(other.file.load()) == 4 and "Click again" in other.reset_button.description
    other.reset()
    assert len(other.file.load()) == 0 and len(other.record) == 0
    assert "kept in" in other.status


def test_my_progress_of_a_damaged_record_says_so_and_keeps_it(tmp_path: Path) -> None:
    (tmp_path / "learner.json").write_text("{", encoding="utf-8")
    view = ProgressView(folder=tmp_path)
    assert "not a learner record" in view.summary_html.value and (tmp_path / "learner.json").read_text() == "{"


def test_a_practice_session_serves_the_weakest_principle_and_keeps_the_answers() -> None:
    remember(weak_record())
    session = PracticeSession(seed=4)
    assert session.item is not None and session.exercise is not None
    assert session.item.principle == "don't trump your partner's winner"
    assert "one of the principles you miss most" in session.why
    assert session.next_button.disabled
    before = len(kept())
    session.answer(session.exercise.choices[0])
    assert len(kept()) == before + 1 and kept().decisions[-1].principle == session.item.principle
    assert not session.next_button.disabled and "1 answered" in session.tally_html.value


def test_a_practice_session_with_nothing_to_practise_says_so() -> None:
    session = PracticeSession()
    assert "nothing to practise yet" in session.error


def test_the_command_line_prints_the_summary_and_moves_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["progress", "--folder", str(tmp_path)]) == 0
    assert "No judged decisions yet" in capsys.readouterr().out
    remember(weak_record(), folder=tmp_path)
    assert main(["progress", "--folder", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Work on next:" in out and "1. don't trump your partner's winner" in out
    assert main(["progress", "--folder", str(tmp_path), "--export", str(tmp_path / "copy.json")]) == 0
    assert main(["progress", "--folder", str(tmp_path / "b"), "--import", str(tmp_path / "copy.json")]) == 0
    assert "12 decisions imported" in capsys.readouterr().out
    (tmp_path / "bad.json").write_text("[]", encoding="utf-8")
    assert main(["progress", "--folder", str(tmp_path / "b"), "--import", str(tmp_path / "bad.json")]) == 2
    assert "error:" in capsys.readouterr().err and len(RecordFile(tmp_path / "b").load()) == 12
    assert main(["progress", "--folder", str(tmp_path / "b"), "--reset"]) == 0
    assert len(RecordFile(tmp_path / "b").load()) == 0
    assert main(["--lang", "es", "progress", "--folder", str(tmp_path)]) == 0
    assert "Trabaja" in capsys.readouterr().out
