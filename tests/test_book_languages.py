"""The book in three languages: the French and Spanish books have every chapter of the English one,
in their language, and every page of each book leads to the same page in the other two.

The site (tools/build_book.sh) holds the English book at its root, the French one in ``fr/`` and the
Spanish one in ``es/``, each built from the same table of contents (tools/book_languages.py), and one
live edition serving the chapters of the three languages. It is built once per session by
tests/_book.py.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml
from _book import BOOK, BookBuild, build_book

ROOT = BOOK.parent
TRANSLATIONS = ("fr", "es")
#: Words that only each language's pages have (its part caption and the live note's title).
OWN_WORDS = {"fr": "Chapitres", "es": "Capítulos"}
MENU = re.compile(r'<nav class="language-menu" aria-label="[^"]+">(.*?)</nav>')
LINK = re.compile(r'<a class="language-link" href="([^"]+)" hreflang="(\w+)"')
LIVE = re.compile(r'<a class="live-edition-link[^"]*" href="([^"]+)">')


def pages() -> list[str]:
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    return [toc["root"], *(entry["file"] for part in toc["parts"] for entry in part["chapters"])]


@pytest.fixture(scope="module")
def book() -> BookBuild:
    built = build_book()
    assert built.returncode == 0, built.log[-3000:]
    return built


def test_each_translated_book_is_configured_from_the_english_one(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import book_languages
    finally:
        sys.path.remove(str(ROOT / "tools"))
    from spades_teach.i18n import set_language

    english = yaml.safe_load((BOOK / "_config.yml").read_text(encoding="utf-8"))
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    for language in TRANSLATIONS:
        set_language(language)
        config = book_languages.translated_config(english, language)
        assert config["sphinx"]["config"]["language"] == language
        assert config["title"] != english["title"], "the title is not translated"
        assert config["execute"] == english["execute"] and config["exclude_patterns"] == english["exclude_patterns"]
        assert set(config["sphinx"]["local_extensions"]) == set(english["sphinx"]["local_extensions"])
        translated = book_languages.translated_toc(toc)
        assert [c["file"] for p in translated["parts"] for c in p["chapters"]] == [
            c["file"] for p in toc["parts"] for c in p["chapters"]
        ]
        assert OWN_WORDS[language] in [p["caption"] for p in translated["parts"]]
        assert (BOOK / language / "intro.md").exists()
        assert (BOOK / language / "notebooks").resolve() == (ROOT / "notebooks" / language).resolve()
    set_language("en")


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_page_is_built_in_the_language(book: BookBuild, language: str) -> None:
    for name in pages():
        page = book.html / language / f"{name}.html"
        assert page.exists(), f"{page} was not built"
        text = page.read_text(encoding="utf-8")
        assert f'<html lang="{language}"' in text, name
        assert "Traceback (most recent call last)" not in text and 'class="output traceback' not in text, name
    assert OWN_WORDS[language] in (book.html / language / "intro.html").read_text(encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("language", ("en", *TRANSLATIONS))
def test_every_page_leads_to_the_same_page_in_the_other_languages(book: BookBuild, language: str) -> None:
    folder = book.html if language == "en" else book.html / language
    for name in pages():
        page = folder / f"{name}.html"
        menus = MENU.findall(page.read_text(encoding="utf-8"))
        assert len(menus) == 1, f"{page} should have one language menu"
        links = dict((lang, href) for href, lang in LINK.findall(menus[0]))
        assert set(links) == {"en", *TRANSLATIONS} - {language}, (name, links)
        for other, href in links.items():
            target = (page.parent / href).resolve()
            home = book.html if other == "en" else book.html / other
            assert target == (home / f"{name}.html").resolve(), (name, other, href)
            assert target.exists(), f"{name} in {other}: {href} leads nowhere"


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATIONS)
def test_each_translated_chapter_opens_live_in_its_language(book: BookBuild, language: str) -> None:
    for name in pages()[1:]:
        page = book.html / language / f"{name}.html"
        links = LIVE.findall(page.read_text(encoding="utf-8"))
        assert len(links) == 1, f"{page} should have one Open live link"
        target, _, query = links[0].replace("&amp;", "&").partition("?path=")
        assert (page.parent / target).resolve() == (book.html / "live" / "notebooks" / "index.html").resolve()
        assert query == f"{language}/{Path(name).name}.ipynb"
        assert (book.html / "live" / "files" / query).exists(), f"the live edition has no {query}"


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATIONS)
def test_the_first_page_opens_the_first_chapter_live_in_its_language(book: BookBuild, language: str) -> None:
    page = book.html / language / "intro.html"
    links = LIVE.findall(page.read_text(encoding="utf-8"))
    assert len(links) == 1, f"{page} should have one link to the live edition"
    target, _, query = links[0].partition("?path=")
    assert (page.parent / target).resolve() == (book.html / "live" / "notebooks" / "index.html").resolve()
    assert query == f"{language}/{Path(pages()[1]).name}.ipynb"
    assert (book.html / "live" / "files" / query).exists(), f"the live edition has no {query}"


def test_the_first_page_s_live_link_opens_chapter_0_in_every_language() -> None:
    """The link as the book's extension writes it (without building the book)."""
    sys.path.insert(0, str(BOOK / "_ext"))
    try:
        from live_edition import live_start_url
    finally:
        sys.path.remove(str(BOOK / "_ext"))
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    first = toc["parts"][0]["chapters"][0]["file"]
    assert live_start_url("intro", "en", first) == "live/notebooks/index.html?path=00_a_hand_in_ten_minutes.ipynb"
    for language in ("fr", "es"):
        assert live_start_url("intro", language, first) == (
            f"../live/notebooks/index.html?path={language}/00_a_hand_in_ten_minutes.ipynb"
        )
