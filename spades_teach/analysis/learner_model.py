"""What a learner should work on, read from their record of judged decisions: :class:`LearnerModel`.

For each principle the model keeps how often the learner's card was right *lately*: every decision
counts, the latest the most (a decision's weight halves with every :data:`HALF_LIFE` later decisions
about the same principle), so a principle the learner has mended leaves the list as they keep
getting it right. A close call is never a mistake.

The principles to work on are ranked by how often the learner **broke** them lately: played another
card than the principle's, and the judge found it clearly worse. A card that was the principle's own
and still clearly worse is the principle's *exception* (the judge's card is better there): it costs
points and is not right, but it is no sign that the learner does not know the principle, and even a
player who always follows the principles meets it (``data/principle_calibration.json`` measures how
often). The weakness of a principle is

    weakness = weighted decisions that broke it / (weighted decisions + PRIOR)

(:data:`PRIOR`: a few decisions' worth of doubt, so that one card in one decision does not top the
list). The three with the largest weakness of at least :data:`MIN_WEAKNESS` are the ones to work on
next, each with its chapter (``docs/learner_record.md`` tells the story, and
``benchmarks/learner_model.py`` holds it to simulated learners with a planted weakness).

>>> from spades_teach.analysis.learner_record import EXCEPTION, Decision, LearnerRecord
>>> ds = [Decision.now("table", "second hand low", right=False, cost=5.0) for _ in range(4)]
>>> ds += [Decision.now("table", "ruff", right=True, cost=0.0) for _ in range(6)]
>>> ds += [Decision.now("table", "cash your winners", right=False, followed=True, cost=9.0)]
>>> model = LearnerModel.from_record(LearnerRecord(tuple(ds)))
>>> [s.principle for s in model.work_on()]
['second hand low']
>>> model.stats["ruff"].right_lately, model.stats["cash your winners"].exceptions
(1.0, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from spades_teach.advice.principles import PRINCIPLES, principle
from spades_teach.analysis.learner_record import EXCEPTION, Decision, LearnerRecord
from spades_teach.i18n import _, format_percent, ngettext

__all__ = ["HALF_LIFE", "MIN_WEAKNESS", "PRIOR", "LearnerModel", "PrincipleStats"]

#: A decision's weight halves with every this many later decisions about the same principle.
HALF_LIFE = 8.0
#: The decisions' worth of doubt added to each principle's count.
PRIOR = 2.0
#: The least weakness of a principle to work on: broken about once in twenty decisions lately.
MIN_WEAKNESS = 0.05
#: How many decisions the "lately" window of the summary counts.
LATELY = 20
#: How many decisions each point of the chart over time counts (the share right over the last ones).
WINDOW = 10


@dataclass(frozen=True)
class PrincipleStats:
    """One principle's decisions: ``decisions``, ``right``, ``broke`` and ``exceptions`` (all of them;
    see the module docs), ``weighted``, ``weighted_right`` and ``weighted_broke`` (the latest counting
    most), the recent ones (the last :data:`LATELY`: ``recent`` and ``recent_right``), the points lost
    (where counted), the :attr:`weakness`, and ``history``: the rolling share right after each decision
    (the chart over time)."""

    principle: str
    decisions: int
    right: int
    broke: int
    exceptions: int
    weighted: float
    weighted_right: float
    weighted_broke: float
    recent: int
    recent_right: int
    points_lost: float
    history: tuple[tuple[int, float], ...]

    @property
    def right_lately(self) -> float:
        """The share right, the latest decisions counting most (0–1)."""
        return self.weighted_right / self.weighted if self.weighted else 1.0

    @property
    def weakness(self) -> float:
        """How often the learner broke the principle lately (see the module docs)."""
        return self.weighted_broke / (self.weighted + PRIOR)

    @property
    def title(self) -> str:
        """The principle's name in the language in use."""
        return principle(self.principle).title

    @property
    def chapter(self) -> str:
        """The chapter that teaches it (the notebook's name)."""
        return principle(self.principle).chapter

    def lately_text(self) -> str:
        """``right 7 of your last 10 times`` in the language in use."""
        return ngettext(
            "right {right} of your last {count} time", "right {right} of your last {count} times", self.recent
        ).format(right=self.recent_right, count=self.recent)


@dataclass(frozen=True)
class LearnerModel:
    """The learner's principles, each with its :class:`PrincipleStats` (see the module docs)."""

    stats: Mapping[str, PrincipleStats]
    decisions: int
    mistakes: int
    points_lost: float
    #: the share right over the last :data:`WINDOW` decisions about any principle, after each of them
    history: tuple[tuple[int, float], ...] = ()

    @classmethod
    def from_record(cls, record: LearnerRecord) -> LearnerModel:
        """The model of everything ``record`` holds."""
        by_principle: dict[str, list[tuple[int, Decision]]] = {}
        for number, d in enumerate(record.decisions, start=1):
            if d.principle in PRINCIPLES:
                by_principle.setdefault(d.principle, []).append((number, d))
        stats = {name: _stats(name, items) for name, items in by_principle.items()}
        return cls(
            stats=stats,
            decisions=len(record.decisions),
            mistakes=sum(d.mistake for d in record.decisions),
            points_lost=sum(d.cost or 0.0 for d in record.decisions if d.mistake),
            history=_rolling(
                [(n, not d.mistake) for n, d in enumerate(record.decisions, start=1) if d.principle in PRINCIPLES]
            ),
        )

    def ranked(self) -> list[PrincipleStats]:
        """Every principle met, the weakest first."""
        return sorted(self.stats.values(), key=lambda s: (-s.weakness, s.principle))

    def work_on(self, count: int = 3) -> list[PrincipleStats]:
        """The ``count`` principles to work on next: the weakest, of a weakness of :data:`MIN_WEAKNESS`
        at least (fewer when fewer are)."""
        return [s for s in self.ranked() if s.weakness >= MIN_WEAKNESS][:count]

    def learnt(self) -> list[PrincipleStats]:
        """The principles met and not to work on: those practice mixes in so they are not forgotten."""
        weak = {s.principle for s in self.work_on()}
        return [s for s in self.ranked() if s.principle not in weak]

    def summary_lines(self) -> list[str]:
        """The summary in plain words (what the command line prints and the page opens with)."""
        if not self.decisions:
            return [
                _("No judged decisions yet: play a hand and review it, or answer an exercise, a puzzle or a drill.")
            ]
        points = round(self.points_lost)
        said = [
            ngettext("{count} judged decision.", "{count} judged decisions.", self.decisions),
            ngettext(
                "{mistakes} of them clearly worse than the best card.",
                "{mistakes} of them clearly worse than the best card.",
                self.mistakes,
            ),
            ngettext("About {points} point given away.", "About {points} points given away.", points),
        ]
        lines = [" ".join(s.format(count=self.decisions, mistakes=self.mistakes, points=points) for s in said)]
        weak = self.work_on()
        if weak:
            lines.append(_("Work on next:"))
            for n, s in enumerate(weak, start=1):
                lines.append(
                    _("{number}. {principle}: {lately} ({share} right lately). {line}").format(
                        number=n,
                        principle=s.title,
                        lately=s.lately_text(),
                        share=format_percent(s.right_lately),
                        line=principle(s.principle).text,
                    )
                )
        else:
            lines.append(_("Nothing stands out: lately you have broken no principle more than once in a while."))
        return lines


def _rolling(outcomes: list[tuple[int, bool]]) -> tuple[tuple[int, float], ...]:
    """The share right over the last :data:`WINDOW` outcomes, after each ``(number, right)``."""
    out = []
    for k, (number, _right) in enumerate(outcomes):
        window = outcomes[max(0, k + 1 - WINDOW) : k + 1]
        out.append((number, sum(r for _n, r in window) / len(window)))
    return tuple(out)


def _stats(name: str, items: list[tuple[int, Decision]]) -> PrincipleStats:
    weighted = weighted_right = weighted_broke = 0.0
    count = len(items)
    for k, (_number, d) in enumerate(items):
        weight = 0.5 ** ((count - 1 - k) / HALF_LIFE)
        weighted += weight
        weighted_right += weight * (not d.mistake)
        weighted_broke += weight * d.broke
    history = _rolling([(number, not d.mistake) for number, d in items])
    recent = [not d.mistake for _n, d in items[-LATELY:]]
    return PrincipleStats(
        principle=name,
        decisions=count,
        right=sum(not d.mistake for _n, d in items),
        broke=sum(d.broke for _n, d in items),
        exceptions=sum(d.broken == EXCEPTION for _n, d in items),
        weighted=weighted,
        weighted_right=weighted_right,
        weighted_broke=weighted_broke,
        recent=len(recent),
        recent_right=sum(recent),
        points_lost=sum(d.cost or 0.0 for _n, d in items if d.mistake),
        history=history,
    )
