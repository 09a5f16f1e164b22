"""An accessibility check of a hands-on chapter in Voila with axe-core, in Debian's Chromium.

axe-core comes from npm into the git-ignored folder tests/.npm (shared with the app's accessibility
check): ``npm install --prefix tests/.npm axe-core@4``. The test installs it there when it is missing.
No violation of impact "serious" or "critical" may remain, on the page as Voila draws it and after
the widget has been used.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _voila import chapter_page, voila_over_chapters

NPM_PREFIX = Path(__file__).resolve().parent / ".npm"
AXE = NPM_PREFIX / "node_modules" / "axe-core" / "axe.min.js"


def axe_script() -> Path:
    """axe-core's script, installed from npm into tests/.npm on first use."""
    if not AXE.exists():
        npm = shutil.which("npm")
        assert npm, "npm is needed to install axe-core: apt-get install npm"
        subprocess.run([npm, "install", "--prefix", str(NPM_PREFIX), "--no-audit", "--no-fund", "axe-core@4"], check=True)
    return AXE


def serious_violations(page: Any) -> list[str]:
    """Run axe on the page; each serious or critical violation as 'rule: what, where'."""
    page.add_script_tag(path=str(axe_script()))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    found = []
    for violation in result["violations"]:
        if violation["impact"] in ("serious", "critical"):
            targets = [", ".join(node["target"]) for node in violation["nodes"][:5]]
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return found


@pytest.fixture(scope="module")
def chapters_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with voila_over_chapters(tmp_path_factory.mktemp("voila") / "voila.log") as url:
        yield url


@pytest.mark.parametrize("chapter", ["03_playing_tricks", "04_scoring_a_hand"])
def test_chapter_has_no_serious_accessibility_violation(browser: Any, chapters_url: str, chapter: str) -> None:
    with chapter_page(browser, chapters_url, chapter) as (page, problems):
        page.wait_for_timeout(1000)
        before = serious_violations(page)
        if chapter == "03_playing_tricks":
            page.locator(".st-legal-explorer .st-card-6S").click()
            page.locator(".st-legal-verdict span").wait_for()
        else:
            page.locator(".st-score-bid-W input").fill("abc")
            page.locator(".st-score-error-W").get_by_text("abc").wait_for()
        after = serious_violations(page)
    assert before == [], "\n".join(before)
    assert after == [], "\n".join(after)
    assert problems.all() == []
