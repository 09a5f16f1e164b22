"""The live edition's kernel without jedi (tools/make_lite_lock.py), in the site's own Pyodide under
Node.js: it starts as in the reader's browser (the packages of jupyter-lite.json loaded, then the
kernel's module imported), never imports jedi, nor IPython's terminal and prompt_toolkit, and Tab still completes, from the live objects, with
IPython's own completer, without writing anything (a completer that fails prints its traceback to
the kernel's stderr, and a kernel that turned jedi's completer on without jedi offered nothing)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from _lite import build_lite

pytestmark = [pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]

#: Run in the site's Pyodide: start the kernel, run a cell, complete three names as Tab does.
SCRIPT = r"""
import json, sys
import pyodide_kernel

written = []
for stream in (pyodide_kernel.stdout_stream, pyodide_kernel.stderr_stream):
    stream.publish_stream_callback = lambda name, text: written.append([name, text])
kernel = pyodide_kernel.kernel_instance
kernel.interpreter.run_cell("import spades_teach\nhand = [3, 1]", store_history=False)
completed = {}
for code in ["spades_teach.set_lang", "hand.app", "pri"]:
    answer = kernel.complete(code, len(code))
    completed[code] = [code[: answer["cursor_start"]] + match for match in answer["matches"]]
try:
    import jedi
    jedi_found = True
except ImportError:
    jedi_found = False
print(json.dumps({
    "completed": completed,
    "written": written,
    "use_jedi": kernel.interpreter.Completer.use_jedi,
    "jedi": jedi_found,
    "imported": sorted({name.partition(".")[0] for name in sys.modules} & {"jedi", "parso", "prompt_toolkit"}),
    "terminal": sorted(name for name in sys.modules if name.startswith("IPython.terminal.")),
}), file=sys.__stdout__)
"""


def test_the_kernel_starts_without_jedi_and_tab_completes_the_live_names(tmp_path: Path) -> None:
    built = build_lite()
    assert built.returncode == 0, built.log[-3000:]
    pyodide = built.site / "static" / "pyodide"
    config = json.loads((built.site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    packages = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]
    (tmp_path / "run.py").write_text(SCRIPT, encoding="utf-8")
    done = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(pyodide), str(tmp_path), str(tmp_path / "run.py")]
        + packages["packages"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["jedi"] is False and found["imported"] == []
    # IPython's terminal (and prompt_toolkit, not downloaded) left out of the kernel's start:
    # tools/make_lite_lock.py lazy-ipython
    assert [name for name in found["terminal"] if name != "IPython.terminal.pt_inputhooks"] == []
    assert found["use_jedi"] is False  # turned off by the stand-in's IPython configuration
    assert "spades_teach.set_language" in found["completed"]["spades_teach.set_lang"]
    assert "hand.append" in found["completed"]["hand.app"]
    assert "print" in found["completed"]["pri"]
    assert found["written"] == []
