# The compiled double-dummy search (built from _ddcore.c; under Pyodide its WebAssembly build,
# loaded by _wasm_core.py, offers the same four functions).
from collections.abc import Sequence

def solve(
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    broken: bool,
    flags: int,
    objective: int,
    target: int = 0,
    limit: int = 0,
) -> int: ...
def legal(hands: Sequence[int], leader: int, trick: Sequence[int], broken: bool, flags: int) -> int: ...
def nodes() -> int: ...
def clear() -> None: ...
