"""Pinned inputs of the live (JupyterLite) edition of the book, and the Pyodide lock file it serves.

The Pyodide runtime comes from npm (tools/lite/package-lock.json) without any package wheel; its
``pyodide-lock.json`` names the wheels by the hashes of Pyodide's own repacked copies. The live edition
serves the wheels PyPI publishes instead, so the lock it serves lists only those wheels, with their PyPI
hashes, plus the wheels the chapters need (spades_teach, ipywidgets and its front-end partners, anywidget)
and two kinds of wheels written here: the French and Spanish catalogs of spades_teach, one wheel per
language taken out of spades_teach's (``own``), and the stand-in for jedi (``stand-ins``).

jedi (and parso, its parser) is left out: nothing of the chapters uses it, and a first visit downloaded
1 MB of it and imported a hundred of its modules while the kernel started. IPython uses jedi for Tab
completion when jedi is installed, and completes from the live objects itself otherwise (after a name
a cell has defined or imported: ``spades_teach.set_lang`` gives ``spades_teach.set_language``). The Pyodide kernel
installs jedi through piplite when its ``loadPyodideOptions.packages`` do not name it, which fails with
PyPI turned off and stops the kernel's start; so the site's lock names a stand-in under jedi's name, a
wheel with no module (``import jedi`` still fails, as IPython expects when jedi is missing) that carries
IPython's configuration turning jedi's completer off: the kernel turns it on whether jedi is there or
not, and without jedi that completer raises and Tab offers nothing.

Subcommands:

``pin SPEC OUT``
    Download every ``name==version`` of SPEC (one a line) from PyPI and write OUT, a pip requirements
    file with the sha256 of each wheel (``pip install --require-hashes`` checks them).
``kernel-spec PYODIDE_LOCK OUT``
    Write the ``name==version`` lines of the wheels the kernel needs: what it loads when it starts
    (micropip, IPython and their dependencies; not jedi, see above) and the chapters' packages
    Pyodide's lock lists (typing-extensions), at the versions that lock names, then the chapters' extras.
``notebooks SOURCE OUT``
    Copy the chapters (SOURCE/*.ipynb) to OUT with their outputs cleared: the reader runs them live,
    and a saved widget output would name a widget the new kernel does not have.
``own WHEEL``
    Make spades_teach's wheel WHEEL (rewritten in place) the site's: its French and Spanish catalogs
    (``spades_teach/locale/<lang>/``) go into a wheel per language beside it (``spades_teach_fr-...whl``):
    an English page downloads neither, a French one the French alone, when its first cell calls
    ``set_language`` (spades_teach.i18n fetches the wheel the lock names, in the browser only); and
    what no page of the site uses is left out (``OWN_UNUSED``, the README in its METADATA).
``stand-ins FOLDER``
    Write the stand-in wheels of ``STAND_INS`` (jedi's) into FOLDER.
``lazy-ipython WHEEL``
    Make IPython's wheel WHEEL (rewritten in place) the site's: ``import IPython`` no longer imports
    its terminal (``IPython.embed``, prompt_toolkit) nor its application (``IPython.Application``);
    each is imported when first asked for (``IPYTHON_LAZY``). A kernel never uses them, and they were
    two fifths of the kernel's imports at its start; prompt_toolkit and wcwidth then leave the
    downloads of a first visit (``DEFERRED``).
``lock PYODIDE_LOCK WHEELS OUT``
    Write the lock file the site serves: the npm lock's header, an entry for each wheel of the
    folder WHEELS (the file's own sha256; dependencies and import names from the npm lock, or from
    ``EXTRA_ENTRIES``, ``STAND_INS`` and the catalogs' entries for the packages Pyodide does not list
    or that the site replaces).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

#: what the Pyodide kernel loads when it starts (micropip first, then the kernel's own packages; jedi is
#: replaced by its stand-in, ``STAND_INS``)
KERNEL_ROOTS = ("micropip", "ipython", "traitlets", "packaging")

#: packages Pyodide's lock lists that the chapters need beyond the kernel's (taken at the lock's version)
CHAPTER_ROOTS = ("typing-extensions",)

#: packages the chapters import that Pyodide's lock does not list: pinned version, import names and
#: dependencies (names as the lock spells them)
EXTRA_ENTRIES: dict[str, dict[str, Any]] = {
    "comm": {"version": "0.2.3", "imports": ["comm"], "depends": []},
    "jupyterlab-widgets": {"version": "3.0.17", "imports": ["jupyterlab_widgets"], "depends": []},
    "ipywidgets": {
        "version": "8.1.9",
        "imports": ["ipywidgets"],
        "depends": ["comm", "ipython", "traitlets", "jupyterlab-widgets"],
    },
    # the card table's widget base; the psygnal release publishes a pure wheel besides its compiled ones
    "psygnal": {"version": "0.16.1", "imports": ["psygnal"], "depends": []},
    "anywidget": {
        "version": "0.11.0",
        "imports": ["anywidget"],
        "depends": ["ipywidgets", "psygnal", "typing-extensions"],
    },
    # the practice session's scheduler (FSRS, py-fsrs): a pure wheel, loaded with spades_teach
    "fsrs": {"version": "6.3.2", "imports": ["fsrs"], "depends": ["typing-extensions"]},
    # The kernel's own small wheels, from the kernel extension's folder (the pinned
    # jupyterlite-pyodide-kernel wheel of tools/lite/extensions.txt): in the lock, the kernel loads them
    # with everything else in one go when Pyodide starts (loadPyodideOptions in jupyter-lite.json),
    # instead of installing them one after another through piplite.
    "piplite": {"version": "0.8.6", "imports": ["piplite"], "depends": ["micropip"]},
    "pyodide-kernel": {"version": "0.8.6", "imports": ["pyodide_kernel"], "depends": ["comm", "ipython"]},
    "ipykernel": {"version": "6.9.2", "imports": ["ipykernel"], "depends": ["pyodide-kernel"]},
}

#: the project's own wheel (built by tools/build_lite.sh, not pinned here)
OWN_ENTRY: dict[str, Any] = {"imports": ["spades_teach"], "depends": ["anywidget", "fsrs", "ipywidgets"]}
OWN_NAME = "spades-teach"

#: the languages whose catalogs leave spades_teach's wheel for a wheel of their own (``own``):
#: lock entries ``spades-teach-fr`` and ``spades-teach-es``, which nothing depends on (an English page
#: loads neither), with no import name (a cell's imports never load them: spades_teach.i18n does, for
#: the language a page asks for)
CATALOG_LANGUAGES = ("fr", "es")
CATALOG_ENTRY: dict[str, Any] = {"imports": [], "depends": ["spades-teach"]}

#: what no page of the site uses in spades_teach's wheel, left out of the site's copy: the command line,
#: the Voila app (its modules, the Voila patches among them, its pages and its Jupyter and Voila
#: configuration and templates). (tools/lite/precompile.py imports none of them either.)
OWN_UNUSED = re.compile(
    r"^spades_teach/(cli/|app/|data/app/|data/jupyter/|__main__\.py$)"
    r"|^spades_teach-[^/]+\.data/data/share/jupyter/"
)

#: the packages whose lock entry is a stand-in written here (``stand-ins``): version, summary, and the
#: wheel's data files (installed under Pyodide's ``sys.prefix``, ``/``)
STAND_INS: dict[str, dict[str, Any]] = {
    "jedi": {
        "version": "0+absent",
        "summary": "Stand-in for jedi, which the live edition leaves out: IPython completes without it",
        "data": {
            # IPython reads /etc/ipython/ipython_config.py when the kernel's shell starts; the kernel
            # turns jedi's completer on after reading it, so the setting is a line the shell runs once
            # it exists (store_history=False: no cell number used, nothing printed)
            "etc/ipython/ipython_config.py": (
                "# The live edition of the book serves no jedi (tools/make_lite_lock.py): IPython's own\n"
                "# completer answers Tab. The Pyodide kernel turns jedi's on after reading this file.\n"
                'c.InteractiveShellApp.exec_lines = ["get_ipython().Completer.use_jedi = False"]\n'
            ),
        },
    },
}

#: what ``import IPython`` imports that no kernel uses, made lazy in the site's copy of IPython's
#: ``__init__.py`` (``lazy-ipython``): the line taken out, and the name it bound, imported by a module
#: ``__getattr__`` when first asked for. The terminal's ``embed`` pulls in IPython's terminal shell and
#: prompt_toolkit (1.5 s of the kernel's 5 s of imports in Pyodide under Node.js, 3 s with the rest of
#: the terminal); ``Application`` its crash handler and profiles.
IPYTHON_LAZY = {
    "from .core.application import Application\n": ("Application", "from .core.application import Application"),
    "from .terminal.embed import embed\n": ("embed", "from .terminal.embed import embed"),
}

#: dependencies the site's lock leaves out of an entry (each still has its own entry, so piplite can
#: install it): only the parts ``lazy-ipython`` made lazy import them, so Pyodide does not download
#: them when the kernel starts
DEFERRED: dict[str, set[str]] = {"ipython": {"prompt-toolkit", "wcwidth"}}

#: pip's options that accept only pure Python wheels (tag py3-none-any) for Python 3.14: a package
#: that also publishes compiled wheels (psygnal) must not bring one built for this machine
PURE_WHEELS = (
    *("--only-binary=:all:", "--python-version", "3.14"),
    *("--implementation", "py", "--abi", "none", "--platform", "any"),
)

WHEEL_NAME = re.compile(r"^(?P<name>[^-]+)-(?P<version>[^-]+)-.+\.whl$")
PURE_TAG = re.compile(r"-(py2\.)?py3-none-any\.whl$")


def normalize(name: str) -> str:
    """The name as Pyodide's lock keys it (PEP 503 normalization)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_lock(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def closure(packages: dict[str, Any], roots: list[str]) -> list[str]:
    """Lock keys of ``roots`` and everything they depend on in ``packages`` (a lock's), sorted."""
    seen: set[str] = set()
    todo = [normalize(name) for name in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            raise SystemExit(f"error: the Pyodide lock does not list {name!r}")
        seen.add(name)
        todo.extend(normalize(dep) for dep in packages[name]["depends"])
    return sorted(seen)


def kernel_closure(packages: dict[str, Any]) -> list[str]:
    """Lock keys of the kernel's start packages, the chapters' packages from Pyodide's lock, and
    everything they depend on, sorted (no stand-in: those are written here, not pinned)."""
    found = closure(packages, [*KERNEL_ROOTS, *CHAPTER_ROOTS])
    left_in = sorted(set(found) & set(STAND_INS))
    if left_in:
        raise SystemExit(f"error: the kernel's packages depend on {left_in}, which the site replaces by a stand-in")
    return found


def kernel_spec(pyodide_lock: Path, out: Path) -> None:
    packages = read_lock(pyodide_lock)["packages"]
    lines = [f"{packages[key]['name']}=={packages[key]['version']}" for key in kernel_closure(packages)]
    lines += [f"{name}=={entry['version']}" for name, entry in sorted(EXTRA_ENTRIES.items())]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def pin(spec: Path, out: Path) -> None:
    """Download each wheel of SPEC from PyPI (pip's own client, no local mirror) and record its hash."""
    wanted = [line.strip() for line in spec.read_text(encoding="utf-8").splitlines() if line.strip()]
    wanted = [line for line in wanted if not line.startswith("#")]
    with tempfile.TemporaryDirectory() as tmp:
        download = [sys.executable, "-m", "pip", "--isolated", "download", "--quiet", "--no-deps"]
        subprocess.run([*download, *PURE_WHEELS, "--dest", tmp, *wanted], check=True)
        files = {normalize(WHEEL_NAME.match(p.name)["name"]): p for p in Path(tmp).glob("*.whl")}  # type: ignore[index]
        lines = [f"# pinned by tools/make_lite_lock.py pin {spec.name} (sha256 of the wheels on PyPI)"]
        for requirement in wanted:
            name = normalize(requirement.split("==")[0])
            lines.append(f"{requirement} --hash=sha256:{sha256_of(files[name])}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def wheel_entry(wheel: Path, packages: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    match = WHEEL_NAME.match(wheel.name)
    if match is None:
        raise SystemExit(f"error: not a wheel file name: {wheel.name!r}")
    if PURE_TAG.search(wheel.name) is None:
        raise SystemExit(f"error: not a pure Python wheel, Pyodide cannot load it: {wheel.name!r}")
    key = normalize(match["name"])
    if key == OWN_NAME:
        known = OWN_ENTRY
    elif key in {f"{OWN_NAME}-{language}" for language in CATALOG_LANGUAGES}:
        known = CATALOG_ENTRY
    elif key in STAND_INS:
        known = {"imports": [], "depends": []}
    elif key in EXTRA_ENTRIES:
        known = EXTRA_ENTRIES[key]
    elif key in packages:
        known = packages[key]
    else:
        raise SystemExit(f"error: no lock entry known for the wheel {wheel.name!r}")
    deferred = DEFERRED.get(key, set())
    entry = {
        "depends": sorted(normalize(dep) for dep in known["depends"] if normalize(dep) not in deferred),
        "file_name": wheel.name,
        "imports": list(known["imports"]),
        "install_dir": "site",
        "name": match["name"],
        "package_type": "package",
        "sha256": sha256_of(wheel),
        "unvendored_tests": False,
        "version": match["version"],
    }
    return key, entry


def record_line(name: str, data: bytes) -> str:
    """A wheel's RECORD line for the file ``name`` holding ``data``."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def write_wheel(path: Path, files: dict[str, bytes], dist_info: str) -> None:
    """A wheel at ``path`` holding ``files`` and its RECORD (in ``dist_info``), entries in the given
    order, dated 1980-01-01 (the build is reproducible)."""
    record = dist_info + "/RECORD"
    lines = [record_line(name, data) for name, data in files.items()] + [f"{record},,"]
    entries = {**files, record: "".join(line + "\n" for line in lines).encode()}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)


def wheel_metadata(name: str, version: str, summary: str) -> dict[str, bytes]:
    """The METADATA and WHEEL files of a pure wheel of ``name`` at ``version``."""
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {summary}\n"
    wheel = "Wheel-Version: 1.0\nGenerator: tools/make_lite_lock.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    return {"METADATA": metadata.encode(), "WHEEL": wheel.encode()}


def write_stand_ins(folder: Path) -> list[Path]:
    """Write the wheel of each of ``STAND_INS`` into ``folder``; returns their paths."""
    written = []
    for name, spec in sorted(STAND_INS.items()):
        stem = f"{name.replace('-', '_')}-{spec['version']}"
        files = {f"{stem}.data/data/{path}": text.encode() for path, text in spec["data"].items()}
        meta = wheel_metadata(name, spec["version"], spec["summary"])
        files.update({f"{stem}.dist-info/{key}": data for key, data in meta.items()})
        path = folder / f"{stem}-py3-none-any.whl"
        write_wheel(path, files, f"{stem}.dist-info")
        written.append(path)
    return written


def site_wheel(wheel: Path) -> list[Path]:
    """Make spades_teach's wheel the site's, in place: each language's catalogs (``spades_teach/locale/
    <lang>/``, for ``CATALOG_LANGUAGES``) moved into a wheel of its own beside it, the files of
    ``OWN_UNUSED`` left out, and its METADATA without the README (the description that follows the
    fields). Its RECORD follows. Returns the catalogs' wheels."""
    match = WHEEL_NAME.match(wheel.name)
    if match is None or normalize(match["name"]) != OWN_NAME:
        raise SystemExit(f"error: not spades_teach's wheel: {wheel.name!r}")
    version = match["version"]
    with zipfile.ZipFile(wheel) as z:
        entries = [(info, z.read(info)) for info in z.infolist()]
    written = []
    taken = {info.filename for info, _ in entries if OWN_UNUSED.search(info.filename)}
    if not taken:
        raise SystemExit(f"error: {wheel.name} holds none of the files the site leaves out: has its layout changed?")
    for language in CATALOG_LANGUAGES:
        prefix = f"spades_teach/locale/{language}/"
        files = {info.filename: data for info, data in entries if info.filename.startswith(prefix)}
        if not any(name.endswith(".mo") for name in files):
            raise SystemExit(f"error: {wheel.name} holds no {language!r} catalog")
        taken |= set(files)
        stem = f"spades_teach_{language}-{version}"
        summary = f"The {language!r} catalogs of spades_teach, for the live edition of the book"
        meta = wheel_metadata(f"spades-teach-{language}", version, summary)
        files.update({f"{stem}.dist-info/{key}": data for key, data in meta.items()})
        path = wheel.parent / f"{stem}-py3-none-any.whl"
        write_wheel(path, files, f"{stem}.dist-info")
        written.append(path)
    kept: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, data in entries:
        if info.filename.endswith(".dist-info/METADATA"):
            data = data.decode().partition("\n\n")[0].encode() + b"\n"
        if info.filename not in taken:
            kept.append((info, data))
    changed = {info.filename: data for info, data in kept if info.filename.endswith(".dist-info/METADATA")}
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in kept:
            if info.filename.endswith(".dist-info/RECORD"):
                lines = [line for line in data.decode().splitlines() if line.rsplit(",", 2)[0] not in taken]
                lines = [
                    record_line(name, changed[name]) if name in changed else line
                    for line in lines
                    for name in [line.rsplit(",", 2)[0]]
                ]
                data = "".join(line + "\n" for line in lines).encode()
            z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return written


def lazy_ipython_source(source: str) -> str:
    """IPython's ``__init__.py`` with the imports of ``IPYTHON_LAZY`` made lazy (a module
    ``__getattr__`` appended); refuses a source without them (another IPython version)."""
    branches = []
    for line, (name, statement) in IPYTHON_LAZY.items():
        if source.count(line) != 1:
            raise SystemExit(f"error: IPython's __init__.py does not hold {line.strip()!r} once: another version?")
        source = source.replace(line, "")
        branches.append(f"    if name == {name!r}:\n        {statement}\n\n        return {name}\n")
    return (
        source
        + "\n\n# The live edition of spades_teach (tools/make_lite_lock.py lazy-ipython): imported when first\n"
        + "# asked for, not by `import IPython` (a kernel never uses them).\n"
        + "def __getattr__(name):\n"
        + "".join(branches)
        + '    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")\n'
    )


def lazy_ipython(wheel: Path) -> None:
    """Rewrite IPython's wheel in place with :func:`lazy_ipython_source` (its RECORD follows)."""
    match = WHEEL_NAME.match(wheel.name)
    if match is None or normalize(match["name"]) != "ipython":
        raise SystemExit(f"error: not IPython's wheel: {wheel.name!r}")
    name = "IPython/__init__.py"
    with zipfile.ZipFile(wheel) as z:
        entries = [(info, z.read(info)) for info in z.infolist()]
    changed = {name: lazy_ipython_source(dict((i.filename, d) for i, d in entries)[name].decode()).encode()}
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in entries:
            if info.filename in changed:
                data = changed[info.filename]
            elif info.filename.endswith(".dist-info/RECORD"):
                lines = [
                    record_line(file, changed[file]) if file in changed else line
                    for line in data.decode().splitlines()
                    for file in [line.rsplit(",", 2)[0]]
                ]
                data = "".join(line + "\n" for line in lines).encode()
            z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)


def write_lock(pyodide_lock: Path, wheels: Path, out: Path) -> None:
    npm_lock = read_lock(pyodide_lock)
    entries = dict(wheel_entry(wheel, npm_lock["packages"]) for wheel in sorted(wheels.glob("*.whl")))
    missing = {dep for entry in entries.values() for dep in entry["depends"]} - set(entries)
    if missing:
        raise SystemExit(f"error: the lock would depend on wheels that are not there: {sorted(missing)}")
    lock = {"info": npm_lock["info"], "packages": dict(sorted(entries.items()))}
    out.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")


#: The kernel of the live edition (registered by @jupyterlite/pyodide-kernel-extension). A chapter
#: that names it exactly opens on it; one that names "python3" only matches it by language, and a
#: Run All pressed before that match is made asks the reader to pick a kernel.
LITE_KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}


def clear_outputs(notebook: dict[str, Any]) -> dict[str, Any]:
    """The chapter as the live edition serves it: no outputs, no widget state, its kernel named, and
    its text read-only (each Markdown cell ``editable`` and ``deletable`` false, nbformat's own keys):
    the chapter opens with its title as the active cell, and a reader's keystroke or click must not
    edit, cut or delete the chapter's words (the code cells stay the reader's to change)."""
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        elif cell["cell_type"] == "markdown":
            cell.setdefault("metadata", {}).update(editable=False, deletable=False)
    metadata = notebook.setdefault("metadata", {})
    metadata.pop("widgets", None)
    metadata["kernelspec"] = dict(LITE_KERNELSPEC)
    return notebook


#: The folders of the translated chapters (``notebooks/fr``, ``notebooks/es``): the live edition
#: serves them in folders of the same names.
TRANSLATIONS = ("fr", "es")


def copy_notebooks(source: Path, out: Path) -> None:
    """Every chapter, outputs cleared: the English ones at the top, each translation in its folder."""
    for folder, target in [(source, out), *((source / lang, out / lang) for lang in TRANSLATIONS)]:
        if not folder.is_dir():
            continue
        target.mkdir(parents=True, exist_ok=True)
        for path in sorted(folder.glob("*.ipynb")):
            notebook = clear_outputs(json.loads(path.read_text(encoding="utf-8")))
            text = json.dumps(notebook, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
            (target / path.name).write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("pin")
    command.add_argument("spec", type=Path)
    command.add_argument("out", type=Path)
    command = commands.add_parser("kernel-spec")
    command.add_argument("pyodide_lock", type=Path)
    command.add_argument("out", type=Path)
    command = commands.add_parser("notebooks")
    command.add_argument("source", type=Path)
    command.add_argument("out", type=Path)
    command = commands.add_parser("own")
    command.add_argument("wheel", type=Path)
    command = commands.add_parser("stand-ins")
    command.add_argument("folder", type=Path)
    command = commands.add_parser("lazy-ipython")
    command.add_argument("wheel", type=Path)
    command = commands.add_parser("lock")
    command.add_argument("pyodide_lock", type=Path)
    command.add_argument("wheels", type=Path)
    command.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    if args.command == "pin":
        pin(args.spec, args.out)
    elif args.command == "kernel-spec":
        kernel_spec(args.pyodide_lock, args.out)
    elif args.command == "notebooks":
        copy_notebooks(args.source, args.out)
    elif args.command == "own":
        site_wheel(args.wheel)
    elif args.command == "stand-ins":
        write_stand_ins(args.folder)
    elif args.command == "lazy-ipython":
        lazy_ipython(args.wheel)
    else:
        write_lock(args.pyodide_lock, args.wheels, args.out)


if __name__ == "__main__":
    main()
