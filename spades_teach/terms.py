"""The term base: one word for each thing of the game in each language, and one register.

The words are the reference rule texts' (``locale/terms.json``): French *manche* for a round,
*pli*, *surplus*, *annonce*, *Nil à l'aveugle*, *faire chuter* a Nil, *Apprends-moi*, and *vous*
to the reader; Spanish *anuncio/anunciar* (never *apuesta*), *baza*, *bolsa*, *nil a ciegas*,
*tumbar* a nil, *posición* for a seat, *consejero*, *Enséñame*, and *tú* with no *usted* nor
*vosotros*. :func:`term_problems` reads any text (a catalog's translation, a widget's label, a
chapter's paragraph) and names every rival word and every slip of register in it.

>>> term_problems("Votre apuesta, pulse Apostar", "es")  # doctest: +NORMALIZE_WHITESPACE
["'apuesta' stands for the bid: say anuncio / anunciar",
 "'Apostar' stands for the bid: say anuncio / anunciar",
 "'pulse' breaks the register (tú): an usted command: the course says tú (pulsa, elige, escribe …)"]
>>> term_problems("Pouvez-vous jouer l'A♦ ?", "fr")
[]
>>> term_problems("Que annonceriez-vous ? Tu as le D♠.", "fr")  # doctest: +NORMALIZE_WHITESPACE
["'Que annonc' stands for the bid: say annonce / annoncer",
 "'le D♠' stands for a card's article: say l'A♠, la D♠, le R♠",
 "'Tu' breaks the register (vous): the course says vous to the reader"]
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache

from spades_teach.errors import LanguageError
from spades_teach.i18n import LOCALE_DIR

__all__ = ["Term", "terms", "term_problems", "translation_problems", "register_name"]


# A placeholder (``{card:le}``): not words of the language.
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True)
class Term:
    """One thing of the game in one language: its ``term``, the ``rivals`` that must not stand for
    it, and ``english``, the pattern of an English message whose translation must use the term."""

    concept: str
    term: str
    rivals: tuple[re.Pattern[str], ...]
    english: re.Pattern[str] | None
    required: re.Pattern[str] | None


@cache
def _base() -> dict[str, object]:
    data: dict[str, object] = json.loads((LOCALE_DIR / "terms.json").read_text(encoding="utf-8"))
    return data


def _language(language: str) -> dict[str, object]:
    found = _base().get(language)
    if not isinstance(found, dict):
        raise LanguageError(f"the term base has no language {language!r}: it has 'fr' and 'es'")
    return found


def _required(term: str) -> re.Pattern[str]:
    """What a translation must contain to use ``term`` ("annonce / annoncer": either word's stem)."""
    stems = []
    for word in term.split(" / "):
        word = word.strip()
        stem = word[:-1] if len(word) > 4 and word[-1] in "eoar" else word
        stems.append(re.escape(stem))
    return re.compile("|".join(stems), re.IGNORECASE)


@cache
def terms(language: str) -> tuple[Term, ...]:
    """The terms of ``language`` (``"fr"`` or ``"es"``); another language raises :class:`LanguageError`."""
    out = []
    for entry in _language(language)["terms"]:  # type: ignore[attr-defined]
        english = entry.get("english")
        out.append(
            Term(
                concept=entry["concept"],
                term=entry["term"],
                rivals=tuple(re.compile(p, re.IGNORECASE) for p in entry["rivals"]),
                english=re.compile(english) if english else None,
                required=_required(entry["term"]) if english else None,
            )
        )
    return tuple(out)


@cache
def _register(language: str) -> tuple[str, tuple[tuple[re.Pattern[str], str], ...]]:
    register = _language(language)["register"]
    rules = tuple((re.compile(r["pattern"], re.IGNORECASE), r["why"]) for r in register["forbidden"])  # type: ignore[index]
    return register["name"], rules  # type: ignore[index]


def register_name(language: str) -> str:
    """How the course addresses the reader in ``language``: ``"vous"``, ``"tú"``."""
    return _register(language)[0]


def term_problems(text: str, language: str) -> list[str]:
    """Every rival word and every slip of register in ``text``, a text of ``language``, each said in
    one line that quotes it (an empty list: the text keeps the term base). Text in braces
    (``{card:le}``, a placeholder) is not read."""
    plain = _PLACEHOLDER.sub("{}", text)
    problems = []
    for term in terms(language):
        for rival in term.rivals:
            for found in rival.finditer(plain):
                problems.append(f"{found.group()!r} stands for {_concept(term)}: say {term.term}")
    name, rules = _register(language)
    for pattern, why in rules:
        for found in pattern.finditer(plain):
            problems.append(f"{found.group()!r} breaks the register ({name}): {why}")
    return problems


def _concept(term: Term) -> str:
    return term.concept if term.concept[0].isupper() or " " in term.concept else "the " + term.concept


def translation_problems(english: str, translated: str, language: str) -> list[str]:
    """:func:`term_problems` of a translation, and the terms its English asks for and it does not
    use ("bags" translated without *surplus*)."""
    problems = term_problems(translated, language)
    for term in terms(language):
        if (
            term.english is not None
            and term.required is not None
            and term.english.search(_PLACEHOLDER.sub("", english))
        ):
            if not term.required.search(translated):
                problems.append(
                    f"{_concept(term)} is missing: the English says it, the translation should say {term.term}"
                )
    return problems
