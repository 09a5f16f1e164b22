"""The live edition's interface languages (tools/lite/translations.py, tools/lite/languages.txt),
without a browser or a download: wheels made here stand in for the language packs."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from types import ModuleType

import pytest
from _scripts import load_script

LITE = Path(__file__).resolve().parents[1] / "tools" / "lite"


def _tool() -> ModuleType:
    return load_script(LITE / "translations.py", "lite_translations")


def _pack(folder: Path, locale: str, catalogs: dict[str, dict[str, object]]) -> None:
    """A language pack wheel laid out as JupyterLab's are: one JSON catalog per domain."""
    module = f"jupyterlab_language_pack_{locale}"
    with zipfile.ZipFile(folder / f"{module.lower()}-4.5-py3-none-any.whl", "w") as wheel:
        wheel.writestr(f"{module}/__init__.py", "")
        for domain, catalog in catalogs.items():
            wheel.writestr(f"{module}/locale/{locale}/LC_MESSAGES/{domain}.json", json.dumps(catalog))


def test_each_pack_is_offered_by_its_own_name_with_the_site_s_catalogs_only(tmp_path: Path) -> None:
    wheels, site = tmp_path / "wheels", tmp_path / "site"
    wheels.mkdir()
    _pack(wheels, "fr_FR", {"jupyterlab": {"Help": ["Aide"]}, "notebook": {"Trusted": ["Fiable"]}, "nbdime": {}})
    _pack(wheels, "es_ES", {"jupyterlab": {"Help": ["Ayuda"]}})

    assert _tool().write_translations(wheels, site) == ["en", "es_ES", "fr_FR"]

    api = site / "api" / "translations"
    offered = json.loads((api / "all.json").read_text(encoding="utf-8"))["data"]
    assert offered["fr_FR"] == {"displayName": "French (France)", "nativeName": "Français (France)"}
    assert offered["es_ES"]["nativeName"] == "Español (España)"
    french = json.loads((api / "fr_FR.json").read_text(encoding="utf-8"))["data"]
    assert sorted(french) == ["jupyterlab", "notebook"]  # nbdime: no front end in the site
    assert french["jupyterlab"]["Help"] == ["Aide"]


def test_a_wheel_of_two_locales_is_refused(tmp_path: Path) -> None:
    _pack(tmp_path, "fr_FR", {"jupyterlab": {}})
    with zipfile.ZipFile(next(tmp_path.glob("*.whl")), "a") as wheel:
        wheel.writestr("jupyterlab_language_pack_fr_FR/locale/fr_CA/LC_MESSAGES/jupyterlab.json", "{}")
    with pytest.raises(SystemExit, match="one locale"):
        _tool().write_translations(tmp_path, tmp_path / "site")


def test_the_packs_are_pinned_by_hash_at_one_version() -> None:
    wanted = [line for line in (LITE / "languages.in").read_text(encoding="utf-8").splitlines() if line]
    pinned = [line for line in (LITE / "languages.txt").read_text(encoding="utf-8").splitlines() if line[:1] != "#"]
    assert [line.split(" --hash=sha256:")[0] for line in pinned] == wanted
    assert all(len(line.split("--hash=sha256:")[1]) == 64 for line in pinned)
    assert {line.split("==")[0] for line in wanted} == {
        "jupyterlab-language-pack-fr-FR",
        "jupyterlab-language-pack-es-ES",
    }
