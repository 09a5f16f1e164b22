"""Play hints: scenarios written from Spades strategy, and properties.

Seat conventions in the scenarios: South is to play. With one card in the trick,
East led and South plays second (partner North plays last); with two, North led;
with three, West led and South plays last.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_teach import Card, Round, Rules, Seat, deal
from spades_teach.advice.bots import MediumBot, play_round
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position

EVEN = {"N": 3, "E": 3, "S": 3, "W": 3}

# Four completed tricks in which everybody follows suit and North wins each.
FOUR_TO_NORTH = ["AC", "2C", "3C", "4C", "AD", "2D", "3D", "4D", "AH", "2H", "3H", "4H", "KC", "5C", "6C", "7C"]
# Two completed tricks, both won by North.
TWO_TO_NORTH = ["AC", "2C", "3C", "4C", "AD", "2D", "3D", "4D"]


def hint(hand: str, trick: list[str] | None = None, bids: dict[str, Any] | None = None, **kw: Any) -> tuple[str, str]:
    seat = kw.pop("seat", "S")
    p = Position(seat, hand, bids or EVEN, kw.pop("tricks_won", {}), trick=trick or [], **kw)
    h = suggest_play(p)
    assert h.card in p.legal
    return str(h.card), h.reason


def check(result: tuple[str, str], card: str, keyword: str) -> None:
    got, reason = result
    assert got == card, reason
    assert keyword.lower() in reason.lower(), reason


# -- following -----------------------------------------------------------------------------------


def test_second_hand_low() -> None:
    check(hint("Q82.K74.A95.T632", ["5H"]), "4H", "second hand low")


def test_second_hand_low_with_an_unsupported_queen() -> None:
    check(hint("Q82.Q74.A95.T632", ["5H"]), "4H", "second hand low")


def test_third_hand_high_forces_out_the_ace() -> None:
    check(hint("Q82.K54.A95.T632", ["3H", "7H"]), "KH", "third hand high")


def test_third_hand_only_as_high_as_needed() -> None:
    check(hint("Q82.KQ4.A95.T632", ["3H", "7H"]), "QH", "only as high as needed")


def test_third_hand_wins_cheaply_with_a_sure_winner() -> None:
    # South holds A-K of hearts: the king cannot be beaten, and costs less than the ace.
    check(hint("Q82.AK4.J95.T632", ["3H", "7H"]), "KH", "win as cheaply as possible")


def test_do_not_overtake_partners_sure_winner() -> None:
    check(hint("Q82.K54.K95.T632", ["AH", "3H"]), "4H", "partner")


def test_fourth_hand_lets_partner_win() -> None:
    check(hint("Q82.K54.AQJ3.T63", ["5D", "KD", "TD"]), "3D", "partner")


def test_fourth_hand_wins_as_cheaply_as_possible() -> None:
    check(hint("Q82.K54.AQJ3.T63", ["5D", "9D", "TD"]), "JD", "win as cheaply as possible")


def test_fourth_hand_cannot_win_plays_lowest() -> None:
    check(hint("Q82.K54.J763.T63", ["5D", "9D", "AD"]), "3D", "lowest")


def test_ruff_when_void() -> None:
    check(hint("Q82.K5432..T6543", ["5D", "9D", "TD"]), "2S", "ruff")


def test_over_ruff() -> None:
    check(hint("Q82.K5432..T6543", ["5D", "9D", "4S"]), "8S", "over-ruff:")


def test_no_over_ruff_of_partner() -> None:
    # North ruffed with the 4♠ and East followed: North is winning, South discards.
    result = hint("Q82.K5432..T6543", ["5D", "4S", "9D"])
    assert not result[0].endswith("S")
    assert "partner" in result[1]


def test_discard_when_partner_has_the_trick() -> None:
    check(hint("Q82.K5432..T6543", ["5D", "AD", "9D"]), "2H", "partner")


def test_discard_from_a_short_suit() -> None:
    check(hint(".J4..AKQJT987654", ["5D", "9D", "TD"]), "4H", "discard from a short suit")


# -- leading ---------------------------------------------------------------------------------------


def test_lead_cashes_a_side_ace() -> None:
    check(hint("Q82.A54.K95.T632"), "AH", "cash your winners")


def test_lead_from_strength_with_a_sequence() -> None:
    check(hint("Q82.KQ4.J95.T632"), "KH", "lead the top of a sequence")


def test_lead_a_singleton_to_make_a_void() -> None:
    check(hint("Q82.4.J9543.T632"), "4H", "lead a singleton")


def test_no_spade_lead_before_spades_are_broken() -> None:
    card, _ = hint("AKQJ8.Q54.J95.T6")
    assert not card.endswith("S")


def test_draw_spades_with_the_top_spade() -> None:
    check(hint("AK82.Q54.J95.T63", spades_broken=True), "AS", "draw spades")


# Draw spades, narrowed against the judge (issue #27; docs/calibration_studies.md): over 1,144 decisions
# of deals the study had not seen, the card the narrowed rule leads instead gained 1.9 points a decision.


def test_no_draw_with_one_master_spade_and_tricks_to_spare() -> None:
    # The A♠ wins later as well; leading it now only pulls the partner's spades.
    card, reason = hint("A82.Q54.J95.T63", spades_broken=True)
    assert card != "AS" and "draw spades" not in reason, reason


def test_draw_with_one_master_spade_when_every_trick_but_one_is_needed() -> None:
    check(hint("A82.Q54.J95.T63", bids={"N": 6, "E": 1, "S": 6, "W": 1}, spades_broken=True), "AS", "draw spades")


def test_no_draw_when_both_opponents_are_out_of_spades() -> None:
    # North led the 3♠, East and West discarded hearts: only the partner has spades left to pull.
    card, reason = hint("AK8.Q54.J95.T63", played=["3S", "2H", "4S", "3H"], tricks_won={"S": 1})
    assert card != "AS" and "draw spades" not in reason, reason


def test_lead_partners_void_suit() -> None:
    # Trick 1: W led 2D, N discarded 6H (void in diamonds), E 9D, S won with AD.
    played = ["2D", "6H", "9D", "AD"]
    check(hint("Q82.K54.Q7.T632", played=played, tricks_won={"S": 1}), "7D", "lead to your partner's void")


# Lead to your partner's void, narrowed against the judge (issue #27; docs/calibration_studies.md).


def test_cash_the_top_card_of_your_partners_void_suit_rather_than_give_a_ruff() -> None:
    # The A♦ is gone, so the K♦ wins the trick by itself: no need to spend the partner's spade.
    card, reason = hint("Q82.K54.K7.T632", played=["2D", "6H", "9D", "AD"], tricks_won={"S": 1})
    assert card == "KD" and "partner's void" not in reason, reason


def test_no_lead_for_a_ruff_that_the_last_opponent_can_over_ruff() -> None:
    # Trick 1: W led 2D, N and E both discarded hearts, S won with AD: East, after North, ruffs too.
    card, reason = hint("Q82.K54.Q7.T632", played=["2D", "6H", "7H", "AD"], tricks_won={"S": 1})
    assert not card.endswith("D") and "partner's void" not in reason, reason


# -- Nil ---------------------------------------------------------------------------------------------

NIL_S = {"N": 4, "E": 3, "S": 0, "W": 3}
NIL_N = {"N": 0, "E": 3, "S": 4, "W": 3}
NIL_E = {"N": 3, "E": 0, "S": 3, "W": 4}
NIL_W = {"N": 3, "E": 4, "S": 3, "W": 0}


def test_nil_plays_under_the_winning_card() -> None:
    check(hint("82.KJ42.9543.T63", ["5H", "QH"], NIL_S), "JH", "dump your high cards")


def test_nil_discards_the_most_dangerous_card() -> None:
    check(hint("82..AK543.T97632", ["5H", "QH", "3H"], NIL_S), "AD", "dangerous")


def test_nil_leads_low() -> None:
    check(hint("82.J42.9543.T632", bids=NIL_S), "2H", "lead low on a nil")


def test_nil_cannot_duck_plays_lowest_hoping_for_an_overtake() -> None:
    check(hint("82.KJ.95432.T632", ["5H"], NIL_S), "JH", "play low and hope")


def test_cover_partners_nil_in_fourth_seat() -> None:
    check(hint("Q82.K54.KJ3.T632", ["5D", "9D", "4D"], NIL_N), "JD", "cover your partner's nil")


def test_cover_partners_nil_in_second_seat() -> None:
    check(hint("Q82.K54.KJ3.AT62", ["5C"], NIL_N), "AC", "cover your partner's nil")


def test_cover_partners_nil_by_ruffing() -> None:
    check(hint("Q82.K5432..T6543", ["5D", "9D", "4D"], NIL_N), "2S", "nil")


def test_protect_partners_nil_with_a_high_lead() -> None:
    check(hint("Q82.A54.K95.T632", bids=NIL_N), "AH", "lead high for your partner's nil")


def test_partner_nil_already_safe_plays_normally() -> None:
    # East has overtaken North's card: North is safe, South just wins cheaply.
    card, reason = hint("Q82.K54.AQJ3.T63", ["5D", "2D", "TD"], NIL_N)
    assert card == "JD" and "nil" not in reason.lower()


def test_set_opponents_nil_by_ducking_under() -> None:
    check(hint("Q82.Q94.K95.T632", ["8H", "TH"], NIL_E), "9H", "duck under")


def test_set_opponents_nil_by_playing_low_before_them() -> None:
    check(hint("Q82.K54.K95.KJ42", ["5C"], NIL_W), "2C", "set the nil")


def test_set_opponents_nil_with_a_low_lead() -> None:
    check(hint("Q82.K54.K95.T632", bids=NIL_W), "2C", "set the nil")


def test_set_nil_does_not_ruff_their_winner() -> None:
    card, reason = hint("Q82.K5432..T6543", ["8D", "TD"], NIL_E)
    assert not card.endswith("S") and "nil" in reason.lower()


# -- bags and the match ---------------------------------------------------------------------------------


def test_dodge_bags_once_the_contract_is_made() -> None:
    bids = {"N": 1, "E": 4, "S": 1, "W": 4}
    check(
        hint("Q82.KQ4.K9.T65", ["5H", "9H"], bids, played=TWO_TO_NORTH, tricks_won={"N": 2}),
        "4H",
        "duck to dodge a bag",
    )


def test_dodge_bags_by_discarding_instead_of_ruffing() -> None:
    bids = {"N": 1, "E": 4, "S": 1, "W": 4}
    check(
        hint("Q82.KQ54..T986", ["5D", "9D"], bids, played=TWO_TO_NORTH, tricks_won={"N": 2}), "KH", "rather than ruff"
    )


def test_take_a_bag_to_set_the_opponents() -> None:
    bids = {"N": 1, "E": 5, "S": 1, "W": 5}
    check(
        hint("Q82.KQ4.K9.T65", ["5H", "9H"], bids, played=TWO_TO_NORTH, tricks_won={"N": 2}),
        "QH",
        "take a bag to set them",
    )


def test_take_a_bag_when_this_trick_sets_them() -> None:
    # East-West bid 11 and need all of the last 11 tricks: this trick sets them.
    bids = {"N": 1, "E": 6, "S": 1, "W": 5}
    assert hint("Q82.KQ4.K9.T65", ["5H", "9H"], bids, played=TWO_TO_NORTH, tricks_won={"N": 2}) == (
        "QH",
        "take a bag to set them: the opponents need 11 of the last 11 tricks, so one more trick for you sets them; "
        "third hand high: only as high as needed, the Q♥ does the same work as the K♥",
    )


def test_no_bag_to_set_them_while_the_side_needs_the_trick() -> None:
    # North-South still need 2: the trick is not a bag, it is one they need.
    bids = {"N": 2, "E": 6, "S": 2, "W": 5}
    assert hint("Q82.KQ4.K9.T65", ["5H", "9H"], bids, played=TWO_TO_NORTH, tricks_won={"N": 2}) == (
        "QH",
        "third hand high: only as high as needed, the Q♥ does the same work as the K♥",
    )


def test_end_of_match_fight_when_opponents_would_win() -> None:
    bids = {"N": 1, "E": 4, "S": 1, "W": 4}
    check(
        hint(
            "Q82.KQ4.K9.T65",
            ["5H", "9H"],
            bids,
            played=TWO_TO_NORTH,
            tricks_won={"N": 2},
            scores={"NS": 100, "EW": 460},
        ),
        "QH",
        "play to the score",
    )


def test_bags_irrelevant_when_this_hand_wins_the_match() -> None:
    bids = {"N": 2, "E": 3, "S": 2, "W": 3}
    base = {"played": FOUR_TO_NORTH, "tricks_won": {"N": 4}}
    check(hint("Q82.KQ5.K9.T", ["6H", "9H"], bids, scores={"NS": 470, "EW": 100}, **base), "QH", "just points")
    check(hint("Q82.KQ5.K9.T", ["6H", "9H"], bids, **base), "5H", "duck to dodge a bag")


def test_contract_lost_lets_opponents_take_the_tricks() -> None:
    # North-South bid 14 between them: with 9 tricks left the contract cannot be made,
    # and East-West have made their 2, so each trick they take is a bag for them.
    bids = {"N": 7, "E": 1, "S": 7, "W": 1}
    card, reason = hint("Q82.KQ4.K9.T", ["5H", "9H"], bids, tricks_won={"N": 2, "E": 2})
    assert card == "4H"
    assert reason.startswith("push bags onto the opponents:"), reason


def test_contract_lost_still_fights_to_set_them() -> None:
    # North-South cannot make 14, but East-West still need 4: a trick given to them is no
    # bag, it helps them make their bid. South fights for the trick instead.
    bids = {"N": 7, "E": 2, "S": 7, "W": 2}
    assert hint("Q82.KQ4.K9.T65", ["5H", "9H"], bids, played=TWO_TO_NORTH, tricks_won={"N": 2}) == (
        "QH",
        "third hand high: only as high as needed, the Q♥ does the same work as the K♥",
    )


def test_both_contracts_lost_no_push() -> None:
    # Neither side can make its bid: giving East-West the trick adds no bag to them.
    bids = {"N": 7, "E": 6, "S": 7, "W": 6}
    card, reason = hint("Q82.KQ4.K9.T", ["5H", "9H"], bids, tricks_won={"N": 2, "E": 2})
    assert "push bags" not in reason and "bag" not in reason, reason
    assert card == "QH", reason


# -- single legal card and two-of-clubs ----------------------------------------------------------------


def test_only_one_legal_card() -> None:
    check(hint("Q82.K.A953.T6432", ["5H"]), "KH", "only one legal card")


def test_two_of_clubs_leads_first() -> None:
    p = Position("S", "Q82.K54.A95.T632", EVEN, {}, rules=Rules(first_lead="two_of_clubs"))
    h = suggest_play(p)
    assert str(h.card) == "2C" and "2♣" in h.reason


# -- two-player -----------------------------------------------------------------------------------------


def test_two_player_second_hand_wins_cheaply() -> None:
    rules = Rules(players=2)
    p = Position("S", "Q82.K54.AQJ3.T63", {"N": 4, "S": 4}, {}, trick=["TD"], rules=rules)
    h = suggest_play(p)
    assert str(h.card) == "JD" and "cheaply" in h.reason


# -- properties -----------------------------------------------------------------------------------------


def _position_after(seed: int, steps: int, rules: Rules = Rules()) -> Position:
    r = Round(deal(seed), dealer="N", rules=rules)
    bots = {s: MediumBot() for s in Seat}
    for _ in range(4):
        seat = r.to_act
        assert seat is not None
        r.bid(seat, bots[seat].choose_bid(Position.from_round(r)))
    for _ in range(steps):
        seat = r.to_act
        assert seat is not None
        r.play(seat, suggest_play(Position.from_round(r)).card)
    return Position.from_round(r)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 51))
def test_suggested_card_is_always_legal_and_deterministic(seed: int, steps: int) -> None:
    p = _position_after(seed, steps)
    first = suggest_play(p)
    assert first.card in p.legal
    assert first.reason and "\n" not in first.reason
    again = suggest_play(_position_after(seed, steps))
    assert again == first


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_whole_hands_under_variant_rules_stay_legal(seed: int) -> None:
    rules = Rules(first_lead="two_of_clubs", spade_lead_breaks=True, min_team_bid=4)
    r = play_round(Round(deal(seed), dealer="E", rules=rules), {s: MediumBot() for s in Seat})
    assert r.is_complete and sum(r.tricks_won.values()) == 13


def test_hint_prints_card_and_reason() -> None:
    p = Position("S", "Q82.K74.A95.T632", EVEN, {}, trick=["5H"])
    assert str(suggest_play(p)).startswith("4♥: ")
    assert isinstance(suggest_play(p).card, Card)


@pytest.mark.parametrize("seat", ["N", "E", "S", "W"])
def test_live_round_positions_for_every_seat(seat: str) -> None:
    r = Round(deal(11), dealer=Seat.coerce(seat).previous)
    for b in (3, 3, 3, 3):
        to_act = r.to_act
        assert to_act is not None
        r.bid(to_act, b)
    p = Position.from_round(r)
    assert p.seat is Seat.coerce(seat)
    assert suggest_play(p).card in r.legal_plays()


# -- covering a Nil only where it helps -------------------------------------------------------------

NIL_N_MADE = {"N": 0, "E": 4, "S": 2, "W": 4}


def test_no_cover_once_partners_nil_has_failed() -> None:
    # North (Nil) took a trick already: the Nil is lost, South plays for the contract.
    card, reason = hint("Q82.K54.KJ3.T9", ["5D", "9H", "6D"], NIL_N, tricks_won={"N": 1, "W": 1})
    assert (card, reason) == ("JD", "win as cheaply as possible: the J♦ is enough")


def test_no_cover_when_partners_nil_fails_in_this_trick() -> None:
    # North's K♦ wins and South, last to play, has no diamond and no spade to beat it:
    # the Nil is lost on this trick, so South discards by the usual rule (from the short suit).
    card, reason = hint(".K54..QT76532", ["5D", "KD", "9D"], NIL_N)
    assert card == "4H"
    assert reason.startswith("don't trump your partner's winner:"), reason


def test_no_cover_when_partner_already_played_under() -> None:
    # West led the 9♦, North played under it: the Nil is safe in this trick.
    card, reason = hint("Q82.K54.KJ3.T632", ["9D", "4D", "2D"], NIL_N)
    assert (card, reason) == ("JD", "win as cheaply as possible: the J♦ is enough")


def test_no_cover_when_partner_cannot_beat_the_card_led() -> None:
    # East leads the K♠ and South holds the A♠: North cannot hold a spade above the king.
    # South's contract is made, so South ducks instead of covering.
    card, reason = hint("A32.K65.KJ.T6", ["KS"], NIL_N_MADE, tricks_won={"S": 2, "E": 1}, spades_broken=True)
    assert card == "3S"
    assert reason.startswith("duck to dodge a bag:"), reason


# The A♥ went in trick 1 (South won it), South won the clubs, East the diamonds and leads now.
A_OF_HEARTS_OUT = ["2H", "AH", "3H", "4H", "AC", "2C", "3C", "4C", "2D", "3D", "4D", "AD"]


def test_no_cover_when_the_ace_is_out() -> None:
    # East leads the Q♥ with the A♥ gone and the K♥ in South's hand: North cannot beat it.
    card, reason = hint("Q872.K65.K.T6", ["QH"], NIL_N_MADE, played=A_OF_HEARTS_OUT, tricks_won={"S": 2, "E": 1})
    assert card == "6H"
    assert reason.startswith("duck to dodge a bag:"), reason


def test_cover_by_ruffing_with_the_lowest_spade() -> None:
    # Void in diamonds: any spade covers North, who cannot be made to beat a ruff.
    card, reason = hint("AQ82.K5432..T654", ["5D"], NIL_N)
    assert (card, reason) == (
        "2S",
        "cover your partner's Nil: your partner cannot be forced to beat the 2♠, so they can play under it",
    )


def test_cover_with_the_lowest_sure_card() -> None:
    # A♣ K♣ over East's 5♣: North cannot hold a club above the K♣, which does what the A♣ does.
    card, reason = hint("Q82.K54.KJ3.AK62", ["5C"], NIL_N)
    assert (card, reason) == (
        "KC",
        "cover your partner's Nil: your partner cannot be forced to beat the K♣, so they can play under it",
    )


def test_cover_that_is_not_sure_says_so() -> None:
    # The Q♣ is South's best club, but North may hold only the A♣ or K♣.
    card, reason = hint("Q82.K54.KJ3.Q762", ["5C"], NIL_N)
    assert (card, reason) == (
        "QC",
        "cover your partner's Nil: the Q♣ gives your partner the best chance to play under it",
    )


def test_lead_for_partners_nil_with_the_lowest_sure_spade() -> None:
    # Only spades left: the K♠ is as sure as the A♠ (no spade above it is out), so keep the ace.
    assert hint("AK2...", bids=NIL_N, tricks_won={"S": 5, "E": 5}, spades_broken=True) == (
        "KS",
        "lead high for your partner's Nil: your partner cannot be forced to beat the K♠, so they can play under it",
    )


# -- Nil play measured against the judge (issue #27): positions of the calibration's medium-bot deals --------------
# (benchmarks/principle_calibration.py, standard rules). In each, the judge from the seat, over 160 deals
# drawn with two other seeds, finds the card asked for here as good as the best and the old card not.

# Deal 4 (dealer E): West bid Nil; North showed out of diamonds on the A♦ (trick 2).
DEAL_4_BIDS = {"E": 3, "S": 2, "W": "nil", "N": 5}
DEAL_4_TRICK_4 = "KD 2D QD 5D AD 3D JD 5S 2H 9H 3H 8H".split()
# Deal 12 (dealer N): South bid Nil; West showed out of clubs on the first trick.
DEAL_12_BIDS = {"E": 3, "S": "nil", "W": 5, "N": 4}
DEAL_12_TRICK_5 = "2C 4C AD 5C KD 3D TD 2D KH TH 8H AH 6H JH AC 5H".split()
# Deal 27 (dealer E): North bid Nil.
DEAL_27_BIDS = {"N": "nil", "E": 4, "S": 3, "W": 3}


def test_lead_for_partners_nil_not_into_an_opponents_void() -> None:
    # The K♣ is the highest club left, but West ruffs it: West takes the lead and the K♣, and
    # leads what suits them against the Nil. The 8♦ keeps the K♣ (was: the K♣).
    assert hint("AJ9.43.8.K96", bids=DEAL_12_BIDS, seat="N", tricks_won={"N": 3, "W": 1}, played=DEAL_12_TRICK_5) == (
        "8D",
        "lead high for your partner's Nil: the 8♦ gives your partner the best chance to play under it",
    )


def test_lead_for_partners_nil_that_they_are_least_likely_to_beat() -> None:
    # No sure card: the Q♠ (only the A♠ and K♠ above it, many spades below) leaves West a lower
    # spade far more often than the 7♦ leaves them a lower diamond (only the 4♦ is left below
    # it), and North ruffs diamonds (was: the 7♦, the highest side card).
    played = [*DEAL_4_TRICK_4, "TD", "8D", "9D", "6S", "2C", "AC", "7C", "QC"]
    assert hint("Q32.6.76.64", bids=DEAL_4_BIDS, seat="E", tricks_won={"N": 2, "E": 3}, played=played) == (
        "QS",
        "lead high for your partner's Nil: the Q♠ gives your partner the best chance to play under it",
    )


def test_no_ruff_to_cover_a_nil_partner_who_cannot_be_made_to_beat_the_card() -> None:
    # Trick 9: East leads the J♥, the highest heart left. North (Nil) cannot be made to beat it
    # by following suit; only a hand of nothing but spades would have to ruff. South, out of
    # hearts with the contract made, discards rather than ruff with the Q♠ (was: the Q♠).
    played = "2H AH 4H 5H 2C 8C 3C 7C AD 6D QD 4D QH 9H TH 3H JD 9D TD KD 7H 8H KH 6H 4C 5C AC 9C 7D 2D KC 5D".split()
    card, reason = hint("Q985..8.", ["JH"], DEAL_27_BIDS, tricks_won={"E": 4, "S": 3, "W": 1}, played=played)
    assert card == "8D", reason
    assert reason.startswith("duck to dodge a bag:"), reason


def test_set_nil_discards_a_low_card_not_a_winner() -> None:
    # Trick 7: West leads the 9♥ and North plays the 4♥. East, out of hearts, leaves the 9♥ on
    # top for South (Nil), last to play, who may have to beat it. Any discard does that: East
    # throws the 6♦, not the 10♣, a card that can still win a trick (was: the 10♣).
    played = [*DEAL_12_TRICK_5, "KC", "3C", "QC", "5S", "7H", "3H", "JC", "2H"]
    assert hint("Q432..6.T7", ["9H", "4H"], DEAL_12_BIDS, seat="E", tricks_won={"N": 3, "W": 3}, played=played) == (
        "6D",
        "set the Nil: discard the 6♦ and leave the trick low for South",
    )


def test_take_bags_to_set_them_when_three_more_tricks_do_it() -> None:
    # East-West bid 9 and need 9 of the last 11 tricks: three tricks for North-South set them,
    # worth more than the bags they cost (deals 1-600 of the study: +2.9 points a decision).
    bids = {"N": 1, "E": 5, "S": 1, "W": 4}
    assert hint("Q82.KQ4.K9.T65", ["5H", "9H"], bids, played=TWO_TO_NORTH, tricks_won={"N": 2}) == (
        "QH",
        "take a bag to set them: the opponents need 9 of the last 11 tricks, so 3 more tricks for you set them; "
        "third hand high: only as high as needed, the Q♥ does the same work as the K♥",
    )


def test_on_lead_late_in_the_hand_three_tricks_to_set_them_are_not_chased() -> None:
    # Five tricks left, East-West need 3 of them: on lead, a winner led now is only a bag (the study:
    # the fighting lead lost 0.7 points a decision there), so South ducks and keeps the winners.
    bids = {"N": 3, "E": 4, "S": 1, "W": 3}
    p = Position("S", "K4.Q3.T.", bids, {"N": 3, "E": 3, "S": 1, "W": 1})
    hint_ = suggest_play(p)
    assert hint_.principle == "duck to dodge a bag", hint_.reason
    # the same hand following a low heart, with the same need: take the trick
    p = Position("S", "K4.Q3.T.", bids, {"N": 3, "E": 3, "S": 1, "W": 1}, trick=["5H"])
    hint_ = suggest_play(p)
    assert hint_.principle == "take a bag to set them", hint_.reason
    assert hint_.reason.startswith("take a bag to set them: the opponents need 3 of the last 5 tricks, so 3 more")
