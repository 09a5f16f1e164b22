"""The hands-on widgets of the chapters, in plain Python: what each shows after each click."""

from __future__ import annotations

import datetime
import re
from typing import Any, ClassVar

import pytest

from spades_teach import Deal, Hand, Round, Rules, Seat, SpadesError, deal, score_round
from spades_teach.game.match import Match
from spades_teach.widgets import BidAdvisorView, DealView, LegalPlayExplorer, MatchStepper, ScoreCalculator

HAND = "AKQ3.K52.7.A9842"


# -- the bid advisor's Simulate button -------------------------------------------------------


def test_simulate_is_disabled_and_says_so_while_it_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    view = BidAdvisorView(HAND)
    assert not view.simulate_button.disabled
    seen: dict[str, Any] = {}

    class Result:
        summary = "stub simulation"
        details = "stub figures"
        samples = 1
        side_tricks: ClassVar[dict[int, int]] = {5: 1}
        best_bid = 5
        make_probability: ClassVar[dict[int, float]] = {5: 1.0}
        expected_scores: ClassVar[dict[int, float]] = {5: 50.0}

    def fake(_analyze: Any, inputs: dict[str, Any], samples: int | None, seed: int) -> Result:
        seen["disabled"] = view.simulate_button.disabled
        seen["label"] = view.simulate_button.description
        seen["note"] = view.simulation_html.value
        seen["hand"] = view.hand
        return Result()

    monkeypatch.setattr(view, "_analyze", fake)
    view.simulate_button.click()
    assert seen["disabled"] and seen["label"].startswith("Simulating") and "simulating" in seen["note"]
    assert seen["hand"] == Hand.parse(HAND)
    assert not view.simulate_button.disabled and view.simulate_button.description == view.simulate_idle_description
    assert "stub simulation" in view.simulation_html.value and view.error == ""


def test_simulate_never_runs_on_a_hand_that_left_the_box(monkeypatch: pytest.MonkeyPatch) -> None:
    view = BidAdvisorView(HAND)
    calls: list[Any] = []
    monkeypatch.setattr(view, "_analyze", lambda *args: calls.append(args))
    view.hand_box.value = "AKQ3.K52.7.A984"  # 12 cards
    message = view.error
    assert message and view.simulate_button.disabled
    assert not view.run(view.simulate)  # as the button would: refused with a message, nothing simulated
    assert calls == [] and view.error.startswith("paste a 13-card hand first")
    assert view.simulation is None and view.simulation_html.value == ""


# -- chapter 1: the deal explorer ------------------------------------------------------------


def test_deal_explorer_hides_the_other_hands_and_sorts() -> None:
    view = DealView(5, today=datetime.date(2026, 1, 1))
    south = view.table.hand_views["S"].faces.value
    assert view.hidden_seats == () and "13 cards" not in view.table.hand_views["N"].faces.value
    view.show_others.value = False
    assert view.hidden_seats == ("N", "E", "W")
    for seat in "NEW":
        assert view.table.hand_views[seat].faces.value == '<span class="st-hidden">13 cards</span>'
        assert view.drawn(seat) == "13 cards, face down"
    assert view.table.hand_views["S"].faces.value == south
    assert view.deal is not None and str(view.deal) not in view.code_html.value  # the hidden hands stay hidden
    assert view.code in view.code_html.value
    view.sort_box.value = "low"
    spades = deal(5)["S"].suit("S")
    assert view.drawn("S").startswith("♠ " + " ".join(c.rank.label for c in reversed(spades)))
    view.sort_box.value = "colours"
    assert [part.split()[0] for part in view.drawn("S").split(" | ")] == ["♠", "♥", "♣", "♦"]
    view.day_button.click()  # another deal keeps the switches
    assert view.deal == Deal.of_the_day(datetime.date(2026, 1, 1)) and view.hidden_seats == ("N", "E", "W")
    view.show_others.value = True
    assert "13 cards" not in view.table.hand_views["E"].faces.value


# -- chapter 2: the legal-play explorer ------------------------------------------------------


def _chapter_round(rules: Rules = Rules()) -> Round:
    rnd = Round(deal(11), dealer="W", rules=rules)
    for bid in (4, 2, 3, 4):
        assert rnd.to_act is not None
        rnd.bid(rnd.to_act, bid)
    return rnd


def test_every_card_of_the_seat_to_act_can_be_asked_about() -> None:
    view = LegalPlayExplorer(11, dealer="W", bids=[4, 2, 3, 4])
    rnd = _chapter_round()
    assert set(view.card_buttons) == set(rnd.hand("N"))
    assert all(not b.disabled for b in view.card_buttons.values())
    for card, button in view.card_buttons.items():
        button.click()
        reason = rnd.why_illegal(card, "N")
        assert view.verdict == (
            f"{card.pretty} is legal" if reason is None else f"{card.pretty} is not legal: {reason}"
        )
        assert view.play_button.disabled == (reason is not None)
    view.card_buttons[next(iter(rnd.legal_plays()))].click()
    view.play_button.click()
    assert view.to_act == "E" and view.cards_played == 1 and view.error == ""


def test_stepping_with_hints_shows_when_spades_break_and_undo_takes_back() -> None:
    view = LegalPlayExplorer(11, dealer="W", bids=[4, 2, 3, 4])
    while not view.round.spades_broken:
        view.hint_button.click()
        assert view.error == ""
    trick = view.round.current_trick if view.round.current_trick.cards else view.round.tricks[-1]
    seat, card = next((s, c) for s, c in trick.plays if c.suit.letter == "S")
    assert (
        view.broken_text == f"spades are broken since trick {trick.number}, when {seat.word} played the {card.pretty}"
    )
    view.undo_button.click()
    assert view.broken_text == "spades are not broken yet"


def test_the_two_of_clubs_switch_restarts_under_the_variant() -> None:
    view = LegalPlayExplorer(11, dealer="W", bids=[4, 2, 3, 4])
    view.hint_button.click()
    view.two_clubs_box.value = True
    variant = _chapter_round(Rules(first_lead="two_of_clubs"))
    assert view.cards_played == 0 and view.to_act == variant.to_act.name
    assert list(variant.legal_plays()) == [c for c in view.card_buttons if view.round.why_illegal(c) is None]
    other = next(c for c in view.round.hand(variant.to_act) if c.suit.letter != "C")
    view.pick(other)
    assert view.verdict.endswith(variant.why_illegal(other) or "?") and "2♣ must lead" in view.verdict


# -- chapters 5 and 7: the match, hand by hand ----------------------------------------------


def _bag_match() -> Match:
    match = Match()
    for n, s, took_n, took_s in [(3, 3, 5, 4), (3, 2, 4, 4), (4, 3, 5, 4), (2, 2, 4, 3)]:
        rest = 13 - took_n - took_s
        match.add_result(
            {"N": n, "S": s, "E": rest // 2, "W": rest - rest // 2},
            {"N": took_n, "S": took_s, "E": rest // 2, "W": rest - rest // 2},
        )
    return match


def test_match_stepper_grows_the_sheet_and_the_plot_and_reaches_the_penalty() -> None:
    match = _bag_match()
    view = MatchStepper(match)
    assert view.step == 0 and view.rows == () and view.prev_button.disabled
    plots = [view.plot_html.value]
    for number, row in enumerate(match.sheet, start=1):
        view.next_button.click()
        assert view.step == number and view.rows == match.sheet[:number]
        assert view.lines == list(row.score.lines)
        assert f"{row.bags['NS']} of 10 bags" in view.bags_text
        plots.append(view.plot_html.value)
        assert plots[-1] != plots[-2]
    assert match.sheet[-1].penalties["NS"] == 1 and "penalty: −100" in view.bags_html.value
    assert view.next_button.disabled
    view.slider.value = 1
    assert view.step == 1 and "penalty:" not in view.bags_html.value


# -- chapter 6: Nil and blind Nil toggles ----------------------------------------------------


def test_nil_toggles_write_the_bid_and_give_the_number_back() -> None:
    rules = Rules(blind_nil=True)
    tricks = {"N": 0, "S": 6, "E": 4, "W": 3}
    calc = ScoreCalculator({"N": 2, "S": 5, "E": 3, "W": 3}, tricks, rules=rules, nil_toggles=True)
    calc.nil_toggles["N"].value = "nil"
    assert calc.bid_boxes["N"].value == "nil"
    assert calc.points == score_round({"N": "nil", "S": 5, "E": 3, "W": 3}, tricks, rules=rules).points
    calc.nil_toggles["N"].value = "blind nil"
    assert calc.points == score_round({"N": "blind nil", "S": 5, "E": 3, "W": 3}, tricks, rules=rules).points
    calc.nil_toggles["N"].value = "number"
    assert calc.bid_boxes["N"].value == "2" and calc.error == ""
    assert Seat.N in calc.nil_toggles and len(calc.nil_toggles) == 4


def test_messages_count_one_card_and_one_trick_in_the_singular() -> None:
    from spades_teach.advice.bidding import advise_bid
    from spades_teach.advice.bots import advise_draw

    with pytest.raises(SpadesError, match=r"'A\.\.\.' holds 1 card; a hand"):
        advise_bid("A...")
    reasons = [advise_draw(card, Hand.parse("K9754.K3.A.AK109"), []).reason for card in Hand.parse("AQJT8632...")]
    assert all("adds 1 tricks" not in reason for reason in reasons)
    # the draw's values are hundredths of a trick, always written with two decimals
    # (a card that costs tricks takes them away: no "adds -0.10 tricks")
    assert all(
        re.search(r"(adds \d+\.\d\d tricks to|takes \d+\.\d\d tricks away from) a two-player hand", reason)
        for reason in reasons
    ), reasons


def test_the_deal_box_refuses_text_that_names_no_deal_and_clears_the_old_deal() -> None:
    view = DealView(7)
    assert view.deal == deal(7)
    view.seed_box.value = "not a code!!"
    assert view.error.startswith("'not a code!!' is not a seed, a deal code or a deal")
    assert view.deal is None and view.code_html.value == "" and view.status == ""
    view.seed_box.value = deal(7).code[:-1]  # a code with a character missing is not a seed either
    assert "looks like a deal code" in view.error and view.deal is None
    view.seed_box.value = "my game"  # words are a seed
    assert view.error == "" and view.deal == deal("my game")


def test_the_legal_play_explorer_counts_tricks_and_starts_again() -> None:
    view = LegalPlayExplorer(11, dealer="W", bids=[4, 2, 3, 4])
    assert view.restart_button.disabled  # nothing to start again yet
    for _ in range(52):
        view.play_hint()
    assert view.to_act == ""
    won = view.round.tricks_won
    ns, ew = won["N"] + won["S"], won["E"] + won["W"]
    assert ns + ew == 13
    assert f"North–South {ns} (North {won['N']}, South {won['S']})" in view.tally_html.value
    assert "Start again" in view.seat_html.value and not view.restart_button.disabled
    view.restart_button.click()
    assert view.to_act == "N" and view.cards_played == 0
    assert "North–South 0" in view.tally_html.value
