"""The Round engine held to the rule texts: the Spanish worked example played through a
real Round, the play rules, and bad input (every refusal leaves the round untouched)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from spades_teach import (
    Card,
    Deal,
    Hand,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    ParseError,
    Round,
    Rules,
    Seat,
    SpadesError,
    deal,
    trick_winner,
)

# -- helpers ------------------------------------------------------------------------------


def snapshot(r: Round) -> dict[str, Any]:
    """Everything observable about a round's state."""
    return {
        "history": r.history,
        "to_act": r.to_act,
        "phase": r.phase,
        "bids": dict(r.bids),
        "hands": {seat: r.hands[seat] for seat in r.seats},
        "tricks": [(t.leader, t.cards, t.winner) for t in r.tricks],
        "current": (r.current_trick.cards, r.current_trick.seats),
        "tricks_won": dict(r.tricks_won),
        "spades_broken": r.spades_broken,
        "legal": r.legal_plays(),
    }


def refused(r: Round, error: type[SpadesError], action: Callable[[], object], *words: str) -> str:
    """Run ``action``, check it raises ``error`` naming ``words``, and that ``r`` did not change."""
    before = snapshot(r)
    with pytest.raises(error) as info:
        action()
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert snapshot(r) == before
    return message


def bid_all(r: Round, bids: list[int | str]) -> None:
    for b in bids:
        assert r.to_act is not None
        r.bid(r.to_act, b)


def lead_to(r: Round, cards: list[str]) -> None:
    """Play ``cards`` in turn from the seat to act."""
    for c in cards:
        assert r.to_act is not None
        r.play(r.to_act, c)


# -- the Spanish worked example (002) ---------------------------------------------------------
#
# Player 2 deals. Bids in turn: player 4 bids 3, player 3 bids 3, player 1 bids 4, player 2
# bids 2. Players 1 & 4 (contract 7) and 2 & 3 (contract 5) are partners. First trick:
# player 4 leads 3♥, player 3 K♥, player 1 (no hearts) ruffs with 5♠, player 2 plays 9♥;
# player 1 wins and spades are broken. At the end players 1 & 4 have 8 tricks (71 points,
# 1 bag) and players 2 & 3 have 5 (50 points).


def spanish_seats(dealer: Seat) -> dict[int, Seat]:
    """Player number → seat: player 2 deals, the others clockwise from the dealer's left."""
    return {2: dealer, 4: dealer.next, 3: dealer.next.next, 1: dealer.next.next.next}


def spanish_deal(dealer: Seat, rng: random.Random) -> Deal:
    """A full legal deal consistent with the example: player 1 has no heart."""
    seats = spanish_seats(dealer)
    fixed = {4: Card.parse("3H"), 3: Card.parse("KH"), 1: Card.parse("5S"), 2: Card.parse("9H")}
    rest = [c for c in Hand.parse("AKQJT98765432.AKQJT98765432.AKQJT98765432.AKQJT98765432") if c not in fixed.values()]
    no_hearts = [c for c in rest if c.suit.letter != "H"]
    rng.shuffle(no_hearts)
    player1 = no_hearts[:12]
    others = [c for c in rest if c not in player1]
    rng.shuffle(others)
    hands = {
        seats[1]: [fixed[1], *player1],
        seats[2]: [fixed[2], *others[0:12]],
        seats[3]: [fixed[3], *others[12:24]],
        seats[4]: [fixed[4], *others[24:36]],
    }
    return Deal(hands, dealer=dealer)


def spanish_round(dealer: Seat) -> tuple[Round, dict[int, Seat]]:
    """The example's deal, bids and first trick, then a completion (found by a small
    seeded search over random legal play) in which players 1 & 4 take exactly 8 tricks."""
    seats = spanish_seats(dealer)
    rng = random.Random(2024)
    for _ in range(20):
        start = Round(spanish_deal(dealer, rng), dealer=dealer)
        bid_all(start, [3, 3, 4, 2])
        lead_to(start, ["3H", "KH", "5S", "9H"])
        for attempt in range(300):
            r = start.copy()
            play_rng = random.Random(attempt)
            while not r.is_complete:
                assert r.to_act is not None
                r.play(r.to_act, play_rng.choice(list(r.legal_plays())))
            if r.tricks_won[seats[1]] + r.tricks_won[seats[4]] == 8:
                return r, seats
    raise AssertionError("no completion with 8 tricks for players 1 and 4 was found")


@pytest.mark.parametrize("dealer", list(Seat))
def test_spanish_worked_example_through_a_round(dealer: Seat) -> None:
    r, seats = spanish_round(dealer)
    # Bidding starts at the dealer's left: player 4, then 3, 1 and 2 (the dealer).
    assert [(e.seat, int(e.bid)) for e in r.history[:4]] == [(seats[4], 3), (seats[3], 3), (seats[1], 4), (seats[2], 2)]
    assert r.bids[seats[1]] + r.bids[seats[4]] == 7
    assert r.bids[seats[2]] + r.bids[seats[3]] == 5
    first = r.tricks[0]
    assert first.leader is seats[4]
    assert [str(c) for c in first.cards] == ["3H", "KH", "5S", "9H"]
    assert first.seats == (seats[4], seats[3], seats[1], seats[2])
    assert first.winner is seats[1]
    assert r.tricks[1].leader is seats[1]
    team14 = seats[1].team
    team23 = seats[2].team
    assert seats[4].team is team14 and seats[3].team is team23 and team14 is not team23
    assert r.team_tricks[team14] == 8
    assert r.team_tricks[team23] == 5
    score = r.score()
    assert score.points[team14] == 71
    assert score.bags[team14] == 1
    assert score.points[team23] == 50
    assert score.bags[team23] == 0


def test_spanish_first_trick_breaks_spades_on_the_ruff() -> None:
    dealer = Seat.N
    r = Round(spanish_deal(dealer, random.Random(1)), dealer=dealer)
    bid_all(r, [3, 3, 4, 2])
    assert r.to_act is dealer.next  # "Sale el jugador 4"
    lead_to(r, ["3H", "KH"])
    assert not r.spades_broken
    lead_to(r, ["5S"])
    assert r.spades_broken
    lead_to(r, ["9H"])
    assert r.tricks[0].winner is dealer.previous
    assert r.to_act is dealer.previous
    assert r.spades_broken
    # The winner may now lead a spade (if any remains) even while holding other suits.
    spades_left = [c for c in r.hand(r.to_act) if c.is_spade]
    if spades_left and len(spades_left) < len(r.hand(r.to_act)):
        assert spades_left[0] in r.legal_plays()


# -- play rules ----------------------------------------------------------------------------

CLEAN = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def clean_round(bids: list[int | str] | None = None, rules: Rules = Rules(), dealer: str = "N") -> Round:
    r = Round(Deal.parse(CLEAN), dealer=dealer, rules=rules)
    bid_all(r, bids if bids is not None else [3, 3, 3, 3])
    return r


def test_first_lead_is_left_of_dealer_and_no_spade() -> None:
    for dealer in Seat:
        r = clean_round(dealer=dealer.name)
        assert r.to_act is dealer.next
        assert all(not c.is_spade for c in r.legal_plays())
        assert len(r.legal_plays()) == len(r.hand(dealer.next)) - r.hand(dealer.next).count("S")


def test_a_hand_of_only_spades_may_lead_a_spade() -> None:
    d = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    r = Round(d, dealer="W")
    bid_all(r, [13, 1, 1, 1])
    assert r.to_act is Seat.N
    assert len(r.legal_plays()) == 13
    r.play("N", "2S")
    assert not r.spades_broken  # a spade led is not a spade played on another suit


def test_must_follow_suit_and_may_ruff_or_discard_when_void() -> None:
    r = clean_round()
    r.play("E", "JH")
    assert set(map(str, r.legal_plays())) == {"8H", "7H", "6H"}  # South follows hearts
    r.play("S", "8H")
    assert set(map(str, r.legal_plays())) == {"5H", "4H", "3H", "2H"}
    r.play("W", "5H")
    assert set(map(str, r.legal_plays())) == {"AH", "KH", "QH"}
    r.play("N", "AH")
    assert r.tricks[0].winner is Seat.N


def test_void_player_may_play_anything() -> None:
    d = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    r = Round(d, dealer="N")
    bid_all(r, [1, 1, 1, 13])
    r.play("E", "2H")
    assert len(r.legal_plays()) == 13  # South has no heart: any diamond
    r.play("S", "AD")
    assert not r.spades_broken
    r.play("W", "2C")
    r.play("N", "2S")  # ruff
    assert r.spades_broken
    assert r.tricks[0].winner is Seat.N


def test_spades_cannot_be_led_until_broken() -> None:
    r = clean_round()
    assert r.to_act is Seat.E
    assert not r.can_play("E", "TS")
    refused(r, IllegalPlayError, lambda: r.play("E", "TS"), "spades are not broken", "J♥")


def test_spade_lead_breaks_option() -> None:
    d = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    r = Round(d, dealer="W", rules=Rules(spade_lead_breaks=True))
    bid_all(r, [13, 1, 1, 1])
    r.play("N", "2S")
    assert r.spades_broken


def test_trick_winner_highest_spade_else_highest_of_led_suit() -> None:
    assert trick_winner(["3H", "KH", "5S", "9H"], leader="E") is Seat.W
    assert trick_winner(["3H", "KH", "AD", "9H"], leader="E") is Seat.S  # off-suit ace never wins
    assert trick_winner(["3H", "2S", "5S", "AH"], leader="N") is Seat.S
    assert trick_winner(["2C", "AD", "AH", "3C"], leader="W") is Seat.S
    assert trick_winner(["2S", "AD", "AH", "AC"], leader="N") is Seat.N
    assert trick_winner(["9D", "TD"], leader="N", players=2) is Seat.S


def test_winner_leads_next_and_there_are_13_tricks() -> None:
    r = clean_round()
    rng = random.Random(5)
    while not r.is_complete:
        before = len(r.tricks)
        assert r.to_act is not None
        r.play(r.to_act, rng.choice(list(r.legal_plays())))
        if len(r.tricks) > before and not r.is_complete:
            assert r.to_act is r.tricks[-1].winner
            assert r.current_trick.cards == ()
    assert len(r.tricks) == 13
    assert sum(r.tricks_won.values()) == 13
    assert r.to_act is None
    assert r.phase == "complete"
    for i in range(1, 13):
        assert r.tricks[i].leader is r.tricks[i - 1].winner


def test_cards_and_seats_may_be_given_as_strings_or_values() -> None:
    a = clean_round()
    b = clean_round()
    a.play("E", "JH")
    b.play(Seat.E, Card.parse("JH"))
    a.play("s", "8h")
    b.play(Seat.S, Card("8", "H"))
    assert snapshot(a) == snapshot(b)


def test_score_of_a_finished_round_matches_tricks_won() -> None:
    r = clean_round([3, 3, 3, 3])
    rng = random.Random(1)
    while not r.is_complete:
        assert r.to_act is not None
        r.play(r.to_act, rng.choice(list(r.legal_plays())))
    s = r.score()
    ns = r.tricks_won["N"] + r.tricks_won["S"]
    assert s.sides[Seat.N.team].tricks == ns


# -- bad input: the SpadesError subclass, the message, and no change of state --------------


def test_bid_out_of_turn() -> None:
    r = clean_round([])
    refused(r, IllegalBidError, lambda: r.bid("S", 3), "East's turn", "South")


def test_bid_out_of_range() -> None:
    r = clean_round([])
    refused(r, IllegalBidError, lambda: r.bid("E", 14), "14", "out of range", "13")
    refused(r, IllegalBidError, lambda: r.bid("E", -1), "-1", "out of range")
    refused(r, IllegalBidError, lambda: r.bid("E", "seven"), "seven", "nil")


def test_blind_nil_when_not_allowed() -> None:
    r = clean_round([])
    refused(r, IllegalBidError, lambda: r.bid("E", "blind nil"), "blind Nil is not allowed")


def test_bid_after_bidding_closed() -> None:
    r = clean_round()
    refused(r, IllegalBidError, lambda: r.bid("E", 3), "bidding is closed", "East's turn to play")


def test_card_not_in_hand() -> None:
    r = clean_round()
    refused(r, IllegalPlayError, lambda: r.play("E", "AH"), "East", "does not hold", "A♥")


def test_card_out_of_turn() -> None:
    r = clean_round()
    refused(r, IllegalPlayError, lambda: r.play("S", "8H"), "East's turn", "South")


def test_card_not_following_suit() -> None:
    r = clean_round()
    r.play("E", "JH")
    message = refused(r, IllegalPlayError, lambda: r.play("S", "8D"), "must follow hearts", "8♥ 7♥ 6♥")
    assert "8♦" not in message.split(":", 1)[1]


def test_spade_led_before_broken() -> None:
    r = clean_round()
    refused(r, IllegalPlayError, lambda: r.play("E", "9S"), "spades are not broken", "J♥ 10♥ 9♥ J♦", "J♣")


def test_playing_during_bidding() -> None:
    r = clean_round([3])
    refused(r, IllegalPlayError, lambda: r.play("E", "JH"), "bidding is not finished", "South")


def test_unreadable_card_in_play() -> None:
    r = clean_round()
    refused(r, IllegalPlayError, lambda: r.play("E", "1H"), "unknown rank")
    refused(r, IllegalPlayError, lambda: r.play("E", "JX"), "unknown suit")
    refused(r, IllegalPlayError, lambda: r.play("X", "JH"), "unknown seat")


def test_scoring_an_unfinished_hand() -> None:
    r = clean_round()
    refused(r, IllegalActionError, r.score, "not finished", "0 of 13")
    r2 = clean_round([])
    refused(r2, IllegalActionError, r2.score, "bidding is still open")


def test_playing_after_the_hand_is_over() -> None:
    r = clean_round()
    rng = random.Random(3)
    while not r.is_complete:
        assert r.to_act is not None
        r.play(r.to_act, rng.choice(list(r.legal_plays())))
    refused(r, IllegalPlayError, lambda: r.play("N", "AS"), "hand is over")
    assert len(r.legal_plays()) == 0


def test_undo_with_nothing_to_undo() -> None:
    r = clean_round([])
    refused(r, IllegalActionError, r.undo, "nothing to undo")


def test_hand_with_duplicate_card() -> None:
    with pytest.raises(ParseError, match="duplicate card 'K♥' in hand 'AS KH QD KH': a hand holds each card only once"):
        Hand.parse("AS KH QD KH")
    with pytest.raises(ParseError, match="duplicate card 'K♥'"):
        Hand.parse("S: A H: KK D: Q")


def test_hand_with_unknown_rank_or_suit() -> None:
    with pytest.raises(ParseError, match=r"unknown rank '1'.*spades"):
        Hand.parse("AK1.K52.7.A9842")
    with pytest.raises(ParseError, match="unknown rank 'Z'"):
        Card.parse("ZS")
    with pytest.raises(ParseError, match=r"unknown suit 'X'.*use S, H, D, C"):
        Card.parse("AX")
    with pytest.raises(ParseError, match="'KX' is not a card"):
        Hand.parse("AS KX")


@pytest.mark.parametrize("text", ["AKQ3.K52.7", "AKQ3.K52.7.A984.2"])
def test_dotted_hand_needs_four_groups(text: str) -> None:
    with pytest.raises(ParseError, match=f"exactly four groups.*got {text.count('.') + 1}"):
        Hand.parse(text)


def test_deal_with_wrong_card_count() -> None:
    with pytest.raises(ParseError, match=r"North's hand has 12 cards.*13"):
        Deal.parse("N:QJT5.AT5.Q653.9 K962.Q87.8.JT763 8743.K942.AT4.KQ A.J63.KJ972.A542")
    hands = dict(deal(1).hands)
    with pytest.raises(ParseError, match="N, E, S and W"):
        Deal({s: h for s, h in hands.items() if s is not Seat.W})


def test_deal_with_two_hands_sharing_a_card() -> None:
    with pytest.raises(ParseError, match="'Q♠' is in two hands, North's and East's"):
        Deal.parse("N:QJT5.AT5.Q653.98 Q962.Q87.8.JT763 8743.K942.AT4.KQ A.J63.KJ972.A542")


def test_errors_are_value_errors() -> None:
    r = clean_round([])
    with pytest.raises(ValueError):
        r.bid("S", 3)


# -- North is seat 0 but never "no seat" ---------------------------------------------------


def test_north_to_act_is_reported_as_north() -> None:
    r = Round(deal(1), dealer="W")
    assert r.to_act is Seat.N
    assert "to_act=N>" in repr(r)
    assert r.current_trick.leader is Seat.N
    bid_all(r, [3, 3, 3, 3])
    assert r.current_trick.leader is Seat.N
    assert r.current_trick.cards == ()


def test_verify_play_without_a_seat_means_the_seat_to_act() -> None:
    r = clean_round()
    assert r.can_play(None, "JH") and not r.can_play(None, "TS")
    refused(r, IllegalPlayError, lambda: r.verify_play(None, "TS"), "spades are not broken")
    assert r.why_illegal("TS") == r.why_illegal("TS", "E")
    assert r.why_illegal("JH") is None
