"""What each card cost with every hand seen, in points: the double-dummy (hindsight) review of a
played hand (:func:`card_costs`), and the exact points search of its last tricks
(:class:`PointsSearch`). The learner's own cost is judged from the seat
(:mod:`spades_teach.analysis.seat_review`). How a card is judged: ``docs/modules.md``.

>>> from spades_teach import Round, deal
>>> r = Round(deal(3), dealer="N")
>>> for seat, bid in zip("ESWN", [3, 3, 3, 4]):
...     _ = r.bid(seat, bid)
>>> _ = r.play(r.to_act, sorted(r.legal_plays())[0])
>>> first = card_costs(r)[0]
>>> first.trick, first.seat, first.cost == first.before - first.after
(1, <Seat.E: 1>, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from spades_teach.analysis.stored_reviews import stored_review_data
from spades_teach.errors import ParseError, SpadesError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, CardLike
from spades_teach.game.notation import seat_word
from spades_teach.game.round import PlayEvent, Round
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import bag_charge, side_value
from spades_teach.game.seating import Seat, SeatLike, Team, seating_of
from spades_teach.i18n import N_, _, decimal, join_and, join_clauses, join_or, ngettext
from spades_teach.solver import DDState, backend, nil_safe_cards, representatives, score_cards
from spades_teach.solver.search import Bounds, alphabeta

__all__ = [
    "CardCost",
    "Outcome",
    "SideOutcome",
    "card_costs",
    "card_outcomes",
    "hindsight_note",
    "review_from_json",
    "review_to_json",
    "side_from_tricks",
    "side_outcome",
    "EXACT_TRICKS",
    "PointsSearch",
    "stored_card_costs",
]

Progress = Callable[[int, int], None]
_V = TypeVar("_V")

#: the last tricks of a hand, searched line by line for points (:class:`PointsSearch`)
EXACT_TRICKS = 5

#: the one line that says why a review may disagree with Teach me
HINT_NOTE = N_(
    "This was the Teach me hint: the hint judges from the cards you can see, "
    "while the review sees all four hands after the hand"
)


@dataclass(frozen=True)
class SideOutcome:
    """How one side ends the hand after a card, with best play from there (see the module docs).

    ``team``: the side. ``bid``: the side's contract in tricks (Nil bids apart; 0 when both partners bid Nil).
    ``tricks``: all the tricks the side ends with. ``made``: whether the contract is made
    (``None`` with no contract). ``bags``: its new bags (tricks over the contract, and a Nil
    bidder's tricks). ``nils``: each Nil bidder of the side and whether the Nil holds.
    ``points``: the side's points for the hand with each new bag charged its match value
    (:func:`~spades_teach.game.scoring.side_value`).
    """

    team: Team
    bid: int
    tricks: int
    made: bool | None
    bags: int
    nils: tuple[tuple[Seat, bool], ...]
    points: float


@dataclass(frozen=True)
class Outcome:
    """How the hand ends after a card, for the player's side (``ours``) and the other (``theirs``).
    ``value`` is our points minus theirs, bags charged: what the review compares."""

    ours: SideOutcome
    theirs: SideOutcome

    @property
    def value(self) -> float:
        return self.ours.points - self.theirs.points


@dataclass(frozen=True)
class CardCost:
    """The review of one card played.

    ``number``: the card's place in the hand (1–52); ``trick``: its trick (1–13); ``seat``, ``card``:
    who played what. ``before``: the value (the player's side's points minus the other side's, bags
    charged, as the module docs explain) of the best legal card; ``after``: the value of the card
    played; ``cost`` is their difference in points (0 for a best card). ``best_cards``: the legal
    cards worth ``before``. ``outcome`` / ``best_outcome``: how the hand ends after the card played
    and after the first best card (contracts, bags, Nils). ``nil_lost``: this card turned a Nil of
    the player's side that could still be kept into a lost one. ``hint``: the card Teach me
    suggested at this moment, when known (``was_hint``: the player followed it).
    ``explanation``: one plain line that says what every number means, with a word on the hint when
    a card that cost was the hint.
    """

    number: int
    trick: int
    seat: Seat
    card: Card
    before: float
    after: float
    best_cards: tuple[Card, ...]
    nil_lost: bool
    explanation: str
    outcome: Outcome
    best_outcome: Outcome
    hint: Card | None = None

    @property
    def cost(self) -> float:
        """Points this card gave away against the best legal card."""
        return self.before - self.after

    @property
    def optimal(self) -> bool:
        return self.cost <= 1e-9

    @property
    def was_hint(self) -> bool:
        """Whether this card was the one Teach me suggested."""
        return self.hint is not None and self.hint == self.card


# -- the points of an outcome ----------------------------------------------------------------


def side_outcome(
    team: Team,
    bids: Mapping[Seat, Bid],
    total: int,
    done: Mapping[Seat, int],
    nil_kept: Mapping[Seat, bool],
    rules: Rules,
) -> SideOutcome:
    """How ``team`` ends the hand taking ``total`` tricks: each Nil bidder's fate in ``nil_kept``
    (a kept Nil takes no trick, a lost one at least one or what it already took, ``done``), the
    partner the rest; scored by :func:`~spades_teach.game.scoring.side_value`.

    >>> from spades_teach import Rules
    >>> bids = {Seat.N: Bid(4), Seat.S: Bid(0), Seat.E: Bid(3), Seat.W: Bid(3)}
    >>> done = dict.fromkeys(Seat, 0)
    >>> o = side_outcome(Team.NS, bids, 5, done, {Seat.S: True}, Rules())
    >>> o.made, o.bags, o.points
    (True, 1, 131.0)
    """
    won = [0, 0, 0, 0]
    left = total
    for seat in team.seats:
        if bids[seat].is_nil:
            kept = bool(nil_kept.get(seat, False)) and done[seat] == 0
            won[seat] = 0 if kept else max(1, done[seat])
            left -= won[seat]
    takers = [s for s in team.seats if not bids[s].is_nil]
    for seat in takers[1:]:
        won[seat] = done[seat]
    if takers:
        won[takers[0]] = max(left - sum(won[s] for s in takers[1:]), done[takers[0]])
    return side_from_tricks(team, bids, won, rules)


def side_from_tricks(team: Team, bids: Mapping[Seat, Bid], won: Sequence[int], rules: Rules) -> SideOutcome:
    """How ``team`` ends the hand when the seats take ``won`` tricks (indexed by seat number).

    >>> from spades_teach import Rules
    >>> bids = {Seat.N: Bid(4), Seat.S: Bid(0), Seat.E: Bid(3), Seat.W: Bid(3)}
    >>> o = side_from_tricks(Team.NS, bids, [5, 3, 0, 5], Rules())
    >>> o.made, o.bags, o.nils, o.points
    (True, 1, ((<Seat.S: 2>, True),), 131.0)
    """
    takers = [s for s in team.seats if not bids[s].is_nil]
    nils = tuple((s, won[s] == 0) for s in team.seats if bids[s].is_nil)
    bid = sum(int(bids[s]) for s in takers)
    contract_tricks = sum(won[s] for s in takers)
    made = None if not takers else contract_tricks >= bid
    bags = sum(won[s] for s in team.seats if bids[s].is_nil) + (contract_tricks - bid if made else 0)
    points = side_value([bids[s] for s in Seat], won, [int(s) for s in team.seats], rules)
    return SideOutcome(team, bid, sum(won[s] for s in team.seats), made, bags, nils, points)


def _position(round_: Round) -> DDState:
    """The solver's form of the position: all four hands, the trick in progress, and every
    rule option of the hand as the kernel applies them."""
    return DDState.from_round(round_)


def card_outcomes(round_: Round, *, search: PointsSearch | None = None) -> dict[Card, Outcome]:
    """Every legal card (under the hand's rules) of the seat to play, with how the hand ends after
    it for that seat's side (see the module docs). In the last :data:`EXACT_TRICKS` tricks every
    line of play is searched for points (``search`` keeps what it found for the next positions of
    the same hand); before, one exact trick count per card and one exact Nil question per card and
    live Nil."""
    seat = round_.to_act
    if seat is None or round_.phase != "play":
        raise SpadesError(_("card_outcomes needs a hand with a card to play"))
    if not seating_of(round_.rules).partnerships:
        raise SpadesError(_("double-dummy review needs a four-player hand"))
    pos = _position(round_)
    bids = dict(round_.bids)
    done = dict(round_.tricks_won)
    side = seat.team
    cards = sorted(round_.legal_plays(), key=lambda c: c.index)
    out: dict[Card, Outcome] = {}
    if pos.tricks_left <= EXACT_TRICKS:
        if search is None or search.bids != bids or search.rules != round_.rules:
            search = PointsSearch(bids, round_.rules)
        won = tuple(done[s] for s in Seat)
        for card in cards:
            final = search.after(pos, won, card.index)
            out[card] = Outcome(*(side_from_tricks(t, bids, final, round_.rules) for t in (side, side.other)))
        return out
    ns_after = score_cards(pos)  # North-South's tricks from here after each legal card
    totals_before = round_.team_tricks
    left = pos.tricks_left
    live = [s for s, b in bids.items() if b.is_nil and done[s] == 0]
    safe = {s: nil_safe_cards(pos, int(s)) for s in live}
    for card in cards:
        ns = ns_after[card.index]
        totals = {Team.NS: totals_before[Team.NS] + ns, Team.EW: totals_before[Team.EW] + left - ns}
        kept = {s: safe[s][card.index] for s in live}
        ours, theirs = (side_outcome(t, bids, totals[t], done, kept, round_.rules) for t in (side, side.other))
        out[card] = Outcome(ours, theirs)
    return out


class PointsSearch:
    """The exact points search of the last tricks of a hand: every line of play, North-South playing
    for the most of their points minus East-West's (bags charged, :func:`side_value`), East-West for
    the least. An alpha-beta search (:func:`~spades_teach.solver.search.alphabeta`): equivalent cards
    are searched once, and bounds found at the start of a trick are kept, so the positions that follow
    in the same hand cost little more.

    :meth:`after` gives the seats' final tricks at the end of the line best play follows after a
    card (the first such line in card order when several are worth the same); their points margin
    is the exact value."""

    def __init__(self, bids: Mapping[Seat, Bid], rules: Rules) -> None:
        self.bids = dict(bids)
        self.rules = rules
        self._bid_list = [self.bids[s] for s in Seat]
        self._bounds: Bounds = {}

    def margin(self, won: Sequence[int]) -> float:
        """North-South's points minus East-West's for a hand the seats end with ``won`` tricks."""
        bids, rules = self._bid_list, self.rules
        return side_value(bids, won, (0, 2), rules) - side_value(bids, won, (1, 3), rules)

    def after(self, pos: DDState, won: tuple[int, ...], index: int) -> tuple[int, ...]:
        """The seats' final tricks after card ``index`` is played at ``pos`` (``won``: tricks so far)."""
        pos, won = _step(pos, won, index)
        while pos.tricks_left:
            value = self._search(pos, won, -math.inf, math.inf)
            for card in representatives(pos, pos.legal_mask()):
                child, child_won = _step(pos, won, card)
                if abs(self._search(child, child_won, value - _EPS, value + _EPS) - value) < _EPS:
                    pos, won = child, child_won
                    break
            else:  # pragma: no cover - a minimax value is always some child's value
                raise AssertionError("no card reaches the position's value")
        return won

    def _search(self, pos: DDState, won: tuple[int, ...], alpha: float, beta: float) -> float:
        """The value of ``pos`` if it lies strictly inside the window, else a bound on the same side."""
        return alphabeta(self, (pos, won), alpha, beta, self._bounds)

    # -- the tree the search walks (solver.search.Tree): a position and the seats' tricks so far
    def end(self, node: _Node) -> float | None:
        pos, won = node
        return self.margin(won) if pos.tricks_left == 0 else None

    def key(self, node: _Node) -> Hashable | None:
        return None if node[0].trick else node

    def bounds(self, node: _Node) -> tuple[float, float]:
        return -math.inf, math.inf

    def maximising(self, node: _Node) -> bool:
        return node[0].to_play % 2 == 0

    def moves(self, node: _Node) -> Generator[tuple[_Node, float], None, None]:
        pos, won = node
        for card in representatives(pos, pos.legal_mask()):
            yield _step(pos, won, card), 0.0


#: A position of the points search: the solver's state and the seats' tricks so far.
_Node = tuple[DDState, tuple[int, ...]]
_EPS = 1e-6


def _step(pos: DDState, won: tuple[int, ...], index: int) -> tuple[DDState, tuple[int, ...]]:
    """The position after card ``index``, and the seats' tricks once the trick it completes is won."""
    child, winner = pos.play(index)
    if winner >= 0:
        won = tuple(n + 1 if s == winner else n for s, n in enumerate(won))
    return child, won


# -- the review ------------------------------------------------------------------------------


def _as_round(source: Any) -> Round:
    if isinstance(source, Round):
        return source
    for name in ("to_round", "round", "as_round"):
        method = getattr(source, name, None)
        if callable(method):
            result = method()
            if isinstance(result, Round):
                return result
    raise SpadesError(
        _("card_costs needs a Round (or a game record that yields one), not {kind}").format(kind=type(source).__name__)
    )


def _by_card_number(values: Mapping[int, Any] | None, refused: str, convert: Callable[[int, Any], _V]) -> dict[int, _V]:
    """What the review is told about some of the hand's cards (``None``: nothing), a mapping of a card's
    number in the hand (1-52) to a value, each value as ``convert(number, value)`` returns it;
    ``refused`` is the message (its ``{value}`` the one given) for anything but a mapping."""
    if values is None:
        return {}
    if not isinstance(values, Mapping):
        raise SpadesError(refused.format(value=repr(values)))
    out: dict[int, _V] = {}
    for number, value in values.items():
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 52:
            raise SpadesError(
                _("hints are keyed by a card's number in the hand, 1 to 52, not {value}").format(value=repr(number))
            )
        out[number] = convert(number, value)
    return out


def _hint_cards(hints: Mapping[int, CardLike] | None) -> dict[int, Card]:
    def hinted(number: int, card: Any) -> Card:
        try:
            return Card.parse(card)
        except (ParseError, TypeError):
            raise SpadesError(
                _("the hint for card {number} is not a card: {value}").format(number=number, value=repr(card))
            ) from None

    return _by_card_number(
        hints, _("hints must map a card's number in the hand (1-52) to the hinted card, not {value}"), hinted
    )


def card_costs(
    source: Any,
    *,
    hints: Mapping[int, CardLike] | None = None,
    progress: Progress | None = None,
    seat: SeatLike | None = None,
) -> list[CardCost]:
    """Review every card played so far in a hand (a :class:`Round`, or a game record with a
    ``to_round()`` method), in points (see the module docs). ``hints`` maps a card's number in
    the hand (1–52) to the card Teach me suggested then: a costly card that was the hint says so,
    and why the review disagrees. ``progress(done, total)`` is called after each card. Hands
    played with ``renege="penalty"`` rules are reviewed only up to the first renege (a renege is
    not a legal card to score). ``seat``: review only that seat's cards (the others are skipped).

    With only the pure-Python solver (no compiled core), the packaged records' reviews are read
    from the ones stored with the package (:mod:`spades_teach.analysis.stored_reviews`, made by
    the compiled solver); other hands are solved."""
    round_ = _as_round(source)
    only = None if seat is None else Seat.coerce(seat)
    hinted = _hint_cards(hints)
    # the backend's SOLVER_BACKEND read at each call: tests switch the backend
    reviews = stored_card_costs(round_) if backend.SOLVER_BACKEND == "python" else None
    if reviews is not None:
        for number in range(1, len(reviews) + 1):
            if progress is not None:
                progress(number, len(reviews))
    else:
        reviews = _review(round_, progress, only)
    return [_with_hint(review, hinted.get(review.number)) for review in reviews if only in (None, review.seat)]


def _review(round_: Round, progress: Progress | None, only: Seat | None = None) -> list[CardCost]:
    plays = [e for e in round_.history if isinstance(e, PlayEvent)]
    if not seating_of(round_.rules).partnerships:
        raise SpadesError(_("double-dummy review needs a four-player hand"))
    replay = round_.restarted()
    for event in round_.history:
        if not isinstance(event, PlayEvent):
            replay.apply(event)
    out: list[CardCost] = []
    search = PointsSearch(replay.bids, replay.rules)
    for number, event in enumerate(plays, start=1):
        if event.renege:
            break
        if only is None or event.seat is only:
            out.append(_review_card(replay, event, number, search))
        replay.apply(event)
        if progress is not None:
            progress(number, len(plays))
    return out


def _review_card(round_: Round, event: PlayEvent, number: int, search: PointsSearch) -> CardCost:
    outcomes = card_outcomes(round_, search=search)
    seat, card = event.seat, event.card
    best = max(o.value for o in outcomes.values())
    best_cards = tuple(c for c, o in outcomes.items() if o.value >= best - 1e-9)
    played = outcomes[card]
    best_outcome = played if card in best_cards else outcomes[best_cards[0]]
    nil_lost = _nil_lost(round_, seat, card)
    text = _explain(seat, card, played, best_outcome, best_cards, round_.rules)
    return CardCost(
        number, round_.trick_number, seat, card, best, played.value, best_cards, nil_lost, text, played, best_outcome
    )


def _nil_lost(round_: Round, seat: Seat, card: Card) -> bool:
    """Whether this card lost a Nil of the player's side that some legal card would have kept (the
    exact Nil question: can the Nil side keep the bidder from any trick, whatever the defenders do)."""
    pos = _position(round_)
    for nil_seat, bid in round_.bids.items():
        if not bid.is_nil or nil_seat.team is not seat.team or round_.tricks_won[nil_seat] > 0:
            continue
        safe = nil_safe_cards(pos, int(nil_seat))
        if any(safe.values()) and not safe[card.index]:
            return True
    return False


def _with_hint(review: CardCost, hint: Card | None) -> CardCost:
    """The review with the Teach me hint of that moment, and the hint's line when it cost."""
    if hint is None:
        return review
    text = review.explanation
    if hint == review.card and (review.cost > 1e-9 or review.nil_lost):
        text = _("{explanation}. {note}, and with them the {cards} did better").format(
            explanation=text, note=_(HINT_NOTE), cards=_cards_text(review.best_cards)
        )
    return replace(review, hint=hint, explanation=text)


def hindsight_note(review: CardCost) -> str:
    """A short, plainly labelled hindsight note on a card (``""`` when hindsight finds nothing
    better): what the best card would have scored with every hand seen. Hindsight is not the
    learner's cost: the seat's review (:mod:`spades_teach.analysis.seat_review`) judges a card
    from what its player saw.

    >>> from spades_teach.game.replays import load_record
    >>> costly = next(c for c in card_costs(load_record("contract_set")) if c.cost > 0)
    >>> hindsight_note(costly).startswith("hindsight, with every hand seen: the ")
    True
    """
    if review.optimal:
        return ""
    return ngettext(
        "hindsight, with every hand seen: the {cards} would have scored {cost} more point for your side",
        "hindsight, with every hand seen: the {cards} would have scored {cost} more points for your side",
        _count_of(review.cost),
    ).format(cards=_cards_text(review.best_cards), cost=_points(review.cost))


# -- the words -------------------------------------------------------------------------------


def _points(x: float) -> str:
    """Points as a learner reads them: whole numbers without a decimal point."""
    return str(round(x)) if abs(x - round(x)) < 1e-9 else decimal(x, 1)


def _count_of(x: float) -> int:
    """The number that chooses a plural form for ``x`` points (a fraction counts as plural)."""
    return abs(round(x)) if abs(x - round(x)) < 1e-9 else 2


def _team_word(team: Team) -> str:
    """A side's name in the language in use: ``North–South``, ``Nord–Sud``."""
    first, second = team.seats
    return f"{seat_word(int(first))}–{seat_word(int(second))}"


def _cards_text(cards: tuple[Card, ...]) -> str:
    shown = [c.pretty for c in cards[:3]]
    if len(cards) > 3:
        shown.append("…")
    if len(shown) == 2:
        return join_or(shown)
    return ", ".join(shown)


def _name(o: SideOutcome, ours: bool) -> str:
    team = _team_word(o.team)
    return _("your side ({team})").format(team=team) if ours else team


def _contract_state(o: SideOutcome, ours: bool) -> str:
    """What a side does with its contract, without the side's name ("makes its 4")."""
    # "your side" takes a singular verb, a pair of players ("North–South") a plural one.
    if o.made is None:
        if ours:
            return ngettext("takes {count} trick, all bags", "takes {count} tricks, all bags", o.tricks).format(
                count=o.tricks
            )
        return ngettext("take {count} trick, all bags", "take {count} tricks, all bags", o.tricks).format(
            count=o.tricks
        )
    if o.made:
        return (_("makes its {bid}") if ours else _("make their {bid}")).format(bid=o.bid)
    return (_("is set on its {bid}") if ours else _("are set on their {bid}")).format(bid=o.bid)


def _nil_state(seat: Seat, kept: bool) -> str:
    word = seat_word(int(seat))
    return (_("{seat}'s Nil holds") if kept else _("{seat}'s Nil is lost")).format(seat=word)


def _side_words(o: SideOutcome, ours: bool) -> str:
    """One side's end of the hand in words: tricks, contract, bags, Nils."""
    name = _name(o, ours)
    if ours:
        text = ngettext("{side} ends with {count} trick", "{side} ends with {count} tricks", o.tricks)
    else:
        text = ngettext("{side} end with {count} trick", "{side} end with {count} tricks", o.tricks)
    text = text.format(side=name, count=o.tricks)
    if o.made is not None:
        state = _contract_state(o, ours)
        if o.bags:
            text = ngettext(
                "{ends} and {contract} with {count} bag", "{ends} and {contract} with {count} bags", o.bags
            ).format(ends=text, contract=state, count=o.bags)
        else:
            text = _("{ends} and {contract}").format(ends=text, contract=state)
    nils = [_nil_state(seat, kept) for seat, kept in o.nils]
    return ", ".join([text, *nils])


def _parts(o: SideOutcome, rules: Rules) -> tuple[float, float, float]:
    """A side's points split into contract, Nils and bags (they add up to ``o.points``): the
    contract 10 a trick bid, won or lost; each Nil its value, won or lost; each bag 1 point less
    its charge."""
    contract = 0.0 if o.made is None else (10.0 if o.made else -10.0) * o.bid
    return contract, o.points - contract - o.bags * (1 - bag_charge(rules)), o.bags * (1 - bag_charge(rules))


def _nil_change(seat: Seat, kept: bool) -> str:
    word = seat_word(int(seat))
    if kept:
        return _("{seat}'s Nil holds instead of being lost").format(seat=word)
    return _("{seat}'s Nil is lost instead of holding").format(seat=word)


def _bags_change(o: SideOutcome, best_bags: int, ours: bool) -> str:
    name = _name(o, ours)
    if ours:
        text = ngettext(
            "{side} takes {count} bag instead of {best}", "{side} takes {count} bags instead of {best}", o.bags
        )
    else:
        text = ngettext(
            "{side} take {count} bag instead of {best}", "{side} take {count} bags instead of {best}", o.bags
        )
    return text.format(side=name, count=o.bags, best=best_bags)


def _differences(played: Outcome, best: Outcome, rules: Rules) -> tuple[list[str], bool]:
    """What the card played changed against the best card, in words, each with what it cost
    (in points of your side's score minus the other side's); and whether the bags changed."""
    parts: list[str] = []
    bags_changed = False
    for o, b, ours in ((played.ours, best.ours, True), (played.theirs, best.theirs, False)):
        sign = 1.0 if ours else -1.0
        name = _name(o, ours)
        (oc, on, ob), (bc, bn, bb) = _parts(o, rules), _parts(b, rules)
        if o.made != b.made and o.made is not None and b.made is not None:
            state = _contract_state(o, ours)
            if b.made:
                change = _("{side} {contract} instead of making it").format(side=name, contract=state)
            else:
                change = _("{side} {contract} instead of being set").format(side=name, contract=state)
            parts.append(_costed(change, sign * (bc - oc)))
        nil_changes = [
            _nil_change(seat, kept) for (seat, kept), (_seat, kept_best) in zip(o.nils, b.nils) if kept != kept_best
        ]
        if nil_changes:
            parts.append(_costed(join_and(nil_changes), sign * (bn - on)))
        if o.bags != b.bags:
            bags_changed = True
            parts.append(_costed(_bags_change(o, b.bags, ours), sign * (bb - ob)))
    return parts, bags_changed


def _costed(text: str, points: float) -> str:
    if points >= 0:
        return ngettext("{change}: {points} points", "{change}: {points} points", _count_of(points)).format(
            change=text, points=_points(points)
        )
    return ngettext("{change}: saves {points} points", "{change}: saves {points} points", _count_of(points)).format(
        change=text, points=_points(-points)
    )


def _explain(seat: Seat, card: Card, played: Outcome, best: Outcome, best_cards: tuple[Card, ...], rules: Rules) -> str:
    if card in best_cards:
        if len(best_cards) == 1:
            text = _("with every hand seen, {card} was the only best card: with best play from here {ours}; {theirs}")
        else:
            text = _("with every hand seen, {card} was a best card: with best play from here {ours}; {theirs}")
        return text.format(
            card=card.pretty, ours=_side_words(played.ours, True), theirs=_side_words(played.theirs, False)
        )
    cost = best.value - played.value
    parts, bags_changed = _differences(played, best, rules)
    if bags_changed:
        text = ngettext(
            "with every hand seen, this card cost your side {cost} points (your side's score minus the other "
            "side's) against the "
            "{cards}: with best play from here {changes} (a bag scores 1 point now but costs about {charge} "
            "over a match)",
            "with every hand seen, this card cost your side {cost} points (your side's score minus the other "
            "side's) against the "
            "{cards}: with best play from here {changes} (a bag scores 1 point now but costs about {charge} "
            "over a match)",
            _count_of(cost),
        )
    else:
        text = ngettext(
            "with every hand seen, this card cost your side {cost} points (your side's score minus the other "
            "side's) against the "
            "{cards}: with best play from here {changes}",
            "with every hand seen, this card cost your side {cost} points (your side's score minus the other "
            "side's) against the "
            "{cards}: with best play from here {changes}",
            _count_of(cost),
        )
    return text.format(
        cost=_points(cost),
        cards=_cards_text(best_cards),
        changes=join_clauses(parts),
        charge=_points(bag_charge(rules)),
    )


# -- stored reviews --------------------------------------------------------------------------


def _side_to_json(o: SideOutcome) -> dict[str, Any]:
    return {
        "team": o.team.name,
        "bid": o.bid,
        "tricks": o.tricks,
        "made": o.made,
        "bags": o.bags,
        "nils": [[s.name, k] for s, k in o.nils],
        "points": o.points,
    }


def _side_from_json(data: Mapping[str, Any]) -> SideOutcome:
    made = data["made"]
    return SideOutcome(
        Team.coerce(data["team"]),
        int(data["bid"]),
        int(data["tricks"]),
        None if made is None else bool(made),
        int(data["bags"]),
        tuple((Seat.coerce(s), bool(k)) for s, k in data["nils"]),
        float(data["points"]),
    )


def _outcome_to_json(o: Outcome) -> dict[str, Any]:
    return {"ours": _side_to_json(o.ours), "theirs": _side_to_json(o.theirs)}


def _outcome_from_json(data: Mapping[str, Any]) -> Outcome:
    return Outcome(_side_from_json(data["ours"]), _side_from_json(data["theirs"]))


def review_to_json(review: CardCost) -> dict[str, Any]:
    """One card's review as plain JSON data. The hint is not stored (it belongs to a session), nor
    the explanation (:func:`review_from_json` words it again from the outcomes)."""
    return {
        "number": review.number,
        "trick": review.trick,
        "seat": review.seat.name,
        "card": str(review.card),
        "before": review.before,
        "after": review.after,
        "best_cards": [str(c) for c in review.best_cards],
        "nil_lost": review.nil_lost,
        "outcome": _outcome_to_json(review.outcome),
        "best_outcome": _outcome_to_json(review.best_outcome),
    }


def review_from_json(data: Mapping[str, Any], rules: Rules) -> CardCost:
    """The inverse of :func:`review_to_json`, for a hand played under ``rules``."""
    seat, card = Seat.coerce(data["seat"]), Card.parse(data["card"])
    best_cards = tuple(Card.parse(c) for c in data["best_cards"])
    outcome, best_outcome = _outcome_from_json(data["outcome"]), _outcome_from_json(data["best_outcome"])
    return CardCost(
        number=int(data["number"]),
        trick=int(data["trick"]),
        seat=seat,
        card=card,
        before=float(data["before"]),
        after=float(data["after"]),
        best_cards=best_cards,
        nil_lost=bool(data["nil_lost"]),
        explanation=_explain(seat, card, outcome, best_outcome, best_cards, rules),
        outcome=outcome,
        best_outcome=best_outcome,
    )


def stored_card_costs(round_: Round) -> list[CardCost] | None:
    """The review of exactly this hand stored with the package, or None when the package has none.

    >>> from spades_teach.game.replays import load_record
    >>> stored = stored_card_costs(load_record("contract_set").to_round())
    >>> len(stored), stored[0].number
    (52, 1)
    """
    found = stored_review_data(round_)
    return None if found is None else [review_from_json(item, round_.rules) for item in found]
