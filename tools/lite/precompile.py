"""Add compiled bytecode to the live edition's wheels and Python library, so the kernel starts sooner.

Run inside Pyodide (the live edition's own Python, so the bytecode is exactly its version's), by
tools/lite/precompile.mjs, which loads the site's packages first. Pyodide never writes bytecode
(``sys.dont_write_bytecode``) and neither PyPI's wheels nor the npm runtime's ``python_stdlib.zip``
hold any: every module the kernel imports at its start (IPython, prompt_toolkit, jedi, ...) and every
module of the chapters was compiled from its source in the reader's browser, on each visit. That was
most of the kernel's start (measured with Pyodide under Node.js: 5.2 s of CPU for the imports, 1.1 s
with the bytecode).

Only the modules imported by the kernel's start and by spades_teach (all its modules: the chapters use
them) get bytecode, about a third of the files: a module nothing imports at the start keeps its source
alone, as before. The bytecode is added next to the source, never instead of it, so tracebacks,
``inspect.getsource`` and jedi's completions read the source as before. It is unchecked hash-based
bytecode (PEP 552): Python uses it without comparing it with the source (the site's files never
change once built), and it does not depend on the files' dates.

- a wheel gets ``__pycache__/NAME.cpython-314.pyc`` beside each such ``NAME.py`` (and a line of
  its RECORD); Pyodide unpacks the wheel into site-packages, where the import system finds it;
- ``python_stdlib.zip`` gets ``NAME.pyc`` beside each such ``NAME.py``: the zip importer looks for
  the ``.pyc`` first.

Usage (inside Pyodide): precompile.py FOLDER [ROOT ...]: FOLDER holds the wheels and
python_stdlib.zip (rewritten in place), each ROOT is a module to import (its package's modules too
for ``PACKAGE.*``).
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import importlib.util
import pkgutil
import sys
import zipfile
from pathlib import Path

STDLIB_ZIP = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"
SITE_PACKAGES = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages/"


def import_roots(roots: list[str]) -> list[str]:
    """Import every root (``PACKAGE.*``: the package and all its modules); returns what could not be
    imported (a module needing what the site does not serve), with the reason."""
    failed = []
    for root in roots:
        names = [root.removesuffix(".*")]
        if root.endswith(".*"):
            package = importlib.import_module(names[0])
            names += [m.name for m in pkgutil.walk_packages(package.__path__, names[0] + ".")]
        for name in names:
            try:
                importlib.import_module(name)
            except Exception as error:  # noqa: BLE001 - reported, and that module keeps its source alone
                failed.append(f"{name}: {error!r}")
    return failed


def imported_sources() -> set[str]:
    """The source files of every module imported so far."""
    files = set()
    for module in list(sys.modules.values()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None)
        if isinstance(origin, str) and origin.endswith(".py"):
            files.add(origin)
    return files


def bytecode(source: bytes, path: str) -> bytes:
    """Unchecked hash-based bytecode of ``source``, as compiled for the file ``path``."""
    code = compile(source, path, "exec", dont_inherit=True)
    external = importlib._bootstrap_external  # type: ignore[attr-defined]
    data: bytes = bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
    return data


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def rewrite(archive: Path, prefix: str, wanted: set[str], wheel: bool) -> int:
    """Rewrite ``archive`` with bytecode for each of its ``.py`` files found (under ``prefix``) in
    ``wanted``; returns the number of files compiled. Entries keep their order and dates, each new one
    follows its source."""
    with zipfile.ZipFile(archive) as z:
        entries = [(info, z.read(info)) for info in z.infolist()]
    if any(info.filename.endswith(".pyc") for info, _ in entries):
        raise SystemExit(f"error: {archive.name} already holds bytecode")
    tag = sys.implementation.cache_tag
    out: list[tuple[zipfile.ZipInfo, bytes]] = []
    added: list[str] = []
    for info, data in entries:
        out.append((info, data))
        if not info.filename.endswith(".py") or prefix + info.filename not in wanted:
            continue
        if wheel:
            folder, _, stem = info.filename[:-3].rpartition("/")
            name = f"{folder}/__pycache__/{stem}.{tag}.pyc" if folder else f"__pycache__/{stem}.{tag}.pyc"
        else:
            name = info.filename + "c"
        compiled = zipfile.ZipInfo(name, date_time=info.date_time)
        compiled.compress_type = zipfile.ZIP_DEFLATED
        compiled.external_attr = info.external_attr
        pyc = bytecode(data, prefix + info.filename)
        out.append((compiled, pyc))
        added.append(record_line(name, pyc))
    if not added:
        return 0
    if wheel:  # the RECORD lists every file of the wheel
        out = [
            (info, data + "".join(line + "\n" for line in added).encode())
            if info.filename.endswith(".dist-info/RECORD")
            else (info, data)
            for info, data in out
        ]
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in out:
            z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return len(added)


def main(argv: list[str]) -> None:
    if sys.platform != "emscripten":
        raise SystemExit("error: run this inside Pyodide (tools/lite/precompile.mjs): the bytecode is its Python's")
    folder, roots = Path(argv[0]), argv[1:]
    failed = import_roots(roots)
    wanted = imported_sources()
    out = sys.__stdout__  # the kernel's import replaced sys.stdout with its own stream
    for problem in failed:
        print(f"precompile: not imported (keeps its source alone): {problem}", file=out)
    total = rewrite(folder / "python_stdlib.zip", STDLIB_ZIP, wanted, wheel=False)
    for wheel in sorted(folder.glob("*.whl")):
        total += rewrite(wheel, SITE_PACKAGES, wanted, wheel=True)
    print(f"precompile: bytecode for {total} of the {len(wanted)} modules imported", file=out)


if __name__ == "__main__":
    main(sys.argv[1:])
