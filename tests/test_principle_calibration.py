"""The per-principle study of chapter 17 (``benchmarks/principle_calibration.py``) and its stored table."""

from __future__ import annotations

import json
import time
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from _benchmarks import load_benchmark

from spades_teach.advice.principles import PRINCIPLES
from spades_teach.render.calibration_plots import principle_table, second_look_table


def _stored() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((files("spades_teach") / "data" / "principle_calibration.json").read_text())
    return data


def test_stored_table_adds_up() -> None:
    data = _stored()
    assert data["rule_sets"], "no rule set in the stored study"
    for rule_set in data["rule_sets"].values():
        lines = rule_set["principles"]
        assert sum(line["decisions"] for line in lines) == rule_set["decisions"]
        assert rule_set["decisions"] >= data["wanted"], "the stored study stopped short of the decisions it asked for"
        for line in lines:
            assert line["principle"] in PRINCIPLES
            assert 0 <= line["judged"] <= line["decisions"]
            if line["judged"]:
                assert 0.0 <= line["as_good"] <= 1.0
                assert line["mean_cost"] >= 0.0
                # a card as good as the best costs nothing: only a share below 1 can cost
                assert line["as_good"] < 1.0 or line["mean_cost"] == 0.0
            if "second_look_as_good" in line:
                # the second look judges again only the cards found not as good at the first
                assert line["as_good"] - 1e-9 <= line["second_look_as_good"] <= 1.0
                assert line["rechecked"] == round((1 - line["as_good"]) * line["judged"])


def test_chapter_tables_show_every_judged_principle() -> None:
    data = _stored()
    table = principle_table(data)
    judged = {line["principle"] for rs in data["rule_sets"].values() for line in rs["principles"] if line["judged"]}
    assert {row[0] for row in table.rows} == {PRINCIPLES[name].title for name in judged}
    assert table._repr_html_().count("<tr>") == len(judged) + 2
    assert repr(table) == str(table)  # no memory address in a notebook's plain output
    if any("second_look_as_good" in line for line in data["rule_sets"]["standard"]["principles"]):
        assert second_look_table(data).rows


def test_table_counts_the_second_look() -> None:
    pc = load_benchmark("principle_calibration")
    rows = [
        {
            "rules": "standard",
            "deal": 1,
            "decision": n,
            "principle": "ruff",
            "judged": True,
            "as_good": good,
            "cost": cost,
        }
        for n, good, cost in [(1, True, 0.0), (2, False, 6.0), (3, False, 4.0), (4, True, 0.0)]
    ]
    cache = {("standard", 1, -2): {"judged": True, "as_good": True, "cost": 0.0, "recheck": 160}}
    line = pc.table({"standard": rows}, cache)["standard"]["principles"][0]
    assert (line["as_good"], line["mean_cost"]) == (0.5, 2.5)
    assert "second_look_as_good" not in line  # decision 3 was not looked at again
    cache[("standard", 1, -3)] = {"judged": True, "as_good": False, "cost": 2.0, "recheck": 160}
    line = pc.table({"standard": rows}, cache)["standard"]["principles"][0]
    assert (line["rechecked"], line["recheck_as_good"]) == (2, 1)
    assert (line["second_look_as_good"], line["second_look_cost"]) == (0.75, 0.5)


def test_a_run_resumes_from_its_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pc = load_benchmark("principle_calibration")
    path = tmp_path / "cache.jsonl.gz"
    first = pc.run("standard", 3, 1, pc.load_cache(path), path, None)
    assert [r["decision"] for r in first] == [1, 2, 3]
    judged: list[int] = []
    real = pc.judge

    def counting(rule_set: str, number: int, decision: int, position: Any) -> dict[str, Any]:
        judged.append(decision)
        return real(rule_set, number, decision, position)

    monkeypatch.setattr(pc, "judge", counting)
    again = pc.run("standard", 5, 1, pc.load_cache(path), path, None)
    assert judged == [4, 5]  # only the decisions not in the cache are judged again
    assert again[:3] == first
    assert all(r["principle"] in PRINCIPLES for r in again)


def test_a_cache_made_by_other_play_code_is_refused(tmp_path: Path) -> None:
    pc = load_benchmark("principle_calibration")
    path = tmp_path / "cache.jsonl.gz"
    pc.run("standard", 2, 1, pc.load_cache(path), path, None)
    cache = pc.load_cache(path)
    pc.check_cache("standard", 1, cache)  # the same code: accepted
    row = cache[("standard", 1, 2)]
    other = next(c for c in ("2C", "3C") if c != row["card"])
    cache[("standard", 1, 2)] = row | {"card": other}
    with pytest.raises(pc.StaleCache, match="decision 2"):
        pc.check_cache("standard", 1, cache)


def test_a_cache_member_cut_short_keeps_the_runs_after_it(tmp_path: Path) -> None:
    # Each run appends a gzip member; one stopped mid-write must not lose the runs appended after it.
    import gzip

    pc = load_benchmark("principle_calibration")

    def row(deal: int) -> bytes:
        return (json.dumps({"rules": "standard", "deal": deal, "decision": 0}) + "\n").encode()

    whole = gzip.compress(row(1) + row(2))
    cut = gzip.compress(b"".join(row(n) for n in range(10, 60)))[:-40]
    path = tmp_path / "cache.jsonl.gz"
    path.write_bytes(whole + cut + gzip.compress(row(3)))
    deals = {deal for (_, deal, _) in pc.load_cache(path)}
    assert {1, 2, 3} <= deals
    assert deals - {1, 2, 3} <= set(range(10, 60))


def test_printing_the_table_leaves_the_cache_as_it_was(tmp_path: Path) -> None:
    # ``--table`` judges nothing: the cache, kept in the repository, must not change (it gained an
    # empty gzip member at every look).
    pc = load_benchmark("principle_calibration")
    path = tmp_path / "cache.jsonl.gz"
    pc.run("standard", 2, 1, pc.load_cache(path), path, None)
    before = path.read_bytes()
    pc.run("standard", 2, 1, pc.load_cache(path), path, None)
    pc.run("standard", 5, 1, pc.load_cache(path), path, time.time() - 1)
    assert path.read_bytes() == before
