"""Bot tournaments by duplicate play: :func:`tournament`, how much one bot level outscores another
on the same seeded deals (each played twice, the partnerships swapped), with 95% intervals. The
deals, the bots and the executors: ``docs/modules.md``.

>>> from spades_teach.analysis.parallel import SerialExecutor
>>> result = tournament("medium", "easy", deals=3, seed=1, executor=SerialExecutor())
>>> len(result.deals), result.bot_a, result.bot_b
(3, 'medium', 'easy')
>>> result.mean == sum(d.points for d in result.deals) / 3
True
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import NamedTuple

from spades_teach.advice.bots import HardBot
from spades_teach.advice.driver import Bot, play_hand
from spades_teach.advice.levels import BOT_LEVELS, make_bot
from spades_teach.advice.position import Position
from spades_teach.analysis.parallel import map_tasks
from spades_teach.analysis.simulate import mean_interval, percent_text, signed_decimal
from spades_teach.errors import SpadesError
from spades_teach.game.bids import BidLike
from spades_teach.game.cards import CardLike
from spades_teach.game.deals import deal
from spades_teach.game.round import Round
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import charged
from spades_teach.game.seating import Seat, Team, seating_of
from spades_teach.i18n import _, ngettext

__all__ = ["DuplicateDeal", "TournamentResult", "tournament"]


class DuplicateDeal(NamedTuple):
    """One deal played at two tables.

    ``points``: A's points minus B's, bags charged, averaged over the two tables;
    ``raw_points``: the same from the raw hand scores.
    """

    seed: int
    points: float
    raw_points: float


@dataclass(frozen=True)
class TournamentResult:
    """The result of :func:`tournament` (see the module docs).

    ``mean`` and ``interval`` are A's average lead per deal, bags charged, and its
    95% confidence interval; ``raw_mean`` and ``raw_interval`` the same without
    the bag charge. An interval is ``(-inf, inf)`` when there is a single deal.
    ``card_seconds[level]`` holds the time the bots of that level took for each
    card they played; being a measurement, it does not take part in ``==``.
    """

    bot_a: str
    bot_b: str
    seed: int
    rules: Rules
    deals: tuple[DuplicateDeal, ...]
    mean: float
    interval: tuple[float, float]
    raw_mean: float
    raw_interval: tuple[float, float]
    summary: str
    card_seconds: Mapping[str, tuple[float, ...]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def excludes_zero(self) -> bool:
        """Whether the interval of ``mean`` lies wholly on one side of zero."""
        return self.interval[0] > 0 or self.interval[1] < 0

    def __str__(self) -> str:
        return self.summary


def tournament(
    bot_a: str = "hard",
    bot_b: str = "medium",
    *,
    deals: int = 500,
    seed: int = 1,
    rules: Rules = Rules(),
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """Play ``deals`` seeded deals in duplicate between the bot levels ``bot_a`` and ``bot_b``.

    The levels are ``"easy"``, ``"medium"``, ``"hard"`` and ``"expert"``. ``seed`` is the seed of
    the first deal; ``executor`` says where the deals are played (``None``: the
    local cores) and ``progress(done, total)`` hears how many are done. See the
    module docs for the scoring and the seeds.
    """
    a, b = _check_level(bot_a, "bot_a"), _check_level(bot_b, "bot_b")
    _check_study(deals, seed, rules)
    tasks = [(number, a, b, rules) for number in range(seed, seed + deals)]
    results: list[DuplicateDeal] = []
    seconds: dict[str, list[float]] = {}
    for outcome, times in map_tasks(_play_deal, tasks, executor=executor, progress=progress):
        results.append(outcome)
        for level, spent in times.items():
            seconds.setdefault(level, []).extend(spent)
    return _summarise(a, b, seed, rules, tuple(results), {k: tuple(v) for k, v in seconds.items()})


# -- input ---------------------------------------------------------------------------------------------------------


def _check_level(level: object, name: str) -> str:
    key = level.strip().lower() if isinstance(level, str) else None
    if key not in BOT_LEVELS:
        raise SpadesError(
            _("{name}: unknown bot level {level}: use easy, medium, hard or expert").format(
                name=name, level=repr(level)
            )
        )
    return key


def _check_study(deals: object, seed: object, rules: object) -> None:
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise SpadesError(_("deals must be a whole number of 1 or more, got {value}").format(value=repr(deals)))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SpadesError(
            _("seed must be a whole number (the first deal's seed), got {value}").format(value=repr(seed))
        )
    if not isinstance(rules, Rules):
        raise SpadesError(_("rules must be a Rules value, not {value}").format(value=repr(rules)))
    if not seating_of(rules).partnerships:
        raise SpadesError(_("tournaments cover the four-player game only: use Rules(players=4)"))


# -- play ----------------------------------------------------------------------------------------------------------


def _bot(level: str, seed: int) -> Bot:
    """A bot of ``level``; the hard one without its time limit (see the module docs)."""
    if level == "hard":
        return HardBot(seed=seed, time_limit=math.inf)
    return make_bot(level, seed)


def _play_table(number: int, ns: str, ew: str, rules: Rules) -> tuple[Round, dict[str, list[float]]]:
    """Deal ``number`` bid and played to the end, ``ns`` bots North–South and ``ew`` East–West."""
    cards = deal(number, dealer=Seat(number % 4))
    round = Round(cards, dealer=cards.dealer, rules=rules)
    bots = {s: _bot(ns if s.team is Team.NS else ew, number * 4 + s) for s in Seat}
    times: dict[str, list[float]] = {ns: [], ew: []}
    timed = {s: _Timed(bots[s], times[ns if s.team is Team.NS else ew]) for s in Seat}
    return play_hand(round, timed), times


class _Timed:
    """A bot whose card decisions are timed (seconds, appended to ``times``)."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self._bot = bot
        self._times = times

    def choose_bid(self, position: Position) -> BidLike:
        return self._bot.choose_bid(position)

    def choose_play(self, position: Position) -> CardLike:
        start = time.perf_counter()
        card = self._bot.choose_play(position)
        self._times.append(time.perf_counter() - start)
        return card


def _lead(round: Round, team: Team, rules: Rules) -> tuple[float, float]:
    """``team``'s points minus the other team's: bags charged, and raw."""
    score = round.score()
    raw = score.points[team] - score.points[team.other]
    bags = score.bags_added[team] - score.bags_added[team.other]
    return charged(raw, bags, rules), raw


def _play_deal(number: int, a: str, b: str, rules: Rules) -> tuple[DuplicateDeal, dict[str, list[float]]]:
    """Deal ``number`` at both tables: A's lead averaged over them, and the times per card."""
    first, times_first = _play_table(number, a, b, rules)
    second, times_second = _play_table(number, b, a, rules)
    charged_1, raw_1 = _lead(first, Team.NS, rules)
    charged_2, raw_2 = _lead(second, Team.EW, rules)
    times = {level: times_first.get(level, []) + times_second.get(level, []) for level in dict.fromkeys((a, b))}
    return DuplicateDeal(number, (charged_1 + charged_2) / 2, (raw_1 + raw_2) / 2), times


# -- summary -------------------------------------------------------------------------------------------------------


def _summarise(
    a: str,
    b: str,
    seed: int,
    rules: Rules,
    results: tuple[DuplicateDeal, ...],
    seconds: Mapping[str, tuple[float, ...]],
) -> TournamentResult:
    points = [d.points for d in results]
    raw = [d.raw_points for d in results]
    mean, raw_mean = statistics.fmean(points), statistics.fmean(raw)
    interval, raw_interval = mean_interval(points), mean_interval(raw)
    n = len(results)
    summary = _("{a} vs {b}: {mean} points per deal").format(a=a, b=b, mean=signed_decimal(mean))
    if math.isfinite(interval[0]):
        if interval[0] > 0 or interval[1] < 0:
            verdict = _("{summary}, {confidence} interval [{low}, {high}] (excludes zero)")
        else:
            verdict = _("{summary}, {confidence} interval [{low}, {high}] (includes zero)")
        summary = verdict.format(
            summary=summary,
            confidence=percent_text(0.95),
            low=signed_decimal(interval[0]),
            high=signed_decimal(interval[1]),
        )
        summary = _("{summary}; raw score {mean} [{low}, {high}]").format(
            summary=summary,
            mean=signed_decimal(raw_mean),
            low=signed_decimal(raw_interval[0]),
            high=signed_decimal(raw_interval[1]),
        )
    else:
        summary = _("{summary}; raw score {mean}").format(summary=summary, mean=signed_decimal(raw_mean))
    summary = ngettext(
        "{summary}; {count} deal played twice, seeds {first}..{last}",
        "{summary}; {count} deals played twice, seeds {first}..{last}",
        n,
    ).format(summary=summary, count=n, first=seed, last=seed + n - 1)
    return TournamentResult(
        bot_a=a,
        bot_b=b,
        seed=seed,
        rules=rules,
        deals=results,
        mean=mean,
        interval=interval,
        raw_mean=raw_mean,
        raw_interval=raw_interval,
        summary=summary,
        card_seconds=dict(seconds),
    )
