"""Store the card-by-card reviews of the packaged game records (spades_teach/data/card_costs.json).

    python tools/make_reviews.py

Needs the compiled double-dummy core (``pip install -e .`` builds it). Where only the pure-Python solver
is available (the live edition of the book, in the browser), ``card_costs`` reads these reviews instead
of solving the packaged records again. tests/test_stored_reviews.py checks that they match a fresh review.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from spades_teach.analysis.card_cost import card_costs, review_to_json
from spades_teach.analysis.stored_reviews import STORE, hand_fingerprint
from spades_teach.game.replays import list_records, load_record
from spades_teach.solver import SOLVER_BACKEND

ROOT = Path(__file__).resolve().parents[1]


def _dump(names: dict[str, str], reviews: dict[str, list[dict[str, Any]]]) -> str:
    """The store as JSON with one card's review a line: small to load, and a changed review shows
    as changed lines."""
    compact = {"ensure_ascii": False, "separators": (",", ":")}
    hands = [
        f" {json.dumps(key)}: [\n" + ",\n".join(f"  {json.dumps(item, **compact)}" for item in items) + "\n ]"  # type: ignore[arg-type]
        for key, items in reviews.items()
    ]
    return '{"records": ' + json.dumps(names, indent=1) + ',\n"reviews": {\n' + ",\n".join(hands) + "\n}}\n"


def main() -> None:
    if SOLVER_BACKEND != "c":
        raise SystemExit("error: the compiled double-dummy core is not built (run: pip install -e .)")
    reviews = {}
    names = {}
    for name in list_records():
        round_ = load_record(name).to_round()
        key = hand_fingerprint(round_)
        reviews[key] = [review_to_json(review) for review in card_costs(round_)]
        names[key] = name
    path = ROOT / "spades_teach" / "data" / STORE
    path.write_text(_dump(dict(sorted(names.items())), dict(sorted(reviews.items()))), encoding="utf-8")
    print(f"{path.relative_to(ROOT)}: {len(reviews)} reviews")


if __name__ == "__main__":
    main()
