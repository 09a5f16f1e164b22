"""The card table's game in plain Python (TableGame) and its anywidget (CardTable), no browser."""

from __future__ import annotations

from typing import Any

import pytest
from _stub_bots import low_bots

from spades_teach import Card, Deal, Seat, advise_bid, deal
from spades_teach.game.round import PlayEvent
from spades_teach.widgets import CardTable, TableGame


def game(**options: Any) -> TableGame:
    options.setdefault("bots", low_bots())
    options.setdefault("pause", 0)
    return TableGame(**options)


def legal_codes(g: TableGame) -> list[str]:
    return [c["code"] for c in g.state()["hand"] if c["legal"]]


def play_out(g: TableGame) -> None:
    while g.phase == "play":
        g.act({"action": "play", "card": legal_codes(g)[0]})
        assert g.message == "" or "Teach me" in g.message


def test_the_bid_control_starts_with_no_bid_and_an_empty_bid_is_refused() -> None:
    g = game(seed=7)
    choices = g.state()["bid_choices"]
    assert choices[0] == ["choose your bid", ""]
    assert [v for _, v in choices[1:]] == [str(b) for b in g.round.legal_bids()]
    g.act({"action": "bid", "bid": ""})
    assert g.message == "choose a bid first" and g.phase == "bidding"
    g.act({"action": "bid", "bid": "4"})
    assert g.phase == "play" and g.round.bids[Seat.S] == 4


def test_teach_me_does_not_choose_the_bid_for_the_learner() -> None:
    g = game(seed=7, teach=True)
    r = g.round
    assert r is not None
    advice = advise_bid(r.hand("S"), seat="S", bids=r.bids, scores=r.scores_before, rules=r.rules)
    assert g.hint == f"Teach me: {advice.summary}"  # the summary names the bid once
    assert g.hint_reasons[: len(advice.reasons)] == [str(item) for item in advice.reasons]  # the advisor page's lines
    assert g.state()["hint_reasons"] == g.hint_reasons
    assert g.state()["bid_choices"][0] == ["choose your bid", ""]


def test_an_illegal_card_is_refused_with_the_engines_reason_and_changes_nothing() -> None:
    g = game(seed=7)
    g.bid(3)
    r = g.round
    assert r is not None
    illegal = [c for c in g.state()["hand"] if not c["legal"]]
    assert illegal, "seed 7: South cannot follow with every card"
    card = illegal[0]
    reason = r.why_illegal(card["code"], "S")
    assert reason and card["reason"] == reason and "not playable" in card["label"]
    history = list(r.history)
    g.act({"action": "play", "card": card["code"]})
    assert g.message == f"{Card.parse(card['code']).pretty} cannot be played: {reason}"
    assert list(r.history) == history


def test_a_card_other_than_the_hint_gets_a_feedback_line() -> None:
    g = game(seed=7, teach=True)
    g.bid(3)
    while g.phase == "play":
        hint = g.hint_card
        assert hint is not None and str(hint) in legal_codes(g)
        others = [c for c in legal_codes(g) if c != str(hint)]
        if others:
            g.play_card(others[0])
            assert g.message.startswith(f"you played {Card.parse(others[0]).pretty}; Teach me suggested {hint.pretty}")
            return
        g.play_card(hint)
        assert g.message == ""
    pytest.fail("no choice of legal cards in this hand")


def test_new_game_deals_a_new_random_deal_and_shows_its_code() -> None:
    g = game()
    codes = {g.code}
    for _ in range(3):
        g.act({"action": "new"})
        codes.add(g.code)
    assert len(codes) == 4  # four different deals
    assert Deal.from_code(g.code) == g.round.deal
    assert g.origin == "a new random deal"


def test_an_empty_seed_or_code_is_refused_never_a_default() -> None:
    g = game(seed=5)
    before = g.code
    with pytest.raises(Exception, match="the seed is empty"):
        g.new_game("  ")
    g.act({"action": "code", "code": ""})
    assert "the deal code is empty" in g.message and g.code == before
    g.act({"action": "code", "code": "abc"})
    assert "20 characters" in g.message and g.code == before


def test_replay_this_deal_and_play_by_code_give_the_same_cards() -> None:
    g = game(seed=11)
    first = g.round.deal
    g.bid(2)
    play_out(g)
    g.act({"action": "replay"})
    assert g.round.deal == first and g.phase == "bidding" and g.round.dealer is first.dealer
    g.act({"action": "new"})
    assert g.round.deal != first
    g.act({"action": "code", "code": first.code})
    assert g.round.deal == first and g.code == first.code


def test_deal_of_the_day() -> None:
    g = game()
    g.act({"action": "day"})
    assert g.round.deal == Deal.of_the_day() and g.origin == "the deal of the day"


def test_choosing_match_after_a_hand_has_ended_makes_it_hand_one_of_a_match() -> None:
    g = game(seed=3)
    g.bid(3)
    play_out(g)
    assert g.phase == "complete" and not g.state()["can_next"]
    g.act({"action": "next"})
    assert "single hand" in g.message
    g.act({"action": "set", "name": "mode", "value": "match"})
    assert "counts as hand 1 of a match to 500" in g.message
    assert g.state()["can_next"]
    g.act({"action": "next"})
    assert g.phase == "bidding" and g.match.hands_played == 1 and g.state()["hand_number"] == 2


def test_the_end_of_hand_panel_explains_the_score_and_reviews_the_hand() -> None:
    g = game(deal=deal(7).code)
    g.bid(3)
    play_out(g)
    state = g.state()
    assert state["result"] == list(g.match.sheet[-1].lines)
    assert state["review"] is None
    g.act({"action": "review"})
    review = g.state()["review"]
    assert review is not None and len(review) == 13
    from spades_teach.analysis.seat_review import seat_review

    mine = seat_review(g.round, Seat.S, bags={"NS": 0, "EW": 0})
    assert [r["text"] for r in review] == [j.explanation for j in mine]
    assert [r["label"] for r in review] == [j.label for j in mine]
    assert [r["statistics"] for r in review] == [j.statistics for j in mine]
    assert [r["hindsight"] for r in review] == [j.hindsight for j in mine]
    assert [r["cost"] for r in review] == [round(j.cost) for j in mine]
    assert not any(r["was_hint"] for r in review)  # Teach me was off
    assert g.state()["review_summary"].startswith("from your seat, ")
    assert "judged from your seat" in g.state()["review_intro"]
    # the points each line gives are told what they are: a margin, not the side's score
    assert "your side's score for the hand minus the opponents'" in g.state()["review_intro"]


@pytest.mark.parametrize("level", ["beginner", "expert"])
def test_the_review_finds_no_teach_me_card_costly(level: str) -> None:
    """South follows every Teach me hint; the review, asking the same judge about the same
    positions, calls none of them clearly worse. What hindsight (every
    hand seen) says is a separate note, never the cost."""
    g = game(seed=7, teach=True, hint_level=level)
    g.bid(3)
    while g.phase == "play":
        hint = g.hint_card
        assert hint is not None
        g.play_card(hint)
    g.act({"action": "review"})
    review = g.state()["review"]
    assert review is not None and len(review) == 13
    assert all(r["was_hint"] for r in review)
    assert all(r["cost"] == 0 for r in review)
    assert g.state()["review_summary"] == "from your seat, none of your cards was clearly worse than the best"
    assert all(r["verdict"] in ("best", "as_good", "close", "") for r in review)
    for r in review:
        assert "every hand seen" not in r["text"]
        assert r["hindsight"] == "" or r["hindsight"].startswith("hindsight, with every hand seen: ")


def test_the_trick_stays_on_the_table_until_the_next_lead_and_the_last_trick_on_demand() -> None:
    g = game(seed=7)
    g.bid(3)
    plays = 0
    while g.phase == "play" and len(g.round.tricks) < 2:
        g.play_card(legal_codes(g)[0])
        plays += 1
    state = g.state()
    trick = state["trick"]
    assert trick is not None and len(trick["plays"]) >= 1
    last = state["last_trick"]
    done = g.round.tricks
    shown = g.round.current_trick if g.round.current_trick.cards else done[-1]
    assert trick["number"] == shown.number
    assert last is None or last["number"] == trick["number"] - 1
    assert [p["seat"] for p in trick["plays"]] == [s.name for s, _ in shown.plays]


def test_the_bots_pause_between_cards_and_publish_each_one() -> None:
    waits: list[float] = []
    seen: list[int] = []
    holder: dict[str, TableGame] = {}

    def changed() -> None:
        if "g" in holder and holder["g"].round is not None:
            seen.append(len(holder["g"].round.history))

    g = game(seed=7, pause=0.5, sleep=waits.append, on_change=changed)
    holder["g"] = g
    g.bid(3)
    bot_cards = sum(1 for e in g.round.history if isinstance(e, PlayEvent) and e.seat is not Seat.S)
    assert len(waits) == bot_cards and all(w in (0.5, 1.0) for w in waits)
    assert len(set(seen)) >= bot_cards
    with pytest.raises(Exception, match="out of range"):
        g.set_option("pause", 9)


def test_hidden_hands_show_only_their_size_unless_opened() -> None:
    g = game(seed=7)
    seats = g.state()["seats"]
    assert seats["N"]["cards"] == [] and seats["N"]["count"] == 13
    g.act({"action": "set", "name": "open_hands", "value": True})
    assert len(g.state()["seats"]["N"]["cards"]) == 13


def test_settings_and_unknown_actions() -> None:
    g = game(seed=7)
    g.act({"action": "set", "name": "four_colour", "value": True})
    assert g.state()["four_colour"] is True
    g.act({"action": "fly"})
    assert g.message == "unknown action 'fly'"
    g.act({"action": "set", "name": "level", "value": "wild"})
    assert "unknown bot level 'wild'" in g.message and g.level == "medium"


def test_the_widget_publishes_the_state_and_takes_messages() -> None:
    table = CardTable(seed=7, bots=low_bots(), pause=0)
    assert table.view["phase"] == "bidding"
    table._on_message(table, {"action": "bid", "bid": "3"}, [])
    assert table.view["phase"] == "play"
    code = table.view["hand"][0]["code"]
    table._on_message(table, {"action": "play", "card": code}, [])
    assert table.view["message"] or len(table.view["hand"]) == 12


def test_a_match_plays_on_to_its_end_panel() -> None:
    from spades_teach import Rules

    g = game(seed=4, mode="match", rules=Rules(target=100, loss_limit=-100))
    hands = 0
    while g.phase != "over":
        assert g.phase == "bidding"
        g.bid(3)
        play_out(g)
        hands += 1
        assert hands <= 40
        if g.phase == "complete":
            assert g.state()["can_next"] and g.state()["match_over"] is None
            g.next_hand()
    over = g.state()["match_over"]
    assert over is not None and over["status"] == g.match.status() and over["sheet"] == g.match.sheet_text()
    winner = g.match.winner.name
    assert over["won"] == (winner == "NS")  # the winner banner names the winning side
    assert over["banner"] == ("You and North win the match!" if winner == "NS" else "East and West win the match")
    assert not g.state()["can_next"] and g.status.startswith("the match is over")
    g.act({"action": "next"})
    assert g.message == "the match is over: press New game"


def test_the_score_bar_shows_each_sides_bids_tricks_bags_and_points() -> None:
    g = game(seed=7)
    g.bid("nil")
    ns, ew = g.state()["score"]
    assert (
        ns["side"] == "NS" and ns["bid"] == f"Nil + {g.round.bids[Seat.N].label}"
    )  # your bid first, as in "You & North"
    assert ew["bid"] == f"{g.round.bids[Seat.E].label} + {g.round.bids[Seat.W].label}"
    play_out(g)
    ns, ew = g.state()["score"]
    assert (ns["score"], ew["score"]) == (g.match.scores["NS"], g.match.scores["EW"])
    assert (ns["bags"], ew["bags"]) == (g.match.bags["NS"], g.match.bags["EW"])
    assert ns["won"] == g.round.tricks_won[Seat.N] + g.round.tricks_won[Seat.S]
