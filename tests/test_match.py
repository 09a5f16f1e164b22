"""Whole matches: the score sheet, bags carried from hand to hand, dealer rotation
and the end of the game (target, both over, exact tie, loss limit).

The numbers of the bag table come from the French scoring guide
(``/work/shared/rules/004_*.txt``); the end-of-game rules from all the texts.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades_teach import Rules, Seat, SpadesError, Team, deal, score_round
from spades_teach.game.match import Match, MatchError, MatchOverError, SheetRow
from spades_teach.game.round import Round

# -- helpers ------------------------------------------------------------------------------------


def hand(ns: tuple[int, int], ew: tuple[int, int]) -> tuple[dict[str, Any], dict[str, int]]:
    """Bids and tricks for a paper hand: ``ns`` and ``ew`` are (team bid, team tricks).

    Each team's bid and tricks are split between the partners (N/E get the larger
    half); no Nil, so the team is scored on its totals alone.
    """
    (ns_bid, ns_took), (ew_bid, ew_took) = ns, ew
    assert ns_took + ew_took == 13

    def split(n: int) -> tuple[int, int]:
        return (n + 1) // 2, n // 2

    bids = dict(zip("NSEW", split(ns_bid) + split(ew_bid)))
    assert all(bids.values()), "team bids of 2 or more, so that nobody bids Nil"
    tricks = dict(zip("NSEW", split(ns_took) + split(ew_took)))
    return bids, tricks


def add(match: Match, ns: tuple[int, int], ew: tuple[int, int]) -> SheetRow:
    bids, tricks = hand(ns, ew)
    return match.add_result(bids, tricks)


def play_round_randomly(r: Round, rng: random.Random, *, bids: tuple[int, int] = (1, 4)) -> None:
    """Bid at random within ``bids`` (or any legal bid if none is allowed) for
    everyone, then play random legal cards."""
    low, high = bids
    while r.phase == "bidding":
        seat = r.to_act
        assert seat is not None
        legal = [b for b in r.legal_bids() if low <= int(b) <= high] or r.legal_bids()
        r.bid(seat, rng.choice(legal))
    while not r.is_complete:
        seat = r.to_act
        assert seat is not None
        r.play(seat, rng.choice(list(r.legal_plays())))


def snapshot(m: Match) -> tuple[Any, ...]:
    """Everything an illegal action must leave untouched."""
    return (
        dict(m.scores),
        dict(m.bags),
        m.dealer,
        m.hands_played,
        m.is_over,
        m.winner,
        m.result_reason,
        m.sheet,
        m.current_round,
    )


# -- the bag table of the scoring guide ---------------------------------------------------------


def test_bag_table_of_the_scoring_guide() -> None:
    """004: contracts 6/5/7/4 taking 9/8/9/7 give +63, +53, +72, +43 −100;
    totals 63, 116, 188, 131; bag counter 3, 6, 8, 11 → 1."""
    m = Match()
    contracts = [(6, 9), (5, 8), (7, 9), (4, 7)]
    # East–West bid what they take (13 − NS tricks), so they collect no bags.
    rows = [add(m, (bid, took), (13 - took, 13 - took)) for bid, took in contracts]

    assert [r.points["NS"] for r in rows] == [63, 53, 72, 43 - 100]
    assert [r.totals["NS"] for r in rows] == [63, 116, 188, 131]
    assert [r.bags_added["NS"] for r in rows] == [3, 3, 2, 3]
    assert [r.bags["NS"] for r in rows] == [3, 6, 8, 1]
    assert [r.penalties["NS"] for r in rows] == [0, 0, 0, 1]
    assert [r.penalty_points["NS"] for r in rows] == [0, 0, 0, 100]
    assert m.scores["NS"] == 131 and m.bags["NS"] == 1
    # East–West made 4, 5, 4 and 6 exactly.
    assert [r.totals["EW"] for r in rows] == [40, 90, 130, 190]
    assert m.bags["EW"] == 0
    # The deal went round the table and comes back to North.
    assert [r.dealer for r in rows] == [Seat.N, Seat.E, Seat.S, Seat.W]
    assert m.dealer is Seat.N and m.hands_played == 4
    assert not m.is_over and m.winner is None
    assert m.history() == {Team.NS: [63, 116, 188, 131], Team.EW: [40, 90, 130, 190]}
    assert rows[3].lines and any("−100" in line for line in rows[3].lines)


def test_rows_are_frozen() -> None:
    m = Match()
    row = add(m, (6, 9), (4, 4))
    with pytest.raises(AttributeError):
        row.number = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        row.totals["NS"] = 0  # type: ignore[index]
    assert row.totals["NS"] == 63 and row.bids["N"] == 3 and row.tricks[Seat.S] == 4


# -- the end of the game ------------------------------------------------------------------------


def test_first_side_to_reach_the_target_wins() -> None:
    m = Match(Rules(target=200))
    add(m, (9, 9), (4, 4))  # 90 / 40
    add(m, (9, 9), (4, 4))  # 180 / 80
    assert not m.is_over
    add(m, (2, 2), (11, 11))  # 200 / 190: NS reaches 200, EW does not
    assert m.is_over and m.winner is Team.NS
    assert m.result_reason == "NS reached 200 first"


def test_reaching_the_target_exactly_is_enough() -> None:
    m = Match(Rules(target=100))
    add(m, (10, 10), (3, 3))
    assert m.scores["NS"] == 100 and m.winner is Team.NS


def test_both_over_the_target_higher_score_wins() -> None:
    m = Match(Rules(target=100))
    add(m, (7, 7), (6, 6))  # 70 / 60
    add(m, (6, 6), (7, 7))  # 130 / 130: tied, see the next test
    add(m, (6, 7), (6, 6))  # 191 / 190
    assert m.is_over and m.winner is Team.NS
    assert m.result_reason == "both passed 100; NS is higher, 191 to 190"


def test_both_over_the_target_lower_side_loses_even_if_it_gained_more() -> None:
    m = Match(Rules(target=100))
    add(m, (9, 9), (4, 4))  # 90 / 40
    add(m, (2, 2), (11, 11))  # 110 / 150: both over, EW higher
    assert m.winner is Team.EW
    assert m.result_reason == "both passed 100; EW is higher, 150 to 110"


def test_exact_tie_over_the_target_plays_one_more_hand_until_broken() -> None:
    # Bags cost exactly their point here, so a hand can add the same to both sides.
    m = Match(Rules(target=100, bag_limit=1, bag_penalty=1))
    add(m, (6, 7), (6, 6))  # 60 / 60, below the target: nothing to say
    assert not m.is_over and m.result_reason is None
    add(m, (6, 7), (6, 6))  # 120 / 120
    assert not m.is_over and m.winner is None
    assert m.result_reason == "tied at 120: one more hand"
    add(m, (6, 7), (6, 6))  # 180 / 180: still tied, still going
    assert not m.is_over and m.result_reason == "tied at 180: one more hand"
    add(m, (6, 6), (7, 7))  # 240 / 250
    assert m.is_over and m.winner is Team.EW
    assert m.result_reason == "both passed 100; EW is higher, 250 to 240"


def test_tie_then_both_drop_below_the_target_game_goes_on() -> None:
    m = Match(Rules(target=100, loss_limit=None))
    add(m, (7, 7), (6, 6))
    add(m, (6, 6), (7, 7))  # 130 / 130
    assert m.result_reason == "tied at 130: one more hand"
    add(m, (8, 6), (8, 7))  # both set: 50 / 50
    assert m.scores == {Team.NS: 50, Team.EW: 50}
    assert not m.is_over and m.result_reason is None
    assert "tied" not in m.status()


def test_side_at_the_loss_limit_loses_at_once() -> None:
    m = Match()
    add(m, (3, 8), (10, 5))  # EW −100
    assert not m.is_over
    add(m, (3, 8), (10, 5))  # EW −200: exactly the limit
    assert m.is_over and m.winner is Team.NS
    assert m.result_reason == "EW fell to −200"


def test_side_below_the_loss_limit_loses() -> None:
    m = Match()
    add(m, (13, 4), (3, 9))  # NS −130
    add(m, (10, 3), (3, 10))  # NS −230
    assert m.winner is Team.EW
    assert m.result_reason == "NS fell to −230, at or below the −200 limit"


def test_loss_limit_beats_the_target_in_the_same_hand() -> None:
    """One side falls to the limit while the other reaches the target: the fall decides."""
    m = Match(Rules(target=100, loss_limit=-10))
    add(m, (9, 9), (4, 4))  # 90 / 40
    add(m, (2, 6), (8, 7))  # 114 / −40
    assert m.is_over and m.winner is Team.NS
    assert m.result_reason == "EW fell to −40, at or below the −10 limit"


def test_both_at_the_loss_limit_higher_score_wins_and_a_tie_plays_on() -> None:
    m = Match(Rules(loss_limit=-50))
    add(m, (8, 6), (8, 7))  # −80 / −80: both fallen, tied
    assert not m.is_over
    assert m.result_reason == "both fell to −80, tied: one more hand"
    add(m, (8, 7), (9, 6))  # −160 / −170
    assert m.is_over and m.winner is Team.NS
    assert m.result_reason == "both fell to −50 or below; NS is higher, −160 to −170"


def test_no_loss_limit_means_no_loss() -> None:
    m = Match(Rules(loss_limit=None))
    for _ in range(5):
        add(m, (3, 8), (10, 5))
    assert m.scores["EW"] == -500 and not m.is_over


# -- refusals leave the match unchanged ---------------------------------------------------------


def test_nothing_after_the_match_is_over() -> None:
    m = Match(Rules(target=100))
    add(m, (10, 10), (3, 3))
    before = snapshot(m)
    bids, tricks = hand((5, 5), (8, 8))
    with pytest.raises(MatchOverError, match="the match is over"):
        m.add_result(bids, tricks)
    with pytest.raises(MatchOverError):
        m.start_round(seed=1)
    r = Round(deal(1), dealer=m.dealer)
    with pytest.raises(MatchOverError):
        m.finish_round(r)
    assert snapshot(m) == before


def test_unfinished_round_is_refused() -> None:
    m = Match()
    r = m.start_round(seed=3)
    before = snapshot(m)
    with pytest.raises(MatchError, match="bidding is still open"):
        m.finish_round(r)
    for b in (3, 3, 3, 3):
        r.bid(r.to_act, b)  # type: ignore[arg-type]
    r.play(r.to_act, next(iter(r.legal_plays())))  # type: ignore[arg-type]
    with pytest.raises(MatchError, match="0 of 13 tricks played"):
        m.finish_round(r)
    assert snapshot(m) == before and m.current_round is r


def test_round_from_another_dealer_is_refused() -> None:
    m = Match(dealer="N")
    r = Round(deal(4), dealer="E")
    play_round_randomly(r, random.Random(4))
    before = snapshot(m)
    with pytest.raises(MatchError, match="dealt by East, but hand 1 is dealt by North"):
        m.finish_round(r)
    assert snapshot(m) == before


def test_round_under_other_rules_is_refused() -> None:
    m = Match()
    r = Round(deal(4), dealer="N", rules=Rules(target=250))
    play_round_randomly(r, random.Random(4))
    with pytest.raises(MatchError, match="other rules"):
        m.finish_round(r)
    assert m.hands_played == 0


def test_rounds_must_be_finished_in_order() -> None:
    m = Match()
    rng = random.Random(9)
    old = m.start_round(seed=1)
    new = m.start_round(seed=2)  # drops the first one
    play_round_randomly(old, rng)
    play_round_randomly(new, rng)
    before = snapshot(m)
    with pytest.raises(MatchError, match="out of order"):
        m.finish_round(old)
    assert snapshot(m) == before
    row = m.finish_round(new)
    assert row.number == 1
    with pytest.raises(MatchError, match="already scored as hand 1"):
        m.finish_round(new)
    assert m.hands_played == 1


def test_paper_hand_waits_for_the_round_in_progress() -> None:
    m = Match()
    r = m.start_round(seed=5)
    bids, tricks = hand((5, 5), (8, 8))
    with pytest.raises(MatchError, match="finish_round"):
        m.add_result(bids, tricks)
    assert m.abandon_round() is r and m.current_round is None
    m.add_result(bids, tricks)
    assert m.hands_played == 1


def test_bad_paper_hands_change_nothing() -> None:
    m = Match()
    add(m, (5, 6), (7, 7))
    before = snapshot(m)
    with pytest.raises(MatchError, match="missing for W"):
        m.add_result({"N": 3, "E": 3, "S": 3}, {"N": 3, "E": 3, "S": 3})
    with pytest.raises(SpadesError, match="add up to 14"):
        m.add_result({"N": 3, "E": 3, "S": 3, "W": 3}, {"N": 4, "E": 3, "S": 4, "W": 3})
    with pytest.raises(MatchError, match="bid for N"):
        m.add_result({"N": "lots", "E": 3, "S": 3, "W": 3}, {"N": 4, "E": 3, "S": 3, "W": 3})
    assert snapshot(m) == before


def test_blind_nil_on_paper_needs_the_deficit() -> None:
    m = Match(Rules(blind_nil=True))
    bids = {"N": "blind nil", "S": 4, "E": 4, "W": 4}
    tricks = {"N": 0, "S": 5, "E": 4, "W": 4}
    with pytest.raises(MatchError, match="at least 100 points behind"):
        m.add_result(bids, tricks)
    add(m, (4, 4), (9, 9))  # NS 40, EW 90: 50 behind, not enough
    with pytest.raises(MatchError, match="it is 50 behind"):
        m.add_result(bids, tricks)
    add(m, (4, 4), (9, 9))  # NS 80, EW 180: 100 behind
    row = m.add_result(bids, tricks)
    assert row.points["NS"] == 200 + 40 + 1


def test_minimum_team_bid_on_paper() -> None:
    m = Match(Rules(min_team_bid=4))
    with pytest.raises(MatchError, match="below the minimum of 4"):
        m.add_result({"N": 1, "S": 2, "E": 4, "W": 4}, {"N": 2, "S": 3, "E": 4, "W": 4})
    m.add_result({"N": 0, "S": 2, "E": 4, "W": 4}, {"N": 0, "S": 5, "E": 4, "W": 4})
    assert m.hands_played == 1


# -- hands played in the engine -----------------------------------------------------------------


def test_engine_round_is_scored_with_carried_bags() -> None:
    m = Match()
    add(m, (4, 13), (2, 0))  # NS carries 9 bags
    assert m.bags["NS"] == 9
    r = m.start_round(seed=11)
    assert r.dealer is Seat.E and r.to_act is Seat.S
    rng = random.Random(11)
    play_round_randomly(r, rng, bids=(1, 2))
    won = r.team_tricks
    contract = sum(int(r.bids[s]) for s in Team.NS.seats)
    row = m.finish_round(r)
    assert row.source == "round" and m.rounds[-1] is r
    assert dict(row.tricks) == dict(r.tricks_won)
    assert won[Team.NS] > contract, "this seed gives NS at least one more bag"
    assert row.penalties["NS"] == 1 and row.bags["NS"] == 9 + won[Team.NS] - contract - 10
    assert m.scores["NS"] == 49 + row.points["NS"]


def test_start_round_passes_the_score_for_blind_nil() -> None:
    m = Match(Rules(blind_nil=True))
    add(m, (3, 3), (10, 10))  # NS 30, EW 100: NS is 70 behind
    add(m, (3, 3), (10, 10))  # NS 60, EW 200: NS is 140 behind
    r = m.start_round(seed=2)
    assert r.dealer is Seat.S and r.to_act is Seat.W
    assert r.scores_before == {Team.NS: 60, Team.EW: 200}
    assert not r.can_bid("W", "blind nil")  # EW is ahead
    r.bid("W", 3)
    assert r.can_bid("N", "blind nil")


def test_deal_given_to_start_round_gets_the_match_dealer() -> None:
    m = Match(dealer="W")
    d = deal(8, dealer="N")
    r = m.start_round(d)
    assert r.dealer is Seat.W and r.deal == d and r.to_act is Seat.N
    text_round = m.start_round(str(d))
    assert text_round.deal == d
    with pytest.raises(MatchError, match="either a deal or a seed"):
        m.start_round(d, seed=1)


def test_two_player_deal_refused_in_a_four_player_match() -> None:
    from spades_teach.game.twoplayer import deal_by_drawing

    with pytest.raises(MatchError, match="for 2 players"):
        Match().start_round(deal_by_drawing(1))


def test_dealer_must_play() -> None:
    with pytest.raises(SpadesError, match="use N or S"):
        Match(Rules(players=2), dealer="E")
    with pytest.raises(SpadesError):
        Match(dealer="X")


# -- the score sheet as text and HTML ----------------------------------------------------------


def test_sheet_text_has_one_line_per_hand_with_the_numbers() -> None:
    m = Match(names={"N": "Ann", "S": "Bob"})
    add(m, (6, 9), (4, 4))
    m.add_result({"N": "nil", "S": 5, "E": 4, "W": 3}, {"N": 1, "S": 5, "E": 4, "W": 3})
    text = m.sheet_text()
    lines = text.splitlines()
    assert lines[0] == "Players: N Ann, S Bob"
    assert "NS (Ann & Bob)" in lines[1]
    body = [line for line in lines if line[:1].isdigit()]
    assert len(body) == 2
    assert body[0].split() == "1 N 3/5 2/2 3/4 2/2 | +63 +3 3 63 | +40 0 0 40".split()
    # Nil missed: −100, S makes 5 (+50), N's trick is a bag (+1): −49.
    assert body[1].split() == "2 E Nil/1 4/4 5/5 3/3 | −49 +1 4 14 | +70 0 0 110".split()
    bars = {tuple(i for i, c in enumerate(line) if c == "|") for line in lines[1:4] + body}
    assert len(bars) == 1, "the side separators line up from the title line to the last hand"
    assert lines[-1] == m.status()


def test_sheet_text_shows_a_bag_penalty() -> None:
    m = Match()
    for bid, took in [(6, 9), (5, 8), (7, 9), (4, 7)]:
        add(m, (bid, took), (13 - took, 13 - took))
    last = next(line for line in m.sheet_text().splitlines() if line.startswith("4"))
    ns_part = last.split("|")[1].split()
    assert ns_part == ["−57", "+3", "−100", "1", "131"]


def test_html_sheet_escapes_names_and_lists_every_hand() -> None:
    m = Match(names={"E": "<script>"})
    add(m, (6, 9), (4, 4))
    add(m, (5, 8), (5, 5))
    page = m._repr_html_()
    assert page.startswith("<table") and page.count("<tr>") == 2 + 2
    assert "&lt;script&gt;" in page and "<script>" not in page
    assert ">116<" in page and ">90<" in page


def test_status_and_repr() -> None:
    m = Match(Rules(target=100))
    assert m.status() == "NS 0, EW 0 (bags 0 and 0): N deals hand 1"
    add(m, (10, 10), (3, 3))
    assert m.status() == "NS 100, EW 30 (bags 0 and 0): NS wins, NS reached 100 first"
    assert "NS wins" in repr(m)


# -- property: random matches always end and add up ---------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    target=st.sampled_from([150, 250, 500]),
    loss_limit=st.sampled_from([None, -200]),
    players=st.sampled_from([4, 2]),
)
def test_random_matches_end_and_the_totals_are_the_sum_of_the_rows(
    seed: int, target: int, loss_limit: int | None, players: int
) -> None:
    rules = Rules(target=target, loss_limit=loss_limit, players=players)
    m = Match(rules)
    rng = random.Random(seed)
    hands = 0
    while not m.is_over:
        r = m.start_round(seed=rng.randrange(2**32))
        # Bids near a fair share of the tricks: far lower bids collect so many bags
        # that the penalties cancel the points (a two-player game bidding 1-5
        # does not reach 500 in 300 hands).
        play_round_randomly(r, rng, bids=(2, 4) if players == 4 else (4, 6))
        m.finish_round(r)
        hands += 1
        assert hands < 400, "a match of sensible bids must end"
    assert m.winner in m.sides and m.result_reason
    for side in m.sides:
        assert m.scores[side] == sum(row.points[side] for row in m.sheet)
        assert m.history()[side][-1] == m.scores[side]
        counter = 0
        for row in m.sheet:
            counter += row.bags_added[side]
            assert row.penalties[side] == counter // rules.bag_limit
            counter %= rules.bag_limit
            assert row.bags[side] == counter
            assert row.penalty_points[side] == row.penalties[side] * rules.bag_penalty
    # Each row is the engine's own score of the hand, with the bags carried in.
    bags = {side: 0 for side in m.sides}
    for row, r in zip(m.sheet, m.rounds):
        assert r is not None
        again = score_round(r.bids, r.tricks_won, bags=bags, rules=rules)
        assert dict(again.points) == dict(row.points)
        bags = dict(row.bags)
    order = [row.dealer for row in m.sheet]
    step = (lambda s: Seat.S if s is Seat.N else Seat.N) if players == 2 else (lambda s: s.next)
    assert all(b is step(a) for a, b in itertools.pairwise(order))


def test_paper_reneges_move_tricks_under_the_penalty_rule() -> None:
    m = Match(Rules(renege="penalty"))
    bids, tricks = hand((6, 6), (7, 7))
    row = m.add_result(bids, tricks, reneges={"EW": 1})
    # EW's renege hands 3 of their 7 tricks to NS: NS 6 → 9 (+3 bags), EW 7 → 4, set.
    assert row.points["NS"] == 63 and row.points["EW"] == -70
    plain = Match()
    with pytest.raises(SpadesError, match="renege='penalty'"):
        plain.add_result(bids, tricks, reneges={"EW": 1})
    assert plain.hands_played == 0
