"""The scripts of ``benchmarks/`` as modules, for the tests that check what they compute."""

from __future__ import annotations

from types import ModuleType

from _scripts import ROOT, load_script

BENCHMARKS = ROOT / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` imported as the module ``name`` (once: a second call returns the same
    module), with ``benchmarks/`` on ``sys.path`` while it loads, for its imports of its neighbours."""
    return load_script(BENCHMARKS / f"{name}.py", name)
