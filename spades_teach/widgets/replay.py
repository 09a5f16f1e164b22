"""Step through a recorded hand, :class:`ReplayView`: the engine's own events applied one by one,
with the annotations, the score at the end and a hook to colour each card. More:
``docs/modules.md``.

>>> from spades_teach import Round, deal
>>> r = Round(deal(7), dealer="N")
>>> for seat, bid in zip("ESWN", [3, 4, 2, 3]):
...     _ = r.bid(seat, bid)
>>> _ = r.play("E", "QH")
>>> view = ReplayView(r, annotations={4: "East leads the queen of hearts."})
>>> view.to_end()
>>> view.step, view.annotation, view.turn
(5, 'East leads the queen of hearts.', 'South to play')
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Union

import ipywidgets as widgets  # type: ignore[import-untyped]

from spades_teach.errors import RecordError
from spades_teach.game.cards import Card
from spades_teach.game.notation import seat_word
from spades_teach.game.round import BidEvent, Event, PlayEvent, Round
from spades_teach.game.scoring import RoundScore
from spades_teach.game.seating import Seat
from spades_teach.i18n import _
from spades_teach.render.words import trick_text
from spades_teach.widgets.base import SpadesWidget, add_classes, escape
from spades_teach.widgets.table import TableView, trick_line_html
from spades_teach.widgets.table_labels import describe

if TYPE_CHECKING:
    from spades_teach.game.records import GameRecord

__all__ = ["ReplayView", "ReplaySource"]

ReplaySource = Union["GameRecord", Round, str, "os.PathLike[str]"]


def _records() -> Any:
    from spades_teach.game import records

    return records


class ReplayView(SpadesWidget):
    """Step through a hand card by card and trick by trick (see the module docs).

    ``ReplayView(source=None, *, annotations=None, marks=None)``: ``source`` is a
    ``GameRecord``, a :class:`Round` (finished or not), JSON text of a record, or
    the path of a record file. With a round, ``annotations`` may map event
    indexes to text, or list annotations in the record format
    (``{"at": {"trick": 3, "card": "KH"}, "text": "..."}`` or ``Annotation``).

    Plain state: :attr:`step`, :attr:`events`, :attr:`round` (the engine at
    this moment), :attr:`turn`, :attr:`trick_text`, :attr:`tricks_won`,
    :attr:`annotation`, :attr:`mark_note`, :attr:`score` / :attr:`score_lines`
    (at the end), :attr:`value`.
    """

    def __init__(
        self,
        source: ReplaySource | None = None,
        *,
        annotations: Mapping[int, str] | Iterable[Any] | None = None,
        marks: Mapping[int, tuple[str, str]] | None = None,
    ) -> None:
        self._full: Round | None = None
        self._events: tuple[Event, ...] = ()
        self._step = 0
        self._round: Round | None = None
        self._notes: dict[int, list[str]] = {}
        self._trick_notes: dict[int, str] = {}
        self._marks: dict[int, tuple[str, str]] = {}
        self.costs: list[Any] = []
        self._bags: Mapping[Any, int] | None = None
        self._title = ""
        self._syncing = False
        self.title_html = add_classes(widgets.HTML(""), "st-replay-title")
        self.buttons: dict[str, Any] = {}
        controls = []
        for key, label, icon, tip in (
            ("start", _("Start"), "fast-backward", _("back to the deal")),
            ("prev-trick", _("Trick"), "backward", _("back one trick")),
            ("prev", _("Card"), "step-backward", _("back one bid or card")),
            ("next", _("Card"), "step-forward", _("forward one bid or card")),
            ("next-trick", _("Trick"), "forward", _("forward one trick")),
            ("end", _("End"), "fast-forward", _("to the end of the hand")),
        ):
            button = add_classes(
                widgets.Button(description=label, icon=icon, tooltip=tip, layout=widgets.Layout(width="auto")),
                f"st-replay-{key}",
            )
            self.buttons[key] = button
            controls.append(button)
        actions = {
            "start": self.to_start,
            "prev-trick": self.back_trick,
            "prev": self.back,
            "next": self.next,
            "next-trick": self.next_trick,
            "end": self.to_end,
        }
        for key, action in actions.items():
            self.buttons[key].on_click(self.handler(lambda _b, a=action: a()))
        self.slider = add_classes(
            widgets.BoundedIntText(
                value=0,
                min=0,
                max=0,
                description=_("step"),
                tooltip=_("how many bids and cards have been played (0: the deal)"),
                layout=widgets.Layout(width="13em"),
                style={"description_width": "initial"},
            ),
            "st-replay-slider",
        )
        self.slider.observe(self.handler(self._slid), names="value")
        self.position_html = add_classes(widgets.HTML(""), "st-replay-position")
        self.table = TableView()
        self.note_html = add_classes(widgets.HTML(""), "st-replay-note")
        self.mark_html = add_classes(widgets.HTML(""), "st-replay-mark")
        self.score_html = add_classes(widgets.HTML(""), "st-replay-score")
        super().__init__(
            [
                self.title_html,
                add_classes(
                    widgets.HBox([*controls, self.slider], layout=widgets.Layout(flex_flow="row wrap")),
                    "st-replay-controls",
                ),
                self.position_html,
                self.table,
                self.note_html,
                self.mark_html,
                self.score_html,
            ]
        )
        self.add_class("st-replay")
        if marks:
            self._marks = {int(k): (str(v[0]), str(v[1])) for k, v in marks.items()}
        if source is not None:
            self.load(source, annotations=annotations)
        else:
            self.set_status(_("no hand loaded"))
            self._enable_buttons()

    # -- loading -----------------------------------------------------------------------
    def load(
        self,
        source: ReplaySource,
        *,
        annotations: Mapping[int, str] | Iterable[Any] | None = None,
    ) -> None:
        """Load a record or a round and go to its start. A bad record raises
        :class:`RecordError` (shown in the error line when it comes from a
        button) and leaves the replay as it was."""
        records = _records()
        if isinstance(source, Round):
            full = source
            record = records.GameRecord.from_round(source, annotations=_as_annotation_list(annotations))
            extra = annotations if isinstance(annotations, Mapping) else None
            bags = None
        else:
            if annotations is not None:
                raise RecordError(_("annotations come from the record itself; pass them only with a Round"))
            if isinstance(source, records.GameRecord):
                record = source
            elif isinstance(source, str) and source.lstrip().startswith("{"):
                record = records.loads(source)
            elif isinstance(source, (str, os.PathLike)):
                path = Path(source)
                try:
                    record = records.load(path)
                except OSError as exc:
                    raise RecordError(
                        _("cannot read the record file {path}: {error}").format(
                            path=repr(str(path)), error=exc.strerror or exc
                        )
                    ) from None
            else:
                raise RecordError(
                    _("a replay needs a game record, a Round, JSON text or a file path, not {source}").format(
                        source=repr(source)
                    )
                )
            full = record.round()
            extra = None
            bags = record.bags
        notes, trick_notes = _index_annotations(full, record.annotations)
        for index, text in (extra or {}).items():
            if not isinstance(index, int) or not 0 <= index < len(full.history):
                raise RecordError(
                    _("annotation key {key} is not an event index: use 0 to {last}").format(
                        key=repr(index), last=len(full.history) - 1
                    )
                )
            notes.setdefault(index, []).append(str(text))
        self._full = full
        self._events = full.history
        self._notes = notes
        self._trick_notes = trick_notes
        self._bags = bags
        self._title = str(getattr(record, "title", None) or "")
        description = getattr(record, "description", None)
        self.title_html.value = (f"<h4>{escape(self._title)}</h4>" if self._title else "") + (
            f"<p>{escape(description)}</p>" if description else ""
        )
        self._syncing = True
        try:
            self.slider.max = len(self._events)
        finally:
            self._syncing = False
        self.go(0)

    def set_marks(self, marks: Mapping[int, tuple[str, str]]) -> None:
        """Colour cards: event index → ``(css_class, note)`` (see the module docs)."""
        self._marks = {int(k): (str(v[0]), str(v[1])) for k, v in marks.items()}
        if self._full is not None:
            self.go(self._step)

    def analyse(self, *, progress: bool = True) -> list[Any]:
        """Review every card with the double-dummy solver ("what each card cost") and
        colour the cards: green when the card was a best card for its side's points, red
        when it cost points (or lost a makeable Nil), with the one-line verdict as the
        card's note. Returns the :class:`~spades_teach.analysis.card_cost.CardCost` list."""
        if self._full is None:
            raise RecordError(_("load a record or a round before analysing it"))
        from spades_teach.analysis.card_cost import card_costs

        bar = None
        if progress:
            bar = widgets.IntProgress(value=0, min=0, max=1, description=_("analysing"))
            shown: tuple[Any, ...] = tuple(self.children)  # type: ignore[has-type]
            self.children = (*shown, bar)

        def advance(done: int, total: int) -> None:
            if bar is not None:
                bar.max = max(total, 1)
                bar.value = done

        try:
            costs = card_costs(self._full, progress=advance)
        finally:
            if bar is not None:
                remaining: tuple[Any, ...] = tuple(self.children)
                self.children = tuple(c for c in remaining if c is not bar)
        first_play = next((i for i, e in enumerate(self._events) if isinstance(e, PlayEvent)), len(self._events))
        marks: dict[int, tuple[str, str]] = {}
        for review in costs:
            bad = review.cost > 0 or review.nil_lost
            css = "st-mark-bad" if bad else "st-mark-good"
            note = _("{seat}: {why}").format(seat=seat_word(review.seat), why=review.explanation)
            marks[first_play + review.number - 1] = (css, note)
        self.set_marks(marks)
        self.costs = costs
        return costs

    # -- plain state -------------------------------------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        return self._events

    @property
    def step(self) -> int:
        """How many events (bids and cards) have been applied."""
        return self._step

    @property
    def round(self) -> Round | None:
        """The engine's round at this moment (a fresh replay; do not change it)."""
        return self._round

    @property
    def turn(self) -> str:
        """Whose turn it is, in words: ``'South to play'``, ``'East to bid'``, ``'the hand is over'``."""
        r = self._round
        if r is None:
            return ""
        if r.to_act is None:
            return _("the hand is over")
        if r.phase == "bidding":
            return _("{seat} to bid").format(seat=seat_word(r.to_act))
        return _("{seat} to play").format(seat=seat_word(r.to_act))

    @property
    def where(self) -> str:
        """Where the replay stands, in a player's words, and the last bid or card:
        ``'trick 5, card 2 of 4: East played 5♥'``, ``'bidding, bid 2 of 4: …'``, ``'the deal: …'``."""
        if self._full is None:
            return ""
        last = self._describe_last()
        if not self._step:
            return last
        bids = sum(1 for e in self._events[: self._step] if isinstance(e, BidEvent))
        if isinstance(self._events[self._step - 1], BidEvent):
            return _("bidding, bid {number} of {count}: {last}").format(number=bids, count=self._players(), last=last)
        played = self._step - bids
        players = self._players()
        return _("trick {trick}, card {card} of {count}: {last}").format(
            trick=(played - 1) // players + 1, card=(played - 1) % players + 1, count=players, last=last
        )

    def _players(self) -> int:
        return self._full.rules.players if self._full is not None else 4

    @property
    def tricks_won(self) -> dict[Seat, int]:
        return dict(self._round.tricks_won) if self._round is not None else {}

    @property
    def trick_text(self) -> str:
        """The trick on the table in the words of the language in use (``'trick 1: North Q♥, East
        2♥ (in progress)'``, ``'trick 2: …; West wins'``), ``''`` when no card is on the table."""
        plays, winner, _first = self._shown_trick()
        number = self._shown_trick_number()
        if not plays or number is None:
            return ""
        return trick_text(SimpleNamespace(number=number, plays=plays, winner=winner))

    @property
    def annotation(self) -> str:
        """The annotations for this moment, joined by blank lines ('' if none)."""
        return "\n\n".join(self._moment_notes())

    @property
    def mark_note(self) -> str:
        """The notes of the marked cards on the table ('' if none)."""
        return "\n".join(note for _index, (_css, note) in self._marks_on_table() if note)

    @property
    def score(self) -> RoundScore | None:
        """The hand's score once the last card is played."""
        r = self._round
        return r.score(bags=self._bags) if r is not None and r.is_complete else None

    @property
    def score_lines(self) -> list[str]:
        s = self.score
        return list(s.lines) if s is not None else []

    @property
    def value(self) -> dict[str, Any]:
        return {
            "step": self._step,
            "of": len(self._events),
            "turn": self.turn,
            "trick": self.trick_text,
            "tricks_won": {s.name: n for s, n in self.tricks_won.items()},
            "annotation": self.annotation,
            "score": self.score_lines,
        }

    # -- stepping ----------------------------------------------------------------------
    def go(self, step: int) -> None:
        """Show the moment after ``step`` events (clamped to the hand)."""
        if self._full is None:
            raise RecordError(_("no hand is loaded: load a game record first"))
        step = max(0, min(int(step), len(self._events)))
        self._round = self._full.replayed(self._events[:step])
        self._step = step
        self._show()

    def next(self) -> None:
        self.go(self._step + 1)

    def back(self) -> None:
        self.go(self._step - 1)

    def to_start(self) -> None:
        self.go(0)

    def to_end(self) -> None:
        self.go(len(self._events))

    def boundaries(self) -> list[int]:
        """The moments a trick jump stops at: the deal, the end of the bidding,
        the end of each trick, and the end of the record."""
        marks = {0, len(self._events)}
        bids = sum(1 for e in self._events if isinstance(e, BidEvent))
        marks.add(bids)
        players = self._full.rules.players if self._full is not None else 4
        plays = 0
        for i, event in enumerate(self._events):
            if isinstance(event, PlayEvent):
                plays += 1
                if plays % players == 0:
                    marks.add(i + 1)
        return sorted(marks)

    def next_trick(self) -> None:
        later = [b for b in self.boundaries() if b > self._step]
        self.go(later[0] if later else len(self._events))

    def back_trick(self) -> None:
        earlier = [b for b in self.boundaries() if b < self._step]
        self.go(earlier[-1] if earlier else 0)

    # -- display -----------------------------------------------------------------------
    def _slid(self, change: dict[str, Any]) -> None:
        if not self._syncing and self._full is not None and int(change["new"]) != self._step:
            self.go(int(change["new"]))

    def _enable_buttons(self) -> None:
        loaded = self._full is not None
        at_start = self._step == 0
        at_end = loaded and self._step == len(self._events)
        for key in ("start", "prev-trick", "prev"):
            self.buttons[key].disabled = not loaded or at_start
        for key in ("next", "next-trick", "end"):
            self.buttons[key].disabled = not loaded or at_end
        self.slider.disabled = not loaded

    def _shown_trick(self) -> tuple[tuple[tuple[Seat, Card], ...], Seat | None, int]:
        """The plays on the table, the winner if the trick is complete, and the
        event index of its first card."""
        r = self._round
        if r is None:
            return ((), None, 0)
        current = r.current_trick
        if current.cards:
            return (current.plays, None, self._step - len(current.cards))
        last = self._events[self._step - 1] if self._step else None
        if isinstance(last, PlayEvent) and r.tricks:
            done = r.tricks[-1]
            return (done.plays, done.winner, self._step - len(done.cards))
        return ((), None, self._step)

    def _shown_trick_number(self) -> int | None:
        r = self._round
        if r is None:
            return None
        if r.current_trick.cards:
            return r.current_trick.number
        last = self._events[self._step - 1] if self._step else None
        if isinstance(last, PlayEvent) and r.tricks:
            return r.tricks[-1].number
        return None

    def _marks_on_table(self) -> list[tuple[int, tuple[str, str]]]:
        plays, _, first = self._shown_trick()
        return [(i, self._marks[first + i]) for i in range(len(plays)) if first + i in self._marks]

    def _moment_notes(self) -> list[str]:
        notes = list(self._notes.get(self._step - 1, [])) if self._step else []
        number = self._shown_trick_number()
        if number is not None and number in self._trick_notes:
            notes.append(self._trick_notes[number])
        return notes

    def _describe_last(self) -> str:
        if not self._step:
            return _("the deal: {dealer} deals").format(dealer=seat_word(self._full.dealer) if self._full else "")
        return describe(self._events[self._step - 1])

    def _show(self) -> None:
        r = self._round
        assert r is not None
        self._syncing = True
        try:
            self.slider.value = self._step
        finally:
            self._syncing = False
        self._enable_buttons()
        self.table.show_hands(r.hands)
        bids = r.bids

        def name_of(seat: Seat) -> str:
            name = seat_word(seat)
            return _("{seat} (dealer)").format(seat=name) if seat is r.dealer else name

        self.table.show_seats(r, name_of)
        plays, winner, _trick = self._shown_trick()
        marks = {i: css for i, (css, _note) in self._marks_on_table()}
        if plays:
            middle = trick_line_html(self._shown_trick_number() or 0, plays, winner=winner, marks=marks)
        elif r.phase == "bidding":
            said = ", ".join(f"{s.letters} {b.label}" for s, b in bids.items())
            middle = escape(_("bidding: {bids}").format(bids=said) if bids else _("bidding"))
        else:
            middle = f"{escape(self.turn)}"
        self.table.set_middle(middle)
        self.position_html.value = f"{escape(self.where)} · <b>{escape(self.turn)}</b>"
        notes = self._moment_notes()
        self.note_html.value = "".join(f'<div class="st-note">{escape(n)}</div>' for n in notes)
        mark_notes = [note for _index, (_css, note) in self._marks_on_table() if note]
        self.mark_html.value = "".join(f'<div class="st-mark-note">{escape(n)}</div>' for n in mark_notes)
        score = self.score
        if score is not None:
            items = "".join(f"<li>{escape(x)}</li>" for x in score.lines)
            title = escape(_("Score"))
            self.score_html.value = f"<b>{title}</b><ul>{items}</ul>"
        else:
            self.score_html.value = ""
        self.set_status(_("{last}; {turn}").format(last=self._describe_last(), turn=self.turn))


def _as_annotation_list(annotations: Mapping[int, str] | Iterable[Any] | None) -> list[Any] | None:
    """Annotations in the record format (a mapping of event indexes is handled apart)."""
    if annotations is None or isinstance(annotations, Mapping):
        return None
    if isinstance(annotations, (str, bytes)):
        raise RecordError(_("annotations are a list of annotations or a mapping of event indexes to text, not text"))
    return list(annotations)


def _index_annotations(full: Round, annotations: Iterable[Any]) -> tuple[dict[int, list[str]], dict[int, str]]:
    """Place record annotations: bids and cards on their event index, tricks by number."""
    bid_index: dict[Seat, int] = {}
    card_index: dict[tuple[int, Card], int] = {}
    players = full.rules.players
    plays = 0
    for i, event in enumerate(full.history):
        if isinstance(event, BidEvent):
            bid_index[event.seat] = i
        else:
            card_index[(plays // players + 1, event.card)] = i
            plays += 1
    notes: dict[int, list[str]] = {}
    trick_notes: dict[int, str] = {}
    for note in annotations:
        kind, where = note.anchor
        if kind == "bid" and where in bid_index:
            notes.setdefault(bid_index[where], []).append(note.text)
        elif kind == "card" and (where[0], where[1]) in card_index:
            notes.setdefault(card_index[(where[0], where[1])], []).append(note.text)
        elif kind == "trick":
            trick_notes[int(where)] = note.text
    return notes, trick_notes
