"""The hands-on ends of the chapters: a drill closing chapters 1-11, the puzzles and the daily
challenge of chapter 13, and prose whose numbers are the stored outputs' (chapters 13 and 15).

A drill cell only shows the widget: its stored output is the widget's fixed text line, whatever
progress the learner has, and running it writes no progress file (only an answer does)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jupytext  # type: ignore[import-untyped]
import pytest

from spades_teach.widgets.drill import DATA_DIR_VARIABLE, PROGRESS_FILE

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
DRILL_CHAPTERS = [next(NOTEBOOKS.glob(f"{n:02d}_*.md")) for n in range(1, 12)]
FOR_PROGRAMMERS = "## For programmers"


def _drill_cell(source: Path) -> tuple[str, str]:
    """The drill cell's code and the prose just before it, from the chapter's source."""
    cells = jupytext.read(source).cells
    for index, cell in enumerate(cells):
        if cell.cell_type == "code" and "DrillWidget(" in cell.source:
            return cell.source, cells[index - 1].source
    raise AssertionError(f"{source.name} has no drill")


def _stored_text(source: Path, marker: str) -> list[str]:
    """The text/plain or stream outputs of the executed cell whose code contains ``marker``."""
    notebook = json.loads(source.with_suffix(".ipynb").read_text())
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code" and marker in "".join(cell["source"]):
            texts = []
            for output in cell["outputs"]:
                texts.append("".join(output.get("text", "")) or "".join(output.get("data", {}).get("text/plain", "")))
            return texts
    raise AssertionError(f"no cell with {marker!r} in {source.name}")


@pytest.mark.parametrize("source", DRILL_CHAPTERS, ids=lambda p: p.stem)
def test_each_chapter_1_to_11_ends_with_a_drill_before_the_section_for_programmers(source: Path) -> None:
    text = source.read_text()
    drill = text.index("DrillWidget(")
    assert drill < text.index(FOR_PROGRAMMERS)
    assert "code-cell" not in text[drill : text.index(FOR_PROGRAMMERS)].split("```", 1)[1], "the drill is the last cell"
    _, intro = _drill_cell(source)
    assert "drill asks" in intro or "drill gives" in intro or "drill scores" in intro or "drill shows" in intro
    assert "kept" in intro, "the intro says progress is kept"


@pytest.mark.parametrize("source", DRILL_CHAPTERS, ids=lambda p: p.stem)
def test_a_drill_cell_stores_one_fixed_line_and_writes_no_progress(
    source: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _ = _drill_cell(source)
    # The learner's progress, some of it already there: it must neither change the output nor be written.
    saved = {"kinds": {"score": {"streak": 4, "best": 6, "answered": 9, "right": 7, "number": 9}}}
    (tmp_path / PROGRESS_FILE).write_text(json.dumps(saved))
    before = (tmp_path / PROGRESS_FILE).read_bytes()
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    namespace: dict[str, object] = {}
    *setup, last = code.strip().splitlines()
    exec("\n".join(setup), namespace)
    widget = eval(last, namespace)
    assert _stored_text(source, "DrillWidget(") == [repr(widget)]
    assert re.fullmatch(r"<DrillWidget: [^<>]+>", repr(widget))
    assert sorted(p.name for p in tmp_path.iterdir()) == [PROGRESS_FILE]
    assert (tmp_path / PROGRESS_FILE).read_bytes() == before


def test_chapter_13_shows_the_puzzles_and_the_daily_challenge() -> None:
    source = NOTEBOOKS / "13_play_with_teach_me.md"
    text = source.read_text()
    assert "## Puzzles: which card?" in text and "## The deal of the day, as a challenge" in text
    [puzzle] = _stored_text(source, "PuzzleView(")
    assert puzzle.startswith("<PuzzleView: puzzle e")
    [lines] = _stored_text(source, "compare_with_expert(")
    found = re.search(r"you scored ([+-]\d+), the expert ([+-]\d+) on the same cards", lines)
    assert found, lines
    yours, expert = (abs(int(v)) for v in found.groups())
    assert f"scored {yours} points where the expert's scored {expert}" in " ".join(text.split())


def test_chapter_15_says_what_its_bidding_example_shows() -> None:
    source = NOTEBOOKS / "15_two_player_spades.md"
    prose = " ".join(source.read_text().split())
    [output] = _stored_text(source, "advise_bid(")
    counts: dict[str, tuple[str, str]] = {}
    for seat, count, bid in re.findall(r"^(North|South): .*?([\d.]+) in all.*?bid (\d+)$", output, re.MULTILINE):
        counts[seat] = (count, bid)
        assert f"{seat} counted {count} and bid {bid}" in prose, (seat, count, bid)
    assert set(counts) == {"North", "South"}
    took = re.findall(r"^[NS] bid (\d+) and took (\d+): .* (\d+) bags? =", output, re.MULTILINE)
    assert took and all(int(t) - int(b) == 1 and n == "1" for b, t, n in took), took
    assert "each took one bag" in prose
    assert "loss_limit=-200" in prose
    [draw] = _stored_text(source, "advise_draw(")
    assert re.search(r"^South sees Q♠ +-> keep", draw, re.MULTILINE) and "South keeps the Q♠" in prose


def test_chapter_12_judges_cards_in_points() -> None:
    source = NOTEBOOKS / "12_annotated_replays.md"
    prose = " ".join(source.read_text().split(FOR_PROGRAMMERS)[0].split())
    assert "Cards cost points" in prose and "about 10 points" in prose and "last 5 tricks" in prose
    assert "slow" not in prose
    [review] = _stored_text(source, "review.analyse(")
    lines = [line for line in review.splitlines() if line.startswith("  trick")]
    assert lines and all(re.search(r"cost your side \d+ points?", line) for line in lines), review
    worst = max(lines, key=lambda line: int(re.search(r"cost your side (\d+)", line).group(1)))  # type: ignore[union-attr]
    trick, seat, card, points = re.search(
        r"trick +(\d+), (\w+) +(\S+) +(?:with every hand seen, )?this card cost your side (\d+)", worst
    ).groups()  # type: ignore[union-attr]
    assert f"{seat}'s {card} at trick {trick} cost {points} points" in prose


def test_chapter_12_review_keeps_the_nil_bidders_cards_free_and_marks_what_the_notes_say() -> None:
    source = NOTEBOOKS / "12_annotated_replays.md"
    [output] = _stored_text(source, "nil_costs = ")
    assert re.search(r"^East \(Nil\): 0 of 13 cards cost points$", output, re.MULTILINE), output
    marked = re.findall(r"^  trick +(\d+), West (\S+)", output, re.MULTILINE)
    assert ("1", "6♣") in marked and ("2", "2♠") in marked, marked
