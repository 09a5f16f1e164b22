"""Card-play puzzles: positions where one card is clearly best, and why.

A :class:`Puzzle` is one moment of a hand, seen from the seat to play, with the
card to find (:attr:`Puzzle.answer`), the reason in one plain line and the
numbers behind it (:attr:`Puzzle.evidence`). Every puzzle has one *goal*, a
result of the hand worth far more in points than any bags still to come:

* ``"make"``: your side's contract (its swing, 20 points a trick bid, is larger
  than what every trick left could cost in bags);
* ``"set"``: the opponents' contract;
* ``"keep nil"``: the Nil of your side (you or your partner);
* ``"break nil"``: the Nil of an opponent.

Two kinds of puzzle, found by :func:`find_puzzle`:

* **open-hand endgames** (``"easy"``: 3 cards or fewer each, ``"medium"``: 4 or
  5): all four hands are shown and the double-dummy solver
  (:mod:`spades_teach.solver`) plays every line exactly. Exactly one
  legal card reaches the goal; the evidence is, for each legal card, the tricks
  your side takes from here with best play on both sides (for a Nil goal: 1 if
  the goal is still reached after that card, 0 if not).
* **hidden-hand puzzles** (``"hard"``, 6 to 8 cards, at least
  :data:`MIN_HARD_CHOICES` legal cards): only your hand, the bids, the tally and the
  play so far (trick by trick, who played each card) are shown. The other hands are
  dealt :data:`SAMPLE_SIZE` times by the one sampler
  (:func:`~spades_teach.advice.expert.sample_deals`), each deal consistent with what
  you have seen: the cards played, the hand sizes and the voids the play showed
  (the puzzle's :class:`Position` is built from the history), and each deal is solved
  after each legal card. The evidence is, for each legal card, the number of
  deals on which the goal is reached; the answer reaches it on at least half of
  them and on at least a quarter of them more than any other card. The deals are
  stored with the puzzle, so a test can solve them again.

A card that reaches the puzzle's goal must also do as well as any card on the
other goals still open (your contract while you try to set theirs, and so on),
so the answer is the best card in points, not only in the goal's tricks.

Each puzzle says why (:attr:`Puzzle.why`): the play hint's principle line when the
hint chooses the answer, and the line of play (:class:`KeyLine`) that names the key
card, both worked out in the language in use. A puzzle that can say neither is not
kept.

Themes (:data:`THEMES`) are read from the position and the solve: a Nil cover
(partner's Nil kept by your card), a Nil set, counting the spades (a spade lead,
or a lead when no opponent can hold a spade), a duck (a card that lets the trick
go while a higher one would have won it), an unblock (a higher card than needed
under partner's winner), ruff or discard (void in the suit led), taking a bag to
set (your contract is made: the trick you take only sets them).

The packaged set (``data/puzzles.json``, written by ``tools/make_puzzles.py``)
is read by :func:`load_puzzles`.

>>> puzzles = load_puzzles()
>>> len(puzzles) >= 150, sorted({p.difficulty for p in puzzles})
(True, ['easy', 'hard', 'medium'])
>>> p = puzzles[0]
>>> p.is_right(p.answer), p.answer in p.position.legal
(True, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

from spades_teach.advice.expert import sample_deals
from spades_teach.advice.position import Position
from spades_teach.errors import SpadesError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, Hand, Suit
from spades_teach.game.kernel import winning_index
from spades_teach.game.notation import seat_word
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, Team, seating_of
from spades_teach.i18n import N_, _, pgettext
from spades_teach.solver import DDState, nil_safe_cards, reaches, score_cards

if TYPE_CHECKING:
    from spades_teach.game.round import Round

__all__ = [
    "DIFFICULTIES",
    "GOALS",
    "MIN_HARD_CHOICES",
    "SAMPLE_SIZE",
    "STORE",
    "THEMES",
    "Puzzle",
    "find_puzzle",
    "generate_puzzles",
    "KEY_KINDS",
    "KeyLine",
    "goal_reached",
    "load_puzzles",
    "moment_of",
    "puzzle_from_json",
    "puzzle_to_json",
    "solve_evidence",
    "solve_line",
    "theme_label",
]

#: The three levels, easiest first.
DIFFICULTIES = ("easy", "medium", "hard")
#: What a puzzle's answer achieves.
GOALS = ("make", "set", "keep nil", "break nil")
#: The themes a puzzle can be tagged with.
THEMES = (
    N_("make the contract"),
    N_("set the contract"),
    N_("keep your nil"),
    N_("nil cover"),
    N_("nil set"),
    N_("count the spades"),
    N_("duck"),
    N_("unblock"),
    N_("ruff or discard"),
    N_("take a bag to set"),
)
#: Legal cards a hidden-hand ("hard") puzzle offers at least: a choice of two is not hard.
MIN_HARD_CHOICES = 3
#: Deals dealt and solved for a hidden-hand puzzle.
SAMPLE_SIZE = 24
#: The packaged set, in ``spades_teach/data``.
STORE = "puzzles.json"

_RULES = Rules()


def difficulty_label(difficulty: str) -> str:
    """A puzzle level (one of :data:`DIFFICULTIES`) as the learner reads it, in the language in use.

    >>> difficulty_label("medium")
    'medium'
    """
    labels = {
        "easy": pgettext("puzzle level", "easy"),
        "medium": pgettext("puzzle level", "medium"),
        "hard": pgettext("puzzle level", "hard"),
    }
    return labels[difficulty]


def theme_label(theme: str) -> str:
    """A theme (one of :data:`THEMES`, the names puzzles are stored and chosen by) as the
    learner reads it, in the language in use.

    >>> theme_label("duck")
    'duck'
    """
    if theme not in THEMES:
        raise SpadesError(
            _("unknown theme {theme}: use one of {themes}").format(theme=repr(theme), themes=", ".join(THEMES))
        )
    return _(theme)


#: Bags a trick can cost at most, in points: one point and the bag's share of the penalty.
_BAG_COST = 1 + _RULES.bag_penalty / _RULES.bag_limit


#: The kinds of :class:`KeyLine`, what the key card does in the line of play.
KEY_KINDS = ("beats", "draws", "denies", "promotes", "nil forced after rival", "nil forced after card")


#: Principles a puzzle's answer is never explained by: a puzzle's goal (a contract or a
#: Nil) is worth more than every bag left, so a card chosen to dodge or push bags
#: reaches it only by chance.
_NOT_A_PUZZLE_REASON = frozenset({"duck to dodge a bag", "push bags onto the opponents", "a bag costs ten points"})


@dataclass(frozen=True)
class KeyLine:
    """The line of play that shows why the answer beats the ``rival`` card (the rule of
    thumb's card when it differs from the answer, else the next best card): the solver
    plays both lines out, each side playing for the puzzle's goal (the lowest card among
    equally good ones), and ``key`` is the card held by ``seat`` whose fate differs.

    ``kind`` (one of :data:`KEY_KINDS`): ``"beats"``, the answer beats the opponents'
    ``key`` already in the trick, which wins it after the rival; ``"draws"``, the
    answer's trick draws the opponents' ``key``, which wins a trick after the rival; ``"denies"``, the ``key``
    wins a trick after the rival but none after the answer; ``"promotes"``, our ``key``
    wins a trick after the answer but none after the rival; ``"nil forced after rival"``,
    the Nil bidder must win a trick with the ``key`` after the rival;
    ``"nil forced after card"``, after the answer. In a hidden-hand puzzle the line is
    the one found on most of the ``deciding`` deals (those where the answer reaches the
    goal and the rival does not): on ``count`` of them."""

    kind: str
    key: Card
    seat: Seat
    rival: Card
    count: int = 0
    deciding: int = 0


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see the module docs). ``others`` holds the other three hands of an
    open-hand puzzle (empty for a hidden-hand one); ``deals`` the hidden hands of each
    sampled deal of a hidden-hand puzzle (empty for an open-hand one). The
    :attr:`reason` is worked out from the rest when read, in the language in use."""

    id: str
    difficulty: str
    themes: tuple[str, ...]
    goal: str
    seat: Seat
    hand: Hand
    bids: Mapping[Seat, Bid]
    tricks_won: Mapping[Seat, int]
    trick: tuple[Card, ...]
    spades_broken: bool
    seen: tuple[Card, ...]
    answer: Card
    evidence: Mapping[Card, int]
    others: Mapping[Seat, Hand] = field(default_factory=dict)
    deals: tuple[Mapping[Seat, Hand], ...] = ()
    line: KeyLine | None = None

    @property
    def history(self) -> tuple[tuple[Seat, tuple[Card, ...], Seat], ...]:
        """The completed tricks in order: each trick's leader, its cards in play order
        and its winner (the position's history, read from :attr:`seen`)."""
        return self.position.trick_history

    def history_lines(self) -> list[str]:
        """The play so far, one line a trick, each card after the seat that played it,
        then the trick in progress."""
        lines = []
        for number, (leader, cards, winner) in enumerate(self.history, start=1):
            lines.append(
                _("trick {number}: {cards}; won by {seat}").format(
                    number=number, cards=_plays_text(leader, cards), seat=seat_word(int(winner))
                )
            )
        if self.trick:
            lines.append(
                _("trick {number}, in progress: {cards}").format(
                    number=len(self.history) + 1, cards=_plays_text(self.leader, self.trick)
                )
            )
        return lines

    @property
    def principle_line(self) -> str:
        """The rule of thumb behind the answer, named by its principle (the play hint's
        own line), or ``""`` when the hint chooses another card."""
        from spades_teach.advice.play import suggest_play

        hint = suggest_play(self.position)
        return hint.reason if hint.card == self.answer and hint.principle not in _NOT_A_PUZZLE_REASON else ""

    @property
    def play_line(self) -> str:
        """The line of play naming the key card (see :class:`KeyLine`), or ``""``."""
        return _key_line_text(self) if self.line is not None else ""

    @property
    def why(self) -> str:
        """Why the answer is the card: the principle line, then the line of play (one
        of them at least, when the puzzle has either)."""
        parts = [x for x in (self.principle_line, self.play_line) if x]
        return " ".join(f"{_capital(x)}." for x in parts)

    def __str__(self) -> str:
        lines = [_("Puzzle {id}").format(id=self.id), self.prompt(), *self.history_lines()]
        lines.append(_("your hand: {cards}").format(cards=" ".join(c.pretty for c in self.hand)))
        return "\n".join(lines)

    @property
    def position(self) -> Position:
        """The puzzle as the seat to play sees it: a :class:`Position` with the played
        history (:attr:`seen` in play order), so the voids shown are known."""
        return Position(
            self.seat,
            self.hand,
            dict(self.bids),
            dict(self.tricks_won),
            played=self.seen,
            trick=self.trick,
            spades_broken=self.spades_broken,
        )

    @property
    def reason(self) -> str:
        """Why the answer is the card (:attr:`why`), then the numbers of the solve in one
        plain line."""
        numbers = _reason(self)
        why = self.why
        return f"{why} {numbers}" if why else numbers

    @property
    def open_hands(self) -> bool:
        """Whether all four hands are shown (an exact endgame)."""
        return bool(self.others)

    @property
    def leader(self) -> Seat:
        """The seat that led the trick in progress: ``len(trick)`` seats before the seat to
        play, as the position counts it (without building one)."""
        return seating_of(_RULES).seat_after(self.seat, -len(self.trick))

    @property
    def tricks_left(self) -> int:
        return len(self.hand)

    def is_right(self, card: Card | str) -> bool:
        """Whether ``card`` is the answer."""
        return Card.parse(card) == self.answer

    def evidence_line(self, card: Card | str) -> str:
        """What the solve says about ``card``, in one plain line."""
        c = Card.parse(card)
        if c not in self.evidence:
            raise SpadesError(
                _("{card} is not a legal card here: choose one of {cards}").format(
                    card=c, cards=" ".join(str(x) for x in self.evidence)
                )
            )
        value = self.evidence[c]
        if self.deals:
            return _("the {card} {goal} on {count} of {deals} deals that fit what you have seen").format(
                card=c.pretty, goal=_goal_verb(self), count=value, deals=len(self.deals)
            )
        if self.goal in ("keep nil", "break nil"):
            if self.goal == "keep nil":
                text = (
                    _("after the {card} {nil} can still be kept")
                    if value
                    else _("after the {card} {nil} can no longer be kept")
                )
            else:
                text = (
                    _("after the {card} {nil} can still be broken")
                    if value
                    else _("after the {card} {nil} can no longer be broken")
                )
            return text.format(card=c.pretty, nil=_goal_noun(self))
        return _("after the {card} your side takes {count} of the {left} tricks left with best play").format(
            card=c.pretty, count=value, left=self.tricks_left
        )

    def prompt(self) -> str:
        """The question, in one line."""
        return _("{seat} to play: which card {goal}?").format(seat=seat_word(int(self.seat)), goal=_goal_verb(self))


# -- goals ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Goal:
    name: str
    side: Team  # the side that must reach ``target`` tricks (for a contract) ...
    target: int
    nil_seat: Seat | None  # ... or the Nil bidder whose Nil is at stake
    swing: float


def _partner(seat: Seat) -> Seat:
    return seat.partner


def _contract(bids: Mapping[Seat, Bid], won: Mapping[Seat, int], seats: Sequence[Seat]) -> tuple[int, int]:
    bid = sum(int(bids[s]) for s in seats if not bids[s].is_nil)
    taken = sum(won.get(s, 0) for s in seats if not bids[s].is_nil)
    return bid, taken


def _open_goals(seat: Seat, bids: Mapping[Seat, Bid], won: Mapping[Seat, int], left: int) -> list[_Goal]:
    """The goals still undecided, each worth more than the bags of every trick left."""
    mine = (seat, _partner(seat))
    theirs = (seat.next, _partner(seat.next))
    live_nils = [s for s in Seat if bids[s].is_nil and won.get(s, 0) == 0]
    nil_value = float(_RULES.nil_value)
    if live_nils:
        return [
            _Goal("keep nil" if s in mine else "break nil", seat.team, 0, s, 2 * nil_value)
            for s in live_nils
            if 2 * nil_value > _BAG_COST * left
        ]
    if any(bids[s].is_nil for s in Seat):
        return []  # a broken Nil: its bidder's tricks count for no contract, kept out of puzzles
    goals: list[_Goal] = []
    bid, taken = _contract(bids, won, mine)
    need = bid - taken
    if 0 < need <= left and 20 * bid > _BAG_COST * left:
        goals.append(_Goal("make", seat.team, need, None, 20.0 * bid))
    their_bid, their_taken = _contract(bids, won, theirs)
    their_need = their_bid - their_taken
    if 0 < their_need <= left and 20 * their_bid > _BAG_COST * left:
        goals.append(_Goal("set", seat.team, left - their_need + 1, None, 20.0 * their_bid))
    return goals


def _side_reaches(state: DDState, side: Team, target: int) -> bool:
    """Whether ``side`` can take ``target`` tricks from ``state`` against any defence."""
    if target <= 0:
        return True
    if side is Team.NS:
        return reaches(state, 0, target)
    return not reaches(state, 0, state.tricks_left - target + 1)


def _reached(state: DDState, goal: _Goal) -> dict[Card, bool]:
    """For each legal card of the seat to play: is ``goal`` still reached after it?"""
    if goal.nil_seat is not None:
        safe = nil_safe_cards(state, int(goal.nil_seat))
        keep = goal.name == "keep nil"
        return {Card.from_index(i): ok if keep else not ok for i, ok in safe.items()}
    out: dict[Card, bool] = {}
    mask = state.legal_mask()
    for i in range(52):
        if mask >> i & 1:
            child, winner = state.play(i)
            gained = 1 if winner >= 0 and Seat(winner).team is goal.side else 0
            out[Card.from_index(i)] = _side_reaches(child, goal.side, goal.target - gained)
    return out


def _side_tricks(state: DDState, side: Team) -> dict[Card, int]:
    """Tricks ``side`` takes from here (the trick in progress included) after each legal card."""
    raw = score_cards(state)
    left = state.tricks_left
    return {Card.from_index(i): (v if side is Team.NS else left - v) for i, v in raw.items()}


# -- finding a puzzle -----------------------------------------------------------------------------------------


def _state(position: Position, others: Mapping[Seat, Hand]) -> DDState:
    """The moment in the solver's form with ``others`` as the hidden hands (checked: a deal
    the trick in progress rules out raises :class:`~spades_teach.errors.PositionError`)."""
    return position.solver_state({s: h.mask for s, h in others.items()}, check=True)


def find_puzzle(
    moment: Mapping[str, Any], *, puzzle_id: str, sample_seed: int | str = 0, hidden: bool = False
) -> Puzzle | None:
    """The puzzle at one moment of a real hand, or ``None`` if no card is clearly best.

    ``moment`` holds ``seat`` (to play), ``hands`` (all four, as they are now), ``bids``
    (all four), ``won`` (tricks won so far), ``trick`` (in play order), ``broken`` and
    ``seen`` (the cards of the completed tricks). ``hidden=True`` looks for a hidden-hand
    puzzle, sampling the other hands with ``sample_seed``.
    """
    seat = Seat.coerce(moment["seat"])
    hands = {Seat.coerce(s): Hand.coerce(h) for s, h in moment["hands"].items()}
    bids = {Seat.coerce(s): Bid.coerce(b) for s, b in moment["bids"].items()}
    won = {Seat.coerce(s): int(n) for s, n in moment["won"].items()}
    goals = _open_goals(seat, bids, won, len(hands[seat]))
    if not goals:
        return None
    position = Position(  # the moment as the seat to play sees it, the voids the play showed included
        seat,
        hands[seat],
        bids,
        won,
        played=tuple(Card.parse(c) for c in moment["seen"]),
        trick=tuple(Card.parse(c) for c in moment["trick"]),
        spades_broken=bool(moment["broken"]),
    )
    others = {s: h for s, h in hands.items() if s is not seat}
    state = _state(position, others)
    if bin(state.legal_mask()).count("1") < (MIN_HARD_CHOICES if hidden else 2):
        return None
    real = {g: _reached(state, g) for g in goals}
    found = _pick(goals, {g: {c: int(ok) for c, ok in r.items()} for g, r in real.items()}, 1, 0)
    if found is None:
        return None
    goal, answer = found
    if not hidden:
        evidence = (
            _side_tricks(state, goal.side) if goal.nil_seat is None else {c: int(ok) for c, ok in real[goal].items()}
        )
        line = _key_of(state, goal, seat, answer, _rival(position, answer, evidence))
        if line is None and not _principle_names(position, answer):
            return None  # a puzzle that cannot say why teaches nothing
        return _build(position, goal, answer, evidence, puzzle_id, others=others, line=line)
    return _hidden_puzzle(position, goals, puzzle_id, sample_seed)


def _pick(
    goals: Sequence[_Goal], counts: Mapping[_Goal, Mapping[Card, int]], need: int, margin: int
) -> tuple[_Goal, Card] | None:
    """The goal and the card that reaches it clearly more often than any other card
    (by ``margin`` more, and at least ``need`` times), and does about as well as the
    best card on every other goal; ``None`` if there is none, or more than one."""
    picks: list[tuple[_Goal, Card]] = []
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


def _hidden_puzzle(position: Position, goals: Sequence[_Goal], puzzle_id: str, sample_seed: int | str) -> Puzzle | None:
    rng = random.Random(f"{puzzle_id}:{sample_seed}")
    deals: list[dict[Seat, Hand]] = []
    for hands in sample_deals(position, 2 * SAMPLE_SIZE, rng):
        others = {s: Hand.from_mask(hands[s]) for s in Seat if s is not position.seat}
        try:  # a deal the trick rules out (a spade led unbroken from a hand with other suits)
            _state(position, others)
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
    line = _line_hidden(position, goal, answer, counts[goal], deals)
    if line is None and not _principle_names(position, answer):
        return None  # a puzzle that cannot say why teaches nothing
    return _build(position, goal, answer, counts[goal], puzzle_id, deals=tuple(deals), line=line)


def _count_goals(
    position: Position, goals: Sequence[_Goal], deals: Sequence[Mapping[Seat, Hand]]
) -> dict[_Goal, dict[Card, int]]:
    counts: dict[_Goal, dict[Card, int]] = {}
    for hands in deals:
        state = _state(position, hands)
        for goal in goals:
            tally = counts.setdefault(goal, {})
            for card, ok in _reached(state, goal).items():
                tally[card] = tally.get(card, 0) + int(ok)
    return counts


# -- the line of play ----------------------------------------------------------------------------------------


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plays_text(leader: Seat, cards: Sequence[Card]) -> str:
    """The cards of a trick, each after the seat that played it ("North 4♣, East K♣")."""
    return ", ".join(
        _("{seat} {card}").format(seat=seat_word((int(leader) + i) % 4), card=c.pretty) for i, c in enumerate(cards)
    )


_Trick = tuple[tuple[tuple[Seat, Card], ...], Seat]


def _play_out(state: DDState, goal: _Goal, first: Card) -> list[_Trick]:
    """The tricks from ``state`` (the one in progress included) after ``first``, each
    side then playing for ``goal`` (its side wants it reached, the other side not) with
    the lowest card among equally good ones: each trick's cards by seat and its winner."""
    tricks: list[_Trick] = []
    current = [(Seat((state.leader + i) % 4), Card.from_index(c)) for i, c in enumerate(state.trick)]
    target = goal.target
    card: Card | None = first
    while state.legal_mask():
        seat = Seat(state.to_play)
        if card is None:
            now = _Goal(goal.name, goal.side, target, goal.nil_seat, goal.swing)
            reached = _reached(state, now)
            want = seat.team is goal.side
            good = [c for c, ok in reached.items() if ok is want] or list(reached)
            card = min(good, key=lambda c: (c.rank, c.suit))
        state, winner = state.play(card.index)
        current.append((seat, card))
        card = None
        if winner >= 0:
            tricks.append((tuple(current), Seat(winner)))
            if goal.nil_seat is None and Seat(winner).team is goal.side:
                target -= 1
            current = []
    return tricks


def _winning_cards(tricks: Sequence[_Trick]) -> dict[Card, Seat]:
    """The card that won each trick, and its seat."""
    out: dict[Card, Seat] = {}
    for plays, winner in tricks:
        out[plays[winning_index([c for _s, c in plays])][1]] = winner
    return out


def _key_of(state: DDState, goal: _Goal, seat: Seat, answer: Card, rival: Card) -> KeyLine | None:
    """The key card that tells the answer's line from the rival's (see :class:`KeyLine`)."""
    mine = _play_out(state, goal, answer)
    other = _play_out(state, goal, rival)
    won_mine, won_other = _winning_cards(mine), _winning_cards(other)
    if goal.nil_seat is not None:
        nil = goal.nil_seat
        broken_line = other if goal.name == "keep nil" else mine
        kind = "nil forced after rival" if goal.name == "keep nil" else "nil forced after card"
        for card, winner in _winning_cards(broken_line).items():
            if winner is nil:
                return KeyLine(kind, card, nil, rival)
        return None
    us = seat.team
    lost = [c for c, w in won_other.items() if w.team is not us and c not in won_mine]
    if lost:
        key = max(lost, key=lambda c: (c.is_spade, c.rank))
        holder = won_other[key]
        first_trick = [c for _s, c in mine[0][0]]
        if key in first_trick:
            kind = "beats" if first_trick.index(key) < first_trick.index(answer) else "draws"
        else:
            kind = "denies"
        return KeyLine(kind, key, holder, rival)
    gained = [c for c, w in won_mine.items() if w.team is us and c not in won_other and c != answer]
    if gained:
        key = max(gained, key=lambda c: (c.is_spade, c.rank))
        return KeyLine("promotes", key, won_mine[key], rival)
    return None


def _principle_names(position: Position, answer: Card) -> bool:
    """Whether the play hint chooses the answer, with a principle a puzzle may cite."""
    from spades_teach.advice.play import suggest_play

    hint = suggest_play(position)
    return hint.card == answer and hint.principle not in _NOT_A_PUZZLE_REASON


def _rival(position: Position, answer: Card, evidence: Mapping[Card, int]) -> Card:
    """The card the answer is compared with: the rule of thumb's card when it is
    another one, else the best other card by the evidence."""
    from spades_teach.advice.play import suggest_play

    hint = suggest_play(position).card
    if hint != answer and hint in evidence:
        return hint
    return min((c for c in evidence if c != answer), key=lambda c: (-evidence[c], c.rank, c.suit))


def _line_hidden(
    position: Position,
    goal: _Goal,
    answer: Card,
    evidence: Mapping[Card, int],
    deals: Sequence[Mapping[Seat, Hand]],
) -> KeyLine | None:
    """The key line found on most of the deals where the answer reaches the goal and
    the rival does not."""
    rival = _rival(position, answer, evidence)
    found: dict[tuple[str, Card, Seat], int] = {}
    deciding = 0
    for hands in deals:
        state = _state(position, hands)
        reached = _reached(state, goal)
        if not (reached[answer] and not reached[rival]):
            continue
        deciding += 1
        line = _key_of(state, goal, position.seat, answer, rival)
        if line is not None:
            k = (line.kind, line.key, line.seat)
            found[k] = found.get(k, 0) + 1
    if not found:
        return None
    (kind, key, seat), count = min(found.items(), key=lambda kv: (-kv[1], KEY_KINDS.index(kv[0][0]), kv[0][1]))
    if 2 * count < deciding:
        return None
    return KeyLine(kind, key, seat, rival, count, deciding)


def _key_line_text(p: Puzzle) -> str:
    line = p.line
    assert line is not None
    card, key, rival = p.answer.pretty, line.key.pretty, line.rival.pretty
    seat = seat_word(int(line.seat))
    if line.kind == "beats":
        text = _("the {card} beats {seat}'s {key}; after the {rival}, the {key} would win the trick")
    elif line.kind == "draws":
        text = _("the {card} draws {seat}'s {key} now; after the {rival}, the {key} would win a trick")
    elif line.kind == "denies":
        text = _("after the {card}, {seat}'s {key} wins no trick; after the {rival}, it wins one")
    elif line.kind == "promotes":
        if line.seat is p.seat:
            text = _("after the {card}, your {key} wins a trick; after the {rival}, it does not")
        else:
            text = _("after the {card}, your partner's {key} wins a trick; after the {rival}, it does not")
    elif line.kind == "nil forced after rival" and line.key == line.rival:
        if line.seat is p.seat:
            text = _("the {rival} would win the trick and break your Nil; the {card} stays under")
        else:
            text = _("the {rival} would win the trick and break your partner's Nil; the {card} stays under")
    elif line.kind == "nil forced after rival" and line.key == p.answer:
        if line.seat is p.seat:
            text = _(
                "the {card} goes now, on a trick you do not win; after the {rival}, you would be forced "
                "to win a later trick with the {card}"
            )
        else:
            text = _(
                "the {card} goes now, on a trick your partner does not win; after the {rival}, your partner would be forced "
                "to win a later trick with the {card}"
            )
    elif line.kind == "nil forced after rival":
        if line.seat is p.seat:
            text = _("after the {rival}, you would be forced to win a trick with the {key}; the {card} avoids that")
        else:
            text = _(
                "after the {rival}, your partner would be forced to win a trick with the {key}; the {card} avoids that"
            )
    else:
        text = _("after the {card}, {seat} is forced to win a trick with the {key}; after the {rival}, {seat} can duck")
    said = text.format(card=card, key=key, rival=rival, seat=seat)
    if p.deals:
        return _("on {count} of the {deciding} deals where the {card} {goal} and the {rival} does not: {line}").format(
            count=line.count, deciding=line.deciding, card=card, goal=_goal_verb(p), rival=rival, line=said
        )
    return said


# -- reasons and themes -------------------------------------------------------------------------------------------


def _goal_verb(p: Puzzle) -> str:
    """What the answer does, as the end of a sentence whose subject is the card ("makes your side's 5")."""
    target = _target_seat(p)
    if p.goal == "make":
        return _("makes your side's {bid}").format(bid=_side_bid(p, p.seat))
    if p.goal == "set":
        return _("sets their {bid}").format(bid=_side_bid(p, p.seat.next))
    if p.goal == "keep nil":
        return _("keeps your Nil") if target is p.seat else _("keeps {seat}'s Nil").format(seat=seat_word(int(target)))
    return _("breaks your Nil") if target is p.seat else _("breaks {seat}'s Nil").format(seat=seat_word(int(target)))


def _goal_noun(p: Puzzle) -> str:
    target = _target_seat(p)
    return _("your Nil") if target is p.seat else _("{seat}'s Nil").format(seat=seat_word(int(target)))


def _target_seat(p: Puzzle) -> Seat:
    live = [s for s in Seat if p.bids[s].is_nil and p.tricks_won.get(s, 0) == 0]
    mine = (p.seat, p.seat.partner)
    if p.goal == "keep nil":
        return next(s for s in live if s in mine)
    if p.goal == "break nil":
        return next(s for s in live if s not in mine)
    return p.seat


def _side_bid(p: Puzzle, seat: Seat) -> int:
    return sum(int(p.bids[s]) for s in (seat, seat.partner) if not p.bids[s].is_nil)


def _reason(p: Puzzle) -> str:
    card = p.answer.pretty
    nil = _RULES.nil_value
    if p.goal == "make":
        bid = _side_bid(p, p.seat)
        stake = _("{points} points rather than -{points}").format(points=10 * bid)
    elif p.goal == "set":
        bid = _side_bid(p, p.seat.next)
        stake = _("they lose {points} points instead of scoring {points}").format(points=10 * bid)
    elif p.goal == "keep nil":
        stake = _("+{points} rather than -{points}").format(points=nil)
    else:
        stake = _("they lose {points} points instead of scoring {points}").format(points=nil)
    goal = _goal_verb(p)
    if p.deals:
        others = sorted(((v, c) for c, v in p.evidence.items() if c != p.answer), key=lambda vc: (-vc[0], vc[1]))
        second, rival = others[0]
        return _(
            "On {count} of {deals} deals that fit what you have seen, the {card} {goal} ({stake}); "
            "the best other card, the {rival}, on {second}."
        ).format(
            count=p.evidence[p.answer],
            deals=len(p.deals),
            card=card,
            goal=goal,
            stake=stake,
            rival=rival.pretty,
            second=second,
        )
    if p.goal in ("keep nil", "break nil"):
        target = _target_seat(p)
        if p.goal == "keep nil":
            if target is p.seat:
                text = _(
                    "Only the {card} {goal} ({stake}): after any other card the opponents can force you to take a trick."
                )
            else:
                text = _(
                    "Only the {card} {goal} ({stake}): after any other card the opponents can force {seat} "
                    "to take a trick."
                )
        elif target is p.seat:
            text = _("Only the {card} {goal} ({stake}): after any other card you can still duck every trick.")
        else:
            text = _("Only the {card} {goal} ({stake}): after any other card {seat} can still duck every trick.")
        return text.format(card=card, goal=goal, stake=stake, seat=seat_word(int(target)))
    best_other = max(v for c, v in p.evidence.items() if c != p.answer)
    mine = p.evidence[p.answer]
    if p.goal == "make":
        need = _side_bid(p, p.seat) - sum(p.tricks_won.get(s, 0) for s in (p.seat, p.seat.partner))
        return _(
            "Only the {card} {goal} ({stake}): with it your side takes {count} of the {left} "
            "tricks left and needs {need}; after any other card, at most {best}."
        ).format(card=card, goal=goal, stake=stake, count=mine, left=p.tricks_left, need=need, best=best_other)
    their_need = _side_bid(p, p.seat.next) - sum(p.tricks_won.get(s, 0) for s in (p.seat.next, p.seat.next.partner))
    return _(
        "Only the {card} {goal} ({stake}): they need {need} of the {left} tricks left, "
        "and with it your side takes {count}; after any other card, at most {best}."
    ).format(card=card, goal=goal, stake=stake, need=their_need, left=p.tricks_left, count=mine, best=best_other)


def _themes(position: Position, goal: _Goal, answer: Card, *, their_spades: bool) -> tuple[str, ...]:
    """The themes of a puzzle; ``their_spades``: whether an opponent may still hold a spade
    (as far as the player can know: in an open-hand puzzle, whether one does)."""
    themes: list[str] = []
    seat, trick = position.seat, position.trick
    mine = (seat, seat.partner)
    if goal.name == "make":
        themes.append("make the contract")
    elif goal.name == "set":
        themes.append("set the contract")
        bid, taken = _contract(position.bids, position.tricks_won, mine)
        if taken >= bid:
            themes.append("take a bag to set")
    elif goal.name == "keep nil":
        themes.append("keep your nil" if goal.nil_seat is seat else "nil cover")
    else:
        themes.append("nil set")
    hand = position.hand
    if not trick:
        if answer.is_spade or (not their_spades and hand.has_suit(Suit.SPADES)):
            themes.append("count the spades")
        return tuple(themes)
    led = trick[0].suit
    if not hand.has_suit(led):
        themes.append("ruff or discard")
        return tuple(themes)
    winner_before = winning_index(list(trick))
    partner_winning = position.trick_seats[winner_before] is seat.partner
    after = [*trick, answer]
    answer_wins = winning_index(after) == len(trick)
    same = hand.suit(led)
    if not answer_wins and any(c.rank > answer.rank and winning_index([*trick, c]) == len(trick) for c in same):
        themes.append("duck")
    if partner_winning and any(c.rank < answer.rank for c in same):
        themes.append("unblock")
    return tuple(themes)


def _their_spades(position: Position, others: Mapping[Seat, Hand]) -> bool:
    """Whether an opponent may still hold a spade: in an open-hand puzzle (``others``, the
    real hands), whether one does; else whether a spade is unseen."""
    if others:
        seat = position.seat
        return any(others[s].has_suit(Suit.SPADES) for s in (seat.next, seat.next.partner))
    return position.unseen.has_suit(Suit.SPADES)


def _build(
    position: Position,
    goal: _Goal,
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
        themes=_themes(position, goal, answer, their_spades=_their_spades(position, shown)),
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


# -- solving a puzzle again --------------------------------------------------------------------------------------


def _goal_of(p: Puzzle) -> _Goal:
    goals = _open_goals(p.seat, p.bids, p.tricks_won, p.tricks_left)
    goal = next((g for g in goals if g.name == p.goal and (g.nil_seat is None or g.nil_seat is _target_seat(p))), None)
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
    state = _state(position, p.others)
    if goal.nil_seat is None:
        return dict(sorted(_side_tricks(state, goal.side).items()))
    return dict(sorted((c, int(ok)) for c, ok in _reached(state, goal).items()))


def goal_reached(p: Puzzle, value: int) -> bool:
    """Whether an evidence value of an open-hand puzzle means the goal is reached."""
    if p.goal in ("keep nil", "break nil"):
        return value == 1
    if p.goal == "make":
        need = _side_bid(p, p.seat) - sum(p.tricks_won.get(s, 0) for s in (p.seat, p.seat.partner))
        return value >= need
    their_need = _side_bid(p, p.seat.next) - sum(p.tricks_won.get(s, 0) for s in (p.seat.next, p.seat.next.partner))
    return value >= p.tricks_left - their_need + 1


# -- the packaged set ------------------------------------------------------------------------------------------------


def _hand_text(h: Hand) -> str:
    return " ".join(str(c) for c in h)


def puzzle_to_json(p: Puzzle) -> dict[str, Any]:
    """A puzzle as plain JSON data (cards as ``"QH"``, seats as ``"N"``)."""
    return {
        "id": p.id,
        "difficulty": p.difficulty,
        "themes": list(p.themes),
        "goal": p.goal,
        "seat": p.seat.name,
        "hand": _hand_text(p.hand),
        "bids": {s.name: ("nil" if b.is_nil else int(b)) for s, b in p.bids.items()},
        "tricks_won": {s.name: n for s, n in p.tricks_won.items()},
        "trick": [str(c) for c in p.trick],
        "spades_broken": p.spades_broken,
        "seen": [str(c) for c in p.seen],
        "answer": str(p.answer),
        "evidence": {str(c): v for c, v in p.evidence.items()},
        "others": {s.name: _hand_text(h) for s, h in p.others.items()},
        "deals": [{s.name: _hand_text(h) for s, h in d.items()} for d in p.deals],
        "line": None
        if p.line is None
        else {
            "kind": p.line.kind,
            "key": str(p.line.key),
            "seat": p.line.seat.name,
            "rival": str(p.line.rival),
            "count": p.line.count,
            "deciding": p.line.deciding,
        },
    }


def puzzle_from_json(data: Mapping[str, Any]) -> Puzzle:
    """The inverse of :func:`puzzle_to_json`."""
    try:
        return Puzzle(
            id=str(data["id"]),
            difficulty=str(data["difficulty"]),
            themes=tuple(data["themes"]),
            goal=str(data["goal"]),
            seat=Seat.coerce(data["seat"]),
            hand=Hand.parse(data["hand"]),
            bids={Seat.coerce(s): Bid.coerce(b) for s, b in data["bids"].items()},
            tricks_won={Seat.coerce(s): int(n) for s, n in data["tricks_won"].items()},
            trick=tuple(Card.parse(c) for c in data["trick"]),
            spades_broken=bool(data["spades_broken"]),
            seen=tuple(Card.parse(c) for c in data["seen"]),
            answer=Card.parse(data["answer"]),
            evidence={Card.parse(c): int(v) for c, v in data["evidence"].items()},
            others={Seat.coerce(s): Hand.parse(h) for s, h in data["others"].items()},
            deals=tuple({Seat.coerce(s): Hand.parse(h) for s, h in d.items()} for d in data["deals"]),
            line=_line_from_json(data.get("line")),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise SpadesError(
            _("puzzle {id} is malformed: {problem}").format(id=repr(data.get("id", "?")), problem=repr(exc))
        ) from None


def _line_from_json(data: Mapping[str, Any] | None) -> KeyLine | None:
    if data is None:
        return None
    if data["kind"] not in KEY_KINDS:
        raise KeyError(data["kind"])
    return KeyLine(
        str(data["kind"]),
        Card.parse(data["key"]),
        Seat.coerce(data["seat"]),
        Card.parse(data["rival"]),
        int(data["count"]),
        int(data["deciding"]),
    )


def solve_line(p: Puzzle) -> KeyLine | None:
    """The puzzle's line of play (:attr:`Puzzle.line`) worked out again from the
    puzzle alone: what a test compares with the stored one."""
    position = p.position
    goal = _goal_of(p)
    if p.deals:
        return _line_hidden(position, goal, p.answer, p.evidence, p.deals)
    return _key_of(_state(position, p.others), goal, p.seat, p.answer, _rival(position, p.answer, p.evidence))


_LOADED: tuple[Puzzle, ...] | None = None


def load_puzzles(difficulty: str | None = None, theme: str | None = None) -> tuple[Puzzle, ...]:
    """The packaged puzzles (``data/puzzles.json``), optionally of one difficulty and
    with one theme, in their stored order."""
    global _LOADED
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise SpadesError(
            _("unknown difficulty {difficulty}: use {difficulties}").format(
                difficulty=repr(difficulty), difficulties=", ".join(DIFFICULTIES)
            )
        )
    if theme is not None and theme not in THEMES:
        raise SpadesError(
            _("unknown theme {theme}: use one of {themes}").format(theme=repr(theme), themes=", ".join(THEMES))
        )
    if _LOADED is None:
        path = resources.files("spades_teach") / "data" / STORE
        data = json.loads(path.read_text(encoding="utf-8"))
        _LOADED = tuple(puzzle_from_json(item) for item in data["puzzles"])
    return tuple(
        p
        for p in _LOADED
        if (difficulty is None or p.difficulty == difficulty) and (theme is None or theme in p.themes)
    )


def _deal_moments(seed: int) -> Iterator[dict[str, Any]]:
    """Every play moment of one hand dealt with ``seed`` and played by medium bots; in
    every other hand the weakest hand (by the advisor's count) bids Nil."""
    from spades_teach.advice.bid_count import count_hand
    from spades_teach.advice.levels import make_bot
    from spades_teach.game.deals import deal
    from spades_teach.game.round import Round

    dealer = Seat(seed % 4)
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
            left = len(moment["hands"][moment["seat"]])
            difficulty = "easy" if left <= 3 else "medium" if left <= 5 else "hard" if left <= 8 else None
            if difficulty is None or difficulty in done or len(found[difficulty]) >= wanted[difficulty]:
                continue
            pid = f"{letters[difficulty]}{len(found[difficulty]) + 1:03d}"
            puzzle = find_puzzle(moment, puzzle_id=pid, sample_seed=deal_seed, hidden=difficulty == "hard")
            if puzzle is not None:
                found[difficulty].append(puzzle)
                done.add(difficulty)
    return [p for d in DIFFICULTIES for p in found[d]]


def moment_of(round_: Round) -> dict[str, Any]:
    """The moment of a live :class:`~spades_teach.Round` that :func:`find_puzzle` reads
    (the seat to play, every hand as it is now, the bids, the tally, the trick, the
    cards of the completed tricks)."""
    seat = round_.to_act
    if seat is None or len(round_.bids) < 4:
        raise SpadesError(_("a puzzle needs a hand in play, with every bid made"))
    return {
        "seat": seat,
        "hands": {s: round_.hand(s) for s in Seat},
        "bids": dict(round_.bids),
        "won": dict(round_.tricks_won),
        "trick": tuple(round_.current_trick.cards),
        "broken": round_.spades_broken,
        "seen": tuple(round_.played),
    }
