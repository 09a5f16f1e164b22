"""The packaged puzzles (``data/puzzles.json``, written by ``tools/make_puzzles.py``): a puzzle to
and from JSON, and :func:`load_puzzles`."""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from spades_teach.analysis.puzzles.model import DIFFICULTIES, KEY_KINDS, THEMES, KeyLine, Puzzle
from spades_teach.errors import SpadesError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, Hand
from spades_teach.game.seating import Seat
from spades_teach.i18n import _

__all__ = ["STORE", "load_puzzles", "puzzle_from_json", "puzzle_to_json"]

#: The packaged set, in ``spades_teach/data``.
STORE = "puzzles.json"


def _hand_text(h: Hand) -> str:
    return " ".join(str(c) for c in h)


def puzzle_to_json(p: Puzzle) -> dict[str, Any]:
    """A puzzle as plain JSON data (cards as ``"QH"``, seats as ``"N"``)."""
    return {
        "id": p.id,
        "difficulty": p.difficulty,
        "themes": list(p.themes),
        "goal": p.goal,
        "seat": p.seat.name,
        "hand": _hand_text(p.hand),
        "bids": {s.name: ("nil" if b.is_nil else int(b)) for s, b in p.bids.items()},
        "tricks_won": {s.name: n for s, n in p.tricks_won.items()},
        "trick": [str(c) for c in p.trick],
        "spades_broken": p.spades_broken,
        "seen": [str(c) for c in p.seen],
        "answer": str(p.answer),
        "evidence": {str(c): v for c, v in p.evidence.items()},
        "others": {s.name: _hand_text(h) for s, h in p.others.items()},
        "deals": [{s.name: _hand_text(h) for s, h in d.items()} for d in p.deals],
        "line": None
        if p.line is None
        else {
            "kind": p.line.kind,
            "key": str(p.line.key),
            "seat": p.line.seat.name,
            "rival": str(p.line.rival),
            "count": p.line.count,
            "deciding": p.line.deciding,
        },
    }


def puzzle_from_json(data: Mapping[str, Any]) -> Puzzle:
    """The inverse of :func:`puzzle_to_json`."""
    try:
        return Puzzle(
            id=str(data["id"]),
            difficulty=str(data["difficulty"]),
            themes=tuple(data["themes"]),
            goal=str(data["goal"]),
            seat=Seat.coerce(data["seat"]),
            hand=Hand.parse(data["hand"]),
            bids={Seat.coerce(s): Bid.coerce(b) for s, b in data["bids"].items()},
            tricks_won={Seat.coerce(s): int(n) for s, n in data["tricks_won"].items()},
            trick=tuple(Card.parse(c) for c in data["trick"]),
            spades_broken=bool(data["spades_broken"]),
            seen=tuple(Card.parse(c) for c in data["seen"]),
            answer=Card.parse(data["answer"]),
            evidence={Card.parse(c): int(v) for c, v in data["evidence"].items()},
            others={Seat.coerce(s): Hand.parse(h) for s, h in data["others"].items()},
            deals=tuple({Seat.coerce(s): Hand.parse(h) for s, h in d.items()} for d in data["deals"]),
            line=_line_from_json(data.get("line")),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise SpadesError(
            _("puzzle {id} is malformed: {problem}").format(id=repr(data.get("id", "?")), problem=repr(exc))
        ) from None


def _line_from_json(data: Mapping[str, Any] | None) -> KeyLine | None:
    if data is None:
        return None
    if data["kind"] not in KEY_KINDS:
        raise KeyError(data["kind"])
    return KeyLine(
        str(data["kind"]),
        Card.parse(data["key"]),
        Seat.coerce(data["seat"]),
        Card.parse(data["rival"]),
        int(data["count"]),
        int(data["deciding"]),
    )


_LOADED: tuple[Puzzle, ...] | None = None


def load_puzzles(difficulty: str | None = None, theme: str | None = None) -> tuple[Puzzle, ...]:
    """The packaged puzzles (``data/puzzles.json``), optionally of one difficulty and
    with one theme, in their stored order."""
    global _LOADED
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise SpadesError(
            _("unknown difficulty {difficulty}: use {difficulties}").format(
                difficulty=repr(difficulty), difficulties=", ".join(DIFFICULTIES)
            )
        )
    if theme is not None and theme not in THEMES:
        raise SpadesError(
            _("unknown theme {theme}: use one of {themes}").format(theme=repr(theme), themes=", ".join(THEMES))
        )
    if _LOADED is None:
        path = resources.files("spades_teach") / "data" / STORE
        data = json.loads(path.read_text(encoding="utf-8"))
        _LOADED = tuple(puzzle_from_json(item) for item in data["puzzles"])
    return tuple(
        p
        for p in _LOADED
        if (difficulty is None or p.difficulty == difficulty) and (theme is None or theme in p.themes)
    )
