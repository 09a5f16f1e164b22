"""The Nil checklist by holding: each item ok or not, one line each, and in step with assess_nil."""

from __future__ import annotations

from spades_teach import Seat, deal
from spades_teach.advice.bidding import NIL_CHECKLIST, assess_nil, nil_checklist


def test_every_hand_gets_every_item_in_order() -> None:
    checks = assess_nil("AKQ3.K52.7.A9842").checklist
    assert tuple(c.item for c in checks) == NIL_CHECKLIST
    assert all("\n" not in c.line and c.line for c in checks)


def test_the_items_a_strong_hand_fails() -> None:
    failed = {c.item: c.line for c in nil_checklist("AKQ3.K52.7.A9842") if not c.ok}
    assert failed == {
        "no A♠ or K♠": "the A♠ K♠ will each win a trick",
        "no Q♠": "the Q♠ wins unless the A♠ or K♠ covers it",
        "spades 8 or lower": "the A♠ K♠ Q♠ are above the 8♠ and can win tricks",
        "three spades at most": "4 spades",
        "no side ace": "the A♣ (5 cards in the suit) wins when the suit is led",
        "no side king": "the K♥ with 2 cards beside it: a small risk",
        "a low card (5 or lower) in every side suit": "no low card to play under in diamonds (lowest 7♦)",
    }


def test_a_bare_king_has_little_cover() -> None:
    [king] = [c for c in nil_checklist("84.K7.JT962.9753") if c.item == "no side king"]
    assert not king.ok and king.line == "the K♥ with little cover"


def test_a_hand_passing_every_item_fits_a_nil() -> None:
    passed = 0
    for seed in range(400):
        for seat in Seat:
            a = assess_nil(deal(seed)[seat])
            if all(c.ok for c in a.checklist):
                passed += 1
                assert a.fits, str(deal(seed)[seat])
    assert passed > 0


def test_a_big_danger_alone_rules_the_nil_out() -> None:
    for hand in ("A32.5432.5432.32", "32.A432.5432.532", "6432.5432.432.32"):
        a = assess_nil(hand)
        # an A♠ fails "spades 8 or lower" as well as "no A♠ or K♠"
        failed = 2 if hand.startswith("A") else 1
        assert not a.fits and sum(not c.ok for c in a.checklist) == failed, hand
