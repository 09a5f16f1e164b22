"""The lock file of the live edition (tools/make_lite_lock.py), without a browser or a download."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from _scripts import load_script

TOOL = Path(__file__).resolve().parents[1] / "tools" / "make_lite_lock.py"


def _tool() -> ModuleType:
    return load_script(TOOL, "make_lite_lock")


def _npm_lock(folder: Path) -> Path:
    """A Pyodide lock naming typing-extensions and the kernel's packages the wheels below need."""
    packages = {
        name: {"name": name, "version": "1", "depends": [], "imports": [name.replace("-", "_")]}
        for name in ("typing-extensions", "ipython", "traitlets")
    }
    path = folder / "npm-lock.json"
    path.write_text(json.dumps({"info": {"version": "0"}, "packages": packages}), encoding="utf-8")
    return path


def _wheels(folder: Path, names: list[str]) -> Path:
    wheels = folder / "wheels"
    wheels.mkdir()
    for name in names:
        (wheels / name).write_bytes(name.encode())
    return wheels


CARD_TABLE_WHEELS = [
    "anywidget-0.11.0-py3-none-any.whl",
    "comm-0.2.3-py3-none-any.whl",
    "ipython-9.12.0-py3-none-any.whl",
    "ipywidgets-8.1.9-py3-none-any.whl",
    "jupyterlab_widgets-3.0.17-py3-none-any.whl",
    "spades_teach-0.1.0-py3-none-any.whl",
    "traitlets-5.14.3-py3-none-any.whl",
    "typing_extensions-4.15.0-py3-none-any.whl",
]


def test_the_lock_lists_anywidget_with_its_dependencies(tmp_path: Path) -> None:
    tool = _tool()
    wheels = _wheels(tmp_path, [*CARD_TABLE_WHEELS, "psygnal-0.16.1-py3-none-any.whl"])
    out = tmp_path / "lock.json"
    tool.write_lock(_npm_lock(tmp_path), wheels, out)
    packages = json.loads(out.read_text(encoding="utf-8"))["packages"]
    assert packages["anywidget"]["depends"] == ["ipywidgets", "psygnal", "typing-extensions"]
    assert "anywidget" in packages["spades-teach"]["depends"]
    assert packages["psygnal"]["imports"] == ["psygnal"]


def test_the_lock_refuses_to_name_a_missing_psygnal(tmp_path: Path) -> None:
    tool = _tool()
    wheels = _wheels(tmp_path, CARD_TABLE_WHEELS)
    with pytest.raises(SystemExit, match="psygnal"):
        tool.write_lock(_npm_lock(tmp_path), wheels, tmp_path / "lock.json")


def test_the_lock_refuses_a_compiled_wheel(tmp_path: Path) -> None:
    tool = _tool()
    compiled = "psygnal-0.16.1-cp314-cp314-manylinux_2_17_x86_64.whl"
    wheels = _wheels(tmp_path, [*CARD_TABLE_WHEELS, compiled])
    with pytest.raises(SystemExit, match="not a pure Python wheel"):
        tool.write_lock(_npm_lock(tmp_path), wheels, tmp_path / "lock.json")


def test_the_live_chapters_name_the_pyodide_kernel_and_lose_their_outputs(tmp_path: Path) -> None:
    """A chapter that names "python3" only matches the live kernel by language, and Run All
    pressed before that match is made asks the reader to pick a kernel: the copies name it."""
    source = Path(__file__).resolve().parents[1] / "notebooks"
    _tool().copy_notebooks(source, tmp_path)
    copies = sorted(tmp_path.glob("*.ipynb"))
    assert len(copies) == len(list(source.glob("*.ipynb"))) >= 12
    for path in copies:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        assert notebook["metadata"]["kernelspec"] == {
            "display_name": "Python (Pyodide)",
            "language": "python",
            "name": "python",
        }
        assert "widgets" not in notebook["metadata"]
        code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
        assert code and all(cell["outputs"] == [] and cell["execution_count"] is None for cell in code)
    original = json.loads((source / copies[0].name).read_text(encoding="utf-8"))
    assert original["metadata"]["kernelspec"]["name"] == "python3"  # the chapters themselves are untouched
