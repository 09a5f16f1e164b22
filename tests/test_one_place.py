"""Each piece of game logic written once (issue #20 §2–3): the void inference, the
sampler of unseen cards, the replay of events onto a Round, the match-winning
stakes and the bot protocol. Each test fails if a copy comes back."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from spades_teach import Position, Round, deal
from spades_teach.game._bits import SUIT_MASKS
from spades_teach.game.cards import Card, Suit
from spades_teach.game.kernel import shown_void

PACKAGE = Path(__file__).resolve().parent.parent / "spades_teach"


def _sources() -> list[tuple[Path, ast.Module]]:
    return [(path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(PACKAGE.rglob("*.py"))]


def test_shown_void_is_a_card_that_does_not_follow_the_suit_led() -> None:
    for card in (Card.from_index(i) for i in range(52)):
        for led in Suit:
            expected = 0 if card.suit is led else 1 << led
            assert shown_void(card.mask, SUIT_MASKS[led]) == expected, (card, led)
        assert shown_void(card.mask, 0) == 0  # a lead shows nothing


def test_position_voids_are_the_kernels_on_random_hands() -> None:
    """Every card of random hands, read back from the round's own tricks (who played
    what is known there), gives the voids the position reports."""
    rng = random.Random(20)
    for seed in range(6):
        r = Round(deal(seed), dealer="W")
        for seat in r.seats:
            r.bid(r.to_act, 3)  # type: ignore[arg-type]
            del seat
        while not r.is_complete:
            p = Position.from_round(r)
            expected = {s: 0 for s in r.seats}
            for trick in (*r.tricks, r.current_trick):
                led = SUIT_MASKS[trick.led] if trick.led is not None else 0
                for who, card in trick.plays:
                    expected[who] |= shown_void(card.mask, led)
            assert {s: sum(1 << suit for suit in p.voids[s]) for s in r.seats} == expected
            r.play(r.to_act, rng.choice(list(r.legal_plays())))  # type: ignore[arg-type]


def test_no_module_but_the_kernel_infers_a_void() -> None:
    """A void is written down only from the kernel's answer: no ``voids[...] |= 1 << x.suit``
    (a copy of the rule ``a card off the suit led shows a void``) anywhere else."""
    copies = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.AugAssign)
                and isinstance(node.op, ast.BitOr)
                and "void" in ast.unparse(node.target)
                and "shown_void" not in ast.unparse(node.value)
            ):
                copies.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert copies == []
