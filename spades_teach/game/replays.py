"""The annotated replays shipped with the package (game records in ``data/records``, their texts
translated beside them), loaded through the engine in the language in use: :func:`load_record`.

>>> names = list_records()
>>> "spanish_example" in names and names == sorted(names)
True
>>> record = load_record("spanish_example")
>>> len(record.tricks), [str(c) for c in record.tricks[0]]
(13, ['3H', 'KH', '5S', '9H'])
>>> score = record.score()
>>> score.points["EW"], score.bags["EW"], score.points["NS"]
(71, 1, 50)
>>> from spades_teach.i18n import set_language
>>> set_language("fr")
>>> french = load_record("spanish_example")
>>> french.title != record.title and french.tricks == record.tricks
True
>>> set_language("en")
>>> load_record("no such hand")
Traceback (most recent call last):
...
spades_teach.errors.RecordError: no packaged record named 'no such hand'; the records are: bags, blind_nil, contract_set, nil_covered, spanish_example
"""

from __future__ import annotations

from importlib.resources import files
from typing import TYPE_CHECKING

from spades_teach.errors import LanguageError, RecordError, RecordTranslationError
from spades_teach.game.records import GameRecord, loads, translate
from spades_teach.i18n import LANGUAGES, _, get_language

if TYPE_CHECKING:
    from importlib.abc import Traversable

__all__ = ["list_records", "load_record", "packaged_records", "record_text", "translation_text"]

_SUFFIX = ".json"


def _folder() -> Traversable:
    """The folder of packaged records (inside the installed package, zipped or not)."""
    return files("spades_teach") / "data" / "records"


def list_records() -> list[str]:
    """The names of the packaged records, sorted (a name is the file name
    without ``.json``).

    >>> "nil_covered" in list_records()
    True
    """
    folder = _folder()
    if not folder.is_dir():
        return []
    return sorted(item.name[: -len(_SUFFIX)] for item in folder.iterdir() if item.name.endswith(_SUFFIX))


def record_text(name: str) -> str:
    """The JSON text of the packaged record ``name`` (not checked).

    >>> record_text("bags").startswith("{")
    True
    """
    names = list_records()
    if not isinstance(name, str) or name not in names:
        raise RecordError(
            _("no packaged record named {name}; the records are: {names}").format(
                name=repr(name), names=", ".join(names) or _("none")
            )
        )
    text: str = (_folder() / f"{name}{_SUFFIX}").read_text(encoding="utf-8")
    return text


def translation_text(name: str, language: str) -> str | None:
    """The JSON text of the packaged translation of record ``name`` into
    ``language`` (not checked), or ``None`` if there is none (English never has
    one: it is the records' own language). A language the course does not speak
    raises :class:`LanguageError`.

    >>> translation_text("bags", "es").startswith("{")
    True
    >>> translation_text("bags", "en") is None
    True
    """
    record_text(name)  # an unknown name is refused as by load_record
    if language not in LANGUAGES:
        raise LanguageError(
            _("no language {language}; the records are in: {languages}").format(
                language=repr(language), languages=", ".join(LANGUAGES)
            )
        )
    if language == "en":
        return None
    path = _folder() / language / f"{name}{_SUFFIX}"
    if not path.is_file():
        return None
    text: str = path.read_text(encoding="utf-8")
    return text


def load_record(name: str, language: str | None = None) -> GameRecord:
    """Load the packaged record ``name``; the engine replays and checks it. Its
    texts are in ``language`` (``"en"``, ``"fr"`` or ``"es"``; by default the
    language in use), or in English when the record has no translation into it.
    The hand is the same in every language.

    >>> record = load_record("contract_set")
    >>> record.score().made["EW"]
    False
    >>> record.annotation_for(trick=13, card="QS") is not None
    True
    >>> spanish = load_record("contract_set", "es")
    >>> spanish.title
    'Tumbar un contrato de 8'
    >>> spanish.tricks == record.tricks and spanish.score() == record.score()
    True
    """
    text = record_text(name)
    chosen = get_language() if language is None else language
    translation = translation_text(name, chosen)
    try:
        record = loads(text)
    except RecordError as exc:
        raise RecordError(_("packaged record {name}: {problem}").format(name=repr(name), problem=exc)) from None
    if translation is None:
        return record
    try:
        return translate(record, translation, language=chosen)
    except RecordError as exc:
        raise RecordTranslationError(
            _("packaged record {name}, translation {file}: {problem}").format(
                name=repr(name), file=f"{chosen}/{name}{_SUFFIX}", problem=exc
            )
        ) from None


def packaged_records() -> list[tuple[str, GameRecord]]:
    """The annotated game records shipped with the package, as ``(name, record)``
    pairs, read with :func:`load_record` (an empty list if the installation has none)."""
    return [(str(name), load_record(name)) for name in list_records()]
