"""The review from the player's seat (one judge with Teach me), and hindsight kept apart."""

from __future__ import annotations

from typing import Any

import pytest

from spades_teach import Card, Deal, Position, Round, Rules, Seat, deal
from spades_teach.advice.bots import MediumBot, play_round
from spades_teach.advice.driver import play_hand
from spades_teach.advice.expert import ExpertBot
from spades_teach.advice.judge import MARGIN, SURE, judge, position_key
from spades_teach.advice.levels import seated_bot
from spades_teach.advice.play import suggest_play
from spades_teach.advice.teach import TeachMeFollower, teach
from spades_teach.analysis.card_cost import card_costs
from spades_teach.analysis.seat_review import seat_review
from spades_teach.game.round import PlayEvent


def _taught_hand(level: str, k: int) -> tuple[Round, TeachMeFollower]:
    r = Round(deal(1000 + k), dealer="W")
    south = TeachMeFollower(level, r, seated_bot("medium", f"m{k}", "S"))
    bots: dict[str, Any] = {s: seated_bot("medium", f"m{k}", s) for s in "NEW"}
    play_hand(r, {**bots, "S": south})
    return r, south


@pytest.mark.parametrize("level", ["beginner", "expert"])
def test_the_seat_review_calls_no_card_teach_me_showed_costly(level: str) -> None:
    """Over seeded hands where South always plays Teach me's card, the review from the seat (the
    same judge, asked about the same positions) calls none of them costly (the double-dummy review
    called about one in six costly: hindsight)."""
    judged = 0
    for k in (1, 2, 3):
        r, south = _taught_hand(level, k)
        review = seat_review(r, "S", hints=south.hints, hindsight=False)
        assert len(review) == 13 and all(j.was_hint for j in review)
        assert not [j for j in review if j.costly], level
        judged += sum(j.judged for j in review)
    assert judged >= 10  # the hands were judged, not skipped


def _hand_with_a_costly_card() -> Round:
    return play_hand(Round(deal(5), dealer="W"), {s: seated_bot("medium", "doc", s) for s in "NESW"})


def test_a_card_clearly_worse_than_the_best_costs_its_loss_in_points_and_others_cost_nothing() -> None:
    r = _hand_with_a_costly_card()
    review = seat_review(r, "S", hindsight=False)
    costly = [j for j in review if j.costly]
    assert costly, "the medium bot's hand has a card the seat's judge calls costly"
    replay = r.restarted()
    checked = 0
    number = 0
    for event in r.history:
        if isinstance(event, PlayEvent):
            number += 1
            found = [j for j in review if j.number == number]
            if found and found[0].judged:
                (j,) = found
                position = Position.from_round(replay)
                judgement = judge(position)
                assert judgement is not None and j.best == judgement.best and j.seed == judgement.key
                verdict = judgement.verdict(j.card)
                assert j.verdict == verdict.kind and j.costly == verdict.costly
                if verdict.costly:
                    assert verdict.loss >= MARGIN and verdict.low >= SURE
                    assert j.cost == verdict.loss == pytest.approx(judgement.points[j.best] - judgement.points[j.card])
                    assert j.explanation.startswith("clearly worse: the ")
                    assert f"by about {round(j.cost)} points" in j.explanation
                    assert j.label == f"clearly worse: about {round(j.cost)} points"
                    checked += 1
                else:
                    assert j.cost == 0
                assert f"over {judgement.deals} deals that fit what you had seen" in j.statistics
        replay.apply(event)
    assert checked == len(costly)


def test_the_judge_draws_its_deals_from_the_position_whoever_asks() -> None:
    r = _hand_with_a_costly_card()
    first = seat_review(r, "S", hindsight=False)
    again = seat_review(r.restarted().replayed(r.history), "S", hindsight=False)
    assert [(j.verdict, j.cost, j.seed) for j in first] == [(j.verdict, j.cost, j.seed) for j in again]
    replay = r.restarted()
    for event in r.history[:12]:
        replay.apply(event)
    p = Position.from_round(replay)
    same = Position(p.seat, p.hand, dict(p.bids), dict(p.tricks_won), played=p.played, trick=p.trick)
    assert position_key(same) == position_key(p)  # the same position written out anew: the same deals


def test_hindsight_is_a_separate_labelled_note_never_the_cost() -> None:
    r = _hand_with_a_costly_card()
    review = seat_review(r, "S")
    hindsight = {c.number: c for c in card_costs(r)}
    noted = [j for j in review if j.hindsight]
    assert noted
    for j in review:
        dd = hindsight[j.number]
        assert bool(j.hindsight) == (dd.cost > 1e-9)
        assert "every hand seen" not in j.explanation and "hindsight" not in j.explanation
        if j.hindsight:
            assert j.hindsight.startswith("hindsight, with every hand seen: the ")
    # a card the seat could not know was worse: hindsight speaks, the cost stays 0
    assert any(j.hindsight and j.cost == 0 for j in review)


def test_cards_the_expert_cannot_judge_are_said_not_judged_and_cost_nothing() -> None:
    nil = play_hand(Round(deal(4), dealer="W"), {s: seated_bot("medium", "doc", s) for s in "NESW"})
    review = seat_review(nil, "S", hindsight=False)
    assert any(j.explanation.endswith("was your only legal card") for j in review)
    assert all(j.cost == 0 and j.best is None for j in review if not j.judged)
    d = deal(8)
    two = Round(Deal({"N": d["N"], "S": d["S"]}, dealer="N"), dealer="N", rules=Rules(players=2))
    play_round(two, {Seat.N: MediumBot(), Seat.S: MediumBot()})
    review = seat_review(two, "S")
    assert review and all(not j.judged and j.cost == 0 and not j.hindsight for j in review)
    assert any(
        "not judged from your seat: the review values cards in four-player Spades only" in j.explanation for j in review
    )


def test_cards_played_while_a_nil_is_live_are_judged_from_the_seat() -> None:
    """Deal 4: a Nil is bid and stays live for several tricks; South's cards then are
    judged in points like any other (they used to be 'not judged')."""
    from spades_teach.advice.expert import a_nil_is_live

    nil = play_hand(Round(deal(4), dealer="W"), {s: seated_bot("medium", "doc", s) for s in "NESW"})
    assert any(b.is_nil for b in nil.bids.values())
    review = seat_review(nil, "S", hindsight=False)
    replay = nil.restarted()
    live: list[int] = []
    number = 0
    for event in nil.history:
        if isinstance(event, PlayEvent):
            number += 1
            p = Position.from_round(replay)
            if p.seat is Seat.S and a_nil_is_live(p) and len(p.legal) > 1:
                live.append(number)
        replay.apply(event)
    assert len(live) >= 2
    for j in review:
        assert "while a Nil is live" not in j.explanation
        if j.number in live:
            assert j.judged and j.best is not None and j.deals > 0, j.explanation
            assert j.verdict in ("best", "as_good", "close", "worse")


def _cash_or_not() -> Position:
    """South leads to trick 5 with A K 7 2 of hearts; North–South have 4 of their 7 tricks."""
    r = Round(deal(3), dealer="W")
    for s, b in zip("NESW", (4, 3, 3, 2), strict=True):
        r.bid(s, b)
    for trick in ("AC 2C 3C 8C", "AD 3D 4D 2D", "KD TD 5D 9D", "3H 5H QH 4H"):
        for card in trick.split():
            r.play(r.to_act, card)
    return Position.from_round(r)


@pytest.mark.parametrize("level", ["beginner", "expert"])
def test_teach_me_shows_the_rule_of_thumb_unless_the_judge_calls_it_clearly_worse(level: str) -> None:
    p = _cash_or_not()
    rule = suggest_play(p).card
    assert rule == Card.parse("AH")  # "cash your winners"
    judgement = judge(p)
    assert judgement is not None
    hint = teach(p, level)
    assert hint.rule_card == rule and hint.seed == judgement.key
    assert not judgement.verdict(hint.card).costly  # Teach me's card is never costly
    assert hint.card == ExpertBot(seed=9).choose_play(p)  # the expert plays what Teach me shows
    if judgement.verdict(rule).costly:
        assert hint.card != rule
        assert "(the rule of thumb's A♥, cash your winners" in hint.reason
        assert "expert prefers" not in hint.reason
    else:
        assert hint.card == rule and hint.reason == suggest_play(p).reason
    assert bool(hint.evidence) == (level == "expert")


@pytest.mark.parametrize("level", ["beginner", "expert"])
def test_the_daily_challenge_lists_no_teach_me_card_as_a_difference(level: str) -> None:
    """The comparison with the expert judges cards by the same judge: a card Teach me showed is
    never "differed from the expert", and the comparison's card differences are the review's
    clearly worse cards, line for line."""
    from spades_teach.analysis.challenge import challenge_round, compare_with_expert

    yours = challenge_round("2026-12-01", seat="S")
    south = TeachMeFollower(level, yours, seated_bot("medium", "friends", "S"))
    bots: dict[str, Any] = {s: seated_bot("medium", "friends", s) for s in "NEW"}
    play_hand(yours, {**bots, "S": south})
    result = compare_with_expert(yours, "S", level="medium", seed="friends")
    assert [d for d in result.differences if d.kind == "card"] == []


def test_compare_and_review_of_one_hand_agree_line_by_line() -> None:
    from spades_teach.analysis.challenge import challenge_round, compare_with_expert

    for k, day in enumerate(("2026-12-01", "2026-12-02", "2026-12-03")):
        yours = challenge_round(day, seat="S")
        play_hand(yours, {s: seated_bot("easy" if s == "S" else "medium", f"c{k}", s) for s in "NESW"})
        review = seat_review(yours, "S", hindsight=False)
        result = compare_with_expert(yours, "S", level="medium", seed=f"c{k}")
        cards = [(d.trick, d.yours, d.expert, d.reason) for d in result.differences if d.kind == "card"]
        assert cards == [(j.trick, j.card.pretty, j.best.pretty, j.explanation) for j in review if j.costly and j.best]


def test_the_double_dummy_review_of_one_seat_is_that_seats_part_of_the_whole() -> None:
    r = _hand_with_a_costly_card()
    assert card_costs(r, seat="S") == [c for c in card_costs(r) if c.seat.name == "S"]
