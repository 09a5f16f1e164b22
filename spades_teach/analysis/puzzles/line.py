"""A puzzle's line of play (:class:`~spades_teach.analysis.puzzles.KeyLine`): the answer's line
and the rival card's, each played out by the solver for the puzzle's goal, and the key card
whose fate tells them apart."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.analysis.puzzles.goals import RULES, Goal, reached, solver_state
from spades_teach.analysis.puzzles.values import KEY_KINDS, KeyLine
from spades_teach.game.cards import Card, Hand
from spades_teach.game.kernel import winning_index
from spades_teach.game.seating import Seat, seating_of
from spades_teach.solver import DDState

__all__ = ["key_line", "key_line_hidden", "rival"]

_Trick = tuple[tuple[tuple[Seat, Card], ...], Seat]


def _play_out(state: DDState, goal: Goal, first: Card) -> list[_Trick]:
    """The tricks from ``state`` (the one in progress included) after ``first``, each
    side then playing for ``goal`` (its side wants it reached, the other side not) with
    the lowest card among equally good ones: each trick's cards by seat and its winner."""
    tricks: list[_Trick] = []
    seating = seating_of(RULES)
    current = [(seating.seat_after(Seat(state.leader), i), Card.from_index(c)) for i, c in enumerate(state.trick)]
    target = goal.target
    card: Card | None = first
    while state.legal_mask():
        seat = Seat(state.to_play)
        if card is None:
            now = Goal(goal.name, goal.side, target, goal.nil_seat, goal.swing)
            after = reached(state, now)
            want = seat.team is goal.side
            good = [c for c, ok in after.items() if ok is want] or list(after)
            card = min(good, key=lambda c: (c.rank, c.suit))
        state, winner = state.play(card.index)
        current.append((seat, card))
        card = None
        if winner >= 0:
            tricks.append((tuple(current), Seat(winner)))
            if goal.nil_seat is None and Seat(winner).team is goal.side:
                target -= 1
            current = []
    return tricks


def _winning_cards(tricks: Sequence[_Trick]) -> dict[Card, Seat]:
    """The card that won each trick, and its seat."""
    out: dict[Card, Seat] = {}
    for plays, winner in tricks:
        out[plays[winning_index([c for _s, c in plays])][1]] = winner
    return out


def key_line(state: DDState, goal: Goal, seat: Seat, answer: Card, rival: Card) -> KeyLine | None:
    """The key card that tells the answer's line from the rival's (see :class:`KeyLine`)."""
    mine = _play_out(state, goal, answer)
    other = _play_out(state, goal, rival)
    won_mine, won_other = _winning_cards(mine), _winning_cards(other)
    if goal.nil_seat is not None:
        nil = goal.nil_seat
        broken_line = other if goal.name == "keep nil" else mine
        kind = "nil forced after rival" if goal.name == "keep nil" else "nil forced after card"
        for card, winner in _winning_cards(broken_line).items():
            if winner is nil:
                return KeyLine(kind, card, nil, rival)
        return None
    us = seat.team
    lost = [c for c, w in won_other.items() if w.team is not us and c not in won_mine]
    if lost:
        key = max(lost, key=lambda c: (c.is_spade, c.rank))
        holder = won_other[key]
        first_trick = [c for _s, c in mine[0][0]]
        if key in first_trick:
            kind = "beats" if first_trick.index(key) < first_trick.index(answer) else "draws"
        else:
            kind = "denies"
        return KeyLine(kind, key, holder, rival)
    gained = [c for c, w in won_mine.items() if w.team is us and c not in won_other and c != answer]
    if gained:
        key = max(gained, key=lambda c: (c.is_spade, c.rank))
        return KeyLine("promotes", key, won_mine[key], rival)
    return None


def rival(position: Position, answer: Card, evidence: Mapping[Card, int]) -> Card:
    """The card the answer is compared with: the rule of thumb's card when it is
    another one, else the best other card by the evidence."""
    hint = suggest_play(position).card
    if hint != answer and hint in evidence:
        return hint
    return min((c for c in evidence if c != answer), key=lambda c: (-evidence[c], c.rank, c.suit))


def key_line_hidden(
    position: Position,
    goal: Goal,
    answer: Card,
    evidence: Mapping[Card, int],
    deals: Sequence[Mapping[Seat, Hand]],
) -> KeyLine | None:
    """The key line found on most of the deals where the answer reaches the goal and
    the rival does not."""
    compared = rival(position, answer, evidence)
    found: dict[tuple[str, Card, Seat], int] = {}
    deciding = 0
    for hands in deals:
        state = solver_state(position, hands)
        after = reached(state, goal)
        if not (after[answer] and not after[compared]):
            continue
        deciding += 1
        line = key_line(state, goal, position.seat, answer, compared)
        if line is not None:
            k = (line.kind, line.key, line.seat)
            found[k] = found.get(k, 0) + 1
    if not found:
        return None
    (kind, key, seat), count = min(found.items(), key=lambda kv: (-kv[1], KEY_KINDS.index(kv[0][0]), kv[0][1]))
    if 2 * count < deciding:
        return None
    return KeyLine(kind, key, seat, compared, count, deciding)
