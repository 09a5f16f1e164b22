"""Whether a hand suits a Nil: the checklist by holding (:func:`nil_checklist`) and the
weighed dangers (:func:`assess_nil`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from spades_teach.advice._words import card_face, card_names, suit_one, suit_words
from spades_teach.advice.bid_count import SIDE_SUITS
from spades_teach.game.cards import Card, Hand, HandLike, Rank, Suit
from spades_teach.i18n import N_, _, join_and, join_clauses, ngettext

__all__ = [
    "NIL_BORDER",
    "NIL_CHECKLIST",
    "NIL_FITS",
    "NIL_MAX_COUNT",
    "NilAssessment",
    "NilCheck",
    "assess_nil",
    "nil_borderline",
    "nil_checklist",
    "nil_risk",
]


@dataclass(frozen=True)
class NilCheck:
    """One item of the Nil checklist: the ``item`` checked (the same words for every
    hand), whether this hand passes it (``ok``) and a one-line ``line`` about this hand."""

    item: str
    ok: bool
    line: str

    def __str__(self) -> str:
        return _("{mark} {item}: {line}").format(mark="✓" if self.ok else "✗", item=self.item, line=self.line)


@dataclass(frozen=True)
class NilAssessment:
    """Whether the hand suits a Nil: ``risk`` (0 is ideal; above 1 is too risky),
    ``fits``, the ``dangers`` found, and the ``checklist`` by holding
    (:data:`NIL_CHECKLIST`'s items, each ok or not, one line each)."""

    fits: bool
    risk: float
    dangers: tuple[str, ...]
    checklist: tuple[NilCheck, ...] = ()

    @property
    def verdict(self) -> str:
        """Whether Nil fits, as a sentence of the language in use (never a bare ``True``)."""
        return _("Nil fits this hand.") if self.fits else _("Nil does not fit this hand.")

    @property
    def why(self) -> str:
        if self.fits:
            return (
                _("no high spade and low cards to play under in every suit")
                if not self.dangers
                else _("small risks only: {dangers}").format(dangers=join_clauses(self.dangers))
            )
        return join_clauses(self.dangers)


#: A hand fits a Nil when its dangers weigh this much or less (:func:`nil_risk`).
NIL_FITS = 1.0
#: A Nil is advised only for a hand that counts fewer tricks than this.
NIL_MAX_COUNT = 2.5

#: How far over its limit a hand's dangers may weigh and still be borderline (:func:`nil_borderline`).
NIL_BORDER = 0.5

#: One danger of a Nil: its weight, its line for the learner (made only when asked) or ``None`` for
#: a small risk that is weighed but not named, and whether it is a card that wins on its own (an
#: A♠, K♠ or Q♠, a side ace, a side king with little cover), which no simulation argues away.
_Danger = tuple[float, Callable[[], str] | None, bool]


def assess_nil(hand: HandLike) -> NilAssessment:
    """Check a hand for Nil: no A♠ or K♠, few and low spades, no unguarded high
    card in a side suit, low cards to play under."""
    h = Hand.coerce(hand)
    weighed = _dangers(h)
    risk = sum((weight for weight, _line, _wins in weighed), 0.0)
    dangers = tuple(line() for _weight, line, _wins in weighed if line is not None)
    return NilAssessment(risk <= NIL_FITS, risk, dangers, nil_checklist(h))


def nil_risk(hand: HandLike) -> float:
    """The weight of a hand's Nil dangers, as :func:`assess_nil` adds them up, without their words
    (the fast form, for simulations)."""
    return sum((weight for weight, _line, _wins in _dangers(Hand.coerce(hand))), 0.0)


def nil_borderline(hand: HandLike, limit: float = NIL_FITS) -> bool:
    """Whether a Nil with ``hand`` is a close call that only playing it can settle: its dangers
    weigh more than ``limit`` but by no more than :data:`NIL_BORDER`, and none of them is a card
    that wins on its own (only middle spades, kings with three or more cards beside them, short
    queens, no low card, a long suit).

    >>> nil_borderline("T92.6543.7542.83"), nil_borderline("A52.8643.T742.95")
    (True, False)
    """
    weighed = _dangers(Hand.coerce(hand))
    risk = sum((weight for weight, _line, _wins in weighed), 0.0)
    return limit < risk <= limit + NIL_BORDER and not any(wins for _weight, _line, wins in weighed)


def _dangers(h: Hand) -> list[_Danger]:
    """Each danger of a Nil with ``h``: the spades that may win, then each side suit's."""
    found: list[_Danger] = []
    spades = h.suit(Suit.SPADES)
    top = {c.rank for c in spades}
    ace, king, queen = (card_face(rank, Suit.SPADES) for rank in (Rank.ACE, Rank.KING, Rank.QUEEN))
    if Rank.ACE in top:
        found.append((10, lambda: _("the {ace} is sure to win a trick").format(ace=ace), True))
    elif Rank.KING in top:
        found.append(
            (10, lambda: _("the {king} wins a trick unless the {ace} falls on it").format(king=king, ace=ace), True)
        )
    if Rank.QUEEN in top:
        found.append((2.5, lambda: _("the {queen} is likely to win a trick").format(queen=queen), True))
    high_spades = tuple(c for c in spades if Rank.NINE <= c.rank <= Rank.JACK)
    if high_spades:
        found.append(
            (
                0.75 * len(high_spades),
                lambda: _("high spades ({cards}) may be forced to win").format(cards=card_names(high_spades)),
                False,
            )
        )
    n = len(spades)
    if n >= 4:
        found.append(
            (
                2.0 + (n - 4),
                lambda: _("{count} spades: the last ones win when the others are gone").format(count=n),
                False,
            )
        )
    for suit in SIDE_SUITS:
        cards = h.suit(suit)
        if cards:
            found.extend(_side_dangers(suit, cards))
    return found


def _side_dangers(suit: Suit, cards: tuple[Card, ...]) -> list[_Danger]:
    """The dangers of one side suit: its ace, a short king or queen, no low card, great length."""
    found: list[_Danger] = []
    n = len(cards)
    ranks = [c.rank for c in cards]
    words = suit_words(suit)
    if Rank.ACE in ranks:
        ace = card_face(Rank.ACE, suit)
        found.append(
            (
                2.5 if n <= 3 else 1.5,
                lambda: _("the {card} wins when {suit} are led").format(card=ace, suit=words),
                True,
            )
        )
    king = card_face(Rank.KING, suit)
    if Rank.KING in ranks and n <= 2:
        found.append((1.5, lambda: _("the {card} has little cover").format(card=king), True))
    elif Rank.KING in ranks:
        found.append((0.5, None, False))
    if Rank.QUEEN in ranks and n <= 2:
        queen = card_face(Rank.QUEEN, suit)
        found.append((0.75, lambda: _("the {card} has little cover").format(card=queen), False))
    lowest = min(ranks)
    if lowest >= Rank.EIGHT:
        one = suit_one(suit)
        found.append(
            (
                1.0,
                lambda: _("no low {suit_one} to play under ({cards})").format(suit_one=one, cards=card_names(cards)),
                False,
            )
        )
    elif lowest >= Rank.SIX:
        found.append((0.25, None, False))
    if n >= 6:
        found.append(
            (0.5, lambda: _("{count} {suit}: the last of them may be left high").format(count=n, suit=words), False)
        )
    return found


#: The Nil checklist, by holding: the items :func:`nil_checklist` checks, in order.
NIL_CHECKLIST = (
    N_("no A♠ or K♠"),
    N_("no Q♠"),
    N_("spades 8 or lower"),
    N_("three spades at most"),
    N_("no side ace"),
    N_("no side king"),
    N_("no side queen with two cards or fewer"),
    N_("a low card (5 or lower) in every side suit"),
    N_("no side suit of six or more"),
)


def _one_or_more(cards: tuple[Card, ...], one: str, more: str) -> str:
    """A line about one card (``{card}``, which takes the article its sentence needs: Spanish *la J♠*,
    *el 9♠*) or about several (``{cards}``, named in the plural)."""
    if len(cards) == 1:
        return _(one).format(card=cards[0].pretty)
    return _(more).format(cards=card_names(cards))


def _high_spades_line(high: tuple[Card, ...]) -> str:
    """The line of "spades 8 or lower" for the spades above the 8♠: with an A♠, K♠ or Q♠ among them
    they can win tricks on their own; a J 10 9 alone may be forced to win."""
    if any(c.rank >= Rank.QUEEN for c in high):
        return _one_or_more(
            high,
            N_("the {card} is above the 8♠ and can win a trick"),
            N_("the {cards} are above the 8♠ and can win tricks"),
        )
    return _one_or_more(high, N_("the {card} may be forced to win"), N_("the {cards} may be forced to win"))


def nil_checklist(hand: HandLike) -> tuple[NilCheck, ...]:
    """The Nil checklist for ``hand``: each item of :data:`NIL_CHECKLIST`, ok or not,
    with one line about this hand. Each item is one of the dangers
    :func:`assess_nil` weighs: a hand that passes every item fits a Nil, and one
    that fails only a small item (a side king with three cards beside it, a lowest
    card of 6 or 7, one middle spade) may still fit.

    >>> for check in nil_checklist("3.J962.T8742.Q84"):
    ...     print(check)
    ✓ no A♠ or K♠: no spade is sure to win a trick
    ✓ no Q♠: no spade likely to win a trick
    ✓ spades 8 or lower: the 3♠ can play under most spades
    ✓ three spades at most: 1 spade
    ✓ no side ace: no side ace to win a trick
    ✓ no side king: no side king
    ✓ no side queen with two cards or fewer: the Q♣ has 2 cards beside it
    ✓ a low card (5 or lower) in every side suit: 2♥, 2♦, 4♣
    ✓ no side suit of six or more: the longest side suit has 5 cards
    """
    h = Hand.coerce(hand)
    spades = h.suit(Suit.SPADES)
    ranks = {c.rank for c in spades}
    top = tuple(c for c in spades if c.rank >= Rank.KING)
    # Every spade above the 8 fails "spades 8 or lower": the A♠ K♠ Q♠ (their own items above) as well as the J 10 9.
    high = tuple(c for c in spades if c.rank >= Rank.NINE)
    item = [_(words) for words in NIL_CHECKLIST]
    ace, king, queen = (card_face(r, Suit.SPADES) for r in (Rank.ACE, Rank.KING, Rank.QUEEN))
    checks = [
        NilCheck(
            item[0],
            not top,
            _("no spade is sure to win a trick")
            if not top
            else ngettext("the {cards} will win a trick", "the {cards} will each win a trick", len(top)).format(
                cards=card_names(top)
            ),
        ),
        NilCheck(
            item[1],
            Rank.QUEEN not in ranks,
            _("no spade likely to win a trick")
            if Rank.QUEEN not in ranks
            else _("the {queen} wins unless the {ace} or {king} covers it").format(queen=queen, ace=ace, king=king),
        ),
        NilCheck(
            item[2],
            not high,
            _high_spades_line(high)
            if high
            else (
                _one_or_more(
                    spades, N_("the {card} can play under most spades"), N_("the {cards} can play under most spades")
                )
                if spades
                else _("no spades at all")
            ),
        ),
        NilCheck(
            item[3],
            len(spades) <= 3,
            ngettext("{count} spade", "{count} spades", len(spades)).format(count=len(spades)),
        ),
    ]
    side = {suit: h.suit(suit) for suit in SIDE_SUITS}
    aces = [
        ngettext("the {card} ({count} card in the suit)", "the {card} ({count} cards in the suit)", len(cards)).format(
            card=card_face(Rank.ACE, suit), count=len(cards)
        )
        for suit, cards in side.items()
        if any(c.rank == Rank.ACE for c in cards)
    ]
    checks.append(
        NilCheck(
            item[4],
            not aces,
            _("{aces} wins when the suit is led").format(aces=join_clauses(aces))
            if aces
            else _("no side ace to win a trick"),
        )
    )
    kings = [
        (
            _("the {card} with little cover")
            if len(cards) <= 2
            else ngettext(
                "the {card} with {count} card beside it: a small risk",
                "the {card} with {count} cards beside it: a small risk",
                len(cards) - 1,
            )
        ).format(card=card_face(Rank.KING, suit), count=len(cards) - 1)
        for suit, cards in side.items()
        if any(c.rank == Rank.KING for c in cards)
    ]
    checks.append(NilCheck(item[5], not kings, join_clauses(kings) if kings else _("no side king")))
    queens = [(suit, cards) for suit, cards in side.items() if any(c.rank == Rank.QUEEN for c in cards)]
    bare = [card_face(Rank.QUEEN, suit) for suit, cards in queens if len(cards) <= 2]
    checks.append(
        NilCheck(
            item[6],
            not bare,
            _("the {cards} with little cover").format(cards=", ".join(bare))
            if bare
            else join_clauses(
                [
                    ngettext(
                        "the {card} has {count} card beside it",
                        "the {card} has {count} cards beside it",
                        len(cards) - 1,
                    ).format(card=card_face(Rank.QUEEN, suit), count=len(cards) - 1)
                    for suit, cards in queens
                ]
            )
            or _("no side queen"),
        )
    )
    lows = []
    missing = []
    for suit, cards in side.items():
        if not cards:
            lows.append(_("no {suit}").format(suit=suit_words(suit)))
            continue
        lowest = min(cards, key=lambda c: c.rank)
        lows.append(lowest.pretty)
        if lowest.rank >= Rank.SIX:
            missing.append(_("{suit} (lowest {card})").format(suit=suit_words(suit), card=lowest.pretty))
    checks.append(
        NilCheck(
            item[7],
            not missing,
            _("no low card to play under in {suits}").format(suits=join_and(missing)) if missing else ", ".join(lows),
        )
    )
    longest = max(len(cards) for cards in side.values())
    checks.append(
        NilCheck(
            item[8],
            longest < 6,
            ngettext(
                "the longest side suit has {count} card", "the longest side suit has {count} cards", longest
            ).format(count=longest),
        )
    )
    return tuple(checks)


# -- the advice -----------------------------------------------------------------------------------
