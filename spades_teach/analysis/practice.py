"""Practise what you miss: the next question for a learner, chosen and scheduled from their record.

Each principle is a card of a spaced-repetition deck, scheduled by FSRS (the ``fsrs`` package, the
Free Spaced Repetition Scheduler): every judged decision about a principle is one review of it, a
mistake rated *Again* and a right card (or a close call) *Good*, in the order they were made. FSRS
then says when each principle is due again: soon after a miss (its relearning step, minutes), later
and later as the learner keeps getting it right (days, then weeks). :func:`next_principle` picks
what to practise:

1. every :data:`MIX_EVERY`-th question, a principle already learnt that FSRS has due, the likeliest
   forgotten first (lowest retrievability), so that it is not;
2. else the weakest of the principles to work on
   (:meth:`~spades_teach.analysis.learner_model.LearnerModel.work_on`) that is due, else the weakest;
3. with nothing to work on, the principles already learnt, due first, then the likeliest forgotten.

:func:`practice_item` then finds a question about that principle from the existing generators,
never one fixed list: a moment of a hand played by the bots (:func:`~spades_teach.advice.principles.play_by_principles`
on a fresh deal) where the hint engine follows the principle and the judge finds some card clearly
worse, or a puzzle of the packaged set whose moment is about it. :meth:`PracticeItem.judge` grades
an answer with the one judge of a card from the player's seat.

>>> from spades_teach.analysis.learner_record import Decision, LearnerRecord
>>> from datetime import datetime, timezone
>>> t = datetime(2026, 12, 7, 18, 0, tzinfo=timezone.utc)
>>> record = LearnerRecord(tuple(Decision.now("table", "ruff", right=False, cost=9.0, when=t) for _ in range(3)))
>>> plan = PracticePlan.from_record(record)
>>> plan.next_principle(t), plan.is_due("ruff", t)
('ruff', False)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cache
from typing import TYPE_CHECKING

from spades_teach.advice.expert import expert_card
from spades_teach.advice.judge import judge
from spades_teach.advice.play import suggest_play
from spades_teach.advice.principles import PRINCIPLES, play_by_principles
from spades_teach.analysis.learner_model import LearnerModel
from spades_teach.analysis.learner_record import Decision, LearnerRecord, principle_at
from spades_teach.analysis.puzzles import load_puzzles
from spades_teach.errors import NoQuestionError, SpadesError
from spades_teach.game.bids import BidLike
from spades_teach.i18n import _

if TYPE_CHECKING:
    import fsrs

    from spades_teach.advice.position import Position
    from spades_teach.analysis.puzzles import Puzzle
    from spades_teach.game.cards import Card

__all__ = [
    "MIX_EVERY",
    "NoQuestionError",
    "PracticeItem",
    "PracticePlan",
    "PracticeVerdict",
    "practice_item",
    "puzzles_about",
]

#: Every this many questions, one is about a principle already learnt.
MIX_EVERY = 4
#: Deals tried for a moment about a principle before the puzzles are asked.
MOMENT_TRIES = 40
#: The bids of the practice deals when a principle needs a Nil at the table (dealer West: North,
#: East, South, West): North bids Nil for the principles of playing with or against a Nil bidder.
NIL_BIDS: Mapping[str, tuple[BidLike, ...]] = {
    "cover your partner's Nil": (0, 3, 4, 3),
    "lead high for your partner's Nil": (0, 3, 4, 3),
    "lead the Nil bidder's void": (0, 3, 4, 3),
    "set the Nil": (0, 3, 4, 3),
    "stay under the winning card": (0, 3, 4, 3),
    "dump your high cards": (0, 3, 4, 3),
    "play low and hope": (0, 3, 4, 3),
    "lead low on a Nil": (0, 3, 4, 3),
}


@cache
def _scheduler() -> fsrs.Scheduler:
    """FSRS with its default parameters and no fuzzing (a plan replays the same on every machine)."""
    import fsrs

    return fsrs.Scheduler(enable_fuzzing=False)


@dataclass
class PracticePlan:
    """Each principle's FSRS card, replayed from a learner record, and the :class:`LearnerModel`."""

    model: LearnerModel
    cards: dict[str, fsrs.Card]
    asked: int = 0

    @classmethod
    def from_record(cls, record: LearnerRecord) -> PracticePlan:
        """The plan of everything ``record`` holds."""
        plan = cls(LearnerModel.from_record(record), {})
        for d in record.decisions:
            plan.review(d)
        return plan

    def review(self, decision: Decision) -> None:
        """One more decision: its principle's card reviewed (*Again* for a mistake, else *Good*)."""
        import fsrs

        if decision.principle not in PRINCIPLES:
            return
        card = self.cards.get(decision.principle) or fsrs.Card(card_id=len(self.cards) + 1, due=decision.when)
        rating = fsrs.Rating.Again if decision.mistake else fsrs.Rating.Good
        when = max(decision.when, card.last_review or decision.when)
        self.cards[decision.principle], _log = _scheduler().review_card(card, rating, review_datetime=when)

    def is_due(self, name: str, now: datetime) -> bool:
        """Whether FSRS has the principle due at ``now``."""
        card = self.cards.get(name)
        return card is not None and card.due <= now

    def retrievability(self, name: str, now: datetime) -> float:
        """FSRS's chance that the learner still has the principle at ``now`` (0–1)."""
        card = self.cards.get(name)
        return 0.0 if card is None else float(_scheduler().get_card_retrievability(card, now))

    def due_at(self, name: str) -> datetime | None:
        """When the principle is due (``None`` for one never met)."""
        card = self.cards.get(name)
        return None if card is None else card.due

    def next_principle(self, now: datetime | None = None, *, among: Iterable[str] | None = None) -> str:
        """The principle of the next question (see the module docs); ``among`` limits the choice (the
        principles that have questions). :class:`SpadesError` when the record has none."""
        self.asked += 1
        return self._choose(now or datetime.now(timezone.utc), set(PRINCIPLES if among is None else among))

    def next_item(self, seed: int, now: datetime | None = None) -> PracticeItem:
        """The next question (:func:`practice_item`, drawn with ``seed``) about the principle of
        :meth:`next_principle`; a principle no deal or puzzle asks about is passed over for the next
        one of the plan (and remembered, so it is not tried again)."""
        self.asked += 1
        when = now or datetime.now(timezone.utc)
        while True:
            name = self._choose(when, set(PRINCIPLES) - _NO_QUESTION)
            try:
                return practice_item(name, seed)
            except NoQuestionError:
                _NO_QUESTION.add(name)

    def _choose(self, now: datetime, allowed: set[str]) -> str:
        weak = [s.principle for s in self.model.work_on() if s.principle in allowed]
        learnt = [s.principle for s in self.model.learnt() if s.principle in allowed and s.principle in self.cards]
        due_learnt = sorted((p for p in learnt if self.is_due(p, now)), key=lambda p: (self.retrievability(p, now), p))
        due_weak = [p for p in weak if self.is_due(p, now)]
        if due_learnt and (self.asked % MIX_EVERY == 0 or not weak):
            return due_learnt[0]
        if due_weak:
            return due_weak[0]
        if weak:
            return weak[0]
        if learnt:
            return min(learnt, key=lambda p: (self.retrievability(p, now), p))
        raise SpadesError(_("nothing to practise yet: play a hand and review it, or answer an exercise"))


#: The principles :meth:`PracticePlan.next_item` found no question about, in this session.
_NO_QUESTION: set[str] = set()


@dataclass(frozen=True)
class PracticeVerdict:
    """An answer graded: ``right`` (a close call is right), ``cost`` (points, where the judge counts
    them), ``close``, the judge's ``best`` card and the one-line ``reason``."""

    right: bool
    cost: float | None
    close: bool
    best: Card | None
    reason: str
    followed: bool = False


@dataclass(frozen=True)
class PracticeItem:
    """One practice question: a ``position`` about ``principle``, from a ``source`` (``"moment"``: a
    deal played by the bots, ``seed`` its deal; ``"puzzle"``: the packaged ``puzzle``). A moment is
    graded by the one judge (:func:`~spades_teach.advice.judge.judge`), as the exercises are."""

    principle: str
    source: str
    position: Position
    seed: int
    puzzle: Puzzle | None = None

    @property
    def surface(self) -> str:
        """Where the record files its answer: a puzzle, or an exercise."""
        return "puzzle" if self.source == "puzzle" else "exercise"

    def judge(self, card: Card) -> PracticeVerdict:
        """Grade ``card``: a puzzle by its goal (its card, or not), a moment by the one judge of a card
        from the player's seat (looked at again before it is called worse)."""
        hint = suggest_play(self.position)
        followed = card == hint.card
        if self.puzzle is not None:
            right = self.puzzle.is_right(card)
            return PracticeVerdict(right, None, False, self.puzzle.answer, self.puzzle.reason, followed)
        judgement = judge(self.position)
        if judgement is None or card not in judgement.values:
            return PracticeVerdict(followed, None, False, hint.card, hint.reason, followed)
        verdict = judgement.verdict(card)
        best = expert_card(judgement, hint.card)
        return PracticeVerdict(not verdict.costly, verdict.cost, verdict.kind == "close", best, hint.reason, followed)

    def decision(self, card: Card, verdict: PracticeVerdict | None = None, *, when: datetime | None = None) -> Decision:
        """The answer ``card`` as a decision of the learner record."""
        v = verdict or self.judge(card)
        return Decision.now(
            self.surface, self.principle, right=v.right, followed=v.followed, cost=v.cost, close=v.close, when=when
        )


def practice_item(principle: str, seed: int, *, source: str | None = None) -> PracticeItem:
    """A question about ``principle`` (see the module docs) drawn with ``seed``: a moment of a deal the
    bots play (tried on :data:`MOMENT_TRIES` deals from the seed), or, with ``source="puzzle"`` or when
    no deal shows the principle, a puzzle about it. :class:`SpadesError` when neither has one."""
    if principle not in PRINCIPLES:
        raise SpadesError(_("unknown principle {name}").format(name=repr(principle)))
    rng = random.Random(f"practice/{principle}/{seed}")
    puzzles = puzzles_about(principle)
    if source == "puzzle" or (source is None and puzzles and rng.random() < 0.25):
        if puzzles:
            puzzle = rng.choice(puzzles)
            return PracticeItem(principle, "puzzle", puzzle.position, seed, puzzle)
    start = rng.randrange(10_000, 1_000_000)
    for deal_seed in range(start, start + MOMENT_TRIES):
        found = _moment(principle, deal_seed)
        if found is not None:
            return PracticeItem(principle, "moment", found, deal_seed)
    if puzzles:
        puzzle = rng.choice(puzzles)
        return PracticeItem(principle, "puzzle", puzzle.position, seed, puzzle)
    raise NoQuestionError(_("no question found about {name}").format(name=repr(principle)))


@cache
def _puzzles_by_principle() -> dict[str, tuple[Puzzle, ...]]:
    out: dict[str, list[Puzzle]] = {}
    for p in load_puzzles():
        name = principle_at(p.position)
        if name:
            out.setdefault(name, []).append(p)
    return {name: tuple(found) for name, found in out.items()}


def puzzles_about(principle: str) -> tuple[Puzzle, ...]:
    """The packaged puzzles whose moment is about ``principle`` (:func:`principle_at`)."""
    return _puzzles_by_principle().get(principle, ())


def _moment(principle: str, deal_seed: int) -> Position | None:
    """The first moment of the deal, played by the hint engine at every seat, where the hint follows
    ``principle`` and the judge finds some legal card clearly worse."""
    bids = NIL_BIDS.get(principle)
    _round, played = play_by_principles(deal_seed, bids=list(bids) if bids else None)
    for position, hint in played:
        if hint.principle == principle and len(position.legal) > 1:
            judgement = judge(position)
            if judgement is not None and any(judgement.verdict(c).costly for c in judgement.values):
                return position
            return None
    return None
