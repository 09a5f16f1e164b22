"""Finding puzzles in played hands: :func:`find_puzzle` at one moment, :func:`generate_puzzles`
over seeded hands, and :func:`solve_evidence` / :func:`solve_line` to solve a stored puzzle again."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence

from spades_teach.advice.bid_count import count_hand
from spades_teach.advice.expert import sample_deals
from spades_teach.advice.levels import make_bot
from spades_teach.advice.position import Position
from spades_teach.analysis.puzzles.goals import (
    RULES,
    Goal,
    goal_met,
    open_goals,
    reached,
    side_tricks,
    solver_state,
    target_seat,
)
from spades_teach.analysis.puzzles.line import key_line, key_line_hidden, rival
from spades_teach.analysis.puzzles.model import (
    DIFFICULTIES,
    MIN_HARD_CHOICES,
    SAMPLE_SIZE,
    KeyLine,
    Puzzle,
    PuzzleMoment,
    moment_of,
)
from spades_teach.analysis.puzzles.themes import their_spades, themes
from spades_teach.analysis.puzzles.words import principle_line
from spades_teach.errors import SpadesError
from spades_teach.game.cards import Card, Hand
from spades_teach.game.deals import deal
from spades_teach.game.round import Round
from spades_teach.game.seating import Seat, seating_of
from spades_teach.i18n import _

__all__ = ["find_puzzle", "generate_puzzles", "goal_reached", "solve_evidence", "solve_line"]


def find_puzzle(
    moment: PuzzleMoment, *, puzzle_id: str, sample_seed: int | str = 0, hidden: bool = False
) -> Puzzle | None:
    """The puzzle at one moment of a real hand, or ``None`` if no card is clearly best.
    ``hidden=True`` looks for a hidden-hand puzzle, sampling the other hands with ``sample_seed``."""
    seat = moment.seat
    goals = open_goals(seat, moment.bids, moment.won, len(moment.hands[seat]))
    if not goals:
        return None
    position = moment.position
    others = {s: h for s, h in moment.hands.items() if s is not seat}
    state = solver_state(position, others)
    if bin(state.legal_mask()).count("1") < (MIN_HARD_CHOICES if hidden else 2):
        return None
    real = {g: reached(state, g) for g in goals}
    found = _pick(goals, {g: {c: int(ok) for c, ok in r.items()} for g, r in real.items()}, 1, 0)
    if found is None:
        return None
    goal, answer = found
    if not hidden:
        evidence = (
            side_tricks(state, goal.side) if goal.nil_seat is None else {c: int(ok) for c, ok in real[goal].items()}
        )
        line = key_line(state, goal, seat, answer, rival(position, answer, evidence))
        if line is None and not principle_line(position, answer):
            return None  # a puzzle that cannot say why teaches nothing
        return _build(position, goal, answer, evidence, puzzle_id, others=others, line=line)
    return _hidden_puzzle(position, goals, puzzle_id, sample_seed)


def _pick(
    goals: Sequence[Goal], counts: Mapping[Goal, Mapping[Card, int]], need: int, margin: int
) -> tuple[Goal, Card] | None:
    """The goal and the card that reaches it clearly more often than any other card
    (by ``margin`` more, and at least ``need`` times), and does about as well as the
    best card on every other goal; ``None`` if there is none, or more than one."""
    picks: list[tuple[Goal, Card]] = []
    for goal in goals:
        ranked = sorted(counts[goal].items(), key=lambda kv: (-kv[1], kv[0]))
        if len(ranked) < 2:
            continue
        (best, top), (_, second) = ranked[0], ranked[1]
        if top >= need and top - second >= max(margin, 1):
            picks.append((goal, best))
    if len({card for _, card in picks}) != 1:
        return None
    goal, answer = picks[0]
    slack = margin // 2
    for other in goals:
        if other is not goal and counts[other][answer] < max(counts[other].values()) - slack:
            return None
    return goal, answer


def _hidden_puzzle(position: Position, goals: Sequence[Goal], puzzle_id: str, sample_seed: int | str) -> Puzzle | None:
    rng = random.Random(f"{puzzle_id}:{sample_seed}")
    deals: list[dict[Seat, Hand]] = []
    for hands in sample_deals(position, 2 * SAMPLE_SIZE, rng):
        others = {s: Hand.from_mask(hands[s]) for s in Seat if s is not position.seat}
        try:  # a deal the trick rules out (a spade led unbroken from a hand with other suits)
            solver_state(position, others)
        except SpadesError:
            continue
        deals.append(others)
        if len(deals) == SAMPLE_SIZE:
            break
    if len(deals) < SAMPLE_SIZE:
        return None
    counts = _count_goals(position, goals, deals)
    found = _pick(goals, counts, SAMPLE_SIZE // 2, SAMPLE_SIZE // 4)
    if found is None:
        return None
    goal, answer = found
    line = key_line_hidden(position, goal, answer, counts[goal], deals)
    if line is None and not principle_line(position, answer):
        return None  # a puzzle that cannot say why teaches nothing
    return _build(position, goal, answer, counts[goal], puzzle_id, deals=tuple(deals), line=line)


def _count_goals(
    position: Position, goals: Sequence[Goal], deals: Sequence[Mapping[Seat, Hand]]
) -> dict[Goal, dict[Card, int]]:
    counts: dict[Goal, dict[Card, int]] = {}
    for hands in deals:
        state = solver_state(position, hands)
        for goal in goals:
            tally = counts.setdefault(goal, {})
            for card, ok in reached(state, goal).items():
                tally[card] = tally.get(card, 0) + int(ok)
    return counts


def _build(
    position: Position,
    goal: Goal,
    answer: Card,
    evidence: Mapping[Card, int],
    puzzle_id: str,
    *,
    others: Mapping[Seat, Hand] | None = None,
    deals: tuple[Mapping[Seat, Hand], ...] = (),
    line: KeyLine | None = None,
) -> Puzzle:
    """The puzzle: an open-hand one with the other hands ``others``, or a hidden-hand one
    with its sampled ``deals``."""
    seat = position.seat
    left = len(position.hand)
    shown = {} if deals or others is None else {s: others[s] for s in Seat if s is not seat}
    difficulty = "hard" if deals else ("easy" if left <= 3 else "medium")
    return Puzzle(
        id=puzzle_id,
        difficulty=difficulty,
        themes=themes(position, goal, answer, their_spades=their_spades(position, shown)),
        goal=goal.name,
        seat=seat,
        hand=position.hand,
        bids=dict(position.bids),
        tricks_won=dict(position.tricks_won),
        trick=position.trick,
        spades_broken=position.spades_broken,
        seen=position.played,
        answer=answer,
        evidence=dict(sorted(evidence.items())),
        others=shown,
        deals=deals,
        line=line,
    )


# -- generating the set ---------------------------------------------------------------------------


def _deal_moments(seed: int) -> Iterator[PuzzleMoment]:
    """Every play moment of one hand dealt with ``seed`` and played by medium bots; in
    every other hand the weakest hand (by the advisor's count) bids Nil."""
    seats = seating_of(RULES).seats
    dealer = seats[seed % len(seats)]
    r = Round(deal(seed, dealer=dealer), dealer=dealer)
    bot = make_bot("medium", seed=seed)
    weakest = min(Seat, key=lambda s: (sum(i.value for i in count_hand(r.hand(s))), int(s)))
    while len(r.bids) < 4:
        seat = r.to_act
        assert seat is not None
        if seed % 2 and seat is weakest:
            r.bid(seat, 0)
        else:
            r.bid(seat, bot.choose_bid(Position.from_round(r)))
    while not r.is_complete:
        yield moment_of(r)
        seat = r.to_act
        assert seat is not None
        r.play(seat, bot.choose_play(Position.from_round(r)))


def generate_puzzles(counts: Mapping[str, int], *, seed: int = 0, max_deals: int = 5000) -> list[Puzzle]:
    """Puzzles found in hands dealt from ``seed`` on, ``counts[difficulty]`` of each
    difficulty (fewer if ``max_deals`` hands do not give them), at most one of each
    difficulty per hand. The same arguments give the same puzzles."""
    wanted = {d: counts.get(d, 0) for d in DIFFICULTIES}
    found: dict[str, list[Puzzle]] = {d: [] for d in DIFFICULTIES}
    letters = {"easy": "e", "medium": "m", "hard": "h"}
    for n in range(max_deals):
        if all(len(found[d]) >= wanted[d] for d in DIFFICULTIES):
            break
        deal_seed = seed * 100_000 + n
        done: set[str] = set()
        for moment in _deal_moments(deal_seed):
            left = len(moment.hands[moment.seat])
            difficulty = "easy" if left <= 3 else "medium" if left <= 5 else "hard" if left <= 8 else None
            if difficulty is None or difficulty in done or len(found[difficulty]) >= wanted[difficulty]:
                continue
            pid = f"{letters[difficulty]}{len(found[difficulty]) + 1:03d}"
            puzzle = find_puzzle(moment, puzzle_id=pid, sample_seed=deal_seed, hidden=difficulty == "hard")
            if puzzle is not None:
                found[difficulty].append(puzzle)
                done.add(difficulty)
    return [p for d in DIFFICULTIES for p in found[d]]


# -- solving a stored puzzle again ----------------------------------------------------------------


def _goal_of(p: Puzzle) -> Goal:
    goals = open_goals(p.seat, p.bids, p.tricks_won, p.tricks_left)
    nil_seat = target_seat(p.goal, p.seat, p.bids, p.tricks_won)
    goal = next((g for g in goals if g.name == p.goal and (g.nil_seat is None or g.nil_seat is nil_seat)), None)
    if goal is None:
        raise SpadesError(
            _("puzzle {id}: its goal {goal} is not open in this position").format(id=p.id, goal=repr(p.goal))
        )
    return goal


def solve_evidence(p: Puzzle) -> dict[Card, int]:
    """The puzzle's evidence worked out again by the solver, from the puzzle alone (its
    open hands, or its stored deals): what a test compares with :attr:`Puzzle.evidence`."""
    position = p.position
    goal = _goal_of(p)
    if p.deals:
        return dict(sorted(_count_goals(position, [goal], p.deals)[goal].items()))
    state = solver_state(position, p.others)
    if goal.nil_seat is None:
        return dict(sorted(side_tricks(state, goal.side).items()))
    return dict(sorted((c, int(ok)) for c, ok in reached(state, goal).items()))


def solve_line(p: Puzzle) -> KeyLine | None:
    """The puzzle's line of play (:attr:`Puzzle.line`) worked out again from the
    puzzle alone: what a test compares with the stored one."""
    position = p.position
    goal = _goal_of(p)
    if p.deals:
        return key_line_hidden(position, goal, p.answer, p.evidence, p.deals)
    return key_line(solver_state(position, p.others), goal, p.seat, p.answer, rival(position, p.answer, p.evidence))


def goal_reached(p: Puzzle, value: int) -> bool:
    """Whether an evidence value of an open-hand puzzle means the goal is reached."""
    return goal_met(p.goal, p.seat, p.bids, p.tricks_won, p.tricks_left, value)
