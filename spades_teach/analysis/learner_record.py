"""The learner record: every judged decision of one learner, kept on their machine only.

A :class:`Decision` is one card (or answer) the judge looked at: when, under which rules, where
(:data:`SURFACES`: the table's review, an exercise, a puzzle, a drill, the daily challenge), the
principle the judge's card follows, the principle the learner's card broke (or ``"right"``), the
points it cost and whether it was a close call. A :class:`LearnerRecord` is the list of them, written
as one small versioned JSON file (the format is described in ``docs/learner_record.md``);
:class:`RecordFile` keeps it in the data folder (:func:`data_dir`) with atomic writes, and exports,
imports and resets it. A file that is not a learner record, is damaged or comes from a later release
is refused with :class:`~spades_teach.errors.LearnerRecordError`, and nothing is changed.

The adapters turn today's judgements into decisions: :func:`decisions_from_review` (the review of a
hand from the player's seat), :func:`decision_from_answer` (an exercise or a practice question),
:func:`decision_from_puzzle` and :func:`decision_from_drill`. Which principle a decision is about is
:func:`principle_at`: the principle of the hint engine's card at that moment (the design and its
reasons: ``docs/learner_record.md``).

>>> d = Decision.now("exercise", "second hand low", right=False, cost=4.0)
>>> d.broken, d.mistake
('second hand low', True)
>>> LearnerRecord.from_json(LearnerRecord((d,)).to_json()).decisions == (d,)
True
>>> LearnerRecord.from_json('{"format": "something else"}')
Traceback (most recent call last):
...
spades_teach.errors.LearnerRecordError: not a learner record: its "format" is 'something else', not 'spades_teach learner record'
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spades_teach.advice.play import ONLY, suggest_play
from spades_teach.advice.principles import PRINCIPLES
from spades_teach.analysis.seat_review import seat_turns
from spades_teach.errors import LearnerRecordError, ParseError, RulesError
from spades_teach.game.cards import Card
from spades_teach.game.round import PlayEvent
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat
from spades_teach.i18n import _

if TYPE_CHECKING:
    from spades_teach.advice.position import Position
    from spades_teach.analysis.drills import Drill, Feedback
    from spades_teach.analysis.puzzles import Puzzle
    from spades_teach.analysis.seat_review import SeatJudgement
    from spades_teach.game.cards import Card
    from spades_teach.game.round import Round

__all__ = [
    "DATA_DIR_VARIABLE",
    "RECORD_FORMAT",
    "RECORD_FILE",
    "EXCEPTION",
    "RIGHT",
    "WRONG",
    "SURFACES",
    "RECORD_VERSION",
    "Decision",
    "LearnerRecord",
    "RecordFile",
    "data_dir",
    "decision_from_answer",
    "decision_from_drill",
    "decision_from_puzzle",
    "decisions_from_review",
    "principle_at",
]

#: The value of ``"format"`` in every learner record.
RECORD_FORMAT = "spades_teach learner record"
#: The version this release writes; it reads this one and every earlier one.
RECORD_VERSION = 1
#: Where a decision was judged.
SURFACES = ("table", "exercise", "puzzle", "drill", "challenge")
#: What ``broken`` says when the learner's card was right (or a close call).
RIGHT = "right"
#: What ``broken`` says when the learner played the principle's own card and the judge found a clearly
#: better one: the principle's exception, not a principle broken.
EXCEPTION = "exception"
#: What ``broken`` says of a wrong answer about no principle (a drill of legal cards, tricks or scores).
WRONG = "wrong"
#: The record's file name in the data folder.
RECORD_FILE = "learner.json"
#: The environment variable that names the data folder (tests, shared machines).
DATA_DIR_VARIABLE = "SPADES_TEACH_DATA_DIR"
#: Where JupyterLite's Pyodide kernel mounts the browser's files (the live edition).
JUPYTERLITE_DRIVE = "/drive"
#: The drill kinds whose answers are about a principle (``"which"`` asks a puzzle: its own principle).
DRILL_PRINCIPLES = {"nil": "the Nil checklist"}
_FIELDS = ("when", "rules", "surface", "principle", "broken", "cost", "close")


def data_dir() -> Path:
    """The learner's data folder: ``$SPADES_TEACH_DATA_DIR`` when set; in Pyodide (the live edition)
    ``.spades_teach`` at the top of JupyterLite's drive (``/drive``, which it keeps in the browser's
    storage; the chapters of every language share it), or in the notebook's folder when the drive is not
    mounted; else the user data directory of ``platformdirs`` (``~/.local/share/spades_teach`` when it
    is not installed)."""
    chosen = os.environ.get(DATA_DIR_VARIABLE)
    if chosen:
        return Path(chosen)
    if sys.platform == "emscripten":
        drive = Path(JUPYTERLITE_DRIVE)
        return (drive if drive.is_dir() else Path.cwd()) / ".spades_teach"
    try:
        import platformdirs
    except ImportError:  # the engine alone (the command line without the tutorial's extras)
        return Path.home() / ".local" / "share" / "spades_teach"
    return Path(platformdirs.user_data_dir("spades_teach", appauthor=False))


@dataclass(frozen=True)
class Decision:
    """One judged decision (see the module docs).

    ``when``: the moment, in UTC; ``rules``: the options that differ from the standard rules
    (:meth:`~spades_teach.game.rules.Rules.to_dict`, ``{}`` for the standard game); ``surface``: one of
    :data:`SURFACES`; ``principle``: the principle the judge's card follows (a name of
    :data:`~spades_teach.advice.principles.PRINCIPLES`, or ``""`` for an answer about no principle,
    such as a scoring drill); ``broken``: :data:`RIGHT` when the learner's card was as good as the best
    or a close call, ``principle`` when it was clearly worse and not the principle's card (the learner
    broke the principle), :data:`EXCEPTION` when it was clearly worse although it was the principle's
    own card (the judge's card is the principle's exception), :data:`WRONG` for a wrong answer about
    no principle; ``cost``: the points it gave away (``None`` where the judge counts no points: a
    puzzle, a drill); ``close``: a close call, never counted as a mistake."""

    when: datetime
    rules: Mapping[str, Any]
    surface: str
    principle: str
    broken: str
    cost: float | None
    close: bool = False

    @classmethod
    def now(
        cls,
        surface: str,
        principle: str,
        *,
        right: bool,
        followed: bool = False,
        cost: float | None = None,
        close: bool = False,
        rules: Rules | None = None,
        when: datetime | None = None,
    ) -> Decision:
        """A decision judged ``right`` or not (a close call is right); ``followed``: the learner's card
        was the principle's own card. ``when``: now by default."""
        counted_right = right or close
        if counted_right:
            broken = RIGHT
        elif not principle:
            broken = WRONG
        else:
            broken = EXCEPTION if followed else principle
        return cls(
            when=_utc(when or datetime.now(timezone.utc)),
            rules=(rules or Rules()).to_dict(),
            surface=surface,
            principle=principle,
            broken=broken,
            cost=None if cost is None else (0.0 if counted_right else round(float(cost), 2)),
            close=close,
        )

    @property
    def mistake(self) -> bool:
        """Whether the learner's card was clearly worse than the best (a close call never is)."""
        return self.broken != RIGHT

    @property
    def broke(self) -> bool:
        """Whether the learner broke the principle: a card clearly worse, and not the principle's own."""
        return bool(self.principle) and self.broken == self.principle

    def to_json(self) -> dict[str, Any]:
        """The decision as the file writes it."""
        return {
            "when": self.when.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "rules": dict(self.rules),
            "surface": self.surface,
            "principle": self.principle,
            "broken": self.broken,
            "cost": self.cost,
            "close": self.close,
        }

    @classmethod
    def from_json(cls, data: Any, number: int = 1) -> Decision:
        """A decision read from the file; :class:`LearnerRecordError` names the field that is wrong."""
        if not isinstance(data, Mapping):
            raise _bad(number, _("it is not an object"))
        missing = [name for name in _FIELDS if name not in data]
        if missing:
            raise _bad(number, _("it has no {field}").format(field=repr(missing[0])))
        when = _read_when(data["when"], number)
        rules = _read_rules(data["rules"], number)
        surface = data["surface"]
        if surface not in SURFACES:
            raise _bad(
                number,
                _("its surface is {value}, not one of {choices}").format(
                    value=repr(surface), choices=", ".join(SURFACES)
                ),
            )
        principle = data["principle"]
        if not isinstance(principle, str) or (principle and principle not in PRINCIPLES):
            raise _bad(
                number, _("its principle {value} is not a principle of the course").format(value=repr(principle))
            )
        broken = data["broken"]
        allowed = (RIGHT, principle, EXCEPTION) if principle else (RIGHT, WRONG)
        if broken not in allowed:
            raise _bad(
                number,
                _("its broken principle is {value}, not one of {choices}").format(
                    value=repr(broken), choices=", ".join(repr(a) for a in allowed)
                ),
            )
        cost = data["cost"]
        if cost is not None and (
            isinstance(cost, bool) or not isinstance(cost, (int, float)) or not math.isfinite(cost) or cost < 0
        ):
            raise _bad(
                number,
                _("its cost must be a number of points, 0 or more, or null, not {value}").format(value=repr(cost)),
            )
        close = data["close"]
        if not isinstance(close, bool):
            raise _bad(number, _("its close call must be true or false, not {value}").format(value=repr(close)))
        return cls(when, rules, surface, principle, broken, None if cost is None else float(cost), close)


@dataclass(frozen=True)
class LearnerRecord:
    """Every judged decision of a learner, oldest first."""

    decisions: tuple[Decision, ...] = field(default_factory=tuple)

    def __len__(self) -> int:
        return len(self.decisions)

    def added(self, decisions: Iterable[Decision]) -> LearnerRecord:
        """This record with ``decisions`` added (oldest first: two cards judged alike in the same
        second are two decisions)."""
        return _appended(self.decisions, tuple(decisions))

    def merged(self, other: LearnerRecord) -> LearnerRecord:
        """Both records in one: a learner bringing the record of another machine keeps both."""
        return _merged(self.decisions, other.decisions)

    def to_json(self) -> str:
        """The record as its file holds it."""
        body = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "decisions": [d.to_json() for d in self.decisions]}
        return json.dumps(body, ensure_ascii=False, indent=0) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> LearnerRecord:
        """Read a record; :class:`LearnerRecordError` when the text is not one (see the module docs)."""
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise LearnerRecordError(_("not a learner record: it is not JSON ({error})").format(error=exc)) from None
        if not isinstance(data, dict):
            raise LearnerRecordError(_("not a learner record: it is not a JSON object"))
        if data.get("format") != RECORD_FORMAT:
            raise LearnerRecordError(
                _('not a learner record: its "format" is {value}, not {format}').format(
                    value=repr(data.get("format")), format=repr(RECORD_FORMAT)
                )
            )
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise LearnerRecordError(_("the learner record has no valid version: {value}").format(value=repr(version)))
        if version > RECORD_VERSION:
            raise LearnerRecordError(
                _(
                    "the learner record was written by a later release (version {version}; this one reads up to "
                    "{known}): update spades_teach to read it"
                ).format(version=version, known=RECORD_VERSION)
            )
        decisions = data.get("decisions")
        if not isinstance(decisions, list):
            raise LearnerRecordError(_('the learner record has no list of "decisions"'))
        return cls(tuple(Decision.from_json(d, n) for n, d in enumerate(decisions, start=1)))


class RecordFile:
    """The learner record kept in ``folder`` (:func:`data_dir` by default) as :data:`RECORD_FILE`.

    Every write goes to a spare file first, which then takes the record's place (an interrupted write
    leaves the old record whole). :meth:`load` refuses a damaged file with
    :class:`LearnerRecordError` and leaves it as it is; :meth:`add` then keeps it aside under a dated
    name before it starts a new record, so nothing is lost."""

    def __init__(self, folder: Path | str | None = None) -> None:
        self.path = Path(folder if folder is not None else data_dir()) / RECORD_FILE

    def load(self) -> LearnerRecord:
        """The record (empty when there is none yet)."""
        text = self._read()
        return LearnerRecord() if text is None else self._parse(text)

    def add(self, decisions: Iterable[Decision]) -> LearnerRecord:
        """Add ``decisions`` to the record on disk and return the whole record. A damaged record is
        first kept aside (:meth:`set_aside`) and a new one started."""
        new = tuple(decisions)
        text = self._read()
        try:
            record = LearnerRecord() if text is None else self._parse(text)
        except LearnerRecordError:
            self.set_aside()
            record = LearnerRecord()
        if not new:
            return record
        record = record.added(new)
        self.save(record)
        return record

    def _read(self) -> bytes | None:
        try:
            return self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise LearnerRecordError(
                _("the learner record {path} cannot be read ({error})").format(path=self.path, error=exc.strerror)
            ) from None

    def _parse(self, text: bytes) -> LearnerRecord:
        try:
            return LearnerRecord.from_json(text)
        except LearnerRecordError as exc:
            raise LearnerRecordError(_("{path}: {problem}").format(path=self.path, problem=exc)) from None

    def save(self, record: LearnerRecord) -> None:
        """Write ``record`` in the record's place (atomically)."""
        _write(self.path, record.to_json())

    def export(self, target: Path | str) -> Path:
        """Copy the record to ``target`` (a file, or a folder to hold ``learner.json``)."""
        out = Path(target)
        if out.is_dir():
            out = out / RECORD_FILE
        _write(out, self.load().to_json())
        return out

    def import_(self, source: Path | str) -> LearnerRecord:
        """Merge the record in ``source`` into this one (a bad or foreign file changes nothing)."""
        try:
            text = Path(source).read_bytes()
        except OSError as exc:
            raise LearnerRecordError(
                _("the learner record {path} cannot be read ({error})").format(path=source, error=exc.strerror)
            ) from None
        try:
            other = LearnerRecord.from_json(text)
        except LearnerRecordError as exc:
            raise LearnerRecordError(_("{path}: {problem}").format(path=source, problem=exc)) from None
        record = self.load().merged(other)
        self.save(record)
        return record

    def reset(self) -> Path | None:
        """Start afresh. The old record is kept aside (returned; ``None`` when there was none), so a
        reset by mistake is undone by importing it."""
        if not self.path.exists():
            return None
        return self.set_aside("before-reset")

    def set_aside(self, why: str = "unreadable") -> Path:
        """Move the record file aside under a dated name and return that name."""
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%f")
        aside = self.path.with_name(f"learner-{why}-{stamp}.json")
        try:
            self.path.replace(aside)
        except OSError as exc:
            raise LearnerRecordError(
                _("the learner record {path} cannot be moved aside ({error})").format(
                    path=self.path, error=exc.strerror
                )
            ) from None
        return aside


# -- adapters: today's judgements as decisions ----------------------------------------------------------


def principle_at(position: Position) -> str:
    """The principle a decision at ``position`` is about: the one the hint engine's card follows there
    (``""`` with a single legal card, where there is nothing to decide). The judge's best card follows
    it when the hint's card is as good as the best; where the judge finds better, its card is the
    exception to that principle that its chapter teaches with it (``docs/learner_record.md``)."""
    name = suggest_play(position).principle
    return "" if name == ONLY else name


def decisions_from_review(
    round_: Round,
    seat: Any,
    judgements: Sequence[SeatJudgement],
    *,
    bags: Mapping[Any, int] | None = None,
    surface: str = "table",
    when: datetime | None = None,
) -> list[Decision]:
    """The judged cards of a review from the seat (:func:`~spades_teach.analysis.seat_review.seat_review`
    of ``round_`` for ``seat``, ``bags`` the bag counters as the hand began) as decisions: a costly card
    broke the principle of its moment; a card as good as the best is right, and so is a close call
    (the judge could not tell), marked as one. Cards not judged are left out."""
    positions = {
        number: position
        for event, number, position in seat_turns(round_, Seat.coerce(seat), bags)
        if isinstance(event, PlayEvent)
    }
    out = []
    for j in judgements:
        position = positions.get(j.number)
        if not j.judged or position is None:
            continue
        hint = suggest_play(position)
        if hint.principle == ONLY:
            continue
        close = j.verdict == "close"
        out.append(
            Decision.now(
                surface,
                hint.principle,
                right=not j.costly,
                followed=j.card == hint.card,
                cost=j.cost,
                close=close,
                rules=round_.rules,
                when=when,
            )
        )
    return out


def decision_from_answer(
    principle: str,
    right: bool,
    *,
    followed: bool = False,
    cost: float | None = None,
    close: bool = False,
    surface: str = "exercise",
    rules: Rules | None = None,
    when: datetime | None = None,
) -> Decision | None:
    """An exercise's (or a practice question's) answer as a decision (``followed``: the answer was the
    principle's own card); ``None`` when the exercise is about no principle of the course."""
    if principle not in PRINCIPLES:
        return None
    return Decision.now(
        surface, principle, right=right, followed=followed, cost=cost, close=close, rules=rules, when=when
    )


def decision_from_puzzle(
    puzzle: Puzzle, card: Card, *, surface: str = "puzzle", when: datetime | None = None
) -> Decision:
    """A puzzle answered with ``card``: right when it is the puzzle's card. A puzzle is judged by its
    goal (the contract, a Nil), not in points: the cost is ``None``."""
    followed = card == suggest_play(puzzle.position).card
    return Decision.now(
        surface, principle_at(puzzle.position), right=puzzle.is_right(card), followed=followed, when=when
    )


def decision_from_drill(
    drill: Drill, feedback: Feedback, answer: str | None = None, *, when: datetime | None = None
) -> Decision:
    """A drill's graded ``answer`` (what the learner gave): the *Which card?* drill asks a puzzle (its
    principle; the learner followed it when their card is the hint's), *Nil or not?* the Nil checklist;
    the other kinds (legal cards, tricks, scores, bids) are about no principle."""
    principle = DRILL_PRINCIPLES.get(drill.kind, "")
    followed = False
    if drill.kind == "which":
        from spades_teach.analysis.puzzles import load_puzzles

        wanted = drill.data.get("puzzle")
        puzzle = next((p for p in load_puzzles() if p.id == wanted), None)
        if puzzle is not None:
            principle = principle_at(puzzle.position)
            followed = answer is not None and _card_or_none(answer) == suggest_play(puzzle.position).card
    return Decision.now("drill", principle, right=feedback.correct, followed=followed, when=when)


def _card_or_none(text: str) -> Card | None:
    try:
        return Card.parse(text)
    except ParseError:
        return None


# -- helpers ------------------------------------------------------------------------------------------


def _merged(old: tuple[Decision, ...], new: tuple[Decision, ...]) -> LearnerRecord:
    """Both lists in one, oldest first: a decision found in both is kept as many times as the list that
    holds it most often holds it (importing the same file twice adds nothing)."""
    counts: dict[str, int] = {}
    for d in old:
        counts[_key(d)] = counts.get(_key(d), 0) + 1
    extra = []
    for d in new:
        key = _key(d)
        if counts.get(key, 0) > 0:
            counts[key] -= 1
        else:
            extra.append(d)
    return _appended(old, tuple(extra))


def _appended(old: tuple[Decision, ...], new: tuple[Decision, ...]) -> LearnerRecord:
    if not new:
        return LearnerRecord(old)
    if not old or old[-1].when <= min(d.when for d in new):
        return LearnerRecord((*old, *new))
    return LearnerRecord(tuple(sorted((*old, *new), key=lambda d: d.when)))


def _key(d: Decision) -> str:
    return json.dumps(d.to_json(), sort_keys=True)


def _utc(when: datetime) -> datetime:
    when = when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)
    return when.astimezone(timezone.utc).replace(microsecond=0)


def _bad(number: int, problem: str) -> LearnerRecordError:
    return LearnerRecordError(
        _("decision {number} of the learner record: {problem}").format(number=number, problem=problem)
    )


def _read_when(value: Any, number: int) -> datetime:
    if isinstance(value, str):
        try:
            return _utc(datetime.fromisoformat(value.replace("Z", "+00:00")))
        except ValueError:
            pass
    raise _bad(number, _("its time {value} is not a date and time like 2026-12-07T18:05:00Z").format(value=repr(value)))


def _read_rules(value: Any, number: int) -> dict[str, Any]:
    try:
        return Rules.from_dict(value).to_dict()
    except (RulesError, TypeError) as exc:
        raise _bad(number, _("its rules cannot be read ({error})").format(error=exc)) from None


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a spare file that then takes its place."""
    spare = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(spare, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        spare.replace(path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            spare.unlink(missing_ok=True)
        raise LearnerRecordError(
            _("the learner record cannot be saved in {path} ({error})").format(path=path, error=exc.strerror or exc)
        ) from None
