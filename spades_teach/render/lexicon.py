"""The words of the course in English, French and Spanish, side by side.

The terms live in ``spades_teach/data/glossary.json``: for each one its word in each language, the
other words players use there (the rule texts' own words where they differ, such as the French
*surplus* beside *sac*, or the Spanish *anuncio fallado*, a failed bid, beside *fallar*, to ruff),
and a one-line definition in each language. :func:`glossary_table` draws them as a table for the
glossary chapter of each language.

>>> WORDS["renege"].word("es")
'renuncio'
>>> table = glossary_table("fr")
>>> table.index("En français") < table.index("En anglais") < table.index("En espagnol")
True
"""

from __future__ import annotations

import html
import json
import unicodedata
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType

from spades_teach.i18n import LANGUAGES, N_, _, get_language
from spades_teach.i18n import language as speaking
from spades_teach.render.html import STACKED_TABLE_STYLE

__all__ = ["Wording", "Word", "WORDS", "glossary_table", "sort_key"]

#: Each language's column header, as said in the language of the table.
_COLUMN = {"en": N_("In English"), "fr": N_("In French"), "es": N_("In Spanish")}


@dataclass(frozen=True)
class Wording:
    """A term in one language: the ``term``, the ``also`` words players use for it, its ``definition``."""

    term: str
    also: tuple[str, ...]
    definition: str


@dataclass(frozen=True)
class Word:
    """A term of the course: its English ``key``, the ``chapter`` that teaches it, and its wording in
    each language."""

    key: str
    chapter: int
    wordings: MappingProxyType[str, Wording]

    def word(self, language: str) -> str:
        """The term in ``language`` (``"en"``, ``"fr"`` or ``"es"``)."""
        return self.wordings[language].term


def _load() -> tuple[Word, ...]:
    text = (resources.files("spades_teach") / "data" / "glossary.json").read_text(encoding="utf-8")
    words = []
    for entry in json.loads(text)["terms"]:
        wordings = {
            language: Wording(entry[language]["term"], tuple(entry[language]["also"]), entry[language]["definition"])
            for language in LANGUAGES
        }
        words.append(Word(entry["key"], int(entry["chapter"]), MappingProxyType(wordings)))
    return tuple(words)


#: Every term, by its English key, in the order of the data file.
WORDS: MappingProxyType[str, Word] = MappingProxyType({w.key: w for w in _load()})


def sort_key(text: str) -> str:
    """The key that sorts words as a dictionary does: accents and case set aside.

    >>> sorted(["équipe", "entamer", "fournir"], key=sort_key)
    ['entamer', 'équipe', 'fournir']
    """
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _cell(wording: Wording) -> str:
    also = f" <small>({html.escape(', '.join(wording.also))})</small>" if wording.also else ""
    return f"<b>{html.escape(wording.term)}</b>{also}"


def glossary_table(language: str | None = None) -> str:
    """The terms as an HTML table for a chapter in ``language`` (the language in use if not given):
    that language's column first, then the two others, the definition in that language and the
    chapter that teaches the term; rows sorted as that language's dictionary would sort them.
    An unknown language raises :class:`~spades_teach.errors.LanguageError`."""
    with speaking(language or get_language()):
        own = get_language()
        order = (own, *(other for other in LANGUAGES if other != own))
        headers = [_(_COLUMN[code]) for code in order] + [_("What it means"), _("Taught in chapter")]
        head = "".join(f'<th scope="col">{html.escape(h)}</th>' for h in headers)
        labels = [html.escape(h, quote=True) for h in headers[1:]]
        rows = []
        for word in sorted(WORDS.values(), key=lambda w: sort_key(w.word(own))):
            first, *others = (_cell(word.wordings[code]) for code in order)
            definition = html.escape(word.wordings[own].definition)
            cells = f'<th scope="row">{first}</th>' + "".join(
                f'<td data-label="{label}">{cell}</td>'
                for label, cell in zip(labels, [*others, definition, str(word.chapter)], strict=True)
            )
            rows.append(f"<tr>{cells}</tr>")
    return (
        STACKED_TABLE_STYLE + f'<table class="st-glossary-table st-stacked" lang="{own}"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
