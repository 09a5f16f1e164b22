"""Which card? The packaged card-play puzzles one at a time, :class:`PuzzleView`: pick a card, read
right or wrong with the reason; a level, a theme and a score kept across restarts. What it shows
and its CSS classes: ``docs/modules.md``.

>>> import tempfile
>>> view = PuzzleView(seed=3, difficulty="easy", progress_dir=tempfile.mkdtemp())
>>> view.puzzle.difficulty
'easy'
>>> view.answer(view.puzzle.answer)
>>> view.verdict, view.right, view.answered
('right', 1, 1)
>>> view.next_puzzle(); view.verdict
''
>>> again = PuzzleView(seed=3, difficulty="easy", progress_dir=view.progress.path.parent)
>>> again.right, again.puzzle == view.puzzle
(1, True)
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from spades_teach._text import sentence
from spades_teach.analysis.learner_record import decision_from_puzzle
from spades_teach.analysis.puzzles import DIFFICULTIES, THEMES, Puzzle, difficulty_label, load_puzzles, theme_label
from spades_teach.errors import IllegalPlayError, SpadesError
from spades_teach.game.cards import Card, CardLike, Hand, Suit
from spades_teach.game.notation import seat_word
from spades_teach.game.seating import Seat
from spades_teach.i18n import _, ngettext, pgettext
from spades_teach.render.html import card_html
from spades_teach.widgets.base import SpadesWidget, add_classes, card_button, escape
from spades_teach.widgets.browser_store import BrowserProgress
from spades_teach.widgets.drill import Progress, progress_store
from spades_teach.widgets.record import remember

__all__ = ["PuzzleView"]

_ANY = "any"
_GOOD = "#dff5e1"  # the answer, once a card is chosen
_BAD = "#fde2e1"  # the card chosen, when it was not the answer
#: The name of the puzzles' score in the progress file.
SCORE = "puzzles"


class PuzzleView(SpadesWidget):
    """Solve the packaged puzzles one by one (see the module docs).

    ``PuzzleView(seed=0, difficulty=None, theme=None, *, progress_dir=None, save=True, store=None)``:
    ``seed`` fixes the order of the puzzles, ``difficulty`` (``"easy"``, ``"medium"``,
    ``"hard"``) and ``theme`` (one of :data:`~spades_teach.analysis.puzzles.THEMES`) the
    first choice; ``progress_dir`` overrides where the score and place are kept, and
    ``save=False`` reads them but writes nothing; ``store`` is ``"file"`` or ``"browser"``, as the
    drills' (default: :func:`~spades_teach.widgets.drill.progress_store`).

    Plain state: :attr:`puzzle`, :attr:`verdict` (``""``, ``"right"`` or ``"wrong"``),
    :attr:`feedback`, :attr:`right`, :attr:`answered`, :attr:`streak`,
    :attr:`card_buttons` (card → button); actions :meth:`answer`, :meth:`next_puzzle`,
    :meth:`choose`.
    """

    def __init__(
        self,
        seed: int = 0,
        difficulty: str | None = None,
        theme: str | None = None,
        *,
        progress_dir: Path | str | None = None,
        save: bool = True,
        store: str | None = None,
    ) -> None:
        self.seed = seed
        self._current: Puzzle | None = None
        self._verdict = ""
        self._feedback = ""
        self._picked: Card | None = None
        self._quiet = False
        self.saving = save
        # In the live edition (Pyodide) the browser keeps the score and the place, as it keeps the drills'
        # progress, through an invisible widget of its own (the browser store).
        in_browser = progress_dir is None and (store or progress_store()) == "browser"
        self.progress = Progress(progress_dir, in_memory=in_browser)
        self.keeper = BrowserProgress(self.progress, SCORE, self._restored) if in_browser else None
        self.card_buttons: dict[Card, Any] = {}
        self.level_box = add_classes(
            widgets.Dropdown(
                options=[(_("any level"), _ANY), *[(difficulty_label(d), d) for d in DIFFICULTIES]],
                value=difficulty or _ANY,
                description=_("Level"),
            ),
            "st-puzzle-level",
        )
        self.theme_box = add_classes(
            widgets.Dropdown(
                options=[(_("any theme"), _ANY), *[(theme_label(t), t) for t in THEMES if load_puzzles(theme=t)]],
                value=theme or _ANY,
                description=_("Theme"),
            ),
            "st-puzzle-theme",
        )
        self.next_button = add_classes(
            widgets.Button(
                description=_("Next puzzle"),
                tooltip=_("skip to the next puzzle"),
                layout=widgets.Layout(width="auto", min_width="9em", flex="0 0 auto"),
            ),
            "st-puzzle-next",
        )
        self.score_html = add_classes(widgets.HTML(""), "st-puzzle-score")
        self.prompt_html = add_classes(widgets.HTML(""), "st-puzzle-prompt")
        self.table_html = add_classes(widgets.HTML(""), "st-puzzle-table")
        self.trick_html = add_classes(widgets.HTML(""), "st-trick", "st-puzzle-trick")
        self.hand_label = add_classes(widgets.HTML(""), "st-puzzle-hand-label")
        self.hand_box = add_classes(widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap")), "st-puzzle-hand")
        self.feedback_html = add_classes(widgets.HTML(""), "st-puzzle-feedback")
        super().__init__(
            [
                add_classes(
                    widgets.HBox(
                        [self.level_box, self.theme_box, self.next_button],
                        layout=widgets.Layout(flex_flow="row wrap", align_items="center", max_width="100%"),
                    ),
                    "st-puzzle-choices",
                ),
                self.score_html,
                self.prompt_html,
                self.table_html,
                self.trick_html,
                self.hand_label,
                self.hand_box,
                self.feedback_html,
                *([self.keeper] if self.keeper is not None else []),
            ]
        )
        self.add_class("st-puzzle")
        # The verdict speaks for itself (role=status): no second line repeating the question or the verdict.
        self.status_line.layout.display = "none"
        if self.progress.problem:
            self.set_error(self.progress.problem)
        self.next_button.on_click(self.handler(lambda _b: self.next_puzzle()))
        self.level_box.observe(self.handler(self._box_changed), names="value")
        self.theme_box.observe(self.handler(self._box_changed), names="value")
        self.run(self._choice_changed)

    # -- plain state ---------------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on show."""
        if self._current is None:
            raise SpadesError(_("no puzzle has this level and theme: choose another level or theme"))
        return self._current

    @property
    def right(self) -> int:
        """Right answers, over every run of the puzzles (kept across restarts)."""
        return self.progress.of(SCORE)["right"]

    @property
    def answered(self) -> int:
        """Puzzles answered, over every run (kept across restarts)."""
        return self.progress.of(SCORE)["answered"]

    @property
    def streak(self) -> int:
        """Right answers in a row, up to the last one."""
        return self.progress.of(SCORE)["streak"]

    @property
    def verdict(self) -> str:
        """``"right"`` or ``"wrong"`` once a card is chosen, ``""`` before."""
        return self._verdict

    @property
    def feedback(self) -> str:
        """What the learner was told after choosing a card (``""`` before)."""
        return self._feedback

    # -- actions -------------------------------------------------------------------------
    def choose(self, difficulty: str | None = None, theme: str | None = None) -> None:
        """Show puzzles of one level and theme (``None``: any), starting a new round of them."""
        self._quiet = True
        try:
            self.level_box.value = difficulty or _ANY
            self.theme_box.value = theme or _ANY
        finally:
            self._quiet = False
        self._choice_changed()

    def answer(self, card: CardLike) -> None:
        """Play ``card`` as the answer (a click on its button): right or wrong, with the reason."""
        p = self.puzzle
        c = Card.parse(card)
        if self._verdict:
            raise IllegalPlayError(_("this puzzle is answered: press Next puzzle"))
        if c not in p.hand:
            raise IllegalPlayError(_("{seat} does not hold the {card}").format(seat=seat_word(p.seat), card=c.pretty))
        why = p.position.why_illegal(c)
        if why is not None:
            raise IllegalPlayError(_("the {card} cannot be played here: {why}").format(card=c.pretty, why=why))
        self._picked = c
        self.progress.record(SCORE, p.is_right(c))
        self.progress.advance(self._place())  # a run again shows the next puzzle
        self._save()
        if self.saving:  # the learner record's hook
            remember([decision_from_puzzle(p, c)])
        if p.is_right(c):
            self._verdict = "right"
            self._feedback = _("Right: the {card}. {reason}").format(card=c.pretty, reason=sentence(p.reason))
        else:
            self._verdict = "wrong"
            self._feedback = _("Not the {card}: {evidence}. The card was the {answer}. {reason}").format(
                card=c.pretty, evidence=p.evidence_line(c), answer=p.answer.pretty, reason=sentence(p.reason)
            )
        self._refresh()
        self.next_button.focus()  # the card clicked is closed now: Enter goes on to the next puzzle

    def next_puzzle(self) -> None:
        """Move on to the next puzzle of the chosen level and theme (one skipped unanswered
        counts as passed over)."""
        if self._current is not None and not self._verdict:
            self.progress.advance(self._place())
            self._save()
        self._show_place()

    def _show_place(self) -> None:
        """Show the puzzle at the kept place of the chosen level and theme's run."""
        chosen = list(self._selection())
        if not chosen:
            self._current = None
            raise SpadesError(_("no puzzle has this level and theme: choose another level or theme"))
        number = self.progress.of(self._place())["number"]
        lap, index = divmod(number, len(chosen))
        # The first run through a level and theme comes in the order the seed has always given
        # (a chapter's first puzzle stays the same); each later run is shuffled anew.
        random.Random(f"puzzles:{self.seed}" if lap == 0 else f"puzzles:{self.seed}:{self._place()}:{lap}").shuffle(
            chosen
        )
        self._current = chosen[-1 - index]
        self._verdict = ""
        self._feedback = ""
        self._picked = None
        self._refresh()

    def _place(self) -> str:
        """The progress name of the chosen level and theme's run of puzzles."""
        return f"{SCORE}/{self.level_box.value}/{self.theme_box.value}"

    def _save(self) -> None:
        if self.saving:
            self.progress.save()
            if self.keeper is not None:
                self.keeper.keep()
            if self.progress.problem:
                self.set_error(self.progress.problem)

    def _restored(self) -> None:
        """The browser has handed back the score and place it kept: show the puzzle they lead to, unless
        one is already answered on this page (its verdict stays)."""
        if not self._verdict:
            self.run(self._show_place)
        else:
            self._refresh()

    # -- internals -----------------------------------------------------------------------
    def _selection(self) -> tuple[Puzzle, ...]:
        level = None if self.level_box.value == _ANY else str(self.level_box.value)
        theme = None if self.theme_box.value == _ANY else str(self.theme_box.value)
        return load_puzzles(level, theme)

    def _box_changed(self, _change: object) -> None:
        if not self._quiet:
            self._choice_changed()

    def _choice_changed(self) -> None:
        self._current = None
        self._verdict = ""
        self._feedback = ""
        self._refresh()
        self._show_place()

    def _button(self, card: Card) -> Any:
        button = self.card_buttons.get(card)
        if button is None:
            button = card_button(card, "st-card-face")
            button.on_click(self.handler(lambda _b, c=card: self.answer(c)))
            self.card_buttons[card] = button
        return button

    def _refresh(self) -> None:
        self.score_html.value = escape(
            _("score: {right} right of {answered} · streak {streak}").format(
                right=self.right, answered=self.answered, streak=self.streak
            )
            if self.answered
            else _("score: no puzzle answered yet")
        )
        p = self._current
        if p is None:
            for box in (self.prompt_html, self.table_html, self.trick_html, self.hand_label, self.feedback_html):
                box.value = ""
            self.hand_box.children = []
            self.set_status(_("no puzzle on show"))
            return
        title = escape(_("Puzzle {id}").format(id=p.id))
        about = _("{level}; {themes}").format(
            level=difficulty_label(p.difficulty), themes=", ".join(theme_label(t) for t in p.themes)
        )
        self.prompt_html.value = f"<b>{title}</b> ({escape(about)})<br>{escape(p.prompt())}"
        self.table_html.value = _table_html(p)
        self.trick_html.value = (
            escape(_("trick so far:")) + " " + _plays_html(p.leader, p.trick)
            if p.trick
            else escape(_("{seat} leads this trick").format(seat=seat_word(p.seat)))
        )
        yours = escape(_("your hand ({seat})").format(seat=seat_word(p.seat)))
        self.hand_label.value = escape(_("{hand}: click the card you would play")).format(hand=f"<b>{yours}</b>")
        legal = set(p.position.legal)
        buttons = []
        for suit in Suit:
            for card in p.hand.suit(suit):
                button = self._button(card)
                for mark in ("st-card-legal", "st-card-illegal", "st-mark-good", "st-mark-bad"):
                    button.remove_class(mark)
                button.add_class("st-card-legal" if card in legal else "st-card-illegal")
                if self._verdict and card == p.answer:
                    button.add_class("st-mark-good")
                elif self._verdict and card == self._picked:
                    button.add_class("st-mark-bad")
                button.style.button_color = (
                    _GOOD
                    if self._verdict and card == p.answer
                    else _BAD
                    if self._verdict and card == self._picked
                    else "white"
                )
                button.disabled = bool(self._verdict) or card not in legal
                button.tooltip = (
                    _("{card}: play it as your answer").format(card=card.pretty)
                    if card in legal
                    else _("{card}: cannot be played here ({why})").format(
                        card=card.pretty, why=p.position.why_illegal(card)
                    )
                )
                buttons.append(button)
        self.hand_box.children = buttons
        if self._verdict:
            right = self._verdict == "right"
            mark = "st-puzzle-right st-verdict-right" if right else "st-puzzle-wrong st-verdict-wrong"
            sign = "✓" if right else "✗"
            self.feedback_html.value = (
                f'<div class="{mark}" role="status"><span aria-hidden="true">{sign}</span> '
                f"{escape(self._feedback)}</div>"
            )
            verdict = _("right") if self._verdict == "right" else _("wrong")
            self.set_status(_("puzzle {id}: {verdict}; press Next puzzle").format(id=p.id, verdict=verdict))
        else:
            self.feedback_html.value = ""
            self.set_status(_("puzzle {id}: {prompt}").format(id=p.id, prompt=p.prompt()))


def _plays_html(leader: Seat, cards: tuple[Card, ...]) -> str:
    """The cards of a trick in play order, each after the name of the seat that played it."""
    return " ".join(
        f'<span class="st-seat">{escape(seat_word((int(leader) + i) % 4))}</span> {card_html(c)}'
        for i, c in enumerate(cards)
    )


def _history_html(p: Puzzle) -> str:
    """The completed tricks, one row each: its number, who played which card, who won it."""
    if not p.history:
        none = escape(_("no trick completed yet"))
        return f'<div class="st-puzzle-history">{none}</div>'
    rows = "".join(
        f"<tr><th scope='row'>{number}</th><td>{_plays_html(leader, cards)}</td>"
        f"<td>{escape(seat_word(int(winner)))}</td></tr>"
        for number, (leader, cards, winner) in enumerate(p.history, start=1)
    )
    heads = "".join(f"<th scope='col'>{escape(w)}</th>" for w in (_("trick"), _("cards in play order"), _("won by")))
    caption = escape(_("the play so far"))
    return f'<table class="st-data st-puzzle-history"><caption>{caption}</caption><tr>{heads}</tr>{rows}</table>'


def _cards_inline(hand: Hand) -> str:
    """A hand on one line, spades first, high to low (a short endgame hand)."""
    return "".join(card_html(c) for suit in Suit for c in hand.suit(suit))


def _table_html(p: Puzzle) -> str:
    """Bids and tricks won by seat, the spades line, the other hands or the cards gone."""
    rows = []
    for seat in Seat:
        bid = p.bids[seat]
        said = _("Nil") if bid.is_nil else str(int(bid))
        who = _("{seat} (you)").format(seat=seat_word(seat)) if seat is p.seat else seat_word(seat)
        hand = f"<td>{_cards_inline(p.others[seat])}</td>" if seat in p.others else ("<td></td>" if p.others else "")
        rows.append(
            f'<tr class="st-puzzle-seat-{seat.name}"><th scope="row">{escape(who)}</th>'
            f"<td>{escape(said)}</td><td>{p.tricks_won.get(seat, 0)}</td>{hand}</tr>"
        )
    words = [_("seat"), pgettext("column header", "bid"), _("tricks won")] + ([_("hand")] if p.others else [])
    heads = "".join(f"<th scope='col'>{escape(word)}</th>" for word in words)
    caption = escape(_("bids and tricks won so far"))
    table = f'<table class="st-data"><caption>{caption}</caption><tr>{heads}</tr>' + "".join(rows) + "</table>"
    notes = [
        ngettext("{count} trick left, this one included", "{count} tricks left, this one included", len(p.hand)).format(
            count=len(p.hand)
        ),
        _("spades are broken") if p.spades_broken else _("spades are not broken yet"),
    ]
    if not p.others:
        notes.append(
            _(
                "the other hands are hidden: any deal that fits the play so far (the voids shown too) may be the real one"
            )
        )
    return table + "".join(f"<div>{escape(n)}</div>" for n in notes) + _history_html(p)
