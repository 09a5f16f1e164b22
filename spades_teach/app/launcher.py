"""The app's launcher: the notebooks shipped in ``spades_teach/data/app/`` copied into a fresh
temporary folder, titled in the server's language, and Voila run over them on ``127.0.0.1``
(:func:`serve`), with the package's page template and the home page beside them."""

from __future__ import annotations

import importlib.util
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from spades_teach.app.home import write_home_templates
from spades_teach.app.pages import HEADINGS, checked_language
from spades_teach.errors import AppError
from spades_teach.i18n import _, get_language
from spades_teach.i18n import language as speaking

__all__ = [
    "APP_NOTEBOOKS",
    "BOOK_FILES",
    "add_chapters",
    "built_book",
    "chapter_notebooks",
    "DEFAULT_PORT",
    "VOILA_OPTIONS",
    "VOILA_SKIPPED_EXTENSIONS",
    "app_folder",
    "app_notebooks",
    "check_port",
    "copy_notebooks",
    "serve",
    "sign_notebooks",
    "title_notebooks",
    "voila_command",
    "voila_environment",
]

#: The package's folder, which holds ``data/``.
_PACKAGE = Path(__file__).resolve().parent.parent

#: The notebooks of the app, in the order of the home page and of each page's links.
APP_NOTEBOOKS = ("play.ipynb", "advisor.ipynb", "score.ipynb", "replay.ipynb", "daily.ipynb", "progress.ipynb")
#: Voila's usual port.
DEFAULT_PORT = 8866

Runner = Callable[[Sequence[str]], int]

#: JupyterLab front-end extensions that have no use inside Voila and that Voila is told not to load:
#: two fail there (they need JupyterLab's own document manager or a browser kernel), and JupyterLab's
#: "Render with Voila" button, which Voila only marks as disabled, still loads and asks for newer
#: JupyterLab modules than Voila's page has (a console warning for each).
VOILA_SKIPPED_EXTENSIONS = (
    "jupyterlab-jupytext",
    "@jupyterlite/pyodide-kernel-extension",
    "@voila-dashboards/jupyterlab-preview",
    # the tutorial's own (data/jupyter/labextensions): it sets JupyterLab's menus to a chapter's
    # language, and a Voila page has no such menus
    "spades-teach-language",
)
#: Voila's kernel manager: a page left is answered at once, not once its kernel has stopped (see
#: :mod:`spades_teach.app.voila_kernels`).
VOILA_KERNEL_MANAGER = "spades_teach.app.voila_kernels.LeaveQuietlyKernelManager"
#: The template (in ``data/jupyter/voila/templates``), the extensions left out (one option each: a
#: list in one option is deprecated in traitlets 5 and printed a warning) and the kernel manager.
VOILA_OPTIONS = (
    "--template=spades_teach",
    *(f"--VoilaConfiguration.extension_denylist={name}" for name in VOILA_SKIPPED_EXTENSIONS),
    f"--VoilaConfiguration.multi_kernel_manager_class={VOILA_KERNEL_MANAGER}",
    # The pages' kernels talk to Voila over CurveZMQ (their kernelspec says they can): without it
    # ipykernel warns, once per page, that it runs over TCP without encryption.
    "--KernelManager.transport_encryption=auto",
    # Voila reads data/jupyter/voila.json too, for what a command line cannot say: a number in
    # Voila.tornado_settings, the WebSockets' keep-alive pings switched off (ws_ping_interval 0). The
    # pages talk to a server on this machine; and jupyter_server's pings cannot be set right under
    # tornado 6.5: a timeout longer than the interval is cut to it with a warning in the log, and one
    # equal to it closed every socket at its first ping, 30 s after it opened (a kernel's socket then
    # reconnected; the run of a progressively rendered page was cut off, see spades_teach.app.voila_runs).
    # And its progressive_rendering: a page shows its text at once and its outputs as its cells run.
    "--Voila.config_file_paths=" + str(Path(__file__).resolve().parent.parent / "data" / "jupyter"),
)


def voila_environment(
    base: dict[str, str] | None = None, *, home: str | Path | None = None, language: str | None = None
) -> dict[str, str]:
    """The environment Voila runs in: ``JUPYTER_PATH`` starts with the package's
    ``data/jupyter`` folder, where Voila finds the ``spades_teach`` template (after
    ``home``, a folder of :func:`write_home_templates`, if given); ``language``
    becomes ``LANGUAGE``, which the pages' kernels read (see :mod:`spades_teach.i18n`)."""
    import os

    env = dict(os.environ if base is None else base)
    ours = [*([str(home)] if home is not None else []), str(_PACKAGE / "data" / "jupyter")]
    env["JUPYTER_PATH"] = os.pathsep.join([*ours, *filter(None, [env.get("JUPYTER_PATH", "")])])
    if language is not None:
        env["LANGUAGE"] = checked_language(language)
    return env


def app_folder() -> Path:
    """The folder of the package that holds the app notebooks."""
    return _PACKAGE / "data" / "app"


def app_notebooks() -> list[Path]:
    """The app notebooks shipped with the package, in :data:`APP_NOTEBOOKS` order."""
    folder = app_folder()
    missing = [name for name in APP_NOTEBOOKS if not (folder / name).is_file()]
    if missing:
        raise AppError(
            _("the app notebooks {names} are missing from {folder}: reinstall spades_teach").format(
                names=", ".join(missing), folder=repr(str(folder))
            )
        )
    return [folder / name for name in APP_NOTEBOOKS]


def copy_notebooks(target: str | Path) -> list[Path]:
    """Copy the app notebooks into ``target`` (created if needed); returns the copies."""
    folder = Path(target)
    folder.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copy2(source, folder / source.name)) for source in app_notebooks()]


def title_notebooks(copies: Sequence[Path], language: str) -> None:
    """Give each copied app notebook its page's heading in ``language`` as its title (what
    the browser's tab shows; Voila writes the page's head before a kernel runs, so the title
    is the server's language even when the page's menu picks another)."""
    import json

    with speaking(checked_language(language)):
        for path in copies:
            if path.stem in HEADINGS:
                notebook = json.loads(path.read_text(encoding="utf-8"))
                notebook.setdefault("metadata", {})["title"] = _(HEADINGS[path.stem])
                path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


#: The project's folder when the package runs from its source (the chapters and the built book there).
_SOURCE = _PACKAGE.parent
#: The environment variable naming a built book (``book/_build/html``) for the app to serve.
BOOK_VARIABLE = "SPADES_TEACH_BOOK"


def built_book() -> Path | None:
    """The built book the app serves, if any: ``$SPADES_TEACH_BOOK`` when set (empty: none), else
    ``book/_build/html`` of the project's source when ``tools/build_book.sh`` has built it."""
    import os

    chosen = os.environ.get(BOOK_VARIABLE)
    folder = Path(chosen) if chosen else (None if chosen == "" else _SOURCE / "book" / "_build" / "html")
    return folder if folder is not None and (folder / "index.html").is_file() else None


def chapter_notebooks() -> list[Path]:
    """The chapters of the project's source (``notebooks/``, with ``fr/`` and ``es/``), for the app to
    run when there is no built book; none for an installed package, which does not ship them."""
    folder = _SOURCE / "notebooks"
    return sorted(folder.glob("[0-9][0-9]_*.ipynb")) + sorted(folder.glob("[a-z][a-z]/[0-9][0-9]_*.ipynb"))


def _link_or_copy(source: str, target: str) -> str:
    import os

    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)
    return target


def add_chapters(folder: Path) -> tuple[str, list[Path]]:
    """Put the chapters beside the app's pages in ``folder``: the built book (``book/``, its files
    hard-linked or copied,
    served under ``voila/files/book/``) or else copies of the chapters (``chapters/``, run by Voila).
    Returns what the home's chapter list links to (:data:`~spades_teach.app.home.CHAPTER_LINKS`) and
    the chapters copied."""
    book = built_book()
    if book is not None:
        # hard links where the file system allows (a copy elsewhere): Voila's file handler refuses a
        # symbolic link that leads out of the folder it serves
        shutil.copytree(book, folder / "book", copy_function=_link_or_copy)
        return "book", []
    chapters = chapter_notebooks()
    if not chapters:
        return "none", []
    copies = []
    for source in chapters:
        target = folder / "chapters" / source.relative_to(_SOURCE / "notebooks")
        target.parent.mkdir(parents=True, exist_ok=True)
        copies.append(Path(shutil.copy2(source, target)))
    return "voila", copies


#: The files of the built book Voila may serve (under ``voila/files/``), and the notebooks it may not
#: hand out as files: the app's own, at the top (the live edition's chapters are files it reads).
BOOK_FILES = ("--VoilaConfiguration.file_allowlist=book/.*", r"--VoilaConfiguration.file_denylist=[^/]*\.(ipynb|py)")

#: The folder of the notary's key and signatures, under the server's temporary folder.
TRUST_FOLDER = "trust"


def sign_notebooks(copies: Sequence[Path], trust: str | Path) -> None:
    """Sign the app's copied notebooks with a notary whose key and signatures live in ``trust``
    (a folder of the server's own, removed with it), the one Voila is given
    (``--NotebookNotary.data_dir``, :func:`voila_command`): the pages are the package's own
    notebooks, and Voila no longer writes "Notebook play.ipynb is not trusted" for each page
    opened. The learner's own Jupyter signatures are not touched."""
    import nbformat
    from nbformat.sign import NotebookNotary

    Path(trust).mkdir(parents=True, exist_ok=True)  # before the notary: it opens its database at once
    # nbformat is untyped
    notary = NotebookNotary(data_dir=str(trust))  # type: ignore[no-untyped-call]
    try:
        for path in copies:
            notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
            notary.sign(notebook)  # type: ignore[no-untyped-call]
    finally:
        notary.close()  # type: ignore[no-untyped-call]


def check_port(port: int) -> int:
    """A TCP port a server may listen on (1–65535).

    >>> check_port(0)
    Traceback (most recent call last):
    ...
    spades_teach.errors.AppError: port 0 is out of range: use a port from 1 to 65535, such as 8866
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise AppError(
            _("port {port} is out of range: use a port from 1 to 65535, such as {default}").format(
                port=repr(port), default=DEFAULT_PORT
            )
        )
    return port


def voila_command(
    folder: str | Path,
    *,
    port: int = DEFAULT_PORT,
    open_browser: bool = True,
    trust: str | Path | None = None,
    book: bool = False,
) -> list[str]:
    """The command that runs Voila over ``folder`` on 127.0.0.1 (no login token:
    the server listens on this machine only); ``trust`` is the notary's folder of
    :func:`sign_notebooks`, if the notebooks were signed; ``book``: the folder holds the built book
    (:func:`add_chapters`), which Voila serves as files (:data:`BOOK_FILES`)."""
    command = [
        sys.executable,
        "-m",
        "voila",
        str(folder),
        f"--port={check_port(port)}",
        "--Voila.ip=127.0.0.1",
        "--Voila.token=",
        *VOILA_OPTIONS,
        *([f"--NotebookNotary.data_dir={trust}"] if trust is not None else []),
        *(BOOK_FILES if book else ()),
    ]
    if not open_browser:
        command.append("--no-browser")
    return command


def _run(command: Sequence[str], env: dict[str, str] | None = None) -> int:
    """Run Voila and wait; Ctrl+C or a SIGTERM stops Voila (and its kernels) first."""
    child = subprocess.Popen(list(command), env=voila_environment() if env is None else env)
    previous = _on_sigterm(lambda *_: child.terminate())
    try:
        while True:
            try:
                return child.wait()
            except KeyboardInterrupt:
                child.terminate()  # Voila shuts its kernels down on SIGTERM
    finally:
        _on_sigterm(previous)
        if child.poll() is None:
            child.kill()
            child.wait()


def _on_sigterm(handler: Any) -> Any:
    """Install ``handler`` for SIGTERM (main thread only); returns the previous one."""
    if handler is None or threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, handler)


def serve(
    port: int = DEFAULT_PORT,
    open_browser: bool = True,
    *,
    runner: Runner | None = None,
    language: str | None = None,
) -> int:
    """Serve the app on ``http://127.0.0.1:<port>/`` until interrupted (Ctrl+C).

    The notebooks are copied to a temporary folder that is removed afterwards, and signed there
    (:func:`sign_notebooks`), beside the home page written in the three languages
    (:func:`write_home_templates`).
    ``language`` (``"en"``, ``"fr"``, ``"es"``; default: the language in use) is the
    one the pages open in; each page's language menu switches to another.
    ``runner`` runs the Voila command and returns its exit status (tests pass a
    fake; the default starts Voila and waits for it). Returns that status.
    """
    check_port(port)
    chosen = get_language() if language is None else checked_language(language)
    if runner is None and importlib.util.find_spec("voila") is None:
        raise AppError(_("the app needs Voila, which is not installed: pip install 'spades_teach[tutorial]'"))
    with tempfile.TemporaryDirectory(prefix="spades-teach-app-") as root:
        folder = Path(root) / "app"
        copies = copy_notebooks(folder)
        title_notebooks(copies, chosen)
        links, chapters = add_chapters(folder)
        trust = Path(root) / TRUST_FOLDER
        sign_notebooks([*copies, *chapters], trust)
        home = Path(root) / "jupyter"
        write_home_templates(home, chosen, links)
        if runner is None:
            env = voila_environment(home=home, language=chosen)

            def runner(command: Sequence[str]) -> int:
                return _run(command, env)

        print(
            _("Serving the Spades tutorial app on {url} (Ctrl+C stops it)").format(url=f"http://127.0.0.1:{port}/"),
            flush=True,
        )
        try:
            return runner(
                voila_command(folder, port=port, open_browser=open_browser, trust=trust, book=links == "book")
            )
        except KeyboardInterrupt:
            return 0
