"""The compiled twin of the kernel's play state against the pure-Python reference.

:class:`~spades_teach.game.round.PureRound` plays on the pure-Python
:class:`~spades_teach.game.kernel.PlayState` (the reference) and
:class:`~spades_teach.game.round.CompiledRound` on its compiled twin
(``spades_teach/game/_kernel.c``). Both are driven side by side over thousands of
seeded random hands in several rule sets, with legal cards, reneges, refused plays
(given as cards and as text), undo and replay, and must agree at every step.
"""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from spades_teach import Card, IllegalActionError, Round, Rules, Seat, SpadesError, deal
from spades_teach.game import kernel
from spades_teach.game.round import CompiledRound, PureRound
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
    """``pip install`` builds the compiled twin, and ``Round`` plays on it."""
    assert kernel.CompiledPlayState is not None
    expected = "python" if os.environ.get("SPADES_TEACH_PURE_KERNEL") == "1" else "c"
    assert kernel.BACKEND == expected
    assert issubclass(Round, kernel.FastPlayState)


def test_the_environment_selects_the_pure_kernel() -> None:
    probe = "from spades_teach.game import kernel, round; print(kernel.BACKEND, round.Round.__mro__[2].__name__)"
    env = {**os.environ, "SPADES_TEACH_PURE_KERNEL": "1", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["python", "PlayState"]
    env.pop("SPADES_TEACH_PURE_KERNEL")
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["c", "PlayCore"]


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
