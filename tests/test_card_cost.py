"""Tests of the per-card double-dummy review of a played hand."""

from __future__ import annotations

import itertools
import random

import pytest

from spades_teach import Round, Seat, SpadesError, Team, deal
from spades_teach.analysis.card_cost import CardCost, card_costs
from spades_teach.analysis.solver import DDState, nil_objective, reaches, solve_value


def _played_round(seed: int, bids: tuple[int, int, int, int] = (3, 4, 3, 3), tricks: int = 13) -> Round:
    """A seeded deal, bid E, S, W, N, then ``tricks`` tricks of seeded random legal play."""
    r = Round(deal(seed), dealer="N")
    for seat, bid in zip("ESWN", bids):
        r.bid(seat, bid)
    rng = random.Random(seed)
    for _ in range(4 * tricks):
        seat = r.to_act
        assert seat is not None
        r.play(seat, rng.choice(sorted(r.legal_plays())))
    return r


def _ns(value: int, team: Team) -> int:
    return value if team is Team.NS else 13 - value


@pytest.fixture(scope="module")
def reviewed() -> tuple[Round, list[CardCost]]:
    r = _played_round(21)
    calls: list[tuple[int, int]] = []
    costs = card_costs(r, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(i, 52) for i in range(1, 53)]
    return r, costs


def test_every_card_is_reviewed_in_order(reviewed: tuple[Round, list[CardCost]]) -> None:
    r, costs = reviewed
    assert len(costs) == 52
    played = [(t.number, seat, card) for t in r.tricks for seat, card in t.plays]
    assert [(c.trick, c.seat, c.card) for c in costs] == played
    assert [c.number for c in costs] == list(range(1, 53))


def test_costs_chain_from_card_to_card(reviewed: tuple[Round, list[CardCost]]) -> None:
    """The position after one card is the position before the next, so the
    North-South totals must chain; the last card's value is what was taken."""
    r, costs = reviewed
    for prev, nxt in itertools.pairwise(costs):
        assert _ns(prev.after, prev.seat.team) == _ns(nxt.before, nxt.seat.team)
    last = costs[-1]
    assert last.after == r.team_tricks[last.seat.team]


def test_cost_optimal_and_explanations(reviewed: tuple[Round, list[CardCost]]) -> None:
    _r, costs = reviewed
    assert any(c.cost > 0 for c in costs)  # random play makes mistakes
    for c in costs:
        assert c.cost >= 0
        assert c.optimal == (c.card in c.best_cards)
        assert c.card.pretty in c.explanation or "cost your side" in c.explanation
        if c.cost:
            assert c.explanation.startswith(f"this card cost your side {c.cost} trick")
            assert c.best_cards[0].pretty in c.explanation
        else:
            assert "best card" in c.explanation


def test_first_card_matches_a_direct_solve() -> None:
    r = _played_round(4, tricks=1)
    d = r.deal
    first = card_costs(r)[0]
    pos = DDState(tuple(d[s].mask for s in Seat), int(Seat.E), (), False)  # type: ignore[arg-type]
    ns = solve_value(pos)
    assert first.seat is Seat.E
    assert first.before == 13 - ns


def _nil_safe(r: Round) -> bool:
    """Can South (Nil) still avoid taking any trick from this point? Solved directly."""
    if r.tricks_won[Seat.S] > 0:
        return False
    if r.is_complete:
        return True
    hands = r.hands
    trick = r.current_trick
    pos = DDState(
        (hands[Seat.N].mask, hands[Seat.E].mask, hands[Seat.S].mask, hands[Seat.W].mask),
        int(trick.leader),
        tuple(c.index for c in trick.cards),
        r.spades_broken,
    )
    return not reaches(pos, nil_objective(Seat.S), 1)


def test_nil_loss_is_marked_where_a_makeable_nil_is_lost() -> None:
    """A card is marked exactly when the Nil was makeable before it and is not after
    it; only the Nil side can lose a makeable Nil (a defender's card cannot)."""
    marked_total = 0
    for seed in (0, 2, 3):
        r = _played_round(100 + seed, bids=(3, 0, 4, 3))  # South bids Nil
        costs = card_costs(r)
        replay = Round(r.deal, dealer="N")
        for seat, bid in zip("ESWN", (3, 0, 4, 3)):
            replay.bid(seat, bid)
        for c in costs:
            before = _nil_safe(replay)
            replay.play(c.seat, c.card)
            after = _nil_safe(replay)
            assert c.nil_lost == (before and not after), (seed, c)
            if c.nil_lost:
                assert c.seat in (Seat.S, Seat.N)
                assert "Nil" in c.explanation
                marked_total += 1
    assert marked_total > 0


def test_partial_hand_and_bad_input() -> None:
    r = _played_round(9, tricks=2)
    r.play(r.to_act, sorted(r.legal_plays())[0])  # type: ignore[arg-type]
    costs = card_costs(r)
    assert len(costs) == 9 and costs[-1].trick == 3
    with pytest.raises(SpadesError, match="needs a Round"):
        card_costs("not a round")
