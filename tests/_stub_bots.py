"""A stub bot for the table tests: the same cards every run, whatever the advice says."""

from __future__ import annotations

from spades_teach import Card
from spades_teach.advice.position import Position


class LowBot:
    """Bids 3 and plays its lowest legal card (spades last); keeps every position it was asked about."""

    name = "low"

    def __init__(self) -> None:
        self.positions: list[Position] = []

    def choose_bid(self, position: Position) -> int:
        self.positions.append(position)
        return 3

    def choose_play(self, position: Position) -> Card:
        self.positions.append(position)
        return min(position.legal, key=lambda c: (c.is_spade, c.rank))


def low_bots() -> dict[str, LowBot]:
    """A LowBot at North, East and West: South is the learner."""
    return {"N": LowBot(), "E": LowBot(), "W": LowBot()}
