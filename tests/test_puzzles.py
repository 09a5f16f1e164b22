"""The packaged puzzles: every one solved again, its answer the one clearly best card,
its reason's numbers the solver's."""

from __future__ import annotations

import re

import pytest

from spades_teach import Card, Seat
from spades_teach.analysis.puzzles import (
    DIFFICULTIES,
    MIN_HARD_CHOICES,
    SAMPLE_SIZE,
    THEMES,
    Puzzle,
    generate_puzzles,
    goal_reached,
    load_puzzles,
    puzzle_from_json,
    puzzle_to_json,
    solve_evidence,
    solve_line,
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
        numbers = _numbers(p.reason[len(p.why) :])
        assert numbers[:2] == [best, len(p.deals)] and numbers[-1] == second, p.id
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


# -- issue 27, item 6: deals dealt as the play allows, the play shown, two-card hard puzzles, why ----------------


def test_no_stored_or_sampled_deal_gives_a_seat_a_suit_it_showed_out_of() -> None:
    """The voids the play showed (read by the project's one reader, Position, from the
    history in play order) hold in every open hand and every sampled deal."""
    broken = []
    shown = 0
    for p in PUZZLES:
        position = p.position  # a Position built from the puzzle's history in play order
        shown += any(position.voids[s] for s in Seat if s is not p.seat)
        for hands in (p.others, *p.deals):
            for seat, hand in hands.items():
                if any(hand.has_suit(suit) for suit in position.voids[seat]):
                    broken.append((p.id, seat.name, str(hand)))
    assert broken == [], f"{len(broken)} hands hold a suit their seat showed out of, e.g. {broken[:3]}"
    assert shown > 20  # the history is read: plenty of puzzles have a void shown


def test_a_puzzle_position_knows_the_history_and_its_voids() -> None:
    p = next(q for q in load_puzzles("hard") if any(q.position.voids[s] for s in Seat if s is not q.seat))
    position = p.position
    assert position.history_known and position.played == p.seen
    assert len(p.history) == 13 - len(p.hand)  # every completed trick, in order
    for hands in p.deals:
        for seat, hand in hands.items():
            assert not any(hand.has_suit(s) for s in position.voids[seat])


def test_no_hard_puzzle_offers_only_two_legal_cards_and_the_levels_keep_their_size() -> None:
    assert all(len(p.evidence) >= MIN_HARD_CHOICES >= 3 for p in load_puzzles("hard"))
    assert [len(load_puzzles(d)) for d in DIFFICULTIES] == [60, 60, 50]


def test_the_play_so_far_is_told_trick_by_trick_with_who_played_each_card() -> None:
    for p in PUZZLES[::7]:
        lines = p.history_lines()
        assert len(lines) == len(p.history) + (1 if p.trick else 0)
        assert [c for _lead, cards, _w in p.history for c in cards] == list(p.seen)
        for number, (leader, cards, winner) in enumerate(p.history, start=1):
            line = lines[number - 1]
            assert line.startswith(f"trick {number}: ") and line.endswith(f"won by {winner.word}")
            plays = [f"{Seat((int(leader) + i) % 4).word} {c.pretty}" for i, c in enumerate(cards)]
            assert ", ".join(plays) in line
        if p.trick:
            assert f"{p.leader.word} {p.trick[0].pretty}" in lines[-1] and "in progress" in lines[-1]
        assert all(line in str(p) for line in lines) and p.prompt() in str(p)


def test_every_puzzle_says_why_with_a_principle_or_the_line_of_play() -> None:
    from spades_teach.advice.principles import PRINCIPLES

    titles = tuple(PRINCIPLES)
    with_line = 0
    for p in PUZZLES:
        assert p.why, p.id
        assert p.reason.startswith(p.why), p.id
        if p.principle_line:
            assert p.principle_line.startswith(titles), p.id
        if p.line is not None:
            with_line += 1
            assert p.line.key.pretty in p.play_line and p.line.rival.pretty in p.play_line, p.id
            assert p.line.rival != p.answer and p.line.rival in p.evidence, p.id
    assert with_line >= len(PUZZLES) * 3 // 4


def test_the_stored_line_of_play_is_the_solvers() -> None:
    for p in PUZZLES[::3]:
        assert solve_line(p) == p.line, p.id


def test_the_why_is_translated_whole() -> None:
    from spades_teach.i18n import set_language

    p = next(q for q in PUZZLES if q.line is not None and q.line.kind == "denies")
    english = p.play_line
    try:
        for lang, word in (("fr", "pli"), ("es", "baza")):
            set_language(lang)
            assert p.play_line != english and word in p.play_line, (lang, p.play_line)
            assert all(line.startswith(("pli", "baza")) for line in p.history_lines()), p.history_lines()
    finally:
        set_language("en")


def test_a_moment_of_a_live_hand_is_a_typed_value_the_finder_reads() -> None:
    """find_puzzle reads a PuzzleMoment (it read a dict of Any): every hand, the bids, the tally,
    the trick and the cards seen, and the seat's own Position built from them."""
    from spades_teach import Round, deal
    from spades_teach.analysis.puzzles import PuzzleMoment, find_puzzle, moment_of

    r = Round(deal(12), dealer="N")
    with pytest.raises(SpadesError, match="every bid made"):
        moment_of(r)
    while r.phase == "bidding":
        r.bid(r.to_act, 3)  # type: ignore[arg-type]
    for _ in range(30):
        r.play(r.to_act, r.legal_plays()[0])  # type: ignore[arg-type]
    moment = moment_of(r)
    assert isinstance(moment, PuzzleMoment) and moment.seat is r.to_act
    assert moment.hands[moment.seat] == r.hand(moment.seat) and moment.seen == r.played
    assert set(moment.position.legal) == set(r.legal_plays())
    found = find_puzzle(moment, puzzle_id="t001")
    assert found is None or found.answer in moment.position.legal
