"""Write the configuration of the French and Spanish books from the English one.

    python tools/book_languages.py fr     # writes book/fr/_config.yml and book/fr/_toc.yml

The English book (``book/_config.yml``, ``book/_toc.yml``) is the one source: each translated book
has the same settings, the same parts and the same chapters, in the same order, read from
``notebooks/<lang>/`` (``book/<lang>/notebooks`` links there) and with its own first page
(``book/<lang>/intro.md``). Only the words change (title, part captions, search box), through the
package's catalogs, and Sphinx's ``language`` (its own words: "Contents", "Search"...). The paths
that lead back to the English book's folder (extensions, widget JavaScript, icon) go one folder up.
tools/build_book.sh builds each of them into the site's ``fr/`` and ``es/`` folders.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from spades_teach.i18n import set_language
from spades_teach.render.book_pages import book_title, part_caption, search_text

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
TRANSLATIONS = ("fr", "es")


def translated_config(config: dict[str, Any], language: str) -> dict[str, Any]:
    """The English book's settings for the book in ``language`` (the language already set)."""
    out = yaml.safe_load(yaml.safe_dump(config, sort_keys=False))  # a deep copy
    out["title"] = book_title()
    out["html"]["favicon"] = "../" + config["html"]["favicon"]
    sphinx = out["sphinx"]
    sphinx["local_extensions"] = {name: "../" + path for name, path in config["sphinx"]["local_extensions"].items()}
    settings = sphinx["config"]
    settings["language"] = language
    settings["html_extra_path"] = ["../" + path for path in config["sphinx"]["config"]["html_extra_path"]]
    settings["html_theme_options"]["search_bar_text"] = search_text()
    return out


def translated_toc(toc: dict[str, Any]) -> dict[str, Any]:
    """The English table of contents with its captions in the language set (the same files)."""
    out = yaml.safe_load(yaml.safe_dump(toc, sort_keys=False))
    for part in out.get("parts", []):
        part["caption"] = part_caption(part["caption"])
    return out


def write(language: str) -> Path:
    """Write ``book/<language>/_config.yml`` and ``_toc.yml``; return the book's folder."""
    set_language(language)
    config = yaml.safe_load((BOOK / "_config.yml").read_text(encoding="utf-8"))
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    folder = BOOK / language
    note = "# Written by tools/book_languages.py from book/{} (do not edit).\n"
    (folder / "_config.yml").write_text(
        note.format("_config.yml")
        + yaml.safe_dump(translated_config(config, language), allow_unicode=True, sort_keys=False),
        encoding="utf-8",
    )
    (folder / "_toc.yml").write_text(
        note.format("_toc.yml") + yaml.safe_dump(translated_toc(toc), allow_unicode=True, sort_keys=False),
        encoding="utf-8",
    )
    return folder


def main(argv: list[str]) -> int:
    for language in argv or list(TRANSLATIONS):
        if language not in TRANSLATIONS:
            print(f"book_languages.py: no book in {language!r}; choose from {', '.join(TRANSLATIONS)}", file=sys.stderr)
            return 2
        print(write(language).relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
