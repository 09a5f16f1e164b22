"""The words of the course: each term with a one-line definition and the chapter that teaches it.

Chapter 16 prints the glossary from here, and hints or reviews may show a term's definition where the
word appears, so a word is defined once.

>>> define("ruff")
'to play a spade on a trick of another suit, when you hold none of the suit led'
>>> TERMS_BY_NAME["bag"].chapter
4
>>> 'class="st-glossary"' in glossary_html()
True
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from types import MappingProxyType

from spades_teach.errors import SpadesError
from spades_teach.i18n import _, get_language
from spades_teach.render.html import LIST_STYLE
from spades_teach.render.lexicon import WORDS, sort_key

__all__ = ["Term", "TERMS", "TERMS_BY_NAME", "define", "glossary_html", "GLOSSARY_CHAPTER"]

#: The chapter that prints the whole glossary.
GLOSSARY_CHAPTER = 16


@dataclass(frozen=True)
class Term:
    """A word of the game: its ``name``, a one-line ``definition``, the ``chapter`` that teaches it,
    and the ``pattern`` (a regular expression, case-insensitive) that finds it in a chapter's text."""

    name: str
    definition: str
    chapter: int
    pattern: str = ""

    @property
    def regex(self) -> re.Pattern[str]:
        """The compiled pattern; by default the name as a whole word (plural allowed)."""
        return re.compile(self.pattern or rf"\b{re.escape(self.name)}s?\b", re.IGNORECASE)


TERMS: tuple[Term, ...] = (
    Term("partner", "the player sitting opposite you; partners score as one team", 1),
    Term("dealer", "the player who deals the cards; bidding and play start on the dealer's left", 1),
    Term(
        "trick",
        "one card from each player in turn; the highest spade, or else the highest card of the suit led, wins it",
        2,
    ),
    Term("lead", "to play the first card of a trick; the winner of a trick leads the next", 2, r"\blead(s|ing)?\b"),
    Term("follow suit", "to play a card of the suit led, which you must do when you can", 2, r"\bfollows? suit\b"),
    Term("void", "a suit you hold no card of", 2, r"\bvoids?\b"),
    Term(
        "trump",
        "a spade: any spade beats any card of the other suits; to trump is to play one on another suit",
        2,
        r"\btrump(s|ing|ed)?\b",
    ),
    Term(
        "ruff",
        "to play a spade on a trick of another suit, when you hold none of the suit led",
        2,
        r"\bruff(s|ing|ed)?\b",
    ),
    Term(
        "discard",
        "to play a card of another suit, not a spade, when you cannot follow suit; it never wins",
        2,
        r"\bdiscard(s|ing|ed)?\b",
    ),
    Term(
        "broken spades",
        "spades are broken once a spade has been played on a trick of another suit; until then nobody may lead a "
        "spade, unless they hold nothing but spades",
        2,
        r"\bspades (are |were )?broken\b|\bbreak(s|ing)? spades\b",
    ),
    Term("cash", "to lead a winner and take the trick at once", 2, r"\bcash(es|ing|ed)?\b"),
    Term("book", 'another name for a trick, heard at many tables: "we need two more books"', 2, r"\bbooks?\b"),
    Term("bid", "the number of tricks a player says they will win, from 0 (Nil) to 13", 2, r"\bbid(s|ding)?\b"),
    Term("contract", "the two partners' bids added together: the tricks the team must win", 3, r"\bcontracts?\b"),
    Term(
        "count",
        "adding up what each card and short suit of a hand is worth in tricks, before bidding",
        3,
        r"\bcount(ing)? (a|your|the) hand\b",
    ),
    Term(
        "sure trick",
        "a trick no holding of the other players can stop you winning, such as the A♠",
        3,
        r"\bsure tricks?\b",
    ),
    Term(
        "guard",
        "a smaller card of the same suit that protects a king or queen from being caught",
        3,
        r"\bguard(s|ed)?\b",
    ),
    Term("singleton", "a suit of a single card in your hand", 3, r"\bsingletons?\b"),
    Term("doubleton", "a suit of two cards in your hand", 3, r"\bdoubletons?\b"),
    Term(
        "set",
        "a team is set when it takes fewer tricks than its contract: it loses ten points per trick bid",
        4,
        r"\b(go(es|ing)?|is|was|being|gone) set\b",
    ),
    Term("bag", "a trick taken beyond the contract: one point now, and every tenth bag costs 100", 4, r"\bbags?\b"),
    Term("bag penalty", "the 100 points a team loses each time its bag counter reaches 10", 5, r"\bbag penalty\b"),
    Term("Nil", "a bid to take no trick at all: +100 if made, −100 if not", 6, r"\bnil\b"),
    Term("blind Nil", "a Nil bid before looking at your cards: +200 or −200", 6, r"\bblind nil\b"),
    Term(
        "cover",
        "to play a higher card than your partner's, so that a partner who bid Nil does not win the trick",
        6,
        r"\bcover(s|ing|ed)?\b",
    ),
    Term("target", "the score that ends the match, usually 500", 7, r"\btarget\b"),
    Term("loss limit", "the score (−200 usually) at which a team loses the match at once", 7, r"\bloss limit\b"),
    Term(
        "second hand low",
        "the second player of a trick usually plays a low card: their partner, who plays last, can still win the trick",
        8,
        r"\bsecond hand low\b",
    ),
    Term(
        "third hand high",
        "the third player of a trick usually plays high to win it or force out a higher card",
        8,
        r"\bthird hand high\b",
    ),
    Term(
        "over-ruff",
        "to ruff with a higher spade than an opponent who has already ruffed the same trick",
        8,
        r"\bover-?ruff(s|ing|ed)?\b",
    ),
    Term(
        "draw spades",
        "to lead spades so that the opponents must follow with theirs, before they can ruff your winners",
        8,
        r"\bdraw(s|ing)? spades\b",
    ),
    Term(
        "duck",
        "to play a card lower than the one winning the trick, leaving the trick to another player on purpose",
        10,
        r"\bduck(s|ed|ing)?\b",
    ),
    Term(
        "double dummy",
        "the tricks each side takes when every card is face up and all four play perfectly",
        12,
        r"\bdouble[- ]dummy\b",
    ),
    Term(
        "renege",
        "failing to follow suit when you could; where it is not prevented it costs three tricks",
        14,
        r"\brenege\b",
    ),
    Term(
        "minimum team bid",
        "a house rule: the two partners' bids must add up to at least 4",
        14,
        r"\bminimum team bid\b",
    ),
)

TERMS_BY_NAME = MappingProxyType({t.name: t for t in TERMS})


def _wording(term: Term) -> tuple[str, str]:
    """The term's word and definition in the language in use: the terms above in English, the
    course's trilingual lexicon (``data/glossary.json``, :mod:`spades_teach.render.lexicon`) in
    French and Spanish."""
    language = get_language()
    if language == "en":
        return term.name, term.definition
    wording = WORDS[term.name].wordings[language]
    return wording.term, wording.definition


def define(name: str) -> str:
    """The one-line definition of a term of the glossary (its English name, any case), in the
    language in use."""
    for term in TERMS:
        if term.name.lower() == name.strip().lower():
            return _wording(term)[1]
    known = ", ".join(t.name for t in TERMS)
    raise SpadesError(_("{name} is not in the glossary; its terms are: {known}").format(name=repr(name), known=known))


def glossary_html() -> str:
    """The whole glossary as an HTML definition list, in the alphabetical order of the language in use.

    >>> from spades_teach.i18n import set_language
    >>> set_language("fr")
    >>> "<dt><b>surplus</b> <small>(chapitre 4)</small></dt>" in glossary_html()
    True
    >>> set_language("en")
    """
    entries = sorted(((*_wording(t), t.chapter) for t in TERMS), key=lambda e: sort_key(e[0]))
    chapter_words = _("chapter {number}")
    items = "".join(
        f"<dt><b>{html.escape(word)}</b> <small>({html.escape(chapter_words.format(number=chapter))})"
        f"</small></dt><dd>{html.escape(definition)}</dd>"
        for word, definition, chapter in entries
    )
    return LIST_STYLE + f'<dl class="st-glossary">{items}</dl>'
