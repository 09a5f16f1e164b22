"""No English word of the learner's in the stored outputs of the French and Spanish chapters.

Every output a reader sees under a cell of notebooks/fr/*.ipynb and notebooks/es/*.ipynb is read:
stream text, ``text/plain``, ``text/html`` with its tags, styles and scripts taken out, and
``text/markdown``. It must hold none of the English words in :data:`ENGLISH` (whole words, as
written or with a capital). The list holds the words the review of the two editions found escaping translation
(shared/reviews/fr-es.md, §1 and §2) and the words the chapters' code and widgets print most:

- the seats and the East–West letters (North, South, East, West, EW: *Nord … Ouest, EO*), and the
  trick line's "won by" / "wins";
- the game's nouns and verbs (bid, trick, bag, void, contract, partner, dealer, hand, lead, follow
  suit, ruff, renege, blind Nil, team), the suit words (spades … clubs) and rank words (ace … jack);
- the names of the widgets' buttons, menus and levels (Teach me, Next hand, Puzzle, Level, Theme,
  easy, medium, hard) and the calibration groups ("or less", "yes");
- Python's True, False and None, which a chapter printing a check's value directly shows;
- English function words that only an untranslated sentence brings (the, and, with, your, you, is,
  are, of), and French adds "no" (Spanish *no* is a word of the language).

Left out on purpose, each for a reason:

- the trilingual glossary table of chapter 16 (``glossary_table()``): it shows the English term next
  to the French and Spanish ones, on purpose;
- a ``text/plain`` that comes with a ``text/html`` or an image in the same output: JupyterLab, Voila
  and the book show the richer one, the plain text is Python's repr (``<Round dealer=W …>``,
  ``<Figure size 600x500 with 1 Axes>``) that no reader sees;
- a quoted Python identifier (``renege='penalty'`` in chapter 14, ``{'NS': 82, 'EW': 21}``): a
  value a programmer types, printed as code;
- Python's ``True``, ``False`` and ``None`` under "For programmers": that section shows the library
  to someone reading its Python, and ``print(m.is_over)`` prints ``False`` in every language (a
  translated *faux* would not be what Python says). Anywhere else a chapter prints a verdict in
  words (``yes_no``, a check's ``verdict``), so they count as leaks there;
- card codes (``AS``, ``10h``, ``W:8.AKT952…``): the interchange notation of chapter 1, read in every
  language, not a word.

The outputs are the committed ones: re-execute a chapter (tools/notebooks.py fr/NN es/NN) after a
change to the package or to its English code, and this test reads what the reader will see."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGUAGES = ("fr", "es")
CHAPTERS = sorted(path.stem for path in NOTEBOOKS.glob("[0-9][0-9]_*.md"))

ENGLISH = (
    # seats, teams and tricks
    "North", "South", "East", "West", "EW", "won by", "wins",
    # the game's words
    "bid", "bids", "bidding", "trick", "tricks", "bag", "bags", "void", "voids", "contract", "partner",
    "dealer", "hand", "hands", "lead", "leads", "follow suit", "ruff", "renege", "blind Nil", "team",
    "spades", "hearts", "diamonds", "clubs", "spade", "heart", "diamond", "club",
    "ace", "aces", "king", "queen", "jack",
    # the widgets' names and menus, the calibration groups
    "Teach me", "Next hand", "Puzzle", "Level", "Theme", "easy", "medium", "hard", "or less", "yes",
    # Python's constants
    "True", "False", "None",
    # an untranslated sentence
    "the", "and", "with", "your", "you", "is", "are", "of",
)  # fmt: skip
ONLY_IN = {"fr": ("no",)}
PYTHON_CONSTANTS = {"True", "False", "None"}
# Quoted Python identifiers, with the keyword they are given to: renege='penalty', 'EW', "blind_nil".
QUOTED_NAME = re.compile(r"""(\b[A-Za-z_]\w*=)?(['"])[A-Za-z_]\w*\2""")
GLOSSARY_TABLE = "HTML(glossary_table())"


def _pattern(lang: str) -> re.Pattern[str]:
    """The words as written and with a capital (*Bid*, *Tricks*), but the game's name *Spades* is
    the French and Spanish name too: only the suit, *spades*, is English."""
    words = set(ENGLISH + ONLY_IN.get(lang, ()))
    words |= {word[0].upper() + word[1:] for word in words if word != "spades"}
    alternatives = "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))
    return re.compile(r"(?<![\w'])(" + alternatives + r")(?![\w'])")


def _html_text(markup: str) -> str:
    markup = re.sub(r"<(style|script)\b.*?</\1>", " ", markup, flags=re.DOTALL | re.IGNORECASE)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def _joined(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def shown_texts(cell: dict[str, Any]) -> Iterator[str]:
    """What a reader sees of a code cell's outputs, as text."""
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream":
            yield _joined(output["text"])
            continue
        data = output.get("data", {})
        if "text/html" in data:
            yield _html_text(_joined(data["text/html"]))
        if "text/markdown" in data:
            yield _joined(data["text/markdown"])
        richer = "text/html" in data or any(kind.startswith("image/") for kind in data)
        if "text/plain" in data and not richer:
            yield _joined(data["text/plain"])


def code_cells(notebook: dict[str, Any], programmers_heading: str) -> Iterator[tuple[int, dict[str, Any], bool]]:
    """Each code cell of the chapter but the glossary's table, with its number and whether it stands
    under ``programmers_heading`` (the last heading above it is that one)."""
    for_programmers = False
    for index, cell in enumerate(notebook["cells"]):
        source = _joined(cell["source"])
        if cell["cell_type"] == "markdown":
            headings = re.findall(r"^#{1,6} .*$", source, flags=re.MULTILINE)
            if headings:
                for_programmers = headings[-1].strip() == programmers_heading
            continue
        if cell["cell_type"] != "code" or source.strip() == GLOSSARY_TABLE:
            continue
        yield index, cell, for_programmers


def leaks(notebook: dict[str, Any], lang: str, programmers_heading: str) -> list[str]:
    """Each English word of :data:`ENGLISH` in the outputs, with its cell and line."""
    pattern = _pattern(lang)
    found = []
    for index, cell, for_programmers in code_cells(notebook, programmers_heading):
        for text in shown_texts(cell):
            for line in QUOTED_NAME.sub(" ", text).splitlines():
                for word in pattern.findall(line):
                    if for_programmers and word in PYTHON_CONSTANTS:
                        continue
                    found.append(f"cell {index}: {word!r} in {line.strip()[:140]!r}")
    return found


def _programmers_heading(lang: str) -> str:
    from babel.messages.pofile import read_po

    with open(NOTEBOOKS / "locale" / lang / "LC_MESSAGES" / "01_deck_and_deal.po", "rb") as handle:
        message = read_po(handle).get("## For programmers")
    assert message is not None and isinstance(message.string, str) and message.string.startswith("## ")
    return message.string


def _notebook(lang: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((NOTEBOOKS / lang / f"{name}.ipynb").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", CHAPTERS)
def test_the_stored_outputs_hold_no_english_word_of_the_learner(name: str, lang: str) -> None:
    notebook = _notebook(lang, name)
    assert any(cell.get("outputs") for cell in notebook["cells"]), f"{lang}/{name} has no stored output: execute it"
    found = leaks(notebook, lang, _programmers_heading(lang))
    assert found == [], f"{lang}/{name}: {found}"


def _cell(source: str, *outputs: dict[str, Any]) -> dict[str, Any]:
    return {"cell_type": "code", "source": source, "outputs": list(outputs)}


def _stream(text: str) -> dict[str, Any]:
    return {"output_type": "stream", "name": "stdout", "text": text}


def _markdown(text: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "source": text}


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("fr", "North annonce 3 : premier à jouer : South"),
        ("es", "E:3H S:KH W:5S N:9H won by W"),
        ("fr", "couleurs : ♠ spades ♥ hearts"),
        ("es", "Problema m050 (medium; keep your nil)"),
        ("fr", "main à Nil  no −0,42 ; yes +0,29"),
        ("es", "sirve para nil: True"),
        ("es", "NS hizo 1 renuncio: 3 bazas pasan a EW"),
        ("fr", "Norte–Sur 0 of 10 bags"),
    ],
)
def test_the_check_finds_the_leaks_the_review_quoted(lang: str, text: str) -> None:
    notebook = {"cells": [_cell("print(...)", _stream(text))]}
    assert leaks(notebook, lang, "## Pour les programmeurs") != []


def test_what_the_check_leaves_out() -> None:
    heading = "## Pour les programmeurs"
    rich = {"output_type": "execute_result", "data": {"text/html": "<b>Nord</b>", "text/plain": "<Round dealer=W>"}}
    html_leak = {"output_type": "display_data", "data": {"text/html": "<td>North</td>", "text/plain": "x"}}
    notebook = {
        "cells": [
            _cell(GLOSSARY_TABLE, {"output_type": "display_data", "data": {"text/html": "<td>bid</td>"}}),
            _cell("rnd", rich),
            _cell("print(rules)", _stream("renege='penalty' : refusée\n{'NS': 82, 'EW': 21}")),
            _cell("print(check.fits)", _stream("True")),
            _markdown(heading),
            _cell("print(m.is_over)", _stream("90 False")),
            _cell("HTML(x)", html_leak),
        ]
    }
    assert leaks(notebook, "fr", heading) == ["cell 3: 'True' in 'True'", "cell 6: 'North' in 'North'"]
    # Spanish "no" is a word of the language; in French it is an English leak.
    spanish = {"cells": [_cell("print(x)", _stream("apta para nil  no"))]}
    assert leaks(spanish, "es", heading) == [] and leaks(spanish, "fr", heading) != []


# A card or a hand written with the English letters K, Q, J (and T) in a French output: a face (K♠, Q♥),
# a hand suit by suit (♠AKQ3, ♠ A K Q 3) or dotted (AK9.KJ4.Q73.K852, the ten hands chapter 3 had the
# reader count next to items written R♠ 1, D♦ 0,5). Chapter 1 teaches the interchange notations, and
# "For programmers" shows what the library reads and writes, so both are left out.
ENGLISH_FACES = re.compile(
    r"(?<!\w)[KQJ][♠♥♦♣]"
    r"|[♠♥♦♣](?:10|[2-9ARDV])*[KQJT]"
    r"|[♠♥♦♣](?: (?:10|[2-9ARDV]))* [KQJ](?!\w)"
    r"|(?<![\w:.])(?=[AKQJT2-9.]*[KQJT])(?:[AKQJT2-9]*\.){3}[AKQJT2-9]*(?![\w.])"
)


def english_faces(notebook: dict[str, Any], programmers_heading: str) -> list[str]:
    found: list[str] = []
    for index, cell, for_programmers in code_cells(notebook, programmers_heading):
        if for_programmers:
            continue
        for text in shown_texts(cell):
            found += [f"cell {index}: {match.group()!r}" for match in ENGLISH_FACES.finditer(text)]
    return found


@pytest.mark.parametrize("name", [name for name in CHAPTERS if not name.startswith("01_")])
def test_the_french_outputs_write_cards_and_hands_with_the_french_letters(name: str) -> None:
    found = english_faces(_notebook("fr", name), _programmers_heading("fr"))
    assert found == [], f"fr/{name}: {found}"


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (" 2. AK9.KJ4.Q73.K852   compte   4,5", True),
        ("Nord ♠ Q 9 7 5 2 ♥ J 4 3", True),
        ("conseil pour ♠AKQ3 ♥K52", True),
        ("Nord gagne avec K♠", True),
        (" 2. ♠ A R 9   ♥ R V 4   ♦ D 7 3   ♣ R 8 5 2    compte   4,5", False),
        ("conseil pour ♠ARD3 ♥R52 ♦7 ♣A9842 : annoncez 5 ; 10♠ 9♠", False),
        ("3,5 plis. 2,25", False),
    ],
)
def test_the_face_check_finds_english_letters_only(text: str, found: bool) -> None:
    notebook = {"cells": [_cell("print(...)", _stream(text))]}
    assert bool(english_faces(notebook, "## Pour les programmeurs")) is found
