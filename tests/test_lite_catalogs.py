"""The live edition's French and Spanish catalogs, served apart from spades_teach's wheel (a wheel per
language, tools/make_lite_lock.py ``own``) and fetched by spades_teach.i18n the first time a page
uses the language: an English page downloads neither, a French page not the Spanish one. Here in
CPython, without a browser: Pyodide's API and the browser's request are stand-ins that serve the wheel
the tool wrote."""

from __future__ import annotations

import hashlib
import json
import sys
import zipfile
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any, ClassVar
from urllib.parse import urljoin

import pytest
from _scripts import load_script

import spades_teach.i18n as i18n
from spades_teach.i18n import LOCALE_DIR, LanguageError, _, get_language, set_language

ROOT = Path(__file__).resolve().parents[1]


def _tool() -> ModuleType:
    return load_script(ROOT / "tools" / "make_lite_lock.py", "make_lite_lock")


#: files of spades_teach's wheel that no page of the live edition uses
UNUSED = [
    "spades_teach/__main__.py",
    "spades_teach/cli/__init__.py",
    "spades_teach/app/home.py",
    "spades_teach/app/voila_kernels.py",
    "spades_teach/data/app/play.ipynb",
    "spades_teach/data/jupyter/voila.json",
    "spades_teach-0.1.0.data/data/share/jupyter/voila/templates/spades_teach/page.html",
]


def _own_wheel(folder: Path) -> Path:
    """spades_teach's wheel, in part: the package's compiled catalogs, its numbers, a module the pages
    use and the files they do not, its METADATA with the README."""
    files = {
        "spades_teach/__init__.py": b"",
        "spades_teach/widgets/table.py": b"",
        "spades_teach/locale/numbers.json": b"{}",
        **{name: b"" for name in UNUSED},
        "spades_teach-0.1.0.dist-info/METADATA": b"Metadata-Version: 2.4\nName: spades_teach\nVersion: 0.1.0\n\n# Learn Spades\n",
    }
    for path in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.mo")):
        files[f"spades_teach/locale/{path.relative_to(LOCALE_DIR).as_posix()}"] = path.read_bytes()
    record = "".join(f"{name},sha256=x,{len(data)}\n" for name, data in files.items())
    files["spades_teach-0.1.0.dist-info/RECORD"] = (record + "spades_teach-0.1.0.dist-info/RECORD,,\n").encode()
    wheel = folder / "spades_teach-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return wheel


def test_each_language_s_catalogs_leave_spades_teach_s_wheel_for_their_own(tmp_path: Path) -> None:
    tool = _tool()
    wheel = _own_wheel(tmp_path)
    written = tool.site_wheel(wheel)
    assert [path.name for path in written] == [
        "spades_teach_fr-0.1.0-py3-none-any.whl",
        "spades_teach_es-0.1.0-py3-none-any.whl",
    ]
    own = zipfile.ZipFile(wheel)
    assert not [
        name for name in own.namelist() if name.startswith(("spades_teach/locale/fr/", "spades_teach/locale/es/"))
    ]
    assert "spades_teach/locale/numbers.json" in own.namelist()  # every language's numbers stay
    record = own.read("spades_teach-0.1.0.dist-info/RECORD").decode()
    assert "locale/fr/" not in record
    # what no page uses is left out too (the command line, the Voila app), and the README
    assert not set(UNUSED) & set(own.namelist())
    assert [name.split(",")[0] for name in record.splitlines()] == [
        "spades_teach/__init__.py",
        "spades_teach/widgets/table.py",
        "spades_teach/locale/numbers.json",
        "spades_teach-0.1.0.dist-info/METADATA",
        "spades_teach-0.1.0.dist-info/RECORD",
    ]
    metadata = own.read("spades_teach-0.1.0.dist-info/METADATA")
    assert metadata == b"Metadata-Version: 2.4\nName: spades_teach\nVersion: 0.1.0\n"
    assert tool.record_line("spades_teach-0.1.0.dist-info/METADATA", metadata) in record
    for path, language in zip(written, ("fr", "es")):
        names = zipfile.ZipFile(path).namelist()
        other = "es" if language == "fr" else "fr"
        assert f"spades_teach/locale/{language}/LC_MESSAGES/spades_teach.mo" in names
        assert f"spades_teach/locale/{language}/LC_MESSAGES/chapters.mo" in names
        assert not [name for name in names if f"/locale/{other}/" in name]

    # in the lock: spades-teach-fr and -es, which nothing the kernel loads at its start depends on
    for name in ["anywidget", "ipywidgets", "psygnal", "typing_extensions", "jupyterlab_widgets", "comm"]:
        (tmp_path / f"{name}-1-py3-none-any.whl").write_bytes(b"")
    npm = {"info": {}, "packages": {}}
    npm["packages"]["typing-extensions"] = {"name": "typing-extensions", "depends": [], "imports": []}
    for name in ("ipython", "traitlets"):
        npm["packages"][name] = {"name": name, "depends": [], "imports": [name]}
        (tmp_path / f"{name}-1-py3-none-any.whl").write_bytes(b"")
    (tmp_path / "npm.json").write_text(json.dumps(npm), encoding="utf-8")
    tool.write_lock(tmp_path / "npm.json", tmp_path, tmp_path / "lock.json")
    lock = json.loads((tmp_path / "lock.json").read_text(encoding="utf-8"))["packages"]
    assert lock["spades-teach-fr"]["depends"] == ["spades-teach"]
    assert lock["spades-teach-fr"]["imports"] == []  # a cell's imports never load it
    config = json.loads((ROOT / "tools" / "lite" / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    started = [name for name in kernel["loadPyodideOptions"]["packages"] if name in lock]
    assert "spades-teach" in started
    loaded = tool.closure(lock, started)
    assert "spades-teach" in loaded and not {"spades-teach-fr", "spades-teach-es"} & set(loaded)


class _Request:
    """The browser's XMLHttpRequest, as far as spades_teach.i18n uses it, serving ``files``."""

    files: ClassVar[dict[str, bytes]] = {}
    asked: ClassVar[list[str]] = []

    def __init__(self) -> None:
        self.status = 0
        self.response: Any = None
        self.responseType = ""

    @classmethod
    def new(cls) -> _Request:
        return cls()

    def open(self, method: str, url: str, asynchronous: bool) -> None:
        assert (method, asynchronous) == ("GET", False)
        self.url = url

    def send(self) -> None:
        assert self.responseType == "arraybuffer"
        self.asked.append(self.url)
        data = self.files.get(self.url)
        self.status = 200 if data is not None else 404
        body = data if data is not None else b"not found"
        self.response = SimpleNamespace(to_bytes=lambda: body)


@pytest.fixture
def live(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[type[_Request], dict[str, Path]]:
    """spades_teach as the live edition installs it (no French or Spanish catalog in the package),
    in a "Pyodide" whose lock names the catalogs' wheels, served by a stand-in request."""
    wheel = _own_wheel(tmp_path)
    written = {language: path for language, path in zip(("fr", "es"), _tool().site_wheel(wheel))}
    site_packages = tmp_path / "site-packages"
    zipfile.ZipFile(wheel).extractall(site_packages)
    base = "http://127.0.0.1/static/pyodide/"
    packages = SimpleNamespace()
    for language, path in written.items():
        entry = SimpleNamespace(file_name=path.name, sha256=hashlib.sha256(path.read_bytes()).hexdigest())
        setattr(packages, f"spades-teach-{language}", entry)
    pyodide_js = ModuleType("pyodide_js")
    pyodide_js.lockfile = SimpleNamespace(packages=packages)  # type: ignore[attr-defined]
    pyodide_js.lockfileBaseUrl = base  # type: ignore[attr-defined]
    js = ModuleType("js")
    js.URL = SimpleNamespace(  # type: ignore[attr-defined]
        new=lambda url, base: SimpleNamespace(href=urljoin(getattr(base, "href", base), url))
    )
    js.XMLHttpRequest = _Request  # type: ignore[attr-defined]
    js.location = SimpleNamespace(href="http://127.0.0.1/extensions/kernel/static/worker.js")  # type: ignore[attr-defined]
    _Request.files = {base + path.name: path.read_bytes() for path in written.values()}
    _Request.asked = []
    monkeypatch.setitem(sys.modules, "pyodide_js", pyodide_js)
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(i18n, "LOCALE_DIR", site_packages / "spades_teach" / "locale")
    monkeypatch.setattr(i18n, "_translations", {})
    monkeypatch.setattr(i18n, "_chosen", ["en"])
    return _Request, written


def test_a_language_s_catalogs_are_fetched_once_when_first_used_and_the_other_s_never(
    live: tuple[type[_Request], dict[str, Path]],
) -> None:
    request, written = live
    assert _("Language") == "Language"
    assert request.asked == []  # English asks for nothing
    try:
        set_language("fr")
        assert _("Language") == "Langue"
        set_language("en")
        set_language("fr")
    finally:
        set_language("en")
    assert request.asked == ["http://127.0.0.1/static/pyodide/" + written["fr"].name]
    assert (i18n.LOCALE_DIR / "fr" / "LC_MESSAGES" / "chapters.mo").is_file()  # the chapters' words too
    assert not (i18n.LOCALE_DIR / "es").exists()


def test_a_catalog_that_does_not_match_the_lock_is_refused(live: tuple[type[_Request], dict[str, Path]]) -> None:
    request, written = live
    url = "http://127.0.0.1/static/pyodide/" + written["es"].name
    request.files[url] = request.files[url][:-1] + b"?"
    with pytest.raises(LanguageError, match="could not be fetched"):
        set_language("es")
    assert get_language() == "en"
    assert not (i18n.LOCALE_DIR / "es").exists()
    del request.files[url]
    with pytest.raises(LanguageError, match="HTTP 404"):
        set_language("es")
