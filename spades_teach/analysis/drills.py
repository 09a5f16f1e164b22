"""Drills: short questions made and graded by the engine, endless and seeded (:func:`make_drill`,
:meth:`Drill.grade`); a new kind is one generator given to :func:`register_kind`. More:
``docs/modules.md``.

>>> drill = make_drill("winner", seed=3, difficulty=0)
>>> drill.kind, len(drill.trick)
('winner', 4)
>>> right = drill.grade(drill.expected[0])
>>> right.correct, right.lines == drill.lines
(True, True)
>>> make_drill("winner", seed=3, difficulty=0) == drill
True
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from spades_teach.advice.bid_trial import BID_CHECK_SAMPLES, dealer_for
from spades_teach.advice.bidding import BidAdvice, NilAssessment, advise_bid, assess_nil, count_hand
from spades_teach.advice.nil_check import nil_borderline
from spades_teach.advice.nil_trial import nil_trial
from spades_teach.analysis.parallel import SerialExecutor
from spades_teach.analysis.simulate import analyze_hand, percent_text
from spades_teach.errors import AnswerError, ParseError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, Hand, Suit
from spades_teach.game.deals import deal
from spades_teach.game.kernel import SUIT_MASKS, LegalRule, legal_with_rule, winning_index
from spades_teach.game.notation import seat_word, suit_word
from spades_teach.game.round import Round, trick_winner
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import score_round
from spades_teach.game.seating import Seat, Team
from spades_teach.i18n import N_, _, decimal, format_number, format_signed, join_and, join_or, ngettext

__all__ = [
    "Answer",
    "AnswerField",
    "Drill",
    "DrillKind",
    "Feedback",
    "KINDS",
    "MAX_DIFFICULTY",
    "NIL_SAMPLES",
    "BID_SAMPLES",
    "difficulty_for",
    "drill_seed",
    "legal_rule_line",
    "make_drill",
    "register_kind",
]

#: The hardest level a generator is asked for (the widget stops raising it there).
MAX_DIFFICULTY = 4
#: Correct answers in a row that raise the difficulty by one.
STREAK_STEP = 3
#: Deals of the unseen cards played out by the medium bots for the Nil success rate.
NIL_SAMPLES = 60
#: Deals of the unseen cards played out by the medium bots for the make chance of each bid.
BID_SAMPLES = BID_CHECK_SAMPLES

_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
Answer = str | Sequence[str] | Mapping[str, str]


# -- the question and its grade ---------------------------------------------------------------------


@dataclass(frozen=True)
class AnswerField:
    """One thing the learner answers: a ``choice`` among ``choices`` (buttons), a ``card``
    among ``choices`` (card codes such as ``"QH"``, drawn as cards to click), a whole number
    (``int``, points may be negative), a ``number`` (halves allowed) or a ``bid``."""

    name: str
    label: str
    kind: str
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class Feedback:
    """The grade of one answer: ``correct``, a one-line ``verdict`` and the explanation ``lines``."""

    correct: bool
    verdict: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Drill:
    """One question (see the module docs).

    ``prompt`` is the question, ``facts`` the context lines (bids, tricks, bags…),
    ``hand`` the cards shown as the learner's, ``trick`` the trick so far (seat and
    card, in play order), ``card`` the card asked about, ``fields`` what the learner
    fills in, ``expected`` the right answer of each field as a learner writes it,
    ``lines`` the explanation. ``tolerance`` is how far a ``number`` answer may be
    from the expected one; ``also_right`` lists other answers that are right too;
    ``data`` holds the question's inputs as plain values.
    """

    kind: str
    seed: int
    difficulty: int
    prompt: str
    fields: tuple[AnswerField, ...]
    expected: tuple[str, ...]
    lines: tuple[str, ...]
    facts: tuple[str, ...] = ()
    hand: Hand | None = None
    trick: tuple[tuple[Seat, Card], ...] = ()
    card: Card | None = None
    tolerance: float = 0.0
    also_right: tuple[tuple[str, ...], ...] = ()
    #: The question's inputs as plain values (seats and sides by name), for checks and other views.
    data: Mapping[str, Any] = field(default_factory=dict, hash=False)
    #: Further right answers found only when graded (the best bid of a simulation).
    more_right: Callable[[], tuple[tuple[str, ...], ...]] | None = field(default=None, compare=False, repr=False)
    #: Lines computed only when the answer is graded (a simulation), with the same seed every time.
    more: Callable[[], tuple[str, ...]] | None = field(default=None, compare=False, repr=False)

    def read(self, answer: Answer) -> tuple[Any, ...]:
        """The learner's answer, one value per field; :class:`AnswerError` names what is wrong."""
        texts = _answer_texts(answer, self.fields)
        return tuple(_read_field(f, text) for f, text in zip(self.fields, texts))

    def grade(self, answer: Answer) -> Feedback:
        """Right or wrong, and why. Raises :class:`AnswerError` when the answer cannot be read."""
        given = self.read(answer)
        others = self.also_right + (self.more_right() if self.more_right is not None else ())
        correct = self._matches(given, self.expected) or any(self._matches(given, other) for other in others)
        written = [_written(f, e) for f, e in zip(self.fields, self.expected)]
        shown = ", ".join(
            _("{field} {answer}").format(field=f.label, answer=e) if len(self.fields) > 1 else e
            for f, e in zip(self.fields, written)
        )
        extra = sorted(
            {", ".join(_written(f, e) for f, e in zip(self.fields, o)) for o in others} - {", ".join(written)}
        )
        if extra:
            shown = _("{answer} (or {others}, the best over the simulated deals)").format(
                answer=shown, others=join_or(extra)
            )
        verdict = _("Right!") if correct else _("Not quite: the answer is {answer}.").format(answer=shown)
        lines = self.lines + (self.more() if self.more is not None else ())
        return Feedback(correct, verdict, lines)

    def _matches(self, given: tuple[Any, ...], wanted: tuple[str, ...]) -> bool:
        for f, value, text in zip(self.fields, given, wanted):
            target = _read_field(f, text)
            if f.kind == "number":
                if abs(float(value) - float(target)) > self.tolerance + 1e-9:
                    return False
            elif value != target:
                return False
        return True


def _written(f: AnswerField, text: str) -> str:
    """An expected answer as the learner reads it (a card as ``A♠``, a number with the
    language's decimal mark)."""
    if f.kind == "card":
        return Card.parse(text).pretty
    if f.kind == "number":
        return _g(float(text))
    if f.kind == "int" and re.fullmatch(r"[+-]?\d+", text):
        return format_number(int(text))  # a true minus sign: −40
    return text


def _g(x: float) -> str:
    """A number written shortest (``4``, ``4.5``), with the decimal mark of the language in use."""
    text = f"{x:g}"
    if "e" in text:
        return text
    return format_number(x, len(text.split(".")[1]) if "." in text else 0)


def _answer_texts(answer: Answer, fields: tuple[AnswerField, ...]) -> list[str]:
    if isinstance(answer, str):
        if len(fields) == 1:
            return [answer]
        parts = [p for p in re.split(r"[,;/ ]+", answer.strip()) if p]
        if len(parts) != len(fields):
            names = join_and([f.label for f in fields])
            raise AnswerError(
                _("give {count} answers ({names}), separated by commas; got {answer}").format(
                    count=len(fields), names=names, answer=repr(answer)
                )
            )
        return parts
    if isinstance(answer, Mapping):
        missing = [f.label for f in fields if not str(answer.get(f.name, "")).strip()]
        if missing:
            raise AnswerError(_("fill in {fields}").format(fields=join_and(missing)))
        return [str(answer[f.name]) for f in fields]
    items = [str(a) for a in answer]
    if len(items) != len(fields):
        raise AnswerError(_("give {count} answers, got {given}").format(count=len(fields), given=len(items)))
    return items


_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-", ",": "."})


def _read_field(f: AnswerField, text: str) -> Any:
    raw = str(text).strip()
    if not raw:
        raise AnswerError(_("{field}: type an answer first").format(field=f.label))
    if f.kind == "choice":
        for choice in f.choices:
            if raw.casefold() == choice.casefold():
                return choice
        raise AnswerError(
            _("{field}: choose one of {choices}, not {answer}").format(
                field=f.label, choices=", ".join(f.choices), answer=repr(raw)
            )
        )
    if f.kind == "card":
        try:
            card = Card.parse(raw)
        except ParseError as exc:
            raise AnswerError(_("{field}: {problem}").format(field=f.label, problem=exc)) from None
        if str(card) not in f.choices:
            offered = " ".join(Card.parse(c).pretty for c in f.choices)
            raise AnswerError(
                _("{field}: choose one of {choices}, not {answer}").format(
                    field=f.label, choices=offered, answer=card.pretty
                )
            )
        return str(card)
    if f.kind == "int":
        cleaned = raw.translate(_MINUS).replace(" ", "")
        if not re.fullmatch(r"[+-]?\d+", cleaned):
            raise AnswerError(
                _("{field}: type a whole number such as 72 or -100, not {answer}").format(
                    field=f.label, answer=repr(raw)
                )
            )
        return int(cleaned)
    if f.kind == "number":
        cleaned = raw.translate(_MINUS).replace(" ", "")
        if cleaned.endswith("½"):
            cleaned = (cleaned[:-1] or "0") + ".5"
        try:
            value = float(cleaned)
        except ValueError:
            raise AnswerError(
                _("{field}: type a number of tricks such as 4 or {example}, not {answer}").format(
                    field=f.label, example=decimal(4.5, 1), answer=repr(raw)
                )
            ) from None
        if not 0 <= value <= 13:
            raise AnswerError(
                _("{field}: a hand counts between 0 and 13 tricks, not {answer}").format(
                    field=f.label, answer=repr(raw)
                )
            )
        return value
    if f.kind == "bid":
        try:
            bid = Bid.coerce(raw if not raw.isdigit() else int(raw))
        except ParseError as exc:
            raise AnswerError(_("{field}: {problem}").format(field=f.label, problem=exc)) from None
        return bid.label
    raise AnswerError(_("{field}: this kind of answer ({kind}) is unknown").format(field=f.label, kind=repr(f.kind)))


# -- the registry -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DrillKind:
    """A registered kind: its ``name``, its ``message`` (the English title, marked for the
    catalogs with ``N_()``) and its generator. :attr:`title` is the title the learner
    reads, in the language in use."""

    name: str
    message: str
    make: Callable[[int, int], Drill]

    @property
    def title(self) -> str:
        """The title in the language in use."""
        return _(self.message)


#: Every kind, by name, in the order the widget offers them.
KINDS: dict[str, DrillKind] = {}


def register_kind(name: str, title: str, make: Callable[[int, int], Drill]) -> DrillKind:
    """Add (or replace) a kind: ``make(seed, difficulty)`` returns its :class:`Drill`; ``title``
    is English, marked ``N_()`` so the catalogs translate it."""
    kind = DrillKind(name, title, make)
    KINDS[name] = kind
    return kind


def make_drill(kind: str, seed: int, difficulty: int = 0) -> Drill:
    """The question of ``kind`` for ``seed`` at ``difficulty`` (0 to :data:`MAX_DIFFICULTY`)."""
    if kind not in KINDS:
        raise AnswerError(
            _("unknown drill {kind}: choose one of {kinds}").format(kind=repr(kind), kinds=", ".join(KINDS))
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise AnswerError(_("a drill's seed is a whole number, not {value}").format(value=repr(seed)))
    level = max(0, min(MAX_DIFFICULTY, int(difficulty)))
    return KINDS[kind].make(seed, level)


def difficulty_for(streak: int) -> int:
    """The difficulty for a streak of right answers: one level every :data:`STREAK_STEP`.

    >>> [difficulty_for(n) for n in (0, 2, 3, 7, 40)]
    [0, 0, 1, 2, 4]
    """
    return min(MAX_DIFFICULTY, max(0, streak) // STREAK_STEP)


def drill_seed(seed: int | str, kind: str, number: int) -> int:
    """The seed of question ``number`` of ``kind`` in a series started from ``seed``.

    >>> drill_seed(7, "legal", 0) == drill_seed(7, "legal", 0) != drill_seed(7, "legal", 1)
    True
    """
    return random.Random(f"spades_teach/drill/{seed}/{kind}/{number}").getrandbits(31)


def _plural_count(x: float) -> int:
    """The number that chooses a plural form for ``x`` (a fraction counts as plural)."""
    return int(x) if x == int(x) else 2


def _rng(kind: str, seed: int, difficulty: int) -> random.Random:
    return random.Random(f"spades_teach/drill/{kind}/{seed}/{difficulty}")


# -- shared helpers ---------------------------------------------------------------------------------


def _played_round(rng: random.Random, tricks: int, cards: int, rules: Rules = Rules()) -> Round:
    """A hand dealt from ``rng``, bid by plain numbers and played at random to
    ``tricks`` completed tricks and ``cards`` cards of the next one."""
    dealer = rng.choice(_SEATS)
    rnd = Round(deal(rng.getrandbits(31), dealer=dealer), dealer=dealer, rules=rules)
    while rnd.phase == "bidding":
        seat = rnd.to_act
        assert seat is not None
        rnd.bid(seat, rng.randint(1, 5))
    for _attempt in range(4 * tricks + cards):
        seat = rnd.to_act
        assert seat is not None
        legal = sorted(rnd.legal_plays(), key=lambda c: c.index)
        rnd.play(seat, rng.choice(legal))
    return rnd


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def _trick_text(plays: Sequence[tuple[Seat, Card]]) -> str:
    return ", ".join(f"{_seat(seat)} {card.pretty}" for seat, card in plays)


def _seat(seat: Seat) -> str:
    """The seat's name in the language in use."""
    return seat_word(int(seat))


def _team(team: Team) -> str:
    """A side's name in the language in use: ``North–South``, ``Nord–Sud``."""
    first, second = team.seats
    return f"{_seat(first)}–{_seat(second)}"


def _bid_label(bid: Bid) -> str:
    """A bid as a score sheet writes it, in the language in use: ``Nil``, ``Blind Nil``, ``4``."""
    if int(bid) == 0:
        return _("Blind Nil") if bid.blind else _("Nil")
    return str(int(bid))


# -- is this card legal? ----------------------------------------------------------------------------

_LEGAL = (N_("legal"), N_("not legal"))


def legal_drill(seed: int, difficulty: int) -> Drill:
    """*Is this card legal?* A hand in play, the trick so far and one card of the hand.

    Difficulty: 0 is the first few tricks, then later tricks, trick leads with
    spades unbroken, and from 3 on the 2♣ opening-lead rule now and then.
    """
    rng = _rng("legal", seed, difficulty)
    two_clubs = difficulty >= 3 and rng.random() < 0.3
    rules = Rules(first_lead="two_of_clubs") if two_clubs else Rules()
    latest = (2, 5, 8, 11, 12)[difficulty]
    tricks = 0 if two_clubs else rng.randint(max(0, latest - 4), latest)
    cards = rng.randint(0, 3) if difficulty < 2 else rng.choice((0, 0, 1, 2, 3))
    rnd = _played_round(rng, tricks, cards, rules)
    seat = rnd.to_act
    assert seat is not None
    hand = rnd.hand(seat)
    legal = set(rnd.legal_plays())
    illegal = [c for c in hand if c not in legal]
    pool = illegal if illegal and rng.random() < 0.5 else sorted(legal, key=lambda c: c.index)
    card = rng.choice(pool)
    reason = rnd.why_illegal(card, seat)
    plays = rnd.current_trick.plays
    facts = [_("Trick {number} of 13. You are {seat}, to play.").format(number=len(rnd.tricks) + 1, seat=_seat(seat))]
    facts.append(
        _("You lead this trick.") if not plays else _("Played so far: {trick}.").format(trick=_trick_text(plays))
    )
    facts.append(_("Spades are broken.") if rnd.spades_broken else _("Spades are not broken yet."))
    if two_clubs:
        facts.append(_("House rule: the 2♣ leads the first trick."))
    legal_sorted = [c for c in hand if c in legal]
    if reason is None:
        lines = [
            _("{card} is legal.").format(card=card.pretty),
            _("The legal cards here: {cards}.").format(cards=_cards(legal_sorted)),
        ]
    else:
        lines = [_("{card} is not legal: {reason}.").format(card=card.pretty, reason=reason)]
    led = SUIT_MASKS[plays[0][1].suit] if plays else 0
    _allowed, rule = legal_with_rule(hand.mask, led, rnd.spades_broken, two_clubs and not rnd.tricks and not plays)
    lines.append(legal_rule_line(rule, plays[0][1].suit if plays else None, rules))
    return Drill(
        kind="legal",
        seed=seed,
        difficulty=difficulty,
        prompt=_("May you play the {card}?").format(card=card.pretty),
        fields=(AnswerField("answer", _("Your answer"), "choice", tuple(_(c) for c in _LEGAL)),),
        expected=(_(_LEGAL[0]) if reason is None else _(_LEGAL[1]),),
        lines=tuple(lines),
        facts=tuple(facts),
        hand=hand,
        trick=plays,
        card=card,
        data={"spades_broken": rnd.spades_broken, "tricks_done": len(rnd.tricks), "rules": rules, "seat": seat.name},
    )


def legal_rule_line(rule: LegalRule, led: Suit | None, rules: Rules) -> str:
    """The rule that decided the legal cards (the kernel's :class:`LegalRule`), in one line; ``led``:
    the suit led (``None`` for a lead). Whether a spade lead breaks spades is the ``rules``' to say."""
    if rule is LegalRule.FOLLOW:
        assert led is not None
        return _("The rule: follow the suit led ({suit}) when you can.").format(suit=suit_word(int(led)))
    if rule is LegalRule.NO_SUIT:
        assert led is not None
        return _("The rule: with no {suit} left you may play any card, a spade included.").format(
            suit=suit_word(int(led))
        )
    if rule is LegalRule.TWO_OF_CLUBS:
        return _("The rule: whoever holds the 2♣ must lead it to the first trick.")
    if rule is LegalRule.BROKEN:
        return _("The rule: once spades are broken, any card may lead.")
    if rule is LegalRule.UNBROKEN:
        if rules.spade_lead_breaks:
            return _("The rule: spades may not lead until a spade has been played.")
        return _(
            "The rule: spades may not lead until they are broken, that is until a spade has been played "
            "on a trick of another suit; a player who holds only spades may lead one."
        )
    if rules.spade_lead_breaks:
        return _(
            "The rule: spades may not lead until they are broken, but a hand of only spades may lead one "
            "(and that lead breaks them)."
        )
    return _(
        "The rule: spades may not lead until they are broken, but a hand of only spades may lead one "
        "(that lead does not break them)."
    )


# -- who wins this trick? ---------------------------------------------------------------------------

#: Why the highest card of the suit led wins, by suit (hearts, diamonds, clubs; spades apart).
_HIGHEST = (
    "",
    N_("No trump was played: the highest heart, {card}, wins."),
    N_("No trump was played: the highest diamond, {card}, wins."),
    N_("No trump was played: the highest club, {card}, wins."),
)


def winner_drill(seed: int, difficulty: int) -> Drill:
    """*Who wins this trick?* Four cards in play order.

    Difficulty: 0 looks for a trick with no spade, 1 for one with a spade; later
    levels take tricks from later in the hand, where players discard and trump.
    """
    rng = _rng("winner", seed, difficulty)
    want_spade = {0: False, 1: True}.get(difficulty)
    rnd: Round | None = None
    for _attempt in range(30):
        latest = (2, 4, 8, 11, 13)[difficulty]
        rnd = _played_round(rng, rng.randint(1, latest), 0)
        spade = any(c.suit is Suit.SPADES for _, c in rnd.tricks[-1].plays)
        if want_spade is None or spade == want_spade:
            break
    assert rnd is not None
    trick = rnd.tricks[-1]
    plays = trick.plays
    leader = plays[0][0]
    cards = [c for _, c in plays]
    winner = trick_winner(cards, leader=leader)
    best = cards[winning_index(cards)]
    led = cards[0].suit
    spades = [c for c in cards if c.suit is Suit.SPADES]
    if spades and led is not Suit.SPADES:
        why = _("A spade beats every other suit: the highest spade, {card}, wins.").format(card=best.pretty)
    elif led is Suit.SPADES:
        why = _("Spades were led: the highest spade, {card}, wins.").format(card=best.pretty)
    else:
        why = _(_HIGHEST[int(led)]).format(card=best.pretty)
    lines = [_("{seat} wins with the {card}.").format(seat=_seat(winner), card=best.pretty), why]
    off = [c for c in cards if c.suit is not led and c.suit is not Suit.SPADES]
    if off:
        lines.append(_("Cards of another suit ({cards}) never win, however high.").format(cards=_cards(off)))
    return Drill(
        kind="winner",
        seed=seed,
        difficulty=difficulty,
        prompt=_("Who wins this trick?"),
        fields=(AnswerField("answer", _("Winner"), "choice", tuple(_seat(s) for s in _SEATS)),),
        expected=(_seat(winner),),
        lines=tuple(lines),
        facts=(_("{seat} led; play went clockwise: {trick}.").format(seat=_seat(leader), trick=_trick_text(plays)),),
        trick=plays,
        data={"leader": leader.name, "trick_number": len(rnd.tricks)},
    )


# -- score this hand --------------------------------------------------------------------------------


def score_drill(seed: int, difficulty: int) -> Drill:
    """*Score this hand.* Bids, tricks and bags carried in; the learner gives each side's points.

    Difficulty: 0 plain bids, no bags carried; 1 bags carried in; 2 a bag penalty
    is near; 3 a Nil now and then; 4 blind Nil too (the order of the chapters).
    """
    rng = _rng("score", seed, difficulty)
    rules = Rules(blind_nil=True) if difficulty >= 4 else Rules()
    tricks = _split_tricks(rng)
    bids: dict[Seat, Bid] = {}
    nil_seat = rng.choice(_SEATS) if difficulty >= 3 and rng.random() < 0.7 else None
    for seat in _SEATS:
        if seat is nil_seat:
            blind = difficulty >= 4 and rng.random() < 0.4
            bids[seat] = Bid(0, blind=blind)
            continue
        near = tricks[seat] + rng.choice((-2, -1, -1, 0, 0, 0, 1, 1, 2))
        bids[seat] = Bid(max(1, min(13, near)))
    if nil_seat is not None and rng.random() < 0.6:
        # Most Nils hold: hand the Nil bidder's tricks to the partner.
        partner = nil_seat.partner
        tricks[partner] += tricks[nil_seat]
        tricks[nil_seat] = 0
    bags = {Team.NS: 0, Team.EW: 0}
    if difficulty >= 1:
        top = rules.bag_limit - 1
        for team in bags:
            bags[team] = rng.randint(top - 3, top) if difficulty >= 2 else rng.randint(0, 6)
    result = score_round(bids, tricks, bags=bags, rules=rules)
    facts = [
        _("{seat}: bid {bid}, took {tricks}.").format(seat=_seat(s), bid=_bid_label(bids[s]), tricks=tricks[s])
        for s in _SEATS
    ]
    facts.append(
        _("Bags carried in: {ns} {ns_bags}, {ew} {ew_bags}.").format(
            ns=_team(Team.NS), ns_bags=bags[Team.NS], ew=_team(Team.EW), ew_bags=bags[Team.EW]
        )
    )
    facts.append(
        (
            _("Rules: {limit} bags cost {penalty} points; Nil is worth 100, blind Nil 200.")
            if difficulty >= 4
            else _("Rules: {limit} bags cost {penalty} points; Nil is worth 100.")
        ).format(limit=rules.bag_limit, penalty=rules.bag_penalty)
    )
    lines = [
        *result.lines,
        _("Bags now: {ns} {ns_bags}, {ew} {ew_bags}.").format(
            ns=_team(Team.NS), ns_bags=result.bags[Team.NS], ew=_team(Team.EW), ew_bags=result.bags[Team.EW]
        ),
    ]
    return Drill(
        kind="score",
        seed=seed,
        difficulty=difficulty,
        prompt=_("How many points does each side score this hand?"),
        fields=(
            AnswerField("NS", _("{side} points").format(side=_team(Team.NS)), "int"),
            AnswerField("EW", _("{side} points").format(side=_team(Team.EW)), "int"),
        ),
        expected=(str(result.points[Team.NS]), str(result.points[Team.EW])),
        lines=tuple(lines),
        facts=tuple(facts),
        data={
            "bids": {s.name: bids[s] for s in _SEATS},
            "tricks": {s.name: tricks[s] for s in _SEATS},
            "bags": {t.name: n for t, n in bags.items()},
            "rules": rules,
        },
    )


def _split_tricks(rng: random.Random) -> dict[Seat, int]:
    """13 tricks shared among the four seats at random."""
    cuts = sorted(rng.randint(0, 13) for _ in range(3))
    sizes = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
    rng.shuffle(sizes)
    return dict(zip(_SEATS, sizes))


# -- count this hand --------------------------------------------------------------------------------


def count_drill(seed: int, difficulty: int) -> Drill:
    """*Count this hand.* Levels 0–1 ask for the sure tricks (exact); from 2 on, the
    whole count, right within half a trick. The explanation is the advisor's
    itemised count, and the make chance of the nearby bids from bot playouts."""
    rng = _rng("count", seed, difficulty)
    want_sure = rng.random() < 0.7  # most hands asked about hold a sure trick, so "none" is no safe guess
    for _attempt in range(40):
        hand = deal(rng.getrandbits(31))[rng.choice(_SEATS)]
        reasons = count_hand(hand)
        if any(r.sure for r in reasons) == want_sure:
            break
    sure = sum(1 for r in reasons if r.sure)
    estimate = sum(r.value for r in reasons)
    lines = [
        (_("{cards}: {value} — {why} (sure)") if r.sure else _("{cards}: {value} — {why}")).format(
            cards=r.cards, value=_g(r.value), why=r.why
        )
        for r in reasons
    ]
    lines.append(
        ngettext(
            "Sure tricks: {sure}. The whole count: {count} trick.",
            "Sure tricks: {sure}. The whole count: {count} tricks.",
            _plural_count(estimate),
        ).format(sure=sure, count=_g(estimate))
    )
    if difficulty < 2:
        prompt = _("How many sure tricks does this hand hold? (A sure trick wins however the other cards lie.)")
        fields = (AnswerField("answer", _("Sure tricks"), "int"),)
        expected = (str(sure),)
        tolerance = 0.0
    else:
        prompt = _("Count this hand: about how many tricks will it take? (Within half a trick is right.)")
        fields = (AnswerField("answer", _("Your count"), "number"),)
        expected = (f"{estimate:g}",)
        tolerance = 0.5
    return Drill(
        kind="count",
        seed=seed,
        difficulty=difficulty,
        prompt=prompt,
        fields=fields,
        expected=expected,
        lines=tuple(lines),
        facts=(_("You are South, before the bidding."),),
        hand=hand,
        tolerance=tolerance,
        more=functools.partial(_make_chance_lines, str(hand), (), (), round(estimate)),
    )


# -- what would you bid? ----------------------------------------------------------------------------


def bid_drill(seed: int, difficulty: int) -> Drill:
    """*What would you bid?* South's hand: first to bid at difficulty 0; from 1 on West deals,
    so North (partner) and East bid first and their bids are shown; from 3 on the match score
    and bags too. Right: the advisor's bid, or the bid that scored best on the deals of its check
    (the same deals: one study)."""
    rng = _rng("bid", seed, difficulty)
    the_deal = deal(rng.getrandbits(31), dealer=Seat.W if difficulty >= 1 else Seat.E)
    hand = the_deal[Seat.S]
    bids: dict[Seat, Bid] = {}
    if difficulty >= 1:
        for seat in (Seat.N, Seat.E):
            est = sum(r.value for r in count_hand(the_deal[seat]))
            nil_ok = difficulty >= 2 and assess_nil(the_deal[seat]).fits
            bids[seat] = Bid(0) if nil_ok else Bid(max(1, int(est)))
    scores: dict[Team, int] = {}
    bags: dict[Team, int] = {}
    if difficulty >= 3:
        scores = {Team.NS: rng.randrange(0, 400, 10), Team.EW: rng.randrange(0, 400, 10)}
        bags = {Team.NS: rng.randint(0, 9), Team.EW: rng.randint(0, 9)}
    advice = advise_bid(hand, seat=Seat.S, bids=bids, scores=scores, bags=bags)
    facts = [
        _("You are South; West dealt, so North (your partner) and East bid before you.")
        if bids
        else _("You are South and bid first.")
    ]
    if bids:
        said = [_("{seat} bid {bid}").format(seat=_seat(s), bid=_bid_label(b)) for s, b in bids.items()]
        facts.append(", ".join(said) + ".")
    if scores:
        facts.append(
            _("Score: you {ours} ({our_bags} bags), them {theirs} ({their_bags} bags); the game is to 500.").format(
                ours=scores[Team.NS], our_bags=bags[Team.NS], theirs=scores[Team.EW], their_bags=bags[Team.EW]
            )
        )
    lines = _advice_lines(advice)
    key = (
        str(hand),
        tuple((s.name, b.label) for s, b in bids.items()),
        tuple((t.name, scores[t], bags[t]) for t in scores),
    )
    return Drill(
        kind="bid",
        seed=seed,
        difficulty=difficulty,
        prompt=_("What would you bid? (A number, or Nil.)"),
        fields=(AnswerField("answer", _("Your bid"), "bid"),),
        expected=(advice.bid.label,),
        lines=tuple(lines),
        facts=tuple(facts),
        hand=hand,
        data={
            "bids": {s.name: b for s, b in bids.items()},
            "scores": {t.name: n for t, n in scores.items()},
            "bags": {t.name: n for t, n in bags.items()},
        },
        more_right=functools.partial(_simulated_best, key),
        more=functools.partial(_make_chance_lines, *key, int(advice.bid)),
    )


def _advice_lines(advice: BidAdvice) -> list[str]:
    lines = [_("The advisor bids {bid}: {summary}").format(bid=_bid_label(advice.bid), summary=advice.summary)]
    lines += [_("{cards}: {value} — {why}").format(cards=r.cards, value=_g(r.value), why=r.why) for r in advice.reasons]
    lines += [_("Note: {note}").format(note=c) for c in advice.context]
    return lines


@functools.lru_cache(maxsize=64)
def _analysis(hand: str, bids: tuple[tuple[str, str], ...], match: tuple[tuple[str, int, int], ...]) -> Any:

    # The deals of the advice's own check (its dealer, seed and count): the drill and the advice are one study.
    return analyze_hand(
        hand,
        seat="S",
        dealer=dealer_for(Seat.S, [Seat[name] for name, _ in bids]),
        bids=dict(bids),
        scores={t: s for t, s, _ in match} or None,
        bags={t: b for t, _, b in match} or None,
        samples=BID_SAMPLES,
        method="playout",
        executor=SerialExecutor(),
    )


def _simulated_best(key: tuple[Any, ...]) -> tuple[tuple[str, ...], ...]:
    """The bid that scored best over the playouts, as a right answer too."""
    return ((str(_analysis(*key).best_bid.label),),)


def _make_chance_lines(
    hand: str, bids: tuple[tuple[str, str], ...], match: tuple[tuple[str, int, int], ...], around: int
) -> tuple[str, ...]:
    """The make chance and mean points of the bids near ``around``, from bot playouts."""
    analysis = _analysis(hand, bids, match)
    lines = [
        _("Simulated: {count} deals of the other 39 cards, each bid and played out by the medium bots.").format(
            count=analysis.samples
        ),
        _("For each bid: how often your side made it, and the points it scored on average."),
    ]
    low = max(1, around - 2)
    for b in range(low, min(13, around + 2) + 1):
        chance = analysis.make_probability.get(b, 0.0)
        points = analysis.expected_scores.get(b, 0.0)
        lines.append(
            _("Bid {bid}: made {percent} of the time, {points} points on average.").format(
                bid=b, percent=_percent(chance), points=format_signed(points)
            )
        )
    if 0 in analysis.expected_scores:
        lines.append(_("Nil: {points} points on average.").format(points=format_signed(analysis.expected_scores[0])))
    lines.append(_("Best over these deals: bid {bid}.").format(bid=_bid_label(analysis.best_bid)))
    return tuple(lines)


# -- Nil or not? ------------------------------------------------------------------------------------

_NIL = (N_("Nil"), N_("not Nil"))


def nil_drill(seed: int, difficulty: int) -> Drill:
    """*Nil or not?* A hand; the answer is the advisor's Nil check (:func:`assess_nil`)
    shown item by item, and how often the Nil held when the bots played it out.

    Difficulty: low levels pick clear hands (very safe, or plainly not), higher
    levels hands near the line, but never a close call the advisor settles by trying the Nil
    (:func:`~spades_teach.advice.nil_check.nil_borderline`), where the checklist alone is not the answer."""
    rng = _rng("nil", seed, difficulty)
    want_fit = rng.random() < 0.5
    margin = (3.0, 2.0, 1.0, 0.5, 0.0)[difficulty]
    hand: Hand | None = None
    check: NilAssessment | None = None
    for _attempt in range(400):
        candidate = deal(rng.getrandbits(31))[rng.choice(_SEATS)]
        found = assess_nil(candidate)
        if found.fits != want_fit or (not found.fits and nil_borderline(candidate)):
            continue  # a close call is settled by the advisor's trial at the table, not by the checklist
        distance = 1.0 - found.risk if found.fits else found.risk - 1.0
        if want_fit or distance >= margin or difficulty == MAX_DIFFICULTY:
            if not want_fit and difficulty >= 3 and distance > 3.0:
                continue
            hand, check = candidate, found
            break
    if hand is None or check is None:  # pragma: no cover - 400 draws always find one
        hand = deal(seed)[Seat.S]
        check = assess_nil(hand)
    lines = [
        _("Nil fits this hand.") if check.fits else _("Nil does not fit this hand."),
        *nil_checklist_lines(check),
        (
            _("These dangers are few enough for a Nil (the advisor adds them up to {risk}; Nil fits at 1 or less).")
            if check.fits
            else _("These dangers are too many for a Nil (the advisor adds them up to {risk}; Nil fits at 1 or less).")
        ).format(risk=_g(check.risk)),
    ]
    return Drill(
        kind="nil",
        seed=seed,
        difficulty=difficulty,
        prompt=_("Would you bid Nil with this hand?"),
        fields=(AnswerField("answer", _("Your answer"), "choice", tuple(_(c) for c in _NIL)),),
        expected=(_(_NIL[0]) if check.fits else _(_NIL[1]),),
        lines=tuple(lines),
        facts=(_("You are South, before the bidding; nobody has bid Nil yet."),),
        hand=hand,
        data={"risk": check.risk},
        more=functools.partial(_nil_rate_lines, str(hand), seed),
    )


def nil_checklist_lines(check: NilAssessment) -> tuple[str, ...]:
    """The Nil check as the checklist the Nil chapter teaches (``assess_nil(...).checklist``):
    one line per item, ✓ for an item the hand passes, ✗ for one it fails."""
    return tuple(str(item) for item in check.checklist)


def nil_success(hand: str, seed: int, samples: int = NIL_SAMPLES) -> tuple[int, int]:
    """How many of ``samples`` deals of the unseen cards South's Nil holds, played out at the table
    (:func:`~spades_teach.advice.nil_trial.nil_trial`, the advice's own Nil trial). Returns
    ``(held, samples)``."""

    trial = nil_trial(hand, samples=samples, seed=seed)
    return trial.held, trial.samples


def _nil_rate_lines(hand: str, seed: int) -> tuple[str, ...]:
    held, samples = nil_success(hand, seed)
    return (
        _(
            "Simulated: South bid Nil on {count} deals of the other 39 cards, played out by the medium bots; "
            "the Nil held on {held} ({percent})."
        ).format(count=samples, held=held, percent=_percent(held / samples)),
    )


def _percent(share: float) -> str:
    """A share as a whole percentage, written as the language writes it (``57%``, ``57 %``)."""

    return percent_text(share)


# -- which card? ----------------------------------------------------------------------------------------

#: The puzzle difficulty a drill level draws from.
_PUZZLE_LEVEL = ("easy", "easy", "medium", "medium", "hard")


def _sentence(line: str) -> str:
    """``line`` as a sentence: its first letter upper case, a full stop at the end."""
    return line[:1].upper() + line[1:] + ("" if line.endswith(".") else ".")


def which_drill(seed: int, difficulty: int) -> Drill:
    """*Which card?* A packaged puzzle (:func:`spades_teach.analysis.puzzles.load_puzzles`):
    one card clearly best, re-checked against the solver when the puzzles are made.

    Difficulty: levels 0–1 draw easy puzzles (open hands, up to 3 cards each), 2–3
    medium ones (open hands, 4–5 cards), 4 hard ones (hidden hands, judged over
    sampled deals). The explanation gives the reason and what each card would do.
    """
    from spades_teach.analysis.puzzles import load_puzzles

    rng = _rng("which", seed, difficulty)
    puzzle = rng.choice(load_puzzles(_PUZZLE_LEVEL[difficulty]))
    position = puzzle.position
    legal = tuple(str(c) for c in position.legal)
    seats = [Seat((int(puzzle.leader) + k) % 4) for k in range(len(puzzle.trick))]
    facts = [
        _("Bids: {bids}.").format(bids=", ".join(f"{_seat(s)} {_bid_label(puzzle.bids[s])}" for s in _SEATS)),
        _("Tricks won so far: {tricks}.").format(
            tricks=", ".join(f"{_seat(s)} {puzzle.tricks_won.get(s, 0)}" for s in _SEATS)
        ),
    ]
    for s, hand in puzzle.others.items():
        facts.append(_("{seat} holds {cards}.").format(seat=_seat(s), cards=_cards(tuple(hand))))
    facts += [_sentence(line) for line in puzzle.history_lines()[: len(puzzle.history)]]
    facts.append(_sentence(_("spades are broken") if puzzle.spades_broken else _("spades are not broken yet")))
    if puzzle.trick:
        facts.append(_("The trick so far: {trick}.").format(trick=_trick_text(tuple(zip(seats, puzzle.trick)))))
    lines = [puzzle.reason]
    lines += [_sentence(puzzle.evidence_line(c)) for c in position.legal if c in puzzle.evidence]
    return Drill(
        kind="which",
        seed=seed,
        difficulty=difficulty,
        prompt=puzzle.prompt(),
        fields=(AnswerField("answer", _("Your card"), "card", legal),),
        expected=(str(puzzle.answer),),
        lines=tuple(lines),
        facts=tuple(facts),
        hand=puzzle.hand,
        trick=tuple(zip(seats, puzzle.trick)),
        data={"puzzle": puzzle.id, "difficulty": puzzle.difficulty, "themes": list(puzzle.themes)},
    )


register_kind("legal", N_("Is this card legal?"), legal_drill)
register_kind("winner", N_("Who wins this trick?"), winner_drill)
register_kind("score", N_("Score this hand"), score_drill)
register_kind("count", N_("Count this hand"), count_drill)
register_kind("bid", N_("What would you bid?"), bid_drill)
register_kind("nil", N_("Nil or not?"), nil_drill)
register_kind("which", N_("Which card?"), which_drill)
