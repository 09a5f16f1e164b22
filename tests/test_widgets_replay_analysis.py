"""The replay widget shows the double-dummy review: every card coloured, costly cards in red
with their one-line verdict."""

from __future__ import annotations

import pytest

from spades_teach import RecordError
from spades_teach.game.replays import load_record
from spades_teach.widgets import ReplayView


def test_analyse_marks_every_card_and_names_the_costly_ones() -> None:
    record = load_record("contract_set")
    view = ReplayView(record)
    costs = view.analyse(progress=False)
    assert len(costs) == 52
    assert view.costs == costs
    bad = [c for c in costs if c.cost > 0]
    assert bad, "a set contract in this record includes at least one costly card"
    # Step to the first costly card: its note is shown and it is marked red.
    first_play = next(i for i, e in enumerate(view.events) if type(e).__name__ == "PlayEvent")
    target = first_play + bad[0].number
    view.go(target)
    assert "cost your side" in view.mark_note
    assert bad[0].seat.word in view.mark_note


def test_analyse_before_loading_is_a_clear_error() -> None:
    view = ReplayView()
    with pytest.raises(RecordError, match="load a record"):
        view.analyse(progress=False)
    assert view.costs == []


def test_bid_advisor_simulation_shows_every_bid_and_keeps_the_analysis() -> None:
    from spades_teach.analysis import analyze_hand
    from spades_teach.widgets import BidAdvisorView

    view = BidAdvisorView("AKQ3.K52.7.A9842")
    result = view.simulate(samples=20, seed=3)
    # the deals of the advice's own check: its dealer (South bids first when no bid is given)
    expected = analyze_hand("AKQ3.K52.7.A9842", seat="S", dealer="E", samples=20, seed=3, method="playout")
    assert result.expected_scores == expected.expected_scores
    assert view.simulation is result
    html = view.simulation_html.value
    assert result.summary in html or result.summary.replace("'", "&#x27;") in html
    assert html.count("<tr") >= len(result.expected_scores) + len(result.side_tricks)
    view.hand_box.value = "T842.J96.T743.92"  # a new hand clears the old simulation
    assert view.simulation is None and view.simulation_html.value == ""
