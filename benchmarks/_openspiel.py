"""Adapter between spades_teach and OpenSpiel's ``spades`` game, shared by the outsider benchmarks.

``vs_openspiel.py`` (speed) and ``strength_openspiel.py`` (bot strength) both need to
speak OpenSpiel's language. This module holds that translation in one place.

OpenSpiel's numbering
---------------------
* A card is the action ``suit * 13 + rank`` with suits clubs, diamonds, hearts,
  spades as 0–3 and ranks two … ace as 0–12; ours number spades first and aces
  first within a suit, so the two indices differ and are converted here.
* A bid ``b`` (0 = Nil) is the action ``52 + b``. There is no blind Nil.
* Players 0–3 sit North, East, South, West in OpenSpiel's own picture, and player 0
  always bids and leads first. Our :class:`~spades_teach.Round` starts left of the
  dealer, so our seats are rotated: the first bidder is player 0, and so on
  clockwise. Rotating keeps partners together.
* The deal is 52 chance actions: the ``i``-th card dealt goes to player ``i % 4``.

Where OpenSpiel's rules differ from ours (version 2.0.2)
--------------------------------------------------------
* It never marks spades as broken, so a leader with another suit is never offered
  a spade lead, even after spades were played. Its legal set is then narrower
  than ours; it is never checked against its own rule when an action is applied.
* It caps a partnership's two bids at 13 in total (and fails hard past that), so
  a bid of ours that would push a partnership over 13 is mirrored as
  ``13 - partner's bid`` (:func:`mirrored_bid`); our own :class:`Round` keeps and
  scores the real bid.
* Its scoring (what its search maximises) is its own; every figure we report is
  scored by our :class:`Round`.

The pure functions (numbering, the deal, trick winners, shown voids, the
resampling of hidden hands) need nothing but the standard library and are
tested without OpenSpiel; :class:`Mirror` and :class:`IsmctsPlayer` import
``pyspiel`` when built.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from spades_teach import Bid, BidEvent, Card, Hand, Rank, Round, Rules, Seat, SpadesError, Suit
from spades_teach.advice.sampling import deal_by_suits, draw_deal

NUM_CARDS = 52
BID_BASE = 52  # action of the bid 0 (Nil); 13 tricks is 65
MAX_TEAM_BID = 13
SPADES = 3  # OpenSpiel's suit number for spades


class AdapterError(SpadesError):
    """Something OpenSpiel's game cannot represent, or an action it cannot mean."""


# -- numbering -----------------------------------------------------------------------------------------------------


def card_action(card: Card) -> int:
    """OpenSpiel's action for ``card``.

    >>> card_action(Card.parse("2C")), card_action(Card.parse("AS"))
    (0, 51)
    """
    return (3 - int(card.suit)) * 13 + int(card.rank) - 2


def action_card(action: int) -> Card:
    """Our card for OpenSpiel's play action ``action`` (0–51).

    >>> str(action_card(51)), str(action_card(13))
    ('AS', '2D')
    """
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_CARDS:
        raise AdapterError(f"{action!r} is not an openspiel card action (0-51)")
    return Card(Rank(action % 13 + 2), Suit(3 - action // 13))


def bid_action(bid: Bid | int) -> int:
    """OpenSpiel's action for a bid of ``bid`` tricks (0 = Nil); blind Nil has none."""
    value = _bid_value(bid)
    return BID_BASE + value


def action_bid(action: int) -> int:
    """The bid (0 = Nil, 1–13) of OpenSpiel's bidding action ``action`` (52–65)."""
    if isinstance(action, bool) or not isinstance(action, int) or not BID_BASE <= action <= BID_BASE + 13:
        raise AdapterError(f"{action!r} is not an openspiel bid action (52-65)")
    return action - BID_BASE


def _bid_value(bid: Bid | int) -> int:
    if isinstance(bid, Bid):
        if bid.blind:
            raise AdapterError(f"openspiel's spades has no blind nil: cannot mirror {bid!r}")
        return bid.tricks
    if isinstance(bid, bool) or not isinstance(bid, int) or not 0 <= bid <= 13:
        raise AdapterError(f"a bid is 0 (nil) to 13 tricks, got {bid!r}")
    return bid


def player_of(seat: Seat, dealer: Seat) -> int:
    """OpenSpiel's player number for our ``seat`` when ``dealer`` dealt (player 0 bids first).

    >>> player_of(Seat.E, Seat.N), player_of(Seat.N, Seat.N)
    (0, 3)
    """
    return (int(seat) - int(dealer) - 1) % 4


def seat_of(player: int, dealer: Seat) -> Seat:
    """Our seat for OpenSpiel's ``player`` (the inverse of :func:`player_of`)."""
    return Seat((player + int(dealer) + 1) % 4)


def deal_actions(hands: Mapping[Seat, Iterable[Card]], dealer: Seat) -> list[int]:
    """The 52 chance actions that deal ``hands`` (13 cards per seat) in OpenSpiel."""
    by_player: list[list[int]] = [[], [], [], []]
    for seat, cards in hands.items():
        by_player[player_of(Seat(seat), dealer)] = sorted(card_action(c) for c in cards)
    return interleave(by_player)


def interleave(by_player: Sequence[Sequence[int]]) -> list[int]:
    """Chance actions dealing ``by_player[p]`` to player ``p``: the ``i``-th goes to ``i % 4``."""
    if [len(h) for h in by_player] != [13, 13, 13, 13]:
        raise AdapterError(f"a deal needs 13 cards per player, got {[len(h) for h in by_player]}")
    if len({a for h in by_player for a in h}) != NUM_CARDS:
        raise AdapterError("a deal needs 52 different cards")
    return [by_player[i % 4][i // 4] for i in range(NUM_CARDS)]


def mirrored_bid(bid: int, partner_bid: int | None) -> int:
    """The bid OpenSpiel can be told for ``bid`` when the partner already bid
    ``partner_bid`` (``None``: not yet): capped so that the two add up to 13 at most.

    >>> mirrored_bid(7, 7), mirrored_bid(7, None), mirrored_bid(0, 13)
    (6, 7, 0)
    """
    if partner_bid is None:
        return bid
    return min(bid, MAX_TEAM_BID - partner_bid)


# -- play as OpenSpiel sees it -------------------------------------------------------------------------------------


def trick_winner(leader: int, cards: Sequence[int]) -> int:
    """The player who wins a complete trick of card actions led by ``leader``
    (the highest spade, else the highest card of the suit led).

    >>> trick_winner(2, [12, 11, 50, 0])  # A♣ led by 2, K♣, 2♠ by player 0, 2♣
    0
    """
    best, best_at = cards[0], 0
    for at, card in enumerate(cards[1:], start=1):
        same = card // 13 == best // 13
        if (same and card > best) or (not same and card // 13 == SPADES):
            best, best_at = card, at
    return (leader + best_at) % 4


@dataclass
class PlayRecord:
    """What the plays so far show: who played each card and which suits each player
    is known to lack (``voids[p]`` holds OpenSpiel suit numbers)."""

    played_by: dict[int, int] = field(default_factory=dict)
    voids: list[set[int]] = field(default_factory=lambda: [set(), set(), set(), set()])


def read_plays(plays: Sequence[int]) -> PlayRecord:
    """Follow the card actions of a hand in order (player 0 leads the first trick):
    who played what, and the voids shown by failing to follow suit."""
    record = PlayRecord()
    leader = 0
    for start in range(0, len(plays), 4):
        trick = plays[start : start + 4]
        for at, card in enumerate(trick):
            player = (leader + at) % 4
            record.played_by[card] = player
            if card // 13 != trick[0] // 13:
                record.voids[player].add(trick[0] // 13)
        if len(trick) == 4:
            leader = trick_winner(leader, trick)
    return record


def split_history(history: Sequence[int]) -> tuple[list[list[int]], list[int], list[int]]:
    """An OpenSpiel spades history as (the hands dealt by player, the bid actions, the card actions)."""
    if len(history) < NUM_CARDS:
        raise AdapterError(f"the deal is not complete: {len(history)} of 52 cards dealt")
    hands: list[list[int]] = [[], [], [], []]
    for i, card in enumerate(history[:NUM_CARDS]):
        hands[i % 4].append(card)
    bids = list(history[NUM_CARDS : NUM_CARDS + 4])
    plays = list(history[NUM_CARDS + 4 :])
    return hands, bids, plays


def resample_history(history: Sequence[int], player: int, rng: random.Random, attempts: int = 60) -> list[int]:
    """A history that ``player`` cannot tell from ``history``: the same bids and
    plays, the same own hand, and the other players' unplayed cards dealt afresh
    at random, each keeping its number of cards and no card of a suit it has shown
    to lack. (Cards are placed most constrained first with weights by the room
    left, a close approximation of the uniform draw.)"""
    hands, bids, plays = split_history(history)
    record = read_plays(plays)
    others = [p for p in range(4) if p != player]
    kept = {p: [c for c in hands[p] if c in record.played_by] for p in others}
    hidden = [c for p in others for c in hands[p] if c not in record.played_by]
    room = {p: 13 - len(kept[p]) for p in others}
    for _ in range(attempts):
        dealt = _deal_hidden(hidden, room, record.voids, others, rng)
        if dealt is not None:
            break
    else:
        # The constraints are tight (the greedy draw keeps failing): search for a deal.
        dealt = _deal_by_search(hidden, room, record.voids, others, rng)
        if dealt is None:
            raise AdapterError("could not deal the hidden cards consistently with the voids shown")
    new = [list(hands[player]) if p == player else kept[p] + dealt[p] for p in range(4)]
    return interleave(new) + bids + plays


def _deal_by_search(
    hidden: list[int], room: Mapping[int, int], voids: Sequence[set[int]], others: list[int], rng: random.Random
) -> dict[int, list[int]] | None:
    """A deal of ``hidden`` into the free ``room`` of ``others`` that respects the
    voids, found by the library's exact search (``None`` only if there is none)."""
    allowed = [sum(1 << suit for suit in range(4) if suit not in voids[p]) for p in others]
    takers = deal_by_suits([c // 13 for c in hidden], room=[room[p] for p in others], allowed=allowed, rng=rng)
    if takers is None:
        return None
    out: dict[int, list[int]] = {p: [] for p in others}
    for card, taker in zip(hidden, takers, strict=True):
        out[others[taker]].append(card)
    return out


def _deal_hidden(
    hidden: list[int], room: Mapping[int, int], voids: Sequence[set[int]], others: list[int], rng: random.Random
) -> dict[int, list[int]] | None:
    """One attempt at dealing ``hidden`` into the free ``room`` of ``others`` by the
    library's one sampler (:func:`~spades_teach.advice.sampling.draw_deal`), or
    ``None`` when a card finds no player allowed to hold it."""
    cards = [action_card(c) for c in hidden]
    allowed = (
        [sum(1 << (3 - suit) for suit in range(4) if suit not in voids[p]) for p in others]  # our suit numbers
        if any(voids[p] for p in others)
        else None  # nothing known: the shuffled cards are cut in order
    )
    masks = draw_deal(cards, room=[room[p] for p in others], rng=rng, allowed=allowed)
    if masks is None:
        return None
    return {p: [card_action(c) for c in Hand.from_mask(mask)] for p, mask in zip(others, masks, strict=True)}


# -- OpenSpiel itself ----------------------------------------------------------------------------------------------


def check_rules(rules: Rules) -> None:
    """Refuse rule sets OpenSpiel's game cannot mirror."""
    if rules.players != 4:
        raise AdapterError("openspiel's spades is the four-player game: use Rules(players=4)")
    if rules.first_lead != "left_of_dealer":
        raise AdapterError(f"openspiel's spades leads from the first bidder, not {rules.first_lead!r}")
    if rules.blind_nil:
        raise AdapterError("openspiel's spades has no blind nil: use Rules(blind_nil=False)")


def load_game() -> Any:
    """OpenSpiel's ``spades`` game (imports ``pyspiel``)."""
    import pyspiel

    return pyspiel.load_game("spades")


class Mirror:
    """An OpenSpiel spades state kept in step with one of our :class:`Round`\\ s.

    :meth:`sync` applies whatever bids and cards the round has seen since the last
    call. ``capped`` counts the bids that had to be lowered for OpenSpiel's cap of
    13 tricks per partnership.
    """

    def __init__(self, round_: Round, game: Any = None) -> None:
        check_rules(round_.rules)
        self.game = game if game is not None else load_game()
        self.dealer = round_.dealer
        self.state = self.game.new_initial_state()
        for action in deal_actions({s: round_.deal[s] for s in Seat}, self.dealer):
            self.state.apply_action(action)
        self._told: dict[int, int] = {}
        self._events = 0
        self.capped = 0

    def sync(self, round_: Round) -> None:
        """Apply the round's new bids and cards to the OpenSpiel state."""
        history = round_.history
        for event in history[self._events :]:
            if isinstance(event, BidEvent):
                self.state.apply_action(bid_action(self._tell(event.seat, event.bid)))
            else:
                self.state.apply_action(card_action(event.card))
        self._events = len(history)

    def _tell(self, seat: Seat, bid: Bid) -> int:
        player = player_of(seat, self.dealer)
        value = _bid_value(bid)
        told = mirrored_bid(value, self._told.get((player + 2) % 4))
        self.capped += told != value
        self._told[player] = told
        return told

    def legal_cards(self) -> set[Card]:
        """The cards OpenSpiel would let the player to act play now."""
        return {action_card(a) for a in self.state.legal_actions() if a < NUM_CARDS}

    def legal_bids(self) -> set[int]:
        """The bids OpenSpiel would let the player to act make now."""
        return {action_bid(a) for a in self.state.legal_actions() if a >= BID_BASE}


@dataclass
class IsmctsStats:
    """What happened at the ISMCTS seats of one or more hands.

    ``decisions``: bids and cards chosen; ``narrower``: card decisions where
    OpenSpiel offered fewer cards than our rules allow (a spade lead after spades
    were broken, which it never knows); ``wider``: decisions where it offered a
    card or bid our rules forbid; ``repaired``: its choice was illegal for us and
    the most visited legal alternative was played instead; ``capped``: bids of the
    other side lowered for OpenSpiel's 13-trick partnership cap.
    """

    decisions: int = 0
    narrower: int = 0
    wider: int = 0
    repaired: int = 0
    capped: int = 0

    def add(self, other: IsmctsStats) -> None:
        self.decisions += other.decisions
        self.narrower += other.narrower
        self.wider += other.wider
        self.repaired += other.repaired
        self.capped += other.capped


@dataclass(frozen=True)
class Choice:
    """An action ISMCTS searched, with its root visits and mean return."""

    action: int
    visits: float
    value: float


def pick_legal(chosen: int, choices: Sequence[Choice], is_legal: Any) -> tuple[int, bool]:
    """``(action, repaired)``: ``chosen`` when ``is_legal(chosen)``, else the legal
    searched action with the most visits (then the best mean return). Raises
    :class:`AdapterError` when no searched action is legal.

    >>> pick_legal(3, [Choice(3, 9, 1.0), Choice(4, 5, 2.0), Choice(5, 5, 3.0)], lambda a: a != 3)
    (5, True)
    """
    if is_legal(chosen):
        return chosen, False
    legal = [c for c in choices if is_legal(c.action)]
    if not legal:
        raise AdapterError(f"openspiel's search chose {chosen} and found no action legal under our rules")
    best = max(legal, key=lambda c: (c.visits, c.value, -c.action))
    return best.action, True


class RandomRollout:
    """ISMCTS's leaf evaluation: one game played out to the end with every player
    choosing uniformly among its legal actions; the value is the final returns.

    This is what OpenSpiel's ``mcts.RandomRolloutEvaluator(n_rollouts=1)`` does,
    with Python's ``random`` in place of a numpy call per move (about twice as fast
    in all). The prior is uniform over the legal actions, as there.
    """

    def __init__(self, rng: random.Random) -> None:
        self._draw = rng.random

    def evaluate(self, state: Any) -> Any:
        import numpy as np

        working = state.clone()
        draw = self._draw
        while not working.is_terminal():
            if working.is_chance_node():
                outcomes = working.chance_outcomes()
                working.apply_action(outcomes[int(draw() * len(outcomes))][0])
                continue
            actions = working.legal_actions()
            working.apply_action(actions[int(draw() * len(actions))])
        return np.array(working.returns())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


class IsmctsPlayer:
    """OpenSpiel's Information-Set MCTS bot (random rollouts) playing one seat of a :class:`Round`.

    Each decision builds a fresh :class:`ISMCTSBot` with ``simulations`` simulations,
    keyed on observation strings, whose hidden hands are redrawn by
    :func:`resample_history`. Its choice is checked against our rules before it is
    played (see :func:`pick_legal`). All randomness comes from ``seed``.
    """

    def __init__(self, game: Any, simulations: int, seed: int, uct_c: float) -> None:
        import numpy as np

        self.game = game
        self.simulations = simulations
        self.uct_c = uct_c
        self._np = np.random.RandomState(seed % 2**32)
        self._rng = random.Random(seed)
        self.stats = IsmctsStats()

    def _bot(self) -> Any:
        from open_spiel.python.algorithms import ismcts

        bot = ismcts.ISMCTSBot(
            game=self.game,
            evaluator=RandomRollout(self._rng),
            uct_c=self.uct_c,
            max_simulations=self.simulations,
            random_state=self._np,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            use_observation_string=True,
        )
        bot.set_resampler(self._resample)
        return bot

    def _resample(self, state: Any, player: int) -> Any:
        new = self.game.new_initial_state()
        for action in resample_history(state.history(), player, self._rng):
            new.apply_action(action)
        return new

    def _search(self, state: Any) -> tuple[int, list[Choice]]:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0], [Choice(legal[0], 1, 0.0)]
        bot = self._bot()
        policy = bot.run_search(state)
        actions = [a for a, _ in policy]
        probs = [p for _, p in policy]
        chosen = int(self._np.choice(actions, p=probs))
        root = bot._root_node  # the searched tree's root: visit counts for the repair
        choices = [Choice(int(a), c.visits, c.value() if c.visits else 0.0) for a, c in root.child_info.items()]
        return chosen, choices

    def choose(self, round_: Round, mirror: Mirror) -> Bid | Card:
        """The bid or card ISMCTS makes for the seat to act in ``round_`` (legal under our rules)."""
        mirror.sync(round_)
        seat = round_.to_act
        if seat is None or player_of(seat, mirror.dealer) != mirror.state.current_player():
            raise AdapterError("the openspiel state is out of step with the round")
        self.stats.decisions += 1
        if round_.phase == "bidding":
            ours_bids = {int(b) for b in round_.legal_bids() if not b.blind}
            theirs_bids = mirror.legal_bids()
            self.stats.wider += bool(theirs_bids - ours_bids)
            chosen, choices = self._search(mirror.state)
            action, repaired = pick_legal(chosen, choices, lambda a: action_bid(a) in ours_bids)
            self.stats.repaired += repaired
            return Bid(action_bid(action))
        ours = set(round_.legal_plays())
        theirs = mirror.legal_cards()
        self.stats.narrower += bool(ours - theirs)
        self.stats.wider += bool(theirs - ours)
        chosen, choices = self._search(mirror.state)
        action, repaired = pick_legal(chosen, choices, lambda a: action_card(a) in ours)
        self.stats.repaired += repaired
        return action_card(action)
