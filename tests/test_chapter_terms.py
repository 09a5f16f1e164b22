"""The French and Spanish chapters keep the term base (spades_teach/locale/terms.json): their prose
uses one word for each thing of the game and one register (vous, tú), the messages their code
prints do too, and when a chapter names a button or a menu of a widget it names it as the widget
shows it in that language (the review found "Jouer la carte / Annuler" for *La jouer / Reprendre*
and "Donne suivante" for *Manche suivante*).

The prose is read from the generated chapters (notebooks/<lang>/NN_name.md), Markdown cells only:
the code cells are the English ones, and what they print is checked through the catalogs."""

from __future__ import annotations

import re
from pathlib import Path

import jupytext
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from spades_teach.i18n import LOCALE_DIR
from spades_teach.terms import term_problems, translation_problems

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGUAGES = ("fr", "es")
CHAPTERS = sorted(path.name for path in NOTEBOOKS.glob("[0-9][0-9]_*.md"))
# An emphasised span of Markdown: *Match*, **Next hand** (it may run over a line break).
EMPHASIS = re.compile(r"(?<!\*)(\*{1,2})([^*]+?)\1(?!\*)")


def _read(path: Path) -> Catalog:
    with open(path, "rb") as handle:
        return read_po(handle)


def _chapter_catalog(name: str, lang: str) -> Catalog:
    return _read(NOTEBOOKS / "locale" / lang / "LC_MESSAGES" / f"{Path(name).stem}.po")


def _one_line(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_every_chapter_has_its_translations() -> None:
    assert len(CHAPTERS) >= 18
    for lang in LANGUAGES:
        assert sorted(path.name for path in (NOTEBOOKS / lang).glob("[0-9][0-9]_*.md")) == CHAPTERS


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", CHAPTERS)
def test_the_chapter_prose_keeps_the_term_base(name: str, lang: str) -> None:
    notebook = jupytext.read(NOTEBOOKS / lang / name)
    found = [
        f"cell {index}: {problem}"
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "markdown"
        for problem in term_problems(cell.source, lang)
    ]
    assert found == [], (
        f"{lang}/{name}: {found}; correct the paragraph in notebooks/locale/{lang}/LC_MESSAGES/{Path(name).stem}.po, "
        "then python tools/chapter_translations.py build"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", CHAPTERS)
def test_the_words_the_chapter_code_prints_keep_the_term_base(name: str, lang: str) -> None:
    found = {}
    for message in _chapter_catalog(name, lang):
        if not message.id or "printed by the chapter's code" not in " ".join(message.auto_comments):
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        for i, text in enumerate(strings):
            if problems := translation_problems(ids[min(i, len(ids) - 1)], text, lang):
                found[text] = problems
    assert found == {}, f"{lang}/{name}: {found}"


def _labels(lang: str) -> dict[str, str]:
    """English label -> its translation, for the package's messages that can be a widget's button,
    menu or page name: capitalised, no placeholder, no context."""
    return {
        message.id: message.string
        for message in _read(LOCALE_DIR / lang / "LC_MESSAGES" / "spades_teach.po")
        if isinstance(message.id, str)
        and message.id[:1].isupper()
        and "{" not in message.id
        and not message.context
        and isinstance(message.string, str)
        and message.string
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_chapters_name_the_buttons_as_the_widgets_show_them(lang: str) -> None:
    labels = _labels(lang)
    assert labels["Next hand"] and labels["Play it"] and labels["Undo"] and labels["Teach me"]
    checked, wrong = [], []
    for name in CHAPTERS:
        for message in _chapter_catalog(name, lang):
            if not isinstance(message.id, str) or not message.id or not isinstance(message.string, str):
                continue
            translated = _one_line(message.string)
            shown = {_one_line(text) for _, text in EMPHASIS.findall(translated)}
            for _, english in EMPHASIS.findall(_one_line(message.id)):
                if english in labels:
                    checked.append(english)
                    if labels[english] not in shown:
                        wrong.append(
                            f"{name}: *{english}* is *{labels[english]}* on screen, the paragraph says {shown}"
                        )
    # Chapters 1, 2, 5, 7, 8 and 13 name the explorer's, the stepper's and the card table's buttons.
    assert {"Deal", "Play it", "Undo", "Next hand", "Teach me", "Review my hand", "Next puzzle"} <= set(checked)
    assert wrong == []


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("fr", "Chaque appui sur **Donne suivante** ajoute une ligne."),
        ("fr", "Collez-la dans le conseiller d'annonces du chapitre 11."),
        ("fr", "Tapez les annonces (des nombres, nil ou blind nil)."),
        ("es", "Juegas en el puesto Sur de la mesa."),
        ("es", "Con **Teach me** activado, el consejero te muestra su carta."),
        ("es", "Es una apuesta arriesgada."),
    ],
)
def test_the_prose_check_finds_the_faults_the_review_quoted(lang: str, text: str) -> None:
    assert term_problems(text, lang) != []


# A French noun phrase with *donne*: "une donne", "chaque donne", "la donne" (but not the verb, "… la
# donne seule"), "donne après donne", "donnes jouées".
_DONNE = re.compile(
    r"\b(?:la|une|des|les|cette|chaque|de|d'une|quatrième|même|suite de|sur|après deux|fins? de)\s+donnes?\b"
    r"(?! seule)|\bdonnes?\s+(?:après|de plus|jouées|annoncées|commentées)\b",
    re.IGNORECASE,
)


def test_a_french_paragraph_about_a_hand_says_manche() -> None:
    """The term base's round is *manche* (rule texts 000 and 004, the app's *Manche suivante*); *donne*
    stays the deal, the cards dealt (deal code, deal of the day, simulated deals). A paragraph whose
    English speaks of a hand and of no deal is about rounds (or the thirteen cards, *main*), so it has
    no *donne*: the review found one round called donne, manche and main."""
    found = []
    for name in CHAPTERS:
        for message in _chapter_catalog(name, "fr"):
            if not isinstance(message.id, str) or not isinstance(message.string, str):
                continue
            if re.search(r"\bhands?\b", message.id) and not re.search(r"\b(deals?|playouts?)\b", message.id):
                found += [f"{name}: {match.group()!r}" for match in _DONNE.finditer(message.string)]
    assert found == []
