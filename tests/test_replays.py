"""The packaged annotated replays: each one loads (the engine replays it), is a
complete hand, scores what its text says, and its notes point at real moments."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest

from spades_teach import Card, Rules, Seat
from spades_teach.errors import RecordError
from spades_teach.game.records import GameRecord, dumps, loads
from spades_teach.game.replays import list_records, load_record, record_text
from spades_teach.game.round import Round

REQUIRED = {"spanish_example", "nil_covered", "contract_set", "bags"}
NAMES = list_records()


def finished(record: GameRecord) -> Round:
    r = record.round()
    assert r.is_complete
    return r


def signed(points: int) -> str:
    """A score as the texts write it: a true minus sign for losses."""
    return f"−{-points}" if points < 0 else str(points)


def top_card_so_far(cards: tuple[Card, ...]) -> Card:
    led = cards[0].suit
    return max(cards, key=lambda c: (c.is_spade, c.suit is led, c.rank))


def covered_tricks(r: Round, nil: Seat) -> list[int]:
    """Tricks the Nil bidder would have been winning when playing, taken by the partner later."""
    out = []
    for trick in r.tricks:
        seats = list(trick.seats)
        i, j = seats.index(nil), seats.index(nil.partner)
        if i < j and trick.winner is nil.partner and top_card_so_far(trick.cards[: i + 1]) == trick.cards[i]:
            out.append(trick.number)
    return out


# -- every record ------------------------------------------------------------------------------------


def test_the_required_records_are_packaged() -> None:
    assert REQUIRED <= set(NAMES)
    assert len(NAMES) >= 4
    folder = files("spades_teach") / "data" / "records"
    on_disk = sorted(p.name.removesuffix(".json") for p in folder.iterdir() if p.name.endswith(".json"))
    assert NAMES == on_disk


@pytest.mark.parametrize("name", NAMES)
def test_record_loads_complete_and_legal(name: str) -> None:
    record = load_record(name)
    r = finished(record)
    assert len(record.tricks) == 13
    assert all(len(trick) == 4 for trick in record.tricks)
    played = [card for trick in record.tricks for card in trick]
    assert len(set(played)) == 52
    assert sum(r.tricks_won.values()) == 13
    assert record.title and record.description
    # The committed file is exactly what the writer produces: nothing hand-edited out of format.
    assert dumps(record) == record_text(name)


@pytest.mark.parametrize("name", NAMES)
def test_annotations_point_at_real_moments_of_every_kind(name: str) -> None:
    record = load_record(name)
    data = json.loads(record_text(name))
    kinds = {"bid": 0, "trick": 0, "card": 0}
    bidders = {e.seat for e in record.bids}
    for note in record.annotations:
        kind, where = note.anchor
        kinds[kind] += 1
        if kind == "bid":
            assert where in bidders
        elif kind == "trick":
            assert 1 <= where <= len(record.tricks)
        else:
            number, card = where
            assert card in record.tricks[number - 1]
        assert 10 <= len(note.text) <= 400, note.text
    assert all(count >= 1 for count in kinds.values()), kinds
    # Every bid is explained.
    assert {e.seat for e in record.bids} == {n.bid for n in record.annotations if n.bid is not None}
    assert len(data["annotations"]) == len(record.annotations)


@pytest.mark.parametrize("name", NAMES)
def test_description_states_the_real_score(name: str) -> None:
    record = load_record(name)
    score = record.score()
    for side, points in score.points.items():
        assert signed(points) in record.description, (side, points)


@pytest.mark.parametrize("name", NAMES)
def test_a_broken_copy_is_rejected(name: str) -> None:
    data = json.loads(record_text(name))
    first, second = data["tricks"][0][0], data["tricks"][0][1]
    data["tricks"][0][0], data["tricks"][0][1] = second, first
    with pytest.raises(RecordError, match=r"tricks\[0\]"):
        loads(json.dumps(data))


def test_unknown_name_lists_the_records() -> None:
    with pytest.raises(RecordError, match="no packaged record named 'nope'") as info:
        load_record("nope")
    for name in NAMES:
        assert name in str(info.value)


# -- what each record shows --------------------------------------------------------------------------


def test_spanish_example_matches_the_rule_text() -> None:
    record = load_record("spanish_example")
    r = finished(record)
    # Player 2 deals (North); players 4, 3, 1 follow clockwise: East, South, West.
    player = {2: Seat.N, 4: Seat.E, 3: Seat.S, 1: Seat.W}
    assert record.dealer is player[2]
    assert [(e.seat, int(e.bid)) for e in record.bids] == [
        (player[4], 3),
        (player[3], 3),
        (player[1], 4),
        (player[2], 2),
    ]
    first = r.tricks[0]
    assert first.seats == (player[4], player[3], player[1], player[2])
    assert [str(c) for c in first.cards] == ["3H", "KH", "5S", "9H"]
    assert first.winner is player[1]
    assert r.team_tricks[player[1].team] == 8 and r.team_tricks[player[2].team] == 5
    score = record.score()
    assert score.points[player[1].team] == 71 and score.bags[player[1].team] == 1
    assert score.points[player[2].team] == 50 and score.bags[player[2].team] == 0
    assert "numbers the players 1 to 4: here they are West, North, South and East" in (record.description or "")
    assert record.annotation_for(trick=1, card="5S") is not None
    assert "broken" in (record.annotation_for(trick=1, card="5S") or "")


def test_nil_is_made_thanks_to_the_cover() -> None:
    record = load_record("nil_covered")
    r = finished(record)
    nil = next(e.seat for e in record.bids if e.bid == 0)
    assert not record.bids[[e.seat for e in record.bids].index(nil)].bid.blind
    assert r.tricks_won[nil] == 0
    score = record.score()
    assert score.nil_made[nil]
    covers = covered_tricks(r, nil)
    assert len(covers) >= 2
    annotated = {n.trick for n in record.annotations if n.trick is not None}
    assert set(covers) & annotated
    # The Nil bidder sheds high cards (queen or better) while someone else wins the trick.
    shed = [
        t.number for t in r.tricks if (card := t.card_of(nil)) is not None and card.rank >= 12 and t.winner is not nil
    ]
    assert len(shed) >= 2
    assert any(record.annotation_for(trick=n, card=r.tricks[n - 1].card_of(nil)) for n in shed)


def test_contract_is_set_by_the_defenders() -> None:
    record = load_record("contract_set")
    r = finished(record)
    score = record.score()
    declarers = next(team for team, made in score.made.items() if made is False)
    defenders = next(team for team in score.made if team is not declarers)
    bid = sum(int(e.bid) for e in record.bids if e.seat.team is declarers)
    assert r.team_tricks[declarers] < bid
    assert r.team_tricks[defenders] >= 13 - bid + 1
    assert score.points[declarers] == -10 * bid
    assert score.made[defenders] is True
    # The trick that sets the contract is the defenders' (13 - bid + 1)-th; it is annotated.
    count = 0
    for trick in r.tricks:
        count += trick.winner.team is defenders if trick.winner is not None else 0
        if count == 13 - bid + 1:
            setting = trick.number
            break
    assert record.annotation_for(trick=setting) or record.card_annotations(setting)


def test_bags_dodged_and_a_penalty_taken() -> None:
    record = load_record("bags")
    assert record.bags is not None and record.bags["NS"] >= 7
    r = finished(record)
    score = record.score()
    assert all(score.made.values())
    penalised = next(team for team, n in score.penalties.items() if n == 1)
    other = next(team for team in score.penalties if team is not penalised)
    bid = sum(int(e.bid) for e in record.bids if e.seat.team is penalised)
    over = r.team_tricks[penalised] - bid
    rules = Rules()
    assert record.bags[penalised] + over >= rules.bag_limit
    assert score.bags[penalised] == record.bags[penalised] + over - rules.bag_limit
    assert score.points[penalised] == 10 * bid + over - rules.bag_penalty
    # The other side dodged: it made its bid exactly, ducking under winners after making it.
    other_bid = sum(int(e.bid) for e in record.bids if e.seat.team is other)
    assert r.team_tricks[other] == other_bid and score.bags_added[other] == 0
    won = 0
    ducked = []
    for trick in r.tricks:
        if won >= other_bid and trick.winner is not None and trick.winner.team is not other:
            ducked.append(trick.number)
        won += trick.winner is not None and trick.winner.team is other
    assert len(ducked) >= 3
    assert {n.trick for n in record.annotations if n.trick is not None} & set(ducked)


def test_blind_nil_from_behind() -> None:
    record = load_record("blind_nil")
    assert record.rules.blind_nil
    assert record.scores is not None
    r = finished(record)
    blind = next(e for e in record.bids if e.bid.blind)
    team = blind.seat.team
    other = next(t for t in record.scores if t is not team)
    assert record.scores[other] - record.scores[team] >= record.rules.blind_nil_deficit
    score = record.score()
    assert score.nil_made[blind.seat] and r.tricks_won[blind.seat] == 0
    partner_bid = int(r.bids[blind.seat.partner])
    over = r.tricks_won[blind.seat.partner] - partner_bid
    assert score.points[team] == 200 + 10 * partner_bid + over
    assert len(covered_tricks(r, blind.seat)) >= 2
