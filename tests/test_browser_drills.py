"""The drill widget in Voila, in a real browser (Debian's Chromium, driven by Playwright).

A small notebook written for the test shows one drill of each kind. Each kind is answered right,
then wrong, as a learner would (a click on a choice or on a card of the hand, or typing and pressing Enter); the verdict
and the explanation appear, with the streak and the accuracy. A typed answer that cannot be read
shows its message next to the box. Then the page is opened again (a new kernel): the saved
progress is read back. The answers the test gives come from the library itself, run here with the
same seed.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _axe import serious_violations
from _browser import ARTIFACTS, free_port
from _drill_probe import wrong_answer
from _voila import ROOT, chapter_page, served

from spades_teach.analysis.drills import KINDS, Drill, difficulty_for, drill_seed, make_drill
from spades_teach.app import VOILA_OPTIONS, voila_environment
from spades_teach.game.cards import Card

SEED = 5
ORDER = ["legal", "winner", "score", "count", "bid", "nil", "which"]


#: A kind registered in the notebook, as the puzzles will be: the answer is a card of the hand.
CARD_KIND = """from spades_teach.analysis.drills import AnswerField, Drill, register_kind
from spades_teach import Hand


def pick_the_ace(seed, difficulty):
    return Drill(kind="pick", seed=seed, difficulty=difficulty, prompt="Which card is the ace?",
                 fields=(AnswerField("answer", "Your card", "card", ("AS", "KH")),), expected=("AS",),
                 lines=("The A♠ is the ace.",), hand=Hand.parse("AS KH 2C"))


register_kind("pick", "Pick a card", pick_the_ace)
DrillWidget(kinds=["pick"], save=False)"""


def _notebook() -> dict[str, Any]:
    cells = [
        {
            "cell_type": "code",
            "metadata": {},
            "execution_count": None,
            "outputs": [],
            "source": f"from spades_teach.widgets import DrillWidget\nDrillWidget(kinds=[{kind!r}], seed={SEED})",
        }
        for kind in ORDER
    ]
    mixed = f"DrillWidget(kinds=['legal', 'winner'], seed={SEED}, save=False)"
    cells.append({"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": mixed})
    cells.append({"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": CARD_KIND})
    return {
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


@pytest.fixture(scope="module")
def drills_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """Voila over a folder holding the test notebook; the progress file goes to its own folder."""
    folder = tmp_path_factory.mktemp("drill-notebook")
    data = tmp_path_factory.mktemp("drill-progress")
    (folder / "drills.ipynb").write_text(json.dumps(_notebook()))
    browser_kept = _notebook()
    browser_kept["cells"] = [
        {
            "cell_type": "code",
            "metadata": {},
            "execution_count": None,
            "outputs": [],
            "source": f"from spades_teach.widgets import DrillWidget\nDrillWidget(kinds=['winner'], seed={SEED + 1}, store='browser')",
        }
    ]
    (folder / "drills_browser.ipynb").write_text(json.dumps(browser_kept))
    log = folder.parent / "voila-drills.log"
    port = free_port()
    env = voila_environment({**os.environ, "PYTHONPATH": str(ROOT), "SPADES_TEACH_DATA_DIR": str(data)})
    command = [sys.executable, "-m", "voila", str(folder), f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.token="]
    with served([*command, *VOILA_OPTIONS, "--no-browser"], port, ROOT, env, log) as url:
        yield url, data


def _question(kind: str, number: int, streak: int, seed: int = SEED) -> Drill:
    """The question the widget shows: the library's, for the same seed and progress."""
    return make_drill(kind, drill_seed(seed, kind, number), difficulty_for(streak))


def _shown(field: Any, value: str) -> str:
    """An expected answer as the verdict writes it (a card by its face: A♠)."""
    return Card.parse(value).pretty if field.kind == "card" else value


def _answer(page: Any, root: Any, drill: Drill, values: dict[str, str]) -> None:
    """Answer as a learner: click the choice, or type into each box and press Enter."""
    fields = drill.fields
    if fields[0].kind in ("choice", "card"):
        root.locator(f'.dr-choice[data-choice="{values[fields[0].name]}"]').click()
        return
    for f in fields:
        root.locator(f".dr-input-{f.name}").fill(values[f.name])
    root.locator(f".dr-input-{fields[-1].name}").press("Enter")


def _verdict(page: Any, root: Any, index: int) -> str:
    """The verdict, once any simulation behind the explanation has finished."""
    verdict = root.locator(".dr-verdict.dr-right, .dr-verdict.dr-wrong")
    verdict.wait_for()
    page.wait_for_function("(i) => !document.querySelectorAll('.dr-root')[i].querySelector('.dr-pending')", arg=index)
    return str(verdict.inner_text())


def _focused_class(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement ? document.activeElement.className : ''"))


def _shot(locator: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    locator.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_each_kind_answered_right_and_wrong_then_progress_survives_a_restart(
    browser: Any, drills_site: tuple[str, Path]
) -> None:
    url, data = drills_site
    with chapter_page(browser, url, "drills") as (page, problems):
        page.locator(".dr-root").nth(len(ORDER) + 1).wait_for()
        roots = page.locator(".dr-root")
        assert roots.count() == len(ORDER) + 2
        for index, kind in enumerate(ORDER):
            root = roots.nth(index)
            assert KINDS[kind].title in root.locator(".dr-title").inner_text()
            # Right.
            drill = _question(kind, 0, 0)
            assert root.locator(".dr-prompt").inner_text() == drill.prompt
            _answer(page, root, drill, {f.name: e for f, e in zip(drill.fields, drill.expected)})
            assert "Right!" in _verdict(page, root, index)
            lines = root.locator(".dr-lines li")
            assert lines.count() >= len(drill.lines)
            assert lines.first.inner_text() == drill.lines[0]
            if drill.more is not None:
                assert "Simulated" in root.locator(".dr-feedback").inner_text()
            page.wait_for_function("() => document.activeElement.classList.contains('dr-next')")
            assert root.locator(f".dr-stat-{kind} .dr-streak").inner_text() == "1"
            _shot(root, f"drill-{kind}-right")
            # Enter on the focused Next button brings a new question; the focus goes to its answer.
            page.keyboard.press("Enter")
            second = _question(kind, 1, 1)
            page.wait_for_function(
                "([i, text]) => document.querySelectorAll('.dr-root')[i].querySelector('.dr-prompt').innerText === text"
                " && !document.querySelectorAll('.dr-root')[i].querySelector('.dr-verdict')",
                arg=[index, second.prompt],
            )
            assert "dr-choice" in _focused_class(page) or "dr-input" in _focused_class(page)
            # Wrong.
            _answer(page, root, second, wrong_answer(second))
            text = _verdict(page, root, index)
            assert "Not quite: the answer is" in text
            assert all(_shown(f, e) in text for f, e in zip(second.fields, second.expected))
            assert root.locator(".dr-verdict.dr-wrong").count() == 1
            assert root.locator(f".dr-stat-{kind} .dr-streak").inner_text() == "0"
            assert root.locator(f".dr-stat-{kind} .dr-accuracy").inner_text() == "50%"
            _shot(root, f"drill-{kind}-wrong")
        # A typed answer that cannot be read: the message next to the box, the focus kept there.
        score = roots.nth(ORDER.index("score"))
        score.locator(".dr-next").click()
        # Enter in the first box moves on to the second while it is empty.
        score.locator(".dr-input-NS").fill("10")
        score.locator(".dr-input-NS").press("Enter")
        assert "dr-input-EW" in _focused_class(page)
        assert score.locator(".dr-verdict").count() == 0
        score.locator(".dr-input-NS").fill("lots")
        score.locator(".dr-input-EW").fill("3")
        score.locator(".dr-input-EW").press("Enter")
        page.wait_for_function(
            "(i) => document.querySelectorAll('.dr-root')[i].querySelector('.dr-error').innerText.includes('whole number')",
            arg=ORDER.index("score"),
        )
        assert score.locator(".dr-verdict").count() == 0
        assert score.locator(".dr-input-NS").get_attribute("aria-invalid") == "true"
        assert "dr-input-NS" in _focused_class(page)
        _shot(score, "drill-score-error")
        assert "Traceback" not in page.locator("body").inner_text()
    assert problems.all() == []
    saved = json.loads((data / "drills.json").read_text())["kinds"]
    assert {kind: saved[kind]["answered"] for kind in ORDER} == dict.fromkeys(ORDER, 2)
    # A new page is a new kernel: it reads the saved progress and asks the next question.
    with chapter_page(browser, url, "drills") as (page, problems):
        page.locator(".dr-root").nth(len(ORDER) + 1).wait_for()
        roots = page.locator(".dr-root")
        for index, kind in enumerate(ORDER):
            root = roots.nth(index)
            assert root.locator(f".dr-stat-{kind} .dr-right-count").inner_text() == "1 of 2"
            assert root.locator(f".dr-stat-{kind} .dr-accuracy").inner_text() == "50%"
            number = 3 if kind == "score" else 2  # the score drill skipped one question
            assert root.locator(".dr-prompt").inner_text() == _question(kind, number, 0).prompt
    assert problems.all() == []


def test_drill_labels_for_screen_readers_and_no_serious_axe_violation(
    browser: Any, drills_site: tuple[str, Path]
) -> None:
    url, _ = drills_site
    with chapter_page(browser, url, "drills") as (page, problems):
        page.locator(".dr-root").nth(len(ORDER) + 1).wait_for()
        root = page.locator(".dr-root").nth(ORDER.index("score"))
        for name in ("NS", "EW"):
            box = root.locator(f".dr-input-{name}")
            label = root.locator(f'label[for="{box.get_attribute("id")}"]')
            assert label.inner_text().endswith("points")
        legal = page.locator(".dr-root").nth(ORDER.index("legal"))
        assert legal.locator(".dr-hand").get_attribute("aria-label") == "your hand"
        assert legal.locator(".dr-hand .ct-card").first.get_attribute("aria-label")
        assert legal.locator(".dr-feedback").get_attribute("aria-live") == "polite"
        assert legal.locator(".dr-error").get_attribute("role") == "alert"
        # axe-core finds nothing serious, before and after an answer.
        assert serious_violations(page) == []
        mixed = page.locator(".dr-root").nth(len(ORDER))  # it saves nothing: the other tests' progress stays
        mixed.locator(".dr-choice").first.click()
        mixed.locator(".dr-verdict").wait_for()
        assert serious_violations(page) == []
    assert problems.all() == []


def test_the_menu_of_a_mixed_drill_holds_one_kind(browser: Any, drills_site: tuple[str, Path]) -> None:
    url, _ = drills_site
    with chapter_page(browser, url, "drills") as (page, problems):
        page.locator(".dr-root").nth(len(ORDER) + 1).wait_for()
        mixed = page.locator(".dr-root").nth(len(ORDER))
        assert mixed.locator(".dr-title").inner_text() == KINDS["legal"].title
        assert mixed.locator(".dr-mode").input_value() == "mixed"
        mixed.locator(".dr-mode").select_option("winner")
        page.wait_for_function(
            "(i) => document.querySelectorAll('.dr-root')[i].querySelector('.dr-title').innerText === 'Who wins this trick?'",
            arg=len(ORDER),
        )
        assert mixed.locator(".dr-choice").count() == 4
        # The single-kind drills have no menu.
        assert page.locator(".dr-root").first.locator(".dr-mode").count() == 0
        _shot(mixed, "drill-mixed")
    assert problems.all() == []


def test_the_browser_store_keeps_progress_in_the_page_across_a_restart(
    browser: Any, drills_site: tuple[str, Path]
) -> None:
    """The live edition's store: the counts live in the browser's localStorage and come back to a new kernel."""
    url, _ = drills_site
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    errors: list[str] = []
    try:
        page = context.new_page()
        page.set_default_timeout(180_000)
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
        page.goto(f"{url}/voila/render/drills_browser.ipynb")
        root = page.locator(".dr-root")
        # drawn, with its first view (a progressively rendered page may draw it before its view comes)
        root.locator(".dr-stats caption", has_text="kept in this browser").wait_for()
        drill = _question("winner", 0, 0, seed=SEED + 1)
        assert root.locator(".dr-prompt").inner_text() == drill.prompt
        _answer(page, root, drill, {"answer": drill.expected[0]})
        assert "Right!" in _verdict(page, root, 0)
        page.wait_for_function(
            "() => JSON.parse(localStorage.getItem('spades_teach/drills') || '{}').kinds?.winner?.answered === 1"
        )
        # A new page in the same browser: a new kernel. (The first page stays open: Voila's own shutdown
        # call on leaving a page is refused with a 403, which is not the widget's doing.)
        page = context.new_page()
        page.set_default_timeout(180_000)
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{url}/voila/render/drills_browser.ipynb")
        root = page.locator(".dr-root")
        root.wait_for()
        page.wait_for_function(
            "() => document.querySelector('.dr-stat-winner .dr-right-count')?.innerText === '1 of 1'"
        )
        assert root.locator(".dr-stat-winner .dr-streak").inner_text() == "1"
        assert root.locator(".dr-prompt").inner_text() == _question("winner", 1, 1, seed=SEED + 1).prompt
        seen = list(errors)  # before closing: Voila's shutdown calls as the pages close are not the widget's
    finally:
        context.close()
    assert seen == []


def test_a_registered_kind_answered_by_clicking_a_card(browser: Any, drills_site: tuple[str, Path]) -> None:
    url, _ = drills_site
    with chapter_page(browser, url, "drills") as (page, problems):
        page.locator(".dr-root").nth(len(ORDER) + 1).wait_for()
        pick = page.locator(".dr-root").nth(len(ORDER) + 1)
        cards = pick.locator(".dr-card-choice")
        assert cards.count() == 2 and cards.first.locator(".ct-card").get_attribute("aria-label") == "ace of spades"
        assert pick.locator(".dr-not-offered .ct-card").get_attribute("aria-label") == "two of clubs, not offered"
        assert pick.locator(".ct-card").count() == 3  # the hand is drawn once: it is the answer box
        pick.locator('.dr-card-choice[data-choice="KH"]').click()
        assert "Not quite: the answer is A♠." in _verdict(page, pick, len(ORDER) + 1)
        page.keyboard.press("Enter")  # the focus is on Next question
        page.wait_for_function(
            "(i) => !document.querySelectorAll('.dr-root')[i].querySelector('.dr-verdict')", arg=len(ORDER) + 1
        )
        page.keyboard.press("Enter")  # the focus is on the first card, the A♠
        assert "Right!" in _verdict(page, pick, len(ORDER) + 1)
        _shot(pick, "drill-card-kind")
    assert problems.all() == []
