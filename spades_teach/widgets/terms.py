"""The words of the glossary marked where they appear at the card table.

:func:`marked` cuts a line of a hint or a review into pieces of plain text and
glossary terms, each term with its one-line definition from
:mod:`spades_teach.render.glossary` (the one place a word is defined). The
card table draws a term as a focusable word with a pop-up definition.

Everyday words of every line ("trick", "bid", "lead", "partner", "dealer")
are left plain, and a term is marked once per line, so a hint is not a page
of links.

>>> [piece["term"] for piece in marked("ruff it: you hold no hearts; a bag costs little") if piece["term"]]
['ruff', 'bag']
>>> marked("take a bag to set them")[-1]["text"], marked("take a bag to set them")[-1]["term"]
('set them', 'set')
>>> "".join(piece["text"] for piece in marked("cover your partner's Nil"))
"cover your partner's Nil"
"""

from __future__ import annotations

import re
from typing import Any

from spades_teach.i18n import get_language
from spades_teach.render.glossary import TERMS, Term

__all__ = ["marked", "PLAIN_TERMS"]

#: Terms of the glossary left unmarked at the table: every line uses them.
PLAIN_TERMS = frozenset({"trick", "bid", "lead", "partner", "dealer"})

#: How hints and reviews say "set" as a verb ("to set them"), besides the glossary's "is set".
_EXTRA = {"set": re.compile(r"\bset(s|ting)? (them|the opponents|their contract)\b", re.IGNORECASE)}


def _patterns() -> list[tuple[Term, re.Pattern[str]]]:
    out = [(t, t.regex) for t in TERMS if t.name not in PLAIN_TERMS]
    out += [(t, _EXTRA[t.name]) for t in TERMS if t.name in _EXTRA]
    return out


def marked(text: str) -> list[dict[str, Any]]:
    """``text`` cut into pieces ``{"text", "term", "definition"}`` (``term`` empty for
    plain text); the pieces joined give back ``text``. Where two terms overlap the
    longer wins ("blind Nil" over "Nil"); each term is marked at its first place only.
    The glossary's terms and definitions are English: in another language the line is
    left unmarked (an English definition would not help a French or Spanish reader)."""
    if get_language() != "en":
        return [{"text": text, "term": "", "definition": ""}]
    found: list[tuple[int, int, Term]] = []
    for term, pattern in _patterns():
        for match in pattern.finditer(text):
            found.append((match.start(), match.end(), term))
    found.sort(key=lambda f: (f[0], -(f[1] - f[0])))
    pieces: list[dict[str, Any]] = []
    at, used = 0, set()
    for start, end, term in found:
        if start < at or term.name in used:
            continue
        if start > at:
            pieces.append({"text": text[at:start], "term": "", "definition": ""})
        pieces.append({"text": text[start:end], "term": term.name, "definition": term.definition})
        used.add(term.name)
        at = end
    if at < len(text) or not pieces:
        pieces.append({"text": text[at:], "term": "", "definition": ""})
    return pieces
