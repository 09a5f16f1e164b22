"""Bad input through the library API: every mistake is a SpadesError that names the problem,
nothing hangs, and the readings of the rules are stated where a learner sees them."""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest

from spades_teach import Bid, Deal, Match, Position, Round, Rules, Seat, SpadesError, Team, deal, score_round
from spades_teach._text import printable, quoted
from spades_teach.advice.bidding import advise_bid
from spades_teach.errors import PositionError, RecordError
from spades_teach.game.records import MAX_DEPTH, MAX_RECORD_SIZE, GameRecord, dumps, load, loads
from spades_teach.game.round import trick_winner
from spades_teach.game.scoring import bid_problem, check_bags_carried
from spades_teach.game.twoplayer import cut

BIDS = {"N": 4, "E": 2, "S": 3, "W": 3}
TRICKS = {"N": 5, "E": 1, "S": 4, "W": 3}


# -- 2. the carried bag counter -----------------------------------------------------------------


@pytest.mark.parametrize(
    "carried", [10, 25, 1_000_000_000, 10**15, -1, 10**5000], ids=["10", "25", "1e9", "1e15", "-1", "5001-digits"]
)
def test_impossible_bag_counters_are_refused(carried: int) -> None:
    with pytest.raises(SpadesError, match=r"bags carried in for NS must be a whole number 0-9"):
        score_round(BIDS, TRICKS, bags={"NS": carried})


def test_the_bag_limit_sets_the_highest_counter() -> None:
    rules = Rules(bag_limit=5)
    assert score_round(BIDS, TRICKS, bags={"NS": 4}, rules=rules).bags["NS"] == 1  # 4 + 2 = 6: one penalty
    with pytest.raises(SpadesError, match="0-4"):
        score_round(BIDS, TRICKS, bags={"NS": 5}, rules=rules)


def test_several_penalties_in_one_hand_are_counted_at_once() -> None:
    # bag_limit 1: every bag is a penalty; 13 tricks over a bid of 1 make 12 bags.
    rules = Rules(bag_limit=1, bag_penalty=7)
    result = score_round({"N": 1, "S": 0, "E": 3, "W": 3}, {"N": 13, "S": 0, "E": 0, "W": 0}, rules=rules)
    detail = result.sides["NS"]
    assert detail.penalties == 12 and detail.bags_after == 0 and detail.penalty_points == 84


def test_check_bags_carried_refuses_non_numbers() -> None:
    for bad in ("3", 2.0, True, None):
        with pytest.raises(SpadesError, match="0-9"):
            check_bags_carried(bad, Team.NS, Rules())
    assert check_bags_carried(0, Team.NS, Rules()) == 0


def test_records_refuse_an_impossible_bag_counter() -> None:
    r = Round(deal(7), dealer="N")
    for bids in ("ESWN",):
        for seat, bid in zip(bids, [3, 4, 2, 3]):
            r.bid(seat, bid)
    good = json.loads(dumps(r))
    for carried in (10, 10**15, -1):
        good["bags"] = {"NS": carried, "EW": 0}
        with pytest.raises(RecordError, match=r"^bags\.NS: bags carried in for NS must be a whole number 0-9"):
            loads(json.dumps(good))
        with pytest.raises(RecordError, match="bags"):
            dumps(r, bags={"NS": carried})


def test_advice_and_positions_refuse_an_impossible_bag_counter() -> None:
    with pytest.raises(SpadesError, match="0-9"):
        advise_bid("AKQ3.K52.7.A9842", bags={"NS": 25})
    with pytest.raises(PositionError, match="0-9"):
        Position("N", deal(5)["N"], bags={"NS": 10})


def test_bag_boxes_show_the_message_beside_the_box() -> None:
    pytest.importorskip("ipywidgets")
    from spades_teach.widgets.advisor import BidAdvisorView
    from spades_teach.widgets.score import ScoreCalculator

    calc = ScoreCalculator()
    before = calc.points
    calc.bag_boxes["NS"].value = 1_000_000_000
    assert "bags carried in for NS" in calc.error and "bags carried in for NS" in calc.bags_note.value
    assert calc.points == {}  # no score is shown for boxes that do not make a hand
    calc.bag_boxes["NS"].value = 3
    assert calc.error == "" and calc.bags_note.value == ""
    assert calc.points == before

    view = BidAdvisorView(hand="AKQ3.K52.7.A9842")
    view.bags_box.value = 25
    assert "0-9" in view.error and "0-9" in view.bags_note.value
    view.bags_box.value = 2
    assert view.error == "" and view.bags_note.value == "" and view.bid


# -- 4. odd text and huge numbers ----------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: deal("\ud800"),
        lambda: deal(10**5000),
        lambda: cut("\udcff"),
        lambda: Match().start_round(seed="\ud800"),
        lambda: Bid.coerce("9" * 5000),
        lambda: score_round({**BIDS, "N": "9" * 5000}, TRICKS),
        lambda: score_round(BIDS, {**TRICKS, "N": 10**5000}),
    ],
    ids=["deal-surrogate", "deal-huge", "cut-surrogate", "match-seed", "bid-digits", "score-bid", "score-tricks"],
)
def test_odd_text_and_huge_numbers_are_spades_errors(call: Any) -> None:
    with pytest.raises(SpadesError):
        call()


def test_record_text_with_a_lone_surrogate_is_refused() -> None:
    r = Round(deal(7), dealer="N")
    text = dumps(r)
    with pytest.raises(RecordError, match=r"^title: .*surrogate"):
        loads(text.replace('"format"', '"title": "\\ud800", "format"'))
    with pytest.raises(RecordError, match="surrogate"):
        dumps(r, title="bad \udcff")


# -- 5. validation gaps ----------------------------------------------------------------------------


@pytest.mark.parametrize("score", ["150", True, 2.7, "abc", float("inf"), None])
def test_round_scores_must_be_whole_numbers(score: Any) -> None:
    with pytest.raises(SpadesError, match="score of NS must be a whole number"):
        Round(deal(3), scores={"NS": score})


def test_round_scores_must_be_a_mapping() -> None:
    with pytest.raises(SpadesError, match="scores map each side"):
        Round(deal(3), scores=[100, 50])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("bids", "tricks"),
    [({"N": 4, "north": 9, "E": 2, "W": 3}, TRICKS), (BIDS, {"N": 5, "n": 5, "E": 1, "S": 4, "W": 3})],
)
def test_score_round_refuses_a_seat_given_twice(bids: dict[str, Any], tricks: dict[str, int]) -> None:
    with pytest.raises(SpadesError, match="N is given twice"):
        score_round(bids, tricks)


def test_score_round_refuses_a_side_given_twice_in_bags() -> None:
    with pytest.raises(SpadesError, match="NS is given twice"):
        score_round(BIDS, TRICKS, bags={"NS": 1, "ns": 2})


def test_reneges_may_name_the_offending_seat() -> None:
    rules = Rules(renege="penalty")
    by_seat = score_round(BIDS, TRICKS, rules=rules, reneges={"N": 1})
    by_team = score_round(BIDS, TRICKS, rules=rules, reneges={"NS": 1})
    assert by_seat.points == by_team.points and by_seat.lines == by_team.lines


def test_score_round_keeps_the_minimum_team_bid_as_match_does() -> None:
    rules = Rules(min_team_bid=4)
    bids = {"N": 1, "S": 1, "E": 3, "W": 3}
    with pytest.raises(SpadesError, match="2 is below the minimum of 4"):
        score_round(bids, TRICKS, rules=rules)
    with pytest.raises(SpadesError, match="below the minimum"):
        Match(rules).add_result(bids, TRICKS)
    # a partnership with a Nil bidder is not held to it
    score_round({"N": 0, "S": 1, "E": 3, "W": 3}, TRICKS, rules=rules)
    assert bid_problem(Seat.S, Bid(1), rules) is None  # nothing to check without the partner's bid


@pytest.mark.parametrize(
    ("options", "field"),
    [({"title": 5}, "title"), ({"description": ["a list"]}, "description"), ({"bags": {"NS": -1}}, "bags")],
)
def test_dumps_refuses_what_loads_would_refuse(options: dict[str, Any], field: str) -> None:
    r = Round(deal(7), dealer="N")
    with pytest.raises(RecordError, match=f"^{field}"):
        dumps(r, **options)


@pytest.mark.parametrize("indent", ["x", -1, True, 2.5])
def test_dumps_refuses_a_bad_indent(indent: Any) -> None:
    with pytest.raises(RecordError, match="indent"):
        dumps(Round(deal(7), dealer="N"), indent=indent)


def test_wrong_types_get_spades_errors() -> None:
    d = deal(5)
    with pytest.raises(SpadesError, match="bids"):
        Position("N", d["N"], bids=[4, 3])  # type: ignore[arg-type]
    with pytest.raises(SpadesError, match="tricks won"):
        Position("N", d["N"], tricks_won=[0])  # type: ignore[arg-type]
    with pytest.raises(SpadesError, match="a deal maps seats to hands"):
        Deal([d["N"], d["E"], d["S"], d["W"]])  # type: ignore[arg-type]
    with pytest.raises(SpadesError, match="bids map each seat"):
        Match().add_result([4, 3, 3, 3], [4, 3, 3, 3])  # type: ignore[arg-type]
    with pytest.raises(SpadesError, match="YYYY-MM-DD"):
        Deal.of_the_day(5)  # type: ignore[arg-type]


def test_position_without_played_cards_given_as_none() -> None:
    d = deal(5)
    assert Position("N", d["N"], played=None).played == Position("N", d["N"]).played == ()


def test_deal_of_the_day_takes_only_yyyy_mm_dd() -> None:
    assert Deal.of_the_day("2026-01-01") == Deal.of_the_day(" 2026-01-01 ")
    for text in ("20260101", "2026-W01-1", "2026-1-1", "2026-13-01"):
        with pytest.raises(SpadesError, match="YYYY-MM-DD"):
            Deal.of_the_day(text)


@pytest.mark.parametrize("cards", [["AS"] * 5, ["AS", "KS", "QS", "JS", "TS"], ["AS", "AS"], ["AS", "2C", "AS"]])
def test_trick_winner_refuses_impossible_tricks(cards: list[str]) -> None:
    with pytest.raises(SpadesError):
        trick_winner(cards)


def test_trick_winner_refuses_more_cards_than_players() -> None:
    assert trick_winner(["AH", "KH"], leader="N", players=2).name == "N"
    with pytest.raises(SpadesError, match="at most 2 cards"):
        trick_winner(["AH", "KH", "QH"], players=2)


def test_position_holds_the_two_of_clubs_rule() -> None:
    rules = Rules(first_lead="two_of_clubs")
    d = deal(5)
    holder = next(seat for seat in d if "2C" in [str(c) for c in d[seat]])
    other = next(seat for seat in d if seat is not holder)
    lead = next(c for c in d[other] if str(c) != "2C")
    nxt = other.next
    with pytest.raises(PositionError, match="2♣ rule"):
        Position(nxt, d[nxt], trick=[lead], rules=rules)
    # the same lead is fine under the default rule, and a 2♣ lead under the 2♣ rule
    Position(nxt, d[nxt], trick=[lead])
    after = holder.next
    Position(after, d[after], trick=["2C"], rules=rules)


# -- 6. Nil and blind Nil ----------------------------------------------------------------------------


def test_nil_and_blind_nil_are_different_bids() -> None:
    nil, blind = Bid.coerce("nil"), Bid.coerce("blind nil")
    assert nil != blind and not nil == blind
    assert len({nil, blind}) == 2 and {nil: "n", blind: "b"}[blind] == "b"
    assert nil == 0 and blind == 0 and int(blind) == 0  # both are worth 0 tricks
    assert Bid(0, blind=True) == blind and pickle.loads(pickle.dumps(blind)) == blind
    assert Bid(4) == 4 and hash(Bid(4)) == hash(4) and {4: "x"}[Bid(4)] == "x"


def test_records_with_nil_and_blind_nil_differ() -> None:
    rules = Rules(blind_nil=True, blind_nil_deficit=0)

    def record(bid: str) -> GameRecord:
        r = Round(deal(11), dealer="N", rules=rules)
        for seat, b in zip("ESWN", [3, bid, 3, 4]):
            r.bid(seat, b)
        return loads(dumps(r))

    assert record("nil") != record("blind nil")
    assert record("nil") == record("nil")


# -- 7. texts ------------------------------------------------------------------------------------


def test_safe_quoting() -> None:
    assert quoted(10**5000) == "a number with 5001 digits" and quoted(-5) == "-5"
    assert printable("a\x1b[2Jb\x07") == "a\\x1b[2Jb\\x07"
    assert printable("two\nlines\tok") == "two\nlines\tok"
    assert printable("two\nlines", one_line=True) == "two\\nlines"


def test_renege_lines_read_right() -> None:
    rules = Rules(renege="penalty")
    one = score_round(BIDS, {"N": 1, "E": 6, "S": 0, "W": 6}, rules=rules, reneges={"NS": 1})
    assert "NS reneged 1 time: 1 trick goes to EW (all it took; the penalty was 3)" in one.lines
    none = score_round(BIDS, {"N": 0, "E": 7, "S": 0, "W": 6}, rules=rules, reneges={"NS": 1})
    assert none.lines[0] == "NS reneged 1 time, but took no contract tricks: the penalty moves no trick to EW"
    all_three = score_round(BIDS, TRICKS, rules=rules, reneges={"NS": 1})
    assert all_three.lines[0] == "NS reneged 1 time: 3 tricks go to EW"


def test_a_single_trick_without_contract_reads_in_the_singular() -> None:
    # both of NS bid Nil, and EW's renege hands NS one trick
    rules = Rules(renege="penalty", renege_penalty=1)
    result = score_round(
        {"N": 0, "S": 0, "E": 6, "W": 7}, {"N": 0, "S": 0, "E": 6, "W": 7}, rules=rules, reneges={"E": 1}
    )
    assert "NS had no contract: 1 trick counts only as bags" in result.lines


def test_bid_advice_says_one_card() -> None:
    with pytest.raises(SpadesError, match="'AS' holds 1 card; a hand at the start has 13"):
        advise_bid("AS")


# -- 8. rule readings --------------------------------------------------------------------------------


def test_two_player_rules_say_who_leads() -> None:
    text = Rules(players=2).describe()
    assert "dealer" not in text and "the winner of the cut bids and leads first" in text
    assert "dealer's left leads first" in Rules().describe()


def test_two_player_games_have_no_loss_limit_by_default() -> None:
    """Issue 18 §3.7: the two-player text has no loss limit, so none by default; the
    partnership game's −200 is an option."""
    assert Rules(players=2).loss_limit is None
    assert Rules().loss_limit == -200
    assert Rules(players=2, loss_limit=-200).loss_limit == -200
    assert Rules().replace(players=2).loss_limit is None
    assert Rules(players=2).replace(players=4).loss_limit == -200
    assert Rules(loss_limit=-300).replace(players=2).loss_limit == -300  # a limit given stays
    assert Rules(players=2).to_dict() == {"players": 2}
    assert Rules.from_dict({"players": 2, "loss_limit": -200}) == Rules(players=2, loss_limit=-200)
    assert "no loss limit" in Rules(players=2).describe()
    from _docs import module_notes

    assert "there is none by default" in " ".join(module_notes("spades_teach/game/twoplayer.py").split())


def test_a_two_player_match_goes_on_below_minus_200_unless_the_option_is_on() -> None:
    """A player at −230 loses at once with the option, and plays on without it."""
    from spades_teach import Match

    for rules, over in ((Rules(players=2), False), (Rules(players=2, loss_limit=-200), True)):
        m = Match(rules)
        m.add_result({"N": 12, "S": 1}, {"N": 1, "S": 12})  # N set: −120; S 10 + 11 bags − 100
        m.add_result({"N": 11, "S": 2}, {"N": 0, "S": 13})  # N set again: −230
        assert m.scores["N"] == -230
        assert m.is_over is over, rules


# -- records: size and nesting limits ---------------------------------------------------------------


def test_records_have_a_size_limit(tmp_path: Any) -> None:
    text = dumps(Round(deal(7), dealer="N"))
    padded = text.replace('"format"', '"description": "' + "x" * MAX_RECORD_SIZE + '", "format"')
    with pytest.raises(RecordError, match="at most 1,000,000 bytes"):
        loads(padded)
    path = tmp_path / "big.json"
    path.write_text(padded, encoding="utf-8")
    with pytest.raises(RecordError, match="at most"):
        load(path)
    loads(text.replace('"format"', '"description": "' + "x" * 10_000 + '", "format"'))  # long text is fine


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 50, 100_000])
def test_records_have_a_nesting_limit(depth: int) -> None:
    with pytest.raises(RecordError, match=f"nested more than {MAX_DEPTH} deep"):
        loads("[" * depth + "]" * depth)


def test_brackets_inside_text_do_not_count_as_nesting() -> None:
    text = dumps(Round(deal(7), dealer="N"), title='[[[[[[[[[[{{{{{{{{{{ \\" [[[[')
    assert loads(text).title == '[[[[[[[[[[{{{{{{{{{{ \\" [[[['


def test_record_errors_name_the_path_once() -> None:
    r = Round(deal(7), dealer="N")
    for seat, bid in zip("ESWN", [3, 4, 2, 3]):
        r.bid(seat, bid)
    data = json.loads(dumps(r))
    data["bids"][0]["seat"] = "Q"
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    assert str(caught.value).count("bids[0].seat") == 1
    data["bids"][0]["seat"] = 5
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    assert str(caught.value) == "bids[0].seat: expected text, got the number 5"


def test_bytes_with_a_bom_or_latin1_are_read_like_files(tmp_path: Any) -> None:
    text = dumps(Round(deal(7), dealer="N"), title="Café")
    bom = b"\xef\xbb\xbf" + text.encode("utf-8")
    assert loads(bom) == loads(text) == loads("\ufeff" + text)
    path = tmp_path / "bom.json"
    path.write_bytes(bom)
    assert load(path) == loads(text)
    latin1 = text.encode("latin-1")
    with pytest.raises(RecordError, match="not UTF-8 text: byte 0xe9") as from_bytes:
        loads(latin1)
    path.write_bytes(latin1)
    with pytest.raises(RecordError) as from_file:
        load(path)
    assert str(from_bytes.value) == str(from_file.value)


def test_a_record_path_with_a_nul_character_is_refused_by_name() -> None:
    with pytest.raises(RecordError, match="holds a NUL character"):
        load("game\x00.json")
