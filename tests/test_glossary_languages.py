"""The trilingual glossary: every term in English, French and Spanish with a definition in each, the
table of each language led by that language, and the glossary chapters showing it."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from spades_teach.errors import SpadesError
from spades_teach.i18n import LANGUAGES, get_language, set_language
from spades_teach.render.glossary import TERMS
from spades_teach.render.lexicon import WORDS, glossary_table, sort_key

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CHAPTER = "16_glossary_and_cheat_sheet"


def _rows(table: str) -> list[list[str]]:
    """The table's body rows, each as its cells' words (markup and the small 'also' words left out)."""
    body = table.split("<tbody>", 1)[1]
    return [
        [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<b>(.*?)</b>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", body)
    ]


def _headers(table: str) -> list[str]:
    return re.findall(r'<th scope="col">(.*?)</th>', table)


def test_every_term_has_its_word_and_definition_in_the_three_languages() -> None:
    assert len(WORDS) >= 30
    for word in WORDS.values():
        for language in LANGUAGES:
            wording = word.wordings[language]
            assert wording.term.strip(), (word.key, language)
            assert len(wording.definition.split()) >= 5, (word.key, language)
        # a definition is written for its language, not copied from another one
        definitions = {word.wordings[language].definition for language in LANGUAGES}
        assert len(definitions) == 3, word.key


def test_every_word_of_the_english_glossary_is_in_the_three_languages() -> None:
    for term in TERMS:
        assert term.name in WORDS, term.name
        assert WORDS[term.name].word("en") == term.name
        assert WORDS[term.name].chapter == term.chapter, term.name


def test_the_rule_texts_words_and_false_friends_are_kept() -> None:
    assert WORDS["bag"].word("fr") == "surplus" and "sac" in WORDS["bag"].wordings["fr"].also
    assert WORDS["bag"].word("es") == "bolsa"
    assert WORDS["set"].word("fr") == "chuter"
    assert WORDS["ruff"].word("es") == "fallar"
    assert WORDS["set"].word("es") == "anuncio fallado"  # the false friend of fallar (to ruff)
    assert WORDS["renege"].word("es") == "renuncio" and WORDS["renege"].word("fr") == "renonce"
    assert "ouvrir le pique" in WORDS["broken spades"].wordings["fr"].also
    assert "romper las picas" in WORDS["broken spades"].wordings["es"].also


@pytest.mark.parametrize(
    ("language", "first", "others"),
    [
        ("en", "In English", ("In French", "In Spanish", "What it means")),
        ("fr", "En français", ("En anglais", "En espagnol", "Ce que ça veut dire")),
        ("es", "En español", ("En inglés", "En francés", "Qué significa")),
    ],
)
def test_each_table_starts_with_its_own_language_and_sorts_in_it(
    language: str, first: str, others: tuple[str, ...]
) -> None:
    table = glossary_table(language)
    headers = _headers(table)
    assert headers[0] == first
    assert tuple(headers[1:4]) == others
    rows = _rows(table)
    assert len(rows) == len(WORDS)
    own_words = [row[0] for row in rows]
    assert own_words == sorted(own_words, key=sort_key)
    assert set(own_words) == {w.word(language) for w in WORDS.values()}
    # each row carries the definition written in the table's language
    assert html.escape(WORDS["renege"].wordings[language].definition) in table


def test_the_table_follows_the_language_in_use_and_leaves_it_unchanged() -> None:
    set_language("fr")
    assert _headers(glossary_table())[0] == "En français"
    assert _headers(glossary_table("es"))[0] == "En español"
    assert get_language() == "fr"
    set_language("en")
    assert _headers(glossary_table())[0] == "In English"


def test_an_unknown_language_is_refused_and_the_language_stays() -> None:
    set_language("es")
    with pytest.raises(SpadesError, match="unknown language 'de'"):
        glossary_table("de")
    assert get_language() == "es"
    set_language("en")


def test_the_words_sort_as_a_dictionary_does() -> None:
    assert sorted(["Nil à l'aveugle", "équipe", "annonce", "Écart"], key=sort_key) == [
        "annonce",
        "Écart",
        "équipe",
        "Nil à l'aveugle",
    ]


@pytest.mark.parametrize(("folder", "language"), [("", "en"), ("fr", "fr"), ("es", "es")])
def test_the_glossary_chapter_shows_the_table_in_its_language(folder: str, language: str) -> None:
    source = NOTEBOOKS / folder / f"{CHAPTER}.md"
    if not source.exists():
        pytest.fail(f"{source} is missing")
    # The code is the same in every language (the French and Spanish chapters are generated from the
    # English one): the table follows the chapter's language, which its stored output shows.
    assert "glossary_table()" in source.read_text()
    notebook = json.loads(source.with_suffix(".ipynb").read_text())
    shown = "".join(
        "".join(output.get("data", {}).get("text/html", ""))
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
        for output in cell.get("outputs", [])
    )
    assert f'class="st-glossary-table st-stacked" lang="{language}"' in shown
    assert "renuncio" in shown and "renonce" in shown and "renege" in shown
