"""Position: one seat's view of a hand, checked for consistency."""

from __future__ import annotations

import pytest

from spades_teach import Card, PositionError, Round, Rules, Seat, SpadesError, Suit, deal
from spades_teach.advice.position import Position

EVEN = {"N": 3, "E": 3, "S": 3, "W": 3}


def test_leader_and_trick_seats_follow_the_trick_length() -> None:
    p = Position("S", "Q82.K74.A95.T632", EVEN, {}, trick=["5H", "9H", "TH"])
    assert p.leader is Seat.W
    assert p.trick_seats == (Seat.W, Seat.N, Seat.E)
    assert p.led is Suit.HEARTS and str(p.legal) == ".K74.."


def test_history_is_rebuilt_backwards_and_voids_are_found() -> None:
    played = ["2D", "6H", "9D", "AD"]  # W led, N showed out of diamonds, S won
    p = Position("S", "Q82.K54.K7.T632", EVEN, {"S": 1}, played=played)
    assert p.trick_history[0][0] is Seat.W and p.trick_history[0][2] is Seat.S
    assert Suit.DIAMONDS in p.voids[Seat.N]
    assert p.cards_of("N") == (Card.parse("6H"),)
    assert p.hand_size("E") == 12 and p.tricks_left == 12


def test_tricks_won_can_be_left_out() -> None:
    p = Position("S", "Q82.K54.K7.T632", EVEN, None, played=["2D", "6H", "9D", "AD"])
    assert p.tricks_won[Seat.S] == 1


def test_spades_broken_is_worked_out() -> None:
    p = Position("N", "Q82.K54.K76.T632", EVEN, {}, trick=["5D", "3S"])
    assert p.spades_broken
    assert not Position("N", "Q82.K54.K76.T632", EVEN, {}, trick=["5D", "3D"]).spades_broken


def test_unseen_cards_exclude_everything_seen() -> None:
    p = Position("S", "Q82.K74.A95.T632", EVEN, {}, trick=["5H"])
    assert len(p.unseen) == 52 - 13 - 1 and "5H" not in p.unseen and "QS" not in p.unseen


def test_from_round_matches_the_live_hand() -> None:
    r = Round(deal(4), dealer="N")
    p = Position.from_round(r)
    assert p.is_bidding and p.seat is Seat.E and len(p.hand) == 13
    for b in (3, 3, 3, 3):
        seat = r.to_act
        assert seat is not None
        r.bid(seat, b)
    for _ in range(6):
        seat = r.to_act
        assert seat is not None
        r.play(seat, next(iter(r.legal_plays())))
    p = Position.from_round(r)
    assert p.seat is r.to_act and p.hand == r.hand(p.seat)
    assert p.legal == r.legal_plays()
    assert dict(p.tricks_won) == dict(r.tricks_won)


def test_two_player_positions() -> None:
    p = Position("N", "Q82.K74.A95.T632", {"N": 3, "S": 4}, {}, trick=["5H"], rules=Rules(players=2))
    assert p.leader is Seat.S and p.hand_size("S") == 12


# -- bad input -----------------------------------------------------------------------------------------


def test_card_both_in_hand_and_played() -> None:
    with pytest.raises(PositionError, match="6♥ is both in your hand and in the played cards"):
        Position("S", "Q82.K64.K7.T632", EVEN, {"S": 1}, played=["2D", "6H", "9D", "AD"])
    with pytest.raises(PositionError, match="both in your hand and in the trick"):
        Position("S", "Q82.K74.A95.T632", EVEN, {}, trick=["7H"])


def test_card_twice_in_played() -> None:
    with pytest.raises(PositionError, match="appears twice"):
        Position("S", "Q82.K54.K7.T632", EVEN, {}, played=["2D", "2D", "9D", "AD"])


def test_trick_longer_than_three() -> None:
    with pytest.raises(PositionError, match="at most 3"):
        Position("S", "Q82.K74.A95.T632", EVEN, {}, trick=["5H", "9H", "TH", "JH"])


def test_hand_of_the_wrong_size() -> None:
    with pytest.raises(PositionError, match="must hold 12"):
        Position("S", "Q82.K54.K73.T632", EVEN, {"S": 1}, played=["2D", "6H", "9D", "AD"])
    with pytest.raises(PositionError, match="at most 13"):
        Position("S", "AQ82.K74.A95.T632", EVEN, {})
    with pytest.raises(PositionError, match="is empty"):
        Position("S", "-.-.-.-", EVEN, {})


def test_played_cards_must_make_whole_tricks() -> None:
    with pytest.raises(PositionError, match="whole tricks"):
        Position("S", "Q82.K54.K7.T632", EVEN, {}, played=["2D", "6H", "9D"])


def test_tricks_won_must_add_up() -> None:
    with pytest.raises(PositionError, match="add up to 2"):
        Position("S", "Q82.K54.K7.T632", EVEN, {"S": 1, "N": 1}, played=["2D", "6H", "9D", "AD"])
    with pytest.raises(PositionError, match="does not match"):
        Position("S", "Q82.K54.K7.T632", EVEN, {"N": 1}, played=["2D", "6H", "9D", "AD"])


def test_renege_shown_in_history_is_refused() -> None:
    # North did not follow diamonds in trick 1 but still holds two.
    with pytest.raises(PositionError, match="renege"):
        Position("N", "Q82.K54.K7.T632", EVEN, {"E": 1}, played=["2D", "6H", "AD", "9D"], trick=["7C", "8C", "9C"])


def test_spades_broken_false_against_the_evidence() -> None:
    with pytest.raises(PositionError, match="already been played"):
        Position("N", "Q82.K54.K76.T632", EVEN, {}, trick=["5D", "3S"], spades_broken=False)


def test_seat_outside_a_two_player_game() -> None:
    with pytest.raises(PositionError, match="two-player"):
        Position("E", "Q82.K74.A95.T632", {}, {}, rules=Rules(players=2))


def test_unparseable_input_is_a_spades_error() -> None:
    with pytest.raises(SpadesError):
        Position("S", "Q82.K74.A95.T6X2", EVEN, {})
    with pytest.raises(SpadesError):
        Position("Q", "Q82.K74.A95.T632", EVEN, {})
    with pytest.raises(SpadesError):
        Position("S", "Q82.K74.A95.T632", {"S": 14}, {})
    with pytest.raises(SpadesError):
        Position("S", "Q82.K74.A95.T632", {"S": "nil"}, {}, rules=Rules(nil=False))


def test_from_round_after_the_hand_is_over() -> None:
    from spades_teach.advice.bots import MediumBot, play_round

    r = play_round(Round(deal(2), dealer="N"), {s: MediumBot() for s in Seat})
    with pytest.raises(PositionError, match="over"):
        Position.from_round(r)
