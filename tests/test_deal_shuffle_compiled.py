"""``deal(seed)``'s Fisher-Yates shuffle comes in two forms: ``deals._shuffle_stream``
(pure Python, the reference) and ``_kernel.shuffle`` (compiled, used when the
compiled kernel is). Both must give the same cards for every byte stream, and
``None`` alike when the stream runs out."""

from __future__ import annotations

import hashlib
import random

import pytest

from spades_teach.game import deals, kernel


def compiled_shuffle() -> object:
    from spades_teach.game import _kernel

    return _kernel.shuffle


def test_the_compiled_shuffle_is_the_reference() -> None:
    shuffle = compiled_shuffle()
    rng = random.Random(20)
    outcomes = {"deck": 0, "ran out": 0}
    for size in list(range(0, 70)) + [64] * 3000:
        stream = bytes(rng.randrange(256) for _ in range(size))
        expected = deals._shuffle_stream(stream)
        assert shuffle(stream) == expected  # type: ignore[operator]
        outcomes["deck" if expected is not None else "ran out"] += 1
        if expected is not None:
            assert sorted(expected) == list(range(52))
    assert outcomes["deck"] > 2000 and outcomes["ran out"] > 50


def test_the_compiled_shuffle_refuses_anything_but_bytes() -> None:
    shuffle = compiled_shuffle()
    for bad in ("abc", bytearray(64), None, 5, [1, 2]):
        with pytest.raises(TypeError, match="needs a bytes object"):
            shuffle(bad)  # type: ignore[operator]


def test_deal_uses_the_compiled_shuffle_with_the_compiled_kernel() -> None:
    assert (kernel.SHUFFLE is not None) == (kernel.BACKEND == "c")
    for seed in range(200):
        prefix = b"spades_teach/deal/v1|" + deals._seed_text(seed) + b"|"
        stream = b"".join(hashlib.sha256(prefix + k.to_bytes(8, "big")).digest() for k in range(4))
        assert deals._shuffled_indices(seed) == deals._shuffle_stream(stream)


def test_the_compiled_dealing_is_the_reference() -> None:
    from spades_teach.game import _kernel

    rng = random.Random(21)
    outcomes = {"deal": 0, "ran out": 0}
    for size in list(range(0, 70)) + [64] * 1000:
        stream = bytes(rng.randrange(256) for _ in range(size))
        first = rng.randrange(4)
        expected = deals._deal_stream(stream, first)
        assert _kernel.deal_masks(stream, first) == expected
        outcomes["deal" if expected is not None else "ran out"] += 1
        if expected is not None:
            assert [bin(m).count("1") for m in expected] == [13] * 4
            assert expected[0] | expected[1] | expected[2] | expected[3] == (1 << 52) - 1
    assert outcomes["deal"] > 500 and outcomes["ran out"] > 50


def test_the_compiled_dealing_refuses_bad_arguments() -> None:
    from spades_teach.game import _kernel

    with pytest.raises(TypeError, match="needs a bytes object"):
        _kernel.deal_masks("abc", 0)  # type: ignore[arg-type]
    for first in (-1, 4, 1 << 70):
        with pytest.raises((ValueError, OverflowError)):
            _kernel.deal_masks(bytes(64), first)
    with pytest.raises(TypeError):
        _kernel.deal_masks(bytes(64))  # type: ignore[call-arg]


def test_deal_is_the_same_on_the_pure_python_dealing(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = {(seed, dealer): deals.deal(seed, dealer=dealer) for seed in (0, 9, "x") for dealer in "NESW"}
    monkeypatch.setattr(deals, "_DEAL_MASKS", deals._deal_stream)
    for (seed, dealer), dealt in expected.items():
        assert deals.deal(seed, dealer=dealer) == dealt
        assert deals.deal(seed, dealer=dealer).dealer == dealt.dealer
