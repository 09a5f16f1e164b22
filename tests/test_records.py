"""Game records: JSON round trips, annotations, and a precise error for every bad input."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades_teach import Bid, Card, Deal, RecordError, Round, Rules, Seat, deal
from spades_teach.game.records import FORMAT, Annotation, GameRecord, dump, dumps, load, loads


def random_round(
    seed: int,
    *,
    dealer: str = "N",
    cards: int | None = None,
    rules: Rules | None = None,
    bids: list[int | str] | None = None,
    scores: dict[str, int] | None = None,
) -> Round:
    """A round dealt from ``seed``, bid, then played at random for ``cards`` cards (all by default)."""
    rules = rules or Rules()
    r = Round(deal(seed, dealer=dealer), dealer=dealer, rules=rules, scores=scores)
    for b in bids or [3, 4, 3, 2]:
        assert r.to_act is not None
        r.bid(r.to_act, b)
    rng = random.Random(seed)
    played = 0
    while not r.is_complete and (cards is None or played < cards):
        seat = r.to_act
        assert seat is not None
        r.play(seat, rng.choice(sorted(r.legal_plays())))
        played += 1
    return r


@pytest.fixture
def finished() -> Round:
    return random_round(11, dealer="E")


@pytest.fixture
def finished_data(finished: Round) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps(finished))
    return data


def load_data(data: Any) -> GameRecord:
    return loads(json.dumps(data))


def assert_error(data: Any, *words: str) -> str:
    """Loading ``data`` raises RecordError whose message contains every word given."""
    with pytest.raises(RecordError) as info:
        load_data(data)
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return message


# -- round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 40, 41])
def test_finished_round_round_trips(seed: int) -> None:
    original = random_round(seed, dealer="NESW"[seed % 4])
    rebuilt = loads(dumps(original)).round()
    assert rebuilt.history == original.history
    assert rebuilt.tricks == original.tricks
    assert rebuilt.is_complete
    assert rebuilt.score().points == original.score().points
    assert rebuilt.score().lines == original.score().lines
    assert rebuilt.dealer == original.dealer and rebuilt.deal == original.deal


@pytest.mark.parametrize("cards", [0, 1, 3, 4, 5, 27, 51])
def test_partial_round_round_trips(cards: int) -> None:
    original = random_round(5, dealer="S", cards=cards)
    rebuilt = loads(dumps(original)).round()
    assert rebuilt.history == original.history
    assert rebuilt.tricks == original.tricks
    assert rebuilt.current_trick == original.current_trick
    assert rebuilt.to_act == original.to_act
    assert rebuilt.hands == original.hands
    assert not rebuilt.is_complete


def test_round_in_bidding_round_trips() -> None:
    r = Round(deal(9), dealer="W")
    r.bid("N", 4)
    r.bid("E", "nil")
    record = loads(dumps(r))
    assert record.tricks == ()
    assert record.round().history == r.history
    assert record.round().to_act is Seat.S


def test_dumps_of_a_record_gives_identical_json(finished: Round) -> None:
    notes = [
        {"at": {"bid": "S"}, "text": "South counts 3 tricks."},
        {"at": {"trick": 2}, "text": "A trick to remember."},
        {"at": {"trick": 4, "card": str(finished.tricks[3].cards[2])}, "text": "Why this card?"},
    ]
    text = dumps(finished, annotations=notes, title="Hand 11", description="A random hand.", bags={"NS": 4, "EW": 9})
    record = loads(text)
    assert dumps(record) == text
    assert dumps(record, indent=None) == dumps(loads(dumps(record, indent=None)), indent=None)
    assert json.loads(dumps(record, indent=None)) == json.loads(text)
    assert record.title == "Hand 11" and record.description == "A random hand."
    assert record.bags is not None and (record.bags["NS"], record.bags["EW"]) == (4, 9)


def test_each_trick_is_one_line(finished: Round) -> None:
    text = dumps(finished)
    lines = text.splitlines()
    for trick in finished.tricks:
        line = json.dumps([str(c) for c in trick.cards])
        assert any(row.strip().rstrip(",") == line for row in lines)


def test_record_fields(finished: Round) -> None:
    record = loads(dumps(finished))
    assert record.version == 1
    assert record.dealer is Seat.E
    assert record.deal == finished.deal
    assert record.rules == Rules()
    assert [e.seat for e in record.bids] == [Seat.S, Seat.W, Seat.N, Seat.E]
    assert [int(e.bid) for e in record.bids] == [3, 4, 3, 2]
    assert len(record.tricks) == 13
    assert record.tricks[0] == finished.tricks[0].cards
    assert all(isinstance(c, Card) for t in record.tricks for c in t)


def test_bags_and_scores_are_used_for_scoring(finished: Round) -> None:
    record = loads(dumps(finished, bags={"NS": 9, "EW": 9}))
    expected = finished.score(bags={"NS": 9, "EW": 9})
    assert record.score().points == expected.points
    assert record.score().bags == expected.bags


def test_rules_hold_only_the_options_that_differ() -> None:
    rules = Rules(target=300, first_lead="two_of_clubs", renege="penalty")
    r = random_round(4, rules=rules)
    data = json.loads(dumps(r))
    assert data["rules"] == {"target": 300, "first_lead": "two_of_clubs", "renege": "penalty"}
    assert data["format"] == FORMAT
    rebuilt = loads(dumps(r)).round()
    assert rebuilt.rules == rules
    assert rebuilt.history == r.history


def test_renege_under_penalty_rules_round_trips() -> None:
    rules = Rules(renege="penalty")
    r = Round(deal(21), dealer="N", rules=rules)
    for b in [3, 3, 3, 3]:
        assert r.to_act is not None
        r.bid(r.to_act, b)
    lead = sorted(r.legal_plays())[0]
    r.play("E", lead)
    south = r.hand("S")
    off_suit = [c for c in south if c.suit is not lead.suit]
    assert south.count(lead.suit) and off_suit, "the deal must let South renege"
    r.play("S", off_suit[0])
    assert len(r.reneges) == 1
    rebuilt = loads(dumps(r)).round()
    assert rebuilt.reneges == r.reneges


def test_two_player_round_round_trips() -> None:
    two = deal(8)

    d = Deal({"N": two["N"], "S": two["S"]}, dealer="N")
    r = Round(d, dealer="N", rules=Rules(players=2))
    r.bid("S", 5)
    r.bid("N", 4)
    rng = random.Random(3)
    for _ in range(7):
        assert r.to_act is not None
        r.play(r.to_act, rng.choice(sorted(r.legal_plays())))
    text = dumps(r)
    assert '"players": 2' in text
    rebuilt = loads(text).round()
    assert rebuilt.history == r.history
    assert rebuilt.tricks == r.tricks


def test_file_dump_and_load(tmp_path: Path, finished: Round) -> None:
    path = tmp_path / "hand.json"
    dump(finished, path, annotations=[Annotation("Opening lead ♥.", trick=1)])
    record = load(path)
    assert record.annotation_for(trick=1) == "Opening lead ♥."
    assert record.round().history == finished.history
    assert "♥" in path.read_text(encoding="utf-8")


def test_load_names_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"title": "\xff"}')
    with pytest.raises(RecordError, match="not UTF-8"):
        load(path)


# -- blind Nil --------------------------------------------------------------------------------


def test_blind_nil_is_recorded_as_blind() -> None:
    rules = Rules(blind_nil=True)
    r = random_round(6, dealer="N", rules=rules, bids=["blind nil", 4, "nil", 5], scores={"NS": 120, "EW": 0})
    data = json.loads(dumps(r))
    assert data["bids"][0] == {"seat": "E", "bid": "blind nil"}
    assert data["bids"][2] == {"seat": "W", "bid": "nil"}
    assert data["scores"] == {"NS": 120, "EW": 0}
    record = load_data(data)
    assert record.bids[0].bid.blind and record.bids[0].bid == Bid(0, blind=True)
    assert not record.bids[2].bid.blind
    rebuilt = record.round()
    assert rebuilt.bids["E"].blind
    assert rebuilt.score().points == r.score().points
    assert any("blind Nil" in line for line in rebuilt.score().lines)


def test_blind_nil_without_the_scores_is_refused() -> None:
    r = random_round(6, dealer="N", rules=Rules(blind_nil=True), bids=["blind nil", 4, "nil", 5], scores={"NS": 120})
    data = json.loads(dumps(r))
    del data["scores"]
    assert_error(data, "bids[0]", "blind Nil", "behind")


# -- annotations ------------------------------------------------------------------------------


def test_annotations_round_trip_and_are_found(finished: Round) -> None:
    third = finished.tricks[2]
    notes = [
        Annotation("East bids light.", bid="E"),
        Annotation("Trump early.", trick=3),
        Annotation("The key card.", trick=3, card=third.cards[1]),
    ]
    record = loads(dumps(finished, annotations=notes))
    assert record.annotations == tuple(notes)
    assert record.annotation_for(bid="E") == "East bids light."
    assert record.annotation_for(bid=Seat.W) is None
    assert record.annotation_for(trick=3) == "Trump early."
    assert record.annotation_for(trick=3, card=str(third.cards[1])) == "The key card."
    assert record.annotation_for(card=third.cards[1]) == "The key card."
    assert record.annotation_for(trick=3, card=third.cards[0]) is None
    assert record.annotation_for(trick=4) is None
    assert record.card_annotations(3) == [(third.cards[1], "The key card.")]
    assert record.to_round().history == finished.history


def test_annotation_needs_a_place_and_text() -> None:
    with pytest.raises(RecordError, match="needs a place"):
        Annotation("floating")
    with pytest.raises(RecordError, match="needs some text"):
        Annotation("  ", trick=1)
    with pytest.raises(RecordError, match="not to a bid and a trick"):
        Annotation("both", bid="N", trick=2)
    with pytest.raises(RecordError, match="1-13"):
        Annotation("far", trick=14)


def test_dumps_checks_annotations_against_the_hand() -> None:
    r = random_round(2, cards=6)
    with pytest.raises(RecordError, match=r"annotations\[0\]\.at\.trick: there is no trick 3"):
        dumps(r, annotations=[{"at": {"trick": 3}, "text": "later"}])


def test_dumps_of_a_record_refuses_extra_options(finished: Round) -> None:
    record = loads(dumps(finished))
    with pytest.raises(RecordError, match="writes it as it is"):
        dumps(record, title="new title")


# -- bad input: one test per problem ------------------------------------------------------------


def test_not_json() -> None:
    with pytest.raises(RecordError, match="not JSON") as info:
        loads('{"version": 1,')
    assert "line 1" in str(info.value)


def test_not_text() -> None:
    with pytest.raises(RecordError, match="JSON text"):
        loads(42)  # type: ignore[arg-type]


def test_not_an_object() -> None:
    assert_error([1, 2], "record", "expected an object", "a list")


@pytest.mark.parametrize("name", ["version", "dealer", "deal", "bids", "tricks"])
def test_missing_field(finished_data: dict[str, Any], name: str) -> None:
    del finished_data[name]
    assert_error(finished_data, "missing field", repr(name))


def test_unknown_field(finished_data: dict[str, Any]) -> None:
    finished_data["winner"] = "NS"
    assert_error(finished_data, "winner", "unknown field", "known fields")


def test_duplicate_field() -> None:
    with pytest.raises(RecordError, match="'version' appears twice"):
        loads('{"version": 1, "version": 1}')


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("version", "1", ("version", "whole number", "'1'")),
        ("dealer", 2, ("dealer", "expected text", "number 2")),
        ("deal", ["N:..."], ("deal", "expected text", "a list")),
        ("bids", {"E": 3}, ("bids", "expected a list", "an object")),
        ("tricks", "AS KS", ("tricks", "expected a list")),
        ("rules", [], ("rules", "expected an object")),
        ("title", 7, ("title", "expected text")),
        ("scores", {"NS": 1.5}, ("scores.NS", "whole number")),
        ("annotations", {}, ("annotations", "expected a list")),
    ],
)
def test_wrong_type(finished_data: dict[str, Any], name: str, value: Any, words: tuple[str, ...]) -> None:
    finished_data[name] = value
    assert_error(finished_data, *words)


def test_wrong_type_inside_a_trick(finished_data: dict[str, Any]) -> None:
    finished_data["tricks"][2][1] = 14
    assert_error(finished_data, "tricks[2][1]", "expected text")


def test_wrong_type_of_bid(finished_data: dict[str, Any]) -> None:
    finished_data["bids"][1]["bid"] = True
    assert_error(finished_data, "bids[1].bid", "a bid is a number")


def test_unsupported_version(finished_data: dict[str, Any]) -> None:
    finished_data["version"] = 2
    assert_error(finished_data, "version", "unsupported", "version 1")


def test_wrong_format_marker(finished_data: dict[str, Any]) -> None:
    finished_data["format"] = "pbn"
    assert_error(finished_data, "format", "'pbn'")


def test_unknown_rules_option(finished_data: dict[str, Any]) -> None:
    finished_data["rules"] = {"jokers": True}
    assert_error(finished_data, "rules", "unknown rules option", "'jokers'")


def test_bad_rules_value(finished_data: dict[str, Any]) -> None:
    finished_data["rules"] = {"target": -10}
    assert_error(finished_data, "rules", "target", "-10")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("N:AKQ3.K52.7.A9842", ("deal", "four hands")),
        ("X:" + " ".join(["-"] * 4), ("deal", "unknown seat")),
        ("N:QJT5.AT5.Q653.98 K962.Q87.8.JT763 8743.K942.AT4.KQ A.J63.KJ972.A54Z", ("deal", "unknown rank")),
        ("N:QJT5.AT5.Q653.98 K962.Q87.8.JT763 8743.K942.AT4.KQ A.J63.KJ972.A5", ("deal", "West", "11 cards")),
        ("N:QJT5.AT5.Q653.98 QJT5.AT5.Q653.98 8743.K942.AT4.KQ A.J63.KJ972.A542", ("deal", "Q♠")),
    ],
)
def test_bad_deal_text(finished_data: dict[str, Any], text: str, words: tuple[str, ...]) -> None:
    finished_data["deal"] = text
    assert_error(finished_data, *words)


def test_deal_for_the_wrong_number_of_players(finished_data: dict[str, Any]) -> None:
    finished_data["rules"] = {"players": 2}
    assert_error(finished_data, "deal", "4 players", "rules are for 2")


def test_bad_dealer(finished_data: dict[str, Any]) -> None:
    finished_data["dealer"] = "Q"
    assert_error(finished_data, "dealer", "unknown seat 'Q'")


def test_bid_out_of_range(finished_data: dict[str, Any]) -> None:
    finished_data["bids"][2]["bid"] = 14
    assert_error(finished_data, "bids[2]:", "bid 14 is out of range", "13")


def test_unknown_bid_word(finished_data: dict[str, Any]) -> None:
    finished_data["bids"][0]["bid"] = "pass"
    assert_error(finished_data, "bids[0]:", "unknown bid 'pass'")


def test_bid_out_of_turn(finished_data: dict[str, Any]) -> None:
    finished_data["bids"][1]["seat"] = "N"
    assert_error(finished_data, "bids[1]:", "West's turn to bid", "not North's")


def test_bid_by_a_seat_that_does_not_exist(finished_data: dict[str, Any]) -> None:
    finished_data["bids"][1]["seat"] = "NW"
    assert_error(finished_data, "bids[1].seat", "unknown seat 'NW'")


def test_nil_refused_when_the_rules_forbid_it(finished_data: dict[str, Any]) -> None:
    finished_data["rules"] = {"nil": False}
    finished_data["bids"][0]["bid"] = "nil"
    assert_error(finished_data, "bids[0]:", "Nil is not allowed")


def test_too_many_bids(finished_data: dict[str, Any]) -> None:
    finished_data["bids"].append({"seat": "S", "bid": 1})
    assert_error(finished_data, "bids[4]:", "bidding is closed")


def test_play_before_bidding_is_over(finished_data: dict[str, Any]) -> None:
    finished_data["bids"] = finished_data["bids"][:3]
    assert_error(finished_data, "tricks[0][0]", "bidding is not finished", "East's turn to bid")


def test_card_not_in_hand(finished: Round, finished_data: dict[str, Any]) -> None:
    trick = finished.tricks[3]
    seat = trick.seats[1]
    other = next(c for c in finished.deal[seat.partner] if c not in trick.cards)
    finished_data["tricks"][3][1] = str(other)
    assert_error(finished_data, "tricks[3][1] (trick 4):", f"{seat.word} does not hold {other.pretty}")


def test_card_that_does_not_parse(finished_data: dict[str, Any]) -> None:
    finished_data["tricks"][0][0] = "1X"
    assert_error(finished_data, "tricks[0][0]", "unknown suit")


def test_card_played_twice(finished: Round, finished_data: dict[str, Any]) -> None:
    first_lead = finished.tricks[0].cards[0]
    finished_data["tricks"][1][0] = str(first_lead)
    assert_error(finished_data, "tricks[1][0] (trick 2):", "does not hold", first_lead.pretty)


def test_renege_is_refused_under_prevent() -> None:
    r = Round(deal(21), dealer="N")
    for b in [3, 3, 3, 3]:
        assert r.to_act is not None
        r.bid(r.to_act, b)
    lead = sorted(r.legal_plays())[0]
    r.play("E", lead)
    data = json.loads(dumps(r))
    off_suit = next(c for c in r.hand("S") if c.suit is not lead.suit)
    data["tricks"][0].append(str(off_suit))
    assert_error(data, "tricks[0][1] (trick 1):", f"must follow {lead.suit.word}")


def test_spade_led_before_broken() -> None:
    r = Round(deal(7), dealer="N")
    for b in [3, 4, 2, 3]:
        assert r.to_act is not None
        r.bid(r.to_act, b)
    data = json.loads(dumps(r))
    spade = next(c for c in r.hand("E") if c.is_spade)
    data["tricks"] = [[str(spade)]]
    assert_error(data, "tricks[0][0] (trick 1):", "spades are not broken")


def test_more_than_13_tricks(finished_data: dict[str, Any]) -> None:
    finished_data["tricks"].append(["AS", "KS", "QS", "JS"])
    assert_error(finished_data, "tricks:", "13 tricks", "has 14")


def test_trick_with_too_many_cards(finished_data: dict[str, Any]) -> None:
    finished_data["tricks"][0].append("AS")
    assert_error(finished_data, "tricks[0] (trick 1):", "has 4 cards, this one has 5")


def test_unfinished_trick_in_the_middle(finished_data: dict[str, Any]) -> None:
    finished_data["tricks"][4].pop()
    assert_error(finished_data, "tricks[4] (trick 5):", "only the last trick", "3 of 4")


def test_empty_trick(finished_data: dict[str, Any]) -> None:
    finished_data["tricks"] = [*finished_data["tricks"][:2], []]
    assert_error(finished_data, "tricks[2] (trick 3):", "at least one card")


def test_annotation_on_a_trick_that_does_not_exist() -> None:
    data = json.loads(dumps(random_round(3, cards=9)))
    data["annotations"] = [{"at": {"trick": 4}, "text": "later"}]
    assert_error(data, "annotations[0].at.trick", "no trick 4", "tricks 1 to 3")


def test_annotation_on_trick_14(finished_data: dict[str, Any]) -> None:
    finished_data["annotations"] = [{"at": {"trick": 14}, "text": "?"}]
    assert_error(finished_data, "annotations[0].at.trick", "trick 14 does not exist")


def test_annotation_on_a_card_not_in_the_trick(finished: Round, finished_data: dict[str, Any]) -> None:
    elsewhere = finished.tricks[5].cards[0]
    finished_data["annotations"] = [{"at": {"trick": 2, "card": str(elsewhere)}, "text": "?"}]
    assert_error(finished_data, "annotations[0].at.card", f"{elsewhere.pretty} was not played in trick 2")


def test_annotation_on_a_bid_not_made() -> None:
    r = Round(deal(1), dealer="N")
    r.bid("E", 3)
    data = json.loads(dumps(r))
    data["annotations"] = [{"at": {"bid": "W"}, "text": "?"}]
    assert_error(data, "annotations[0].at.bid", "no bid by West")


def test_annotation_with_a_bad_place(finished_data: dict[str, Any]) -> None:
    finished_data["annotations"] = [{"at": {"card": "AS"}, "text": "?"}]
    assert_error(finished_data, "annotations[0].at", "needs its trick")
    finished_data["annotations"] = [{"at": {"bid": "N", "trick": 1}, "text": "?"}]
    assert_error(finished_data, "annotations[0].at", "only the seat")
    finished_data["annotations"] = [{"at": {"seat": "N"}, "text": "?"}]
    assert_error(finished_data, "annotations[0].at.seat", "unknown field")
    finished_data["annotations"] = [{"at": {}, "text": "?"}]
    assert_error(finished_data, "annotations[0].at", "say where")


def test_annotation_without_text(finished_data: dict[str, Any]) -> None:
    finished_data["annotations"] = [{"at": {"trick": 1}}]
    assert_error(finished_data, "annotations[0]", "missing field 'text'")
    finished_data["annotations"] = [{"at": {"trick": 1}, "text": ""}]
    assert_error(finished_data, "annotations[0].text", "needs some text")


def test_two_annotations_at_the_same_place(finished_data: dict[str, Any]) -> None:
    finished_data["annotations"] = [
        {"at": {"trick": 1}, "text": "one"},
        {"at": {"trick": 1}, "text": "two"},
    ]
    assert_error(finished_data, "annotations[1]", "trick 1 already has an annotation", "annotations[0]")


def test_bags_must_not_be_negative(finished_data: dict[str, Any]) -> None:
    finished_data["bags"] = {"NS": -1, "EW": 0}
    assert_error(finished_data, "bags.NS", "0-9")


def test_scores_need_team_names(finished_data: dict[str, Any]) -> None:
    finished_data["scores"] = {"NE": 10}
    assert_error(finished_data, "scores", "unknown")


# -- fuzzing: any edit of a valid record loads or raises RecordError ----------------------------


def _base_record() -> Any:
    r = random_round(13, dealer="W", cards=30)
    third = r.tricks[2].cards
    notes = [
        {"at": {"bid": "N"}, "text": "note"},
        {"at": {"trick": 2}, "text": "note"},
        {"at": {"trick": 3, "card": str(third[1])}, "text": "note"},
    ]
    return json.loads(dumps(r, annotations=notes, bags={"NS": 2, "EW": 3}, title="fuzz"))


_BASE = _base_record()

_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-20, max_value=20)
    | st.floats(allow_nan=True)
    | st.sampled_from(["N", "E", "S", "W", "NS", "AS", "2C", "nil", "blind nil", "", "trick", "x" * 50])
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=8,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            out.extend(_paths(child, (*prefix, key)))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            out.extend(_paths(child, (*prefix, i)))
    return out


_ALL_PATHS = _paths(_BASE)


@st.composite
def mutated_records(draw: st.DrawFn) -> Any:
    data = copy.deepcopy(_BASE)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        path = draw(st.sampled_from(_ALL_PATHS))
        action = draw(st.sampled_from(["replace", "delete", "insert"]))
        if not path:
            if action == "replace":
                data = draw(_json_values)
            continue
        parent: Any = data
        try:
            for step in path[:-1]:
                parent = parent[step]
            last = path[-1]
            if action == "replace":
                parent[last] = draw(_json_values)
            elif action == "delete":
                del parent[last]
            elif isinstance(parent, list):
                parent.insert(last, draw(_json_values))
            else:
                parent[draw(st.text(max_size=6))] = draw(_json_values)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier edit removed this place
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_mutated_records_load_or_raise_record_error(data: Any) -> None:
    try:
        record = loads(json.dumps(data))
    except RecordError as exc:
        assert str(exc)
        return
    # Whatever loaded must be a coherent record that writes back to itself.
    assert loads(dumps(record)) == record


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60) | st.binary(max_size=60))
def test_arbitrary_text_loads_or_raises_record_error(text: str | bytes) -> None:
    with pytest.raises(RecordError):
        loads(text)


@settings(max_examples=100, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    cards=st.integers(min_value=0, max_value=52),
    dealer=st.sampled_from(list(Seat)),
)
def test_any_random_hand_round_trips(seed: int, cards: int, dealer: Seat) -> None:
    r = random_round(seed, dealer=dealer.name, cards=cards)
    text = dumps(r)
    record = loads(text)
    assert record.round().history == r.history
    assert dumps(record) == text
