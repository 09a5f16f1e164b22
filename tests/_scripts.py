"""The project's scripts (tools, benchmarks, generators) imported as modules, for the tests that check
what they compute."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(path: Path, name: str | None = None) -> ModuleType:
    """The script at ``path`` imported as the module ``name`` (its file's stem by default), once: a
    second call returns the same module. Its folder is on ``sys.path`` while it loads, for its imports
    of its neighbours."""
    name = name or path.stem
    if name in sys.modules:
        return sys.modules[name]
    folder = str(path.parent)
    sys.path.insert(0, folder)
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
    finally:
        sys.path.remove(folder)
    return module


def modules_imported_by(code: str, prefixes: tuple[str, ...]) -> list[str]:
    """The modules whose names start with one of ``prefixes`` that a fresh interpreter has imported
    after running ``code`` (from the project's root)."""
    import json
    import subprocess

    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(m for m in sys.modules if m.startswith({prefixes!r}))))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    found: list[str] = json.loads(out.stdout.strip().splitlines()[-1])
    return found
