"""Playouts of a deal with every hand known, each seat playing the medium policy
(:func:`~spades_teach.advice.play.decide`) from what it alone would see: the hard bot's and the
expert's searches, and the advisor's Nil trial (:mod:`spades_teach.advice.nil_trial`), play with them."""

from __future__ import annotations

from spades_teach.advice.play import View, decide
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card
from spades_teach.game.kernel import Playout
from spades_teach.game.rules import Rules
from spades_teach.game.seating import seating_of

__all__ = ["PlayoutViews", "play_out", "playout_start"]


class PlayoutViews:
    """What each seat sees in a playout of a sampled deal: :class:`View` objects made
    straight from the full-information :class:`~spades_teach.game.kernel.Playout`, for
    the medium policy (:func:`~spades_teach.advice.play.decide`) that plays every seat.

    ``bids`` are per seat; ``scores`` and ``bags`` are per side as seat ``me`` sees
    them (its own side first), turned round for the opponents' seats.
    """

    __slots__ = ("bags", "bids", "me", "partner", "players", "rules", "scores")

    def __init__(
        self,
        *,
        me: int,
        bids: list[Bid | None],
        scores: tuple[int, int],
        bags: tuple[int, int],
        rules: Rules,
    ) -> None:
        seating = seating_of(rules)
        self.me = me
        self.partner = seating.partner_index[me]
        self.players = seating.players
        self.bids = bids
        self.scores = scores
        self.bags = bags
        self.rules = rules

    def __call__(self, sim: Playout, seat: int, voids: list[int]) -> View:
        hands, trick, trick_seats, broken, two_clubs, won, tricks_left = sim.seen()
        friend = seat == self.me or seat == self.partner
        return View(
            seat=seat,
            players=self.players,
            hand=hands[seat],
            trick=trick,
            trick_seats=trick_seats,
            broken=broken,
            two_clubs=two_clubs,
            bids=self.bids,
            won=won,
            unseen=sum(hands) - hands[seat],  # the other hands (disjoint masks)
            voids=voids,
            tricks_left=tricks_left,
            scores=self.scores if friend else (self.scores[1], self.scores[0]),
            bags=self.bags if friend else (self.bags[1], self.bags[0]),
            rules=self.rules,
        )


def play_out(sim: Playout, views: PlayoutViews, voids: list[int], first_card: Card | None = None) -> None:
    """Play ``sim`` to the end of the hand, every seat choosing as the medium bot
    (:func:`~spades_teach.advice.play.decide`) from what it sees; ``first_card``, if
    given, is the card of the seat to play now. ``voids`` (suits shown out of, per
    seat) is kept up to date as cards fall (:meth:`~spades_teach.game.kernel.Playout.step`)."""
    step = sim.step
    seat = sim.to_play
    if seat is not None and first_card is not None:
        seat = step(seat, first_card, voids)
    while seat is not None:
        seat = step(seat, decide(views(sim, seat, voids))[0], voids)


def playout_start(view: View, hands: list[int]) -> Playout:
    """The sampled deal ``hands`` at the moment of ``view``, ready to play out."""
    return Playout(
        hands,
        rules=view.rules,
        leader=view.trick_seats[0] if view.trick else view.seat,
        trick=view.trick,
        broken=view.broken,
        two_clubs_pending=view.two_clubs,
        won=view.won,
        tricks_left=view.tricks_left,
    )
