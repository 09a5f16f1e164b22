"""Drills with instant feedback, :class:`DrillWidget` (an anywidget): the questions of
:mod:`spades_teach.analysis.drills`, the streak and accuracy kept across restarts (in a file, or
in the browser's storage in the live edition). More: ``docs/modules.md``.

>>> import tempfile
>>> w = DrillWidget(kinds=["winner"], seed=3, progress_dir=tempfile.mkdtemp())
>>> w.drill.kind, w.view["fields"][0]["choices"]
('winner', ['North', 'East', 'South', 'West'])
>>> w.send_action({"action": "answer", "values": {"answer": w.drill.expected[0]}})
>>> w.feedback.correct, w.stats("winner")["streak"]
(True, 1)
>>> w.send_action({"action": "answer", "values": {"answer": "Nobody"}})
>>> w.error
'this question is answered: press Next question'
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from spades_teach.analysis.drills import (
    KINDS,
    MAX_DIFFICULTY,
    AnswerField,
    Drill,
    Feedback,
    difficulty_for,
    drill_seed,
    make_drill,
)
from spades_teach.analysis.learner_record import DATA_DIR_VARIABLE, data_dir, decision_from_drill
from spades_teach.errors import AnswerError, SpadesError
from spades_teach.game.cards import Card
from spades_teach.game.notation import seat_word
from spades_teach.i18n import _
from spades_teach.widgets.base import static_text
from spades_teach.widgets.record import remember
from spades_teach.widgets.table_state import card_state

__all__ = [
    "DATA_DIR_VARIABLE",
    "DrillWidget",
    "PROGRESS_FILE",
    "Progress",
    "STORE_VARIABLE",
    "progress_dir",
    "progress_store",
]

#: The progress file's name inside that folder.
PROGRESS_FILE = "drills.json"
#: The environment variable that chooses the store: ``file`` or ``browser``.
STORE_VARIABLE = "SPADES_TEACH_DRILL_STORE"
_STORES = ("file", "browser")
_EMPTY = {"streak": 0, "best": 0, "answered": 0, "right": 0, "number": 0}


def progress_dir() -> Path:
    """Where the progress file lives: the learner's data folder
    (:func:`~spades_teach.analysis.learner_record.data_dir`: ``$SPADES_TEACH_DATA_DIR`` when set; in
    Pyodide, the live edition, ``.spades_teach`` in JupyterLite's drive, which it keeps in the browser's
    storage; else the user data directory of ``platformdirs``)."""
    return data_dir()


def progress_store() -> str:
    """``"browser"`` in Pyodide (the live edition) or when ``$SPADES_TEACH_DRILL_STORE`` says so,
    else ``"file"``."""
    chosen = os.environ.get(STORE_VARIABLE, "").strip().lower()
    if chosen in _STORES:
        return chosen
    return "browser" if sys.platform == "emscripten" else "file"


class Progress:
    """Per-kind counts kept in a small JSON file (see the module docs).

    Saving merges: only the kinds this object changed are written over what the
    file holds, so widgets in two notebooks do not undo each other's progress.
    """

    def __init__(self, folder: Path | str | None = None, *, in_memory: bool = False) -> None:
        self.path: Path | None = (
            None if in_memory else Path(folder if folder is not None else progress_dir()) / PROGRESS_FILE
        )
        self.problem = ""
        self.kinds: dict[str, dict[str, int]] = self._read()
        self._changed: set[str] = set()

    def restore(self, kinds: Any) -> None:
        """Take the counts kept elsewhere (the browser's storage) for every kind not changed here."""
        if not isinstance(kinds, Mapping):
            return
        for name, counts in _clean(kinds).items():
            if name not in self._changed:
                self.kinds[name] = counts

    def _read(self) -> dict[str, dict[str, int]]:
        if self.path is None:
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            self.problem = _("the saved progress in {path} could not be read; starting afresh").format(path=self.path)
            return {}
        kinds = data.get("kinds") if isinstance(data, dict) else None
        if not isinstance(kinds, dict):
            self.problem = _("the saved progress in {path} is not a drill record; starting afresh").format(
                path=self.path
            )
            return {}
        return _clean(kinds)

    def of(self, kind: str) -> dict[str, int]:
        """The counts of ``kind`` (zeros for a kind never practised)."""
        return dict(self.kinds.get(kind, _EMPTY))

    def record(self, kind: str, correct: bool) -> None:
        """Count one graded answer of ``kind``."""
        counts = self.of(kind)
        counts["answered"] += 1
        counts["right"] += int(correct)
        counts["streak"] = counts["streak"] + 1 if correct else 0
        counts["best"] = max(counts["best"], counts["streak"])
        self.kinds[kind] = counts
        self._changed.add(kind)

    def advance(self, kind: str) -> None:
        """Move ``kind`` on to its next question."""
        counts = self.of(kind)
        counts["number"] += 1
        self.kinds[kind] = counts
        self._changed.add(kind)

    def save(self) -> None:
        """Write the changed kinds (merged into the file's others); a failure is noted, not raised."""
        if not self._changed or self.path is None:
            return
        try:
            current = json.loads(self.path.read_text(encoding="utf-8")) if self.path.exists() else {}
            kinds = current.get("kinds") if isinstance(current, dict) else None
            merged = dict(kinds) if isinstance(kinds, dict) else {}
        except (OSError, ValueError):
            merged = {}
        for kind in self._changed:
            merged[kind] = self.kinds[kind]
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            spare = self.path.with_suffix(".tmp")
            spare.write_text(json.dumps({"version": 1, "kinds": merged}, indent=1, sort_keys=True), encoding="utf-8")
            spare.replace(self.path)
        except OSError as exc:
            self.problem = _("progress could not be saved in {path} ({error})").format(
                path=self.path, error=exc.strerror or exc
            )
            return
        self._changed.clear()


def _clean(kinds: Mapping[Any, Any]) -> dict[str, dict[str, int]]:
    """Counts read from a file or the browser, each a whole number of 0 or more."""
    out: dict[str, dict[str, int]] = {}
    for name, counts in kinds.items():
        if isinstance(counts, Mapping):
            out[str(name)] = {key: _count(counts.get(key)) for key in _EMPTY}
    return out


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


class DrillWidget(anywidget.AnyWidget):
    """Endless drills of the given ``kinds`` (names of :data:`~spades_teach.analysis.drills.KINDS`;
    all of them by default), seeded by ``seed``. ``min_levels`` maps a kind to the level its
    questions start from (a chapter on bags asks score drills with bags from the first one);
    the streak raises it from there. ``progress_dir`` overrides where the progress file is
    kept; ``save=False`` keeps progress in memory only; ``store`` is ``"file"`` or
    ``"browser"`` (default: :func:`progress_store`).

    Plain state for tests and notebooks: :attr:`drill`, :attr:`feedback`,
    :attr:`error`, :meth:`stats`, :meth:`answer`, :meth:`next_question`,
    :meth:`choose`, :meth:`send_action` (what the browser sends).
    """

    _esm = static_text("cards.js", "stored.js", "drill.js")
    _css = static_text("cardtable.css", "drill.css")
    view = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        kinds: Iterable[str] | None = None,
        seed: int = 0,
        *,
        min_levels: Mapping[str, int] | None = None,
        progress_dir: Path | str | None = None,
        save: bool = True,
        store: str | None = None,
    ) -> None:
        super().__init__()
        chosen = list(KINDS) if kinds is None else [str(k) for k in kinds]
        unknown = [k for k in chosen if k not in KINDS]
        if unknown or not chosen:
            raise AnswerError(
                _("unknown drill kinds {kinds}: choose among {choices}").format(
                    kinds=repr(unknown or chosen), choices=", ".join(KINDS)
                )
            )
        self.min_levels = _check_levels(min_levels or {}, chosen)
        self.kinds = chosen
        self.seed = seed
        self.store = progress_store() if store is None else store
        if self.store not in _STORES:
            raise AnswerError(_("store must be 'file' or 'browser', not {store}").format(store=repr(store)))
        self.progress = Progress(progress_dir, in_memory=self.store == "browser")
        self.saving = save
        #: In the browser store, whether the page has handed back its saved counts yet.
        self.restored = self.store == "file"
        self.mode = "mixed" if len(chosen) > 1 else chosen[0]
        self.kind = chosen[0]
        self.error = ""
        self.pending = ""
        self.feedback: Feedback | None = None
        self._given: dict[str, str] = {}
        self._question = 0
        self.last_exception: BaseException | None = None
        self.drill = self._make()
        self._publish()
        self.on_msg(self._on_message)

    def __repr__(self) -> str:
        # Stable text for a notebook's stored output: no progress, no seed-dependent text.
        return f"<DrillWidget: {', '.join(KINDS[k].title for k in self.kinds)}>"

    # -- plain state -----------------------------------------------------------------------------------
    def stats(self, kind: str) -> dict[str, int]:
        """Streak, best streak, answers and right answers of ``kind``."""
        return self.progress.of(kind)

    def level_note(self, kind: str) -> str:
        """What the levels of ``kind`` mean, in one line shown under the level."""
        return _(
            "Levels run from 1, the simplest questions, to {top}; this drill starts at level {start}. "
            "Three right answers in a row take you up a level; a wrong answer takes you back to level {start}."
        ).format(top=MAX_DIFFICULTY + 1, start=self.min_levels.get(kind, 0) + 1)

    def _make(self) -> Drill:
        counts = self.progress.of(self.kind)
        number = drill_seed(self.seed, self.kind, counts["number"])
        self._question += 1
        level = max(self.min_levels.get(self.kind, 0), difficulty_for(counts["streak"]))
        return make_drill(self.kind, number, level)

    # -- actions ---------------------------------------------------------------------------------------
    def answer(self, values: Mapping[str, str] | str) -> Feedback:
        """Grade the learner's answer (once per question); :class:`AnswerError` when it cannot be read."""
        if self.feedback is not None:
            raise AnswerError(_("this question is answered: press Next question"))
        feedback = self.drill.grade(values)
        self.feedback = feedback
        self._given = {k: str(v) for k, v in values.items()} if isinstance(values, Mapping) else {"answer": values}
        self.progress.record(self.kind, feedback.correct)
        self.progress.advance(self.kind)
        if self.saving:
            self.progress.save()
            remember([decision_from_drill(self.drill, feedback, self._given.get("answer"))])
        return feedback

    def next_question(self) -> None:
        """The next question: the next kind in turn (mixed), or the same kind."""
        if self.mode == "mixed":
            self.kind = self.kinds[(self.kinds.index(self.kind) + 1) % len(self.kinds)]
        if self.feedback is None:
            # Skipped unanswered: still move on to a fresh question of this kind.
            self.progress.advance(self.kind)
            if self.saving:
                self.progress.save()
        self.feedback = None
        self._given = {}
        self.drill = self._make()

    def choose(self, mode: str) -> None:
        """Practise one kind (its name) or all in turn (``"mixed"``)."""
        if mode != "mixed" and mode not in self.kinds:
            raise AnswerError(
                _("unknown drill {mode}: choose among mixed, {kinds}").format(
                    mode=repr(mode), kinds=", ".join(self.kinds)
                )
            )
        self.mode = mode
        if mode != "mixed" and mode != self.kind:
            self.kind = mode
            self.feedback = None
            self._given = {}
            self.drill = self._make()

    def send_action(self, message: Mapping[str, Any]) -> None:
        """Act as if the browser had sent ``message``: ``{"action": "answer", "values": {...}}``,
        ``{"action": "next"}`` or ``{"action": "mode", "mode": "legal"}``. A bad answer shows
        its message next to the box; the verdict of an older answer is cleared."""
        action = message.get("action")
        try:
            if action == "answer":
                values = message.get("values")
                if not isinstance(values, Mapping):
                    raise AnswerError(_("type an answer first"))
                self.error = ""
                self._answer_in_two_steps({str(k): str(v) for k, v in values.items()})
            elif action == "next":
                self.error = ""
                self.next_question()
            elif action == "restore":
                self._restore(message.get("kinds"))
            elif action == "mode":
                self.error = ""
                self.choose(str(message.get("mode")))
            else:
                raise AnswerError(_("unknown action {action}").format(action=repr(action)))
        except SpadesError as exc:
            self.error = str(exc)
            if action == "answer" and self.feedback is None:
                self._given = {}
        self._publish()

    def _restore(self, kinds: Any) -> None:
        """The browser's saved counts: take them, and ask the question they lead to."""
        if self.store != "browser" or self.restored:
            return
        self.progress.restore(kinds)
        self.restored = True
        if self.feedback is None:
            self.drill = self._make()

    def _answer_in_two_steps(self, values: dict[str, str]) -> None:
        """Grade, showing the verdict and the fixed lines at once while a simulation runs."""
        drill = self.drill
        if self.feedback is None and drill.more is not None:
            drill.read(values)  # a bad answer fails here, before anything is shown
            self.pending = _("Simulating deals for the figures below…")
            self._publish(preview=values)
        try:
            self.answer(values)
        finally:
            self.pending = ""

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        try:
            self.send_action(content)
        except Exception as exc:  # a bug: one line for the learner, never a traceback
            self.last_exception = exc
            self.error = _("something went wrong ({error}); press Next question").format(error=type(exc).__name__)
            self.pending = ""
            self._publish()

    # -- the state the browser draws -------------------------------------------------------------------
    def _publish(self, preview: Mapping[str, str] | None = None) -> None:
        drill = self.drill
        feedback = self.feedback
        if preview is not None:
            quick = _without_more(drill).grade(preview)
            shown = _feedback_state(quick, dict(preview))
            if drill.more_right is not None and not quick.correct:
                shown.update(correct=None, verdict=_("Checking your bid against the simulated deals…"))
            result: dict[str, Any] | None = shown
        else:
            result = None if feedback is None else _feedback_state(feedback, self._given)
        self.view = {
            "labels": _drill_labels(self.store if self.saving else "none"),
            "level_text": _("Level {level} of {top}").format(level=drill.difficulty + 1, top=MAX_DIFFICULTY + 1),
            "level_note": self.level_note(drill.kind),
            "kinds": [[name, KINDS[name].title] for name in self.kinds],
            "mode": self.mode,
            "kind": drill.kind,
            "title": KINDS[drill.kind].title,
            "question": self._question,
            "level": drill.difficulty,
            "prompt": drill.prompt,
            "facts": list(drill.facts),
            "hand": [card_state(c) for c in drill.hand] if drill.hand is not None else None,
            "trick": [{"seat": seat_word(seat), "card": card_state(card)} for seat, card in drill.trick],
            "card": card_state(drill.card) if drill.card is not None else None,
            "fields": [_field_state(f) for f in drill.fields],
            "feedback": result,
            "pending": self.pending,
            "error": self.error,
            "note": self.progress.problem,
            "store": self.store if self.saving else "none",
            "restored": self.restored,
            "progress": {name: self.progress.of(name) for name in self.kinds},
            "stats": [self._stat_state(name) for name in self.kinds],
        }

    def _stat_state(self, name: str) -> dict[str, Any]:
        counts = self.progress.of(name)
        accuracy = f"{counts['right'] / counts['answered']:.0%}" if counts["answered"] else "–"
        right = _("{right} of {answered}").format(right=counts["right"], answered=counts["answered"])
        return {"kind": name, "title": KINDS[name].title, **counts, "accuracy": accuracy, "right_text": right}


def _drill_labels(store: str) -> dict[str, Any]:
    """The drill's fixed words in the language in use (the JavaScript holds no sentence)."""
    progress = {
        "browser": _("Your progress (kept in this browser)"),
        "none": _("Your progress (this page only)"),
    }.get(store, _("Your progress (kept on this computer)"))
    return {
        "mixed": _("All kinds in turn"),
        "practise": _("Practise"),
        "level_tip": _("the level rises with every three right answers in a row"),
        "trick": _("the trick so far"),
        "hand": _("Your hand"),
        "hand_box": _("your hand"),
        "asked": _("The card asked about"),
        "check": _("Check"),
        "next": _("Next question"),
        "skip": _("Skip this question"),
        "progress": progress,
        "not_offered": _("{card}, not offered"),
        "heads": [_("Drill"), _("Streak"), _("Best"), _("Right"), _("Accuracy")],
    }


def _field_state(f: AnswerField) -> dict[str, Any]:
    state: dict[str, Any] = {"name": f.name, "label": f.label, "kind": f.kind, "choices": list(f.choices)}
    if f.kind == "card":
        state["cards"] = [card_state(Card.parse(code)) for code in f.choices]
        state["group_label"] = _("{label}: your hand").format(label=f.label)
    return state


def _check_levels(levels: Mapping[str, int], kinds: list[str]) -> dict[str, int]:
    out = {}
    for kind, level in levels.items():
        if kind not in kinds:
            raise AnswerError(
                _("min_levels names {kind}, which is not one of this drill's kinds ({kinds})").format(
                    kind=repr(kind), kinds=", ".join(kinds)
                )
            )
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= MAX_DIFFICULTY:
            raise AnswerError(
                _("min_levels[{kind}] must be a level from 0 to {top}, not {level}").format(
                    kind=repr(kind), top=MAX_DIFFICULTY, level=repr(level)
                )
            )
        out[kind] = level
    return out


def _without_more(drill: Drill) -> Drill:
    from dataclasses import replace

    return replace(drill, more=None, more_right=None)


def _feedback_state(feedback: Feedback, given: dict[str, str]) -> dict[str, Any]:
    return {"correct": feedback.correct, "verdict": feedback.verdict, "lines": list(feedback.lines), "given": given}
