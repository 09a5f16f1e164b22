"""The review of a played hand from the player's seat, in points: the learner's cost.

For each card a seat played, :func:`seat_review` rebuilds the
:class:`~spades_teach.advice.position.Position` that seat saw just before it (the bids, every card
played and by whom, the voids shown, the score and the bags) and asks the one judge
(:func:`~spades_teach.advice.judge.judge`) about it: the best card from the seat, **as good as the
best**, **a close call**, or **clearly worse** by about so many points (its cost), with the numbers
behind the word one click away (``statistics``). The judge draws its deals from the position
itself, so Teach me, the comparison with the expert and this review give the same verdict on the
same position, and a card Teach me showed (or the expert played) is never called costly. Where the
judge gives no verdict (two-player Spades, which the solver does not play; a search out of its
budget) the card is plainly **not judged**; with one legal card there is nothing to judge. What the
card would have done with every hand seen is a separate, labelled ``hindsight`` note
(:func:`~spades_teach.analysis.card_cost.card_costs`): hindsight is not a mistake.

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
from dataclasses import dataclass, replace
from typing import Any

from spades_teach.advice.judge import judge
from spades_teach.advice.position import Position
from spades_teach.advice.verdict_words import statistics_line, verdict_label, verdict_line, why_better
from spades_teach.analysis.card_cost import _as_round, _hint_cards, card_costs, hindsight_note
from spades_teach.game.cards import Card, CardLike
from spades_teach.game.round import Event, PlayEvent, Round
from spades_teach.game.seating import Seat, SeatLike, seating_of
from spades_teach.i18n import _

__all__ = ["SeatJudgement", "judge_card", "seat_review", "seat_turns"]

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class SeatJudgement:
    """The judgement of one card from its player's seat (see the module docs).

    ``number``: the card's place in the hand (1–52); ``trick``: its trick; ``seat``, ``card``:
    who played what. ``judged``: whether the judge gave a verdict (``False`` for an only card, two
    players, a spent search budget). ``verdict``: ``"best"``, ``"as_good"``, ``"close"`` or
    ``"worse"`` (``""`` when not judged); ``label`` the same in a few words; ``cost``: the points it
    gave away against the best card from the seat (0 unless clearly worse). ``best``: the judge's
    best card; ``points`` and ``best_points``: the average points (the seat's side minus the other,
    bags charged) of the card played and of the best card, over ``deals`` deals; ``seed``: the seed
    the judge drew them from (made from the position). ``explanation``: one plain line;
    ``statistics``: the numbers behind it; ``hindsight``: a separate, labelled note on the card with
    every hand seen (``""`` when there is nothing to note); ``hint``: the card Teach me showed then.
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
    verdict: str = ""
    label: str = ""
    statistics: str = ""

    @property
    def costly(self) -> bool:
        """Whether the card was clearly worse than the best from the seat."""
        return self.verdict == "worse"

    @property
    def was_hint(self) -> bool:
        """Whether this card was the one Teach me showed."""
        return self.hint is not None and self.hint == self.card


def seat_review(
    source: Any,
    seat: SeatLike = "S",
    *,
    hints: Mapping[int, CardLike] | None = None,
    bags: Mapping[Any, int] | None = None,
    hindsight: bool = True,
    progress: Progress | None = None,
) -> list[SeatJudgement]:
    """Judge every card ``seat`` played in a hand (a :class:`Round`, or a game record with
    ``to_round()``) from that seat, in points (see the module docs).

    ``hints`` maps a card's number in the hand (1–52) to the card Teach me showed then. ``bags``
    are the bag counters as the hand began (the scores come from the round). ``hindsight`` adds
    the double-dummy note. ``progress(done, total)`` is called after each card judged."""
    round_ = _as_round(source)
    me = Seat.coerce(seat)
    hinted = _hint_cards(hints)
    notes = _hindsight_notes(round_, me) if hindsight else {}
    plays = [e for e in round_.history if isinstance(e, PlayEvent)]
    mine = [n for n, e in enumerate(plays, start=1) if e.seat is me]
    out: list[SeatJudgement] = []
    for event, number, position in seat_turns(round_, me, bags):
        if isinstance(event, PlayEvent):
            if event.renege:
                break
            judgement = judge_card(position, event.card, number)
            out.append(replace(judgement, hindsight=notes.get(number, ""), hint=hinted.get(number)))
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


def _hindsight_notes(round_: Round, seat: Seat) -> dict[int, str]:
    """The double-dummy note of each card, by its number (none for two-player hands)."""
    if not seating_of(round_.rules).partnerships:
        return {}
    return {c.number: hindsight_note(c) for c in card_costs(round_, seat=seat)}


def _unjudged(position: Position, card: Card, number: int, text: str) -> SeatJudgement:
    return SeatJudgement(number, position.trick_number, position.seat, card, False, 0.0, None, None, None, 0, "", text)


def judge_card(position: Position, card: Card, number: int = 0) -> SeatJudgement:
    """``card`` played at ``position`` (the ``number``-th card of the hand), judged by the one judge."""
    if len(position.legal) == 1:
        return _unjudged(position, card, number, _("{card} was your only legal card").format(card=card.pretty))
    if not seating_of(position.rules).partnerships:
        text = _("not judged from your seat: the review values cards in four-player Spades only")
        return _unjudged(position, card, number, text)
    judgement = judge(position)
    if judgement is None or card not in judgement.values:
        text = _("not judged from your seat: the search of this position ran out of its budget")
        return _unjudged(position, card, number, text)
    best = judgement.best
    verdict = judgement.verdict(card)
    text = verdict_line(verdict, best)
    if verdict.costly:
        why = why_better(position, judgement, best, card)
        text = _("{verdict}. {why}").format(verdict=text, why=why[:1].upper() + why[1:])
    return SeatJudgement(
        number,
        position.trick_number,
        position.seat,
        card,
        True,
        verdict.cost,
        best,
        verdict.points,
        judgement.points[best],
        judgement.deals,
        judgement.key,
        text,
        verdict=verdict.kind,
        label=verdict_label(verdict),
        statistics=statistics_line(judgement, card),
    )
