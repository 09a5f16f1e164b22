"""Keep the translation catalogs: extract, update, compile (Babel, a dev dependency).

    python tools/i18n.py extract   # the English messages -> spades_teach/locale/spades_teach.pot
    python tools/i18n.py update    # merge the .pot into each language's .po (new messages untranslated)
    python tools/i18n.py compile   # each .po -> its .mo (committed; tests/test_i18n.py checks they match)
    python tools/i18n.py numbers   # how each language writes numbers (Babel) -> spades_teach/locale/numbers.json
    python tools/i18n.py all       # the four in order

The package reads the .mo files with the standard library's gettext, so a plain
``pip install .`` (and the live edition's pure wheel) needs no Babel.
"""

from __future__ import annotations

import json
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


def number_symbols() -> dict[str, dict[str, object]]:
    """How each language writes a number, as Babel (CLDR) says: the decimal mark, the group
    separator, the fewest digits before a group separator is written (Spanish writes 1234 but
    10.000), and the space before a percent sign. The minus sign is the true one (U+2212)
    in every language, the house style (Babel's CLDR data gives a hyphen-minus)."""
    from babel import Locale
    from babel.numbers import format_decimal, format_percent

    table: dict[str, dict[str, object]] = {}
    for lang in ("en", *LANGUAGES):
        symbols = Locale.parse(lang).number_symbols["latn"]
        percent = format_percent(0.96, locale=lang)
        table[lang] = {
            "decimal": symbols["decimal"],
            "group": symbols["group"],
            "min_grouping": 1 if format_decimal(1234, locale=lang) != "1234" else 2,
            "percent": percent.replace("96", "{number}"),
            "minus": "\u2212",
        }
    return table


def numbers() -> None:
    """Write :func:`number_symbols` to ``spades_teach/locale/numbers.json`` (committed; the package
    reads it without Babel, and tests/test_i18n_terms.py checks it against Babel)."""
    text = json.dumps(number_symbols(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    (LOCALE / "numbers.json").write_text(text, encoding="utf-8")


def main(argv: list[str]) -> int:
    steps = {"extract": [extract], "update": [update], "compile": [compile_catalogs], "numbers": [numbers]}
    steps["all"] = [extract, update, compile_catalogs, numbers]
    if len(argv) != 1 or argv[0] not in steps:
        print(__doc__, file=sys.stderr)
        return 2
    for step in steps[argv[0]]:
        step()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
