"""The daily challenge at the card table: "Compare with the expert" (TableGame, no browser)."""

from __future__ import annotations

from spades_teach import Card, Deal, Round, Seat
from spades_teach.advice.levels import seated_bot
from spades_teach.advice.position import Position
from spades_teach.analysis.challenge import compare_with_expert
from spades_teach.game.round import BidEvent
from spades_teach.widgets.table_game import TableGame


def finish_hand(g: TableGame) -> None:
    """South bids the first bid above Nil and plays its first legal card each time."""
    while g.phase in ("bidding", "play"):
        view = g.state()
        if g.phase == "bidding":
            g.act({"action": "bid", "bid": view["bid_choices"][3][1]})
        else:
            g.act({"action": "play", "card": next(c["code"] for c in view["hand"] if c["legal"])})
        assert g.message == "", g.message


def test_the_table_seats_the_bots_the_challenge_compares_against() -> None:
    g = TableGame(daily=True, level="easy", pause=0)
    finish_hand(g)
    r = g.round
    assert r is not None
    # the same hand, replayed with the challenge's seated bots in the other seats, is the hand played
    bots = {s: seated_bot("easy", f"day/{g.code}", s) for s in (Seat.N, Seat.E, Seat.W)}
    again = Round(r.deal, dealer=r.deal.dealer, rules=r.rules)
    for event in r.history:
        if event.seat is not Seat.S:
            position = Position.from_round(again)
            bot = bots[event.seat]
            if isinstance(event, BidEvent):
                assert again.legal_bids() and str(bot.choose_bid(position)) == str(event.bid)
            else:
                assert Card.parse(bot.choose_play(position)) == event.card
        again.apply(event)


def test_compare_with_the_expert_after_the_deal_of_the_day() -> None:
    g = TableGame(daily=True, level="easy", pause=0)
    assert g.state()["can_compare"] is False  # not before the hand is over
    g.act({"action": "compare"})
    assert "once the hand is over" in g.message and g.state()["comparison"] is None
    finish_hand(g)
    assert g.state()["can_compare"] is True
    g.act({"action": "set", "name": "level", "value": "hard"})  # the bots of this hand stay easy
    busy_seen: list[str] = []
    g.on_change = lambda: busy_seen.append(g.busy)
    g.act({"action": "compare"})
    assert g.round is not None
    expected = compare_with_expert(g.round, seat="S", level="easy", seed=f"day/{g.code}")
    shown = g.state()["comparison"]
    assert shown["summary"] == expected.summary()
    assert shown["differences"] == [str(d) for d in expected.differences]
    assert shown["summary"].startswith("you scored ")
    assert busy_seen[0].startswith("the expert is playing") and g.busy == ""
    g.act({"action": "replay"})  # a new hand: the old comparison goes
    assert g.state()["comparison"] is None and g.state()["can_compare"] is False


def test_a_deal_code_is_offered_the_comparison_but_a_random_game_is_not() -> None:
    code = Deal.of_the_day("2026-01-02").code
    g = TableGame(deal=code, level="easy", pause=0)
    finish_hand(g)
    assert g.state()["can_compare"] is True
    g.act({"action": "new"})
    finish_hand(g)
    assert g.state()["can_compare"] is False
    g.act({"action": "compare"})
    assert "deal of the day or a deal played from its code" in g.message
    assert g.state()["comparison"] is None
