"""The browser's store for a view drawn by ipywidgets: :class:`BrowserProgress`.

In the live edition Python runs in the page (Pyodide) and has no file of its own to keep a learner's
progress in; the drills keep theirs in the browser's ``localStorage`` through their own JavaScript
(:mod:`spades_teach.widgets.drill`). A view drawn by ipywidgets (the puzzles) has no JavaScript of
its own: it holds this invisible widget, whose JavaScript (``static/keeper.js``, with the drills'
``static/stored.js``) hands the counts the browser keeps to Python once when the page opens, and keeps
the counts Python sends back, under the same key as the drills'.

>>> from spades_teach.widgets.drill import Progress
>>> progress = Progress(in_memory=True)
>>> shown = []
>>> keeper = BrowserProgress(progress, "puzzles", lambda: shown.append(progress.of("puzzles")["right"]))
>>> keeper.receive({"action": "restore", "kinds": {"puzzles": {"right": 3, "answered": 4}, "winner": {"right": 9}}})
>>> keeper.restored, shown, sorted(progress.kinds)
(True, [3], ['puzzles', 'winner'])
>>> progress.record("puzzles", True); keeper.keep(); keeper.kinds["puzzles"]["right"]
4
>>> sorted(keeper.kinds)  # only its own names go back to the browser
['puzzles']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import anywidget
import traitlets

from spades_teach.widgets.base import static_text
from spades_teach.widgets.drill import Progress

__all__ = ["BrowserProgress"]


class BrowserProgress(anywidget.AnyWidget):
    """Keeps ``progress`` in the browser (see the module docs): the counts named ``prefix`` or
    ``prefix/...`` go to the browser's store on :meth:`keep`; ``on_restore`` is called once the
    browser has handed back what it kept (the view then shows where the learner was)."""

    _esm = static_text("stored.js", "keeper.js")
    #: The counts to keep, by name (what :meth:`keep` last sent).
    kinds = traitlets.Dict().tag(sync=True)
    #: Whether the browser has handed back its counts yet.
    restored = traitlets.Bool(False).tag(sync=True)

    def __init__(self, progress: Progress, prefix: str, on_restore: Callable[[], None]) -> None:
        super().__init__()
        self.progress = progress
        self.prefix = prefix
        self.on_restore = on_restore
        self.layout.display = "none"
        self.on_msg(self._on_message)

    def _own(self, name: str) -> bool:
        return name == self.prefix or name.startswith(self.prefix + "/")

    def keep(self) -> None:
        """Send the view's counts to the browser's store (once the browser has handed back its own)."""
        self.kinds = {name: dict(counts) for name, counts in self.progress.kinds.items() if self._own(name)}

    def receive(self, message: Mapping[str, Any]) -> None:
        """What the browser sends: ``{"action": "restore", "kinds": {...}}``, the counts it keeps."""
        if message.get("action") != "restore" or self.restored:
            return
        self.progress.restore(message.get("kinds"))
        self.restored = True
        self.on_restore()
        self.keep()

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, Mapping):
            self.receive(content)
