"""ipywidgets for the tutorial: thin views over the engine and the advisor.

Importing :mod:`spades_teach` never imports this package (nor ipywidgets);
``from spades_teach.widgets import CardTable`` does. No game rule lives here:
legal cards and their reasons come from :class:`~spades_teach.game.round.Round`,
scores from :func:`~spades_teach.game.scoring.score_round`, advice from the advisor,
bot moves from :mod:`spades_teach.advice.bots`.

Views (each is an ``ipywidgets.VBox``; ``view.widget`` is the view itself):

* :class:`HandView` — a hand drawn as cards; in play mode legal cards are
  clickable and the others greyed, with the engine's reason as tooltip.
* :class:`TableView` — the four hands around a table with the trick in the middle.
* :class:`DealView` — Deal button, seed / deal-code box, deal of the day.
* :class:`BidAdvisorView` — paste a hand, see the advised bid counted card by card.
* :class:`ScoreCalculator` — bids, tricks, bags and rules in; points, bags and reasons out.
* :class:`ReplayView` — step through a game record or a round, with its annotations.
* :class:`CardTable` — play South against bots on a card table (an anywidget): Teach me,
  undo, one hand or a match, card faces and backs, keyboard play, the end-of-hand review;
  four-player Spades, or two-player Spades (the draw, then two cards a trick) with
  ``rules=Rules(players=2)``; its game is a plain-Python :class:`TableGame`. Imported on
  first use, as it needs anywidget.
* :class:`LegalPlayExplorer` — click any card of the seat to act: legal or not, and why.
* :class:`MatchStepper` — a match's score sheet, bag counters and totals chart, hand by hand.
* :class:`PuzzleView` — which card? The packaged puzzles one by one: pick a card, read
  right or wrong with the reason; a level, a theme and a score.
* :class:`DrillWidget` — endless, seeded drills (is this card legal? who wins? score it, count it,
  what bid, Nil or not?) graded by the library, with streak and accuracy kept across restarts
  (an anywidget, imported on first use).

Every handler runs through :meth:`SpadesWidget.run`: a ``SpadesError`` shows its
message in the error line, anything else a short message, never a traceback.

Stable CSS classes (hooks for browser tests)
--------------------------------------------
* every view: ``st-widget``, ``st-error`` (error line), ``st-status`` (status line)
* cards: ``st-card`` (every card, span or button), ``st-red``, ``st-card-<CODE>``
  (e.g. ``st-card-QH``), ``st-card-legal``, ``st-card-illegal``, ``st-card-hinted``;
  ``st-hand-view``, ``st-hand``, ``st-hand-buttons``, ``st-hand-suit``, ``st-hand-line``, ``st-hidden`` (a hidden hand's card count);
  a hand's own lines are ``st-hand-status`` and ``st-hand-error``, so ``st-status`` and
  ``st-error`` always name the outer view's lines
* table: ``st-table``, ``st-seat``, ``st-seat-N`` … ``st-seat-W``, ``st-turn``, ``st-trick``
* deal: ``st-deal-view``, ``st-deal-button``, ``st-deal-seed``, ``st-deal-open``,
  ``st-deal-day``, ``st-deal-code``
* bid advisor: ``st-bid-advisor``, ``st-advice-hand``, ``st-advice-partner``,
  ``st-advice-rule-nil``, ``st-advice-rule-blind-nil``, ``st-advice-our-score``,
  ``st-advice-their-score``, ``st-advice-bags``, ``st-advice-bid``, ``st-advice-bid-value``,
  ``st-advice-summary``, ``st-advice-reasons``, ``st-advice-item``, ``st-advice-nil``,
  ``st-advice-context``, ``st-advice-simulate`` (button), ``st-advice-simulation``
* score calculator: ``st-score-calculator``, ``st-score-bid``, ``st-score-bid-N``…,
  ``st-score-tricks``, ``st-score-tricks-N``…, ``st-score-bags-in``, ``st-score-bags-in-NS``…,
  ``st-score-rule``, ``st-score-rule-<option>``, ``st-score-points``,
  ``st-score-points-NS``/``-EW``, ``st-score-bags-NS``/``-EW``, ``st-score-lines``
* replay: ``st-replay``, ``st-replay-start``, ``st-replay-prev-trick``, ``st-replay-prev``,
  ``st-replay-next``, ``st-replay-next-trick``, ``st-replay-end``, ``st-replay-slider``,
  ``st-replay-position``, ``st-replay-note``, ``st-replay-mark``, ``st-replay-score``,
  ``st-replay-title``
* puzzles: listed in :mod:`spades_teach.widgets.puzzle`
* card table (drawn by its own JavaScript): ``ct-root``, ``ct-new``, ``ct-day``, ``ct-replay``,
  ``ct-code-input``, ``ct-code-go``, ``ct-code-value``, ``ct-mode``, ``ct-players``, ``ct-level``, ``ct-pace``,
  ``ct-teach``, ``ct-four``, ``ct-open-hands``, ``ct-language`` (the language menu), ``ct-score``, ``ct-side-NS``/``-EW`` (two players: ``ct-side-S``/``-N``), ``ct-seat-N`` …,
  ``ct-trick``, ``ct-hint``, ``ct-bid-choice``, ``ct-bid-button``, ``ct-hand``, ``ct-hand-card``,
  ``ct-card-<CODE>``, ``ct-legal``, ``ct-illegal``, ``ct-hinted``, ``ct-status``, ``ct-undo``,
  ``ct-last-button``, ``ct-last``, ``ct-next``, ``ct-end``, ``ct-review-button``, ``ct-review``, ``ct-over``;
  the two-player draw: ``ct-draw-row``, ``ct-keep``, ``ct-discard``, ``ct-draw-view``, ``ct-draw-card``,
  ``ct-draw-discards``
* drills (drawn by their own JavaScript): ``dr-root``, ``dr-mode``, ``dr-level``, ``dr-title``, ``dr-facts``,
  ``dr-trick``, ``dr-hand``, ``dr-asked``, ``dr-prompt``, ``dr-form``, ``dr-choice`` (``data-choice``),
  ``dr-input``, ``dr-input-<field>``, ``dr-check``, ``dr-error``, ``dr-feedback``, ``dr-verdict``,
  ``dr-right``, ``dr-wrong``, ``dr-lines``, ``dr-next``, ``dr-stats``, ``dr-stat-<kind>``, ``dr-streak``,
  ``dr-accuracy``
"""

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
