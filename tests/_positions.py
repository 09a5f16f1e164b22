"""Random solver positions (:class:`~spades_teach.solver.state.DDState`) for the tests that hold the
solvers to each other, to a plain minimax or to the kernel."""

from __future__ import annotations

import random

from spades_teach.solver.state import DDState


def random_position(
    rng: random.Random,
    size: int,
    *,
    two_of_clubs: float = 0.25,
    spade_lead_breaks: float = 0.2,
    bridge_rules: float = 0.15,
) -> DDState:
    """A random position: ``size`` cards a hand, random flags (spades broken 2 times in 5, the rule
    options each with the chance given, 0 for never: then no number is drawn for it; under the 2♣
    first lead the 2♣ is in the leader's hand), then 0-3 random legal cards."""
    deck = list(range(52))
    rng.shuffle(deck)
    leader = rng.randrange(4)
    first_lead = rng.random() < two_of_clubs
    if first_lead:  # the 2♣ goes to the leader's first place in the deal
        deck.remove(51)
        deck.insert(leader * size, 51)
    hands = [0, 0, 0, 0]
    for seat in range(4):
        for card in deck[seat * size : (seat + 1) * size]:
            hands[seat] |= 1 << card
    pos = DDState(
        (hands[0], hands[1], hands[2], hands[3]),
        leader,
        (),
        rng.random() < 0.4,
        rng.random() < spade_lead_breaks if spade_lead_breaks else False,
        rng.random() < bridge_rules if bridge_rules else False,
        first_lead,
    )
    for _ in range(rng.randrange(4)):
        legal = pos.legal_mask()
        pos, _winner = pos.play(rng.choice([i for i in range(52) if legal >> i & 1]))
    return pos
