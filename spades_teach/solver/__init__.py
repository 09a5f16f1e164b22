"""Exact double-dummy analysis under Spades rules: the solver layer.

The solver is a layer of its own, between the game (whose kernel it asks for the
legal cards, the trick winner and spades broken) and the advice (the expert bot
and the principles' counter-examples call it) and analysis (the card-cost review,
puzzles, hand analysis) above. It imports nothing but ``spades_teach.game`` and
``spades_teach.errors``. The package holds this Python solver, the C core
``_ddcore.c``, the same C built as WebAssembly for the browser
(``_ddcore_wasm.c``) and its loader (``_wasm_core.py``).

Bridge solvers let anyone lead a spade at any time; in Spades a spade may not
be led until spades are broken, unless the leader holds nothing else. That one
rule changes the best play, so this module solves positions under Spades rules
itself.

:func:`double_dummy` takes the four hands (all cards known), the seat that led
the trick in progress, the cards already in that trick, and whether spades are
broken. Its answer, a :class:`DoubleDummy`, holds ``tricks[team]``: what each
partnership takes from here with best play by all four seats, the trick in
progress included. It also scores every legal card of the seat to play
(:attr:`DoubleDummy.card_scores`) and answers the Nil question
(:meth:`DoubleDummy.nil`): can the defenders force a Nil bidder to take a trick?

>>> dd = double_dummy({"N": "A.-.-.-", "E": "-.2.-.-", "S": "-.-.2.-", "W": "-.-.-.2"}, leader="E")
>>> dd.tricks["NS"], dd.tricks["EW"]
(1, 0)

Two implementations give the same answers: a compiled core
(``spades_teach.solver._ddcore``, built from C source by ``pip install``),
used when it is importable, and the readable pure-Python solver of this module
(:class:`ReferenceSolver`), used otherwise and by the tests as the reference.
In the browser (Pyodide, the book's live edition) the compiled core is the same
C source built as WebAssembly, loaded by :mod:`spades_teach.solver._wasm_core`.
:data:`BACKEND` says which one is in use (``"c"`` for the compiled core, native
or WebAssembly, or ``"python"``).

How the search works
--------------------
Both solvers run the same algorithm. The value of a position is the number of
tricks still to come that the *counted* seats win (North and South for trick
counts, the Nil bidder alone for Nil questions); one side maximises it, the
other minimises it. The search is alpha-beta over single cards with:

* a transposition table at trick boundaries holding lower and upper bounds on
  the value, keyed on the remaining cards, the leader and the spades-broken
  flag;
* equivalent-card reduction: cards of one suit in one hand that are adjacent
  among the cards not yet gone (cards of completed tricks are gaps; cards in
  the trick in progress are not) play alike, so only one is searched;
* move ordering (winners first, cheap wins, low cards when partner wins).

The compiled core adds, for speed:

* zero-window searches narrowing the value (MTD-f style) from a first guess;
* *partition search* in its table: each search also reports which cards'
  ranks its answer relied on (a card that beat another card of its own suit,
  and the top cards behind a sure-trick bound). The answer then holds for
  every position with the same suit lengths in every hand whose cards, in
  each suit, have the same owners down to the lowest of those cards: the
  smaller cards only count by how many each hand holds. One table entry
  serves all of them. (A searched card also stands for the equivalent cards
  below it; when its own rank mattered, theirs is recorded too, since in a
  position matching only down to that rank they need not be equivalent.)
* sure-trick bounds: spades higher than every spade of the opponents, and the
  top cards the leader (or partner, reached through an entry) can cash. A
  bound reports only the top cards it needs for the answer asked (three sure
  tricks answer "at least two?" with the top two), so its answer covers more
  positions;
* cards skipped as answered: once a card has been searched without deciding
  the search, a card of the same suit lower than every card whose rank the
  answers so far relied on would give the same answer (it wins or loses the
  trick as the first one did, and the positions below differ only in cards no
  answer looked at), so it is not searched;
* the last two tricks are searched without the table (cheaper than its key,
  probe and entry).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spades_teach.errors import ParseError, PositionError, SearchBudgetSpent
from spades_teach.game._bits import SUIT_MASKS, mask_cards
from spades_teach.game.cards import Card, CardLike, Hand, HandLike
from spades_teach.game.kernel import SUIT_MASKS as _KERNEL_SUIT_MASKS
from spades_teach.game.kernel import breaks_spades, is_renege, legal, two_of_clubs_leads, winning_position
from spades_teach.game.notation import SEAT_WORDS, SUIT_WORDS
from spades_teach.game.round import Round
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, SeatLike, Team, TeamMap, seating_of

__all__ = [
    "BACKEND",
    "DoubleDummy",
    "NilAnswer",
    "NodeBudget",
    "DDState",
    "ReferenceSolver",
    "clear_table",
    "double_dummy",
    "legal_moves",
    "nil_safe_cards",
    "reaches",
    "solve_value",
    "score_cards",
]

_SPADES = SUIT_MASKS[0]
_TWO_OF_CLUBS_INDEX = Card("2", "C").index
_TWO_OF_CLUBS = 1 << _TWO_OF_CLUBS_INDEX
_SUIT_OF = tuple(_KERNEL_SUIT_MASKS[i // 13] for i in range(52))  # the suit mask of each card index
_SUIT_MASKS = tuple(SUIT_MASKS)
_NS_SEATS = 0b0101  # bit per seat: N and S
_EW_SEATS = 0b1010

# Objective: which seats' tricks are counted, and which team maximises them.
# ``TRICKS`` counts North-South's tricks (NS maximise). ``nil_objective(seat)``
# counts the Nil bidder's tricks, maximised by the defenders.
TRICKS = 0


def nil_objective(seat: Seat) -> int:
    """The objective code for the Nil question about ``seat`` (1–4)."""
    return 1 + int(seat)


def _objective_params(objective: int) -> tuple[int, int]:
    """``(counted seat bits, maximising team)`` for an objective code."""
    if objective == TRICKS:
        return _NS_SEATS, 0
    seat = objective - 1
    return 1 << seat, (seat + 1) & 1


# -- the position ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DDState:
    """A checked position in solver form (not to be confused with the one-seat
    :class:`~spades_teach.advice.position.Position`): hand bitmasks by seat, the leader of
    the trick in progress, its card indices in play order, and the rule flags.
    ``broken`` already includes any spade played on another suit in the trick.
    ``two_of_clubs``: the 2♣ must lead the trick about to start (the hand's first
    lead under ``Rules(first_lead="two_of_clubs")``; the first card clears it).

    Build it with :meth:`from_round` or :meth:`from_rules`, which ask the kernel
    which rule options apply at this moment, rather than by hand."""

    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...]
    broken: bool
    spade_lead_breaks: bool = False
    bridge_rules: bool = False
    two_of_clubs: bool = False

    @classmethod
    def from_rules(
        cls,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        broken: bool,
        rules: Rules,
        tricks_done: int,
    ) -> DDState:
        """The position with the rule flags of ``rules`` as the kernel applies them
        after ``tricks_done`` completed tricks (``broken`` as the kernel found it,
        the trick in progress included). Raises
        :class:`~spades_teach.errors.PositionError` for a game the solver does not
        play (two-player Spades)."""
        _check_solvable(rules)
        return cls(
            (hands[0], hands[1], hands[2], hands[3]),
            int(leader),
            tuple(trick),
            bool(broken),
            rules.spade_lead_breaks,
            False,
            two_of_clubs_leads(rules, tricks_done, len(trick)),
        )

    @classmethod
    def from_round(cls, round_: Round) -> DDState:
        """The position of a hand in play (four players), under its rules."""
        _check_solvable(round_.rules)
        hands = round_.hands
        trick = round_.current_trick
        return cls.from_rules(
            [hands[seat].mask for seat in Seat],
            int(trick.leader),
            [c.index for c in trick.cards],
            round_.spades_broken,
            round_.rules,
            len(round_.tricks),
        )

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) & 3

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the one in progress included."""
        return bin(self.hands[self.leader]).count("1") + (1 if self.trick else 0)

    def legal_mask(self) -> int:
        """The legal cards of the seat to play, as a bitmask (the kernel's rule;
        ``bridge_rules`` lets any card lead, as if spades were always broken)."""
        trick = self.trick
        if trick:
            return legal(self.hands[self.to_play], _SUIT_OF[trick[0]], self.broken)
        return legal(self.hands[self.to_play], 0, self.broken or self.bridge_rules, self.two_of_clubs)

    def play(self, index: int) -> tuple[DDState, int]:
        """The state after the seat to play plays card ``index``, and the seat
        that won the trick if this card completed it (else -1)."""
        seat = self.to_play
        hands = list(self.hands)
        hands[seat] &= ~(1 << index)
        broken = self.broken or _breaks(index, self.trick, self.spade_lead_breaks)
        trick = (*self.trick, index)
        after = (hands[0], hands[1], hands[2], hands[3])
        if len(trick) < 4:
            return DDState(after, self.leader, trick, broken, self.spade_lead_breaks, self.bridge_rules), -1
        winner = (self.leader + winning_position(trick)) & 3
        return DDState(after, winner, (), broken, self.spade_lead_breaks, self.bridge_rules), winner


def _check_solvable(rules: Rules) -> None:
    """Refuse a game the solver does not play: it solves four hands in tricks of four."""
    if not isinstance(rules, Rules):
        raise PositionError(f"rules must be a Rules value, not {rules!r}")
    if not seating_of(rules).partnerships:
        raise PositionError(
            f"the double-dummy solver plays the four-player game; {rules.players}-player Spades is not solved"
        )


def _breaks(index: int, trick: Sequence[int], spade_lead_breaks: bool) -> bool:
    """Whether playing card ``index`` to ``trick`` (card indices) breaks spades."""
    return breaks_spades(1 << index, _SUIT_OF[trick[0]] if trick else 0, spade_lead_breaks)


def representatives(pos: DDState, legal: int) -> list[int]:
    """One card of each group of equivalent legal cards (the highest of each run).

    Two cards of one suit in one hand are equivalent when every card between
    them is in the same hand or already gone in a completed trick: cards in the
    trick in progress still count, since they can still be beaten. (A run is
    represented by its highest legal card: under the 2♣ first lead the 2♣ is
    legal and the cards of its run are not.)
    """
    alive = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
    for card in pos.trick:
        alive |= 1 << card
    out: list[int] = []
    for card in _indices(legal):
        suit_start = (card // 13) * 13
        higher = alive & ((1 << card) - 1) & ~((1 << suit_start) - 1)
        # The next higher card still alive in the suit: the highest set bit below ``card``.
        if higher and legal & (1 << (higher.bit_length() - 1)):
            continue  # the card just above is ours and legal: same run, already represented
        out.append(card)
    return out


def _run_of(pos: DDState, card: int) -> int:
    """The bitmask of the run of equivalent cards containing ``card``."""
    hand = pos.hands[pos.to_play]
    alive = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
    for c in pos.trick:
        alive |= 1 << c
    suit = _SUIT_MASKS[card // 13]
    run = 1 << card
    for step in (-1, 1):  # towards higher ranks, then lower ranks
        i = card + step
        while 0 <= i < 52 and (1 << i) & suit:
            bit = 1 << i
            if hand & bit:
                run |= bit
            elif alive & bit:
                break
            i += step
    return run & hand


def _indices(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# -- the pure-Python reference solver -----------------------------------------------------------


class ReferenceSolver:
    """Alpha-beta with a transposition table and equivalent-card reduction,
    written for clarity: the reference the compiled core is tested against.

    ``value(pos)`` is the number of remaining tricks (the one in progress
    included) won by the counted seats of ``objective`` with best play.
    """

    def __init__(self, objective: int = TRICKS, budget: NodeBudget | None = None) -> None:
        self.counted, self.max_team = _objective_params(objective)
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


# -- backends ------------------------------------------------------------------------------------


def _load_core() -> Any:
    """The compiled core: the C extension, or under Pyodide its WebAssembly build; ``None``
    when neither is installed."""
    try:
        from spades_teach.solver import _ddcore  # type: ignore[attr-defined]
    except ImportError:
        from spades_teach.solver._wasm_core import load_wasm_core

        return load_wasm_core()
    return _ddcore


_CORE: Any = _load_core()

#: ``"c"`` when the compiled core is in use (the C extension, or its WebAssembly
#: build under Pyodide), ``"python"`` when neither is installed and the (much
#: slower) reference solver answers instead.
BACKEND: str = "c" if _CORE is not None else "python"


def _flags(pos: DDState) -> int:
    """The rule flags the compiled core takes (see the top of ``_ddcore.c``)."""
    return (
        (1 if pos.spade_lead_breaks else 0)
        | (2 if pos.bridge_rules else 0)
        | (4 if pos.two_of_clubs and not pos.trick else 0)
    )


def legal_moves(pos: DDState, *, backend: str | None = None) -> int:
    """The cards (a mask) the solver tries for the seat to play: its legal cards.
    The tests hold both backends' answer equal to the kernel's legal plays."""
    if _use_core(backend):
        return int(_CORE.legal(pos.hands, pos.leader, pos.trick, pos.broken, _flags(pos)))
    return pos.legal_mask()


class NodeBudget:
    """The search nodes the solves given this budget may still visit, together.

    Each solve spends the nodes it visits; one that would go past the budget stops
    and raises :class:`~spades_teach.errors.SearchBudgetSpent` (as does any solve
    once the budget is spent). A node count, unlike a clock, gives the same answer
    on every machine: with an empty transposition table first
    (:func:`clear_table`), a budgeted search is as repeatable as an unlimited one.

    >>> budget = NodeBudget(1_000)
    >>> budget.spend(400); budget.remaining
    600
    """

    def __init__(self, nodes: int) -> None:
        if isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1:
            raise PositionError(f"a node budget must be a positive whole number, not {nodes!r}")
        self.remaining = nodes

    def spend(self, nodes: int) -> None:
        """Take ``nodes`` from the budget; raises SearchBudgetSpent if it goes below zero."""
        self.remaining -= nodes
        if self.remaining < 0:
            self.remaining = 0
            raise SearchBudgetSpent("the search gave up: its node budget is spent")

    def __repr__(self) -> str:
        return f"NodeBudget({self.remaining})"


def clear_table() -> None:
    """Empty the compiled solver's transposition table (what it learnt from earlier
    solves), so that the node counts of the next solves depend on them alone."""
    if _CORE is not None:
        _CORE.clear()


def _core_solve(pos: DDState, objective: int, target: int, budget: NodeBudget | None) -> int:
    """One solve by the compiled core, spending from ``budget`` when one is given."""
    args = (pos.hands, pos.leader, pos.trick, pos.broken, _flags(pos), objective, target)
    if budget is None:
        return int(_CORE.solve(*args))
    if budget.remaining <= 0:
        budget.spend(1)
    value = int(_CORE.solve(*args, budget.remaining))
    budget.spend(int(_CORE.nodes()) if value >= 0 else budget.remaining + 1)
    return value


def solve_value(
    pos: DDState, objective: int = TRICKS, *, backend: str | None = None, budget: NodeBudget | None = None
) -> int:
    """The exact value of ``pos`` for ``objective`` (NS tricks by default)."""
    if pos.tricks_left == 0:
        return 0
    if _use_core(backend):
        return _core_solve(pos, objective, 0, budget)
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
    if _use_core(backend):
        return bool(_core_solve(pos, objective, target, budget))
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
        for same in _indices(_run_of(pos, card) & pos.legal_mask()):
            out[same] = safe
    return out


def score_cards(
    pos: DDState, objective: int = TRICKS, *, backend: str | None = None, budget: NodeBudget | None = None
) -> dict[int, int]:
    """The value (for ``objective``) after each legal card of the seat to play,
    counted from the same point as the position's value (the trick in progress
    included). Equivalent cards get the same score."""
    legal = pos.legal_mask()
    counted, _ = _objective_params(objective)
    use_core = _use_core(backend)
    solver = None if use_core else ReferenceSolver(objective, budget)
    out: dict[int, int] = {}
    for card in representatives(pos, legal):
        child, winner = pos.play(card)
        gained = 1 if winner >= 0 and (counted >> winner) & 1 else 0
        if child.tricks_left == 0:
            score = gained
        elif solver is not None:
            score = gained + solver.value(child)
        else:
            score = gained + _core_solve(child, objective, 0, budget)
        for same in _indices(_run_of(pos, card) & legal):
            out[same] = score
    return out


def _use_core(backend: str | None) -> bool:
    if backend is None:
        return _CORE is not None
    if backend == "python":
        return False
    if backend == "c":
        if _CORE is None:
            raise PositionError("the compiled double-dummy core is not built: use backend='python'")
        return True
    raise PositionError(f"unknown backend {backend!r}: use 'c', 'python' or None")


# -- input checking -------------------------------------------------------------------------------


def make_position(
    hands: Mapping[Any, HandLike],
    *,
    leader: SeatLike,
    trick: Sequence[CardLike] = (),
    spades_broken: bool = False,
    spade_lead_breaks: bool | None = None,
    bridge_rules: bool = False,
    rules: Rules | None = None,
) -> DDState:
    """Check a described position and turn it into solver form, under ``rules``
    (default ``Rules()``). The hands' size tells how many tricks are done: with
    13 cards a hand (one fewer for a seat that played to the trick) the trick is
    the hand's first, led by the 2♣ under ``first_lead="two_of_clubs"``.
    ``spade_lead_breaks`` (``None``: as the rules say) may not contradict ``rules``.

    Raises :class:`~spades_teach.errors.PositionError` (a ``SpadesError``) when
    the hands, the leader and the trick do not fit together or break the rules.
    """
    rules = _rules_with(rules, spade_lead_breaks)
    masks = _hand_masks(hands)
    try:
        lead_seat = Seat.coerce(leader)
        cards = [Card.parse(c) for c in trick]
    except ParseError as exc:
        raise PositionError(str(exc)) from None
    if len(cards) > 3:
        raise PositionError(
            f"a trick in progress holds at most 3 cards, got {len(cards)} ({' '.join(map(str, cards))}): "
            "give a finished trick's cards to nobody and name its winner as the leader"
        )
    _check_distinct(masks, cards)
    _check_sizes(masks, lead_seat, cards)
    broken = bool(spades_broken)
    tricks_done = 13 - bin(masks[lead_seat]).count("1") - (1 if cards else 0)
    first_lead_c2 = two_of_clubs_leads(rules, tricks_done, 0)
    _check_first_lead(masks, lead_seat, cards, first_lead_c2)
    _check_trick_legal(masks, lead_seat, cards, broken, bridge_rules)
    indices = tuple(c.index for c in cards)
    for i, card in enumerate(indices):
        broken = broken or _breaks(card, indices[:i], rules.spade_lead_breaks)
    return DDState(
        (masks[0], masks[1], masks[2], masks[3]),
        int(lead_seat),
        indices,
        broken,
        rules.spade_lead_breaks,
        bool(bridge_rules),
        two_of_clubs_leads(rules, tricks_done, len(indices)),
    )


def _rules_with(rules: Rules | None, spade_lead_breaks: bool | None) -> Rules:
    """The rules of a described position: ``rules`` (default ``Rules()``) with the
    ``spade_lead_breaks`` keyword, which may not contradict them."""
    if rules is None:
        rules = Rules() if spade_lead_breaks is None else Rules(spade_lead_breaks=bool(spade_lead_breaks))
    _check_solvable(rules)
    if spade_lead_breaks is not None and bool(spade_lead_breaks) != rules.spade_lead_breaks:
        raise PositionError(
            f"spade_lead_breaks={bool(spade_lead_breaks)} contradicts the rules given "
            f"(spade_lead_breaks={rules.spade_lead_breaks}): give one or the other"
        )
    return rules


def _check_first_lead(masks: list[int], leader: Seat, cards: list[Card], two_of_clubs: bool) -> None:
    """Under the 2♣ first lead, the first trick is led by its holder, with it."""
    if not two_of_clubs:
        return
    holder = next((seat for seat in Seat if masks[seat] & _TWO_OF_CLUBS), None)
    if not cards:
        if holder is not None and holder is not leader:
            raise PositionError(
                f"under the 2♣ first lead, {SEAT_WORDS[holder]} (who holds 2♣) leads the first trick, not {SEAT_WORDS[leader]}"
            )
        return
    if cards[0].index != _TWO_OF_CLUBS_INDEX:
        raise PositionError(f"under the 2♣ first lead, the first trick is led with 2♣, not {cards[0]}")


def _hand_masks(hands: Mapping[Any, HandLike]) -> list[int]:
    if not isinstance(hands, Mapping):
        raise PositionError(f"hands must map each of N, E, S, W to its hand, not {hands!r}")
    masks = [0, 0, 0, 0]
    seen: set[Seat] = set()
    for key, value in hands.items():
        try:
            seat = Seat.coerce(key)
            hand = Hand.coerce(value)
        except ParseError as exc:
            raise PositionError(str(exc)) from None
        if seat in seen:
            raise PositionError(f"seat {seat.name} is given twice")
        seen.add(seat)
        masks[seat] = hand.mask
    missing = [s.name for s in Seat if s not in seen]
    if missing:
        raise PositionError(f"double-dummy analysis needs all four hands; missing: {', '.join(missing)}")
    return masks


def _check_distinct(masks: list[int], cards: list[Card]) -> None:
    owner: dict[int, str] = {}
    for seat in Seat:
        for index in _indices(masks[seat]):
            owner[index] = SEAT_WORDS[seat]
    for card in cards:
        if card.index in owner:
            raise PositionError(f"card {card} is given twice: in the trick and in {owner[card.index]}'s hand")
        owner[card.index] = "the trick"
    total = sum(bin(m).count("1") for m in masks) + len(cards)
    if total != len(owner):
        # Only possible when two hands share a card.
        for a in Seat:
            for b in Seat:
                if a < b and masks[a] & masks[b]:
                    dup = Card.from_index((masks[a] & masks[b]).bit_length() - 1)
                    raise PositionError(f"card {dup} is given twice: in {SEAT_WORDS[a]}'s and {SEAT_WORDS[b]}'s hands")


def _check_sizes(masks: list[int], leader: Seat, cards: list[Card]) -> None:
    played = {Seat((leader + i) & 3) for i in range(len(cards))}
    sizes = {seat: bin(masks[seat]).count("1") for seat in Seat}
    waiting = [seat for seat in Seat if seat not in played]
    size = max(sizes[seat] for seat in waiting)
    described = ", ".join(f"{s.name} {sizes[s]}" for s in Seat)
    if not 1 <= size <= 13:
        raise PositionError(
            f"each hand must hold 1 to 13 cards (one fewer for a seat that has played to the trick); got {described}"
        )
    for seat in Seat:
        expected = size - 1 if seat in played else size
        if sizes[seat] != expected:
            if cards:
                order = ", ".join(Seat((leader + i) & 3).name for i in range(len(cards)))
                raise PositionError(
                    f"hands do not fit the trick: with {leader.name} on lead and {len(cards)} card(s) played "
                    f"({order}), {', '.join(s.name for s in waiting)} should hold {size} card(s) and "
                    f"{order} {size - 1}; got {described}"
                )
            raise PositionError(
                f"hands of unequal sizes: {described}; with no trick in progress all hold the same number"
            )


def _check_trick_legal(masks: list[int], leader: Seat, cards: list[Card], broken: bool, bridge_rules: bool) -> None:
    if not cards:
        return
    lead = cards[0]
    lead_hand = masks[leader] | lead.mask
    if not legal(lead_hand, 0, broken or bridge_rules) & lead.mask:
        raise PositionError(
            f"{SEAT_WORDS[leader]} led {lead} but spades are not broken and {SEAT_WORDS[leader]} also held "
            f"{Hand.from_mask(lead_hand & ~_SPADES).labelled()}: pass spades_broken=True if they were"
        )
    for i in range(1, len(cards)):
        seat = Seat((leader + i) & 3)
        card = cards[i]
        follow = masks[seat] & _SUIT_MASKS[lead.suit]
        if is_renege(masks[seat] | card.mask, _SUIT_MASKS[lead.suit], card.mask):
            raise PositionError(
                f"{SEAT_WORDS[seat]} played {card} on a {SUIT_WORDS[lead.suit][:-1]} lead while still holding "
                f"{' '.join(str(c) for c in mask_cards(follow))}: that trick is not legal"
            )


# -- the public answer ----------------------------------------------------------------------------


@dataclass(frozen=True)
class NilAnswer:
    """The exact answer to the Nil question for one seat, from this position on.

    ``makeable``: the Nil side (the bidder and partner) can keep the bidder from
    taking any further trick, whatever the defenders do. ``cards``: for each
    legal card of the seat to play, whether the Nil is still makeable after it
    (a card mapped to ``False`` loses or leaves lost the Nil).
    :meth:`DoubleDummy.nil_forced_tricks` counts how many tricks the defenders
    can force on the bidder.
    """

    seat: Seat
    makeable: bool
    cards: dict[Card, bool]

    @property
    def losing_cards(self) -> tuple[Card, ...]:
        """Legal cards after which the Nil can no longer be made."""
        return tuple(c for c, ok in self.cards.items() if not ok)


class DoubleDummy:
    """The answer of :func:`double_dummy` for one position.

    ``tricks[team]``: tricks each partnership takes from here (trick in
    progress included). ``to_play``: the seat to play. ``card_scores``: for each
    legal card of that seat, the tricks its side takes after playing it (from
    the same point). ``best_cards``: the cards reaching the best score.
    ``nil(seat)``: the Nil question for a seat. Card scores and Nil answers are
    computed on first use.
    """

    def __init__(self, position: DDState, backend: str | None = None) -> None:
        self.position = position
        self._backend = backend
        ns = solve_value(position, TRICKS, backend=backend)
        left = position.tricks_left
        self.tricks: TeamMap[int] = TeamMap({Team.NS: ns, Team.EW: left - ns})
        self._scores: dict[Card, int] | None = None
        self._nil: dict[Seat, NilAnswer] = {}

    @property
    def to_play(self) -> Seat:
        return Seat(self.position.to_play)

    @property
    def leader(self) -> Seat:
        return Seat(self.position.leader)

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the one in progress included."""
        return self.position.tricks_left

    @property
    def card_scores(self) -> dict[Card, int]:
        """Tricks for the side of the seat to play after each of its legal cards."""
        if self._scores is None:
            raw = score_cards(self.position, TRICKS, backend=self._backend)
            left = self.position.tricks_left
            mine = self.to_play.team
            self._scores = {Card.from_index(i): (v if mine is Team.NS else left - v) for i, v in sorted(raw.items())}
        return dict(self._scores)

    @property
    def best_cards(self) -> tuple[Card, ...]:
        scores = self.card_scores
        top = max(scores.values())
        return tuple(c for c, v in scores.items() if v == top)

    def nil(self, seat: SeatLike) -> NilAnswer:
        """Can the defenders force ``seat`` (a Nil bidder) to take a trick from here?"""
        s = Seat.coerce(seat)
        if s not in self._nil:
            objective = nil_objective(s)
            lost = reaches(self.position, objective, 1, backend=self._backend)
            raw = nil_safe_cards(self.position, int(s), backend=self._backend)
            cards = {Card.from_index(i): ok for i, ok in sorted(raw.items())}
            self._nil[s] = NilAnswer(s, not lost, cards)
        return self._nil[s]

    def nil_forced_tricks(self, seat: SeatLike) -> int:
        """How many tricks the defenders can force ``seat`` (a Nil bidder) to take from here."""
        return solve_value(self.position, nil_objective(Seat.coerce(seat)), backend=self._backend)

    def __repr__(self) -> str:
        return f"<DoubleDummy NS {self.tricks[Team.NS]} EW {self.tricks[Team.EW]}, {self.to_play.name} to play>"


def double_dummy(
    hands: Mapping[Any, HandLike],
    *,
    leader: SeatLike,
    trick: Sequence[CardLike] = (),
    spades_broken: bool = False,
    spade_lead_breaks: bool | None = None,
    bridge_rules: bool = False,
    rules: Rules | None = None,
    backend: str | None = None,
) -> DoubleDummy:
    """Solve a position with all four hands known, under Spades rules.

    ``hands`` maps each seat (``Seat`` or ``"N"`` …) to its hand (a ``Hand`` or
    text); a :class:`~spades_teach.game.deals.Deal` works too. ``leader`` is the seat
    that led (or is about to lead) the trick in progress, ``trick`` its cards so
    far in play order (the hands of the seats that played hold one card fewer),
    and ``spades_broken`` whether a spade has already broken spades. A spade
    played on another suit in ``trick`` breaks them, as in the engine.
    ``rules`` (default ``Rules()``) are the hand's rules, applied as the kernel
    does: ``spade_lead_breaks`` makes any spade break them, and under
    ``first_lead="two_of_clubs"`` a full deal's first trick is led with the 2♣
    by its holder. ``spade_lead_breaks=True`` alone is the same as
    ``rules=Rules(spade_lead_breaks=True)``. Two-player rules are refused.
    ``bridge_rules=True`` drops the spade-lead restriction (spades still trump),
    which is what a bridge solver computes. ``backend`` forces ``"c"`` or
    ``"python"``.

    >>> hands = {"N": "AK.-.-.-", "E": "-.-.A2.-", "S": "-.-.-.A2", "W": "-.AK.-.-"}
    >>> dd = double_dummy(hands, leader="N")
    >>> dd.tricks["NS"], dd.to_play
    (2, <Seat.N: 0>)
    >>> dd = double_dummy({"N": "2.-.-.-", "E": "-.A.-.-", "S": "-.-.-.A", "W": "-.2.-.-"}, leader="E")
    >>> dd.tricks["EW"], dd.nil("W").makeable
    (0, True)
    """
    position = make_position(
        hands,
        leader=leader,
        trick=trick,
        spades_broken=spades_broken,
        spade_lead_breaks=spade_lead_breaks,
        bridge_rules=bridge_rules,
        rules=rules,
    )
    return DoubleDummy(position, backend)
