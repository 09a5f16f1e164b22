"""The chapters as a learner opens them with a bare ``voila notebooks/`` (or JupyterLab's "Render with
Voilà"): the settings come from the project's ``voila.json``, not from the app's command line. Nothing
is fetched from off the machine, the console stays free of errors (the JupyterLite kernel extension
is kept out), and no code cell is visible: the course shows prose, pictures and widgets."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _browser import ARTIFACTS
from _voila import chapter_page, voila_over_chapters

from spades_teach.app import VOILA_SKIPPED_EXTENSIONS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
#: Chapters and what shows they are drawn: a widget, or the table of chapter 0, or the glossary.
CHAPTERS = {
    "00_a_hand_in_ten_minutes": ".st-table",
    "01_deck_and_deal": ".st-widget",
    "02_playing_tricks": ".st-widget",
    "03_bidding_basics": ".st-cheat",
    "14_house_rules": ".st-widget",
    "16_glossary_and_cheat_sheet": ".st-glossary",
}
CODE = ".jp-CodeCell .jp-InputArea:visible, .jp-CodeCell .jp-InputPrompt:visible, .cm-editor:visible"


def test_voila_json_keeps_out_what_the_app_keeps_out() -> None:
    config = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]
    assert config["template"] == "spades_teach"
    assert set(config["extension_denylist"]) == set(VOILA_SKIPPED_EXTENSIONS)
    shipped = ROOT / "spades_teach" / "data" / "jupyter" / "voila.json"
    assert json.loads(shipped.read_text()) == json.loads((ROOT / "voila.json").read_text())


@pytest.fixture(scope="module")
def plain_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with voila_over_chapters(tmp_path_factory.mktemp("voila") / "voila.log", plain=True) as url:
        yield url


@pytest.mark.parametrize("chapter", list(CHAPTERS))
def test_a_chapter_in_bare_voila_shows_no_code_fetches_nothing_remote_and_logs_no_error(
    browser: Any, plain_url: str, chapter: str
) -> None:
    with chapter_page(browser, plain_url, chapter, ready=CHAPTERS[chapter]) as (page, problems):
        page.wait_for_timeout(1500)  # late errors of extensions arrive after the first output
        assert page.locator(CODE).count() == 0, f"{chapter}: code cells are visible"
        assert "Traceback" not in page.locator("body").inner_text()
        if chapter.startswith("00_"):
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "voila-chapter-00.png"), full_page=True)
    assert problems.all() == [], f"{chapter}: {problems}"
