"""Scoring one hand: contracts, bags and their penalty, Nil and blind Nil.

>>> s = score_round({"N": 4, "S": 3, "E": 3, "W": 2}, {"N": 5, "S": 4, "E": 2, "W": 2})
>>> s.points["NS"], s.points["EW"], s.bags["NS"]
(72, -50, 2)
>>> s.lines[0]
'NS bid 7 and took 9: 70 + 2 bags = 72'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .bids import Bid, BidLike
from .cards import Seat, SeatMap, Team, TeamMap
from .errors import ParseError, SpadesError
from .rules import Rules
from .seating import Side, seating_of

__all__ = ["score_round", "RoundScore", "SideScore", "Side", "sides_of", "side_of", "side_name", "coerce_side"]



def sides_of(rules: Rules) -> tuple[Side, ...]:
    """The scoring sides: the two teams, or the two players N and S of a two-player game."""
    return seating_of(rules).sides


def side_of(seat: Seat, rules: Rules) -> Side:
    return seating_of(rules).side_of(seat)


def seats_of(side: Side) -> tuple[Seat, ...]:
    return side.seats if isinstance(side, Team) else (side,)


def side_name(side: Side) -> str:
    return side.name


def coerce_side(value: Any, rules: Rules) -> Side:
    """A team (``"NS"``) in a partnership game, a seat (``"N"``) in a two-player game."""
    return seating_of(rules).coerce_side(value)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


@dataclass(frozen=True)
class SideScore:
    """The detail of one side's hand: what a paper score sheet would show."""

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
    lines: tuple[str, ...]


@dataclass(frozen=True)
class RoundScore:
    """The score of one hand.

    ``points[side]`` is the hand's change (bag penalty included), ``bags[side]``
    the bag counter afterwards, ``lines`` the explanation, one sentence an item.
    Sides are teams (``"NS"``, ``"EW"``), or seats N and S in two-player games.
    """

    points: dict[Side, int]
    bags: dict[Side, int]
    lines: list[str]
    sides: dict[Side, SideScore] = field(repr=False)
    nil_made: dict[Seat, bool] = field(repr=False)

    @property
    def bags_added(self) -> dict[Side, int]:
        return TeamMap({side: detail.bags_added for side, detail in self.sides.items()})

    @property
    def penalties(self) -> dict[Side, int]:
        """How many bag penalties each side took this hand."""
        return TeamMap({side: detail.penalties for side, detail in self.sides.items()})

    @property
    def made(self) -> dict[Side, bool | None]:
        """Whether each side made its contract (``None``: no contract, both bid Nil)."""
        return TeamMap({side: detail.made for side, detail in self.sides.items()})

    def explain(self) -> str:
        return "\n".join(self.lines)

    def __str__(self) -> str:
        return self.explain()


def _check_count(value: Any, what: str, seat: Seat) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
        raise SpadesError(f"{what} for {seat.name} must be a whole number 0-13, got {value!r}")
    return value


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
    score. ``bags`` maps sides to the bag counters carried in. ``reneges`` maps
    sides (or the offending seats) to the number of reneges under
    ``rules.renege == "penalty"``.
    """
    bid_map: dict[Seat, Bid] = {}
    for key, value in bids.items():
        seat = Seat.coerce(key)
        try:
            bid_map[seat] = Bid.coerce(value)
        except ParseError as exc:
            raise SpadesError(f"bid for {seat.name}: {exc}") from None
    trick_map: dict[Seat, int] = {Seat.coerce(k): _check_count(v, "tricks", Seat.coerce(k)) for k, v in tricks.items()}
    if set(bid_map) != set(trick_map):
        missing = sorted(set(bid_map) ^ set(trick_map))
        raise SpadesError(f"bids and tricks must name the same seats; check {', '.join(s.name for s in missing)}")
    allowed_seats = set(Seat) if rules.players == 4 else {Seat.N, Seat.S}
    extra = sorted(set(bid_map) - allowed_seats)
    if extra:
        raise SpadesError(f"seat {extra[0].name} does not play in a {rules.players}-player game")
    total = sum(trick_map.values())
    if set(trick_map) == allowed_seats and total != 13:
        raise SpadesError(f"tricks add up to {total}, but a hand has 13 tricks")
    if total > 13:
        raise SpadesError(f"tricks add up to {total}, but a hand has only 13 tricks")
    for seat, bid in bid_map.items():
        if bid.is_nil and not rules.nil:
            raise SpadesError(f"{seat.name} bid Nil, but these rules do not allow Nil")
        if bid.blind and not rules.blind_nil:
            raise SpadesError(f"{seat.name} bid blind Nil, but these rules do not allow blind Nil")

    sides = [side for side in sides_of(rules) if any(s in bid_map for s in seats_of(side))]
    for side in sides:
        absent = [s for s in seats_of(side) if s not in bid_map]
        if absent:
            raise SpadesError(f"{side.name} is missing the bid and tricks of {absent[0].name}")

    carried: dict[Side, int] = {}
    if bags:
        for key, value in bags.items():
            side = coerce_side(key, rules)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise SpadesError(f"bags carried in for {side.name} must be 0 or more, got {value!r}")
            carried[side] = value

    transfer = {side: 0 for side in sides_of(rules)}
    if reneges:
        if rules.renege != "penalty" and any(reneges.values()):
            raise SpadesError("reneges are only scored with renege='penalty'")
        for key, count in reneges.items():
            side = coerce_side(key, rules)
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise SpadesError(f"renege count for {side.name} must be 0 or more, got {count!r}")
            transfer[side] += count

    # Contract tricks per side (a Nil bidder's tricks never count for the contract).
    contract_tricks: dict[Side, int] = {}
    for side in sides_of(rules):
        contract_tricks[side] = sum(trick_map.get(s, 0) for s in seats_of(side) if s in bid_map and not bid_map[s].is_nil)
    moved_lines: dict[Side, list[str]] = {side: [] for side in sides_of(rules)}
    taken_before = dict(contract_tricks)
    for side in sides_of(rules):
        wanted = transfer[side] * rules.renege_penalty
        if wanted:
            other = next(o for o in sides_of(rules) if o != side)
            moved = min(wanted, taken_before[side])
            contract_tricks[side] -= moved
            contract_tricks[other] += moved
            moved_lines[side].append(
                f"{side.name} reneged {_plural(transfer[side], 'time')}: {_plural(moved, 'trick')} go to {other.name}"
            )

    points: dict[Side, int] = TeamMap()
    bags_after: dict[Side, int] = TeamMap()
    details: dict[Side, SideScore] = TeamMap()
    nil_made: dict[Seat, bool] = SeatMap()
    all_lines: list[str] = []
    for side in sides:
        lines = list(moved_lines[side])
        seats = seats_of(side)
        name = side.name
        nil_points = 0
        bag_count = 0
        for seat in seats:
            bid = bid_map[seat]
            if not bid.is_nil:
                continue
            value = rules.blind_nil_value if bid.blind else rules.nil_value
            label = "blind Nil" if bid.blind else "Nil"
            taken = trick_map[seat]
            made = taken == 0
            nil_made[seat] = made
            if made:
                nil_points += value
                lines.append(f"{seat.name} bid {label} and took no trick: +{value}")
            else:
                nil_points -= value
                lines.append(f"{seat.name} bid {label} but took {_plural(taken, 'trick')}: −{value}")
        contract = sum(bid_map[s] for s in seats if not bid_map[s].is_nil)
        won = contract_tricks[side]
        made_contract: bool | None
        if contract == 0:
            made_contract = None
            contract_points = 0
            over = won
            if won:
                lines.append(f"{name} had no contract: {_plural(won, 'trick')} count only as bags")
        elif won >= contract:
            made_contract = True
            over = won - contract
            contract_points = 10 * contract
            subject = name if len(seats) > 1 else seats[0].name
            if over:
                lines.append(
                    f"{subject} bid {contract} and took {won}: {10 * contract} + {_plural(over, 'bag')} = {10 * contract + over}"
                )
            else:
                lines.append(f"{subject} bid {contract} and took {won}: {10 * contract}")
        else:
            made_contract = False
            over = 0
            contract_points = -10 * contract
            subject = name if len(seats) > 1 else seats[0].name
            lines.append(f"{subject} bid {contract} but took only {won}: set, −{10 * contract}")
        bag_count += over
        nil_tricks = sum(trick_map[s] for s in seats if bid_map[s].is_nil)
        if nil_tricks:
            bag_count += nil_tricks
            if nil_tricks == 1:
                lines.append(f"the Nil bidder's trick counts as a bag for {name}: +1")
            else:
                lines.append(f"the Nil tricks count as {nil_tricks} bags for {name}: +{nil_tricks}")
        bag_points = bag_count  # each bag is worth one point
        before = carried.get(side, 0)
        counter = before + bag_count
        penalties = 0
        while counter >= rules.bag_limit:
            counter -= rules.bag_limit
            penalties += 1
        penalty_points = penalties * rules.bag_penalty
        if penalties:
            lines.append(
                f"{name} reached {before + bag_count} bags: −{penalty_points} and the counter drops to {counter}"
            )
        total = contract_points + bag_points + nil_points - penalty_points
        lines.append(f"{name} scores {_signed(total)} this hand, with {_plural(counter, 'bag')} on the counter")
        points[side] = total
        bags_after[side] = counter
        details[side] = SideScore(
            side=side,
            contract=contract,
            tricks=won,
            made=made_contract,
            contract_points=contract_points,
            nil_points=nil_points,
            bag_points=bag_points,
            bags_added=bag_count,
            penalties=penalties,
            penalty_points=penalty_points,
            bags_before=before,
            bags_after=counter,
            points=total,
            lines=tuple(lines),
        )
        all_lines.extend(lines)
    return RoundScore(points=points, bags=bags_after, lines=all_lines, sides=details, nil_made=nil_made)
