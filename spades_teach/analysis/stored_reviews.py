"""Card-by-card reviews of the packaged game records, computed ahead of time.

The review of what each card cost (:func:`~spades_teach.analysis.card_cost.card_costs`) solves every
position of the hand double-dummy. The compiled solver does a packaged record in about a second; the
pure-Python solver, the only one where the C core cannot be built (the live edition of the book runs
in the browser's Python), takes many minutes. So the package stores the reviews of its own records,
made by the compiled solver (``python tools/make_reviews.py`` writes ``data/card_costs.json``), and
:func:`card_costs` reads them when it has only the Python solver. A hand is found by a fingerprint of
everything the review depends on (deal, dealer, rules, scores, every bid and card), so any other hand,
or the same hand played differently, is solved live.

>>> from spades_teach.game.replays import load_record
>>> stored = stored_card_costs(load_record("contract_set").to_round())
>>> len(stored), stored[0].number
(52, 1)
"""

from __future__ import annotations

import functools
import hashlib
import json
from importlib import resources
from typing import Any

from spades_teach.analysis.card_cost import CardCost
from spades_teach.game.cards import Card
from spades_teach.game.round import PlayEvent, Round
from spades_teach.game.seating import Seat

__all__ = ["STORE", "hand_fingerprint", "review_to_json", "stored_card_costs"]

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


def review_to_json(review: CardCost) -> dict[str, Any]:
    return {
        "number": review.number,
        "trick": review.trick,
        "seat": review.seat.name,
        "card": str(review.card),
        "before": review.before,
        "after": review.after,
        "best_cards": [str(c) for c in review.best_cards],
        "nil_lost": review.nil_lost,
        "explanation": review.explanation,
    }


def _review_from_json(data: dict[str, Any]) -> CardCost:
    return CardCost(
        number=int(data["number"]),
        trick=int(data["trick"]),
        seat=Seat.coerce(data["seat"]),
        card=Card.parse(data["card"]),
        before=int(data["before"]),
        after=int(data["after"]),
        best_cards=tuple(Card.parse(c) for c in data["best_cards"]),
        nil_lost=bool(data["nil_lost"]),
        explanation=str(data["explanation"]),
    )


@functools.lru_cache(maxsize=1)
def _store() -> dict[str, list[dict[str, Any]]]:
    path = resources.files("spades_teach") / "data" / STORE
    if not path.is_file():
        return {}
    data: dict[str, list[dict[str, Any]]] = json.loads(path.read_text(encoding="utf-8"))["reviews"]
    return data


def stored_card_costs(round_: Round) -> list[CardCost] | None:
    """The stored review of exactly this hand, or None when the package has none."""
    found = _store().get(hand_fingerprint(round_))
    return None if found is None else [_review_from_json(item) for item in found]
