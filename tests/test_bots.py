"""Bots: three levels through one interface, legal everywhere, never peeking."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_teach import Card, Deal, ExpertBot, Round, Rules, Seat, SpadesError, Suit, deal
from spades_teach.advice.bots import EasyBot, HardBot, MediumBot, _sample, advise_draw, play_round
from spades_teach.advice.levels import make_bot
from spades_teach.advice.play import View
from spades_teach.advice.position import Position


def _mixed(seed: int) -> dict[Seat, EasyBot | MediumBot | HardBot]:
    return {
        Seat.N: EasyBot(seed),
        Seat.E: MediumBot(),
        Seat.S: HardBot(samples=2, seed=seed),
        Seat.W: EasyBot(seed + 1),
    }


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_mixed_levels_play_legal_hands(seed: int) -> None:
    r = play_round(Round(deal(seed), dealer="W"), _mixed(seed))
    assert r.is_complete and sum(r.tricks_won.values()) == 13


def test_levels_under_variant_rules() -> None:
    rules = Rules(nil=False, min_team_bid=4, first_lead="two_of_clubs")
    r = play_round(Round(deal(21), dealer="N", rules=rules), _mixed(21))
    bids = r.bids
    for team in (("N", "S"), ("E", "W")):
        assert int(bids[team[0]]) + int(bids[team[1]]) >= 4
    assert all(int(b) >= 1 for b in bids.values())


def test_blind_nil_only_when_allowed() -> None:
    rules = Rules(blind_nil=True)
    r = Round(deal(5), dealer="N", rules=rules, scores={"NS": 0, "EW": 50})
    play_round(r, {s: MediumBot() for s in Seat})
    assert not any(b.blind for b in r.bids.values())


def test_two_player_hand_with_every_level() -> None:
    d = deal(8)
    two = Deal({"N": d["N"], "S": d["S"]}, dealer="N")
    rules = Rules(players=2)
    r = play_round(Round(two, dealer="N", rules=rules), {Seat.N: HardBot(samples=2), Seat.S: EasyBot(3)})
    assert r.is_complete and r.tricks_won["N"] + r.tricks_won["S"] == 13
    r2 = play_round(Round(two, dealer="S", rules=rules), {Seat.N: MediumBot(), Seat.S: MediumBot()})
    assert r2.is_complete


def _swap_hidden(d: Deal, rng: random.Random) -> Deal:
    """The same deal with East's and West's cards reshuffled between them."""
    pool = list(d["E"]) + list(d["W"])
    rng.shuffle(pool)
    return Deal({"N": d["N"], "E": pool[:13], "S": d["S"], "W": pool[13:]}, dealer=d.dealer)


def test_hard_bot_never_peeks_at_hidden_hands() -> None:
    d = deal(13, dealer="E")
    other = _swap_hidden(d, random.Random(4))
    assert other != d
    cards = []
    for hands in (d, other):
        r = Round(hands, dealer="E")
        for b in (3, 3, 3, 3):
            seat = r.to_act
            assert seat is not None
            r.bid(seat, b)
        assert r.to_act is Seat.S
        cards.append(HardBot(samples=6, seed=9).choose_play(Position.from_round(r)))
    assert cards[0] == cards[1]


def test_hard_bot_takes_the_trick_it_needs() -> None:
    p = Position("S", "Q82.A2.AQJ3.T632", {"N": 6, "E": 1, "S": 5, "W": 1}, {}, trick=["5H", "9H", "KH"])
    assert HardBot(samples=8, seed=1).choose_play(p) == Card.parse("AH")


def test_sampling_respects_voids_and_hand_sizes() -> None:
    played = ["2D", "6H", "9D", "AD"]  # North showed out of diamonds
    p = Position("S", "Q82.K54.K7.T632", {"N": 3, "E": 3, "S": 3, "W": 3}, {"S": 1}, played=played, trick=[])
    view = View.from_position(p)
    sizes = {0: 12, 1: 12, 3: 12}
    rng = random.Random(0)
    for _ in range(20):
        hands = _sample(view, sizes, p, rng)
        assert hands[Seat.S] == p.hand.mask
        assert not any(c.suit is Suit.DIAMONDS for c in _cards(hands[Seat.N]))
        assert [bin(hands[s]).count("1") for s in (0, 1, 3)] == [12, 12, 12]
        together = hands[0] | hands[1] | hands[3]
        assert together == p.unseen.mask


def _cards(mask: int) -> list[Card]:
    return [Card.from_index(i) for i in range(52) if mask >> i & 1]


def test_easy_bot_bids_roughly_and_legally() -> None:
    r = Round(deal(30), dealer="N")
    p = Position.from_round(r)
    bid = EasyBot(1).choose_bid(p)
    assert 1 <= int(bid) <= 13 and r.can_bid(p.seat, bid)


def test_make_bot_levels() -> None:
    assert isinstance(make_bot("easy"), EasyBot)
    assert isinstance(make_bot("Medium"), MediumBot)
    assert isinstance(make_bot("hard"), HardBot)
    assert isinstance(make_bot("Expert"), ExpertBot)
    with pytest.raises(SpadesError, match="unknown bot level 'grandmaster': use easy, medium, hard or expert"):
        make_bot("grandmaster")


# -- two-player draw --------------------------------------------------------------------------------


def test_draw_keeps_a_high_spade() -> None:
    a = advise_draw("AS", "K2.Q3..")
    assert a.keep and "keep" in a.reason


def test_draw_discards_a_low_card_for_a_strong_hand() -> None:
    a = advise_draw("3D", "AK.KQ.A.")
    assert not a.keep and "discard" in a.reason


def test_draw_second_card_must_be_kept() -> None:
    a = advise_draw("3D", "AK.KQ.A.", must_keep=True)
    assert a.keep and "must be kept" in a.reason


def test_draw_nil_hand_keeps_low_cards() -> None:
    a = advise_draw("2H", "3.754.643.52")
    assert a.keep and "Nil" in a.reason
    assert not advise_draw("AH", "3.754.643.52").keep


def test_draw_rejects_a_card_already_held() -> None:
    with pytest.raises(SpadesError, match="already in the hand"):
        advise_draw("AS", "AK.KQ.A.")


def test_bots_decide_draws() -> None:
    for bot in (EasyBot(), MediumBot(), HardBot()):
        assert bot.choose_draw("AS", "K2.Q3..", rules=Rules(players=2)) is True
