"""The pure-Python reference solver: the search of the compiled core, written for
clarity, that the tests hold the core to (and that answers when no core is built)."""

from __future__ import annotations

from collections.abc import Generator, Hashable

from spades_teach.solver.search import Bounds, alphabeta
from spades_teach.solver.state import NS_TRICKS, DDState, NodeBudget, objective_params, representatives

__all__ = ["ReferenceSolver", "TrickCount"]


class TrickCount:
    """The trick-count tree (:class:`~spades_teach.solver.search.Tree`): a position is worth the
    tricks left (the one in progress included) won by the counted seats of ``objective``, which
    its maximising team plays for; equivalent cards are searched once."""

    def __init__(self, objective: int = NS_TRICKS) -> None:
        self.counted, self.max_team = objective_params(objective)

    def end(self, pos: DDState) -> int | None:
        return 0 if pos.tricks_left == 0 else None

    def key(self, pos: DDState) -> Hashable | None:
        return None if pos.trick else (*pos.hands, pos.leader, pos.broken, pos.two_of_clubs)

    def bounds(self, pos: DDState) -> tuple[int, int]:
        return 0, pos.tricks_left

    def maximising(self, pos: DDState) -> bool:
        return (pos.to_play & 1) == self.max_team

    def moves(self, pos: DDState) -> Generator[tuple[DDState, float], None, None]:
        for card in representatives(pos, pos.legal_mask()):
            child, winner = pos.play(card)
            yield child, 1 if winner >= 0 and (self.counted >> winner) & 1 else 0


class ReferenceSolver:
    """Alpha-beta (:func:`~spades_teach.solver.search.alphabeta`) with a transposition table
    and equivalent-card reduction, written for clarity: the reference the compiled core is
    tested against.

    ``value(pos)`` is the number of remaining tricks (the one in progress
    included) won by the counted seats of ``objective`` with best play.
    """

    def __init__(
        self, objective: int = NS_TRICKS, budget: NodeBudget | None = None, *, tree: TrickCount | None = None
    ) -> None:
        self.tree = tree or TrickCount(objective)
        self.budget = budget
        # (hands, leader, broken, 2♣ to lead) -> (lower bound, upper bound) on the value.
        self.table: Bounds = {}

    def value(self, pos: DDState) -> int:
        visit = None if self.budget is None else self._spend
        return int(alphabeta(self.tree, pos, -1, pos.tricks_left + 1, self.table, step=1, visit=visit))

    def _spend(self) -> None:
        assert self.budget is not None
        self.budget.spend(1)
