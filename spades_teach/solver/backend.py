"""The back-ends: loading the compiled core (the C extension, or under Pyodide its
WebAssembly build), and the solves that go to it or, when it is not built or not
asked for, to the pure-Python :class:`~spades_teach.solver.reference.ReferenceSolver`."""

from __future__ import annotations

from typing import Any

from spades_teach.errors import PositionError
from spades_teach.game.seating import Seat
from spades_teach.i18n import _
from spades_teach.solver.reference import ReferenceSolver
from spades_teach.solver.state import (
    NS_TRICKS,
    DDState,
    NodeBudget,
    indices,
    nil_objective,
    objective_params,
    representatives,
    run_of,
)

__all__ = [
    "SOLVER_BACKEND",
    "CORE",
    "clear_table",
    "core_flags",
    "legal_moves",
    "load_core",
    "nil_safe_cards",
    "reaches",
    "score_cards",
    "solve_value",
    "use_core",
]


def load_core() -> Any:
    """The compiled core: the C extension, or under Pyodide its WebAssembly build; ``None``
    when neither is installed."""
    try:
        from spades_teach.solver import _ddcore
    except ImportError:
        from spades_teach.solver._wasm_core import load_wasm_core

        return load_wasm_core()
    return _ddcore


CORE: Any = load_core()

#: ``"c"`` when the compiled core is in use (the C extension, or its WebAssembly
#: build under Pyodide), ``"python"`` when neither is installed and the (much
#: slower) reference solver answers instead.
SOLVER_BACKEND: str = "c" if CORE is not None else "python"


def core_flags(pos: DDState) -> int:
    """The rule flags the compiled core takes (see the top of ``_ddcore.c``)."""
    return (
        (1 if pos.spade_lead_breaks else 0)
        | (2 if pos.bridge_rules else 0)
        | (4 if pos.two_of_clubs and not pos.trick else 0)
    )


def legal_moves(pos: DDState, *, backend: str | None = None) -> int:
    """The cards (a mask) the solver tries for the seat to play: its legal cards.
    The tests hold both backends' answer equal to the kernel's legal plays."""
    if use_core(backend):
        return int(CORE.legal(pos.hands, pos.leader, pos.trick, pos.broken, core_flags(pos)))
    return pos.legal_mask()


def clear_table() -> None:
    """Empty the compiled solver's transposition table (what it learnt from earlier
    solves), so that the node counts of the next solves depend on them alone."""
    if CORE is not None:
        CORE.clear()


def core_solve(pos: DDState, objective: int, target: int, budget: NodeBudget | None) -> int:
    """One solve by the compiled core, spending from ``budget`` when one is given."""
    args = (pos.hands, pos.leader, pos.trick, pos.broken, core_flags(pos), objective, target)
    if budget is None:
        return int(CORE.solve(*args))
    if budget.remaining <= 0:
        budget.spend(1)
    value = int(CORE.solve(*args, budget.remaining))
    budget.spend(int(CORE.nodes()) if value >= 0 else budget.remaining + 1)
    return value


def solve_value(
    pos: DDState, objective: int = NS_TRICKS, *, backend: str | None = None, budget: NodeBudget | None = None
) -> int:
    """The exact value of ``pos`` for ``objective`` (NS tricks by default)."""
    if pos.tricks_left == 0:
        return 0
    if use_core(backend):
        return core_solve(pos, objective, 0, budget)
    return ReferenceSolver(objective, budget).value(pos)


def reaches(
    pos: DDState,
    objective: int,
    target: int,
    *,
    backend: str | None = None,
    budget: NodeBudget | None = None,
) -> bool:
    """Whether the value of ``pos`` for ``objective`` is at least ``target``
    (one zero-window search: cheaper than the exact value)."""
    if target <= 0:
        return True
    if pos.tricks_left < target:
        return False
    if use_core(backend):
        return bool(core_solve(pos, objective, target, budget))
    return ReferenceSolver(objective, budget).value(pos) >= target


def nil_safe_cards(
    pos: DDState, seat: int, *, backend: str | None = None, budget: NodeBudget | None = None
) -> dict[int, bool]:
    """For each legal card of the seat to play: can the Nil bidder ``seat`` still
    avoid taking any trick after it (the trick in progress included)?"""
    objective = nil_objective(Seat(seat))
    out: dict[int, bool] = {}
    for card in representatives(pos, pos.legal_mask()):
        child, winner = pos.play(card)
        safe = winner != seat and not reaches(child, objective, 1, backend=backend, budget=budget)
        for same in indices(run_of(pos, card) & pos.legal_mask()):
            out[same] = safe
    return out


def score_cards(
    pos: DDState, objective: int = NS_TRICKS, *, backend: str | None = None, budget: NodeBudget | None = None
) -> dict[int, int]:
    """The value (for ``objective``) after each legal card of the seat to play,
    counted from the same point as the position's value (the trick in progress
    included). Equivalent cards get the same score."""
    legal = pos.legal_mask()
    counted, _ = objective_params(objective)
    compiled = use_core(backend)
    solver = None if compiled else ReferenceSolver(objective, budget)
    out: dict[int, int] = {}
    for card in representatives(pos, legal):
        child, winner = pos.play(card)
        gained = 1 if winner >= 0 and (counted >> winner) & 1 else 0
        if child.tricks_left == 0:
            score = gained
        elif solver is not None:
            score = gained + solver.value(child)
        else:
            score = gained + core_solve(child, objective, 0, budget)
        for same in indices(run_of(pos, card) & legal):
            out[same] = score
    return out


def use_core(backend: str | None) -> bool:
    if backend is None:
        return CORE is not None
    if backend == "python":
        return False
    if backend == "c":
        if CORE is None:
            raise PositionError(_("the compiled double-dummy core is not built: use backend='python'"))
        return True
    raise PositionError(_("unknown backend {backend}: use 'c', 'python' or None").format(backend=repr(backend)[:40]))
