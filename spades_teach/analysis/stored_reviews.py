"""The card-by-card reviews of the packaged game records, computed ahead of time by the compiled
solver (``data/card_costs.json``), for where only the pure-Python solver runs. More:
``docs/modules.md``.

>>> from spades_teach.game.replays import load_record
>>> stored = stored_review_data(load_record("contract_set").to_round())
>>> len(stored), stored[0]["number"]
(52, 1)
"""

from __future__ import annotations

import functools
import hashlib
import json
from importlib import resources
from typing import Any

from spades_teach.game.round import PlayEvent, Round

__all__ = ["STORE", "hand_fingerprint", "stored_review_data"]

#: the file of stored reviews, in the package's data
STORE = "card_costs.json"


def hand_fingerprint(round_: Round) -> str:
    """A sha256 of everything a review depends on: deal, dealer, rules, scores before the hand, and
    every bid and card in order."""
    events = [
        f"play {e.seat.name} {e.card} {e.renege}" if isinstance(e, PlayEvent) else f"bid {e.seat.name} {e.bid}"
        for e in round_.history
    ]
    scores = sorted((str(side), points) for side, points in round_.scores_before.items())
    text = "\n".join([str(round_.deal), str(round_.dealer), repr(round_.rules), repr(scores), *events])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@functools.lru_cache(maxsize=1)
def _store() -> dict[str, list[dict[str, Any]]]:
    path = resources.files("spades_teach") / "data" / STORE
    if not path.is_file():
        return {}
    data: dict[str, list[dict[str, Any]]] = json.loads(path.read_text(encoding="utf-8"))["reviews"]
    return data


def stored_review_data(round_: Round) -> list[dict[str, Any]] | None:
    """The stored review of exactly this hand, as JSON data (one dictionary a card), or None when the
    package has none."""
    found = _store().get(hand_fingerprint(round_))
    return None if found is None else [dict(item) for item in found]
