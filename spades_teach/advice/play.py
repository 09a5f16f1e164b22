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

from dataclasses import dataclass

from spades_teach.advice.position import Position
from spades_teach.game._bits import SUIT_MASKS, mask_cards
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, Rank, Suit
from spades_teach.game.kernel import legal_mask, winning_index
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import reaches_target, score_if_made, side_contract
from spades_teach.game.seating import Seat, seating_of

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
        return f"{self.card.pretty}: {self.reason}"


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
        for _ in range(self.players - len(self.trick) - 1):
            seat = after[seat]
            seats.append(seat)
        return seats

    def nil_alive(self, seat: int) -> bool:
        bid = self.bids[seat]
        return bid is not None and bid == 0 and self.won[seat] == 0

    def contract(self, seat: int) -> tuple[int, int]:
        """(contract, contract tricks taken) of ``seat``'s side."""
        return side_contract(self.bids, self.won, self.side_seats(seat))


# -- card helpers ---------------------------------------------------------------------------------


def _high(mask: int) -> Card:
    return _DECK[(mask & -mask).bit_length() - 1]


def _low(mask: int) -> Card:
    return _DECK[mask.bit_length() - 1]


def _above(card: Card) -> int:
    """Mask of the cards of the same suit ranked above ``card``."""
    return SUIT_MASKS[card.suit] & ((1 << card.index) - 1)


def _below(card: Card) -> int:
    return SUIT_MASKS[card.suit] & ~((1 << (card.index + 1)) - 1)


def _count(mask: int) -> int:
    return bin(mask).count("1")


def _word(suit: Suit) -> str:
    return suit.word


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
    """The legal cards that would beat ``top`` now."""
    led = v.trick[0].suit
    out = 0
    for card in mask_cards(legal):
        if card.suit is top.suit:
            if card.rank > top.rank:
                out |= card.mask
        elif card.suit is Suit.SPADES:
            out |= card.mask
        elif card.suit is led and top.suit is not Suit.SPADES and top.suit is not led:
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


# -- the decision ---------------------------------------------------------------------------------

#: A choice: the card, the principle it follows, and the reason line (which starts with that name).
_Pick = tuple[Card, str, str]


def _say(card: Card, name: str, detail: str) -> _Pick:
    """A pick whose reason line is ``"<principle>: <detail>"``."""
    return card, name, f"{name}: {detail}"


def suggest_play(position: Position) -> PlayHint:
    """A legal card for ``position``, the principle it follows and the one-line reason."""
    card, name, reason = decide_principle(View.from_position(position))
    return PlayHint(card, reason, name)


def decide(v: View) -> tuple[Card, str]:
    """The advisor's choice for a :class:`View`: ``(card, reason)``."""
    card, _, reason = decide_principle(v)
    return card, reason


def decide_principle(v: View) -> _Pick:
    """The advisor's choice for a :class:`View`: ``(card, principle, reason)``; the
    principle is a name of :data:`~spades_teach.advice.principles.PRINCIPLES`."""
    led = v.trick[0].suit if v.trick else None
    legal = legal_mask(v.hand, led, v.broken, first_trick_two_of_clubs=v.two_clubs)
    if legal & (legal - 1) == 0:
        card = _DECK[legal.bit_length() - 1]
        if v.two_clubs and card.suit is Suit.CLUBS and card.rank == Rank.TWO:
            return _say(card, ONLY, "the 2♣ must lead the first trick")
        if led is not None and card.suit is led:
            return _say(card, ONLY, f"your only {led.word[:-1]}, and you must follow suit")
        return _say(card, ONLY, f"the {card.pretty} is the one card you may play")
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
    card, card_name, reason = _lead_to_win(v, legal, why) if not v.trick else _follow_to_win(v, legal, why)
    if name:
        # The score decides this hand: the score's principle leads, the card's follows.
        return card, name, f"{name}: {why}; {reason.replace(f' ({why})', '')}"
    return card, card_name, reason


ONLY = "only one legal card"
SECOND_LOW = "second hand low"
THIRD_HIGH = "third hand high"
CHEAP = "win as cheaply as possible"
CANNOT_WIN = "play low when you cannot win"
NEED = "take the tricks you need"
PARTNER_WINS = "don't trump your partner's winner"
RUFF = "ruff"
OVER_RUFF = "over-ruff"
DRAW = "draw spades"
CASH = "cash your winners"
SEQUENCE = "lead the top of a sequence"
LENGTH = "lead from length"
SINGLETON = "lead a singleton"
PARTNER_VOID = "lead to your partner's void"
DISCARD = "discard from a short suit"
NIL_LEAD = "lead low on a Nil"
DUMP = "dump your high cards"
UNDER = "stay under the winning card"
HOPE = "play low and hope"
COVER_LEAD_HIGH = "lead high for your partner's Nil"
COVER_VOID = "lead the Nil bidder's void"
COVER = "cover your partner's Nil"
SET_NIL = "set the Nil"
DODGE = "duck to dodge a bag"
SET_THEM = "take a bag to set them"
PUSH = "push bags onto the opponents"
SCORE = "play to the score"


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
        return True, SCORE, "the opponents win the game if they make their bid, so fight for every trick"
    if can_set and r - opp_need <= 1:
        short = r - opp_need + 1
        more = "one more trick for you sets them" if short == 1 else f"{short} more tricks for you set them"
        return True, SET_THEM, f"the opponents need {opp_need} of the last {r} tricks, so {more}"
    if contract == 0:
        return False, DODGE, "your side has no contract to make, so every trick is a bag"
    if need > r:
        return False, PUSH, "your contract is already lost, so let the opponents take the tricks and the bags"
    if need > 0:
        return True, "", f"your side still needs {need} trick{'s' if need != 1 else ''}"
    # The worst case: every trick still to play a bag, its penalty counted, its point not.
    worst = score_if_made(my_score, contract, rules, overtricks=taken - contract, bags_carried=v.bags[0], more_bags=r)
    if worst >= rules.target and worst > score_if_made(their_score, max(opp_contract, 0), rules) + r:
        return True, SCORE, "this hand wins the match whatever the bags, so extra tricks are just points"
    if opp_contract > 0 and opp_need <= 0 and v.bags[1] >= rules.bag_limit - 3:
        return (
            False,
            PUSH,
            f"both contracts are made and the opponents have {v.bags[1]} bags, so every trick you leave them is one more",
        )
    return False, DODGE, "your contract is made"


# -- leading -------------------------------------------------------------------------------------------


def _lead_to_win(v: View, legal: int, why: str) -> _Pick:
    partner = v.partner()
    non_spade = legal & ~_SPADES
    # A suit the partner is known to be void in: they can ruff it.
    if partner is not None and v.bids[partner] != 0 and not v.voids[partner] >> Suit.SPADES & 1:
        for suit in _SIDE:
            held = legal & SUIT_MASKS[suit]
            if held and v.voids[partner] >> suit & 1 and not v.voids[(v.seat + 1) & 3] >> suit & 1:
                card = _low(held)
                return _say(card, PARTNER_VOID, f"your partner has no {suit.word} and can ruff the {card.pretty}")
    # Draw the opponents' spades with the master spade when the side holds control.
    spades = legal & _SPADES
    unseen_spades = v.unseen & _SPADES
    if spades and unseen_spades and (v.broken or not non_spade):
        top = _high(spades)
        if not v.unseen & _above(top) and _count(v.hand & _SPADES) >= 2:
            return _say(top, DRAW, f"the {top.pretty} is the highest spade left and pulls out theirs")
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
        return _say(best, CASH, f"the {best.pretty} is the highest {best.suit.word[:-1]} left")
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
            return _say(top, SEQUENCE, f"the {top.pretty} forces out the {higher.pretty}")
    # A singleton with spades to spare: lead it to make a void.
    if _count(v.hand & _SPADES) >= 2:
        for suit in _SIDE:
            held = legal & SUIT_MASKS[suit]
            if _count(held) == 1 and v.unseen & _above(_high(held)):
                card = _high(held)
                return _say(card, SINGLETON, f"once {suit.word} are gone you can ruff them")
    if non_spade:
        suit = _long_safe_suit(v, non_spade)
        card = _low(non_spade & SUIT_MASKS[suit])
        if card.rank >= Rank.JACK:
            return _say(
                card, LENGTH, f"the {card.pretty} is your lowest {suit.word[:-1]}; keep the rest for later ({why})"
            )
        return _say(card, LENGTH, f"lead low from your long {suit.word} and keep your high cards to win later ({why})")
    top = _high(legal)
    if not v.unseen & _above(top):
        return _say(top, CASH, f"only spades left, and the {top.pretty} is the highest")
    card = _low(legal)
    return _say(card, LENGTH, f"only spades left: lead the {card.pretty} and keep the higher ones")


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
    best: Card | None = None
    best_key: tuple[int, int] | None = None
    for suit in Suit:
        held = legal & SUIT_MASKS[suit]
        if not held:
            continue
        card = _low(held)
        higher = _count(v.unseen & _above(card))
        key = (higher, -card.rank)
        if suit is Suit.SPADES:
            key = (higher - 2, -card.rank)
        if best_key is None or key > best_key:
            best, best_key = card, key
    assert best is not None
    return _say(best, name, f"{why}; lead the {best.pretty}, a low card the others can beat")


# -- following ---------------------------------------------------------------------------------------


def _follow_to_win(v: View, legal: int, why: str) -> _Pick:
    led = v.trick[0].suit
    seat_won, top = _winning(v)
    later = v.later_seats()
    partner_wins = seat_won == v.partner()
    following = bool(legal & SUIT_MASKS[led])
    beaters = _beaters(v, legal, top)
    if partner_wins and not _threatened(v, top, later):
        if following:
            return _say(_low(legal), PARTNER_WINS, f"your partner's {top.pretty} is already winning, so play low")
        card = _low_discard(v, legal)
        return _say(card, PARTNER_WINS, f"your partner's {top.pretty} is already winning, so discard the {card.pretty}")
    if not following:
        return _void_to_win(v, legal, top, later, partner_wins)
    if not beaters:
        card = _low(legal)
        return _say(card, CANNOT_WIN, f"nothing you hold beats the {top.pretty}, so play your lowest {led.word[:-1]}")
    if not later:
        card = _low(beaters)
        return _say(card, CHEAP, f"the {card.pretty} is enough")
    sure = [c for c in mask_cards(beaters) if not _threatened(v, c, later)]
    if sure:
        card = sure[-1]
        return _say(card, CHEAP, f"the {card.pretty} cannot be beaten")
    position = len(v.trick)
    if position == 1 and v.seating.partnerships:
        remaining = _count(v.unseen & SUIT_MASKS[led])
        contract, taken = v.contract(v.seat)
        urgent = contract - taken >= v.tricks_left - 1
        if not urgent or remaining > 3:
            card = _low(legal)
            return _say(card, SECOND_LOW, f"your partner plays after you, so keep your high {led.word} for later")
    card = _high(beaters)
    name = THIRD_HIGH if position == 2 else NEED
    bottom = _run_bottom(v, card)
    if bottom is not card and bottom.mask & beaters:
        return _say(
            bottom, name, f"only as high as needed, the {bottom.pretty} does the same work as the {card.pretty}"
        )
    higher = v.unseen & _above(card)
    if _count(higher) == 1:
        return _say(card, name, f"the {card.pretty} forces out the {_high(higher).pretty}")
    if higher:
        return _say(card, name, f"the {card.pretty} makes the last player spend a higher {led.word[:-1]}")
    return _say(card, name, f"the {card.pretty} is your best chance to win this trick")


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
                        card, PARTNER_WINS, f"your partner's {top.pretty} is winning, so discard the {card.pretty}"
                    )
                card = _low(over)
                return _say(card, OVER_RUFF, f"the {card.pretty} beats the {top.pretty}")
        else:
            choice = _low(spades)
            # Against a seat still to play that may over-ruff, ruff higher.
            for s in later:
                if not v.is_friend(s) and v.voids[s] >> led & 1:
                    safe = [c for c in mask_cards(spades) if not v.unseen & _above(c)]
                    if safe:
                        choice = safe[-1]
                    break
            return _say(choice, RUFF, f"you have no {led.word}, so the {choice.pretty} takes the trick")
    card = _low_discard(v, legal)
    return _say(card, DISCARD, f"no {led.word} and no way to win, so discard the {card.pretty}")


def _low_discard(v: View, legal: int) -> Card:
    """A discard from the shortest side suit that is not a winner, to make a void."""
    best: Card | None = None
    best_key: tuple[int, int, int] | None = None
    led = v.trick[0].suit if v.trick else None
    for suit in Suit:
        held = legal & SUIT_MASKS[suit]
        if not held:
            continue
        card = _low(held)
        master = not v.unseen & _above(card)
        key = (
            1 if suit is Suit.SPADES and suit is not led else 0,
            1 if master else 0,
            _count(v.hand & SUIT_MASKS[suit]),
        )
        if best_key is None or key < best_key:
            best, best_key = card, key
    assert best is not None
    return best


@dataclass(frozen=True)
class _DuckWords:
    """The principles and reasons given when playing under the winning card: each a
    ``(principle, detail)`` pair; ``{card}``, ``{top}``, ``{led}`` (a suit's plural)
    and ``{led_one}`` (singular) are filled in."""

    under: tuple[str, str]
    under_lowest: tuple[str, str]
    must_win: tuple[str, str]
    lowest: tuple[str, str]
    discard: tuple[str, str]
    spade_under: tuple[str, str]
    spade_lowest: tuple[str, str]


def _duck(v: View, legal: int, words: _DuckWords) -> _Pick:
    """Stay under the card winning the trick when possible (the highest card that does);
    without the suit led, discard the most dangerous side card rather than ruff."""
    led = v.trick[0].suit
    _, top = _winning(v)
    beaters = _beaters(v, legal, top)
    under = legal & ~beaters

    def say(words: tuple[str, str], card: Card) -> _Pick:
        name, template = words
        return _say(card, name, template.format(card=card.pretty, top=top.pretty, led=led.word, led_one=led.word[:-1]))

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
            under=(name, why + "; the {card} stays under the {top}"),
            under_lowest=(name, why + "; the {card} stays under the {top}"),
            must_win=(name, why + "; you must win this trick, so win it with the {card} to get rid of a winner"),
            lowest=(name, why + "; play your lowest and hope a later card overtakes it"),
            discard=(name, why + "; discard the {card} rather than ruff"),
            spade_under=(name, why + "; the {card} stays under the {top}"),
            spade_lowest=(name, why + "; only spades left, and the {card} is the smallest"),
        ),
    )


_NIL_DUCK = _DuckWords(
    under=(DUMP, "the {card} stays under the {top} and gets rid of a high card"),
    under_lowest=(UNDER, "the {card}, your lowest {led_one}, stays under the {top}"),
    must_win=(DUMP, "your Nil is lost on this trick, so at least get rid of the {card}"),
    lowest=(HOPE, "your Nil is in danger, so play your lowest {led_one} and hope a later card overtakes it"),
    discard=(DUMP, "with no {led}, discard the {card}, your most dangerous card"),
    spade_under=(UNDER, "the {card} stays under the {top}"),
    spade_lowest=(HOPE, "your Nil is in danger and only spades are left, so play the smallest, the {card}"),
)


def _dump(v: View, mask: int) -> Card:
    """The most dangerous card to keep: the highest, preferring short suits."""
    best: Card | None = None
    best_key: tuple[int, int] | None = None
    for suit in _SIDE:
        held = mask & SUIT_MASKS[suit]
        if not held:
            continue
        card = _high(held)
        key = (card.rank, -_count(v.hand & SUIT_MASKS[suit]))
        if best_key is None or key > best_key:
            best, best_key = card, key
    assert best is not None
    return best


# -- Nil ------------------------------------------------------------------------------------------------


def _nil_play(v: View, legal: int) -> _Pick:
    if not v.trick:
        best: Card | None = None
        best_key: tuple[int, int, int] | None = None
        for suit in Suit:
            held = legal & SUIT_MASKS[suit]
            if not held:
                continue
            card = _low(held)
            higher = _count(v.unseen & _above(card))
            key = (0 if suit is Suit.SPADES else 1, higher, -card.rank)
            if best_key is None or key > best_key:
                best, best_key = card, key
        assert best is not None
        return _say(best, NIL_LEAD, f"the {best.pretty} is a low card the others will beat")
    return _duck(v, legal, _NIL_DUCK)


def _cover_partner_nil(v: View, legal: int, partner: int) -> _Pick | None:
    if not v.trick:
        for suit in _SIDE:
            held = legal & SUIT_MASKS[suit]
            if held and v.voids[partner] >> suit & 1:
                card = _high(held)
                return _say(card, COVER_VOID, f"your partner has no {suit.word} and can throw high cards on them")
        non_spade = legal & ~_SPADES or legal
        best = max(mask_cards(non_spade), key=lambda c: (not v.unseen & _above(c), c.rank))
        return _say(best, COVER_LEAD_HIGH, f"the {best.pretty} is high, so your partner can play under it")
    seat_won, top = _winning(v)
    later = v.later_seats()
    beaters = _beaters(v, legal, top)
    led = v.trick[0].suit
    if partner in later:
        # The partner plays after: win high so they can play under.
        if beaters:
            card = _high(beaters & SUIT_MASKS[led]) if beaters & SUIT_MASKS[led] else _high(beaters)
            return _say(card, COVER, f"the {card.pretty} is high, so your partner can play under it")
        return None
    if seat_won == partner:
        if beaters:
            card = _low(beaters)
            return _say(card, COVER, f"the {card.pretty} takes the trick from their {top.pretty}")
        card = _low(legal)
        return _say(card, COVER, f"nothing you hold beats your partner's {top.pretty}, so play low")
    return None


def _set_nil(v: View, legal: int, opp: int) -> _Pick | None:
    contract, taken = v.contract(v.seat)
    if contract - taken >= v.tricks_left - 1 and contract - taken > 0:
        return None  # every trick is needed for the contract
    name = Seat(opp).word
    if not v.trick:
        held = legal & ~_SPADES or legal
        best = min(mask_cards(held), key=lambda c: (bool(v.voids[opp] >> c.suit & 1), c.rank))
        return _say(best, SET_NIL, f"lead the {best.pretty}, a low card {name} may have to win")
    seat_won, top = _winning(v)
    led = v.trick[0].suit
    beaters = _beaters(v, legal, top)
    under = legal & ~beaters
    if seat_won == opp:
        if under:
            following = bool(legal & SUIT_MASKS[led])
            card = _high(under) if following else _dump(v, under & ~_SPADES) if under & ~_SPADES else _high(under)
            return _say(card, SET_NIL, f"duck under {name}'s {top.pretty} and let them win the trick")
        return None
    if opp in v.later_seats():
        following = bool(legal & SUIT_MASKS[led])
        if following:
            card = _low(legal)
            return _say(card, SET_NIL, f"play low, so that {name} may be forced to win")
        if under & ~_SPADES:
            card = _dump(v, under & ~_SPADES)
            return _say(card, SET_NIL, f"discard the {card.pretty} and leave the trick low for {name}")
    return None
