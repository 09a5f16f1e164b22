"""Hand analysis by simulation: `spades_teach.analysis.simulate.analyze_hand`."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from spades_teach.analysis.parallel import MIN_POOL_TASKS, SerialExecutor
from spades_teach.analysis.simulate import CHUNK, HandAnalysis, SampleOutcome, analyze_hand
from spades_teach.errors import SpadesError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Hand, Seat
from spades_teach.game.match import hand_match_value
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import score_round

MIDDLING = "AK52.K52.Q73.A94"
STRONG = "AKQJ.AK.AK.AKQJ2"
WEAK = "2.5432.5432.5432"


@pytest.fixture(scope="module")
def middling() -> HandAnalysis:
    return analyze_hand(MIDDLING, samples=24, seed=5)


def test_same_seed_same_result_and_another_seed_differs(middling: HandAnalysis) -> None:
    again = analyze_hand(MIDDLING, samples=24, seed=5)
    assert again == middling
    other = analyze_hand(MIDDLING, samples=24, seed=6)
    assert other.outcomes != middling.outcomes


def test_a_process_pool_gives_the_serial_result() -> None:
    serial = analyze_hand(MIDDLING, samples=12, seed=3, method="playout", executor=SerialExecutor())
    seen: list[tuple[int, int]] = []
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = analyze_hand(
            MIDDLING, samples=12, seed=3, executor=pool, progress=lambda done, total: seen.append((done, total))
        )
    assert pooled == serial
    assert seen[-1] == (12, 12) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_the_default_runs_on_the_local_cores_and_gives_the_inline_result() -> None:
    samples = CHUNK * MIN_POOL_TASKS  # enough tasks for the shared local pool
    inline = analyze_hand(WEAK, samples=samples, seed=9, executor=SerialExecutor())
    seen: list[tuple[int, int]] = []
    default = analyze_hand(WEAK, samples=samples, seed=9, progress=lambda done, total: seen.append((done, total)))
    assert default == inline
    assert seen == [(done, samples) for done in range(CHUNK, samples + 1, CHUNK)]


def test_double_dummy_in_a_process_pool_gives_the_serial_result() -> None:
    serial = analyze_hand(STRONG, samples=3, seed=1, method="double_dummy", executor=SerialExecutor())
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = analyze_hand(STRONG, samples=3, seed=1, method="double_dummy", executor=pool)
    assert pooled == serial


def test_expected_scores_are_the_sampled_tricks_at_match_value(middling: HandAnalysis) -> None:
    """Each bid's value is the side's points with each bag left on the counter charged 10, and a
    hand that ends the match (here: a set below the loss limit) charged the target
    (``hand_match_value`` at 0 to 0), from ``score_round`` of the sample's four seats."""
    me, partner = Seat.S, Seat.N
    bags = {"NS": 8}
    a = analyze_hand(MIDDLING, samples=24, seed=5, bags=bags)
    assert a.outcomes == middling.outcomes
    for bid, mean in a.expected_scores.items():
        points = []
        for o in a.outcomes:
            assert o.seat_tricks is not None
            result = score_round(
                {me: bid, partner: o.partner_bid, Seat.E: o.their_bids[0], Seat.W: o.their_bids[1]},
                {
                    me: o.seat_tricks,
                    partner: o.side_tricks - o.seat_tricks,
                    Seat.E: o.their_tricks[0],
                    Seat.W: o.their_tricks[1],
                },
                bags=bags,
            )
            points.append(hand_match_value("NS", result, {"NS": 0, "EW": 0}))
        assert mean == pytest.approx(sum(points) / len(points))
    # eight bags carried in: overtricks now cost the bag penalty, so low bids lose value
    assert a.expected_scores[1] < middling.expected_scores[1]


def test_distributions_and_probabilities_come_from_the_outcomes(middling: HandAnalysis) -> None:
    n = middling.samples
    assert n == len(middling.outcomes) == 24
    assert sum(middling.side_tricks.values()) == n == sum(middling.seat_tricks.values())
    for tricks, count in middling.side_tricks.items():
        assert count == sum(1 for o in middling.outcomes if o.side_tricks == tricks)
    nil_made = sum(1 for o in middling.outcomes if o.seat_tricks == 0) / n
    assert middling.make_probability[0] == pytest.approx(nil_made)


def test_make_probability_falls_as_the_bid_rises(middling: HandAnalysis) -> None:
    probabilities = [middling.make_probability[b] for b in range(1, 14)]
    assert probabilities == sorted(probabilities, reverse=True)
    assert probabilities[0] > probabilities[-1]


def test_best_bid_and_its_confidence_interval(middling: HandAnalysis) -> None:
    best = middling.best_bid
    assert middling.expected_scores[int(best)] == max(middling.expected_scores.values())
    low, high = middling.best_interval
    assert low <= middling.expected_scores[int(best)] <= high
    assert middling.runner_up is not None and middling.runner_up != best
    margin = middling.expected_scores[int(best)] - middling.expected_scores[int(middling.runner_up)]
    assert middling.margin_interval[0] <= margin <= middling.margin_interval[1]
    assert f"bid {best.label}" in middling.details and "24 bot playouts" in middling.details  # the figures
    assert f"Bid {best.label}: the computer played 24 deals" in middling.summary  # the plain words


def test_a_very_strong_hand_bids_high() -> None:
    a = analyze_hand(STRONG, samples=10)
    assert a.best_bid >= 8
    assert a.make_probability[0] == 0.0


def test_a_very_weak_hand_bids_nil_when_allowed() -> None:
    a = analyze_hand(WEAK, samples=10)
    assert a.best_bid == Bid(0) and not a.best_bid.blind
    without_nil = analyze_hand(WEAK, samples=10, rules=Rules(nil=False))
    assert 0 not in without_nil.expected_scores and without_nil.best_bid >= 1


def test_blind_nil_is_scored_only_when_the_score_allows_it() -> None:
    rules = Rules(blind_nil=True)
    behind = analyze_hand(WEAK, samples=6, rules=rules, scores={"NS": 0, "EW": 150})
    assert behind.blind_nil_score is not None
    assert behind.blind_nil_score > behind.expected_scores[0]  # the same tricks, worth double
    level = analyze_hand(WEAK, samples=6, rules=rules)
    assert level.blind_nil_score is None


def test_double_dummy_counts_side_tricks_and_nil() -> None:
    a = analyze_hand(STRONG, samples=3, method="double_dummy")
    assert a.method == "double_dummy"
    assert all(o.side_tricks >= 11 for o in a.outcomes)
    assert all(o.seat_tricks == 1 for o in a.outcomes)  # this hand can never duck every trick
    assert "double-dummy" in a.details and "every card in view" in a.summary


def test_a_nil_bid_already_made_biases_the_deal() -> None:
    a = analyze_hand(MIDDLING.replace("AK52", "Q52").replace("A94", "A943"), samples=1, bids={"N": "nil"})
    assert a.outcomes[0].partner_bid == Bid(0)
    assert isinstance(a.outcomes[0], SampleOutcome)


def test_sampled_deals_respect_a_nil_bidder(monkeypatch: pytest.MonkeyPatch) -> None:
    from spades_teach.advice import bid_trial

    dealt = []
    original = bid_trial.sample_deal

    def spy(spec: object, rng: object) -> object:
        deal = original(spec, rng)  # type: ignore[arg-type]
        dealt.append(deal)
        return deal

    monkeypatch.setattr(bid_trial, "sample_deal", spy)
    analyze_hand("Q52.K52.Q73.A943", samples=8, bids={"E": "nil"}, dealer="N")
    assert len(dealt) == 8
    assert all(deal[Seat.S] == Hand.parse("Q52.K52.Q73.A943") for deal in dealt)


def test_a_nil_bidder_s_sampled_hand_follows_the_one_nil_fit_rule() -> None:
    """The simulation keeps a Nil bidder's hand with the chance the judge's deals give it
    (:func:`~spades_teach.advice.sampling.nil_fit`): South holds the A♣ and the Q♠, so East can hold
    four dangerous cards (A♠, K♠, A♥, A♦). Dealt blind, about 82% of East's hands hold one; kept by
    the rule, about a third."""
    from spades_teach.advice.bid_trial import TrialSpec, sample_deal
    from spades_teach.advice.sampling import NIL_DANGER

    spec = TrialSpec(
        Hand.parse("Q52.K52.Q73.A943").mask, Seat.S, Seat.N, ((Seat.E, Bid(0)),), Rules(), (), "playout", 1
    )
    rng = random.Random(7)
    hands = [sample_deal(spec, rng)[Seat.E].mask for _ in range(400)]
    dangerous = sum(1 for mask in hands if mask & NIL_DANGER) / len(hands)
    assert 0.2 < dangerous < 0.5
    blind = TrialSpec(
        Hand.parse("Q52.K52.Q73.A943").mask, Seat.S, Seat.N, ((Seat.E, Bid(0, blind=True)),), Rules(), (), "playout", 1
    )
    unbiased = [sample_deal(blind, rng)[Seat.E].mask for _ in range(400)]
    assert sum(1 for mask in unbiased if mask & NIL_DANGER) / len(unbiased) > 0.7  # a blind Nil tells nothing


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hand": "AKQ.K52.Q73.A94"}, "holds 12 cards; a hand at the start has 13"),
        ({"samples": 0}, "samples must be a whole number of 1 or more, got 0"),
        ({"samples": -5}, "got -5"),
        ({"method": "guess"}, "unknown method 'guess'"),
        ({"bids": {"S": 3}}, "the seat being analysed"),
        ({"bids": {"W": 3}}, "West bids after South when West deals"),
        ({"bids": {"N": "blind nil"}}, "blind nil"),
        ({"bids": {"N": 14}}, "out of range"),
        ({"seat": "X"}, "X"),
        ({"rules": Rules(players=2)}, "four-player"),
        ({"bags": {"NS": -1}}, "bags carried in for NS must be a whole number 0-9"),
        ({"scores": {"XY": 10}}, "XY"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"hand": MIDDLING, "samples": 2}
    args.update(kwargs)
    hand = args.pop("hand")
    with pytest.raises(SpadesError, match=message.replace("(", r"\(")):
        analyze_hand(hand, **args)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", [Rules(), Rules(first_lead="two_of_clubs", spade_lead_breaks=True)])
def test_the_fast_playout_plays_exactly_like_medium_bots(rules: Rules) -> None:
    from spades_teach.advice.bid_trial import TrialSpec, bid_round, play_out_sample
    from spades_teach.advice.bots import MediumBot, play_round
    from spades_teach.game.deals import deal as make_deal
    from spades_teach.game.round import Round

    for number in range(6):
        the_deal = make_deal(number, dealer="W")
        spec = TrialSpec(the_deal[Seat.S].mask, Seat.S, Seat.W, (), rules, (("NS", 0), ("EW", 120)), "playout", 0)
        bid_only = bid_round(spec, the_deal)
        fast = play_out_sample(the_deal, bid_only, spec)
        same_bids = Round(the_deal, dealer="W", rules=rules, scores={"NS": 0, "EW": 120})
        for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
            same_bids.bid(seat, bid_only.bids[seat])
        full = play_round(same_bids, {s: MediumBot() for s in Seat})
        assert fast == [full.tricks_won[s] for s in Seat]
