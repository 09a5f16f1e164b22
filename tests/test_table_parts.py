"""The card table's two parts on their own: the hand's flow (TableFlow: deal, bid, play, bots)
and the coach (TableCoach: Teach me's hints, the hints kept for the review)."""

from __future__ import annotations

import re

import pytest
from _stub_bots import low_bots

from spades_teach import Card, Rules, Seat
from spades_teach.errors import IllegalActionError
from spades_teach.game.deals import deal
from spades_teach.game.round import Round
from spades_teach.widgets.table_coach import TableCoach
from spades_teach.widgets.table_flow import FlowHooks, TableFlow, code_start, random_start


class Table:
    """What a table around the flow sees: each hook call, in order."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.said: list[str] = []

    def hooks(self) -> FlowHooks:
        return FlowHooks(
            show=lambda: self.calls.append("show"),
            pause=lambda: 0.0,
            forget=lambda: self.calls.append("forget"),
            coach=lambda: self.calls.append("coach"),
            say=self.said.append,
        )


def flow(table: Table, **options: object) -> TableFlow:
    return TableFlow(bots=low_bots(), bot_factory=None, sleep=lambda s: None, hooks=table.hooks(), **options)


def test_the_flow_stops_for_south_and_calls_the_coach_once_a_turn() -> None:
    table = Table()
    f = flow(table)
    f.start("7", None, rules=Rules(), level="medium")
    f.begin_hand(None)
    r = f.round
    assert r is not None and r.to_act is Seat.S and r.phase == "bidding"
    assert table.calls == ["forget", "coach", "show"]
    f.bid(3)
    while r.phase == "play":
        card = min(r.legal_plays(), key=lambda c: (c.is_spade, c.rank))
        f.play(f.playable(card))
    # one coach call per turn of South's (13 cards after the bid), the hand scored once
    assert table.calls.count("coach") == 1 + 13
    assert f.row is not None and f.match is not None and f.match.hands_played == 1


def test_the_flow_refuses_a_card_with_the_engines_reason_and_changes_nothing() -> None:
    table = Table()
    f = flow(table)
    start = code_start(deal(7).code, Rules())
    f.start(start.seed, start.deal, rules=Rules(), level="medium")
    f.begin_hand(start.deal)
    f.bid(3)
    r = f.round
    assert isinstance(r, Round)
    while not (illegal := [c for c in r.hand(Seat.S) if c not in r.legal_plays()]):
        f.play(f.playable(min(r.legal_plays(), key=lambda c: (c.is_spade, c.rank))))
    before = len(r.history)
    with pytest.raises(IllegalActionError, match=re.escape(str(r.why_illegal(illegal[0], Seat.S)))):
        f.playable(illegal[0])
    assert len(r.history) == before and r.to_act is Seat.S


def test_a_game_needs_a_bot_in_every_other_seat() -> None:
    table = Table()
    f = TableFlow(bots={"N": low_bots()["N"]}, bot_factory=None, sleep=lambda s: None, hooks=table.hooks())
    start = random_start(3)
    with pytest.raises(IllegalActionError, match="no bot was given for E, W"):
        f.start(start.seed, start.deal, rules=Rules(), level="easy")
    assert f.match is None and f.round is None


def test_the_coach_says_when_south_played_another_card_than_its_hint() -> None:
    coach = TableCoach(advise_bid=None, suggest_play=None)
    coach.hint_card, coach.hint_reason = Card.parse("QH"), "the rule of thumb"
    assert coach.played(5, Card.parse("QH"), teach=True) == ""
    said = coach.played(6, Card.parse("2C"), teach=True)
    assert "Teach me suggested" in said and "the rule of thumb" in said
    assert coach.played(7, Card.parse("2C"), teach=False) == ""
    coach.forget()
    assert coach.hint == "" and coach.hint_card is None
