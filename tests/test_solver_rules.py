"""The double-dummy solver plays by the kernel's rules, every option included.

The solver (the pure ``DDState`` and the compiled core) asks the kernel which
options apply at a moment (:meth:`DDState.from_round`); these tests hold its
legal moves equal to the kernel's legal plays at every node of random hands
and of whole search trees, under every rule set that changes the card play:

* ``Rules()``: the player after the dealer leads, a spade led from a hand of
  nothing but spades does not break spades;
* ``Rules(first_lead="two_of_clubs")``: the holder of the 2♣ leads it to the
  first trick;
* ``Rules(spade_lead_breaks=True)``: any spade played breaks spades;
* both options together.

Two-player Spades (``Rules(players=2)``) is not solved (four hands, tricks of
four): the solver, the review and the hand analysis refuse it with a clear error.
"""

from __future__ import annotations

import random

import pytest

from spades_teach import Hand, Rules, Seat, SpadesError, deal
from spades_teach.advice.bots import MediumBot
from spades_teach.advice.driver import play_hand
from spades_teach.analysis import SOLVER_BACKEND, analyze_hand, double_dummy
from spades_teach.analysis.card_cost import card_costs
from spades_teach.errors import PositionError
from spades_teach.game.round import PlayEvent, Round
from spades_teach.game.twoplayer import deal_by_drawing
from spades_teach.solver import (
    DDState,
    clear_table,
    legal_moves,
    make_position,
    score_cards,
    solve_value,
)

RULE_SETS = {
    "default": Rules(),
    "two_of_clubs": Rules(first_lead="two_of_clubs"),
    "spade_lead_breaks": Rules(spade_lead_breaks=True),
    "two_of_clubs+spade_lead_breaks": Rules(first_lead="two_of_clubs", spade_lead_breaks=True),
}
BACKENDS = ["python", "c"] if SOLVER_BACKEND == "c" else ["python"]
TWO_OF_CLUBS = 1 << 51


def _kernel_mask(round_: Round) -> int:
    mask = 0
    for card in round_.legal_plays():
        mask |= card.mask
    return mask


def _bid_all(round_: Round, rng: random.Random) -> None:
    while round_.phase == "bidding":
        seat = round_.to_act
        assert seat is not None
        bids = [b for b in round_.legal_bids() if not b.is_nil] or round_.legal_bids()
        round_.bid(seat, rng.choice(bids[:6]))


def _check_node(round_: Round) -> DDState:
    """The solver's moves here equal the kernel's, on every backend."""
    pos = DDState.from_round(round_)
    expected = _kernel_mask(round_)
    for backend in BACKENDS:
        assert legal_moves(pos, backend=backend) == expected, (backend, round_.rules, round_.current_trick)
    return pos


def _walk(round_: Round, pos: DDState, rng: random.Random, width: int, depth: int) -> int:
    """Visit the tree below ``round_`` (up to ``width`` children a node, all of them
    when ``width`` is 0, for ``depth`` cards) with the kernel and the solver side by
    side: equal moves at every node, equal positions after every card. Returns the
    nodes visited."""
    if round_.is_complete:
        assert pos.tricks_left == 0
        return 1
    assert DDState.from_round(round_) == pos
    moves = _check_node(round_)
    if depth == 0:
        return 1
    cards = list(round_.legal_plays())
    if width:
        cards = rng.sample(cards, min(width, len(cards)))
    seen = 1
    for card in cards:
        child = round_.copy()
        child.play(child.to_act, card)
        after, _winner = moves.play(card.index)
        seen += _walk(child, after, rng, width, depth - 1)
    return seen


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_solver_moves_equal_the_kernel_at_every_node_of_random_hands(name: str) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(f"solver-rules/{name}")
    nodes = 0
    for hand in range(6):
        round_ = Round(deal(f"{name}/{hand}"), dealer=Seat(hand % 4), rules=rules)
        _bid_all(round_, rng)
        # the first trick: every card of the first two seats
        nodes += _walk(round_.copy(), DDState.from_round(round_), rng, 0, 2)
        while not round_.is_complete:
            _check_node(round_)
            if not round_.current_trick.cards and round_.trick_number in (6, 12):
                # a search tree: two children a node for a trick and a half, then the whole
                # tree of the last two tricks
                nodes += _walk(round_.copy(), DDState.from_round(round_), rng, 2 if round_.trick_number == 6 else 0, 6)
            round_.play(round_.to_act, rng.choice(list(round_.legal_plays())))
            nodes += 1
    assert nodes > 500


def test_the_first_lead_is_forced_only_under_the_two_of_clubs_rule() -> None:
    d = deal(1)
    hands = [d[seat].mask for seat in Seat]
    holder = next(seat for seat in Seat if hands[seat] & TWO_OF_CLUBS)
    free = DDState.from_rules(hands, int(holder), (), False, Rules(), 0)
    forced = DDState.from_rules(hands, int(holder), (), False, Rules(first_lead="two_of_clubs"), 0)
    later = DDState.from_rules(hands, int(holder), (), False, Rules(first_lead="two_of_clubs"), 1)
    assert forced.two_of_clubs and not free.two_of_clubs and not later.two_of_clubs
    for backend in BACKENDS:
        assert legal_moves(forced, backend=backend) == TWO_OF_CLUBS
        assert legal_moves(free, backend=backend) == legal_moves(later, backend=backend) != TWO_OF_CLUBS
        assert bin(legal_moves(free, backend=backend)).count("1") > 1
    # the first card played clears the rule
    after, _ = forced.play(51)
    assert not after.two_of_clubs


@pytest.mark.skipif(SOLVER_BACKEND != "c", reason="the compiled core is not built")
def test_compiled_table_keeps_the_forced_and_the_free_first_lead_apart() -> None:
    """The compiled core keeps its table between solves: solving a deal's first lead
    under one rule must not change the answer under the other (deal 1: NS take 8
    when W must lead the 2♣, 7 when the first lead is free)."""
    d = deal(1)
    hands = [d[seat].mask for seat in Seat]
    holder = next(seat for seat in Seat if hands[seat] & TWO_OF_CLUBS)
    forced = DDState.from_rules(hands, int(holder), (), False, Rules(first_lead="two_of_clubs"), 0)
    free = DDState.from_rules(hands, int(holder), (), False, Rules(), 0)
    clear_table()
    fresh_forced = solve_value(forced, backend="c")
    clear_table()
    fresh_free = solve_value(free, backend="c")
    assert (fresh_forced, fresh_free) == (8, 7)
    for _ in range(2):
        assert solve_value(forced, backend="c") == fresh_forced
        assert solve_value(free, backend="c") == fresh_free
    assert set(score_cards(forced, backend="c")) == {51}
    assert len(score_cards(free, backend="c")) > 1


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_double_dummy_follows_the_rules_given(name: str) -> None:
    rules = RULE_SETS[name]
    for seed in range(4):
        round_ = Round(deal(f"dd/{seed}"), dealer=Seat(seed), rules=rules)
        _bid_all(round_, random.Random(seed))
        leader = round_.to_act
        assert leader is not None
        dd = double_dummy(round_.deal, leader=leader, rules=rules)
        assert set(dd.card_scores) == set(round_.legal_plays())
        assert dd.position == DDState.from_round(round_)


def test_double_dummy_refuses_a_first_lead_the_rules_forbid() -> None:
    d = deal(1)
    rules = Rules(first_lead="two_of_clubs")
    holder = next(seat for seat in Seat if d[seat].mask & TWO_OF_CLUBS)
    other = holder.next
    with pytest.raises(PositionError, match=r"holds 2♣\) leads the first trick"):
        double_dummy(d, leader=other, rules=rules)
    lead = next(c for c in d[holder] if str(c) != "2C" and c.suit.name != "SPADES")
    hands = {seat: d[seat] for seat in Seat}
    hands[holder] = Hand.from_mask(d[holder].mask & ~lead.mask)
    with pytest.raises(PositionError, match="first trick is led with 2♣"):
        make_position(hands, leader=holder, trick=[lead], rules=rules)
    with pytest.raises(PositionError, match="contradicts the rules"):
        double_dummy(d, leader=holder, rules=Rules(), spade_lead_breaks=True)


def test_two_player_spades_is_refused_by_the_solver_the_review_and_the_analysis() -> None:
    rules = Rules(players=2)
    two = Round(deal_by_drawing(5, first="N"), dealer=Seat.S, rules=rules)
    with pytest.raises(PositionError, match="2-player Spades is not solved"):
        DDState.from_round(two)
    with pytest.raises(PositionError, match="2-player Spades is not solved"):
        double_dummy(deal(5), leader="N", rules=rules)
    with pytest.raises(SpadesError, match="four-player"):
        card_costs(two)
    with pytest.raises(SpadesError, match="four-player"):
        analyze_hand("AKQ3.K52.7.A9842", rules=rules, samples=2, method="double_dummy")


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_review_of_bot_hands_offers_only_legal_cards(name: str) -> None:
    """The issue's reproducer: hands played by medium bots, then reviewed. The forced
    2♣ lead costs nothing and is the only best card; every reviewed alternative of
    every card is a legal card at that moment under the hand's rules."""
    rules = RULE_SETS[name]
    for hand in range(6):
        round_ = Round(deal(f"review/{name}/{hand}"), dealer=Seat(hand % 4), rules=rules)
        play_hand(round_, {seat: MediumBot() for seat in Seat})
        costs = card_costs(round_)
        assert len(costs) == 52
        replay = Round(round_.deal, dealer=round_.dealer, rules=rules)
        for event in round_.history:
            if not isinstance(event, PlayEvent):
                replay.bid(event.seat, event.bid)
        for cost in costs:
            legal = set(replay.legal_plays())
            assert cost.card in legal
            assert cost.best_cards and set(cost.best_cards) <= legal, (name, hand, cost)
            replay.play(cost.seat, cost.card)
        first = costs[0]
        if rules.first_lead == "two_of_clubs":
            assert str(first.card) == "2C"
            assert first.cost == 0 and [str(c) for c in first.best_cards] == ["2C"]


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_analyze_hand_double_dummy_follows_the_rules(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every solve of ``analyze_hand(method="double_dummy")`` gets the hand's rules."""
    import spades_teach.advice.bid_trial as bid_trial

    rules = RULE_SETS[name]
    seen: list[DDState] = []
    real = bid_trial.double_dummy

    def spy(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        seen.append(result.position)
        return result

    monkeypatch.setattr(bid_trial, "double_dummy", spy)
    analyze_hand("AKQ3.K52.7.A9842", seat="S", dealer="W", rules=rules, samples=6, method="double_dummy")
    assert len(seen) == 6
    for pos in seen:
        assert pos.spade_lead_breaks == rules.spade_lead_breaks
        assert pos.two_of_clubs == (rules.first_lead == "two_of_clubs")
        holder = next(seat for seat in range(4) if pos.hands[seat] & TWO_OF_CLUBS)
        if pos.two_of_clubs:
            assert pos.leader == holder and pos.legal_mask() == TWO_OF_CLUBS
