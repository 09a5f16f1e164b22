"""Pinned inputs of the live (JupyterLite) edition of the book, and the Pyodide lock file it serves.

The Pyodide runtime comes from npm (tools/lite/package-lock.json) without any package wheel; its
``pyodide-lock.json`` names the wheels by the hashes of Pyodide's own repacked copies. The live edition
serves the wheels PyPI publishes instead, so the lock it serves lists only those wheels, with their PyPI
hashes, plus the wheels the chapters need (spades_teach, ipywidgets and its front-end partners, anywidget).

Subcommands:

``pin SPEC OUT``
    Download every ``name==version`` of SPEC (one a line) from PyPI and write OUT, a pip requirements
    file with the sha256 of each wheel (``pip install --require-hashes`` checks them).
``kernel-spec PYODIDE_LOCK OUT``
    Write the ``name==version`` lines of the wheels the kernel needs: what it loads when it starts
    (micropip, IPython, jedi and their dependencies) and the chapters' packages Pyodide's lock
    lists (typing-extensions), at the versions that lock names, then the chapters' extras.
``notebooks SOURCE OUT``
    Copy the chapters (SOURCE/*.ipynb) to OUT with their outputs cleared: the reader runs them live,
    and a saved widget output would name a widget the new kernel does not have.
``lock PYODIDE_LOCK WHEELS OUT``
    Write the lock file the site serves: the npm lock's header, an entry for each wheel of the
    folder WHEELS (the file's own sha256; dependencies and import names from the npm lock, or from
    ``EXTRA_ENTRIES`` for the packages Pyodide does not list).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

#: what the Pyodide kernel loads when it starts (micropip first, then the kernel's own packages)
KERNEL_ROOTS = ("micropip", "ipython", "jedi", "traitlets", "packaging")

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
    # The kernel's own small wheels, from the kernel extension's folder (the pinned
    # jupyterlite-pyodide-kernel wheel of tools/lite/extensions.txt): in the lock, the kernel loads them
    # with everything else in one go when Pyodide starts (loadPyodideOptions in jupyter-lite.json),
    # instead of installing them one after another through piplite.
    "piplite": {"version": "0.8.6", "imports": ["piplite"], "depends": ["micropip"]},
    "pyodide-kernel": {"version": "0.8.6", "imports": ["pyodide_kernel"], "depends": ["comm", "ipython"]},
    "ipykernel": {"version": "6.9.2", "imports": ["ipykernel"], "depends": ["pyodide-kernel"]},
}

#: the project's own wheel (built by tools/build_lite.sh, not pinned here)
OWN_ENTRY: dict[str, Any] = {"imports": ["spades_teach"], "depends": ["anywidget", "ipywidgets"]}
OWN_NAME = "spades-teach"

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


def kernel_closure(packages: dict[str, Any]) -> list[str]:
    """Lock keys of the kernel's start packages, the chapters' packages from Pyodide's lock, and
    everything they depend on, sorted."""
    seen: set[str] = set()
    todo = [normalize(name) for name in (*KERNEL_ROOTS, *CHAPTER_ROOTS)]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            raise SystemExit(f"error: the Pyodide lock does not list {name!r}")
        seen.add(name)
        todo.extend(normalize(dep) for dep in packages[name]["depends"])
    return sorted(seen)


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
    elif key in EXTRA_ENTRIES:
        known = EXTRA_ENTRIES[key]
    elif key in packages:
        known = packages[key]
    else:
        raise SystemExit(f"error: no lock entry known for the wheel {wheel.name!r}")
    entry = {
        "depends": sorted(normalize(dep) for dep in known["depends"]),
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
    """The chapter as the live edition serves it: no outputs, no widget state, its kernel named."""
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
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
    else:
        write_lock(args.pyodide_lock, args.wheels, args.out)


if __name__ == "__main__":
    main()
