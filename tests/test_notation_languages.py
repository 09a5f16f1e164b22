"""Cards written as French and Spanish players write them: read in the language in use
(with the English forms where they cannot be misread), printed in it, and the English
forms unchanged. The rule for French D (dame) against English D (diamonds) is by position:
the suit comes last in a card, a card list alternates rank and suit, and in a suit-labelled
hand D labels diamonds only as "D:"."""

from __future__ import annotations

import pytest

from spades_teach import Card, Deal, Hand, ParseError, Rank, Suit, set_language
from spades_teach.game.notation import card_face, card_name, labelled, read_hand, seat_word, suit_word

QUEEN_OF_DIAMONDS = Card.parse("QD")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("RS", "KS"),
        ("DH", "QH"),
        ("VC", "JC"),
        ("DD", "QD"),  # dame de carreau: D rank then D suit
        ("QD", "QD"),  # English queen of diamonds still reads the same
        ("DS", "QS"),
        ("D♦", "QD"),
        ("♦D", "QD"),  # suit first, with a symbol
        ("SD", "QS"),  # suit first: S is no rank, so D is the dame
        ("RD", "KD"),
        ("KD", "KD"),
        ("10♥", "TH"),
        ("dame de cœur", "QH"),
        ("Roi de pique", "KS"),
        ("valet de trefle", "JC"),
        ("as de carreau", "AD"),
        ("7 de carreau", "7D"),
        ("D cœur", "QH"),
    ],
)
def test_french_cards_are_read(text: str, expected: str) -> None:
    set_language("fr")
    assert Card.parse(text) == Card.parse(expected)


def test_french_letters_are_not_read_in_english() -> None:
    with pytest.raises(ParseError, match="unknown rank 'R' in card 'RS'"):
        Card.parse("RS")
    with pytest.raises(ParseError, match="unknown rank 'D' in card 'DD'"):
        Card.parse("DD")
    with pytest.raises(ParseError):
        Card.parse("dame de cœur")


def test_a_lone_d_is_a_dame_without_a_suit_in_french_and_a_suit_without_a_rank_in_english() -> None:
    with pytest.raises(ParseError, match="has no rank"):
        Card.parse("D")
    set_language("fr")
    with pytest.raises(ParseError, match="'D' n'a pas de couleur"):
        Card.parse("D")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("corazones", Suit.HEARTS),
        ("Pica", Suit.SPADES),
        ("tréboles", Suit.CLUBS),
        ("trebol", Suit.CLUBS),
        ("diamantes", Suit.DIAMONDS),
        ("D", Suit.DIAMONDS),
        ("hearts", Suit.HEARTS),
    ],
)
def test_spanish_suit_names_are_read(text: str, expected: Suit) -> None:
    set_language("es")
    assert Suit.coerce(text) is expected


def test_spanish_cards_keep_the_english_letters_and_read_the_words() -> None:
    set_language("es")
    assert Card.parse("rey de corazones") == Card.parse("KH")
    assert Card.parse("reina de picas") == Card.parse("QS")
    assert Card.parse("jota de tréboles") == Card.parse("JC")
    assert Card.parse("QD") == QUEEN_OF_DIAMONDS
    # R (rey) and D (dama) are read too, D by the French rule (the suit comes last), though the
    # cards are printed K Q J
    assert Card.parse("RS") == Card.parse("KS") and Card.parse("DD") == QUEEN_OF_DIAMONDS
    assert Card.parse("RS").pretty == "K♠"


def test_french_suit_words_and_rank_letters_are_read_by_the_value_types() -> None:
    set_language("fr")
    assert Suit.coerce("cœur") is Suit.HEARTS
    assert Suit.coerce("Carreaux") is Suit.DIAMONDS
    assert Rank.coerce("D") is Rank.QUEEN
    assert Rank.coerce("R") is Rank.KING
    assert Rank.coerce("V") is Rank.JACK
    assert Rank.coerce("Q") is Rank.QUEEN


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ARD3.R52.7.A9842", "AKQ3.K52.7.A9842"),  # dotted: ranks only, D is the dame
        ("♠ARD3 ♥R52 ♦7 ♣A9842", "AKQ3.K52.7.A9842"),
        ("S: ARD3 H: R52 D: 7 C: A9842", "AKQ3.K52.7.A9842"),  # "D:" labels diamonds
        ("S: AKQ3 H: K52 D: 7 C: A9842", "AKQ3.K52.7.A9842"),  # the English form, unchanged
        ("DD RS VH", "K.J.Q."),  # card list: rank, suit, rank, suit
        ("QD DS", "Q..Q."),
        ("AS KS QD", "AK..Q."),
    ],
)
def test_french_hands_are_read(text: str, expected: str) -> None:
    set_language("fr")
    assert Hand.parse(text) == Hand.parse(expected)


def test_a_bare_d_in_a_french_labelled_hand_is_a_dame() -> None:
    """The one place an English text reads differently in French: a letter label without a
    colon. In French 'H K52 D 7' is K, 5, 2, Q and 7 of hearts; write 'D:' or '♦' for diamonds."""
    english = Hand.parse("H K52 D 7")
    set_language("fr")
    french = Hand.parse("H K52 D 7")
    assert english == Hand.parse("-.K52.7.-")
    assert french == Hand.parse("-.KQ752.-.-")
    assert Hand.parse("H K52 D: 7") == english


def test_french_printing_uses_the_french_letters_and_english_printing_is_unchanged() -> None:
    hand = Hand.parse("AKQJ3.K52.Q7.A9842")
    deal_text = str(Deal.parse("N:AKQ3.K52.7.A9842 - JT98.AQ.K5432.QJ -"))
    english = (hand.labelled(), str(hand), Card.parse("QH").pretty, str(Card.parse("QH")))
    assert english == ("♠AKQJ3 ♥K52 ♦Q7 ♣A9842", "AKQJ3.K52.Q7.A9842", "Q♥", "QH")
    set_language("fr")
    assert hand.labelled() == "♠ARDV3 ♥R52 ♦D7 ♣A9842"
    assert labelled(hand.mask, symbols=False) == "S: ARDV3 H: R52 D: D7 C: A9842"
    assert Card.parse("QH").pretty == "D♥"
    assert Card.parse("TS").pretty == "10♠"
    # The interchange forms stay English, so a record or deal reads back in any language.
    assert str(hand) == "AKQJ3.K52.Q7.A9842"
    assert str(Card.parse("QH")) == "QH"
    assert str(Deal.parse(deal_text)) == deal_text
    # What French prints, French reads back.
    assert Hand.parse(hand.labelled()) == hand
    assert Hand.parse(labelled(hand.mask, symbols=False)) == hand
    assert all(Card.parse(card.pretty) == card for card in Hand.parse("AKQJT98765432...") | hand)
    set_language("es")
    assert hand.labelled() == "♠AKQJ3 ♥K52 ♦Q7 ♣A9842"
    set_language("en")
    assert (hand.labelled(), str(hand), Card.parse("QH").pretty, str(Card.parse("QH"))) == english


def test_words_in_sentences_follow_the_language() -> None:
    index = Card.parse("QH").index
    seen = {}
    for lang in ("en", "fr", "es"):
        set_language(lang)
        seen[lang] = (suit_word(Suit.HEARTS), seat_word(3), card_name(index), card_face(index))
    assert seen == {
        "en": ("hearts", "West", "Q♥", "Q♥"),
        "fr": ("cœur", "Ouest", "D♥", "D♥"),
        "es": ("corazones", "Oeste", "Q♥", "Q♥"),
    }


def test_english_hands_read_the_same_in_every_language() -> None:
    texts = ["AKQ3.K52.7.A9842", "♠AKQ3 ♥K52 ♦7 ♣A9842", "S: AKQ3 H: K52 D: 7 C: A9842", "AS KS QD 10H", "ASKSQD"]
    english = [read_hand(text) for text in texts]
    for lang in ("fr", "es"):
        set_language(lang)
        assert [read_hand(text) for text in texts] == english
