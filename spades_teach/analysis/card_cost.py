"""What each card cost: a double-dummy review of a played hand.

For every card of a hand, :func:`card_costs` compares the tricks the player's
side could still take with best play by everyone just before the card and just
after it. A card that lowers that number cost tricks; a card that keeps it is
optimal. For a Nil bidder it also marks the card after which a Nil that could
still be made can no longer be made (the defenders can now force a trick).

Trick counts are for the whole hand: tricks the side already won plus what it
takes from here with best play, so they read like "North–South could still end
with 9".

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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spades_teach.analysis.solver import TRICKS, DDState, nil_safe_cards, reaches, solve_value
from spades_teach.errors import SpadesError
from spades_teach.game.cards import Card
from spades_teach.game.round import PlayEvent, Round
from spades_teach.game.seating import Seat, Team, seating_of

__all__ = ["CardCost", "card_costs"]

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class CardCost:
    """The review of one card played.

    ``before`` / ``after``: tricks the player's side could end the hand with
    (already won + best play from here) just before and just after the card;
    ``cost`` is their difference. ``best_cards`` are the legal cards that kept
    the most. ``nil_lost``: this card turned a makeable Nil (of the player or
    partner) into a lost one. ``explanation`` is one line of plain English.
    """

    number: int  # 1-52: the card's place in the hand
    trick: int  # 1-13
    seat: Seat
    card: Card
    before: int
    after: int
    best_cards: tuple[Card, ...]
    nil_lost: bool
    explanation: str

    @property
    def cost(self) -> int:
        return self.before - self.after

    @property
    def optimal(self) -> bool:
        return self.cost == 0


def _as_round(source: Any) -> Round:
    if isinstance(source, Round):
        return source
    for name in ("to_round", "round", "as_round"):
        method = getattr(source, name, None)
        if callable(method):
            result = method()
            if isinstance(result, Round):
                return result
    raise SpadesError(f"card_costs needs a Round (or a game record that yields one), not {type(source).__name__}")


def _plays(round_: Round) -> list[PlayEvent]:
    return [e for e in round_.history if isinstance(e, PlayEvent)]


def card_costs(source: Any, *, progress: Progress | None = None) -> list[CardCost]:
    """Review every card played so far in a hand (a :class:`Round`, or a game
    record with a ``to_round()`` method). ``progress(done, total)`` is called
    after each card. Hands played with ``renege="penalty"`` rules are reviewed
    only up to the first renege (a renege is not a legal card to score).

    With only the pure-Python solver (no compiled core), the packaged records' reviews are read from
    the ones stored with the package (:mod:`spades_teach.analysis.stored_reviews`, made by the
    compiled solver); other hands are solved."""
    round_ = _as_round(source)
    from spades_teach.analysis.solver import BACKEND  # read at each call: tests switch the backend

    if BACKEND == "python":
        from spades_teach.analysis.stored_reviews import stored_card_costs

        stored = stored_card_costs(round_)
        if stored is not None:
            for number in range(1, len(stored) + 1):
                if progress is not None:
                    progress(number, len(stored))
            return stored
    plays = _plays(round_)
    rules = round_.rules
    if not seating_of(rules).partnerships:
        raise SpadesError("double-dummy review needs a four-player hand")
    replay = Round(round_.deal, dealer=round_.dealer, rules=rules, scores=round_.scores_before)
    for event in round_.history:
        if not isinstance(event, PlayEvent):
            replay.bid(event.seat, event.bid)
    nil_seats = [seat for seat, bid in replay.bids.items() if bid.is_nil]
    out: list[CardCost] = []
    total = len(plays)
    values: dict[DDState, int] = {}  # exact values already found, for the next card's "before"
    for number, event in enumerate(plays, start=1):
        if event.renege:
            break
        out.append(_review_card(replay, event, number, nil_seats, values))
        replay.play(event.seat, event.card)
        if progress is not None:
            progress(number, total)
    return out


def _position(round_: Round) -> DDState:
    return DDState.from_round(round_)  # under every rule option of the hand, as the kernel applies them


def _review_card(
    round_: Round, event: PlayEvent, number: int, nil_seats: list[Seat], values: dict[DDState, int]
) -> CardCost:
    """Review one card: one exact solve (the position after it; the position before
    it was solved as the previous card's "after"), then one zero-window search per
    other legal card, asking only whether it would have kept as much."""
    pos = _position(round_)
    seat, card = event.seat, event.card
    team = seat.team
    left = pos.tricks_left
    value = values.pop(pos, None)  # North-South's tricks from here with best play
    if value is None:
        value = solve_value(pos)
    child, winner = pos.play(card.index)
    played = _ns_gain(winner) + solve_value(child)
    values[child] = played - _ns_gain(winner)
    won = round_.team_tricks[team]
    before = won + (value if team is Team.NS else left - value)
    after = won + (played if team is Team.NS else left - played)
    best_cards = tuple(
        Card.from_index(i)
        for i in sorted(_indices(pos.legal_mask()))
        if (played == value if i == card.index else _keeps_value(pos, i, value, team))
    )
    nil_lost, nil_seat, nil_savers = _nil_check(round_, pos, seat, card, nil_seats)
    text = _explain(seat, card, team, before, after, best_cards, nil_lost, nil_seat, nil_savers)
    return CardCost(number, round_.trick_number, seat, card, before, after, best_cards, nil_lost, text)


def _ns_gain(winner: int) -> int:
    """1 if the trick just completed went to North or South (``winner`` -1: not completed)."""
    return 1 if winner in (0, 2) else 0


def _indices(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def _keeps_value(pos: DDState, index: int, value: int, team: Team) -> bool:
    """Whether playing card ``index`` keeps North-South's tricks at ``value``, the
    position's exact value: at least ``value`` when North-South play it (they cannot
    get more), at most ``value`` when East-West do."""
    child, winner = pos.play(index)
    need = value - _ns_gain(winner)
    if team is Team.NS:
        return reaches(child, TRICKS, need)
    return not reaches(child, TRICKS, need + 1)


def _nil_check(
    round_: Round, pos: DDState, seat: Seat, card: Card, nil_seats: list[Seat]
) -> tuple[bool, Seat | None, tuple[Card, ...]]:
    """Whether this card lost a makeable Nil of the player's side, whose, and
    which cards would have kept it."""
    for nil_seat in nil_seats:
        if nil_seat.team is not seat.team or round_.tricks_won[nil_seat] > 0:
            continue
        safe = nil_safe_cards(pos, int(nil_seat))
        keepers = tuple(Card.from_index(i) for i, ok in sorted(safe.items()) if ok)
        if keepers and not safe[card.index]:
            return True, nil_seat, keepers
    return False, None, ()


def _cards_text(cards: tuple[Card, ...]) -> str:
    shown = [c.pretty for c in cards[:3]]
    if len(cards) > 3:
        shown.append("…")
    return " or ".join(shown) if len(shown) <= 2 else ", ".join(shown)


def _explain(
    seat: Seat,
    card: Card,
    team: Team,
    before: int,
    after: int,
    best_cards: tuple[Card, ...],
    nil_lost: bool,
    nil_seat: Seat | None,
    nil_savers: tuple[Card, ...],
) -> str:
    who = team.word
    if nil_lost and nil_seat is not None:
        whose = "your" if nil_seat is seat else f"{nil_seat.word}'s"
        return (
            f"{card.pretty} lost {whose} Nil: now the defenders can force {nil_seat.word} to take a trick; "
            f"the {_cards_text(nil_savers)} would have kept it safe"
        )
    cost = before - after
    if cost == 0:
        if len(best_cards) == 1:
            return f"{card.pretty} was the only best card: {who} can still take {before}"
        return f"{card.pretty} was a best card: {who} can still take {before}"
    plural = "trick" if cost == 1 else "tricks"
    return (
        f"this card cost your side {cost} {plural}: the {_cards_text(best_cards)} would have kept "
        f"{before} for {who}; after {card.pretty} the most is {after}"
    )
