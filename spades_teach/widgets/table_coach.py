"""The coach at the card table: :class:`TableCoach` gives Teach me's hints and reviews the hand.

Beside :class:`~spades_teach.widgets.table_flow.TableFlow` (which deals and plays), the coach
works out the hint of South's turn (:func:`~spades_teach.advice.bidding.advise_bid`,
:func:`~spades_teach.advice.teach.teach`, :func:`~spades_teach.advice.bots.advise_draw`), keeps
the hints South was shown, and once the hand is over reviews South's cards
(:func:`~spades_teach.analysis.seat_review.seat_review`, the one judge Teach me asked too) and
compares the hand with the expert's
(:func:`~spades_teach.analysis.challenge.compare_with_expert`). No rule lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from spades_teach.advice.bidding import advise_bid
from spades_teach.advice.bots import DrawAdvice, advise_draw
from spades_teach.advice.position import Position
from spades_teach.advice.teach import teach
from spades_teach.analysis.challenge import compare_with_expert
from spades_teach.analysis.seat_review import seat_review
from spades_teach.game.cards import Card
from spades_teach.game.match import Match
from spades_teach.game.round import Round
from spades_teach.game.seating import seating_of
from spades_teach.game.twoplayer import Draw
from spades_teach.i18n import _, ngettext
from spades_teach.widgets.table_state import ME, review_rows
from spades_teach.widgets.terms import marked

__all__ = ["TableCoach"]


class TableCoach:
    """Teach me, the review and the comparison with the expert, for South at the table.

    ``advise_bid`` and ``suggest_play`` (optional) replace the bid advice and the card hint.
    """

    def __init__(
        self,
        *,
        advise_bid: Callable[..., Any] | None,
        suggest_play: Callable[..., Any] | None,
    ) -> None:
        self._advise_bid = advise_bid
        self._suggest_play = suggest_play
        self.hint = ""
        self.hint_reasons: list[str] = []
        self.hint_card: Card | None = None
        self.hint_reason = ""
        self.draw_advice: DrawAdvice | None = None  # Teach me's keep-or-discard advice for the card South sees
        self.hint_details = ""  # the judge's numbers behind the hint shown now, one click away
        self._given_hints: dict[int, Card] = {}  # card number in the hand -> the Teach me hint shown then
        self._reviewed: list[Any] | None = None  # the review of the hand, once made (Compare reuses it)
        self._hand_bags: dict[Any, int] = {}  # the bag counters as the hand began (the review's positions)
        self.review: list[dict[str, Any]] | None = None
        self._review_tally: tuple[int, int, float] | None = None  # costly cards, cards, points lost
        self.comparison: dict[str, Any] | None = None
        self._comparable = False  # the deal of the day or a deal code: "Compare with the expert" is offered
        self._bot_level = "medium"  # the level of the bots seated for this game

    # -- a new game and a new hand ------------------------------------------------------------
    def new_game(self, *, comparable: bool, bot_level: str) -> None:
        """A game begins: whether its deal may be compared with the expert's play, and the level
        of the bots seated for it (the expert's hand is played against the same ones)."""
        self._comparable, self._bot_level = comparable, bot_level

    @property
    def comparable(self) -> bool:
        """Whether the game's deal is one the expert's play can be compared with."""
        return self._comparable

    def new_hand(self, bags: Mapping[Any, int]) -> None:
        """A hand begins with these bag counters: no hint shown yet, no review."""
        self.review, self._review_tally, self.comparison = None, None, None
        self._given_hints, self._reviewed = {}, None
        self._hand_bags = dict(bags)
        self.forget()

    # -- Teach me -----------------------------------------------------------------------------
    def forget(self) -> None:
        """No hint now (the bots are about to move)."""
        self.hint, self.hint_card, self.hint_reason = "", None, ""
        self.hint_reasons = []
        self.hint_details = ""
        self.draw_advice = None

    def work_out(
        self, r: Round | None, draw: Draw | None, *, bags: Mapping[Any, int], seed: str, teach: bool, level: str
    ) -> None:
        """The hint of this moment when Teach me is on (``teach``) and South is to act (the draw's
        keep or discard, the bid, the card); none otherwise. ``seed``: the game's seed (the hints'
        deals come from the position); ``level``: the hint's, ``"beginner"`` or ``"expert"``."""
        self.forget()
        if r is None and draw is not None and draw.to_act is ME and draw.top is not None:
            if teach:
                self.draw_advice = advise_draw(draw.top, draw.hands[ME], draw.discards[ME], rules=draw.rules)
                self.hint = _("Teach me: {advice}").format(advice=self.draw_advice.reason)
            return
        if not teach or r is None or r.to_act is not ME:
            return
        if r.phase == "bidding":
            self._teach_bid(r, bags)
        elif r.phase == "play":
            position = Position.from_round(r, bags=bags)
            if level == "expert":
                self._teach_expert(position)
            elif self._suggest_play is None:
                self._teach_beginner(position)
            else:
                hint = self._suggest_play(position)
                self.hint_card = Card.parse(hint.card)
                self.hint_reason = str(hint.reason)
                self.hint = _("Teach me: play {card} — {reason}").format(card=self.hint_card.pretty, reason=hint.reason)

    def _teach_bid(self, r: Round, bags: Mapping[Any, int]) -> None:
        """The bid advice (the advisor page's): its summary names the bid, its reasons and notes
        are the lines under it."""
        advise = self._advise_bid or advise_bid
        advice = advise(r.hand(ME), seat=ME, bids=r.bids, scores=r.scores_before, bags=bags, rules=r.rules)
        self.hint = _("Teach me: {advice}").format(advice=advice.summary)
        notes = getattr(advice, "context", ()) or ()
        self.hint_reasons = [str(item) for item in getattr(advice, "reasons", ()) or ()]
        self.hint_reasons += [_("note: {note}").format(note=n) for n in notes]

    def _teach_beginner(self, position: Position) -> None:
        """The beginner level of Teach me (:func:`~spades_teach.advice.teach.teach`): the rule
        of thumb's card, or the expert's where the judge calls the rule of thumb clearly worse."""
        teaching = teach(position, "beginner")
        self.hint_card, self.hint_reason = teaching.card, teaching.reason
        self.hint = _("Teach me: play {card} — {reason}").format(card=teaching.card.pretty, reason=teaching.reason)

    def _teach_expert(self, position: Position) -> None:
        """The expert level of Teach me (:func:`~spades_teach.advice.teach.teach`): the same card,
        and the judge's numbers behind it one click away."""
        teaching = teach(position, "expert")
        self.hint_card, self.hint_reason, self.hint_details = teaching.card, teaching.reason, teaching.evidence
        self.hint = _("Teach me (expert): play {card} — {reason}").format(
            card=teaching.card.pretty, reason=teaching.reason
        )

    def played(self, number: int, card: Card, *, teach: bool) -> str:
        """South plays ``card`` as the hand's card ``number``: the hint shown then (Teach me on:
        ``teach``) is kept for the review; returns what Teach me says of the card ('' when it
        agrees or is off)."""
        hinted, why = self.hint_card, self.hint_reason
        if not teach or hinted is None:
            return ""
        self._given_hints[number] = hinted
        if hinted == card:
            return ""
        return _("you played {card}; Teach me suggested {hint}: {why}").format(
            card=card.pretty, hint=hinted.pretty, why=why
        )

    # -- after the hand -----------------------------------------------------------------------
    def review_hand(self, r: Round, *, seed: str) -> None:
        """Review South's cards of the finished hand ``r`` from South's seat (see
        :meth:`TableGame.review_hand <spades_teach.widgets.table_game.TableGame.review_hand>`)."""
        mine = seat_review(r, ME, hints=self._given_hints, bags=self._hand_bags)
        self._reviewed = mine
        self.review = review_rows(mine)
        lost = sum(j.cost for j in mine)
        costly = sum(1 for j in mine if j.costly)
        self._review_tally = (costly, len(mine), lost)

    @property
    def review_summary(self) -> str:
        """The review in one line, in the language in use ('' before the review)."""
        if self._review_tally is None:
            return ""
        costly, count, lost = self._review_tally
        if costly == 0:
            return _("from your seat, none of your cards was clearly worse than the best")
        return ngettext(
            "from your seat, {costly} of your {count} cards was clearly worse than the best (about {lost} points "
            "in all; each card's note says why)",
            "from your seat, {costly} of your {count} cards were clearly worse than the best (about {lost} points "
            "in all; each card's note says why)",
            costly,
        ).format(costly=costly, count=count, lost=round(lost))

    def can_compare(self, r: Round, match: Match, *, seated_by_default: bool) -> bool:
        """The comparison needs the first hand of a deal of the day or a deal code, and the
        package's seated bots (the expert's hand is played against the same ones)."""
        return (
            self._comparable
            and seating_of(r.rules).partnerships
            and r.is_complete
            and match.hands_played == 1
            and seated_by_default
        )

    def compare_hand(self, r: Round, *, seed: str) -> None:
        """The same cards played by the expert in South's seat against the same bots (see
        :meth:`TableGame.compare_with_expert
        <spades_teach.widgets.table_game.TableGame.compare_with_expert>`)."""
        result = compare_with_expert(
            r, seat=ME, level=self._bot_level, seed=seed, bags=self._hand_bags, review=self._reviewed
        )
        lines = [str(d) for d in result.differences]
        self.comparison = {
            "summary": result.summary(),
            "differences": lines,
            "differences_marked": [marked(line) for line in lines],
        }
