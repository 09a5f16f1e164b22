"""The packaged records in French and Spanish: every record has a complete
translation of its texts in each language, the translation keeps every number
and card of the English text (cards in the language's notation), loading a
record in a language gives its texts and the very same hand, and a translation
that does not fit its record is refused."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from importlib.resources import files
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from spades_teach.errors import LanguageError, RecordError, RecordTranslationError, SpadesError
from spades_teach.game.notation import card_face, card_index, rank_face, rank_value, suit_number
from spades_teach.game.records import TRANSLATION_FORMAT, GameRecord, dumps, translate
from spades_teach.game.replays import list_records, load_record, record_text, translation_text
from spades_teach.i18n import get_language, set_language

NAMES = list_records()
LANGUAGES = ("fr", "es")
CASES = [(name, language) for name in NAMES for language in LANGUAGES]

# A number as the texts write it, with its sign when the sign is glued to it (−27, +200).
NUMBER = re.compile(r"[+−]?\d+")
# A card written with its suit symbol: a rank (10 or one letter/digit) then the symbol.
CARD = re.compile(r"(?<![\w])(10|[2-9A-Z])([♠♥♦♣])")
# Words only the translation uses: a learner reading them knows the text is not English.
LANGUAGE_WORDS = {"fr": {"pli", "plis", "annonce"}, "es": {"baza", "bazas", "anuncia"}}


def numbers(text: str) -> Counter[str]:
    return Counter(NUMBER.findall(text))


def cards_in(text: str, language: str) -> Counter[int]:
    """The cards a text names, each as its index, read with the rank letters of ``language``."""
    set_language(language)
    try:
        return Counter(card_index(rank_value(rank), suit_number(suit)) for rank, suit in CARD.findall(text))
    finally:
        set_language("en")


def texts(record: GameRecord) -> list[str]:
    return [record.title or "", record.description or "", *(note.text for note in record.annotations)]


def overlay(name: str, language: str) -> dict[str, object]:
    text = translation_text(name, language)
    assert text is not None, f"{language}/{name}.json is missing"
    data: dict[str, object] = json.loads(text)
    return data


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


# -- every record has a complete translation ------------------------------------------------------


@pytest.mark.parametrize(("name", "language"), CASES)
def test_every_record_has_a_complete_translation(name: str, language: str) -> None:
    english = json.loads(record_text(name))
    data = overlay(name, language)
    assert data["format"] == TRANSLATION_FORMAT and data["language"] == language
    notes = data["annotations"]
    assert isinstance(notes, list) and len(notes) == len(english["annotations"])
    for mine, theirs in zip(notes, english["annotations"]):
        assert mine["at"] == theirs["at"]
        assert mine["text"].strip() and mine["text"] != theirs["text"]
    for field in ("title", "description"):
        assert isinstance(data[field], str) and data[field].strip() and data[field] != english[field]
    # Nothing of the game is repeated in the translation: the hand is stored once.
    assert not {"deal", "bids", "tricks", "dealer", "rules", "scores", "bags"} & set(data)


def test_the_translations_are_exactly_the_records() -> None:
    folder = files("spades_teach") / "data" / "records"
    for language in LANGUAGES:
        found = sorted(p.name.removesuffix(".json") for p in (folder / language).iterdir() if p.name.endswith(".json"))
        assert found == NAMES, language


@pytest.mark.parametrize(("name", "language"), CASES)
def test_translation_keeps_every_number_and_card(name: str, language: str) -> None:
    english = load_record(name, "en")
    translated = load_record(name, language)
    for source, text in zip(texts(english), texts(translated)):
        assert numbers(text) == numbers(source), (text, source)
        assert cards_in(text, language) == cards_in(source, "en"), (text, source)


@pytest.mark.parametrize(("name", "language"), CASES)
def test_cards_follow_the_language_notation(name: str, language: str) -> None:
    translated = load_record(name, language)
    set_language(language)
    try:
        faces = {card_face(index) for index in range(52)}
        local = {rank_face(rank) for rank in (11, 12, 13)}
    finally:
        set_language("en")
    for text in texts(translated):
        for rank, suit in CARD.findall(text):
            assert rank + suit in faces, (rank + suit, text)
    if language == "fr":
        assert local == {"V", "D", "R"}
        assert not any(re.search(r"\b[KQJ][♠♥♦♣]", text) for text in texts(translated))


# -- loading in a language ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "language"), CASES)
def test_load_record_in_the_language_in_use(name: str, language: str) -> None:
    english = load_record(name)
    set_language(language)
    translated = load_record(name)
    set_language("en")
    data = overlay(name, language)
    assert translated.title == data["title"] and translated.description == data["description"]
    assert [n.text for n in translated.annotations] == [n["text"] for n in data["annotations"]]  # type: ignore[attr-defined]
    assert [n.anchor for n in translated.annotations] == [n.anchor for n in english.annotations]
    # The same hand: deal, dealer, rules, bids, tricks, carried scores and bags, and the score.
    assert translated.deal == english.deal and translated.dealer == english.dealer
    assert translated.rules == english.rules
    assert translated.bids == english.bids and translated.tricks == english.tricks
    assert translated.scores == english.scores and translated.bags == english.bags
    assert translated.score() == english.score()
    assert translated.round().history == english.round().history
    # The description states the real score, as the English one does.
    for points in english.score().points.values():
        shown = f"−{-points}" if points < 0 else str(points)
        assert shown in (translated.description or "")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_language_word_shows_and_english_comes_back(language: str) -> None:
    set_language(language)
    record = load_record("contract_set")
    assert get_language() == language
    assert words(record.description or "") & LANGUAGE_WORDS[language]
    assert "13 − 8 + 1 = 6" in (record.description or "")
    set_language("en")
    english = load_record("contract_set")
    assert "tricks" in words(english.description or "")
    assert dumps(english) == record_text("contract_set")


def test_an_explicit_language_wins_over_the_language_in_use() -> None:
    set_language("es")
    french = load_record("bags", "fr")
    english = load_record("bags", "en")
    set_language("en")
    assert french.title == overlay("bags", "fr")["title"]
    assert english.title == json.loads(record_text("bags"))["title"]


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(LanguageError, match="no language 'de'; the records are in: en, fr, es"):
        load_record("bags", "de")


# -- malformed translations are refused ---------------------------------------------------------------


def english_record() -> GameRecord:
    return load_record("nil_covered", "en")


def french_data() -> dict[str, object]:
    return overlay("nil_covered", "fr")


def refuse(data: object, match: str) -> RecordTranslationError:
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    with pytest.raises(RecordTranslationError, match=match) as info:
        translate(english_record(), text, language="fr")
    assert isinstance(info.value, RecordError) and isinstance(info.value, SpadesError)
    return info.value


def test_an_annotation_left_out_is_refused() -> None:
    data = french_data()
    notes = data["annotations"]
    assert isinstance(notes, list)
    count = len(notes)
    del notes[-1]
    refuse(data, rf"annotations: the record has {count} annotations and this translation {count - 1}")


def test_annotations_out_of_order_are_refused() -> None:
    data = french_data()
    notes = data["annotations"]
    assert isinstance(notes, list)
    notes[0], notes[1] = notes[1], notes[0]
    refuse(data, r"annotations\[0\]\.at: the record's annotation 1 is on East's bid, this one on South's bid")


def test_an_annotation_at_another_card_is_refused() -> None:
    data = french_data()
    notes = data["annotations"]
    assert isinstance(notes, list)
    index = next(i for i, n in enumerate(notes) if n["at"].get("card"))
    notes[index]["at"]["card"] = "2C" if notes[index]["at"]["card"] != "2C" else "3C"
    refuse(data, rf"annotations\[{index}\]\.at: the record's annotation {index + 1} is on ")


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d["annotations"][2].update(text="   "), r"annotations\[2\]\.text: an annotation needs some text"),
        (lambda d: d.pop("title"), r"missing field 'title'"),
        (lambda d: d.update(description=""), r"description: the translation is empty"),
        (lambda d: d.update(language="es"), r"language: this translation is in 'es', not in 'fr'"),
        (lambda d: d.update(version=2), r"version: unsupported record version 2"),
        (lambda d: d.update(tricks=[]), r"unknown field 'tricks'"),
        (lambda d: d.update(format="spades_teach/record"), r"format: expected 'spades_teach/record-translation'"),
        (lambda d: d.update(annotations={}), r"annotations: expected a list, got an object"),
    ],
)
def test_a_malformed_translation_is_refused(change: object, match: str) -> None:
    data = french_data()
    change(data)  # type: ignore[operator]
    refuse(data, match)


def test_text_that_is_not_json_is_refused() -> None:
    refuse('{"version": 1,', r"not JSON")
    refuse("[1, 2]", r"translation: expected an object, got a list")


def test_a_translated_field_the_record_lacks_is_refused() -> None:
    record = english_record()
    bare = GameRecord.from_json(_without(record.to_json(), "title"))
    data = french_data()
    with pytest.raises(RecordTranslationError, match=r"title: the record has no 'title' to translate"):
        translate(bare, json.dumps(data), language="fr")


def _without(data: dict[str, object], key: str) -> dict[str, object]:
    return {k: v for k, v in data.items() if k != key}


def test_a_broken_packaged_translation_names_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    from spades_teach.game import replays

    data = french_data()
    data["annotations"] = []
    monkeypatch.setattr(replays, "translation_text", lambda name, language: json.dumps(data))
    with pytest.raises(
        RecordTranslationError, match=r"packaged record 'nil_covered', translation fr/nil_covered\.json: "
    ):
        load_record("nil_covered", "fr")


def test_a_record_without_translation_reads_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    from spades_teach.game import replays

    monkeypatch.setattr(replays, "translation_text", lambda name, language: None)
    assert load_record("bags", "es").title == json.loads(record_text("bags"))["title"]


def test_the_translations_ship_as_package_data() -> None:
    """pyproject's package-data patterns (read by the wheel and by the live edition's pure
    wheel, tools/build_lite.sh) take in every record and every translation."""
    root = Path(__file__).resolve().parent.parent
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    package = root / "spades_teach"
    shipped = {
        path
        for pattern in config["tool"]["setuptools"]["package-data"]["spades_teach"]
        for path in package.glob(pattern)
    }
    folder = package / "data" / "records"
    wanted = [folder / f"{name}.json" for name in NAMES]
    wanted += [folder / language / f"{name}.json" for language in LANGUAGES for name in NAMES]
    assert all(path.is_file() for path in wanted)
    assert set(wanted) <= shipped


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translated_record_finds_its_stored_review(language: str) -> None:
    """The stored card reviews are keyed by the hand, so a record read in any language finds them."""
    from spades_teach.analysis.stored_reviews import hand_fingerprint, stored_review_data

    english = {name: hand_fingerprint(load_record(name).to_round()) for name in NAMES}
    set_language(language)
    try:
        for name in NAMES:
            played = load_record(name).to_round()
            assert hand_fingerprint(played) == english[name]
            assert stored_review_data(played) is not None, name
    finally:
        set_language("en")
