"""A hand played by four bots with the advisor's comment on each of South's cards: the replay
the app's Replay page falls back on when no annotated record is installed."""

from __future__ import annotations

from spades_teach.advice.driver import Bot, play_hand
from spades_teach.advice.levels import make_bot
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.game.bids import BidLike
from spades_teach.game.cards import Card
from spades_teach.game.deals import deal
from spades_teach.game.round import Round
from spades_teach.game.seating import Seat
from spades_teach.i18n import _

__all__ = ["bot_replay"]


def bot_replay(seed: int | str = 1, level: str = "medium") -> tuple[Round, dict[int, str]]:
    """A hand played by four bots from ``seed``, with the advisor's comment on each
    of South's cards: ``(round, annotations)``, annotations keyed by event index
    (as :class:`~spades_teach.widgets.ReplayView` takes them)."""
    round = Round(deal(f"{seed}/replay"), dealer=Seat.N)
    bots: dict[Seat, Bot] = {seat: make_bot(level, seed=f"{seed}/{seat.name}") for seat in Seat}
    notes: dict[int, str] = {}
    south = bots[Seat.S]

    class CommentedSouth:
        """South's bot, with the advisor's comment on each card it chooses."""

        def choose_bid(self, position: Position) -> BidLike:
            return south.choose_bid(position)

        def choose_play(self, position: Position) -> Card:
            card = Card.parse(south.choose_play(position))
            hint = suggest_play(position)
            advised = Card.parse(hint.card)
            if advised == card:
                note = _("South plays {card}, as the advisor suggests: {reason}")
            else:
                note = _("South plays {card}, the advisor would play {advised}: {reason}")
            notes[len(round.history)] = note.format(card=card.pretty, advised=advised.pretty, reason=hint.reason)
            return card

    bots[Seat.S] = CommentedSouth()
    play_hand(round, bots)
    return round, notes
