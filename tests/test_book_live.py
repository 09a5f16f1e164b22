"""The built book links each chapter to the same chapter in its live edition, and says why.

The book (with its live edition, tools/build_book.sh) is built once per session by tests/_book.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from _book import BOOK, BookBuild, build_book

LINK = re.compile(r'<a class="live-edition-link[^"]*" href="([^"]+)">Open live</a>')


def chapters() -> list[str]:
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    return [entry["file"] for part in toc["parts"] for entry in part["chapters"]]


@pytest.fixture(scope="module")
def book() -> BookBuild:
    built = build_book()
    assert built.returncode == 0, built.log[-3000:]
    return built


@pytest.mark.slow
@pytest.mark.parametrize("chapter", chapters())
def test_each_chapter_page_opens_the_same_chapter_live(book: BookBuild, chapter: str) -> None:
    page = book.html / f"{chapter}.html"
    text = page.read_text(encoding="utf-8")
    assert "the widgets are pictures" in text
    links = LINK.findall(text)
    assert len(links) == 1, f"{page.name} should have one Open live link"
    target, _, query = links[0].partition("?path=")
    assert (page.parent / target).resolve() == (book.html / "live" / "notebooks" / "index.html").resolve()
    assert (page.parent / target).exists(), "the live edition was not built next to the book"
    assert query == f"{Path(chapter).name}.ipynb"
    assert (book.html / "live" / "files" / query).exists(), f"the live edition has no {query}"


@pytest.mark.slow
def test_the_first_page_links_to_the_live_edition_s_first_chapter(book: BookBuild) -> None:
    """The live reader's finding 4: the English front page opened the live edition's raw list of files,
    the French and Spanish ones chapter 0; all three open chapter 0, in their language."""
    for folder, path in (("", "00_a_hand_in_ten_minutes.ipynb"), ("fr/", "fr/00_a_hand_in_ten_minutes.ipynb")):
        text = (book.html / folder / "intro.html").read_text(encoding="utf-8")
        found = re.findall(r'<a class="live-edition-link[^"]*" href="([^"]+)">', text)
        assert len(found) == 1 and found[0].endswith(f"live/notebooks/index.html?path={path}"), found
        assert (book.html / folder / found[0].partition("?")[0]).resolve().exists()
        assert (book.html / "live" / "files" / path).exists()
