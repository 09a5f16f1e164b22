"""The card table's game (TableGame, behind CardTable) as South plays it: bots (stubs and the real
ones), Teach me, undo, the score sheet. These were PlayView's tests; the card table now does all
of it (PlayView is gone)."""

from __future__ import annotations

from typing import Any

import pytest
from _stub_bots import LowBot, low_bots

from spades_teach import Card, Rules, Seat, SpadesError
from spades_teach.advice.bidding import advise_bid
from spades_teach.advice.position import Position
from spades_teach.errors import IllegalActionError
from spades_teach.game.round import PlayEvent
from spades_teach.widgets.table_game import TableGame


def table(**options: Any) -> TableGame:
    options.setdefault("pause", 0)
    return TableGame(**options)


def legal_codes(game: TableGame) -> list[str]:
    return [c["code"] for c in game.state()["hand"] if c["legal"]]


def lowest_legal(game: TableGame) -> Card:
    return min((Card.parse(c) for c in legal_codes(game)), key=lambda c: (c.is_spade, c.rank))


def play_out(game: TableGame) -> None:
    """Play South's lowest legal card until the hand is over."""
    while game.phase == "play":
        game.act({"action": "play", "card": str(lowest_legal(game))})
        assert game.message == "" or game.message.startswith("you played"), game.message


def test_bots_bid_until_south_and_the_bid_menu_offers_the_engines_bids() -> None:
    game = table(seed=7, bots=low_bots())
    r = game.round
    assert r is not None and game.phase == "bidding" and game.to_act == "S"
    before_south = []
    seat = r.dealer.next
    while seat is not Seat.S:
        before_south.append(seat)
        seat = seat.next
    assert [e.seat for e in r.history] == before_south
    state = game.state()
    assert [v for _, v in state["bid_choices"][1:]] == [str(b) for b in r.legal_bids()]
    assert legal_codes(game) == [] and [c["code"] for c in state["hand"]] == [str(c) for c in r.deal["S"]]


def test_bots_see_only_a_position_of_their_own_seat() -> None:
    bots = low_bots()
    game = table(seed=3, bots=bots)
    game.bid("4")
    play_out(game)
    for seat, bot in bots.items():
        assert bot.positions and all(p.seat is Seat.coerce(seat) for p in bot.positions)
        assert all(isinstance(p, Position) for p in bot.positions)


def test_legal_cards_are_marked_and_an_illegal_one_changes_nothing() -> None:
    game = table(seed=7, bots=low_bots())
    game.bid("3")
    r = game.round
    assert r is not None and r.to_act is Seat.S and r.phase == "play"
    assert {Card.parse(c) for c in legal_codes(game)} == set(r.legal_plays())
    greyed = [c for c in game.state()["hand"] if not c["legal"]]
    before = r.history
    if greyed:
        game.act({"action": "play", "card": greyed[0]["code"]})
        assert r.history == before
        assert greyed[0]["reason"] == r.why_illegal(Card.parse(greyed[0]["code"]), "S")
        assert greyed[0]["reason"] in game.message
    card = lowest_legal(game)
    game.act({"action": "play", "card": str(card)})
    assert r.history[len(before)] == PlayEvent(Seat.S, card, False)
    assert r.to_act is Seat.S or r.is_complete


def test_a_full_hand_goes_on_the_score_sheet_and_shows_the_whole_deal() -> None:
    game = table(seed=5, bots=low_bots())
    game.act({"action": "bid", "bid": "2"})
    play_out(game)
    r = game.round
    assert r is not None and r.is_complete and game.phase == "complete"
    match = game.match
    assert match.hands_played == 1
    expected = r.score()
    assert game.result_lines == expected.lines
    assert {s.name: v for s, v in match.scores.items()} == {s.name: v for s, v in expected.points.items()}
    assert {s.name: v for s, v in match.bags.items()} == {s.name: v for s, v in expected.bags.items()}
    state = game.state()
    assert [(side["side"], side["score"], side["bags"]) for side in state["score"]] == [
        (side, expected.points[side], expected.bags[side]) for side in ("NS", "EW")
    ]
    assert not game.can_undo and not game.can_next
    assert len(r.history) == 52 + 4
    for seat in (Seat.N, Seat.E, Seat.W):  # the whole deal is shown at the end
        assert [c["code"] for c in state["seats"][seat.name]["cards"]] == [str(c) for c in r.deal[seat]]
    assert [c["code"] for c in state["hand"]] == [str(c) for c in r.deal["S"]]


def test_bot_hands_are_hidden_unless_asked() -> None:
    game = table(seed=8, bots=low_bots())
    r = game.round
    assert r is not None
    for seat in ("N", "E", "W"):
        shown = game.state()["seats"][seat]
        assert shown["cards"] == [] and shown["count"] == len(r.hands[seat])
        assert shown["hidden_label"] == f"{len(r.hands[seat])} hidden cards"
    game.act({"action": "set", "name": "open_hands", "value": True})
    for seat in ("N", "E", "W"):
        assert [c["code"] for c in game.state()["seats"][seat]["cards"]] == [str(c) for c in r.hands[seat]]


def test_undo_takes_back_my_card_and_the_bots_cards_after_it() -> None:
    game = table(seed=9, bots=low_bots())
    game.act({"action": "undo"})
    assert game.message == "nothing to undo: you have not played a card in this hand"
    game.bid("3")
    r = game.round
    assert r is not None
    for _ in range(3):
        game.play_card(lowest_legal(game))
    history = r.history
    mine = [i for i, e in enumerate(history) if isinstance(e, PlayEvent) and e.seat is Seat.S]
    hand_before = r.hand("S")
    assert game.can_undo
    game.act({"action": "undo"})
    assert game.message == "you took back your card"
    assert r.history == history[: mine[-1]]
    assert r.to_act is Seat.S
    assert r.hand("S") == hand_before.add(history[mine[-1]].card)  # type: ignore[union-attr]
    assert {Card.parse(c) for c in legal_codes(game)} == set(r.legal_plays())


def test_teach_me_shows_the_advisors_bid_then_its_card_and_can_be_turned_off() -> None:
    game = table(seed=11, bots=low_bots(), teach=True)
    r = game.round
    assert r is not None
    advice = advise_bid(r.hand("S"), seat="S", bids=r.bids, scores=r.scores_before, bags=game.match.bags, rules=r.rules)
    assert game.hint == f"Teach me: {advice.summary}"
    assert game.state()["bid_choices"][0] == ["choose your bid", ""]  # the advice is not pre-filled
    game.act({"action": "bid", "bid": ""})
    assert game.message == "choose a bid first" and r.phase == "bidding"
    # the same reasons as the advisor page, listed under the bid
    assert game.hint_reasons[: len(advice.reasons)] == [str(item) for item in advice.reasons]
    assert game.state()["hint_reasons"] == game.hint_reasons
    game.bid("3")
    hinted = [c["code"] for c in game.state()["hand"] if c["hinted"]]
    assert game.hint_card is not None and hinted == [str(game.hint_card)]
    assert game.hint.startswith(f"Teach me: play {game.hint_card.pretty} — ") and game.state()["hint"] == game.hint
    assert game.hint_reasons == []
    game.act({"action": "set", "name": "teach", "value": False})
    assert game.hint == "" and not any(c["hinted"] for c in game.state()["hand"])


def test_injected_advisor_functions_are_used() -> None:
    class Hint:
        def __init__(self, card: Card) -> None:
            self.card = card
            self.reason = "stub reason"

    seen: list[Any] = []

    def fake_suggest(position: Position) -> Hint:
        seen.append(position)
        return Hint(min(position.legal))

    game = table(seed=2, bots=low_bots(), teach=True, suggest_play=fake_suggest)
    game.bid("3")
    assert seen and seen[-1].seat is Seat.S
    assert game.hint.endswith("— stub reason") and game.hint_card == min(seen[-1].legal)


def test_a_bot_that_breaks_the_rules_shows_the_engines_message() -> None:
    class Cheat(LowBot):
        def choose_play(self, position: Position) -> Card:
            return max(position.hand, key=lambda c: (c.is_spade, c.rank))

    game = table(bots={"N": Cheat(), "E": Cheat(), "W": Cheat()}, start=False)
    game.new_game(4)
    game.act({"action": "bid", "bid": "3"})
    r = game.round
    assert r is not None and r.bids["S"] == 3 and r.to_act is not Seat.S
    assert game.message.startswith(("spades are not broken yet", "must follow", "the 2♣")), game.message
    with pytest.raises(IllegalActionError, match="no bot was given for E, W"):
        table(seed=4, bots={"N": LowBot()})


def test_a_match_deals_hand_after_hand_with_the_dealer_moving_left() -> None:
    game = table(seed=6, bots=low_bots(), mode="match", rules=Rules(target=100, loss_limit=None))
    dealers = []
    while game.phase != "over":
        r = game.round
        assert r is not None
        dealers.append(r.dealer)
        if game.phase == "bidding":
            game.bid("4")
        play_out(game)
        if game.phase == "over":
            break
        assert game.can_next
        game.act({"action": "next"})
        assert game.message == ""
        assert len(dealers) < 30
    match = game.match
    assert match.is_over and game.status.startswith("the match is over")
    assert dealers[:4] == [Seat.N, Seat.E, Seat.S, Seat.W][: len(dealers[:4])]
    assert match.hands_played == len(dealers)
    assert not game.can_next


def test_the_real_bots_are_seeded_so_a_game_replays_identically() -> None:
    def played(level: str, seed: int) -> tuple[Any, ...]:
        game = table(seed=seed, level=level)
        if game.phase == "bidding":
            game.bid("3")
        play_out(game)
        r = game.round
        assert r is not None and r.is_complete
        return r.history

    assert played("easy", 12) == played("easy", 12)
    assert played("medium", 12) == played("medium", 12)
    assert {type(b).__name__ for b in table(seed=1, level="easy").bots.values()} == {"EasyBot"}


def test_the_default_bots_are_the_packages_bots_seeded_per_seat() -> None:
    from spades_teach.advice import bots
    from spades_teach.widgets.table_game import default_bot_factory

    hard = default_bot_factory("hard", "7", Seat.E)
    assert isinstance(hard, bots.HardBot)
    assert hard.time_limit == float("inf"), "a time limit would make the hard bot depend on the machine's speed"
    assert isinstance(default_bot_factory("medium", "7", Seat.E), bots.MediumBot)
    easy_e, easy_e_again, easy_w = (default_bot_factory("easy", "7", s) for s in (Seat.E, Seat.E, Seat.W))
    position = Position("E", "AKQ3.K52.7.A9842", bids={}, tricks_won={})
    bids_e = [easy_e.choose_bid(position) for _ in range(6)]
    assert bids_e == [easy_e_again.choose_bid(position) for _ in range(6)]
    with pytest.raises(SpadesError, match="unknown bot level 'nonsense': use easy, medium or hard"):
        table(seed=1, level="nonsense")
    assert easy_w is not easy_e


def test_a_refused_action_says_why_and_an_idle_table_waits_for_new_game() -> None:
    game = table(seed=5, bots=low_bots(), teach=True)
    assert game.hint != ""
    game.bid("3")
    r = game.round
    assert r is not None and r.phase == "play"
    game.act({"action": "bid", "bid": "4"})
    assert game.message == "it is not your turn to bid" and r.bids["S"] == 3
    game.play_card(lowest_legal(game))
    game.act({"action": "undo"})
    assert game.message == "you took back your card" and game.state()["message"] == "you took back your card"
    idle = table(bots=low_bots(), start=False)
    assert idle.round is None and idle.phase == "" and idle.status == "press New game"
