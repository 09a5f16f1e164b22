"""The count's reasons true card by card (a strong player's review of the bid advisor): honours
valued with the cards held beside them, short suits only with spades left over to ruff, long suits
once spades are drawn; blind Nil decided without looking; the Nil checklist, principle and
mistakes list in step with chapter 9."""

from __future__ import annotations

from typing import Any

from spades_teach.advice.bidding import BidAdvice, BidReason, assess_nil, nil_checklist
from spades_teach.advice.bidding import advise_bid as checked_advice
from spades_teach.advice.principles import PRINCIPLES
from spades_teach.game.rules import Rules
from spades_teach.render.summary import mistakes


def advise_bid(*args: Any, **kwargs: Any) -> BidAdvice:
    """The count's advice alone (no check on played-out deals): these tests are about the count."""
    return checked_advice(*args, samples=0, **kwargs)


CHAPTER_9 = "notebooks/09_nil_play.md"


def reason(advice: BidAdvice, cards: str) -> BidReason:
    found = [r for r in advice.reasons if r.cards == cards]
    assert found, [str(r) for r in advice.reasons]
    return found[0]


def test_king_of_spades_with_one_small_spade_is_not_a_full_trick() -> None:
    king = reason(advise_bid("K3.AKQ.8765.5432"), "K♠")
    assert king.value == 0.75 and not king.sure and king.kind == "likely"
    assert "led twice before the ace falls" in king.why
    assert reason(advise_bid("K53.AK2.8765.543"), "K♠").value == 1.0


def test_the_jack_of_a_k_q_j_counts() -> None:
    a = advise_bid("AKQJ.AKQJ.432.32")
    assert reason(a, "J♥").value == 0.25 and "fourth time the suit is led" in reason(a, "J♥").why
    assert reason(a, "J♠").sure


def test_the_jack_of_spades_under_the_queen_counts() -> None:
    jack = reason(advise_bid("QJ73.A65.K943.86"), "J♠")
    assert jack.value == 0.25 and "backs up your Q♠" in jack.why
    bare = reason(advise_bid("QJ.A652.K943.863"), "J♠")
    assert bare.value == 0 and "can catch both" in bare.why


def test_a_queen_is_worded_by_what_the_hand_holds_above_it() -> None:
    a = advise_bid("AS KS 7S 3S AH QH 5H KD 9D 4D 8C 6C 2C")
    queen = reason(a, "Q♥")
    assert "once the ace and king are out" not in queen.why
    assert queen.why == "with your A♥ above it, the Q♥ wins if the K♥ is played before it: half a trick"
    assert (a.bid, a.estimate) == (5, 5.25)
    third = reason(advise_bid("K3.AKQ.8765.5432"), "Q♥")
    assert "third time the suit is led" in third.why and "ace and king are out" not in third.why


def test_no_ruff_counted_when_the_spades_draw_and_win_by_length() -> None:
    a = advise_bid("KJ87432.2.42.T42")
    assert (a.bid, a.estimate) == (4, 4.25)
    for short in ("2♥ singleton", "♦ doubleton"):
        line = reason(a, short)
        assert line.value == 0 and "none is left over to ruff with" in line.why
    assert "ruffs" not in reason(a, "8♠").why  # the 3rd spade helps draw, it is not a spare ruffer


def test_small_spades_that_cannot_draw_still_ruff() -> None:
    voids = [r.value for r in advise_bid("87654.AK5..Q9432").reasons if "void" in r.cards]
    assert voids == [0.75, 0.5]


def test_a_k_q_j_of_five_hearts_counts_the_jack_and_the_long_heart() -> None:
    a = advise_bid("65.AKQJ5.A87.A76")
    assert [reason(a, c).value for c in ("A♥", "K♥", "Q♥", "J♥", "5♥")] == [1.0, 0.5, 0.5, 0.25, 0.25]
    assert "once the spades are drawn" in reason(a, "5♥").why
    assert (a.bid, a.estimate) == (4, 4.5)


def test_k_q_j_of_hearts_count_more_than_three_quarters() -> None:
    a = advise_bid("AQ975.KQJ864..32")
    hearts = [reason(a, c).value for c in ("K♥", "Q♥", "J♥", "6♥", "4♥")]
    assert hearts == [0.5, 0.25, 0.5, 0.5, 0.5]
    assert "can take only one of your K♥ Q♥ J♥" in reason(a, "J♥").why
    assert "your spades can draw the others'" in reason(a, "6♥").why
    assert reason(a, "♦ void").value == 0
    assert (a.bid, a.estimate) == (5, 5.5)


BEHIND = {"NS": 100, "EW": 350}


def test_blind_nil_is_decided_without_looking_at_the_cards() -> None:
    rules = Rules(blind_nil=True)
    for hand in ("32.5432.543.AKQJ", "T842.J96.T743.92", "AKQJ.AKQJ.432.32"):
        a = advise_bid(hand, scores=BEHIND, rules=rules)
        assert a.bid.is_nil and a.bid.blind, hand
        assert "before looking at your cards" in a.summary and "♣" not in a.summary and "not Nil" not in a.summary
    # the same cards, the score level: no blind Nil, and the clubs rule out a Nil
    level = advise_bid("32.5432.543.AKQJ", rules=rules)
    assert not level.bid.is_nil and not level.nil.fits


def test_blind_nil_needs_a_partner_who_can_cover_it() -> None:
    rules = Rules(blind_nil=True)
    low = advise_bid("T842.J96.T743.92", seat="S", bids={"N": 2}, scores=BEHIND, rules=rules)
    assert not low.bid.blind
    high = advise_bid("AKQJ.AKQJ.432.32", seat="S", bids={"N": 4}, scores=BEHIND, rules=rules)
    assert high.bid.blind
    partner_nil = advise_bid("T842.J96.T743.92", seat="S", bids={"N": 0}, scores=BEHIND, rules=rules)
    assert not partner_nil.bid.is_nil


def test_high_spades_fail_spades_8_or_lower() -> None:
    [check] = [c for c in nil_checklist("AK73.AQ5.K94.862") if c.item == "spades 8 or lower"]
    assert not check.ok and check.line == "the A♠ K♠ are above the 8♠ and can win tricks"
    [low] = [c for c in nil_checklist("73.J65.K9432.862") if c.item == "spades 8 or lower"]
    assert low.ok


def test_the_nil_principle_agrees_with_chapter_9_and_the_drill() -> None:
    line = PRINCIPLES["the Nil checklist"].line
    assert "no side ace or king" not in line
    assert "a side king is only a small risk with two or more low cards beside it" in line
    with open(CHAPTER_9, encoding="utf-8") as chapter:
        assert line in chapter.read()
    # chapter 9's own example, and the drill's answer for it: a K♥ with three cards beside it fits
    assert assess_nil("752.K985.JT43.63").fits
    assert not assess_nil("84.K7.JT962.9753").fits  # a short king is caught


def test_the_mistakes_list_leads_high_for_a_partner_s_nil() -> None:
    [line] = [m for m in mistakes() if "partner's Nil" in m]
    assert "lead high" in line and "lead low" not in line
    with open(CHAPTER_9, encoding="utf-8") as chapter:
        assert "lead high cards so that they can play under them" in chapter.read()


def test_the_blind_nil_chance_the_advice_gives_is_the_one_the_nil_trial_measures() -> None:
    """The advice says 13 unseen cards make a Nil "about one time in four": 100 random hands tried
    by the Nil trial (benchmarks/blind_nil.py runs 300) hold about that often."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    try:
        from blind_nil import held_shares
    finally:
        sys.path.pop(0)
    from spades_teach.advice.bidding import BLIND_NIL_HOLDS

    shares = held_shares(100, 10, seed=7)
    assert abs(sum(shares) / len(shares) - BLIND_NIL_HOLDS) < 0.07
