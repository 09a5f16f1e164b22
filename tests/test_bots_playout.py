"""The playouts of the bots and the simulations: the kernel's :class:`Playout` started at any
moment of a hand must follow the rules of the engine (:class:`Round`), the trick's winner leading
the next trick, and a copy must be independent of its original."""

from __future__ import annotations

import random

import pytest

from spades_teach import Round, Rules, Seat, deal
from spades_teach.advice.play import View, decide
from spades_teach.advice.playout import PlayoutViews, play_out
from spades_teach.advice.playout import playout_start as _playout_start
from spades_teach.advice.position import Position
from spades_teach.errors import IllegalPlayError, SpadesError
from spades_teach.game.cards import Card
from spades_teach.game.kernel import Playout

RULE_SETS = [
    Rules(),
    Rules(first_lead="two_of_clubs"),
    Rules(spade_lead_breaks=True),
    Rules(first_lead="two_of_clubs", spade_lead_breaks=True),
]


def _bid_round(seed: int, rules: Rules) -> Round:
    r = Round(deal(seed), dealer="W", rules=rules)
    while r.phase == "bidding":
        r.bid(r.to_act, 3)  # type: ignore[arg-type]
    return r


def _playout_at(r: Round) -> Playout:
    """A playout of ``r``'s true hands at its current moment, started from what the seat to play sees."""
    view = View.from_position(Position.from_round(r))
    return _playout_start(view, [r.hands[s].mask if s in r.hands else 0 for s in Seat])


def test_a_playout_ends_with_the_same_tricks_as_the_engine_playing_the_same_policy() -> None:
    """Play a whole hand with the advisor in the engine, then replay it from the first card with
    `play_out` on the true hands: both must give every seat the same number of tricks, which fails
    if the playout lets the wrong seat lead after a trick."""
    for seed in range(6):
        r = _bid_round(seed, Rules())
        view = View.from_position(Position.from_round(r))
        me = int(view.seat)
        first, _ = decide(view)
        sim = _playout_start(view, [r.deal[s].mask for s in Seat])
        views = PlayoutViews(me=me, bids=view.bids, scores=view.scores, bags=view.bags, rules=view.rules)
        play_out(sim, views, list(view.voids), first)
        while not r.is_complete:
            card, _ = decide(View.from_position(Position.from_round(r)))
            r.play(r.to_act, card)  # type: ignore[arg-type]
        assert sim.won == [r.tricks_won[s] for s in Seat], seed
        assert sim.to_play is None and sim.tricks_left == 0


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_a_playout_started_at_any_moment_follows_the_engine(rules: Rules) -> None:
    """At random moments of random hands, a playout of the true hands offers the engine's legal
    cards at every later card (the 2♣ lead and spades broken by a spade lead included), names the
    same seat to play and counts the same tricks."""
    rng = random.Random(str(rules))
    for seed in range(12):
        r = _bid_round(seed, rules)
        start = rng.randrange(52)
        for _ in range(start):
            r.play(r.to_act, rng.choice(r.legal_plays()))  # type: ignore[arg-type]
        sim = _playout_at(r)
        while not r.is_complete:
            assert sim.to_play == int(r.to_act), (seed, start)  # type: ignore[arg-type]
            assert list(sim.legal_plays()) == list(r.legal_plays()), (seed, start, len(r.history))
            assert sim.trick == list(r.current_trick.cards)
            assert sim.trick_seats() == [int(s) for s in r.current_trick.seats]
            card = rng.choice(r.legal_plays())
            r.play(r.to_act, card)  # type: ignore[arg-type]
            sim.play(sim.to_play, card)
            assert sim.won == [r.tricks_won[s] for s in Seat]
            assert sim.broken == r.spades_broken
        assert sim.to_play is None and sim.tricks_left == 0


def test_a_copy_plays_on_without_changing_its_original() -> None:
    r = _bid_round(3, Rules())
    for _ in range(6):
        r.play(r.to_act, r.legal_plays()[0])  # type: ignore[arg-type]
    sim = _playout_at(r)
    before = (list(sim.hands), list(sim.trick), list(sim.won), sim.to_play, sim.tricks_left, sim.broken)
    clone = sim.copy()
    views = PlayoutViews(me=0, bids=[None] * 4, scores=(0, 0), bags=(0, 0), rules=Rules())
    play_out(clone, views, [0, 0, 0, 0])
    assert clone.tricks_left == 0 and sum(clone.won) == 13
    assert (list(sim.hands), list(sim.trick), list(sim.won), sim.to_play, sim.tricks_left, sim.broken) == before
    assert list(sim.legal_plays()) == list(r.legal_plays())


def test_a_card_the_rules_refuse_is_an_error_that_changes_nothing() -> None:
    r = _bid_round(5, Rules())
    r.play(r.to_act, r.legal_plays()[0])  # type: ignore[arg-type]  # a lead: the next seat must follow
    sim = _playout_at(r)
    seat = sim.to_play
    assert seat is not None
    refused = [
        Card.from_index(i) for i in range(52) if sim.hands[seat] >> i & 1 and Card.from_index(i) not in r.legal_plays()
    ]
    assert refused  # seed 5: the seat after the lead holds cards of other suits
    before = (list(sim.hands), list(sim.trick), sim.to_play)
    for card in refused:
        with pytest.raises(IllegalPlayError) as caught:
            sim.play(seat, card)
        assert isinstance(caught.value, SpadesError) and str(caught.value) == r.why_illegal(card)
    with pytest.raises(IllegalPlayError, match="not your turn"):
        sim.play((seat + 1) % 4, sim.legal_plays()[0])
    assert (list(sim.hands), list(sim.trick), sim.to_play) == before
