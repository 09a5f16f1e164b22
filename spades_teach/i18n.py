"""The language of every learner-facing sentence: one translation function.

English is the source language: the messages in the code are English, and the
French and Spanish catalogs (``spades_teach/locale/<lang>/LC_MESSAGES/spades_teach.mo``,
compiled from the ``.po`` beside them by ``tools/i18n.py``) give their
translations. The standard library's :mod:`gettext` reads them, so using a
language needs nothing outside the standard library. (The book's live edition,
where Python runs in the reader's browser, serves each language's catalogs apart
and fetches them the first time the language is used: an English page downloads
neither.)

The language in use is, first, the one of the innermost ``with language(code):``
block around the code (a context variable: a widget with its own language menu
speaks its own language this way, and nothing outside the block changes); else
the one chosen by :func:`set_language`; else the environment's, read the way
gettext reads it (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: the first
one set, and in it the first of French, Spanish or English named); else English.

Messages keep their values out of the sentence: ``_("{card} cannot be played").format(card=...)``,
so a translation may put the words in its own order.

>>> message = "{count} trick goes to {other}", "{count} tricks go to {other}"
>>> set_language("fr")
>>> ngettext(*message, 2).format(count=2, other="EW")
'2 plis passent à EW'
>>> set_language("en")
>>> ngettext(*message, 1).format(count=1, other="EW")
'1 trick goes to EW'
>>> with language("es"):
...     ngettext(*message, 2).format(count=2, other="EW")
'2 bazas pasan a EW'
>>> get_language()
'en'
"""

from __future__ import annotations

import gettext as _gettext
import hashlib
import io
import json
import os
import sys
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from spades_teach.errors import LanguageError

__all__ = [
    "LANGUAGES",
    "DOMAIN",
    "LOCALE_DIR",
    "LanguageError",
    "_",
    "N_",
    "gettext",
    "ngettext",
    "pgettext",
    "npgettext",
    "set_language",
    "get_language",
    "language",
    "LANGUAGE_NAMES",
    "language_from_environment",
    "decimal",
    "plural_count",
    "yes_no",
    "format_number",
    "format_signed",
    "format_percent",
    "join_and",
    "join_or",
    "join_clauses",
]

#: The languages the course speaks, English first (the source language).
LANGUAGES = ("en", "fr", "es")
#: Each language named in itself (the same in every language): the language menus' entries.
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "es": "Español"}
#: The gettext domain: the catalogs are ``<lang>/LC_MESSAGES/spades_teach.mo``.
DOMAIN = "spades_teach"
#: The domain of the chapters' code messages (``<lang>/LC_MESSAGES/chapters.mo``), which
#: :func:`gettext` and the others fall back on: a chapter prints its words through the package.
CHAPTERS_DOMAIN = "chapters"
#: Where the catalogs live, inside the package (they ship as package data).
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

# The environment variables gettext reads, in its order.
_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def _normalize(code: str) -> str:
    """``"fr_FR.UTF-8"`` -> ``"fr"``: the language part of a locale name, lower case."""
    return code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, read like gettext reads it: the first
    of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, its
    colon-separated list searched for the first of ``fr``, ``es``, ``en``;
    English if none names one (``C`` and ``POSIX`` are English too).

    >>> language_from_environment({"LANG": "es_ES.UTF-8"})
    'es'
    >>> language_from_environment({"LANGUAGE": "de:fr", "LANG": "es_ES.UTF-8"})
    'fr'
    >>> language_from_environment({"LANG": "de_DE.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for name in _ENVIRONMENT:
        value = env.get(name)
        if not value:
            continue
        for part in value.split(":"):
            code = _normalize(part)
            if code in LANGUAGES:
                return code
        return "en"
    return "en"


#: The live edition's name of the wheel of a language's catalogs, in the lock file Pyodide starts
#: with (tools/make_lite_lock.py takes them out of the package's wheel, one wheel per language).
LIVE_CATALOGS = "spades-teach-{language}"


def _fetch_live_catalogs(language: str) -> None:
    """In the book's live edition (Pyodide, in a web worker of the reader's browser), put
    ``language``'s catalogs into the package the first time they are needed: the site serves them
    apart (an English page downloads none), as the wheel its lock file names
    (:data:`LIVE_CATALOGS`). The wheel is fetched at once (a synchronous request: ``set_language``
    returns with the language in use), checked against the lock's hash and unpacked here.

    Does nothing outside Pyodide, when the catalogs are already installed, or when the lock names
    no such wheel (the catalogs are then missing, as in any installation without them); a fetch that
    fails raises :class:`LanguageError`."""
    if sys.platform != "emscripten" or (LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo").exists():
        return
    try:
        import pyodide_js  # type: ignore[import-not-found]  # Pyodide's own API, from Python
        from js import URL, XMLHttpRequest, location  # type: ignore[import-not-found]
    except ImportError:
        return
    entry = getattr(pyodide_js.lockfile.packages, LIVE_CATALOGS.format(language=language), None)
    if entry is None:
        return
    url = str(URL.new(entry.file_name, URL.new(pyodide_js.lockfileBaseUrl or "", location.href)).href)
    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"  # allowed for a synchronous request in a worker
    try:
        request.send()
    except Exception as error:  # pyodide.ffi.JsException: the site could not be reached
        raise LanguageError(f"the {language!r} catalog could not be fetched from {url}: {error}") from None
    data = bytes(request.response.to_bytes()) if request.status == 200 else b""
    if hashlib.sha256(data).hexdigest() != entry.sha256:
        raise LanguageError(f"the {language!r} catalog could not be fetched from {url} (HTTP {request.status})")
    folder = f"spades_teach/locale/{language}/"
    with zipfile.ZipFile(io.BytesIO(data)) as wheel:
        wheel.extractall(LOCALE_DIR.parents[1], [name for name in wheel.namelist() if name.startswith(folder)])


def _catalog(language: str) -> _gettext.NullTranslations:
    """The translations of ``language``, loaded once (English needs none). A catalog
    missing from the installation raises :class:`LanguageError`."""
    found = _translations.get(language)
    if found is None:
        if language == "en":
            found = _gettext.NullTranslations()
        else:
            _fetch_live_catalogs(language)
            try:
                found = _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[language])
            except OSError:
                raise LanguageError(
                    f"the {language!r} catalog is missing from {LOCALE_DIR}: reinstall spades_teach"
                ) from None
            # The words the chapters' code cells print, from the chapters' own catalogs
            # (notebooks/locale, compiled by tools/chapter_translations.py): a message the
            # package does not know is looked up there.
            found.add_fallback(
                _gettext.translation(CHAPTERS_DOMAIN, localedir=str(LOCALE_DIR), languages=[language], fallback=True)
            )
        _translations[language] = found
    return found


_translations: dict[str, _gettext.NullTranslations] = {}
# The language chosen for the whole process (set_language, or the environment's at first use).
_chosen: list[str] = []
# The language of the innermost ``with language(...)`` block in this context (None: outside any).
_block: ContextVar[str | None] = ContextVar("spades_teach_language", default=None)


def _code(language: str) -> str:
    """``language`` as one of :data:`LANGUAGES`, its catalog loaded (so a missing catalog
    changes nothing); anything else raises :class:`LanguageError`."""
    code = _normalize(language) if isinstance(language, str) else ""
    if code not in LANGUAGES:
        raise LanguageError(f"unknown language {language!r}: use 'en' (English), 'fr' (français) or 'es' (español)")
    _catalog(code)
    return code


def _active() -> _gettext.NullTranslations:
    return _catalog(get_language())


def set_language(language: str) -> None:
    """Speak ``language`` from now on: ``"en"``, ``"fr"`` or ``"es"`` (any case;
    ``"fr_FR"`` works too). Anything else raises :class:`LanguageError` and leaves
    the language as it was.

    The choice holds for the whole process (every later cell of a notebook), not
    only for the context it is made in: Jupyter kernels do not always carry a
    context variable from one cell to the next. Inside a ``with language(...)``
    block it is spoken at once, and still after the block."""
    code = _code(language)
    _chosen[:] = [code]
    if _block.get() is not None:
        _block.set(code)


@contextmanager
def language(code: str) -> Iterator[str]:
    """Speak ``code`` inside the block, and the language in use before it after:
    the block's language belongs to its context (the code it runs), so a widget
    that speaks its own language changes no other widget's, nor what comes later.
    An unknown language raises :class:`LanguageError` before the block runs.

    >>> set_language("en")
    >>> with language("fr"):
    ...     gettext("Language")
    'Langue'
    >>> gettext("Language")
    'Language'
    """
    chosen = _code(code)
    token = _block.set(chosen)
    try:
        yield chosen
    finally:
        _block.reset(token)


def get_language() -> str:
    """The language in use: ``"en"``, ``"fr"`` or ``"es"``."""
    block = _block.get()
    if block is not None:
        return block
    if not _chosen:
        # The first use: the environment's language, or English if its catalog is missing.
        wanted = language_from_environment()
        try:
            _catalog(wanted)
        except LanguageError:
            wanted = "en"
        _chosen.append(wanted)
    return _chosen[0]


def gettext(message: str) -> str:
    """``message`` in the language in use (English when it has no translation)."""
    return _active().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form of a message, as the language in use counts ``count``."""
    return _active().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, where ``context`` tells one role of an English word
    from another (``pgettext("score sheet header", "Bid")``, a noun, against the button's verb)."""
    return _active().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` with a ``context``, as :func:`pgettext`."""
    return _active().npgettext(context, singular, plural, count)


_ = gettext


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now: for a sentence
    kept and translated later, when it is read (``_(kept).format(...)``)."""
    return message


_number_symbols: dict[str, dict[str, Any]] = {}


def _symbols() -> dict[str, Any]:
    """How the language in use writes numbers (``locale/numbers.json``, written from Babel's
    CLDR data by ``tools/i18n.py numbers``, so the package needs no Babel at run time)."""
    if not _number_symbols:
        _number_symbols.update(json.loads((LOCALE_DIR / "numbers.json").read_text(encoding="utf-8")))
    return dict(_number_symbols[get_language()])


def format_number(value: float, digits: int = 0) -> str:
    """``value`` rounded to ``digits`` decimals and written as the language in use writes a
    number: its decimal mark (a comma in French and Spanish), its group separator (French
    ``12 345``, Spanish ``12.345``), and the true minus sign ``−`` in every language (a
    hyphen-minus never stands for it; ``−0`` is written ``0``).

    >>> set_language("fr")
    >>> format_number(-0.1, 2), format_number(12345), format_number(-50)
    ('−0,10', '12\u202f345', '−50')
    >>> set_language("en")
    >>> format_number(-1234.5, 1), format_number(-0.001, 1)
    ('−1,234.5', '0.0')
    """
    symbols = _symbols()
    text = f"{abs(value):.{digits}f}"
    whole, _dot, fraction = text.partition(".")
    if len(whole) >= 4 + symbols["min_grouping"] - 1:
        groups: list[str] = []
        while len(whole) > 3:
            groups.insert(0, whole[-3:])
            whole = whole[:-3]
        whole = symbols["group"].join([whole, *groups])
    written = whole + (symbols["decimal"] + fraction if fraction else "")
    negative = value < 0 and any(ch not in "0" for ch in text if ch.isdigit())
    return symbols["minus"] + written if negative else written


def format_signed(value: float, digits: int = 0) -> str:
    """:func:`format_number` with ``+`` before a positive number (a change: ``+72``, ``−50``, ``0``).

    >>> set_language("es")
    >>> format_signed(0.03, 2), format_signed(-0.1, 2), format_signed(0)
    ('+0,03', '−0,10', '0')
    >>> set_language("en")
    """
    text = format_number(value, digits)
    return "+" + text if value > 0 and any(ch.isdigit() and ch != "0" for ch in text) else text


def format_percent(value: float, digits: int = 0) -> str:
    """A share (0.96) as a percentage the way the language writes it: ``96%``, French and Spanish ``96 %``."""
    return str(_symbols()["percent"]).format(number=format_number(value * 100, digits))


def yes_no(value: bool) -> str:
    """A yes-or-no value as a word of the language in use (``yes``, ``oui``, ``sí``): a learner
    never reads a raw ``True``."""
    return gettext("yes") if value else gettext("no")


def plural_count(value: float) -> int:
    """The count to give :func:`ngettext` for a number that may have decimals, so that the noun
    takes the form the language gives it (CLDR's rule): French keeps the singular below 2
    (``0,5 pli``, ``1,75 pli``), English and Spanish take the plural for any decimal
    (``1.5 tricks``, ``1,5 bazas``); a whole number is itself.

    >>> set_language("fr")
    >>> [plural_count(v) for v in (0.5, 1.75, 2.5, 1.0)]
    [1, 1, 2, 1]
    >>> set_language("en")
    >>> [plural_count(v) for v in (0.5, 1.0, 3.0)]
    [2, 1, 3]
    """
    if value == int(value):
        return abs(int(value))
    if get_language() == "fr":
        return 1 if abs(value) < 2 else 2
    return 2


def decimal(value: float, digits: int = 1) -> str:
    """A number with ``digits`` decimals, as :func:`format_number` writes it (the decimal mark
    of the language in use: a comma in French and Spanish).

    >>> set_language("es")
    >>> decimal(2.5)
    '2,5'
    >>> set_language("en")
    >>> decimal(2.5)
    '2.5'
    """
    return format_number(value, digits)


def _joined(items: Sequence[str], pair: str) -> str:
    """``items`` said one after another, each joined to the text before it by the message ``pair``
    (``"{first} and {second}"``), translated: each language joins two things its own way."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = gettext(pair).format(first=text, second=item)
    return text


def join_and(items: Sequence[str]) -> str:
    """Items joined with the language's "and".

    >>> set_language("en")
    >>> join_and(["A♠", "K♠", "Q♠"])
    'A♠ and K♠ and Q♠'
    """
    return _joined(items, N_("{first} and {second}"))


def join_or(items: Sequence[str]) -> str:
    """Items joined with the language's "or" (``'3 or 4'``)."""
    return _joined(items, N_("{first} or {second}"))


def join_clauses(items: Sequence[str]) -> str:
    """Clauses separated by semicolons, as the language writes them (French puts a space before)."""
    return _joined(items, N_("{first}; {second}"))
