"""Positions written the short way, as puzzle books write them: the hand's size
fixes the tricks left, ``tricks_won`` is the tally so far, earlier tricks unknown."""

from __future__ import annotations

import pytest

from spades_teach import Rules, Seat
from spades_teach.advice.levels import make_bot
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.analysis import double_dummy
from spades_teach.errors import PositionError, SpadesError

LEVELS = ("easy", "medium", "hard", "expert")


def nil_puzzle() -> Position:
    # "South holds A♥ Q♥ 2♠; partner bid Nil and has taken nothing; we bid 4 and have 3."
    return Position("S", "AH QH 2S", {"N": 0, "E": 4, "S": 4, "W": 3}, {"N": 0, "S": 3})


def test_the_hand_size_fixes_the_tricks_left() -> None:
    p = nil_puzzle()
    assert (p.trick_number, p.tricks_left, p.completed) == (11, 3, 10)
    assert p.unknown_tricks == 7 and not p.history_known
    assert p.tricks_won[Seat.S] == 3 and p.tricks_won[Seat.N] == 0
    assert {p.hand_size(s) for s in Seat} == {3}
    assert str(p.legal) == ".AQ.."  # spades not broken and hearts held: no spade lead
    assert len(p.unseen) == 49


def test_no_tally_at_all_and_a_trick_in_progress() -> None:
    # "North led the K♦, East played the 3♦: South holds 7♦ A♠ 4♣ 9♣, to play."
    p = Position("S", "7D AS 4C 9C", trick=["KD", "3D"])
    assert p.tricks_left == 4 and p.leader is Seat.N and p.trick_seats == (Seat.N, Seat.E)
    assert p.hand_size("N") == 3 and p.hand_size("W") == 4
    assert str(p.legal) == "..7."  # must follow diamonds


def test_suggest_play_and_every_bot_work_from_a_short_position() -> None:
    for p in (nil_puzzle(), Position("S", "7D AS 4C 9C", trick=["KD", "3D"])):
        assert suggest_play(p).card in p.legal
        for level in LEVELS:
            assert make_bot(level, seed=5).choose_play(p) in p.legal, level


def test_the_solver_solves_a_short_position_dealt_out() -> None:
    # The puzzle with every hand shown: North must not win a trick.
    p = nil_puzzle()
    hands = {"S": str(p.hand), "N": "KH 3H 2D", "E": "JH 4D 3C", "W": "TH 9D 2C"}
    dd = double_dummy(hands, leader=p.leader, spades_broken=p.spades_broken)
    assert dd.tricks_left == p.tricks_left
    assert set(dd.card_scores) == set(p.legal)
    # South leads A♥ (North can drop the K♥ on it): the Q♥ lead lets East win and leaves North's K♥ to win a heart.
    assert dd.nil("N").cards[next(c for c in p.legal if str(c) == "AH")]


def test_two_player_short_position() -> None:
    p = Position("N", "AS 3H", {"N": 4, "S": 3}, {"N": 6}, rules=Rules(players=2))
    assert p.tricks_left == 2 and p.unknown_tricks == 5 and p.hand_size("S") == 2


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (("S", "AH QH 2S", {}, {"N": 6, "E": 5}), {}, "the tricks won add up to 11, but a hand of 3 cards means 10"),
        (("S", "AH QH 2S"), {"trick": ["AH"]}, "A♥ is both in your hand and in the trick"),
        (("S", "AH QH 2S"), {"seen": ["KH", "KH"]}, "appears twice"),
        (("S", "AH QH 2S"), {"trick": ["3C", "4C", "5C", "6C"]}, "at most 3"),
        (("S", "-.-.-.-"), {}, "is empty"),
        (("S", "AKQJT98765432.A.-.-"), {}, "at most 13"),
        (
            ("S", "AH QH 2S"),
            {
                "seen": [c for c in "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC".split()] * 1
                + "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2H 3H 4H 5H 6H".split()
            },
            "can be out of play",
        ),
    ],
)
def test_what_no_deal_allows_is_still_refused(
    args: tuple[object, ...], kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(PositionError) as info:
        Position(*args, **kwargs)  # type: ignore[arg-type]
    assert message in str(info.value)
    assert isinstance(info.value, SpadesError)
