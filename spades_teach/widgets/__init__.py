"""The tutorial's widgets: thin views over the engine and the advisor (no rule lives here).

``import spades_teach`` never imports this package (nor ipywidgets); ``CardTable``, ``TableGame``
and ``DrillWidget`` load on first use (anywidget). The views, and the stable CSS classes the
browser tests read: ``docs/modules.md``."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spades_teach.widgets.advisor import BidAdvisorView
    from spades_teach.widgets.base import SpadesWidget
    from spades_teach.widgets.cards import HandView
    from spades_teach.widgets.cardtable import CardTable
    from spades_teach.widgets.deal import DealView
    from spades_teach.widgets.drill import DrillWidget
    from spades_teach.widgets.legal import LegalPlayExplorer
    from spades_teach.widgets.puzzle import PuzzleView
    from spades_teach.widgets.replay import ReplayView
    from spades_teach.widgets.score import ScoreCalculator
    from spades_teach.widgets.steps import MatchStepper
    from spades_teach.widgets.table import TableView
    from spades_teach.widgets.table_game import TableGame

__all__ = [
    "BidAdvisorView",
    "CardTable",
    "DealView",
    "DrillWidget",
    "HandView",
    "LegalPlayExplorer",
    "MatchStepper",
    "PuzzleView",
    "ReplayView",
    "ScoreCalculator",
    "SpadesWidget",
    "TableGame",
    "TableView",
]

#: the module of each view: a view's module (and what it needs: ipywidgets, anywidget, the puzzles,
#: the analysis) is imported when the view is first asked for, so a chapter loads only its own views
#: (the live edition's play chapter, the card table alone)
_MODULES = {
    "BidAdvisorView": "advisor",
    "CardTable": "cardtable",
    "DealView": "deal",
    "DrillWidget": "drill",
    "HandView": "cards",
    "LegalPlayExplorer": "legal",
    "MatchStepper": "steps",
    "PuzzleView": "puzzle",
    "ReplayView": "replay",
    "ScoreCalculator": "score",
    "SpadesWidget": "base",
    "TableGame": "table_game",
    "TableView": "table",
}


def __getattr__(name: str) -> object:
    """Each view of ``__all__``, its module imported on first use."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
