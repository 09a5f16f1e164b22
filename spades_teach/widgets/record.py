"""The one call the widgets make to keep a judged decision: :func:`remember`.

The card table's review, the exercises, the puzzles, the drills and the practice session each call
:func:`remember` with the decisions they have just judged (made by the adapters of
:mod:`spades_teach.analysis.learner_record`); it adds them to the learner record in the data folder
(:class:`~spades_teach.analysis.learner_record.RecordFile`). Keeping the record never gets in the
learner's way: a record that cannot be written is noted (:func:`last_problem`), never raised into the
widget. ``SPADES_TEACH_RECORD=off`` keeps nothing (a shared machine, a demonstration).

>>> import tempfile
>>> from spades_teach.analysis.learner_record import Decision
>>> folder = tempfile.mkdtemp()
>>> len(remember([Decision.now("exercise", "ruff", right=True)], folder=folder))
1
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spades_teach.analysis.learner_record import Decision, LearnerRecord, RecordFile, decisions_from_review
from spades_teach.errors import LearnerRecordError

if TYPE_CHECKING:
    from spades_teach.analysis.seat_review import SeatJudgement
    from spades_teach.game.round import Round

__all__ = ["RECORD_VARIABLE", "last_problem", "record_file", "remember", "remember_review"]

#: The environment variable that turns the record off (``off``).
RECORD_VARIABLE = "SPADES_TEACH_RECORD"
_problem = [""]


def record_file(folder: Path | str | None = None) -> RecordFile:
    """The learner record of the data folder (or of ``folder``)."""
    return RecordFile(folder)


def remember(decisions: Iterable[Decision | None], *, folder: Path | str | None = None) -> LearnerRecord:
    """Add ``decisions`` (``None`` entries skipped) to the learner record; returns the record (empty when
    it cannot be kept: the reason is :func:`last_problem`)."""
    kept = [d for d in decisions if d is not None]
    if os.environ.get(RECORD_VARIABLE, "").strip().lower() == "off":
        return LearnerRecord()
    try:
        record = record_file(folder).add(kept)
    except LearnerRecordError as exc:
        _problem[0] = str(exc)
        return LearnerRecord()
    _problem[0] = ""
    return record


def last_problem() -> str:
    """Why the last decisions could not be kept (``""`` when they were)."""
    return _problem[0]


def remember_review(
    round_: Round,
    seat: Any,
    judgements: Sequence[SeatJudgement],
    *,
    bags: Mapping[Any, int] | None = None,
    surface: str = "table",
) -> LearnerRecord:
    """Keep the judged cards of a hand's review from the seat (the card table's hook: ``surface`` is
    ``"table"``, or ``"challenge"`` for the deal of the day)."""
    return remember(decisions_from_review(round_, seat, judgements, bags=bags, surface=surface))
