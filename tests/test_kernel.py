"""The rules kernel: its fast form (the state machine :class:`Round` runs on)
against its plain functions, the compiled solver core against the pure-Python
solver built on the kernel, and the bit tables filled whatever runs first."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from _positions import random_position

from spades_teach import Card, Hand, Round, Rules, Seat, deal
from spades_teach.game.kernel import (
    SUIT_MASKS,
    beats,
    breaks_spades,
    card_beats,
    is_renege,
    legal,
    legal_mask,
    spades_broken_by,
    two_of_clubs_leads,
    why_illegal,
    winning_index,
    winning_position,
)
from spades_teach.game.seating import seating_of
from spades_teach.game.twoplayer import deal_by_drawing
from spades_teach.solver import (
    NS_TRICKS,
    SOLVER_BACKEND,
    ReferenceSolver,
    legal_moves,
    score_cards,
    solve_value,
)

ROOT = Path(__file__).resolve().parents[1]

RULE_SETS = [
    Rules(),
    Rules(first_lead="two_of_clubs"),
    Rules(spade_lead_breaks=True),
    Rules(first_lead="two_of_clubs", spade_lead_breaks=True),
    Rules(renege="penalty"),
    Rules(players=2),
]


def test_full_deck_iterated_before_any_round_leaves_legal_plays_working() -> None:
    """Issue: iterating a hand holding a whole suit before the first Round filled one
    table entry, and legal_plays then met the unfilled ones (``None + None``)."""
    code = (
        "from spades_teach import Hand, Round, deal\n"
        "list(Hand.from_mask((1 << 52) - 1))\n"
        "r = Round(deal(5))\n"
        "[r.bid(s, 3) for s in 'ESWN']\n"
        "print(len(r.legal_plays()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 0


def _plain_legal(r: Round, seat: Seat) -> int:
    """The legal cards worked out from the round's public state with the plain function."""
    current = r.current_trick
    broken = spades_broken_by([t.cards for t in r.tricks] + [current.cards], r.rules.spade_lead_breaks)
    c2 = two_of_clubs_leads(r.rules, len(r.tricks), len(current.cards))
    return legal_mask(r.hand(seat).mask, current.led, broken, first_trick_two_of_clubs=c2)


def test_round_fast_form_agrees_with_the_plain_kernel_functions() -> None:
    """Thousands of positions from random games under every variant: the legal cards,
    the reasons, spades broken and every trick winner agree with the plain functions."""
    rng = random.Random(20261130)
    positions = 0
    for game in range(240):
        rules = RULE_SETS[game % len(RULE_SETS)]
        seating = seating_of(rules)
        r = Round(deal_by_drawing(game, rules=rules) if seating.players == 2 else deal(game), rules=rules)
        while r.phase == "bidding":
            r.bid(r.to_act, rng.choice(r.legal_bids()))  # type: ignore[arg-type]
        while (seat := r.to_act) is not None:
            fast = Hand(r.legal_plays()).mask
            assert fast == _plain_legal(r, seat)
            hand = r.hand(seat).mask
            led_mask = SUIT_MASKS[r.current_trick.led] if r.current_trick.led is not None else 0
            c2 = two_of_clubs_leads(rules, len(r.tricks), len(r.current_trick.cards))
            for card in r.hand(seat):
                reason = why_illegal(card, hand, led_mask, r.spades_broken, c2)
                assert (reason is None) == bool(fast & card.mask)
                assert (r.why_illegal(card) is None) == bool(fast & card.mask)
            positions += 1
            options = [c for c in r.hand(seat) if r.can_play(seat, c)] if rng.random() < 0.1 else list(r.legal_plays())
            r.play(seat, rng.choice(options))
            done = r.tricks
            if done and len(r.current_trick.cards) == 0:
                trick = done[-1]
                assert trick.winner is seating.seat_after(trick.leader, winning_index(list(trick.cards)))
            assert r.spades_broken == spades_broken_by(
                [t.cards for t in r.tricks] + [r.current_trick.cards], rules.spade_lead_breaks
            )
    assert positions > 10_000


def test_trick_winner_forms_agree() -> None:
    """The card form, the index form, the incremental ``beats`` and ``Card.beats``."""
    rng = random.Random(5)
    deck = list(range(52))
    for _ in range(5000):
        trick = rng.sample(deck, rng.randint(1, 4))
        cards = [Card.from_index(i) for i in trick]
        led = SUIT_MASKS[cards[0].suit]
        best = winning_position(trick)
        assert winning_index(cards) == best
        top = 0
        for i, card in enumerate(cards):
            if i == 0 or beats(card.mask, cards[top].mask, led):
                top = i
        assert top == best
        for card in cards[1:]:
            assert card_beats(card, cards[best], cards[0].suit) is False or card is cards[best]
        for a in cards:
            for b in cards:
                if a is not b:
                    assert a.beats(b, cards[0].suit) == card_beats(a, b, cards[0].suit)


def test_breaks_and_renege_by_definition() -> None:
    spade, heart = Card.parse("4S").mask, Card.parse("4H").mask
    assert breaks_spades(spade, SUIT_MASKS[1], False)
    assert not breaks_spades(spade, SUIT_MASKS[0], False)
    assert not breaks_spades(spade, 0, False) and breaks_spades(spade, 0, True)
    assert not breaks_spades(heart, SUIT_MASKS[2], True)
    hand = Hand.parse("4.4..").mask
    assert is_renege(hand, SUIT_MASKS[1], spade) and not is_renege(hand, SUIT_MASKS[2], spade)
    assert legal(hand, 0, False) == heart


@pytest.mark.skipif(SOLVER_BACKEND != "c", reason="the compiled core is not built")
def test_c_core_agrees_with_the_kernel_solver_on_thousands_of_random_endgames() -> None:
    """The C core keeps its own legality and trick loop; its results (the legal
    moves, the value and every legal card's score) equal the pure-Python solver,
    which plays by the kernel, under the rule options (spade_lead_breaks, the 2♣
    first lead)."""
    rng = random.Random(1130)
    for i in range(3000):
        # the 2♣ first lead (a hand's first trick under Rules(first_lead="two_of_clubs")) and
        # spade_lead_breaks 3 times in 10 each, never bridge rules
        pos = random_position(rng, rng.choice((1, 2, 2, 3)), two_of_clubs=0.3, spade_lead_breaks=0.3, bridge_rules=0)
        assert legal_moves(pos, backend="c") == pos.legal_mask(), pos
        objective = NS_TRICKS if i % 3 else 1 + rng.randrange(4)
        expected = ReferenceSolver(objective).value(pos)
        assert solve_value(pos, objective, backend="c") == expected, (pos, objective)
        if i % 10 == 0:
            assert score_cards(pos, objective, backend="c") == score_cards(pos, objective, backend="python"), pos
