"""Bid advice that shows its counting: :func:`advise_bid`, the advice put together.

The count lives in :mod:`spades_teach.advice.bid_count` and the Nil check in
:mod:`spades_teach.advice.nil_check`; their names are importable from here as well.

The hand is counted card by card, the way the rule texts teach. First the sure
tricks, won whatever the other hands hold: the spades in an unbroken run down
from the ace, and with long spades the ones the others' spades cannot all beat
(:func:`sure_spade_count`). Only spades can be sure: a side ace can be ruffed.
Then the likely and possible tricks: aces, kings with
a guard, queens with enough guards (part of a trick), the high spades, the small
spades by their place in the holding (the third ruffs a little, the fourth and
later win by length), and ruffing value from short side suits when there are
small spades to spare. A side suit so long that its ace or king may be ruffed
counts for less. Every void, singleton and doubleton gets a line, counted 0
(with the reason) when no spare spade is left to ruff it; having no spade or a
single one costs part of a trick, never more than the side winners at risk, so
the count is never negative and never below the sure tricks. Every hand is
also checked for Nil; a close call (:func:`~spades_teach.advice.nil_check.nil_borderline`)
is tried at the table (:func:`~spades_teach.advice.nil_trial.nil_trial`, 40 deals) and bid
Nil when it holds two deals in three.

The bids already made move the rounding, each with its one-line note: a partner's
Nil rounds up (you will take the tricks it must not); an opponent's Nil keeps the
bid to the count (ducking to set it costs tricks); the fourth seat adds the three
bids it sees to its own and rounds up when tricks will be left over, down when the
table has bid 13 or more; near the end of a match the score decides.

The values (:data:`ITEM_VALUES`) are calibrated twice over. First against bot
playouts of thousands of seeded hands (:mod:`spades_teach.analysis.calibration`,
``benchmarks/calibration.py``); then against 400 whole deals played by four
expert bots (:mod:`spades_teach.analysis.expert_calibration`,
``benchmarks/expert_calibration.py``): fitted on half the deals, each change
kept only where the other half agreed, they now give the small spades from the
third on half a trick or three quarters, the Q♠ beside other spades and a king
beside its own ace less, and a short queen a quarter of a trick.
The bid is the count rounded down: since a set costs far more than a bag,
nothing is rounded up, and rounding down already keeps half a trick in hand on
average. Keeping more (:data:`SAFETY_MARGIN`) buys bags: over whole deals with
each bag charged its 10-point share of the penalty, a margin of 0 scored best
(``benchmarks/bidding.py``; the README has the figures).

Then the count's bid is checked at the table (:mod:`spades_teach.advice.bid_trial`): 200 deals
around the hand are played out from the bids, score and bags given, every numbered bid is valued
at match value (bags charged their share of the penalty, the match won or lost counted as the
target), and the advice is the bid that scored best, with one line saying how it compares with the
count's (clearly better, or a close call); a close call never takes the bid below the sure tricks. Against an independent simulation of 400 deals the
check's best bid agrees more often than the count's own bid, even where the two are a close call
(``benchmarks/bid_agreement.py``). ``samples=0`` skips the check: the bots bid the count.

>>> advice = advise_bid("AKQ3.K52.7.A9842")
>>> advice.bid, advice.estimate, advice.counted
(Bid(5), 5.25, 5)
>>> [r.cards for r in advice.reasons if r.sure]
['A♠', 'K♠', 'Q♠']
>>> sum(item.value for item in advice.reasons) == advice.estimate
True
>>> advise_bid("3.J962.T8742.Q84").bid
Bid('nil')
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from spades_teach.advice._words import number
from spades_teach.advice.bid_count import ITEM_VALUES, BidReason, count_hand, sure_spade_count
from spades_teach.advice.bid_trial import BID_CHECK_SAMPLES, BidValues, TrialSpec, trial_values
from spades_teach.advice.nil_check import (
    NIL_CHECKLIST,
    NIL_FITS,
    NIL_MAX_COUNT,
    NilAssessment,
    NilCheck,
    assess_nil,
    nil_borderline,
    nil_checklist,
)
from spades_teach.advice.nil_trial import ADVICE_NIL_SAMPLES, NilTrial, nil_trial
from spades_teach.advice.two_player_values import TWO_PLAYER_SAFETY_MARGIN
from spades_teach.errors import ParseError
from spades_teach.game.bids import Bid, BidLike
from spades_teach.game.cards import Hand, HandLike
from spades_teach.game.match import match_winner
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import (
    UNKNOWN_BID,
    Side,
    check_bags_carried,
    coerce_side,
    reaches_target,
    score_if_made,
    side_of,
    sides_of,
)
from spades_teach.game.seating import Seat, Seating, SeatLike, seating_of
from spades_teach.i18n import _, format_percent, join_clauses, ngettext, plural_count

__all__ = [
    "ITEM_VALUES",
    "SAFETY_MARGIN",
    "BidAdvice",
    "BidReason",
    "NIL_CHECKLIST",
    "NilAssessment",
    "NilCheck",
    "nil_checklist",
    "nil_before_the_bidding",
    "advise_bid",
    "count_hand",
    "assess_nil",
    "sure_spade_count",
]


@dataclass(frozen=True)
class BidAdvice:
    """The advised ``bid`` (0 = Nil), the ``estimate`` of tricks, the ``reasons``
    (their values add up to the estimate), a one-line ``summary``, the Nil check,
    the ``context`` notes that moved the bid away from the plain count, and the Nil
    ``trial`` when the Nil check was borderline."""

    bid: Bid
    estimate: float
    reasons: tuple[BidReason, ...]
    summary: str
    nil: NilAssessment
    context: tuple[str, ...] = ()
    #: The Nil tried at the table when the hand's Nil check was borderline (``None`` otherwise).
    trial: NilTrial | None = None
    #: The numbered bids valued on deals played out at this table, the check of the count
    #: (``None`` when the advice is Nil, the game has two players or ``samples=0``).
    check: BidValues | None = None
    #: The bid the count and the table's context give before the check (the advice's bid when
    #: the check agrees).
    counted: int | None = None
    #: The dealer of the deals of the check (the simulation with the same seed is the same study).
    dealer: Seat | None = None

    def __str__(self) -> str:
        notes = (_("note: {note}").format(note=c) for c in self.context)
        lines = [self.summary, *(f"  {r}" for r in self.reasons), *(f"  {n}" for n in notes)]
        return "\n".join(lines)


#: Tricks taken off the count before rounding it down to a bid. Measured with
#: ``benchmarks/bidding.py`` (2,000 deals, each bag charged 10 points), margins of
#: 0.5, 0.25, 0 and -0.25 scored 36.0, 39.5, 40.8 and 34.8 points per team per hand: 0.
SAFETY_MARGIN = 0.0


def _read_bids(bids: Mapping[Any, BidLike] | None) -> dict[Seat, Bid]:
    out: dict[Seat, Bid] = {}
    for key, value in (bids or {}).items():
        try:
            out[Seat.coerce(key)] = Bid.coerce(value)
        except ParseError as exc:
            raise ParseError(_("bids: {error}").format(error=exc)) from None
    return out


def _side_values(values: Mapping[Any, int] | None, rules: Rules) -> dict[Side, int]:
    out: dict[Side, int] = {side: 0 for side in sides_of(rules)}
    for key, value in (values or {}).items():
        out[coerce_side(key, rules)] = int(value)
    return out


def _margin(rules: Rules) -> float:
    """Tricks taken off the count before rounding down: :data:`SAFETY_MARGIN`, or
    for two players :data:`~spades_teach.advice.two_player_values.TWO_PLAYER_SAFETY_MARGIN`."""
    return SAFETY_MARGIN if seating_of(rules).partnerships else TWO_PLAYER_SAFETY_MARGIN


def _floor(x: float) -> int:
    return math.floor(x + 1e-9)


def advise_bid(
    hand: HandLike,
    *,
    seat: SeatLike = "S",
    bids: Mapping[Any, BidLike] | None = None,
    scores: Mapping[Any, int] | None = None,
    bags: Mapping[Any, int] | None = None,
    rules: Rules = Rules(),
    samples: int = BID_CHECK_SAMPLES,
) -> BidAdvice:
    """Advise a bid for a 13-card ``hand`` at ``seat``, given the ``bids`` already
    made, the match ``scores`` and ``bags`` (side → value) and the ``rules``.

    The count's bid is checked on ``samples`` deals played out at this table
    (:func:`~spades_teach.advice.bid_trial.trial_values`, valued at match value, the same
    deals as the *Simulate* study with its default seed): the advice is the bid that scored
    best there (in a close call never fewer than the sure tricks), with a note saying how it
    compares with the count's (clearly, or a close call); ``samples=0`` gives the count's bid
    alone (what the bots bid).

    >>> advise_bid("AKQ3.K52.7.A9842", bids={"N": 0}).context[0]
    'your partner bid Nil: counting a little higher, since you will take the tricks they must not'
    """
    try:
        h = Hand.dealt(hand)
        me = Seat.coerce(seat)
    except ParseError as exc:
        raise ParseError(str(exc)) from None
    table = _read_table(me, bids, scores, bags, rules)
    reasons = count_hand(h, players=rules.players)
    estimate = sum(r.value for r in reasons)
    nil = assess_nil(h)
    cushion, context, score_blind = _rounding(table, estimate)
    bid_value = max(0, _floor(estimate - _margin(rules) + cushion))
    their_route = _their_route(table.made, table.score[table.theirs], me, rules)
    if their_route is not None:
        # The end of the match: the score, not the count's safety, decides the bid.
        context = [n for n in context if n not in score_blind]
        bid_value = _end_of_match_bid(table, estimate, their_route, context)
    elif table.partner_bid is not None and not table.partner_nil and table.seating.partnerships:
        bid_value, context = _bid_to_win(table, bid_value, context, score_blind)
    choice = _nil_choice(h, table, nil, estimate)
    bid = _final_bid(choice, bid_value, table, context)
    counted = int(bid)
    check: BidValues | None = None
    spec: TrialSpec | None = None
    if samples and not bid.is_nil and table.seating.partnerships:
        spec = TrialSpec.for_table(h, seat=me, bids=table.made, rules=rules, scores=scores, bags=bags)
        check = trial_values(spec, samples=samples, lowest=_lowest_bid(table))
        sure = sum(1 for r in reasons if r.sure)
        if check.best < sure <= counted and check.close_to_best(sure):
            # A close call below the sure tricks: the deals cannot tell them apart, and sure tricks are sure.
            if sure != counted:
                context = []
            bid = Bid(sure)
            context.append(_sure_note(check, sure))
        else:
            if check.best != counted:
                # The deals outweigh the count's rounding: the notes that argued for its number go.
                context = []
                bid = Bid(check.best)
            context.append(_check_note(check, counted))
    summary = _summary(bid, estimate, reasons, nil, rules, table, context, choice.trial)
    return BidAdvice(
        bid,
        estimate,
        reasons,
        summary,
        nil,
        tuple(context),
        choice.trial,
        check,
        counted,
        spec.dealer if spec is not None else None,
    )


def _lowest_bid(table: _Table) -> int:
    """The smallest number the seat may bid: 1, or what the team's minimum leaves for it."""
    partner = table.partner_bid
    if table.rules.min_team_bid and partner is not None and not partner.is_nil:
        return max(1, table.rules.min_team_bid - int(partner))
    return 1


def _sure_note(check: BidValues, sure: int) -> str:
    """The close call settled by the sure tricks, in one line."""
    return ngettext(
        "played out on {count} deals at this table, {bid} scored a little more than {sure} (made {percent} of "
        "the time against {sure_percent}): a close call, so bid your {sure} sure trick",
        "played out on {count} deals at this table, {bid} scored a little more than {sure} (made {percent} of "
        "the time against {sure_percent}): a close call, so bid your {sure} sure tricks",
        sure,
    ).format(
        count=check.samples,
        bid=check.best,
        sure=sure,
        percent=format_percent(check.make[check.best]),
        sure_percent=format_percent(check.make[sure]),
    )


def _check_note(check: BidValues, counted: int) -> str:
    """The check in one line: the bid that scored best on the deals, and against the count's
    bid when that is another (clearly, or a close call)."""
    shown = {
        "count": check.samples,
        "bid": check.best,
        "percent": format_percent(check.make[check.best]),
        "other": counted,
        "other_percent": format_percent(check.make.get(counted, 0.0)),
    }
    if check.best == counted:
        if check.close:
            shown["other"] = check.runner_up
            shown["other_percent"] = format_percent(check.make[check.runner_up])
            return _(
                "played out on {count} deals at this table, {bid} scored best (made {percent} of the time), "
                "though {other} did about as well (made {other_percent}): a close call"
            ).format(**shown)
        return _("played out on {count} deals at this table, {bid} scored best (made {percent} of the time)").format(
            **shown
        )
    if check.close_to_best(counted):
        return _(
            "played out on {count} deals at this table, {bid} scored a little more than {other} "
            "(made {percent} of the time against {other_percent}): a close call, so bid the one that scored more"
        ).format(**shown)
    return _(
        "played out on {count} deals at this table, {bid} scored clearly more than {other} "
        "(made {percent} of the time against {other_percent})"
    ).format(**shown)


@dataclass(frozen=True)
class _Table:
    """What the bidder knows of the table: its seat and side, the bids made, the score and bags."""

    me: Seat
    made: dict[Seat, Bid]
    score: dict[Side, int]
    bags: dict[Side, int]
    rules: Rules
    mine: Side
    theirs: Side
    partner_bid: Bid | None

    @property
    def seating(self) -> Seating:
        return seating_of(self.rules)

    @property
    def behind(self) -> int:
        return self.score[self.theirs] - self.score[self.mine]

    @property
    def partner_nil(self) -> bool:
        return self.partner_bid is not None and self.partner_bid.is_nil

    @property
    def opponents(self) -> list[Seat]:
        partner = self.seating.partner(self.me)
        return [s for s in self.seating.seats if s != self.me and s != partner]

    @property
    def opponent_nil(self) -> bool:
        """An opponent has bid Nil (blind or not)."""
        return self.seating.partnerships and any(s in self.made and self.made[s].is_nil for s in self.opponents)


def _read_table(
    me: Seat,
    bids: Mapping[Any, BidLike] | None,
    scores: Mapping[Any, int] | None,
    bags: Mapping[Any, int] | None,
    rules: Rules,
) -> _Table:
    made = _read_bids(bids)
    score = _side_values(scores, rules)
    bag_count = _side_values(bags, rules)
    for side, carried in bag_count.items():
        check_bags_carried(carried, side, rules)
    mine = side_of(me, rules)
    theirs = next(s for s in sides_of(rules) if s != mine)
    partner = seating_of(rules).partner(me)
    return _Table(me, made, score, bag_count, rules, mine, theirs, made.get(partner) if partner is not None else None)


def _rounding(table: _Table, estimate: float) -> tuple[float, list[str], set[str]]:
    """How far to round the count up or down from the plain rounding down, the notes that say why,
    and those of them judged by bags or the table's total (which the end of a match overrides)."""
    rules = table.rules
    cushion = 0.0
    context: list[str] = []
    score_blind: set[str] = set()
    if table.partner_nil:
        cushion += 0.5
        context.append(
            _("your partner bid Nil: counting a little higher, since you will take the tricks they must not")
        )
    if table.opponent_nil:
        # Setting their Nil is worth more than a trick of ours, and ducking to set it costs tricks:
        # nothing else rounds the count up.
        note = _(
            "an opponent bid Nil: you will duck and lead low to set it, which can cost your side a trick, "
            "so bid no more than your count"
        )
        context.append(note)
        score_blind.add(note)
        return min(cushion, 0.0), context, score_blind
    if table.bags[table.mine] >= rules.bag_limit - 3 and not table.partner_nil:
        cushion += 0.5
        note = _("{count} bags already: bid your full count so extra tricks do not become bags").format(
            count=table.bags[table.mine]
        )
        context.append(note)
        score_blind.add(note)
    planned = _floor(estimate - _margin(rules))
    others = [int(b) for s, b in table.made.items() if s != table.me]
    if table.seating.partnerships and len(others) == len(table.seating.seats) - 1 and not table.partner_nil:
        # The fourth seat sees the other three bids (a partner's Nil has its own note above).
        total = sum(others) + planned
        if total <= 9:
            cushion += 0.5
            note = _("the table has bid only {total}: tricks will be left over, so bid your full count").format(
                total=sum(others)
            )
            context.append(note)
            score_blind.add(note)
        elif total >= 13:
            cushion -= 0.25
            note = _("the table has bid {total} already: tricks will be scarce, so stay low").format(total=sum(others))
            context.append(note)
            score_blind.add(note)
    behind = table.behind
    if _their_route(table.made, table.score[table.theirs], table.me, rules) is None and behind >= 150:
        cushion += 0.25
        context.append(_("you are {points} points behind: take a little more risk").format(points=behind))
    return cushion, context, score_blind


def _end_of_match_bid(table: _Table, estimate: float, their_route: tuple[str, int, bool], context: list[str]) -> int:
    """The bid when the opponents reach the target by making theirs: the count if making it wins
    on the higher score, the bid that leaves them one trick short when a set is the only way, the
    count otherwise; the note that says which goes into ``context``."""
    rules, mine, theirs = table.rules, table.mine, table.theirs
    partner_bid, partner_nil = table.partner_bid, table.partner_nil
    route, their_total, known = their_route
    bid_value = _floor(estimate - _margin(rules))
    stop = 14 - their_total - (int(partner_bid) if partner_bid is not None and not partner_nil else 0)
    # Both sides may pass the target in this hand: then the higher score wins (the
    # match's own end rule), so out-scoring them is a second route besides a set.
    ours_bid = bid_value + (UNKNOWN_BID if partner_bid is None else (0 if partner_nil else int(partner_bid)))
    ours = score_if_made(table.score[mine], ours_bid, rules, bags_carried=table.bags[mine])
    theirs_made = score_if_made(table.score[theirs], their_total, rules, bags_carried=table.bags[theirs])
    if bid_value > 0 and match_winner({mine: ours, theirs: theirs_made}, rules) == mine:
        context.append(
            _(
                "the opponents reach {target} if they make their bid ({route}), but making your count "
                "brings your side to {ours}: when both sides pass {target} the higher score wins, so bid "
                "your count, {bid}: out-scoring them wins the match as well as a set"
            ).format(target=rules.target, route=route, ours=ours, bid=bid_value)
        )
        return bid_value
    if known and partner_bid is not None and 1 <= stop <= math.ceil(estimate) + 1 and stop != bid_value:
        context.append(
            _(
                "the opponents reach {target} if they make their bid ({route}): bid to the score, {stop}, "
                "so that your side's {tricks} tricks leave them short; only a set stops them"
            ).format(target=rules.target, route=route, stop=stop, tricks=14 - their_total)
        )
        return stop
    context.append(
        _(
            "the opponents reach {target} if they make their bid ({route}) and making your count does "
            "not put your side ahead of them: bid your count and fight for every trick, since only a "
            "set stops them"
        ).format(target=rules.target, route=route)
    )
    return bid_value


def _bid_to_win(table: _Table, bid_value: int, context: list[str], score_blind: set[str]) -> tuple[int, list[str]]:
    """The smaller bid that still wins the match when the side makes it, if there is one, and the
    notes (those judged by bags or the table's total are then taken back)."""
    rules, mine, theirs = table.rules, table.mine, table.theirs
    partner = int(table.partner_bid) if table.partner_bid is not None else 0
    their_bid = sum(UNKNOWN_BID if table.made.get(seat) is None else int(table.made[seat]) for seat in table.opponents)
    theirs_made = score_if_made(table.score[theirs], their_bid, rules, bags_carried=table.bags[theirs])
    enough = _enough_to_win(table.score[mine], partner, table.bags[mine], bid_value, rules, (mine, theirs, theirs_made))
    if enough is None or enough >= bid_value:
        return bid_value, context
    context = [n for n in context if n not in score_blind]
    context.append(
        _(
            "{together} between you reaches {target}: bid to the score, "
            "{enough} is enough to win the match and safer than {count}"
        ).format(together=enough + partner, target=rules.target, enough=enough, count=bid_value)
    )
    return enough, context


#: How often a Nil holds with 13 cards nobody has looked at, the partner covering: about one time in
#: four (0.24 ± 0.035: 300 random hands, 10 deals each, by the Nil trial; benchmarks/blind_nil.py).
BLIND_NIL_HOLDS = 0.24
#: A partner who has bid fewer tricks than this holds too little to cover a blind Nil.
BLIND_NIL_PARTNER_BID = 3


def _blind_nil_fits(table: _Table) -> bool:
    """Whether to bid blind Nil, decided before looking at the cards: only from the score (the
    deficit the rules allow it at, and far enough behind, or the opponents near the target, that a
    gamble which holds about :data:`BLIND_NIL_HOLDS` of the time is worth its 200 points) and the
    partner's bid (no Nil of their own, and enough tricks to cover it). Never from the hand."""
    rules, behind = table.rules, table.behind
    partner = table.partner_bid
    return (
        rules.blind_nil
        and behind >= max(rules.blind_nil_deficit, 1)
        and (behind >= 200 or table.score[table.theirs] >= rules.target - 100)
        and (partner is None or (not partner.is_nil and int(partner) >= BLIND_NIL_PARTNER_BID))
    )


@dataclass(frozen=True)
class _NilChoice:
    nil: bool
    blind: bool
    trial: NilTrial | None


def _nil_choice(h: Hand, table: _Table, nil: NilAssessment, estimate: float) -> _NilChoice:
    """Whether to bid Nil (recommended when it fits, unless the partner already bid Nil), blind
    or not; a borderline hand (:func:`~spades_teach.advice.nil_check.nil_borderline`) is tried at
    the table (:func:`~spades_teach.advice.nil_trial.nil_trial`) and bid Nil when it holds often enough."""
    rules, behind = table.rules, table.behind
    nil_ok = rules.nil and not table.partner_nil
    nil_limit = NIL_FITS + (1.0 if behind >= 150 else 0.0) - (0.5 if behind < -150 else 0.0)
    if _blind_nil_fits(table):
        return _NilChoice(True, True, None)
    if not nil_ok or estimate >= NIL_MAX_COUNT:
        return _NilChoice(False, False, None)
    if nil.risk <= nil_limit:
        return _NilChoice(True, False, None)
    if table.seating.partnerships and nil_borderline(h, nil_limit):
        trial = nil_trial(h, samples=ADVICE_NIL_SAMPLES, rules=rules)
        return _NilChoice(trial.holds_enough, False, trial)
    return _NilChoice(False, False, None)


def nil_before_the_bidding(hand: HandLike, estimate: float, *, rules: Rules = Rules()) -> bool:
    """Whether the advice bids Nil with ``hand``, counted ``estimate`` tricks, before any bid is
    made and at a score of 0 to 0 (what :func:`advise_bid` decides there, for studies that count
    the hand another way)."""
    h = Hand.coerce(hand)
    return _nil_choice(h, _read_table(Seat.S, None, None, None, rules), assess_nil(h), estimate).nil


def _final_bid(choice: _NilChoice, bid_value: int, table: _Table, context: list[str]) -> Bid:
    """The bid itself: Nil as chosen, else the number (at least 1, raised to the team's minimum)."""
    rules = table.rules
    if choice.nil:
        return Bid(0, blind=choice.blind)
    bid = Bid(min(13, bid_value))
    if int(bid) == 0:
        # A count below one trick without a Nil-worthy hand: bid the smallest number.
        bid = Bid(1)
        if not rules.nil:
            context.append(_("the count leaves less than one trick and Nil is not allowed, so the smallest bid, 1"))
        else:
            context.append(
                _("the count leaves less than one trick but the hand is not safe for Nil, so the smallest bid, 1")
            )
    partner_bid = table.partner_bid
    if rules.min_team_bid and table.seating.partnerships and partner_bid is not None and not table.partner_nil:
        needed = rules.min_team_bid - int(partner_bid)
        if int(bid) < needed:
            context.append(
                _("the team must bid at least {minimum} together: raised to {bid}").format(
                    minimum=rules.min_team_bid, bid=needed
                )
            )
            bid = Bid(min(13, needed))
    return bid


def _their_route(made: Mapping[Seat, Bid], their_score: int, me: Seat, rules: Rules) -> tuple[str, int, bool] | None:
    """How the opponents reach the target this hand by making their bid: the sum in
    words, their total bid and whether both bids are known; ``None`` when they do not
    reach it (a seat yet to bid counts 3, an average bid)."""
    seating = seating_of(rules)
    if not seating.partnerships:
        return None
    opponents = [s for s in seating.seats if s != me and s != seating.partner(me)]
    total = 0
    for seat in opponents:
        bid = made.get(seat)
        total += UNKNOWN_BID if bid is None else int(bid)
    if total == 0 or not reaches_target(their_score, total, rules):
        return None
    known = all(seat in made for seat in opponents)
    sum_line = _("{score} + {total} bid × 10 = {result}") if known else _("{score} + about {total} × 10 = {result}")
    return sum_line.format(score=their_score, total=total, result=their_score + 10 * total), total, known


def _enough_to_win(
    my_score: int, partner: int, bags: int, count: int, rules: Rules, opponents: tuple[Side, Side, int]
) -> int | None:
    """The smallest bid (at least 1, at most ``count``) with which the side wins the
    match when it makes its contract, even if every trick of the count beyond the
    bid is a bag, and the opponents make theirs (``opponents``: our side, theirs and
    their score if they make their bid): the match's own end rule decides, so where
    both sides pass the target the bid must also keep the side ahead. ``None`` when
    no such bid wins."""
    mine, theirs, their_score = opponents
    for bid in range(1, count + 1):
        ours = score_if_made(my_score, partner + bid, rules, overtricks=count - bid, bags_carried=bags)
        if match_winner({mine: ours, theirs: their_score}, rules) == mine:
            return bid
    return None


def _counting(estimate: float, reasons: tuple[BidReason, ...]) -> str:
    """The count as a learner says it: the sure tricks by name, then about how
    many more from which other cards and features."""
    sure = [r for r in reasons if r.sure]
    others = list(dict.fromkeys(r.cards for r in reasons if not r.sure and r.value > 0))
    rest = estimate - len(sure)
    if sure:
        names = " ".join(r.cards for r in sure)
        if rest > 0 and others:
            return ngettext(
                "{count} sure trick ({cards}), about {rest} more from {others}",
                "{count} sure tricks ({cards}), about {rest} more from {others}",
                len(sure),
            ).format(count=len(sure), cards=names, rest=number(rest), others=", ".join(others))
        return ngettext("{count} sure trick ({cards})", "{count} sure tricks ({cards})", len(sure)).format(
            count=len(sure), cards=names
        )
    if estimate > 0 and others:
        return _("no sure trick, about {estimate} from {others}").format(
            estimate=number(estimate), others=", ".join(others)
        )
    return _("no sure trick and nothing likely to win")


def _summary(
    bid: Bid,
    estimate: float,
    reasons: tuple[BidReason, ...],
    nil: NilAssessment,
    rules: Rules,
    table: _Table,
    context: list[str],
    trial: NilTrial | None = None,
) -> str:
    partner_nil, behind = table.partner_nil, table.behind
    if bid.blind:
        return _(
            "bid blind Nil, before looking at your cards: {behind} points behind, a gamble for 200 points; "
            "13 unseen cards make a Nil about one time in four, so it only makes sense this far behind"
        ).format(behind=behind)
    if bid.is_nil and trial is not None:
        return ngettext(
            "bid Nil: a close call ({why}), settled at the table: tried on {count} deals, the Nil held on "
            "{held} (the cards count only {estimate} trick)",
            "bid Nil: a close call ({why}), settled at the table: tried on {count} deals, the Nil held on "
            "{held} (the cards count only {estimate} tricks)",
            plural_count(estimate),
        ).format(why=nil.why, count=trial.samples, held=trial.held, estimate=number(estimate))
    if bid.is_nil:
        return ngettext(
            "bid Nil: {why} (the cards count only {estimate} trick)",
            "bid Nil: {why} (the cards count only {estimate} tricks)",
            plural_count(estimate),
        ).format(why=nil.why, estimate=number(estimate))
    why_not_nil = ""
    if partner_nil:
        why_not_nil = _("; no Nil, since your partner already bid one")
    elif trial is not None:
        why_not_nil = _("; not Nil: {why}, and tried on {count} deals the Nil held on only {held}").format(
            why=nil.dangers[0] if nil.dangers else _("too risky"), count=trial.samples, held=trial.held
        )
    elif rules.nil and estimate < NIL_MAX_COUNT and not nil.fits:
        why_not_nil = _("; not Nil: {why}").format(why=nil.dangers[0] if nil.dangers else _("too risky"))
    counted = _counting(estimate, reasons)
    margin = _margin(rules)
    planned = _floor(estimate - margin)
    shown = {"estimate": number(estimate), "margin": number(margin), "bid": int(bid), "planned": planned}
    if int(bid) == planned:
        if estimate - margin == int(bid):
            how = _(", bid {bid}") if not margin else _(": {estimate} in all, less {margin} for two players: bid {bid}")
        elif margin:
            how = _(": {estimate} in all, less {margin} for two players, rounded down to bid {bid}")
        else:
            how = _(": {estimate} in all, rounded down to bid {bid} (a set costs far more than a bag)")
    else:
        fallback = _("to play safe") if int(bid) < planned else _("to take a little more risk")
        shown["notes"] = join_clauses(context) if context else fallback
        how = _(": {estimate} in all, but bid {bid} rather than {planned}: {notes}")
    # The summary's three parts, each a translated clause: the count, the bid, and why not Nil.
    return counted + how.format(**shown) + why_not_nil
