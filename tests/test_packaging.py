"""The packaging promises: environment.yml matches pyproject.toml, the
engine imports without any Jupyter package, and a plain ``voila notebooks/``
works in the environment the README's setup makes."""

from __future__ import annotations

import os
import re
import runpy
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _browser import free_port, http_get
from _scripts import modules_imported_by
from _voila import renders_progressively, run_page, served

ROOT = Path(__file__).resolve().parents[1]

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~;\[ ]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _normalise(requirement: str) -> str:
    return requirement.split(";")[0].replace(" ", "").lower().replace("_", "-")


def pyproject_requirements() -> set[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    reqs = list(data["project"].get("dependencies", []))
    for extra in data["project"].get("optional-dependencies", {}).values():
        reqs.extend(extra)
    # Requirements for old Pythons only (markers) have no conda counterpart.
    return {_normalise(r) for r in reqs if ";" not in r and _name(r) != "spades-teach"}


def environment_requirements() -> set[str]:
    reqs: set[str] = set()
    in_pip = False
    section = ""
    for raw in (ROOT / "environment.yml").read_text().splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if not line.startswith(" "):
            section = line.split(":", 1)[0]
            continue
        if section != "dependencies":
            continue
        stripped = line.strip()
        if stripped == "- pip:":
            in_pip = True
            continue
        if stripped.startswith("- "):
            item = stripped[2:].strip()
            indent = len(line) - len(line.lstrip())
            if in_pip and indent <= 2:
                in_pip = False
            if item.startswith("-e ") or _name(item) in {"python", "pip"}:
                continue
            reqs.add(_normalise(item))
    return reqs


def _setup_extensions(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The extensions setup.py declares, read by running it (from the project's root, as
    pip does) with ``setup()`` replaced."""
    import setuptools

    declared: dict[str, Any] = {}
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: declared.update(kwargs))
    runpy.run_path(str(ROOT / "setup.py"), run_name="__main__")
    return list(declared["ext_modules"])


def _local_includes(source: Path) -> set[Path]:
    """The project's files a C file includes (``#include "..."``), and theirs, resolved."""
    found: set[Path] = set()
    for name in re.findall(r'^#include "([^"]+)"', source.read_text(), flags=re.MULTILINE):
        path = (source.parent / name).resolve()
        assert path.is_file(), f"{source.name} includes {name}, which is not there"
        found |= {path} | _local_includes(path)
    return found


def test_every_header_a_c_extension_includes_is_one_of_its_dependencies(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sdist ships an extension's ``depends`` (the C rules header, game/_rules.h,
    included by both extensions): a header left out of them would be missing from the
    sdist, and a change to it would not rebuild the extension."""
    extensions = _setup_extensions(monkeypatch)
    assert {ext.name for ext in extensions} == {"spades_teach.solver._ddcore", "spades_teach.game._kernel"}
    headers = set()
    for ext in extensions:
        included = set().union(*(_local_includes(ROOT / source) for source in ext.sources))
        assert included == {(ROOT / d).resolve() for d in ext.depends}, ext.name
        headers |= included
    assert (ROOT / "spades_teach/game/_rules.h").resolve() in headers
    # the WebAssembly build of the solver compiles _ddcore.c from the same folder, so it finds them too
    assert _local_includes(ROOT / "spades_teach/solver/_ddcore_wasm.c") >= headers & _local_includes(
        ROOT / "spades_teach/solver/_ddcore.c"
    )


def test_environment_yml_lists_the_same_packages_as_pyproject() -> None:
    assert environment_requirements() == pyproject_requirements()


def test_environment_parser_sees_the_packages() -> None:
    # Guard against the comparison above passing because both sides are empty.
    found = environment_requirements()
    assert {"pytest>=8,<9.2", "ipywidgets==8.1.5", "voila==0.5.8"} <= found


def test_import_pulls_in_no_jupyter_package() -> None:
    heavy = ("ipywidgets", "IPython", "matplotlib", "numpy", "traitlets", "ipykernel")
    assert [m for m in modules_imported_by("import spades_teach", heavy) if m in heavy] == []


def test_package_ships_type_information() -> None:
    assert (ROOT / "spades_teach" / "py.typed").exists()


def _copy_of_the_project(target: Path) -> Path:
    """The project's files as a fresh clone has them (with this checkout's changes), in ``target``:
    installing there keeps the build (it writes the compiled modules beside their sources) out of
    this checkout, where other tests may have them loaded."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


@pytest.mark.slow
def test_plain_voila_over_the_chapters_works_in_the_environment_the_readme_makes(tmp_path: Path) -> None:
    """README: ``bash tools/tutorial.sh`` (``tools/setup.sh``: ``.venv`` with ``pip install -e
    ".[tutorial]"``), then ``voila notebooks/`` from the project folder. ``voila.json`` there names the
    package's template, which an editable install must put where Voila looks (it once did not: the
    list of chapters was a 500, ``TemplateNotFound: tree-lab.html``, and every chapter logged
    ``TemplateNotFound: index.html.j2``)."""
    project = _copy_of_the_project(tmp_path / "project")
    env = {k: v for k, v in os.environ.items() if k not in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "PYTHONPATH")}
    env["PYTHON"] = sys.executable
    subprocess.run(["bash", "tools/setup.sh", "tutorial"], cwd=project, env=env, check=True, timeout=1200)
    env["SPADES_TEACH_DATA_DIR"] = str(tmp_path / "progress")  # the drills' progress, kept apart
    port = free_port()
    log = tmp_path / "voila.log"
    command = [".venv/bin/voila", "notebooks/", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    # Voila answers its list of chapters with 200 (a missing template made it a 500 and the wait fail,
    # with the log and its TemplateNotFound in the message).
    with served(command, port, project, env, log) as url:
        status, home = http_get(url + "/", timeout=10)
        assert status == 200, f"the list of chapters: {status}\n{log.read_text()[-3000:]}"
        # the chapters, and the other languages' folders, linked from a plain page
        assert 'href="/voila/render/00_a_hand_in_ten_minutes.ipynb"' in home
        assert 'href="/voila/tree/fr"' in home and 'href="/voila/tree/es"' in home
        status, french = http_get(url + "/voila/tree/fr")
        assert status == 200 and 'href="/voila/render/fr/01_deck_and_deal.ipynb"' in french
        status, chapter = http_get(url + "/voila/render/01_deck_and_deal.ipynb")
        assert status == 200 and renders_progressively(chapter)
        # the chapter runs (over the page's WebSocket, as its page asks): its widgets are there
        outputs = [output for cell in run_page(url, chapter) for output in cell["output_cell"].get("outputs", [])]
        assert any("application/vnd.jupyter.widget-view+json" in output.get("data", {}) for output in outputs)
        assert [output for output in outputs if output["output_type"] == "error"] == []
    text = log.read_text()
    assert "TemplateNotFound" not in text and "Traceback" not in text, text[-3000:]
