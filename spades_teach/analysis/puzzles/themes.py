"""A puzzle's themes (:data:`~spades_teach.analysis.puzzles.THEMES`), read from the position, the
goal and the answer: the goal itself, a Nil cover or set, counting the spades, a duck, an
unblock, a ruff or discard, a bag taken to set."""

from __future__ import annotations

from collections.abc import Mapping

from spades_teach.advice.position import Position
from spades_teach.analysis.puzzles.goals import Goal, contract_of
from spades_teach.game.cards import Card, Hand, Suit
from spades_teach.game.kernel import winning_index
from spades_teach.game.seating import Seat

__all__ = ["their_spades", "themes"]


def themes(position: Position, goal: Goal, answer: Card, *, their_spades: bool) -> tuple[str, ...]:
    """The themes of a puzzle; ``their_spades``: whether an opponent may still hold a spade
    (as far as the player can know: in an open-hand puzzle, whether one does)."""
    found: list[str] = []
    seat, trick = position.seat, position.trick
    if goal.name == "make":
        found.append("make the contract")
    elif goal.name == "set":
        found.append("set the contract")
        bid, taken = contract_of(position.bids, position.tricks_won, seat)
        if taken >= bid:
            found.append("take a bag to set")
    elif goal.name == "keep nil":
        found.append("keep your nil" if goal.nil_seat is seat else "nil cover")
    else:
        found.append("nil set")
    hand = position.hand
    if not trick:
        if answer.is_spade or (not their_spades and hand.has_suit(Suit.SPADES)):
            found.append("count the spades")
        return tuple(found)
    led = trick[0].suit
    if not hand.has_suit(led):
        found.append("ruff or discard")
        return tuple(found)
    winner_before = winning_index(list(trick))
    partner_winning = position.trick_seats[winner_before] is seat.partner
    after = [*trick, answer]
    answer_wins = winning_index(after) == len(trick)
    same = hand.suit(led)
    if not answer_wins and any(c.rank > answer.rank and winning_index([*trick, c]) == len(trick) for c in same):
        found.append("duck")
    if partner_winning and any(c.rank < answer.rank for c in same):
        found.append("unblock")
    return tuple(found)


def their_spades(position: Position, others: Mapping[Seat, Hand]) -> bool:
    """Whether an opponent may still hold a spade: in an open-hand puzzle (``others``, the
    real hands), whether one does; else whether a spade is unseen."""
    if others:
        seat = position.seat
        return any(others[s].has_suit(Suit.SPADES) for s in (seat.next, seat.next.partner))
    return position.unseen.has_suit(Suit.SPADES)
