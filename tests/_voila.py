"""Voila over the tutorial's chapters (notebooks/), with the app's own settings: the package's page
template (no CDN links) and no JupyterLab-only extension. Pages are opened in Debian's Chromium with
every console message, page error and request that leaves 127.0.0.1 collected."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _browser import free_port, http_status

from spades_teach.app import VOILA_OPTIONS, voila_environment

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT_MS = 180_000


@contextlib.contextmanager
def voila_over_chapters(log: Path, directory: Path | None = None, *, plain: bool = False) -> Iterator[str]:
    """Run Voila over notebooks/ (or ``directory``) on a free port of 127.0.0.1; yields its base URL.

    ``plain``: the bare ``voila notebooks`` a learner types, with no option: the settings then come
    from ``voila.json`` at the root of the project (the template is found as the package installs it)."""
    port = free_port()
    # The chapters' drills keep progress in the user's data folder: the tests keep theirs apart.
    progress = tempfile.mkdtemp(prefix="spades-teach-voila-")
    env = voila_environment({**os.environ, "PYTHONPATH": str(ROOT), "SPADES_TEACH_DATA_DIR": progress})
    command = [
        sys.executable,
        "-m",
        "voila",
        str(directory or "notebooks"),
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.token=",
    ]
    with served([*command, *(() if plain else VOILA_OPTIONS), "--no-browser"], port, ROOT, env, log) as url:
        yield url


@contextlib.contextmanager
def logged_process(command: list[str], cwd: Path, env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``command`` in ``cwd`` in its own process group, its output in ``log``; stop the whole
    group afterwards (SIGTERM, then SIGKILL after 20 s)."""
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            yield process
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)  # the group of the process we started
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()


@contextlib.contextmanager
def served(command: list[str], port: int, cwd: Path, env: dict[str, str], log: Path) -> Iterator[str]:
    """Start a Voila ``command`` (listening on ``port`` of 127.0.0.1) in ``cwd``, its output in ``log``;
    yield its base URL once its first page answers, and stop its whole process group afterwards."""
    with logged_process(command, cwd, env, log) as server:
        url = f"http://127.0.0.1:{port}"
        _wait(url + "/", server, log)
        yield url


def _wait(url: str, server: subprocess.Popen[bytes], log: Path, limit: float = 120.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"Voila stopped with status {server.returncode}:\n{log.read_text()[-3000:]}")
        if http_status(url) == 200:
            return
        time.sleep(0.5)
    raise RuntimeError(f"Voila did not answer at {url} within {limit:.0f} s:\n{log.read_text()[-3000:]}")


@dataclass
class Problems:
    """What a page complained about: console errors, page errors, requests off this machine."""

    console: list[str] = field(default_factory=list)
    page: list[str] = field(default_factory=list)
    remote: list[str] = field(default_factory=list)

    def all(self) -> list[str]:
        return [*self.console, *self.page, *self.remote]


@contextlib.contextmanager
def chapter_page(
    browser: Any, base_url: str, chapter: str, *, width: int = 1200, ready: str = ".st-widget"
) -> Iterator[tuple[Any, Problems]]:
    """A chapter rendered by Voila, once ``ready`` (by default its first widget) is drawn, with its problems."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    problems = Problems()

    def local_only(route: Any) -> None:
        if route.request.url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:", "blob:")):
            route.continue_()
        else:
            problems.remote.append(route.request.url)
            route.abort()

    context.route("**/*", local_only)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.on("console", lambda m: problems.console.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.page.append(str(e)))
    try:
        page.goto(f"{base_url}/voila/render/{chapter}.ipynb", timeout=TIMEOUT_MS)
        page.locator(ready).first.wait_for()
        yield page, problems
    finally:
        context.close()
