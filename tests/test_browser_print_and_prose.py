"""Chapter 0's narration reads as wrapped prose, and chapter 16's cheat sheet prints on one page.

Both are checked on the chapters' stored outputs: chapter 0 in Python (no printed, monospace output
before "For programmers"), chapter 16 in Chromium: the executed chapter exported as a page by
nbconvert, printed with ``page.pdf`` to A4 and Letter, the pages counted.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _browser import ARTIFACTS

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _cells(chapter: str) -> list[dict[str, Any]]:
    return list(json.loads((NOTEBOOKS / f"{chapter}.ipynb").read_text(encoding="utf-8"))["cells"])


def _before_programmers(cells: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for cell in cells:
        if cell["cell_type"] == "markdown" and "## For programmers" in "".join(cell["source"]):
            break
        out.append(cell)
    return out


def test_chapter_0_tells_its_hand_in_wrapped_prose_not_printed_lines() -> None:
    cells = _before_programmers(_cells("00_a_hand_in_ten_minutes"))
    printed = [
        "".join(o.get("text", ""))[:80]
        for c in cells
        if c["cell_type"] == "code"
        for o in c.get("outputs", [])
        if o.get("output_type") == "stream"
    ]
    assert printed == [], f"monospace printed lines in chapter 0: {printed}"
    told = [
        "".join(o["data"]["text/html"])
        for c in cells
        if c["cell_type"] == "code"
        for o in c.get("outputs", [])
        if "st-narration" in "".join(o.get("data", {}).get("text/html", ""))
    ]
    # the bids, the tricks won and the score told in sentences; the three first tricks drawn as cards
    assert len(told) >= 3
    tricks = [
        "".join(o["data"]["text/html"])
        for c in cells
        if c["cell_type"] == "code"
        for o in c.get("outputs", [])
        if "st-led" in "".join(o.get("data", {}).get("text/html", ""))
    ]
    assert len(tricks) >= 3 and all("st-card" in t for t in tricks)
    assert any("bids" in t and "North-South must win" in t for t in told)
    assert all("white-space:pre" not in t and "<pre" not in t for t in told)


@pytest.fixture(scope="module")
def chapter_16_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("ch16")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "nbconvert",
            "--to",
            "html",
            "--output-dir",
            str(folder),
            str(NOTEBOOKS / "16_glossary_and_cheat_sheet.ipynb"),
        ],
        check=True,
        capture_output=True,
    )
    return folder / "16_glossary_and_cheat_sheet.html"


def test_chapter_16_draws_its_cheat_sheet_once() -> None:
    shown = [
        "".join(o["data"]["text/html"])
        for c in _cells("16_glossary_and_cheat_sheet")
        if c["cell_type"] == "code"
        for o in c.get("outputs", [])
        if "text/html" in o.get("data", {})
    ]
    assert sum(t.count('class="st-cheat-scoring"') for t in shown) == 1
    assert sum(t.count("Nil checklist: a hand for Nil") for t in shown) == 1


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_chapter_16_prints_its_cheat_sheet_alone_on_one_page(browser: Any, chapter_16_page: Path, paper: str) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    try:
        page.goto(chapter_16_page.as_uri())
        page.locator(".st-cheatsheet").wait_for()
        pdf = page.pdf(format=paper, print_background=True)
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / f"chapter-16-print-{paper}.pdf").write_bytes(pdf)
        page.emulate_media(media="print")
        shown = page.evaluate(
            """() => [...document.querySelectorAll('body *')]
                .filter(e => e.getClientRects().length && !e.closest('.st-cheatsheet')
                             && !e.querySelector('.st-cheatsheet') && e.innerText && e.innerText.trim())
                .map(e => e.innerText.trim().slice(0, 40))"""
        )
        parts = page.locator(".st-cheatsheet caption, .st-cheatsheet b").all_inner_texts()
        page.set_viewport_size({"width": 794, "height": 1123})
        page.screenshot(path=str(ARTIFACTS / f"chapter-16-print-{paper}.png"), full_page=True)
    finally:
        context.close()
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 1, f"the cheat sheet prints on {pages} {paper} pages"
    assert shown == [], f"printed beside the sheet: {shown[:5]}"
    assert any("count" in p.lower() for p in parts) and any("Nil" in p for p in parts), parts
