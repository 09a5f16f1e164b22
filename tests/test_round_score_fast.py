"""``Round.score()`` takes the short way to the one scoring formula (its bids and
tricks are legal by construction, so nothing is checked again); ``score_round``
checks what it is given first. Over many random hands and rule sets, with bags
carried in, reneges under the penalty rule and two-player games, both must give
the same score, to the last explanation line.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from spades_teach import Round, Rules, Seat, deal, score_round
from spades_teach.game.round import PureRound
from spades_teach.game.scoring import sides_of
from spades_teach.game.twoplayer import deal_by_drawing

RULE_SETS = {
    "standard": Rules(),
    "renege-penalty": Rules(renege="penalty"),
    "renege-penalty-one": Rules(renege="penalty", renege_penalty=1, bag_limit=5, bag_penalty=50),
    "blind-nil": Rules(blind_nil=True, blind_nil_deficit=0, nil_value=50, blind_nil_value=150),
    "no-nil-minimum": Rules(nil=False, min_team_bid=4),
    "two-player": Rules(players=2),
    "two-player-penalty": Rules(players=2, renege="penalty", blind_nil=True, blind_nil_deficit=0, bag_limit=3),
    "everything": Rules(
        first_lead="two_of_clubs", spade_lead_breaks=True, renege="penalty", blind_nil=True, min_team_bid=4
    ),
}


def random_hand(number: int, rules: Rules, rng: random.Random, kind: type[Any] = Round) -> Any:
    """A finished hand: random legal bids (Nil often), random cards, and under the
    penalty rule a renege now and then (any card of the hand the rules let through)."""
    cards = deal(number) if rules.players == 4 else deal_by_drawing(number, rules=rules)
    dealer = Seat(number % 4) if rules.players == 4 else None
    r = kind(cards, dealer=dealer, rules=rules)
    while (seat := r.to_act) is not None:
        if r.phase == "bidding":
            options = r.legal_bids()
            nils = [b for b in options if b.is_nil]
            pick = rng.choice(nils) if nils and rng.random() < 0.3 else rng.choice(options)
            r.bid(seat, pick)
            continue
        card = rng.choice(list(r.legal_plays()))
        if rules.renege == "penalty" and rng.random() < 0.15:
            other = rng.choice(list(r.hand(seat)))  # a renege when it does not follow suit
            card = other if r.can_play(seat, other) else card
        r.play(seat, card)
    return r


def random_bags(rules: Rules, rng: random.Random) -> dict[Any, int] | None:
    if rng.random() < 0.3:
        return None
    return {side.name: rng.randrange(rules.bag_limit) for side in sides_of(rules)}


def checked_score(r: Any, bags: dict[Any, int] | None) -> Any:
    """The same hand scored the long way, through every check of ``score_round``."""
    reneges = r.renege_counts() if r.rules.renege == "penalty" else None
    return score_round(dict(r.bids), dict(r.tricks_won), bags=bags, rules=r.rules, reneges=reneges)


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_round_score_equals_score_round(name: str) -> None:
    """250 random hands a rule set: the same points, bags, details and lines."""
    rules = RULE_SETS[name]
    rng = random.Random(f"fast-score-{name}")
    reneged = nils = penalties = 0
    for number in range(250):
        r = random_hand(number, rules, rng)
        bags = random_bags(rules, rng)
        fast, slow = r.score(bags), checked_score(r, bags)
        assert fast == slow
        assert fast.lines == slow.lines and fast.explain() == slow.explain()
        assert repr(fast) == repr(slow)
        for side in sides_of(rules):
            assert fast.sides[side].lines == slow.sides[side].lines
            assert repr(fast.sides[side]) == repr(slow.sides[side])
        assert fast.nil_made == slow.nil_made and fast.made == slow.made and fast.penalties == slow.penalties
        reneged += bool(r.reneges)
        nils += any(b.is_nil for b in r.bids.values())
        penalties += any(fast.penalties.values())
    # The hands did reach what they are meant to test.
    if rules.renege == "penalty":
        assert reneged > 20
    if rules.nil:
        assert nils > 20
    assert penalties > 0


def test_the_pure_and_compiled_rounds_score_alike() -> None:
    rng = random.Random(3)
    for number in range(60):
        rules = RULE_SETS["everything"] if number % 2 else RULE_SETS["two-player-penalty"]
        state = rng.getstate()
        fast = random_hand(number, rules, rng)
        rng.setstate(state)
        pure = random_hand(number, rules, rng, PureRound)
        assert fast.history == pure.history
        assert fast.score() == pure.score() and fast.score().lines == pure.score().lines


def test_the_lines_are_written_once_and_travel_with_the_score() -> None:
    r = random_hand(11, Rules(renege="penalty"), random.Random(11))
    score = r.score({"NS": 9, "EW": 9})
    first = score.lines
    assert score.lines is first  # kept once written
    assert pickle.loads(pickle.dumps(score)) == score
    assert copy.deepcopy(score).lines == first
    assert first == checked_score(r, {"NS": 9, "EW": 9}).lines


def test_round_score_still_checks_the_bags_carried_in() -> None:
    r = random_hand(2, Rules(), random.Random(2))
    with pytest.raises(Exception, match="bags carried in for NS must be a whole number 0-9"):
        r.score({"NS": 10})
    with pytest.raises(Exception, match="NS is given twice"):
        r.score({"NS": 1, "ns": 2})
    with pytest.raises(Exception, match="bags must map seats or sides"):
        r.score([1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_quick_way_to_bid_accepts_exactly_what_verify_bid_accepts(name: str) -> None:
    """``bid`` skips ``verify_bid`` for a bid no rule can refuse; every bid, blind or
    not, from the seat to act or another, is accepted or refused as ``verify_bid`` says."""
    from spades_teach import Bid, IllegalBidError

    rules = RULE_SETS[name]
    every = [Bid(n) for n in range(14)] + [Bid(0, blind=True)]
    rng = random.Random(name)
    for number in range(12):
        cards = deal(number) if rules.players == 4 else deal_by_drawing(number, rules=rules)
        scores = {"NS": -150, "EW": 0} if rules.players == 4 and number % 2 else None
        r = Round(cards, rules=rules, scores=scores)
        while r.phase == "bidding":
            for seat in r.seats:
                for choice in every:
                    try:
                        r.verify_bid(seat, choice)
                        allowed = True
                    except IllegalBidError:
                        allowed = False
                    trial = r.copy()
                    try:
                        trial.bid(seat, choice)
                        made = True
                    except IllegalBidError:
                        made = False
                    assert made == allowed, (seat, choice)
                    if made:
                        assert trial.bids[seat] == choice and trial.bids[seat].blind == choice.blind
            seat = r.to_act
            assert seat is not None
            r.bid(seat, rng.choice(r.legal_bids()))
        assert not r.can_bid(r.seats[0], Bid(3))


def test_a_score_s_side_details_are_the_same_however_they_are_first_read() -> None:
    import dataclasses

    rng = random.Random(40)
    for number in range(30):
        r = random_hand(number, RULE_SETS["everything"], rng)
        bags = random_bags(r.rules, rng)
        fresh = [r.score(bags) for _ in range(4)]
        reference = score_round(
            {s: b for s, b in r.bids.items()},
            dict(r.tricks_won),
            rules=r.rules,
            bags=bags,
            reneges=dict(r.renege_counts()) if r.rules.renege == "penalty" else None,
        )
        # read first through the details, a copy, a pickle, and dataclasses.replace: all equal
        assert fresh[0].sides == reference.sides
        assert copy.deepcopy(fresh[1]).sides == reference.sides
        assert pickle.loads(pickle.dumps(fresh[2])) == reference
        assert dataclasses.replace(fresh[3], points=fresh[3].points).sides == reference.sides
        assert fresh[0].sides is fresh[0].sides  # made once, then kept
