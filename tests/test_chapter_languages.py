"""The translated chapters (``notebooks/fr/``, ``notebooks/es/``) follow the English ones: the same
file names, each chapter opening with the hidden cell that sets its language, and the same code cells
with the same tags in the same order (a translation changes words, not the chapter's structure)."""

from __future__ import annotations

import json
from pathlib import Path

import jupytext
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
TRANSLATIONS = ("fr", "es")
#: The chapters' suffixes: the MyST text source and the executed notebook.
SUFFIXES = (".md", ".ipynb")


def chapter_names(folder: Path) -> list[str]:
    """The chapter files of ``folder`` (text sources and notebooks), by name."""
    return sorted(p.name for p in folder.glob("[0-9][0-9]_*") if p.suffix in SUFFIXES)


def other_files(folder: Path) -> list[str]:
    """The ``.md`` and ``.ipynb`` files of ``folder`` that are not numbered chapters."""
    return sorted(p.name for p in folder.iterdir() if p.suffix in SUFFIXES and p.name not in chapter_names(folder))


def translated_sources() -> list[Path]:
    return sorted(s for lang in TRANSLATIONS for s in (NOTEBOOKS / lang).glob("[0-9][0-9]_*.md"))


def _tags(cell: object) -> list[str]:
    return list(getattr(cell, "metadata", {}).get("tags", []))


def test_the_english_chapters_are_found() -> None:
    names = chapter_names(NOTEBOOKS)
    assert "00_a_hand_in_ten_minutes.md" in names and "00_a_hand_in_ten_minutes.ipynb" in names


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_translated_chapter_list_is_the_english_one(lang: str) -> None:
    folder = NOTEBOOKS / lang
    assert folder.is_dir(), f"notebooks/{lang}/ is missing"
    english, translated = chapter_names(NOTEBOOKS), chapter_names(folder)
    missing = sorted(set(english) - set(translated))
    extra = sorted(set(translated) - set(english))
    assert not missing and not extra, f"notebooks/{lang}/: missing {missing}, not in English {extra}"
    assert other_files(folder) == [], f"notebooks/{lang}/ holds files that are not chapters"


@pytest.mark.parametrize("source", translated_sources(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_translated_chapter_starts_by_setting_its_language(source: Path) -> None:
    lang = source.parent.name
    for path in (source, source.with_suffix(".ipynb")):
        first = jupytext.read(path).cells[0]
        assert first.cell_type == "code", f"{lang}/{path.name}: the first cell is not code"
        assert f'set_language("{lang}")' in first.source, f"{lang}/{path.name}: the first cell does not set {lang}"
        assert "remove-cell" in _tags(first), f"{lang}/{path.name}: the language cell is not hidden"
    executed = json.loads(source.with_suffix(".ipynb").read_text(encoding="utf-8"))
    assert executed["cells"][0].get("outputs") == [], f"{lang}/{source.name}: the language cell shows an output"


@pytest.mark.parametrize("source", translated_sources(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_translated_chapter_has_the_english_code_cells_and_tags(source: Path) -> None:
    english = [c for c in jupytext.read(NOTEBOOKS / source.name).cells if c.cell_type == "code"]
    translated = [c for c in jupytext.read(source).cells if c.cell_type == "code"][1:]
    assert len(translated) == len(english), (
        f"{source.parent.name}/{source.name}: {len(translated)} code cells after the language cell, "
        f"the English chapter has {len(english)}"
    )
    for index, (a, b) in enumerate(zip(english, translated)):
        assert _tags(a) == _tags(b), f"{source.parent.name}/{source.name}: code cell {index + 1} has other tags"
