"""The learner record: its file format's round trip and refusals, the file store, the adapters."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from spades_teach import Round, deal
from spades_teach.advice.driver import play_hand
from spades_teach.advice.levels import seated_bot
from spades_teach.advice.play import suggest_play
from spades_teach.analysis.learner_record import (
    DATA_DIR_VARIABLE,
    EXCEPTION,
    RECORD_FORMAT,
    RECORD_VERSION,
    RIGHT,
    WRONG,
    Decision,
    LearnerRecord,
    RecordFile,
    data_dir,
    decision_from_drill,
    decision_from_puzzle,
    decisions_from_review,
    principle_at,
)
from spades_teach.analysis.seat_review import seat_review, seat_turns
from spades_teach.errors import LearnerRecordError, SpadesError
from spades_teach.game.round import PlayEvent
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat

T0 = datetime(2026, 12, 7, 18, 0, tzinfo=timezone.utc)


def sample_record() -> LearnerRecord:
    return LearnerRecord(
        (
            Decision.now("table", "second hand low", right=False, cost=6.5, when=T0),
            Decision.now("table", "second hand low", right=False, cost=6.5, when=T0),  # the same second: two cards
            Decision.now("exercise", "ruff", right=True, cost=0.0, when=T0 + timedelta(minutes=1)),
            Decision.now("puzzle", "set the Nil", right=True, when=T0 + timedelta(minutes=2)),
            Decision.now(
                "challenge",
                "cash your winners",
                right=True,
                close=True,
                cost=3.0,
                rules=Rules(target=300),
                when=T0 + timedelta(minutes=2, seconds=30),
            ),
            Decision.now("drill", "", right=False, when=T0 + timedelta(minutes=3)),
        )
    )


def test_a_record_round_trips_through_its_file_format() -> None:
    record = sample_record()
    again = LearnerRecord.from_json(record.to_json())
    assert again == record
    assert len(again) == 6  # two alike decisions in the same second stay two
    data = json.loads(record.to_json())
    assert data["format"] == RECORD_FORMAT and data["version"] == RECORD_VERSION
    assert data["decisions"][0] == {
        "when": "2026-12-07T18:00:00Z",
        "rules": {},
        "surface": "table",
        "principle": "second hand low",
        "broken": "second hand low",
        "cost": 6.5,
        "close": False,
    }
    assert {"target": 300} in [d["rules"] for d in data["decisions"]]


def test_a_close_call_is_never_a_mistake() -> None:
    d = Decision.now("table", "ruff", right=False, close=True, cost=2.0)
    assert d.broken == RIGHT and not d.mistake and d.cost == 0.0 and d.close


def test_a_costly_card_breaks_the_principle_unless_it_was_the_principles_own() -> None:
    broke = Decision.now("table", "ruff", right=False, cost=7.0)
    followed = Decision.now("table", "ruff", right=False, followed=True, cost=7.0)
    assert broke.broken == "ruff" and broke.broke and broke.mistake
    assert followed.broken == EXCEPTION and not followed.broke and followed.mistake and followed.cost == 7.0
    wrong = Decision.now("drill", "", right=False)
    assert wrong.broken == WRONG and wrong.mistake and not wrong.broke
    again = LearnerRecord.from_json(LearnerRecord((broke, followed, wrong)).to_json())
    assert [d.broken for d in again.decisions] == ["ruff", EXCEPTION, WRONG]


def good_file() -> dict[str, Any]:
    return json.loads(sample_record().to_json())


def changed(path: str, value: Any) -> dict[str, Any]:
    data = good_file()
    if path.startswith("decision."):
        field = path.split(".", 1)[1]
        if value is KeyError:
            del data["decisions"][0][field]
        else:
            data["decisions"][0][field] = value
    elif value is KeyError:
        del data[path]
    else:
        data[path] = value
    return data


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("not json at all", "not JSON"),
        ([1, 2], "not a JSON object"),
        ({"format": "something else", "version": 1, "decisions": []}, "not a learner record"),
        (changed("format", KeyError), "not a learner record"),
        (changed("version", RECORD_VERSION + 1), "later release"),
        (changed("version", "1"), "no valid version"),
        (changed("version", True), "no valid version"),
        (changed("decisions", {"a": 1}), 'no list of "decisions"'),
        (changed("decision.surface", "sofa"), "decision 1 of the learner record: its surface is 'sofa'"),
        (changed("decision.principle", "fourth hand sleepy"), "is not a principle of the course"),
        (changed("decision.broken", "ruff"), "its broken principle is 'ruff'"),
        (changed("decision.broken", "wrong"), "its broken principle is 'wrong'"),
        (changed("decision.cost", -1), "its cost must be"),
        (changed("decision.cost", "3"), "its cost must be"),
        (changed("decision.cost", True), "its cost must be"),
        (changed("decision.close", "no"), "its close call must be"),
        (changed("decision.when", "yesterday"), "its time 'yesterday'"),
        (changed("decision.rules", {"colour": "red"}), "its rules cannot be read"),
        (changed("decision.rules", {"target": -5}), "its rules cannot be read"),
        (changed("decision.cost", KeyError), "it has no 'cost'"),
    ],
)
def test_a_bad_or_foreign_file_is_refused_with_its_reason(data: Any, words: str) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(LearnerRecordError, match=words) as caught:
        LearnerRecord.from_json(text)
    assert isinstance(caught.value, SpadesError)


def test_the_nan_cost_of_a_damaged_file_is_refused() -> None:
    text = sample_record().to_json().replace('"cost": 6.5', '"cost": NaN', 1)
    with pytest.raises(LearnerRecordError, match="its cost must be"):
        LearnerRecord.from_json(text)


def test_the_data_folder_is_the_one_the_environment_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    assert data_dir() == tmp_path
    assert RecordFile().path == tmp_path / "learner.json"


def test_the_file_store_adds_exports_imports_and_resets(tmp_path: Path) -> None:
    store = RecordFile(tmp_path / "here")
    assert len(store.load()) == 0
    store.add(sample_record().decisions[:3])
    store.add(sample_record().decisions[3:])
    assert store.load() == sample_record()
    assert [p.name for p in store.path.parent.iterdir()] == ["learner.json"]  # no spare file left behind

    exported = store.export(tmp_path)
    other = RecordFile(tmp_path / "there")
    other.add([Decision.now("exercise", "ruff", right=False, cost=4.0, when=T0 + timedelta(days=1))])
    merged = other.import_(exported)
    assert len(merged) == 7
    assert len(other.import_(exported)) == 7  # importing the same file twice adds nothing
    assert other.load().decisions[-1].when == T0 + timedelta(days=1)  # oldest first

    aside = other.reset()
    assert aside is not None and aside.exists() and not other.path.exists()
    assert len(other.load()) == 0
    assert len(other.import_(aside)) == 7  # a reset by mistake is undone by importing the old record
    assert RecordFile(tmp_path / "empty").reset() is None


def test_an_import_of_a_bad_file_changes_nothing(tmp_path: Path) -> None:
    store = RecordFile(tmp_path)
    store.add(sample_record().decisions)
    before = store.path.read_bytes()
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({"kinds": {"legal": {"streak": 3}}}), encoding="utf-8")
    with pytest.raises(LearnerRecordError, match=r"foreign\.json: not a learner record"):
        store.import_(foreign)
    with pytest.raises(LearnerRecordError, match="cannot be read"):
        store.import_(tmp_path / "missing.json")
    assert store.path.read_bytes() == before


def test_a_damaged_record_is_kept_aside_never_overwritten(tmp_path: Path) -> None:
    store = RecordFile(tmp_path)
    store.path.write_text('{"format": "spades_teach learner record", "version": 1, "decisions": [{', encoding="utf-8")
    damaged = store.path.read_bytes()
    with pytest.raises(LearnerRecordError, match=r"learner\.json: not a learner record"):
        store.load()
    assert store.path.read_bytes() == damaged  # a load changes nothing
    record = store.add([Decision.now("exercise", "ruff", right=True, when=T0)])
    assert len(record) == 1
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("learner-unreadable-")]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged


def test_a_record_that_cannot_be_read_or_written_raises_the_record_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    store = RecordFile(blocker / "sub")
    with pytest.raises(LearnerRecordError, match="cannot be saved"):
        store.save(sample_record())
    with pytest.raises(LearnerRecordError, match="cannot be read"):
        store.add([Decision.now("exercise", "ruff", right=True)])
    assert blocker.read_text(encoding="utf-8") == "x"


def test_the_review_of_a_hand_becomes_decisions_about_the_principles_of_their_moments() -> None:
    round_ = play_hand(Round(deal(4), dealer="W"), {s: seated_bot("medium", "doc", s) for s in "NESW"})
    judged = seat_review(round_, "S", hindsight=False)
    decisions = decisions_from_review(round_, "S", judged, when=T0)
    positions = {n: p for e, n, p in seat_turns(round_, Seat.S) if isinstance(e, PlayEvent)}
    expected = [j for j in judged if j.judged and principle_at(positions[j.number])]
    assert len(decisions) == len(expected) > 0
    for d, j in zip(decisions, expected):
        assert d.surface == "table" and d.when == T0
        assert d.principle == principle_at(positions[j.number])
        assert d.mistake == j.costly
        followed = j.card == suggest_play(positions[j.number]).card
        assert d.broken == ((EXCEPTION if followed else d.principle) if j.costly else RIGHT)
        assert d.cost == (round(j.cost, 2) if j.costly else 0.0)
    assert any(d.mistake for d in decisions)  # deal 4's first card costs the medium bot dearly
    assert not any(d.broke for d in decisions)  # the medium bot plays the hints: it breaks no principle


def test_a_puzzle_answer_is_a_decision_about_its_moment() -> None:
    from spades_teach.analysis.puzzles import load_puzzles

    puzzle = load_puzzles()[0]
    wrong = next(c for c in puzzle.position.legal if c != puzzle.answer)
    right, missed = decision_from_puzzle(puzzle, puzzle.answer), decision_from_puzzle(puzzle, wrong)
    assert right.principle == missed.principle == principle_at(puzzle.position) != ""
    assert not right.mistake and missed.mistake and missed.cost is None and missed.surface == "puzzle"
    assert missed.broke == (wrong != suggest_play(puzzle.position).card)


def test_a_drill_answer_names_a_principle_only_when_its_kind_has_one() -> None:
    from spades_teach.analysis.drills import make_drill

    def right_answer(drill: Any) -> Any:
        return drill.grade({f.name: e for f, e in zip(drill.fields, drill.expected)})

    which = make_drill("which", 3)
    assert decision_from_drill(which, right_answer(which)).principle != ""
    legal = make_drill("legal", 3)
    d = decision_from_drill(legal, right_answer(legal))
    assert d.principle == "" and not d.mistake and d.surface == "drill"
    nil = make_drill("nil", 3)
    assert decision_from_drill(nil, right_answer(nil)).principle == "the Nil checklist"
