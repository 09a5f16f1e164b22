"""The lock file of the live edition (tools/make_lite_lock.py), without a browser or a download."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from _scripts import load_script

TOOL = Path(__file__).resolve().parents[1] / "tools" / "make_lite_lock.py"


def _tool() -> ModuleType:
    return load_script(TOOL, "make_lite_lock")


def _npm_lock(folder: Path) -> Path:
    """A Pyodide lock naming typing-extensions and the kernel's packages the wheels below need."""
    packages = {
        name: {"name": name, "version": "1", "depends": [], "imports": [name.replace("-", "_")]}
        for name in ("typing-extensions", "ipython", "traitlets")
    }
    path = folder / "npm-lock.json"
    path.write_text(json.dumps({"info": {"version": "0"}, "packages": packages}), encoding="utf-8")
    return path


def _wheels(folder: Path, names: list[str]) -> Path:
    wheels = folder / "wheels"
    wheels.mkdir()
    for name in names:
        (wheels / name).write_bytes(name.encode())
    return wheels


CARD_TABLE_WHEELS = [
    "anywidget-0.11.0-py3-none-any.whl",
    "comm-0.2.3-py3-none-any.whl",
    "fsrs-6.3.2-py3-none-any.whl",
    "ipython-9.12.0-py3-none-any.whl",
    "ipywidgets-8.1.9-py3-none-any.whl",
    "jupyterlab_widgets-3.0.17-py3-none-any.whl",
    "spades_teach-0.1.0-py3-none-any.whl",
    "traitlets-5.14.3-py3-none-any.whl",
    "typing_extensions-4.15.0-py3-none-any.whl",
]


def test_the_lock_lists_anywidget_with_its_dependencies(tmp_path: Path) -> None:
    tool = _tool()
    wheels = _wheels(tmp_path, [*CARD_TABLE_WHEELS, "psygnal-0.16.1-py3-none-any.whl"])
    out = tmp_path / "lock.json"
    tool.write_lock(_npm_lock(tmp_path), wheels, out)
    packages = json.loads(out.read_text(encoding="utf-8"))["packages"]
    assert packages["anywidget"]["depends"] == ["ipywidgets", "psygnal", "typing-extensions"]
    assert "anywidget" in packages["spades-teach"]["depends"]
    assert packages["psygnal"]["imports"] == ["psygnal"]
    # the practice session's scheduler loads with spades_teach (it imports fsrs inside its functions)
    assert "fsrs" in packages["spades-teach"]["depends"]
    assert packages["fsrs"] == {**packages["fsrs"], "imports": ["fsrs"], "depends": ["typing-extensions"]}


def test_the_lock_refuses_to_name_a_missing_psygnal(tmp_path: Path) -> None:
    tool = _tool()
    wheels = _wheels(tmp_path, CARD_TABLE_WHEELS)
    with pytest.raises(SystemExit, match="psygnal"):
        tool.write_lock(_npm_lock(tmp_path), wheels, tmp_path / "lock.json")


def test_the_lock_refuses_a_compiled_wheel(tmp_path: Path) -> None:
    tool = _tool()
    compiled = "psygnal-0.16.1-cp314-cp314-manylinux_2_17_x86_64.whl"
    wheels = _wheels(tmp_path, [*CARD_TABLE_WHEELS, compiled])
    with pytest.raises(SystemExit, match="not a pure Python wheel"):
        tool.write_lock(_npm_lock(tmp_path), wheels, tmp_path / "lock.json")


def test_the_live_chapters_name_the_pyodide_kernel_and_lose_their_outputs(tmp_path: Path) -> None:
    """A chapter that names "python3" only matches the live kernel by language, and Run All
    pressed before that match is made asks the reader to pick a kernel: the copies name it."""
    source = Path(__file__).resolve().parents[1] / "notebooks"
    _tool().copy_notebooks(source, tmp_path)
    copies = sorted(tmp_path.glob("*.ipynb"))
    assert len(copies) == len(list(source.glob("*.ipynb"))) >= 12
    for path in copies:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        assert notebook["metadata"]["kernelspec"] == {
            "display_name": "Python (Pyodide)",
            "language": "python",
            "name": "python",
        }
        assert "widgets" not in notebook["metadata"]
        code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
        assert code and all(cell["outputs"] == [] and cell["execution_count"] is None for cell in code)
        # the live reader's finding 10: the chapter's text (its title first) is not the reader's to
        # edit or delete; its code is
        text = [cell for cell in notebook["cells"] if cell["cell_type"] == "markdown"]
        assert text[0]["source"][0].startswith("# ") and notebook["cells"][0] is text[0]
        assert all(cell["metadata"]["editable"] is False and cell["metadata"]["deletable"] is False for cell in text)
        assert not any("editable" in cell["metadata"] or "deletable" in cell["metadata"] for cell in code)
    original = json.loads((source / copies[0].name).read_text(encoding="utf-8"))
    assert original["metadata"]["kernelspec"]["name"] == "python3"  # the chapters themselves are untouched
    assert "editable" not in original["cells"][0]["metadata"]


# -- jedi left out: its stand-in ------------------------------------------------------------------

LITE = Path(__file__).resolve().parents[1] / "tools" / "lite"


def test_the_kernel_s_wheels_leave_jedi_and_parso_out(tmp_path: Path) -> None:
    """A first visit downloaded 1 MB of jedi and parso and imported a hundred of their modules while the
    kernel started; nothing of the chapters uses them (IPython completes without jedi)."""
    tool = _tool()
    packages = {
        name: {"name": name, "version": "1", "depends": depends, "imports": [name]}
        for name, depends in {
            "micropip": [],
            "ipython": ["traitlets"],
            "traitlets": [],
            "packaging": [],
            "typing-extensions": [],
            "jedi": ["parso"],
            "parso": [],
        }.items()
    }
    lock = tmp_path / "npm-lock.json"
    lock.write_text(json.dumps({"info": {}, "packages": packages}), encoding="utf-8")
    out = tmp_path / "kernel.in"
    tool.kernel_spec(lock, out)
    names = {line.split("==")[0] for line in out.read_text(encoding="utf-8").splitlines()}
    assert {"micropip", "ipython", "traitlets"} <= names
    assert not names & {"jedi", "parso"}
    # the pinned inputs as committed
    for pinned in ("kernel.in", "kernel.txt"):
        lines = (LITE / pinned).read_text(encoding="utf-8").splitlines()
        assert not [line for line in lines if line.startswith(("jedi==", "parso=="))], pinned
    # a kernel package that came to depend on jedi would bring it back: refused
    packages["ipython"]["depends"].append("jedi")
    lock.write_text(json.dumps({"info": {}, "packages": packages}), encoding="utf-8")
    with pytest.raises(SystemExit, match="stand-in"):
        tool.kernel_spec(lock, out)


def test_jedi_s_stand_in_has_no_module_and_turns_jedi_s_completer_off(tmp_path: Path) -> None:
    """The kernel installs jedi through piplite unless the packages it loads at its start name it (and
    with PyPI off that install fails): the lock names a stand-in, which installs no ``jedi`` module
    (IPython's ``import jedi`` fails, its completer falls back on its own) and carries IPython's
    configuration, which turns jedi's completer off once the kernel has turned it on."""
    import zipfile

    from traitlets.config import Config

    tool = _tool()
    (stand_in,) = tool.write_stand_ins(tmp_path)
    assert stand_in.name == "jedi-0+absent-py3-none-any.whl"
    names = zipfile.ZipFile(stand_in).namelist()
    assert not [name for name in names if name.startswith("jedi/")]
    config_file = "jedi-0+absent.data/data/etc/ipython/ipython_config.py"  # under sys.prefix, "/" in Pyodide
    assert config_file in names
    metadata = zipfile.ZipFile(stand_in).read("jedi-0+absent.dist-info/METADATA").decode()
    assert "Name: jedi\n" in metadata and "Version: 0+absent\n" in metadata
    c = Config()
    exec(zipfile.ZipFile(stand_in).read(config_file).decode(), {"c": c})
    assert c.InteractiveShellApp.exec_lines == ["get_ipython().Completer.use_jedi = False"]
    # in the lock, under jedi's name, depending on nothing (Pyodide's jedi depends on parso)
    wheels = _wheels(tmp_path, [*CARD_TABLE_WHEELS, "psygnal-0.16.1-py3-none-any.whl"])
    stand_in.rename(wheels / stand_in.name)
    npm = json.loads(_npm_lock(tmp_path).read_text(encoding="utf-8"))
    npm["packages"]["jedi"] = {"name": "jedi", "version": "0.19.2", "depends": ["parso"], "imports": ["jedi"]}
    (tmp_path / "npm-lock.json").write_text(json.dumps(npm), encoding="utf-8")
    out = tmp_path / "lock.json"
    tool.write_lock(tmp_path / "npm-lock.json", wheels, out)
    entry = json.loads(out.read_text(encoding="utf-8"))["packages"]["jedi"]
    assert (entry["version"], entry["depends"], entry["imports"]) == ("0+absent", [], [])
    # the kernel's start names it (else it would ask piplite for jedi)
    config = json.loads((LITE / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert "jedi" in kernel["loadPyodideOptions"]["packages"]


IPYTHON_INIT = (
    '"""IPython."""\nimport sys\nfrom .core.getipython import get_ipython\n'
    "from .core.application import Application\nfrom .terminal.embed import embed\n"
    "from .core.interactiveshell import InteractiveShell\n"
)


def _ipython_wheel(folder: Path, init: str) -> Path:
    import zipfile

    tool = _tool()
    wheel = folder / "ipython-9.12.0-py3-none-any.whl"
    files = {"IPython/__init__.py": init.encode(), "IPython/core/__init__.py": b""}
    tool.write_wheel(wheel, files, "ipython-9.12.0.dist-info")
    assert zipfile.ZipFile(wheel).read("IPython/__init__.py") == init.encode()
    return wheel


def test_lazy_ipython_imports_the_terminal_and_the_application_when_first_asked(tmp_path: Path) -> None:
    import base64
    import hashlib
    import zipfile

    tool = _tool()
    wheel = _ipython_wheel(tmp_path, IPYTHON_INIT)
    tool.lazy_ipython(wheel)
    with zipfile.ZipFile(wheel) as z:
        init = z.read("IPython/__init__.py")
        record = z.read("ipython-9.12.0.dist-info/RECORD").decode()
    text = init.decode()
    assert "from .terminal.embed import embed\n" not in text.split("def __getattr__")[0]
    assert "from .core.application import Application\n" not in text.split("def __getattr__")[0]
    assert "from .core.interactiveshell import InteractiveShell\n" in text  # the kernel's shell stays
    digest = base64.urlsafe_b64encode(hashlib.sha256(init).digest()).rstrip(b"=").decode()
    assert f"IPython/__init__.py,sha256={digest},{len(init)}" in record.splitlines()
    # the module's __getattr__ imports each name from its module, and refuses any other name
    package = tmp_path / "pkg" / "IPython"
    for module, body in {
        "core/getipython.py": "def get_ipython(): return None\n",
        "core/application.py": "Application = 'the application'\n",
        "core/interactiveshell.py": "InteractiveShell = 'the shell'\n",
        "terminal/__init__.py": "",
        "terminal/embed.py": "embed = 'the terminal'\n",
    }.items():
        (package / module).parent.mkdir(parents=True, exist_ok=True)
        (package / module).write_text(body, encoding="utf-8")
    (package / "core" / "__init__.py").write_text("", encoding="utf-8")
    (package / "__init__.py").write_bytes(init)
    code = (
        "import sys, IPython\n"
        "print('IPython.terminal.embed' in sys.modules, 'IPython.core.application' in sys.modules)\n"
        "print(IPython.embed, IPython.Application, 'IPython.terminal.embed' in sys.modules)\n"
        "try:\n    IPython.nothing\nexcept AttributeError as e:\n    print(e)\n"
    )
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path / "pkg", capture_output=True, text=True)
    assert out.stdout.splitlines() == [
        "False False",
        "the terminal the application True",
        "module 'IPython' has no attribute 'nothing'",
    ], out.stderr


def test_lazy_ipython_refuses_an_ipython_it_does_not_know(tmp_path: Path) -> None:
    wheel = _ipython_wheel(tmp_path, IPYTHON_INIT.replace("from .terminal.embed import embed\n", ""))
    with pytest.raises(SystemExit, match="another version"):
        _tool().lazy_ipython(wheel)


def test_the_lock_leaves_prompt_toolkit_out_of_ipython_s_dependencies(tmp_path: Path) -> None:
    tool = _tool()
    npm = _npm_lock(tmp_path)
    lock = json.loads(npm.read_text(encoding="utf-8"))
    lock["packages"]["ipython"]["depends"] = ["prompt-toolkit", "traitlets", "wcwidth"]
    for name, depends in (("prompt-toolkit", ["wcwidth"]), ("wcwidth", [])):
        lock["packages"][name] = {"name": name, "version": "1", "depends": depends, "imports": [name]}
    npm.write_text(json.dumps(lock), encoding="utf-8")
    deferred = ["prompt_toolkit-3.0.52-py3-none-any.whl", "wcwidth-0.6.0-py3-none-any.whl"]
    wheels = _wheels(tmp_path, [*CARD_TABLE_WHEELS, "psygnal-0.16.1-py3-none-any.whl", *deferred])
    out = tmp_path / "lock.json"
    tool.write_lock(npm, wheels, out)
    packages = json.loads(out.read_text(encoding="utf-8"))["packages"]
    assert packages["ipython"]["depends"] == ["traitlets"]
    assert packages["prompt-toolkit"]["depends"] == ["wcwidth"]  # still served, for piplite
