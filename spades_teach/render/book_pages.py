"""The words the book adds around its chapters, in the reader's language.

The Jupyter Book is built once per language (English at the root, French in ``fr/``, Spanish in
``es/``; ``tools/book_languages.py``). Its Sphinx extensions (``book/_ext``) add a few things to each
page: the note saying the widgets are pictures and the live edition runs them, the label on each
widget picture, and the menu leading to the same page in the other languages. Their words live here,
through the one translation function, so the catalogs hold them like every other sentence.

>>> from spades_teach.i18n import set_language
>>> set_language("fr")
>>> book_title()
'Apprendre le Spades avec spades_teach'
>>> set_language("en")
>>> picture_label()
'picture — open live to play'
"""

from __future__ import annotations

import html

from spades_teach.i18n import LANGUAGE_NAMES, _

__all__ = [
    "book_title",
    "part_caption",
    "search_text",
    "picture_label",
    "chapter_note",
    "intro_note",
    "language_menu",
]


def book_title() -> str:
    """The book's title."""
    return _("Learn Spades with spades_teach")


def part_caption(caption: str) -> str:
    """A part of the table of contents, from its English caption ("Chapters" or "Appendix")."""
    captions = {"Chapters": _("Chapters"), "Appendix": _("Appendix")}
    return captions.get(caption, caption)


def search_text() -> str:
    """What the search box says before the reader types."""
    return _("Search the book...")


def picture_label() -> str:
    """The label on a widget's picture (a link to the same chapter, live)."""
    return _("picture — open live to play")


def chapter_note(url: str) -> str:
    """The note at the top of a chapter page: its widgets are pictures; ``url`` opens it live."""
    link = html.escape(url, quote=True)
    title = _("This page is a picture; the live edition runs it")
    open_live = _("Open live")
    text = _(
        "The outputs and widgets on this page were saved when the book was built: the widgets are pictures, "
        "and their buttons and boxes do nothing here. To use them and run the code yourself, open the chapter "
        "in the live edition: it runs in your browser with nothing to install (Python compiled to WebAssembly; "
        "its first start can take a minute), and runs its cells by itself as it opens."
    )
    return (
        '<div class="admonition note live-edition-note">'
        f'<p class="admonition-title">{html.escape(title)}</p>'
        f"<p>{text}</p>"
        f'<p><a class="live-edition-link reference external" href="{link}">{html.escape(open_live)}</a></p>'
        "</div>"
    )


def intro_note(url: str) -> str:
    """The note on the book's first page: ``url`` opens the live edition."""
    words, open_live = _("open the live edition"), _("Open live")
    link = f'<a class="live-edition-link reference external" href="{html.escape(url, quote=True)}">{html.escape(words)}</a>'
    text = _(
        "On these pages the widgets are pictures. Every chapter also runs live in your browser, with nothing "
        "to install: {link}, or follow the {open_live} link at the top of a chapter."
    ).format(link=link, open_live="<em>" + html.escape(open_live) + "</em>")
    title = _("Run the chapters live")
    return (
        '<div class="admonition tip live-edition-note">'
        f'<p class="admonition-title">{html.escape(title)}</p>'
        f"<p>{text}</p>"
        "</div>"
    )


def language_menu(links: dict[str, str], current: str) -> str:
    """The menu leading to this page in each language: ``links`` maps a language code to the page's
    address in that language; the current language is marked, not linked.

    >>> from spades_teach.i18n import set_language
    >>> set_language("en")
    >>> print(language_menu({"en": "a.html", "fr": "fr/a.html"}, "en"))  # doctest: +NORMALIZE_WHITESPACE
    <nav class="language-menu" aria-label="Language"><span class="language-current"
    aria-current="page" lang="en">English</span> · <a class="language-link" href="fr/a.html"
    hreflang="fr" lang="fr">Français</a></nav>
    """
    items = []
    for code, url in links.items():
        name = html.escape(LANGUAGE_NAMES[code])
        if code == current:
            items.append(f'<span class="language-current" aria-current="page" lang="{code}">{name}</span>')
        else:
            href = html.escape(url, quote=True)
            items.append(f'<a class="language-link" href="{href}" hreflang="{code}" lang="{code}">{name}</a>')
    label = html.escape(_("Language"), quote=True)
    return f'<nav class="language-menu" aria-label="{label}">' + " · ".join(items) + "</nav>"
