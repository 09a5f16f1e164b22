"""The exact fallback that deals unseen cards around the voids (``advice/sampling.py``)."""

from __future__ import annotations

import random

import pytest

from spades_teach.advice.sampling import deal_by_suits, deal_masks


def _constrained_case(seed: int) -> tuple[list[int], list[int], list[int]]:
    """Cards (suit numbers) truly held by 3 takers, and for each taker a void mask
    that the true holding respects (every suit it does not hold may be forbidden)."""
    rng = random.Random(seed)
    suits = [rng.randrange(4) for _ in range(rng.randrange(3, 20))]
    owner = [rng.randrange(3) for _ in suits]
    room = [owner.count(t) for t in range(3)]
    allowed = []
    for t in range(3):
        held = {s for s, o in zip(suits, owner, strict=True) if o == t}
        allowed.append(sum(1 << s for s in range(4) if s in held or rng.random() < 0.3))
    return suits, room, allowed


@pytest.mark.parametrize("seed", range(300))
def test_a_deal_that_exists_is_always_found_and_respects_every_void(seed: int) -> None:
    suits, room, allowed = _constrained_case(seed)
    takers = deal_by_suits(suits, room=room, allowed=allowed, rng=random.Random(seed))
    assert takers is not None
    assert [takers.count(t) for t in range(3)] == room
    for suit, taker in zip(suits, takers, strict=True):
        assert allowed[taker] >> suit & 1


def test_no_deal_when_the_room_cannot_hold_the_cards() -> None:
    assert deal_by_suits([0, 1], room=[1, 2], allowed=[0b1111, 0b1111], rng=random.Random(0)) is None
    assert deal_by_suits([2, 2, 2], room=[1, 2], allowed=[0b0100, 0b0011], rng=random.Random(0)) is None


def test_the_same_generator_gives_the_same_deal() -> None:
    suits, room, allowed = _constrained_case(7)
    first = deal_by_suits(suits, room=room, allowed=allowed, rng=random.Random(3))
    assert first == deal_by_suits(suits, room=room, allowed=allowed, rng=random.Random(3))


def test_deal_masks_fills_each_room_within_its_suits_and_leaves_the_spare_cards_out() -> None:
    from spades_teach.game.cards import Card, Suit

    cards = [Card.from_index(i) for i in range(0, 52, 3)]  # 18 cards of all four suits
    room, allowed = [5, 4, 6], [0b0011, 0b1100, 0b1111]  # 15 places: three cards go nowhere
    for seed in range(50):
        masks = deal_masks(cards, room=room, allowed=allowed, rng=random.Random(seed))
        assert masks is not None
        held = [[c for c in cards if masks[t] & c.mask] for t in range(3)]
        assert [len(h) for h in held] == room
        assert all(allowed[t] >> int(c.suit) & 1 for t in range(3) for c in held[t])
        assert not (masks[0] & masks[1] or masks[0] & masks[2] or masks[1] & masks[2])
    spades_only = [Card.from_index(i) for i in range(13) if Card.from_index(i).suit is Suit.SPADES][:3]
    assert deal_masks(spades_only, room=[2, 1], allowed=[0b0001, 0b0010], rng=random.Random(0)) is None
    assert deal_masks(spades_only, room=[2, 2], allowed=[0b1111, 0b1111], rng=random.Random(0)) is None
