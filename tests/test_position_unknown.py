"""Positions pasted from any moment: the history of earlier tricks unknown."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from spades_teach import Hand, Rules, Seat
from spades_teach.advice.levels import make_bot
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.errors import PositionError

BIDS = {"N": 3, "E": 3, "S": 3, "W": 3}
LEVELS = ("easy", "medium", "hard", "expert")


def late_trick() -> Position:
    # "I hold A♠ 3♥, 11 tricks are done, the trick so far is 3♣ 4♣ 5♣."
    return Position("S", "AS 3H", BIDS, {"N": 3, "E": 3, "S": 2, "W": 3}, trick=["3C", "4C", "5C"])


def test_a_trick_in_progress_after_eleven_unknown_tricks() -> None:
    p = late_trick()
    assert p.trick_number == 12 and p.tricks_left == 2 and not p.history_known
    assert p.leader is Seat.W and p.voids[Seat.S] == frozenset()
    assert {p.hand_size(s) for s in (Seat.W, Seat.N, Seat.E)} == {1}
    assert str(p.legal) == "A.3.."  # no club: anything goes
    assert len(p.unseen) == 52 - 2 - 3
    hint = suggest_play(p)
    assert hint.card in p.legal
    for level in LEVELS:
        assert make_bot(level, seed=1).choose_play(p) in p.legal, level


def test_an_endgame_of_two_cards_with_some_cards_seen() -> None:
    p = Position("N", "KH 2D", BIDS, {"N": 2, "E": 4, "S": 3, "W": 2}, seen="AH QH 3D 4S")
    assert p.trick_number == 12 and p.leader is Seat.N and not p.trick
    assert p.spades_broken  # a spade is gone: spades were broken
    assert Seat.N not in p.voids or not p.voids[Seat.N]
    assert len(p.unseen) == 52 - 2 - 4
    for level in LEVELS:
        assert make_bot(level, seed=2).choose_play(p) in p.legal, level
    # With no card seen at all, the position still works: it knows less.
    blind = Position("N", "KH 2D", BIDS, {"N": 2, "E": 4, "S": 3, "W": 2})
    assert not blind.spades_broken and len(blind.unseen) == 50
    assert suggest_play(blind).card in blind.legal


def test_seen_cards_in_any_order_match_a_known_history() -> None:
    played = ["2C", "KC", "AC", "3C"]
    known = Position("S", "AKQ.K52.7.98654", BIDS, played=played, trick=[])
    same = Position("S", "AKQ.K52.7.98654", BIDS, played=played, seen=["3C", "AC", "2C", "KC"])
    assert same.unseen == known.unseen and same.tricks_won == known.tricks_won


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"played": ["2C", "KC", "AC", "3C"], "seen": ["2C", "KC", "AC", "4C"]}, "conflicts with the played history"),
        ({"tricks_won": {"N": 1}, "seen": ["2C", "KC", "AC", "3C", "7C"]}, "only 4 can be out of play"),
        ({"tricks_won": {"N": 1}, "seen": ["2C", "AS"]}, "is both in your hand and in the seen cards"),
        ({"tricks_won": {"N": 2}}, "the tricks won add up to 2, but a hand of 12 cards means 1 completed trick"),
        ({"played": ["2C", "KC", "AC", "3C"], "tricks_won": {"N": 2}}, "tricks won add up to 2, but 1 trick has"),
    ],
)
def test_conflicting_input_is_refused_with_the_reason(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(PositionError) as info:
        Position("S", "AKQ.K52.7.98654", BIDS, **kwargs)  # type: ignore[arg-type]
    assert message in str(info.value)


def test_two_player_position_with_unknown_history() -> None:
    rules = Rules(players=2)
    p = Position("S", "AS 3H 7D", {"N": 4, "S": 3}, {"N": 5, "S": 5}, rules=rules, seen="2S 9H")
    assert p.tricks_left == 3 and p.hand_size("N") == 3
    assert len(p.unseen) == 52 - 3 - 2
    for level in LEVELS:
        assert make_bot(level, seed=3).choose_play(p) in p.legal, level
    everything_else = [c for c in Hand.from_mask((1 << 52) - 1) if c not in p.hand]
    with pytest.raises(PositionError, match="only 46 can be out of play"):
        Position("S", "AS 3H 7D", {"N": 4, "S": 3}, {"N": 5, "S": 5}, rules=rules, seen=everything_else)


def test_a_full_suit_seen_first_does_not_spoil_the_legal_cards_of_a_round() -> None:
    # A hand with every club (as the unseen cards of a position can be) caches the full suit; a Round made afterwards
    # (in a fresh process, so no earlier Round filled the card tables) must still find
    # the cards of any part of a suit.
    code = (
        "from spades_teach.game.cards import SUIT_MASKS, Card, Hand, Suit\n"
        "assert len(list(Hand.from_mask(SUIT_MASKS[Suit.CLUBS] | Card.parse('AS').mask))) == 14\n"
        "from spades_teach import Round, deal\n"
        "r = Round(deal(4), dealer='N')\n"
        "for b in (3, 3, 3, 3): r.bid(r.to_act, b)\n"
        "for _ in range(6): r.play(r.to_act, next(iter(r.legal_plays())))\n"
        "print(len(r.legal_plays()))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
