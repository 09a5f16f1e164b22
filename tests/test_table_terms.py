"""Glossary words marked in the card table's hints and reviews (no browser)."""

from __future__ import annotations

from typing import Any

from _stub_bots import low_bots

from spades_teach.render.glossary import define
from spades_teach.widgets.table_game import TableGame
from spades_teach.widgets.terms import PLAIN_TERMS, marked


def _check_line(pieces: list[dict[str, Any]], line: str) -> list[str]:
    """The pieces give back the line, each term with the glossary's definition, once per line."""
    assert "".join(p["text"] for p in pieces) == line
    terms = [p["term"] for p in pieces if p["term"]]
    assert len(terms) == len(set(terms))
    for p in pieces:
        if p["term"]:
            assert p["definition"] == define(p["term"]) and p["term"] not in PLAIN_TERMS
    return terms


def test_terms_are_found_the_longer_first_and_once_per_line() -> None:
    line = "bid blind Nil, then ruff the hearts; a bag, another bag; they go set"
    assert _check_line(marked(line), line) == ["blind Nil", "ruff", "bag", "set"]
    assert [p["term"] for p in marked("a guard for the king; take a bag to set them")] == [
        "",
        "guard",
        "",
        "bag",
        "",
        "set",
    ]
    assert marked("no term here") == [{"text": "no term here", "term": "", "definition": ""}]
    assert marked("") == [{"text": "", "term": "", "definition": ""}]


def test_the_tables_hints_and_review_carry_their_terms() -> None:
    g = TableGame(seed=2, teach=True, pause=0, bots=low_bots())
    st = g.state()
    seen = _check_line(st["hint_marked"], st["hint"])
    for pieces, line in zip(st["hint_reasons_marked"], st["hint_reasons"], strict=True):
        seen += _check_line(pieces, line)
    assert {"bag", "ruff"} <= set(seen)
    g.bid(3)
    while g.phase == "play":
        st = g.state()
        _check_line(st["hint_marked"], st["hint"])
        legal = [c["code"] for c in st["hand"] if c["legal"]]
        g.act({"action": "play", "card": legal[-1]})
        _check_line(g.state()["message_marked"], g.message)
    g.act({"action": "review"})
    review = g.state()["review"]
    assert review
    for row in review:
        _check_line(row["text_marked"], row["text"])
