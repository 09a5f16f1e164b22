"""The solver's state: a position in solver form (:class:`DDState`), the objectives a
search counts, the groups of equivalent cards it searches once, and the node budget.

Both back-ends (the pure-Python :class:`~spades_teach.solver.reference.ReferenceSolver`
and the compiled core) search these positions; :class:`DDState` asks the rules kernel
for the legal cards, the trick winner and spades broken.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from spades_teach.errors import PositionError, SearchBudgetSpent
from spades_teach.game._bits import SUIT_MASKS
from spades_teach.game.kernel import SUIT_MASKS as _KERNEL_SUIT_MASKS
from spades_teach.game.kernel import breaks_spades, legal, two_of_clubs_leads, winning_position
from spades_teach.game.round import Round
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, seating_of
from spades_teach.i18n import _

__all__ = [
    "NS_TRICKS",
    "DDState",
    "NodeBudget",
    "card_breaks_spades",
    "check_solvable",
    "indices",
    "nil_objective",
    "objective_params",
    "representatives",
    "run_of",
]

_SUIT_OF = tuple(_KERNEL_SUIT_MASKS[i // 13] for i in range(52))  # the suit mask of each card index
_SUIT_MASKS = tuple(SUIT_MASKS)
_NS_SEATS = 0b0101  # bit per seat: N and S

# Objective: which seats' tricks are counted, and which team maximises them.
# ``NS_TRICKS`` counts North-South's tricks (NS maximise). ``nil_objective(seat)``
# counts the Nil bidder's tricks, maximised by the defenders.
NS_TRICKS = 0


def nil_objective(seat: Seat) -> int:
    """The objective code for the Nil question about ``seat`` (1–4)."""
    return 1 + int(seat)


def objective_params(objective: int) -> tuple[int, int]:
    """``(counted seat bits, maximising team)`` for an objective code."""
    if objective == NS_TRICKS:
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
        check_solvable(rules)
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
        check_solvable(round_.rules)
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
        broken = self.broken or card_breaks_spades(index, self.trick, self.spade_lead_breaks)
        trick = (*self.trick, index)
        after = (hands[0], hands[1], hands[2], hands[3])
        if len(trick) < 4:
            return DDState(after, self.leader, trick, broken, self.spade_lead_breaks, self.bridge_rules), -1
        winner = (self.leader + winning_position(trick)) & 3
        return DDState(after, winner, (), broken, self.spade_lead_breaks, self.bridge_rules), winner


def check_solvable(rules: Rules) -> None:
    """Refuse a game the solver does not play: it solves four hands in tricks of four."""
    if not isinstance(rules, Rules):
        raise PositionError(_("rules must be a Rules value, not {value}").format(value=repr(rules)[:80]))
    if not seating_of(rules).partnerships:
        raise PositionError(
            _("the double-dummy solver plays the four-player game; {players}-player Spades is not solved").format(
                players=rules.players
            )
        )


def card_breaks_spades(index: int, trick: Sequence[int], spade_lead_breaks: bool) -> bool:
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
    for card in indices(legal):
        suit_start = (card // 13) * 13
        higher = alive & ((1 << card) - 1) & ~((1 << suit_start) - 1)
        # The next higher card still alive in the suit: the highest set bit below ``card``.
        if higher and legal & (1 << (higher.bit_length() - 1)):
            continue  # the card just above is ours and legal: same run, already represented
        out.append(card)
    return out


def run_of(pos: DDState, card: int) -> int:
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


def indices(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


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
            raise PositionError(
                _("a node budget must be a positive whole number, not {value}").format(value=repr(nodes)[:80])
            )
        self.remaining = nodes

    def spend(self, nodes: int) -> None:
        """Take ``nodes`` from the budget; raises SearchBudgetSpent if it goes below zero."""
        self.remaining -= nodes
        if self.remaining < 0:
            self.remaining = 0
            raise SearchBudgetSpent(_("the search gave up: its node budget is spent"))

    def __repr__(self) -> str:
        return f"NodeBudget({self.remaining})"
