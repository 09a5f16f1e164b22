"""The chapters read as a course, not as Python: code hidden outside "For programmers", notes that
render alike everywhere, no exercise that asks for code to be edited, and every word of the game
taught before a chapter leans on it (or that chapter points to the glossary)."""

from __future__ import annotations

import re
from pathlib import Path

import jupytext
import pytest

from spades_teach.render.glossary import GLOSSARY_CHAPTER, TERMS, define

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
SOURCES = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.md"))
FOR_PROGRAMMERS = "## For programmers"


def _cells(source: Path) -> list[tuple[bool, object]]:
    """Each cell with whether it lies in the chapter's "For programmers" section."""
    notebook = jupytext.read(source)
    inside = False
    out = []
    for cell in notebook.cells:
        headings = re.findall(r"^## .*$", cell.source, re.MULTILINE) if cell.cell_type == "markdown" else []
        if headings:
            inside = headings[-1].startswith(FOR_PROGRAMMERS)
        out.append((inside, cell))
    return out


def _hidden(cell: object) -> bool:
    metadata = getattr(cell, "metadata", {})
    return "remove-input" in metadata.get("tags", []) and metadata.get("jupyter", {}).get("source_hidden") is True


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_code_is_hidden_outside_the_section_for_programmers(source: Path) -> None:
    shown = [
        cell.source.splitlines()[0]  # type: ignore[attr-defined]
        for inside, cell in _cells(source)
        if cell.cell_type == "code" and not inside and not _hidden(cell)  # type: ignore[attr-defined]
    ]
    assert shown == [], f"{source.name}: code cells shown to the learner: {shown}"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_the_executed_notebook_keeps_the_hidden_code_tags(source: Path) -> None:
    """The .ipynb is what JupyterLab, Voila, the book and the live edition open."""
    executed = {c.source.strip(): _hidden(c) for c in jupytext.read(source.with_suffix(".ipynb")).cells}
    for inside, cell in _cells(source):
        if cell.cell_type == "code" and not inside:  # type: ignore[attr-defined]
            assert executed.get(cell.source.strip()), f"{source.name}: a hidden cell lost its tags in the notebook"  # type: ignore[attr-defined]


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_each_chapter_ends_with_a_short_section_for_programmers(source: Path) -> None:
    text = source.read_text()
    assert FOR_PROGRAMMERS in text, f"{source.name} has no section for programmers"
    tail = text.split(FOR_PROGRAMMERS, 1)[1]
    assert "\n## " not in tail, f"{source.name}: the section for programmers must be the last one"
    assert tail.count("```{code-cell}") <= 2, f"{source.name}: the section for programmers should be short"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_no_exercise_asks_the_learner_to_edit_code(source: Path) -> None:
    text = source.read_text().split(FOR_PROGRAMMERS, 1)[0]
    prose = re.sub(r"```\{code-cell\}.*?```", "", text, flags=re.DOTALL)
    for phrase in (
        "run the cell",
        "run the cells",
        "change the seed in",
        "paste your own hand into `",
        "in `score_round(",
    ):
        assert phrase not in prose.lower(), f"{source.name} asks the learner to edit code: {phrase!r}"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_notes_are_blockquotes_not_myst_directives(source: Path) -> None:
    """JupyterLab shows a MyST ``{note}`` as a monospace block: notes are blockquotes with a bold "Note:"."""
    text = source.read_text()
    assert not re.search(r"^```\{(note|tip|warning|important|admonition)\}", text, re.MULTILINE), source.name


def _chapter_text(source: Path) -> str:
    """The prose of a chapter (what a learner reads), without code."""
    text = source.read_text().split(FOR_PROGRAMMERS, 1)[0]
    return re.sub(r"```\{code-cell\}.*?```", "", text, flags=re.DOTALL)


def _links_the_glossary(text: str) -> bool:
    return bool(re.search(rf"\b(glossary|chapter {GLOSSARY_CHAPTER})\b", text, re.IGNORECASE))


def test_every_term_is_used_only_in_or_after_the_chapter_that_teaches_it() -> None:
    chapters = {int(s.name[:2]): _chapter_text(s) for s in SOURCES}
    early = []
    for term in TERMS:
        if term.chapter not in chapters:
            continue  # taught on another branch (the strategy chapters)
        for number, text in sorted(chapters.items()):
            if number >= term.chapter or number == GLOSSARY_CHAPTER:
                break
            if term.regex.search(text) and not _links_the_glossary(text):
                early.append(f"{term.name!r} (chapter {term.chapter}) used in chapter {number}")
    assert early == [], early


def test_every_term_is_defined_where_its_chapter_teaches_it() -> None:
    for term in TERMS:
        source = next((s for s in SOURCES if int(s.name[:2]) == term.chapter), None)
        if source is None:
            continue
        assert term.regex.search(_chapter_text(source)), f"chapter {term.chapter} never says {term.name!r}"
        assert define(term.name) == term.definition


def test_glossary_chapter_exists_and_prints_every_term() -> None:
    notebook = (NOTEBOOKS / "16_glossary_and_cheat_sheet.ipynb").read_text()
    for term in TERMS:
        assert term.definition.replace("'", "&#x27;") in notebook or term.definition in notebook, term.name
