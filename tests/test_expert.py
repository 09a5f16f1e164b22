"""The expert bot: legal, deterministic for a seed, and score-aware."""

from __future__ import annotations

import math
import random

from spades_teach import ExpertBot, Hand, Round, Seat, deal, make_bot
from spades_teach.advice.bots import HardBot, play_round
from spades_teach.advice.expert import a_nil_is_live, sample_deals
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position


def test_make_bot_gives_the_expert() -> None:
    bot = make_bot("expert", seed=3)
    assert isinstance(bot, ExpertBot) and bot.name == "expert"


def test_a_whole_hand_with_experts_everywhere_is_legal() -> None:
    r = Round(deal(21), dealer="E")
    bots = {seat: ExpertBot(seed=seat.name, samples=2) for seat in r.seats}
    played = play_round(r, bots)  # Round.play refuses any illegal card
    assert played.is_complete and sum(played.tricks_won.values()) == 13


def _choices(seed: str) -> list[str]:
    r = Round(deal(8), dealer="N")
    for bid in (3, 4, 2, 3):
        r.bid(r.to_act, bid)  # type: ignore[arg-type]
    bot = ExpertBot(seed=seed, samples=3)
    out = []
    for _ in range(8):
        card = bot.choose_play(Position.from_round(r))
        out.append(str(card))
        r.play(r.to_act, card)
    return out


def test_the_same_seed_gives_the_same_cards() -> None:
    assert _choices("a") == _choices("a")


def test_sampled_deals_respect_hand_sizes_and_shown_voids() -> None:
    # South led the 2♦ and North won with the A♦; North led the 7♥ and East showed out.
    p = Position(
        "S",
        "AK2.Q4.T9.J6542",
        {"N": 3, "E": 4, "S": 3, "W": 2},
        {"N": 1},
        played=["2D", "KD", "AD", "3D"],
        trick=["7H", "3C"],
    )
    deals = sample_deals(p, 20, random.Random(1))
    for hands in deals:
        assert {s: bin(m).count("1") for s, m in hands.items()} == {Seat.N: 11, Seat.E: 11, Seat.W: 12}
        assert not hands[Seat.E] & sum(c.mask for c in p.unseen if c.suit.name == "HEARTS")
        for mask in hands.values():
            assert not mask & p.seen_mask


def test_a_live_nil_bidder_is_seldom_dealt_the_top_cards() -> None:
    p = Position("S", "Q32.Q54.T98.7654", {"N": 3, "E": 0, "S": 3, "W": 4}, {})
    deals = sample_deals(p, 200, random.Random(2))
    tops = [c.mask for c in p.unseen if c.rank >= 14 or (c.is_spade and c.rank >= 13)]
    east = sum(sum(1 for m in tops if hands[Seat.E] & m) for hands in deals) / len(deals)
    west = sum(sum(1 for m in tops if hands[Seat.W] & m) for hands in deals) / len(deals)
    assert east < west / 2


def test_the_expert_takes_the_trick_its_contract_needs() -> None:
    # Two tricks left; North-South need one more. Ruffing now with the K♠ is certain;
    # keeping it for the last trick loses to the A♠ whenever another seat still holds it.
    # South has seen every card but four (the A♠ and three diamonds): the others hold three of them.
    hidden = {"AS", "6D", "7D", "8D", "KS", "2H", "3C", "4C", "5C"}
    seen = [str(c) for c in Hand.from_mask((1 << 52) - 1) if str(c) not in hidden]
    p = Position(
        "S",
        "KS 2H",
        {"N": 3, "E": 3, "S": 3, "W": 3},
        {"N": 3, "E": 4, "S": 2, "W": 2},
        trick=["3C", "4C", "5C"],
        seen=seen,
    )
    bot = ExpertBot(seed=1, samples=12)
    values = bot.card_values(p)
    assert values[next(c for c in values if str(c) == "KS")] > values[next(c for c in values if str(c) == "2H")]
    assert str(bot.choose_play(p)) == "KS"


def _south(bids: dict[str, int], won: dict[str, int]) -> Position:
    hand = "Q32.Q54.T98.7654"
    return Position("S", hand[: len(hand) - sum(won.values())], bids, won)  # a card less per trick done


def test_a_nil_is_live_whoever_bid_it_until_its_bidder_takes_a_trick() -> None:
    assert a_nil_is_live(_south({"N": 3, "E": 4, "S": 0, "W": 4}, {}))  # South's own Nil
    assert a_nil_is_live(_south({"N": 0, "E": 4, "S": 3, "W": 4}, {}))  # North's, South's partner
    assert a_nil_is_live(_south({"N": 3, "E": 0, "S": 3, "W": 4}, {}))  # the opponents' Nil
    assert not a_nil_is_live(_south({"N": 0, "E": 4, "S": 3, "W": 4}, {"N": 1}))  # broken already
    assert not a_nil_is_live(_south({"N": 3, "E": 4, "S": 3, "W": 4}, {}))
    assert not a_nil_is_live(_south({"N": 3, "E": 4}, {}))  # South has not bid yet: no Nil


def test_while_a_nil_is_live_the_expert_plays_the_hard_bots_card() -> None:
    r = Round(deal(74), dealer="W")
    for seat, bid in zip("NESW", (0, 4, 4, 3)):
        r.bid(seat, bid)
    compared = 0
    while r.tricks_won[Seat.N] == 0 and len(r.played) < 20:
        p = Position.from_round(r)
        if len(p.legal) > 1:
            assert a_nil_is_live(p)
            expert = ExpertBot(seed=5)
            expert.last_nodes = 123  # as a previous decision might have left it
            assert expert.choose_play(p) == HardBot(seed=5, time_limit=math.inf).choose_play(p)
            assert expert.last_nodes == 0  # no search
            compared += 1
        r.play(p.seat, suggest_play(p).card)
    assert compared >= 3
