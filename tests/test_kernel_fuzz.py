"""The compiled kernel is safe at its edge: nothing reachable from Python crashes the process.

The C ``PlayCore`` (``spades_teach/game/_kernel.c``) and :class:`Round` holding one
are called here with hostile arguments (``None``, huge and negative ints, floats,
strings, lists of the wrong length or of the wrong things, objects whose hooks
raise or rewrite the round under the call), every field is written with them (the
core's are all read-only; a round's are plain Python), the core is built from
hostile rules, seatings and refused hooks, ``PlayCore.__new__`` is used without a
deal, methods are called out of order, rounds are pickled and copied, and play goes
on after all of it.
Exceptions are expected; a crash is not. Each run happens in a subprocess (a
segfault would otherwise take pytest down with it), seeded, with a fixed number
of steps, and must exit 0 after printing its summary line.
"""

from __future__ import annotations

import copy
import gc
import math
import os
import pickle
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

#: Dunder methods worth calling with hostile arguments (the rest are object's own).
_DUNDERS = ("__init__", "__reduce__", "__reduce_ex__", "__repr__", "__getstate__", "__sizeof__", "__dir__")


# -- the fuzzer (runs in the subprocess) ---------------------------------------------------


class Fuzzer:
    """Seeded hostile calls and writes against compiled rounds and bare ``PlayCore`` objects."""

    def __init__(self, seed: int) -> None:
        from spades_teach import Card, Rules, deal
        from spades_teach.game import _kernel
        from spades_teach.game.round import CompiledRound

        assert CompiledRound is not None, "the compiled kernel is not built"
        self.rng = random.Random(seed)
        self.kernel = _kernel
        self.round_type: type[Any] = CompiledRound
        self.rules = [Rules(), Rules(players=2), Rules(first_lead="two_of_clubs", spade_lead_breaks=True)]
        self.deal = deal
        self.deck = [Card.from_index(i) for i in range(52)]
        from spades_teach.game.twoplayer import deal_by_drawing

        self.deals = [
            (rules, deal_by_drawing(n) if rules.players == 2 else deal(n)) for rules in self.rules for n in range(8)
        ]
        self.pool: list[Any] = [self.fresh() for _ in range(6)]
        names = set(dir(CompiledRound)) | set(dir(_kernel.PlayCore)) | set(vars(CompiledRound(deal(1))))
        self.names = sorted(n for n in names if not n.startswith("__") or n in _DUNDERS)
        self.values = self.hostile_values()
        self.meddling = False
        self.counts = {"calls": 0, "raised": 0, "writes": 0, "refused": 0, "hands": 0}

    # -- the objects under test
    def fresh(self) -> Any:
        """A compiled round at a random point of a random hand, or a bare PlayCore."""
        rng = self.rng
        if rng.random() < 0.15:
            return self.kernel.PlayCore.__new__(self.kernel.PlayCore)
        rules, cards = rng.choice(self.deals)
        made = self.round_type(cards, rules=rules)
        self.play_on(made, rng.randrange(60))
        return made

    def hostile_values(self) -> list[Any]:
        from spades_teach import Rules, Seat

        fuzzer = self

        class Hostile:
            """Every hook lies or raises."""

            def __index__(self) -> int:
                raise RuntimeError("no index")

            def __int__(self) -> int:
                return 2

            def __eq__(self, other: object) -> bool:
                return True

            def __hash__(self) -> int:
                return 0

            def __len__(self) -> int:
                return 4

            def __iter__(self) -> Iterator[int]:
                return iter([1 << 70] * 4)

            def __getitem__(self, key: Any) -> Any:
                return Seat.N

            def __bool__(self) -> bool:
                raise RuntimeError("no truth")

        class Meddler:
            """Rewrites the rounds of the pool from inside whatever C or Python calls it."""

            def meddle(self) -> None:
                if fuzzer.meddling:
                    return
                fuzzer.meddling = True
                try:
                    for _ in range(3):
                        fuzzer.step()
                finally:
                    fuzzer.meddling = False

            def __getattr__(self, name: str) -> Any:
                if name.startswith("__"):
                    raise AttributeError(name)
                self.meddle()
                return fuzzer.rng.choice(fuzzer.values)

            def __eq__(self, other: object) -> bool:
                self.meddle()
                return False

            def __hash__(self) -> int:
                self.meddle()
                return 1

            def __index__(self) -> int:
                self.meddle()
                return 1

            def __iter__(self) -> Iterator[Any]:
                self.meddle()
                return iter(fuzzer.deck[:4])

            def __getitem__(self, key: Any) -> Any:
                self.meddle()
                return fuzzer.rng.choice(list(Seat))

        class Big(int):
            pass

        deck = self.deck
        ace, two_clubs = deck[0], deck[51]
        return [
            None, True, False, 0, 1, 2, 3, 4, 5, 13, 52, 100, -1, -5, 2**31, -(2**31) - 1, 2**63, 2**64 - 1,
            2**64, 2**200, -(2**70), Big(2), Big(4), 2.0, 0.5, math.nan, math.inf, "", "N", "S", "AS", "2C",
            "bidding", "play", "complete", "nil", "x" * 50, b"\x00", bytearray(b"AS"), [], [0] * 4,
            [2**64 - 1] * 4, [1 << 52] * 4, [1 << 63] * 4, [-1] * 4, [1, 2, 3], [None] * 4, ["AS"] * 4,
            [ace] * 5, [ace, two_clubs], list(deck), [2**64] * 4, tuple(deck[:4]), (Seat.N,) * 9,
            (Seat.N, Seat.E), {}, {Seat.N: Seat.E}, {s: 7 for s in Seat}, {s: (Seat.N,) * 4 for s in Seat},
            {s: "x" for s in Seat}, {s: (0, 1, 2, 3) for s in Seat}, *Seat, ace, two_clubs, Rules(),
            Rules(players=2), Rules(first_lead="two_of_clubs"), object(), Hostile(), Meddler(), Meddler(),
            self.kernel.PlayCore.__new__(self.kernel.PlayCore), self.round_type(self.deal(1)), self.deal(3),
            Seat, int, [[ace]], {"NS": 10 ** 30}, self.rules[0].__class__,
        ]  # fmt: skip

    def core_of(self, target: Any) -> Any:
        """The compiled card-play component of a round (or the bare core itself)."""
        return target._play if isinstance(target, self.round_type) else target

    # -- what is done to them
    def args(self) -> list[Any]:
        return [self.rng.choice(self.values) for _ in range(self.rng.choice((0, 1, 1, 2, 2, 3)))]

    def attempt(self, action: Callable[..., Any], *arguments: Any) -> Any:
        """``action(*arguments)``, or ``None`` if it raised."""
        self.counts["calls"] += 1
        try:
            return action(*arguments)
        except RecursionError:
            raise
        except Exception:  # any exception is fine, a crash is not
            self.counts["raised"] += 1
            return None

    def call(self, target: Any, name: str) -> None:
        method = self.attempt(lambda: getattr(target, name))
        if callable(method):
            arguments = self.args()
            self.attempt(lambda: method(*arguments))

    def write(self, target: Any, name: str, value: Any) -> None:
        self.counts["writes"] += 1
        try:
            setattr(target, name, value)
        except Exception:
            self.counts["refused"] += 1

    def delete(self, target: Any, name: str) -> None:
        self.attempt(lambda: delattr(target, name))

    def play_on(self, target: Any, steps: int) -> None:
        """Go on bidding and playing legal moves (any exception ends it)."""
        rng = self.rng
        try:
            for _ in range(steps):
                seat = target.to_act
                if seat is None:
                    break
                if target.phase == "bidding":
                    bids = target.legal_bids()
                    target.bid(seat, bids[rng.randrange(len(bids))] if bids else 3)
                else:
                    legal = target.legal_plays()
                    target.play(seat, legal[rng.randrange(len(legal))] if legal else self.deck[0])
            if isinstance(target, self.round_type) and target.is_complete:
                self.counts["hands"] += 1
                if rng.random() < 0.1:
                    target.score()
        except Exception:
            pass

    def duplicate(self, target: Any) -> Any:
        how = self.rng.randrange(4)
        if how == 0:
            return self.attempt(lambda: pickle.loads(pickle.dumps(target)))
        if how == 1:
            return self.attempt(lambda: copy.copy(target))
        if how == 2:
            return self.attempt(lambda: copy.deepcopy(target))
        return self.attempt(lambda: target.copy())

    def step(self) -> None:
        """One random action on one object of the pool."""
        rng = self.rng
        slot = rng.randrange(len(self.pool))
        target = self.pool[slot]
        kind = rng.random()
        name = rng.choice(self.names)
        if kind < 0.35:
            self.call(target, name)
        elif kind < 0.65:
            self.write(target, name, rng.choice(self.values))
        elif kind < 0.68:
            self.delete(target, name)
        elif kind < 0.85:
            self.play_on(target, rng.randrange(1, 20))
        elif kind < 0.93:
            clone = self.duplicate(target)
            if clone is not None:
                self.play_on(clone, 60)
                self.pool[slot] = clone
        elif kind < 0.95:
            arguments = self.args()
            self.attempt(lambda: self.kernel.setup(*arguments))
        else:
            self.pool[slot] = self.fresh()
        if rng.random() < 0.01:
            gc.collect()


# -- the scenarios --------------------------------------------------------------------------


def every_write(fuzzer: Fuzzer) -> None:
    """Every field of the C type and of a round's dictionary written (and deleted) with
    every hostile value, then play goes on; every other attribute once."""
    import inspect

    from spades_teach import deal

    core = fuzzer.kernel.PlayCore
    fields = sorted(
        {name for name in dir(core) if inspect.isdatadescriptor(inspect.getattr_static(core, name))}
        | set(vars(fuzzer.round_type(deal(1))))
    )
    for name in fuzzer.names:
        if name not in fields:
            target = fuzzer.fresh()
            fuzzer.write(target, name, fuzzer.rng.choice(fuzzer.values))
            fuzzer.play_on(target, 30)
    for name in fields:
        for value in fuzzer.values:
            target = fuzzer.fresh()
            fuzzer.write(target, name, value)
            fuzzer.play_on(target, 30)
            fuzzer.call(target, "legal_plays")
        target = fuzzer.fresh()
        fuzzer.delete(target, name)
        fuzzer.play_on(target, 60)


def every_call(fuzzer: Fuzzer) -> None:
    """Every method called with random hostile arguments, on rounds and bare PlayCores."""
    for name in fuzzer.names:
        for _ in range(12):
            target = fuzzer.rng.choice(fuzzer.pool)
            fuzzer.call(target, name)
            fuzzer.play_on(target, 3)


def out_of_order(fuzzer: Fuzzer) -> None:
    """Bare PlayCores, calls before the play starts and after the hand is over, copies."""
    from spades_teach import Rules, Seat, deal
    from spades_teach.game.seating import seating_of

    kernel = fuzzer.kernel
    ace = fuzzer.deck[0]
    for _ in range(20):
        bare = kernel.PlayCore.__new__(kernel.PlayCore)
        for action, *arguments in (
            (bare.legal_plays,),
            (bare.play, Seat.N, ace),
            (bare.play_unchecked, Seat.N, ace),
            (bare.begin, Seat.N),
            (bare.two_clubs_to_lead,),
            (getattr, bare, "to_play"),
            *((getattr, bare, name) for name in fuzzer.names),
            (bare.start, [2**64 - 1] * 4),
            (bare.begin, Seat.E),
            (bare.legal_plays,),
            (bare.play_unchecked, Seat.E, ace),
            *((bare.play_unchecked, Seat.W, ace, True) for _ in range(20)),
            (bare.__init__, Rules(), seating_of(Rules())),
            (bare.play_unchecked, Seat.W, ace),
            *((bare.play_unchecked, Seat.N, ace) for _ in range(60)),
            (pickle.dumps, bare),
            (copy.copy, bare),
            (copy.deepcopy, bare),
        ):
            fuzzer.attempt(action, *arguments)
    for number in range(30):
        r = fuzzer.round_type(deal(number))
        core = r._play
        fuzzer.attempt(r.legal_plays)
        fuzzer.attempt(r.play, r.to_act, ace)
        fuzzer.attempt(core.play_unchecked, Seat.N, ace)
        fuzzer.attempt(core.begin, Seat.S)
        fuzzer.play_on(r, 60)
        for action, *arguments in (
            (r.play, Seat.N, ace),
            (r.bid, Seat.N, 3),
            (r.legal_plays,),
            (core.play_unchecked, Seat.N, ace),
            (core.begin, Seat.W),
            (core.start, [0, 0, 0]),
            (r.undo,),
        ):
            fuzzer.attempt(action, *arguments)
        for _ in range(3):
            clone = fuzzer.duplicate(r)
            if clone is not None:
                fuzzer.play_on(clone, 60)


def strange_hands(fuzzer: Fuzzer) -> None:
    """The play restarted with hostile hands (bits past the 52 cards, negative, too few,
    not ints) at any point of a hand, under any rules and seating, then any card played
    for any seat, the leader and seat to play rewritten mid-trick, and the legal cards
    asked after every step."""
    from spades_teach import Seat
    from spades_teach.game.seating import seating_of

    rng = fuzzer.rng
    hands_values = [value for value in fuzzer.values if isinstance(value, (list, tuple))]
    hands_values += [[rng.getrandbits(64) for _ in range(4)] for _ in range(6)]
    for hands in hands_values:
        for rules in fuzzer.rules:
            for first in (*Seat, None, 0):
                target = fuzzer.fresh()
                core = fuzzer.core_of(target)
                fuzzer.attempt(core.__init__, rules, seating_of(rules), rng.choice([None, print, fuzzer.values[-3]]))
                fuzzer.attempt(core.start, hands)
                fuzzer.attempt(core.begin, first)
                for _ in range(40):
                    kind = rng.random()
                    if kind < 0.3:
                        seat, card = rng.choice(list(Seat)), rng.choice(fuzzer.deck)
                        fuzzer.attempt(core.play_unchecked, seat, card, rng.random() < 0.2)
                    elif kind < 0.4:
                        fuzzer.attempt(core.begin, rng.choice(list(Seat)))
                    elif kind < 0.5:
                        fuzzer.attempt(core.play, rng.choice(list(Seat)), rng.choice(fuzzer.deck))
                    else:
                        fuzzer.play_on(target, 1)
                    fuzzer.attempt(target.legal_plays)


def random_steps(fuzzer: Fuzzer, steps: int = 3000) -> None:
    """Random calls, writes, deletions, plays, copies and setup calls, interleaved."""
    for _ in range(steps):
        fuzzer.step()


def still_sound(fuzzer: Fuzzer) -> None:
    """After all that, a new compiled round still plays exactly like the pure reference."""
    from spades_teach import deal
    from spades_teach.game.round import PureRound

    for number in range(5):
        ours, reference = fuzzer.round_type(deal(number)), PureRound(deal(number))
        rng = random.Random(number)
        while ours.to_act is not None:
            assert ours.to_act == reference.to_act and ours.legal_plays() == reference.legal_plays()
            if ours.phase == "bidding":
                bid = rng.choice(ours.legal_bids())
                ours.bid(ours.to_act, bid), reference.bid(reference.to_act, bid)
            else:
                card = rng.choice(ours.legal_plays())
                assert ours.play(ours.to_act, card) == reference.play(reference.to_act, card)
        assert ours.score() == reference.score() and ours.tricks_won == reference.tricks_won


def checked_fields(fuzzer: Fuzzer) -> None:
    """What C trusts is checked where it comes in (the constructor's rules and seating,
    start's hands, begin's and play_unchecked's seat), refused values change nothing, and
    no field of the core can be written or deleted from Python."""
    import types

    from spades_teach import Rules, Seat, deal
    from spades_teach.game.round import PureRound
    from spades_teach.game.seating import seating_of

    r = fuzzer.round_type(deal(8))
    fuzzer.play_on(r, 10)
    core = r._play
    readers = ("to_play", "leader", "hands", "trick", "tricks", "won", "broken", "led_mask", "events")
    before = (r.history, core.trick, r.to_act, r.phase, r.hands, [getattr(core, name) for name in readers])
    four = seating_of(Rules())

    def seating(**changes: Any) -> Any:
        fields = {"players": 4, "next_of": four.next_of, "trick_orders": four.trick_orders, **changes}
        return types.SimpleNamespace(**fields)

    ace = fuzzer.deck[0]
    refused = [
        (core.__init__, (Rules(), seating(players=100)), ValueError),
        (core.__init__, (Rules(), seating(players=3)), ValueError),
        (core.__init__, (Rules(), seating(players=4.0)), TypeError),
        (core.__init__, (Rules(), seating(players=True)), TypeError),
        (core.__init__, (Rules(), seating(next_of={seat: 1 for seat in Seat})), TypeError),
        (core.__init__, (Rules(), seating(trick_orders={seat: [seat] for seat in Seat})), TypeError),
        (core.__init__, (Rules(), seating(trick_orders={seat: (seat, 5) for seat in Seat})), TypeError),
        (core.__init__, (Rules(), seating(trick_orders={seat: (seat,) * 5 for seat in Seat})), TypeError),
        (core.__init__, (Rules(), four, 7), TypeError),
        (core.begin, (2,), TypeError),
        (core.begin, ("S",), TypeError),
        (core.begin, (None,), TypeError),
        (core.begin, (object(),), TypeError),
        (core.play_unchecked, (7, ace), TypeError),
        (core.play_unchecked, (Seat.N, "AS"), TypeError),
        (core.start, ([0, 0, 0],), ValueError),
        (core.start, ([-1] * 4,), OverflowError),
        (core.start, (["AS"] * 4,), TypeError),
    ]
    for action, arguments, error in refused:
        try:
            action(*arguments)
        except error:
            pass
        else:
            raise AssertionError(f"{action.__name__}{arguments!r} was accepted")
    for name in (*readers, "refused", "players"):
        try:
            setattr(core, name, getattr(core, name, None))
        except AttributeError:
            pass
        else:
            raise AssertionError(f"{name} is writable")
        try:
            delattr(core, name)
        except AttributeError:
            pass
        else:
            raise AssertionError(f"{name} could be deleted")
    assert (r.history, core.trick, r.to_act, r.phase, r.hands, [getattr(core, name) for name in readers]) == before
    for name in ("trick", "tricks", "events", "hands", "won"):
        getattr(core, name).append(fuzzer.deck[0])  # a copy: the core's own list is untouched
    assert [getattr(core, name) for name in readers] == before[-1]
    # Hands are cut to the 52 card bits on both forms alike.
    rules = Rules(spade_lead_breaks=True)
    twins = fuzzer.round_type(deal(9), rules=rules)._play, PureRound(deal(9), rules=rules)._play
    for made in twins:
        made.start([2**64 - 1] * 4)
        made.begin(Seat.N)
    assert twins[0].hands == twins[1].hands == [2**52 - 1] * 4
    assert twins[0].legal_plays() == twins[1].legal_plays() and len(twins[0].legal_plays()) == 39
    for made in twins:
        made.play_unchecked(Seat.N, fuzzer.deck[0])  # the ace of spades led: spades broken under this rule
    assert twins[0].broken and twins[1].broken and twins[0].to_play is twins[1].to_play is Seat.E
    assert twins[0].legal_plays() == twins[1].legal_plays() and len(twins[0].legal_plays()) == 13
    # The kernel's types are bound once: a repeat is allowed, other objects are not.
    from spades_teach.game.cards import Card, Cards
    from spades_teach.game.kernel import PlayEvent, Trick

    fuzzer.kernel.setup(Card, Cards, PlayEvent, Trick, fuzzer.deck, tuple(Seat))
    other_trick = (Card, Cards, PlayEvent, dict, fuzzer.deck, tuple(Seat))
    other_deck = (Card, Cards, PlayEvent, Trick, fuzzer.deck[::-1], tuple(Seat))
    for swapped in (other_trick, other_deck):
        try:
            fuzzer.kernel.setup(*swapped)
        except RuntimeError:
            pass
        else:
            raise AssertionError("setup accepted other objects")
    fuzzer.counts["calls"] += 1
    fuzzer.counts["raised"] += len(refused)


SCENARIOS: dict[str, Callable[[Fuzzer], None]] = {
    "checked_fields": checked_fields,
    "every_write": every_write,
    "every_call": every_call,
    "out_of_order": out_of_order,
    "strange_hands": strange_hands,
    "random_steps": random_steps,
}


def run(scenario: str, seed: int) -> None:
    """Run one scenario in this process, then check the kernel still plays right."""
    sys.setrecursionlimit(400)
    fuzzer = Fuzzer(seed)
    SCENARIOS[scenario](fuzzer)
    gc.collect()
    still_sound(fuzzer)
    counts = " ".join(f"{key}={value}" for key, value in fuzzer.counts.items())
    print(f"fuzz {scenario} seed={seed} survived: {counts}")


# -- the tests (each scenario in its own subprocess) ----------------------------------------


def run_in_subprocess(scenario: str, seed: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONFAULTHANDLER": "1"}
    env.pop("SPADES_TEACH_PURE_KERNEL", None)
    command = [sys.executable, str(Path(__file__).resolve()), scenario, str(seed)]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=300, cwd=ROOT)


def check_survived(scenario: str, seed: int) -> None:
    done = run_in_subprocess(scenario, seed)
    report = f"exit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    assert done.returncode == 0, report
    summary = done.stdout.strip().splitlines()[-1]
    assert summary.startswith(f"fuzz {scenario} seed={seed} survived"), report
    counts = dict(part.split("=") for part in summary.split(": ")[1].split())
    assert int(counts["calls"]) > 0 and int(counts["raised"]) > 0, report  # hostile input was refused somewhere


def test_the_fields_c_trusts_refuse_what_it_cannot_use() -> None:
    check_survived("checked_fields", 0)


def test_every_field_written_with_hostile_values_then_play_goes_on() -> None:
    check_survived("every_write", 1)


def test_every_method_called_with_hostile_arguments() -> None:
    check_survived("every_call", 2)


def test_calls_out_of_order_pickling_and_copies() -> None:
    check_survived("out_of_order", 3)


def test_hostile_hands_and_any_card_for_any_seat() -> None:
    check_survived("strange_hands", 5)


def test_random_calls_writes_copies_and_play_interleaved() -> None:
    check_survived("random_steps", 4)


if __name__ == "__main__":
    run(sys.argv[1], int(sys.argv[2]))
