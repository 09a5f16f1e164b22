"""Perft-style regression: legal-play counts at each of the 52 steps of fixed seeded deals
played by a fixed policy, compared with ``tests/golden/perft.json``.

A difference means the legal-play rules, the trick winner or the seeded shuffle changed.
If the change is deliberate, regenerate with ``tests/golden/make_perft.py`` (by hand).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spades_teach import Round, Rules, deal

GOLDEN = json.loads((Path(__file__).parent / "golden" / "perft.json").read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = GOLDEN["cases"]


def replay(case: dict[str, Any]) -> tuple[str, list[int], list[str], dict[str, int]]:
    d = deal(case["seed"], dealer=case["dealer"])
    r = Round(d, dealer=case["dealer"], rules=Rules.from_dict(case["rules"]))
    for bid in GOLDEN["bids"]:
        assert r.to_act is not None
        r.bid(r.to_act, bid)
    counts: list[int] = []
    played: list[str] = []
    while not r.is_complete:
        seat = r.to_act
        assert seat is not None
        legal = r.legal_plays()
        counts.append(len(legal))
        card = min(legal, key=lambda c: c.index)  # the policy: lowest-index legal card
        played.append(str(card))
        r.play(seat, card)
    return str(d), counts, played, {seat.name: n for seat, n in r.tricks_won.items()}


def test_golden_file_has_three_full_cases() -> None:
    assert len(CASES) == 3
    for case in CASES:
        assert len(case["counts"]) == 52
        assert len(set(case["played"])) == 52
        # a seat can never have more legal plays than cards left, and the last trick is forced
        assert all(1 <= n <= 13 - step // 4 for step, n in enumerate(case["counts"]))
        assert case["counts"][-4:] == [1, 1, 1, 1]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"seed{c['seed']}-{c['dealer']}")
def test_perft_counts(case: dict[str, Any]) -> None:
    deal_text, counts, played, won = replay(case)
    assert deal_text == case["deal"]
    assert counts == case["counts"]
    assert played == case["played"]
    assert won == case["tricks_won"]
