"""Two-player Spades counts with values of its own, measured on two-player deals
(``benchmarks/two_player_values.py``), and the draw advisor values cards by them
(issue 18 §3.6)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from spades_teach import Card, Rules
from spades_teach.advice.bidding import ITEM_VALUES, BidAdvice, count_hand
from spades_teach.advice.bidding import advise_bid as checked_advice
from spades_teach.advice.bots import advise_draw
from spades_teach.advice.two_player_values import (
    DRAW_VALUES,
    TWO_PLAYER_ITEM_VALUES,
    TWO_PLAYER_SAFETY_MARGIN,
    draw_value,
)


def advise_bid(*args: Any, **kwargs: Any) -> BidAdvice:
    """The count's advice alone (no check on played-out deals): these tests are about the count."""
    return checked_advice(*args, samples=0, **kwargs)


STUDY = Path(__file__).resolve().parents[1] / "benchmarks" / "two_player_values.json"
RULES = Rules(players=2)


def test_the_tables_are_the_study_s_figures() -> None:
    study = json.loads(STUDY.read_text(encoding="utf-8"))
    assert dict(TWO_PLAYER_ITEM_VALUES) == study["count_values"]
    assert dict(DRAW_VALUES) == study["draw_values"]
    assert TWO_PLAYER_SAFETY_MARGIN == study["safety_margin"]
    assert study["mean_tricks"] == 6.5  # 13 tricks shared by two players
    # the two-player count is the better estimate of the tricks a two-player hand takes
    check = study["check"]
    assert abs(check["two-player count"]["mean_error"]) < abs(check["four-player count"]["mean_error"])
    assert check["two-player count"]["mean_abs_error"] < check["four-player count"]["mean_abs_error"]


def test_two_player_hands_are_counted_with_two_player_values() -> None:
    assert set(TWO_PLAYER_ITEM_VALUES) == set(ITEM_VALUES)
    assert TWO_PLAYER_ITEM_VALUES != ITEM_VALUES
    hand = "K9754.K3.A.AKT97"  # North's hand in chapter 11 (deal 2026)
    two = {r.cards: r.value for r in count_hand(hand, players=2)}
    four = {r.cards: r.value for r in count_hand(hand, players=4)}
    assert two != four
    assert sum(two.values()) == pytest.approx(
        sum(r.value for r in count_hand(hand, players=2, values=TWO_PLAYER_ITEM_VALUES))
    )
    assert advise_bid(hand, seat="N", rules=RULES).estimate == pytest.approx(sum(two.values()))
    assert advise_bid(hand, seat="N").estimate == pytest.approx(sum(four.values()))


def test_draw_values_rise_with_rank() -> None:
    spades = [draw_value(Card(rank, "S")) for rank in "23456789TJQKA"]
    sides = [draw_value(Card(rank, "H")) for rank in "23456789TJQKA"]
    assert spades == sorted(spades) and sides == sorted(sides)
    assert draw_value(Card("Q", "S")) > draw_value(Card("7", "S")) > draw_value(Card("A", "D"))


def test_the_draw_keeps_the_queen_of_spades() -> None:
    """Chapter 11 (deal 2026): South saw the Q♠ first and the advisor threw it away,
    while North kept the 7♠ and 4♠."""
    advice = advise_draw("QS", "-.-.-.-", rules=RULES)
    assert advice.keep, advice.reason
    assert "Q♠" in advice.reason and f"{DRAW_VALUES['Q♠']:.2f}" in advice.reason


def test_the_draw_on_the_old_examples() -> None:
    assert advise_draw("AS", "K2.Q3..", rules=RULES).keep
    assert not advise_draw("3D", "AK.KQ.A.", rules=RULES).keep
    assert advise_draw("3D", "AK.KQ.A.", rules=RULES, must_keep=True).keep


def test_chapter_eleven_draw_and_bids_with_two_player_values() -> None:
    """Chapter 11's deal (cut and draw 2026, both players following the advice): South
    keeps the Q♠ now, and the bids are 6 and 5 for 13 tricks, where the four-player
    values bid 6 and 3 (and the players took 13 with 4 bags)."""
    from spades_teach import Draw, Position, Round, cut
    from spades_teach.advice.play import suggest_play

    draw = Draw(2026, first=cut(2026).first, rules=RULES)
    seen = []
    while not draw.is_complete:
        seat = draw.to_act
        assert draw.top is not None
        advice = advise_draw(draw.top, draw.hands[seat], draw.discards[seat], rules=RULES)
        seen.append((seat.name, str(draw.top), advice.keep))
        draw.keep() if advice.keep else draw.discard()
    assert seen[:6] == [
        ("N", "JH", False),
        ("S", "3D", False),
        ("N", "7S", True),
        ("S", "QS", True),
        ("N", "4S", True),
        ("S", "6D", False),
    ]
    hands = draw.deal()
    assert (str(hands["N"]), str(hands["S"])) == ("K9754.K3.AQ.AT97", "AQJ62.AT4.T75.J3")
    game = Round(hands, rules=RULES)
    estimates = {}
    while game.phase == "bidding":
        seat = game.to_act
        assert seat is not None
        bid = advise_bid(game.hand(seat), seat=seat, rules=RULES)
        estimates[seat.name] = bid.estimate
        game.bid(seat, bid.bid)
    assert estimates == {"N": 7.0, "S": 5.75}
    assert (int(game.bids["N"]), int(game.bids["S"])) == (6, 5)
    while not game.is_complete:
        game.play(game.to_act, suggest_play(Position.from_round(game)).card)
    assert (game.tricks_won["N"], game.tricks_won["S"]) == (7, 6)
    assert (game.score().points["N"], game.score().points["S"]) == (61, 51)
