"""*My progress* in the app, in a real browser: a learner's record after a few hands, and a practice session.

The app (``spades-teach app --no-browser``) runs with a data folder holding the record of a stand-in
learner (:mod:`spades_teach.analysis.simulated_learner`: it ruffs its partner's winning card) after four
hands reviewed. The page shows the principle to work on with its chapter, a bar per principle and the
chart; **Next question** serves a question about that principle, and the answer is kept in the record.
In English and Spanish, at 1366 and 390 pixels wide (screenshots under test-artifacts/).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from _browser import ARTIFACTS, free_port
from _voila import served, wait_for_the_run, watch_the_run

from spades_teach.analysis.learner_record import RecordFile
from spades_teach.analysis.simulated_learner import WEAKNESSES, SimulatedLearner, review_hands

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT_MS = 180_000
WEAK = "don't trump your partner's winner"


@pytest.fixture(scope="module")
def learner_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("learner")
    start = datetime(2026, 12, 1, 18, 0, tzinfo=timezone.utc)
    record = review_hands(SimulatedLearner(WEAKNESSES["ruff-partner"]), 1, 0, 4, start)
    RecordFile(folder).save(record)
    return folder


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory, learner_folder: Path) -> Iterator[str]:
    port = free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    command = [sys.executable, "-m", "spades_teach", "app", "--port", str(port), "--no-browser"]
    with served(command, port, ROOT, {**os.environ, "SPADES_TEACH_DATA_DIR": str(learner_folder)}, log) as url:
        yield url


def _page(browser: Any, url: str, width: int) -> Any:
    context = browser.new_context(viewport={"width": width, "height": 900})
    watch_the_run(context)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url, timeout=TIMEOUT_MS)
    page.locator(".st-progress .st-progress-summary").first.wait_for()
    run = wait_for_the_run(page)
    assert run.get("errors", []) == [], run["errors"]
    return page


def _shot(page: Any, name: str) -> None:
    """The whole page: Voila scrolls inside its own panel, so the window is made as tall as the page."""
    ARTIFACTS.mkdir(exist_ok=True)
    width = page.viewport_size["width"]
    tall = page.evaluate("() => Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
    page.set_viewport_size({"width": width, "height": min(int(tall) + 40, 8000)})
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    page.set_viewport_size({"width": width, "height": 900})


WORDS = {
    "en": {
        "title": "My progress",
        "weak": "Don't trump your partner's winner",
        "next": "Next question",
        "about": "one of the principles you miss most",
        "chapter": "8. Card play",
    },
    "es": {
        "title": "Mi progreso",
        "weak": "No fallar la baza ganada del compañero",
        "next": "Pregunta siguiente",
        "about": "uno de los principios en los que más fallas",
        "chapter": "8.",
    },
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width", [1366, 390])
def test_my_progress_names_the_weakness_and_practice_serves_it(
    browser: Any, app_url: str, learner_folder: Path, lang: str, width: int
) -> None:
    words = WORDS[lang]
    query = "" if lang == "en" else f"?lang={lang}"
    page = _page(browser, f"{app_url}/voila/render/progress.ipynb{query}", width)
    try:
        assert page.locator(".st-app-top h1").inner_text() == words["title"]
        focus = page.locator(".st-progress-focus")
        assert words["weak"] in focus.inner_text() and words["chapter"] in focus.inner_text()
        assert focus.locator("a").first.get_attribute("href", timeout=5000)
        assert page.locator(".st-progress-bar").count() >= 2
        assert page.locator(".st-progress-chart svg").count() == 1
        body_width = page.evaluate("() => document.documentElement.scrollWidth")
        assert body_width <= width + 1, f"the page is {body_width} px wide at {width}"
        _shot(page, f"app-progress-{lang}-{width}")
        before = len(RecordFile(learner_folder).load())
        page.locator(".st-practice-next").click()
        question = page.locator(".st-practice .st-exercise-choice").first
        question.wait_for()
        assert words["about"] in page.locator(".st-practice-about").inner_text()
        question.click()
        page.locator(
            ".st-practice .st-exercise-verdict.st-verdict-right, .st-practice .st-verdict-wrong"
        ).first.wait_for()
        page.locator(".st-practice-next:not([disabled])").wait_for()
        _shot(page, f"app-practice-{lang}-{width}")
        deadline = time.monotonic() + 30
        while len(RecordFile(learner_folder).load()) != before + 1:
            assert time.monotonic() < deadline, "the answer was not kept"
            time.sleep(0.2)
        assert RecordFile(learner_folder).load().decisions[-1].principle == WEAK
    finally:
        page.context.close()
