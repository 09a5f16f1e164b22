"""Rule variants (:class:`Rules`) as the engine applies them: bidding order, Nil on/off,
blind Nil and its deficit, the minimum team bid, the 2♣ first lead, spade breaking,
reneges (prevented or penalised) and two-player games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_teach import (
    Bid,
    Deal,
    Hand,
    IllegalBidError,
    IllegalPlayError,
    ParseError,
    Round,
    Rules,
    RulesError,
    Seat,
    Team,
    deal,
    score_round,
)

CLEAN = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def bid_all(r: Round, bids: list[int | str]) -> None:
    for b in bids:
        assert r.to_act is not None
        r.bid(r.to_act, b)


def finish_randomly(r: Round, seed: int) -> None:
    rng = random.Random(seed)
    while not r.is_complete:
        assert r.to_act is not None
        r.play(r.to_act, rng.choice(list(r.legal_plays())))


# -- bidding ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", list(Seat))
def test_bidding_goes_clockwise_from_the_dealers_left(dealer: Seat) -> None:
    r = Round(deal(11, dealer=dealer), dealer=dealer)
    order = []
    while r.phase == "bidding":
        assert r.to_act is not None
        order.append(r.to_act)
        r.bid(r.to_act, 3)
    assert order == [dealer.next, dealer.next.next, dealer.next.next.next, dealer]
    assert r.phase == "play"


def test_nil_allowed_by_default() -> None:
    r = Round(deal(1))
    r.bid("E", 0)
    r.bid("S", "nil")
    assert r.bids["E"] == 0 and r.bids["E"].is_nil and not r.bids["E"].blind
    assert r.bids["S"].is_nil


@pytest.mark.parametrize("bid", [0, "nil", Bid(0)])
def test_nil_refused_when_off(bid: int | str) -> None:
    r = Round(deal(1), rules=Rules(nil=False))
    with pytest.raises(IllegalBidError, match="Nil is not allowed under these rules: bid 1 to 13"):
        r.bid("E", bid)
    assert r.history == () and r.to_act is Seat.E
    assert Bid(0) not in r.legal_bids()
    assert [int(b) for b in r.legal_bids()] == list(range(1, 14))


def test_blind_nil_needs_the_option() -> None:
    r = Round(deal(1), scores={"NS": 0, "EW": 300})
    assert not r.can_bid("E", "blind nil")
    with pytest.raises(IllegalBidError, match="blind Nil is not allowed"):
        r.bid("E", "blind nil")


@pytest.mark.parametrize(
    ("scores", "allowed"),
    [
        ({"NS": 0, "EW": 100}, True),  # 100 behind: exactly the deficit
        ({"NS": 150, "EW": 400}, True),
        ({"NS": 0, "EW": 99}, False),
        ({"NS": 0, "EW": 0}, False),
        ({"NS": 200, "EW": 0}, False),
    ],
)
def test_blind_nil_only_when_behind_by_the_deficit(scores: dict[str, int], allowed: bool) -> None:
    rules = Rules(blind_nil=True)
    r = Round(deal(1), dealer="W", rules=rules, scores=scores)
    assert r.to_act is Seat.N
    assert r.can_bid("N", "blind nil") is allowed
    assert any(b.blind for b in r.legal_bids()) is allowed
    if allowed:
        event = r.bid("N", "blind nil")
        assert event.bid.blind and event.bid.is_nil
    else:
        with pytest.raises(IllegalBidError, match="at least 100 points behind"):
            r.bid("N", "blind nil")
        assert r.history == ()


def test_blind_nil_deficit_is_an_option() -> None:
    rules = Rules(blind_nil=True, blind_nil_deficit=0)
    r = Round(deal(1), dealer="W", rules=rules)
    r.bid("N", "blind nil")
    assert r.bids["N"].blind


def test_min_team_bid_second_partner_cannot_leave_total_below_4() -> None:
    rules = Rules(min_team_bid=4)
    r = Round(deal(2), dealer="W", rules=rules)  # order N, E, S, W
    r.bid("N", 1)
    r.bid("E", 1)  # the first bidder of a team is not held to anything
    before = r.history
    with pytest.raises(IllegalBidError, match="NS must bid at least 4 together: bid 3 or more"):
        r.bid("S", 2)
    assert r.history == before and r.to_act is Seat.S
    assert [int(b) for b in r.legal_bids()] == [0, *range(3, 14)]  # Nil is exempt
    r.bid("S", 3)
    with pytest.raises(IllegalBidError, match="EW must bid at least 4"):
        r.bid("W", 1)
    r.bid("W", "nil")
    assert r.phase == "play"


def test_min_team_bid_does_not_bind_the_partner_of_a_nil() -> None:
    rules = Rules(min_team_bid=4)
    r = Round(deal(2), dealer="W", rules=rules)
    r.bid("N", "nil")
    r.bid("E", 2)
    r.bid("S", 1)  # partner bid Nil: the contract is S's bid alone
    assert int(r.bids["S"]) == 1


def test_min_team_bid_without_nil_gives_no_nil_hint() -> None:
    rules = Rules(min_team_bid=4, nil=False)
    r = Round(deal(2), dealer="W", rules=rules)
    r.bid("N", 2)
    r.bid("E", 2)
    with pytest.raises(IllegalBidError) as info:
        r.bid("S", 1)
    assert "bid 2 or more" in str(info.value)
    assert "Nil" not in str(info.value)


def test_min_team_bid_is_refused_for_two_players() -> None:
    with pytest.raises(RulesError, match="partnership"):
        Rules(players=2, min_team_bid=4)


# -- first lead ---------------------------------------------------------------------------


def test_two_of_clubs_first_lead() -> None:
    rules = Rules(first_lead="two_of_clubs")
    d = Deal.parse(CLEAN)  # West holds the 2♣
    r = Round(d, dealer="N", rules=rules)
    bid_all(r, [3, 3, 3, 3])
    assert r.to_act is Seat.W
    assert list(r.legal_plays()) == [Hand.parse("2C").cards[0]]
    with pytest.raises(IllegalPlayError, match="2♣ must lead the first trick: play 2♣"):
        r.play("W", "5H")
    assert r.history[-1].seat is Seat.N and len(r.history) == 4
    r.play("W", "2C")
    assert set(map(str, r.legal_plays())) == {"QC", "KC", "AC"}


@pytest.mark.parametrize("dealer", list(Seat))
def test_two_of_clubs_holder_leads_whoever_deals(dealer: Seat) -> None:
    d = deal(31, dealer=dealer)
    holder = next(seat for seat in Seat if "2C" in d[seat])
    r = Round(d, dealer=dealer, rules=Rules(first_lead="two_of_clubs"))
    bid_all(r, [2, 2, 2, 2])
    assert r.to_act is holder
    r.play(holder, "2C")
    finish_randomly(r, 1)
    assert r.tricks[0].cards[0].suit.letter == "C"


def test_two_of_clubs_only_for_four_players() -> None:
    with pytest.raises(RulesError, match="2♣"):
        Rules(players=2, first_lead="two_of_clubs")


# -- reneges ---------------------------------------------------------------------------------


def test_renege_prevented_by_default() -> None:
    r = Round(Deal.parse(CLEAN), dealer="N")
    bid_all(r, [3, 3, 3, 3])
    r.play("E", "JH")
    assert not r.can_play("S", "8D")
    with pytest.raises(IllegalPlayError, match="must follow hearts"):
        r.play("S", "8D")
    assert r.reneges == ()


def test_renege_penalty_accepts_records_and_scores_three_tricks() -> None:
    rules = Rules(renege="penalty")
    r = Round(Deal.parse(CLEAN), dealer="N", rules=rules)
    bid_all(r, [3, 3, 3, 3])
    r.play("E", "JH")
    assert "8D" not in r.legal_plays()  # legal plays stay the legal ones
    assert r.why_illegal("8D") is not None and "must follow hearts" in (r.why_illegal("8D") or "")
    event = r.play("S", "8D")
    assert event.renege
    assert r.reneges == (event,)
    assert r.renege_counts()["NS"] == 1 and r.renege_counts()["EW"] == 0
    finish_randomly(r, 4)
    result = r.score()
    expected = score_round(r.bids, r.tricks_won, rules=rules, reneges={"NS": 1})
    assert result.points == expected.points
    ns_contract_tricks = r.tricks_won["N"] + r.tricks_won["S"]
    assert result.sides[Team.NS].tricks == max(0, ns_contract_tricks - 3)
    assert result.sides[Team.EW].tricks == 13 - ns_contract_tricks + min(3, ns_contract_tricks)
    assert any("reneged 1 time" in line for line in result.lines)


def test_renege_penalty_still_refuses_other_illegal_plays() -> None:
    rules = Rules(renege="penalty")
    r = Round(Deal.parse(CLEAN), dealer="N", rules=rules)
    bid_all(r, [3, 3, 3, 3])
    with pytest.raises(IllegalPlayError, match="spades are not broken"):
        r.play("E", "TS")
    with pytest.raises(IllegalPlayError, match="does not hold"):
        r.play("E", "AS")


def test_renege_undo_forgets_the_renege() -> None:
    r = Round(Deal.parse(CLEAN), dealer="N", rules=Rules(renege="penalty"))
    bid_all(r, [3, 3, 3, 3])
    r.play("E", "JH")
    r.play("S", "8D")
    r.undo()
    assert r.reneges == ()
    assert r.to_act is Seat.S


# -- two players ------------------------------------------------------------------------------


def two_player_deal() -> Deal:
    return Deal({"N": "AKQJT9.AKQJT98..", "S": "..AKQJT98.AKQJT9"}, dealer="S")


def test_two_player_round_alternates_north_and_south() -> None:
    rules = Rules(players=2)
    r = Round(two_player_deal(), dealer="S", rules=rules)
    assert r.seats == (Seat.N, Seat.S)
    r.bid("N", 13)
    r.bid("S", 1)
    assert r.to_act is Seat.N
    assert all(c.suit.letter == "H" for c in r.legal_plays())  # no spade lead before broken
    r.play("N", "8H")
    r.play("S", "AD")
    assert r.tricks[0].winner is Seat.N
    assert len(r.tricks[0].cards) == 2
    assert not r.spades_broken
    finish_randomly(r, 2)
    assert len(r.tricks) == 13
    assert r.tricks_won["N"] + r.tricks_won["S"] == 13
    assert r.score().points == score_round(r.bids, r.tricks_won, rules=rules).points


def test_two_player_rules_refuse_east_and_west() -> None:
    r = Round(two_player_deal(), dealer="S", rules=Rules(players=2))
    with pytest.raises(IllegalBidError, match="two-player"):
        r.bid("E", 3)


def test_deal_and_rules_must_agree_on_players() -> None:
    with pytest.raises(ValueError, match="4 players but the rules are for 2"):
        Round(deal(1), rules=Rules(players=2))


# -- Rules validation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"target": 0}, "target"),
        ({"blind_nil": True, "nil": False}, "blind_nil needs nil"),
        ({"first_lead": "dealer"}, "first_lead"),
        ({"renege": "ignore"}, "renege"),
        ({"players": 3}, "players"),
        ({"min_team_bid": 14}, "min_team_bid"),
        ({"bag_limit": 0}, "bag_limit"),
        ({"loss_limit": 600}, "loss_limit"),
    ],
)
def test_rules_validation(options: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules(**options)  # type: ignore[arg-type]


def test_rules_are_frozen_and_round_trip_through_dicts() -> None:
    rules = Rules(target=250, nil=False, first_lead="two_of_clubs")
    with pytest.raises(AttributeError):
        rules.target = 300  # type: ignore[misc]
    assert Rules.from_dict(rules.to_dict()) == rules
    assert rules.to_dict() == {"target": 250, "nil": False, "first_lead": "two_of_clubs"}
    assert rules.replace(target=300).target == 300


# -- bid values ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0, "nil"),
        ("nil", "nil"),
        ("NIL", "nil"),
        ("blind nil", "blind nil"),
        ("Blind-Nil", "blind nil"),
        (13, "13"),
        ("7", "7"),
        (" 4 ", "4"),
    ],
)
def test_bid_spellings(value: int | str, expected: str) -> None:
    assert str(Bid.coerce(value)) == expected


@pytest.mark.parametrize("value", [-1, 14, "-1", "14", "²", "٣", "seven", "", 3.0, True, None])
def test_bad_bid_values(value: object) -> None:
    with pytest.raises(ParseError):
        Bid.coerce(value)  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=12), st.integers(min_value=-20, max_value=30)))
def test_bid_coercion_fuzz(value: str | int) -> None:
    try:
        bid = Bid.coerce(value)
    except ParseError:
        return
    assert 0 <= bid <= 13
    assert Bid.coerce(str(bid)) == bid and Bid.coerce(str(bid)).blind == bid.blind
