"""Two-player Spades at the card table (TableGame and CardTable with ``Rules(players=2)``): the
draw turn by turn (the learner keeps or discards the card seen, the bot draws by its policy,
Teach me advises), then the bidding and thirteen tricks of two cards, each player scoring alone."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from spades_teach import Card, Deal, Rules, Seat, SpadesError, deal
from spades_teach.advice.bots import advise_draw
from spades_teach.advice.position import Position
from spades_teach.errors import IllegalActionError
from spades_teach.game.scoring import score_round
from spades_teach.game.twoplayer import Draw, cut, keep_high, opponent
from spades_teach.i18n import language
from spades_teach.widgets.table_game import TableGame

TWO = Rules(players=2)


class LowDrawBot:
    """Bids 3, plays its lowest legal card, keeps a card in the draw when it is a spade or a
    ten or higher; remembers what it was shown in the draw."""

    name = "low"

    def __init__(self) -> None:
        self.draws: list[tuple[Card, Any, tuple[Card, ...]]] = []

    def choose_bid(self, position: Position) -> int:
        return 3

    def choose_play(self, position: Position) -> Card:
        return min(position.legal, key=lambda c: (c.is_spade, c.rank))

    def choose_draw(self, card: Card, hand: Any, discarded: Any = (), *, rules: Rules = Rules()) -> bool:
        assert rules.players == 2
        self.draws.append((card, hand, tuple(discarded)))
        return card.is_spade or card.rank >= 10


def two(**options: Any) -> TableGame:
    options.setdefault("pause", 0)
    options.setdefault("rules", TWO)
    return TableGame(**options)


def legal(game: TableGame) -> list[str]:
    return [c["code"] for c in game.state()["hand"] if c["legal"]]


def draw_out(game: TableGame) -> Draw:
    """South's draw: keep a spade or a card nine or higher, else discard; returns the draw."""
    draw = game.draw
    assert draw is not None
    while game.phase == "draw":
        assert draw.to_act is Seat.S and draw.top is not None
        game.act({"action": "keep" if draw.top.is_spade or draw.top.rank >= 9 else "discard"})
    return draw


def play_out(game: TableGame) -> None:
    while game.phase == "play":
        game.act({"action": "play", "card": legal(game)[0]})


def test_a_two_player_hand_drawn_bid_and_played_to_its_score() -> None:
    bot = LowDrawBot()
    game = two(seed=21, bots={"N": bot})
    first = cut("21/cut")  # the cut decides who draws first, seeded from the game
    assert game.phase == "draw" and game.to_act == "S" and game.message == first.reason
    draw = game.draw
    assert draw is not None and draw.first is first.first
    state = game.state()
    assert set(state["seats"]) == {"N", "S"} and [side["side"] for side in state["score"]] == ["S", "N"]
    assert state["draw"]["mine"] and state["draw"]["card"]["code"] == str(draw.top)
    assert state["code"] == "" and state["bid_choices"] == [] and state["trick"] is None
    assert state["hand"] == [] or not any(c["legal"] for c in state["hand"])
    assert state["status"] == f"your turn to draw: keep the {draw.top.pretty}, or discard it and take the next card"
    draw_out(game)
    # the bot drew by its own policy, seeing only its own cards and discards
    assert len(bot.draws) == 13
    turns = [t for t in draw.history if t.player is Seat.N]
    for (card, hand, known), turn in zip(bot.draws, turns, strict=True):
        assert card == turn.seen and turn.choice == ("keep" if card.is_spade or card.rank >= 10 else "discard")
        assert set(hand) <= set(draw.hands[Seat.N]) and set(known) <= set(draw.discards[Seat.N])
    r = game.round
    assert r is not None and game.draw is None and game.phase == "bidding"
    assert game.message == "the draw is over: each of you holds 13 cards, and 26 are out of play"
    assert r.seats == (Seat.N, Seat.S) and r.deal[Seat.N] == draw.hands[Seat.N] and r.deal[Seat.S] == draw.hands[Seat.S]
    assert r.dealer is opponent(draw.first) and len(r.deal[Seat.S]) == 13
    if game.phase == "bidding":
        game.act({"action": "bid", "bid": "4"})
    assert r.bids[Seat.S] == 4 and r.bids[Seat.N] == 3 and game.phase == "play"
    play_out(game)
    assert r.is_complete and game.phase == "complete" and len(r.tricks) == 13
    assert all(len(t.plays) == 2 for t in r.tricks)
    expected = score_round(r.bids, r.tricks_won, rules=TWO)
    assert {s.name: v for s, v in game.match.scores.items()} == {s.name: v for s, v in expected.points.items()}
    assert game.result_lines == list(expected.lines)
    score = game.state()["score"]
    assert [(side["side"], side["score"], side["bags"]) for side in score] == [
        ("S", expected.points["S"], expected.bags["S"]),
        ("N", expected.points["N"], expected.bags["N"]),
    ]
    assert game.state()["code"] == r.deal.code and Deal.from_code(r.deal.code).players == 2


def test_illegal_actions_are_refused_with_a_spades_error_and_change_nothing() -> None:
    game = two(seed=3, bots={"N": LowDrawBot()})
    assert game.phase == "draw"
    before = game.state()
    history = game.draw.history if game.draw is not None else ()
    for action in (
        lambda: game.bid("3"),
        lambda: game.play_card(game.state()["hand"][0]["code"] if game.state()["hand"] else "AS"),
        lambda: game.undo(),
        lambda: game.replay_deal(),
        lambda: game.review_hand(),
        lambda: game.next_hand(),
    ):
        with pytest.raises(SpadesError):
            action()
        assert game.state() == before and game.draw is not None and game.draw.history == history
    game.act({"action": "bid", "bid": "3"})
    assert game.message == "the draw comes first: keep the card you see or discard it"
    draw_out(game)
    r = game.round
    assert r is not None
    before = game.state()
    with pytest.raises(IllegalActionError, match="there is no draw now"):
        game.keep_card()
    with pytest.raises(IllegalActionError):
        game.discard_card()
    if r.to_act is Seat.S:
        with pytest.raises(IllegalActionError, match="choose a bid first"):
            game.bid("")
        with pytest.raises(SpadesError):
            game.bid("14")
    assert game.state() == before
    if game.phase == "bidding":
        game.bid("3")
    hand = [c for c in game.state()["hand"] if not c["legal"]]
    if hand:
        before = game.state()
        with pytest.raises(IllegalActionError, match="cannot be played"):
            game.play_card(hand[0]["code"])
        assert game.state() == before


def test_teach_me_advises_the_draw_with_the_advice_layers_reason() -> None:
    game = two(seed=8, bots={"N": LowDrawBot()}, teach=True)
    draw = game.draw
    assert draw is not None and draw.top is not None
    advice = advise_draw(draw.top, draw.hands[Seat.S], draw.discards[Seat.S], rules=TWO)
    assert game.hint == f"Teach me: {advice.reason}"
    assert game.state()["draw"]["advised"] == ("keep" if advice.keep else "discard")
    seen = draw.top
    game.act({"action": "discard" if advice.keep else "keep"})  # against the advice
    assert "Teach me suggested" in game.message and advice.reason in game.message and seen.pretty in game.message
    followed = advise_draw(draw.top, draw.hands[Seat.S], draw.discards[Seat.S], rules=TWO)  # type: ignore[arg-type]
    game.act({"action": "keep" if followed.keep else "discard"})
    assert "Teach me suggested" not in game.message
    game.act({"action": "set", "name": "teach", "value": False})
    assert game.hint == "" and game.state()["draw"]["advised"] == ""


def test_a_bot_without_a_draw_policy_draws_by_keep_high_and_the_real_bots_by_theirs() -> None:
    class Plain(LowDrawBot):
        choose_draw = None  # type: ignore[assignment]

    game = two(seed=4, bots={"N": Plain()})
    draw = draw_out(game)
    for turn in draw.history:
        if turn.player is Seat.N:
            replay = Draw(draw.seed, first=draw.first, rules=TWO)
            for earlier in draw.history[: turn.number - 1]:
                replay.choose(earlier.choice == "keep")
            assert (turn.choice == "keep") == keep_high(replay)
    real = two(seed=4, level="easy")
    assert type(real.bots[Seat.N]).__name__ == "EasyBot" and set(real.bots) == {Seat.N}
    draw_out(real)
    assert real.phase in ("bidding", "play")


def test_a_two_player_match_plays_on_hand_after_hand_to_its_end() -> None:
    game = two(seed=6, bots={"N": LowDrawBot()}, mode="match", rules=Rules(players=2, target=150))
    firsts = []
    while game.phase != "over":
        assert game.phase == "draw"
        assert game.draw is not None
        firsts.append(game.draw.first)
        draw_out(game)
        if game.phase == "bidding":
            game.bid("4")
        play_out(game)
        if game.phase == "over":
            break
        assert game.can_next and "press Next hand" in game.status
        game.act({"action": "next"})
        assert len(firsts) < 40
    assert all(a is not b for a, b in itertools.pairwise(firsts)), "the first drawer alternates"
    over = game.state()["match_over"]
    assert over is not None and over["banner"] in ("You win the match!", "North wins the match")
    assert over["won"] == (game.match.winner is Seat.S)


def test_replay_deal_codes_and_the_players_setting() -> None:
    game = two(seed=12, bots={"N": LowDrawBot()})
    draw_out(game)
    r = game.round
    assert r is not None
    code = r.deal.code
    game.act({"action": "replay"})  # the same drawn hands, from the bidding
    assert game.round is not None and game.round.deal.code == code and game.phase in ("bidding", "play")
    game.act({"action": "code", "code": deal(3).code})
    assert game.message.endswith("is a four-player deal; this table plays two-player Spades")
    game.act({"action": "code", "code": code})
    assert game.round is not None and game.round.deal.code == code and game.message == ""
    game.act({"action": "day"})  # the day's stock, drawn
    assert game.phase == "draw" and game.origin == "the deal of the day"
    four = TableGame(seed=1, pause=0, bots={"N": LowDrawBot(), "E": LowDrawBot(), "W": LowDrawBot()})
    four.act({"action": "code", "code": code})
    assert four.message.endswith("is a two-player deal; this table plays four-player Spades")
    four.act({"action": "set", "name": "players", "value": 2})
    assert four.message == "two-player Spades from the next new game: press New game"
    assert four.state()["players"] == 4 and four.state()["players_setting"] == 2 and four.phase == "bidding"
    four.act({"action": "new"})
    assert four.phase == "draw" and four.state()["players"] == 2 and set(four.bots) == {Seat.N}
    four.act({"action": "set", "name": "players", "value": 3})
    assert four.message == "unknown number of players 3: use 4 or 2"


def test_the_card_table_widget_plays_the_draw_and_speaks_french() -> None:
    from spades_teach.widgets import CardTable

    table = CardTable(seed=5, bots={"N": LowDrawBot()}, rules=TWO, pause=0)
    view = table.view
    assert view["phase"] == "draw" and view["players"] == 2 and set(view["seats"]) == {"N", "S"}
    turn = view["draw"]["turn"]
    table.send_action({"action": "keep"})
    assert table.view["draw"]["turn"] == turn + 2 and len(table.view["hand"]) == len(view["hand"]) + 1
    table.send_action({"action": "language", "value": "fr"})
    french = table.view
    assert french["labels"]["keep"] == "Garder cette carte"
    assert french["status"].startswith("à vous de piocher")
    with language("es"):
        spanish = TableGame(seed=5, bots={"N": LowDrawBot()}, rules=TWO, pause=0).state()
    assert spanish["status"].startswith("tu turno de robar") and spanish["labels"]["discard"].startswith("Descarta")
