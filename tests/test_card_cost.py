"""Tests of the per-card double-dummy review of a played hand."""

from __future__ import annotations

import dataclasses
import random

import pytest

from spades_teach import Bid, Round, Rules, Seat, SpadesError, Team, deal
from spades_teach.analysis.card_cost import (
    EXACT_TRICKS,
    HINT_NOTE,
    CardCost,
    Outcome,
    SideOutcome,
    card_costs,
    card_outcomes,
    side_outcome,
)
from spades_teach.game.replays import list_records, load_record
from spades_teach.game.round import PlayEvent
from spades_teach.game.scoring import bag_charge
from spades_teach.solver import DDState, nil_objective, reaches, solve_value


def _played_round(seed: int, bids: tuple[int, int, int, int] = (3, 4, 3, 3), tricks: int = 13) -> Round:
    """A seeded deal, bid E, S, W, N, then ``tricks`` tricks of seeded random legal play."""
    r = Round(deal(seed), dealer="N")
    for seat, bid in zip("ESWN", bids):
        r.bid(seat, bid)
    rng = random.Random(seed)
    for _ in range(4 * tricks):
        seat = r.to_act
        assert seat is not None
        r.play(seat, rng.choice(sorted(r.legal_plays())))
    return r


@pytest.fixture(scope="module")
def reviewed() -> tuple[Round, list[CardCost]]:
    r = _played_round(21)
    calls: list[tuple[int, int]] = []
    costs = card_costs(r, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(i, 52) for i in range(1, 53)]
    return r, costs


def _replay(r: Round, cards: int) -> Round:
    """A copy of ``r`` after its bids and its first ``cards`` cards."""
    replay = Round(r.deal, dealer=r.dealer, rules=r.rules)
    plays = [e for e in r.history if isinstance(e, PlayEvent)]
    for event in r.history:
        if not isinstance(event, PlayEvent):
            replay.bid(event.seat, event.bid)
    for event in plays[:cards]:
        replay.play(event.seat, event.card)
    return replay


def _charged_margin(r: Round, team: Team) -> float:
    """A finished hand's points for ``team`` minus the other side's, each new bag charged."""
    score = r.score()
    charge = bag_charge(r.rules)
    mine = score.points[team] - charge * score.bags_added[team]
    theirs = score.points[team.other] - charge * score.bags_added[team.other]
    return mine - theirs


def test_every_card_is_reviewed_in_order(reviewed: tuple[Round, list[CardCost]]) -> None:
    r, costs = reviewed
    assert len(costs) == 52
    played = [(t.number, seat, card) for t in r.tricks for seat, card in t.plays]
    assert [(c.trick, c.seat, c.card) for c in costs] == played
    assert [c.number for c in costs] == list(range(1, 53))


def test_before_is_the_best_legal_card_and_after_the_card_played(reviewed: tuple[Round, list[CardCost]]) -> None:
    """Each card's figures are the outcomes of the legal cards at that moment, and the last
    card's value is the real hand's score (the side's points minus the other side's, bags charged)."""
    r, costs = reviewed
    for c in costs[::7]:
        position = _replay(r, c.number - 1)
        outcomes = card_outcomes(position)
        assert set(outcomes) == set(position.legal_plays())
        assert c.after == outcomes[c.card].value == c.outcome.value
        assert c.before == max(o.value for o in outcomes.values()) == c.best_outcome.value
        assert set(c.best_cards) == {card for card, o in outcomes.items() if o.value == c.before}
    last = costs[-1]
    assert last.before == last.after == _charged_margin(r, last.seat.team)
    assert last.outcome.ours.tricks == r.team_tricks[last.seat.team]


def test_cost_optimal_and_explanations(reviewed: tuple[Round, list[CardCost]]) -> None:
    _r, costs = reviewed
    assert any(c.cost > 0 for c in costs)  # random play makes mistakes
    for c in costs:
        assert c.cost >= 0
        assert c.optimal == (c.card in c.best_cards)
        assert not c.was_hint and c.hint is None
        if c.cost:
            # double dummy is hindsight: its lines say so (the learner's cost is judged from the seat)
            assert c.explanation.startswith(f"with every hand seen, this card cost your side {c.cost:g} points")
            assert c.best_cards[0].pretty in c.explanation
        else:
            assert c.explanation.startswith(f"with every hand seen, {c.card.pretty} was ")
            assert f"ends with {c.outcome.ours.tricks} trick" in c.explanation


def test_every_best_card_is_legal_at_its_moment(reviewed: tuple[Round, list[CardCost]]) -> None:
    r, costs = reviewed
    for c in costs[:8]:
        position = _replay(r, c.number - 1)
        assert set(c.best_cards) <= set(position.legal_plays())


def test_first_card_matches_a_direct_solve() -> None:
    r = _played_round(4, tricks=1)
    d = r.deal
    first = card_costs(r)[0]
    pos = DDState(tuple(d[s].mask for s in Seat), int(Seat.E), (), False)  # type: ignore[arg-type]
    child, _ = pos.play(first.card.index)
    assert first.seat is Seat.E
    assert first.outcome.ours.tricks == 13 - solve_value(child)  # East-West's tricks with best play
    assert first.outcome.theirs.tricks == solve_value(child)


def _nil_safe(r: Round) -> bool:
    """Can South (Nil) still avoid taking any trick from this point? Solved directly."""
    if r.tricks_won[Seat.S] > 0:
        return False
    if r.is_complete:
        return True
    hands = r.hands
    trick = r.current_trick
    pos = DDState(
        (hands[Seat.N].mask, hands[Seat.E].mask, hands[Seat.S].mask, hands[Seat.W].mask),
        int(trick.leader),
        tuple(c.index for c in trick.cards),
        r.spades_broken,
    )
    return not reaches(pos, nil_objective(Seat.S), 1)


def test_nil_loss_is_marked_where_a_makeable_nil_is_lost() -> None:
    """A card is marked exactly when the Nil was makeable before it and is not after
    it; only the Nil side can lose a makeable Nil (a defender's card cannot)."""
    marked_total = 0
    for seed in (0, 2, 3):
        r = _played_round(100 + seed, bids=(3, 0, 4, 3))  # South bids Nil
        costs = card_costs(r)
        replay = Round(r.deal, dealer="N")
        for seat, bid in zip("ESWN", (3, 0, 4, 3)):
            replay.bid(seat, bid)
        for c in costs:
            before = _nil_safe(replay)
            replay.play(c.seat, c.card)
            after = _nil_safe(replay)
            assert c.nil_lost == (before and not after), (seed, c)
            if c.nil_lost:
                assert c.seat in (Seat.S, Seat.N)
                assert "Nil" in c.explanation
                marked_total += 1
    assert marked_total > 0


def test_partial_hand_and_bad_input() -> None:
    r = _played_round(9, tricks=2)
    r.play(r.to_act, sorted(r.legal_plays())[0])  # type: ignore[arg-type]
    costs = card_costs(r)
    assert len(costs) == 9 and costs[-1].trick == 3
    with pytest.raises(SpadesError, match="needs a Round"):
        card_costs("not a round")
    with pytest.raises(SpadesError, match="keyed by a card's number"):
        card_costs(r, hints={0: "AS"})
    with pytest.raises(SpadesError, match="not a card"):
        card_costs(r, hints={1: "ZZ"})


@pytest.fixture(scope="module")
def nil_covered() -> list[CardCost]:
    return card_costs(load_record("nil_covered"))


def test_the_nil_bidders_ducks_and_the_partners_cover_cost_nothing(nil_covered: list[CardCost]) -> None:
    """In the packaged replay East bids Nil and West covers. A review in tricks marked three of
    East's ducks (the 4♥, 7♦ and 6♥) and West's J♣ as costing 1–2 tricks; in points the Nil is worth
    more than those tricks: every card of East's, and West's cover at trick 8, costs 0."""
    east = [c for c in nil_covered if c.seat is Seat.E]
    assert len(east) == 13
    for c in east:
        assert c.cost == 0 and not c.nil_lost, c.explanation
        assert dict(c.outcome.ours.nils) == {Seat.E: True}
        assert "East's Nil holds" in c.explanation
    ducks = {(c.trick, str(c.card)) for c in east}
    assert {(2, "4H"), (4, "7D"), (5, "6H")} <= ducks
    cover = next(c for c in nil_covered if c.trick == 8 and c.seat is Seat.W)
    lead = next(c for c in nil_covered if c.trick == 6 and c.seat is Seat.W)
    assert (str(cover.card), cover.cost, str(lead.card), lead.cost) == ("7S", 0, "JC", 0)


def _only_bags_differ(c: CardCost) -> bool:
    """The card played and the best card end the hand alike but for bags."""
    o, b = c.outcome, c.best_outcome
    alike = all((x.made, x.nils) == (y.made, y.nils) for x, y in ((o.ours, b.ours), (o.theirs, b.theirs)))
    return alike and (o.ours.bags, o.theirs.bags) != (b.ours.bags, b.theirs.bags)


def test_a_card_that_only_took_a_bag_costs_the_bags_value() -> None:
    """Where the card played and the best card end alike but for bags, the cost is the bags alone:
    each bag of ours 1 point now less its charge over a match (10), each bag the other side
    no longer takes the same, the other way round."""
    per_bag = bag_charge(Rules()) - 1  # 9: a bag scores 1 and costs 10 over a match
    found = 0
    for name in list_records():
        for c in card_costs(load_record(name)):
            if c.cost > 0 and _only_bags_differ(c):
                ours = c.outcome.ours.bags - c.best_outcome.ours.bags
                theirs = c.outcome.theirs.bags - c.best_outcome.theirs.bags
                assert c.cost == per_bag * (ours - theirs)
                assert "bag" in c.explanation and "costs about 10 over a match" in c.explanation
                found += 1
    assert found >= 5
    first = card_costs(load_record("contract_set"))[0]  # East cashes the A♥: a trick East–West need not take
    assert (str(first.card), first.cost) == ("AH", 2 * per_bag)
    assert "your side (East–West) takes 1 bag instead of 0: 9 points" in first.explanation
    assert "North–South take 0 bags instead of 1: 9 points" in first.explanation


def test_a_card_that_sets_the_contract_costs_the_contract() -> None:
    """East's K♠ at trick 11 of the contract_set record lets East–West's 8 be set: the contract
    was worth +80 made and −80 set, 160 points, less the bag North–South now take (9 for them)."""
    costs = card_costs(load_record("contract_set"))
    c = next(c for c in costs if c.trick == 11 and c.seat is Seat.E)
    assert (str(c.card), c.best_outcome.ours.made, c.outcome.ours.made, c.outcome.ours.bid) == ("KS", True, False, 8)
    contract = 2 * 10 * c.outcome.ours.bid
    their_extra_bags = c.outcome.theirs.bags - c.best_outcome.theirs.bags
    assert c.cost == contract - (bag_charge(Rules()) - 1) * their_extra_bags
    assert "is set on its 8 instead of making it: 160 points" in c.explanation


def test_side_outcome_scores_contracts_bags_and_nils() -> None:
    bids = {Seat.N: Bid(4), Seat.S: Bid(0), Seat.E: Bid(3), Seat.W: Bid(2)}
    none = dict.fromkeys(Seat, 0)
    made = side_outcome(Team.EW, bids, 5, none, {}, Rules())
    set_ = side_outcome(Team.EW, bids, 4, none, {}, Rules())
    assert (made.made, made.bags, made.points) == (True, 0, 50.0)
    assert (set_.made, set_.bags, set_.points) == (False, 0, -50.0)
    bag = side_outcome(Team.EW, bids, 6, none, {}, Rules())
    assert (bag.bags, bag.points) == (1, 50.0 + 1 - 10)
    kept = side_outcome(Team.NS, bids, 4, none, {Seat.S: True}, Rules())
    lost = side_outcome(Team.NS, bids, 4, none, {Seat.S: False}, Rules())
    assert (kept.nils, kept.points) == (((Seat.S, True),), 140.0)
    # A lost Nil takes one trick (a bag), so North is set on 4 with the 3 left: -100 - 40 + 1 - 10.
    assert (lost.nils, lost.made, lost.bags, lost.points) == (((Seat.S, False),), False, 1, -149.0)


def test_a_costly_card_that_was_the_hint_says_so() -> None:
    costs = card_costs(load_record("contract_set"))
    costly = next(c for c in costs if c.cost > 0)
    fine = next(c for c in costs if c.cost == 0)
    elsewhere = next(c for c in costs if c.cost > 0 and c.number != costly.number)
    hints = {costly.number: costly.card, fine.number: str(fine.card), elsewhere.number: elsewhere.best_cards[0]}
    hinted = card_costs(load_record("contract_set"), hints=hints)
    flagged = hinted[costly.number - 1]
    assert flagged.was_hint and flagged.hint == costly.card and flagged.cost == costly.cost
    assert flagged.explanation.startswith(costly.explanation)
    assert HINT_NOTE in flagged.explanation and "the review sees all four hands" in flagged.explanation
    assert hinted[fine.number - 1].was_hint and hinted[fine.number - 1].explanation == fine.explanation
    ignored = hinted[elsewhere.number - 1]  # the player did not follow this hint
    assert not ignored.was_hint and ignored.hint == elsewhere.best_cards[0]
    assert ignored.explanation == elsewhere.explanation
    untouched = [c for c in hinted if c.number not in hints]
    assert untouched == [c for c in costs if c.number not in hints]


@pytest.mark.parametrize("kind", [CardCost, Outcome, SideOutcome])
def test_every_field_is_documented(kind: type) -> None:
    doc = kind.__doc__ or ""
    for field in dataclasses.fields(kind):
        assert f"``{field.name}``" in doc, (kind.__name__, field.name)


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(first_lead="two_of_clubs"), Rules(spade_lead_breaks=True), Rules(nil=False)],
    ids=["standard", "two_of_clubs", "spade_lead_breaks", "no_nil"],
)
def test_every_best_card_is_legal_under_the_hands_rules(rules: Rules) -> None:
    """The review only ever weighs the cards the hand's rules allow at that moment: under the 2♣
    opening-lead rule the forced 2♣ is the only card, so it costs nothing."""
    r = Round(deal(31), dealer="N", rules=rules)
    for seat, bid in zip("ESWN", (3, 4, 3, 3)):
        r.bid(seat, bid)
    rng = random.Random(31)
    for _ in range(8):
        seat = r.to_act
        assert seat is not None
        r.play(seat, rng.choice(sorted(r.legal_plays())))
    costs = card_costs(r)
    for c in costs:
        legal = set(_replay(r, c.number - 1).legal_plays())
        assert c.card in legal and set(c.best_cards) <= legal
    if rules.first_lead == "two_of_clubs":
        assert (str(costs[0].card), costs[0].best_cards, costs[0].cost) == ("2C", (costs[0].card,), 0)


def _brute_margin(r: Round) -> float:
    """North-South's points minus East-West's (bags charged) with best play for points from here,
    every card of every line tried: the plain minimax the review's last-tricks search must equal."""
    if r.is_complete:
        return _charged_margin(r, Team.NS)
    seat = r.to_act
    assert seat is not None
    values = []
    for card in r.legal_plays():
        r.play(seat, card)
        values.append(_brute_margin(r))
        r.undo()
    return max(values) if seat.team is Team.NS else min(values)


@pytest.mark.parametrize("seed", [21, 23])
def test_the_last_tricks_are_judged_by_a_search_of_every_line_for_points(seed: int) -> None:
    r = _played_round(seed)
    costs = card_costs(r)
    assert EXACT_TRICKS >= 2
    for c in costs[52 - 4 * 2 :]:  # the last two tricks
        position = _replay(r, c.number - 1)
        values = {}
        for card in position.legal_plays():
            position.play(c.seat, card)
            sign = 1 if c.seat.team is Team.NS else -1
            values[card] = sign * _brute_margin(position)
            position.undo()
        assert c.after == values[c.card] and c.before == max(values.values()), c
        assert set(c.best_cards) == {card for card, v in values.items() if v == c.before}
