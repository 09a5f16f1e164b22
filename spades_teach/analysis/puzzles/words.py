"""What a puzzle says, in the language in use: its question, the play so far, the line of play
that names the key card, the principle behind the answer, and the numbers of the solve."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.analysis.puzzles.goals import RULES, contract_of, contract_points, target_seat
from spades_teach.analysis.puzzles.values import KeyLine
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card
from spades_teach.game.notation import seat_word
from spades_teach.game.scoring import nil_worth
from spades_teach.game.seating import Seat, seating_of
from spades_teach.i18n import _

__all__ = [
    "Asked",
    "card_evidence",
    "goal_noun",
    "goal_verb",
    "history_lines",
    "key_line_text",
    "principle_line",
    "prompt",
    "reason_numbers",
    "why",
]


@dataclass(frozen=True)
class Asked:
    """What a puzzle asks, as its words need it: the ``goal`` (one of
    :data:`~spades_teach.analysis.puzzles.goals.GOALS`), the ``seat`` to play, the bids and the
    tricks ``won`` so far."""

    goal: str
    seat: Seat
    bids: Mapping[Seat, Bid]
    won: Mapping[Seat, int]


#: Principles a puzzle's answer is never explained by: a puzzle's goal (a contract or a
#: Nil) is worth more than every bag left, so a card chosen to dodge or push bags
#: reaches it only by chance.
_NOT_A_PUZZLE_REASON = frozenset({"duck to dodge a bag", "push bags onto the opponents", "a bag costs ten points"})


def principle_line(position: Position, answer: Card) -> str:
    """The play hint's line when the hint chooses ``answer`` with a principle a puzzle may
    cite (:func:`~spades_teach.advice.play.suggest_play`), else ``""``."""
    hint = suggest_play(position)
    return hint.reason if hint.card == answer and hint.principle not in _NOT_A_PUZZLE_REASON else ""


def why(principle: str, play: str) -> str:
    """The principle line, then the line of play, each a sentence (those that are not empty)."""
    return " ".join(f"{_capital(x)}." for x in (principle, play) if x)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plays_text(leader: Seat, cards: Sequence[Card]) -> str:
    """The cards of a trick, each after the seat that played it ("North 4♣, East K♣")."""
    seating = seating_of(RULES)
    return ", ".join(
        _("{seat} {card}").format(seat=seat_word(seating.seat_after(leader, i)), card=c.pretty)
        for i, c in enumerate(cards)
    )


def history_lines(
    history: Sequence[tuple[Seat, tuple[Card, ...], Seat]], trick: Sequence[Card], leader: Seat
) -> list[str]:
    """The play so far, one line a trick (``history``: each completed trick's leader, cards and
    winner), each card after the seat that played it, then the ``trick`` in progress, which
    ``leader`` led."""
    lines = []
    for number, (first, cards, winner) in enumerate(history, start=1):
        lines.append(
            _("trick {number}: {cards}; won by {seat}").format(
                number=number, cards=_plays_text(first, cards), seat=seat_word(int(winner))
            )
        )
    if trick:
        lines.append(
            _("trick {number}, in progress: {cards}").format(number=len(history) + 1, cards=_plays_text(leader, trick))
        )
    return lines


def prompt(p: Asked) -> str:
    """The question, in one line."""
    return _("{seat} to play: which card {goal}?").format(seat=seat_word(int(p.seat)), goal=goal_verb(p))


def _target(p: Asked) -> Seat:
    return target_seat(p.goal, p.seat, p.bids, p.won)


def goal_verb(p: Asked) -> str:
    """What the answer does, as the end of a sentence whose subject is the card ("makes your side's 5")."""
    target = _target(p)
    if p.goal == "make":
        return _("makes your side's {bid}").format(bid=contract_of(p.bids, p.won, p.seat)[0])
    if p.goal == "set":
        return _("sets their {bid}").format(bid=contract_of(p.bids, p.won, p.seat.next)[0])
    if p.goal == "keep nil":
        return _("keeps your Nil") if target is p.seat else _("keeps {seat}'s Nil").format(seat=seat_word(int(target)))
    return _("breaks your Nil") if target is p.seat else _("breaks {seat}'s Nil").format(seat=seat_word(int(target)))


def goal_noun(p: Asked) -> str:
    """The Nil at stake ("your Nil", "North's Nil")."""
    target = _target(p)
    return _("your Nil") if target is p.seat else _("{seat}'s Nil").format(seat=seat_word(int(target)))


def card_evidence(p: Asked, c: Card, value: int, *, deals: int, left: int) -> str:
    """What the solve says about the legal card ``c`` (its evidence ``value``), in one plain line;
    ``deals``: the sampled deals of a hidden-hand puzzle (0 for an open-hand one), ``left``: the
    tricks left."""
    if deals:
        return _("the {card} {goal} on {count} of {deals} deals that fit what you have seen").format(
            card=c.pretty, goal=goal_verb(p), count=value, deals=deals
        )
    if p.goal in ("keep nil", "break nil"):
        if p.goal == "keep nil":
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
        return text.format(card=c.pretty, nil=goal_noun(p))
    return _("after the {card} your side takes {count} of the {left} tricks left with best play").format(
        card=c.pretty, count=value, left=left
    )


def key_line_text(p: Asked, line: KeyLine, answer: Card, *, deals: int) -> str:
    """The line of play (:attr:`Puzzle.line <spades_teach.analysis.puzzles.Puzzle.line>`) in
    one sentence naming the key card."""
    card, key, rival = answer.pretty, line.key.pretty, line.rival.pretty
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
    elif line.kind == "nil forced after rival" and line.key == answer:
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
    if deals:
        return _("on {count} of the {deciding} deals where the {card} {goal} and the {rival} does not: {line}").format(
            count=line.count, deciding=line.deciding, card=card, goal=goal_verb(p), rival=rival, line=said
        )
    return said


def _stake(p: Asked) -> str:
    """What the goal is worth, in words ("50 points rather than -50")."""
    nil = nil_worth(False, RULES)
    if p.goal == "make":
        points = contract_points(contract_of(p.bids, p.won, p.seat)[0])
        return _("{points} points rather than -{points}").format(points=points)
    if p.goal == "set":
        points = contract_points(contract_of(p.bids, p.won, p.seat.next)[0])
        return _("they lose {points} points instead of scoring {points}").format(points=points)
    if p.goal == "keep nil":
        return _("+{points} rather than -{points}").format(points=nil)
    return _("they lose {points} points instead of scoring {points}").format(points=nil)


def reason_numbers(p: Asked, answer: Card, evidence: Mapping[Card, int], *, deals: int, left: int) -> str:
    """The numbers of the solve behind the ``answer`` (the ``evidence`` of each legal card), in one
    plain line; ``deals`` and ``left`` as for :func:`card_evidence`."""
    card, stake, goal = answer.pretty, _stake(p), goal_verb(p)
    if deals:
        others = sorted(((v, c) for c, v in evidence.items() if c != answer), key=lambda vc: (-vc[0], vc[1]))
        second, rival = others[0]
        return _(
            "On {count} of {deals} deals that fit what you have seen, the {card} {goal} ({stake}); "
            "the best other card, the {rival}, on {second}."
        ).format(
            count=evidence[answer],
            deals=deals,
            card=card,
            goal=goal_verb(p),
            stake=stake,
            rival=rival.pretty,
            second=second,
        )
    if p.goal in ("keep nil", "break nil"):
        target = _target(p)
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
    best_other = max(v for c, v in evidence.items() if c != answer)
    mine = evidence[answer]
    if p.goal == "make":
        bid, taken = contract_of(p.bids, p.won, p.seat)
        return _(
            "Only the {card} {goal} ({stake}): with it your side takes {count} of the {left} "
            "tricks left and needs {need}; after any other card, at most {best}."
        ).format(card=card, goal=goal, stake=stake, count=mine, left=left, need=bid - taken, best=best_other)
    their_bid, their_taken = contract_of(p.bids, p.won, p.seat.next)
    return _(
        "Only the {card} {goal} ({stake}): they need {need} of the {left} tricks left, "
        "and with it your side takes {count}; after any other card, at most {best}."
    ).format(card=card, goal=goal, stake=stake, need=their_bid - their_taken, left=left, count=mine, best=best_other)
