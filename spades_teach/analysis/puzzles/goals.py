"""A puzzle's goals, and whether a card reaches one.

A goal is a result of the hand worth more in points than every bag still to come: your side's
contract (``"make"``), the opponents' (``"set"``), your side's Nil (``"keep nil"``) or an
opponent's (``"break nil"``). What each is worth comes from the one scoring
(:mod:`spades_teach.game.scoring`); whether a card still reaches it, from the double-dummy solver.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from spades_teach.advice.position import Position
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, Hand
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import bag_charge, contract_swing, nil_worth, side_contract, side_points
from spades_teach.game.seating import Seat, Team
from spades_teach.solver import DDState, nil_safe_cards, reaches, score_cards

__all__ = [
    "GOALS",
    "Goal",
    "contract_of",
    "contract_points",
    "goal_met",
    "open_goals",
    "reached",
    "side_tricks",
    "solver_state",
    "target_seat",
]

#: What a puzzle's answer achieves.
GOALS = ("make", "set", "keep nil", "break nil")

#: The rules of every puzzle.
RULES = Rules()

#: Bags a trick can cost at most, in points: one point and the bag's share of the penalty.
_BAG_COST = 1 + bag_charge(RULES)


@dataclass(frozen=True)
class Goal:
    """One goal: ``name`` (one of :data:`GOALS`); for a contract, the ``side`` that must take
    ``target`` tricks from here; for a Nil, the bidder ``nil_seat`` whose Nil is at stake;
    ``swing``: what reaching it is worth against missing it, in points."""

    name: str
    side: Team
    target: int
    nil_seat: Seat | None
    swing: float


def contract_of(bids: Mapping[Seat, Bid], won: Mapping[Seat, int], seat: Seat) -> tuple[int, int]:
    """The contract of ``seat``'s side (its bids other than Nil) and the contract tricks it
    has taken (:func:`~spades_teach.game.scoring.side_contract`)."""
    return side_contract([bids[s] for s in Seat], [won.get(s, 0) for s in Seat], (seat, seat.partner))


def contract_points(contract: int) -> int:
    """What a side scores for making ``contract`` exactly (:func:`~spades_teach.game.scoring.side_points`)."""
    return side_points(contract, contract, (), RULES).contract_points


def _live_nils(bids: Mapping[Seat, Bid], won: Mapping[Seat, int]) -> list[Seat]:
    return [s for s in Seat if bids[s].is_nil and won.get(s, 0) == 0]


def open_goals(seat: Seat, bids: Mapping[Seat, Bid], won: Mapping[Seat, int], left: int) -> list[Goal]:
    """The goals still undecided for ``seat`` with ``left`` tricks to play, each worth more
    than the bags of every trick left."""
    mine = (seat, seat.partner)
    live_nils = _live_nils(bids, won)
    nil_swing = 2 * nil_worth(False, RULES)  # a Nil made wins its worth, one broken loses it
    if live_nils:
        return [
            Goal("keep nil" if s in mine else "break nil", seat.team, 0, s, float(nil_swing))
            for s in live_nils
            if nil_swing > _BAG_COST * left
        ]
    if any(bids[s].is_nil for s in Seat):
        return []  # a broken Nil: its bidder's tricks count for no contract, kept out of puzzles
    goals: list[Goal] = []
    bid, taken = contract_of(bids, won, seat)
    need = bid - taken
    if 0 < need <= left and contract_swing(bid, RULES) > _BAG_COST * left:
        goals.append(Goal("make", seat.team, need, None, float(contract_swing(bid, RULES))))
    their_bid, their_taken = contract_of(bids, won, seat.next)
    their_need = their_bid - their_taken
    if 0 < their_need <= left and contract_swing(their_bid, RULES) > _BAG_COST * left:
        goals.append(Goal("set", seat.team, left - their_need + 1, None, float(contract_swing(their_bid, RULES))))
    return goals


def target_seat(goal: str, seat: Seat, bids: Mapping[Seat, Bid], won: Mapping[Seat, int]) -> Seat:
    """The seat a goal is about: the Nil bidder of a Nil goal (``seat``'s side's for
    ``"keep nil"``, an opponent for ``"break nil"``), else ``seat``."""
    live = _live_nils(bids, won)
    mine = (seat, seat.partner)
    if goal == "keep nil":
        return next(s for s in live if s in mine)
    if goal == "break nil":
        return next(s for s in live if s not in mine)
    return seat


def goal_met(goal: str, seat: Seat, bids: Mapping[Seat, Bid], won: Mapping[Seat, int], left: int, value: int) -> bool:
    """Whether an open-hand puzzle's evidence ``value`` (the tricks ``seat``'s side takes from
    here with best play, or 1 or 0 for a Nil goal) reaches ``goal``."""
    if goal in ("keep nil", "break nil"):
        return value == 1
    if goal == "make":
        bid, taken = contract_of(bids, won, seat)
        return value >= bid - taken
    their_bid, their_taken = contract_of(bids, won, seat.next)
    return value >= left - (their_bid - their_taken) + 1


# -- the solver's answers -------------------------------------------------------------------------


def solver_state(position: Position, others: Mapping[Seat, Hand]) -> DDState:
    """The moment in the solver's form with ``others`` as the hidden hands (checked: a deal
    the trick in progress rules out raises :class:`~spades_teach.errors.PositionError`)."""
    return position.solver_state({s: h.mask for s, h in others.items()}, check=True)


def _side_reaches(state: DDState, side: Team, target: int) -> bool:
    """Whether ``side`` can take ``target`` tricks from ``state`` against any defence."""
    if target <= 0:
        return True
    if side is Team.NS:
        return reaches(state, 0, target)
    return not reaches(state, 0, state.tricks_left - target + 1)


def reached(state: DDState, goal: Goal) -> dict[Card, bool]:
    """For each legal card of the seat to play: is ``goal`` still reached after it?"""
    if goal.nil_seat is not None:
        safe = nil_safe_cards(state, int(goal.nil_seat))
        keep = goal.name == "keep nil"
        return {Card.from_index(i): ok if keep else not ok for i, ok in safe.items()}
    out: dict[Card, bool] = {}
    mask = state.legal_mask()
    for i in range(52):
        if mask >> i & 1:
            child, winner = state.play(i)
            gained = 1 if winner >= 0 and Seat(winner).team is goal.side else 0
            out[Card.from_index(i)] = _side_reaches(child, goal.side, goal.target - gained)
    return out


def side_tricks(state: DDState, side: Team) -> dict[Card, int]:
    """Tricks ``side`` takes from here (the trick in progress included) after each legal card."""
    raw = score_cards(state)
    left = state.tricks_left
    return {Card.from_index(i): (v if side is Team.NS else left - v) for i, v in raw.items()}
