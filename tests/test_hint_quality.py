"""The card scoring of ``benchmarks/hint_quality.py`` against the library's own review of a hand."""

from __future__ import annotations

import pytest
from _benchmarks import load_benchmark

from spades_teach import BidEvent, MediumBot, PlayEvent, Round, Seat, deal
from spades_teach.advice.bots import play_round
from spades_teach.analysis.card_cost import card_costs

hq = load_benchmark("hint_quality")


def _replay_to(round_: Round, cards: int) -> Round:
    """A copy of ``round_`` after its bids and its first ``cards`` cards."""
    replay = Round(round_.deal, dealer=round_.dealer, rules=round_.rules)
    played = 0
    for event in round_.history:
        if isinstance(event, BidEvent):
            replay.bid(event.seat, event.bid)
        elif isinstance(event, PlayEvent):
            if played == cards:
                break
            replay.play(event.seat, event.card)
            played += 1
    return replay


def _bot_hand(seed: int) -> Round:
    r = play_round(Round(deal(seed, dealer=Seat.N), dealer=Seat.N), {s: MediumBot() for s in Seat})
    assert not any(b.is_nil for b in r.bids.values()), "these checks need a hand without Nil"
    return r


@pytest.mark.parametrize("seed", [3, 5, 6])
def test_the_benchmark_scores_cards_as_the_hand_review_does(seed: int) -> None:
    r = _bot_hand(seed)
    review = card_costs(r)
    checked = 0
    for k in range(36, 52, 3):
        values = hq.card_values(_replay_to(r, k))
        played = review[k]
        assert values[played.card] == played.after
        assert max(values.values()) == played.before
        assert {c for c, v in values.items() if v == played.before} == set(played.best_cards)
        checked += 1
    assert checked == 6


@pytest.mark.parametrize("seed", [7, 9])
def test_points_are_the_hand_score_with_bags_charged(seed: int) -> None:
    r = _bot_hand(seed)
    # At the last trick every card is forced: the value is the real hand's score.
    last = _replay_to(r, 48)
    leader = last.to_act
    assert leader is not None
    (value,) = hq.card_values(last).values()
    score = r.score()
    side, other = leader.team, leader.team.other
    expected = (score.points[side] - 10 * score.bags_added[side]) - (score.points[other] - 10 * score.bags_added[other])
    assert value == expected


def test_a_verdict_row_holds_each_level_and_the_card_played() -> None:
    rows = hq.hand_verdicts((3, "medium", ("hint",)))
    assert rows and all([v.level for v in row] == ["hint", hq.PLAYED] for row in rows)
    assert all(v.points >= 0 for row in rows for v in row)


def test_levels_known_keeps_the_hint_and_the_levels_make_bot_knows() -> None:
    assert hq.levels_known(["hint", "medium", "no-such-level", "hard"]) == ["hint", "medium", "hard"]
