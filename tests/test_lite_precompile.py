"""The live edition's bytecode step (tools/lite/precompile.py) on a small wheel and library zip, here in
CPython: the build runs it in Pyodide, whose Python the bytecode must match, but what it writes into an
archive is the same."""

from __future__ import annotations

import importlib.util
import marshal
import sys
import zipfile
from pathlib import Path
from types import ModuleType

from _scripts import load_script

TOOL = Path(__file__).resolve().parents[1] / "tools" / "lite" / "precompile.py"


def _tool() -> ModuleType:
    return load_script(TOOL, "precompile")


def _archive(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return path


def test_a_wheel_gets_bytecode_for_its_imported_modules_and_loses_what_the_kernel_never_reads(tmp_path: Path) -> None:
    tool = _tool()
    wheel = _archive(
        tmp_path / "pkg-1.0-py3-none-any.whl",
        {
            "pkg/__init__.py": "VALUE = 6 * 7\n",
            "pkg/unused.py": "X = 1\n",
            "pkg/tests/test_pkg.py": "def test(): pass\n",
            "pkg-1.0.data/data/share/jupyter/labextensions/pkg/index.js": "//\n",
            "pkg-1.0.dist-info/RECORD": "pkg/__init__.py,sha256=x,14\npkg/unused.py,sha256=y,6\n"
            "pkg/tests/test_pkg.py,sha256=z,17\npkg-1.0.data/data/share/jupyter/labextensions/pkg/index.js,,\n"
            "pkg-1.0.dist-info/RECORD,,\n",
        },
    )
    assert tool.rewrite(wheel, tool.SITE_PACKAGES, {tool.SITE_PACKAGES + "pkg/__init__.py"}, wheel=True) == 1
    z = zipfile.ZipFile(wheel)
    pyc = f"pkg/__pycache__/__init__.{sys.implementation.cache_tag}.pyc"
    assert z.namelist() == ["pkg/__init__.py", pyc, "pkg/unused.py", "pkg-1.0.dist-info/RECORD"]
    data = z.read(pyc)
    assert data[:4] == importlib.util.MAGIC_NUMBER
    assert data[4:8] == b"\x01\x00\x00\x00"  # hash-based, unchecked (PEP 552)
    assert data[8:16] == importlib.util.source_hash(b"VALUE = 6 * 7\n")
    namespace: dict[str, object] = {}
    code = marshal.loads(data[16:])
    exec(code, namespace)
    assert namespace["VALUE"] == 42
    assert code.co_filename == tool.SITE_PACKAGES + "pkg/__init__.py"  # tracebacks name the source
    record = z.read("pkg-1.0.dist-info/RECORD").decode().splitlines()
    assert [line.split(",")[0] for line in record] == [
        "pkg/__init__.py",
        "pkg/unused.py",
        "pkg-1.0.dist-info/RECORD",
        pyc,
    ]
    assert record[-1].endswith(f",{len(data)}")


def test_the_library_zip_gets_its_bytecode_beside_the_source_and_the_own_wheel_keeps_everything(
    tmp_path: Path,
) -> None:
    tool = _tool()
    stdlib = _archive(tmp_path / "python_stdlib.zip", {"json/__init__.py": "A = 1\n", "json/tests/t.py": "B = 2\n"})
    wanted = {tool.STDLIB_ZIP + "json/__init__.py"}
    assert tool.rewrite(stdlib, tool.STDLIB_ZIP, wanted, wheel=False) == 1
    assert zipfile.ZipFile(stdlib).namelist() == ["json/__init__.py", "json/__init__.pyc", "json/tests/t.py"]
    own = _archive(tmp_path / "spades_teach-0.1.0-py3-none-any.whl", {"spades_teach/tests/x.py": "C = 3\n"})
    assert tool.rewrite(own, tool.SITE_PACKAGES, set(), wheel=True) == 0
    assert zipfile.ZipFile(own).namelist() == ["spades_teach/tests/x.py"]
