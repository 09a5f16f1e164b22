"""Play hints with a one-line why: :func:`suggest_play`.

The advisor reads a :class:`~spades_teach.advice.position.Position` (one seat's view:
its cards, the bids, the tricks, the cards seen) and returns a legal card and a
reason a learner understands. It follows the classic guidance: lead from
strength, second hand low, third hand high but only as high as needed, win as
cheaply as possible, leave a partner's sure winner alone, ruff and over-ruff,
discard from short suits, draw the opponents' spades, protect a partner's Nil
and try to set an opponent's, and once the contract is made, dodge bags unless
a trick sets the opponents or the match score makes bags irrelevant.

>>> from spades_teach.advice.position import Position
>>> p = Position("S", "Q82.KQ4.A95.T632", bids={"N": 3, "E": 3, "S": 3, "W": 3},
...              tricks_won={}, trick=["3H", "7H"])
>>> hint = suggest_play(p)
>>> str(hint.card), hint.principle
('QH', 'third hand high')
>>> hint.reason
'third hand high: only as high as needed, the Q♥ does the same work as the K♥'

Every reason starts with the name of the principle it follows, as the strategy
chapters define it (:mod:`spades_teach.advice.principles`).

Internally the advice works on :class:`View`, a light copy of what the seat
knows, so the hard bot can run it thousands of times in its playouts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from spades_teach.advice._words import seat_name, suit_one, suit_words
from spades_teach.advice.position import Position
from spades_teach.game._bits import SUIT_MASKS, mask_cards
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, Rank, Suit
from spades_teach.game.kernel import beats, card_beats, legal_mask, winning_index
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import reaches_target, score_if_made, side_contract
from spades_teach.game.seating import Seat, seating_of
from spades_teach.i18n import N_, _, ngettext

__all__ = ["PlayHint", "View", "suggest_play", "decide", "decide_principle"]

_SPADES = SUIT_MASKS[Suit.SPADES]
_SIDE = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_DECK = tuple(Card.from_index(i) for i in range(52))


@dataclass(frozen=True)
class PlayHint:
    """A suggested ``card``, the one-line ``reason`` for it, and the ``principle`` it
    follows (a name of :data:`~spades_teach.advice.principles.PRINCIPLES`, which the
    reason starts with)."""

    card: Card
    reason: str
    principle: str

    def __str__(self) -> str:
        return _("{card}: {reason}").format(card=self.card.pretty, reason=self.reason)


class View:
    """What one seat knows, in plain numbers (seats 0–3, card bitmasks): the fast
    internal form of a :class:`~spades_teach.advice.position.Position`, built by keyword
    (:meth:`from_position`, or directly by the bots' playouts).

    ``bids`` and ``won`` are per seat (index 0–3; ``None`` for an unknown bid);
    ``voids[s]`` is a bitmask of suits seat ``s`` has shown out of; ``unseen`` the
    cards this seat has not seen; ``scores`` and ``bags`` are per side (index 0
    for the seat's own side, 1 for the opponents).
    """

    __slots__ = (
        "bags",
        "bids",
        "broken",
        "hand",
        "players",
        "rules",
        "scores",
        "seat",
        "seating",
        "trick",
        "trick_seats",
        "tricks_left",
        "two_clubs",
        "unseen",
        "voids",
        "won",
    )

    def __init__(
        self,
        *,
        seat: int,
        players: int,
        hand: int,
        trick: list[Card],
        trick_seats: list[int],
        broken: bool,
        two_clubs: bool,
        bids: list[Bid | None],
        won: list[int],
        unseen: int,
        voids: list[int],
        tricks_left: int,
        scores: tuple[int, int],
        bags: tuple[int, int],
        rules: Rules,
    ) -> None:
        self.seat = seat
        self.players = players
        self.hand = hand
        self.trick = trick
        self.trick_seats = trick_seats
        self.broken = broken
        self.two_clubs = two_clubs
        self.bids = bids
        self.won = won
        self.unseen = unseen
        self.voids = voids
        self.tricks_left = tricks_left
        self.scores = scores
        self.bags = bags
        self.rules = rules
        self.seating = seating_of(rules)

    @classmethod
    def from_position(cls, p: Position) -> View:
        bids: list[Bid | None] = [p.bids.get(s) for s in Seat]
        won = [p.tricks_won.get(s, 0) for s in Seat]
        voids = [0, 0, 0, 0]
        for s, suits in p.voids.items():  # the position's voids, as suit bits
            voids[s] = sum(1 << suit for suit in suits)
        mine = p.side()
        theirs = next(x for x in p.scores if x != mine)
        return cls(
            seat=int(p.seat),
            players=p.players,
            hand=p.hand.mask,
            trick=list(p.trick),
            trick_seats=[int(s) for s in p.trick_seats],
            broken=p.spades_broken,
            two_clubs=p.first_trick_two_of_clubs,
            bids=bids,
            won=won,
            unseen=p.unseen.mask,
            voids=voids,
            tricks_left=p.tricks_left,
            scores=(p.scores[mine], p.scores[theirs]),
            bags=(p.bags[mine], p.bags[theirs]),
            rules=p.rules,
        )

    # -- seats and sides ---------------------------------------------------------------------------
    def partner(self) -> int | None:
        return self.seating.partner_index[self.seat]

    def side_seats(self, seat: int) -> tuple[int, ...]:
        return self.seating.side_indices[seat]

    def opponents(self) -> tuple[int, ...]:
        return self.seating.opponent_indices[self.seat]

    def is_friend(self, seat: int) -> bool:
        return seat == self.seat or seat == self.partner()

    def later_seats(self) -> list[int]:
        """Seats still to play in this trick after this one."""
        after = self.seating.next_index
        seats: list[int] = []
        seat = self.seat
        for _step in range(self.players - len(self.trick) - 1):
            seat = after[seat]
            seats.append(seat)
        return seats

    def nil_alive(self, seat: int) -> bool:
        bid = self.bids[seat]
        return bid is not None and not bid and not self.won[seat]  # a Bid is its number of tricks

    def contract(self, seat: int) -> tuple[int, int]:
        """(contract, contract tricks taken) of ``seat``'s side."""
        return side_contract(self.bids, self.won, self.side_seats(seat))


# -- card helpers ---------------------------------------------------------------------------------


def _high(mask: int) -> Card:
    return _DECK[(mask & -mask).bit_length() - 1]


def _low(mask: int) -> Card:
    return _DECK[mask.bit_length() - 1]


def _one_per_suit(mask: int, suits: Iterable[Suit], pick: Callable[[int], Card]) -> list[Card]:
    """``pick``'s card (``_low`` or ``_high``) of each of ``suits`` that ``mask`` holds, in that order:
    the candidates a lead or a discard chooses among (``max``/``min`` keep the first of equals)."""
    return [pick(mask & SUIT_MASKS[suit]) for suit in suits if mask & SUIT_MASKS[suit]]


def _above(card: Card) -> int:
    """Mask of the cards of the same suit ranked above ``card``."""
    return SUIT_MASKS[card.suit] & ((1 << card.index) - 1)


def _below(card: Card) -> int:
    return SUIT_MASKS[card.suit] & ~((1 << (card.index + 1)) - 1)


def _count(mask: int) -> int:
    return bin(mask).count("1")


def _one_suit(mask: int) -> bool:
    """Whether every card of ``mask`` (not empty) is of one suit."""
    return any(mask & ~SUIT_MASKS[suit] == 0 for suit in Suit)


def _run_bottom(v: View, card: Card) -> Card:
    """The lowest card of the hand's unbroken run down from ``card`` (cards in
    between already played count as touching)."""
    best = card
    suit_hand = v.hand & SUIT_MASKS[card.suit]
    for lower in mask_cards(_below(card) & SUIT_MASKS[card.suit]):
        if suit_hand & lower.mask:
            best = lower
        elif v.unseen & lower.mask:
            break
    return best


def _winning(v: View) -> tuple[int, Card]:
    i = winning_index(v.trick)
    return v.trick_seats[i], v.trick[i]


def _beaters(v: View, legal: int, top: Card) -> int:
    """The legal cards that would beat ``top``, the card winning the trick, now."""
    led = SUIT_MASKS[v.trick[0].suit]
    out = 0
    for card in mask_cards(legal):
        if beats(card.mask, top.mask, led):
            out |= card.mask
    return out


def _threatened(v: View, card: Card, later: list[int]) -> bool:
    """Whether a seat still to play may beat ``card`` (as far as this seat knows)."""
    if not later:
        return False
    led = v.trick[0].suit if v.trick else card.suit
    higher = v.unseen & _above(card)
    if higher:
        # Someone may hold a higher card of the same suit.
        if not all(v.voids[s] >> card.suit & 1 for s in later):
            return True
    if card.suit is not Suit.SPADES and v.unseen & _SPADES:
        suit_left = _count(v.unseen & SUIT_MASKS[led])
        for s in later:
            if v.voids[s] >> led & 1 and not v.voids[s] >> Suit.SPADES & 1:
                return True
        if suit_left == 0 or (suit_left <= 1 and len(later) >= 2):
            return True
    return False


def _forced_over(v: View, seat: int, top: Card) -> int:
    """The cards ``seat``, still to play to this trick, may be forced to play over
    ``top`` (a mask; 0 when it surely cannot be made to beat it), as far as this seat
    can know from the cards seen and the voids shown. Following suit, a card of the
    suit led that beats ``top``: ``seat`` may hold no other of the suit. Without the
    suit, a spade that beats it, when ``seat`` may hold nothing but spades. Which card
    beats which is the kernel's :func:`~spades_teach.game.kernel.card_beats`; ``top``
    alone (no trick yet) is read as the lead."""
    led = v.trick[0].suit if v.trick else top.suit
    shown = v.voids[seat]
    possible = v.unseen & ~sum(SUIT_MASKS[suit] for suit in Suit if shown >> suit & 1)
    forced = 0
    for card in mask_cards(possible & SUIT_MASKS[led]):
        if card_beats(card, top, led):
            forced |= card.mask
    spades = possible & _SPADES
    held = v.tricks_left - (1 if seat in v.trick_seats else 0)
    if led is not Suit.SPADES and spades and held <= _count(spades):
        for card in mask_cards(spades):
            if card_beats(card, top, led):
                forced |= card.mask
    return forced


def _forced_chance(v: View, seat: int, top: Card) -> float:
    """A rough chance that ``seat``, still to play to this trick, must beat ``top`` by
    following suit: that it holds a card of the suit led above ``top`` and none below
    it, each unseen card of the suit being in its hand with the chance its share of the
    unseen cards gives. 0 when ``seat`` has shown out of the suit or ``top`` is a ruff
    (any card of the suit led stays under it). :func:`_forced_over` says which cards
    *may* force it; this says how likely it is, to weigh a card against another."""
    led = v.trick[0].suit if v.trick else top.suit
    if top.suit is not led or v.voids[seat] >> led & 1:
        return 0.0
    unseen = _count(v.unseen)
    held = v.tricks_left - (1 if seat in v.trick_seats else 0)
    other = 1.0 - min(1.0, held / unseen) if unseen else 0.0  # the chance an unseen card is not theirs
    above = _count(v.unseen & _above(top))
    below = _count(v.unseen & _below(top))
    return float(other**below * (1.0 - other**above))


def _only_spades_chance(v: View, seat: int) -> float:
    """The chance that ``seat``, still to play to this trick, holds nothing but spades, its
    cards drawn at random from the unseen cards of the suits it has not shown out of."""
    shown = v.voids[seat]
    possible = v.unseen & ~sum(SUIT_MASKS[suit] for suit in Suit if shown >> suit & 1)
    spades, cards = _count(possible & _SPADES), _count(possible)
    held = v.tricks_left - (1 if seat in v.trick_seats else 0)
    chance = 1.0
    for i in range(held):
        chance *= max(0, spades - i) / (cards - i) if cards > i else 0.0
    return chance


def _ruffable(v: View, suit: Suit) -> bool:
    """Whether an opponent has shown out of the side suit ``suit`` and may still hold a spade."""
    return suit is not Suit.SPADES and any(
        v.voids[s] >> suit & 1 and not v.voids[s] >> Suit.SPADES & 1 for s in v.opponents()
    )


def _cover_card(v: View, candidates: int, partner: int, danger: int) -> tuple[Card, bool] | None:
    """The cover among ``candidates`` (cards of this seat that would win the trick over
    the Nil bidder ``partner``, who may now be forced to beat the card winning with the
    cards ``danger``): the lowest card that leaves them as few such cards as the best
    one does, and whether it leaves none (a sure cover); ``None`` when no card lessens
    ``danger``."""
    best: tuple[int, int, Card] | None = None
    for card in mask_cards(candidates):
        left = _forced_over(v, partner, card)
        key = (_count(left), card.rank)
        if best is None or key < best[:2]:
            best = (*key, card)
    if best is None or (danger and best[0] >= _count(danger)):
        return None
    return best[2], best[0] == 0


# -- the decision ---------------------------------------------------------------------------------

#: A choice: the card, the principle it follows, and the reason line (which starts with that name).
_Pick = tuple[Card, str, str]


def _say(card: Card, name: str, detail: str) -> _Pick:
    """A pick whose reason line is ``"<principle>: <detail>"``: the principle's name and
    the (already translated) detail in the language in use."""
    return card, name, _("{principle}: {reason}").format(principle=_(name), reason=detail)


def suggest_play(position: Position) -> PlayHint:
    """A legal card for ``position``, the principle it follows and the one-line reason."""
    card, name, reason = decide_principle(View.from_position(position))
    return PlayHint(card, reason, name)


def decide(v: View) -> tuple[Card, str]:
    """The advisor's choice for a :class:`View`: ``(card, reason)``."""
    card, _name, reason = decide_principle(v)
    return card, reason


def decide_principle(v: View) -> _Pick:
    """The advisor's choice for a :class:`View`: ``(card, principle, reason)``; the
    principle is a name of :data:`~spades_teach.advice.principles.PRINCIPLES`."""
    led = v.trick[0].suit if v.trick else None
    legal = legal_mask(v.hand, led, v.broken, first_trick_two_of_clubs=v.two_clubs)
    if legal & (legal - 1) == 0:
        card = _DECK[legal.bit_length() - 1]
        if v.two_clubs and card.suit is Suit.CLUBS and card.rank == Rank.TWO:
            return _say(card, ONLY, _("the 2♣ must lead the first trick"))
        if led is not None and card.suit is led:
            return _say(card, ONLY, _("your only {suit_one}, and you must follow suit").format(suit_one=suit_one(led)))
        return _say(card, ONLY, _("the {card} is the one card you may play").format(card=card.pretty))
    if v.nil_alive(v.seat):
        return _nil_play(v, legal)
    partner = v.partner()
    if partner is not None and v.nil_alive(partner):
        found = _cover_partner_nil(v, legal, partner)
        if found is not None:
            return found
    for opp in v.opponents():
        if v.nil_alive(opp):
            found = _set_nil(v, legal, opp)
            if found is not None:
                return found
    win, name, why = _mode(v)
    if not win:
        return _lead_to_duck(v, legal, name, why) if not v.trick else _follow_to_duck(v, legal, name, why)
    shown = None if name else why  # the score's own line already says why
    card, card_name, reason = _lead_to_win(v, legal, shown) if not v.trick else _follow_to_win(v, legal)
    if name:
        # The score decides this hand: the score's principle leads, the card's follows.
        return card, name, _("{principle}: {why}; {reason}").format(principle=_(name), why=why, reason=reason)
    return card, card_name, reason


# The principles' names (keys of PRINCIPLES, English): translated where shown, ``_(name)``.
ONLY = N_("only one legal card")
SECOND_LOW = N_("second hand low")
THIRD_HIGH = N_("third hand high")
CHEAP = N_("win as cheaply as possible")
CANNOT_WIN = N_("play low when you cannot win")
NEED = N_("take the tricks you need")
UNDER_PARTNER = N_("play low under your partner's winner")
PARTNER_WINS = N_("don't trump your partner's winner")
RUFF = N_("ruff")
OVER_RUFF = N_("over-ruff")
DRAW = N_("draw spades")
CASH = N_("cash your winners")
SEQUENCE = N_("lead the top of a sequence")
LENGTH = N_("lead from length")
SINGLETON = N_("lead a singleton")
PARTNER_VOID = N_("lead to your partner's void")
DISCARD = N_("discard from a short suit")
ONE_SUIT = N_("only one suit to play")
NIL_LEAD = N_("lead low on a Nil")
DUMP = N_("dump your high cards")
UNDER = N_("stay under the winning card")
HOPE = N_("play low and hope")
COVER_LEAD_HIGH = N_("lead high for your partner's Nil")
COVER_VOID = N_("lead the Nil bidder's void")
COVER = N_("cover your partner's Nil")
SET_NIL = N_("set the Nil")
DODGE = N_("duck to dodge a bag")
SET_THEM = N_("take a bag to set them")
PUSH = N_("push bags onto the opponents")
SCORE = N_("play to the score")


# -- contract mode ------------------------------------------------------------------------------------


def _mode(v: View) -> tuple[bool, str, str]:
    """Whether to take tricks (True) or avoid them (False), the principle of the
    score that decides it (empty when the side simply needs tricks), and why."""
    r = v.tricks_left
    contract, taken = v.contract(v.seat)
    need = contract - taken
    opp = v.opponents()[0]
    opp_contract, opp_taken = v.contract(opp)
    opp_need = opp_contract - opp_taken
    rules = v.rules
    my_score, their_score = v.scores
    can_set = opp_contract > 0 and 0 < opp_need <= r
    if (
        can_set
        and reaches_target(their_score, opp_contract, rules)
        and score_if_made(my_score, max(contract, 0), rules) <= score_if_made(their_score, opp_contract, rules)
    ):
        return True, SCORE, _("the opponents win the game if they make their bid, so fight for every trick")
    if can_set and (contract == 0 or need <= 0) and _setting_them_pays(v, r - opp_need):
        # A few more tricks set them, and each is a bag for us (our contract is made).
        short = r - opp_need + 1
        return (
            True,
            SET_THEM,
            ngettext(
                "the opponents need {need} of the last {left} tricks, so one more trick for you sets them",
                "the opponents need {need} of the last {left} tricks, so {count} more tricks for you set them",
                short,
            ).format(need=opp_need, left=r, count=short),
        )
    if contract == 0:
        return False, DODGE, _("your side has no contract to make, so every trick is a bag")
    if need > r:
        if can_set:
            # A trick left to them is no bag while they still need it for their bid.
            return (
                True,
                "",
                ngettext(
                    "your contract is lost, but the opponents still need {count} trick: take tricks to set them",
                    "your contract is lost, but the opponents still need {count} tricks: take tricks to set them",
                    opp_need,
                ).format(count=opp_need),
            )
        if opp_contract > 0 and opp_need > 0:
            return True, "", _("neither side can make its bid any more")
        return False, PUSH, _("your contract is already lost, so let the opponents take the tricks and the bags")
    if need > 0:
        return (
            True,
            "",
            ngettext("your side still needs {count} trick", "your side still needs {count} tricks", need).format(
                count=need
            ),
        )
    # The worst case: every trick still to play a bag, its penalty counted, its point not.
    worst = score_if_made(my_score, contract, rules, overtricks=taken - contract, bags_carried=v.bags[0], more_bags=r)
    if worst >= rules.target and worst > score_if_made(their_score, max(opp_contract, 0), rules) + r:
        return True, SCORE, _("this hand wins the match whatever the bags, so extra tricks are just points")
    if opp_contract > 0 and opp_need <= 0 and v.bags[1] >= rules.bag_limit - 3:
        return (
            False,
            PUSH,
            _(
                "both contracts are made and the opponents have {bags} bags, so every trick you leave them is one more"
            ).format(bags=v.bags[1]),
        )
    return False, DODGE, _("your contract is made")


def _setting_them_pays(v: View, spare: int) -> bool:
    """Whether to take bags to set the opponents, who can lose at most ``spare`` of the tricks left
    (our contract made): when one or two more tricks set them; when three do, while following (keep
    the cards that can win, play them where they do), and on lead only with six tricks or more left.

    Measured (``docs/calibration_studies.md``, *Duck to dodge a bag*): with three tricks to take, the
    card that fights gained 2.9 points a decision over the one that ducks (standard error 0.2), every
    rule set alike, but on lead with five tricks or fewer left it lost 0.7; with four to take it
    gained nothing."""
    return spare <= 1 or (spare == 2 and (bool(v.trick) or v.tricks_left >= 6))


# -- leading -------------------------------------------------------------------------------------------


def _lead_to_win(v: View, legal: int, why: str | None) -> _Pick:
    """The lead when the side wants tricks; ``why`` (the side's need) closes the length
    leads' lines, or is left out (``None``) when the score's line already says it."""
    partner = v.partner()
    non_spade = legal & ~_SPADES
    # A suit the partner is known to be void in: they can ruff it.
    if partner is not None and v.bids[partner] != 0 and not v.voids[partner] >> Suit.SPADES & 1:
        for suit in _SIDE:
            held = legal & SUIT_MASKS[suit]
            if held and v.voids[partner] >> suit & 1 and _partner_ruff_pays(v, suit):
                card = _low(held)
                return _say(
                    card,
                    PARTNER_VOID,
                    _("your partner has no {suit} and can ruff the {card}").format(
                        suit=suit_words(suit), card=card.pretty
                    ),
                )
    # Draw the opponents' spades with the master spade when the side holds control.
    spades = legal & _SPADES
    unseen_spades = v.unseen & _SPADES
    if spades and unseen_spades and (v.broken or not non_spade):
        top = _high(spades)
        if not v.unseen & _above(top) and _count(v.hand & _SPADES) >= 2 and _draw_pays(v, top):
            return _say(
                top, DRAW, _("the {card} is the highest spade left and pulls out theirs").format(card=top.pretty)
            )
    # Cash a master in a side suit the opponents still hold.
    best: Card | None = None
    best_left = 0
    for suit in _SIDE:
        held = legal & SUIT_MASKS[suit]
        if not held:
            continue
        top = _high(held)
        left = _count(v.unseen & SUIT_MASKS[suit])
        if v.unseen & _above(top) or left < 2:
            continue
        if any(v.voids[o] >> suit & 1 for o in v.opponents()):
            continue
        if left > best_left:
            best, best_left = top, left
    if best is not None:
        return _say(
            best,
            CASH,
            _("the {card} is the highest {suit_one} left").format(card=best.pretty, suit_one=suit_one(best.suit)),
        )
    # Lead from strength: the top of a touching sequence forces out the higher card.
    for suit in _SIDE:
        held = legal & SUIT_MASKS[suit]
        if _count(held) < 2:
            continue
        top = _high(held)
        if top.rank < Rank.TEN:
            continue
        bottom = _run_bottom(v, top)
        if bottom is not top and _count(v.unseen & _above(top)) == 1:
            higher = _high(v.unseen & _above(top))
            return _say(
                top, SEQUENCE, _("the {card} forces out the {higher}").format(card=top.pretty, higher=higher.pretty)
            )
    # A singleton with spades to spare: lead it to make a void.
    if _count(v.hand & _SPADES) >= 2:
        for suit in _SIDE:
            held = legal & SUIT_MASKS[suit]
            if _count(held) == 1 and v.unseen & _above(_high(held)):
                card = _high(held)
                return _say(card, SINGLETON, _("once {suit} are gone you can ruff them").format(suit=suit_words(suit)))
    if _one_suit(legal):
        # No suit to choose: "length" or "short suit" would say nothing true.
        card = _low(legal)
        top = _high(legal)
        if top.suit is Suit.SPADES and not v.unseen & _above(top):
            return _say(top, CASH, _("only spades left, and the {card} is the highest").format(card=top.pretty))
        detail = (
            _("every card you may lead is a {suit_one}, so lead the lowest, the {card}, and keep the higher ones")
            if why is None
            else _(
                "every card you may lead is a {suit_one}, so lead the lowest, the {card}, and keep the higher ones ({why})"
            )
        )
        return _say(card, ONE_SUIT, detail.format(suit_one=suit_one(card.suit), card=card.pretty, why=why))
    # Two suits or more, so one of them is not spades.
    suit = _long_safe_suit(v, non_spade)
    card = _low(non_spade & SUIT_MASKS[suit])
    # No promise that the high cards win later: once a player is out of the suit, they ruff them.
    if card.rank >= Rank.JACK:
        detail = (
            _("nothing better to lead, so lead your lowest {suit_one}, the {card}")
            if why is None
            else _("nothing better to lead, so lead your lowest {suit_one}, the {card} ({why})")
        )
    else:
        detail = (
            _("nothing better to lead, so lead low from your {suit}")
            if why is None
            else _("nothing better to lead, so lead low from your {suit} ({why})")
        )
    return _say(card, LENGTH, detail.format(card=card.pretty, suit=suit_words(suit), suit_one=suit_one(suit), why=why))


def _partner_ruff_pays(v: View, suit: Suit) -> bool:
    """Whether to lead ``suit``, which the partner has shown out of, for them to ruff: neither
    opponent has shown out of it too (one would ruff first or over-ruff), and the hand's highest
    card of it is not the highest left (that one wins the trick without the partner's spade; cash
    it instead). Measured against the judge: ``docs/calibration_studies.md``."""
    if v.voids[(v.seat + 1) & 3] >> suit & 1 or v.voids[(v.seat + 3) & 3] >> suit & 1:
        return False
    return bool(v.unseen & _above(_high(v.hand & SUIT_MASKS[suit])))


def _draw_pays(v: View, top: Card) -> bool:
    """Whether leading the master spade ``top`` to pull the others' spades is worth it: an
    opponent may still hold a spade, and the side needs all but one of the tricks left, or the
    partner has no spade to lose, or the hand can spare it (five spades, or the next master
    spade beside ``top``). Elsewhere the master wins as well later, and leading it only pulls
    the partner's spades and gives up the choice of lead (measured against the judge:
    ``docs/calibration_studies.md``)."""
    if all(v.voids[o] >> Suit.SPADES & 1 for o in v.opponents()):
        return False
    contract, taken = v.contract(v.seat)
    if contract - taken >= v.tricks_left - 1:
        return True
    partner = v.partner()
    if partner is not None and v.voids[partner] >> Suit.SPADES & 1:
        return True
    return _count(v.hand & _SPADES) >= 5 or _run_bottom(v, top) is not top


def _long_safe_suit(v: View, non_spade: int) -> Suit:
    """The longest side suit, avoiding ones where leading would expose a guarded king or queen."""

    def score(suit: Suit) -> tuple[int, int]:
        held = non_spade & SUIT_MASKS[suit]
        n = _count(held)
        top = _high(held)
        exposed = top.rank in (Rank.KING, Rank.QUEEN) and n <= 3 and bool(v.unseen & _above(top))
        return (0 if exposed else 1, n)

    suits = [s for s in _SIDE if non_spade & SUIT_MASKS[s]]
    return max(suits, key=score)


def _lead_to_duck(v: View, legal: int, name: str, why: str) -> _Pick:
    def key(card: Card) -> tuple[int, int]:
        higher = _count(v.unseen & _above(card))
        return (higher - 2 if card.suit is Suit.SPADES else higher, -card.rank)

    best = max(_one_per_suit(legal, Suit, _low), key=key)
    return _say(
        best, name, _("{why}; lead the {card}, a low card the others can beat").format(why=why, card=best.pretty)
    )


# -- following ---------------------------------------------------------------------------------------


def _follow_to_win(v: View, legal: int) -> _Pick:
    led = v.trick[0].suit
    seat_won, top = _winning(v)
    later = v.later_seats()
    partner_wins = seat_won == v.partner()
    following = bool(legal & SUIT_MASKS[led])
    beaters = _beaters(v, legal, top)
    if partner_wins and not _threatened(v, top, later):
        if following:
            return _say(
                _low(legal),
                UNDER_PARTNER,
                _("your partner's {top} is already winning, so play low").format(top=top.pretty),
            )
        card = _low_discard(v, legal)
        return _say(
            card,
            PARTNER_WINS,
            _("your partner's {top} is already winning, so discard the {card}").format(
                top=top.pretty, card=card.pretty
            ),
        )
    if not following:
        return _void_to_win(v, legal, top, later, partner_wins)
    if not beaters:
        card = _low(legal)
        return _say(
            card,
            CANNOT_WIN,
            _("nothing you hold beats the {top}, so play your lowest {suit_one}").format(
                top=top.pretty, suit_one=suit_one(led)
            ),
        )
    if not later:
        card = _low(beaters)
        return _say(card, CHEAP, _("the {card} is enough").format(card=card.pretty))
    sure = [c for c in mask_cards(beaters) if not _threatened(v, c, later)]
    if sure:
        card = sure[-1]
        return _say(card, CHEAP, _("the {card} cannot be beaten").format(card=card.pretty))
    position = len(v.trick)
    if position == 1 and v.seating.partnerships:
        remaining = _count(v.unseen & SUIT_MASKS[led])
        contract, taken = v.contract(v.seat)
        urgent = contract - taken >= v.tricks_left - 1
        if not urgent or remaining > 3:
            card = _low(legal)
            return _say(
                card,
                SECOND_LOW,
                _("your partner plays after you, so keep your high {suit} for later").format(suit=suit_words(led)),
            )
    card = _high(beaters)
    name = THIRD_HIGH if position == 2 else NEED
    bottom = _run_bottom(v, card)
    if bottom is not card and bottom.mask & beaters:
        return _say(
            bottom,
            name,
            _("only as high as needed, the {card} does the same work as the {higher}").format(
                card=bottom.pretty, higher=card.pretty
            ),
        )
    higher = v.unseen & _above(card)
    if _count(higher) == 1:
        # The card beats the one winning; it does not force the higher one out, only where it is.
        return _say(
            card,
            name,
            _("the {card} beats the {top}, and only the {higher} is higher").format(
                card=card.pretty, top=top.pretty, higher=_high(higher).pretty
            ),
        )
    if higher:
        # Third to play the last player is an opponent; second to play, the next one is.
        template = (
            _("the {card} makes the last player spend a higher {suit_one}")
            if len(later) == 1
            else _("the {card} makes the next player spend a higher {suit_one}")
        )
        return _say(card, name, template.format(card=card.pretty, suit_one=suit_one(led)))
    return _say(card, name, _("the {card} is your best chance to win this trick").format(card=card.pretty))


def _void_to_win(v: View, legal: int, top: Card, later: list[int], partner_wins: bool) -> _Pick:
    led = v.trick[0].suit
    spades = legal & _SPADES
    if spades:
        if top.suit is Suit.SPADES:
            over = spades & _above(top)
            if over:
                if partner_wins:
                    card = _low_discard(v, legal)
                    return _say(
                        card,
                        PARTNER_WINS,
                        _("your partner's {top} is winning, so discard the {card}").format(
                            top=top.pretty, card=card.pretty
                        ),
                    )
                card = _low(over)
                return _say(card, OVER_RUFF, _("the {card} beats the {top}").format(card=card.pretty, top=top.pretty))
        else:
            choice = _low(spades)
            # Against a seat still to play that may over-ruff, ruff higher.
            for s in later:
                if not v.is_friend(s) and v.voids[s] >> led & 1:
                    safe = [c for c in mask_cards(spades) if not v.unseen & _above(c)]
                    if safe:
                        choice = safe[-1]
                    break
            if not later:
                detail = _("you have no {suit}, so the {card} takes the trick")
            else:  # a player still to come may ruff higher: the spade wins only so far
                detail = _("you have no {suit}, so ruff with the {card}")
            return _say(choice, RUFF, detail.format(suit=suit_words(led), card=choice.pretty))
    card = _low_discard(v, legal)
    if _one_suit(legal):
        # Nothing to choose between suits, so no "short suit" to discard from.
        return _say(
            card,
            ONE_SUIT,
            _("no {suit} and no way to win this trick, so throw your lowest {suit_one}, the {card}").format(
                suit=suit_words(led), suit_one=suit_one(card.suit), card=card.pretty
            ),
        )
    return _say(
        card,
        DISCARD,
        _("no {suit} and no way to win, so discard the {card}").format(suit=suit_words(led), card=card.pretty),
    )


def _low_discard(v: View, legal: int) -> Card:
    """A discard from the shortest side suit that is not a winner, to make a void."""
    led = v.trick[0].suit if v.trick else None

    def key(card: Card) -> tuple[int, int, int]:
        master = not v.unseen & _above(card)
        spade = card.suit is Suit.SPADES and card.suit is not led
        return (1 if spade else 0, 1 if master else 0, _count(v.hand & SUIT_MASKS[card.suit]))

    return min(_one_per_suit(legal, Suit, _low), key=key)


@dataclass(frozen=True)
class _DuckWords:
    """The principles and reasons given when playing under the winning card: each a
    ``(principle, detail)`` pair, the detail an English message translated when used;
    ``{card}``, ``{top}``, ``{led}`` (the suit's word), ``{led_one}`` (one card of it)
    and ``{why}`` (the score's reason) are filled in."""

    under: tuple[str, str]
    under_lowest: tuple[str, str]
    must_win: tuple[str, str]
    lowest: tuple[str, str]
    discard: tuple[str, str]
    spade_under: tuple[str, str]
    spade_lowest: tuple[str, str]


def _duck(v: View, legal: int, words: _DuckWords, why: str = "") -> _Pick:
    """Stay under the card winning the trick when possible (the highest card that does);
    without the suit led, discard the most dangerous side card rather than ruff."""
    led = v.trick[0].suit
    _winner, top = _winning(v)
    beaters = _beaters(v, legal, top)
    under = legal & ~beaters

    def say(words: tuple[str, str], card: Card) -> _Pick:
        name, template = words
        detail = _(template).format(
            card=card.pretty, top=top.pretty, led=suit_words(led), led_one=suit_one(led), why=why
        )
        return _say(card, name, detail)

    if legal & SUIT_MASKS[led]:
        if under:
            card = _high(under)
            # Only a card with lower ones of its suit still in hand gets rid of a high card.
            lower_kept = legal & SUIT_MASKS[led] & _below(card)
            return say(words.under if lower_kept else words.under_lowest, card)
        if not v.later_seats():
            return say(words.must_win, _high(legal))
        return say(words.lowest, _low(legal))
    non_spade = legal & ~_SPADES
    if non_spade:
        return say(words.discard, _dump(v, non_spade))
    if under:
        return say(words.spade_under, _high(under))
    return say(words.spade_lowest, _low(legal))


def _follow_to_duck(v: View, legal: int, name: str, why: str) -> _Pick:
    return _duck(
        v,
        legal,
        _DuckWords(
            under=(name, N_("{why}; the {card} stays under the {top}")),
            under_lowest=(name, N_("{why}; the {card} stays under the {top}")),
            must_win=(name, N_("{why}; you must win this trick, so win it with the {card} to get rid of a winner")),
            lowest=(name, N_("{why}; play your lowest and hope a later card overtakes it")),
            discard=(name, N_("{why}; discard the {card} rather than ruff")),
            spade_under=(name, N_("{why}; the {card} stays under the {top}")),
            spade_lowest=(name, N_("{why}; only spades left, and the {card} is the smallest")),
        ),
        why,
    )


_NIL_DUCK = _DuckWords(
    under=(DUMP, N_("the {card} stays under the {top} and gets rid of a high card")),
    under_lowest=(UNDER, N_("the {card}, your lowest {led_one}, stays under the {top}")),
    must_win=(DUMP, N_("your Nil is lost on this trick, so at least get rid of the {card}")),
    lowest=(HOPE, N_("your Nil is in danger, so play your lowest {led_one} and hope a later card overtakes it")),
    discard=(DUMP, N_("with no {led}, discard the {card}, your most dangerous card")),
    spade_under=(UNDER, N_("the {card} stays under the {top}")),
    spade_lowest=(HOPE, N_("your Nil is in danger and only spades are left, so play the smallest, the {card}")),
)


def _dump(v: View, mask: int) -> Card:
    """The most dangerous card to keep: the highest, preferring short suits."""
    return max(_one_per_suit(mask, _SIDE, _high), key=lambda card: (card.rank, -_count(v.hand & SUIT_MASKS[card.suit])))


# -- Nil ------------------------------------------------------------------------------------------------


def _nil_play(v: View, legal: int) -> _Pick:
    if not v.trick:

        def key(card: Card) -> tuple[int, int, int]:
            return (0 if card.suit is Suit.SPADES else 1, _count(v.unseen & _above(card)), -card.rank)

        best = max(_one_per_suit(legal, Suit, _low), key=key)
        return _say(best, NIL_LEAD, _("the {card} is a low card the others will beat").format(card=best.pretty))
    return _duck(v, legal, _NIL_DUCK)


#: Below this chance that the Nil partner holds nothing but spades (:func:`_only_spades_chance`),
#: their partner does not ruff a card they cannot be made to beat otherwise, when a side card
#: can be discarded instead.
_RUFF_TO_COVER = 0.25


def _cover_partner_nil(v: View, legal: int, partner: int) -> _Pick | None:
    """Protect the live Nil of ``partner``: lead or play a card they cannot be forced
    to beat (the lowest that does it), or take the trick their card is winning. A lead
    leaves out a side suit an opponent can ruff and, with no sure card, is the card they
    are least likely to have to beat (:func:`_forced_chance`). ``None`` where covering
    changes nothing: their card is already under another, an opponent's card already
    stands over anything they may be forced to play, or their Nil is lost on this trick
    whatever this seat plays; and where only a ruff would cover a card they cannot be
    made to beat by following suit, unless they may well hold nothing but spades."""
    if not v.trick:
        for suit in _SIDE:
            held = legal & SUIT_MASKS[suit]
            if held and v.voids[partner] >> suit & 1:
                card = _high(held)
                return _say(
                    card,
                    COVER_VOID,
                    _("your partner has no {suit} and can throw high cards on them").format(suit=suit_words(suit)),
                )
        # Not into a suit an opponent can ruff: they take the lead (and our high card), and
        # then lead what suits them against the Nil.
        kept = legal & ~sum(SUIT_MASKS[suit] for suit in _SIDE if _ruffable(v, suit)) or legal
        candidates = kept & ~_SPADES or kept
        sure = [c for c in mask_cards(candidates) if not _forced_over(v, partner, c)]
        if sure:
            return _cover_say(COVER_LEAD_HIGH, min(sure, key=lambda c: c.rank), True)
        # No sure card: the one they are least likely to have to beat (a high spade too).
        best = min(mask_cards(kept), key=lambda c: (_forced_chance(v, partner, c), -c.rank))
        return _cover_say(COVER_LEAD_HIGH, best, False)
    seat_won, top = _winning(v)
    led = v.trick[0].suit
    later = v.later_seats()
    beaters = _beaters(v, legal, top)
    if partner in later:
        # The partner plays after: win with a card they cannot be forced to beat.
        danger = _forced_over(v, partner, top)
        if not danger:
            return None  # the card winning already stands over anything they may have to play
        if not legal & SUIT_MASKS[led] and legal & ~_SPADES and not danger & ~_SPADES:
            # Following suit they cannot be made to beat it: only a hand of nothing but spades
            # would have to ruff. Unless that is likely, a ruff spends a spade for nothing.
            if _only_spades_chance(v, partner) < _RUFF_TO_COVER:
                return None
        found = _cover_card(v, beaters, partner, danger)
        return None if found is None else _cover_say(COVER, *found)
    if seat_won == partner:
        if beaters:
            card = _low(beaters)
            return _say(
                card, COVER, _("the {card} takes the trick from their {top}").format(card=card.pretty, top=top.pretty)
            )
        if not _threatened(v, top, later):
            return None  # their Nil is lost on this trick: play for the contract
        card = _low(legal)
        return _say(card, COVER, _("nothing you hold beats your partner's {top}, so play low").format(top=top.pretty))
    return None


def _cover_say(name: str, card: Card, sure: bool) -> _Pick:
    if sure:
        return _say(
            card,
            name,
            _("your partner cannot be forced to beat the {card}, so they can play under it").format(card=card.pretty),
        )
    return _say(
        card, name, _("the {card} gives your partner the best chance to play under it").format(card=card.pretty)
    )


def _set_nil(v: View, legal: int, opp: int) -> _Pick | None:
    contract, taken = v.contract(v.seat)
    if contract - taken >= v.tricks_left - 1 and contract - taken > 0:
        return None  # every trick is needed for the contract
    name = seat_name(opp)
    if not v.trick:
        held = legal & ~_SPADES or legal
        best = min(mask_cards(held), key=lambda c: (bool(v.voids[opp] >> c.suit & 1), c.rank))
        return _say(
            best, SET_NIL, _("lead the {card}, a low card {seat} may have to win").format(card=best.pretty, seat=name)
        )
    seat_won, top = _winning(v)
    led = v.trick[0].suit
    beaters = _beaters(v, legal, top)
    under = legal & ~beaters
    if seat_won == opp:
        if under:
            following = bool(legal & SUIT_MASKS[led])
            card = (
                _high(under) if following else _low_discard(v, under & ~_SPADES) if under & ~_SPADES else _high(under)
            )
            return _say(
                card,
                SET_NIL,
                _("duck under {seat}'s {top} and let them win the trick").format(seat=name, top=top.pretty),
            )
        return None
    if opp in v.later_seats():
        following = bool(legal & SUIT_MASKS[led])
        if following:
            card = _low(legal)
            return _say(card, SET_NIL, _("play low, so that {seat} may be forced to win").format(seat=name))
        if under & ~_SPADES:
            card = _low_discard(v, under & ~_SPADES)
            return _say(
                card,
                SET_NIL,
                _("discard the {card} and leave the trick low for {seat}").format(card=card.pretty, seat=name),
            )
    return None
