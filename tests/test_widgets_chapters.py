"""The hands-on widgets of the chapters, in plain Python: what each shows after each click."""

from __future__ import annotations

from typing import Any

import pytest

from spades_teach import Hand
from spades_teach.widgets import BidAdvisorView

HAND = "AKQ3.K52.7.A9842"


# -- the bid advisor's Simulate button -------------------------------------------------------


def test_simulate_is_disabled_and_says_so_while_it_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    view = BidAdvisorView(HAND)
    assert not view.simulate_button.disabled
    seen: dict[str, Any] = {}

    class Result:
        summary = "stub simulation"
        samples = 1
        side_tricks = {5: 1}
        best_bid = 5
        make_probability = {5: 1.0}
        expected_scores = {5: 50.0}

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
