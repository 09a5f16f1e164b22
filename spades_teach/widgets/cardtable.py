"""The card table, :class:`CardTable` (an anywidget drawn by the package's own JavaScript): South
against three bots, or one in two-player Spades. Its game is a plain-Python
:class:`~spades_teach.widgets.table_game.TableGame`. What the table shows: ``docs/modules.md``.

>>> table = CardTable(seed=7, pause=0)
>>> table.view["phase"], table.view["to_act"]
('bidding', 'S')
>>> table.send_action({"action": "bid", "bid": "4"})
>>> table.view["phase"]
'play'
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from spades_teach.i18n import _
from spades_teach.widgets.base import STATIC, static_text
from spades_teach.widgets.table_game import TableGame

__all__ = ["CardTable", "STATIC"]


class CardTable(anywidget.AnyWidget):
    """South's game against three bots (or one, in two-player Spades), drawn as a card table.

    Takes the keyword arguments of :class:`TableGame` (``seed``, ``deal``,
    ``level``, ``mode``, ``rules``, ``teach``, ``hint_level``, ``pause``, ``four_colour``,
    ``bots`` …); :attr:`game` is the game itself.
    """

    _esm = static_text("cards.js", "cardtable.js")
    _css = STATIC / "cardtable.css"
    view = traitlets.Dict().tag(sync=True)
    #: The last unexpected exception a message raised (for whoever debugs the notebook).
    last_exception: BaseException | None = None

    def __init__(self, **options: Any) -> None:
        super().__init__()
        self._ready = False
        self.game = TableGame(**options, on_change=self._publish)
        self._ready = True
        self._publish()
        self.on_msg(self._on_message)

    def _publish(self) -> None:
        if self._ready:
            self.view = self.game.state()

    def __repr__(self) -> str:
        return f"<CardTable: {self.game.status}>"

    def send_action(self, message: dict[str, Any]) -> None:
        """Act as if the browser had sent ``message`` (for tests and notebooks)."""
        self.game.act(message)
        self._publish()

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        try:
            self.send_action(content)
        except Exception as exc:  # a bug: say so in one line, never a traceback
            self.last_exception = exc
            self.game.message = _("something went wrong ({error}); please press New game").format(
                error=type(exc).__name__
            )
            self.game.busy = ""
            self._publish()
