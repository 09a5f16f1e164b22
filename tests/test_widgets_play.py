"""PlayView in plain Python: bots (stubs and the real ones), Teach me, undo, the score sheet."""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from typing import Any

import pytest
from _stub_bots import LowBot, low_bots

from spades_teach import Card, Rules, Seat, SpadesError
from spades_teach.advice.bidding import advise_bid
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.game.round import PlayEvent
from spades_teach.widgets import PlayView, SpadesWidget


@pytest.fixture(autouse=True)
def surface_bugs(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(SpadesWidget, "reraise_unexpected", True)
    yield


def lowest_legal(view: PlayView) -> Card:
    return min(view.hand_view.legal, key=lambda c: (c.is_spade, c.rank))


def play_out(view: PlayView) -> None:
    """Click South's lowest legal card until the hand is over."""
    while view.phase == "play":
        view.hand_view.click(lowest_legal(view))
        assert view.error == ""


def test_bots_bid_until_south_and_the_bid_row_offers_the_engines_bids() -> None:
    view = PlayView(seed=7, bots=low_bots())
    r = view.round
    assert r is not None and view.phase == "bidding" and view.to_act == "S"
    before_south = []
    seat = r.dealer.next
    while seat is not Seat.S:
        before_south.append(seat)
        seat = seat.next
    assert [e.seat for e in r.history] == before_south
    assert [v for _, v in view.bid_choice.options] == [str(b) for b in r.legal_bids()]
    assert view.bid_row.layout.display == ""
    assert view.hand_view.legal == frozenset() and view.hand_view.value == str(r.deal["S"])


def test_bots_see_only_a_position_of_their_own_seat() -> None:
    bots = low_bots()
    view = PlayView(seed=3, bots=bots)
    view.bid("4")
    play_out(view)
    for seat, bot in bots.items():
        assert bot.positions and all(p.seat is Seat.coerce(seat) for p in bot.positions)
        assert all(isinstance(p, Position) for p in bot.positions)


def test_legal_cards_highlighted_and_a_greyed_click_changes_nothing() -> None:
    view = PlayView(seed=7, bots=low_bots())
    view.bid("3")
    r = view.round
    assert r is not None and r.to_act is Seat.S and r.phase == "play"
    assert view.hand_view.legal == frozenset(r.legal_plays())
    greyed = [c for c in view.hand_view.cards if not view.hand_view.is_enabled(c)]
    before = r.history
    if greyed:
        view.hand_view.click(greyed[0])
        assert r.history == before and view.error == ""
        assert view.hand_view.tooltip_of(greyed[0]) == r.why_illegal(greyed[0], "S")
    card = lowest_legal(view)
    view.hand_view.click(card)
    assert r.history[len(before)] == PlayEvent(Seat.S, card, False)
    assert r.to_act is Seat.S or r.is_complete


def test_a_full_hand_goes_on_the_score_sheet() -> None:
    view = PlayView(seed=5, bots=low_bots())
    view.bid_choice.value = "2"
    view.bid_button.click()
    play_out(view)
    r = view.round
    assert r is not None and r.is_complete and view.phase == "complete"
    match = view.match
    assert match.hands_played == 1
    expected = r.score()
    assert view.result_lines == expected.lines
    assert view.value["scores"] == {s.name: v for s, v in expected.points.items()}
    assert view.value["bags"] == {s.name: v for s, v in expected.bags.items()}
    assert "st-sheet" in view.sheet_html.value
    assert f"{match.rules.bag_limit} bags cost" in view.bags_html.value
    assert view.undo_button.disabled and view.next_button.disabled
    assert len(view.moves) == len(r.history) == 52 + 4
    assert all(view.table.hand_views[s].hand == r.deal[s] for s in Seat), "the whole deal is shown at the end"
    assert view.hand_view.mode == "display"


def test_bot_hands_are_hidden_unless_asked() -> None:
    view = PlayView(seed=8, bots=low_bots())
    r = view.round
    assert r is not None
    for seat in (Seat.N, Seat.E, Seat.W):
        assert view.table.hand_views[seat].faces.value == f'<span class="st-hidden">{len(r.hands[seat])} cards</span>'
    view.open_box.value = True
    for seat in (Seat.N, Seat.E, Seat.W):
        assert view.table.hand_views[seat].hand == r.hands[seat]
        assert r.hands[seat].cards[0].pretty in view.table.hand_views[seat].faces.value


def test_undo_takes_back_my_card_and_the_bots_cards_after_it() -> None:
    view = PlayView(seed=9, bots=low_bots())
    view.run(view.undo)
    assert view.error == "nothing to undo: you have not played a card in this hand"
    view.bid("3")
    r = view.round
    assert r is not None
    for _ in range(3):
        view.hand_view.click(lowest_legal(view))
    history = r.history
    mine = [i for i, e in enumerate(history) if isinstance(e, PlayEvent) and e.seat is Seat.S]
    hand_before = r.hand("S")
    view.undo_button.click()
    assert view.error == ""
    assert r.history == history[: mine[-1]]
    assert r.to_act is Seat.S
    assert r.hand("S") == hand_before.add(history[mine[-1]].card)  # type: ignore[union-attr]
    assert view.hand_view.legal == frozenset(r.legal_plays())


def test_teach_me_shows_the_advisors_bid_then_its_card() -> None:
    view = PlayView(seed=11, bots=low_bots(), teach=True)
    r = view.round
    assert r is not None
    advice = advise_bid(r.hand("S"), seat="S", bids=r.bids, scores=r.scores_before, bags=view.match.bags, rules=r.rules)
    assert view.hint == f"Teach me: {advice.summary}"
    assert view.bid_choice.value is None  # the learner chooses: the advice is not pre-filled
    view.bid_button.click()
    assert view.error == "choose a bid first" and r.phase == "bidding"
    assert "st-note" in view.hint_html.value
    # The same reasons as the advisor page, listed under the bid.
    assert view.hint_reasons[: len(advice.reasons)] == [str(item) for item in advice.reasons]
    assert all(escape(str(item)) in view.hint_html.value for item in advice.reasons)
    view.bid("3")
    hint = suggest_play(Position.from_round(r, bags=view.match.bags))
    assert view.hint == f"Teach me: play {hint.card.pretty} — {hint.reason}"
    assert view.hint_card == hint.card
    assert "st-card-hinted" in view.hand_view.buttons[hint.card]._dom_classes
    assert view.hint_reasons == []
    view.teach_box.value = False
    assert view.hint == "" and view.hint_html.value == ""
    assert "st-card-hinted" not in view.hand_view.buttons[hint.card]._dom_classes


def test_injected_advisor_functions_are_used() -> None:
    class Hint:
        def __init__(self, card: Card) -> None:
            self.card = card
            self.reason = "stub reason"

    seen: list[Any] = []

    def fake_suggest(position: Position) -> Hint:
        seen.append(position)
        return Hint(min(position.legal))

    view = PlayView(seed=2, bots=low_bots(), teach=True, suggest_play=fake_suggest)
    view.bid("3")
    assert seen and seen[-1].seat is Seat.S
    assert view.hint.endswith("— stub reason") and view.hint_card == min(seen[-1].legal)


def test_a_bot_that_breaks_the_rules_shows_the_engines_message() -> None:
    class Cheat(LowBot):
        def choose_play(self, position: Position) -> Card:
            return max(position.hand, key=lambda c: (c.is_spade, c.rank))

    view = PlayView(seed=4, bots={"N": Cheat(), "E": Cheat(), "W": Cheat()}, start=False)
    view.new_button.click()
    view.bid_choice.value = "3"
    view.bid_button.click()
    r = view.round
    assert r is not None and r.bids["S"] == 3 and r.to_act is not Seat.S
    assert view.error.startswith(("spades are not broken yet", "must follow", "the 2♣"))
    bots_missing = PlayView(seed=4, bots={"N": LowBot()})
    assert bots_missing.error == "no bot was given for E, W"


def test_a_match_deals_hand_after_hand_with_the_dealer_moving_left() -> None:
    view = PlayView(seed=6, bots=low_bots(), mode="match", rules=Rules(target=100, loss_limit=None))
    dealers = []
    while view.phase not in ("over",):
        r = view.round
        assert r is not None
        dealers.append(r.dealer)
        if view.phase == "bidding":
            view.bid("4")
        play_out(view)
        if view.phase == "over":
            break
        assert not view.next_button.disabled
        view.next_button.click()
        assert view.error == ""
        assert len(dealers) < 30
    match = view.match
    assert match.is_over and view.status.startswith("the match is over")
    assert dealers[:4] == [Seat.N, Seat.E, Seat.S, Seat.W][: len(dealers[:4])]
    assert match.hands_played == len(dealers)
    assert view.next_button.disabled


def test_the_real_bots_are_seeded_so_a_game_replays_identically() -> None:
    def game(level: str, seed: int) -> tuple[Any, ...]:
        view = PlayView(seed=seed, level=level)
        assert view.error == ""
        if view.phase == "bidding":
            view.bid("3")
        play_out(view)
        r = view.round
        assert r is not None and r.is_complete
        return r.history

    assert game("easy", 12) == game("easy", 12)
    assert game("medium", 12) == game("medium", 12)
    assert {type(b).__name__ for b in PlayView(seed=1, level="easy", start=True).bots.values()} == {"EasyBot"}


def test_two_player_game_against_one_bot() -> None:
    view = PlayView(seed=3, bots={"N": LowBot()}, rules=Rules(players=2))
    r = view.round
    assert r is not None and r.seats == (Seat.N, Seat.S)
    if view.phase == "bidding":
        view.bid("4")
    play_out(view)
    assert view.round is not None and view.round.is_complete
    assert view.match.hands_played == 1


def test_the_default_bots_are_the_packages_bots_seeded_per_seat() -> None:
    from spades_teach.advice import bots
    from spades_teach.widgets.play import default_bot_factory

    hard = default_bot_factory("hard", "7", Seat.E)
    assert isinstance(hard, bots.HardBot)
    assert hard.time_limit == float("inf"), "a time limit would make the hard bot depend on the machine's speed"
    assert isinstance(default_bot_factory("medium", "7", Seat.E), bots.MediumBot)
    easy_e, easy_e_again, easy_w = (default_bot_factory("easy", "7", s) for s in (Seat.E, Seat.E, Seat.W))
    position = Position("E", "AKQ3.K52.7.A9842", bids={}, tricks_won={})
    bids_e = [easy_e.choose_bid(position) for _ in range(6)]
    assert bids_e == [easy_e_again.choose_bid(position) for _ in range(6)]
    with pytest.raises(SpadesError, match="unknown bot level 'nonsense': use easy, medium or hard"):
        PlayView(seed=1, level="nonsense")
    assert easy_w is not easy_e


def test_the_view_draws_the_table_game_and_follows_its_rules() -> None:
    from spades_teach.widgets import CardTable, TableGame

    view = PlayView(seed=5, bots=low_bots(), teach=True)
    game = view.game
    assert isinstance(game, TableGame) and view.round is game.round and view.match is game.match
    assert view.hint == game.hint != ""
    view.bid("3")
    r = view.round
    assert r is not None and r.phase == "play"
    view.run(view.bid, "4")
    assert view.error == "it is not your turn to bid" and r.bids["S"] == 3
    view.hand_view.click(lowest_legal(view))
    view.undo_button.click()
    assert game.message == "you took back your card" and view.status.startswith("you took back your card: ")
    assert view.undo_button.disabled is not game.can_undo
    idle = TableGame(bots=low_bots(), pause=0, start=False)
    assert idle.round is None and idle.phase == "" and idle.status == "press New game"
    with pytest.raises(SpadesError, match="the card table seats four players"):
        CardTable(seed=1, bots={"N": LowBot()}, rules=Rules(players=2), pause=0)
