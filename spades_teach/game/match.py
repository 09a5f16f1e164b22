"""A whole game of Spades, :class:`Match`: hands chained on a score sheet (played in the engine or
copied from paper), the dealer passed on, and the end of the game. Our reading of the rule texts
for the end of the game: ``docs/modules.md``.

>>> m = Match()
>>> row = m.add_result({"N": 4, "E": 3, "S": 3, "W": 2}, {"N": 5, "E": 2, "S": 4, "W": 2})
>>> m.scores["NS"], m.scores["EW"], m.bags["NS"], m.dealer
(72, -50, 2, <Seat.E: 1>)
>>> m.is_over, m.winner, m.result_reason
(False, None, None)
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from spades_teach.errors import MatchError, MatchOverError, ParseError
from spades_teach.game.bids import Bid, BidLike
from spades_teach.game.deals import Deal, DealLike
from spades_teach.game.deals import deal as deal_cards
from spades_teach.game.notation import seat_letter, seat_word
from spades_teach.game.round import Round
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import (
    RoundScore,
    Side,
    bid_problem,
    coerce_side,
    counter_charged,
    score_round,
    sides_of,
)
from spades_teach.game.seating import Seat, SeatLike, SeatMap, Team, TeamMap, seating_of
from spades_teach.game.twoplayer import Draw, deal_by_drawing, opponent
from spades_teach.i18n import N_, _, ngettext, pgettext

if TYPE_CHECKING:
    from spades_teach.game.seating import ReadOnlySeatMap, ReadOnlyTeamMap

__all__ = ["Match", "MatchError", "MatchOverError", "SheetRow", "hand_match_value", "match_stake", "match_winner"]


def _num(n: int) -> str:
    """An integer with a true minus sign, as on a printed score sheet."""
    return f"−{-n}" if n < 0 else str(n)


class _Reason:
    """A sentence about the match's end, kept in English with its values and
    translated when it is read (so it follows a later change of language)."""

    __slots__ = ("message", "values")

    def __init__(self, message: str, **values: object) -> None:
        self.message = message
        self.values = values

    def __str__(self) -> str:
        return _(self.message).format(**self.values)


class _Letters:
    """A side's letters, written when the sentence is read, in the language in use then
    (``EW``; French and Spanish ``EO``)."""

    __slots__ = ("side",)

    def __init__(self, side: Side) -> None:
        self.side = side

    def __str__(self) -> str:
        return self.side.letters

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else _num(n)


@dataclass(frozen=True)
class SheetRow:
    """One line of the score sheet: a hand and its effect on the match.

    ``bids`` and ``tricks`` map seats to values; the other maps are keyed by
    side (``row.points["NS"]`` works, or ``["N"]`` in two-player games):
    ``points`` is the hand's change (bag penalty included), ``bags_added`` the
    bags taken this hand, ``penalties`` how many bag penalties were paid and
    ``penalty_points`` what they cost, ``bags`` the counter afterwards and
    ``totals`` the running totals afterwards. ``score`` keeps the full
    :class:`~spades_teach.game.scoring.RoundScore` and ``lines`` its explanation.
    ``source`` is ``"round"`` for a hand played in the engine and ``"paper"``
    for one added with :meth:`Match.add_result`.
    """

    number: int
    dealer: Seat
    bids: ReadOnlySeatMap[Bid]
    tricks: ReadOnlySeatMap[int]
    points: ReadOnlyTeamMap[int]
    bags_added: ReadOnlyTeamMap[int]
    penalties: ReadOnlyTeamMap[int]
    penalty_points: ReadOnlyTeamMap[int]
    bags: ReadOnlyTeamMap[int]
    totals: ReadOnlyTeamMap[int]
    source: Literal["round", "paper"] = "paper"
    score: RoundScore | None = field(default=None, repr=False, compare=False)

    @property
    def lines(self) -> tuple[str, ...]:
        """How the hand was scored, one sentence an item."""
        return tuple(self.score.lines) if self.score is not None else ()


def _frozen(mapping: Mapping[Any, Any], kind: type[SeatMap[Any]] | type[TeamMap[Any]]) -> Any:
    return MappingProxyType(kind(mapping))


class Match:
    """A game of Spades from the first deal to the winner.

    ``Match(rules=Rules(), *, dealer="N", names=None)``: ``dealer`` deals the
    first hand; ``names`` optionally maps seats to the players' names, shown on
    the score sheet.

    Play a hand in the engine::

        r = match.start_round(seed=7)   # deals with the right dealer and the match score
        ...                             # r.bid(...), r.play(...) until r.is_complete
        row = match.finish_round(r)

    or copy one from paper with ``match.add_result(bids, tricks)``. Either way
    the hand is scored with the carried bag counters, a :class:`SheetRow` is
    added to :attr:`sheet`, the deal passes to the left and the end of the game
    is checked (see the module docs). An action that is not allowed raises
    :class:`MatchError` (:class:`MatchOverError` once the game is over) and
    changes nothing.
    """

    def __init__(
        self,
        rules: Rules = Rules(),
        *,
        dealer: SeatLike = Seat.N,
        names: Mapping[Any, str] | None = None,
    ) -> None:
        if not isinstance(rules, Rules):
            raise ParseError(_("rules must be a Rules value, not {rules}").format(rules=repr(rules)))
        self._rules = rules
        self._seats: tuple[Seat, ...] = seating_of(rules).seats
        self._sides: tuple[Side, ...] = sides_of(rules)
        self._dealer = self._playing_seat(dealer, _("dealer {seat} does not play in two-player Spades: use N or S"))
        self._first_dealer = self._dealer
        self._names: dict[Seat, str] = SeatMap()
        for key, value in (names or {}).items():
            seat = self._playing_seat(key, _("named seat {seat} does not play in two-player Spades: use N or S"))
            if not isinstance(value, str):
                raise ParseError(
                    _("a player's name must be text, got {value} for {seat}").format(
                        value=repr(value), seat=seat.letters
                    )
                )
            self._names[seat] = value
        self._scores: dict[Side, int] = TeamMap({side: 0 for side in self._sides})
        self._bags: dict[Side, int] = TeamMap({side: 0 for side in self._sides})
        self._rows: list[SheetRow] = []
        self._rounds: list[Round | None] = []
        self._pending: Round | None = None
        self._is_over = False
        self._winner: Side | None = None
        self._reason: _Reason | None = None

    def _playing_seat(self, value: Any, refusal: str) -> Seat:
        """The seat ``value`` names, if it plays in this match (``refusal``: the message, with ``{seat}``)."""
        seat = Seat.coerce(value)
        if seat not in self._seats:
            raise ParseError(refusal.format(seat=repr(value)))
        return seat

    # -- state ----------------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def sides(self) -> tuple[Side, ...]:
        """The scoring sides: ``(Team.NS, Team.EW)``, or ``(Seat.N, Seat.S)`` for two players."""
        return self._sides

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._seats

    @property
    def names(self) -> SeatMap[str]:
        return SeatMap(self._names)

    @property
    def scores(self) -> TeamMap[int]:
        """The running totals (side → points)."""
        return TeamMap(self._scores)

    @property
    def bags(self) -> TeamMap[int]:
        """The bag counters (side → bags not yet paid for)."""
        return TeamMap(self._bags)

    @property
    def dealer(self) -> Seat:
        """Who deals the next hand."""
        return self._dealer

    @property
    def first_dealer(self) -> Seat:
        return self._first_dealer

    @property
    def hands_played(self) -> int:
        return len(self._rows)

    @property
    def is_over(self) -> bool:
        return self._is_over

    @property
    def winner(self) -> Side | None:
        """The winning side once the match is over, else ``None``."""
        return self._winner

    @property
    def result_reason(self) -> str | None:
        """Why the match ended (or why a tied match goes on), in the language in use;
        ``None`` while it simply continues."""
        return None if self._reason is None else str(self._reason)

    @property
    def sheet(self) -> tuple[SheetRow, ...]:
        """The score sheet, one frozen row per hand."""
        return tuple(self._rows)

    @property
    def rounds(self) -> tuple[Round | None, ...]:
        """The finished rounds in order (``None`` for a hand added from paper)."""
        return tuple(self._rounds)

    @property
    def current_round(self) -> Round | None:
        """The round started by :meth:`start_round` and not finished yet, if any."""
        return self._pending

    def history(self, *, include_start: bool = False) -> TeamMap[list[int]]:
        """The running totals after each hand, per side (with a leading 0 if
        ``include_start``), ready to plot the course of the game.

        >>> m = Match()
        >>> _ = m.add_result({"N": 3, "E": 3, "S": 3, "W": 3}, {"N": 3, "E": 4, "S": 3, "W": 3})
        >>> _ = m.add_result({"N": 4, "E": 2, "S": 4, "W": 2}, {"N": 2, "E": 4, "S": 3, "W": 4})
        >>> m.history()["NS"], m.history(include_start=True)["EW"]
        ([60, -20], [0, 61, 105])
        """
        out: TeamMap[list[int]] = TeamMap()
        for side in self._sides:
            start = [0] if include_start else []
            out[side] = start + [row.totals[side] for row in self._rows]
        return out

    def side_label(self, side: Side) -> str:
        """A side's name, with the players' names when known: ``NS (Ann & Bob)``."""
        seats = side.seats if isinstance(side, Team) else (side,)
        named = [self._names[s] for s in seats if s in self._names]
        return f"{side.letters} ({' & '.join(named)})" if named else side.letters

    # -- checks ---------------------------------------------------------------------------------
    def _check_not_over(self) -> None:
        if self._is_over:
            raise MatchOverError(
                _("the match is over ({reason}): start a new Match to play on").format(reason=self.result_reason)
            )

    def _check_no_pending(self) -> None:
        if self._pending is not None:
            raise MatchError(
                _(
                    "hand {number} is being played in the engine: finish it with finish_round() "
                    "or drop it with abandon_round() first"
                ).format(number=self.hands_played + 1)
            )

    # -- playing hands --------------------------------------------------------------------------
    def start_round(self, deal: DealLike | Draw | None = None, *, seed: int | str | None = None) -> Round:
        """Start the next hand and return its :class:`~spades_teach.game.round.Round`.

        ``deal`` may be a :class:`~spades_teach.game.deals.Deal` (or its text; the
        match's :attr:`dealer` is used whatever dealer the deal names) or, in a
        two-player game, a finished :class:`~spades_teach.game.twoplayer.Draw`, which
        must have been drawn first by the player after the dealer
        (:meth:`new_draw` makes one). Without a deal, the cards are dealt from
        ``seed`` (``None``: at random): a normal deal for four players, a draw
        played by :func:`~spades_teach.game.twoplayer.keep_high` for two.

        Starting a hand drops an unfinished hand started earlier.
        """
        self._check_not_over()
        if deal is not None and seed is not None:
            raise MatchError(_("give either a deal or a seed, not both"))
        cards = self._deal_for_next_hand(deal, seed)
        r = Round(cards, dealer=self._dealer, rules=self._rules, scores=self._scores)
        self._pending = r
        return r

    def _deal_for_next_hand(self, deal: DealLike | Draw | None, seed: int | str | None) -> Deal:
        if deal is None:
            if not seating_of(self._rules).partnerships:
                return deal_by_drawing(seed, first=opponent(self._dealer), rules=self._rules)
            return deal_cards(seed, dealer=self._dealer)
        if isinstance(deal, Draw):
            if seating_of(self._rules).partnerships:
                raise MatchError(_("a Draw belongs to two-player Spades; this match is for four players"))
            if deal.dealer is not self._dealer:
                raise MatchError(
                    _(
                        "this draw was started by {seat}, but {first} draws first "
                        "in hand {number} ({dealer} deals): use match.new_draw()"
                    ).format(
                        seat=seat_word(deal.first),
                        first=seat_word(opponent(self._dealer)),
                        number=self.hands_played + 1,
                        dealer=seat_word(self._dealer),
                    )
                )
            return deal.deal()
        parsed = Deal.parse(deal) if isinstance(deal, str) else deal
        if not isinstance(parsed, Deal):
            raise ParseError(_("a hand needs a Deal, deal text or a Draw, not {deal}").format(deal=repr(deal)))
        if parsed.players != self._rules.players:
            raise MatchError(
                _("this deal is for {count} players but the match is for {players}").format(
                    count=parsed.players, players=self._rules.players
                )
            )
        return parsed

    def new_draw(self, seed: int | str | None = None) -> Draw:
        """A two-player :class:`~spades_teach.game.twoplayer.Draw` for the next hand,
        begun by the player after the dealer; pass it to :meth:`start_round`
        once it is complete."""
        self._check_not_over()
        if seating_of(self._rules).partnerships:
            raise MatchError(_("the draw belongs to two-player Spades; deal four hands with start_round()"))
        return Draw(seed, first=opponent(self._dealer), rules=self._rules)

    def abandon_round(self) -> Round | None:
        """Drop the hand started with :meth:`start_round` without scoring it; returns it."""
        dropped, self._pending = self._pending, None
        return dropped

    def finish_round(self, round: Round) -> SheetRow:
        """Score a finished round with the carried bag counters and write it on the sheet.

        The round must be the one :meth:`start_round` returned (or one built by
        hand with the match's dealer and rules while no other is in progress),
        and all 13 tricks must have been played.
        """
        self._check_not_over()
        if not isinstance(round, Round):
            raise MatchError(_("finish_round needs a Round, not {value}").format(value=repr(round)))
        for number, done in enumerate(self._rounds, start=1):
            if done is round:
                raise MatchError(_("this round was already scored as hand {number}").format(number=number))
        if self._pending is not None and round is not self._pending:
            raise MatchError(
                _(
                    "out of order: hand {number} is the round dealt by {dealer} "
                    "that start_round() returned; finish that one (or abandon_round() it) first"
                ).format(number=self.hands_played + 1, dealer=seat_word(self._pending.dealer))
            )
        if round.rules != self._rules:
            raise MatchError(
                _("this round is played under other rules ({rules}) than the match").format(
                    rules=round.rules.describe()
                )
            )
        if round.dealer is not self._dealer:
            raise MatchError(
                _("this round was dealt by {dealer}, but hand {number} is dealt by {expected}").format(
                    dealer=seat_word(round.dealer), number=self.hands_played + 1, expected=seat_word(self._dealer)
                )
            )
        if self._rules.blind_nil and round.scores_before != self._scores:
            raise MatchError(
                _(
                    "this round was started with another match score, which decides blind Nil: "
                    "start it with match.start_round()"
                )
            )
        if not round.is_complete:
            if round.phase == "bidding":
                raise MatchError(_("the hand is not finished: bidding is still open"))
            raise MatchError(
                ngettext(
                    "the hand is not finished: {count} of 13 tricks played",
                    "the hand is not finished: {count} of 13 tricks played",
                    len(round.tricks),
                ).format(count=len(round.tricks))
            )
        score = round.score(bags=self._bags)
        row = self._record(score, round.bids, round.tricks_won, source="round")
        self._rounds.append(round)
        self._pending = None
        return row

    def add_result(
        self,
        bids: Mapping[Any, BidLike],
        tricks: Mapping[Any, int],
        *,
        reneges: Mapping[Any, int] | None = None,
    ) -> SheetRow:
        """Write a hand played on paper: every seat's bid and tricks (``reneges``:
        side → count, under ``renege="penalty"``). The hand is dealt by
        :attr:`dealer` and scored with the carried bag counters.

        >>> m = Match(Rules(players=2))
        >>> row = m.add_result({"N": 5, "S": 6}, {"N": 6, "S": 7})
        >>> row.points["N"], row.points["S"], m.dealer
        (51, 61, <Seat.S: 2>)
        """
        self._check_not_over()
        self._check_no_pending()
        bid_map = self._paper_bids(bids)
        trick_map = self._paper_tricks(tricks)
        self._check_paper_bids(bid_map)
        score = score_round(bid_map, trick_map, bags=self._bags, rules=self._rules, reneges=reneges)
        row = self._record(score, bid_map, trick_map, source="paper")
        self._rounds.append(None)
        return row

    def _paper_seats(self, given: Mapping[Any, Any], what: str) -> dict[Seat, Any]:
        if not isinstance(given, Mapping):
            raise MatchError(
                _("{argument} map each seat to a value, as in {example}, not {value}").format(
                    argument=what, example="{'N': 4, ...}", value=repr(given)
                )
            )
        out: dict[Seat, Any] = SeatMap()
        for key, value in given.items():
            seat = Seat.coerce(key)
            if seat not in self._seats:
                raise MatchError(
                    _("{argument} for {seat}: {name} does not play in two-player Spades").format(
                        argument=what, seat=seat.letters, name=seat_word(seat)
                    )
                )
            if seat in out:
                raise MatchError(_("{argument} for {seat} is given twice").format(argument=what, seat=seat.letters))
            out[seat] = value
        missing = [s.letters for s in self._seats if s not in out]
        if missing:
            raise MatchError(
                _("{argument} are missing for {missing}: give one for each of {seats}").format(
                    argument=what, missing=", ".join(missing), seats=", ".join(s.letters for s in self._seats)
                )
            )
        return out

    def _paper_bids(self, bids: Mapping[Any, BidLike]) -> dict[Seat, Bid]:
        raw = self._paper_seats(bids, "bids")
        out: dict[Seat, Bid] = SeatMap()
        for seat, value in raw.items():
            try:
                out[seat] = Bid.coerce(value)
            except ParseError as exc:
                raise MatchError(_("bid for {seat}: {problem}").format(seat=seat.letters, problem=exc)) from None
        return out

    def _paper_tricks(self, tricks: Mapping[Any, int]) -> dict[Seat, int]:
        return self._paper_seats(tricks, "tricks")

    def _check_paper_bids(self, bids: Mapping[Seat, Bid]) -> None:
        """The bidding rules that depend on the match: blind Nil needs the deficit,
        and a minimum team bid applies to partnerships without a Nil."""
        rules = self._rules
        seating = seating_of(rules)
        for seat, bid in bids.items():
            side = seating.side_of(seat)
            behind = self._scores[seating.other_side(side)] - self._scores[side]
            partner = seating.partner(seat)
            problem = bid_problem(
                seat, bid, rules, behind=behind, partner_bid=None if partner is None else bids.get(partner)
            )
            if problem is not None:
                raise MatchError(_("bid for {seat}: {problem}").format(seat=seat.letters, problem=problem))

    # -- bookkeeping ----------------------------------------------------------------------------
    def _record(
        self,
        score: RoundScore,
        bids: Mapping[Seat, Bid],
        tricks: Mapping[Seat, int],
        *,
        source: Literal["round", "paper"],
    ) -> SheetRow:
        totals: dict[Side, int] = TeamMap({side: self._scores[side] + score.points[side] for side in self._sides})
        row = SheetRow(
            number=len(self._rows) + 1,
            dealer=self._dealer,
            bids=_frozen(bids, SeatMap),
            tricks=_frozen(tricks, SeatMap),
            points=_frozen(score.points, TeamMap),
            bags_added=_frozen(score.bags_added, TeamMap),
            penalties=_frozen(score.penalties, TeamMap),
            penalty_points=_frozen({s: d.penalty_points for s, d in score.sides.items()}, TeamMap),
            bags=_frozen(score.bags, TeamMap),
            totals=_frozen(totals, TeamMap),
            source=source,
            score=score,
        )
        self._rows.append(row)
        self._scores = totals
        self._bags = TeamMap({side: score.bags[side] for side in self._sides})
        self._dealer = seating_of(self._rules).next(self._dealer)
        self._judge()
        return row

    def _judge(self) -> None:
        """Decide whether the game is over after the last hand (see the module docs)."""
        self._is_over, self._winner, self._reason = False, None, None
        winner, reason = _decide(self._scores, self._sides, self._rules)
        if winner is not None:
            assert reason is not None
            self._end(winner, reason)
        else:
            self._reason = reason

    def _end(self, winner: Side, reason: _Reason) -> None:
        self._is_over, self._winner, self._reason = True, winner, reason

    # -- display --------------------------------------------------------------------------------
    def status(self) -> str:
        """One line: the score, then who won or who deals next.

        >>> Match().status()
        'NS 0, EW 0 (bags 0 and 0): N deals hand 1'
        """
        scores = ", ".join(f"{s.letters} {_num(self._scores[s])}" for s in self._sides)
        bags = _(" and ").join(str(self._bags[s]) for s in self._sides)
        if self._is_over:
            assert self._winner is not None
            return _("{scores} (bags {bags}): {winner} wins, {reason}").format(
                scores=scores, bags=bags, winner=self._winner.letters, reason=self.result_reason
            )
        if self._reason:
            message = _("{scores} (bags {bags}): {reason}; {dealer} deals hand {number}")
        else:
            message = _("{scores} (bags {bags}): {dealer} deals hand {number}")
        return message.format(
            scores=scores,
            bags=bags,
            reason=self.result_reason,
            dealer=self._dealer.letters,
            number=self.hands_played + 1,
        )

    def _columns(self) -> tuple[list[str], list[tuple[str, list[str]]], list[list[str]]]:
        """Headers and cells of the score sheet: seat columns show ``bid/tricks``,
        then each side shows the hand's points, bags added, penalty, counter and total."""
        seat_headers = [seat_letter(s) for s in self._seats]
        side_headers = [
            pgettext("score sheet header: the hand's points", "Pts"),
            pgettext("score sheet header", "Bags"),
            pgettext("score sheet header: bag penalty", "Pen."),
            pgettext("score sheet header: bag counter", "Ctr"),
            pgettext("score sheet header", "Total"),
        ]
        groups: list[tuple[str, list[str]]] = [("", ["#", pgettext("score sheet header", "Dealer"), *seat_headers])]
        for side in self._sides:
            groups.append((self.side_label(side), side_headers))
        rows: list[list[str]] = []
        for row in self._rows:
            cells = [str(row.number), seat_letter(row.dealer)]
            cells += [f"{row.bids[s].label}/{row.tricks[s]}" for s in self._seats]
            for side in self._sides:
                cells += [
                    _signed(row.points[side]),
                    f"+{row.bags_added[side]}" if row.bags_added[side] else "0",
                    _num(-row.penalty_points[side]) if row.penalty_points[side] else "",
                    str(row.bags[side]),
                    _num(row.totals[side]),
                ]
            rows.append(cells)
        headers = [h for _, hs in groups for h in hs]
        return headers, groups, rows

    def sheet_text(self) -> str:
        """The score sheet as a fixed-width plain-text table.

        Seat columns read ``bid/tricks``; per side: the hand's points, bags
        added, bag penalty, bag counter and running total.

        >>> m = Match()
        >>> _ = m.add_result({"N": 3, "E": 4, "S": 3, "W": 2}, {"N": 4, "E": 3, "S": 5, "W": 1})
        >>> print(m.sheet_text())
                                 |            NS           |            EW
        # Dealer   N   E   S   W | Pts Bags Pen. Ctr Total | Pts Bags Pen. Ctr Total
        - ------ --- --- --- --- | --- ---- ---- --- ----- | --- ---- ---- --- -----
        1      N 3/4 4/3 3/5 2/1 | +63   +3        3    63 | −60    0        0   −60
        NS 63, EW −60 (bags 3 and 0): E deals hand 2
        """
        headers, groups, rows = self._columns()
        widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
        spans: list[tuple[str, list[int]]] = []
        start = 0
        for title, hs in groups:
            spans.append((title, widths[start : start + len(hs)]))
            start += len(hs)

        def join(cells: Sequence[str], right: bool = True) -> str:
            parts: list[str] = []
            pos = 0
            for _title, ws in spans:
                chunk = cells[pos : pos + len(ws)]
                parts.append(" ".join(c.rjust(w) if right else c.ljust(w) for c, w in zip(chunk, ws)))
                pos += len(ws)
            return " | ".join(parts)

        top = " | ".join(title.center(sum(ws) + len(ws) - 1) for title, ws in spans)
        lines = [top.rstrip(), join(headers), join(["-" * w for w in widths])]
        lines += [join(r) for r in rows]
        text = "\n".join(line.rstrip() for line in lines)
        if self._names:
            players = ", ".join(f"{s.letters} {self._names[s]}" for s in self._seats if s in self._names)
            text = f"Players: {players}\n{text}"
        return text + f"\n{self.status()}" if self._rows else text

    def _repr_html_(self) -> str:
        """The score sheet as an HTML table, the score line as its caption."""
        headers, groups, rows = self._columns()
        esc = html.escape
        cell = "padding:.15em .5em;border-bottom:1px solid #ddd"
        divider = ";border-left:2px solid #888"
        starts = set()
        position = 0
        for _title, hs in groups[:-1]:
            position += len(hs)
            starts.add(position)

        def style(i: int, align: str) -> str:
            return f"{cell};text-align:{align}" + (divider if i in starts else "")

        top = "".join(
            f'<th colspan="{len(hs)}" style="{cell};text-align:center{divider if i else ""}">{esc(title)}</th>'
            for i, (title, hs) in enumerate(groups)
        )
        head = "".join(f'<th style="{style(i, "right")}">{esc(h)}</th>' for i, h in enumerate(headers))
        body = "".join(
            "<tr>" + "".join(f'<td style="{style(i, "right")}">{esc(c)}</td>' for i, c in enumerate(r)) + "</tr>"
            for r in rows
        )
        caption = f'<caption style="caption-side:bottom;text-align:left">{esc(self.status())}</caption>'
        return (
            '<table class="st-sheet" style="border-collapse:collapse;font-family:sans-serif">'
            f"{caption}<thead><tr>{top}</tr><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        )

    def __repr__(self) -> str:
        return f"<Match {self.status()}>"


def _decide(score: Mapping[Side, int], sides: Sequence[Side], rules: Rules) -> tuple[Side | None, _Reason | None]:
    """The match's end rule (see the module docs) on the scores after a hand: the
    winner and why, or ``None`` and why not yet (a tie), or ``(None, None)``."""
    a, b = sides
    limit = rules.loss_limit
    if limit is not None:
        fallen = [s for s in sides if score[s] <= limit]
        if len(fallen) == 1:
            loser = fallen[0]
            if score[loser] == limit:
                reason = _Reason(N_("{side} fell to {score}"), side=_Letters(loser), score=_num(score[loser]))
            else:
                reason = _Reason(
                    N_("{side} fell to {score}, at or below the {limit} limit"),
                    side=_Letters(loser),
                    score=_num(score[loser]),
                    limit=_num(limit),
                )
            return (b if loser is a else a), reason
        if len(fallen) == 2:
            if score[a] == score[b]:
                return None, _Reason(N_("both fell to {score}, tied: one more hand"), score=_num(score[a]))
            high, low = (a, b) if score[a] > score[b] else (b, a)
            return (
                high,
                _Reason(
                    N_("both fell to {limit} or below; {side} is higher, {score} to {other}"),
                    limit=_num(limit),
                    side=_Letters(high),
                    score=_num(score[high]),
                    other=_num(score[low]),
                ),
            )
    target = rules.target
    reached = [s for s in sides if score[s] >= target]
    if len(reached) == 1:
        return reached[0], _Reason(N_("{side} reached {target} first"), side=_Letters(reached[0]), target=target)
    if len(reached) == 2:
        if score[a] == score[b]:
            return None, _Reason(N_("tied at {score}: one more hand"), score=_num(score[a]))
        high, low = (a, b) if score[a] > score[b] else (b, a)
        return (
            high,
            _Reason(
                N_("both passed {target}; {side} is higher, {score} to {other}"),
                target=target,
                side=_Letters(high),
                score=_num(score[high]),
                other=_num(score[low]),
            ),
        )
    return None, None


def match_winner(scores: Mapping[Any, int], rules: Rules = Rules()) -> Side | None:
    """The side that has won the match on ``scores`` (side → score after a hand), by
    the one end rule :class:`Match` applies: the loss limit, the target, and when
    both sides pass it the higher score; ``None`` while the match goes on (an exact
    tie included: one more hand).

    >>> [str(match_winner(s)) for s in ({"NS": 510, "EW": 530}, {"NS": 510, "EW": 480}, {"NS": 490, "EW": 480})]
    ['EW', 'NS', 'None']
    """
    sides = sides_of(rules)
    given = {coerce_side(key, rules): int(value) for key, value in scores.items()}
    return _decide({side: given.get(side, 0) for side in sides}, sides, rules)[0]


def match_stake(rules: Rules = Rules()) -> int:
    """What ending the match in this hand is worth when a bid is valued: the target itself
    (500 points under the standard rules), won or lost. A hand that wins the match is worth
    the stake, one that loses it the stake's opposite, whatever their points.

    >>> match_stake()
    500
    """
    return rules.target


def hand_match_value(
    side: Any, result: RoundScore, scores_before: Mapping[Any, int] | None = None, rules: Rules = Rules()
) -> float:
    """``side``'s hand at match value, the one measure a bid is valued by: its points with
    each bag left on the counter charged its share of the penalty
    (:func:`~spades_teach.game.scoring.counter_charged`); when the hand ends the match
    (:func:`match_winner` on ``scores_before`` plus the hand's points; ``result`` must score
    both sides), :func:`match_stake` won or lost instead.

    >>> s = score_round({"N": 4, "S": 3, "E": 3, "W": 2}, {"N": 5, "S": 4, "E": 2, "W": 2})
    >>> hand_match_value("NS", s), hand_match_value("NS", s, {"NS": 440, "EW": 100})
    (52.0, 500.0)
    """
    mine = coerce_side(side, rules)
    value = counter_charged(result.points[mine], result.bags_added[mine], result.bags[mine], rules)
    if not scores_before:
        return value
    before = {coerce_side(key, rules): int(points) for key, points in scores_before.items()}
    after = {s: before.get(s, 0) + result.points[s] for s in sides_of(rules)}
    winner = match_winner(after, rules)
    if winner is None:
        return value
    # Once the match is decided its points no longer matter: only the result counts.
    return float(match_stake(rules) if winner == mine else -match_stake(rules))
