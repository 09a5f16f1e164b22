"""The bid count remembers its parts by holding (``bid_count._remembered``): what it returns must be
exactly the count worked out in full, whatever was counted before, in every language and for both
numbers of players."""

from __future__ import annotations

import random

import pytest

from spades_teach.advice import bid_count
from spades_teach.advice.bidding import ITEM_VALUES, count_hand
from spades_teach.advice.two_player_values import TWO_PLAYER_ITEM_VALUES
from spades_teach.game.cards import Hand
from spades_teach.i18n import get_language, set_language


@pytest.fixture
def restore_language() -> object:
    before = get_language()
    yield None
    set_language(before)


def _hands(seed: int, count: int) -> list[Hand]:
    rng = random.Random(seed)
    hands = [Hand.from_mask(sum(1 << i for i in rng.sample(range(52), 13))) for _ in range(count)]
    # Hands sharing holdings with others, short suits and singletons: the remembered parts are reused.
    hands += [
        Hand.parse(text) for text in ("AKQ3.K52.7.A9842", "AKQ3.K52.8.A9842", "2.AKQJT9876.5.43", ".AKQJ.T98765.432")
    ]
    return hands


@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_the_remembered_count_is_the_count_worked_out_in_full(language: str, restore_language: object) -> None:
    set_language("en")
    for hand in _hands(1, 300):
        count_hand(hand)  # fills the memory with English parts first
    set_language(language)
    for players, table in ((4, ITEM_VALUES), (2, TWO_PLAYER_ITEM_VALUES)):
        for hand in _hands(2, 400):
            assert count_hand(hand, players=players) == bid_count._count_items(hand, players, table), (
                str(hand),
                players,
            )


def test_other_item_values_are_never_served_from_memory() -> None:
    hand = Hand.parse("AKQ3.K52.7.A9842")  # four spades: no capped short-spade item
    plain = count_hand(hand)
    doubled = count_hand(hand, values={name: 2 * value for name, value in ITEM_VALUES.items()})
    assert [r.cards for r in doubled] == [r.cards for r in plain]
    for before, after in zip(plain, doubled, strict=True):
        assert after.value == (before.value if before.sure else 2 * before.value), before.cards
    assert count_hand(hand) == plain  # and the advice's own count is still the remembered one
