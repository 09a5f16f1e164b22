"""Bidding to the score at the end of a match (issue 18, §3 item 12): never "play safe and bid low"
because the side is ahead; bid what wins the match, or what stops the opponents' route to the target."""

from __future__ import annotations

from typing import Any

from spades_teach import Rules, score_round
from spades_teach.advice.bidding import BidAdvice as BidAdviceResult
from spades_teach.advice.bidding import advise_bid as checked_advice


def advise_bid(*args: Any, **kwargs: Any) -> BidAdviceResult:
    """The count's advice alone (no check on played-out deals): these tests are about the count."""
    return checked_advice(*args, samples=0, **kwargs)


HAND = "AKQ3.K52.7.A9842"  # counts 5.25: bid 5 on an empty score sheet


def test_the_old_advice_is_gone() -> None:
    a = advise_bid(HAND, seat="S", bids={"W": 2, "N": 4, "E": 3}, scores={"NS": 470, "EW": 200})
    assert not any("play safe and bid low" in note for note in a.context)


def test_ahead_near_the_target_bids_just_enough_to_win() -> None:
    a = advise_bid(HAND, seat="S", bids={"W": 2, "N": 4, "E": 3}, scores={"NS": 470, "EW": 200})
    assert int(a.bid) == 1
    assert a.context == ("5 between you reaches 500: bid to the score, 1 is enough to win the match and safer than 5",)
    # Making 1 + 4 with the count's 4 overtricks as bags does reach the target.
    s = score_round({"N": 4, "E": 3, "S": 1, "W": 2}, {"N": 4, "E": 3, "S": 5, "W": 1}, rules=Rules())
    assert 470 + s.points["NS"] >= 500


def test_bags_close_to_the_limit_raise_the_bid_that_is_enough() -> None:
    a = advise_bid(HAND, seat="S", bids={"W": 2, "N": 4, "E": 3}, scores={"NS": 470, "EW": 200}, bags={"NS": 8})
    # 1, 2 or 3 would leave 4, 3 or 2 overtricks: the tenth bag costs 100 and the side stays short of 500.
    assert int(a.bid) == 4
    s = score_round({"N": 4, "E": 3, "S": 4, "W": 2}, {"N": 4, "E": 3, "S": 5, "W": 1}, bags={"NS": 8})
    assert 470 + s.points["NS"] >= 500 and s.bags["NS"] == 9


def test_the_opponents_route_to_the_target_is_stopped_by_the_bid() -> None:
    # East-West bid 7 from 460: making it takes them to 530. North bid 1: South bids 6, so that
    # North-South's 7 tricks leave East-West 6, one short.
    a = advise_bid(HAND, seat="S", bids={"W": 3, "N": 1, "E": 4}, scores={"NS": 300, "EW": 460})
    assert int(a.bid) == 6
    assert a.context == (
        "the opponents reach 500 if they make their bid (460 + 7 bid × 10 = 530): bid to the score, 6, "
        "so that your side's 7 tricks leave them short; only a set stops them",
    )
    plain = advise_bid(HAND, seat="S", bids={"W": 3, "N": 1, "E": 4})
    assert int(plain.bid) == 5


def test_out_of_reach_the_advice_is_to_fight_not_to_stay_low() -> None:
    a = advise_bid(HAND, seat="N", bids={"W": 3, "E": 4}, scores={"NS": 300, "EW": 460})
    assert int(a.bid) == 5
    assert "fight for every trick" in a.context[-1] and "scarce" not in " ".join(a.context)


def test_far_from_the_target_nothing_changes() -> None:
    a = advise_bid(HAND, seat="S", bids={"W": 2, "N": 4, "E": 3}, scores={"NS": 100, "EW": 120})
    assert int(a.bid) == int(advise_bid(HAND, seat="S", bids={"W": 2, "N": 4, "E": 3}).bid)


# -- issue 27: when both sides can pass the target, the higher score wins (the match's own rule) ----------


def test_both_sides_past_the_target_out_scoring_wins_not_only_a_set() -> None:
    # East-West make 2 and reach exactly 500; North-South making 4 + 4 reach 530, the higher score.
    a = advise_bid("AK83.Q74.A62.J95", seat="S", bids={"W": 1, "N": 4, "E": 1}, scores={"NS": 450, "EW": 480})
    assert a.bid == 4
    assert a.context == (
        "the opponents reach 500 if they make their bid (480 + 2 bid × 10 = 500), but making your count brings "
        "your side to 530: when both sides pass 500 the higher score wins, so bid your count, 4: out-scoring "
        "them wins the match as well as a set",
    )
    assert not any("only a set stops them" in note for note in a.context)


def test_only_a_set_stops_them_when_your_count_cannot_out_score_them() -> None:
    a = advise_bid("AK83.Q74.A62.J95", seat="S", bids={"W": 2, "N": 3, "E": 2}, scores={"NS": 300, "EW": 480})
    assert a.bid == 4
    assert a.context == (
        "the opponents reach 500 if they make their bid (480 + 4 bid × 10 = 520) and making your count does not "
        "put your side ahead of them: bid your count and fight for every trick, since only a set stops them",
    )


def test_bid_down_to_the_set_threshold_when_the_count_is_above_it() -> None:
    # Six tricks set East-West's 8: bidding 3 (contract 6) is enough; a fourth trick bid only adds set risk.
    a = advise_bid("AK83.Q74.A62.J95", seat="S", bids={"W": 4, "N": 3, "E": 4}, scores={"NS": 300, "EW": 450})
    assert a.bid == 3 and a.estimate == 4.5
    assert a.context == (
        "the opponents reach 500 if they make their bid (450 + 8 bid × 10 = 530): bid to the score, 3, so that "
        "your side's 6 tricks leave them short; only a set stops them",
    )
