"""One source per chapter: the French and Spanish chapters are generated from the English ones by
tools/chapter_translations.py, their prose from each chapter's catalogs (notebooks/locale), their
code cells the English ones. These tests fail when a translation lags its English chapter (a
paragraph or a printed message with no translation, or a fuzzy one only), when a committed French or
Spanish chapter is not what the generator writes today, or when the package's compiled catalog of
the chapters' code messages is not a fresh compile."""

from __future__ import annotations

import string
from pathlib import Path
from types import ModuleType

import jupytext
import pytest
from _scripts import load_script
from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[1]


def _load_tool() -> ModuleType:
    return load_script(ROOT / "tools" / "chapter_translations.py")


tool = _load_tool()
CHAPTERS = [path.name for path in tool.english_chapters()]
LANGUAGES = tool.LANGUAGES


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", CHAPTERS)
def test_the_translation_keeps_up_with_its_english_chapter(name: str, lang: str) -> None:
    lagging = tool.lagging(tool.NOTEBOOKS / name, lang)
    assert lagging == [], (
        f"{lang}/{name}: {len(lagging)} English paragraphs or messages without a translation (or with a fuzzy one): "
        f"{lagging[:5]}; run python tools/chapter_translations.py update, translate "
        f"notebooks/locale/{lang}/LC_MESSAGES/{Path(name).stem}.po, then build"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", CHAPTERS)
def test_the_committed_translation_is_what_the_generator_writes(name: str, lang: str) -> None:
    committed = (tool.NOTEBOOKS / lang / name).read_text(encoding="utf-8")
    assert committed == tool.generated(tool.NOTEBOOKS / name, lang), (
        f"{lang}/{name} is not generated from the English chapter and its catalog: edit the English chapter or "
        f"the catalog, then run python tools/chapter_translations.py build (and tools/notebooks.py {lang}/)"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", CHAPTERS)
def test_the_code_cells_are_the_english_ones_plus_the_language_cell(name: str, lang: str) -> None:
    english = [c.source for c in jupytext.read(tool.NOTEBOOKS / name).cells if c.cell_type == "code"]
    translated = [c for c in jupytext.read(tool.NOTEBOOKS / lang / name).cells if c.cell_type == "code"]
    assert translated[0].source == tool.language_cell(lang).source
    assert [c.source for c in translated[1:]] == english


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", CHAPTERS)
def test_printed_messages_keep_their_placeholders(name: str, lang: str) -> None:
    catalog = tool.read_catalog(tool.catalog_path(tool.NOTEBOOKS / name, lang), lang)
    wrong = []
    for message in catalog:
        if not message.id or "printed by the chapter's code" not in message.auto_comments:
            continue
        forms = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        english = set().union(*(_fields(form) for form in forms))
        wrong += [(message.id, text) for text in strings if _fields(text) != english]
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_package_s_catalog_of_chapter_messages_is_a_fresh_compile(lang: str) -> None:
    path = tool.PACKAGE_LOCALE / lang / "LC_MESSAGES" / f"{tool.CODE_DOMAIN}.mo"
    assert path.read_bytes() == tool.compiled(lang), "run python tools/chapter_translations.py compile"


def test_a_chapter_s_printed_words_come_out_in_its_language() -> None:
    from spades_teach.i18n import gettext, language

    with language("fr"):
        assert gettext("tricks won: {tricks}") == "plis gagnés : {tricks}"
    with language("es"):
        assert gettext("tricks won: {tricks}") == "bazas ganadas: {tricks}"
    with language("en"):
        assert gettext("tricks won: {tricks}") == "tricks won: {tricks}"


# -- the generator on a small chapter ------------------------------------------------------------------


def test_paragraphs_are_blocks_between_blank_lines_and_a_fence_is_one_block() -> None:
    text = "# Title\n\nOne line\nand its next.\n\n```{note}\nInside\n\nstill inside\n```\n\n- item"
    assert tool.paragraphs(text) == [
        "# Title",
        "One line\nand its next.",
        "```{note}\nInside\n\nstill inside\n```",
        "- item",
    ]


def _catalog(entries: dict[str, str], fuzzy: set[str] = frozenset()) -> Catalog:  # type: ignore[assignment]
    catalog = tool._new_catalog("fr", "test")
    for msgid, msgstr in entries.items():
        catalog.add(msgid, msgstr, flags=["fuzzy"] if msgid in fuzzy else [])
    return catalog


def test_a_cell_is_translated_paragraph_by_paragraph_and_a_fuzzy_one_stays_english() -> None:
    source = "First paragraph.\n\nSecond paragraph.\n\n![](picture.png)"
    catalog = _catalog({"First paragraph.": "Premier.", "Second paragraph.": "Second."}, fuzzy={"Second paragraph."})
    assert tool.translate_markdown(source, catalog) == "Premier.\n\nSecond paragraph.\n\n![](picture.png)"


def test_a_cell_translated_whole_is_used_whole() -> None:
    source = "First.\n\nSecond."
    catalog = _catalog({source: "Premier et second, en un paragraphe."})
    assert tool.translate_markdown(source, catalog) == "Premier et second, en un paragraphe."


def test_lagging_names_a_changed_paragraph(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A paragraph changed in English after its translation: ``update`` keeps the old translation
    fuzzy, and the chapter lags until a translator checks it."""
    chapter = tmp_path / "99_test.md"
    chapter.write_text("# 99. A test\n\nThe old sentence, a little changed.\n", encoding="utf-8")
    monkeypatch.setattr(tool, "LOCALE", tmp_path / "locale")
    old = _catalog({"# 99. A test": "# 99. Un essai", "The old sentence.": "L'ancienne phrase."})
    tool.write_catalog(old, tool.catalog_path(chapter, "fr"))
    tool.update(chapter)
    catalog = tool.read_catalog(tool.catalog_path(chapter, "fr"), "fr")
    changed = catalog.get("The old sentence, a little changed.")
    assert changed is not None and changed.fuzzy and changed.string == "L'ancienne phrase."
    assert tool.lagging(chapter, "fr") == ["The old sentence, a little changed."]
