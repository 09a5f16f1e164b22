"""The translated chapters (``notebooks/fr/``, ``notebooks/es/``) follow the English ones: the same
file names, each chapter opening with the hidden cell that sets its language, the same numbered
title, and the same code cells with the same tags in the same order (a translation changes words,
not the chapter's structure).

The chapter-list check fails until every translator's chapters are in: that is its purpose."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jupytext
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
TRANSLATIONS = ("fr", "es")
#: The chapters' suffixes: the MyST text source and the executed notebook.
SUFFIXES = (".md", ".ipynb")
_TITLE = re.compile(r"^# (\d+)\. ", re.MULTILINE)


def chapter_names(folder: Path) -> list[str]:
    """The chapter files of ``folder`` (text sources and notebooks), by name."""
    return sorted(p.name for p in folder.glob("[0-9][0-9]_*") if p.suffix in SUFFIXES)


def chapter_list_problems(english: Path, translated: Path) -> list[str]:
    """How the chapter files of ``translated`` differ from those of ``english`` (nothing when they match):
    a missing folder, missing chapters, chapters English does not have, other notebooks or text files."""
    if not translated.is_dir():
        return [f"{translated.name}/ is missing"]
    ours, theirs = chapter_names(english), chapter_names(translated)
    problems = []
    if missing := sorted(set(ours) - set(theirs)):
        problems.append(f"{translated.name}/ lacks {missing}")
    if extra := sorted(set(theirs) - set(ours)):
        problems.append(f"{translated.name}/ has chapters English does not: {extra}")
    others = sorted(p.name for p in translated.iterdir() if p.suffix in SUFFIXES and p.name not in theirs)
    if others:
        problems.append(f"{translated.name}/ holds files that are not chapters: {others}")
    return problems


def language_cell_problems(path: Path, lang: str) -> list[str]:
    """What is wrong with the first code cell of the chapter ``path`` (a ``.md`` or ``.ipynb``), which
    must be a hidden cell calling ``set_language("<lang>")`` and showing no output. (The chapter's title
    and opening text may come before it: a reader opening the notebook sees the title first.)"""
    codes = [cell for cell in jupytext.read(path).cells if cell.cell_type == "code"]
    if not codes or f'set_language("{lang}")' not in codes[0].source:
        return [f'{path.name}: the first code cell does not call set_language("{lang}")']
    problems = []
    if "remove-cell" not in codes[0].metadata.get("tags", []):
        problems.append(f"{path.name}: the language cell is not tagged remove-cell")
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        if next(c for c in cells if c["cell_type"] == "code").get("outputs"):
            problems.append(f"{path.name}: the language cell shows an output")
    return problems


def translated_sources() -> list[Path]:
    return sorted(s for lang in TRANSLATIONS for s in (NOTEBOOKS / lang).glob("[0-9][0-9]_*.md"))


def _id(source: Path) -> str:
    return f"{source.parent.name}/{source.stem}"


def _code_tags(path: Path) -> list[list[str]]:
    return [list(c.metadata.get("tags", [])) for c in jupytext.read(path).cells if c.cell_type == "code"]


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_translated_chapter_list_is_the_english_one(lang: str) -> None:
    assert chapter_list_problems(NOTEBOOKS, NOTEBOOKS / lang) == []


@pytest.mark.parametrize("source", translated_sources(), ids=_id)
def test_a_translated_chapter_starts_by_setting_its_language(source: Path) -> None:
    lang = source.parent.name
    assert language_cell_problems(source, lang) + language_cell_problems(source.with_suffix(".ipynb"), lang) == []


@pytest.mark.parametrize("source", translated_sources(), ids=_id)
def test_a_translated_chapter_has_the_english_code_cells_and_tags(source: Path) -> None:
    english, translated = _code_tags(NOTEBOOKS / source.name), _code_tags(source)[1:]
    assert translated == english, f"{_id(source)}: its code cells (after the language cell) or their tags differ"


@pytest.mark.parametrize("source", translated_sources(), ids=_id)
def test_a_translated_chapter_keeps_the_numbered_title(source: Path) -> None:
    english, translated = _TITLE.search((NOTEBOOKS / source.name).read_text()), _TITLE.search(source.read_text())
    assert (translated and translated.group(1)) == (english and english.group(1)), f"{_id(source)}: title number"


# The checks above, on made-up folders: each problem is found, and a faithful translation passes.


def _chapter(folder: Path, name: str, first_cell: str, suffixes: tuple[str, ...] = SUFFIXES) -> None:
    notebook = jupytext.reads(first_cell + "\n# 1. Title\n", fmt="md:myst")
    folder.mkdir(exist_ok=True)
    for suffix in suffixes:
        jupytext.write(notebook, folder / f"{name}{suffix}", fmt="ipynb" if suffix == ".ipynb" else "md:myst")


_LANGUAGE_CELL = '```{code-cell} ipython3\n---\ntags: [remove-cell]\n---\nset_language("fr")\n```\n'


def test_a_matching_chapter_list_passes_and_each_difference_is_named(tmp_path: Path) -> None:
    english, french = tmp_path / "en", tmp_path / "fr"
    for name in ("00_start", "01_deal"):
        _chapter(english, name, "")
    assert chapter_list_problems(english, french) == ["fr/ is missing"]
    _chapter(french, "00_start", _LANGUAGE_CELL)
    _chapter(french, "01_deal", _LANGUAGE_CELL)
    assert chapter_list_problems(english, french) == []
    (french / "01_deal.ipynb").unlink()
    _chapter(french, "02_extra", _LANGUAGE_CELL, (".md",))
    (french / "notes.md").write_text("# notes\n")
    problems = chapter_list_problems(english, french)
    assert len(problems) == 3
    assert "01_deal.ipynb" in problems[0] and "02_extra.md" in problems[1] and "notes.md" in problems[2]


def test_a_chapter_without_its_hidden_language_cell_is_named(tmp_path: Path) -> None:
    _chapter(tmp_path / "fr", "00_start", _LANGUAGE_CELL)
    _chapter(tmp_path / "es", "00_start", _LANGUAGE_CELL)
    _chapter(tmp_path / "bare", "00_start", '```{code-cell} ipython3\nset_language("fr")\n```\n')
    assert language_cell_problems(tmp_path / "fr" / "00_start.md", "fr") == []
    assert language_cell_problems(tmp_path / "fr" / "00_start.ipynb", "fr") == []
    assert len(language_cell_problems(tmp_path / "es" / "00_start.md", "es")) == 1  # sets French, not Spanish
    assert language_cell_problems(tmp_path / "bare" / "00_start.md", "fr") == [
        "00_start.md: the language cell is not tagged remove-cell"
    ]
