"""Widget logic in plain Python: build a view, set values or click, check what it shows.

Every expected value is computed by the engine, the scorer or the advisor, never
copied from the widget's own output.
"""

from __future__ import annotations

import datetime
import html
import json
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from _scripts import modules_imported_by

from spades_teach import Card, Deal, Hand, Round, Rules, Seat, SpadesError, deal, score_round
from spades_teach.advice.bidding import advise_bid
from spades_teach.errors import ParseError
from spades_teach.game.bids import Bid
from spades_teach.i18n import language
from spades_teach.widgets import (
    BidAdvisorView,
    DealView,
    HandView,
    ReplayView,
    ScoreCalculator,
    SpadesWidget,
    TableView,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def surface_bugs(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Unexpected exceptions raise in these tests (the learner would see a message)."""
    monkeypatch.setattr(SpadesWidget, "reraise_unexpected", True)
    yield


def bid_all(r: Round, bids: list[int | str]) -> Round:
    for b in bids:
        assert r.to_act is not None
        r.bid(r.to_act, b)
    return r


# -- the package boundary ---------------------------------------------------------------


def test_importing_the_engine_does_not_import_the_widgets() -> None:
    code = "import sys, spades_teach; print('ipywidgets' in sys.modules, 'spades_teach.widgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["False", "False"]


def test_a_view_imports_its_own_module_only() -> None:
    # the live edition's play chapter opens with the card table: it must not wait for the puzzles,
    # the drills, the bid advisor and the analysis they import
    others = ("spades_teach.widgets.puzzle", "spades_teach.widgets.drill", "spades_teach.widgets.advisor")
    imported = modules_imported_by(
        "from spades_teach.widgets import CardTable", (*others, "spades_teach.analysis.puzzles")
    )
    assert imported == []
    import spades_teach.widgets as views

    assert views.PuzzleView.__module__ == "spades_teach.widgets.puzzle"
    assert set(views.__all__) <= set(dir(views))
    with pytest.raises(AttributeError, match="no attribute 'NoSuchView'"):
        views.NoSuchView  # noqa: B018


# -- the guard ----------------------------------------------------------------------------


def test_a_spades_error_in_a_handler_becomes_the_error_line() -> None:
    w = SpadesWidget()

    def fail(_: Any) -> None:
        Hand.parse("AKQ3.K52.7")

    w.handler(fail)(None)
    with pytest.raises(ParseError) as expected:
        Hand.parse("AKQ3.K52.7")
    assert w.error == str(expected.value)
    assert "Traceback" not in w.error_line.value and str(expected.value).split(" ")[0] in w.error_line.value
    assert w.run(lambda: None) is True and w.error == ""


def test_an_unexpected_exception_becomes_a_short_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SpadesWidget, "reraise_unexpected", False)
    w = SpadesWidget()

    def boom() -> None:
        raise KeyError("x" * 500)

    assert w.run(boom) is False
    assert w.error.startswith("something went wrong (KeyError")
    assert len(w.error) < 200
    assert isinstance(w.last_exception, KeyError)


# -- HandView -------------------------------------------------------------------------------


def test_display_mode_draws_every_card_sorted_by_suit() -> None:
    hand = Hand.parse("♣A9842 ♦7 ♥K52 ♠AKQ3")
    view = HandView(hand)
    assert view.mode == "display" and view.value == str(hand)
    assert list(view.cards) == sorted(hand, reverse=True)
    html = view.faces.value
    positions = [html.index(c.pretty) for c in view.cards]
    assert positions == sorted(positions)
    assert html.count('class="st-card st-red"') == len(hand.suit("H")) + len(hand.suit("D"))
    assert view.buttons == {}


def _round_at(seed: int, cards: int, play_randomly: Callable[..., list[Card]]) -> Round:
    r = bid_all(Round(deal(seed), dealer="N"), [3, 3, 3, 3])
    play_randomly(r, random.Random(seed), stop_after=cards)
    return r


@pytest.mark.parametrize("seed,cards", [(1, 0), (2, 1), (3, 6), (4, 17), (5, 30), (6, 47)])
def test_play_mode_enables_exactly_the_engines_legal_cards(
    seed: int, cards: int, play_randomly: Callable[..., list[Card]]
) -> None:
    r = _round_at(seed, cards, play_randomly)
    seat = r.to_act
    assert seat is not None
    view = HandView()
    view.show_round(r, seat)
    legal = set(r.legal_plays())
    assert {c for c in view.cards if view.is_enabled(c)} == legal
    for card in r.hand(seat):
        button = view.buttons[card]
        if card in legal:
            assert "st-card-legal" in button._dom_classes and button.tooltip == ""
        else:
            assert "st-card-illegal" in button._dom_classes
            assert button.tooltip == r.why_illegal(card, seat)


def test_greyed_cards_say_why_must_follow_and_spades_not_broken() -> None:
    r = bid_all(Round(deal(7), dealer="N"), [3, 4, 2, 3])
    view = HandView()
    view.show_round(r, "E")
    spade = next(c for c in r.hand("E") if c.is_spade)
    assert view.tooltip_of(spade).startswith("spades are not broken yet")
    lead = next(c for c in r.legal_plays() if c.suit.letter == "H")
    r.play("E", lead)
    south = r.hand("S")
    assert south.has_suit("H"), "the deal was chosen so that South can follow hearts"
    view.show_round(r, "S")
    off_suit = next(c for c in south if c.suit.letter != "H")
    assert view.tooltip_of(off_suit).startswith("must follow hearts")
    assert not view.is_enabled(off_suit)


def test_cards_of_a_seat_not_to_act_are_all_disabled_with_the_turn_reason() -> None:
    r = bid_all(Round(deal(7), dealer="N"), [3, 4, 2, 3])
    view = HandView()
    view.show_round(r, "W")
    assert view.legal == frozenset()
    assert all(not view.is_enabled(c) for c in view.cards)
    assert {view.tooltip_of(c) for c in view.cards} == {r.why_illegal(next(iter(r.hand("W"))), "W")}
    assert "East's turn" in view.tooltip_of(view.cards[0])


def test_clicking_a_legal_card_calls_back_and_a_greyed_card_does_nothing() -> None:
    r = bid_all(Round(deal(7), dealer="N"), [3, 4, 2, 3])
    played: list[Card] = []
    view = HandView(on_play=played.append)
    view.show_round(r, "E")
    greyed = next(c for c in view.cards if not view.is_enabled(c))
    view.click(greyed)
    assert played == []
    legal = next(c for c in view.cards if view.is_enabled(c))
    view.click(legal)
    assert played == [legal]


def test_buttons_are_reused_and_marked_red_for_hearts_and_diamonds() -> None:
    r = bid_all(Round(deal(9), dealer="N"), [3, 3, 3, 3])
    view = HandView()
    seat = r.to_act
    assert seat is not None
    view.show_round(r, seat)
    first = dict(view.buttons)
    view.show_round(r, seat, hint=next(iter(r.legal_plays())))
    assert all(view.buttons[c] is first[c] for c in view.cards)
    for card, button in view.buttons.items():
        assert ("st-red" in button._dom_classes) == card.suit.is_red
        assert button.description == card.pretty
    hinted = [c for c, b in view.buttons.items() if "st-card-hinted" in b._dom_classes]
    assert hinted == [next(iter(r.legal_plays()))]


def test_rows_mode_puts_each_suit_on_its_own_line() -> None:
    r = bid_all(Round(deal(13), dealer="N"), [3, 3, 3, 3])
    seat = r.to_act
    assert seat is not None
    view = HandView(rows=True)
    view.show_round(r, seat)
    hand = r.hand(seat)
    lines = [[b.description for b in box.children] for box in view.button_box.children]
    assert lines == [[c.pretty for c in hand.suit(s)] for s in "SHDC" if hand.has_suit(s)]
    flat = HandView()
    flat.show_round(r, seat)
    assert [b.description for box in flat.button_box.children for b in box.children] == [c.pretty for c in hand]


# -- TableView and DealView -------------------------------------------------------------------


def test_table_shows_each_seat_and_empties_absent_seats() -> None:
    t = TableView()
    d = deal(11)
    t.show_hands(d.hands)
    assert all(t.hand_views[s].hand == d[s] for s in Seat)
    t.show_hands({Seat.N: d["N"], Seat.S: d["S"]})
    assert t.hand_views["E"].cards == () and t.hand_views["N"].hand == d["N"]


@pytest.fixture
def day() -> datetime.date:
    return datetime.date(2026, 3, 14)


def test_deal_view_reads_seeds_codes_and_pbn(day: datetime.date) -> None:
    view = DealView(today=day)
    view.seed_box.value = "42"
    assert view.deal == deal(42) and view.source == "seed 42"
    assert view.code == deal(42).code and deal(42).code in view.code_html.value
    assert all(view.table.hand_views[s].hand == deal(42)[s] for s in Seat)
    other = deal(5, dealer="W")
    view.seed_box.value = other.code.lower()
    assert view.deal == other and view.deal is not None and view.deal.dealer is Seat.W
    view.seed_box.value = str(deal(6))
    assert view.deal == deal(6)
    view.seed_box.value = "a text seed"
    assert view.deal == deal("a text seed")


def test_deal_view_clears_the_old_deal_and_shows_the_message_on_bad_input(day: datetime.date) -> None:
    view = DealView(3, today=day)
    assert view.deal == deal(3)
    bad = "N:AKQ3.K52.7.A9842 x y z"
    view.seed_box.value = bad
    with pytest.raises(SpadesError) as expected:
        Deal.parse(bad)
    assert view.error == str(expected.value)
    assert view.deal is None and view.code_html.value == ""  # nothing left from the old box
    view.open_button.click()
    assert view.error == str(expected.value)


def test_deal_of_the_day_uses_the_injected_date(day: datetime.date) -> None:
    view = DealView(today=day)
    view.day_button.click()
    assert view.deal == Deal.of_the_day(day)
    assert view.source == f"deal of the day {day.isoformat()}"
    assert view.seed_box.value == Deal.of_the_day(day).code
    calls = iter([datetime.date(2026, 3, 15)])
    view2 = DealView(today=lambda: next(calls))
    view2.day_button.click()
    assert view2.deal == Deal.of_the_day("2026-03-15")


def test_deal_button_takes_a_fresh_seed_and_writes_it_in_the_box() -> None:
    seeds = iter([101, 202])
    view = DealView(seed_source=lambda: next(seeds))
    view.deal_button.click()
    assert view.seed_box.value == "101" and view.deal == deal(101)
    view.deal_button.click()
    assert view.seed_box.value == "202" and view.deal == deal(202)
    assert view.error == ""


# -- BidAdvisorView ----------------------------------------------------------------------------

HAND = "AKQ3.K52.7.A9842"


@pytest.mark.parametrize(
    "text", [HAND, "S: AKQ3 H: K52 D: 7 C: A9842", "♠AKQ3 ♥K52 ♦7 ♣A9842", "AS KS QS 3S KH 5H 2H 7D AC 9C 8C 4C 2C"]
)
def test_advisor_view_accepts_every_hand_format(text: str) -> None:
    view = BidAdvisorView()
    view.hand_box.value = text
    expected = advise_bid(HAND)
    assert view.error == ""
    assert view.bid == str(expected.bid) and view.estimate == expected.estimate
    assert view.reasons == [(r.cards, r.value, r.why) for r in expected.reasons]
    assert view.summary == expected.summary
    for reason in expected.reasons:
        assert reason.cards in view.reasons_html.value
    assert expected.bid.label in view.bid_html.value
    assert expected.nil.why in view.nil_text


def test_a_bad_paste_shows_the_parser_message_and_clears_the_advice() -> None:
    view = BidAdvisorView(HAND)
    for bad in ("AKQ3.K52.7", "AS KS ZZ", "AS AS"):
        view.hand_box.value = bad
        with pytest.raises(SpadesError) as expected:
            Hand.parse(bad)
        assert view.error == str(expected.value)
        assert html.escape(str(expected.value)) in view.input_error_html.value
        assert view.advice is None and view.bid == "" and view.bid_html.value == "" and view.reasons_html.value == ""
    view.hand_box.value = "AKQ3.K52.7.A984"  # 12 cards: the advisor refuses
    with pytest.raises(SpadesError) as refused:
        advise_bid("AKQ3.K52.7.A984")
    assert view.error == str(refused.value) and view.advice is None and view.simulate_button.disabled
    view.hand_box.value = "3.J962.T8742.Q84"
    assert view.error == "" and view.input_error_html.value == ""
    assert view.bid == str(advise_bid("3.J962.T8742.Q84").bid) and not view.simulate_button.disabled


def test_partner_bid_scores_and_rules_reach_the_advisor() -> None:
    view = BidAdvisorView(HAND)
    view.partner_box.value = "nil"
    assert view.value["summary"] == advise_bid(HAND, bids={"N": "nil"}).summary
    assert view.advice == advise_bid(HAND, bids={"N": "nil"})
    view.partner_box.value = "4"
    view.their_score_box.value = 300
    view.bags_box.value = 8
    assert view.advice == advise_bid(HAND, bids={"N": 4}, scores={"EW": 300, "NS": 0}, bags={"NS": 8})
    view.nil_box.value = False
    assert "nil" not in [v for _, v in view.partner_box.options]
    assert view.advice == advise_bid(
        HAND, bids={"N": 4}, scores={"EW": 300, "NS": 0}, bags={"NS": 8}, rules=Rules(nil=False)
    )


def test_advisor_view_passes_its_inputs_to_an_injected_advisor() -> None:
    calls: list[dict[str, Any]] = []

    class Advice:
        bid = "7"
        estimate = 7.25
        reasons = ()
        summary = "stub summary"

    def fake(hand: Hand, **kwargs: Any) -> Advice:
        calls.append({"hand": hand, **kwargs})
        return Advice()

    view = BidAdvisorView(seat="E", advise=fake)
    view.partner_box.value = "2"
    view.hand_box.value = HAND
    assert view.bid == "7" and view.summary == "stub summary" and view.nil_text == ""
    assert calls[-1]["hand"] == Hand.parse(HAND) and calls[-1]["seat"] is Seat.E
    assert calls[-1]["bids"] == {Seat.W: "2"}
    assert calls[-1]["rules"] == Rules()


def test_blind_nil_needs_nil_and_the_rules_say_so() -> None:
    view = BidAdvisorView(HAND)
    view.nil_box.value = False
    view.blind_nil_box.value = True
    with pytest.raises(SpadesError) as expected:
        Rules(nil=False, blind_nil=True)
    assert view.error == str(expected.value)


# -- ScoreCalculator ---------------------------------------------------------------------------


def test_calculator_scores_like_score_round_and_updates_as_you_type() -> None:
    bids = {"N": 4, "S": 3, "E": 3, "W": 2}
    tricks = {"N": 5, "S": 4, "E": 2, "W": 2}
    calc = ScoreCalculator(bids, tricks)
    expected = score_round(bids, tricks)
    assert calc.points == expected.points and calc.bags == expected.bags and calc.lines == expected.lines
    calc.bid_boxes["S"].value = "5"
    now = score_round({**bids, "S": 5}, tricks)
    assert calc.points == now.points and calc.points != expected.points
    assert f"{now.points['NS']}".replace("-", "−") in calc.points_html.value
    for line in now.lines:
        assert line in calc.lines_html.value.replace("&#x27;", "'")


def test_nil_and_blind_nil_bids_as_text() -> None:
    rules = Rules(blind_nil=True)
    calc = ScoreCalculator({"N": "nil", "S": 4, "E": 3, "W": 3}, {"N": 0, "S": 5, "E": 4, "W": 4}, rules=rules)
    assert calc.points == score_round({"N": "nil", "S": 4, "E": 3, "W": 3}, {"N": 0, "S": 5, "E": 4, "W": 4}).points
    calc.bid_boxes["N"].value = "blind nil"
    expected = score_round({"N": "blind nil", "S": 4, "E": 3, "W": 3}, {"N": 0, "S": 5, "E": 4, "W": 4}, rules=rules)
    assert calc.points == expected.points
    calc.rule_boxes["blind_nil"].value = False
    assert calc.error == "bid for N: blind Nil is not allowed under these rules: bid a number or Nil"
    assert calc.points == {} and calc.lines_html.value == ""


def test_errors_take_the_result_off_and_sit_next_to_the_box() -> None:
    calc = ScoreCalculator()
    before = calc.value
    assert before["points"] and before["lines"]
    calc.tricks_boxes["E"].value = 9
    total = sum(int(box.value) for box in calc.tricks_boxes.values())
    assert calc.error == f"tricks add up to {total}, but a hand has 13 tricks"
    assert calc.value["points"] == {} and calc.value["lines"] == []
    assert calc.points_html.value == "" and calc.lines_html.value == ""
    assert calc.error in calc.input_error_html.value
    assert calc.error_line.value == "" and calc.status == ""  # the message once; no total of the old boxes
    calc.tricks_boxes["E"].value = 2
    calc.bid_boxes["W"].value = "abc"
    assert calc.error.startswith("bid for W: unknown bid 'abc'")
    assert "abc" in calc.row_error_html["W"].value and calc.input_error_html.value == ""
    assert "st-invalid" in calc.bid_boxes["W"]._dom_classes and calc.points == {}
    calc.bid_boxes["W"].value = "2"
    assert calc.error == "" and calc.value == before and calc.row_error_html["W"].value == ""
    assert "st-invalid" not in calc.bid_boxes["W"]._dom_classes
    calc.rule_boxes["bag_limit"].value = 0
    with pytest.raises(SpadesError) as expected:
        Rules(bag_limit=0)
    assert calc.error == str(expected.value)
    assert calc.value["points"] == {}
    assert "st-error" in calc.error_line._dom_classes
    calc.rule_boxes["bag_limit"].value = 10
    calc.bag_boxes["NS"].value = -1  # a bag counter's message sits by the bag boxes, and only there
    assert calc.error and calc.error in calc.bags_note.value
    assert calc.input_error_html.value == "" and calc.error_line.value == ""


@pytest.mark.parametrize("boxes", ["tricks_boxes", "bag_boxes"])
def test_an_emptied_box_clears_the_message_and_the_result_of_the_number_it_held(boxes: str) -> None:
    """Learner finding 11: -2 typed in North's tricks, then the box emptied to type again: the message
    about -2 goes, no score is shown, and the status says what to fill in."""
    calc = ScoreCalculator()
    box = getattr(calc, boxes)["N" if boxes == "tricks_boxes" else "NS"]
    before = box.value
    box.value = "-2"
    assert "got -2" in calc.error and "-2" in (calc.row_error_html["N"].value + calc.bags_note.value)
    box.value = ""
    assert calc.error == "" and calc.result is None and calc.points == {}
    shown = [calc.error_line, calc.input_error_html, calc.bags_note, *calc.row_error_html.values()]
    assert [w.value for w in shown if w.value] == []
    assert calc.status == f"fill in {box.description} to see the score"
    assert calc.points_html.value == "" and calc.lines_html.value == ""
    box.value = "−2"  # the true minus sign reads as the same number
    assert "got -2" in calc.error
    box.value = before
    assert calc.error == "" and calc.result is not None and calc.status.startswith("this hand:")


def test_the_bid_example_names_only_the_bids_the_rules_allow_in_the_learners_words() -> None:
    """Learner finding 13: the empty bid box suggested blind nil, which the unticked option refuses."""
    calc = ScoreCalculator()
    assert not calc.rules().blind_nil
    assert {box.placeholder for box in calc.bid_boxes.values()} == {"4, nil"}
    calc.rule_boxes["blind_nil"].value = True
    assert {box.placeholder for box in calc.bid_boxes.values()} == {"4, nil, blind nil"}
    calc.rule_boxes["nil"].value = False
    calc.rule_boxes["blind_nil"].value = False
    assert {box.placeholder for box in calc.bid_boxes.values()} == {"4"}
    for code in ("fr", "es"):
        with language(code):
            example = ScoreCalculator(rules=Rules(blind_nil=True)).bid_boxes["N"].placeholder
            assert example != "4, nil, blind nil"  # in the learner's words
            for typed in example.split(", "):  # each example typed in a box is a bid the rules take
                assert Bid.coerce(typed) in (Bid(4), Bid(0), Bid(0, blind=True)), typed
            calc = ScoreCalculator({"N": example.split(", ")[-1], "E": 3, "S": 3, "W": 2}, rules=Rules(blind_nil=True))
            assert calc.error == "", calc.error


def test_the_advisor_shows_one_message_and_nothing_from_the_old_hand() -> None:
    advisor = BidAdvisorView("AKQJ.732.K5.QJ98")
    assert advisor.status.startswith("advice for")
    advisor.hand_box.value = "AKQJ.732\n"  # a paste ending with a line break
    assert "four groups" in advisor.error and "\\n" not in advisor.error and "\n" not in advisor.error
    assert html.escape(advisor.error) in advisor.input_error_html.value
    assert advisor.error_line.value == "" and advisor.status == "" and advisor.bid == ""
    advisor.hand_box.value = "AKQJ.732.K5.QJ98\n"  # a good paste with its line break is a hand
    assert advisor.error == "" and advisor.bid != ""


def test_bags_carried_in_and_the_penalty() -> None:
    bids = {"N": 3, "S": 3, "E": 3, "W": 3}
    tricks = {"N": 5, "S": 4, "E": 2, "W": 2}
    calc = ScoreCalculator(bids, tricks, bags={"NS": 8})
    expected = score_round(bids, tricks, bags={"NS": 8})
    assert calc.points == expected.points and calc.bags == expected.bags
    assert expected.sides[next(iter(expected.sides))].penalties == 1
    calc.set_values(bags={"NS": 0})
    assert calc.points == score_round(bids, tricks).points


def test_two_player_calculator_shows_north_and_south_only() -> None:
    rules = Rules(players=2)
    calc = ScoreCalculator({"N": 5, "S": 6}, {"N": 6, "S": 7}, rules=rules)
    assert set(calc.bid_boxes) == {Seat.N, Seat.S}
    assert calc.points == score_round({"N": 5, "S": 6}, {"N": 6, "S": 7}, rules=rules).points


# -- ReplayView ----------------------------------------------------------------------------------


@pytest.fixture
def full_round(play_randomly: Callable[..., list[Card]]) -> Round:
    r = bid_all(Round(deal(21), dealer="E"), [3, 0, 4, 2])
    play_randomly(r, random.Random(21))
    assert r.is_complete
    return r


def test_replay_steps_by_replaying_the_engine_history(full_round: Round) -> None:
    view = ReplayView(full_round)
    history = full_round.history
    assert view.step == 0 and view.turn == f"{full_round.dealer.next.word} to bid"
    for k in range(len(history) + 1):
        view.go(k)
        assert view.round is not None and view.round.history == history[:k]
        assert all(view.table.hand_views[s].hand == view.round.hands[s] for s in Seat)
    view.back()
    assert view.step == len(history) - 1 and view.score is None
    view.next()
    score = full_round.score()
    assert view.score_lines == score.lines
    assert all(line.replace("'", "&#x27;") in view.score_html.value for line in score.lines)
    assert view.buttons["next"].disabled and not view.buttons["prev"].disabled
    view.to_start()
    assert view.buttons["prev"].disabled and view.step == 0


def test_trick_jumps_stop_at_the_bidding_and_each_trick(full_round: Round) -> None:
    view = ReplayView(full_round)
    view.next_trick()
    assert view.step == 4 and view.round is not None and view.round.phase == "play"
    for number in range(1, 14):
        view.next_trick()
        assert view.round is not None and len(view.round.tricks) == number
        trick = full_round.tricks[number - 1]
        assert trick.winner is not None
        assert view.trick_text.startswith(f"trick {number}: ") and view.trick_text.endswith(
            f"; {trick.winner.word} wins"
        )
        assert view.tricks_won == {s: sum(1 for t in full_round.tricks[:number] if t.winner is s) for s in Seat}
    assert view.step == len(full_round.history)
    view.back()
    view.back_trick()
    assert view.step == len(full_round.history) - 4
    view.buttons["prev-trick"].click()
    assert view.step == len(full_round.history) - 8


def test_the_current_trick_and_turn_follow_the_cards(full_round: Round) -> None:
    view = ReplayView(full_round)
    view.go(6)  # four bids and two cards
    first = full_round.tricks[0]
    plays = ", ".join(f"{s.word} {c.pretty}" for s, c in first.plays[:2])
    assert view.trick_text == f"trick 1: {plays} (in progress)"
    assert view.turn == f"{first.seats[2].word} to play"
    assert view.table.label_of(first.seats[2]).startswith(first.seats[2].word)
    assert "st-turn" in view.table.labels[first.seats[2]].value


def test_record_annotations_show_at_their_moment(full_round: Round, tmp_path: Path) -> None:
    from spades_teach.game import records

    third = full_round.tricks[2]
    card = third.cards[1]
    text = records.dumps(
        full_round,
        title="A test hand",
        annotations=[
            {"at": {"bid": "S"}, "text": "South bids Nil."},
            {"at": {"trick": 3}, "text": "Trick three."},
            {"at": {"trick": 3, "card": str(card)}, "text": "This card matters."},
        ],
    )
    path = tmp_path / "hand.json"
    path.write_text(text, encoding="utf-8")
    for source in (text, path, str(path), records.loads(text)):
        view = ReplayView(source)
        south_bid = next(
            i for i, e in enumerate(full_round.history) if getattr(e, "bid", None) is not None and e.seat is Seat.S
        )
        view.go(south_bid + 1)
        assert view.annotation == "South bids Nil."
        assert "South bids Nil." in view.note_html.value
        card_index = full_round.history.index(next(e for e in full_round.history if getattr(e, "card", None) == card))
        view.go(card_index + 1)
        assert view.annotation == "This card matters.\n\nTrick three."
        view.go(card_index + 2)
        assert view.annotation == "Trick three."
        view.go(card_index - 2)
        assert view.annotation == ""
        assert "A test hand" in view.title_html.value


def test_annotations_by_event_index_and_bad_records(full_round: Round) -> None:
    view = ReplayView(full_round, annotations={10: "the seventh card"})
    view.go(11)
    assert view.annotation == "the seventh card"
    view.run(view.load, '{"version": 1}')
    assert view.error.startswith("missing field") or "dealer" in view.error
    assert view.events == full_round.history
    view.run(view.load, "/no/such/file.json")
    assert view.error.startswith("cannot read the record file")
    with pytest.raises(SpadesError):
        ReplayView(full_round, annotations={999: "nowhere"})


def test_marks_colour_cards_and_show_their_note(full_round: Round) -> None:
    index = 4 + 5  # the second card of trick 2
    view = ReplayView(full_round)
    view.set_marks({index: ("st-mark-costly", "this card cost a trick")})
    view.go(index)
    assert view.mark_note == "" and "st-mark-costly" not in view.table.middle_html
    view.go(index + 1)
    assert view.mark_note == "this card cost a trick"
    assert "st-mark-costly" in view.table.middle_html
    card = full_round.history[index].card  # type: ignore[union-attr]
    assert 'class="st-card st-mark-costly' in view.table.middle_html and card.pretty in view.table.middle_html
    view.go(index + 4)
    assert view.mark_note == ""


def test_replay_of_an_unfinished_round_and_the_slider(new_round: Callable[..., Round]) -> None:
    r = new_round(seed=8, bids=[2, 3, 4, 3])
    r.play(r.to_act, next(iter(r.legal_plays())))  # type: ignore[arg-type]
    view = ReplayView(r)
    assert view.slider.max == 5
    view.slider.value = 5
    assert view.step == 5 and view.score is None and view.turn.endswith("to play")
    assert ReplayView().error == "" and ReplayView().status == "no hand loaded"


def test_replay_buttons_are_wired(full_round: Round) -> None:
    view = ReplayView(full_round)
    view.buttons["next"].click()
    assert view.step == 1
    view.buttons["end"].click()
    assert view.step == len(full_round.history)
    view.buttons["start"].click()
    view.buttons["next-trick"].click()
    assert view.step == 4
    assert json.dumps(view.value)  # plain data


# -- hooks for the browser tests and the notebooks ----------------------------------------------


def _walk(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def _classes_shown(*views: Any) -> set[str]:
    import re

    found: set[str] = set()
    for view in views:
        for w in _walk(view):
            found.update(w._dom_classes)
            value = getattr(w, "value", None)
            if type(w).__name__ == "HTML" and isinstance(value, str):
                for attr in re.findall(r'class="([^"]+)"', value):
                    found.update(attr.split())
    return found


def test_every_documented_css_hook_is_used(full_round: Round) -> None:
    import re

    from _docs import module_notes

    documented = set(re.findall(r"`(st-[a-z0-9-]+)`", module_notes("spades_teach/widgets/__init__.py")))
    assert len(documented) > 60
    # a hand in play with a Teach me card outlined (the card table draws its own, ct- hooks)
    playing = Round(deal(3), dealer="N")
    for bid in (3, 3, 3, 3):
        assert playing.to_act is not None
        playing.bid(playing.to_act, bid)
    assert playing.to_act is not None
    hand = HandView()
    hand.show_round(playing, playing.to_act, hint=min(playing.legal_plays()))
    table = TableView()
    table.show_hands(playing.hands, hidden={Seat.E: True})
    replay = ReplayView(full_round, marks={5: ("st-mark-costly", "cost")})
    replay.go(6)
    calc = ScoreCalculator()
    calc.tricks_boxes["N"].value = 12
    shown = _classes_shown(hand, table, replay, calc, DealView(4), BidAdvisorView(HAND, rules=Rules(blind_nil=True)))
    assert documented - shown == set()


def test_views_print_as_one_short_line() -> None:
    calc = ScoreCalculator()
    points = calc.points
    assert repr(calc) == f"<ScoreCalculator: this hand: NS +{points['NS']}, EW −{-points['EW']}>"
    assert repr(HandView("AKQ3.K52.7.A9842")) == f"<HandView: {Hand.parse('AKQ3.K52.7.A9842').labelled()}>"
    advisor = BidAdvisorView(HAND)
    advisor.hand_box.value = "nonsense"
    assert repr(advisor) == f"<BidAdvisorView: {advisor.error}>"


def test_a_round_with_annotations_in_the_record_format(full_round: Round) -> None:
    first = full_round.tricks[0]
    view = ReplayView(full_round, annotations=[{"at": {"trick": 1, "card": str(first.cards[0])}, "text": "The lead."}])
    view.go(5)
    assert view.annotation == "The lead."
    with pytest.raises(SpadesError):
        ReplayView(full_round, annotations=[{"at": {"trick": 1, "card": "XX"}, "text": "?"}])


def test_two_player_replay_steps_two_cards_a_trick(play_randomly: Callable[..., list[Card]]) -> None:
    from spades_teach.game.twoplayer import deal_by_drawing

    rules = Rules(players=2)
    d = deal_by_drawing(5, first="N", rules=rules)
    r = Round(d, rules=rules)
    while r.phase == "bidding":
        assert r.to_act is not None
        r.bid(r.to_act, 5)
    play_randomly(r, random.Random(5))
    view = ReplayView(r)
    view.next_trick()
    view.next_trick()
    assert view.step == 4 and view.round is not None and len(view.round.tricks) == 1
    assert view.table.hand_views["E"].cards == () and view.table.label_of("E") == ""
    view.to_end()
    assert view.score_lines == r.score().lines
