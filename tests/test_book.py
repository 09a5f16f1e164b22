"""The Jupyter Book builds offline, executes every chapter without error, and serves its own
widget JavaScript. The build's exit code alone is not trusted: the log and the pages are read too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from _book import BOOK, build_book

NOTEBOOKS = BOOK.parent / "notebooks"


def toc_files() -> list[str]:
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text())
    files = [toc["root"]]
    for part in [toc, *toc.get("parts", [])]:
        for chapter in part.get("chapters", []):
            files.append(chapter["file"])
    return files


def test_the_calibration_chapter_is_an_appendix() -> None:
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text())
    appendix = [p for p in toc.get("parts", []) if p["caption"] == "Appendix"]
    assert appendix and [c["file"] for c in appendix[0]["chapters"]] == ["notebooks/17_appendix_calibration"]
    assert "notebooks/17_appendix_calibration" not in [
        c["file"] for p in toc["parts"] if p is not appendix[0] for c in p["chapters"]
    ]
    title = (NOTEBOOKS / "17_appendix_calibration.md").read_text().split("\n# ", 1)[1].splitlines()[0]
    assert title.startswith("Appendix")


def test_the_table_of_contents_lists_the_chapters_in_their_order() -> None:
    listed = [f for f in toc_files() if f.startswith("notebooks/")]
    assert listed == sorted(listed), listed
    assert listed[-1] == "notebooks/17_appendix_calibration"


def test_learner_chapters_hold_no_plotting_code() -> None:
    for source in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.md")):
        text = source.read_text()
        assert "matplotlib" not in text and "plt." not in text, f"{source.name} draws its own figures"


def test_every_chapter_is_in_the_table_of_contents() -> None:
    chapters = {f"notebooks/{p.stem}" for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")}
    assert chapters, "no chapters found"
    assert chapters <= set(toc_files())


@pytest.fixture(scope="module")
def book():  # type: ignore[no-untyped-def]
    return build_book()


def test_build_succeeds(book) -> None:  # type: ignore[no-untyped-def]
    assert book.returncode == 0, book.log[-3000:]
    assert "build succeeded" in book.log


def test_build_log_has_no_warning_or_error(book) -> None:  # type: ignore[no-untyped-def]
    """The book runs no chapter (it shows them as stored): its log has no kernel in it either."""
    lines = book.log.splitlines()
    problems = [
        n
        for n, line in enumerate(lines)
        if re.search(r"\b(WARNING|ERROR|CRITICAL)\b|Traceback|Exception|Kernel", line)
        and "MdParserConfig(" not in line
        and "NbParserConfig(" not in line
    ]
    # On failure, show each problem with the lines that follow it (a traceback's body).
    assert problems == [], "\n\n".join("\n".join(lines[n : n + 25]) for n in problems)


def test_every_page_is_built_without_error_output(book) -> None:  # type: ignore[no-untyped-def]
    for name in toc_files():
        page = book.html / f"{name}.html"
        assert page.exists(), f"{page} was not built"
        text = page.read_text()
        assert "Traceback (most recent call last)" not in text, name
        assert 'class="output traceback' not in text and "output stderr" not in text, name


def test_widget_javascript_is_served_by_the_book(book) -> None:  # type: ignore[no-untyped-def]
    static = Path(book.html) / "_static" / "widgets"
    assert (static / "require.js").exists()
    assert (static / "embed-amd.js").exists()
    for page in Path(book.html).rglob("*.html"):
        scripts = re.findall(r'<script[^>]+src="([^"]+)"', page.read_text())
        remote = [s for s in scripts if s.startswith(("http:", "https:", "//"))]
        assert remote == [], f"{page.name} loads scripts from the internet: {remote}"
