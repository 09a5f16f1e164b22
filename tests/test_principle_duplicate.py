"""``benchmarks/principle_duplicate.py``: a disagreement's two cards played out against ISMCTS, and its report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _benchmarks import load_benchmark

from spades_teach import Round, Rules, Seat, Team, deal
from spades_teach.advice.bots import MediumBot, play_round
from spades_teach.game.scoring import bag_charge


def test_a_hand_s_margin_is_the_side_s_points_minus_the_other_s_with_bags_charged() -> None:
    dup = load_benchmark("principle_duplicate")
    round_ = Round(deal(5), dealer="N")
    play_round(round_, {seat: MediumBot() for seat in Seat})
    score = round_.score()
    charge = bag_charge(Rules())
    expected = {team: score.points[team] - charge * score.sides[team].bags_added for team in (Team.NS, Team.EW)}
    assert dup.margin(round_, Team.NS) == pytest.approx(expected[Team.NS] - expected[Team.EW])
    assert dup.margin(round_, Team.EW) == pytest.approx(-dup.margin(round_, Team.NS))


def test_the_report_gives_each_principle_its_mean_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dup = load_benchmark("principle_duplicate")
    rows = [
        {"principle": "ruff", "kind": "worse", "hint_margin": 10.0, "judge_margin": 30.0, "judge_says": 5.0},
        {"principle": "ruff", "kind": "close", "hint_margin": 10.0, "judge_margin": 0.0, "judge_says": 3.0},
        {
            "principle": "cash your winners",
            "kind": "worse",
            "hint_margin": 50.0,
            "judge_margin": 20.0,
            "judge_says": 4.0,
        },
    ]
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    dup.report([path])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3 decisions") and lines[0].endswith("(1)")  # one close call among them
    ruff = next(line for line in lines if line.startswith("ruff"))
    assert ruff.split()[1:4] == ["2", "1", "+5.0"] and "50%" in ruff
    cash = next(line for line in lines if line.startswith("cash your winners"))
    assert "-30.0" in cash and "[-inf, +inf]" in cash
