# The compiled twin of spades_teach.game.kernel.PlayState (built from _kernel.c).
from collections.abc import Sequence

from spades_teach.game.cards import Card, Cards, Seat
from spades_teach.game.kernel import PlayEvent, PlayState, Trick

# Typed as a PlayState: it has the same attributes and methods (it does not derive from it at run time).
class PlayCore(PlayState): ...

def setup(
    card: type[Card],
    cards: type[Cards],
    event: type[PlayEvent],
    trick: type[Trick],
    deck: Sequence[Card],
    seats: Sequence[Seat],
) -> None: ...
def shuffle(stream: bytes) -> list[int] | None: ...
def rule_primitives(
    hand: int, led: int, broken: bool, two_of_clubs: bool, card: int, top: int, spade_lead_breaks: bool
) -> tuple[int, bool, bool]: ...
def winning_position(trick: Sequence[int]) -> int: ...
