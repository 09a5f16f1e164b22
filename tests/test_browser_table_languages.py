"""The card table and the bid advisor in French and in Spanish, in a real browser (Debian's
Chromium driven by Playwright, over Voila).

A notebook per language (written for the test) sets the language, then shows the card table
and the advisor; the page must show that language's words, log no error, and the table's
language menu must switch its words to the other language and back without a new deal.
Screenshots of the table go to ``docs/screenshots/card-table-<lang>.png``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _voila import TIMEOUT_MS, chapter_page, voila_over_chapters

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "docs" / "screenshots"
TABLE = ".ct-root"

SOURCE = """\
from spades_teach.i18n import set_language
from spades_teach.widgets import BidAdvisorView, CardTable

set_language({lang!r})
table = CardTable(seed=7, pause=0)
table
"""

ADVISOR = 'BidAdvisorView("AKQ3.K52.7.A9842")'


def _notebook(*sources: str) -> dict[str, Any]:
    """A notebook (nbformat 4) of these code cells, not executed."""
    cells: list[dict[str, Any]] = [
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}
        for source in sources
    ]
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return {"cells": cells, "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}


# Words only the translation has, where the learner sees them.
WORDS = {
    "fr": {"new": "Nouvelle partie", "language": "Langue", "status": "à vous d'annoncer", "hand": "Votre main",
           "advice": "Annonce conseillée", "partner": "Annonce du partenaire", "north": "Nord"},
    "es": {"new": "Nueva partida", "language": "Idioma", "status": "tu turno de anunciar", "hand": "Tu mano",
           "advice": "Anuncio aconsejado", "partner": "Anuncio del compañero", "north": "Norte"},
}  # fmt: skip


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("languages")
    for lang in WORDS:
        (folder / f"table_{lang}.ipynb").write_text(json.dumps(_notebook(SOURCE.format(lang=lang), ADVISOR)))
    with voila_over_chapters(folder / "voila.log", folder) as url:
        yield url


def _wait(page: Any, script: str, arg: Any = None) -> None:
    page.wait_for_function(script, arg=arg, timeout=TIMEOUT_MS)


def _text(page: Any, selector: str) -> str:
    return str(page.locator(selector).first.inner_text())


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_table_and_the_advisor_speak_the_language(browser: Any, voila_url: str, lang: str) -> None:
    words = WORDS[lang]
    with chapter_page(browser, voila_url, f"table_{lang}", ready=f"{TABLE} .ct-hand-card") as (page, problems):
        page.locator(".st-advice-bid-value").wait_for()
        assert _text(page, f"{TABLE} .ct-new") == words["new"]
        menu = page.locator(f"{TABLE} select.ct-language")
        assert menu.get_attribute("aria-label") == words["language"]
        assert menu.input_value() == lang
        assert words["status"] in _text(page, f"{TABLE} .ct-status")
        assert words["north"] in _text(page, f"{TABLE} .ct-seat-N")
        advisor = page.locator(".st-bid-advisor")
        assert words["hand"] in advisor.inner_text() and words["partner"] in advisor.inner_text()
        assert words["advice"] in _text(page, ".st-advice-bid")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.locator(TABLE).screenshot(path=str(SCREENSHOTS / f"card-table-{lang}.png"))

        # The menu, from the keyboard: the other language's words, the same deal.
        code = _text(page, f"{TABLE} .ct-code-value")
        other = "es" if lang == "fr" else "fr"
        menu.focus()
        page.select_option(f"{TABLE} select.ct-language", other)
        _wait(page, "t => document.querySelector('.ct-root .ct-new').innerText === t", WORDS[other]["new"])
        assert WORDS[other]["status"] in _text(page, f"{TABLE} .ct-status")
        assert _text(page, f"{TABLE} .ct-code-value") == code
        page.select_option(f"{TABLE} select.ct-language", "en")
        _wait(page, "() => document.querySelector('.ct-root .ct-new').innerText === 'New game'")
        assert "your turn to bid" in _text(page, f"{TABLE} .ct-status")
        assert _text(page, f"{TABLE} .ct-code-value") == code
        assert problems.all() == [], f"the page logged problems: {problems.all()}"
