"""The advice's wording: no phrase a learner trips over (each case was reported)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from spades_teach import Seat, deal
from spades_teach.advice.bidding import advise_bid
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.widgets import TableGame
from spades_teach.widgets.advisor import BidAdvisorView

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def test_nil_lowest_card_is_not_said_to_get_rid_of_a_high_card() -> None:
    # South bid Nil and holds the 9♥ and 2♥; West led the 3♥: only the 2♥ stays under it.
    p = Position("S", "32.92.65432.6543", bids={"N": 4, "E": 3, "S": 0, "W": 3}, tricks_won={}, trick=["3H"])
    hint = suggest_play(p)
    assert str(hint.card) == "2H"
    assert "high card" not in hint.reason and hint.principle == "stay under the winning card"
    assert hint.reason == "stay under the winning card: the 2♥, your lowest heart, stays under the 3♥"


def test_nil_card_kept_under_with_lower_ones_still_gets_rid_of_a_high_card() -> None:
    p = Position("S", "32.T52.5432.6543", bids={"N": 4, "E": 3, "S": 0, "W": 3}, tricks_won={}, trick=["7H"])
    hint = suggest_play(p)
    assert str(hint.card) == "5H" and hint.principle == "dump your high cards"
    assert hint.reason == "dump your high cards: the 5♥ stays under the 7♥ and gets rid of a high card"


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 1_000_000))
def test_no_negative_count_is_ever_shown(seed: int) -> None:
    a = advise_bid(deal(seed)[Seat.S], samples=0)  # the count's words
    assert a.estimate >= 0
    assert not re.search(r"count[^;]*-\d", a.summary) and "only -" not in a.summary


def test_spadeless_nil_hand_does_not_count_below_zero() -> None:
    a = advise_bid(".5432.5432.75432")
    assert a.bid.is_nil and a.estimate == 0
    assert "(the cards count only 0 tricks)" in a.summary


def test_bid_above_the_count_says_why_in_the_summary_itself() -> None:
    a = advise_bid("K.J5.KJ87543.753")  # counts 0.75: less than a trick, but no Nil
    assert int(a.bid) == 1
    assert "reasons noted" not in a.summary
    assert "bid 1 rather than 0: the count leaves less than one trick but the hand is not safe for Nil" in a.summary


def _fixed_advice(hand: str, asked: list[dict[str, Any]] | None = None) -> Any:
    def advise(_hand: Any, **kwargs: Any) -> Any:
        if asked is not None:
            asked.append(kwargs)
        return advise_bid(hand, **kwargs)

    return advise


def test_teach_me_shows_the_advisor_pages_reasons_and_notes() -> None:
    asked: list[dict[str, Any]] = []
    view = TableGame(seed=11, teach=True, pause=0, advise_bid=_fixed_advice("K.J5.KJ87543.753", asked))
    advice = advise_bid("K.J5.KJ87543.753", **asked[-1])  # the table's bids and score: the same check
    page = BidAdvisorView("K.J5.KJ87543.753")
    assert view.hint == f"Teach me: {advice.summary}"
    shown = [line for line in view.hint_reasons if not line.startswith("note: ")]
    assert shown == [f"{cards}: {f'{value:g}'.replace('-', '−')} — {why}" for cards, value, why in page.reasons]
    assert [f"note: {n}" for n in advice.context] == view.hint_reasons[len(shown) :]
    drawn = view.state()["hint_reasons"]  # the lines the card table lists under the hint
    assert advice.context and any(line.startswith("note: the count leaves less than one trick") for line in drawn)


def test_teach_me_does_not_repeat_the_bid() -> None:
    for seed in range(6):
        view = TableGame(seed=seed, teach=True, pause=0)
        if not view.hint:
            continue
        assert not re.search(r"bid (\S+) — bid \1", view.hint), view.hint
        assert "—" not in view.hint.split(":")[0]


def test_summary_does_not_start_with_the_bid_it_ends_with() -> None:
    # "North bids 7: bid 7: ..." came from printing the bid before a summary that began with it.
    for seed in range(12):
        a = advise_bid(deal(seed)[Seat.N])
        if not a.bid.is_nil:
            assert not a.summary.startswith("bid "), a.summary
            assert a.summary.count(f"bid {int(a.bid)}") == 1


def test_no_chapter_output_repeats_a_bid() -> None:
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            for output in cell.get("outputs", []):
                text = "".join(output.get("text", "")) + "".join(output.get("data", {}).get("text/plain", ""))
                assert not re.search(r"bids? (\S+?):? (?:—\s)?bid \1\b", text), (path.name, text[:300])


def test_nil_check_shows_no_unexplained_risk_number() -> None:
    view = BidAdvisorView("AKQ3.K52.7.A9842")
    assert view.nil_text.startswith("Nil does not fit this hand: ")
    assert "risk" not in view.nil_text
    assert not re.search(r"\d", view.nil_text.split(":")[0])
