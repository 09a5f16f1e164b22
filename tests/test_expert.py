"""The expert bot: legal, deterministic for a seed, and score-aware."""

from __future__ import annotations

import random

from spades_teach import Card, Deal, ExpertBot, Hand, Round, Rules, Seat, deal, make_bot
from spades_teach.advice.bots import MediumBot, play_round
from spades_teach.advice.expert import a_nil_is_live, expert_card, sample_deals
from spades_teach.advice.judge import judge
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.game.round import PlayEvent


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
    judgement = judge(p, deals=12)
    assert judgement is not None
    values = judgement.points
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


def test_while_a_nil_is_live_the_expert_plays_the_rule_of_thumb_unless_the_judge_calls_it_clearly_worse() -> None:
    r = Round(deal(74), dealer="W")
    for seat, bid in zip("NESW", (0, 4, 4, 3)):
        r.bid(seat, bid)
    compared = 0
    while r.tricks_won[Seat.N] == 0 and len(r.played) < 20:
        p = Position.from_round(r)
        if len(p.legal) > 1:
            assert a_nil_is_live(p)
            judgement = judge(p)
            assert judgement is not None, "a live Nil is judged"
            rule = suggest_play(p).card
            card = ExpertBot(seed=5).choose_play(p)
            assert card == expert_card(judgement, rule)
            assert not judgement.verdict(card).costly  # the expert's own card is never costly
            assert (card == rule) == (not judgement.verdict(rule).costly)
            compared += 1
        r.play(p.seat, suggest_play(p).card)
    assert compared >= 3


def _cover_moment(north_won: int) -> Position:
    """Two tricks left. West led the 2♥, North (Nil) had to play the 9♥, East the 5♥;
    South holds T♥ 3♥ and has seen every card but three small clubs and diamonds. The
    T♥ covers North's 9♥; the 3♥ leaves North the trick."""
    hidden = {"TH", "3H", "2H", "9H", "5H", "2C", "3C", "2D"}
    seen = [str(c) for c in Hand.from_mask((1 << 52) - 1) if str(c) not in hidden]
    won = {"N": north_won, "E": 4 - north_won, "S": 4, "W": 3}
    return Position("S", "TH 3H", {"N": 0, "E": 4, "S": 4, "W": 4}, won, trick=["2H", "9H", "5H"], seen=seen)


def test_the_judge_values_the_cover_that_keeps_a_partners_nil_by_about_the_nil() -> None:
    p = _cover_moment(0)
    assert a_nil_is_live(p)
    cover, under = Card.parse("TH"), Card.parse("3H")
    for seed in range(3):
        evidence = judge(p, salt=str(seed))
        assert evidence is not None, "a live Nil is judged"
        assert evidence.best == cover and not evidence.as_good(under)
        assert evidence.cost(under) >= 150  # the Nil's 100 kept against 100 lost, less a trick or two
        assert evidence.holds[under] == 0 < evidence.holds[cover]


def test_the_judge_sees_no_use_in_covering_a_nil_already_broken() -> None:
    p = _cover_moment(1)  # North has a trick: the Nil is lost whatever South plays
    assert not a_nil_is_live(p)
    for seed in range(3):
        evidence = judge(p, salt=str(seed))
        assert evidence is not None
        assert evidence.as_good(Card.parse("3H"))
        assert abs(evidence.points[Card.parse("TH")] - evidence.points[Card.parse("3H")]) < 15


def test_every_decision_with_a_live_nil_is_judged_in_points() -> None:
    r = Round(deal(74), dealer="W")
    for seat, bid in zip("NESW", (0, 4, 4, 3)):
        r.bid(seat, bid)
    judged = 0
    while r.tricks_won[Seat.N] == 0 and len(r.played) < 24:
        p = Position.from_round(r)
        if len(p.legal) > 1:
            evidence = judge(p, salt=str(judged))
            assert evidence is not None and set(evidence.points) == set(p.legal)
            assert evidence.as_good(evidence.best) and evidence.cost(evidence.best) == 0
            judged += 1
        r.play(p.seat, suggest_play(p).card)
    assert judged >= 6


def test_two_player_spades_gets_no_judgement_rather_than_a_made_up_one() -> None:
    d = deal(8)
    two = Round(Deal({"N": d["N"], "S": d["S"]}, dealer="N"), dealer="N", rules=Rules(players=2))
    play_round(two, {Seat.N: MediumBot(), Seat.S: MediumBot()})
    replay = two.restarted()
    asked = 0
    for event in two.history:
        if isinstance(event, PlayEvent):
            p = Position.from_round(replay)
            if len(p.legal) > 1:
                assert judge(p) is None  # the solver plays four seats only
                asked += 1
        replay.apply(event)
    assert asked
