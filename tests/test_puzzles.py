"""The packaged puzzles: every one solved again, its answer the one clearly best card,
its reason's numbers the solver's."""

from __future__ import annotations

import re

import pytest

from spades_teach import Card, Seat
from spades_teach.analysis.puzzles import (
    DIFFICULTIES,
    SAMPLE_SIZE,
    THEMES,
    Puzzle,
    generate_puzzles,
    goal_reached,
    load_puzzles,
    puzzle_from_json,
    puzzle_to_json,
    solve_evidence,
)
from spades_teach.errors import SpadesError
from spades_teach.solver import make_position

PUZZLES = load_puzzles()


def test_at_least_150_puzzles_in_three_difficulties_with_the_named_themes() -> None:
    assert len(PUZZLES) >= 150
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    for difficulty in DIFFICULTIES:
        assert len(load_puzzles(difficulty)) >= 40, difficulty
    themes = {t for p in PUZZLES for t in p.themes}
    assert themes <= set(THEMES)
    for named in (
        "nil cover",
        "nil set",
        "count the spades",
        "duck",
        "unblock",
        "ruff or discard",
        "take a bag to set",
    ):
        assert load_puzzles(theme=named), named
    assert all(p.open_hands == (p.difficulty != "hard") for p in PUZZLES)
    assert all(len(p.hand) <= (3 if p.difficulty == "easy" else 5 if p.difficulty == "medium" else 8) for p in PUZZLES)


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"(?<![\w-])\d+", text)]


def check_puzzle(p: Puzzle) -> None:
    position = p.position
    assert set(p.evidence) == set(position.legal), p.id
    assert p.answer in position.legal and p.is_right(str(p.answer)), p.id
    assert solve_evidence(p) == dict(p.evidence), p.id
    others = [v for c, v in p.evidence.items() if c != p.answer]
    if p.open_hands:
        assert goal_reached(p, p.evidence[p.answer]), p.id
        assert not any(goal_reached(p, v) for v in others), p.id
        if p.goal in ("make", "set"):
            assert (
                f"your side takes {p.evidence[p.answer]}" in p.reason
                and f"of the {p.tricks_left} tricks left" in p.reason
            ), p.id
            assert p.reason.endswith(f"at most {max(others)}."), p.id
    else:
        best, second = p.evidence[p.answer], max(others)
        assert best >= SAMPLE_SIZE // 2 and best - second >= SAMPLE_SIZE // 4, p.id
        assert _numbers(p.reason)[:2] == [best, len(p.deals)] and _numbers(p.reason)[-1] == second, p.id
        assert len(p.deals) == SAMPLE_SIZE


def test_every_puzzle_solved_again_has_its_answer_as_the_clearly_best_card() -> None:
    for p in PUZZLES:
        check_puzzle(p)


def test_the_deals_of_a_hidden_hand_puzzle_fit_what_the_player_sees() -> None:
    for p in load_puzzles("hard"):
        position = p.position
        for hands in p.deals:
            cards = [c for h in hands.values() for c in h]
            assert len(cards) == len(set(cards)) and set(cards) <= set(position.unseen), p.id
            for seat, hand in hands.items():
                assert len(hand) == position.hand_size(seat), p.id
                assert not any(hand.has_suit(s) for s in position.voids[seat]), p.id
            make_position({**hands, p.seat: p.hand}, leader=p.leader, trick=p.trick, spades_broken=p.spades_broken)


def test_a_changed_answer_or_evidence_is_caught() -> None:
    p = next(q for q in PUZZLES if q.open_hands and q.goal == "make")
    wrong = next(c for c in p.evidence if c != p.answer)
    forged = puzzle_from_json({**puzzle_to_json(p), "answer": str(wrong)})
    with pytest.raises(AssertionError):
        check_puzzle(forged)
    bumped = {**puzzle_to_json(p), "evidence": {str(c): v + 1 for c, v in p.evidence.items()}}
    with pytest.raises(AssertionError):
        check_puzzle(puzzle_from_json(bumped))


def test_json_round_trip_and_feedback_lines() -> None:
    for p in PUZZLES[:: max(1, len(PUZZLES) // 20)]:
        assert puzzle_from_json(puzzle_to_json(p)) == p
        assert p.evidence_line(p.answer).startswith(f"{'the' if p.deals else 'after the'} {p.answer.pretty}")
        assert p.prompt().startswith(f"{p.seat.word} to play")
    with pytest.raises(SpadesError, match="not a legal card"):
        PUZZLES[0].evidence_line(next(c for c in PUZZLES[0].position.unseen))
    with pytest.raises(SpadesError, match="unknown difficulty"):
        load_puzzles("expert")


def test_the_generator_is_seeded_and_gives_the_packaged_puzzles_again() -> None:
    found = generate_puzzles({"easy": 2, "medium": 1, "hard": 1}, seed=1)
    stored = {p.id: p for p in PUZZLES}
    assert [p.id for p in found] == ["e001", "e002", "m001", "h001"]
    assert all(p == stored[p.id] for p in found)
    assert isinstance(found[0].seat, Seat) and isinstance(found[0].answer, Card)
