"""Teach me at two levels, both speaking with the one judge of a card from the player's seat.

* ``"beginner"``: the hint engine's card and its one-line reason
  (:func:`~spades_teach.advice.play.suggest_play`), the rules of thumb the
  strategy chapters teach, whenever that card is as good as the expert's best
  over the deals that fit what the player has seen (not clearly worse on the same
  deals, :meth:`~spades_teach.advice.expert.CardEvidence.as_good`). Where the rule
  of thumb is clearly worse, the expert's card, with the rule of thumb it
  overrides and what that would give away, in one plain line.
* ``"expert"``: the expert bot's card (:class:`~spades_teach.advice.expert.ExpertBot`).
  When it differs from the rule of thumb, the hint says so with the evidence, in
  one line: how many of the sampled deals that fit the bidding each card keeps
  the side's bids on, or, when both keep them equally, each card's average points.

At both levels the hint records the ``seed`` of its sampled deals, so the review of the
hand (:func:`~spades_teach.analysis.seat_review.seat_review`) judges the card on the very
deals the hint was chosen on: a card Teach me showed is never costly at its own moment.

Every figure in the line is explained in it: "deals that fit the bidding" are the
deals of the unseen cards the expert drew, consistent with what the player has
seen; "keeps your contract" means the side's bids all hold on that deal with best
play afterwards; points are the hand's points for the side minus the opponents',
bags charged at their match value.

>>> from spades_teach import Position
>>> p = Position("S", "AS 3H", bids={"N": 3, "E": 3, "S": 3, "W": 3},
...              tricks_won={"N": 3, "E": 3, "S": 2, "W": 3}, trick=["3C", "4C", "5C"])
>>> hint = teach(p)  # North–South need one more trick: the A♠ takes the last one anyway
>>> hint.level, hint.card.pretty, hint.rule_card.pretty, hint.seed
('beginner', '3♥', 'A♠', '0')
>>> hint.reason.split(" gives away")[0]
"the expert's card: the rule of thumb's A♠ (ruff: you have no clubs, so the A♠ takes the trick)"
>>> hint = teach(p, level="expert")
>>> hint.level, hint.card in p.legal, hint.rule_card.pretty
('expert', True, 'A♠')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from spades_teach._text import signed
from spades_teach.advice.expert import CardEvidence, ExpertBot
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.errors import ParseError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card
from spades_teach.game.round import PlayEvent, Round
from spades_teach.i18n import N_, _, ngettext

__all__ = ["HINT_LEVELS", "HINT_LEVEL_NAMES", "TeachMeFollower", "Teaching", "hint_seed", "level_name", "teach"]

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
    """A Teach me hint: the ``card``, its one-line ``reason``, the ``level`` that chose
    it, and at the expert level the ``evidence`` line when the expert's card is not
    the rule of thumb's (``rule_card``); empty otherwise. ``seed``: the seed of the
    expert's sampled deals the card was judged on (the review reuses it)."""

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


def _what_holds(position: Position) -> str:
    """The words for "our side's bids all hold": the contract, the Nil, or both."""
    side = [s for s in position.bids if position.side(s) == position.side()]
    nils = [s for s in side if position.bids[s].is_nil]
    if not nils:
        return _("keeps your contract")
    if len(nils) == len(side):
        return _("keeps the Nil")
    return _("keeps your contract and the Nil")


def evidence_line(position: Position, best: Card, rule: Card, evidence: CardEvidence) -> str:
    """One line comparing the expert's ``best`` card with the rule of thumb's ``rule`` card.

    >>> from spades_teach import Card
    >>> p = Position("S", "TH KH 2C", bids={"N": 3, "E": 3, "S": 3, "W": 3},
    ...              tricks_won={"N": 3, "E": 2, "S": 2, "W": 3}, trick=["3H"])
    >>> e = CardEvidence(16, {Card.parse("TH"): 30.0, Card.parse("KH"): 12.5}, {Card.parse("TH"): 14, Card.parse("KH"): 9})
    >>> evidence_line(p, Card.parse("TH"), Card.parse("KH"), e)
    'on 14 of 16 deals that fit the bidding, the 10♥ keeps your contract; the K♥ on 9'
    >>> e = CardEvidence(16, {Card.parse("TH"): 30.0, Card.parse("KH"): 12.5}, {Card.parse("TH"): 9, Card.parse("KH"): 9})
    >>> evidence_line(p, Card.parse("TH"), Card.parse("KH"), e)
    'over 16 deals that fit the bidding, the 10♥ averages +30 points for your side, the K♥ +12'
    """
    holds, points, deals = evidence.holds, evidence.points, evidence.deals
    if holds[best] != holds[rule]:
        return ngettext(
            "on {held} of {deals} deal that fit the bidding, the {best} {keeps}; the {rule} on {rule_held}",
            "on {held} of {deals} deals that fit the bidding, the {best} {keeps}; the {rule} on {rule_held}",
            deals,
        ).format(
            held=holds[best],
            deals=deals,
            best=best.pretty,
            keeps=_what_holds(position),
            rule=rule.pretty,
            rule_held=holds[rule],
        )
    return ngettext(
        "over {deals} deal that fit the bidding, the {best} averages {points} points for your side, the {rule} {rule_points}",
        "over {deals} deals that fit the bidding, the {best} averages {points} points for your side, the {rule} {rule_points}",
        deals,
    ).format(
        deals=deals,
        best=best.pretty,
        points=signed(round(points[best])),
        rule=rule.pretty,
        rule_points=signed(round(points[rule])),
    )


def teach(position: Position, level: str = "beginner", *, seed: int | str = 0) -> Teaching:
    """The Teach me hint for ``position`` at ``level`` (``"beginner"`` or ``"expert"``;
    see the module docs). ``seed`` seeds the expert's sampled deals at both levels:
    the same position and seed give the same hint, and its evidence is that of the very
    deals the card was chosen on (a review given the same seed samples them again)."""
    if level not in HINT_LEVELS:
        raise ParseError(_("unknown hint level {level}: use beginner or expert").format(level=repr(level)))
    hint = suggest_play(position)
    rule = Card.parse(hint.card)
    # the beginner's rule of thumb is looked at again before the expert's card overrides it; the expert
    # level shows the expert's own choice (ExpertBot.choose_play, on the first look)
    evidence = ExpertBot(seed=seed).evidence(position, about=rule if level == "beginner" else None)
    if level == "beginner":
        if evidence is None or rule not in evidence.points or evidence.as_good(rule):
            return Teaching(rule, hint.reason, "beginner", rule, seed=str(seed))
        best = evidence.best
        reason = ngettext(
            "the expert's card: the rule of thumb's {rule} ({reason}) gives away about {cost} point "
            "over {deals} deals that fit what you have seen",
            "the expert's card: the rule of thumb's {rule} ({reason}) gives away about {cost} points "
            "over {deals} deals that fit what you have seen",
            max(1, round(evidence.cost(rule))),
        ).format(rule=rule.pretty, reason=hint.reason, cost=round(evidence.cost(rule)), deals=evidence.deals)
        return Teaching(best, reason, "beginner", rule, seed=str(seed))
    if evidence is None:
        best = ExpertBot(seed=seed).choose_play(position)  # no evidence: the expert's fallback
    elif rule in evidence.safe and evidence.as_good(rule):
        best = rule  # what ExpertBot.choose_play plays on these very deals
    else:
        best = evidence.best
    if best == rule:
        return Teaching(best, hint.reason, "expert", rule, seed=str(seed))
    if evidence is None or best not in evidence.points or rule not in evidence.points:
        reason = _("the expert plays the {best} here, not the rule of thumb's {rule} ({reason})").format(
            best=best.pretty, rule=rule.pretty, reason=hint.reason
        )
        return Teaching(best, reason, "expert", rule, seed=str(seed))
    reason = _("the expert prefers the {best} to the rule of thumb's {rule}").format(best=best.pretty, rule=rule.pretty)
    return Teaching(best, reason, "expert", rule, evidence_line(position, best, rule, evidence), seed=str(seed))


def hint_seed(table_seed: int | str, number: int) -> str:
    """The seed of the deals Teach me draws for the ``number``-th card of a hand (1–52) at a table
    seeded by ``table_seed``: the card table seeds its hints so, and its review judges each card
    on the same deals.

    >>> hint_seed("friends", 7)
    'friends/teach/7'
    """
    return f"{table_seed}/teach/{number}"


class _Bidder(Protocol):
    def choose_bid(self, position: Position) -> Bid: ...


class TeachMeFollower:
    """A player who bids as ``bidder`` and plays Teach me's card at ``level`` every time, each hint
    seeded as the card table seeds it (:func:`hint_seed`), and remembers every hint and its seed by
    the card's number in the hand (``hints``, ``seeds``: what the review from the seat is given).
    The learner who follows every hint, for the tests and benchmarks that ask whether the review
    agrees with Teach me."""

    def __init__(self, level: str, table_seed: int | str, round_: Round, bidder: _Bidder) -> None:
        self.level, self.table_seed, self.round, self.bidder = level, table_seed, round_, bidder
        self.hints: dict[int, Card] = {}
        self.seeds: dict[int, str] = {}

    def choose_bid(self, position: Position) -> Bid:
        return self.bidder.choose_bid(position)

    def choose_play(self, position: Position) -> Card:
        number = 1 + sum(isinstance(event, PlayEvent) for event in self.round.history)
        hint = teach(position, self.level, seed=hint_seed(self.table_seed, number))
        self.hints[number], self.seeds[number] = hint.card, hint.seed
        return hint.card
