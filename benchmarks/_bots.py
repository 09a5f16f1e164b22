"""Bots for the benchmarks: any level ``make_bot`` knows, without a clock.

A bot whose decisions stop at a time limit plays differently on a busy machine,
so a benchmark that must give the same figures on every run builds it without
one (as :mod:`spades_teach.analysis.tournament` does for the hard bot).
"""

from __future__ import annotations

import inspect
import math
from typing import Any

from spades_teach import make_bot


def unclocked_bot(level: str, seed: int) -> Any:
    """``make_bot(level, seed)``, rebuilt with ``time_limit=math.inf`` when its class
    takes a ``time_limit`` (and a ``seed``)."""
    bot = make_bot(level, seed)
    parameters = inspect.signature(type(bot)).parameters
    if "time_limit" in parameters and "seed" in parameters:
        bot = type(bot)(seed=seed, time_limit=math.inf)
    return bot
