"""The compiled twin of the kernel's play state against the pure-Python reference.

:class:`~spades_teach.game.round.PureRound` holds the pure-Python
:class:`~spades_teach.game.kernel.PlayState` (the reference) as its card-play component
and :class:`~spades_teach.game.round.CompiledRound` its compiled twin
(``spades_teach/game/_kernel.c``). Both are driven side by side over thousands of
seeded random hands in several rule sets, with legal cards, reneges, refused plays
(given as cards and as text), undo and replay, and must agree at every step; the two
components are also driven directly through their public interface
(:class:`~spades_teach.game.kernel.PlayKernel`).
"""

from __future__ import annotations

import gc
import os
import pickle
import random
import subprocess
import sys
import weakref
from pathlib import Path
from typing import Any

import pytest

from spades_teach import (
    Card,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    Round,
    Rules,
    Seat,
    SpadesError,
    deal,
)
from spades_teach.game import kernel
from spades_teach.game.round import CompiledRound, PureRound
from spades_teach.game.seating import seating_of
from spades_teach.game.twoplayer import deal_by_drawing

ROOT = Path(__file__).resolve().parents[1]

RULE_SETS = {
    "standard": Rules(),
    "renege-penalty": Rules(renege="penalty"),
    "two-player": Rules(players=2),
    "spade-lead-breaks": Rules(spade_lead_breaks=True),
    "two-of-clubs": Rules(first_lead="two_of_clubs"),
    "everything": Rules(
        first_lead="two_of_clubs", spade_lead_breaks=True, renege="penalty", blind_nil=True, min_team_bid=4
    ),
    "two-player-penalty": Rules(players=2, renege="penalty", spade_lead_breaks=True),
}


def snapshot(r: Any) -> dict[str, Any]:
    """Everything a caller can see of a round."""
    current = r.current_trick
    return {
        "phase": r.phase,
        "to_act": r.to_act,
        "legal": tuple(r.legal_plays()),
        "legal_type": type(r.legal_plays()).__name__,
        "bids": dict(r.bids),
        "legal_bids": r.legal_bids(),
        "history": r.history,
        "hands": dict(r.hands),
        "tricks": [(t.number, t.leader, t.cards, t.seats, t.winner) for t in r.tricks],
        "current": (current.number, current.leader, current.cards, current.seats),
        "won": dict(r.tricks_won),
        "broken": r.spades_broken,
        "reneges": r.reneges,
        "complete": r.is_complete,
    }


def outcome(action: Any, *args: Any) -> tuple[str, Any]:
    """What an action returned, or the class and message of the error it raised."""
    try:
        return ("ok", action(*args))
    except SpadesError as exc:
        return (type(exc).__name__, str(exc))


def compiled_round() -> type[Any]:
    assert CompiledRound is not None, "the compiled kernel (spades_teach.game._kernel) is not built"
    return CompiledRound


def step(rng: random.Random, pair: list[Any]) -> None:
    """One random action, the same on both rounds; their answers must agree."""
    pure, fast = pair
    seat = pure.to_act
    roll = rng.random()
    if pure.history and roll < 0.01:
        assert outcome(pure.undo) == outcome(fast.undo)
        return
    if pure.phase == "bidding":
        options = pure.legal_bids()
        if roll < 0.05:
            bid: Any = rng.choice(["blind nil", 14, "nil", 0, "x"])
            assert outcome(lambda: pure.bid(seat, bid)) == outcome(lambda: fast.bid(seat, bid))
            return
        choice = options[int(rng.random() * len(options))]
        assert pure.bid(seat, choice) == fast.bid(seat, choice)
        return
    legal = pure.legal_plays()
    hand = list(pure.hand(seat))
    if roll < 0.08:  # any card of the hand: a renege under the penalty rule, refused otherwise
        card: Any = rng.choice(hand)
    elif roll < 0.10:  # a card of another seat, or the wrong seat
        other = rng.choice([s for s in pure.seats if s is not seat])
        card = rng.choice(list(pure.hand(other)) or hand)
        if roll < 0.09:
            assert outcome(lambda: pure.play(other, card)) == outcome(lambda: fast.play(other, card))
            return
    else:
        card = legal[int(rng.random() * len(legal))]
    if rng.random() < 0.1:  # the slow path: seat and card as text
        s_arg: Any = seat.name if seat is not None else None
        c_arg: Any = str(card)
    else:
        s_arg, c_arg = seat, card
    assert pure.can_play(s_arg, c_arg) == fast.can_play(s_arg, c_arg)
    assert pure.why_illegal(c_arg) == fast.why_illegal(c_arg)
    assert outcome(lambda: pure.play(s_arg, c_arg)) == outcome(lambda: fast.play(s_arg, c_arg))


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_compiled_kernel_agrees_with_the_reference(name: str) -> None:
    """300 hands a rule set, 2,100 in all, compared after every action."""
    rules = RULE_SETS[name]
    fast_type = compiled_round()
    rng = random.Random(name)
    hands = 0
    for number in range(300):
        cards = deal(number) if rules.players == 4 else deal_by_drawing(number, rules=rules)
        dealer = Seat(number % 4) if rules.players == 4 else None
        scores = {"NS": -120, "EW": 40} if rules.players == 4 and number % 3 == 0 else None
        pair = [PureRound(cards, dealer=dealer, rules=rules, scores=scores)]
        pair.append(fast_type(cards, dealer=dealer, rules=rules, scores=scores))
        assert snapshot(pair[0]) == snapshot(pair[1])
        while not pair[0].is_complete:
            step(rng, pair)
            assert snapshot(pair[0]) == snapshot(pair[1])
        assert pair[0].score() == pair[1].score()
        hands += 1
    assert hands == 300


def test_both_forms_refuse_the_same_way_once_the_hand_is_over() -> None:
    fast_type = compiled_round()
    rng = random.Random(5)
    pair = [PureRound(deal(3), dealer="N"), fast_type(deal(3), dealer="N")]
    while not pair[0].is_complete:
        step(rng, pair)
    for seat, card in [(None, Card.parse("AS")), (Seat.N, Card.parse("2C")), ("E", "3H")]:
        assert outcome(pair[0].play, seat, card) == outcome(pair[1].play, seat, card)
        assert outcome(pair[0].play, seat, card)[0] == "IllegalPlayError"
    assert pair[0].legal_plays() == pair[1].legal_plays() == ()


def test_a_play_before_the_bidding_ends_is_refused_in_both_forms() -> None:
    fast_type = compiled_round()
    for cls in (PureRound, fast_type):
        r = cls(deal(1), dealer="N")
        with pytest.raises(IllegalActionError, match="the bidding is not finished"):
            r.play(None, Card.parse("AS"))
        assert r.phase == "bidding" and r.history == ()


def test_copy_and_pickle_keep_the_state_in_both_forms() -> None:
    fast_type = compiled_round()
    for cls in (PureRound, fast_type):
        rng = random.Random(11)
        r = cls(deal(11), dealer="E", rules=Rules(renege="penalty"))
        pair = [r, cls(deal(11), dealer="E", rules=Rules(renege="penalty"))]
        for _ in range(30):
            step(rng, pair)
        for clone in (r.copy(), pickle.loads(pickle.dumps(r))):
            assert type(clone) is cls
            assert snapshot(clone) == snapshot(r)
            clone.play(clone.to_act, clone.legal_plays()[0])  # independent of the original
            assert len(clone.history) == len(r.history) + 1


def test_round_uses_the_compiled_kernel_when_built() -> None:
    """``pip install`` builds the compiled twin, and ``Round`` plays on it (a build of older
    source, whose interface kernel.py does not use, is left out: rebuild it)."""
    from spades_teach.game import _kernel

    assert _kernel.INTERFACE == kernel._KERNEL_INTERFACE
    assert kernel.CompiledPlayState is not None
    expected = "python" if os.environ.get("SPADES_TEACH_PURE_KERNEL") == "1" else "c"
    assert kernel.BACKEND == expected
    assert Round(deal(1)).kernel_backend == expected


def test_round_holds_the_compiled_kernel_as_a_component() -> None:
    """The compiled twin is a component of the round, not a base class of it: no round
    class derives from it (it cannot be derived from), each round holds one, and it
    shows Python no private field to share."""
    from spades_teach.game import _kernel

    core_type = _kernel.PlayCore
    assert kernel.CompiledPlayState is core_type
    for cls in (Round, PureRound, compiled_round()):
        assert not issubclass(cls, core_type) and not issubclass(cls, kernel.PlayState)
    assert compiled_round()(deal(1)).kernel_backend == "c"
    assert PureRound(deal(1)).kernel_backend == "python"
    with pytest.raises(TypeError):
        type("Derived", (core_type,), {})
    assert [name for name in dir(core_type) if name.startswith("_") and not name.startswith("__")] == []
    assert not hasattr(core_type(Rules(), seating_of(Rules())), "__dict__")


def test_a_round_is_freed_without_the_garbage_collector() -> None:
    """The component's way back to its round (the refused hook) holds the round weakly:
    no reference cycle, so a round is freed as soon as it is dropped."""
    for cls in (PureRound, compiled_round()):
        r = cls(deal(4), dealer="N")
        for seat, bid in zip("ESWN", [3, 4, 2, 3]):
            r.bid(seat, bid)
        r.play(r.to_act, r.legal_plays()[0])
        r.play(r.to_act.name, str(r.legal_plays()[0]))  # type: ignore[union-attr]  # the slow path, through the hook
        gone = weakref.ref(r)
        gc.disable()
        try:
            del r
            assert gone() is None
        finally:
            gc.enable()


def test_a_play_kept_without_its_round_refuses_a_card_with_a_spades_error() -> None:
    """``play = Round(...).play`` keeps only the component's method: a legal card still plays, and a
    card the fast path does not take is refused with a SpadesError that says why, not a bare
    ReferenceError."""
    for cls in (PureRound, compiled_round()):
        r = cls(deal(4), dealer="N")
        for seat, bid in zip("ESWN", [3, 4, 2, 3]):
            r.bid(seat, bid)
        play, seat, legal = r.play, r.to_act, r.legal_plays()
        illegal = next(c for c in r.hand(seat) if c not in legal) if len(legal) < len(r.hand(seat)) else None
        del r
        gc.collect()
        with pytest.raises(IllegalPlayError, match="keep the round, not only its play"):
            play(seat.name, str(illegal or legal[0]))  # a seat's name: off the fast path


def test_the_class_methods_play_as_the_bound_kernel() -> None:
    """A round's ``play`` and ``legal_plays`` are its component's (the hot path); the
    methods of the class do the same when called through it."""
    for cls in (PureRound, compiled_round()):
        pair = [cls(deal(6), dealer="S", rules=Rules(renege="penalty")) for _ in range(2)]
        rng = random.Random(6)
        while not pair[0].is_complete:
            seat = pair[0].to_act
            if pair[0].phase == "bidding":
                for r in pair:
                    r.bid(seat, 3)
                continue
            assert cls.legal_plays(pair[0]) == pair[0].legal_plays() == pair[1].legal_plays()
            card = rng.choice(list(pair[0].hand(seat)))  # reneges and refusals too
            assert outcome(cls.play, pair[0], seat, card) == outcome(pair[1].play, seat, card)
            assert snapshot(pair[0]) == snapshot(pair[1])


def test_a_bid_once_the_hand_is_over_is_refused_with_the_reason() -> None:
    """(The round before the component asserted here, so the message was never shown.)"""
    for cls in (PureRound, compiled_round()):
        r = cls(deal(2), dealer="N")
        for seat in "ESWN":
            r.bid(seat, 3)
        while not r.is_complete:
            r.play(r.to_act, r.legal_plays()[0])
        with pytest.raises(IllegalBidError, match="bidding is closed: all 4 players have bid and the hand is over"):
            r.bid("N", 3)


def component_snapshot(core: Any) -> dict[str, Any]:
    """Everything the public interface of a card-play component shows."""
    return {
        "to_play": core.to_play,
        "leader": core.leader,
        "legal": core.legal_plays(),
        "hands": core.hands,
        "trick": core.trick,
        "tricks": [(t.number, t.leader, t.cards, t.seats, t.winner) for t in core.tricks],
        "won": core.won,
        "broken": core.broken,
        "led": core.led_mask,
        "events": core.events,
        "two_clubs": core.two_clubs_to_lead(),
    }


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_two_components_agree_through_their_interface(name: str) -> None:
    """``PlayState`` and the compiled ``PlayCore`` driven directly, without a round: the
    same cards dealt in, the same first leader, then random legal cards, cards of the
    hand played unchecked (reneges), and refused plays (other seats, text, illegal cards:
    ``None`` and no change without a refused hook). The same events, tricks, winners,
    hands, spades broken and legal cards after every step."""
    rules = RULE_SETS[name]
    seating = seating_of(rules)
    compiled = kernel.CompiledPlayState
    assert compiled is not None
    rng = random.Random(f"components-{name}")
    for number in range(60):
        cards = deal(number) if rules.players == 4 else deal_by_drawing(number, rules=rules)
        hands = [cards[s].mask if seating.plays(s) else 0 for s in Seat]
        pair = [kernel.PlayState(rules, seating), compiled(rules, seating)]
        for core in pair:
            assert core.play(Seat.N, Card.parse("AS")) is None  # nobody to play yet
            core.start(hands)
        leader = kernel.first_leader(hands, Seat(number % 4) if rules.players == 4 else Seat.N, rules)
        for core in pair:
            core.begin(leader)
        assert component_snapshot(pair[0]) == component_snapshot(pair[1])
        while pair[0].to_play is not None:
            seat = pair[0].to_play
            legal = pair[0].legal_plays()
            held = [Card.from_index(i) for i in range(52) if pair[0].hands[seat] >> i & 1]
            roll = rng.random()
            if roll < 0.15:  # refused: another seat, text, or an illegal card
                other = rng.choice([s for s in seating.seats if s is not seat])
                illegal = [c for c in held if c not in legal]
                attempt = rng.choice([(other, legal[0]), (seat.name, legal[0]), (seat, str(legal[0]))])
                if illegal:
                    attempt = rng.choice([attempt, (seat, illegal[0])])
                assert [core.play(*attempt) for core in pair] == [None, None]
            elif roll < 0.2:  # any card of the hand, whatever the rules say
                card = rng.choice(held)
                renege = rng.random() < 0.5
                assert pair[0].play_unchecked(seat, card, renege) == pair[1].play_unchecked(seat, card, renege)
            else:
                card = legal[int(rng.random() * len(legal))]
                events = [core.play(seat, card) for core in pair]
                assert events[0] is not None and events[0] == events[1]
            assert component_snapshot(pair[0]) == component_snapshot(pair[1])
        assert len(pair[0].events) == len(pair[1].events) == 13 * rules.players
        assert sum(pair[0].won) == 13


def test_the_refused_hook_answers_for_the_component() -> None:
    """With a ``refused`` hook, a play off the fast path is handed to it and its answer
    returned (the round's checked play); the fast path never calls it."""
    rules = Rules()
    seating = seating_of(rules)
    compiled = kernel.CompiledPlayState
    assert compiled is not None
    hands = [deal(5)[s].mask for s in Seat]
    for kind in (kernel.PlayState, compiled):
        calls: list[tuple[Any, Any]] = []

        def refused(seat: Any, card: Any, calls: list[tuple[Any, Any]] = calls) -> Any:
            calls.append((seat, card))
            raise IllegalPlayError("refused here")

        core = kind(rules, seating, refused)
        core.start(hands)
        core.begin(Seat.E)
        card = core.legal_plays()[0]
        with pytest.raises(IllegalPlayError, match="refused here"):
            core.play("E", card)
        assert calls == [("E", card)] and core.events == []
        assert core.play(Seat.E, card) == (Seat.E, card, False)
        assert len(calls) == 1


def test_the_environment_selects_the_pure_kernel() -> None:
    probe = (
        "from spades_teach import deal; from spades_teach.game import kernel, round; "
        "print(kernel.BACKEND, round.Round(deal(1)).kernel_backend, round.PureRound(deal(1)).kernel_backend)"
    )
    env = {**os.environ, "SPADES_TEACH_PURE_KERNEL": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["python", "python", "python"]
    env.pop("SPADES_TEACH_PURE_KERNEL")
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["c", "c", "python"]


def _hands(rng: random.Random) -> list[int]:
    """Hand masks of every kind the rules tell apart: random, with and without the 2♣,
    spades only, none of the suit led, and empty."""
    spades = kernel.SPADES
    hands = [0, spades, kernel.TWO_OF_CLUBS.mask, spades | kernel.TWO_OF_CLUBS.mask]
    for _ in range(300):
        mask = rng.getrandbits(52) & rng.getrandbits(52)
        hands += [mask, mask & spades, mask | kernel.TWO_OF_CLUBS.mask, mask & ~kernel.TWO_OF_CLUBS.mask]
    return hands


def test_the_c_rule_primitives_equal_the_kernel_under_every_option() -> None:
    """``game/_rules.h``, which the compiled play state and the double-dummy search
    (and its WebAssembly build) include, answers as kernel.py's ``legal``, ``beats``,
    ``breaks_spades`` and ``winning_position`` for every suit led (or none), spades
    broken or not, the 2♣ lead or not, any spade breaking spades or not."""
    from spades_teach.game import _kernel

    rng = random.Random("rule-primitives")
    leds = [0, *kernel.SUIT_MASKS]
    cards = [1 << i for i in range(52)]
    checked = 0
    for hand in _hands(rng):
        for led in leds:
            for broken in (False, True):
                for two_of_clubs in (False, True):
                    card, top = rng.choice(cards), rng.choice(cards)
                    slb = rng.random() < 0.5
                    got = _kernel.rule_primitives(hand, led, broken, two_of_clubs, card, top, slb)
                    assert got == (
                        kernel.legal(hand, led, broken, two_of_clubs),
                        kernel.beats(card, top, led),
                        kernel.breaks_spades(card, led, slb),
                    ), (hex(hand), hex(led), broken, two_of_clubs, hex(card), hex(top), slb)
                    checked += 1
    for card in cards:  # every card against every card, on every suit led, both ways of breaking
        for top in cards:
            for led in leds:
                for slb in (False, True):
                    _legal, beats, breaks = _kernel.rule_primitives(0, led, False, False, card, top, slb)
                    assert (beats, breaks) == (kernel.beats(card, top, led), kernel.breaks_spades(card, led, slb))
    for _ in range(5000):
        trick = rng.sample(range(52), rng.randint(1, 4))
        assert _kernel.winning_position(trick) == kernel.winning_position(trick), trick
    assert checked > 20000
