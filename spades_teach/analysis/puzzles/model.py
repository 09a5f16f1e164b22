"""The values of the card-play puzzles: :class:`Puzzle`, its line of play :class:`KeyLine`, the
:class:`PuzzleMoment` a puzzle is found at, and the levels and themes puzzles are chosen by."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from spades_teach.advice.position import Position
from spades_teach.analysis.puzzles import words
from spades_teach.analysis.puzzles.goals import RULES
from spades_teach.analysis.puzzles.values import KEY_KINDS, KeyLine
from spades_teach.errors import SpadesError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, Hand
from spades_teach.game.seating import Seat, seating_of
from spades_teach.i18n import N_, _, pgettext

if TYPE_CHECKING:
    from spades_teach.game.round import Round

__all__ = [
    "DIFFICULTIES",
    "KEY_KINDS",
    "MIN_HARD_CHOICES",
    "SAMPLE_SIZE",
    "THEMES",
    "KeyLine",
    "PuzzleMoment",
    "Puzzle",
    "difficulty_label",
    "moment_of",
    "theme_label",
]

#: The three levels, easiest first.
DIFFICULTIES = ("easy", "medium", "hard")
#: The themes a puzzle can be tagged with.
THEMES = (
    N_("make the contract"),
    N_("set the contract"),
    N_("keep your nil"),
    N_("nil cover"),
    N_("nil set"),
    N_("count the spades"),
    N_("duck"),
    N_("unblock"),
    N_("ruff or discard"),
    N_("take a bag to set"),
)
#: Legal cards a hidden-hand ("hard") puzzle offers at least: a choice of two is not hard.
MIN_HARD_CHOICES = 3
#: Deals dealt and solved for a hidden-hand puzzle.
SAMPLE_SIZE = 24


def difficulty_label(difficulty: str) -> str:
    """A puzzle level (one of :data:`DIFFICULTIES`) as the learner reads it, in the language in use.

    >>> difficulty_label("medium")
    'medium'
    """
    labels = {
        "easy": pgettext("puzzle level", "easy"),
        "medium": pgettext("puzzle level", "medium"),
        "hard": pgettext("puzzle level", "hard"),
    }
    return labels[difficulty]


def theme_label(theme: str) -> str:
    """A theme (one of :data:`THEMES`, the names puzzles are stored and chosen by) as the
    learner reads it, in the language in use.

    >>> theme_label("duck")
    'duck'
    """
    if theme not in THEMES:
        raise SpadesError(
            _("unknown theme {theme}: use one of {themes}").format(theme=repr(theme), themes=", ".join(THEMES))
        )
    return _(theme)


@dataclass(frozen=True)
class PuzzleMoment:
    """One moment of a hand in play with every hand known, where a puzzle is looked for: the
    ``seat`` to play, every hand as it is now, the bids, the tricks won so far, the trick in
    progress (in play order), whether spades are broken, and the cards of the completed tricks
    (``seen``, in play order)."""

    seat: Seat
    hands: Mapping[Seat, Hand]
    bids: Mapping[Seat, Bid]
    won: Mapping[Seat, int]
    trick: tuple[Card, ...]
    spades_broken: bool
    seen: tuple[Card, ...]

    @property
    def position(self) -> Position:
        """The moment as the seat to play sees it, the voids the play showed included."""
        return Position(
            self.seat,
            self.hands[self.seat],
            dict(self.bids),
            dict(self.won),
            played=self.seen,
            trick=self.trick,
            spades_broken=self.spades_broken,
        )


def moment_of(round_: Round) -> PuzzleMoment:
    """The moment of a live :class:`~spades_teach.Round` (every bid made, a card to play)."""
    seat = round_.to_act
    if seat is None or len(round_.bids) < 4:
        raise SpadesError(_("a puzzle needs a hand in play, with every bid made"))
    return PuzzleMoment(
        seat=seat,
        hands={s: round_.hand(s) for s in Seat},
        bids=dict(round_.bids),
        won=dict(round_.tricks_won),
        trick=tuple(round_.current_trick.cards),
        spades_broken=round_.spades_broken,
        seen=tuple(round_.played),
    )


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see :mod:`spades_teach.analysis.puzzles`). ``others`` holds the other three
    hands of an open-hand puzzle (empty for a hidden-hand one); ``deals`` the hidden hands of
    each sampled deal of a hidden-hand puzzle (empty for an open-hand one). The
    :attr:`reason` is worked out from the rest when read, in the language in use."""

    id: str
    difficulty: str
    themes: tuple[str, ...]
    goal: str
    seat: Seat
    hand: Hand
    bids: Mapping[Seat, Bid]
    tricks_won: Mapping[Seat, int]
    trick: tuple[Card, ...]
    spades_broken: bool
    seen: tuple[Card, ...]
    answer: Card
    evidence: Mapping[Card, int]
    others: Mapping[Seat, Hand] = field(default_factory=dict)
    deals: tuple[Mapping[Seat, Hand], ...] = ()
    line: KeyLine | None = None

    @property
    def history(self) -> tuple[tuple[Seat, tuple[Card, ...], Seat], ...]:
        """The completed tricks in order: each trick's leader, its cards in play order
        and its winner (the position's history, read from :attr:`seen`)."""
        return self.position.trick_history

    def history_lines(self) -> list[str]:
        """The play so far, one line a trick, each card after the seat that played it,
        then the trick in progress."""
        return words.history_lines(self.history, self.trick, self.leader)

    @property
    def principle_line(self) -> str:
        """The rule of thumb behind the answer, named by its principle (the play hint's
        own line), or ``""`` when the hint chooses another card."""
        return words.principle_line(self.position, self.answer)

    @property
    def play_line(self) -> str:
        """The line of play naming the key card (see :class:`KeyLine`), or ``""``."""
        if self.line is None:
            return ""
        return words.key_line_text(self._asked, self.line, self.answer, deals=len(self.deals))

    @property
    def why(self) -> str:
        """Why the answer is the card: the principle line, then the line of play (one
        of them at least, when the puzzle has either)."""
        return words.why(self.principle_line, self.play_line)

    def __str__(self) -> str:
        lines = [_("Puzzle {id}").format(id=self.id), self.prompt(), *self.history_lines()]
        lines.append(_("your hand: {cards}").format(cards=" ".join(c.pretty for c in self.hand)))
        return "\n".join(lines)

    @property
    def position(self) -> Position:
        """The puzzle as the seat to play sees it: a :class:`Position` with the played
        history (:attr:`seen` in play order), so the voids shown are known."""
        return Position(
            self.seat,
            self.hand,
            dict(self.bids),
            dict(self.tricks_won),
            played=self.seen,
            trick=self.trick,
            spades_broken=self.spades_broken,
        )

    @property
    def reason(self) -> str:
        """Why the answer is the card (:attr:`why`), then the numbers of the solve in one
        plain line."""
        numbers = words.reason_numbers(
            self._asked, self.answer, self.evidence, deals=len(self.deals), left=self.tricks_left
        )
        why = self.why
        return f"{why} {numbers}" if why else numbers

    @property
    def open_hands(self) -> bool:
        """Whether all four hands are shown (an exact endgame)."""
        return bool(self.others)

    @property
    def leader(self) -> Seat:
        """The seat that led the trick in progress: ``len(trick)`` seats before the seat to
        play, as the position counts it (without building one)."""
        return seating_of(RULES).seat_after(self.seat, -len(self.trick))

    @property
    def tricks_left(self) -> int:
        return len(self.hand)

    def is_right(self, card: Card | str) -> bool:
        """Whether ``card`` is the answer."""
        return Card.parse(card) == self.answer

    def evidence_line(self, card: Card | str) -> str:
        """What the solve says about ``card``, in one plain line."""
        c = Card.parse(card)
        if c not in self.evidence:
            raise SpadesError(
                _("{card} is not a legal card here: choose one of {cards}").format(
                    card=c, cards=" ".join(str(x) for x in self.evidence)
                )
            )
        return words.card_evidence(self._asked, c, self.evidence[c], deals=len(self.deals), left=self.tricks_left)

    def prompt(self) -> str:
        """The question, in one line."""
        return words.prompt(self._asked)

    @property
    def _asked(self) -> words.Asked:
        return words.Asked(self.goal, self.seat, self.bids, self.tricks_won)
