"""The bid advice reads the bids already made (an opponent's Nil, a partner's Nil at the fourth seat)
and settles a borderline Nil by trying it at the table (``advice.nil_trial``), the one Nil simulation
the drills use too."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from spades_teach.advice.bidding import BidAdvice, assess_nil, count_hand
from spades_teach.advice.bidding import advise_bid as checked_advice
from spades_teach.advice.nil_check import nil_borderline, nil_risk
from spades_teach.advice.nil_trial import ADVICE_NIL_SAMPLES, NIL_TRIAL_HOLDS, nil_trial
from spades_teach.analysis import drills
from spades_teach.errors import SpadesError
from spades_teach.game.cards import Hand
from spades_teach.game.rules import Rules


def advise_bid(*args: Any, **kwargs: Any) -> BidAdvice:
    """The count's advice alone (no check on played-out deals): these tests are about the count."""
    return checked_advice(*args, samples=0, **kwargs)


#: The review's hand (../shared/reviews/content.md, chapter 9): T-9-2 of spades, nothing above a 7 outside.
REVIEWED = "T92.6543.7542.83"


def _hands(seed: int, count: int) -> list[Hand]:
    rng = random.Random(seed)
    return [Hand.from_mask(sum(1 << i for i in rng.sample(range(52), 13))) for _ in range(count)]


def _count(hand: Hand) -> float:
    return sum(item.value for item in count_hand(hand))


def test_the_reviewed_ten_nine_two_nil_is_bid_nil_because_its_trial_holds() -> None:
    assert not assess_nil(REVIEWED).fits and nil_borderline(REVIEWED)
    advice = advise_bid(REVIEWED)
    trial = nil_trial(REVIEWED, samples=ADVICE_NIL_SAMPLES)
    assert advice.trial == trial and trial.share >= NIL_TRIAL_HOLDS
    assert advice.bid.is_nil
    assert f"tried on {trial.samples} deals, the Nil held on {trial.held}" in advice.summary


def test_a_borderline_nil_is_bid_exactly_when_its_trial_holds_often_enough() -> None:
    seen = {True: 0, False: 0}
    for hand in _hands(3, 1500):
        if _count(hand) >= 2.5 or not nil_borderline(hand):
            continue
        advice = advise_bid(hand)
        assert advice.trial is not None, str(hand)
        held = advice.trial.share >= NIL_TRIAL_HOLDS
        assert advice.bid.is_nil == held, (str(hand), advice.trial)
        if not held:
            assert f"the Nil held on only {advice.trial.held}" in advice.summary
        seen[held] += 1
    assert seen[True] >= 3 and seen[False] >= 3, seen  # both verdicts occur among ordinary hands


def test_a_card_that_wins_on_its_own_is_never_tried_away() -> None:
    for text in ("A52.8643.T742.95", "Q52.8643.T742.95", "52.A643.8742.953", "532.K6.87542.953"):
        assert not nil_borderline(text), text
        advice = advise_bid(text)
        assert advice.trial is None and not advice.bid.is_nil, text


def test_the_weight_alone_is_the_assessments_risk() -> None:
    for hand in _hands(4, 400):
        assert nil_risk(hand) == assess_nil(hand).risk, str(hand)


def test_the_drills_nil_figure_is_the_advices_trial() -> None:
    held, samples = drills.nil_success(REVIEWED, 2, samples=12)
    assert (held, samples) == tuple(nil_trial(REVIEWED, samples=12, seed=2))


def test_a_nil_is_tried_only_with_thirteen_cards_at_a_table_of_four() -> None:
    with pytest.raises(SpadesError, match="13 cards"):
        nil_trial("T92.6543.7542.")
    with pytest.raises(SpadesError, match="two-player"):
        nil_trial(REVIEWED, rules=Rules(players=2))
    with pytest.raises(SpadesError, match="at least one deal"):
        nil_trial(REVIEWED, samples=0)


def test_an_opponents_nil_keeps_the_bid_to_the_count() -> None:
    """West (an opponent) bid Nil: the three others' small total is no reason to round up, since the
    tricks the Nil bidder refuses are the ones both sides fight over, and setting it costs tricks."""
    checked = 0
    for hand in _hands(5, 400):
        estimate = _count(hand)
        if not 2.5 <= estimate < 6 or estimate % 1 < 0.5:
            continue
        against_nil = advise_bid(hand, bids={"W": 0, "N": 2, "E": 1})
        against_one = advise_bid(hand, bids={"W": 1, "N": 2, "E": 1})
        assert int(against_nil.bid) == math.floor(estimate), str(hand)
        assert any("an opponent bid Nil" in note for note in against_nil.context)
        assert not any("tricks will be left over" in note for note in against_nil.context)
        assert int(against_one.bid) == math.floor(estimate) + 1  # the same total with a bid of 1 rounds up
        near_bags = advise_bid(hand, bids={"E": 0}, bags={"NS": 8})
        assert int(near_bags.bid) == math.floor(estimate), str(hand)
        checked += 1
    assert checked >= 20


def test_a_partners_nil_at_the_fourth_seat_is_counted_once() -> None:
    """The fourth seat whose partner bid Nil rounds up once for the Nil, not again for the table's
    total, which the Nil's zero makes small."""
    checked = 0
    for hand in _hands(6, 400):
        estimate = _count(hand)
        if estimate < 2.5 or not 0 < estimate % 1 < 0.5:
            continue
        advice = advise_bid(hand, bids={"W": 2, "N": 0, "E": 2})
        assert int(advice.bid) == math.floor(estimate + 0.5), (str(hand), estimate)
        assert [note for note in advice.context if "partner bid Nil" in note] == list(advice.context)
        checked += 1
    assert checked >= 20


def test_the_advisor_page_says_a_close_call_as_the_advice_settled_it() -> None:
    from spades_teach.widgets import BidAdvisorView

    view = BidAdvisorView(REVIEWED)
    trial = advise_bid(REVIEWED).trial
    assert trial is not None
    assert view.nil_text.startswith("Nil is a close call for this hand: ")
    assert f"on {trial.samples} deals the Nil held on {trial.held}" in view.nil_text
    assert "does not fit" not in view.nil_text
