"""The compiled double-dummy core in the browser: ``_ddcore.c`` built as WebAssembly.

Pyodide (the Python of the book's live edition) cannot load the CPython extension ``_ddcore``, and
the pure-Python reference solver takes minutes on a whole hand there. The live edition's wheel
carries ``_ddcore.wasm`` instead: the same C search compiled to plain wasm32 by clang and lld
(``spades_teach/solver/_ddcore_wasm.c``, built by ``tools/lite/build_ddcore_wasm.sh``). This module
loads it through Pyodide's JavaScript bridge (``js.WebAssembly``) and gives it the interface of the
extension (``solve``, ``nodes``, ``clear``), so :mod:`spades_teach.solver` uses either alike
and gets the same answers.

Outside Pyodide, or when the wheel has no ``_ddcore.wasm``, :func:`load_wasm_core` returns ``None``.
"""

from __future__ import annotations

import sys
from importlib import resources
from typing import Any

#: The file name of the WebAssembly core, in this package.
WASM_FILE = "_ddcore.wasm"

#: What ``dd_solve`` returns for an input it refuses (the message is at ``dd_error()``) and when the
#: transposition table could not be allocated.
_BAD_INPUT = -3
_NO_MEMORY = -2

_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1


def running_in_pyodide() -> bool:
    """Whether this Python is Pyodide's (compiled to WebAssembly with Emscripten)."""
    return sys.platform == "emscripten"


def wasm_bytes() -> bytes | None:
    """The packaged WebAssembly core, or ``None`` when this install has none."""
    path = resources.files("spades_teach.solver").joinpath(WASM_FILE)
    return path.read_bytes() if path.is_file() else None


def load_wasm_core() -> WasmCore | None:
    """The WebAssembly core, when running under Pyodide with ``_ddcore.wasm`` installed."""
    if not running_in_pyodide():
        return None
    code = wasm_bytes()
    return None if code is None else WasmCore(code)


def _int_arg(name: str, value: Any) -> int:
    """A C ``int`` argument: what ``PyArg_ParseTuple``'s ``i`` accepts."""
    if not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    if not _INT_MIN <= value <= _INT_MAX:
        raise OverflowError(f"{name} does not fit a C int: {value}")
    return int(value)


def _mask_halves(hands: Any) -> list[int]:
    """The four hand masks as eight 32-bit halves (low, high), as ``dd_solve`` takes them."""
    if not isinstance(hands, tuple) or len(hands) != 4:
        raise ValueError("hands must be a tuple of four masks")
    halves: list[int] = []
    for mask in hands:
        if not isinstance(mask, int):
            raise TypeError(f"a hand mask must be an integer, not {type(mask).__name__}")
        if not 0 <= mask < 2**64:
            raise OverflowError(f"a hand mask must fit 64 bits: {mask}")
        halves += [mask & 0xFFFFFFFF, mask >> 32]
    return halves


def _trick_cards(trick: Any) -> list[int]:
    """The trick in progress as three card arguments (unused ones 0); an index out of range is
    passed as -1, which the core refuses with its own message."""
    if not isinstance(trick, tuple) or len(trick) > 3:
        raise ValueError("trick must be a tuple of at most three card indices")
    cards: list[int] = []
    for card in trick:
        if not isinstance(card, int):
            raise TypeError(f"a trick card must be an integer, not {type(card).__name__}")
        cards.append(card if 0 <= card <= 51 else -1)
    return cards + [0] * (3 - len(cards))


class WasmCore:
    """The WebAssembly core behind the interface of the ``_ddcore`` extension."""

    def __init__(self, code: bytes) -> None:
        import js  # type: ignore[import-not-found]  # Pyodide's bridge to JavaScript
        from pyodide.ffi import to_js  # type: ignore[import-not-found]

        # Synchronous compilation: the kernel runs in a web worker (and Node.js), where it is allowed.
        module = js.WebAssembly.Module.new(to_js(code))
        instance = js.WebAssembly.Instance.new(module, js.Object.new())
        exports = instance.exports
        self._memory = exports.memory
        self._solve = exports.dd_solve
        self._nodes = exports.dd_nodes
        self._clear = exports.dd_clear
        self._error = exports.dd_error

    def solve(
        self,
        hands: tuple[int, int, int, int],
        leader: int,
        trick: tuple[int, ...],
        broken: Any,
        flags: int,
        objective: int,
        target: int = 0,
        limit: int = 0,
    ) -> int:
        """The exact value of a position (or, with ``target > 0``, whether it reaches ``target``:
        1 or 0); -1 when ``limit > 0`` nodes were not enough. As ``_ddcore.solve``."""
        args = [
            *_mask_halves(hands),
            _int_arg("leader", leader),
            len(trick) if isinstance(trick, tuple) else 0,
            *_trick_cards(trick),
            1 if broken else 0,
            _int_arg("flags", flags),
            _int_arg("objective", objective),
            _int_arg("target", target),
            float(max(0, min(int(limit), 2**53))),
        ]
        value = int(self._solve(*args))
        if value == _BAD_INPUT:
            raise ValueError(self._message())
        if value == _NO_MEMORY:
            raise MemoryError("no memory for the double-dummy search's table")
        return value

    def nodes(self) -> int:
        """The search nodes visited by the last :meth:`solve`."""
        return int(self._nodes())

    def clear(self) -> None:
        """Empty the transposition table."""
        self._clear()

    def _message(self) -> str:
        """The core's last error message (a C string in its memory)."""
        import js

        start = int(self._error())
        memory = js.Uint8Array.new(self._memory.buffer, start, 200).to_py()
        return bytes(memory).split(b"\0", 1)[0].decode("ascii")
