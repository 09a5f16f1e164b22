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

from dataclasses import dataclass
from types import MappingProxyType

from spades_teach.errors import SpadesError

__all__ = ["CARD_PLAY", "NIL_PLAY", "BAGS", "PRINCIPLES", "Principle", "principle", "definition"]

CARD_PLAY = "08_card_play"
NIL_PLAY = "09_nil_play"
BAGS = "10_bags_against_sets"


@dataclass(frozen=True)
class Principle:
    """A playing principle: its ``name`` (as hints and chapters write it), its
    one-line definition (``line``) and the ``chapter`` that teaches it."""

    name: str
    line: str
    chapter: str

    def __str__(self) -> str:
        return f"{self.name}: {self.line}"


_ALL = (
    # -- chapter 8: card play ----------------------------------------------------------------------
    Principle("only one legal card", "When the rules leave you a single legal card, play it.", CARD_PLAY),
    Principle("second hand low", "Second to play in a trick, play low: your partner still plays after you.", CARD_PLAY),
    Principle(
        "third hand high",
        "Third to play, play high to win the trick or to force out a higher card, but no higher than needed.",
        CARD_PLAY,
    ),
    Principle(
        "win as cheaply as possible",
        "When you can win a trick, win it with the lowest card that surely does.",
        CARD_PLAY,
    ),
    Principle(
        "play low when you cannot win",
        "When you cannot beat the winning card, play your lowest card of the suit.",
        CARD_PLAY,
    ),
    Principle(
        "take the tricks you need",
        "When your side needs nearly every trick that is left, play your best card now instead of waiting.",
        CARD_PLAY,
    ),
    Principle(
        "don't trump your partner's winner",
        "When your partner's card is winning and nobody after you can beat it, play low or discard: never ruff it.",
        CARD_PLAY,
    ),
    Principle(
        "ruff", "With none of the suit that was led, a spade wins the trick: ruff when your side needs it.", CARD_PLAY
    ),
    Principle("over-ruff", "When an opponent has ruffed and you hold a higher spade, ruff over them.", CARD_PLAY),
    Principle(
        "draw spades",
        "Holding the highest spade left, lead spades to pull out the opponents' spades before they ruff your winners.",
        CARD_PLAY,
    ),
    Principle(
        "count the spades",
        "Count the 13 spades, and the 13 cards of each suit, as they fall: then you know which cards are the highest left.",
        CARD_PLAY,
    ),
    Principle(
        "cash your winners", "Lead a card nobody can beat while the opponents still have to follow suit.", CARD_PLAY
    ),
    Principle(
        "lead the top of a sequence",
        "From touching high cards such as K Q, lead the top one: it forces out the ace and the next card becomes the winner.",
        CARD_PLAY,
    ),
    Principle(
        "lead from length",
        "With nothing better, lead low from your longest side suit and keep its high cards for later.",
        CARD_PLAY,
    ),
    Principle(
        "lead a singleton",
        "With spades to spare, lead your single card of a suit, so that you can ruff that suit later.",
        CARD_PLAY,
    ),
    Principle("lead to your partner's void", "Lead a suit your partner has shown out of: they can ruff it.", CARD_PLAY),
    Principle(
        "discard from a short suit",
        "When you can neither follow suit nor win, throw a low card from your shortest side suit to make a void.",
        CARD_PLAY,
    ),
    # -- chapter 9: Nil play ------------------------------------------------------------------------
    Principle(
        "the Nil checklist",
        "Bid Nil only with at most three low spades, no ace or king you cannot throw away, and low cards in every long suit.",
        NIL_PLAY,
    ),
    Principle(
        "lead low on a Nil",
        "As the Nil bidder, lead your lowest card of the suit where the others hold the most higher cards.",
        NIL_PLAY,
    ),
    Principle(
        "stay under the winning card",
        "As the Nil bidder, play a card lower than the one that is winning the trick.",
        NIL_PLAY,
    ),
    Principle(
        "dump your high cards",
        "As the Nil bidder, while a higher card is winning, play your highest card that stays under it, or discard your most dangerous card.",
        NIL_PLAY,
    ),
    Principle(
        "play low and hope",
        "As the Nil bidder, when every card you may play could win, play your lowest and hope a later card is higher.",
        NIL_PLAY,
    ),
    Principle(
        "lead high for your partner's Nil",
        "With a Nil partner, lead high cards so that they can play under them.",
        NIL_PLAY,
    ),
    Principle(
        "lead the Nil bidder's void",
        "With a Nil partner, lead a suit they have none of: they throw their high cards on it.",
        NIL_PLAY,
    ),
    Principle(
        "cover your partner's Nil",
        "Play last or high over your Nil partner: take the trick with a card above theirs so that they stay under it.",
        NIL_PLAY,
    ),
    Principle(
        "set the Nil",
        "Against a Nil bidder, lead low and play under their card, so that they are forced to win a trick.",
        NIL_PLAY,
    ),
    # -- chapter 10: bags against sets --------------------------------------------------------------
    Principle(
        "a bag costs ten points", "Ten bags cost 100 points, so each bag costs about ten points over a match.", BAGS
    ),
    Principle(
        "duck to dodge a bag",
        "Once your contract is made, play under the winning card: each extra trick is a bag.",
        BAGS,
    ),
    Principle(
        "take a bag to set them", "When one more trick sets the opponents, take it, even if it is a bag for you.", BAGS
    ),
    Principle(
        "push bags onto the opponents",
        "When your own contract is lost, or the opponents are close to ten bags, let them take the extra tricks.",
        BAGS,
    ),
    Principle(
        "the total of the bids",
        "Add the four bids: well under 13 means bags are coming; 13 or more means somebody will be set.",
        BAGS,
    ),
    Principle(
        "play to the score",
        "At the end of a match, play for the tricks that win it or stop the opponents from winning it; bags no longer matter.",
        BAGS,
    ),
    Principle(
        "bid to the score",
        "At the end of a match, bid what stops the opponents reaching the target, not the safest number.",
        BAGS,
    ),
    Principle(
        "blind Nil when far behind",
        "Bid blind Nil only when 100 points or more behind, as a last chance to catch up.",
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
        raise SpadesError(f"unknown principle {name!r}") from None


def definition(name: str) -> str:
    """The paragraph a chapter writes to define the principle ``name``.

    >>> definition("ruff")
    '**Principle: ruff.** With none of the suit that was led, a spade wins the trick: ruff when your side needs it.'
    """
    p = principle(name)
    return f"**Principle: {p.name}.** {p.line}"
