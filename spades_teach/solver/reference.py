"""The pure-Python reference solver: the search of the compiled core, written for
clarity, that the tests hold the core to (and that answers when no core is built)."""

from __future__ import annotations

from spades_teach.solver.state import NS_TRICKS, DDState, NodeBudget, objective_params, representatives

__all__ = ["ReferenceSolver"]


class ReferenceSolver:
    """Alpha-beta with a transposition table and equivalent-card reduction,
    written for clarity: the reference the compiled core is tested against.

    ``value(pos)`` is the number of remaining tricks (the one in progress
    included) won by the counted seats of ``objective`` with best play.
    """

    def __init__(self, objective: int = NS_TRICKS, budget: NodeBudget | None = None) -> None:
        self.counted, self.max_team = objective_params(objective)
        self.budget = budget
        # (hands, leader, broken) -> (lower bound, upper bound) on the value.
        self.table: dict[tuple[int, int, int, int, int, bool, bool], tuple[int, int]] = {}

    def value(self, pos: DDState) -> int:
        return self._search(pos, -1, pos.tricks_left + 1)

    def _search(self, pos: DDState, alpha: int, beta: int) -> int:
        """The value of ``pos`` if it lies strictly between ``alpha`` and ``beta``;
        otherwise a bound on the same side of the window (fail-hard)."""
        if self.budget is not None:
            self.budget.spend(1)
        left = pos.tricks_left
        if left == 0:
            return 0
        key = None
        if not pos.trick:
            key = (*pos.hands, pos.leader, pos.broken, pos.two_of_clubs)
            low, high = self.table.get(key, (0, left))
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha, beta = max(alpha, low - 1), min(beta, high + 1)
        best = self._search_moves(pos, alpha, beta)
        if key is not None:
            low, high = self.table.get(key, (0, left))
            if best <= alpha:
                high = min(high, best)
            elif best >= beta:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high)
        return best

    def _search_moves(self, pos: DDState, alpha: int, beta: int) -> int:
        maximising = (pos.to_play & 1) == self.max_team
        best = -1 if maximising else pos.tricks_left + 1
        for card in representatives(pos, pos.legal_mask()):
            child, winner = pos.play(card)
            gained = 1 if winner >= 0 and (self.counted >> winner) & 1 else 0
            score = gained + self._search(child, alpha - gained, beta - gained)
            if maximising:
                best = max(best, score)
                alpha = max(alpha, best)
            else:
                best = min(best, score)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best
