"""Teach me at two levels, both speaking with the one judge (:mod:`spades_teach.advice.judge`).

The card is the expert's (:func:`~spades_teach.advice.expert.expert_card`): the rule of thumb's
(:func:`~spades_teach.advice.play.suggest_play`, the principles the strategy chapters teach)
unless the judge calls it clearly worse. Then the hint gives the better card with a reason in
Spades terms (:func:`~spades_teach.advice.verdict_words.why_better`) and names the rule of thumb it
overrides. Where the expert's edge over the rule of thumb is only a close call, the rule of
thumb's card is shown. The two levels show the same card; ``"expert"`` also shows the numbers
behind the judge's word (``evidence``). The review of the hand asks the same judge about the
same position, so a card Teach me showed is never called costly there.

>>> from spades_teach import Position
>>> p = Position("S", "AS 3H", bids={"N": 3, "E": 3, "S": 3, "W": 3},
...              tricks_won={"N": 3, "E": 3, "S": 2, "W": 3}, trick=["3C", "4C", "5C"])
>>> hint = teach(p)  # North–South need one more trick: ruffing now risks a bag
>>> hint.level, hint.card.pretty, hint.rule_card.pretty
('beginner', '3♥', 'A♠')
>>> hint.reason.startswith("let this trick go with the 3♥ and keep the A♠")
True
>>> teach(p, level="expert").card == hint.card
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from spades_teach.advice.expert import expert_card
from spades_teach.advice.judge import judge
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.advice.verdict_words import statistics_line, verdict_label, why_better
from spades_teach.errors import ParseError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card
from spades_teach.game.round import PlayEvent, Round
from spades_teach.i18n import N_, _

__all__ = ["HINT_LEVELS", "HINT_LEVEL_NAMES", "TeachMeFollower", "Teaching", "level_name", "teach"]

#: The hint levels a learner can choose.
HINT_LEVELS = ("beginner", "expert")
#: Each hint level's name as a learner reads it (translated by :func:`level_name`).
HINT_LEVEL_NAMES = {"beginner": N_("beginner rules"), "expert": N_("expert")}


def level_name(level: str) -> str:
    """The name of a hint level in the language in use (``"beginner rules"``)."""
    if level not in HINT_LEVELS:
        raise ParseError(_("unknown hint level {level}: use beginner or expert").format(level=repr(level)))
    return _(HINT_LEVEL_NAMES[level])


Level = Literal["beginner", "expert"]


@dataclass(frozen=True)
class Teaching:
    """A Teach me hint: the ``card``, its one-line ``reason``, the ``level`` that chose it, the
    rule of thumb's card (``rule_card``), at the expert level the ``evidence`` (the judge's
    numbers for the rule of thumb's card, one click away), and ``seed``: the seed the judge drew
    its deals from (made from the position itself; empty where nothing was judged)."""

    card: Card
    reason: str
    level: str
    rule_card: Card
    evidence: str = ""
    seed: str = ""

    @property
    def differs(self) -> bool:
        """True when the expert's card is not the rule-of-thumb card."""
        return self.card != self.rule_card

    def __str__(self) -> str:
        if self.evidence:
            return _("{card}: {reason} ({evidence})").format(
                card=self.card.pretty, reason=self.reason, evidence=self.evidence
            )
        return _("{card}: {reason}").format(card=self.card.pretty, reason=self.reason)


def teach(position: Position, level: str = "beginner") -> Teaching:
    """The Teach me hint for ``position`` at ``level`` (``"beginner"`` or ``"expert"``; see the
    module docs). The judge's deals come from the position, so the same position always gets the
    same hint, whoever asks."""
    if level not in HINT_LEVELS:
        raise ParseError(_("unknown hint level {level}: use beginner or expert").format(level=repr(level)))
    hint = suggest_play(position)
    rule = Card.parse(hint.card)
    judgement = judge(position)
    if judgement is None or rule not in judgement.values:
        # one legal card, two-player Spades (not solved), or a search out of its budget
        return Teaching(rule, hint.reason, level, rule)
    card = expert_card(judgement, rule)
    evidence = statistics_line(judgement, rule) if level == "expert" else ""
    if card == rule:
        return Teaching(rule, hint.reason, level, rule, evidence, judgement.key)
    reason = _("{why} (the rule of thumb's {rule}, {principle}, is {verdict} here)").format(
        why=why_better(position, judgement, card, rule),
        rule=rule.pretty,
        principle=hint.reason,
        verdict=verdict_label(judgement.verdict(rule)),
    )
    return Teaching(card, reason, level, rule, evidence, judgement.key)


class _Bidder(Protocol):
    def choose_bid(self, position: Position) -> Bid: ...


class TeachMeFollower:
    """A player who bids as ``bidder`` and plays Teach me's card at ``level`` every time, and
    remembers every hint by the card's number in the hand (``hints``: what the review from the
    seat is given). The learner who follows every hint, for the tests and benchmarks that ask
    whether the review agrees with Teach me."""

    def __init__(self, level: str, round_: Round, bidder: _Bidder) -> None:
        self.level, self.round, self.bidder = level, round_, bidder
        self.hints: dict[int, Card] = {}

    def choose_bid(self, position: Position) -> Bid:
        return self.bidder.choose_bid(position)

    def choose_play(self, position: Position) -> Card:
        number = 1 + sum(isinstance(event, PlayEvent) for event in self.round.history)
        hint = teach(position, self.level)
        self.hints[number] = hint.card
        return hint.card
