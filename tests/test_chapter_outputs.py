"""Each chapter, run from top to bottom, prints exactly what its committed notebook shows.

The run is the one kept by ``tools/chapter_runs.py`` (each chapter is executed once per change of the
chapter or the package, and the book is built from the same runs). The comparison is nbval's: every
output of every code cell, its text, HTML and other data, with the pictures (PNG, JPEG), the widgets'
model ids and the execution counts left out; consecutive writes to one stream count as one.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import chapter_runs  # noqa: E402

sys.path.remove(str(ROOT / "tools"))

#: Output fields that differ from run to run (or from machine to machine) without the chapter changing.
NOT_COMPARED = {
    "metadata",
    "traceback",
    "prompt_number",
    "output_type",
    "execution_count",
    "application/vnd.jupyter.widget-view+json",
    "image/png",
    "image/jpeg",
}


def comparable(outputs: list[dict[str, Any]]) -> dict[str, list[Any]]:
    """A cell's outputs as nbval compares them: by field, in order, consecutive stream writes joined."""
    joined: list[dict[str, Any]] = []
    for output in outputs:
        last = joined[-1] if joined else None
        if output.get("output_type") == "stream" and last and last.get("name") == output.get("name"):
            last["text"] += "".join(output["text"])
        elif output.get("output_type") == "stream":
            joined.append({"name": output["name"], "text": "".join(output["text"])})
        else:
            joined.append(output)
    fields: dict[str, list[Any]] = {}
    for output in joined:
        for key, value in output.items():
            if key in NOT_COMPARED:
                continue
            if key == "data":
                for kind, data in value.items():
                    if kind not in NOT_COMPARED:
                        fields.setdefault(kind, []).append("".join(data) if isinstance(data, list) else data)
            else:
                fields.setdefault(key, []).append("".join(value) if isinstance(value, list) else value)
    return fields


def differences(committed: dict[str, Any], run: dict[str, Any]) -> list[str]:
    """One line per code cell whose run differs from what is committed."""
    cells = [c for c in committed["cells"] if c["cell_type"] == "code"]
    ran = [c for c in run["cells"] if c["cell_type"] == "code"]
    if len(cells) != len(ran):
        return [f"{len(cells)} code cells committed, {len(ran)} run"]
    out = []
    for index, (a, b) in enumerate(zip(cells, ran)):
        want, got = comparable(a.get("outputs", [])), comparable(b.get("outputs", []))
        if want != got:
            first = "".join(a["source"]).splitlines()[:1]
            kinds = sorted(k for k in set(want) | set(got) if want.get(k) != got.get(k))
            detail = "; ".join(f"{k}: committed {want.get(k)!r:.300} / run {got.get(k)!r:.300}" for k in kinds)
            out.append(f"code cell {index} ({first[0] if first else ''!s:.60}): {detail}")
    return out


def _id(chapter: Path) -> str:
    return str(chapter.relative_to(chapter_runs.NOTEBOOKS).with_suffix(""))


@pytest.mark.slow
@pytest.mark.parametrize("chapter", chapter_runs.every_chapter(), ids=_id)
def test_the_chapter_prints_what_it_shows(chapter: Path) -> None:
    run = chapter_runs.execute(chapter)
    committed = json.loads(chapter.read_text(encoding="utf-8"))
    found = differences(committed, json.loads(run.read_text(encoding="utf-8")))
    assert not found, (
        f"{_id(chapter)} no longer prints what it shows (python tools/notebooks.py rebuilds it):\n"
        + "\n".join(found[:5])
    )


def test_a_changed_output_is_found() -> None:
    """The comparison sees a changed word, a missing output and a stream split in two."""
    cell = {
        "cell_type": "code",
        "source": ["print('x')"],
        "outputs": [
            {"output_type": "stream", "name": "stdout", "text": ["North bids 3\n"]},
            {"output_type": "execute_result", "data": {"text/plain": ["4"], "image/png": "AAA"}, "execution_count": 1},
        ],
    }
    same = json.loads(json.dumps(cell))
    same["outputs"][0] = {"output_type": "stream", "name": "stdout", "text": ["North bids "]}
    same["outputs"].insert(1, {"output_type": "stream", "name": "stdout", "text": ["3\n"]})
    same["outputs"][-1]["data"]["image/png"] = "BBB"
    same["outputs"][-1]["execution_count"] = 7
    assert differences({"cells": [cell]}, {"cells": [same]}) == []
    changed = json.loads(json.dumps(cell))
    changed["outputs"][0]["text"] = ["North bids 4\n"]
    assert len(differences({"cells": [cell]}, {"cells": [changed]})) == 1
    missing = json.loads(json.dumps(cell))
    missing["outputs"].pop()
    assert "text/plain" in differences({"cells": [cell]}, {"cells": [missing]})[0]


def test_a_run_is_kept_under_the_chapter_and_the_package() -> None:
    """The key of a run changes with the chapter's cells, and two chapters have two keys."""
    first, second = chapter_runs.every_chapter()[:2]
    assert chapter_runs.run_key(first) == chapter_runs.run_key(first)
    assert chapter_runs.run_key(first) != chapter_runs.run_key(second)
    assert chapter_runs.kept_run(first).parent == chapter_runs.OUT
