"""The stored verdicts of the judge (spades_teach/advice/verdicts.py): the chapters' searches find
them, a stored verdict is the one the judge works out, and a position the store does not hold is
judged as before."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import spades_teach.advice.principles as principles
from spades_teach.advice import verdicts
from spades_teach.advice.position import Position
from spades_teach.game.cards import Card

ROOT = Path(__file__).resolve().parents[1]

POSITION = Position("S", "Q82.K54.A95.T632", bids={"N": 3, "E": 3, "S": 3, "W": 3}, trick=["3H", "7H"])


def key(position: Position, card: str, **question: object) -> str:
    asked = {"choice_matters": False, **question}
    return verdicts.verdict_key(position, Card.parse(card), **asked)  # type: ignore[arg-type]


def test_the_key_changes_with_every_part_of_the_question() -> None:
    base = key(POSITION, "KH")
    others = [
        key(POSITION, "4H"),
        key(POSITION, "KH", choice_matters=True),
        key(Position("S", "Q82.K54.A95.T632", bids={"N": 3, "E": 3, "S": 3, "W": 4}, trick=["3H", "7H"]), "KH"),
        key(Position("S", "Q82.K54.A95.T632", bids={"N": 3, "E": 3, "S": 3, "W": 3}, trick=["3H", "8H"]), "KH"),
        key(
            Position(
                "S", "Q82.K54.A95.T632", bids={"N": 3, "E": 3, "S": 3, "W": 3}, trick=["3H", "7H"], scores={"NS": 90}
            ),
            "KH",
        ),
    ]
    assert base == key(
        Position("S", "Q82.K54.A95.T632", bids={"N": 3, "E": 3, "S": 3, "W": 3}, trick=["3H", "7H"]), "KH"
    )
    assert len({base, *others}) == 1 + len(others)


def test_a_stored_verdict_is_answered_without_judging(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_judge(*args: object, **kwargs: object) -> bool:
        raise AssertionError("the judge was asked")

    monkeypatch.setattr(principles, "_judged", no_judge)
    monkeypatch.setattr(verdicts, "_store", lambda: {key(POSITION, "4H"): True})
    assert principles.judged_as_good(POSITION, Card.parse("4H")) is True  # the store's word, not the judge's
    with pytest.raises(AssertionError, match="the judge was asked"):
        principles.judged_as_good(POSITION, Card.parse("KH"))


def test_a_verdict_the_store_does_not_hold_is_worked_out_and_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verdicts, "_store", lambda: {key(POSITION, "4H"): True})
    with verdicts.recorded_verdicts() as stored_used:
        assert principles.judged_as_good(POSITION, Card.parse("4H")) is True
    with verdicts.recorded_verdicts(fresh=True) as fresh:
        assert principles.judged_as_good(POSITION, Card.parse("4H")) is False  # the judge: the K♥ wins it
        assert principles.judged_as_good(POSITION, Card.parse("KH")) is True
    assert stored_used == {key(POSITION, "4H"): True}
    assert fresh == {key(POSITION, "4H"): False, key(POSITION, "KH"): True}


@pytest.mark.slow
def test_the_store_holds_what_the_chapters_ask_and_the_judge_says() -> None:
    """The chapters' searches run again with every verdict worked out afresh (tools/make_verdicts.py
    --check): the store must hold exactly those verdicts."""
    done = subprocess.run(
        [sys.executable, "tools/make_verdicts.py", "--check"], cwd=ROOT, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "as stored" in done.stderr
