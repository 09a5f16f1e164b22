"""`spades-teach analyze-record FILE`: the double-dummy review of a record on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from spades_teach.analysis.card_cost import card_costs
from spades_teach.cli import main
from spades_teach.game.replays import load_record, record_text


@pytest.fixture()
def set_record(tmp_path: Path) -> Path:
    path = tmp_path / "contract_set.json"
    path.write_text(record_text("contract_set"), encoding="utf-8")
    return path


def test_costly_cards_are_listed_with_what_they_cost_in_points(
    set_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = [c for c in card_costs(load_record("contract_set")) if c.cost > 0]
    assert main(["analyze-record", str(set_record), "--costly-only"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(expected) + 1
    for line, review in zip(out, expected):
        assert f"trick {review.trick:>2}" in line and review.seat.word in line
        assert "cost your side" in line
    lost = sum(c.cost for c in expected)
    assert out[-1] == (
        f"52 cards reviewed: {len(expected)} cost points ({lost:g} in all, each side's score minus the other's, "
        "bags charged)"
    )


def test_every_card_is_reviewed_and_ascii_output_has_no_symbols(
    set_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze-record", str(set_record), "--ascii"]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 53
    assert not set("♠♥♦♣–…") & set(out)


def test_a_missing_file_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze-record", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "nope.json" in err and "Traceback" not in err


def test_the_command_offers_the_simulation_s_methods() -> None:
    from spades_teach.analysis.simulate import METHODS
    from spades_teach.cli import analyze

    assert analyze._METHODS == METHODS
