"""The double-dummy core built as WebAssembly, for the live edition, answers as the C extension does.

``tools/lite/build_ddcore_wasm.sh`` compiles ``_ddcore.c`` (through ``_ddcore_wasm.c``) to wasm32 with
clang and lld. A copy of the package holding it runs in Pyodide under Node.js (``tests/pyodide_run.mjs``,
the Python of the live edition without a browser), where ``spades_teach.solver`` loads it through the JavaScript
bridge. The same positions, solved in the same order from an empty table, must give the same values
*and visit the same number of nodes* as the extension here; bad input must get the same errors; and the
review of a whole hand ("what each card cost") must read the same.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from _positions import random_position

from spades_teach import Round, deal, solver
from spades_teach.advice.bots import play_round
from spades_teach.advice.levels import make_bot
from spades_teach.analysis.card_cost import card_costs
from spades_teach.game.records import GameRecord, dumps
from spades_teach.solver import _wasm_core, backend

ROOT = Path(__file__).resolve().parents[1]
PYODIDE = ROOT / "tools" / "lite" / "node_modules" / "pyodide"

#: What the script run in Pyodide does with the calls written beside it (calls.json): make them, in
#: order, on the core the solver loaded, and review the recorded hand.
SCRIPT = """
import json, time
from spades_teach import solver
from spades_teach.solver import _wasm_core, backend
from spades_teach.analysis.card_cost import card_costs
from spades_teach.game.records import loads

core = backend.CORE
out = {"backend": solver.SOLVER_BACKEND, "core": type(core).__name__, "answers": []}
core.clear()
for call in json.load(open("calls.json")):
    try:
        value = core.solve(tuple(call["hands"]), call["leader"], tuple(call["trick"]), call["broken"],
                           call["flags"], call["objective"], call["target"], call["limit"])
        out["answers"].append([value, core.nodes()])
    except ValueError as error:
        out["answers"].append(["ValueError", str(error)])
solver.clear_table()
start = time.perf_counter()
costs = card_costs(loads(open("hand.json").read()))
out["review_seconds"] = time.perf_counter() - start
out["review"] = [[str(c.card), c.cost, c.nil_lost, c.explanation] for c in costs]
print("RESULT " + json.dumps(out))
"""


def _call(pos: solver.DDState, objective: int, target: int, limit: int) -> dict[str, Any]:
    return {
        "hands": list(pos.hands),
        "leader": pos.leader,
        "trick": list(pos.trick),
        "broken": pos.broken,
        "flags": backend.core_flags(pos),  # every rule flag the solver passes to its core
        "objective": objective,
        "target": target,
        "limit": limit,
    }


def _calls(seed: int) -> list[dict[str, Any]]:
    """Random positions of every size, whole deals included, with every objective, zero-window
    targets and node limits (some of them too small), and a few inputs the core must refuse."""
    rng = random.Random(seed)
    calls = []
    for size in [*range(1, 14), *[rng.randint(5, 13) for _ in range(180)]]:
        pos = random_position(rng, size)
        objective = 0 if rng.random() < 0.6 else rng.randint(1, 4)
        target = rng.randint(1, pos.tricks_left) if rng.random() < 0.3 else 0
        limit = rng.choice((0, 0, 0, 50, 5_000, 10_000_000))
        calls.append(_call(pos, objective, target, limit))
    good = calls[-1]
    calls += [
        {**good, "hands": [good["hands"][0]] * 4},  # the same cards in every hand
        {**good, "leader": 4},
        {**good, "objective": 5},
        {**good, "hands": [1 << 52, 0, 0, 0]},
        {**good, "trick": [60]},
    ]
    return calls


def _native_answers(calls: list[dict[str, Any]]) -> list[list[Any]]:
    core = backend.CORE
    assert solver.SOLVER_BACKEND == "c" and core is not None, "the C extension is not built"
    core.clear()
    answers: list[list[Any]] = []
    for call in calls:
        args = (tuple(call["hands"]), call["leader"], tuple(call["trick"]), call["broken"], call["flags"])
        try:
            value = core.solve(*args, call["objective"], call["target"], call["limit"])
            answers.append([value, core.nodes()])
        except ValueError as error:
            answers.append(["ValueError", str(error)])
    return answers


def _played_hand() -> Round:
    round_ = Round(deal(2024), dealer="W")
    play_round(round_, {seat: make_bot("medium", 7) for seat in "NESW"})
    assert round_.is_complete
    return round_


def _package_with_wasm(folder: Path) -> None:
    """A copy of the package, as the live edition's wheel holds it: no extension, the .wasm core."""
    shutil.copytree(
        ROOT / "spades_teach", folder / "spades_teach", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c")
    )
    built = subprocess.run(
        [
            "bash",
            str(ROOT / "tools" / "lite" / "build_ddcore_wasm.sh"),
            str(folder / "spades_teach" / "solver" / "_ddcore.wasm"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr


def _run_in_pyodide(folder: Path) -> dict[str, Any]:
    fetched = subprocess.run(
        ["bash", str(ROOT / "tools" / "lite" / "fetch_pyodide.sh")], capture_output=True, text=True, timeout=600
    )
    assert fetched.returncode == 0, fetched.stderr
    (folder / "run.py").write_text(SCRIPT, encoding="utf-8")
    done = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(PYODIDE), str(folder), str(folder / "run.py")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    line = next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))
    result: dict[str, Any] = json.loads(line.removeprefix("RESULT "))
    return result


@pytest.mark.slow
def test_the_webassembly_core_in_pyodide_answers_as_the_c_extension(tmp_path: Path) -> None:
    calls = _calls(seed=22)
    (tmp_path / "calls.json").write_text(json.dumps(calls), encoding="utf-8")
    hand = _played_hand()
    (tmp_path / "hand.json").write_text(dumps(GameRecord.from_round(hand)), encoding="utf-8")
    _package_with_wasm(tmp_path)

    result = _run_in_pyodide(tmp_path)

    assert (result["backend"], result["core"]) == ("c", "WasmCore")
    expected = _native_answers(calls)
    assert [a[0] for a in expected].count(-1) > 0, "some limits must be too small"
    assert sum(1 for a in expected if a[0] == "ValueError") == 5
    for number, (got, want) in enumerate(zip(result["answers"], expected, strict=True)):
        assert got == want, (number, calls[number])

    solver.clear_table()
    start = time.perf_counter()
    review = [[str(c.card), c.cost, c.nil_lost, c.explanation] for c in card_costs(hand)]
    native_seconds = time.perf_counter() - start
    assert result["review"] == review
    assert len(review) == 52
    print(
        f"review of a whole hand: {result['review_seconds']:.2f} s in Pyodide (Node.js), {native_seconds:.2f} s native"
    )


def test_outside_pyodide_the_webassembly_core_is_not_loaded() -> None:
    assert not _wasm_core.running_in_pyodide()
    assert _wasm_core.load_wasm_core() is None
    assert backend.load_core() is not None and type(backend.load_core()).__name__ == "module"


def test_the_wasm_core_refuses_arguments_as_the_extension_does() -> None:
    """The checks made in Python before the call into WebAssembly raise what the extension raises."""
    core = backend.CORE
    assert core is not None
    good = ((1, 2, 4, 8), 0, (), False, 0, 0)
    for bad_hands in [(1, 2, 4), [1, 2, 4, 8]]:
        with pytest.raises(ValueError, match="hands must be a tuple of four masks"):
            core.solve(bad_hands, *good[1:])
        with pytest.raises(ValueError, match="hands must be a tuple of four masks"):
            _wasm_core._mask_halves(bad_hands)
    with pytest.raises(ValueError, match="trick must be a tuple of at most three card indices"):
        core.solve(good[0], 0, (1, 2, 3, 4), False, 0, 0)
    with pytest.raises(ValueError, match="trick must be a tuple of at most three card indices"):
        _wasm_core._trick_cards((1, 2, 3, 4))
    with pytest.raises(OverflowError):
        core.solve((-1, 2, 4, 8), *good[1:])
    with pytest.raises(OverflowError):
        _wasm_core._mask_halves((-1, 2, 4, 8))
    assert _wasm_core._mask_halves((1, 2**51, 0, 2**32 + 5)) == [1, 0, 0, 2**19, 0, 0, 5, 1]
    assert _wasm_core._trick_cards((51, 60)) == [51, -1, 0]
