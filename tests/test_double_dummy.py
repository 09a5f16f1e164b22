"""Tests of the double-dummy solver under Spades rules.

Exactness is checked three ways: against a plain minimax written here (no
pruning, no card equivalence, no bounds: every legal card of every seat is
tried) on thousands of small random positions; the compiled core against the
pure-Python reference solver; and against the DDS library (``endplay``) on
positions where spades are broken, where Spades and bridge rules coincide.
"""

from __future__ import annotations

import functools
import random

import pytest
from _positions import random_position
from endplay.dds import solve_board
from endplay.dds.solve import SolveMode
from endplay.types import Deal as EDeal
from endplay.types import Denom, Player

from spades_teach import Card, Hand, Seat, SpadesError, Team, deal
from spades_teach.analysis import SOLVER_BACKEND, double_dummy
from spades_teach.errors import PositionError
from spades_teach.solver import (
    NS_TRICKS,
    DDState,
    ReferenceSolver,
    make_position,
    reaches,
    score_cards,
    solve_value,
)

BACKENDS = ["python", "c"] if SOLVER_BACKEND == "c" else ["python"]


# -- a plain minimax: the definition of the answer ------------------------------------------------


def minimax(pos: DDState, objective: int = 0) -> int:
    """Tricks won from here by the counted seats with best play: NS tricks for
    objective 0 (NS maximise), the Nil bidder's tricks for 1 + seat (the
    defenders maximise). Spades rules are spelled out again here, from scratch."""
    if objective == 0:
        counted, max_team = {0, 2}, 0
    else:
        counted, max_team = {objective - 1}, objective & 1  # the defenders of seat objective - 1

    @functools.cache
    def value(hands: tuple[int, ...], leader: int, trick: tuple[int, ...], broken: bool, c2: bool) -> int:
        to_play = (leader + len(trick)) % 4
        hand = hands[to_play]
        if not hand:
            return 0
        cards = [i for i in range(52) if hand >> i & 1]
        if trick:
            led = trick[0] // 13
            follow = [c for c in cards if c // 13 == led]
            legal = follow or cards
        elif c2 and 51 in cards:  # the 2♣ leads the hand's first trick
            legal = [51]
        elif broken or pos.bridge_rules:
            legal = cards
        else:
            legal = [c for c in cards if c >= 13] or cards
        results = []
        for card in legal:
            new_hands = list(hands)
            new_hands[to_play] &= ~(1 << card)
            now_broken = broken
            if card < 13 and (pos.spade_lead_breaks or (trick and trick[0] >= 13)):
                now_broken = True
            new_trick = (*trick, card)
            if len(new_trick) < 4:
                results.append(value(tuple(new_hands), leader, new_trick, now_broken, False))
                continue
            led = new_trick[0] // 13
            spades = [c for c in new_trick if c < 13]
            best = min(spades) if spades else min(c for c in new_trick if c // 13 == led)
            winner = (leader + new_trick.index(best)) % 4
            won = 1 if winner in counted else 0
            results.append(won + value(tuple(new_hands), winner, (), now_broken, False))
        return max(results) if to_play % 2 == max_team else min(results)

    return value(pos.hands, pos.leader, pos.trick, pos.broken, pos.two_of_clubs and not pos.trick)


# -- exactness ----------------------------------------------------------------------------------------


def _check_against_minimax(rng: random.Random, size: int) -> None:
    pos = random_position(rng, size)
    objective = 0 if rng.random() < 0.6 else 1 + rng.randrange(4)
    expected = minimax(pos, objective)
    for backend in BACKENDS:
        assert solve_value(pos, objective, backend=backend) == expected, (backend, pos, objective)


def test_solvers_agree_with_plain_minimax_on_random_small_positions() -> None:
    """2,000 positions of 1 to 3 cards a hand and 100 of 4 cards (the plain minimax is
    slow there), each with a random trick in progress, flags and objective."""
    rng = random.Random(20261129)
    for _ in range(2000):
        _check_against_minimax(rng, rng.choice((1, 2, 3, 3)))
    for _ in range(100):
        _check_against_minimax(rng, 4)


def test_card_scores_agree_with_plain_minimax() -> None:
    rng = random.Random(7)
    for _ in range(300):
        pos = random_position(rng, rng.choice((2, 3)))
        legal = pos.legal_mask()
        mine = pos.to_play & 1
        for backend in BACKENDS:
            scores = score_cards(pos, backend=backend)
            assert set(scores) == {i for i in range(52) if legal >> i & 1}
            for card, score in scores.items():
                child, winner = pos.play(card)
                ns = (1 if winner in (0, 2) else 0) + minimax(child)
                left = pos.tricks_left
                assert score == ns, (backend, pos, card)
                side = ns if mine == 0 else left - ns
                assert 0 <= side <= left


def test_compiled_core_is_built() -> None:
    """``pip install -e .`` (tools/setup.sh) builds the C core; the Python solver is the fallback."""
    assert SOLVER_BACKEND == "c"


def test_compiled_core_matches_reference_on_six_card_positions() -> None:
    rng = random.Random(99)
    for _ in range(60):
        pos = random_position(rng, 6)
        objective = 0 if rng.random() < 0.7 else 1 + rng.randrange(4)
        assert solve_value(pos, objective, backend="c") == ReferenceSolver(objective).value(pos)


def _dds_tricks(hands: dict[Seat, Hand], leader: Seat, team: Team) -> int:
    pbn = "N:" + " ".join(str(hands[s]).replace("-.-.-.-", "...") for s in Seat)
    board = EDeal(pbn)
    board.first = Player(int(leader))  # endplay numbers the players N, E, S, W from 0, like Seat
    board.trump = Denom.spades
    best = max(score for _card, score in solve_board(board, SolveMode.OptimalOne))
    side_of_leader = leader.team
    return best if side_of_leader is team else len(hands[leader]) - best


def _played_down(rng: random.Random, seed: int, tricks: int) -> tuple[dict[Seat, Hand], Seat]:
    """A seeded deal with ``tricks`` random legal tricks played (bridge-legal and Spades-legal:
    spades are treated as broken from the start)."""
    d = deal(seed)
    pos = DDState(tuple(d[s].mask for s in Seat), rng.randrange(4), (), True)  # type: ignore[arg-type]
    for _ in range(4 * tricks):
        legal = pos.legal_mask()
        pos, _winner = pos.play(rng.choice([i for i in range(52) if legal >> i & 1]))
    return {s: Hand.from_mask(pos.hands[s]) for s in Seat}, Seat(pos.leader)


def test_matches_dds_when_spades_are_broken() -> None:
    """With spades broken the Spades rules are bridge rules with spades as trumps.
    200 seeded deals, each cut to 8 cards a hand by five random legal tricks."""
    rng = random.Random(5)
    for seed in range(200):
        hands, leader = _played_down(rng, seed, 5)
        ours = double_dummy(hands, leader=leader, spades_broken=True)
        assert ours.tricks[leader.team] == _dds_tricks(hands, leader, leader.team), (seed, hands, leader)


def test_matches_dds_on_full_deals_with_spades_broken() -> None:
    for seed in (1, 2, 8):
        d = deal(seed)
        hands = {s: d[s] for s in Seat}
        leader = Seat(seed % 4)
        ours = double_dummy(hands, leader=leader, spades_broken=True)
        assert ours.tricks["EW"] == _dds_tricks(hands, leader, Team.EW)
        assert ours.tricks["NS"] + ours.tricks["EW"] == 13


@pytest.mark.slow
def test_matches_dds_on_200_full_deals_with_spades_broken() -> None:
    """The 200 full 13-card deals of ``benchmarks/dds_agreement.py`` (seed 195 among them, the
    one that once took minutes). Each value is checked with two zero-window searches, the
    cheapest exact check: North-South reach DDS's count and not one trick more."""
    for seed in range(1, 201):
        d = deal(f"dds-agreement-{seed}")
        hands = {s: d[s] for s in Seat}
        leader = Seat(seed % 4)
        ns = _dds_tricks(hands, leader, Team.NS)
        pos = make_position(hands, leader=leader, spades_broken=True)
        assert reaches(pos, NS_TRICKS, ns), (seed, "below DDS")
        assert not reaches(pos, NS_TRICKS, ns + 1), (seed, "above DDS")


# -- golden endgames a learner can check by hand -----------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_one_card_each_highest_spade_wins(backend: str) -> None:
    hands = {"N": "-.2.-.-", "E": "-.A.-.-", "S": "3.-.-.-", "W": "2.-.-.-"}
    # East leads... no: North leads the only heart; East follows with the ace, South trumps
    # with the 3♠, West's 2♠ is lower.
    result = double_dummy(hands, leader="N", backend=backend)
    assert result.tricks["NS"] == 1 and result.tricks["EW"] == 0


@pytest.mark.parametrize("backend", BACKENDS)
def test_unbroken_spades_cost_west_a_trick(backend: str) -> None:
    """West holds A♠ and 2♦. Under bridge rules West cashes the A♠ and East wins the
    diamond: East-West take both tricks. Under Spades rules West must lead the 2♦
    (spades are not broken); North trumps it with the 2♠ and leads a heart that South
    wins unless West trumps — West does, so each side takes one trick."""
    hands = {"W": "A.-.2.-", "N": "2.2.-.-", "E": "-.-.A3.-", "S": "-.A3.-.-"}
    spades = double_dummy(hands, leader="W", backend=backend)
    bridge = double_dummy(hands, leader="W", bridge_rules=True, backend=backend)
    broken = double_dummy(hands, leader="W", spades_broken=True, backend=backend)
    assert bridge.tricks["EW"] == 2
    assert broken.tricks["EW"] == 2
    assert spades.tricks["EW"] == 1 and spades.tricks["NS"] == 1
    # West has a single legal card, and its score is the answer.
    assert spades.card_scores == {Card.parse("2D"): 1}
    assert bridge.card_scores == {Card.parse("AS"): 2, Card.parse("2D"): 1}


@pytest.mark.parametrize("backend", BACKENDS)
def test_leader_with_only_spades_may_lead_them(backend: str) -> None:
    hands = {"N": "AK.-.-.-", "E": "-.-.A2.-", "S": "-.-.-.A2", "W": "-.AK.-.-"}
    result = double_dummy(hands, leader="N", backend=backend)
    assert result.tricks["NS"] == 2
    assert result.best_cards == (Card.parse("AS"), Card.parse("KS"))


@pytest.mark.parametrize("backend", BACKENDS)
def test_trick_in_progress_counts(backend: str) -> None:
    """East led the K♥ and South (to play) holds A♥ and 2♥. The ace takes this trick
    (then West's Q♥ takes South's 2♥). Ducking lets the K♥ hold, and East cashes the A♦."""
    hands = {"N": "-.-.32.-", "E": "-.-.A.-", "S": "-.A2.-.-", "W": "-.Q3.-.-"}
    result = double_dummy(hands, leader="E", trick=["KH"], backend=backend)
    assert result.to_play is Seat.S
    assert result.tricks_left == 2
    assert result.card_scores == {Card.parse("AH"): 1, Card.parse("2H"): 0}
    assert result.best_cards == (Card.parse("AH"),)
    assert result.tricks["NS"] == 1 and result.tricks["EW"] == 1


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("bridge_rules", [False, True])
def test_a_card_that_won_by_its_rank_does_not_answer_for_lower_ones(backend: str, bridge_rules: bool) -> None:
    """South led the 8♠ and West holds A♠ J♠ 4♠. West's J♠ takes the trick by its rank, so
    its answer says nothing about West's 4♠: with the 4♠ East's 10♠ takes the trick and
    East-West take all three. (A first version of the compiled core's card skipping let the
    J♠ answer for the 4♠ and gave North-South a trick.)"""
    hands = {"N": "-.-.432.-", "E": "T2.2.-.-", "S": "Q6.-.-.-", "W": "AJ4.-.-.-"}
    result = double_dummy(hands, leader="S", trick=["8S"], bridge_rules=bridge_rules, backend=backend)
    assert result.tricks["NS"] == 0
    assert result.card_scores == {Card.parse("AS"): 2, Card.parse("JS"): 2, Card.parse("4S"): 3}
    assert result.best_cards == (Card.parse("4S"),)


def test_spade_on_another_suit_breaks_spades_within_the_trick() -> None:
    """A spade played on a heart lead breaks spades at once, as in the engine; a spade
    led by a player holding only spades does not, unless ``spade_lead_breaks``."""
    hands = {"N": "-.-.-.2", "E": "A.-.-.-", "S": "-.3.-.3", "W": "-.4.-.4"}
    assert make_position(hands, leader="N", trick=["5H", "2S"]).broken is True
    assert make_position(hands, leader="N", trick=["5H", "2H"]).broken is False
    only_spades = {"N": "3.-.-.-", "E": "-.2.-.-", "S": "-.-.2.-", "W": "-.-.-.2"}
    assert make_position(only_spades, leader="N").legal_mask() == Card.parse("3S").mask
    after_lead = {"N": "-.-.-.-", "E": "-.2.-.-", "S": "-.-.2.-", "W": "-.-.-.2"}
    assert make_position(after_lead, leader="N", trick=["4S"]).broken is False
    assert make_position(after_lead, leader="N", trick=["4S"], spade_lead_breaks=True).broken is True


@pytest.mark.parametrize("backend", BACKENDS)
def test_breaking_spades_opens_the_spade_lead(backend: str) -> None:
    """East, on lead with the A♠ and the K♣, may cash the A♠ only once spades are broken."""
    hands = {"N": "-.-.J.2", "E": "A.-.-.K", "S": "-.-.Q.3", "W": "-.-.K.4"}
    broken = double_dummy(hands, leader="E", spades_broken=True, backend=backend)
    unbroken = double_dummy(hands, leader="E", backend=backend)
    assert set(broken.card_scores) == {Card.parse("AS"), Card.parse("KC")}
    assert set(unbroken.card_scores) == {Card.parse("KC")}
    assert broken.tricks["EW"] == 2 and unbroken.tricks["EW"] == 2


def test_spade_lead_breaks_option_matches_minimax() -> None:
    rng = random.Random(31)
    for _ in range(150):
        pos = random_position(rng, 3)
        for flag in (False, True):
            variant = DDState(pos.hands, pos.leader, pos.trick, pos.broken, flag, False)
            assert solve_value(variant) == minimax(variant)


# -- the Nil question -----------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_nil_kept_by_ducking(backend: str) -> None:
    """East led the Q♥. South (Nil) holds K♥ and 2♥: the 2♥ ducks, and East must then
    lead the A♣, on which South throws the K♥. Playing the K♥ wins the trick."""
    hands = {"N": "-.-.-.43", "E": "-.-.-.A", "S": "-.K2.-.-", "W": "-.-.43.-"}
    result = double_dummy(hands, leader="E", trick=["QH"], backend=backend)
    nil = result.nil("S")
    assert nil.makeable and result.nil_forced_tricks("S") == 0
    assert nil.cards == {Card.parse("KH"): False, Card.parse("2H"): True}
    assert nil.losing_cards == (Card.parse("KH"),)


@pytest.mark.parametrize("backend", BACKENDS)
def test_nil_defenders_force_a_trick(backend: str) -> None:
    """South (Nil) holds K♥ and 2♣; partner North has no heart to cover with, so East's
    heart forces the K♥ to win (and West's 3♣ then beats the 2♣)."""
    hands = {"N": "-.-.A2.-", "E": "-.Q3.-.-", "S": "-.K.-.2", "W": "-.J.-.3"}
    result = double_dummy(hands, leader="E", backend=backend)
    nil = result.nil("S")
    assert not nil.makeable and result.nil_forced_tricks("S") == 1
    assert nil.cards[Card.parse("3H")] is False
    # With a heart ace in North's hand to cover, the Nil is safe.
    covered = double_dummy({**hands, "N": "-.A.2.-"}, leader="E", backend=backend)
    assert covered.nil("S").makeable


# -- the full deal: bridge says 13, Spades says 11 -----------------------------------------------

LEAD_RESTRICTION_DEAL = {
    "N": "6.T9765432.7542.",
    "E": "AK4.AJ.AKQJT86.T",
    "S": "T975..93.9865432",
    "W": "QJ832.KQ8..AKQJ7",
}


def test_unbroken_spades_full_deal_bridge_13_spades_11() -> None:
    """West leads holding ♠QJ832; East holds ♠AK4 and seven diamonds. Under bridge rules
    West draws trumps at once and East-West take all 13. Under Spades rules West may
    not lead a spade: a heart is trumped by South, a club by North, and East-West
    take 11."""
    hands = {Seat.coerce(k): Hand.parse(v) for k, v in LEAD_RESTRICTION_DEAL.items()}
    assert hands[Seat.W].suit("S") == tuple(Card.parse(c) for c in ("QS", "JS", "8S", "3S", "2S"))
    assert hands[Seat.E].count("D") == 7 and hands[Seat.E].suit("S") == tuple(Card.parse(c) for c in ("AS", "KS", "4S"))
    bridge = double_dummy(hands, leader="W", bridge_rules=True)
    spades = double_dummy(hands, leader="W")
    assert _dds_tricks(hands, Seat.W, Team.EW) == 13
    assert bridge.tricks["EW"] == 13
    assert spades.tricks["EW"] == 11 and spades.tricks["NS"] == 2
    assert all(not card.is_spade for card in spades.card_scores)
    assert max(bridge.card_scores.values()) == 13 and max(spades.card_scores.values()) == 11


# -- bad input ------------------------------------------------------------------------------------------


def test_unequal_hands_are_refused() -> None:
    with pytest.raises(SpadesError, match="unequal sizes"):
        double_dummy({"N": "A2.-.-.-", "E": "-.A.-.-", "S": "-.-.A.-", "W": "-.-.-.A"}, leader="N")


def test_a_card_twice_is_refused() -> None:
    with pytest.raises(SpadesError, match="card A♠ is given twice"):
        double_dummy({"N": "A.-.-.-", "E": "A.-.-.-", "S": "-.-.A.-", "W": "-.-.-.A"}, leader="N")
    with pytest.raises(SpadesError, match="given twice: in the trick"):
        double_dummy({"N": "-.-.-.-", "E": "-.A.-.-", "S": "-.-.A.-", "W": "-.-.-.A"}, leader="N", trick=["AH"])


def test_trick_inconsistent_with_leader_is_refused() -> None:
    hands = {"N": "-.-.-.-", "E": "-.A.-.-", "S": "-.-.A.-", "W": "-.-.-.A"}
    # North has played (holds no card), so North must be the leader of a one-card trick.
    with pytest.raises(PositionError, match="do not fit the trick"):
        double_dummy(hands, leader="E", trick=["2S"])
    assert double_dummy(hands, leader="N", trick=["2C"]).tricks_left == 1
    with pytest.raises(PositionError, match="at most 3 cards"):
        double_dummy(hands, leader="N", trick=["2C", "3C", "4C", "5C"])


def test_illegal_cards_in_the_trick_are_refused() -> None:
    hands = {"N": "-.-.-.3", "E": "-.A2.-.-", "S": "-.-.A2.-", "W": "-.-.-.A2"}
    with pytest.raises(PositionError, match="spades are not broken"):
        double_dummy(hands, leader="N", trick=["2S"])
    assert double_dummy(hands, leader="N", trick=["2S"], spades_broken=True).tricks_left == 2
    with pytest.raises(PositionError, match="still holding"):
        double_dummy({"N": "-.-.-.3", "E": "-.-.AQ.-", "S": "-.-.J4.-", "W": "-.-.K.-"}, leader="W", trick=["2C", "2H"])


def test_other_bad_input() -> None:
    with pytest.raises(PositionError, match="missing: W"):
        double_dummy({"N": "A.-.-.-", "E": "-.A.-.-", "S": "-.-.A.-"}, leader="N")
    with pytest.raises(PositionError, match="1 to 13 cards"):
        double_dummy({"N": Hand(), "E": Hand(), "S": Hand(), "W": Hand()}, leader="N")
    with pytest.raises(PositionError, match="unknown seat"):
        double_dummy({"N": "A.-.-.-", "E": "-.A.-.-", "S": "-.-.A.-", "W": "-.-.-.A"}, leader="X")
    with pytest.raises(PositionError, match="unknown backend"):
        double_dummy({"N": "A.-.-.-", "E": "-.A.-.-", "S": "-.-.A.-", "W": "-.-.-.A"}, leader="N", backend="fortran")


def test_position_is_made_from_a_deal() -> None:
    d = deal(11)
    pos = make_position(d, leader="E")
    assert pos.hands == tuple(d[s].mask for s in Seat)
    assert pos.tricks_left == 13 and pos.to_play == 1
