"""Bots by level name: ``"easy"``, ``"medium"``, ``"hard"`` (:mod:`spades_teach.advice.bots`)
and ``"expert"`` (:mod:`spades_teach.advice.expert`).

This module sits above both bot modules, so the expert (which falls back on the hard
bot) imports :mod:`~spades_teach.advice.bots` downward and nothing imports back up.

>>> type(make_bot("Medium")).__name__
'MediumBot'
"""

from __future__ import annotations

from spades_teach.advice.bots import EasyBot, HardBot, MediumBot
from spades_teach.advice.expert import ExpertBot
from spades_teach.errors import SpadesError
from spades_teach.game.seating import Seat, SeatLike
from spades_teach.i18n import N_, _

__all__ = ["BOT_LEVELS", "level_name", "make_bot", "seated_bot"]

#: The bot levels, weakest first, with the name a learner reads (translated by :func:`level_name`).
BOT_LEVELS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"), "expert": N_("expert")}


def level_name(level: str) -> str:
    """The name of a bot level in the language in use: ``"medium"``, French ``"moyen"``.

    >>> level_name("Hard")
    'hard'
    """
    key = level.strip().lower()
    if key not in BOT_LEVELS:
        raise SpadesError(_("unknown bot level {level}: use easy, medium, hard or expert").format(level=repr(level)))
    return _(BOT_LEVELS[key])


def make_bot(level: str, seed: int | str = 0) -> EasyBot | MediumBot | HardBot | ExpertBot:
    """A bot by level name: ``"easy"``, ``"medium"``, ``"hard"`` or ``"expert"``
    (:class:`~spades_teach.advice.expert.ExpertBot`)."""
    key = level.strip().lower()
    if key == "easy":
        return EasyBot(seed)
    if key == "medium":
        return MediumBot()
    if key == "hard":
        return HardBot(seed=seed)
    if key == "expert":
        return ExpertBot(seed=seed)
    raise SpadesError(_("unknown bot level {level}: use easy, medium, hard or expert").format(level=repr(level)))


def seated_bot(level: str, seed: int | str, seat: SeatLike) -> EasyBot | MediumBot | HardBot | ExpertBot:
    """The bot of ``level`` that sits at ``seat`` of a table seeded by ``seed``, as the
    card table and the daily challenge seat them (seed ``"{seed}/{seat}"``). The hard bot
    has no time limit, so it always looks at the same number of sampled deals and a hand
    replays identically.

    >>> bot = seated_bot("hard", "x", "N")
    >>> type(bot).__name__, bot.time_limit
    ('HardBot', inf)
    """
    name = Seat.coerce(seat).name
    if level == "hard":  # the one level whose decisions would otherwise depend on the clock
        return HardBot(seed=f"{seed}/{name}", time_limit=float("inf"))
    return make_bot(level, seed=f"{seed}/{name}")
