"""Property tests over seeded deals and random legal play, checked against small reference
implementations of the rules written here from the rule texts (not from the engine)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from spades_teach import Card, Round, Rules, Seat, deal, score_round

SPADES = "S"


def ref_winner(cards: list[Card], seats: list[Seat]) -> Seat:
    """The highest spade wins; with no spade, the highest card of the suit led."""
    spades = [i for i, c in enumerate(cards) if c.suit.letter == SPADES]
    if spades:
        best = max(spades, key=lambda i: cards[i].rank)
    else:
        led = cards[0].suit
        best = max((i for i, c in enumerate(cards) if c.suit is led), key=lambda i: cards[i].rank)
    return seats[best]


def ref_legal(hand: set[Card], trick: list[Card], broken: bool, first_trick_two_clubs: bool) -> set[Card]:
    """Follow suit if you can; lead anything but a spade until broken (unless only spades);
    under the 2♣ variant the holder leads it to the first trick."""
    if trick:
        led = trick[0].suit
        follow = {c for c in hand if c.suit is led}
        return follow or set(hand)
    two_clubs = Card.parse("2C")
    if first_trick_two_clubs and two_clubs in hand:
        return {two_clubs}
    if broken:
        return set(hand)
    non_spades = {c for c in hand if c.suit.letter != SPADES}
    return non_spades or set(hand)


def state(r: Round) -> dict[str, Any]:
    return {
        "history": r.history,
        "phase": r.phase,
        "to_act": r.to_act,
        "bids": dict(r.bids),
        "hands": dict(r.hands),
        "tricks": r.tricks,
        "current": r.current_trick,
        "won": dict(r.tricks_won),
        "broken": r.spades_broken,
        "legal": r.legal_plays(),
        "reneges": r.reneges,
    }


RULES = st.sampled_from(
    [
        Rules(),
        Rules(first_lead="two_of_clubs"),
        Rules(spade_lead_breaks=True),
        Rules(min_team_bid=4),
        Rules(nil=False),
    ]
)


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.sampled_from(list(Seat)), RULES, st.randoms(use_true_random=False))
def test_random_legal_play_obeys_the_rules(seed: int, dealer: Seat, rules: Rules, rng: random.Random) -> None:
    d = deal(seed, dealer=dealer)
    r = Round(d, dealer=dealer, rules=rules)
    while r.phase == "bidding":
        assert r.to_act is not None
        r.bid(r.to_act, rng.choice(r.legal_bids()))
    assert r.to_act is (dealer.next if rules.first_lead == "left_of_dealer" else next(s for s in Seat if "2C" in d[s]))

    hands = {s: set(d[s]) for s in Seat}
    broken = False
    played: list[Card] = []
    trick: list[Card] = []
    seats: list[Seat] = []
    tricks_seen = 0
    while not r.is_complete:
        seat = r.to_act
        assert seat is not None
        legal = set(r.legal_plays())
        expected = ref_legal(hands[seat], trick, broken, rules.first_lead == "two_of_clubs" and tricks_seen == 0)
        assert legal == expected
        for card in hands[seat]:
            assert r.can_play(seat, card) is (card in legal)
        card = rng.choice(sorted(legal))
        r.play(seat, card)
        hands[seat].remove(card)
        played.append(card)
        if card.suit.letter == SPADES and ((trick and trick[0].suit.letter != SPADES) or rules.spade_lead_breaks):
            broken = True
        trick.append(card)
        seats.append(seat)
        assert r.spades_broken is broken
        if len(trick) == 4:
            winner = ref_winner(trick, seats)
            assert r.tricks[-1].winner is winner
            assert r.tricks[-1].cards == tuple(trick)
            tricks_seen += 1
            trick, seats = [], []
            if not r.is_complete:
                assert r.to_act is winner
        else:
            assert r.to_act is seat.next

    assert len(r.tricks) == 13
    assert len(played) == 52 and len(set(played)) == 52
    assert all(not h for h in hands.values())
    assert sum(r.tricks_won.values()) == 13
    for s in Seat:
        assert r.tricks_won[s] == sum(1 for t in r.tricks if t.winner is s)
    assert r.score().points == score_round(r.bids, r.tricks_won, rules=rules).points
    assert r.score().bags == score_round(r.bids, r.tricks_won, rules=rules).bags


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=0, max_value=10**9), st.integers(min_value=1, max_value=56), st.randoms(use_true_random=False)
)
def test_undo_then_redo_restores_identical_state(seed: int, stop: int, rng: random.Random) -> None:
    r = Round(deal(seed), dealer="N")
    for _ in range(stop):
        if r.is_complete:
            break
        assert r.to_act is not None
        if r.phase == "bidding":
            r.bid(r.to_act, rng.choice(r.legal_bids()))
        else:
            r.play(r.to_act, rng.choice(list(r.legal_plays())))
    before = state(r)
    event = r.undo()
    assert len(r.history) == len(before["history"]) - 1
    assert r.to_act is event.seat
    if hasattr(event, "card"):
        r.play(event.seat, event.card)
    else:
        r.bid(event.seat, event.bid)
    assert state(r) == before
    # A copy replays to the same state, and going all the way back gives a fresh round.
    assert state(r.copy()) == before
    while r.history:
        r.undo()
    assert state(r) == state(Round(deal(seed), dealer="N"))


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.randoms(use_true_random=False))
def test_score_equals_score_round_with_bags_and_renege_penalty(seed: int, rng: random.Random) -> None:
    rules = Rules(renege="penalty")
    r = Round(deal(seed), dealer="E", rules=rules)
    while r.phase == "bidding":
        assert r.to_act is not None
        r.bid(r.to_act, rng.choice(r.legal_bids()))
    reneges = {"NS": 0, "EW": 0}
    while not r.is_complete:
        seat = r.to_act
        assert seat is not None
        hand = list(r.hand(seat))
        card = rng.choice(hand)
        if not r.can_play(seat, card):
            card = rng.choice(list(r.legal_plays()))
        event = r.play(seat, card)
        if event.renege:
            reneges[seat.team.name] += 1
            assert card not in r.hand(seat)
    assert r.renege_counts()["NS"] == reneges["NS"]
    assert r.renege_counts()["EW"] == reneges["EW"]
    bags = {"NS": rng.randrange(10), "EW": rng.randrange(10)}
    assert r.score(bags).points == score_round(r.bids, r.tricks_won, bags=bags, rules=rules, reneges=reneges).points


def ref_team_score(bids: list[int | str], tricks: list[int], carried: int) -> tuple[int, int]:
    """One team's points and bag counter, straight from the scoring guide."""
    points = 0
    bags = 0
    contract = 0
    contract_tricks = 0
    for bid, took in zip(bids, tricks):
        if bid in ("nil", "blind nil"):
            value = 200 if bid == "blind nil" else 100
            points += value if took == 0 else -value
            bags += took  # a Nil bidder's tricks are bags
            points += took
        else:
            assert isinstance(bid, int)
            contract += bid
            contract_tricks += took
    if contract and contract_tricks >= contract:
        points += 10 * contract + (contract_tricks - contract)
        bags += contract_tricks - contract
    elif contract:
        points -= 10 * contract
    else:
        points += contract_tricks
        bags += contract_tricks
    counter = carried + bags
    points -= 100 * (counter // 10)
    return points, counter % 10


BID = st.one_of(st.integers(min_value=1, max_value=13), st.sampled_from(["nil", "blind nil"]))


@settings(max_examples=100, deadline=None)
@given(
    st.lists(BID, min_size=4, max_size=4),
    st.lists(st.integers(min_value=0, max_value=12), min_size=3, max_size=3),
    st.integers(min_value=0, max_value=9),
    st.integers(min_value=0, max_value=9),
)
def test_score_round_matches_a_reference_scorer(
    bids: list[int | str], cuts: list[int], bags_ns: int, bags_ew: int
) -> None:
    a, b, c = sorted(cuts)
    tricks = [a, b - a, c - b, 13 - c]  # any split of 13 tricks among N, E, S, W
    seats = ["N", "E", "S", "W"]
    result = score_round(
        dict(zip(seats, bids)),
        dict(zip(seats, tricks)),
        bags={"NS": bags_ns, "EW": bags_ew},
        rules=Rules(blind_nil=True),
    )
    assert (result.points["NS"], result.bags["NS"]) == ref_team_score(
        [bids[0], bids[2]], [tricks[0], tricks[2]], bags_ns
    )
    assert (result.points["EW"], result.bags["EW"]) == ref_team_score(
        [bids[1], bids[3]], [tricks[1], tricks[3]], bags_ew
    )
