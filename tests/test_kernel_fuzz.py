"""The compiled kernel is safe at its edge: nothing reachable from Python crashes the process.

The C ``PlayCore`` (``spades_teach/game/_kernel.c``) and :class:`Round` on it are
called here with hostile arguments (``None``, huge and negative ints, floats,
strings, lists of the wrong length or of the wrong things, objects whose hooks
raise or rewrite the round under the call), every settable field is written with
them, ``PlayCore.__new__`` is used without a deal, methods are called out of
order, rounds are pickled and copied, and play goes on after all of it.
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
        names = set(dir(CompiledRound)) | set(dir(_kernel.PlayCore))
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

    kernel = fuzzer.kernel
    ace = fuzzer.deck[0]
    for _ in range(20):
        bare = kernel.PlayCore.__new__(kernel.PlayCore)
        for action, *arguments in (
            (bare.legal_plays,),
            (bare.play, Seat.N, ace),
            (bare._play_any, Seat.N, ace),
            (bare._close_trick,),
            (bare._end_trick,),
            (getattr, bare, "to_act"),
            *((getattr, bare, name) for name in fuzzer.names),
            (bare._start_play, [2**64 - 1] * 4, Rules(), Seat.N),
            (bare.legal_plays,),
            (bare._close_trick,),
            (bare._play_any, Seat.E, ace),
            *((bare._close_trick,) for _ in range(20)),
            (pickle.dumps, bare),
            (copy.copy, bare),
            (copy.deepcopy, bare),
        ):
            fuzzer.attempt(action, *arguments)
    for number in range(30):
        r = fuzzer.round_type(deal(number))
        fuzzer.attempt(r.legal_plays)
        fuzzer.attempt(r.play, r.to_act, ace)
        fuzzer.attempt(r._play_any, Seat.N, ace)
        fuzzer.attempt(r._close_trick)
        fuzzer.play_on(r, 60)
        for action, *arguments in (
            (r.play, Seat.N, ace),
            (r.bid, Seat.N, 3),
            (r.legal_plays,),
            (r._play_any, Seat.N, ace),
            (r._close_trick,),
            (r._end_trick,),
            (r.undo,),
        ):
            fuzzer.attempt(action, *arguments)
        for _ in range(3):
            clone = fuzzer.duplicate(r)
            if clone is not None:
                fuzzer.play_on(clone, 60)


def strange_hands(fuzzer: Fuzzer) -> None:
    """The play restarted with hostile hands (bits past the 52 cards, negative, too few,
    not ints) at any point of a hand, then any card played for any seat, tricks closed
    early, the seat to play rewritten, and the legal cards asked after every step."""
    from spades_teach import Seat

    rng = fuzzer.rng
    hands_values = [value for value in fuzzer.values if isinstance(value, (list, tuple))]
    hands_values += [[rng.getrandbits(64) for _ in range(4)] for _ in range(6)]
    for hands in hands_values:
        for rules in fuzzer.rules:
            for first in (*Seat, None, 0):
                target = fuzzer.fresh()
                fuzzer.attempt(target._start_play, hands, rules, first)
                for _ in range(40):
                    kind = rng.random()
                    if kind < 0.3:
                        seat, card = rng.choice(list(Seat)), rng.choice(fuzzer.deck)
                        fuzzer.attempt(target._play_any, seat, card)
                    elif kind < 0.4:
                        fuzzer.attempt(target._close_trick)
                    elif kind < 0.5:
                        fuzzer.write(target, "_to_play", rng.choice(list(Seat)))
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
    """The fields C trusts refuse what it cannot use, and change nothing when they do."""
    from spades_teach import Rules, Seat, deal
    from spades_teach.game.round import PureRound

    r = fuzzer.round_type(deal(8))
    fuzzer.play_on(r, 10)
    before = (r.history, r._trick_cards, r.to_act, r.phase, r._players, r.hands)
    refused = [
        ("_players", 100, ValueError),
        ("_players", 3, ValueError),
        ("_players", 4.0, TypeError),
        ("_players", True, TypeError),
        ("_to_play", 2, TypeError),
        ("_to_play", "S", TypeError),
        ("_to_act", 7, TypeError),
        ("_leader", object(), TypeError),
        ("_phase", "done", ValueError),
        ("_phase", None, ValueError),
        ("_history", (), TypeError),
        ("_next_of", {seat: 1 for seat in Seat}, TypeError),
        ("_order_from", {seat: [seat] for seat in Seat}, TypeError),
        ("_order_from", {seat: (seat, 5) for seat in Seat}, TypeError),
    ]
    for name, value, error in refused:
        try:
            setattr(r, name, value)
        except error:
            pass
        else:
            raise AssertionError(f"{name} = {value!r} was accepted")
    for name in ("_trick_cards", "_top_seat", "_broken", "_c2_pending", "_spade_lead_breaks", "_hands", "_tricks"):
        try:
            setattr(r, name, getattr(r, name))
        except AttributeError:
            pass
        else:
            raise AssertionError(f"{name} is writable")
    for name in ("_to_act", "_history", "_phase", "_players"):
        try:
            delattr(r, name)
        except AttributeError:
            pass
        else:
            raise AssertionError(f"{name} could be deleted")
    assert (r.history, r._trick_cards, r.to_act, r.phase, r._players, r.hands) == before
    r._trick_cards.append(fuzzer.deck[0])  # a copy: the trick in progress is untouched
    assert r._trick_cards == list(before[1])
    # Hands are cut to the 52 card bits on both forms alike.
    twins = fuzzer.round_type(deal(9)), PureRound(deal(9))
    for made in twins:
        made._start_play([2**64 - 1] * 4, Rules(spade_lead_breaks=True), Seat.N)
        made._to_act = made._to_play = Seat.N
        made._phase = "play"
    assert twins[0]._hands == twins[1]._hands == [2**52 - 1] * 4
    assert twins[0].legal_plays() == twins[1].legal_plays() and len(twins[0].legal_plays()) == 39
    for made in twins:
        made._play_any(Seat.N, fuzzer.deck[0])  # the ace of spades led: spades broken under this rule
        made._to_play = Seat.E
    assert twins[0]._broken and twins[1]._broken
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
