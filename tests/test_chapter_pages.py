"""A chapter's page (Voila, the package's template): its way around (the previous and the next chapter,
in its own language's folder, and the list of the chapters), and the link to its code in JupyterLab,
shown only when the page is served by the tutorial's JupyterLab server (tools/tutorial.sh), never under
``spades-teach app`` or a bare ``voila notebooks/``, which have no JupyterLab. (The tutorial itself:
tests/test_tutorial_script.py.)"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import urllib.parse
from pathlib import Path
from typing import Any

import jinja2
import pytest
from _browser import free_port, http_get
from _voila import renders_progressively, served, voila_over_chapters

import spades_teach
from spades_teach.app import chapter_nav_template, chapter_titles, home_template, write_home_templates
from spades_teach.app.home import CHAPTER_NAV, JUPYTERLAB_SWITCH
from spades_teach.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
JUPYTER = Path(spades_teach.__file__).parent / "data" / "jupyter"
TEMPLATES = JUPYTER / "voila" / "templates" / "spades_teach"
NOTEBOOKS = ROOT / "notebooks"


def _folder(lang: str) -> Path:
    return NOTEBOOKS if lang == "en" else NOTEBOOKS / lang


def _nav(folder: Path, notebook: Path, where: str = "top", **resources: Any) -> str:
    """The way around of ``notebook`` as index.html.j2 renders it (its ``links`` macro), from ``folder``."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    nb = {"cells": [{"source": "".join(cells[0]["source"])}]}
    templates = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)))
    page = templates.from_string(f"{{% import '{CHAPTER_NAV}' as nav with context %}}{{{{ nav.links('{where}') }}}}")
    return page.render(nb=nb, resources={"base_url": "/", "metadata": {"name": notebook.stem}, **resources})


def _links(html: str, kind: str) -> list[str]:
    return re.findall(rf'<a class="st-chapter-{kind}"[^>]* href="([^"]*)"', html)


def test_the_package_s_chapter_nav_is_up_to_date_with_the_chapters_and_the_catalogs() -> None:
    assert (TEMPLATES / CHAPTER_NAV).read_text(encoding="utf-8") == chapter_nav_template("tree"), (
        f"{CHAPTER_NAV} is stale: run spades_teach.app.write_home_templates('spades_teach/data/jupyter')"
    )
    assert f"import '{CHAPTER_NAV}' as chapter_nav with context" in (TEMPLATES / "index.html.j2").read_text()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_chapter_leads_to_its_neighbours_in_its_own_language_and_to_the_list(lang: str) -> None:
    names = [name for name, _ in chapter_titles()]
    here = f"http://127.0.0.1:8888/voila/render/{'' if lang == 'en' else lang + '/'}"
    for index, name in enumerate(names):
        notebook = _folder(lang) / f"{name}.ipynb"
        html = _nav(TEMPLATES, notebook)
        assert 'class="st-chapter-nav st-chapter-nav-top"' in html, name
        for kind, step in (("prev", -1), ("next", 1)):
            expected = names[index + step] if 0 <= index + step < len(names) else None
            links = _links(html, kind)
            assert links == ([f"{expected}.ipynb"] if expected else []), (name, kind, links)
            for link in links:  # a chapter of the same folder, on the same server
                target = urllib.parse.urljoin(here + notebook.name, link)
                assert target == here + link and (_folder(lang) / link).is_file()
        assert _links(html, "list") == ["/voila/tree" + ("" if lang == "en" else f"/{lang}")]
        assert _links(html, "code") == []  # no JupyterLab named: no link to it
        heading = json.loads(notebook.read_text(encoding="utf-8"))["cells"][0]["source"][0]
        assert heading.lstrip("# ").strip() == dict(chapter_titles())[name][lang]
    french = _nav(TEMPLATES, NOTEBOOKS / "fr" / "08_card_play.ipynb")
    assert "Chapitre précédent" in french and "7. Gagner la partie" in french and "9. Jouer un Nil" in french
    last = _nav(TEMPLATES, _folder(lang) / "16_glossary_and_cheat_sheet.ipynb")
    assert re.search(r'class="st-chapter-next"[^>]*><small>[^<]*</small> 17\. ', last), last  # numbered too


def test_the_code_link_shows_on_the_tutorial_s_server_only_and_opens_the_chapter_in_jupyterlab() -> None:
    for lang, words in (("en", "Open this chapter&#39;s code"), ("es", "Abre el código de este capítulo")):
        notebook = _folder(lang) / "05_bags.ipynb"
        top = _nav(TEMPLATES, notebook, **{JUPYTERLAB_SWITCH: True})
        folder = "" if lang == "en" else f"{lang}/"
        assert _links(top, "code") == [f"/lab/tree/{folder}05_bags.ipynb"] and words in top
        assert _links(_nav(TEMPLATES, notebook, "bottom", **{JUPYTERLAB_SWITCH: True}), "code") == []
    # the switch is set by the tutorial's own configuration folder alone
    tutorial = JUPYTER / "tutorial"
    voila = json.loads((tutorial / "voila.json").read_text())
    assert voila["VoilaConfiguration"]["resources"] == {JUPYTERLAB_SWITCH: True}
    server = json.loads((tutorial / "jupyter_server_config.json").read_text())
    assert server["ServerApp"]["jinja_template_vars"] == {JUPYTERLAB_SWITCH: True}
    for shared in (JUPYTER / "voila.json", ROOT / "voila.json", JUPYTER / "jupyter_server_config.json"):
        assert JUPYTERLAB_SWITCH not in shared.read_text(), shared
    script = (ROOT / "tools" / "tutorial.sh").read_text()
    assert 'JUPYTER_CONFIG_PATH="${ours}/tutorial:${ours}' in script


def test_a_page_that_is_not_a_chapter_has_no_way_around() -> None:
    app = JUPYTER.parent / "app" / "play.ipynb"
    assert _nav(TEMPLATES, app, **{JUPYTERLAB_SWITCH: True}).strip() == ""


def test_under_the_app_the_list_is_the_home_in_the_chapter_s_language(tmp_path: Path) -> None:
    folder = write_home_templates(tmp_path, "en", "voila")[0].parent
    html = _nav(folder, NOTEBOOKS / "fr" / "03_bidding_basics.ipynb")
    assert _links(html, "list") == ["/?lang=fr"]
    assert _links(html, "next") == ["04_scoring_a_hand.ipynb"] and _links(html, "code") == []
    plain = write_home_templates(tmp_path / "none", "en", "none")[0].parent
    assert (plain / CHAPTER_NAV).read_text() == (TEMPLATES / CHAPTER_NAV).read_text()


def _render_list(path: str, names: list[str], **switch: Any) -> str:
    items = [
        {"name": name, "path": f"{path}/{name}".lstrip("/"), "type": "notebook" if "." in name else "directory"}
        for name in names
    ]
    template = jinja2.Environment().from_string(home_template("en"))
    return template.render(base_url="/", query="", notebook_path=path, contents={"content": items}, **switch)


def test_the_list_of_a_language_s_chapters_speaks_it_and_links_the_code_on_the_tutorial_s_server_only() -> None:
    names = ["es", "fr", "00_a_hand_in_ten_minutes.ipynb", "01_deck_and_deal.ipynb"]
    english = _render_list("", [*names, "locale"])
    assert "locale" not in english  # the chapters' translation catalogs are not a page
    assert '<html lang="en">' in english and "<b>1. The deck, the partners and the deal</b>" in english
    assert '<b lang="fr">Français</b>' in english and 'href="/voila/tree/fr"' in english
    assert 'class="st-code-link"' not in english and "lab/tree" not in english
    # on the tutorial's server the list of every language links to JupyterLab at its root (/lab/tree/
    # is no page of JupyterLab's: "Path Not Found")
    assert '<p class="st-code-link"><a href="/lab">' in _render_list("", names, **{JUPYTERLAB_SWITCH: True})
    french = _render_list("fr", names[2:], **{JUPYTERLAB_SWITCH: True})
    assert '<html lang="fr">' in french and "<b>0. Une manche en dix minutes</b>" in french
    assert '<p class="st-code-link"><a href="/lab/tree/fr">Ouvrez le code des chapitres dans JupyterLab</a>' in french
    assert 'href="/voila/render/fr/01_deck_and_deal.ipynb"' in french
    spanish = _render_list("/es", names[2:], **{JUPYTERLAB_SWITCH: True})  # Voila's path may start with /
    assert '<a href="/lab/tree/es">Abre el código de los capítulos en JupyterLab' in spanish
    appendix = _render_list("", ["17_appendix_calibration.ipynb"])
    assert "<b>17. Appendix: is the count right?" in appendix  # the appendix numbered like the others
    other = _render_list("", ["notes.ipynb"])
    assert "<b>notes</b>" in other  # a notebook that is not a chapter keeps its file's name


@pytest.mark.slow  # a bare Voila over the chapters, one chapter page (its run is left to its browser)
def test_a_bare_voila_shows_the_way_around_and_no_jupyterlab_link(tmp_path: Path) -> None:
    with voila_over_chapters(tmp_path / "voila.log", plain=True) as url:
        status, chapter = http_get(f"{url}/voila/render/fr/01_deck_and_deal.ipynb")
        assert status == 200
        assert renders_progressively(chapter)  # voila.json: the chapter's text first, its outputs as it runs
        assert _links(chapter, "prev") == ["00_a_hand_in_ten_minutes.ipynb"] * 2
        assert _links(chapter, "next") == ["02_playing_tricks.ipynb"] * 2
        assert _links(chapter, "list") == ["/voila/tree/fr"] * 2
        assert 'class="st-chapter-code"' not in chapter and 'href="/lab/' not in chapter
        status, listed = http_get(f"{url}/voila/tree/fr")
        assert status == 200 and 'class="st-code-link"' not in listed and "2. Jouer les plis" in listed
        # A chapter's .md twin is no page of Voila's (its render redirects to its file, which Voila refuses
        # with a 403): the README, which offered it, sends it to a text editor instead.
        status, _ = http_get(f"{url}/voila/render/08_card_play.md")
        readme = " ".join((Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8").split())
        assert status == 200 or (
            "Voilà shows the `.ipynb` chapters; the `.md` file beside each is the same chapter as plain text, for a "
            "text editor." in readme
        ), f"/voila/render/08_card_play.md answers {status}, and the README offers the .md twins to open"


@pytest.mark.slow  # spades-teach app, one chapter page (its run is left to its browser)
def test_the_app_s_chapter_pages_lead_home_and_not_to_jupyterlab(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "SPADES_TEACH_BOOK": "", "SPADES_TEACH_DATA_DIR": tempfile.mkdtemp(prefix="spades-teach-")}
    command = [sys.executable, "-m", "spades_teach", "app", "--port", str(port), "--no-browser"]
    with served(command, port, ROOT, env, tmp_path / "app.log") as url:
        status, chapter = http_get(f"{url}/voila/render/chapters/es/01_deck_and_deal.ipynb")
        assert status == 200, chapter[-2000:]
        assert renders_progressively(chapter)  # data/jupyter/voila.json, which the app reads
        assert _links(chapter, "list") == ["/?lang=es"] * 2
        assert _links(chapter, "next") == ["02_playing_tricks.ipynb"] * 2
        assert 'class="st-chapter-code"' not in chapter and 'href="/lab/' not in chapter
        status, home = http_get(f"{url}/?lang=es")
        assert status == 200 and 'href="/voila/render/chapters/es/01_deck_and_deal.ipynb?lang=es"' in home
