"""Annotated game records: one hand of Spades as JSON data (read with :func:`json.loads`, checked
field by field, never executed nor pickled), and the translations of their texts. The format:
``docs/modules.md``.

>>> from spades_teach import Round, deal
>>> r = Round(deal(7), dealer="N")
>>> for seat, bid in zip("ESWN", [3, 4, 2, "nil"]):
...     _ = r.bid(seat, bid)
>>> _ = r.play("E", "QH")
>>> text = dumps(r, annotations=[{"at": {"bid": "N"}, "text": "North tries Nil."}])
>>> record = loads(text)
>>> record.bids[3], record.tricks, record.annotation_for(bid="N")
(BidEvent(seat=<Seat.N: 0>, bid=Bid('nil')), ((Card('QH'),),), 'North tries Nil.')
>>> record.round().history == r.history and dumps(record) == text
True
>>> loads(text.replace('"QH"', '"KH"'))
Traceback (most recent call last):
...
spades_teach.errors.RecordError: tricks[0][0] (trick 1): East does not hold K♥
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, NoReturn, Union

from spades_teach.errors import RecordError, RecordTranslationError, SpadesError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, CardLike
from spades_teach.game.deals import Deal
from spades_teach.game.notation import card_name, seat_word
from spades_teach.game.round import BidEvent, PlayEvent, Round
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import RoundScore, Side, check_bags_carried, coerce_side
from spades_teach.game.seating import Seat, SeatLike, TeamMap
from spades_teach.i18n import LANGUAGES, _, format_number, get_language

__all__ = [
    "FORMAT",
    "TRANSLATION_FORMAT",
    "VERSION",
    "MAX_RECORD_SIZE",
    "MAX_DEPTH",
    "Annotation",
    "AnnotationLike",
    "GameRecord",
    "dump",
    "dumps",
    "load",
    "load_in_language",
    "loads",
    "translate",
]

FORMAT = "spades_teach/record"
VERSION = 1

#: The largest record read, in bytes (or characters, for text): a full hand with long
#: annotations is a few kilobytes.
MAX_RECORD_SIZE = 1_000_000
#: The deepest nesting of JSON lists and objects read: a record needs 4 levels
#: (``annotations[0].at.trick``), so 8 leaves room to name a mistake.
MAX_DEPTH = 8

_REQUIRED = ("version", "dealer", "deal", "bids", "tricks")
_OPTIONAL = ("format", "title", "description", "rules", "scores", "bags", "annotations")
_ANCHOR_KEYS = ("bid", "trick", "card")

#: The marker of a translation of a record's texts (see :func:`translate`).
TRANSLATION_FORMAT = "spades_teach/record-translation"
_TRANSLATION_REQUIRED = ("version", "language", "annotations")
_TRANSLATION_OPTIONAL = ("format", "title", "description")


def _fail(path: str, message: str) -> NoReturn:
    raise RecordError(f"{path}: {message}" if path else message)


def _describe(value: Any) -> str:
    """A JSON value named by its type, for 'expected X, got Y' messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return _("the number {value}").format(value=repr(value))
    if isinstance(value, str):
        return _("the text {value}").format(value=repr(value)) if len(value) <= 40 else _("a long text")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return repr(value)


def _expect_str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        _fail(path, _("expected text, got {value}").format(value=_describe(value)))
    return value


def _expect_text(value: Any, path: str) -> str:
    """Text that can be written out again: a string without lone surrogates."""
    text = _expect_str(value, path)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        _fail(
            path,
            _("the text holds a lone surrogate ({value}), which is not a character").format(
                value=repr(text[exc.start])
            ),
        )
    return text


def _parse_field(parse: Any, value: Any, path: str) -> Any:
    """``parse`` applied to a text field; its error is reported once, under ``path``."""
    text = _expect_str(value, path)
    try:
        return parse(text)
    except SpadesError as exc:
        _fail(path, str(exc))


def _expect_int(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        _fail(path, _("expected a whole number, got {value}").format(value=_describe(value)))
    return value


def _expect_list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        _fail(path, _("expected a list, got {value}").format(value=_describe(value)))
    return value


def _expect_object(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        _fail(path, _("expected an object, got {value}").format(value=_describe(value)))
    return value


def _check_keys(data: Mapping[str, Any], path: str, required: Iterable[str], optional: Iterable[str]) -> None:
    required = tuple(required)
    known = (*required, *optional)
    for key in data:
        if key not in known:
            where = f"{path}." if path else ""
            _fail(
                f"{where}{key}",
                _("unknown field {field}; known fields: {known}").format(field=repr(key), known=", ".join(known)),
            )
    for key in required:
        if key not in data:
            _fail(path, _("missing field {field}").format(field=repr(key)))


# -- annotations -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Annotation:
    """Free text attached to one place in a hand: a seat's bid, a trick, or a card
    of a trick. Give exactly one of ``bid`` (a seat), ``trick`` (1–13), or
    ``trick`` and ``card`` together.

    >>> Annotation("Cheap finesse.", trick=3, card="kh")
    Annotation(text='Cheap finesse.', bid=None, trick=3, card=Card('KH'))
    >>> Annotation("Bold.", bid="w").to_json()
    {'at': {'bid': 'W'}, 'text': 'Bold.'}
    """

    text: str
    bid: Seat | None = None
    trick: int | None = None
    card: Card | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.text, str) or not self.text.strip():
            raise RecordError(_("an annotation needs some text, got {value}").format(value=repr(self.text)))
        _expect_text(self.text, "annotation text")
        try:
            if self.bid is not None:
                object.__setattr__(self, "bid", Seat.coerce(self.bid))
            if self.card is not None:
                object.__setattr__(self, "card", Card.parse(self.card))
        except SpadesError as exc:
            raise RecordError(str(exc)) from None
        if self.trick is not None and (
            isinstance(self.trick, bool) or not isinstance(self.trick, int) or not 1 <= self.trick <= 13
        ):
            raise RecordError(_("an annotation's trick is a number 1-13, got {value}").format(value=repr(self.trick)))
        if self.bid is not None and (self.trick is not None or self.card is not None):
            raise RecordError(_("an annotation is attached to a bid, a trick or a card, not to a bid and a trick"))
        if self.bid is None and self.trick is None:
            raise RecordError(
                _("an annotation needs a place: a bid (a seat), a trick (1-13), or a trick and one of its cards")
            )

    @property
    def anchor(self) -> tuple[str, Any]:
        """Where the text is attached: ``("bid", Seat)``, ``("trick", n)`` or ``("card", (n, Card))``."""
        if self.bid is not None:
            return ("bid", self.bid)
        if self.card is not None:
            return ("card", (self.trick, self.card))
        return ("trick", self.trick)

    def describe_anchor(self) -> str:
        """The place in words: ``"East's bid"``, ``"trick 3"``, ``"KH in trick 3"``."""
        if self.bid is not None:
            return _("{seat}'s bid").format(seat=seat_word(self.bid))
        if self.card is not None:
            return _("{card} in trick {number}").format(card=card_name(self.card.index), number=self.trick)
        return _("trick {number}").format(number=self.trick)

    def to_json(self) -> dict[str, Any]:
        at: dict[str, Any] = {}
        if self.bid is not None:
            at["bid"] = self.bid.name
        else:
            at["trick"] = self.trick
            if self.card is not None:
                at["card"] = str(self.card)
        return {"at": at, "text": self.text}

    @classmethod
    def from_json(cls, data: Any, path: str = "annotation") -> Annotation:
        """Read ``{"at": {...}, "text": "..."}``; errors name the JSON path."""
        obj = _expect_object(data, path)
        _check_keys(obj, path, ("at", "text"), ())
        text = _expect_text(obj["text"], f"{path}.text")
        if not text.strip():
            _fail(f"{path}.text", _("an annotation needs some text"))
        at_path = f"{path}.at"
        at = _expect_object(obj["at"], at_path)
        _check_keys(at, at_path, (), _ANCHOR_KEYS)
        if not at:
            _fail(
                at_path,
                _("say where the annotation goes: {bid}, {trick} or {card}").format(
                    bid="{'bid': seat}", trick="{'trick': n}", card="{'trick': n, 'card': card}"
                ),
            )
        if "bid" in at:
            if len(at) > 1:
                _fail(
                    at_path, _("an annotation on a bid takes only the seat: {example}").format(example="{'bid': 'E'}")
                )
            seat_text = _expect_str(at["bid"], f"{at_path}.bid")
            try:
                seat = Seat.coerce(seat_text)
            except SpadesError as exc:
                _fail(f"{at_path}.bid", str(exc))
            return cls(text, bid=seat)
        if "trick" not in at:
            _fail(
                at_path,
                _("a card annotation needs its trick too: {example}").format(example="{'trick': 3, 'card': 'KH'}"),
            )
        number = _expect_int(at["trick"], f"{at_path}.trick")
        if not 1 <= number <= 13:
            _fail(
                f"{at_path}.trick",
                _("trick {number} does not exist: tricks are numbered 1 to 13").format(number=number),
            )
        card: Card | None = None
        if "card" in at:
            card_text = _expect_str(at["card"], f"{at_path}.card")
            try:
                card = Card.parse(card_text)
            except SpadesError as exc:
                _fail(f"{at_path}.card", str(exc))
        return cls(text, trick=number, card=card)


AnnotationLike = Union[Annotation, Mapping[str, Any]]


def _coerce_annotation(value: AnnotationLike, path: str) -> Annotation:
    if isinstance(value, Annotation):
        return value
    if isinstance(value, Mapping):
        return Annotation.from_json(dict(value), path)
    _fail(
        path,
        _("an annotation is an Annotation or an object like {example}, not {value}").format(
            example="{'at': {'trick': 1}, 'text': '...'}", value=repr(value)
        ),
    )


# -- the record ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """One hand as recorded: rules, dealer, deal, bids, tricks and annotations.

    ``bids`` are the bids in order (:class:`~spades_teach.game.round.BidEvent`),
    ``tricks`` the cards of each trick in play order (the last may be
    incomplete). :meth:`round` replays them through the engine.
    """

    deal: Deal
    dealer: Seat
    rules: Rules = field(default_factory=Rules)
    bids: tuple[BidEvent, ...] = ()
    tricks: tuple[tuple[Card, ...], ...] = ()
    annotations: tuple[Annotation, ...] = ()
    scores: Mapping[Side, int] | None = None
    bags: Mapping[Side, int] | None = None
    title: str | None = None
    description: str | None = None
    version: int = VERSION

    @classmethod
    def from_round(
        cls,
        round: Round,
        *,
        annotations: Iterable[AnnotationLike] | None = None,
        title: str | None = None,
        description: str | None = None,
        bags: Mapping[Any, int] | None = None,
    ) -> GameRecord:
        """The record of a live round (in any state), checked like a loaded file."""
        if not isinstance(round, Round):
            raise RecordError(_("a record is made from a Round, not {value}").format(value=repr(round)))
        bids = tuple(e for e in round.history if isinstance(e, BidEvent))
        tricks = [t.cards for t in round.tricks]
        if round.current_trick.cards:
            tricks.append(round.current_trick.cards)
        scores = round.scores_before
        record = cls(
            deal=round.deal,
            dealer=round.dealer,
            rules=round.rules,
            bids=bids,
            tricks=tuple(tricks),
            annotations=tuple(_coerce_annotation(a, f"annotations[{i}]") for i, a in enumerate(annotations or ())),
            scores=scores if any(scores.values()) else None,
            bags=_side_values(bags, round.rules, "bags") if bags else None,
            title=title,
            description=description,
        )
        record.validate()
        return record

    # -- replay ------------------------------------------------------------------------------
    def round(self) -> Round:
        """A new :class:`Round` in the recorded state, every action replayed
        through the engine (raises :class:`RecordError` if one is illegal)."""
        return _replay(self)

    to_round = round

    def validate(self) -> None:
        """Raise :class:`RecordError` if the record describes an illegal hand or an
        annotation points at nothing."""
        _check_fields(self)
        played = _replay(self)
        _check_annotations(self.annotations, played)

    def score(self) -> RoundScore:
        """The score of the finished hand, with the recorded bags carried in."""
        return self.round().score(bags=self.bags)

    # -- annotations ---------------------------------------------------------------------------
    def annotation_for(
        self,
        *,
        bid: SeatLike | None = None,
        trick: int | None = None,
        card: CardLike | None = None,
    ) -> str | None:
        """The text attached to a seat's bid, a trick, or a card of a trick (``None`` if none).

        ``annotation_for(bid="E")``, ``annotation_for(trick=3)``,
        ``annotation_for(trick=3, card="KH")``; ``annotation_for(card="KH")`` finds
        the trick the card was played in.
        """
        if card is not None and trick is None:
            wanted_card = Card.parse(card)
            for number, cards in enumerate(self.tricks, 1):
                if wanted_card in cards:
                    trick = number
                    break
            else:
                return None
        try:
            seat = None if bid is None else Seat.coerce(bid)
            chosen = None if card is None else Card.parse(card)
        except SpadesError as exc:
            raise RecordError(str(exc)) from None
        wanted = Annotation("?", bid=seat, trick=trick, card=chosen).anchor
        for note in self.annotations:
            if note.anchor == wanted:
                return note.text
        return None

    def card_annotations(self, trick: int) -> list[tuple[Card, str]]:
        """The annotated cards of trick ``trick`` (1–13), in play order, with their text."""
        out = []
        cards = self.tricks[trick - 1] if 1 <= trick <= len(self.tricks) else ()
        for card in cards:
            text = self.annotation_for(trick=trick, card=card)
            if text is not None:
                out.append((card, text))
        return out

    # -- JSON ----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data (what :func:`dumps` writes)."""
        data: dict[str, Any] = {"format": FORMAT, "version": self.version}
        if self.title is not None:
            data["title"] = self.title
        if self.description is not None:
            data["description"] = self.description
        data["rules"] = self.rules.to_dict()
        data["dealer"] = self.dealer.name
        data["deal"] = str(self.deal)
        if self.scores is not None:
            data["scores"] = {side.name: value for side, value in self.scores.items()}
        if self.bags is not None:
            data["bags"] = {side.name: value for side, value in self.bags.items()}
        data["bids"] = [{"seat": e.seat.name, "bid": _bid_json(e.bid)} for e in self.bids]
        data["tricks"] = [[str(c) for c in trick] for trick in self.tricks]
        if self.annotations:
            data["annotations"] = [a.to_json() for a in self.annotations]
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Check JSON data (already decoded) and build the record; raises
        :class:`RecordError` naming the field and the problem."""
        return _parse_record(data)


def _bid_json(bid: Bid) -> int | str:
    return str(bid) if bid.is_nil else int(bid)


def _side_values(values: Mapping[Any, Any] | None, rules: Rules, path: str) -> dict[Side, int]:
    out: dict[Side, int] = TeamMap()
    for key, value in (values or {}).items():
        try:
            side = coerce_side(key, rules)
        except SpadesError as exc:
            _fail(path, str(exc))
        if side in out:
            _fail(f"{path}.{key}", _("{side} is given twice").format(side=side.letters))
        out[side] = _expect_int(value, f"{path}.{key}")
    return out


# -- checking and replaying -------------------------------------------------------------------


def _check_fields(record: GameRecord) -> None:
    """What :func:`loads` checks field by field, checked on a record built in Python too,
    so that :func:`dumps` never writes what :func:`loads` refuses."""
    for name in ("title", "description"):
        value = getattr(record, name)
        if value is not None:
            _expect_text(value, name)
    if not isinstance(record.rules, Rules):
        _fail("rules", _("expected a Rules value, got {value}").format(value=repr(record.rules)))
    for name in ("scores", "bags"):
        values = getattr(record, name)
        if values is None:
            continue
        if not isinstance(values, Mapping):
            _fail(name, _("expected an object of sides and numbers, got {value}").format(value=_describe(values)))
        checked = _side_values(values, record.rules, name)
        if name == "bags":
            for side, value in checked.items():
                try:
                    check_bags_carried(value, side, record.rules)
                except SpadesError as exc:
                    _fail(f"bags.{side.name}", str(exc))


def _trick_path(index: int) -> str:
    return f"tricks[{index}] (trick {index + 1})"


def _replay(record: GameRecord) -> Round:
    rules = record.rules
    if record.deal.players != rules.players:
        _fail(
            "deal",
            _("this deal is for {count} players but the rules are for {rules}").format(
                count=record.deal.players, rules=rules.players
            ),
        )
    try:
        played = Round(record.deal, dealer=record.dealer, rules=rules, scores=record.scores)
    except SpadesError as exc:
        _fail("dealer", str(exc))
    # Every bid and card goes through Round.apply, the one step that replays a history.
    for i, event in enumerate(record.bids):
        try:
            played.apply(event)
        except SpadesError as exc:
            _fail(f"bids[{i}]", str(exc))
    if len(record.tricks) > 13:
        _fail("tricks", _("a hand has 13 tricks, this record has {count}").format(count=len(record.tricks)))
    size = len(played.seats)
    for t, cards in enumerate(record.tricks):
        last = t == len(record.tricks) - 1
        if not cards:
            _fail(_trick_path(t), _("a trick needs at least one card (leave out a trick not yet started)"))
        if len(cards) > size:
            _fail(
                _trick_path(t), _("a trick has {size} cards, this one has {count}").format(size=size, count=len(cards))
            )
        if len(cards) < size and not last:
            _fail(
                _trick_path(t),
                _("only the last trick may be unfinished; this one has {count} of {size} cards").format(
                    count=len(cards), size=size
                ),
            )
        for c, card in enumerate(cards):
            seat = played.to_act
            try:
                if seat is None:
                    raise RecordError(_("the hand is over"))
                played.apply(PlayEvent(seat, card))
            except SpadesError as exc:
                _fail(f"tricks[{t}][{c}] (trick {t + 1})", str(exc))
    return played


def _check_annotations(annotations: Iterable[Annotation], played: Round) -> None:
    tricks = [t.cards for t in played.tricks]
    if played.current_trick.cards:
        tricks.append(played.current_trick.cards)
    seen: dict[tuple[str, Any], int] = {}
    bidders = played.bids
    for i, note in enumerate(annotations):
        path = f"annotations[{i}].at"
        if not isinstance(note, Annotation):
            _fail(f"annotations[{i}]", _("expected an Annotation, got {value}").format(value=repr(note)))
        if note.bid is not None and note.bid not in bidders:
            _fail(f"{path}.bid", _("there is no bid by {seat} in this record").format(seat=seat_word(note.bid)))
        if note.trick is not None:
            if note.trick > len(tricks):
                if len(tricks) > 1:
                    message = _("there is no trick {number}: the record has tricks 1 to {count}")
                elif tricks:
                    message = _("there is no trick {number}: the record has trick 1")
                else:
                    message = _("there is no trick {number}: the record has no trick")
                _fail(f"{path}.trick", message.format(number=note.trick, count=len(tricks)))
            cards = tricks[note.trick - 1]
            if note.card is not None and note.card not in cards:
                shown = " ".join(card_name(c.index) for c in cards)
                _fail(
                    f"{path}.card",
                    _("{card} was not played in trick {number} ({cards})").format(
                        card=card_name(note.card.index), number=note.trick, cards=shown
                    ),
                )
        anchor = note.anchor
        if anchor in seen:
            _fail(
                f"annotations[{i}]",
                _("{place} already has an annotation ({other}): join the texts").format(
                    place=note.describe_anchor(), other=f"annotations[{seen[anchor]}]"
                ),
            )
        seen[anchor] = i


def _checked_version(obj: Mapping[str, Any], expected: str) -> int:
    """The file's version, once it is known to be of format ``expected`` (when it names one) and of
    version :data:`VERSION` (a record and its translations share the version): else it is refused."""
    if "format" in obj and obj["format"] != expected:
        _fail(
            "format",
            _("expected {expected}, got {value}").format(expected=repr(expected), value=_describe(obj["format"])),
        )
    version = _expect_int(obj["version"], "version")
    if version != VERSION:
        _fail(
            "version",
            _("unsupported record version {version}: this library reads version {supported}").format(
                version=version, supported=VERSION
            ),
        )
    return version


def _parse_record(data: Any) -> GameRecord:
    obj = _expect_object(data, "record")
    _check_keys(obj, "", _REQUIRED, _OPTIONAL)
    version = _checked_version(obj, FORMAT)
    title = _expect_text(obj["title"], "title") if "title" in obj else None
    description = _expect_text(obj["description"], "description") if "description" in obj else None

    rules_data = _expect_object(obj.get("rules", {}), "rules")
    try:
        rules = Rules.from_dict(rules_data)
    except (SpadesError, TypeError) as exc:
        _fail("rules", str(exc))

    dealer = _parse_field(Seat.coerce, obj["dealer"], "dealer")
    the_deal = _parse_field(Deal.parse, obj["deal"], "deal")

    scores = _side_values(_expect_object(obj["scores"], "scores"), rules, "scores") if "scores" in obj else None
    bags = _side_values(_expect_object(obj["bags"], "bags"), rules, "bags") if "bags" in obj else None

    bids = []
    for i, item in enumerate(_expect_list(obj["bids"], "bids")):
        path = f"bids[{i}]"
        entry = _expect_object(item, path)
        _check_keys(entry, path, ("seat", "bid"), ())
        seat = _parse_field(Seat.coerce, entry["seat"], f"{path}.seat")
        value = entry["bid"]
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            _fail(f"{path}.bid", f"a bid is a number 0-13, 'nil' or 'blind nil', got {_describe(value)}")
        try:
            bid = Bid.coerce(value)
        except SpadesError as exc:
            _fail(path, str(exc))
        bids.append(BidEvent(seat, bid))

    tricks = []
    for t, item in enumerate(_expect_list(obj["tricks"], "tricks")):
        cards = []
        for c, card_text in enumerate(_expect_list(item, f"tricks[{t}]")):
            cards.append(_parse_field(Card.parse, card_text, f"tricks[{t}][{c}] (trick {t + 1})"))
        tricks.append(tuple(cards))

    annotations = tuple(
        Annotation.from_json(item, f"annotations[{i}]")
        for i, item in enumerate(_expect_list(obj.get("annotations", []), "annotations"))
    )
    record = GameRecord(
        deal=the_deal,
        dealer=dealer,
        rules=rules,
        bids=tuple(bids),
        tricks=tuple(tricks),
        annotations=annotations,
        scores=scores,
        bags=bags,
        title=title,
        description=description,
        version=version,
    )
    record.validate()
    return record


# -- translations of the texts ----------------------------------------------------------------


def translate(record: GameRecord, text: str | bytes, *, language: str) -> GameRecord:
    """``record`` with its texts in another language, read from a translation
    (JSON text, the format in the module's docstring): the title, the description
    and each annotation's text are the translation's; the rules, deal, bids,
    tricks, scores and bags, and where each annotation is attached, are the
    record's own, so the hand is the same in every language.

    The translation gives one annotation for each of the record's, in the same
    order and at the same place (``at``). A translation that does not fit
    raises :class:`RecordTranslationError` naming the field and the problem.

    >>> from spades_teach import Round, deal
    >>> r = Round(deal(7), dealer="N")
    >>> _ = r.bid("E", 3)
    >>> record = loads(dumps(r, title="Bold", annotations=[{"at": {"bid": "E"}, "text": "East bids 3."}]))
    >>> french = '{"version": 1, "language": "fr", "title": "Audace", '
    >>> french += '"annotations": [{"at": {"bid": "E"}, "text": "Est annonce 3."}]}'
    >>> translated = translate(record, french, language="fr")
    >>> translated.title, translated.annotation_for(bid="E"), translated.deal == record.deal
    ('Audace', 'Est annonce 3.', True)
    >>> translate(record, french.replace('"bid": "E"', '"bid": "S"'), language="fr")
    Traceback (most recent call last):
    ...
    spades_teach.errors.RecordTranslationError: annotations[0].at: the record's annotation 1 is on East's bid, this one on South's bid: translate the annotations in the record's order
    """
    if not isinstance(record, GameRecord):
        raise RecordTranslationError(_("a translation applies to a GameRecord, not {value}").format(value=repr(record)))
    try:
        return _apply_translation(record, _read_json(text), language)
    except RecordTranslationError:
        raise
    except RecordError as exc:
        raise RecordTranslationError(str(exc)) from None


def _translated_text(obj: Mapping[str, Any], name: str, english: str | None) -> str | None:
    """The translation of the record's ``title`` or ``description``: present exactly
    when the record has one, and not blank."""
    if english is None:
        if name in obj:
            _fail(name, _("the record has no {field} to translate").format(field=repr(name)))
        return None
    if name not in obj:
        _fail("", _("missing field {field}: the record has one to translate").format(field=repr(name)))
    text = _expect_text(obj[name], name)
    if not text.strip():
        _fail(name, _("the translation is empty"))
    return text


def _apply_translation(record: GameRecord, data: Any, language: str) -> GameRecord:
    obj = _expect_object(data, "translation")
    _check_keys(obj, "", _TRANSLATION_REQUIRED, _TRANSLATION_OPTIONAL)
    _checked_version(obj, TRANSLATION_FORMAT)
    found = _expect_str(obj["language"], "language")
    if found != language:
        _fail(
            "language",
            _("this translation is in {found}, not in {wanted}").format(found=repr(found), wanted=repr(language)),
        )
    title = _translated_text(obj, "title", record.title)
    description = _translated_text(obj, "description", record.description)
    items = _expect_list(obj["annotations"], "annotations")
    if len(items) != len(record.annotations):
        _fail(
            "annotations",
            _("the record has {count} annotations and this translation {given}: translate each one, in order").format(
                count=len(record.annotations), given=len(items)
            ),
        )
    notes = []
    for i, (item, english) in enumerate(zip(items, record.annotations)):
        note = Annotation.from_json(item, f"annotations[{i}]")
        if note.anchor != english.anchor:
            _fail(
                f"annotations[{i}].at",
                _(
                    "the record's annotation {number} is on {place}, this one on {other}: "
                    "translate the annotations in the record's order"
                ).format(number=i + 1, place=english.describe_anchor(), other=note.describe_anchor()),
            )
        notes.append(note)
    return replace(record, title=title, description=description, annotations=tuple(notes))


# -- text in, text out ------------------------------------------------------------------------------


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(_("field {field} appears twice in the same object").format(field=repr(key)))
        out[key] = value
    return out


def loads(text: str | bytes) -> GameRecord:
    """Read a record from JSON text; raises :class:`RecordError` naming the field
    and the problem if the text is not a valid record of a legal hand."""
    return _record_of(_read_json(text))


def _record_of(data: Any) -> GameRecord:
    """The record of decoded JSON (a translation of a record's texts is refused by name)."""
    if _is_translation(data):
        raise RecordError(
            _(
                "this is a translation of a record's texts (language {language}), not a record: "
                "read it with the record it translates"
            ).format(language=repr(str(data.get("language")))[:20])
        )
    return _parse_record(data)


def _is_translation(data: Any) -> bool:
    """Whether decoded JSON is a translation of a record's texts rather than a record."""
    return isinstance(data, dict) and (
        data.get("format") == TRANSLATION_FORMAT or ("language" in data and "deal" not in data)
    )


def _read_json(text: str | bytes) -> Any:
    """Decode record JSON text (or UTF-8 bytes), refusing what no record is: text
    over :data:`MAX_RECORD_SIZE`, nesting deeper than :data:`MAX_DEPTH`, a field
    given twice in one object, or text that is not JSON."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(_("a record is JSON text, not {kind}").format(kind=type(text).__name__))
    if len(text) > MAX_RECORD_SIZE:
        raise RecordError(
            _("a record is at most {limit} bytes long, this one has {size}").format(
                limit=format_number(MAX_RECORD_SIZE), size=format_number(len(text))
            )
        )
    if isinstance(text, (bytes, bytearray)):
        text = _decode(bytes(text))
    text = text.removeprefix("\ufeff")
    _check_depth(text)
    try:
        return json.loads(text, object_pairs_hook=_reject_duplicates)
    except json.JSONDecodeError as exc:
        raise RecordError(
            _("not JSON: {problem} at line {line}, column {column}").format(
                problem=exc.msg, line=exc.lineno, column=exc.colno
            )
        ) from None
    except RecordError:
        raise
    except (ValueError, RecursionError) as exc:
        # Huge numbers, bad encodings or absurd nesting.
        raise RecordError(_("not JSON: {problem}").format(problem=exc)) from None


def _decode(data: bytes) -> str:
    """Record bytes as text: UTF-8, with or without a byte order mark."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(
            _("not UTF-8 text: byte {byte} at position {position} is not valid UTF-8 (save the file as UTF-8)").format(
                byte=f"{data[exc.start]:#04x}", position=exc.start
            )
        ) from None


def _check_depth(text: str) -> None:
    """Refuse lists and objects nested deeper than :data:`MAX_DEPTH`, before decoding."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise RecordError(
                    _("lists and objects are nested more than {depth} deep: this is not a game record").format(
                        depth=MAX_DEPTH
                    )
                )
        elif char in "]}":
            depth -= 1


def dumps(
    record: GameRecord | Round,
    *,
    annotations: Iterable[AnnotationLike] | None = None,
    title: str | None = None,
    description: str | None = None,
    bags: Mapping[Any, int] | None = None,
    indent: int | None = 2,
) -> str:
    """Write a round (or a :class:`GameRecord`) as JSON text.

    With a round, ``annotations`` are :class:`Annotation` values or their JSON
    form ``{"at": {...}, "text": "..."}``; they are checked against the hand.
    ``indent=None`` writes one compact line; otherwise each trick, bid and
    annotation sits on its own line.
    """
    if isinstance(record, GameRecord):
        if annotations is not None or title is not None or description is not None or bags is not None:
            raise RecordError(
                _(
                    "dumps of a GameRecord writes it as it is: annotations, title, description and bags come from the record"
                )
            )
        rec = record
    else:
        rec = GameRecord.from_round(record, annotations=annotations, title=title, description=description, bags=bags)
    if indent is not None and (isinstance(indent, bool) or not isinstance(indent, int) or not 0 <= indent <= 16):
        raise RecordError(_("indent must be None or a number of spaces 0-16, got {value}").format(value=repr(indent)))
    data = rec.to_json()
    if indent is None:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return _pretty(data, indent, 0) + "\n"


def _pretty(value: Any, indent: int, level: int, width: int = 100) -> str:
    """JSON with small lists and objects kept on one line, so a trick reads as one line."""
    inline = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (list, dict)) or not value or len(inline) + indent * level <= width:
        return inline
    pad = " " * (indent * (level + 1))
    if isinstance(value, list):
        items = [pad + _pretty(v, indent, level + 1, width) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * (indent * level) + "]"
    items = [
        pad + json.dumps(k, ensure_ascii=False) + ": " + _pretty(v, indent, level + 1, width) for k, v in value.items()
    ]
    return "{\n" + ",\n".join(items) + "\n" + " " * (indent * level) + "}"


def dump(record: GameRecord | Round, path: str | os.PathLike[str], **options: Any) -> None:
    """Write a record to a UTF-8 file (options as for :func:`dumps`)."""
    text = dumps(record, **options)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def load_in_language(path: str | os.PathLike[str], language: str | None = None) -> GameRecord:
    """Read a record file with its texts in ``language`` (by default the language in use), where
    translations sit beside records as the packaged ones do: ``<folder>/<name>.json`` and its
    translation ``<folder>/<language>/<name>.json`` (see :func:`translate`).

    ``path`` may be a record, read with its translation into ``language`` when there is one (else
    in its own words), or a translation, read with the record it translates, in the translation's
    language whatever ``language`` is. Errors are :class:`RecordError`; a translation that does
    not fit its record is a :class:`RecordTranslationError`.

    >>> from importlib.resources import files
    >>> folder = files("spades_teach") / "data" / "records"
    >>> load_in_language(str(folder / "es" / "contract_set.json")).title
    'Tumbar un contrato de 8'
    >>> load_in_language(str(folder / "contract_set.json"), "fr").title == load_in_language(
    ...     str(folder / "fr" / "contract_set.json")).title
    True
    """
    data = _read_file(path)
    if _is_translation(data):
        own = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(path))), os.path.basename(path))
        if not os.path.isfile(own):
            raise RecordError(
                _(
                    "{path} is a translation of a record's texts, and the record it translates is not at {record}"
                ).format(path=os.fspath(path), record=own)
            )
        return translate(load(own), json.dumps(data), language=str(data.get("language")))
    record = _parse_record(data)
    chosen = get_language() if language is None else language
    beside = os.path.join(os.path.dirname(os.path.abspath(path)), chosen, os.path.basename(path))
    if chosen == "en" or chosen not in LANGUAGES or not os.path.isfile(beside):
        return record
    with open(beside, "rb") as f:
        return translate(record, f.read(MAX_RECORD_SIZE + 1), language=chosen)


def _read_file(path: str | os.PathLike[str]) -> Any:
    """The decoded JSON of a record file (see :func:`load`)."""
    if "\x00" in os.fspath(path):
        raise RecordError(_("{path} is not a file name: it holds a NUL character").format(path=repr(os.fspath(path))))
    with open(path, "rb") as f:
        return _read_json(f.read(MAX_RECORD_SIZE + 1))


def load(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record from a file; errors are :class:`RecordError` (a missing file
    raises the usual :class:`OSError`; a path holding a NUL character is a :class:`RecordError`).
    Its texts are the file's own: :func:`load_in_language` reads them translated.
    """
    return _record_of(_read_file(path))
