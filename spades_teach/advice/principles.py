"""The playing principles: one name and one plain line each.

Every reason a play hint gives names one of these principles
(:attr:`~spades_teach.advice.play.PlayHint.principle`), and each principle is
defined, with the same name and the same line, in the strategy chapter it is
tagged with (``chapter``: the notebook's file name without its extension). A
chapter writes a definition as a paragraph of its own::

    **Principle: second hand low.** Second to play in a trick, play low: ...

>>> PRINCIPLES["third hand high"].chapter
'08_card_play'
>>> principle("second hand low").line
'Second to play in a trick, play low: your partner still plays after you.'
>>> principle("fourth hand sleepy")
Traceback (most recent call last):
...
spades_teach.errors.SpadesError: unknown principle 'fourth hand sleepy'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from spades_teach.advice.bidding import advise_bid
from spades_teach.advice.judge import judge
from spades_teach.advice.play import PlayHint, View, suggest_play
from spades_teach.advice.position import Position
from spades_teach.advice.verdicts import remember_verdict, stored_verdict, verdict_key
from spades_teach.errors import SpadesError
from spades_teach.game.bids import BidLike
from spades_teach.game.cards import Card
from spades_teach.game.deals import deal
from spades_teach.game.round import Round
from spades_teach.game.seating import Seat, SeatLike
from spades_teach.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from spades_teach.solver import DoubleDummy

__all__ = [
    "BAGS",
    "CARD_PLAY",
    "NIL_PLAY",
    "PRINCIPLES",
    "Exception_",
    "Moment",
    "Principle",
    "definition",
    "double_dummy_at",
    "find_exception",
    "find_missed_set",
    "find_moments",
    "judged_as_good",
    "play_by_principles",
    "principle",
    "solver_disagrees",
]

CARD_PLAY = "08_card_play"
NIL_PLAY = "09_nil_play"
BAGS = "10_bags_against_sets"


@dataclass(frozen=True)
class Principle:
    """A playing principle: its ``name`` (as hints and chapters write it), its
    one-line definition (``line``) and the ``chapter`` that teaches it. ``name`` and
    ``line`` are the English words (``name`` is the key hints give); :attr:`title`
    and :attr:`text` are them in the language in use."""

    name: str
    line: str
    chapter: str

    @property
    def title(self) -> str:
        """The name in the language in use (``"la deuxième main joue petit"``)."""
        return _(self.name)

    @property
    def text(self) -> str:
        """The one-line definition in the language in use."""
        return _(self.line)

    def __str__(self) -> str:
        return _("{principle}: {line}").format(principle=self.title, line=self.text)


_ALL = (
    # -- chapter 8: card play ----------------------------------------------------------------------
    Principle(N_("only one legal card"), N_("When the rules leave you a single legal card, play it."), CARD_PLAY),
    Principle(
        N_("second hand low"), N_("Second to play in a trick, play low: your partner still plays after you."), CARD_PLAY
    ),
    Principle(
        N_("third hand high"),
        N_("Third to play, play high to win the trick or to force out a higher card, but no higher than needed."),
        CARD_PLAY,
    ),
    Principle(
        N_("win as cheaply as possible"),
        N_("When you can win a trick, win it with the lowest card that surely does."),
        CARD_PLAY,
    ),
    Principle(
        N_("play low when you cannot win"),
        N_("When you cannot beat the winning card, play your lowest card of the suit."),
        CARD_PLAY,
    ),
    Principle(
        N_("take the tricks you need"),
        N_("When your side needs nearly every trick that is left, play your best card now instead of waiting."),
        CARD_PLAY,
    ),
    Principle(
        N_("play low under your partner's winner"),
        N_(
            "When your partner's card is winning the trick and nobody after you can beat it, follow suit with your lowest card."
        ),
        CARD_PLAY,
    ),
    Principle(
        N_("don't trump your partner's winner"),
        N_(
            "With none of the suit led, when your partner's card is winning and nobody after you can beat it, discard: never ruff it."
        ),
        CARD_PLAY,
    ),
    Principle(
        N_("ruff"),
        N_("With none of the suit that was led, a spade wins the trick: ruff when your side needs it."),
        CARD_PLAY,
    ),
    Principle(
        N_("over-ruff"),
        N_("When an opponent has ruffed and you hold a higher spade, ruff over them with the lowest spade that does."),
        CARD_PLAY,
    ),
    Principle(
        N_("draw spades"),
        N_(
            "Holding the two highest spades left, or five spades, lead spades to pull out the opponents' spades before they ruff your winners."
        ),
        CARD_PLAY,
    ),
    Principle(
        N_("count the spades"),
        N_(
            "Count the 13 spades, and the 13 cards of each suit, as they fall: then you know which cards are the highest left."
        ),
        CARD_PLAY,
    ),
    Principle(
        N_("cash your winners"),
        N_("Lead a card nobody can beat while the opponents still have to follow suit."),
        CARD_PLAY,
    ),
    Principle(
        N_("lead the top of a sequence"),
        N_(
            "From touching high cards such as K Q, lead the top one: it forces out the ace and the next card becomes the winner."
        ),
        CARD_PLAY,
    ),
    Principle(
        N_("lead from length"),
        N_(
            "With nothing better to lead, lead low from your longest side suit: once spades are drawn, its last cards win tricks."
        ),
        CARD_PLAY,
    ),
    Principle(
        N_("lead a singleton"),
        N_("With spades to spare, lead your single card of a suit, so that you can ruff that suit later."),
        CARD_PLAY,
    ),
    Principle(
        N_("lead to your partner's void"),
        N_(
            "Lead a suit your partner has shown out of and the opponents have not, unless you hold its highest card: your partner ruffs it."
        ),
        CARD_PLAY,
    ),
    Principle(
        N_("discard from a short suit"),
        N_("When you can neither follow suit nor win, throw a low card from your shortest side suit to make a void."),
        CARD_PLAY,
    ),
    Principle(
        N_("only one suit to play"),
        N_(
            "When every card you may play is of one suit and none of them surely wins the trick, play the lowest and keep the higher ones for later."
        ),
        CARD_PLAY,
    ),
    # -- chapter 9: Nil play ------------------------------------------------------------------------
    Principle(
        N_("the Nil checklist"),
        N_(
            "Bid Nil only with a hand that passes the checklist: three low spades at most, no side ace, and a low card in every side suit; a side king is only a small risk with two or more low cards beside it."
        ),
        NIL_PLAY,
    ),
    Principle(
        N_("lead low on a Nil"),
        N_("As the Nil bidder, lead your lowest card of the suit where the others hold the most higher cards."),
        NIL_PLAY,
    ),
    Principle(
        N_("stay under the winning card"),
        N_("As the Nil bidder, play a card lower than the one that is winning the trick."),
        NIL_PLAY,
    ),
    Principle(
        N_("dump your high cards"),
        N_(
            "As the Nil bidder, while a higher card is winning, play your highest card that stays under it, or discard your most dangerous card."
        ),
        NIL_PLAY,
    ),
    Principle(
        N_("play low and hope"),
        N_(
            "As the Nil bidder, when every card you may play could win, play your lowest and hope a later card is higher."
        ),
        NIL_PLAY,
    ),
    Principle(
        N_("lead high for your partner's Nil"),
        N_("With a Nil partner, lead high cards so that they can play under them."),
        NIL_PLAY,
    ),
    Principle(
        N_("lead the Nil bidder's void"),
        N_("With a Nil partner, lead a suit they have none of: they throw their high cards on it."),
        NIL_PLAY,
    ),
    Principle(
        N_("cover your partner's Nil"),
        N_(
            "Play last or high over your Nil partner: take the trick with a card above theirs so that they stay under it."
        ),
        NIL_PLAY,
    ),
    Principle(
        N_("set the Nil"),
        N_("Against a Nil bidder, lead low and play under their card, so that they are forced to win a trick."),
        NIL_PLAY,
    ),
    # -- chapter 10: bags against sets --------------------------------------------------------------
    Principle(
        N_("a bag costs ten points"),
        N_("Ten bags cost 100 points, so each bag costs about ten points over a match."),
        BAGS,
    ),
    Principle(
        N_("duck to dodge a bag"),
        N_("Once your contract is made, play under the winning card: each extra trick is a bag."),
        BAGS,
    ),
    Principle(
        N_("take a bag to set them"),
        N_(
            "When three more tricks or fewer would set the opponents, fight for them, even though each is a bag for you."
        ),
        BAGS,
    ),
    Principle(
        N_("push bags onto the opponents"),
        N_(
            "Once the opponents' contract is made, let them take the extra tricks: when your own contract is lost, or when yours is made too and they are close to ten bags."
        ),
        BAGS,
    ),
    Principle(
        N_("the total of the bids"),
        N_("Add the four bids: well under 13 means bags are coming; more than 13 means somebody will be set."),
        BAGS,
    ),
    Principle(
        N_("play to the score"),
        N_(
            "At the end of a match, play for the tricks that win it or stop the opponents from winning it; bags no longer matter."
        ),
        BAGS,
    ),
    Principle(
        N_("bid to the score"),
        N_("At the end of a match, bid what stops the opponents reaching the target, not the safest number."),
        BAGS,
    ),
    Principle(
        N_("blind Nil when far behind"),
        N_("Bid blind Nil only when 100 points or more behind, as a last chance to catch up."),
        BAGS,
    ),
)

#: Every principle by name.
PRINCIPLES = MappingProxyType({p.name: p for p in _ALL})


def principle(name: str) -> Principle:
    """The principle called ``name``; an unknown name raises :class:`SpadesError`."""
    try:
        return PRINCIPLES[name]
    except KeyError:
        raise SpadesError(_("unknown principle {name}").format(name=repr(name))) from None


def definition(name: str) -> str:
    """The paragraph a chapter writes to define the principle ``name``.

    >>> definition("ruff")
    '**Principle: ruff.** With none of the suit that was led, a spade wins the trick: ruff when your side needs it.'
    """
    p = principle(name)
    return _("**Principle: {principle}.** {line}").format(principle=p.title, line=p.text)


# -- principles on real deals -------------------------------------------------------------------------


@dataclass(frozen=True)
class Moment:
    """A moment of a real deal where the play advisor follows a principle.

    ``round`` is the whole hand, played out by the advisor at every seat;
    ``step`` the number of bids and cards made before the moment (the card the
    hint suggests is event ``step`` of ``round.history``); ``position`` the
    player's view then; ``hint`` the advisor's card and reason; ``seed`` the deal.
    """

    round: Round
    step: int
    position: Position
    hint: PlayHint
    seed: int


def play_by_principles(
    seed: int,
    *,
    bids: Sequence[BidLike] | None = None,
    dealer: SeatLike = "W",
    scores: Mapping[Any, int] | None = None,
    bags: Mapping[Any, int] | None = None,
) -> tuple[Round, list[tuple[Position, PlayHint]]]:
    """Deal ``seed``, bid (``bids`` in turn from the dealer's left, or the bid advisor's
    bids), and let the play advisor play every card, ``scores`` and ``bags`` (side →
    value) being the match so far; returns the finished round and each card's
    position and hint, in play order.

    >>> rnd, hints = play_by_principles(3, bids=[3, 3, 3, 3])
    >>> rnd.is_complete, len(hints), hints[0][1].card == rnd.tricks[0].cards[0]
    (True, 52, True)
    """

    rnd = Round(deal(seed), dealer=dealer, scores=scores)
    for i in range(4):
        seat = rnd.to_act
        assert seat is not None
        bid = (
            bids[i]
            if bids is not None
            else advise_bid(rnd.hand(seat), seat=seat, bids=rnd.bids, scores=scores, bags=bags, samples=0).bid
        )
        rnd.bid(seat, bid)
    played: list[tuple[Position, PlayHint]] = []
    while not rnd.is_complete:
        position = Position.from_round(rnd, bags=bags)
        hint = suggest_play(position)
        played.append((position, hint))
        rnd.play(position.seat, hint.card)
    return rnd, played


def find_moments(
    name: str,
    *,
    seeds: Iterable[int] = range(300),
    bids: Sequence[BidLike] | None = None,
    dealer: SeatLike = "W",
    scores: Mapping[Any, int] | None = None,
    bags: Mapping[Any, int] | None = None,
    count: int = 1,
    accept: Callable[[Position, PlayHint], bool] | None = None,
    judged: bool = False,
) -> list[Moment]:
    """The first ``count`` moments, over the seeded deals, where the advisor follows the
    principle ``name`` (and ``accept(position, hint)`` holds, when given); one per deal.
    With ``judged``, only moments where the one judge finds the principle's card as good as the
    best and some other legal card clearly worse (:func:`judged_as_good`): the moments a chapter
    shows and asks about, so that the principle is right where it is taught and the choice matters.

    >>> [m] = find_moments("third hand high")
    >>> m.hint.principle, m.round.history[m.step].card == m.hint.card
    ('third hand high', True)
    """
    principle(name)
    found: list[Moment] = []
    for seed in seeds:
        rnd, played = play_by_principles(seed, bids=bids, dealer=dealer, scores=scores, bags=bags)
        for i, (position, hint) in enumerate(played):
            if (
                hint.principle == name
                and (accept is None or accept(position, hint))
                and (not judged or judged_as_good(position, hint.card, choice_matters=True))
            ):
                found.append(Moment(rnd, 4 + i, position, hint, seed))
                break
        if len(found) >= count:
            return found
    raise SpadesError(
        ngettext(
            "no deal among the seeds shows {name} {count} time",
            "no deal among the seeds shows {name} {count} times",
            count,
        ).format(name=repr(name), count=count)
    )


def judged_as_good(position: Position, card: Card, *, choice_matters: bool = False) -> bool:
    """Whether the one judge (:func:`~spades_teach.advice.judge.judge`) finds ``card`` the best or
    as good as the best at ``position`` (a close call does not count: a chapter teaches a principle
    where it is surely right); with ``choice_matters``, also whether some legal card is clearly
    worse. ``True`` where the judge gives no verdict (one legal card, two-player Spades). The
    verdicts the chapters ask for are stored (:mod:`~spades_teach.advice.verdicts`).

    >>> p = Position("S", "Q82.K54.A95.T632", bids={"N": 3, "E": 3, "S": 3, "W": 3},
    ...              tricks_won={}, trick=["3H", "7H"])
    >>> judged_as_good(p, Card.parse("KH")), judged_as_good(p, Card.parse("4H"))
    (True, False)
    """
    key = verdict_key(position, card, choice_matters=choice_matters)
    verdict = stored_verdict(key)
    if verdict is None:
        verdict = _judged(position, card, choice_matters=choice_matters)
    remember_verdict(key, verdict)
    return verdict


def _judged(position: Position, card: Card, *, choice_matters: bool) -> bool:
    """:func:`judged_as_good` worked out (the store of :mod:`~spades_teach.advice.verdicts` left aside)."""
    judgement = judge(position)
    if judgement is None or card not in judgement.values:
        return True
    if judgement.verdict(card).kind not in ("best", "as_good"):
        return False
    return not choice_matters or any(judgement.verdict(c).costly for c in judgement.values)


def solver_disagrees(position: Position, hint: PlayHint, deal_round: Round) -> bool:
    """Whether, with every hand of ``deal_round`` in view at ``position``, the double-dummy
    solver finds a card that takes more tricks for the side than the hint's card."""
    return hint.card not in double_dummy_at(position, deal_round).best_cards


def double_dummy_at(position: Position, deal_round: Round) -> DoubleDummy:
    """The double-dummy answer at ``position``, the hidden hands read from ``deal_round``
    (a round of the same deal, finished or not)."""
    from spades_teach.solver import DoubleDummy

    seen = position.seen_mask  # the seat's hand, the cards played and the trick in progress
    others = {s: deal_round.deal[s].mask & ~seen for s in Seat if s is not position.seat}
    return DoubleDummy(position.solver_state(others, check=True))


@dataclass(frozen=True)
class Exception_:
    """A moment where a principle fails: the advisor's card (``moment.hint``) sets the
    side's contract while ``better``, found by the double-dummy solver with every hand
    in view, makes it (or, with ``sets``, lets the opponents make theirs while
    ``better`` sets them). ``tricks`` maps each legal card to the tricks the side takes
    after it, ``need`` is how many more tricks the contract needs."""

    moment: Moment
    better: tuple[Card, ...]
    tricks: Mapping[Card, int]
    need: int
    #: ``True`` when the better cards set the opponents instead (``need``: the tricks they still need).
    sets: bool = False


def find_exception(
    name: str, *, seeds: Iterable[int] = range(200), bids: Sequence[BidLike] | None = None, dealer: SeatLike = "W"
) -> Exception_:
    """The first moment, over the seeded deals played by the advisor, where following
    ``name`` costs the contract: with every hand in view the advisor's card leaves the
    side short of its bid, and another card makes it (a difference in points, not only
    in tricks).

    >>> ex = find_exception("second hand low")
    >>> ex.tricks[ex.moment.hint.card] < ex.need <= ex.tricks[ex.better[0]]
    True
    """

    principle(name)
    for seed in seeds:
        rnd, played = play_by_principles(seed, bids=bids, dealer=dealer)
        for i, (position, hint) in enumerate(played):
            if hint.principle != name:
                continue
            contract, taken = View.from_position(position).contract(int(position.seat))
            need = contract - taken
            if need <= 0:
                continue
            scores = double_dummy_at(position, rnd).card_scores
            if scores[hint.card] < need:
                better = tuple(c for c, v in scores.items() if v >= need)
                if better:
                    return Exception_(Moment(rnd, 4 + i, position, hint, seed), better, scores, need)
    raise SpadesError(_("no deal among the seeds shows {name} costing a contract").format(name=repr(name)))


def find_missed_set(
    name: str, *, seeds: Iterable[int] = range(200), bids: Sequence[BidLike] | None = None, dealer: SeatLike = "W"
) -> Exception_:
    """The first moment, over the seeded deals played by the advisor, where following
    ``name`` lets the opponents make their contract while another card, with every hand
    in view, sets them: a swing of their whole bid, against a bag or two.

    >>> ex = find_missed_set("duck to dodge a bag")
    >>> left = ex.moment.position.tricks_left
    >>> left - ex.tricks[ex.moment.hint.card] >= ex.need > left - ex.tricks[ex.better[0]]
    True
    """

    principle(name)
    for seed in seeds:
        rnd, played = play_by_principles(seed, bids=bids, dealer=dealer)
        for i, (position, hint) in enumerate(played):
            if hint.principle != name:
                continue
            view = View.from_position(position)
            contract, taken = view.contract(view.opponents()[0])
            need = contract - taken
            if contract <= 0 or need <= 0:
                continue
            scores = double_dummy_at(position, rnd).card_scores
            left = position.tricks_left
            if left - scores[hint.card] >= need:
                better = tuple(c for c, v in scores.items() if left - v < need)
                if better:
                    return Exception_(Moment(rnd, 4 + i, position, hint, seed), better, scores, need, sets=True)
    raise SpadesError(
        _("no deal among the seeds shows {name} letting the opponents make a contract they could lose").format(
            name=repr(name)
        )
    )
