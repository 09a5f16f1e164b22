"""The per-principle study of chapter 17 (``benchmarks/principle_calibration.py``) and its stored table."""

from __future__ import annotations

import gzip
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
                # a close call is neither as good nor worse: the two shares leave room for each other
                assert 0.0 <= line.get("close", 0.0) <= 1.0 - line["as_good"] + 1e-9
            if "second_look_as_good" in line:
                # the second look judges again only the cards found not as good at the first
                assert line["as_good"] - 1e-9 <= line["second_look_as_good"] <= 1.0
                assert line["rechecked"] == round((1 - line["as_good"]) * line["judged"])


def test_stored_table_was_made_by_this_judge() -> None:
    # A table made by another judge is not chapter 17's: run benchmarks/principle_calibration.py again.
    pc = load_benchmark("principle_calibration")
    data = _stored()
    assert data.get("judge") == pc.JUDGE_ID
    for rule_set in data["rule_sets"].values():
        assert rule_set["as_good"] + rule_set["close"] <= 1.0
        assert all("close" in line for line in rule_set["principles"])


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

    def row(n: int, kind: str, cost: float) -> dict[str, Any]:
        good, close = kind in ("best", "as_good"), kind == "close"
        fields = {"kind": kind, "as_good": good, "close": close, "cost": cost}
        return {"rules": "standard", "deal": 1, "decision": n, "principle": "ruff", "judged": True} | fields

    rows = [row(1, "best", 0.0), row(2, "worse", 6.0), row(3, "worse", 4.0), row(4, "as_good", 0.0)]
    rows.append(row(5, "close", 0.0))
    cache = {("standard", 1, -2): row(-2, "as_good", 0.0) | {"recheck": 160}}
    line = pc.table({"standard": rows}, cache)["standard"]["principles"][0]
    # a close call is neither as good nor worse: a share of its own, costing nothing
    assert (line["as_good"], line["close"], line["mean_cost"]) == (0.4, 0.2, 2.0)
    assert "second_look_as_good" not in line  # decisions 3 and 5 were not looked at again
    cache[("standard", 1, -3)] = row(-3, "worse", 2.0) | {"recheck": 160}
    line = pc.table({"standard": rows}, cache)["standard"]["principles"][0]
    assert "second_look_as_good" not in line  # the close call 5 is looked at again too
    cache[("standard", 1, -5)] = row(-5, "close", 0.0) | {"recheck": 160}
    line = pc.table({"standard": rows}, cache)["standard"]["principles"][0]
    assert (line["rechecked"], line["recheck_as_good"], line["recheck_close"]) == (3, 1, 1)
    assert (line["second_look_as_good"], line["second_look_close"], line["second_look_cost"]) == (0.6, 0.2, 0.4)
    summary = pc.table({"standard": rows}, cache)["standard"]
    assert (summary["as_good"], summary["close"], summary["mean_cost"]) == (0.4, 0.2, 2.0)


def test_a_run_resumes_from_its_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pc = load_benchmark("principle_calibration")
    path = tmp_path / "cache.jsonl.gz"
    first = pc.run("standard", 3, 1, pc.load_cache(path), path, None)
    assert [r["decision"] for r in first] == [1, 2, 3]
    assert all(r["judge"] == pc.JUDGE_ID for r in first)
    for r in first:
        assert r["judged"] and r["kind"] in ("best", "as_good", "close", "worse")
        assert r["as_good"] == (r["kind"] in ("best", "as_good")) and r["close"] == (r["kind"] == "close")
        assert r["cost"] == 0.0 or r["kind"] == "worse"
    judged: list[int] = []
    real = pc.judge_decision

    def counting(rule_set: str, number: int, decision: int, position: Any) -> dict[str, Any]:
        judged.append(decision)
        return real(rule_set, number, decision, position)

    monkeypatch.setattr(pc, "judge_decision", counting)
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
    with pytest.raises(pc.StaleCache, match=r"decision 2.*other play code"):
        pc.check_cache("standard", 1, cache)


def test_a_cache_made_by_another_judge_is_refused(tmp_path: Path) -> None:
    pc = load_benchmark("principle_calibration")
    path = tmp_path / "cache.jsonl.gz"
    pc.run("standard", 2, 1, pc.load_cache(path), path, None)
    cache = pc.load_cache(path)
    pc.check_cache("standard", 1, cache)  # the same judge: accepted
    row = cache[("standard", 1, 2)]
    # a row naming another judge (other thresholds, say)
    named = cache | {("standard", 1, 2): row | {"judge": pc.JUDGE_ID.replace("MARGIN=3.0", "MARGIN=2.0")}}
    with pytest.raises(pc.StaleCache, match=r"decision 2.*not by this code's"):
        pc.check_cache("standard", 1, named)
    # a row of the judge before the one judge, which named none (the old shipped cache's rows)
    old = {k: r for k, r in row.items() if k not in ("judge", "kind", "close", "loss", "nodes")}
    with pytest.raises(pc.StaleCache, match="names none"):
        pc.check_cache("standard", 1, cache | {("standard", 1, 2): old})
    # the same name, but the judge now gives the first decision another verdict (its sampling changed, say)
    first = cache[("standard", 1, 1)]
    changed = cache | {("standard", 1, 1): first | {"deals": first["deals"] + 1}}
    with pytest.raises(pc.StaleCache, match=r"decision 1.*another judge"):
        pc.check_cache("standard", 1, changed)
    # main refuses such a cache before judging anything
    with gzip.open(path, "at", encoding="utf-8") as out:
        out.write(json.dumps(old | {"deal": 2}) + "\n")
    before = path.read_bytes()
    with pytest.raises(SystemExit):
        pc.main(["--rules", "standard", "--decisions", "2", "--cache", str(path)])
    assert path.read_bytes() == before


def test_a_cache_member_cut_short_keeps_the_runs_after_it(tmp_path: Path) -> None:
    # Each run appends a gzip member; one stopped mid-write must not lose the runs appended after it.
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
