"""`spades-teach analyze HAND`: hand analysis by simulation on the command line."""

from __future__ import annotations

import json

import pytest

from spades_teach.analysis.simulate import analyze_hand
from spades_teach.cli import main
from spades_teach.game.rules import Rules

HAND = "AK52.K52.Q73.A94"


def test_the_table_shows_every_bid_and_marks_the_best(capsys: pytest.CaptureFixture[str]) -> None:
    expected = analyze_hand(HAND, samples=8, seed=4)
    assert main(["analyze", HAND, "--samples", "8", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == expected.summary
    rows = [line for line in lines if line[2:8].strip() in {"Nil", *map(str, range(1, 14))}]
    assert len(rows) == 14
    marked = [row for row in rows if row.startswith("*")]
    assert len(marked) == 1
    assert marked[0][2:6].strip() == expected.best_bid.label
    for row in rows:
        label = row[2:6].strip()
        bid = 0 if label == "Nil" else int(label)
        assert row.split()[-1] == f"{expected.expected_scores[bid]:+.1f}".replace("-", "−")  # the true minus
    assert lines[-1].startswith("your side's tricks over the deals: ")


def test_json_output_matches_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", HAND, "--samples", "6", "--seed", "2", "--json", "--bags", "NS=9", "--no-nil"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = analyze_hand(HAND, samples=6, seed=2, bags={"NS": 9}, rules=Rules(nil=False))
    assert data["samples"] == 6 and data["method"] == "playout" and data["seat"] == "S"
    assert data["best_bid"] == expected.best_bid.label
    assert "0" not in data["expected_scores"]
    assert data["expected_scores"] == {str(b): v for b, v in expected.expected_scores.items()}
    assert data["side_tricks"] == {str(t): c for t, c in expected.side_tricks.items()}
    assert data["best_interval"] == list(expected.best_interval)


def test_two_workers_print_what_one_prints(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", HAND, "--samples", "12", "--json"]) == 0
    serial = capsys.readouterr().out
    assert main(["analyze", HAND, "--samples", "12", "--json", "--workers", "2"]) == 0
    assert capsys.readouterr().out == serial


def test_double_dummy_and_bids_already_made(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["analyze", HAND, "--samples", "1", "--method", "double_dummy", "--bids", "N=3", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "double_dummy" and data["samples"] == 1
    assert data["best_interval"] is None  # one sample gives no interval
    assert sum(data["side_tricks"].values()) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["AK52.K52.Q73.-"], "'AK52.K52.Q73.-' holds 10 cards; a hand at the start has 13"),
        ([HAND, "--samples", "0"], "expected 1 or more"),
        ([HAND, "--method", "guess"], "invalid choice"),
        ([HAND, "--bids", "S=4"], "the seat being analysed"),
    ],
)
def test_bad_input_is_an_error_with_status_2(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err
