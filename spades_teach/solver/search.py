"""The one alpha-beta search in Python: :func:`alphabeta` over any :class:`Tree`.

A tree says what its positions are worth once the hand is over, which side maximises, the
moves with what each gains, and the key of a position worth remembering. The reference
solver counts tricks on it (:mod:`spades_teach.solver.reference`); the card-cost review
counts points (:class:`~spades_teach.analysis.card_cost.PointsSearch`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Hashable
from typing import Protocol, TypeVar

__all__ = ["Bounds", "Tree", "alphabeta"]

Node = TypeVar("Node")

#: What a search keeps of the positions it has valued: key -> (lower bound, upper bound).
Bounds = dict[Hashable, tuple[float, float]]


class Tree(Protocol[Node]):
    """What :func:`alphabeta` asks of the positions ``Node`` it searches."""

    def end(self, node: Node) -> float | None:
        """The value of a finished position (no card left to play), else ``None``."""

    def key(self, node: Node) -> Hashable | None:
        """The key under which the bounds of ``node``'s value are kept, or ``None`` to keep none
        (a search keeps them at the start of a trick)."""

    def bounds(self, node: Node) -> tuple[float, float]:
        """The widest bounds of ``node``'s value, before anything is known of it."""

    def maximising(self, node: Node) -> bool:
        """Whether the player to move at ``node`` wants the value high."""

    def moves(self, node: Node) -> Generator[tuple[Node, float], None, None]:
        """Each position after a move from ``node`` (equivalent moves once), with what the move
        gained (added to the child's value; 0 for a tree that values only the end). A tree that
        makes and unmakes its moves takes the last one back when the generator is closed."""


def alphabeta(
    tree: Tree[Node],
    node: Node,
    alpha: float,
    beta: float,
    table: Bounds,
    *,
    step: float = 0,
    visit: Callable[[], None] | None = None,
) -> float:
    """The value of ``node`` if it lies strictly between ``alpha`` and ``beta``, otherwise a bound
    on the same side of the window (fail-hard), with best play by both sides of ``tree``.

    ``table`` keeps the bounds found (by :meth:`Tree.key`) from one call to the next. ``step``:
    how far a kept bound may be from the window (1 for whole numbers of tricks, so that a value
    equal to a bound still falls inside; 0 for points). ``visit`` is called at each position
    searched (a node budget).
    """
    end, key_of, bounds, maximising_at, moves_of = tree.end, tree.key, tree.bounds, tree.maximising, tree.moves

    def search(node: Node, alpha: float, beta: float) -> float:
        if visit is not None:
            visit()
        value = end(node)
        if value is not None:
            return value
        key = key_of(node)
        widest = bounds(node)
        if key is not None:
            low, high = table.get(key, widest)
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha, beta = max(alpha, low - step), min(beta, high + step)
        first_alpha, first_beta = alpha, beta
        maximising = maximising_at(node)
        best = widest[0] - step if maximising else widest[1] + step
        moves = moves_of(node)
        try:
            for child, gained in moves:
                score = gained + search(child, alpha - gained, beta - gained)
                if maximising:
                    best = max(best, score)
                    alpha = max(alpha, best)
                else:
                    best = min(best, score)
                    beta = min(beta, best)
                if alpha >= beta:
                    break
        finally:
            moves.close()
        if key is not None:
            low, high = table.get(key, widest)
            if best <= first_alpha:
                high = min(high, best)
            elif best >= first_beta:
                low = max(low, best)
            else:
                low = high = best
            table[key] = (low, high)
        return best

    return search(node, alpha, beta)
