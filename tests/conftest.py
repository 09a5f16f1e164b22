"""Shared, generic fixtures and helpers for the test suite (keep this file small)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from spades_teach import Card, Deal, Round, Rules, Seat, deal


@pytest.fixture
def seeded_deal() -> Deal:
    """A fixed, reproducible deal (seed 7, North deals)."""
    return deal(7, dealer="N")


@pytest.fixture
def new_round() -> Callable[..., Round]:
    """Factory: ``new_round(seed=7, dealer="N", rules=Rules(), bids=None)`` returns a
    Round; with ``bids`` (seat order from the dealer's left) the bidding is done."""

    def make(
        seed: int = 7,
        dealer: str = "N",
        rules: Rules = Rules(),
        bids: Iterable[int | str] | None = None,
    ) -> Round:
        r = Round(deal(seed, dealer=dealer), dealer=dealer, rules=rules)
        if bids is not None:
            for b in bids:
                assert r.to_act is not None
                r.bid(r.to_act, b)
        return r

    return make


def _play_randomly(r: Round, rng: random.Random, stop_after: int | None = None) -> list[Card]:
    played: list[Card] = []
    while not r.is_complete and (stop_after is None or len(played) < stop_after):
        seat = r.to_act
        assert isinstance(seat, Seat)
        card = rng.choice(list(r.legal_plays()))
        r.play(seat, card)
        played.append(card)
    return played


@pytest.fixture
def play_randomly() -> Callable[..., list[Card]]:
    """``play_randomly(round, rng, stop_after=None)`` plays legal cards chosen by
    ``rng`` until the hand ends (or ``stop_after`` cards) and returns them."""
    return _play_randomly


# -- real-browser tests: Debian's Chromium driven by Playwright, the built book on 127.0.0.1 ---------


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one test module; fails (never skips) when Chromium is not installed."""
    from _browser import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}: install it with 'bash tools/system_deps.sh'")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def book_url() -> Iterator[str]:
    """The book, built once per test session, served over HTTP on 127.0.0.1."""
    from _book import build_book
    from _browser import serve_directory

    book = build_book()
    assert book.returncode == 0, book.log[-3000:]
    with serve_directory(book.html) as url:
        yield url
