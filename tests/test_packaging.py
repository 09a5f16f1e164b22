"""The packaging promises: environment.yml matches pyproject.toml, and the
engine imports without any Jupyter package."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

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


def test_environment_yml_lists_the_same_packages_as_pyproject() -> None:
    assert environment_requirements() == pyproject_requirements()


def test_environment_parser_sees_the_packages() -> None:
    # Guard against the comparison above passing because both sides are empty.
    found = environment_requirements()
    assert {"pytest>=8", "ipywidgets>=8"} <= found


def test_import_pulls_in_no_jupyter_package() -> None:
    code = (
        "import sys, json, spades_teach\n"
        "heavy = ['ipywidgets', 'IPython', 'matplotlib', 'numpy', 'traitlets', 'ipykernel']\n"
        "print(json.dumps([m for m in heavy if m in sys.modules]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert json.loads(out.stdout) == []


def test_package_ships_type_information() -> None:
    assert (ROOT / "spades_teach" / "py.typed").exists()
