"""``benchmarks/principle_alternatives.py``: a principle's card against the rules that could replace it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _benchmarks import load_benchmark

from spades_teach import Card


def test_each_row_values_the_hint_and_every_candidate_card_on_the_same_deals() -> None:
    alternatives = load_benchmark("principle_alternatives")
    rows = list(alternatives.study(["standard"], 101, 116, samples=24))
    assert {row["principle"] for row in rows} >= {"lead a singleton", "don't trump your partner's winner"}
    for row in rows:
        most, candidates = alternatives.STUDIED[row["principle"]]
        assert row["tricks_left"] <= most and row["candidates"].keys() == candidates.keys()
        cards = {row["hint"], row["best"], *row["candidates"].values()}
        assert cards <= row["points"].keys() == row["as_good"].keys() == row["verdict"].keys()  # the same deals
        assert row["deals"] == 24 and row["verdict"][row["best"]] == "best"
        assert row["points"][row["best"]] == max(row["points"].values())
        for card, kind in row["verdict"].items():
            assert kind in ("best", "as_good", "close", "worse")
            assert row["as_good"][card] == (kind in ("best", "as_good"))  # a close call is not counted as good
        if "lowest spade" in candidates:
            spades = [Card.parse(card) for card in row["points"] if card.endswith("S")]
            assert row["candidates"] == {"lowest spade": str(min(spades)), "highest spade": str(max(spades))}


def test_the_report_gives_each_candidate_its_mean_gain_over_the_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    alternatives = load_benchmark("principle_alternatives")

    def row(left: int, hint: float, low: float, high: float) -> dict[str, object]:
        return {
            "principle": "lead a singleton",
            "tricks_left": left,
            "they_made": False,
            "hint": "7H",
            "candidates": {"lowest spade": "2S", "highest spade": "KS"},
            "points": {"7H": hint, "2S": low, "KS": high},
            "as_good": {"7H": hint >= max(low, high), "2S": low >= hint, "KS": high >= hint},
            "verdict": {"7H": "close" if hint < max(low, high) else "best", "2S": "worse", "KS": "best"},
        }

    path = tmp_path / "rows.jsonl"
    rows = [row(4, 10.0, 6.0, 12.0), row(4, 10.0, 8.0, 10.0), row(3, 0.0, 0.0, 0.0)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    alternatives.report([path])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3 decisions")
    four = next(line for line in lines if "4 tricks left" in line)
    assert "2 decisions, hint as good  50%, close  50%" in four
    assert "lowest spade -3.0 (s.e. 1.0)" in four and "highest spade +1.0 (s.e. 1.0)" in four
    assert "1 decisions" in next(line for line in lines if "3 tricks left" in line)
    assert "too few" in next(line for line in lines if "3 tricks left" in line)
