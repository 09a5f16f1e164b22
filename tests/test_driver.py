"""The one driver: bots and people at one table, events in order, the same hands as before."""

from __future__ import annotations

import pytest

from spades_teach import Round, Seat, deal
from spades_teach.advice.bots import MediumBot, play_round
from spades_teach.advice.driver import advance, play_hand
from spades_teach.errors import IllegalActionError
from spades_teach.game.round import BidEvent, PlayEvent


def test_advance_stops_at_each_person_and_reports_every_bot_action() -> None:
    r = Round(deal(8), dealer="N")
    bots = {s: MediumBot() for s in "NSW"}
    events: list[BidEvent | PlayEvent] = []
    person_turns = 0
    while (seat := advance(r, bots, on_event=events.append)) is not None:
        assert seat is Seat.E
        person_turns += 1
        if r.phase == "bidding":
            r.bid(seat, 3)
        else:
            r.play(seat, r.legal_plays()[0])
    assert r.is_complete and person_turns == 14  # one bid and 13 cards
    assert len(events) == len(r.history) - 14
    assert all(e.seat is not Seat.E for e in events)
    assert [e for e in r.history if e.seat is not Seat.E] == events


def test_play_hand_needs_a_bot_in_every_seat_and_matches_play_round() -> None:
    with pytest.raises(IllegalActionError, match="no bot plays for East"):
        play_hand(Round(deal(2), dealer="N"), {s: MediumBot() for s in "NSW"})
    a = play_hand(Round(deal(2), dealer="N"), {s: MediumBot() for s in "NESW"})
    b = play_round(Round(deal(2), dealer="N"), {s: MediumBot() for s in Seat})
    assert a.history == b.history
