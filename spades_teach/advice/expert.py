"""The expert bot: it plays the card the one judge backs (:mod:`spades_teach.advice.judge`).

For every card it must play, :class:`ExpertBot` asks the judge for its judgement of the position
(every legal card valued in points over deals of the unseen cards that fit what it has seen, each
solved exactly) and keeps the rule of thumb's card (:func:`~spades_teach.advice.play.suggest_play`)
unless the judge calls it clearly worse; then it plays the judge's best card (:func:`expert_card`).
So its own card is never costly in a review of the position it chose it
in: the review asks the same judge. It bids like the hint advisor
(:func:`~spades_teach.advice.bidding.advise_bid`) and never looks at the hidden hands. Two-player
Spades is not solved double dummy: there it plays like the hard bot.

>>> from spades_teach import Round, deal
>>> from spades_teach.advice.bots import play_round
>>> r = Round(deal(5), dealer="N")
>>> play_round(r, {seat: ExpertBot(seed=1) for seat in r.seats}).is_complete
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from spades_teach.advice.bot_bidding import advised_bid
from spades_teach.advice.bots import HardBot
from spades_teach.advice.evaluation import a_nil_is_live, sample_deals
from spades_teach.advice.judge import NODE_BUDGET, Judgement, judge
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, CardLike, HandLike
from spades_teach.game.rules import Rules
from spades_teach.game.seating import seating_of

__all__ = ["NODE_BUDGET", "ExpertBot", "a_nil_is_live", "expert_card", "sample_deals"]


def expert_card(judgement: Judgement, advised: Card) -> Card:
    """The expert's card at a judged position: ``advised`` (the rule of thumb's card) unless the
    judge calls it clearly worse; then the judge's best card."""
    if advised in judgement.values and not judgement.verdict(advised).costly:
        return advised
    return judgement.best


class ExpertBot:
    """Plays the card the judge backs (see the module docs). ``samples`` fixes the number of
    deals the judge draws for each decision (by default it draws more while a verdict is
    undecided); ``node_budget`` caps the double-dummy search nodes of one decision (by default
    the judge's :data:`~spades_teach.advice.judge.NODE_BUDGET`; ``None``: no cap). A node count
    is the same on every machine, so the cap keeps the bot repeatable. ``seed`` seeds the hard
    bot it falls back on (two-player Spades); the judge's deals come from the position."""

    name = "expert"

    def __init__(self, seed: int | str = 0, samples: int | None = None, node_budget: int | None = NODE_BUDGET) -> None:
        self.samples = samples
        self.node_budget = node_budget
        #: the search nodes the judgement of the last decision spent (for benchmarks)
        self.last_nodes = 0
        # No time limit: the fallback's choices depend on the seed alone, not on the clock.
        self._fallback = HardBot(seed=seed, time_limit=math.inf)

    def choose_bid(self, position: Position) -> Bid:
        return advised_bid(position)

    def choose_draw(
        self, card: CardLike, hand: HandLike, discarded: Iterable[CardLike] = (), *, rules: Rules = Rules()
    ) -> bool:
        return self._fallback.choose_draw(card, hand, discarded, rules=rules)

    def judgement(self, position: Position) -> Judgement | None:
        """The judge's judgement of ``position`` with this bot's deals and node budget."""
        return judge(position, deals=self.samples, node_budget=self.node_budget)

    def choose_play(self, position: Position) -> Card:
        self.last_nodes = 0  # a decision without a search spends none
        legal = list(position.legal)
        if len(legal) == 1:
            return legal[0]
        if not seating_of(position.rules).partnerships:
            return self._fallback.choose_play(position)
        advised = suggest_play(position).card
        judgement = self.judgement(position)
        if judgement is None:
            return Card.parse(advised)
        self.last_nodes = judgement.nodes
        return expert_card(judgement, Card.parse(advised))
