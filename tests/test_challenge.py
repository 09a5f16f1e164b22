"""The daily challenge: the learner's hand against the expert's on the same cards."""

from __future__ import annotations

import pytest

from spades_teach import Deal, IllegalActionError, ParseError
from spades_teach.advice.driver import play_hand
from spades_teach.analysis.challenge import challenge_deal, challenge_round, compare_with_expert, seated_bot
from spades_teach.game.round import BidEvent, PlayEvent


class LowestCard:
    """A learner who bids 1 and always plays the lowest legal card: easy to tell from the expert."""

    def choose_bid(self, position):  # type: ignore[no-untyped-def]
        return 1

    def choose_play(self, position):  # type: ignore[no-untyped-def]
        return min(position.legal, key=lambda card: (card.rank, card.suit))


def _played(code: str, seed: str) -> object:
    yours = challenge_round(code, seat="S")
    bots = {seat: seated_bot("medium", seed, seat) for seat in "NEW"}
    return play_hand(yours, {**bots, "S": LowestCard()})


def test_any_deal_code_or_date_gives_its_deal() -> None:
    day = challenge_deal("2026-12-01")
    assert day == Deal.of_the_day("2026-12-01")
    assert challenge_deal(day.code) == day
    assert challenge_round(day.code).deal == day
    with pytest.raises(ParseError, match="neither a date"):
        challenge_deal("not a code!!")


def test_an_unfinished_hand_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="once the hand is finished"):
        compare_with_expert(challenge_round("2026-12-01"), "S", seed="x")


@pytest.mark.parametrize("code", ["2026-12-01", "2026-12-24"])
def test_the_comparison_scores_both_hands_and_names_each_different_decision(code: str) -> None:
    yours = _played(code, "friends")
    result = compare_with_expert(yours, "S", level="medium", seed="friends")
    assert result.your_points == yours.score().points["NS"]
    assert result.expert_points == result.expert_round.score().points["NS"]
    assert result.expert_round.deal == yours.deal and result.expert_round.is_complete
    # The other seats are the same players: up to South's first decision, both hands are the same.
    first = next(i for i, e in enumerate(yours.history) if e.seat.name == "S")
    assert result.expert_round.history[:first] == yours.history[:first]
    south = [e for e in yours.history if e.seat.name == "S"]
    assert 0 < len(result.differences) <= len(south)
    played = {e.card.pretty for e in south if isinstance(e, PlayEvent)}
    for difference in result.differences:
        assert difference.yours != difference.expert
        assert difference.reason
        if difference.kind == "card":
            assert difference.yours in played and 1 <= difference.trick <= 13
        else:
            assert difference.yours == next(e.bid.label for e in south if isinstance(e, BidEvent))
    lines = result.lines()
    assert lines[0] == result.summary() and len(lines) == 1 + len(result.differences)
    assert result.summary().startswith("you scored ")
