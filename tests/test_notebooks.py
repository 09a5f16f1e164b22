"""The tutorial notebooks: each chapter's text source and executed notebook stay in step.

The notebooks' outputs and widgets' state themselves are checked by nbval: ``pytest --nbval notebooks/``
runs every chapter and compares (tools/test.sh runs it; the root conftest.py keeps the cells in order).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import jupytext
import nbformat
import pytest
from jupytext import TextFileContentsManager
from jupytext.config import load_jupytext_config

from spades_teach import Card, Seat

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
SOURCES = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.md"))
#: The English chapters and their French and Spanish translations (notebooks/fr, notebooks/es): every one
#: is kept in step with its executed notebook. The tests on the English wording read SOURCES only.
EVERY_LANGUAGE = SOURCES + sorted(s for lang in ("fr", "es") for s in (NOTEBOOKS / lang).glob("[0-9][0-9]_*.md"))


def _id(source: Path) -> str:
    return source.stem if source.parent == NOTEBOOKS else f"{source.parent.name}/{source.stem}"


def test_there_are_chapters() -> None:
    assert len(SOURCES) >= 1


@pytest.mark.parametrize("source", EVERY_LANGUAGE, ids=_id)
def test_text_source_and_notebook_are_in_sync(source: Path) -> None:
    target = source.with_suffix(".ipynb")
    assert target.exists(), f"{target.name} is missing: run python tools/notebooks.py"
    text = jupytext.read(source)
    executed = jupytext.read(target)
    pairs = list(zip(text.cells, executed.cells))
    assert len(text.cells) == len(executed.cells), f"{source.name} and {target.name} have different cells"
    for index, (a, b) in enumerate(pairs):
        assert (a.cell_type, a.source.strip()) == (b.cell_type, b.source.strip()), (
            f"cell {index} of {target.name} differs from {source.name}: run python tools/notebooks.py"
        )


@pytest.mark.parametrize("source", EVERY_LANGUAGE, ids=_id)
def test_saving_a_chapter_in_jupyterlab_changes_neither_file(source: Path, tmp_path: Path) -> None:
    """JupyterLab saves a chapter through Jupytext's contents manager, which writes the .ipynb and its
    .md twin with notebooks/jupytext.toml: opening and saving a chapter (or ``jupytext --sync``) must
    leave ``git status`` clean, the .md's header and its cells' remove-input/source_hidden kept."""
    relative = source.relative_to(NOTEBOOKS).with_suffix(".ipynb")
    shutil.copy2(NOTEBOOKS / "jupytext.toml", tmp_path / "jupytext.toml")
    (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
    for twin in (relative, relative.with_suffix(".md")):
        shutil.copy2(NOTEBOOKS / twin, tmp_path / twin)
    manager = TextFileContentsManager(root_dir=str(tmp_path))
    manager.save(manager.get(relative.as_posix()), relative.as_posix())
    for twin in (relative, relative.with_suffix(".md")):
        assert (tmp_path / twin).read_bytes() == (NOTEBOOKS / twin).read_bytes(), (
            f"saving {relative} in JupyterLab rewrites {twin}: run python tools/notebooks.py"
        )
    # jupytext --sync from the notebook's side: the .md written from the .ipynb alone is the same text
    notebook = nbformat.read(source.with_suffix(".ipynb"), as_version=nbformat.NO_CONVERT)
    config = load_jupytext_config(str(source.parent))
    assert jupytext.writes(notebook, fmt="md:myst", config=config) == source.read_text(encoding="utf-8")


@pytest.mark.parametrize("source", EVERY_LANGUAGE, ids=_id)
def test_notebook_is_executed_and_deterministic(source: Path) -> None:
    raw = source.with_suffix(".ipynb").read_text()
    notebook = json.loads(raw)
    code = [c for c in notebook["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    assert code and all(c.get("execution_count") for c in code), "every code cell must be executed"
    assert not re.search(r"0x[0-9a-f]{6,}", raw), "an output shows a memory address"
    for cell in code:
        for output in cell.get("outputs", []):
            assert output.get("output_type") != "error", f"a cell raised: {output.get('ename')}"


@pytest.mark.parametrize("source", EVERY_LANGUAGE, ids=_id)
def test_every_widget_a_chapter_shows_is_stored_with_what_it_holds(source: Path) -> None:
    """The book and JupyterLab draw a chapter's widgets from the state it stores, before anything runs:
    each widget output names a stored model, and each model a widget holds is stored too (JupyterLab
    said "Error displaying widget: model not found" for every widget of chapter 8)."""
    notebook = json.loads(source.with_suffix(".ipynb").read_text())
    state = (
        notebook["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    )
    views = [
        output["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
        for cell in notebook["cells"]
        for output in cell.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in output.get("data", {})
    ]
    assert [view for view in views if view not in state] == [], "widgets shown but not stored"
    held = set(re.findall(r"IPY_MODEL_(\w+)", json.dumps(state)))
    assert held <= set(state), f"models held but not stored: {sorted(held - set(state))[:3]}"
    assert (not views) == (not state), "a chapter stores the state of the widgets it shows, and of no other"


_ATTEMPT_CALL = re.compile(r"^\s*attempt\(\s*\w+\s*,\s*\"(\w)\"\s*,\s*\"(\w+)\"\s*\)(.*)$")
#: The answer as the chapter prints it, in words: ``North plays 6♠: refused, …``.
_ATTEMPT_LINE = re.compile(r"^(\w+) plays (\S+): (accepted|refused)")


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_every_attempt_does_what_its_text_says(source: Path) -> None:
    """Each ``attempt(rnd, seat, card)`` of a chapter is accepted by the engine, unless the line says
    "refused" (in its comment); the stored output must agree, call by call."""
    notebook = json.loads(source.with_suffix(".ipynb").read_text())
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        calls = [m for m in map(_ATTEMPT_CALL.match, "".join(cell["source"]).splitlines()) if m]
        if not calls:
            continue
        text = "".join("".join(o.get("text", "")) for o in cell.get("outputs", []) if o.get("output_type") == "stream")
        results = [m for m in map(_ATTEMPT_LINE.match, text.splitlines()) if m]
        assert len(results) == len(calls), f"{source.name}: {len(calls)} attempts but {len(results)} answers"
        for call, result in zip(calls, results):
            seat, card, comment = call.groups()
            assert result.group(1, 2) == (Seat.coerce(seat).word, Card.parse(card).pretty)
            expected = "refused" if "refused" in comment else "accepted"
            assert result.group(3) == expected, (
                f"{source.name}: {seat} plays {card} was {result.group(3)}: {result.group(0)}"
            )


#: The strategy chapters, written on another branch: a reference to them is not a dangling one.
STRATEGY_CHAPTERS = {8, 9, 10}
_TITLE = re.compile(r"^# (?:(\d+)\. |Appendix)", re.MULTILINE)
_CHAPTER_REFERENCE = re.compile(r"\b[Cc]hapters? (\d+)\b")


def _number(source: Path) -> int:
    return int(source.name[:2])


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_the_title_carries_the_number_of_the_file(source: Path) -> None:
    title = _TITLE.search(source.read_text())
    assert title, f"{source.name} has no numbered title"
    if title.group(1) is None:
        assert "appendix" in source.stem, f"{source.name} is titled as the appendix"
    else:
        assert int(title.group(1)) == _number(source), f"{source.name} is titled chapter {title.group(1)}"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_each_chapter_named_in_the_text_exists(source: Path) -> None:
    numbers = {_number(s) for s in SOURCES} | STRATEGY_CHAPTERS
    named = {int(n) for n in _CHAPTER_REFERENCE.findall(source.read_text())}
    assert named <= numbers, f"{source.name} names chapters that do not exist: {sorted(named - numbers)}"


def test_playing_comes_before_bidding() -> None:
    """Bidding talks of ruffs, voids and trumps: the chapter on playing tricks explains them first."""
    names = [s.stem for s in SOURCES]
    assert names.index("02_playing_tricks") < names.index("03_bidding_basics")
