"""The deal of the day as a challenge: your hand against the expert's on the same cards.

A learner plays a deal (the deal of the day, or any deal code a friend sends)
from one seat against the bots. :func:`compare_with_expert` then plays the very
same cards again with the expert bot in the learner's seat and the same bots,
with the same seeds, in the other three, and compares the two hands:

* the points the learner's side scored, against the points it scored with the
  expert in that seat ("you scored +62, the expert +71 on the same cards");
* every decision where the learner chose otherwise than the expert would have,
  at that very moment of the learner's own hand, each with the reason: the bid
  advisor's count for a bid; for a card, exactly the cards the review of the hand
  (:func:`~spades_teach.analysis.seat_review.seat_review`) calls clearly worse, with
  the review's own line: the one judge, asked about the same positions, gives both
  panels the same verdicts and numbers. A card Teach me showed, or the expert's own
  card, is never listed.

Only the learner's decisions are judged: the bots' cards after a different
choice differ too, so the two hands part ways at the first difference.

>>> from spades_teach import Deal, Round
>>> from spades_teach.advice.driver import play_hand
>>> yours = challenge_round("2026-12-01", seat="S")
>>> _ = play_hand(yours, {s: seated_bot("medium", "friends", s) for s in "NESW"})
>>> result = compare_with_expert(yours, seat="S", level="medium", seed="friends")
>>> result.code == yours.deal.code, result.seat.name
(True, 'S')
>>> result.summary().startswith("you scored ")
True
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from spades_teach._text import signed
from spades_teach.advice.bidding import advise_bid
from spades_teach.advice.driver import Bot, play_hand
from spades_teach.advice.expert import ExpertBot
from spades_teach.advice.levels import seated_bot
from spades_teach.advice.position import Position
from spades_teach.analysis.seat_review import SeatJudgement, seat_review, seat_turns
from spades_teach.errors import IllegalActionError, ParseError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Seat, SeatLike
from spades_teach.game.deals import Deal
from spades_teach.game.round import BidEvent, Round
from spades_teach.game.rules import Rules
from spades_teach.i18n import _, ngettext

__all__ = [
    "ChallengeResult",
    "Difference",
    "challenge_deal",
    "challenge_round",
    "compare_with_expert",
    "expert_round",
    "seated_bot",
]


def challenge_deal(day_or_code: str | _dt.date | None = None) -> Deal:
    """The deal of a challenge: the deal of the day for a date (``"2026-12-01"``
    or a :class:`datetime.date`; ``None`` is today), or the deal of a deal code.

    >>> challenge_deal("2026-12-01") == Deal.of_the_day("2026-12-01")
    True
    >>> d = challenge_deal("2026-12-01")
    >>> challenge_deal(d.code) == d
    True
    >>> challenge_deal("not a code!!")
    Traceback (most recent call last):
    ...
    spades_teach.errors.ParseError: 'not a code!!' is neither a date (YYYY-MM-DD) nor a deal code
    """
    if day_or_code is None or isinstance(day_or_code, _dt.date):
        return Deal.of_the_day(day_or_code)
    text = str(day_or_code).strip()
    if len(text) == 10 and text[4] == "-" and text[7] == "-":
        return Deal.of_the_day(text)
    try:
        return Deal.from_code(text)
    except ParseError:
        raise ParseError(
            _("{value} is neither a date (YYYY-MM-DD) nor a deal code").format(value=repr(day_or_code))
        ) from None


def challenge_round(day_or_code: str | _dt.date | Deal | None = None, *, seat: SeatLike = "S") -> Round:
    """A new :class:`Round` of the challenge's deal (see :func:`challenge_deal`), ready to bid.
    ``seat`` is only checked here: every seat plays the same deal."""
    Seat.coerce(seat)
    deal = day_or_code if isinstance(day_or_code, Deal) else challenge_deal(day_or_code)
    return Round(deal, dealer=deal.dealer)


@dataclass(frozen=True)
class Difference:
    """One decision where the learner chose otherwise than the expert.

    ``kind`` is ``"bid"`` or ``"card"``; ``trick`` the trick number (0 for a bid);
    ``yours`` and ``expert`` the choices written for people (``"4"``, ``"K♥"``);
    ``reason`` one plain line saying why the expert chose its bid or card."""

    kind: Literal["bid", "card"]
    trick: int
    yours: str
    expert: str
    reason: str

    def __str__(self) -> str:
        if self.kind == "bid":
            text = _("bidding: you bid {yours}, the expert {expert} — {reason}")
        else:
            text = _("trick {trick}: you played {yours}, the expert {expert} — {reason}")
        return text.format(trick=self.trick, yours=self.yours, expert=self.expert, reason=self.reason)


@dataclass(frozen=True)
class ChallengeResult:
    """The learner's hand against the expert's on the same cards (see the module docs).

    ``your_points`` and ``expert_points`` are the points of the learner's side for
    the hand (bags carried in: none); ``your_round`` and ``expert_round`` the two
    hands; ``differences`` the learner's decisions the expert would have made
    otherwise, in order."""

    code: str
    seat: Seat
    your_points: int
    expert_points: int
    your_round: Round
    expert_round: Round
    differences: tuple[Difference, ...]

    def summary(self) -> str:
        """One line: both scores, and how many decisions differed."""
        count = len(self.differences)
        if count == 0:
            agreed = _("you made every decision the expert would have made")
        elif count == 1:
            agreed = _("you differed from the expert once")
        else:
            agreed = ngettext(
                "you differed from the expert {count} time", "you differed from the expert {count} times", count
            ).format(count=count)
        return _("you scored {yours}, the expert {expert} on the same cards; {agreed}").format(
            yours=signed(self.your_points), expert=signed(self.expert_points), agreed=agreed
        )

    def lines(self) -> list[str]:
        """The summary, then one line per difference."""
        return [self.summary(), *(str(d) for d in self.differences)]


def _side_of(round: Round, seat: Seat) -> Any:
    from spades_teach.game.seating import seating_of

    return seating_of(round.rules).side_of(seat)


def _bots_for(level: str, seed: str, seat: Seat, rules: Rules) -> dict[Seat, Bot]:
    from spades_teach.game.seating import seating_of

    return {s: seated_bot(level, seed, s) for s in seating_of(rules).seats if s is not seat}


def expert_round(deal: Deal, seat: SeatLike, *, level: str = "medium", seed: str = "", rules: Rules = Rules()) -> Round:
    """The deal played with the expert bot in ``seat`` and the bots of ``level``
    (seeded by ``seed`` as at the card table) in the other seats."""
    me = Seat.coerce(seat)
    bots = _bots_for(level, seed, me, rules)
    bots[me] = ExpertBot(seed=f"{seed}/{me.name}")
    return play_hand(Round(deal, dealer=deal.dealer, rules=rules), bots)


def _bid_difference(position: Position, yours: Bid, expert: ExpertBot) -> Difference | None:
    best = Bid.coerce(expert.choose_bid(position))
    if best == yours:
        return None
    advice = advise_bid(
        position.hand,
        seat=position.seat,
        bids=dict(position.bids),
        scores=dict(position.scores),
        bags=dict(position.bags),
        rules=position.rules,
        samples=0,  # the expert bids the count: its reasons are the count's
    )
    return Difference("bid", 0, _bid_label(yours), _bid_label(best), advice.summary)


def _bid_label(bid: Bid) -> str:
    """A bid as a score sheet writes it, in the language in use: ``Nil``, ``Blind Nil``, ``4``."""
    if int(bid) == 0:
        return _("Blind Nil") if bid.blind else _("Nil")
    return str(int(bid))


def _card_difference(position: Position, judgement: SeatJudgement) -> Difference | None:
    """The difference a card the review calls clearly worse makes (``None`` otherwise), in the
    review's own words."""
    best = judgement.best
    if not judgement.costly or best is None:
        return None
    return Difference("card", position.trick_number, judgement.card.pretty, best.pretty, judgement.explanation)


def compare_with_expert(
    yours: Round,
    seat: SeatLike = "S",
    *,
    level: str = "medium",
    seed: str = "",
    bags: Mapping[Any, int] | None = None,
    review: Sequence[SeatJudgement] | None = None,
) -> ChallengeResult:
    """Compare a finished hand played from ``seat`` with the same deal played by the
    expert in that seat (see the module docs). ``level`` and ``seed`` must be those of
    the bots the learner played with, so that the other three seats are the same players.
    ``review``: the hand's review from the seat, if already made (it is made otherwise)."""
    if not yours.is_complete:
        raise IllegalActionError(_("the challenge is compared once the hand is finished: play the last trick first"))
    me = Seat.coerce(seat)
    theirs = expert_round(yours.deal, me, level=level, seed=seed, rules=yours.rules)
    judge = ExpertBot(seed=f"{seed}/{me.name}/judge")
    if review is None:
        review = seat_review(yours, me, bags=bags, hindsight=False)
    judged = {j.number: j for j in review}
    differences: list[Difference] = []
    for event, number, position in seat_turns(yours, me, bags):
        found = None
        if isinstance(event, BidEvent):
            found = _bid_difference(position, event.bid, judge)
        elif number in judged:
            found = _card_difference(position, judged[number])
        if found is not None:
            differences.append(found)
    side = _side_of(yours, me)
    return ChallengeResult(
        code=yours.deal.code,
        seat=me,
        your_points=int(yours.score().points[side]),
        expert_points=int(theirs.score().points[side]),
        your_round=yours,
        expert_round=theirs,
        differences=tuple(differences),
    )
