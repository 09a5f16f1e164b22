"""One scoring and one statement of the bidding rules: the fast side value agrees
with score_round, and Round, Match and score_round refuse the same bids."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spades_teach import Bid, Match, Round, Rules, Seat, SpadesError, deal, score_round
from spades_teach.errors import IllegalBidError
from spades_teach.game.match import MatchError
from spades_teach.game.scoring import (
    CONTRACT_TRICK_POINTS,
    UNKNOWN_BID,
    bag_charge,
    bid_problem,
    charged,
    contract_made,
    counter_charged,
    side_contract,
    side_value,
)
from spades_teach.game.twoplayer import deal_by_drawing


def test_side_value_is_score_round_with_bags_charged() -> None:
    rng = random.Random(11)
    for rules in (Rules(), Rules(blind_nil=True, bag_penalty=50, bag_limit=5), Rules(nil_value=50)):
        for _ in range(2000):
            bids = [Bid(rng.choice([0, 0, *range(1, 14)])) for _ in range(4)]
            if rules.blind_nil and rng.random() < 0.1:
                bids[rng.randrange(4)] = Bid.coerce("blind nil")
            cuts = sorted(rng.randint(0, 13) for _ in range(3))
            won = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
            score = score_round({s: bids[s] for s in Seat}, {s: won[s] for s in Seat}, rules=rules)
            for team in ("NS", "EW"):
                detail = score.sides[team]  # type: ignore[index]
                seats = (0, 2) if team == "NS" else (1, 3)
                expected = charged(detail.points + detail.penalty_points, detail.bags_added, rules)
                assert side_value(bids, won, seats, rules) == pytest.approx(expected), (bids, won, team)
    assert bag_charge(Rules()) == 10


def test_the_team_minimum_is_refused_alike_by_round_match_and_score_round() -> None:
    """score_round used to score a team bid of 2 under min_team_bid=4 that Match refuses."""
    rules = Rules(min_team_bid=4)
    bids = {"N": 1, "E": 4, "S": 1, "W": 4}
    tricks = {"N": 2, "E": 4, "S": 3, "W": 4}
    with pytest.raises(SpadesError, match="NS must bid at least 4 together") as scored:
        score_round(bids, tricks, rules=rules)
    with pytest.raises(MatchError, match="NS must bid at least 4 together"):
        Match(rules).add_result(bids, tricks)
    r = Round(deal(1), dealer="W", rules=rules)
    r.bid("N", 1)
    r.bid("E", 4)
    with pytest.raises(IllegalBidError, match="NS must bid at least 4 together") as played:
        r.bid("S", 1)
    assert str(played.value) in str(scored.value)


def test_bid_problem_reasons() -> None:
    assert bid_problem(Seat.N, Bid(0), Rules(nil=False)) == "Nil is not allowed under these rules: bid 1 to 13"
    assert bid_problem(Seat.N, Bid.coerce("blind nil"), Rules()) is not None
    assert bid_problem(Seat.N, Bid.coerce("blind nil"), Rules(blind_nil=True)) is None  # score unknown
    assert "it is 50 behind" in (bid_problem(Seat.N, Bid.coerce("blind nil"), Rules(blind_nil=True), behind=50) or "")
    assert bid_problem(Seat.N, Bid.coerce("blind nil"), Rules(blind_nil=True), behind=100) is None
    assert bid_problem(Seat.N, Bid(1), Rules(min_team_bid=4), partner_bid=Bid(0)) is None
    assert bid_problem(Seat.N, Bid(2), Rules(min_team_bid=4), partner_bid=Bid(2)) is None


def test_legal_bids_are_the_bids_verify_bid_accepts() -> None:
    """Round.legal_bids lists the bids of scoring.allowed_bids, remembered per situation:
    the same bids, one by one, that Round.verify_bid (and so bid_problem) accepts."""
    every: list[Any] = [*range(14), "blind nil"]
    rule_sets = [
        Rules(),
        Rules(nil=False),
        Rules(blind_nil=True),
        Rules(blind_nil=True, blind_nil_deficit=0),
        Rules(min_team_bid=4),
        Rules(min_team_bid=6, nil=False),
        Rules(min_team_bid=4, blind_nil=True),
        Rules(players=2, blind_nil=True),
    ]
    rng = random.Random(3)
    for rules in rule_sets:
        for number in range(40):
            seats = ("N", "S") if rules.players == 2 else ("N", "E", "S", "W")
            deficit = rng.choice([0, 50, 100, 250])
            scores = {seats[0]: 0, seats[1]: deficit} if rules.players == 2 else {"NS": 0, "EW": deficit}
            cards = deal_by_drawing(number, rules=rules) if rules.players == 2 else deal(number)
            r = Round(cards, dealer=rng.choice(seats), rules=rules, scores=scores if number % 2 else None)
            while r.phase == "bidding":
                seat = r.to_act
                assert seat is not None
                expected = [Bid.coerce(b) for b in every if r.can_bid(seat, b)]
                assert r.legal_bids() == expected, (rules, number, seat)
                assert all(b.blind == e.blind for b, e in zip(r.legal_bids(), expected))
                r.bid(seat, rng.choice(expected))


def test_side_value_with_bags_carried_is_score_round_with_the_counter_charged() -> None:
    """The expert's measure is this one function: each bag the hand leaves on the
    counter charged its share, a penalty that falls counted in full. It equals
    score_round with the bags carried in, for partnerships and two players."""
    rng = random.Random(20)
    for rules in (Rules(), Rules(blind_nil=True, bag_penalty=50, bag_limit=5), Rules(players=2)):
        seats = (0, 2) if rules.players == 2 else (0, 1, 2, 3)
        sides = [((0,), "N"), ((2,), "S")] if rules.players == 2 else [((0, 2), "NS"), ((1, 3), "EW")]
        for _ in range(2000):
            bids: list[Bid | None] = [None, None, None, None]
            for s in seats:
                bids[s] = Bid(rng.choice([0, 0, *range(1, 14)]))
            if rules.blind_nil and rng.random() < 0.1:
                bids[rng.choice(seats)] = Bid.coerce("blind nil")
            cut = sorted(rng.randint(0, 13) for _ in range(len(seats) - 1))
            parts = [b - a for a, b in zip([0, *cut], [*cut, 13])]
            won = [0, 0, 0, 0]
            for s, n in zip(seats, parts):
                won[s] = n
            carried = {name: rng.randrange(rules.bag_limit) for _, name in sides}
            score = score_round(
                {Seat(s): bids[s] for s in seats}, {Seat(s): won[s] for s in seats}, bags=carried, rules=rules
            )
            for side_seats, name in sides:
                detail = score.sides[name]  # type: ignore[index]
                expected = counter_charged(detail.points, detail.bags_added, detail.bags_after, rules)
                got = side_value(bids, won, side_seats, rules, bags_carried=carried[name])
                assert got == pytest.approx(expected), (bids, won, name, carried)


def test_a_nil_bidders_tricks_are_bags_in_the_one_scoring() -> None:
    """Issue 20: N bid Nil and took 2, S bid 4 and took 5: −100 + 40 + 1 + 2 bags = −57,
    and the 3 bags charged 10 each: −87 (the expert's own formula said −89)."""
    bids = [Bid(0), Bid(3), Bid(4), Bid(2)]
    won = [2, 3, 5, 3]
    score = score_round({s: bids[s] for s in Seat}, {s: won[s] for s in Seat})
    assert (score.points["NS"], score.bags_added["NS"]) == (-57, 3)
    assert side_value(bids, won, (0, 2), Rules()) == -87.0
    # a side with no contract (two Nils, both failed): every trick a bag, worth a point and charged 10
    assert side_value([Bid(0), Bid(3), Bid(0), Bid(2)], [1, 5, 2, 5], (0, 2), Rules()) == -200 + 3 - 30
    # with 8 bags carried in, the third bag brings the penalty: −57 − 100, and the one bag left charged
    assert side_value(bids, won, (0, 2), Rules(), bags_carried=8) == -57 - 100 - 10


def test_the_named_constants_of_the_one_scoring() -> None:
    assert CONTRACT_TRICK_POINTS == 10 and UNKNOWN_BID == 3
    won = [4, 3, 3, 3]
    assert side_value([None, None, None, None], won, (0, 2), Rules()) == side_value(
        [Bid(3), Bid(3), Bid(3), Bid(3)], won, (0, 2), Rules()
    )
    assert side_contract([None, Bid(2), Bid(0), Bid(5)], won, (0, 2)) == (UNKNOWN_BID, 4)
    assert contract_made([Bid(4), None, Bid(3), None], [3, 0, 3, 7], (0, 2)) is False
    assert contract_made([Bid(4), None, Bid(3), None], [4, 0, 3, 6], (0, 2)) is True
    assert contract_made([Bid(0), None, Bid(0), None], [0, 6, 0, 7], (0, 2)) is False  # no contract


def test_every_scoring_entry_point_takes_a_sides_points_from_the_one_formula(monkeypatch: pytest.MonkeyPatch) -> None:
    """``score_round``, ``Round.score`` (through ``score_checked``) and the fast
    ``side_value`` all ask ``side_points``: a change to it reaches all three."""
    from spades_teach.game import scoring

    bids = {"N": 4, "E": 3, "S": 0, "W": 3}
    tricks = {"N": 5, "E": 4, "S": 1, "W": 3}
    by_number = [Bid(bids[s.name]) for s in Seat], [tricks[s.name] for s in Seat]
    r = Round(deal(5), dealer="W")
    while r.phase == "bidding":
        r.bid(r.to_act, 3)  # type: ignore[arg-type]
    while not r.is_complete:
        r.play(r.to_act, r.legal_plays()[0])  # type: ignore[arg-type]

    def answers() -> tuple[int, int, float]:
        return score_round(bids, tricks).points["NS"], r.score().points["EW"], side_value(*by_number, (0, 2), Rules())

    before = answers()
    real = scoring.side_points
    monkeypatch.setattr(scoring, "side_points", lambda *args: real(*args)._replace(points=real(*args).points + 1000))
    assert answers() == (before[0] + 1000, before[1] + 1000, before[2] + 1000)


#: Contract arithmetic outside ``game/scoring.py`` still waiting for its rewrite: (file, expression).
_CONTRACT_ARITHMETIC_LEFT = {
    # the bid advice's "reaches the target" message, rewritten by the bid-advice work (score_if_made)
    ("advice/bidding.py", "10 * total"),
}


def test_contract_points_are_worked_out_by_the_scoring_alone() -> None:
    """No module but ``game/scoring.py`` multiplies a bid by the points of a contract trick
    (``10 *``, ``20 *`` or ``CONTRACT_TRICK_POINTS *``): the puzzles' goals once wrote
    ``20 * bid`` beside :func:`~spades_teach.game.scoring.contract_swing`."""
    import ast
    from pathlib import Path

    package = Path(__file__).resolve().parents[1] / "spades_teach"
    found = set()
    for path in package.rglob("*.py"):
        if path == package / "game" / "scoring.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
                for side in (node.left, node.right):
                    if (isinstance(side, ast.Constant) and side.value in (10, 20)) or (
                        isinstance(side, ast.Name) and side.id == "CONTRACT_TRICK_POINTS"
                    ):
                        found.add((path.relative_to(package).as_posix(), ast.unparse(node)))
    assert found == _CONTRACT_ARITHMETIC_LEFT


def test_the_swing_of_a_contract_comes_from_the_one_formula(monkeypatch: pytest.MonkeyPatch) -> None:
    from spades_teach.game import scoring

    assert scoring.contract_swing(5, Rules()) == 2 * 5 * CONTRACT_TRICK_POINTS
    real = scoring.side_points
    monkeypatch.setattr(
        scoring, "side_points", lambda c, t, *rest: real(c, t, *rest)._replace(points=real(c, t, *rest).points * 2)
    )
    assert scoring.contract_swing(5, Rules()) == 4 * 5 * CONTRACT_TRICK_POINTS


def test_score_round_takes_each_sides_contract_from_side_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    """``score_checked`` (behind ``score_round`` and ``Round.score``) used to add up each side's
    contract in a loop of its own beside ``side_contract``."""
    from spades_teach.game import scoring

    asked: list[tuple[int, ...]] = []
    real = scoring.side_contract

    def counting(bids: Any, won: Any, seats: Any, *rest: Any) -> tuple[int, int]:
        asked.append(tuple(int(s) for s in seats))
        return real(bids, won, seats, *rest)

    monkeypatch.setattr(scoring, "side_contract", counting)
    score = score_round({"N": 4, "E": 3, "S": 0, "W": 3}, {"N": 5, "E": 4, "S": 1, "W": 3})
    assert sorted(asked) == [(0, 2), (1, 3)]
    assert (score.sides["NS"].contract, score.sides["EW"].contract) == (4, 6)  # type: ignore[index]
    two = score_round({"N": 5, "S": 4}, {"N": 6, "S": 7}, rules=Rules(players=2))
    assert sorted(asked[2:]) == [(0,), (2,)] and two.points["N"] == 51  # type: ignore[index]
