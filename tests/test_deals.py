"""Deals: PBN-style text, reproducible seeded dealing (pinned by golden deals and by an
independent implementation of the documented algorithm), deal codes, the deal of the day,
and fuzzing of the deal parsers."""

from __future__ import annotations

import datetime as dt
import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_teach import Card, Deal, Hand, ParseError, Seat, deal

# Golden deals: if the shuffling algorithm changes, every saved seed changes meaning.
GOLDEN = {
    0: "N:Q32.AQ742.93.K86 87.K8.QJ542.9732 JT9.T9653.7.AQT5 AK654.J.AKT86.J4",
    1: "N:AK.K92.J72.AKJ97 543.J5.Q63.QT652 J872.AQT84.84.84 QT96.763.AKT95.3",
    42: "N:T9.AT8764.952.AQ J42.Q5.AK873.972 Q75.KJ32.T64.KJ5 AK863.9.QJ.T8643",
    "hello": "N:AT875.AQT5.KJ.Q5 9632.42.98642.J4 KJ.KJ6.Q3.AKT932 Q4.9873.AT75.876",
}
GOLDEN_CODES = {0: "2XYV8-WH4NZ-98RJE-GY9YG", 1: "260FX-72VX7-GEGWW-QJG08"}
DAY = "E:A95.KQ.Q732.J974 Q86.832.T865.A86 742.T9754.K94.K5 KJT3.AJ6.AJ.QT32"


def reference_deck(seed: int | str) -> list[Card]:
    """The shuffle exactly as the deals module documents it, written independently."""
    kind = "int" if isinstance(seed, int) else "str"
    prefix = b"spades_teach/deal/v1|" + f"{kind}:{seed}".encode() + b"|"
    stream: list[int] = []
    counter = 0

    def byte() -> int:
        nonlocal counter
        if not stream:
            stream.extend(hashlib.sha256(prefix + counter.to_bytes(8, "big")).digest())
            counter += 1
        return stream.pop(0)

    def below(n: int) -> int:
        limit = 256 - 256 % n
        while True:
            b = byte()
            if b < limit:
                return b % n

    deck = list(Hand.parse("AKQJT98765432.AKQJT98765432.AKQJT98765432.AKQJT98765432"))
    for i in range(51, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


# -- seeded dealing ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", list(GOLDEN))
def test_golden_deals(seed: int | str) -> None:
    d = deal(seed)
    assert str(d) == GOLDEN[seed]
    assert d == Deal.parse(GOLDEN[seed])


@pytest.mark.parametrize("seed", list(GOLDEN_CODES))
def test_golden_deal_codes(seed: int) -> None:
    assert deal(seed).code == GOLDEN_CODES[seed]


@pytest.mark.parametrize("seed", [0, 7, 123456789, "abc", ""])
@pytest.mark.parametrize("dealer", list(Seat))
def test_dealing_follows_the_documented_algorithm(seed: int | str, dealer: Seat) -> None:
    deck = reference_deck(seed)
    d = deal(seed, dealer=dealer)
    seat = dealer.next  # one card at a time, clockwise, from the dealer's left
    for card in deck:
        assert card in d[seat]
        seat = seat.next
    assert d.dealer is dealer


def test_a_shuffle_that_runs_past_the_first_blocks_is_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    # With one 32-byte block to start from, every shuffle (51 draws) runs off the end of
    # its first stream and must restart on a longer one without changing the result.
    import spades_teach.game.deals as deals_module

    expected = {seed: deal(seed) for seed in (0, 5, "long")}
    monkeypatch.setattr(deals_module, "_FIRST_BLOCKS", 1)
    for seed, d in expected.items():
        assert deal(seed) == d
        assert [Card.from_index(i) for i in deals_module._shuffled_indices(seed)] == reference_deck(seed)


def test_first_card_goes_to_the_dealers_left() -> None:
    deck = reference_deck(5)
    for dealer in Seat:
        d = deal(5, dealer=dealer)
        assert deck[0] in d[dealer.next]
        assert deck[3] in d[dealer]
    # The same seed with another dealer rotates the hands.
    assert deal(5, dealer="W")[Seat.N] == deal(5, dealer="N")[Seat.E]


def test_int_and_str_seeds_differ() -> None:
    assert deal(3) != deal("3")


def test_random_deals_are_valid() -> None:
    d = deal()
    assert sorted(len(h) for h in d.values()) == [13, 13, 13, 13]
    assert len(d.unused) == 0
    assert deal() != d  # a fresh seed each time (a repeat is astronomically unlikely)


@pytest.mark.parametrize("bad", [1.5, True, b"x"])
def test_seed_must_be_int_or_str(bad: object) -> None:
    with pytest.raises(ParseError, match="seed"):
        deal(bad)  # type: ignore[arg-type]


# -- PBN-style text -------------------------------------------------------------------------


def test_pbn_parse_print_round_trip_for_every_first_seat() -> None:
    d = deal(9)
    for first in Seat:
        rotated = d.with_dealer(first)
        text = str(rotated)
        assert text.startswith(f"{first.name}:")
        back = Deal.parse(text)
        assert back == d
        assert back.dealer is first
        assert str(back) == text


def test_pbn_hands_are_clockwise_from_the_named_seat() -> None:
    d = Deal.parse("E:A95.KQ.Q732.J974 Q86.832.T865.A86 742.T9754.K94.K5 KJT3.AJ6.AJ.QT32")
    assert str(d[Seat.E]) == "A95.KQ.Q732.J974"
    assert str(d[Seat.S]) == "Q86.832.T865.A86"
    assert str(d[Seat.W]) == "742.T9754.K94.K5"
    assert str(d[Seat.N]) == "KJT3.AJ6.AJ.QT32"


def test_deal_equality_ignores_the_dealer() -> None:
    assert deal(4, dealer="N").with_dealer("S") == deal(4, dealer="N")
    assert deal(4) != deal(5)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("AKQ3.K52.7.A9842", "starts with a seat and a colon"),
        ("X:AKQ3.K52.7.A9842", "unknown seat"),
        ("N:QJT5.AT5.Q653.98 K962.Q87.8.JT763 8743.K942.AT4.KQ", "four hands"),
        ("N:QJT5.AT5.Q653.98 K962.Q87.8.JT763 8743.K942.AT4.KQ A.J63.KJ972.A542 A...", "four hands"),
        ("N:QJT5.AT5.Q653.9 K962.Q87.8.JT763 8743.K942.AT4.KQ A.J63.KJ972.A542", "has 12 cards"),
        ("N:QJT5.AT5.Q653.98 Q962.Q87.8.JT763 8743.K942.AT4.KQ A.J63.KJ972.A542", "in two hands"),
        ("N:- - - -", "needs hands"),
    ],
)
def test_deal_parse_refuses_with_a_reason(text: str, words: str) -> None:
    with pytest.raises(ParseError) as info:
        Deal.parse(text)
    assert words in str(info.value)


def test_two_player_deal_text() -> None:
    d = Deal({"N": "AKQJT9.AKQJT98..", "S": "..AKQJT98.AKQJT9"}, dealer="N")
    text = str(d)
    assert text == "N:AKQJT9.AKQJT98.. - ..AKQJT98.AKQJT9 -"
    assert Deal.parse(text) == d
    assert d.players == 2
    assert len(d.unused) == 26
    assert Deal.from_code(d.code) == d


# -- deal codes ----------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(st.one_of(st.integers(min_value=0, max_value=2**64), st.text(max_size=20)), st.sampled_from(list(Seat)))
def test_deal_codes_round_trip(seed: int | str, dealer: Seat) -> None:
    d = deal(seed, dealer=dealer)
    code = d.code
    assert len(code.replace("-", "")) == 20
    back = Deal.from_code(code)
    assert back == d
    assert back.dealer is dealer
    assert Deal.from_code(code.lower().replace("-", " ")) == d


def test_deal_codes_differ_between_deals_and_dealers() -> None:
    assert deal(1).code != deal(2).code
    assert deal(1).code != deal(1).with_dealer("E").code


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("ABC", "20 characters"),
        ("2XYV8-WH4NZ-98RJE-GY9YU", "cannot appear"),
        ("ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ", "typo in group 1 of 4, 'ZZZZZ'"),
    ],
)
def test_bad_deal_codes(code: str, words: str) -> None:
    with pytest.raises(ParseError, match=words):
        Deal.from_code(code)


# -- the deal of the day ---------------------------------------------------------------------


def test_deal_of_the_day_is_stable_for_a_date() -> None:
    a = Deal.of_the_day("2026-01-01")
    b = Deal.of_the_day(dt.date(2026, 1, 1))
    c = Deal.of_the_day(dt.datetime(2026, 1, 1, 23, 59))
    assert a == b == c
    assert a.dealer is b.dealer is c.dealer
    assert str(a) == DAY


def test_deal_of_the_day_differs_across_dates() -> None:
    days = [dt.date(2026, 1, 1) + dt.timedelta(days=k) for k in range(10)]
    deals = [Deal.of_the_day(day) for day in days]
    assert len({str(d) for d in deals}) == 10
    assert {d.dealer for d in deals[:4]} == set(Seat)


def test_deal_of_the_day_bad_date() -> None:
    with pytest.raises(ParseError, match="YYYY-MM-DD"):
        Deal.of_the_day("1st of May")


# -- fuzzing ----------------------------------------------------------------------------------

DEAL_ALPHABET = st.sampled_from([*"NESW: .-AKQJT98765432SHDC", "AKQ3.K52.7.A9842 "])


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=80), st.lists(DEAL_ALPHABET, max_size=60).map("".join)))
def test_deal_parse_fuzz(text: str) -> None:
    try:
        d = Deal.parse(text)
    except ParseError:
        return
    assert Deal.parse(str(d)) == d


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789ABCDEFGHJKMNPQRSTVWXYZIOLU- abc", max_size=26))
def test_deal_code_fuzz(text: str) -> None:
    try:
        d = Deal.from_code(text)
    except ParseError:
        return
    assert Deal.from_code(d.code) == d


def test_a_dealt_deal_makes_its_hands_once_and_as_a_parsed_deal_has_them() -> None:
    import pickle

    dealt = deal(11, dealer="E")
    parsed = Deal.parse(str(dealt))
    north = dealt["N"]
    assert dealt["N"] is north  # made once, then kept
    assert dict(dealt.items()) == dict(parsed.items()) and dealt.players == parsed.players == 4
    assert dealt._masks == parsed._masks == tuple(dealt[s].mask for s in Seat)
    again = pickle.loads(pickle.dumps(deal(11, dealer="E")))  # pickled before its hands were made
    assert again == dealt and again.dealer is Seat.E and again["W"] == dealt["W"]
    with pytest.raises(AttributeError):
        dealt.no_such_attribute  # noqa: B018
