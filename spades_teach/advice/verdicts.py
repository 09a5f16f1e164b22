"""The judge's verdicts on the strategy chapters' moments, stored (``data/judge_verdicts.json``,
written by ``tools/make_verdicts.py``) under a key of everything a verdict depends on. More:
``docs/modules.md``.

>>> from spades_teach.advice.position import Position
>>> from spades_teach.game.cards import Card
>>> p = Position("S", "Q82.K54.A95.T632", bids={"N": 3, "E": 3, "S": 3, "W": 3}, trick=["3H", "7H"])
>>> verdict_key(p, Card.parse("KH"), choice_matters=False) == verdict_key(p, Card.parse("KH"), choice_matters=False)
True
>>> verdict_key(p, Card.parse("KH"), choice_matters=False) == verdict_key(p, Card.parse("4H"), choice_matters=False)
False
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib.resources import files

from spades_teach.advice.position import Position
from spades_teach.game.cards import Card

__all__ = ["STORE", "recorded_verdicts", "stored_verdict", "verdict_key"]

#: The packaged verdicts, in ``spades_teach/data``.
STORE = "judge_verdicts.json"

#: The verdicts asked for while :func:`recorded_verdicts` is open (``None`` when it is not).
_recording: dict[str, bool] | None = None
#: Whether the store is left aside (inside ``recorded_verdicts(fresh=True)``).
_fresh = False


def verdict_key(position: Position, card: Card, *, choice_matters: bool) -> str:
    """The key a verdict is stored under: a digest of the position as its player sees it (hand,
    bids, every trick with its leader, the trick in progress, scores, bags, rules), the card and the
    question (``choice_matters``)."""
    seen = {
        "seat": position.seat.name,
        "hand": str(position.hand),
        "bids": {seat.name: str(bid) for seat, bid in position.bids.items()},
        "tricks_won": {seat.name: count for seat, count in position.tricks_won.items()},
        "history": [
            [leader.name, [str(c) for c in cards], winner.name] for leader, cards, winner in position.trick_history
        ],
        "trick": [str(c) for c in position.trick],
        "gone": [str(c) for c in position.gone],
        "spades_broken": position.spades_broken,
        "scores": {str(side): points for side, points in position.scores.items()},
        "bags": {str(side): count for side, count in position.bags.items()},
        "rules": repr(position.rules),
        "card": str(card),
        "choice_matters": choice_matters,
    }
    return hashlib.sha256(json.dumps(seen, sort_keys=True).encode()).hexdigest()[:32]


@cache
def _store() -> dict[str, bool]:
    resource = files("spades_teach") / "data" / STORE
    if not resource.is_file():
        return {}
    stored: dict[str, bool] = json.loads(resource.read_text(encoding="utf-8"))["verdicts"]
    return stored


def stored_verdict(key: str) -> bool | None:
    """The stored verdict under ``key``, or ``None`` when the store has none (or is left aside)."""
    return None if _fresh else _store().get(key)


def remember_verdict(key: str, verdict: bool) -> None:
    """Note a verdict just worked out, when :func:`recorded_verdicts` is open."""
    if _recording is not None:
        _recording[key] = verdict


@contextmanager
def recorded_verdicts(*, fresh: bool = False) -> Iterator[dict[str, bool]]:
    """Collect every verdict asked for inside the block (for ``tools/make_verdicts.py``); with
    ``fresh``, every one worked out, the store left aside."""
    global _recording, _fresh
    outer = _recording, _fresh
    _recording, _fresh = {}, fresh
    try:
        yield _recording
    finally:
        _recording, _fresh = outer
