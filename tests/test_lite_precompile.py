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


def test_a_wheel_gets_bytecode_in_place_of_its_imported_sources_and_loses_what_the_kernel_never_reads(
    tmp_path: Path,
) -> None:
    tool = _tool()
    wheel = _archive(
        tmp_path / "pkg-1.0-py3-none-any.whl",
        {
            "pkg/__init__.py": "VALUE = 6 * 7\n",
            "pkg/unused.py": "X = 1\n",
            "pkg/tests/test_pkg.py": "def test(): pass\n",
            "pkg-1.0.data/data/share/jupyter/labextensions/pkg/index.js": "//\n",
            "pkg/labextension/static/main.js": "//\n",
            "pkg-1.0.dist-info/RECORD": "pkg/__init__.py,sha256=x,14\npkg/unused.py,sha256=y,6\n"
            "pkg/tests/test_pkg.py,sha256=z,17\npkg-1.0.data/data/share/jupyter/labextensions/pkg/index.js,,\n"
            "pkg-1.0.dist-info/RECORD,,\n",
        },
    )
    assert tool.rewrite(wheel, tool.SITE_PACKAGES, {tool.SITE_PACKAGES + "pkg/__init__.py"}, wheel=True) == 1
    z = zipfile.ZipFile(wheel)
    pyc = "pkg/__init__.pyc"  # sourceless: where the import system looks when no source is there
    assert z.namelist() == [pyc, "pkg/unused.py", "pkg-1.0.dist-info/RECORD"]
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
    assert [line.split(",")[0] for line in record] == ["pkg/unused.py", "pkg-1.0.dist-info/RECORD", pyc]
    assert record[-1].endswith(f",{len(data)}")


def test_a_sourceless_package_imports(tmp_path: Path) -> None:
    """What a PyPI wheel becomes, unpacked into site-packages, imports without its sources (CPython's
    import system here, the same as Pyodide's)."""
    tool = _tool()
    wheel = _archive(
        tmp_path / "sourceless_pkg-1.0-py3-none-any.whl",
        {"sourceless_pkg/__init__.py": "from .inner import VALUE\n", "sourceless_pkg/inner.py": "VALUE = 42\n"},
    )
    wanted = {tool.SITE_PACKAGES + f"sourceless_pkg/{name}" for name in ("__init__.py", "inner.py")}
    assert tool.rewrite(wheel, tool.SITE_PACKAGES, wanted, wheel=True) == 2
    zipfile.ZipFile(wheel).extractall(tmp_path / "site")
    assert not list((tmp_path / "site").rglob("*.py"))
    sys.path.insert(0, str(tmp_path / "site"))
    try:
        module = importlib.import_module("sourceless_pkg")
        assert module.VALUE == 42 and module.__file__.endswith("__init__.pyc")
    finally:
        sys.path.remove(str(tmp_path / "site"))
        for name in ("sourceless_pkg", "sourceless_pkg.inner"):
            sys.modules.pop(name, None)


def test_pygments_keeps_the_lexers_imported(tmp_path: Path) -> None:
    tool = _tool()
    files = {
        "pygments/lexers/__init__.py": "",
        "pygments/lexers/python.py": "",
        "pygments/lexers/cobol.py": "",
    }
    wheel = _archive(tmp_path / "pygments-1.0-py3-none-any.whl", files)
    wanted = {tool.SITE_PACKAGES + name for name in ("pygments/lexers/__init__.py", "pygments/lexers/python.py")}
    assert tool.rewrite(wheel, tool.SITE_PACKAGES, wanted, wheel=True) == 2
    assert zipfile.ZipFile(wheel).namelist() == ["pygments/lexers/__init__.pyc", "pygments/lexers/python.pyc"]


def test_the_library_zip_gets_its_bytecode_in_place_of_the_source_and_the_own_wheel_keeps_everything(
    tmp_path: Path,
) -> None:
    tool = _tool()
    stdlib = _archive(
        tmp_path / "python_stdlib.zip",
        {
            "json/__init__.py": "A = 1\n",
            "json/tests/t.py": "B = 2\n",
            "encodings/utf_8.py": "",
            "encodings/cp1252.py": "",
            "encodings/cp437.py": "",
            "xmlrpc/client.py": "",
            "_pydatetime.py": "",
            "_pyio.py": "",
        },
    )
    wanted = {tool.STDLIB_ZIP + name for name in ("json/__init__.py", "encodings/utf_8.py", "encodings/cp437.py")}
    assert tool.rewrite(stdlib, tool.STDLIB_ZIP, wanted, wheel=False) == 3
    assert zipfile.ZipFile(stdlib).namelist() == [
        "json/__init__.pyc",
        "json/tests/t.py",
        "encodings/utf_8.pyc",
        "encodings/cp437.pyc",
    ]
    own = _archive(
        tmp_path / "spades_teach-0.1.0-py3-none-any.whl",
        {"spades_teach/game.py": "C = 3\n", "spades_teach/tests/x.py": "C = 3\n"},
    )
    assert tool.rewrite(own, tool.SITE_PACKAGES, {tool.SITE_PACKAGES + "spades_teach/game.py"}, wheel=True) == 1
    assert zipfile.ZipFile(own).namelist() == [
        "spades_teach/game.py",
        f"spades_teach/__pycache__/game.{sys.implementation.cache_tag}.pyc",
        "spades_teach/tests/x.py",
    ]


def test_a_package_walk_leaves_out_the_modules_no_page_imports(tmp_path: Path) -> None:
    """``-MODULE`` roots: spades_teach's command line and Voila app get no bytecode (and what only they
    import keeps its source), their modules not even imported."""
    tool = _tool()
    package = tmp_path / "walked_pkg"
    (package / "cli").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "game.py").write_text("")
    (package / "cli" / "__init__.py").write_text("raise RuntimeError('imported')\n")
    (package / "cli" / "deal.py").write_text("")
    sys.path.insert(0, str(tmp_path))
    try:
        assert tool.import_roots(["walked_pkg.*", "-walked_pkg.cli"]) == []
        assert "walked_pkg.game" in sys.modules and "walked_pkg.cli" not in sys.modules
    finally:
        sys.path.remove(str(tmp_path))
        for name in [name for name in sys.modules if name.startswith("walked_pkg")]:
            del sys.modules[name]
