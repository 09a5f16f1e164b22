"""How cards, hands, seats and deals are written as text, and read back.

This module owns the written form of the game: the letters, symbols and words of
suits, ranks, seats and teams, the grammar of a hand (dotted, suit-labelled or a
card list) and of a PBN-style deal, and the error each malformed text gets. It
works on plain numbers (suit 0–3 in display order, rank 2–14, card index 0–51,
seat 0–3, 52-bit masks), so it sits under the value types: :class:`Card`,
:class:`Hand`, :class:`Seat` and :class:`Deal` call it from their ``parse``,
``coerce`` and ``str``.

>>> read_cards("AS 10h")
[0, 17]
>>> dotted(read_hand("S: AKQ3 H: K52 D: 7 C: A9842"))
'AKQ3.K52.7.A9842'
>>> labelled(read_hand("AKQ3.K52.7.A9842"))
'♠AKQ3 ♥K52 ♦7 ♣A9842'
>>> read_deal("S:AKQ3.K52.7.A9842 - KT9.AQ.K5432.QJ -")
(2, ['AKQ3.K52.7.A9842', None, 'KT9.AQ.K5432.QJ', None])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from spades_teach.errors import LanguageError, ParseError
from spades_teach.i18n import LANGUAGES, _, get_language, pgettext

__all__ = [
    "Named",
    "SUIT_LETTERS",
    "SUIT_SYMBOLS",
    "SUIT_WORDS",
    "RANK_LETTERS",
    "SEAT_LETTERS",
    "SEAT_WORDS",
    "TEAM_WORDS",
    "card_index",
    "card_text",
    "rank_label",
    "rank_face",
    "card_face",
    "card_name",
    "suit_word",
    "seat_letter",
    "seat_word",
    "team_word",
    "side_letters",
    "suit_number",
    "rank_value",
    "seat_number",
    "team_number",
    "card_names",
    "suit_names",
    "rank_names",
    "seat_names",
    "read_card",
    "read_cards",
    "read_hand",
    "dotted",
    "labelled",
    "hand_examples",
    "EXAMPLE_HAND",
    "read_deal",
    "write_deal",
]

SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
#: The plural English name of each suit, used in sentences ("must follow hearts").
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
#: Rank ``r`` (2–14) is written ``RANK_LETTERS[r - 2]``.
RANK_LETTERS = "23456789TJQKA"
SEAT_LETTERS = "NESW"
SEAT_WORDS = ("North", "East", "South", "West")
TEAM_WORDS = ("North–South", "East–West")

# The outline suit symbols are read as the solid ones.
_OUTLINE_SYMBOLS = "♤♡♢♧"

# Lower-case suit names (letter, symbol, plural and singular word) -> suit number.
_SUIT_NAMES: dict[str, int] = {}
for _s in range(4):
    for _name in (SUIT_LETTERS[_s], SUIT_SYMBOLS[_s], SUIT_WORDS[_s], SUIT_WORDS[_s][:-1]):
        _SUIT_NAMES[_name.lower()] = _s
    _SUIT_NAMES[_OUTLINE_SYMBOLS[_s]] = _s
# Upper-case rank names -> rank value.
_RANK_NAMES: dict[str, int] = {letter: value for value, letter in enumerate(RANK_LETTERS, start=2)}
_RANK_NAMES["10"] = 10
# Lower-case seat letters and words -> seat number: the English ones and the French and Spanish
# ones (O for Ouest and Oeste; no letter or word of one language names another seat in another),
# read in every language, so a learner may type a seat as any of the three languages writes it.
_SEAT_NAMES: dict[str, int] = {}
_LOCAL_SEAT_SPELLINGS: tuple[tuple[str, ...], ...] = (
    ("n", "north", "nord", "norte"),
    ("e", "east", "est", "este"),
    ("s", "south", "sud", "sur"),
    ("w", "west", "o", "ouest", "oeste"),
)
for _n, _spellings in enumerate(_LOCAL_SEAT_SPELLINGS):
    for _spelling in _spellings:
        _SEAT_NAMES[_spelling] = _n
# Each team written as letters or words (upper case, separators removed) -> team number.
_TEAM_NAMES: dict[str, int] = {}
for _t, _spellings in enumerate(
    (
        ("NS", "SN", "NORTHSOUTH", "NORDSUD", "NORTESUR"),
        ("EW", "WE", "EO", "OE", "EASTWEST", "ESTOUEST", "ESTEOESTE"),
    )
):
    for _spelling in _spellings:
        _TEAM_NAMES[_spelling] = _t

# -- the notation of each language ---------------------------------------------------------
#
# Players write cards in their own language: French players use R (roi), D (dame), V (valet) for
# K, Q, J and name the suits pique, cœur, carreau, trèfle; Spanish players (the Spanish rule text)
# keep A K Q J and name the suits picas, corazones, diamantes, tréboles. Neither has suit letters
# that all agree with the English ones (French bridge's P C K T and a Spanish P C D T would read C,
# T and K the other way round), so the suit is written with its symbol or its word, and the English
# letters S H D C are read too. The interchange forms (``str(card)``, dotted hands, PBN deals and
# records) stay in the English letters in every language, so a file reads back anywhere.
#
# The one clash: French D (dame) against English D (diamonds). The rule is by position. In a card,
# the suit comes last: "DD" is the queen of diamonds, "QD" too, "DS" the queen of spades, and "D"
# alone is a queen without a suit. A card written suit first ("♦D", "SD") is read that way when the
# rank-first reading fails. In a hand, a card list alternates rank and suit ("DD RS" = Q♦ K♠); in a
# suit-labelled hand, D is the diamonds label only as "D:" (or ♦); a bare D is a dame.

#: The rank letters each language reads besides the English ones: letter -> rank value (French R, D,
#: V for roi, dame, valet; Spanish R and D for rey and dama, though Spanish players print K Q J).
#: A language prints the letters its catalog gives (:func:`rank_face`); each of them is read here.
_LOCAL_RANK_LETTERS: dict[str, dict[str, int]] = {"fr": {"R": 13, "D": 12, "V": 11}, "es": {"R": 13, "D": 12}}
#: The suit letters French and Spanish players use (spades, hearts, diamonds, clubs): French bridge's
#: P C K T and a Spanish P C D T. They clash with the English letters (C is clubs, T a ten, K a king),
#: so they are read only as the labels of a whole hand written in them ("P: ARD3 C: R52 K: D73 T: A94",
#: recognised by a letter English never uses as a label, P, K or T); elsewhere a learner who types one
#: is told which letters to use.
_LOCAL_SUIT_LETTERS: dict[str, str] = {"fr": "PCKT", "es": "PCDT"}
# The words a sentence says for the suits, the seats and the teams come from the catalogs, as every
# printed word does: each is its English word, with a context that tells it from the same English
# word elsewhere. (The spellings below are what a learner may type: tables for reading, not printing.)
_SUIT_WORD_MESSAGES: tuple[Callable[[], str], ...] = (
    lambda: pgettext("suit word", "spades"),
    lambda: pgettext("suit word", "hearts"),
    lambda: pgettext("suit word", "diamonds"),
    lambda: pgettext("suit word", "clubs"),
)
_SEAT_WORD_MESSAGES: tuple[Callable[[], str], ...] = (
    lambda: pgettext("seat name", "North"),
    lambda: pgettext("seat name", "East"),
    lambda: pgettext("seat name", "South"),
    lambda: pgettext("seat name", "West"),
)
_TEAM_WORD_MESSAGES: tuple[Callable[[], str], ...] = (
    lambda: pgettext("team name", "North–South"),
    lambda: pgettext("team name", "East–West"),
)
# Every spelling of each suit's word in a language (singular, plural, without accents).
_LOCAL_SUIT_SPELLINGS: dict[str, tuple[tuple[str, ...], ...]] = {
    "fr": (
        ("pique", "piques"),
        ("cœur", "cœurs", "coeur", "coeurs"),
        ("carreau", "carreaux"),
        ("trèfle", "trèfles", "trefle", "trefles"),
    ),
    "es": (
        ("pica", "picas"),
        ("corazón", "corazones", "corazon"),
        ("diamante", "diamantes"),
        ("trébol", "tréboles", "trebol", "treboles"),
    ),
}
# Each language's words for the honours, upper case (a card may be written "dame de cœur").
_LOCAL_RANK_WORDS: dict[str, dict[str, int]] = {
    "en": {"ACE": 14, "KING": 13, "QUEEN": 12, "JACK": 11},
    "fr": {"AS": 14, "ROI": 13, "DAME": 12, "VALET": 11},
    "es": {"AS": 14, "REY": 13, "REINA": 12, "DAMA": 12, "JOTA": 11},
}
# The word between rank and suit in a written-out card ("dame de cœur", "rey de picas").
_OF_WORDS = ("DE", "OF")


def _language() -> str:
    return get_language()


def _suit_table(language: str) -> dict[str, int]:
    """Lower-case suit names read in ``language``: the English ones and the language's words."""
    table = dict(_SUIT_NAMES)
    for suit, spellings in enumerate(_LOCAL_SUIT_SPELLINGS.get(language, ())):
        for spelling in spellings:
            table[spelling] = suit
    return table


def _rank_table(language: str) -> dict[str, int]:
    """Upper-case rank letters read in ``language``: the English ones and the language's own."""
    table = dict(_RANK_NAMES)
    table.update(_LOCAL_RANK_LETTERS.get(language, {}))
    return table


_SUIT_TABLES = {language: _suit_table(language) for language in LANGUAGES}
_RANK_TABLES = {language: _rank_table(language) for language in LANGUAGES}


def card_index(rank: int, suit: int) -> int:
    """The index of a card (0 = A♠ … 51 = 2♣): suits in display order, each from the ace down."""
    return suit * 13 + (14 - rank)


def card_text(index: int) -> str:
    """The two-character code of a card: ``AS``, ``TH`` (the same in every language)."""
    return RANK_LETTERS[12 - index % 13] + SUIT_LETTERS[index // 13]


def rank_label(rank: int) -> str:
    """The rank as printed on an English card face: ``10`` rather than ``T``."""
    return "10" if rank == 10 else RANK_LETTERS[rank - 2]


# -- names a sentence places: a card or a seat with its article --------------------------------
#
# A translated sentence never glues an article to a card or a seat: it names the value with a
# format spec, and the value writes the article its language needs for that rank or seat. The
# spec is the article or preposition as the language writes it before a masculine word:
#
#   French:  {card:le} -> le R♠, la D♠, l'A♠     {card:Le} -> Le / La / L'   {card:de} -> du R♠,
#            de la D♠, de l'A♠                   {card:à} -> au R♠, à la D♠, à l'A♠
#            {card:que} -> que le R♠, que l'A♠
#            {seat:de} -> de Nord, d'Ouest       {seat:à} -> à Nord     {seat:que} -> que Nord, qu'Ouest
#   Spanish: {card:el} -> el K♠, la Q♠, la J♠    {card:El}  {card:del} -> del K♠, de la Q♠
#            {card:al} -> al K♠, a la Q♠         {seat:del} -> de Oeste   {seat:al} -> a Oeste
#   Agreement: {card:Seul|Seule} -> the masculine or the feminine word, as the card's name is
#            (French dame, Spanish reina and jota are feminine).
#
# English needs none of this (``{card}`` is the card itself), and a spec the language does not
# know raises :class:`LanguageError` naming it, so a catalog's slip shows at once.

# spec -> (before a masculine word, before a feminine one, before a word that elides).
_CARD_FORMS: dict[str, tuple[str, str, str]] = {
    "le": ("le {}", "la {}", "l'{}"),
    "Le": ("Le {}", "La {}", "L'{}"),
    "de": ("du {}", "de la {}", "de l'{}"),
    "que": ("que le {}", "que la {}", "que l'{}"),
    "à": ("au {}", "à la {}", "à l'{}"),
    "el": ("el {}", "la {}", "el {}"),
    "El": ("El {}", "La {}", "El {}"),
    "del": ("del {}", "de la {}", "del {}"),
    "al": ("al {}", "a la {}", "al {}"),
    "the": ("the {}", "the {}", "the {}"),
}
# A seat's name takes no article: only its preposition, elided in French before a vowel.
_NAME_FORMS: dict[str, tuple[str, str, str]] = {
    "le": ("{}", "{}", "{}"),
    "Le": ("{}", "{}", "{}"),
    "de": ("de {}", "de {}", "d'{}"),
    "que": ("que {}", "que {}", "qu'{}"),
    "à": ("à {}", "à {}", "à {}"),
    "el": ("{}", "{}", "{}"),
    "El": ("{}", "{}", "{}"),
    "del": ("de {}", "de {}", "de {}"),
    "al": ("a {}", "a {}", "a {}"),
    "the": ("{}", "{}", "{}"),
}
# The ranks whose name is feminine, and those whose name elides an article, in each language.
_FEMININE_RANKS = {"fr": frozenset({12}), "es": frozenset({11, 12})}
_ELIDING_RANKS = {"fr": frozenset({14})}


class Named(str):
    """A card's or a seat's name as a sentence of the language in use writes it (``"D♠"``,
    ``"Ouest"``), which also writes itself with the article or preposition the sentence asks
    for through a format spec (see the table above).

    >>> from spades_teach.i18n import language
    >>> with language("fr"):
    ...     queen, ace, west = card_face(card_index(12, 0)), card_face(card_index(14, 2)), seat_word(3)
    ...     "{c:Seul|Seule} {c:le} · {a:Le} · {a:de} · {w:de}".format(c=queen, a=ace, w=west)
    "Seule la D♠ · L'A♦ · de l'A♦ · d'Ouest"
    >>> with language("es"):
    ...     "{c:el}, {c:del}, {k:al}".format(c=card_face(card_index(11, 1)), k=card_face(card_index(13, 0)))
    'la J♥, de la J♥, al K♠'
    """

    rank: int
    elides: bool
    language: str

    def __new__(cls, text: str, *, rank: int = 0, elides: bool = False) -> Named:
        self = super().__new__(cls, text)
        self.rank = rank
        self.elides = elides
        self.language = _language()
        return self

    def __reduce__(self) -> tuple[type[str], tuple[str]]:
        return (str, (str(self),))

    @property
    def feminine(self) -> bool:
        """Whether the name is feminine in its language (a card: French dame, Spanish reina, jota)."""
        return self.rank in _FEMININE_RANKS.get(self.language, ())

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        if "|" in spec:
            masculine, _bar, feminine = spec.partition("|")
            return feminine if self.feminine else masculine
        forms = (_CARD_FORMS if self.rank else _NAME_FORMS).get(spec)
        if forms is None:
            try:  # a width or an alignment, as for any text ("{seat:<5}")
                return format(str(self), spec)
            except ValueError:
                raise LanguageError(
                    f"unknown article {spec!r} before {str(self)!r}: "
                    f"use one of {', '.join(_CARD_FORMS)}, masculine|feminine, or a width"
                ) from None
        elides = self.elides or self.rank in _ELIDING_RANKS.get(self.language, ())
        form = forms[2] if elides else forms[1] if self.feminine else forms[0]
        return form.format(str(self))


def rank_face(rank: int) -> str:
    """The rank as a player of the language in use writes it: ``Q`` in English and
    Spanish, ``D`` (dame) in French; ``10`` for the ten."""
    honour = _HONOUR_LETTER_MESSAGES.get(rank)
    return honour() if honour is not None else rank_label(rank)


# The honours' letters as each language prints them, from the catalogs (French R, D, V).
_HONOUR_LETTER_MESSAGES: dict[int, Callable[[], str]] = {
    13: lambda: pgettext("rank letter", "K"),
    12: lambda: pgettext("rank letter", "Q"),
    11: lambda: pgettext("rank letter", "J"),
}


def card_face(index: int) -> str:
    """A card as a player of the language in use writes it: rank then suit symbol,
    ``Q♥`` in English and Spanish, ``D♥`` in French."""
    language = _language()
    found = _FACES.get((language, index))
    if found is None:
        rank = 14 - index % 13
        found = _FACES[language, index] = Named(rank_face(rank) + SUIT_SYMBOLS[index // 13], rank=rank)
    return found


_FACES: dict[tuple[str, int], Named] = {}


def card_name(index: int) -> str:
    """A card named in a message of the language in use: its face, as a player writes it
    (``Q♥`` in English and Spanish, ``D♥`` in French), never the interchange code ``QH``
    (a learner who clicked or typed the card reads it as it looks)."""
    return card_face(index)


def seat_word(seat: int) -> str:
    """The seat's name in a sentence of the language in use: ``North``, ``Nord``, ``Norte``."""
    word = _SEAT_WORD_MESSAGES[seat]()
    return Named(word, elides=word[0] in "AEIOU")


def seat_letter(seat: int) -> str:
    """The seat's initial as printed for a player of the language in use (score sheets, tricks):
    ``W`` in English, ``O`` (Ouest, Oeste) in French and Spanish. Printing only: what a learner
    may type is read by :func:`seat_number`."""
    letters = (
        pgettext("seat letter", "N"),
        pgettext("seat letter", "E"),
        pgettext("seat letter", "S"),
        pgettext("seat letter", "W"),
    )
    return Named(letters[seat])


def suit_word(suit: int) -> str:
    """The suit's name in a sentence of the language in use: ``hearts``, ``cœur``, ``corazones``."""
    return _SUIT_WORD_MESSAGES[suit]()


def team_word(team: int) -> str:
    """The team's name in a sentence of the language in use: ``East–West``, ``Est–Ouest``, ``Este–Oeste``."""
    return _TEAM_WORD_MESSAGES[team]()


def suit_number(value: object) -> int:
    """The suit named by ``"S"``, ``"♠"``, ``"spades"`` or ``"spade"`` (any case),
    or by its word in the language in use (``"cœur"``, ``"corazones"``)."""
    if isinstance(value, str):
        found = _SUIT_TABLES[_language()].get(value.strip().lower())
        if found is not None:
            return found
    raise ParseError(_("unknown suit {text}: use S, H, D, C or ♠ ♥ ♦ ♣").format(text=repr(value)))


def rank_value(value: object) -> int:
    """The rank (2–14) named by ``"2"``–``"9"``, ``"T"`` or ``"10"``, ``"J"``, ``"Q"``,
    ``"K"``, ``"A"``, or by the letters of the language in use (French ``"R"``, ``"D"``, ``"V"``)."""
    if isinstance(value, str):
        found = _RANK_TABLES[_language()].get(value.strip().upper())
        if found is not None:
            return found
    raise ParseError(_("unknown rank {text}: use 2-9, T or 10, J, Q, K, A").format(text=repr(value)))


def seat_number(value: object) -> int:
    """The seat (0–3) named by ``"N"`` or ``"north"`` (any case), or as French and Spanish
    write it (``"O"``, ``"Ouest"``, ``"Oeste"``, ``"Nord"``, ``"Norte"`` …), in every language.

    >>> [seat_number(text) for text in ("W", "O", "ouest", "Oeste", "sur", "Est")]
    [3, 3, 3, 3, 2, 1]
    """
    if isinstance(value, str):
        found = _SEAT_NAMES.get(value.strip().lower())
        if found is not None:
            return found
    raise ParseError(_("unknown seat {text}: use N, E, S or W").format(text=repr(value)))


def team_number(value: object) -> int:
    """The team (0 = North–South, 1 = East–West) named by ``"NS"`` or ``"EW"``
    (also ``"SN"``, ``"WE"``, ``"N-S"``, ``"N/S"``, any case), by the French and Spanish
    letters ``"EO"`` and ``"OE"``, or in words (``"Est–Ouest"``, ``"Norte-Sur"``).

    >>> [team_number(text) for text in ("EW", "EO", "e-o", "Este–Oeste", "NS")]
    [1, 1, 1, 1, 0]
    """
    if isinstance(value, str):
        key = re.sub(r"[\s/–—-]+", "", value.strip().upper())
        found = _TEAM_NAMES.get(key)
        if found is not None:
            return found
    raise ParseError(_("unknown team {text}: use NS or EW").format(text=repr(value)))


def side_letters(team: int) -> str:
    """A team's letters as printed for a player of the language in use: ``NS``, and ``EW``
    in English, ``EO`` (Est–Ouest, Este–Oeste) in French and Spanish; :func:`team_number`
    reads them back."""
    return pgettext("team letters", "EW") if int(team) == 1 else pgettext("team letters", "NS")


def suit_names() -> dict[str, int]:
    """Every lower-case English name of every suit -> suit number (for a value type's fast lookup)."""
    return dict(_SUIT_NAMES)


def rank_names() -> dict[str, int]:
    """Every upper-case English name of every rank -> rank value (for a value type's fast lookup)."""
    return dict(_RANK_NAMES)


def seat_names() -> dict[str, int]:
    """Every lower-case name of every seat -> seat number (for a value type's fast lookup)."""
    return dict(_SEAT_NAMES)


def card_names() -> dict[str, int]:
    """Every exact spelling of every card that needs no clean-up (``AS``, ``as``,
    ``10♥``, ``T♡`` …) -> card index: the fast path of reading a card. These English
    spellings mean the same card in every language (see the rule above)."""
    names: dict[str, int] = {}
    for index in range(52):
        rank, suit = 14 - index % 13, index // 13
        for r in {RANK_LETTERS[rank - 2], rank_label(rank)}:
            for s in (SUIT_LETTERS[suit], SUIT_SYMBOLS[suit]):
                names[r + s] = index
                names[(r + s).lower()] = index
            names[r + _OUTLINE_SYMBOLS[suit]] = index
    return names


_CARD_NAMES = card_names()


def _read_card_in_words(key: str, ranks: dict[str, int], suits: dict[str, int]) -> int | None:
    """A card written out: ``"dame de cœur"``, ``"D cœur"``, ``"rey de picas"``, ``"10 de trèfle"``
    (``key`` upper case); ``None`` if it is not one."""
    words = key.split()
    if len(words) == 3 and words[1] in _OF_WORDS:
        words = [words[0], words[2]]
    if len(words) != 2:
        return None
    rank = ranks.get(words[0], _rank_word(words[0]))
    suit = suits.get(words[1].lower())
    if rank is None or suit is None:
        return None
    return card_index(rank, suit)


def _rank_word(key: str) -> int | None:
    """The rank an upper-case word names in the language in use or in English (``DAME``, ``QUEEN``)."""
    found = _LOCAL_RANK_WORDS.get(_language(), {}).get(key)
    return found if found is not None else _LOCAL_RANK_WORDS["en"].get(key)


def read_card(text: object) -> int:
    """The index of the card written ``text``: rank ``2-9, T, 10, J, Q, K, A`` then
    suit ``S H D C`` or a symbol, any case, spaces around ignored; suit first
    (``"♠A"``) works too. In French the ranks R, D, V and in French and Spanish the
    suit words are read too (``"DS"``, ``"R♥"``, ``"dame de cœur"``, ``"rey de picas"``).
    A malformed card gets an error naming the faulty part."""
    if not isinstance(text, str):
        raise ParseError(_("a card must be given as text like 'AS', not {text}").format(text=repr(text)))
    found = _CARD_NAMES.get(text)
    if found is not None:
        return found
    key = text.strip().upper().replace("\ufe0f", "")
    found = _CARD_NAMES.get(key)
    if found is not None:
        return found
    if not key:
        raise ParseError(_("empty card: write a card like 'AS' or '10H'"))
    language = _language()
    ranks, suits = _RANK_TABLES[language], _SUIT_TABLES[language]
    if " " in key:
        found = _read_card_in_words(key, ranks, suits)
        if found is not None:
            return found
    if key in ranks:
        raise ParseError(
            _("card {text} has no suit: add S, H, D or C, as in '{example}'").format(text=repr(text), example=key + "S")
        )
    # Rank first: the suit is the last character.
    if key[-1].lower() in suits:
        rank_part = key[:-1]
        if rank_part in ranks:
            return card_index(ranks[rank_part], suits[key[-1].lower()])
        # Suit first ("♦D", "SD"), when the rank-first reading fails.
        if key[0].lower() in suits and key[1:] in ranks:
            return card_index(ranks[key[1:]], suits[key[0].lower()])
        if not rank_part:
            raise ParseError(
                _("card {text} has no rank: put 2-9, T or 10, J, Q, K or A before the suit").format(text=repr(text))
            )
        raise ParseError(
            _("unknown rank {rank} in card {text}: use 2-9, T or 10, J, Q, K, A").format(
                rank=repr(rank_part), text=repr(text)
            )
        )
    if key[0].lower() in suits and key[1:] in ranks:
        return card_index(ranks[key[1:]], suits[key[0].lower()])
    raise ParseError(
        _("unknown suit {suit} in card {text}: use S, H, D, C or ♠ ♥ ♦ ♣").format(suit=repr(key[-1]), text=repr(text))
    )


# -- hands --------------------------------------------------------------------------------

_SEPARATORS = re.compile(r"[\s,;|/]+")
# A suit named by its word in any of the three languages, as a hand's label ("pique: ARD3",
# "corazones K52", "hearts: K52"), with its colon if any: read as the suit's symbol.
_SUIT_WORD_LABEL = re.compile(
    r"(?<!\w)("
    + "|".join(
        sorted(
            {
                *(word for word in SUIT_WORDS),
                *(word[:-1] for word in SUIT_WORDS),
                *(
                    spelling
                    for spellings in _LOCAL_SUIT_SPELLINGS.values()
                    for group in spellings
                    for spelling in group
                ),
            },
            key=len,
            reverse=True,
        )
    )
    + r")(?!\w)\s*:?",
    re.IGNORECASE,
)


# A suit label written as a letter and a colon ("P:", "c :").
_LETTER_LABEL = re.compile(r"(?<![^\s,;|/])([A-Za-z])\s*:")


def _local_labels_as_symbols(text: str) -> str:
    """``text`` with its suit labels as symbols when the whole hand is labelled in the language's
    own suit letters (French ``P: ARD3 C: R52 K: D73 T: A94``, Spanish ``P: AKQ3 C: K52 D: Q73 T:
    A94``): one of its labels is a letter English never uses (P, K or T), and every one is a letter
    of the language. A label that is neither an English suit letter nor one of a hand so written
    is refused, naming the letters to use."""
    labels = [match.group(1).upper() for match in _LETTER_LABEL.finditer(text)]
    if not labels:
        return text
    local = _LOCAL_SUIT_LETTERS.get(_language(), "")
    if any(label not in SUIT_LETTERS and label in local for label in labels) and all(
        label in local for label in labels
    ):
        return _LETTER_LABEL.sub(lambda match: SUIT_SYMBOLS[local.index(match.group(1).upper())] + " ", text)
    ranks = _RANK_TABLES[_language()]
    for label in labels:
        if label not in SUIT_LETTERS and label not in ranks:  # ("K:" is a rank before a colon)
            raise ParseError(_suit_letters_message(label))
    return text


def _suit_letters_message(letter: str) -> str:
    """Why ``letter`` reads as no suit, and which letters to use (the language's own among them)."""
    return _(
        "{letter} is not a suit letter: write the suits as ♠ ♥ ♦ ♣, as S H D C, or as their words "
        "({words}), as in '{example}'"
    ).format(
        letter=repr(letter),
        words=", ".join(suit_word(suit) for suit in range(4)),
        example=f"{suit_word(0)}: {_example_ranks()} {suit_word(1)}: {rank_face(13)}52",
    )


def _example_ranks() -> str:
    """Three honours and a three, as the language in use writes them (French ``ARD3``)."""
    return "".join(rank_face(rank) for rank in (14, 13, 12)) + "3"


def _in_words(text: str) -> bool:
    """Whether a hand is written out in words (``as de pique, roi de pique``): it holds the word
    between rank and suit or an honour's name (the language's or English), which no hand written
    in letters does (``AS``, a card in letters, is not taken for the French or Spanish *as*)."""
    for word in _SEPARATORS.split(text.upper()):
        if word in _OF_WORDS or (len(word) > 2 and _rank_word(word) is not None):
            return True
    return False


def _read_cards_in_words(text: str, original: str) -> list[int]:
    """The cards of a hand written out, one after another: ``as de pique, roi de pique, 7 de
    cœur`` (the word *de* or *of* may be left out, and a card may be written in letters, ``KS``)."""
    language = _language()
    ranks, suits = _RANK_TABLES[language], _SUIT_TABLES[language]
    words = [word for word in _SEPARATORS.split(text) if word]
    cards: list[int] = []
    i = 0
    while i < len(words):
        key = words[i].upper()
        rank = ranks.get(key, _rank_word(key))
        if rank is None:
            try:
                cards.append(read_card(words[i]))
            except ParseError:
                raise ParseError(_words_message(words[i], original)) from None
            i += 1
            continue
        j = i + 1
        if j < len(words) and words[j].upper() in _OF_WORDS:
            j += 1
        suit = suits.get(words[j].lower()) if j < len(words) else None
        if suit is None:
            raise ParseError(_words_message(" ".join(words[i : j + 1]), original))
        cards.append(card_index(rank, suit))
        i = j + 1
    return cards


def _words_message(words: str, original: str) -> str:
    """Why part of a hand written out in words reads as no card, and how to write one."""
    return _(
        "{words} is not a card in hand {text}: write each card in words, as '{example}', one after "
        "the other, or the hand as '{hand}'"
    ).format(
        words=repr(words),
        text=repr(original),
        example=_("{rank} of {suit}").format(rank=_("ace"), suit=suit_word(0)),
        hand=".".join((_example_ranks(), "".join(rank_face(rank) for rank in (13, 5, 2)), "7", "A9842")),
    )


def _suit_words_as_symbols(text: str) -> str:
    """``text`` with each suit word (``pique:``, ``corazones``, ``hearts:``) written as its symbol."""

    def symbol(match: re.Match[str]) -> str:
        word = match.group(1).lower()
        for table in _SUIT_TABLES.values():
            if word in table:
                return " " + SUIT_SYMBOLS[table[word]]
        return match.group(0)  # pragma: no cover - every word of the pattern is in a table

    return _SUIT_WORD_LABEL.sub(symbol, text)


_TOKENS = {
    language: re.compile(
        r"10|[" + "".join(sorted({*"23456789TJQKA", *_LOCAL_RANK_LETTERS.get(language, {})})) + r"]|[SHDC♠♥♦♣♤♡♢♧]|:|-"
    )
    for language in LANGUAGES
}


# The characters a hand in letters may hold in every language: English ranks and suits.
_TOKEN_CHARACTERS = frozenset("0123456789TJQKASHDC")


def _tokenize(text: str, original: str) -> list[str]:
    token_pattern = _TOKENS[_language()]
    tokens: list[str] = []
    # Word by word, so that a word that is no card is named whole, as the learner typed it.
    for word in _SEPARATORS.split(text):
        cleaned = word.upper().replace("\ufe0f", "")
        pos = 0
        while pos < len(cleaned):
            match = token_pattern.match(cleaned, pos)
            if match is None:
                typed = word.replace("\ufe0f", "")
                bad = typed[pos] if len(typed) == len(cleaned) else cleaned[pos]  # as typed, case and all
                raise ParseError(_not_a_card_message(word, bad, tokens))
            tokens.append(match.group())
            pos = match.end()
    return tokens


def _not_a_card_message(word: str, bad: str, tokens: list[str]) -> str:
    """Why ``word`` of a hand reads as no card (``bad``: its first unreadable character;
    ``tokens``: what was read before it)."""
    language = _language()
    ranks = _RANK_TABLES[language]
    if bad.upper() in _LOCAL_SUIT_LETTERS.get(language, "") and bad.upper() not in _TOKEN_CHARACTERS:
        return _suit_letters_message(bad.upper())  # a local suit letter in a card ("AP")
    labelled_hand = bool(tokens) and _is_label(tokens, 0, ranks)
    if labelled_hand or (word[:1].lower() in _SUIT_NAMES and word[:1].upper() not in ranks):
        # A suit's group of ranks ("♣A98X2", or "AKQX" after "S:").
        return _("{character} in {word} is not a rank: ranks are 2-9, T or 10, J, Q, K, A").format(
            character=repr(bad), word=repr(word)
        )
    return _(
        "{word} is not a card: a card is a rank (2-9, T or 10, J, Q, K, A) and a suit"
        " (S, H, D, C or ♠ ♥ ♦ ♣), like AS or 10H"
    ).format(word=repr(word))


def _is_suit_token(token: str) -> bool:
    return token.lower() in _SUIT_NAMES


def _is_label(tokens: list[str], i: int, ranks: dict[str, int]) -> bool:
    """Whether ``tokens[i]`` labels a suit: a suit that is no rank, or one followed by a
    colon (French "D:" is diamonds, a bare D a dame)."""
    token = tokens[i]
    if not _is_suit_token(token):
        return False
    return token not in ranks or (i + 1 < len(tokens) and tokens[i + 1] == ":")


def _read_dotted(text: str, original: str) -> list[int]:
    groups = text.split(".")
    if len(groups) != 4:
        raise ParseError(
            _("a dotted hand needs exactly four groups (spades.hearts.diamonds.clubs), got {count} in {text}").format(
                count=len(groups), text=repr(original)
            )
        )
    ranks = _RANK_TABLES[_language()]
    cards: list[int] = []
    for suit, group in enumerate(groups):
        cleaned = _SEPARATORS.sub("", group.upper())
        if cleaned in ("", "-"):
            continue
        pos = 0
        while pos < len(cleaned):
            if cleaned.startswith("10", pos):
                token, pos = "10", pos + 2
            else:
                token, pos = cleaned[pos], pos + 1
            rank = ranks.get(token)
            if rank is None:
                raise ParseError(
                    _("unknown rank {rank} in the {suit} of hand {text}").format(
                        rank=repr(token), suit=suit_word(suit), text=repr(original)
                    )
                )
            cards.append(card_index(rank, suit))
    return cards


def _read_tokens(tokens: list[str], original: str) -> list[int]:
    ranks = _RANK_TABLES[_language()]
    cards: list[int] = []
    if _is_label(tokens, 0, ranks):
        # Suit-labelled: a suit, an optional colon, then its ranks.
        suit: int | None = None
        for i, token in enumerate(tokens):
            if _is_label(tokens, i, ranks):
                suit = _SUIT_NAMES[token.lower()]
            elif token in (":", "-"):
                continue
            else:
                assert suit is not None
                cards.append(card_index(ranks[token], suit))
        return cards
    # A card list: rank, suit, rank, suit ...
    tokens = [t for t in tokens if t != "-"]
    if ":" in tokens:
        raise ParseError(
            _("a colon must follow a suit label, as in 'S: AKQ3', in hand {text}").format(text=repr(original))
        )
    i = 0
    while i < len(tokens):
        rank_token = tokens[i]
        if rank_token not in ranks:
            raise ParseError(
                _("suit {suit} has no rank before it in hand {text}").format(suit=repr(rank_token), text=repr(original))
            )
        if i + 1 >= len(tokens) or not _is_suit_token(tokens[i + 1]):
            raise ParseError(
                _("rank {rank} has no suit after it in hand {text}").format(rank=repr(rank_token), text=repr(original))
            )
        cards.append(card_index(ranks[rank_token], _SUIT_NAMES[tokens[i + 1].lower()]))
        i += 2
    return cards


def read_cards(text: object) -> list[int]:
    """The card indices of a hand written in any supported format, in the order
    written: dotted ``AKQ3.K52.7.A9842``, suit-labelled ``S: AKQ3 H: K52 ...`` or
    ``♠AKQ3 ♥K52 ...``, or a card list ``AS KS``, ``AS,KS``, ``ASKS``. Duplicates
    are kept here; :func:`read_hand` refuses them. In French the ranks R, D, V are
    read too (the rule for D, dame or diamonds, is at the top of this module), and a
    suit may be labelled by its word in any of the three languages.

    >>> from spades_teach.i18n import language
    >>> with language("fr"):
    ...     dotted(sum(1 << i for i in read_cards("pique: ARD3 cœur: R52 carreau: 7 trèfle: A9842")))
    'AKQ3.K52.7.A9842'
    >>> dotted(sum(1 << i for i in read_cards("picas AKQ3 corazones K52")))
    'AKQ3.K52..'
    """
    if not isinstance(text, str):
        raise ParseError(_("a hand must be given as text, not {text}").format(text=repr(text)))
    stripped = text.strip()
    if not stripped:
        raise ParseError(_("empty hand text: write cards like 'AKQ3.K52.7.A9842' or 'AS KS QS'"))
    if "." in stripped:
        return _read_dotted(stripped, text)
    if _in_words(stripped):
        return _read_cards_in_words(stripped, text)
    stripped = _local_labels_as_symbols(stripped)
    tokens = _tokenize(_suit_words_as_symbols(stripped).strip(), text)
    if not tokens or all(t in ("-", ":") for t in tokens):
        raise ParseError(_("no cards found in hand {text}").format(text=repr(text)))
    return _read_tokens(tokens, text)


def read_hand(text: object) -> int:
    """The mask of the hand written ``text`` (see :func:`read_cards`); a card
    written twice is an error."""
    mask = 0
    for index in read_cards(text):
        bit = 1 << index
        if mask & bit:
            raise ParseError(
                _("duplicate card {card} in hand {text}: a hand holds each card only once").format(
                    card=repr(card_name(index)), text=repr(text)
                )
            )
        mask |= bit
    return mask


def _ranks_of_suit(mask: int, suit: int, labels: bool) -> str:
    """The ranks a mask holds in one suit, high to low (``labels``: as the language in use writes them)."""
    bits = mask >> (13 * suit) & 0x1FFF
    out = []
    while bits:
        low = bits & -bits
        rank = 15 - low.bit_length()
        out.append(rank_face(rank) if labels else RANK_LETTERS[rank - 2])
        bits ^= low
    return "".join(out)


def dotted(mask: int) -> str:
    """A hand in dotted form, ``AKQ3.K52.7.A9842`` (``-.-.-.-`` when empty), which
    :func:`read_hand` reads back: the interchange form, in English letters in every language."""
    if not mask:
        return "-.-.-.-"
    return ".".join(_ranks_of_suit(mask, suit, False) for suit in range(4))


def labelled(mask: int, symbols: bool = True) -> str:
    """A hand written suit by suit for a reader, ``♠AKQ3 ♥K52 ♦7 ♣A9842`` (``♠-`` for a
    void), or ``S: AKQ3 H: K52 ...`` without ``symbols``; the ranks as the language in
    use writes them (French ``♠ARD3``)."""
    parts = []
    for suit in range(4):
        ranks = _ranks_of_suit(mask, suit, True) or "-"
        parts.append((SUIT_SYMBOLS[suit] if symbols else SUIT_LETTERS[suit] + ": ") + ranks)
    return " ".join(parts)


#: The hand the examples beside a hand's box are written from.
EXAMPLE_HAND = "AKQ3.K52.7.A9842"


def hand_examples(mask: int) -> tuple[str, str, str]:
    """A hand written three ways a learner of the language in use may type it, for an example
    beside a box: dotted, labelled suit by suit, and the first three cards as a list, in the
    language's letters (English ``AKQ3.K52.7.A9842``, ``S: AKQ3 H: K52 D: 7 C: A9842``,
    ``AS KS QS``; French ``ARD3.R52.7.A9842``, ``pique: ARD3 cœur: R52 …``, ``A♠ R♠ D♠``).

    >>> from spades_teach.i18n import language
    >>> with language("es"):
    ...     hand_examples(read_hand("AKQ3.K52.7.A9842"))[1]
    'picas: AKQ3 corazones: K52 diamantes: 7 tréboles: A9842'
    """
    first = [index for index in range(52) if mask >> index & 1][:3]
    if _language() == "en":
        return dotted(mask), labelled(mask, symbols=False), " ".join(card_text(index) for index in first)
    return (
        ".".join(_ranks_of_suit(mask, suit, True) or "-" for suit in range(4)),
        " ".join(f"{suit_word(suit)}: {_ranks_of_suit(mask, suit, True) or '-'}" for suit in range(4)),
        " ".join(card_face(index) for index in first),
    )


# -- deals --------------------------------------------------------------------------------


def read_deal(text: object) -> tuple[int, list[str | None]]:
    """Split a PBN-style deal ``"N:<hand> <hand> <hand> <hand>"`` into the named
    seat and the four hand texts, clockwise from it (``None`` for ``-``, an absent
    hand)."""
    if not isinstance(text, str):
        raise ParseError(_("a deal must be given as text, not {text}").format(text=repr(text)))
    stripped = text.strip()
    if len(stripped) < 2 or stripped[1] != ":":
        raise ParseError(
            _("a deal starts with a seat and a colon, as in 'N:AKQ3.K52.7.A9842 ...', got {text}").format(
                text=repr(text)
            )
        )
    first = seat_number(stripped[0])
    parts = stripped[2:].split()
    if len(parts) != 4:
        raise ParseError(
            _("a deal needs four hands (use '-' for an absent one), got {count} in {text}").format(
                count=len(parts), text=repr(text)
            )
        )
    return first, [None if part == "-" else part for part in parts]


def write_deal(first: int, hands: Sequence[str | None]) -> str:
    """A PBN-style deal: the seat ``first`` then its hand and the next three
    clockwise (``None``, an absent hand, is written ``-``)."""
    return f"{SEAT_LETTERS[first]}:" + " ".join("-" if hand is None else hand for hand in hands)
