"""Cards, hands, seats and teams: every notation of the contract, immutability, ordering,
coercion from strings, and fuzzing of the parsers."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_teach import (
    Card,
    Deal,
    Hand,
    ParseError,
    Rank,
    Round,
    Rules,
    Seat,
    Suit,
    Team,
    deal,
    legal_cards,
    score_round,
)
from spades_teach.game.cards import SeatMap, TeamMap

ALL_CARDS = [Card.from_index(i) for i in range(52)]
REFERENCE = Hand(["AS", "KS", "QS", "3S", "KH", "5H", "2H", "7D", "AC", "9C", "8C", "4C", "2C"])

# -- Card ------------------------------------------------------------------------------------


def test_there_are_52_distinct_cards() -> None:
    assert len(set(ALL_CARDS)) == 52
    assert len({str(c) for c in ALL_CARDS}) == 52


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_card_parse_round_trip(card: Card) -> None:
    text = str(card)
    assert len(text) == 2 and text.isascii()
    assert Card.parse(text) == card
    assert Card.parse(text.lower()) is card
    assert Card.parse(card.rank.label + card.suit.symbol) is card
    assert Card(card.rank, card.suit) is card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("10h", "TH"),
        ("Th", "TH"),
        ("q♦", "QD"),
        ("2♣", "2C"),
        ("K♠", "KS"),
        (" 9c ", "9C"),
        ("♠A", "AS"),
        ("j\u2665\ufe0f", "JH"),
    ],
)
def test_card_parse_accepts_every_spelling(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1S", "unknown rank '1'"),
        ("ZS", "unknown rank 'Z'"),
        ("AX", "unknown suit 'X'"),
        ("", "empty card"),
        ("11H", "unknown rank '11'"),
        ("10", "card '10' has no suit"),
        ("K", "card 'K' has no suit"),
        ("S", "card 'S' has no rank"),
    ],
)
def test_card_parse_refuses_with_a_reason(text: str, words: str) -> None:
    with pytest.raises(ParseError) as info:
        Card.parse(text)
    assert words in str(info.value)


def test_card_is_immutable_and_interned() -> None:
    card = Card.parse("QH")
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert hash(card) == hash(Card("Q", "H"))


def test_card_order_and_beats() -> None:
    assert Card.parse("AS") > Card.parse("KS") > Card.parse("AH") > Card.parse("2C")
    assert Card.parse("2S").beats(Card.parse("AH"), Suit.HEARTS)
    assert not Card.parse("AD").beats(Card.parse("3H"), Suit.HEARTS)
    assert Card.parse("3H").beats(Card.parse("AD"), Suit.HEARTS)
    assert Card.parse("KH").beats(Card.parse("QH"), Suit.CLUBS)


# -- Hand parsing ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "AKQ3.K52.7.A9842",
        "akq3.k52.7.a9842",
        "AKQ3 . K52 . 7 . A9842",
        "S: AKQ3 H: K52 D: 7 C: A9842",
        "s: akq3 h: k52 d: 7 c: a9842",
        "S:AKQ3 H:K52 D:7 C:A9842",
        "S AKQ3 H K52 D 7 C A9842",
        "♠AKQ3 ♥K52 ♦7 ♣A9842",
        "♠ A K Q 3  ♥ K 5 2  ♦ 7  ♣ A 9 8 4 2",
        "C: A9842 D: 7 H: K52 S: AKQ3",
        "AS KS QS 3S KH 5H 2H 7D AC 9C 8C 4C 2C",
        "AS,KS,QS,3S,KH,5H,2H,7D,AC,9C,8C,4C,2C",
        "AS, KS, QS, 3S, KH, 5H, 2H, 7D, AC, 9C, 8C, 4C, 2C",
        "ASKSQS3SKH5H2H7DAC9C8C4C2C",
        "2c 4c 8c 9c ac 7d 2h 5h kh 3s qs ks as",
        "A♠ K♠ Q♠ 3♠ K♥ 5♥ 2♥ 7♦ A♣ 9♣ 8♣ 4♣ 2♣",
    ],
)
def test_hand_parse_every_format(text: str) -> None:
    assert Hand.parse(text) == REFERENCE


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AKQJ.-.-.-", "AKQJ..."),
        ("AKQJ...", "AKQJ..."),
        ("-.AT.-.5", ".AT..5"),
        ("A10.K.Q.J", "AT.K.Q.J"),
        ("AT.K.Q.J", "AT.K.Q.J"),
        ("10S TH", "T.T.."),
        ("S: A H: - D: K C: -", "A..K."),
        ("♠- ♥A ♦- ♣2", ".A..2"),
        ("-.-.-.-", "-.-.-.-"),
    ],
)
def test_hand_parse_voids_tens_and_short_hands(text: str, expected: str) -> None:
    hand = Hand.parse(text)
    assert str(hand) == expected
    assert Hand.parse(str(hand)) == hand


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("AKQ3.K52.7", "exactly four groups"),
        ("AKQ3.K52.7.A98.42", "exactly four groups"),
        ("AS KH QD KH", "duplicate card 'K♥'"),
        ("AKQA...", "duplicate card 'A♠'"),
        ("AS KX", "'KX' is not a card"),
        ("AK1.K52.7.A9842", "unknown rank '1'"),
        ("AS K", "rank 'K' has no suit"),
        ("", "empty hand"),
        ("   ", "empty hand"),
        ("A:S", "colon"),
    ],
)
def test_hand_parse_refuses_with_a_reason(text: str, words: str) -> None:
    with pytest.raises(ParseError) as info:
        Hand.parse(text)
    assert words in str(info.value)


# -- Hand as a value ---------------------------------------------------------------------------


def test_hand_equality_ignores_order() -> None:
    assert Hand(["2C", "AS", "KH"]) == Hand(["KH", "2C", "AS"]) == Hand.parse("A.K..2")
    assert Hand(["2C", "AS"]) != Hand(["2C", "KS"])
    assert hash(Hand(["2C", "AS"])) == hash(Hand(["AS", "2C"]))


def test_hand_is_immutable() -> None:
    hand = Hand.parse("AKQ3.K52.7.A9842")
    with pytest.raises(AttributeError):
        hand._mask = 0  # type: ignore[misc]
    smaller = hand.remove("AS")
    assert "AS" in hand and "AS" not in smaller
    assert len(hand) == 13 and len(smaller) == 12
    assert smaller.add("AS") == hand
    with pytest.raises(ParseError):
        hand.add("KS")
    with pytest.raises(ParseError):
        smaller.remove("AS")


def test_hand_membership_len_and_iteration_order() -> None:
    hand = Hand.parse("2C 9C AC 7D 2H KH 5H 3S QS AS KS 8C 4C")
    assert len(hand) == 13
    assert "AS" in hand and Card.parse("KH") in hand and "as" in hand
    assert "JH" not in hand and "garbage" not in hand and 42 not in hand
    cards = list(hand)
    assert [str(c) for c in cards] == ["AS", "KS", "QS", "3S", "KH", "5H", "2H", "7D", "AC", "9C", "8C", "4C", "2C"]
    # spades first, then hearts, diamonds, clubs; high to low within a suit
    keys = [(c.suit, -c.rank) for c in cards]
    assert keys == sorted(keys)
    assert hand.cards == tuple(cards)
    assert hand.suit("C") == tuple(Card.parse(t) for t in ["AC", "9C", "8C", "4C", "2C"])
    assert hand.shape == (4, 3, 1, 5)


def test_hand_str_round_trip_and_labelled_form() -> None:
    assert str(REFERENCE) == "AKQ3.K52.7.A9842"
    assert Hand.parse(str(REFERENCE)) == REFERENCE
    assert Hand.parse(REFERENCE.labelled()) == REFERENCE
    assert Hand.parse(REFERENCE.labelled(symbols=False)) == REFERENCE
    assert REFERENCE.labelled() == "♠AKQ3 ♥K52 ♦7 ♣A9842"


def test_full_deck_hand_iterates_in_display_order() -> None:
    deck = Hand(ALL_CARDS)
    assert list(deck) == ALL_CARDS
    assert [c.suit for c in ALL_CARDS[:13]] == [Suit.SPADES] * 13
    assert ALL_CARDS[0] == Card.parse("AS") and ALL_CARDS[-1] == Card.parse("2C")


# -- seats and teams ----------------------------------------------------------------------------


def test_seats_are_clockwise_with_partners() -> None:
    assert [s.name for s in Seat] == ["N", "E", "S", "W"]
    assert Seat.N.next is Seat.E and Seat.W.next is Seat.N
    assert Seat.N.previous is Seat.W
    assert Seat.N.partner is Seat.S and Seat.E.partner is Seat.W
    assert Seat.N.team is Team.NS and Seat.W.team is Team.EW
    assert Team.NS.seats == (Seat.N, Seat.S) and Team.EW.other is Team.NS


@pytest.mark.parametrize(
    ("text", "seat"), [("N", Seat.N), ("e", Seat.E), (" south ", Seat.S), ("West", Seat.W), (3, Seat.W)]
)
def test_seat_coercion(text: str | int, seat: Seat) -> None:
    assert Seat.coerce(text) is seat


@pytest.mark.parametrize(("text", "team"), [("NS", Team.NS), ("ew", Team.EW), ("SN", Team.NS), ("E-W", Team.EW)])
def test_team_coercion(text: str, team: Team) -> None:
    assert Team.coerce(text) is team


@pytest.mark.parametrize("bad", ["X", "", "NE", 4, True, None])
def test_seat_coercion_refuses(bad: object) -> None:
    with pytest.raises(ParseError, match="use N, E, S or W"):
        Seat.coerce(bad)  # type: ignore[arg-type]


def test_team_coercion_refuses() -> None:
    with pytest.raises(ParseError, match="use NS or EW"):
        Team.coerce("NE")


def test_seat_strings_work_everywhere() -> None:
    d = deal(5, dealer="E")
    assert d.dealer is Seat.E
    assert d["N"] == d[Seat.N] == d["north"]
    r = Round(d, dealer="e")
    assert r.to_act is Seat.S
    r.bid("s", 3)
    assert r.bids["S"] == 3 and r.bids[Seat.S] == 3
    assert r.hand("w") == d[Seat.W]
    assert r.tricks_won["N"] == 0
    s = score_round({"N": 3, "S": 3, "E": 3, "W": 3}, {Seat.N: 4, "s": 3, "east": 3, "W": 3}, bags={"ns": 2})
    assert s.points["NS"] == s.points[Team.NS] == 61
    assert s.bags["ns"] == 3


def test_seat_map_and_team_map_lookups() -> None:
    m = SeatMap({Seat.N: 1, Seat.E: 2})
    assert m["N"] == m["n"] == m["north"] == m[Seat.N] == 1
    assert "E" in m and "S" not in m and "bogus" not in m
    assert m.get("E") == 2 and m.get("S", 9) == 9
    with pytest.raises(KeyError):
        m["S"]
    with pytest.raises(KeyError):
        m["bogus"]
    t = TeamMap({Team.NS: 10, Team.EW: 20})
    assert t["NS"] == t["sn"] == 10 and t["EW"] == 20
    assert "NS" in t
    two = TeamMap({Seat.N: 5, Seat.S: 6})
    assert two["N"] == 5 and two["S"] == 6


def test_seat_map_stores_string_keys_as_seats() -> None:
    m = SeatMap({"N": 1})
    m["e"] = 2
    m.update({"south": 3})
    m.setdefault("W", 4)
    assert set(m) == set(Seat)
    assert all(isinstance(k, Seat) for k in m)
    assert m.pop("N") == 1 and Seat.N not in m
    t = TeamMap()
    t["NS"] = 7
    assert list(t) == [Team.NS]


# -- fuzzing -------------------------------------------------------------------------------

CARD_ALPHABET = st.sampled_from([*"AKQJT98765432SHDCshdc10 .,:;-♠♥♦♣xZ\ufe0f", "10", "♤"])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12))
def test_card_parse_fuzz_any_text(text: str) -> None:
    try:
        card = Card.parse(text)
    except ParseError:
        return
    assert Card.parse(str(card)) is card


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=60), st.lists(CARD_ALPHABET, max_size=40).map("".join)))
def test_hand_parse_fuzz(text: str) -> None:
    try:
        hand = Hand.parse(text)
    except ParseError:
        return
    assert Hand.parse(str(hand)) == hand
    assert len(hand) == len(list(hand)) <= 52


@settings(max_examples=200, deadline=None)
@given(st.sets(st.sampled_from(ALL_CARDS), max_size=52), st.sampled_from(["dotted", "labelled", "list", "packed"]))
def test_hand_round_trips_through_every_printed_form(cards: set[Card], form: str) -> None:
    hand = Hand(cards)
    if form == "dotted":
        text = str(hand)
    elif form == "labelled":
        text = hand.labelled()
    elif form == "list":
        text = ", ".join(c.rank.label + c.suit.letter.lower() for c in cards)
    else:
        text = "".join(str(c) for c in cards)
    if not cards and form in ("list", "packed"):
        with pytest.raises(ParseError):
            Hand.parse(text)
        return
    assert Hand.parse(text) == hand == set(cards)


def test_seat_and_team_strings_in_round_and_scoring(
    new_round: Callable[..., Round], play_randomly: Callable[..., list[Card]]
) -> None:
    r = new_round(seed=12, dealer="S", bids=[3, "nil", 4, 2])
    assert r.bids["n"].is_nil and r.bids["e"] == 4 and r.bids["West"] == 3  # W bids first
    play_randomly(r, random.Random(12))
    assert r.team_tricks["EW"] == r.tricks_won["e"] + r.tricks_won["west"]
    first = r.tricks[0]
    assert first.card_of(first.leader.name.lower()) == first.cards[0]
    assert r.score(bags={"ns": 9, "ew": 0}).bags["NS"] == r.score(bags={Team.NS: 9, Team.EW: 0}).bags[Team.NS]
    blind = Round(r.deal, dealer="S", rules=Rules(blind_nil=True), scores={"ew": 0, "ns": 150})
    assert blind.can_bid("w", "blind nil")
    assert not blind.can_bid("W", 14)
    assert str(legal_cards("AKQ3.K52.7.A9842", led="h")) == ".K52.."


def test_seeded_deal_fixture_is_north_dealing_seed_7(seeded_deal: Deal) -> None:
    assert seeded_deal == deal(7)
    assert seeded_deal.dealer is Seat.N


def test_seats_and_teams_are_never_falsy() -> None:
    # North and NS are 0 as integers, but they are real seats and teams.
    assert all(bool(seat) for seat in Seat)
    assert all(bool(team) for team in Team)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=8), st.integers(min_value=-5, max_value=9)))
def test_seat_and_team_coercion_fuzz(value: str | int) -> None:
    for coerce in (Seat.coerce, Team.coerce):
        try:
            result = coerce(value)
        except ParseError:
            continue
        assert coerce(result.name) is result
