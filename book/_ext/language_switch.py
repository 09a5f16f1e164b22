"""Sphinx extension of the book: every page leads to the same page in the other languages.

The book is built three times from the same table of contents (``tools/book_languages.py``): English at
the site's root, French in ``fr/`` and Spanish in ``es/``, each chapter under the same page name
(``notebooks/04_scoring_a_hand`` in each). So the same page in another language is found by going up
to the site's root and down into that language's folder. The menu sits at the top of every page.
"""

from __future__ import annotations

from typing import Any

from spades_teach.i18n import LANGUAGES, set_language
from spades_teach.render.book_pages import language_menu

#: How the menu looks: a line of links above the page's text.
MENU_STYLE = """<style>
.language-menu { margin: 0 0 0.8rem; font-size: 0.95rem; }
.language-menu .language-current { font-weight: 600; }
</style>"""


def page_in(pagename: str, current: str, language: str) -> str:
    """The relative link from ``pagename`` of the ``current`` language's book to the same page in
    ``language``'s book.

    >>> page_in("notebooks/04_scoring_a_hand", "en", "fr")
    '../fr/notebooks/04_scoring_a_hand.html'
    >>> page_in("notebooks/04_scoring_a_hand", "fr", "en")
    '../../notebooks/04_scoring_a_hand.html'
    >>> page_in("intro", "es", "fr")
    '../fr/intro.html'
    """
    root = "../" * (pagename.count("/") + (current != "en"))
    folder = "" if language == "en" else f"{language}/"
    return f"{root}{folder}{pagename}.html"


def add_language_menu(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if doctree is None or "body" not in context:
        return
    current = str(app.config.language or "en").split("_")[0]
    set_language(current)
    links = {code: page_in(pagename, current, code) for code in LANGUAGES}
    context["body"] = language_menu(links, current) + context["body"]
    context["metatags"] = context.get("metatags", "") + MENU_STYLE


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", add_language_menu)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
