"""Tests of the compiled core's partition search (its transposition table shares one entry
among positions that differ only in small cards). The deal that used to take minutes, seed
"dds-agreement-195", is among the 200 full deals checked against DDS in test_double_dummy.py.

The table lives for the whole process, so these tests solve many related positions one
after the other without emptying it: a wrong entry shared between two positions would
show up as a wrong answer for the second one. The answers are checked against the
pure-Python reference solver, against DDS (``endplay``) where spades are broken, and
against a hand-worked endgame.
"""

from __future__ import annotations

import random

import pytest
from endplay.dds import solve_board
from endplay.dds.solve import SolveMode
from endplay.types import Deal as EDeal
from endplay.types import Denom, Player

from spades_teach import Card, Hand, Seat, deal
from spades_teach.analysis import double_dummy
from spades_teach.solver import (
    NS_TRICKS,
    DDState,
    ReferenceSolver,
    make_position,
    nil_objective,
    solve_value,
)


def _dds_leader_side_tricks(pos: DDState) -> int:
    """Tricks DDS gives the leader's side from a position at a trick boundary (bridge rules,
    spades trumps: the same game as Spades once spades are broken)."""
    hands = [Hand.from_mask(mask) for mask in pos.hands]
    board = EDeal("N:" + " ".join(str(h).replace("-", "") for h in hands))
    board.first = Player(pos.leader)
    board.trump = Denom.spades
    return max(score for _card, score in solve_board(board, SolveMode.OptimalOne))


def _ns_tricks_by_dds(pos: DDState) -> int:
    theirs = _dds_leader_side_tricks(pos)
    return theirs if pos.leader % 2 == 0 else pos.tricks_left - theirs


def _random_play(pos: DDState, rng: random.Random) -> DDState:
    legal = pos.legal_mask()
    child, _winner = pos.play(rng.choice([i for i in range(52) if legal >> i & 1]))
    return child


def test_positions_of_one_deal_share_the_table_soundly() -> None:
    """Play seeded deals down card by card and solve every position on the way, without
    emptying the table: positions of one deal share shapes and top cards, which is where a
    too-general entry would be reused wrongly. From 6 cards a hand on, each answer (trick
    counts and a random Nil question) is compared with the reference solver; at trick
    boundaries with spades broken, with DDS from 9 cards a hand."""
    rng = random.Random(195)
    for seed in range(6):
        d = deal(seed)
        pos = make_position({s: d[s] for s in Seat}, leader=Seat(seed % 4), spades_broken=True)
        for _ in range(16):  # four tricks, so the deal starts at 9 cards a hand
            pos = _random_play(pos, rng)
        while pos.tricks_left:
            objective = NS_TRICKS if rng.random() < 0.6 else nil_objective(Seat(rng.randrange(4)))
            value = solve_value(pos, objective)
            if not pos.trick:
                assert solve_value(pos, NS_TRICKS) == _ns_tricks_by_dds(pos), (seed, pos)
            if pos.tricks_left <= 6:
                assert value == ReferenceSolver(objective).value(pos), (seed, pos, objective)
            pos = _random_play(pos, rng)


def test_related_unbroken_positions_match_the_reference() -> None:
    """The same with spades not broken and the spade-lead-breaks option, from 6 cards a hand."""
    rng = random.Random(5)
    for seed in range(20):
        d = deal(seed)
        pos = make_position({s: d[s] for s in Seat}, leader=Seat(seed % 4), spade_lead_breaks=seed % 2 == 1)
        for _ in range(28):  # seven tricks: 6 cards a hand
            pos = _random_play(pos, rng)
        while pos.tricks_left:
            objective = NS_TRICKS if rng.random() < 0.6 else nil_objective(Seat(rng.randrange(4)))
            assert solve_value(pos, objective) == ReferenceSolver(objective).value(pos), (seed, pos, objective)
            pos = _random_play(pos, rng)


@pytest.mark.parametrize("backend", ["python", "c"])
def test_equivalent_cards_whose_rank_mattered(backend: str) -> None:
    """West (Nil) led the Q♥; North threw the 4♦, East followed with the 5♥. South, with no
    heart, holds ♠J84, West ♠7 and the 8♥, North ♠2 and the K♣. Ruffing with the J♠ or
    the 8♠ keeps the 4♠, which South then leads: North must play the 2♠ and West the 7♠,
    which wins. Ruffing with the 4♠ leaves South only spades above West's 7♠, and West
    never takes a trick. The J♠ and 8♠ are equivalent now, but not once the J♠ is gone,
    when the 8♠ and the 4♠ have West's 7♠ between them (the compiled core once shared
    a table entry across that difference)."""
    hands = {"N": "2.-.-.K", "E": "-.-.-.63", "S": "J84.-.-.-", "W": "7.8.-.-"}
    result = double_dummy(hands, leader="W", trick=["QH", "4D", "5H"], spade_lead_breaks=True, backend=backend)
    nil = result.nil("W")
    assert not nil.makeable
    assert nil.cards == {Card.parse("JS"): False, Card.parse("8S"): False, Card.parse("4S"): True}
    assert result.nil_forced_tricks("W") == 1


@pytest.mark.parametrize("backend", ["python", "c"])
def test_nil_with_only_the_lowest_cards_is_safe(backend: str) -> None:
    """West (Nil) holds the 2♥ and the 2♦ and no spade: every other heart and diamond is
    higher, so whatever is led West plays under it or throws the other two; the compiled
    core knows this without searching."""
    hands = {"N": "-.A.K.-", "E": "-.3.3.-", "S": "A.-.-.A", "W": "-.2.2.-"}
    result = double_dummy(hands, leader="N", backend=backend)
    assert result.nil("W").makeable
    assert result.nil_forced_tricks("W") == 0


@pytest.mark.parametrize("backend", ["python", "c"])
def test_nil_on_lead_in_a_suit_nobody_follows_is_lost(backend: str) -> None:
    """West (Nil) is on lead with the 3♣ and 2♣, the only clubs left, and nobody holds a
    spade: every club West leads wins, low as it is."""
    hands = {"N": "-.AK.-.-", "E": "-.-.AK.-", "S": "-.-.QJ.-", "W": "-.-.-.32"}
    result = double_dummy(hands, leader="W", backend=backend)
    assert not result.nil("W").makeable
    assert result.nil_forced_tricks("W") == 2
