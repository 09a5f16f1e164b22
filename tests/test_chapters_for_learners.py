"""The chapters read as a course, not as Python: code hidden outside "For programmers", notes that
render alike everywhere, no exercise that asks for code to be edited, and every word of the game
taught before a chapter leans on it (or that chapter points to the glossary)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import jupytext
import pytest

from spades_teach import score_round
from spades_teach.render.glossary import GLOSSARY_CHAPTER, TERMS, define

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
SOURCES = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.md"))
FOR_PROGRAMMERS = "## For programmers"
#: The section's heading in each language's chapters (the French and Spanish ones in notebooks/fr, es).
FOR_PROGRAMMERS_IN = {"en": FOR_PROGRAMMERS, "fr": "## Pour les programmeurs", "es": "## Para programadores"}
#: Every chapter in every language: the checks of how a chapter reads hold for each translation.
EVERY_SOURCE = SOURCES + sorted(NOTEBOOKS.glob("[a-z][a-z]/[0-9][0-9]_*.md"))


def _language(source: Path) -> str:
    return source.parent.name if source.parent != NOTEBOOKS else "en"


def _source_id(source: Path) -> str:
    return source.stem if source.parent == NOTEBOOKS else f"{source.parent.name}-{source.stem}"


def _cells(source: Path) -> list[tuple[bool, object]]:
    """Each cell with whether it lies in the chapter's "For programmers" section."""
    notebook = jupytext.read(source)
    heading = FOR_PROGRAMMERS_IN[_language(source)]
    inside = False
    out = []
    for cell in notebook.cells:
        headings = re.findall(r"^## .*$", cell.source, re.MULTILINE) if cell.cell_type == "markdown" else []
        if headings:
            inside = headings[-1].startswith(heading)
        out.append((inside, cell))
    return out


def _hidden(cell: object) -> bool:
    """Hidden code: its input removed from the book (``remove-input``, or ``remove-cell`` for a
    translated chapter's language setting, which shows nothing) and folded in JupyterLab."""
    metadata = getattr(cell, "metadata", {})
    tags = metadata.get("tags", [])
    removed = "remove-input" in tags or "remove-cell" in tags
    return removed and metadata.get("jupyter", {}).get("source_hidden") is True


@pytest.mark.parametrize("source", EVERY_SOURCE, ids=_source_id)
def test_code_is_hidden_outside_the_section_for_programmers(source: Path) -> None:
    shown = [
        cell.source.splitlines()[0]  # type: ignore[attr-defined]
        for inside, cell in _cells(source)
        if cell.cell_type == "code" and not inside and not _hidden(cell)  # type: ignore[attr-defined]
    ]
    assert shown == [], f"{source.name}: code cells shown to the learner: {shown}"


@pytest.mark.parametrize("source", EVERY_SOURCE, ids=_source_id)
def test_the_executed_notebook_keeps_the_hidden_code_tags(source: Path) -> None:
    """The .ipynb is what JupyterLab, Voila, the book and the live edition open."""
    executed = {c.source.strip(): _hidden(c) for c in jupytext.read(source.with_suffix(".ipynb")).cells}
    for inside, cell in _cells(source):
        if cell.cell_type == "code" and not inside:  # type: ignore[attr-defined]
            assert executed.get(cell.source.strip()), f"{source.name}: a hidden cell lost its tags in the notebook"  # type: ignore[attr-defined]


@pytest.mark.parametrize("source", EVERY_SOURCE, ids=_source_id)
def test_a_cell_that_shows_a_widget_prints_nothing_beside_it(source: Path) -> None:
    """The widget says what it has to say: a line printed above it (chapter 11 once printed "error
    shown: … / advice shown: none" over the bid advisor, which shows that error itself) reads as the
    author's check left in; a check that must stay is an ``assert``, which prints nothing."""
    notebook = json.loads(source.with_suffix(".ipynb").read_text(encoding="utf-8"))
    printed = [
        "".join(output.get("text", ""))[:80]
        for cell in notebook["cells"]
        if any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in cell.get("outputs", []))
        for output in cell["outputs"]
        if output["output_type"] == "stream"
    ]
    assert printed == [], f"{source.name}: printed beside a widget: {printed}"


@pytest.mark.parametrize("source", EVERY_SOURCE, ids=_source_id)
def test_each_chapter_ends_with_a_short_section_for_programmers(source: Path) -> None:
    text = source.read_text()
    heading = FOR_PROGRAMMERS_IN[_language(source)]
    assert heading in text, f"{source.name} has no section for programmers"
    tail = text.split(heading, 1)[1]
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


@pytest.mark.parametrize("source", EVERY_SOURCE, ids=_source_id)
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
        assert html.escape(term.definition) in notebook or term.definition in notebook, term.name


# -- the errors a strong player found (issue 18, section 3): each chapter's stored output shows the fix


def _outputs(chapter: str) -> str:
    notebook = json.loads((NOTEBOOKS / f"{chapter}.ipynb").read_text())
    return "".join(
        "".join(output.get("text", ""))
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
        for output in cell.get("outputs", [])
    )


def test_bidding_one_under_costs_nine_points_and_a_bag_in_chapter_4_and_the_appendix() -> None:
    def made(bid: int) -> int:
        return score_round(
            {"N": bid, "S": 0 if bid == 0 else 1, "E": 1, "W": 1}, {"N": 5, "S": 1, "E": 3, "W": 4}
        ).points["NS"]

    cost = made(5) - made(4)  # a contract of 6 made exactly against a contract of 5 with a bag
    assert f"one under costs {cost} points and a bag" in _outputs("04_scoring_a_hand")
    words = {9: "nine"}[cost]
    assert f"costs {words} points and a bag" in _chapter_text(NOTEBOOKS / "04_scoring_a_hand.md")
    assert f"gives up {words} points" in _chapter_text(NOTEBOOKS / "17_appendix_calibration.md")
    assert "costs a point" not in _chapter_text(NOTEBOOKS / "04_scoring_a_hand.md")


def test_chapter_5_shows_the_last_digit_failing_below_zero() -> None:
    from spades_teach.game.match import Match

    below = Match()
    below.add_result({"N": 5, "S": 5, "E": 1, "W": 1}, {"N": 5, "S": 4, "E": 2, "W": 2})
    below.add_result({"N": 2, "S": 1, "E": 3, "W": 3}, {"N": 3, "S": 3, "E": 4, "W": 3})
    total, bags = below.scores["NS"], below.bags["NS"]
    assert total < 0 and abs(total) % 10 != bags  # the reading the chapter warns against
    assert f"North-South: total {total}, bag counter {bags}" in _outputs("05_bags")
    assert (10 - abs(total) % 10) % 10 == bags


def test_chapter_7_ends_a_both_over_match_at_once_and_keeps_the_tie_apart() -> None:
    text = _outputs("07_winning_the_match")
    both = next(line for line in text.splitlines() if line.startswith("both over:"))
    assert "hands played: 2" in both and "is higher" in both
    tie = next(line for line in text.splitlines() if line.startswith("exact tie:"))
    assert "game over: no" in tie


def test_chapter_2_ruffs_an_opponents_winner_and_leads_low_from_the_long_spades() -> None:
    text = _outputs("02_playing_tricks")
    second = next(line for line in text.splitlines() if line.startswith("trick 2:"))
    assert "East 10♥" in second and "South 2♠; South wins" in second.replace(", West 4♥", "")
    third = next(line for line in text.splitlines() if line.startswith("trick 3:"))
    assert third.startswith("trick 3: South 3♠") and "West wins" in third
    prose = _chapter_text(NOTEBOOKS / "02_playing_tricks.md")
    assert "Don't trump your partner's winner" in prose
    assert "point of the trick" not in prose and "West wins the trick" in prose


def test_chapter_6_reads_a_failed_nil_beside_a_set_partner_as_the_engine_does() -> None:
    score = score_round({"N": "nil", "S": 4, "E": 3, "W": 3}, {"N": 2, "S": 2, "E": 5, "W": 4})
    assert score.bags["NS"] == 2  # the Nil bidder's two tricks, not the set partner's
    assert f"bags on North-South's counter: {score.bags['NS']}" in _outputs("06_nil_and_blind_nil")
    assert "the set partner's tricks are not" in _chapter_text(NOTEBOOKS / "06_nil_and_blind_nil.md")


def test_the_range_of_bids_is_stated_and_shown() -> None:
    prose = _chapter_text(NOTEBOOKS / "03_bidding_basics.md")
    assert "0 to 13" in prose and "1 to 13" in prose
    outputs = _outputs("03_bidding_basics")
    assert "West bids 13: accepted" in outputs and "West bids 14: refused" in outputs


@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_chapter_0_ends_with_a_sentence_in_its_language_not_a_python_value(language: str) -> None:
    """Learner finding 17: chapter 0, whose code is hidden on the page, ended with ``{'NS': 82, 'EW': 21}``.
    Its section for programmers prints a sentence a reader understands, in the chapter's language."""
    import contextlib
    import io

    from spades_teach.i18n import language as speaking

    folder = NOTEBOOKS if language == "en" else NOTEBOOKS / language
    source = folder / "00_a_hand_in_ten_minutes.md"
    code = [cell.source for inside, cell in _cells(source) if inside and cell.cell_type == "code"]  # type: ignore[attr-defined]
    printed = io.StringIO()
    with speaking(language), contextlib.redirect_stdout(printed):
        for text in code:
            exec(compile(text, str(source), "exec"), {})
    lines = printed.getvalue().strip().splitlines()
    assert lines and not re.search(r"[{}\[\]']", printed.getvalue()), lines
    sides = {"en": ("North–South", "East–West"), "fr": ("Nord–Sud", "Est–Ouest"), "es": ("Norte–Sur", "Este–Oeste")}
    assert all(side in lines[-1] for side in sides[language]) and lines[-1].endswith("."), lines
