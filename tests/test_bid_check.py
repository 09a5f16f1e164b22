"""One valuation of a bid: the count's bid checked on deals played out at the table, at match value,
and the advice, the *Simulate* study and the words saying the same number."""

from __future__ import annotations

import pytest

from spades_teach.advice.bid_trial import BidValues, TrialSpec, dealer_for, trial_values
from spades_teach.advice.bidding import advise_bid
from spades_teach.advice.bot_bidding import bid_advice
from spades_teach.advice.position import Position
from spades_teach.analysis import SerialExecutor, analyze_hand
from spades_teach.game.bids import Bid
from spades_teach.game.match import hand_match_value, match_stake
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import score_round
from spades_teach.game.seating import Seat
from spades_teach.i18n import language

#: The reviewer's hand: the count says 5.25.
HAND = "AS KS 7S 3S AH QH 5H KD 9D 4D 8C 6C 2C"


@pytest.mark.parametrize("table", [{}, {"bids": {"N": 4}}, {"bids": {"N": 0}}, {"bags": {"NS": 8}}])
def test_the_advice_is_the_best_bid_of_the_simulation_on_the_same_page(table: dict[str, object]) -> None:
    advice = advise_bid(HAND, seat="S", **table)  # type: ignore[arg-type]
    assert advice.check is not None
    study = analyze_hand(
        HAND,
        seat="S",
        dealer=advice.dealer,
        samples=200,
        executor=SerialExecutor(),
        **table,  # type: ignore[arg-type]
    )
    numbered = {b: v for b, v in study.expected_scores.items() if b >= 1}
    best = max(numbered, key=lambda b: (numbered[b], -b))
    assert all(abs(advice.check.means[b] - numbered[b]) < 1e-9 for b in numbered)
    assert advice.check.best == best
    sure = sum(1 for r in advice.reasons if r.sure)
    assert int(advice.bid) == best or (best < int(advice.bid) == sure and advice.check.close_to_best(sure))


def test_a_partner_bid_of_4_brings_the_bid_down_from_the_count() -> None:
    """Before, the partner's 4 changed nothing: bid 5 (count 5.25); the side's 9 is made about two
    times in three, its 8 nearly nine times in ten."""
    advice = advise_bid(HAND, seat="S", bids={"N": 4})
    assert advice.counted == 5
    assert advice.bid == Bid(4)
    assert "4 scored clearly more than 5" in advice.context[-1]
    assert "but bid 4 rather than 5" in advice.summary


def test_the_table_changes_the_number_where_the_tricks_run_out() -> None:
    first = advise_bid(HAND, seat="S")
    fourth = advise_bid(HAND, seat="S", bids={"W": 4, "N": 4, "E": 3})
    assert int(fourth.bid) < int(first.bid)
    assert fourth.dealer is Seat.S and first.dealer is Seat.E


def test_a_close_call_never_bids_below_the_sure_tricks() -> None:
    """The deals rate 3 a little higher than 4 with A K Q J of spades (the partner's count can fall
    short), but cannot tell them apart: the four sure tricks are bid."""
    advice = advise_bid("AKQJ.732.8643.52")
    assert advice.check is not None and advice.check.best == 3 and advice.check.close_to_best(4)
    assert advice.bid == Bid(4)
    assert advice.context[-1].endswith("a close call, so bid your 4 sure tricks")


def test_a_close_call_is_called_one() -> None:
    advice = advise_bid(HAND, seat="S")
    assert advice.check is not None and advice.check.close
    assert advice.context[-1].endswith("a close call")


def test_the_count_alone_is_what_the_bots_bid() -> None:
    counted = advise_bid(HAND, seat="S", bids={"N": 4}, samples=0)
    assert counted.check is None and counted.bid == Bid(5)
    position = Position("S", HAND, bids={Seat.N: Bid(4)}, tricks_won={}, rules=Rules())
    assert bid_advice(position).check is None


def test_nil_advice_is_not_checked_by_numbers() -> None:
    advice = advise_bid("3.J962.T8742.Q84")
    assert advice.bid.is_nil and advice.check is None


def test_the_check_speaks_french() -> None:
    with language("fr"):
        advice = advise_bid(HAND, seat="S", bids={"N": 4})
    assert advice.context[-1].startswith("sur 200 donnes à cette table")


def test_a_bag_costs_its_share_of_the_penalty_and_the_match_its_target() -> None:
    made_with_two_bags = score_round({"N": 4, "S": 3, "E": 2, "W": 2}, {"N": 5, "S": 4, "E": 2, "W": 2})
    assert hand_match_value("NS", made_with_two_bags) == 72 - 2 * 10
    # EW at 480 make their 4: they pass 500 and NS (at 300) lose the match.
    assert hand_match_value("NS", made_with_two_bags, {"NS": 300, "EW": 480}) == -match_stake() == -500
    assert hand_match_value("EW", made_with_two_bags, {"NS": 300, "EW": 480}) == 500  # the points no longer count


def test_dealer_follows_the_bids_made() -> None:
    assert dealer_for(Seat.S, []) is Seat.E
    assert dealer_for(Seat.S, [Seat.E]) is Seat.N
    assert dealer_for(Seat.S, [Seat.N]) is Seat.W  # East's bid not known yet
    assert dealer_for(Seat.N, [Seat.E, Seat.S, Seat.W]) is Seat.N


def test_the_trial_values_every_numbered_bid_with_intervals() -> None:
    spec = TrialSpec.for_table(HAND, seat="S", bids={"N": 3}, rules=Rules(min_team_bid=4))
    values = trial_values(spec, samples=12, lowest=2)
    assert isinstance(values, BidValues)
    assert sorted(values.means) == list(range(2, 14))
    assert values.close_to_best(values.best)
    assert 0.0 <= values.make[values.best] <= 1.0


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(min_team_bid=4), Rules(nil=False), Rules(first_lead="two_of_clubs", spade_lead_breaks=True)],
    ids=["standard", "team minimum", "no Nil", "2♣ lead"],
)
def test_the_checked_bid_is_legal_at_every_seat(rules: Rules) -> None:
    """The check may move the count's number: the number it gives is still one the table accepts."""
    from spades_teach.game.deals import deal
    from spades_teach.game.round import Round

    for seed in range(3):
        r = Round(deal(seed), dealer="N", rules=rules, scores={"NS": 200, "EW": 260})
        while r.phase == "bidding":
            seat = r.to_act
            assert seat is not None
            advice = advise_bid(r.hand(seat), seat=seat, bids=r.bids, scores=r.scores_before, rules=rules, samples=30)
            assert r.can_bid(seat, advice.bid), advice
            r.bid(seat, advice.bid)
