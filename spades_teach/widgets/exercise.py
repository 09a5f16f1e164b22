"""A short exercise with its answer: :class:`Exercise`.

A question, a picture of the position, and a row of choices (buttons, so they
work with Tab and Enter or Space as well as the mouse). A click says right or
wrong, naming the choice clicked, with the one-line reason, marked green or red;
after a wrong answer the learner may try again, and a right one closes the choices. Where the
answer is a card of the player's hand, the hand is drawn once, as the answer
buttons: each card a small card face in its suit's colour; the cards that cannot
be played are shown too, greyed, each saying why. The widget knows no answer of its own: each factory below
asks the library, which both finds the right choice and says why.

* :func:`play_exercise` — which card would you play? Graded by the one judge
  (:func:`~spades_teach.advice.judge.judge`): every card it does not call clearly worse is
  right, and the feedback names the card clicked and the others. The reason is Teach me's,
  which names the principle.
* :func:`solver_exercise` — which card takes the most tricks, every hand in view?
  Checked by the double-dummy solver.
* :func:`nil_exercise` — Nil or not? Checked by
  :func:`~spades_teach.advice.bidding.assess_nil`.
* :func:`points_exercise` — which choice is worth more? Each option comes with its
  points, computed by the caller with the library (e.g. ``score_round``); the
  highest is right.

>>> from spades_teach.advice.position import Position
>>> p = Position("S", "Q82.K54.A95.T632", bids={"N": 3, "E": 3, "S": 3, "W": 3},
...              tricks_won={}, trick=["3H", "7H"])
>>> ex = play_exercise(p)
>>> ex.choices
('K♥', '5♥', '4♥')
>>> ex.choose("4♥")
>>> print(ex.verdict)  # doctest: +ELLIPSIS
Not quite: the 4♥ is clearly worse here, by about ... points: with the K♥ instead, ... The answer is K♥: third hand high: the K♥ beats the 7♥, and only the A♥ is higher. Try again.
>>> ex.choose("K♥"); ex.correct
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from spades_teach._text import sentence
from spades_teach.advice.judge import Judgement, judge
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.advice.principles import Exception_, Moment
from spades_teach.advice.teach import teach
from spades_teach.advice.verdict_words import better_effect, verdict_line
from spades_teach.analysis.learner_record import decision_from_answer
from spades_teach.errors import SpadesError
from spades_teach.game.bids import Bid, BidLike
from spades_teach.game.cards import Card, CardLike, Hand, HandLike, Suit
from spades_teach.game.notation import seat_word
from spades_teach.game.round import Round
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, SeatLike
from spades_teach.i18n import _, join_clauses, ngettext
from spades_teach.render.html import STYLE, card_html, hand_html, seats_html
from spades_teach.widgets.base import SpadesWidget, add_classes, card_colour, escape
from spades_teach.widgets.record import remember

if TYPE_CHECKING:
    from spades_teach.analysis.puzzles import Puzzle

_GOOD = "#dff5e1"
_BAD = "#fde2e1"

__all__ = [
    "Answer",
    "Exercise",
    "bid_exercise",
    "count_spades_exercise",
    "exception_exercise",
    "moment_view",
    "nil_checklist_html",
    "nil_exercise",
    "play_exercise",
    "points_exercise",
    "position_html",
    "puzzle_exercise",
    "solver_exercise",
]


@dataclass(frozen=True)
class Answer:
    """The library's answer to an exercise: the ``right`` choices (labels), the
    one-line ``reason``, and the ``principle`` it illustrates ('' if none)."""

    right: tuple[str, ...]
    reason: str
    principle: str = ""
    #: A line naming the other right choices, when the first one is *the* answer the reason
    #: explains and the others are as good ('' otherwise: then every right choice is named alike).
    also: str = ""
    #: What the library says of each choice but the first right one, naming it (label → line):
    #: the feedback to a click on it.
    notes: Mapping[str, str] = field(default_factory=dict)
    #: The points each choice gives away against the best, where the judge counts them (label → points).
    costs: Mapping[str, float] = field(default_factory=dict)
    #: The choice the principle's rule of thumb plays ('' when none): an answer that is it and is
    #: still wrong meets the principle's exception, it does not break the principle.
    rule: str = ""
    #: The choices the judge calls a close call (right, but not surely as good as the best).
    close: tuple[str, ...] = ()


class Exercise(SpadesWidget):
    """A question with clickable choices; ``answer`` (an :class:`Answer`, or a function
    returning one) comes from the library, never from the widget.

    ``hand`` (cards) draws the choices as that hand: every card a card-face button,
    the choices (their ``pretty`` labels) clickable, the others shown greyed with the
    reason of ``not_offered`` (label → why) as their tooltip.

    Plain state: :attr:`choices`, :attr:`chosen`, :attr:`correct` (``None`` before a
    choice), :attr:`verdict`, :attr:`answer`, :attr:`buttons` (label → button of each
    choice), :attr:`hand_buttons` (every button of the hand row), :meth:`choose`, :meth:`reset`.

    The first answer to an exercise about a principle of the course is kept in the learner record
    (:func:`~spades_teach.widgets.record.remember`, filed under ``surface``; ``record=False`` keeps
    nothing), and each function of :attr:`on_answer` is called with the exercise.
    """

    def __init__(
        self,
        question: str,
        choices: Iterable[str],
        answer: Answer | Callable[[], Answer],
        *,
        picture: str = "",
        hand: Iterable[Card] | None = None,
        hand_label: str = "",
        not_offered: Mapping[str, str] | None = None,
        surface: str = "exercise",
        record: bool = True,
    ) -> None:
        self.surface, self.record = surface, record
        #: The learner record's folder (``None``: the data folder).
        self.record_folder: str | None = None
        #: Called with the exercise after its first answer (the practice session's next step).
        self.on_answer: list[Callable[[Exercise], None]] = []
        self.choices = tuple(choices)
        if len(self.choices) < 2:
            raise SpadesError(_("an exercise needs at least two choices, not {count}").format(count=len(self.choices)))
        if len(set(self.choices)) != len(self.choices):
            raise SpadesError(
                _("the choices of an exercise must differ: {choices}").format(choices=", ".join(self.choices))
            )
        self.answer = answer() if callable(answer) else answer
        missing = [c for c in self.answer.right if c not in self.choices]
        if not self.answer.right or missing:
            raise SpadesError(
                _("the right answer {answer} is not among the choices").format(
                    answer=", ".join(missing or (_("(none)"),))
                )
            )
        self.question = question
        self._chosen: str | None = None
        self.question_html = add_classes(
            widgets.HTML(f'<p class="st-exercise-question" id="q"><b>{escape(question)}</b></p>'), "st-exercise-q"
        )
        self.picture_html = add_classes(widgets.HTML(picture), "st-exercise-picture")
        self.buttons: dict[str, Any] = {}
        self.hand_buttons: list[Any] = []
        cards = None if hand is None else sorted(hand, key=_card_order)
        if cards is not None:
            labels = [c.pretty for c in cards]
            stray = [c for c in self.choices if c not in labels]
            if stray:
                raise SpadesError(_("not in the hand: {cards}").format(cards=", ".join(stray)))
            for card in cards:
                label = card.pretty
                offered = label in self.choices
                why = (not_offered or {}).get(label, "")
                button = widgets.Button(
                    description=label,
                    tooltip=_("answer: {choice}").format(choice=label)
                    if offered
                    else _("{card}: cannot be played here ({why})").format(card=label, why=why)
                    if why
                    else label,
                    disabled=not offered,
                    layout=widgets.Layout(width="auto"),
                )
                button.style.text_color = card_colour(card)
                button.style.button_color = "white"
                add_classes(button, "st-card", "st-card-face", f"st-card-{card}")
                if offered:
                    add_classes(button, "st-exercise-choice")
                    button.on_click(self.handler(lambda _b, c=label: self._clicked(c)))
                    self.buttons[label] = button
                else:
                    add_classes(button, "st-card-illegal")
                self.hand_buttons.append(button)
        else:
            for label in self.choices:
                button = widgets.Button(
                    description=label,
                    tooltip=_("answer: {choice}").format(choice=label),
                    layout=widgets.Layout(width="auto"),
                )
                add_classes(button, "st-exercise-choice")
                button.on_click(self.handler(lambda _b, c=label: self._clicked(c)))
                self.buttons[label] = button
                self.hand_buttons.append(button)
        self.choice_box = add_classes(
            widgets.HBox(self.hand_buttons, layout=widgets.Layout(flex_flow="row wrap", max_width="100%")),
            "st-exercise-choices",
            *(["st-hand-row"] if cards is not None else []),
        )
        parts = [self.question_html, self.picture_html]
        if hand_label:
            parts.append(add_classes(widgets.HTML(hand_label), "st-exercise-hand-label"))
        self.feedback_html = add_classes(widgets.HTML(self._feedback_value()), "st-exercise-feedback")
        super().__init__([*parts, self.choice_box, self.feedback_html])
        self.add_class("st-exercise")
        # The verdict (role=status) is the only line that answers: no status line before or after it.
        self.status_line.layout.display = "none"

    # -- plain state -------------------------------------------------------------------
    @property
    def chosen(self) -> str | None:
        return self._chosen

    @property
    def correct(self) -> bool | None:
        """Whether the choice made is right (``None`` before any choice)."""
        return None if self._chosen is None else self._chosen in self.answer.right

    @property
    def verdict(self) -> str:
        """Right or wrong, naming the choice made, with the reason ('' before a choice)."""
        chosen = self._chosen
        if chosen is None:
            return ""
        answer = self.answer
        reason = sentence(answer.reason)
        note = answer.notes.get(chosen, "")
        also = f" {sentence(answer.also)}" if answer.also else ""
        if self.correct:
            if chosen == answer.right[0] or not note:
                return _("Right: {reason}").format(reason=reason) + also
            return _("Right: {note}. {reason}").format(note=note, reason=_capital(reason)) + also
        best = answer.right[0] if answer.also or answer.notes else _(" or ").join(answer.right)
        if note:
            return _("Not quite: {note}. The answer is {answer}: {reason} Try again.").format(
                note=note, answer=best, reason=reason
            )
        return _("Not quite: the answer is {answer}. {reason} Try again.").format(answer=best, reason=_capital(reason))

    def describe(self) -> str:
        return self.error or self.verdict or self.question

    # -- actions -----------------------------------------------------------------------
    def choose(self, label: str) -> None:
        """Answer with the choice ``label`` (a click on its button)."""
        if label not in self.choices:
            raise SpadesError(
                _("{choice} is not one of the choices: {choices}").format(
                    choice=repr(label), choices=", ".join(self.choices)
                )
            )
        self._chosen = label
        self._refresh()

    def _clicked(self, label: str) -> None:
        """A click on a choice: the answer; after a wrong one the learner may try again, and once
        a right one is given the choices close and a click changes nothing (the focus stays)."""
        if not self.correct:
            self.respond(label)

    def respond(self, label: str) -> None:
        """The learner's answer (what a click on a choice does): chosen, the first answer kept in the
        learner record, then handed to :attr:`on_answer`. After a right answer nothing changes."""
        if self.correct:
            return
        first = self._chosen is None
        self.choose(label)
        if self.record and first:
            right = label in self.answer.right
            cost = self.answer.costs.get(label) if self.answer.costs else None
            followed = bool(self.answer.rule) and label == self.answer.rule
            decision = decision_from_answer(
                self.answer.principle,
                right,
                followed=followed,
                cost=cost,
                close=label in self.answer.close,
                surface=self.surface,
            )
            remember([decision], folder=self.record_folder)
        for call in self.on_answer:
            call(self)

    def reset(self) -> None:
        """Clear the answer, to choose again."""
        self._chosen = None
        self._refresh()

    # -- internals ---------------------------------------------------------------------
    def _feedback_value(self) -> str:
        text = self.verdict
        if self.correct is None:
            return '<div role="status" aria-live="polite" class="st-exercise-verdict"></div>'
        mark = "st-exercise-right st-verdict-right" if self.correct else "st-exercise-wrong st-verdict-wrong"
        sign = "✓" if self.correct else "✗"
        return (
            f'<div role="status" aria-live="polite" class="st-exercise-verdict {mark}">'
            f'<span aria-hidden="true">{sign}</span> {escape(text)}</div>'
        )

    def _refresh(self) -> None:
        answered = self._chosen is not None
        for label, button in self.buttons.items():
            for mark in ("st-exercise-picked", "st-mark-good", "st-mark-bad"):
                button.remove_class(mark)
            button.button_style = ""
            face = "st-card-face" in button._dom_classes
            if face:
                button.style.button_color = "white"
            if label == self._chosen:
                button.add_class("st-exercise-picked")
                button.add_class("st-mark-good" if self.correct else "st-mark-bad")
                if face:
                    button.style.button_color = _GOOD if self.correct else _BAD
                else:
                    button.button_style = "success" if self.correct else "danger"
        # Once a right answer is given there is nothing left to try: the choices close (they stay
        # focusable, so a keyboard learner keeps their place, but a click changes nothing).
        if answered and self.correct:
            self.choice_box.add_class("st-exercise-closed")
        else:
            self.choice_box.remove_class("st-exercise-closed")
        self.feedback_html.value = self._feedback_value()
        self.set_status(_("right") if self.correct else "" if self.correct is None else _("wrong"))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- pictures -------------------------------------------------------------------------------------------


def position_html(position: Position, *, with_hand: bool = True) -> str:
    """The seat's hand (unless ``with_hand`` is false: the hand is then the answer
    buttons), the bids and tricks so far, and the trick on the table."""
    bids = ", ".join(
        ngettext("{seat} {bid} ({count} won)", "{seat} {bid} ({count} won)", position.tricks_won.get(s, 0)).format(
            seat=seat_word(s), bid=position.bids[s].label, count=position.tricks_won.get(s, 0)
        )
        for s in Seat
        if s in position.bids
    )
    if position.trick:
        played = " ".join(
            f'<span class="st-seat">{html.escape(seat_word(s))}</span> {card_html(c)}'
            for s, c in zip(position.trick_seats, position.trick, strict=True)
        )
        table = html.escape(_("on the table:")) + " " + played
    else:
        table = html.escape(_("you lead this trick"))
    yours = _("your hand ({seat}):").format(seat=seat_word(position.seat))
    said = _("bids: {bids}").format(bids=bids)
    hand = f'<div class="st-seat">{html.escape(yours)}</div>{hand_html(position.hand)}' if with_hand else STYLE
    return f'<div class="st-position"><div>{html.escape(said)}</div><div>{table}</div>{hand}</div>'


def _hand_label(seat: Seat) -> str:
    """The caption over the hand drawn as answer buttons."""
    yours = escape(_("your hand ({seat})").format(seat=seat_word(seat)))
    return escape(_("{hand}: click the card you would play")).format(hand=f"<b>{yours}</b>")


def _not_offered(position: Position, offered: Iterable[Card]) -> dict[str, str]:
    """Why each card of the hand that is not a choice cannot be played (the kernel's reason)."""
    shown = set(offered)
    return {c.pretty: position.why_illegal(c) or _("not one of the answers") for c in position.hand if c not in shown}


def _pick_choices(legal: Iterable[Card], choices: Iterable[CardLike] | None) -> tuple[Card, ...]:
    legal = tuple(legal)
    if choices is None:
        return legal
    picked = tuple(Card.parse(c) for c in choices)
    bad = [c.pretty for c in picked if c not in legal]
    if bad:
        raise SpadesError(_("not legal here: {cards}").format(cards=", ".join(bad)))
    return picked


# -- factories ------------------------------------------------------------------------------------------


def play_exercise(
    position: Position,
    *,
    question: str | None = None,
    choices: Iterable[CardLike] | None = None,
) -> Exercise:
    """Which card would you play? Graded by the one judge (:func:`~spades_teach.advice.judge.judge`):
    every card it does not call clearly worse is right. The answer the feedback explains is Teach
    me's card (the play advisor's, with its principle, unless the judge calls that clearly worse);
    each choice gets the judge's word on it, so the feedback names the card clicked. With no
    verdict (one legal card, two-player Spades), the advisor's card alone is right. ``choices``
    limits the buttons to some legal cards (the answer must be among them). A position where no
    card offered is clearly worse has no decision to practise: it is refused."""
    hint = suggest_play(position)
    cards = _pick_choices(sorted(position.legal, key=_card_order), choices)
    asked = question or _("You are {seat}. Which card do you play?").format(seat=seat_word(position.seat))
    labels = [c.pretty for c in cards]
    judgement = judge(position)
    as_hand: dict[str, Any] = {
        "picture": position_html(position, with_hand=False),
        "hand": position.hand,
        "hand_label": _hand_label(position.seat),
        "not_offered": _not_offered(position, cards),
    }
    if judgement is None or any(c not in judgement.values for c in cards):
        return Exercise(
            asked, labels, Answer((hint.card.pretty,), hint.reason, hint.principle, rule=hint.card.pretty), **as_hand
        )
    if not any(judgement.verdict(c).costly for c in cards):
        raise SpadesError(
            _("no card offered here is clearly worse than the best: this position has no decision to practise")
        )
    teaching = teach(position)
    card, reason = teaching.card, teaching.reason
    if card not in cards:
        card, reason = judgement.best, verdict_line(judgement.verdict(judgement.best), judgement.best)
    others = [c for c in cards if c != card and not judgement.verdict(c).costly]
    notes = {c.pretty: _choice_note(position, judgement, c, card) for c in cards if c != card}
    also = _("As good from your seat: {cards}.").format(cards=", ".join(c.pretty for c in others)) if others else ""
    return Exercise(
        asked,
        labels,
        Answer(
            (card.pretty, *(c.pretty for c in others)),
            reason,
            hint.principle,
            also,
            notes,
            costs={c.pretty: round(judgement.verdict(c).cost, 2) for c in cards},
            rule=hint.card.pretty,
            close=tuple(c.pretty for c in cards if judgement.verdict(c).kind == "close"),
        ),
        **as_hand,
    )


def _choice_note(position: Position, judgement: Judgement, card: Card, answer: Card) -> str:
    """The judge's word on a choice other than the answer, naming it."""
    verdict = judgement.verdict(card)
    if verdict.costly:
        better = answer if not judgement.verdict(answer).costly else judgement.best
        return ngettext(
            "the {card} is clearly worse here, by about {cost} point: with the {better} instead, {effect}",
            "the {card} is clearly worse here, by about {cost} points: with the {better} instead, {effect}",
            max(1, round(verdict.loss)),
        ).format(
            card=card.pretty,
            cost=max(1, round(verdict.loss)),
            effect=better_effect(position, judgement, better, card),
            better=better.pretty,
        )
    if verdict.kind == "close":
        return _("the {card} is a close call here: it may do a little worse than the {answer}, or not").format(
            card=card.pretty, answer=answer.pretty
        )
    return _("the {card} does as well as the {answer} here").format(card=card.pretty, answer=answer.pretty)


def puzzle_exercise(puzzle: Puzzle, principle: str = "", *, surface: str = "puzzle") -> Exercise:
    """A packaged puzzle as an exercise (the practice session's puzzles): its prompt, its position with
    the hand as the answer buttons, its card right, its reason; ``principle`` the one its moment is
    about (the learner record files the answer under it)."""
    position = puzzle.position
    cards = sorted(position.legal, key=_card_order)
    answer = Answer((puzzle.answer.pretty,), puzzle.reason, principle, rule=suggest_play(position).card.pretty)
    return Exercise(
        puzzle.prompt(),
        [c.pretty for c in cards],
        answer,
        picture=position_html(position, with_hand=False),
        hand=position.hand,
        hand_label=_hand_label(position.seat),
        not_offered=_not_offered(position, cards),
        surface=surface,
    )


def _card_order(card: Card) -> tuple[int, int]:
    return (int(card.suit), -int(card.rank))


def solver_exercise(
    hands: Mapping[Any, HandLike],
    *,
    leader: SeatLike,
    trick: Sequence[CardLike] = (),
    spades_broken: bool = False,
    question: str | None = None,
    choices: Iterable[CardLike] | None = None,
) -> Exercise:
    """Which card takes the most tricks for its side, with every hand in view? The
    double-dummy solver answers; every card that reaches its best count is right."""
    from spades_teach.solver import double_dummy

    dd = double_dummy(hands, leader=leader, trick=trick, spades_broken=spades_broken)
    scores = dd.card_scores
    cards = _pick_choices(sorted(scores, key=_card_order), choices)
    top = max(scores[c] for c in cards)
    right = tuple(c.pretty for c in cards if scores[c] == top)
    worst = min(cards, key=lambda c: scores[c])
    reason = _("with every hand in view, the {card} takes {count} of the {left} tricks left for your side").format(
        card=right[0], count=top, left=dd.tricks_left
    )
    if scores[worst] < top:
        reason = _("{reason}; the {card} only {count}").format(reason=reason, card=worst.pretty, count=scores[worst])
    seat = dd.to_play
    picture = _table_html(hands, seat, trick, leader)
    held = Hand.coerce(next(h for s, h in hands.items() if Seat.coerce(s) is seat))
    return Exercise(
        question
        or _("You are {seat}, every hand in view. Which card takes the most tricks?").format(seat=seat_word(seat)),
        [c.pretty for c in cards],
        Answer(right, reason),
        picture=picture,
        hand=held,
        hand_label=_hand_label(seat),
        not_offered={c.pretty: _("not one of the answers") for c in held if c not in cards},
    )


def _table_html(hands: Mapping[Any, HandLike], to_play: Seat, trick: Sequence[CardLike], leader: SeatLike) -> str:
    by_seat = {Seat.coerce(s): Hand.coerce(h) for s, h in hands.items()}

    def cell(seat: Seat) -> str:
        if seat is to_play:  # its hand is drawn once: as the answer buttons below the table
            name = escape(_("{seat} (to play)").format(seat=seat_word(seat)))
            below = escape(_("your cards are the answer buttons below"))
            return f'<div class="st-seat">{name}</div><div class="st-void">{below}</div>'
        return f'<div class="st-seat">{escape(seat_word(seat))}</div>' + hand_html(by_seat[seat], style=False)

    seat = Seat.coerce(leader)
    played = []
    for c in trick:
        played.append(f"{escape(seat.letters)} {card_html(Card.parse(c))}")
        seat = seat.next
    middle = " ".join(played) or "—"
    return STYLE + seats_html({seat: cell(seat) for seat in Seat}, middle)


def nil_exercise(hand: HandLike, *, question: str | None = None) -> Exercise:
    """Nil or not? The bid advisor answers (:func:`~spades_teach.advice.bidding.advise_bid`, before
    any bid): the reason is the Nil checklist's failed items (or that every item passes), and for a
    close call the Nil's trial at the table."""
    from spades_teach.advice.bidding import advise_bid

    h = Hand.coerce(hand)
    advice = advise_bid(h)
    check = advice.nil
    failed = [_("{item}? no: {why}").format(item=c.item, why=c.line) for c in check.checklist if not c.ok]
    if not failed:
        reason = _("the hand passes every item of the Nil checklist")
    elif check.fits:
        reason = _("only small risks: {risks}").format(risks=join_clauses(failed))
    else:
        reason = join_clauses(failed)
    if advice.trial is not None:  # a close call, settled as the advisor settles it
        reason = join_clauses([*failed, advice.trial.verdict()])
    yes, no = _("bid Nil"), _("don't bid Nil")
    return Exercise(
        question or _("Would you bid Nil with this hand?"),
        (yes, no),
        Answer((yes,) if advice.bid.is_nil else (no,), reason, "the Nil checklist"),
        picture=hand_html(h),
    )


def nil_checklist_html(hand: HandLike) -> str:
    """The Nil checklist of a hand as a list: each item ticked or crossed, with its line."""
    from spades_teach.advice.nil_check import nil_checklist

    h = Hand.coerce(hand)
    rows = "".join(
        f'<li class="st-nil-{"ok" if c.ok else "no"}">{"✓" if c.ok else "✗"} <b>{escape(c.item)}</b>: {escape(c.line)}</li>'
        for c in nil_checklist(h)
    )
    label = escape(_("Nil checklist"))
    return hand_html(h) + f'<ul class="st-nil-checklist" aria-label="{label}">{rows}</ul>'


def points_exercise(question: str, options: Mapping[str, tuple[float, str]], *, picture: str = "") -> Exercise:
    """Which option is worth more? ``options`` maps each choice to its value in points
    (computed with the library) and a one-line explanation; the highest is right."""
    if not options:
        raise SpadesError(_("a points exercise needs options"))
    best = max(value for value, _line in options.values())
    right = tuple(label for label, (value, _line) in options.items() if value == best)
    reason = join_clauses([f"{label}: {line}" for label, (_value, line) in options.items()])
    return Exercise(question, tuple(options), Answer(right, reason), picture=picture)


def exception_exercise(found: Exception_, *, question: str | None = None) -> Exercise:
    """Where a principle fails (:func:`~spades_teach.advice.principles.find_exception`):
    which card makes the contract, every hand in view? The solver's cards are right."""
    moment = found.moment
    position = moment.position
    cards = sorted(found.tricks, key=_card_order)
    hint = moment.hint
    best = found.better[0]
    left = position.tricks_left
    if found.sets:
        reason = _(
            "with every hand in view, the {card} lets your side take {count} of the {left} "
            "tricks left and leaves the opponents {theirs}, short of the {need} they need; "
            "after the {hint} ({principle}) they take {after}"
        ).format(
            card=best.pretty,
            count=found.tricks[best],
            left=left,
            theirs=left - found.tricks[best],
            need=found.need,
            hint=hint.card.pretty,
            principle=_(hint.principle),
            after=left - found.tricks[hint.card],
        )
        asked = _("You are {seat} and can see every hand. Which card sets the opponents?")
    else:
        reason = ngettext(
            "with every hand in view, the {card} lets your side take {count} more "
            "trick and make the contract, which needs {need}; "
            "the {hint} ({principle}) takes only {after}",
            "with every hand in view, the {card} lets your side take {count} more "
            "tricks and make the contract, which needs {need}; "
            "the {hint} ({principle}) takes only {after}",
            found.tricks[best],
        ).format(
            card=best.pretty,
            count=found.tricks[best],
            need=found.need,
            hint=hint.card.pretty,
            principle=_(hint.principle),
            after=found.tricks[hint.card],
        )
        asked = _("You are {seat} and can see every hand. Which card makes your contract?")
    return Exercise(
        question or asked.format(seat=seat_word(position.seat)),
        [c.pretty for c in cards],
        Answer(tuple(c.pretty for c in cards if c in found.better), reason, hint.principle),
        picture=_table_html(
            _hands_at(position, moment.round),
            position.seat,
            position.trick,
            position.leader,
        ),
        hand=position.hand,
        hand_label=_hand_label(position.seat),
        not_offered=_not_offered(position, cards),
    )


def _hands_at(position: Position, deal_round: Round) -> dict[Seat, list[Card]]:
    gone = set(position.played) | set(position.trick)
    return {s: [c for c in deal_round.deal[s] if c not in gone] for s in Seat}


def count_spades_exercise(position: Position) -> Exercise:
    """How many spades do the other three players still hold? Counted from the
    position: 13, less the spades in the hand and those already played."""
    held = len(position.hand.suit(Suit.SPADES))
    gone = sum(1 for c in (*position.played, *position.trick) if c.suit is Suit.SPADES)
    out = sum(1 for c in position.unseen if c.suit is Suit.SPADES)
    choices = sorted({max(out - 2, 0), max(out - 1, 0), out, out + 1, out + 2})
    reason = _("13 spades: {held} in your hand and {gone} played, so {out} are left in the other hands").format(
        held=held, gone=gone, out=out
    )
    return Exercise(
        _("You are {seat}. How many spades do the other three players hold?").format(seat=seat_word(position.seat)),
        [str(n) for n in choices],
        Answer((str(out),), reason, "count the spades"),
        picture=position_html(position) + _played_html(position),
    )


def _played_html(position: Position) -> str:
    cards = sorted(position.played, key=_card_order)
    caption = escape(_("cards played in the finished tricks:"))
    return f"<div>{caption} " + "".join(card_html(c) for c in cards) + "</div>"


def moment_view(moment: Moment, *, note: str | None = None) -> Any:
    """A replay of the moment's deal, stopped just after the card the principle chose,
    with the advisor's reason (or ``note``) as the annotation; step back and forth freely."""
    from spades_teach.widgets.replay import ReplayView

    seat = seat_word(moment.position.seat)
    reason = moment.hint.reason
    text = note or _("{seat} plays the {card}. {reason}.").format(
        seat=seat, card=moment.hint.card.pretty, reason=reason[:1].upper() + reason[1:]
    )
    view = ReplayView(moment.round, annotations={moment.step: text})
    view.go(moment.step + 1)
    return view


def bid_exercise(
    hand: HandLike,
    *,
    seat: SeatLike = "S",
    bids: Mapping[Any, BidLike] | None = None,
    scores: Mapping[Any, int] | None = None,
    bags: Mapping[Any, int] | None = None,
    rules: Rules = Rules(),
    choices: Iterable[BidLike],
    question: str | None = None,
) -> Exercise:
    """What do you bid? The bid advisor (:func:`~spades_teach.advice.bidding.advise_bid`)
    answers, with the match score in view; its summary is the reason."""
    from spades_teach.advice.bidding import advise_bid

    advice = advise_bid(hand, seat=seat, bids=bids, scores=scores, bags=bags, rules=rules)
    labels = [Bid.coerce(b).label for b in choices]
    me = Seat.coerce(seat)
    made = ", ".join(f"{seat_word(Seat.coerce(s))} {Bid.coerce(b).label}" for s, b in (bids or {}).items())
    score = ", ".join(f"{side} {value}" for side, value in (scores or {}).items())
    bag_text = ", ".join(f"{side} {value}" for side, value in (bags or {}).items())
    lines = [
        _("bids so far: {bids}").format(bids=made or _("none")),
        _("score: {score}").format(score=score or _("0 each")),
    ]
    if bag_text:
        lines.append(_("bags: {bags}").format(bags=bag_text))
    picture = "".join(f"<div>{escape(line)}</div>" for line in lines) + hand_html(Hand.coerce(hand))
    return Exercise(
        question
        or _("You are {seat}, playing to {target}. What do you bid?").format(seat=seat_word(me), target=rules.target),
        labels,
        Answer((advice.bid.label,), advice.summary, "bid to the score"),
        picture=picture,
    )
