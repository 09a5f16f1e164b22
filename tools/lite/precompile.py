"""Add compiled bytecode to the live edition's wheels and Python library, so the kernel starts sooner.

Run inside Pyodide (the live edition's own Python, so the bytecode is exactly its version's), by
tools/lite/precompile.mjs, which loads the site's packages first. Pyodide never writes bytecode
(``sys.dont_write_bytecode``) and neither PyPI's wheels nor the npm runtime's ``python_stdlib.zip``
hold any: every module the kernel imports at its start (IPython, prompt_toolkit, ...) and every
module of the chapters was compiled from its source in the reader's browser, on each visit. That was
most of the kernel's start (measured with Pyodide under Node.js: 5.2 s of CPU for the imports, 1.1 s
with the bytecode).

Only the modules imported by the kernel's start and by spades_teach (every module the chapters use;
not its command line or its Voila app, which no page runs) get bytecode, about a third of the files: a
module nothing imports there keeps its source alone, as before. It is unchecked hash-based bytecode
(PEP 552): Python uses it without comparing it with any source (the site's files never change once
built), and it does not depend on the files' dates.

The bytecode weighs more than the source (a wheel's deflated ``.pyc`` is about 1.5 times its
``.py``), and a reader's first visit downloads every file of the kernel's start. So:

- Python's library and the PyPI wheels ship the bytecode *instead of* the source (a sourceless
  module, 3 MB less than both): ``python_stdlib.zip`` gets ``NAME.pyc`` in place of ``NAME.py`` (the
  zip importer finds it alone), a wheel ``NAME.pyc`` in place of ``NAME.py`` and of its RECORD line
  (Pyodide unpacks the wheel into site-packages, where the import system loads a ``.pyc`` that has no
  source beside it). A traceback through those modules names the file, line and function, without the
  line's text; IPython's completer completes their live objects as before.
- spades_teach's own wheel keeps each source, its bytecode in ``__pycache__`` beside it: a learner's
  mistake raises from its modules, and the traceback shows their lines (``^^^^`` under the failing
  part too); ``inspect.getsource`` reads them.
- what the kernel never reads leaves the PyPI wheels and the library (:func:`unread`): the front-end
  extensions some wheels carry (the site serves its own copies from ``extensions/``) and their test
  suites, Pygments' lexers but those the kernel imports (1 MB), and parts of Python's library no
  page can use (``STDLIB_UNUSED``);
- the bytecode of Python's library and of the PyPI packages is compiled without the column
  positions of each instruction (``PYTHONNODEBUGRANGES``, set by precompile.mjs ``--no-debug-ranges``;
  lighter). spades_teach's own modules keep them (a second pass, ``--own``).

Usage (inside Pyodide): precompile.py FOLDER [--own] [ROOT ...]: FOLDER holds the wheels and
python_stdlib.zip (rewritten in place), each ROOT is a module to import (its package's modules too
for ``PACKAGE.*``; ``-MODULE`` leaves that module and its submodules out of such a walk). With ``--own`` only spades_teach's wheel is rewritten, without it every other
wheel and the library.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import importlib.util
import pkgutil
import re
import sys
import zipfile
from pathlib import Path

#: files of the PyPI wheels that the kernel never reads: the JupyterLab and classic Notebook front-end
#: extensions (anywidget's, the widget manager's, as data files and anywidget's copy inside its package:
#: the site serves them from extensions/) and test suites
UNUSED = re.compile(
    r"^[^/]+\.data/data/share/jupyter/(labextensions|nbextensions)/|^[^/]+/(labextension|nbextension)/"
    r"|^[^/]+/(.+/)?tests/"
)

#: Pygments' lexers (a module each for some 600 languages): the kernel imports Python's, the others
#: are left out
LEXER = re.compile(r"^pygments/lexers/[^/]+\.py$")

#: parts of Python's library the site has no use for, left out when nothing imports them: the network
#: clients and servers and the process tools a browser tab cannot run, the terminal's REPL, the
#: codecs of the old 8-bit code pages (UTF-8, Latin-1 and ASCII stay, with every codec the kernel
#: imports), and the pure-Python twins of ``datetime`` and ``io`` (``_pydatetime``, ``_pyio``: Python
#: reads them only where its C modules are missing, and Pyodide has them)
STDLIB_UNUSED = re.compile(
    r"^(xmlrpc/|wsgiref/|imaplib|mailbox|smtplib|ftplib|poplib|http/server|_pydatetime\.py|_pyio\.py|"
    r"encodings/(cp\d|mac_|iso8859_|koi8_|kz1048|ptcp|hp_roman|palmos|tis_620))"
)

#: the project's own wheel, kept whole: the source of each module stays beside its bytecode, for the
#: lines of a learner's traceback through spades_teach
OWN_WHEEL = "spades_teach-"

STDLIB_ZIP = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"
SITE_PACKAGES = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages/"


def import_roots(roots: list[str]) -> list[str]:
    """Import every root (``PACKAGE.*``: the package and all its modules, but those of a ``-MODULE``
    root and their submodules); returns what could not be imported (a module needing what the site
    does not serve), with the reason."""
    skipped = tuple(root[1:] for root in roots if root.startswith("-"))

    def skip(name: str) -> bool:
        return any(name == other or name.startswith(other + ".") for other in skipped)

    def walk(package: str) -> list[str]:
        names = []
        for info in pkgutil.iter_modules(importlib.import_module(package).__path__, package + "."):
            if not skip(info.name):
                names.append(info.name)
                if info.ispkg:
                    names += walk(info.name)
        return names

    failed = []
    for root in roots:
        if root.startswith("-"):
            continue
        names = [root.removesuffix(".*")]
        if root.endswith(".*"):
            names += walk(names[0])
        for name in names:
            try:
                importlib.import_module(name)
            except Exception as error:  # reported: that module keeps its source alone
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
    # what py_compile writes for PycInvalidationMode.UNCHECKED_HASH, without a file to read
    to_pyc = getattr(importlib._bootstrap_external, "_code_to_hash_pyc")  # noqa: B009 - private, not in the stubs
    return bytes(to_pyc(code, importlib.util.source_hash(source), checked=False))


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def record(data: bytes, added: list[str], dropped: set[str]) -> bytes:
    """A wheel's RECORD with the lines of ``added``, without those of the ``dropped`` files."""
    lines = [line for line in data.decode().splitlines() if line.rsplit(",", 2)[0] not in dropped]
    return "".join(line + "\n" for line in [*lines, *added]).encode()


def unread(name: str, prefix: str, wanted: set[str], wheel: bool) -> bool:
    """Whether the file ``name`` of an archive (not the project's own wheel) is one the site never reads:
    ``UNUSED``, a Pygments lexer the kernel does not import, or a module of ``STDLIB_UNUSED`` that
    nothing imports."""
    if not wheel:
        return bool(STDLIB_UNUSED.match(name)) and prefix + name not in wanted
    if UNUSED.search(name):
        return True
    return bool(LEXER.match(name)) and prefix + name not in wanted


def rewrite(archive: Path, prefix: str, wanted: set[str], wheel: bool) -> int:
    """Rewrite ``archive`` with bytecode for each of its ``.py`` files found (under ``prefix``) in
    ``wanted``, without the files the site never reads (:func:`unread`); returns the number of files
    compiled. The bytecode takes its source's place (a wheel's ``NAME.pyc`` beside where ``NAME.py``
    was, found by the import system without a source), but in the project's own wheel, which keeps
    every file and gets its bytecode in ``__pycache__`` beside each source. Entries keep their order
    and dates."""
    own = wheel and archive.name.startswith(OWN_WHEEL)
    with zipfile.ZipFile(archive) as z:
        entries = [(info, z.read(info)) for info in z.infolist()]
    dropped = set()
    if not own:
        dropped = {info.filename for info, _ in entries if unread(info.filename, prefix, wanted, wheel)}
        entries = [(info, data) for info, data in entries if info.filename not in dropped]
    if any(info.filename.endswith(".pyc") for info, _ in entries):
        raise SystemExit(f"error: {archive.name} already holds bytecode")
    tag = sys.implementation.cache_tag
    out: list[tuple[zipfile.ZipInfo, bytes]] = []
    added: list[str] = []
    for info, data in entries:
        if not info.filename.endswith(".py") or prefix + info.filename not in wanted:
            out.append((info, data))
            continue
        if own:
            out.append((info, data))
            folder, _, stem = info.filename[:-3].rpartition("/")
            name = f"{folder}/__pycache__/{stem}.{tag}.pyc" if folder else f"__pycache__/{stem}.{tag}.pyc"
        else:
            dropped.add(info.filename)
            name = info.filename + "c"
        compiled = zipfile.ZipInfo(name, date_time=info.date_time)
        compiled.compress_type = zipfile.ZIP_DEFLATED
        compiled.external_attr = info.external_attr
        pyc = bytecode(data, prefix + info.filename)
        out.append((compiled, pyc))
        added.append(record_line(name, pyc))
    if not added and not dropped:
        return 0
    if wheel:  # the RECORD lists every file of the wheel
        out = [
            (info, record(data, added, dropped) if info.filename.endswith(".dist-info/RECORD") else data)
            for info, data in out
        ]
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in out:
            z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return len(added)


def main(argv: list[str]) -> None:
    if sys.platform != "emscripten":
        raise SystemExit("error: run this inside Pyodide (tools/lite/precompile.mjs): the bytecode is its Python's")
    folder, own, roots = Path(argv[0]), "--own" in argv[1:], [a for a in argv[1:] if a != "--own"]
    failed = import_roots(roots)
    wanted = imported_sources()
    out = sys.__stdout__  # the kernel's import replaced sys.stdout with its own stream
    for problem in failed:
        print(f"precompile: not imported (keeps its source alone): {problem}", file=out)
    total = 0 if own else rewrite(folder / "python_stdlib.zip", STDLIB_ZIP, wanted, wheel=False)
    for wheel in sorted(folder.glob("*.whl")):
        if wheel.name.startswith(OWN_WHEEL) == own:
            total += rewrite(wheel, SITE_PACKAGES, wanted, wheel=True)
    which = "spades_teach's" if own else "the other"
    print(f"precompile: bytecode for {total} of the {len(wanted)} modules imported ({which} files)", file=out)


if __name__ == "__main__":
    arguments, sys.argv[1:] = sys.argv[1:], []  # the kernel's application, imported, parses sys.argv
    main(arguments)
