"""What a learner should work on, read from their record of judged decisions: :class:`LearnerModel`.

For each principle the model keeps how often the learner's card was right *lately*: every decision
counts, the latest the most (a decision's weight halves with every :data:`HALF_LIFE` later decisions
about the same principle), so a principle the learner has mended leaves the list as they keep
getting it right. A close call is never a mistake.

The principles to work on are ranked by the misses **beyond what the rule of thumb itself misses**:
even a player who always plays the principle's card is sometimes found clearly worse by the judge
(the principle has exceptions: ``data/principle_calibration.json`` measures how often, per
principle). The weakness of a principle is the weighted misses minus the misses expected at that
rate, over the weighted decisions plus :data:`PRIOR` (a few decisions' worth of doubt, so that one
unlucky card does not top the list):

    weakness = (misses − expected misses) / (decisions + PRIOR)

The three with the largest positive weakness are the ones to work on next, each with its chapter
(``docs/learner_record.md`` tells the story and the benchmark that holds it to a planted weakness).

>>> from spades_teach.analysis.learner_record import Decision, LearnerRecord
>>> ds = [Decision.now("table", "second hand low", right=False, cost=5.0) for _ in range(4)]
>>> ds += [Decision.now("table", "ruff", right=True, cost=0.0) for _ in range(6)]
>>> model = LearnerModel.from_record(LearnerRecord(tuple(ds)))
>>> [s.principle for s in model.work_on()]
['second hand low']
>>> model.stats["ruff"].right_lately
1.0
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from spades_teach.advice.principles import PRINCIPLES, principle
from spades_teach.analysis.learner_record import Decision, LearnerRecord
from spades_teach.i18n import _, format_percent, ngettext

__all__ = ["HALF_LIFE", "PRIOR", "LearnerModel", "PrincipleStats", "base_miss_rate"]

#: A decision's weight halves with every this many later decisions about the same principle.
HALF_LIFE = 8.0
#: The decisions' worth of doubt added to each principle's count.
PRIOR = 4.0
#: The miss rate assumed for a principle the calibration did not meet.
DEFAULT_BASE = 0.15
#: How many decisions the "lately" window of the summary counts.
LATELY = 20


@cache
def _base_rates() -> Mapping[str, float]:
    text = resources.files("spades_teach").joinpath("data/principle_calibration.json").read_text(encoding="utf-8")
    study = json.loads(text)["rule_sets"]["standard"]
    return {p["principle"]: 1.0 - float(p["as_good"]) for p in study["principles"]}


def base_miss_rate(name: str) -> float:
    """How often the principle's own card is clearly worse than the judge's best (the standard rules'
    calibration; :data:`DEFAULT_BASE` for a principle it did not meet).

    >>> 0 <= base_miss_rate("second hand low") < 0.1
    True
    """
    return _base_rates().get(name, DEFAULT_BASE)


@dataclass(frozen=True)
class PrincipleStats:
    """One principle's decisions: ``decisions`` and ``right`` (all of them), ``weighted`` and
    ``weighted_right`` (the latest counting most), the recent ones (the last :data:`LATELY`:
    ``recent`` and ``recent_right``), the points lost (where counted), the :attr:`weakness`,
    and ``history``: the rolling share right after each decision (the chart over time)."""

    principle: str
    decisions: int
    right: int
    weighted: float
    weighted_right: float
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
        """Misses beyond the principle's own, per decision (see the module docs)."""
        misses = self.weighted - self.weighted_right
        expected = self.weighted * base_miss_rate(self.principle)
        return (misses - expected) / (self.weighted + PRIOR)

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
        )

    def ranked(self) -> list[PrincipleStats]:
        """Every principle met, the weakest first."""
        return sorted(self.stats.values(), key=lambda s: (-s.weakness, s.principle))

    def work_on(self, count: int = 3) -> list[PrincipleStats]:
        """The ``count`` principles to work on next: the weakest, those missed more than their own
        exceptions explain (fewer when fewer are)."""
        return [s for s in self.ranked() if s.weakness > 0][:count]

    def learnt(self) -> list[PrincipleStats]:
        """The principles met and not to work on: those practice mixes in so they are not forgotten."""
        weak = {s.principle for s in self.work_on()}
        return [s for s in self.ranked() if s.principle not in weak]

    def summary_lines(self) -> list[str]:
        """The summary in plain words (what the command line prints and the page opens with)."""
        if not self.decisions:
            return [_("No judged decisions yet: play a hand and review it, or answer an exercise, a puzzle or a drill.")]
        lines = [
            _("{count} judged decisions, {mistakes} clearly worse than the best, about {points} points given away.").format(
                count=self.decisions, mistakes=self.mistakes, points=round(self.points_lost)
            )
        ]
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
            lines.append(_("Nothing stands out: you miss no principle more than its own exceptions explain."))
        return lines


def _stats(name: str, items: list[tuple[int, Decision]]) -> PrincipleStats:
    weighted = weighted_right = 0.0
    history: list[tuple[int, float]] = []
    window: list[bool] = []
    count = len(items)
    for k, (number, d) in enumerate(items):
        weight = 0.5 ** ((count - 1 - k) / HALF_LIFE)
        weighted += weight
        weighted_right += weight * (not d.mistake)
        window = [*window[-(LATELY // 2 - 1) :], not d.mistake]
        history.append((number, sum(window) / len(window)))
    recent = [not d.mistake for _n, d in items[-LATELY:]]
    return PrincipleStats(
        principle=name,
        decisions=count,
        right=sum(not d.mistake for _n, d in items),
        weighted=weighted,
        weighted_right=weighted_right,
        recent=len(recent),
        recent_right=sum(recent),
        points_lost=sum(d.cost or 0.0 for _n, d in items if d.mistake),
        history=tuple(history),
    )
