"""The tutorial notebooks: each chapter's text source and executed notebook stay in step.

The notebooks' outputs themselves are checked by nbval (``pytest --nbval``), which tools/test.sh runs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jupytext
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
SOURCES = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.md"))


def test_there_are_chapters() -> None:
    assert len(SOURCES) >= 1


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
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


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_notebook_is_executed_and_deterministic(source: Path) -> None:
    raw = source.with_suffix(".ipynb").read_text()
    notebook = json.loads(raw)
    code = [c for c in notebook["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    assert code and all(c.get("execution_count") for c in code), "every code cell must be executed"
    assert not re.search(r"0x[0-9a-f]{6,}", raw), "an output shows a memory address"
    for cell in code:
        for output in cell.get("outputs", []):
            assert output.get("output_type") != "error", f"a cell raised: {output.get('ename')}"
