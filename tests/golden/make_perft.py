"""Regenerate ``tests/golden/perft.json`` (run by hand, never by the test suite).

Perft-style regression net: for a few fixed seeded deals, play the hand with a fixed
deterministic policy (always the first legal card in display order, i.e. the legal card
with the lowest index) and record how many legal plays the seat to act had at each of
the 52 steps. ``tests/test_perft.py`` recomputes these counts and compares.

Usage, from the repository root::

    .venv/bin/python tests/golden/make_perft.py          # rewrite the golden file
    .venv/bin/python tests/golden/make_perft.py --check  # only compare, exit 1 on a difference

Regenerate only after a deliberate change of the rules or of the seeded shuffle, and
say so in the commit message.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from spades_teach import Round, Rules, deal

GOLDEN = Path(__file__).with_name("perft.json")
BIDS = (3, 3, 3, 3)
CASES: tuple[dict[str, Any], ...] = (
    {"seed": 1, "dealer": "N", "rules": {}},
    {"seed": 2, "dealer": "E", "rules": {}},
    {"seed": 3, "dealer": "S", "rules": {}},
)


def perft_case(seed: int, dealer: str, rules: dict[str, Any]) -> dict[str, Any]:
    """Play one case and return its record (deal text, counts, tricks won)."""
    d = deal(seed, dealer=dealer)
    r = Round(d, dealer=dealer, rules=Rules.from_dict(rules))
    for bid in BIDS:
        assert r.to_act is not None
        r.bid(r.to_act, bid)
    counts: list[int] = []
    played: list[str] = []
    while not r.is_complete:
        seat = r.to_act
        assert seat is not None
        legal = r.legal_plays()
        counts.append(len(legal))
        card = min(legal, key=lambda c: c.index)
        played.append(str(card))
        r.play(seat, card)
    return {
        "seed": seed,
        "dealer": dealer,
        "rules": rules,
        "deal": str(d),
        "counts": counts,
        "played": played,
        "tricks_won": {seat.name: n for seat, n in r.tricks_won.items()},
    }


def build() -> dict[str, Any]:
    return {
        "about": "legal-play counts at each of the 52 steps; policy: always the legal card with the lowest index",
        "bids": list(BIDS),
        "cases": [perft_case(**case) for case in CASES],
    }


def to_text(data: dict[str, Any]) -> str:
    """JSON with one line per case, so a diff shows which deal changed."""
    cases = ",\n".join("  " + json.dumps(case, ensure_ascii=False) for case in data["cases"])
    head = {k: v for k, v in data.items() if k != "cases"}
    return (
        "{\n"
        + "".join(f" {json.dumps(k)}: {json.dumps(v)},\n" for k, v in head.items())
        + f' "cases": [\n{cases}\n ]\n}}\n'
    )


def main(argv: list[str]) -> int:
    text = to_text(build())
    if "--check" in argv:
        same = GOLDEN.read_text(encoding="utf-8") == text
        print("perft.json is up to date" if same else "perft.json differs from the engine")
        return 0 if same else 1
    GOLDEN.write_text(text, encoding="utf-8")
    print(f"wrote {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
