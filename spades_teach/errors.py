"""The package's errors: one small hierarchy rooted at :class:`SpadesError`.

Every error is a :class:`ValueError`, so ``except ValueError`` catches them too.
Messages are lowercase, quote the input and, where it helps, say what would
have been legal. Every error class of the package is defined here (the modules
that raise them re-export them under their old names)::

    SpadesError (ValueError)
    ├── ParseError           text that should be a card, hand, seat, bid or deal
    ├── RulesError           a Rules option (or a rule set not fit for the call)
    ├── IllegalActionError   an action not allowed in the current state
    │   ├── IllegalBidError      a bid out of turn, out of range or against the rules
    │   ├── IllegalPlayError     a card that cannot be played now
    │   ├── MatchError           a hand that cannot be added to the match now
    │   │   └── MatchOverError   the match is over
    │   └── DrawError            an action out of turn or too late in the two-player draw
    ├── RecordError          a malformed game record
    │   └── RecordTranslationError  a malformed translation of a record's texts
    ├── PositionError        an inconsistent described position
    ├── UsageError           a wrong command line
    ├── AppError             the app cannot start
    ├── AnswerError          a drill answer that cannot be read
    ├── LearnerRecordError   a learner record (the judged decisions) that cannot be read or kept
    ├── NoQuestionError      no practice question about a principle could be found
    ├── LanguageError        a language the course does not speak
    └── SearchBudgetSpent    a double-dummy search gave up: its node budget is spent

Use the most precise class: a value of the wrong type or a rule the call does
not support is not a :class:`ParseError`.
"""

from __future__ import annotations

__all__ = [
    "SpadesError",
    "ParseError",
    "RulesError",
    "IllegalBidError",
    "IllegalPlayError",
    "IllegalActionError",
    "RecordError",
    "RecordTranslationError",
    "PositionError",
    "MatchError",
    "MatchOverError",
    "DrawError",
    "UsageError",
    "AppError",
    "AnswerError",
    "LearnerRecordError",
    "NoQuestionError",
    "LanguageError",
    "SearchBudgetSpent",
]


class SpadesError(ValueError):
    """The root of every error raised by spades_teach."""


class ParseError(SpadesError):
    """Text that should be a card, hand, seat, bid or deal does not parse."""


class RulesError(SpadesError):
    """A :class:`~spades_teach.game.rules.Rules` option is out of range."""


class IllegalActionError(SpadesError):
    """An action is not allowed in the current state of a round or match."""


class IllegalBidError(IllegalActionError):
    """A bid is out of turn, out of range or not allowed by the rules."""


class IllegalPlayError(IllegalActionError):
    """A card cannot be played now (not in hand, out of turn, must follow suit...)."""


class RecordError(SpadesError):
    """A game record is malformed or describes an illegal game."""


class RecordTranslationError(RecordError):
    """A translation of a game record's texts (title, description, annotations) is
    malformed or does not match the record it translates."""


class PositionError(SpadesError):
    """A described position is inconsistent (a card in two places, wrong counts...)."""


class MatchError(IllegalActionError):
    """A hand cannot be added to the match now (unfinished, out of order, wrong dealer...)."""


class MatchOverError(MatchError):
    """The match is over: no hand can be started, finished or added."""


class DrawError(IllegalActionError):
    """An action in the two-player draw is out of turn, too late or not allowed."""


class UsageError(SpadesError):
    """The command line itself is wrong (unknown option, missing value...)."""


class AppError(SpadesError):
    """The app cannot start (Voila missing, a bad port, notebooks missing)."""


class AnswerError(SpadesError):
    """A learner's answer to a drill cannot be read (not a number, not one of the choices...)."""


class LearnerRecordError(SpadesError):
    """A learner record (the file of a learner's judged decisions) that is not one, is damaged, or
    was written by a later release; or one that cannot be saved (see
    :mod:`spades_teach.analysis.learner_record`)."""


class NoQuestionError(SpadesError):
    """No practice question about a principle: no deal tried shows it and no puzzle asks about it
    (see :func:`spades_teach.analysis.practice.practice_item`)."""


class LanguageError(SpadesError):
    """A language the course does not speak was asked for (see :func:`spades_teach.set_language`)."""


class SearchBudgetSpent(SpadesError):
    """A double-dummy search stopped: the node budget it was given is spent
    (see :class:`~spades_teach.solver.NodeBudget`)."""
