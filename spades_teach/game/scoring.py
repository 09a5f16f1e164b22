"""Scoring one hand: contracts, bags and their penalty, Nil and blind Nil.

>>> s = score_round({"N": 4, "S": 3, "E": 3, "W": 2}, {"N": 5, "S": 4, "E": 2, "W": 2})
>>> s.points["NS"], s.points["EW"], s.bags["NS"]
(72, -50, 2)
>>> s.lines[0]
'NS bid 7 and took 9: 70 + 2 bags = 72'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from spades_teach._text import quoted
from spades_teach.errors import ParseError, SpadesError
from spades_teach.game.bids import Bid, BidLike
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, SeatMap, Side, Team, TeamMap, seating_for, seating_of
from spades_teach.i18n import _, get_language, ngettext

__all__ = [
    "CONTRACT_TRICK_POINTS",
    "UNKNOWN_BID",
    "score_round",
    "score_checked",
    "side_points",
    "SidePoints",
    "nil_worth",
    "read_bags_carried",
    "RoundScore",
    "SideScore",
    "Side",
    "sides_of",
    "side_of",
    "coerce_side",
    "check_bags_carried",
    "bag_charge",
    "charged",
    "counter_charged",
    "side_contract",
    "contract_made",
    "contract_swing",
    "side_value",
    "score_if_made",
    "reaches_target",
    "bid_problem",
    "allowed_bids",
]


#: Points for each trick of a contract made, and lost for each trick of a contract set
#: (the rule texts' 10 a trick; a trick over the contract is a bag worth 1).
CONTRACT_TRICK_POINTS = 10

#: What a bid not yet made (or not known) counts as when a bot, a playout or a
#: search needs a number: about the average bid.
UNKNOWN_BID = 3


def sides_of(rules: Rules) -> tuple[Side, ...]:
    """The scoring sides: the two teams, or the two players N and S of a two-player game."""
    return seating_of(rules).sides


def side_of(seat: Seat, rules: Rules) -> Side:
    return seating_of(rules).side_of(seat)


def seats_of(side: Side) -> tuple[Seat, ...]:
    return side.seats if isinstance(side, Team) else (side,)


def coerce_side(value: Any, rules: Rules) -> Side:
    """A team (``"NS"``) in a partnership game, a seat (``"N"``) in a two-player game."""
    return seating_of(rules).coerce_side(value)


def bag_charge(rules: Rules) -> float:
    """What one new bag costs in the long run: its share of the bag penalty
    (``bag_penalty / bag_limit``, 10 points under the standard rules).

    >>> bag_charge(Rules())
    10.0
    """
    return rules.bag_penalty / rules.bag_limit


def charged(points: float, bags_added: int, rules: Rules) -> float:
    """A hand's points with each new bag charged :func:`bag_charge` — the measure
    the bots maximise and the tournaments and bidding benchmarks report.

    >>> s = score_round({"N": 4, "S": 3, "E": 3, "W": 2}, {"N": 5, "S": 4, "E": 2, "W": 2})
    >>> charged(s.points["NS"], s.bags_added["NS"], Rules())
    52.0
    """
    return points - bags_added * bag_charge(rules)


def counter_charged(points: float, bags_added: int, bags_after: int, rules: Rules) -> float:
    """A hand's points (bag penalties included, as :func:`score_round` gives them)
    with each bag the hand leaves on the counter charged :func:`bag_charge`.

    The measure when bags are carried in: a penalty that falls in this hand counts
    in full, and the bags it swept off the counter are not charged again. With no
    bags carried in it equals ``charged(points + penalty, bags_added)``.

    >>> s = score_round({"N": 4, "S": 3, "E": 3, "W": 2}, {"N": 5, "S": 4, "E": 2, "W": 2}, bags={"NS": 9})
    >>> s.points["NS"], s.bags["NS"], counter_charged(s.points["NS"], s.bags_added["NS"], s.bags["NS"], Rules())
    (-28, 1, -38.0)
    """
    return points - min(bags_added, bags_after) * bag_charge(rules)


def side_contract(
    bids: Sequence[Bid | None], won: Sequence[int], seats: Iterable[int], unknown: int = UNKNOWN_BID
) -> tuple[int, int]:
    """A side's contract and the contract tricks it took: the bids of its seats that
    are not Nil (an unknown bid, ``None``, counts ``unknown``: :data:`UNKNOWN_BID` for a
    bid not yet made, 0 for a seat left out of the scoring) and those bidders' tricks.
    ``bids`` and ``won`` are indexed by seat number.

    >>> side_contract([Bid(0), Bid(2), Bid(4), None], [2, 1, 5, 3], (0, 2))
    (4, 5)
    """
    contract = 0
    taken = 0
    for s in seats:
        bid = bids[s]
        value = unknown if bid is None else bid  # a Bid is an int: a Nil is 0
        if value:
            contract += value
            taken += won[s]
    return contract, taken


def contract_made(bids: Sequence[Bid | None], won: Sequence[int], seats: Iterable[int]) -> bool:
    """Whether a side has a contract (a bid other than Nil) and made it.

    >>> contract_made([Bid(0), Bid(2), Bid(4), None], [2, 1, 5, 3], (0, 2))
    True
    >>> contract_made([Bid(0), Bid(2), Bid(0), None], [0, 1, 5, 3], (0, 2))
    False
    """
    contract, taken = side_contract(bids, won, seats)
    return contract > 0 and taken >= contract


def side_value(
    bids: Sequence[Bid | None], won: Sequence[int], seats: Iterable[int], rules: Rules, *, bags_carried: int = 0
) -> float:
    """The fast form of :func:`score_round` for the bots' playouts and searches: the
    points one side (``seats``, by seat number) gets for a hand, measured by
    :func:`counter_charged` (each bag the hand leaves on the counter charged its
    share; a penalty that falls, after ``bags_carried`` bags on the counter,
    counted in full), reneges ignored. ``bids`` and ``won`` are indexed by seat
    number; an unknown bid (``None``) counts :data:`UNKNOWN_BID`. A property test
    holds it equal to :func:`score_round` and :func:`counter_charged`.

    >>> side_value([Bid(4), Bid(3), Bid(3), Bid(2)], [5, 2, 4, 2], (0, 2), Rules())
    52.0
    >>> side_value([Bid(0), Bid(3), Bid(4), Bid(2)], [2, 3, 5, 3], (0, 2), Rules())  # a Nil's tricks are bags
    -87.0
    """
    seats = tuple(seats)
    contract, taken = side_contract(bids, won, seats)
    nils = [(bid.blind, won[s]) for s in seats if (bid := bids[s]) is not None and bid.is_nil]
    side = side_points(contract, taken, nils, rules, bags_carried)
    return counter_charged(side.points, side.bags_added, side.bags_after, rules)


class SidePoints(NamedTuple):
    """One side's hand as :func:`side_points` works it out (the numbers of a
    :class:`SideScore`, without the explanation)."""

    made: bool | None  # None: no contract (every bid of the side a Nil)
    contract_points: int
    nil_points: int
    bags_added: int  # tricks over the contract and a Nil bidder's tricks: a point each
    penalties: int
    penalty_points: int
    bags_after: int
    points: int  # the hand's change, the bag penalty included


def nil_worth(blind: bool, rules: Rules) -> int:
    """The points a Nil (``blind``: a blind Nil) wins if made and loses if not."""
    return rules.blind_nil_value if blind else rules.nil_value


def side_points(
    contract: int, taken: int, nils: Iterable[tuple[bool, int]], rules: Rules, bags_carried: int = 0
) -> SidePoints:
    """The scoring formula, the one place a side's points for a hand are worked out
    (:func:`score_checked` and :func:`side_value` call it): a ``contract`` (the side's
    bids other than Nil) and the contract tricks ``taken``; each Nil bidder of the side
    as ``(blind, tricks taken)``; the bag counter carried in, ``bags_carried``.

    10 a trick of a contract made (lost for each trick of a contract set); a point a
    bag, each trick over the contract and each trick of a Nil bidder being one (with no
    contract, every trick is); a Nil made wins :func:`nil_worth`, one not made loses
    it; each time the counter reaches ``bag_limit`` costs ``bag_penalty`` and takes
    ``bag_limit`` bags off it.

    >>> side_points(7, 9, (), Rules())
    SidePoints(made=True, contract_points=70, nil_points=0, bags_added=2, penalties=0, penalty_points=0, \
bags_after=2, points=72)
    >>> side_points(4, 3, [(False, 1)], Rules(), bags_carried=9).points  # set, a Nil lost, a penalty
    -239
    """
    nil_points = nil_tricks = 0
    for blind, won in nils:
        worth = nil_worth(blind, rules)
        nil_points += -worth if won else worth
        nil_tricks += won
    made: bool | None
    if not contract:
        made, over, contract_points = None, taken, 0
    elif taken >= contract:
        made, over, contract_points = True, taken - contract, CONTRACT_TRICK_POINTS * contract
    else:
        made, over, contract_points = False, 0, -CONTRACT_TRICK_POINTS * contract
    bags = over + nil_tricks
    penalties, counter = divmod(bags_carried + bags, rules.bag_limit)
    penalty_points = penalties * rules.bag_penalty
    points = contract_points + bags + nil_points - penalty_points
    return _new_tuple(SidePoints, (made, contract_points, nil_points, bags, penalties, penalty_points, counter, points))


def contract_swing(contract: int, rules: Rules) -> int:
    """What making ``contract`` exactly is worth against falling one trick short of it, in
    points (:func:`side_points`, no bags either way): the stake of a contract still open.

    >>> contract_swing(5, Rules())
    100
    """
    made = side_points(contract, contract, (), rules).points
    set_ = side_points(contract, contract - 1, (), rules).points
    return made - set_


def score_if_made(
    score: int, contract: int, rules: Rules, *, overtricks: int = 0, bags_carried: int = 0, more_bags: int = 0
) -> int:
    """A side's match ``score`` after a hand in which it makes ``contract`` and takes
    ``overtricks`` more (each a bag), with each bag penalty that falls on the counter
    (``bags_carried`` before the hand). ``more_bags`` are bags that may still come: the
    penalty they could bring is counted, their points are not (the worst case).

    The one measure of the end of a match: whether making a bid wins it
    (:func:`reaches_target`), for the bid advice, the play hints and the expert.

    >>> score_if_made(400, 7, Rules(), overtricks=2), score_if_made(400, 7, Rules(), overtricks=2, bags_carried=8)
    (472, 372)
    >>> score_if_made(400, 7, Rules(), overtricks=1, bags_carried=7, more_bags=2)
    371
    """
    penalties = (bags_carried + overtricks + more_bags) // rules.bag_limit
    return score + CONTRACT_TRICK_POINTS * contract + overtricks - penalties * rules.bag_penalty


def reaches_target(
    score: int, contract: int, rules: Rules, *, overtricks: int = 0, bags_carried: int = 0, more_bags: int = 0
) -> bool:
    """Whether a side on ``score`` reaches the match target by making ``contract``
    (see :func:`score_if_made` for the bags).

    >>> reaches_target(440, 6, Rules()), reaches_target(440, 5, Rules())
    (True, False)
    """
    return (
        score_if_made(score, contract, rules, overtricks=overtricks, bags_carried=bags_carried, more_bags=more_bags)
        >= rules.target
    )


def bid_problem(
    seat: Seat,
    bid: Bid,
    rules: Rules,
    *,
    behind: int | None = None,
    partner_bid: Bid | None = None,
) -> str | None:
    """Why ``seat`` may not bid ``bid`` under ``rules`` (``None`` if it may): the
    one statement of the bidding rules, used by :class:`~spades_teach.Round`,
    :class:`~spades_teach.Match` and :func:`score_round`.

    Nil and blind Nil only where the rules allow them; blind Nil only when the
    side is ``behind`` by at least ``blind_nil_deficit`` (not checked when
    ``behind`` is ``None``: the match score is unknown); the team minimum
    (``min_team_bid``) once the partner's bid is known, unless either bid is a
    Nil; and a bid from 0 (Nil) or 1 to 13. The reason is one lowercase line
    that says what would be legal.

    >>> bid_problem(Seat.S, Bid(1), Rules(min_team_bid=4), partner_bid=Bid(2))
    'NS must bid at least 4 together: bid 2 or more (or Nil); 3 is below the minimum of 4'
    """
    seating = seating_of(rules)
    if bid.is_nil and not rules.nil:
        return _("Nil is not allowed under these rules: bid 1 to 13")
    if bid.blind:
        if not rules.blind_nil:
            return _("blind Nil is not allowed under these rules: bid a number or Nil")
        if behind is not None and behind < rules.blind_nil_deficit:
            side = seating.side_of(seat)
            if behind > 0:
                message = _("blind Nil needs {side} to be at least {deficit} points behind; it is {behind} behind")
            else:
                message = _("blind Nil needs {side} to be at least {deficit} points behind; it is not behind")
            return message.format(side=side.letters, deficit=rules.blind_nil_deficit, behind=behind)
    minimum = rules.min_team_bid
    if minimum and seating.partnerships and partner_bid is not None and not bid.is_nil and not partner_bid.is_nil:
        needed = minimum - int(partner_bid)
        if int(bid) < needed:
            if rules.nil:
                message = _(
                    "{team} must bid at least {minimum} together: bid {needed} or more (or Nil); "
                    "{total} is below the minimum of {minimum}"
                )
            else:
                message = _(
                    "{team} must bid at least {minimum} together: bid {needed} or more; "
                    "{total} is below the minimum of {minimum}"
                )
            return message.format(
                team=seat.team.letters, minimum=minimum, needed=needed, total=int(bid) + int(partner_bid)
            )
    low = 0 if rules.nil else 1
    if not low <= int(bid) <= 13:
        return _("bid {bid} is out of range: bid {low} to 13").format(bid=bid, low=low)
    return None


# Every bid there is, in the order a bid box lists them: Nil, 1 to 13, then blind Nil.
_EVERY_BID: tuple[Bid, ...] = (*(Bid(n) for n in range(14)), Bid(0, blind=True))
# allowed_bids' answers for the rules last asked about (looked up by identity, so no
# hashing of the rules), keyed by the seat, the deficit and the partner's bid.
_allowed_memo: tuple[Rules | None, dict[tuple[Seat, int | None, Bid | None], tuple[Bid, ...]]] = (None, {})


def allowed_bids(
    seat: Seat,
    rules: Rules,
    *,
    behind: int | None = None,
    partner_bid: Bid | None = None,
) -> tuple[Bid, ...]:
    """Every bid :func:`bid_problem` lets ``seat`` make (same arguments), in bid-box
    order: Nil, 1 to 13, blind Nil. Answers are remembered, so a bid box or a
    simulation asking again and again costs a dictionary lookup.

    >>> [str(b) for b in allowed_bids(Seat.S, Rules(min_team_bid=4, nil=False), partner_bid=Bid(1))]
    ['3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13']
    """
    global _allowed_memo
    memo_rules, memo = _allowed_memo
    if memo_rules is not rules:
        memo = {}
        _allowed_memo = (rules, memo)
    key = (seat, behind if rules.blind_nil else None, partner_bid)  # the deficit matters to a blind Nil only
    found = memo.get(key)
    if found is None:
        if len(memo) >= 4096:  # the deficit can take any value: keep the memo small
            memo.clear()
        found = memo[key] = tuple(
            b for b in _EVERY_BID if bid_problem(seat, b, rules, behind=behind, partner_bid=partner_bid) is None
        )
    return found


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


@dataclass(frozen=True, repr=False)
class SideScore:
    """The detail of one side's hand: what a paper score sheet would show.

    ``lines`` (the explanation, one sentence an item) is worked out from these
    numbers when first asked for, then kept.
    """

    side: Side
    contract: int
    tricks: int
    made: bool | None
    contract_points: int
    nil_points: int
    bag_points: int
    bags_added: int
    penalties: int
    penalty_points: int
    bags_before: int
    bags_after: int
    points: int
    # What the explanation needs beyond the numbers: each Nil bidder of the side as
    # (seat, blind, tricks taken, points at stake), and a renege penalty as
    # (reneges, tricks moved, tricks the penalty asked for, the side they went to).
    _nils: tuple[tuple[Seat, bool, int, int], ...] = field(default=(), repr=False)
    _renege: tuple[int, int, int, Side] | None = field(default=None, repr=False)

    @property
    def lines(self) -> tuple[str, ...]:
        """The explanation of this side's score, one sentence an item, in the language
        in use (:func:`spades_teach.set_language`) when it is read."""
        kept: dict[str, tuple[str, ...]] = self.__dict__.setdefault("_lines", {})
        language = get_language()
        cached = kept.get(language)
        if cached is None:
            cached = kept[language] = _side_lines(self)
        return cached

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)
        return f"SideScore({shown}, lines={self.lines!r})"


@dataclass(frozen=True, repr=False)
class RoundScore:
    """The score of one hand.

    ``points[side]`` is the hand's change (bag penalty included), ``bags[side]``
    the bag counter afterwards, ``lines`` the explanation, one sentence an item.
    Sides are teams (``"NS"``, ``"EW"``), or seats N and S in two-player games.
    """

    points: TeamMap[int]
    bags: TeamMap[int]
    sides: TeamMap[SideScore] = field(repr=False)
    nil_made: SeatMap[bool] = field(repr=False)

    @property
    def lines(self) -> list[str]:
        """The explanation, one sentence an item: each side's lines in turn (worked
        out when first asked for in a language, then kept)."""
        kept: dict[str, list[str]] = self.__dict__.setdefault("_lines", {})
        language = get_language()
        cached = kept.get(language)
        if cached is None:
            cached = kept[language] = [line for detail in self.sides.values() for line in detail.lines]
        return cached

    @property
    def bags_added(self) -> TeamMap[int]:
        return TeamMap({side: detail.bags_added for side, detail in self.sides.items()})

    @property
    def penalties(self) -> TeamMap[int]:
        """How many bag penalties each side took this hand."""
        return TeamMap({side: detail.penalties for side, detail in self.sides.items()})

    @property
    def made(self) -> TeamMap[bool | None]:
        """Whether each side made its contract (``None``: no contract, both bid Nil)."""
        return TeamMap({side: detail.made for side, detail in self.sides.items()})

    def explain(self) -> str:
        return "\n".join(self.lines)

    def __str__(self) -> str:
        return self.explain()

    def __repr__(self) -> str:
        return f"RoundScore(points={self.points!r}, bags={self.bags!r}, lines={self.lines!r})"


def _side_lines(detail: SideScore) -> tuple[str, ...]:
    """The sentences that explain one side's score, from its numbers (in order: a
    renege penalty, each Nil, the contract, the Nil tricks as bags, a bag penalty,
    the total)."""
    name = detail.side.letters
    lines: list[str] = []
    if detail._renege is not None:
        count, moved, wanted, other = detail._renege
        lines.append(_renege_line(detail.side, other, count, moved, wanted))
    nil_tricks = 0
    for seat, blind, taken, value in detail._nils:
        nil_tricks += taken
        if taken == 0:
            message = (
                _("{seat} bid blind Nil and took no trick: +{value}")
                if blind
                else _("{seat} bid Nil and took no trick: +{value}")
            )
        elif blind:
            message = ngettext(
                "{seat} bid blind Nil but took {count} trick: −{value}",
                "{seat} bid blind Nil but took {count} tricks: −{value}",
                taken,
            )
        else:
            message = ngettext(
                "{seat} bid Nil but took {count} trick: −{value}",
                "{seat} bid Nil but took {count} tricks: −{value}",
                taken,
            )
        lines.append(message.format(seat=seat.letters, count=taken, value=value))
    contract, won, points = detail.contract, detail.tricks, detail.contract_points
    if detail.made is None:
        if won:
            message = ngettext(
                "{side} had no contract: {count} trick counts only as bags",
                "{side} had no contract: {count} tricks count only as bags",
                won,
            )
            lines.append(message.format(side=name, count=won))
    elif detail.made:
        over = won - contract
        if over:
            message = ngettext(
                "{side} bid {bid} and took {won}: {points} + {count} bag = {total}",
                "{side} bid {bid} and took {won}: {points} + {count} bags = {total}",
                over,
            )
            lines.append(
                message.format(side=name, bid=contract, won=won, points=points, count=over, total=points + over)
            )
        else:
            lines.append(
                ngettext(
                    # The same English either way; other languages count the tricks ("1 pli", "2 plis").
                    "{side} bid {bid} and took {won}: {points}",
                    "{side} bid {bid} and took {won}: {points}",
                    won,
                ).format(side=name, bid=contract, won=won, points=points)
            )
    else:
        lines.append(
            ngettext(
                "{side} bid {bid} but took only {won}: set, −{points}",
                "{side} bid {bid} but took only {won}: set, −{points}",
                won,
            ).format(side=name, bid=contract, won=won, points=-points)
        )
    if nil_tricks == 1:
        lines.append(_("the Nil bidder's trick counts as a bag for {side}: +1").format(side=name))
    elif nil_tricks:
        lines.append(_("the Nil tricks count as {count} bags for {side}: +{count}").format(count=nil_tricks, side=name))
    if detail.penalties:
        lines.append(
            _("{side} reached {bags} bags: −{penalty} and the counter drops to {after}").format(
                side=name,
                bags=detail.bags_before + detail.bags_added,
                penalty=detail.penalty_points,
                after=detail.bags_after,
            )
        )
    message = ngettext(
        "{side} scores {points} this hand, with {count} bag on the counter",
        "{side} scores {points} this hand, with {count} bags on the counter",
        detail.bags_after,
    )
    lines.append(message.format(side=name, points=_signed(detail.points), count=detail.bags_after))
    return tuple(lines)


def _check_count(value: Any, what: str, seat: Seat) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
        raise SpadesError(
            _("{argument} for {seat} must be a whole number 0-13, got {value}").format(
                argument=what, seat=seat.letters, value=quoted(value)
            )
        )
    return value


def check_bags_carried(value: Any, side: Side, rules: Rules) -> int:
    """The bag counter ``side`` carries into a hand, checked: a whole number from 0 to
    ``bag_limit - 1``, since the counter drops by ``bag_limit`` at each penalty.

    >>> check_bags_carried(9, Team.NS, Rules())
    9
    >>> check_bags_carried(10, Team.NS, Rules())
    Traceback (most recent call last):
    ...
    spades_teach.errors.SpadesError: bags carried in for NS must be a whole number 0-9 (the counter drops by 10 at each bag penalty), got 10
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < rules.bag_limit:
        raise SpadesError(
            _(
                "bags carried in for {side} must be a whole number 0-{top} "
                "(the counter drops by {limit} at each bag penalty), got {value}"
            ).format(side=side.letters, top=rules.bag_limit - 1, limit=rules.bag_limit, value=quoted(value))
        )
    return value


def _once(seen: dict[Any, Any], key: Any, raw: Any, what: str) -> None:
    """Refuse a second entry for the same seat or side (as ``{'N': 4, 'north': 9}``)."""
    if key in seen:
        raise SpadesError(
            _("{argument}: {key} is given twice (as {first} and {second})").format(
                argument=what, key=key.name, first=quoted(seen[key]), second=quoted(raw)
            )
        )
    seen[key] = raw


def _renege_side(key: Any, rules: Rules) -> Side:
    """A renege count is keyed by a side or by the offending seat (``"N"`` counts for NS)."""
    try:
        return coerce_side(key, rules)
    except ParseError:
        if not seating_of(rules).partnerships:
            raise
        return Seat.coerce(key).team


def _renege_line(side: Side, other: Side, count: int, moved: int, wanted: int) -> str:
    """The score line of a renege penalty. Only contract tricks the side took can move,
    so a side that took none gives nothing (this library's reading of the rule)."""
    if moved == 0:
        message = ngettext(
            "{side} reneged {count} time, but took no contract tricks: the penalty moves no trick to {other}",
            "{side} reneged {count} times, but took no contract tricks: the penalty moves no trick to {other}",
            count,
        )
        return message.format(side=side.letters, count=count, other=other.letters)
    head = ngettext("{side} reneged {count} time", "{side} reneged {count} times", count).format(
        side=side.letters, count=count
    )
    moves = ngettext("{count} trick goes to {other}", "{count} tricks go to {other}", moved).format(
        count=moved, other=other.letters
    )
    line = _("{reneged}: {moves}").format(reneged=head, moves=moves)
    if moved < wanted:
        line += _(" (all it took; the penalty was {wanted})").format(wanted=wanted)
    return line


def read_bags_carried(bags: Mapping[Any, int] | None, rules: Rules) -> dict[Side, int]:
    """The bag counters carried into a hand (side → bags), each checked by
    :func:`check_bags_carried`; a side given twice is refused.

    >>> read_bags_carried({"NS": 3}, Rules())
    {<Team.NS: 0>: 3}
    """
    if bags is not None and not isinstance(bags, Mapping):
        raise SpadesError(
            _("{argument} must map seats or sides to values, not {value}").format(argument="bags", value=quoted(bags))
        )
    carried: dict[Side, int] = {}
    if bags:
        raw_keys: dict[Any, Any] = {}
        for key, value in bags.items():
            side = coerce_side(key, rules)
            _once(raw_keys, side, key, "bags")
            carried[side] = check_bags_carried(value, side, rules)
    return carried


def score_round(
    bids: Mapping[Any, BidLike],
    tricks: Mapping[Any, int],
    *,
    bags: Mapping[Any, int] | None = None,
    rules: Rules = Rules(),
    reneges: Mapping[Any, int] | None = None,
) -> RoundScore:
    """Score one hand.

    ``bids`` and ``tricks`` map seats (``"N"`` or :class:`Seat`) to values; a bid
    is an int (0 = Nil), ``"nil"``, ``"blind nil"`` or a :class:`Bid`. Give all
    four seats (their tricks add up to 13), or just the seats of the sides to
    score. ``bags`` maps sides to the bag counters carried in (each 0 to
    ``bag_limit - 1``). ``reneges`` maps sides (or the offending seats) to the
    number of reneges under ``rules.renege == "penalty"``, as ``reneges={"N": 1}``.
    A seat or side given twice (``{"N": 4, "north": 9}``) is refused.

    Everything given is checked here; the arithmetic is :func:`score_checked`'s.
    """
    for name, given in (("bids", bids), ("tricks", tricks), ("bags", bags), ("reneges", reneges)):
        if given is not None and not isinstance(given, Mapping):
            raise SpadesError(
                _("{argument} must map seats or sides to values, not {value}").format(
                    argument=name, value=quoted(given)
                )
            )
    bid_map: dict[Seat, Bid] = {}
    raw_keys: dict[Any, Any] = {}
    for key, value in bids.items():
        seat = Seat.coerce(key)
        _once(raw_keys, seat, key, "bids")
        try:
            bid_map[seat] = Bid.coerce(value)
        except ParseError as exc:
            raise SpadesError(_("bid for {seat}: {problem}").format(seat=seat.letters, problem=exc)) from None
    trick_map: dict[Seat, int] = {}
    raw_keys = {}
    for key, value in tricks.items():
        seat = Seat.coerce(key)
        _once(raw_keys, seat, key, "tricks")
        trick_map[seat] = _check_count(value, "tricks", seat)
    if set(bid_map) != set(trick_map):
        missing = sorted(set(bid_map) ^ set(trick_map))
        raise SpadesError(
            _("bids and tricks must name the same seats; check {seats}").format(
                seats=", ".join(s.name for s in missing)
            )
        )
    allowed_seats = set(seating_of(rules).seats)
    extra = sorted(set(bid_map) - allowed_seats)
    if extra:
        raise SpadesError(
            _("seat {seat} does not play in a {count}-player game").format(seat=extra[0].name, count=rules.players)
        )
    total = sum(trick_map.values())
    if set(trick_map) == allowed_seats and total != 13:
        raise SpadesError(_("tricks add up to {total}, but a hand has 13 tricks").format(total=total))
    if total > 13:
        raise SpadesError(_("tricks add up to {total}, but a hand has only 13 tricks").format(total=total))
    for seat, bid in bid_map.items():
        partner = seating_of(rules).partner(seat)
        problem = bid_problem(seat, bid, rules, partner_bid=bid_map.get(partner) if partner is not None else None)
        if problem is not None:
            raise SpadesError(_("bid for {seat}: {problem}").format(seat=seat.letters, problem=problem))

    sides = [side for side in sides_of(rules) if any(s in bid_map for s in seats_of(side))]
    for side in sides:
        absent = [s for s in seats_of(side) if s not in bid_map]
        if absent:
            raise SpadesError(
                _("{side} is missing the bid and tricks of {seat}").format(side=side.letters, seat=absent[0].letters)
            )

    carried = read_bags_carried(bags, rules)

    transfer = {side: 0 for side in sides_of(rules)}
    if reneges:
        if rules.renege != "penalty" and any(reneges.values()):
            raise SpadesError(_("reneges are only scored with renege='penalty'"))
        for key, count in reneges.items():
            side = _renege_side(key, rules)
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise SpadesError(
                    _("renege count for {side} must be 0 or more, got {value}").format(
                        side=side.letters, value=quoted(count)
                    )
                )
            transfer[side] += count
    return score_checked(bid_map, trick_map, rules, carried=carried, transfer=transfer, sides=sides)


def _team_map(items: dict[Any, Any]) -> Any:
    """``items`` (keyed by sides already) as a :class:`TeamMap`, without re-reading its keys."""
    made = dict.__new__(TeamMap)
    dict.update(made, items)
    return made


def score_checked(
    bids: Mapping[Seat, Bid],
    tricks: Mapping[Seat, int] | Sequence[int],
    rules: Rules,
    *,
    carried: Mapping[Side, int] | None = None,
    transfer: Mapping[Side, int] | None = None,
    sides: Sequence[Side] | None = None,
) -> RoundScore:
    """The scoring formula itself, on input known to be valid: the one place a hand's
    points are worked out (:func:`score_round` checks what it is given, then calls
    this; :meth:`Round.score <spades_teach.Round.score>` calls it directly, its bids
    and tricks being legal by construction).

    ``bids`` maps each seat of the sides scored to its :class:`Bid`; ``tricks[seat]``
    is the tricks it took (a mapping by seat or a list by seat number); ``carried``
    the bag counters carried in, by side (each below ``bag_limit``); ``transfer``
    the reneges by side under ``renege="penalty"``; ``sides`` the sides to score
    (default: both). The explanation lines are written only when asked for.

    >>> s = score_checked({Seat.N: Bid(4), Seat.S: Bid(0), Seat.E: Bid(3), Seat.W: Bid(3)}, [5, 3, 1, 4], Rules())
    >>> s.points["NS"], s.points["EW"], s.bags["NS"]
    (-58, 61, 2)
    """
    side_seats = _SIDE_SEATS[rules.players]
    bid_list = list(map(bids.get, _ALL_SEATS))
    won_list = _by_number(tricks)
    # Each side's contract and its tricks come from the one rule (side_contract); the contract
    # tricks of every side are worked out first only when a renege penalty moves some between sides.
    taken: dict[Side, int] | None = None
    reneged: dict[Side, tuple[int, int, int, Side]] | None = None
    if transfer and any(transfer.values()):
        taken = {side: side_contract(bid_list, won_list, seats, 0)[1] for side, seats in side_seats}
        reneged = _renege_transfers(taken, transfer, rules)
    # The maps are made as plain dicts of their class, keyed by sides and seats already (a
    # TeamMap's own item assignment reads its key).
    points: TeamMap[int] = _new_dict(TeamMap)
    bags_after: TeamMap[int] = _new_dict(TeamMap)
    nil_made: SeatMap[bool] = _new_dict(SeatMap)
    details = []
    for side, seats in side_seats if sides is None else ((side, seats_of(side)) for side in sides):
        contract, side_taken = side_contract(bid_list, won_list, seats, 0)
        nils: tuple[tuple[Seat, bool, int, int], ...] = ()
        for seat in seats:
            bid = bids[seat]
            if not bid:
                won = won_list[seat]
                _dict_set(nil_made, seat, won == 0)
                nils += ((seat, bid.blind, won, nil_worth(bid.blind, rules)),)
        if taken is not None:
            side_taken = taken[side]
        start = carried.get(side, 0) if carried else 0
        nil_tricks = [(blind, won) for _seat, blind, won, _worth in nils] if nils else ()
        sheet = side_points(contract, side_taken, nil_tricks, rules, start)
        _dict_set(points, side, sheet[7])
        _dict_set(bags_after, side, sheet[6])
        details.append((side, contract, side_taken, sheet, start, nils, reneged.get(side) if reneged else None))
    made_score = _new_object(RoundScore)
    # The SideScore of each side is made from these numbers when first read (RoundScore.sides).
    kept = made_score.__dict__
    kept["points"] = points
    kept["bags"] = bags_after
    kept["nil_made"] = nil_made
    kept["_side_sheets"] = details
    return made_score


def _renege_transfers(
    taken: dict[Side, int], transfer: Mapping[Side, int], rules: Rules
) -> dict[Side, tuple[int, int, int, Side]]:
    """Move the tricks of the renege penalty in ``taken`` (each side's contract tricks) and
    return, for each side that reneged, (reneges, tricks moved, tricks asked for, the side
    they went to)."""
    seating = seating_of(rules)
    before = dict(taken)
    reneged: dict[Side, tuple[int, int, int, Side]] = {}
    for side in seating.sides:
        count = transfer.get(side, 0)
        wanted = count * rules.renege_penalty
        if wanted:
            other = seating.other_side(side)
            moved = min(wanted, before[side])
            taken[side] -= moved
            taken[other] += moved
            reneged[side] = (count, moved, wanted, other)
    return reneged


def _side_score(sheet: tuple[Any, ...]) -> SideScore:
    """The :class:`SideScore` of one side from what :func:`score_checked` kept: (side,
    contract, contract tricks, its :class:`SidePoints`, bags carried in, its Nils, its
    renege penalty)."""
    side, contract, taken, worked, start, nils, renege = sheet
    made, contract_points, nil_points, bag_count, penalties, penalty_points, counter, total = worked
    detail = _new_object(SideScore)  # SideScore(...) without the frozen dataclass's __init__
    _set_fields(
        detail,
        zip(
            _SIDE_SCORE_FIELDS,
            (
                side,
                contract,
                taken,
                made,
                contract_points,
                nil_points,
                bag_count,
                bag_count,
                penalties,
                penalty_points,
                start,
                counter,
                total,
                nils,
                renege,
            ),
        ),
    )
    return detail


class _SidesWhenRead:
    """``RoundScore.sides`` for a score :func:`score_checked` made: each side's
    :class:`SideScore`, built from the numbers it kept when first read, then kept in the
    instance (whose own value hides this descriptor from then on). Most scores are read
    for their points and bags only (a simulation, a bot's playout), so the details wait."""

    def __get__(self, instance: RoundScore | None, owner: type[RoundScore]) -> Any:
        if instance is None:
            raise AttributeError("sides")
        made = _team_map({sheet[0]: _side_score(sheet) for sheet in instance.__dict__["_side_sheets"]})
        instance.__dict__["sides"] = made
        return made


# After @dataclass, which keeps no class value for a field without a default: a non-data descriptor, so
# the value a score is given (or made when first read) in its own dictionary wins.
RoundScore.sides = _SidesWhenRead()  # type: ignore[assignment]


# The sides of a game of 2 or 4 players, each with its seats.
_SIDE_SEATS: dict[int, tuple[tuple[Side, tuple[Seat, ...]], ...]] = {
    players: tuple((side, seats_of(side)) for side in seating_for(players).sides) for players in (2, 4)
}
_ALL_SEATS = tuple(Seat)
_SIDE_SCORE_FIELDS = tuple(f.name for f in fields(SideScore))
_ROUND_SCORE_FIELDS = tuple(f.name for f in fields(RoundScore))
_new_object = object.__new__
_new_dict = dict.__new__
_dict_set = dict.__setitem__
_new_tuple = tuple.__new__


def _by_number(tricks: Mapping[Seat, int] | Sequence[int]) -> Sequence[int]:
    """The tricks by seat number (a seat not given took none)."""
    if isinstance(tricks, list):  # a Round's own list: the hot path
        return tricks
    if isinstance(tricks, Mapping):
        return [tricks.get(seat, 0) for seat in _ALL_SEATS]
    return tricks


def _set_fields(instance: object, values: Iterable[tuple[str, Any]]) -> None:
    """Fill a new frozen dataclass instance (its fields all given, in order)."""
    instance.__dict__.update(values)
