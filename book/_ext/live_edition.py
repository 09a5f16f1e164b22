"""Sphinx extension of the book: every chapter page links to the same chapter in the live edition.

The static pages show widgets as pictures saved when the book was built: their buttons do nothing. The
live edition (JupyterLite with the Pyodide kernel, built by tools/build_lite.sh into ``live/`` next to
the book's pages) runs the chapters in the reader's browser. Each chapter page gets a note saying so,
with an "Open live" link to the same notebook there; the first page gets a link to the live edition.
Each widget on a chapter page is framed as a picture, with "picture — open live to play" on the frame
itself (a link to the same chapter live), so a reader who scrolled past the note still sees it.
"""

from __future__ import annotations

import html
import posixpath
import re
from typing import Any

from spades_teach.i18n import set_language
from spades_teach.render.book_pages import chapter_note, intro_note, picture_label

#: where the live edition lives, relative to the book's root
LIVE = "live"
CHAPTERS = "notebooks/"


def book_root(pagename: str, language: str) -> str:
    """The relative link from a page to the root of the whole site: the English book is there, the
    French and Spanish books one folder down (``fr/``, ``es/``).

    >>> book_root("notebooks/02_playing_tricks", "en")
    '../'
    >>> book_root("notebooks/02_playing_tricks", "fr")
    '../../'
    """
    return "../" * (pagename.count("/") + (language != "en"))


def live_chapter_url(pagename: str, language: str = "en") -> str:
    """The relative link from a chapter page to the same chapter in the live edition, which serves
    the French and Spanish chapters in folders of those names.

    >>> live_chapter_url("notebooks/02_playing_tricks")
    '../live/notebooks/index.html?path=02_playing_tricks.ipynb'
    >>> live_chapter_url("notebooks/02_playing_tricks", "es")
    '../../live/notebooks/index.html?path=es/02_playing_tricks.ipynb'
    """
    folder = "" if language == "en" else f"{language}/"
    return (
        f"{book_root(pagename, language)}{LIVE}/notebooks/index.html?path={folder}{posixpath.basename(pagename)}.ipynb"
    )


def live_start_url(pagename: str, language: str = "en", first_chapter: str = "") -> str:
    """The relative link from the book's first page to the live edition: the book's first chapter
    there, in the book's language (a reader starts where the book starts, not in JupyterLite's list
    of files); the file list only for a book without chapters.

    >>> live_start_url("intro", "en", "notebooks/00_a_hand_in_ten_minutes")
    'live/notebooks/index.html?path=00_a_hand_in_ten_minutes.ipynb'
    >>> live_start_url("intro", "fr", "notebooks/00_a_hand_in_ten_minutes")
    '../live/notebooks/index.html?path=fr/00_a_hand_in_ten_minutes.ipynb'
    >>> live_start_url("intro")
    'live/tree/index.html'
    """
    if not first_chapter:
        return f"{book_root(pagename, language)}{LIVE}/tree/index.html"
    return live_chapter_url(f"{pagename.rpartition('/')[0]}/{posixpath.basename(first_chapter)}".lstrip("/"), language)


#: A saved widget on a page: myst-nb writes its view as a script in the cell's output, where the
#: page's widget manager draws it from the saved state.
WIDGET_OUTPUT = re.compile(
    r'<div class="cell_output docutils container">(\s*)(<script type="application/vnd\.jupyter\.widget-view\+json">)'
)

#: The frame of a widget picture and its label (in the page's head, once).
PICTURE_STYLE = """<style>
.widget-picture {
  position: relative;
  margin: 0.5rem 0;
  padding: 2.1rem 0.6rem 0.6rem;
  border: 2px dashed #8a8f98;
  border-radius: 8px;
  background: repeating-linear-gradient(135deg, rgba(120, 126, 136, 0.07) 0 10px, transparent 10px 20px);
}
.widget-picture-label {
  position: absolute;
  top: 0.4rem;
  right: 0.6rem;
  z-index: 2;
  padding: 0.05rem 0.7rem;
  border: 1px solid #5f6670;
  border-radius: 1rem;
  background: #fff;
  color: #2f343b;
  font-size: 0.85rem;
  text-decoration: none;
}
.widget-picture-label:hover, .widget-picture-label:focus { background: #2f343b; color: #fff; }
</style>"""


def frame_widget_pictures(body: str, url: str) -> str:
    """The page's body with each saved widget framed as a picture, labelled with a link to ``url``.

    >>> framed = frame_widget_pictures(
    ...     '<div class="cell_output docutils container">\\n<script type="application/vnd.jupyter.widget-view+json">{}</script></div>',
    ...     "live.html",
    ... )
    >>> 'class="cell_output docutils container widget-picture"' in framed
    True
    >>> '<a class="widget-picture-label" href="live.html">picture — open live to play</a>' in framed
    True
    >>> frame_widget_pictures("<p>no widget</p>", "live.html")
    '<p>no widget</p>'
    """
    link = f'<a class="widget-picture-label" href="{html.escape(url, quote=True)}">{html.escape(picture_label())}</a>'
    return WIDGET_OUTPUT.sub(
        lambda m: f'<div class="cell_output docutils container widget-picture">{m.group(1)}{link}{m.group(2)}', body
    )


def after_title(body: str, note: str) -> str:
    """The page's body with the note right after its title (or first, when it has none)."""
    end = body.find("</h1>")
    if end < 0:
        return note + body
    end += len("</h1>")
    return body[:end] + note + body[end:]


def add_live_note(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if doctree is None or "body" not in context:
        return
    language = book_language(app)
    set_language(language)
    if pagename.startswith(CHAPTERS) and str(app.env.doc2path(pagename)).endswith(".ipynb"):
        url = live_chapter_url(pagename, language)
        body = frame_widget_pictures(context["body"], url)
        context["body"] = after_title(body, chapter_note(url))
        if "widget-picture" in body:
            context["metatags"] = context.get("metatags", "") + PICTURE_STYLE
    elif pagename == app.config.root_doc:
        chapters = app.env.toctree_includes.get(pagename, [])
        url = live_start_url(pagename, language, chapters[0] if chapters else "")
        context["body"] = after_title(context["body"], intro_note(url))


def book_language(app: Any) -> str:
    """The language this book is built in (Sphinx's ``language``; English when unset)."""
    return str(app.config.language or "en").split("_")[0]


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", add_live_note)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
