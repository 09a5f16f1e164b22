"""Keep the translation catalogs: extract, update, compile (Babel, a dev dependency).

    python tools/i18n.py extract   # the English messages -> spades_teach/locale/spades_teach.pot
    python tools/i18n.py update    # merge the .pot into each language's .po (new messages untranslated)
    python tools/i18n.py compile   # each .po -> its .mo (committed; tests/test_i18n.py checks they match)
    python tools/i18n.py all       # the three in order

The package reads the .mo files with the standard library's gettext, so a plain
``pip install .`` (and the live edition's pure wheel) needs no Babel.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "spades_teach" / "locale"
POT = LOCALE / "spades_teach.pot"
LANGUAGES = ("fr", "es")


def _run(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "--quiet", *args])  # type: ignore[no-untyped-call]


def extract() -> None:
    """Write the template of every marked English message, without dates or line numbers
    (so an unchanged source gives an unchanged file)."""
    _run(
        "extract",
        "--mapping-file",
        str(ROOT / "babel.cfg"),
        "--output-file",
        str(POT),
        "--project",
        "spades_teach",
        "--no-location",
        "--omit-header",
        "--sort-output",
        "--width",
        "100",
        str(ROOT / "spades_teach"),
    )


def update() -> None:
    """Merge the template into each language's catalog (creating it the first time)."""
    for lang in LANGUAGES:
        po = LOCALE / lang / "LC_MESSAGES" / "spades_teach.po"
        if po.exists():
            _run(
                "update",
                "--input-file",
                str(POT),
                "--output-file",
                str(po),
                "--locale",
                lang,
                "--ignore-obsolete",
                "--ignore-pot-creation-date",
                "--width",
                "100",
                "--no-fuzzy-matching",
            )
        else:
            _run("init", "--input-file", str(POT), "--output-file", str(po), "--locale", lang, "--width", "100")


def compile_catalogs() -> None:
    """Compile each language's .po into the .mo beside it."""
    for lang in LANGUAGES:
        po = LOCALE / lang / "LC_MESSAGES" / "spades_teach.po"
        _run("compile", "--input-file", str(po), "--output-file", str(po.with_suffix(".mo")), "--locale", lang)


def main(argv: list[str]) -> int:
    steps = {"extract": [extract], "update": [update], "compile": [compile_catalogs]}
    steps["all"] = [extract, update, compile_catalogs]
    if len(argv) != 1 or argv[0] not in steps:
        print(__doc__, file=sys.stderr)
        return 2
    for step in steps[argv[0]]:
        step()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
