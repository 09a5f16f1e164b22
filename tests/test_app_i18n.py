"""The app in French and Spanish without a server: each page's top and the home page in the
language asked for, the language menu, the language kept in the links, and ``serve``'s language.
(The real pages are in test_browser_app.py.)"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from html import unescape
from pathlib import Path
from typing import Any

import jinja2
import pytest

import spades_teach
from spades_teach.app import (
    APP_NOTEBOOKS,
    HOME_CLASSIC,
    HOME_TEMPLATES,
    AppError,
    home_template,
    page_language,
    page_top,
    page_top_html,
    review_summary,
    serve,
    voila_environment,
    write_home_templates,
)
from spades_teach.i18n import get_language, set_language

#: Words only each language's page has (the heading of the Score page, the link home, the menu's label).
WORDS = {
    "en": ("Score a hand", "Home", "Language"),
    "fr": ("Compter les points d'une manche", "Accueil", "Langue"),
    "es": ("Puntuar una mano", "Inicio", "Idioma"),
}


def _links(html: str) -> list[str]:
    return re.findall(r'href="([^"]*)"', html)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_page_asked_in_a_language_speaks_it_and_keeps_it_in_its_links(lang: str) -> None:
    shown = page_top("score", query=f"lang={lang}")
    assert get_language() == lang  # the widgets built after it speak it too
    html = unescape(shown.value)
    for word in WORDS[lang]:
        assert word in html
    assert not any(word in html for word in WORDS["en"][:2])
    assert f'lang="{lang}"' in html
    pages = [link for link in _links(html) if ".ipynb" in link or link.startswith("../../")]
    assert pages == ["../../?lang=" + lang] + [f"{name}?lang={lang}" for name in APP_NOTEBOOKS if name != "score.ipynb"]
    set_language("en")
    english = page_top("score", query="").value
    assert all(word in english for word in WORDS["en"]) and "Accueil" not in english
    assert 'href="../../"' in english and 'href="play.ipynb"' in english  # no query when none was asked


def test_the_language_menu_names_each_language_in_itself_and_marks_the_one_in_use() -> None:
    for lang in ("en", "fr", "es"):
        set_language(lang)
        html = page_top_html("play", lang, asked=True)
        menu = re.search(r'<nav class="st-app-lang".*?</nav>', html)
        assert menu is not None
        others = [code for code in ("en", "fr", "es") if code != lang]
        assert _links(menu.group(0)) == [f"?lang={code}" for code in others]
        assert 'aria-current="true"' in menu.group(0)
        assert all(name in menu.group(0) for name in ("English", "Français", "Español"))


def test_page_language_reads_the_query_and_ignores_anything_else() -> None:
    assert page_language("lang=fr&x=1") == ("fr", True)
    set_language("es")
    assert page_language("lang=de") == ("es", False)
    assert page_language("") == ("es", False)
    set_language("en")
    with pytest.raises(AppError, match="unknown app page 'nowhere'"):
        page_top("nowhere")


def _render_home(template: str, query: str) -> str:
    return jinja2.Environment().from_string(template).render(base_url="/", query=query)


@pytest.mark.parametrize(
    "default, query, lang, title",
    [
        ("en", "", "en", "Spades tutorial"),
        ("en", "lang=fr", "fr", "Tutoriel de Spades"),
        ("fr", "", "fr", "Tutoriel de Spades"),
        ("fr", "lang=es", "es", "Tutorial de Spades"),
        ("es", "lang=xx", "es", "Tutorial de Spades"),
    ],
)
def test_the_home_page_speaks_the_address_s_language_else_the_server_s(
    default: str, query: str, lang: str, title: str
) -> None:
    html = _render_home(home_template(default), query)
    assert f'<html lang="{lang}">' in html
    assert f"<title>{title}</title>" in html and f"<h1>{title}</h1>" in html
    cards = re.findall(r'class="st-home-\w+" href="([^"]*)"', html)
    keep = f"?lang={lang}" if query in ("lang=fr", "lang=es") else ""
    assert cards == [f"/voila/render/{name}{keep}" for name in APP_NOTEBOOKS]
    assert html.count("<li>") >= 5 + 7  # the five pages and the way through the chapters
    assert get_language() == "en"  # building the page leaves the language alone


def test_the_package_s_home_page_is_up_to_date_with_the_catalogs() -> None:
    folder = Path(spades_teach.__file__).parent / "data" / "jupyter" / "voila" / "templates" / "spades_teach"
    for name, text in zip(HOME_TEMPLATES, (home_template("en"), HOME_CLASSIC), strict=True):
        assert (folder / name).read_text(encoding="utf-8") == text, (
            f"{name} is stale: run spades_teach.app.write_home_templates('spades_teach/data/jupyter')"
        )


@pytest.mark.parametrize("query", ["", "lang=fr"])
def test_the_classic_tree_shows_the_very_page_of_the_lab_tree(query: str, tmp_path: Path) -> None:
    folder = write_home_templates(tmp_path, "es")[0].parent
    templates = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)))
    lab, classic = (templates.get_template(name).render(query=query, base_url="/") for name in HOME_TEMPLATES)
    assert classic == lab and "<h1>" in lab
    assert (folder / "tree.html").read_text(encoding="utf-8").count("<h1>") == 0  # one copy of the page


def test_serve_starts_the_pages_in_the_language_asked(capsys: pytest.CaptureFixture[str]) -> None:
    seen: dict[str, Any] = {}

    def fake(command: Sequence[str]) -> int:
        home = Path(command[3]).parent / "jupyter"
        seen["home"] = (home / "voila" / "templates" / "spades_teach" / "tree-lab.html").read_text()
        seen["title"] = json.loads((Path(command[3]) / "score.ipynb").read_text())["metadata"]["title"]
        return 0

    assert serve(port=8125, open_browser=False, runner=fake, language="es") == 0
    assert "set lang = asked.value or 'es'" in seen["home"]
    assert seen["title"] == "Puntuar una mano"  # the browser tab's title, in the server's language
    assert "http://127.0.0.1:8125/" in capsys.readouterr().out
    with pytest.raises(AppError, match="unknown language 'de'"):
        serve(port=8125, runner=fake, language="de")
    env = voila_environment({"JUPYTER_PATH": "/elsewhere"}, home="/tmp/home", language="fr")
    assert env["LANGUAGE"] == "fr" and env["JUPYTER_PATH"].split(":")[0] == "/tmp/home"
    assert env["JUPYTER_PATH"].split(":")[-1] == "/elsewhere"


def test_the_serving_line_and_the_review_summary_are_translated(capsys: pytest.CaptureFixture[str]) -> None:
    from types import SimpleNamespace as Cost

    costs = [Cost(cost=0, nil_lost=False), Cost(cost=9, nil_lost=False), Cost(cost=18, nil_lost=True)]
    english = review_summary(costs)
    set_language("fr")
    french = review_summary(costs)
    serve(port=8126, runner=lambda command: 0)
    assert "servie sur http://127.0.0.1:8126/" in capsys.readouterr().out
    set_language("es")
    spanish = review_summary(costs)
    assert "1 sur 3 cartes" in french and "27 points en tout" in french and "cartes rouges" in french
    assert "1 de 3 cartas" in spanish and "27 puntos en total" in spanish
    numbers = re.findall(r"\d+", english)
    assert re.findall(r"\d+", french) == numbers == re.findall(r"\d+", spanish)
    set_language("en")
    assert review_summary(costs) == english


ROOT = Path(__file__).resolve().parents[1]


def test_the_package_s_chapter_titles_are_the_notebooks_own() -> None:
    """``data/chapters.json``: chapters 0–17, each title the first heading of its notebook in English,
    French and Spanish (run spades_teach.app.write_chapter_list('notebooks') after changing one)."""
    from spades_teach.app import chapter_titles
    from spades_teach.app.home import chapter_list

    assert chapter_list(ROOT / "notebooks") == [{"file": name, "titles": titles} for name, titles in chapter_titles()]
    assert [name[:2] for name, _titles in chapter_titles()] == [f"{n:02d}" for n in range(18)]
    assert all(set(titles) == {"en", "fr", "es"} for _name, titles in chapter_titles())


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_home_lists_chapters_0_to_17_linked_to_the_built_book_and_its_live_edition(lang: str) -> None:
    """Each title links to the chapter's page of the built book (the English book at the site's root,
    the French and Spanish ones in fr/ and es/: tools/build_book.sh) and to the same chapter in the
    live edition, exactly where the book's own page links to it (book/_ext/live_edition.py)."""
    import posixpath
    import sys

    sys.path.insert(0, str(ROOT / "book" / "_ext"))
    try:
        from live_edition import live_chapter_url
    finally:
        sys.path.remove(str(ROOT / "book" / "_ext"))
    from spades_teach.app import chapter_titles
    from spades_teach.app.home import listed_title

    html = _render_home(home_template("en", "book"), f"lang={lang}")
    found = re.findall(r'<li><a class="st-chapter-book" href="([^"]*)">([^<]*)</a>.*?href="([^"]*)"', html)
    folder = "" if lang == "en" else f"{lang}/"
    expected = []
    for name, titles in chapter_titles():
        page = f"{folder}notebooks/{name}.html"
        live = posixpath.normpath(posixpath.join(posixpath.dirname(page), live_chapter_url(f"notebooks/{name}", lang)))
        expected.append((f"/voila/files/book/{page}", listed_title(name, titles[lang]), f"/voila/files/book/{live}"))
    assert [(page, unescape(title), unescape(live)) for page, title, live in found] == expected
    toc = (ROOT / "book" / "_toc.yml").read_text(encoding="utf-8")
    assert all(f"file: notebooks/{name}\n" in toc for name, _titles in chapter_titles())


def test_without_a_built_book_the_home_links_the_chapters_the_app_runs_with_no_developer_text() -> None:
    """Learner finding 18: the home told a learner to run ``bash tools/build_book.sh``; it says what a
    title does, in the page's language."""
    html = _render_home(home_template("en", "voila"), "lang=fr")
    note = unescape(re.findall(r'<p class="st-chapters-note">([^<]*)</p>', html)[0])
    assert note == "Chaque titre ouvre le chapitre ici, exécuté par cette application."
    for language in ("en", "fr", "es"):
        shown = unescape(_render_home(home_template("en", "voila"), f"lang={language}"))
        assert not any(word in shown for word in ("bash", "tools/", ".sh", "build_book")), language
    links = re.findall(r'class="st-chapter-voila" href="([^"]*)"', html)
    assert links[0] == "/voila/render/chapters/fr/00_a_hand_in_ten_minutes.ipynb?lang=fr" and len(links) == 18
    plain = _render_home(home_template("en", "none"), "")
    assert 'class="st-chapter-' not in plain and "<li>0. A hand in ten minutes</li>" in plain


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_score_page_offers_blind_nil_only_with_its_box_ticked_in_the_learners_words(lang: str) -> None:
    """Learner finding 13: the Score page's intro suggested typing blind nil, which its unticked
    "blind Nil allowed" box refuses, and wrote it in English on the French and Spanish pages. Each
    bid it shows is one the bid reader takes; blind Nil comes with the box to tick, named as the
    calculator names it."""
    from spades_teach.game.bids import Bid
    from spades_teach.i18n import language
    from spades_teach.widgets import ScoreCalculator

    html = page_top("score", query=f"lang={lang}").value
    with language(lang):
        calculator = ScoreCalculator()
        allowed = calculator.rule_boxes["blind_nil"].description
    set_language("en")
    typed = [unescape(word) for word in re.findall(r"<code>([^<]*)</code>", html)]
    assert [Bid.coerce(word) for word in typed] == [Bid(0), Bid(0, blind=True)], typed
    assert not calculator.rules().blind_nil
    paragraph = unescape(re.sub(r"<[^>]+>", "", re.findall(r"<p>(.*?)</p>", html)[0]))
    first, _, then = paragraph.partition(". ")
    assert typed[1] not in first and typed[1] in then and allowed in then, paragraph
    if lang != "en":
        assert "blind nil" not in paragraph.lower() and "blind Nil allowed" not in paragraph


@pytest.mark.parametrize("links", ["book", "voila", "none"])
def test_every_chapter_of_the_home_s_list_has_its_number_the_appendix_too(links: str) -> None:
    """Learner finding 19: chapters 0-16 were numbered in the lists, the appendix (chapter 17) not."""
    for lang in ("en", "fr", "es"):
        html = unescape(_render_home(home_template("en", links), f"lang={lang}"))
        items = re.findall(r"<li>(?:<a [^>]*>)?([^<]*)", html.split('class="st-home-chapters"')[1])
        assert [item.split(".")[0] for item in items] == [str(n) for n in range(18)], (lang, items)
        assert items[17].startswith(("17. Appendix", "17. Annexe", "17. Apéndice"))
