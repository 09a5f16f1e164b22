"""The tutorial's widgets: thin views over the engine and the advisor (no rule lives here).

``import spades_teach`` never imports this package (nor ipywidgets); ``CardTable``, ``TableGame``
and ``DrillWidget`` load on first use (anywidget). The views, and the stable CSS classes the
browser tests read: ``docs/modules.md``."""

from __future__ import annotations

from spades_teach.widgets.advisor import BidAdvisorView
from spades_teach.widgets.base import SpadesWidget
from spades_teach.widgets.cards import HandView
from spades_teach.widgets.deal import DealView
from spades_teach.widgets.legal import LegalPlayExplorer
from spades_teach.widgets.puzzle import PuzzleView
from spades_teach.widgets.replay import ReplayView
from spades_teach.widgets.score import ScoreCalculator
from spades_teach.widgets.steps import MatchStepper
from spades_teach.widgets.table import TableView

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


def __getattr__(name: str) -> object:
    """``CardTable``, ``TableGame`` and ``DrillWidget`` load on first use (anywidget is imported only then)."""
    if name == "CardTable":
        from spades_teach.widgets.cardtable import CardTable

        return CardTable
    if name == "DrillWidget":
        from spades_teach.widgets.drill import DrillWidget

        return DrillWidget
    if name == "TableGame":
        from spades_teach.widgets.table_game import TableGame

        return TableGame
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
