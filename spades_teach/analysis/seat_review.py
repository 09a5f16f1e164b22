"""The review of a played hand from the player's seat, in points: the learner's cost.

For each card a seat played, :func:`seat_review` rebuilds the
:class:`~spades_teach.advice.position.Position` that seat saw just before it (the
bids, every card played and by whom, the voids shown, the score and the bags) and
values every legal card by the expert's evaluation
(:meth:`~spades_teach.advice.expert.ExpertBot.evidence`): deals of the unseen cards
that fit what the seat had seen, each solved exactly, each card scored in points for
the seat's side minus the other side's, bags charged at their match value. The card
played is then judged by the one judge (:class:`~spades_teach.advice.expert.CardEvidence`):

* **as good as the best** when the expert's best card does not beat it on the same
  deals by more than the sampling noise (:func:`~spades_teach.advice.sampling.clearly_better`):
  its cost is 0;
* otherwise **costly**: its cost is the best card's average points minus its own.

When Teach me was shown for a card, the review samples with the hint's own seed, so
it judges on the very deals the hint was chosen on: the hint's card is as good as the
best there by construction, at both hint levels (:func:`~spades_teach.advice.teach.teach`).
Other cards are judged with a seed made of ``seed`` and the card's number, so the same
hand always gets the same review.

While a Nil is live the cards are judged too: the judge counts each Nil kept or
broken in points, its fate on each deal found by playing the hand out as players who
see only their own cards (see :mod:`spades_teach.advice.expert`). Where the expert
gives no evidence (two-player Spades, which the solver does not play; a position whose
search ran out of its budget) the card is plainly **not judged** from the seat; with
one legal card there is nothing to judge. No cost is invented.

What the card would have done with every hand seen (the double-dummy review,
:func:`~spades_teach.analysis.card_cost.card_costs`) is kept apart, as a labelled
``hindsight`` note: hindsight is not a mistake.

>>> from spades_teach import Round, deal
>>> from spades_teach.advice.driver import play_hand
>>> from spades_teach.advice.levels import seated_bot
>>> r = play_hand(Round(deal(4), dealer="W"), {s: seated_bot("medium", "doc", s) for s in "NESW"})
>>> review = seat_review(r, "S", hindsight=False)
>>> len(review), all(j.seat.name == "S" for j in review)
(13, True)
>>> all(j.cost == 0 for j in review if not j.judged)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from spades_teach._text import signed
from spades_teach.advice.expert import ExpertBot
from spades_teach.advice.position import Position
from spades_teach.game.cards import Card, CardLike
from spades_teach.game.round import Event, PlayEvent, Round
from spades_teach.game.seating import Seat, SeatLike, seating_of
from spades_teach.i18n import _, ngettext

__all__ = ["SeatJudgement", "seat_review", "seat_turns", "review_seed"]

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class SeatJudgement:
    """The judgement of one card from its player's seat (see the module docs).

    ``number``: the card's place in the hand (1–52); ``trick``: its trick; ``seat``,
    ``card``: who played what. ``judged``: whether the expert's evaluation judged it
    (``False`` for an only card, two players, a spent search budget). ``cost``: the points it gave
    away against the best card from the seat (0 when as good as the best, or not
    judged). ``best``: the expert's best card (``None`` when not judged); ``points`` and
    ``best_points``: the average points (the seat's side minus the other, bags charged)
    of the card played and of the best card; ``deals``: the deals they were averaged
    over. ``hint``: the card Teach me showed then, if any; ``seed``: the seed of the
    sampled deals. ``explanation``: one plain line; ``hindsight``: a separate, labelled
    note on the card with every hand seen (``""`` when there is nothing to note).
    """

    number: int
    trick: int
    seat: Seat
    card: Card
    judged: bool
    cost: float
    best: Card | None
    points: float | None
    best_points: float | None
    deals: int
    seed: str
    explanation: str
    hindsight: str = ""
    hint: Card | None = None

    @property
    def costly(self) -> bool:
        """Whether the card was clearly worse than the best from the seat."""
        return self.cost > 0

    @property
    def was_hint(self) -> bool:
        """Whether this card was the one Teach me showed."""
        return self.hint is not None and self.hint == self.card


def review_seed(seed: str, number: int) -> str:
    """The seed of the deals a card is judged on when no hint's seed is known."""
    return f"{seed}/review/{number}"


def seat_review(
    source: Any,
    seat: SeatLike = "S",
    *,
    hints: Mapping[int, CardLike] | None = None,
    hint_seeds: Mapping[int, int | str] | None = None,
    seed: str = "",
    bags: Mapping[Any, int] | None = None,
    hindsight: bool = True,
    progress: Progress | None = None,
) -> list[SeatJudgement]:
    """Judge every card ``seat`` played in a hand (a :class:`Round`, or a game record
    with ``to_round()``) from that seat, in points (see the module docs).

    ``hints`` maps a card's number in the hand (1–52) to the card Teach me showed then,
    and ``hint_seeds`` the same numbers to the seed the hint's deals were drawn with (the
    ``seed`` of :class:`~spades_teach.advice.teach.Teaching`): the card is judged on those
    very deals. Other cards use :func:`review_seed`. ``bags`` are the bag counters as the
    hand began (the scores come from the round). ``hindsight`` adds the double-dummy note.
    ``progress(done, total)`` is called after each card judged."""
    from spades_teach.analysis.card_cost import _as_round, _hint_cards

    round_ = _as_round(source)
    me = Seat.coerce(seat)
    hinted = _hint_cards(hints)
    seeds = _seeds(hint_seeds)
    notes = _hindsight_notes(round_, me) if hindsight else {}
    plays = [e for e in round_.history if isinstance(e, PlayEvent)]
    mine = [n for n, e in enumerate(plays, start=1) if e.seat is me]
    out: list[SeatJudgement] = []
    for event, number, position in seat_turns(round_, me, bags):
        if isinstance(event, PlayEvent):
            if event.renege:
                break
            used = seeds.get(number, review_seed(seed, number))
            judgement = _judge(position, event.card, number, used)
            out.append(_with(judgement, notes.get(number, ""), hinted.get(number)))
            if progress is not None:
                progress(len(out), len(mine))
    return out


def seat_turns(
    round_: Round, seat: Seat, bags: Mapping[Any, int] | None = None
) -> Iterator[tuple[Event, int, Position]]:
    """Each bid and card of ``seat`` in the hand, in order, with the card's number in the hand (the
    cards played so far, this one included; for a bid, 0) and the seat's position then (the hand
    replayed up to that moment, ``bags`` the bag counters as it began)."""
    replay = round_.restarted()
    number = 0
    for event in round_.history:
        if isinstance(event, PlayEvent):
            number += 1
        if event.seat is seat:
            yield event, number, Position.from_round(replay, bags=bags)
        replay.apply(event)


def _seeds(hint_seeds: Mapping[int, int | str] | None) -> dict[int, str]:
    from spades_teach.analysis.card_cost import _by_card_number

    return _by_card_number(
        hint_seeds,
        _("hint seeds must map a card's number in the hand (1-52) to a seed, not {value}"),
        lambda _number, value: str(value),
    )


def _hindsight_notes(round_: Round, seat: Seat) -> dict[int, str]:
    """The double-dummy note of each card, by its number (none for two-player hands)."""
    if not seating_of(round_.rules).partnerships:
        return {}
    from spades_teach.analysis.card_cost import card_costs, hindsight_note

    return {c.number: hindsight_note(c) for c in card_costs(round_, seat=seat)}


def _with(judgement: SeatJudgement, note: str, hint: Card | None) -> SeatJudgement:
    from dataclasses import replace

    return replace(judgement, hindsight=note, hint=hint)


def _unjudged(position: Position, card: Card, number: int, seed: str, text: str) -> SeatJudgement:
    return SeatJudgement(
        number, position.trick_number, position.seat, card, False, 0.0, None, None, None, 0, seed, text
    )


def _points(value: float) -> str:
    """Average points for a side with their unit, in the language in use: ``+1 point``, ``−13 points``."""
    whole = round(value)
    return ngettext("{points} point", "{points} points", abs(whole)).format(points=signed(whole))


def _judge(position: Position, card: Card, number: int, seed: str) -> SeatJudgement:
    """One card judged from ``position`` on the deals drawn with ``seed``."""
    if len(position.legal) == 1:
        return _unjudged(position, card, number, seed, _("{card} was your only legal card").format(card=card.pretty))
    if not seating_of(position.rules).partnerships:
        text = _("not judged from your seat: the review values cards in four-player Spades only")
        return _unjudged(position, card, number, seed, text)
    evidence = ExpertBot(seed=seed).evidence(position, about=card)  # looked at again before called worse
    if evidence is None or card not in evidence.points:
        text = _("not judged from your seat: the search of this position ran out of its budget")
        return _unjudged(position, card, number, seed, text)
    best = evidence.best
    cost = evidence.cost(card)
    points, best_points = evidence.points[card], evidence.points[best]
    deals = evidence.deals
    if card == best:
        text = ngettext(
            "{card} was the best card from your seat: over {deals} deal that fit what you had seen, "
            "it averages {points} for your side",
            "{card} was the best card from your seat: over {deals} deals that fit what you had seen, "
            "it averages {points} for your side",
            deals,
        ).format(card=card.pretty, deals=deals, points=_points(points))
    elif cost == 0:
        text = ngettext(
            "{card} was as good as the best from your seat: over {deals} deal that fit what you had seen, "
            "it averages {points} for your side, the {best} {best_points}, within the sampling noise",
            "{card} was as good as the best from your seat: over {deals} deals that fit what you had seen, "
            "it averages {points} for your side, the {best} {best_points}, within the sampling noise",
            deals,
        ).format(
            card=card.pretty,
            deals=deals,
            points=_points(points),
            best=best.pretty,
            best_points=_points(best_points),
        )
    else:
        text = ngettext(
            "from your seat the {best} was better: over {deals} deals that fit what you had seen, it averages "
            "{best_points} for your side, the {card} {points}; this card cost about {cost} point",
            "from your seat the {best} was better: over {deals} deals that fit what you had seen, it averages "
            "{best_points} for your side, the {card} {points}; this card cost about {cost} points",
            max(1, round(cost)),
        ).format(
            best=best.pretty,
            deals=deals,
            best_points=_points(best_points),
            card=card.pretty,
            points=_points(points),
            cost=round(cost),
        )
    return SeatJudgement(
        number, position.trick_number, position.seat, card, True, cost, best, points, best_points, deals, seed, text
    )
