"""Voila over the tutorial's chapters (notebooks/), with the app's own settings: the package's page
template (no CDN links) and no JupyterLab-only extension. Pages are opened in Debian's Chromium with
every console message, page error and request that leaves 127.0.0.1 collected.

Voila renders progressively (``progressive_rendering`` in ``voila.json``): a page's HTML holds the
chapter's text and empty code cells, and the outputs (pictures, tables, widgets, an error) come later,
cell by cell, over the page's ``/voila/execution/<kernel>`` WebSocket. An HTTP fetch of a page therefore
sees no output: a test that needs them waits for the run in the browser page it opens
(:func:`watch_the_run` then :func:`wait_for_the_run`, which :func:`chapter_page` does), or runs the page
over that WebSocket without a browser (:func:`run_page`)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import html
import json
import os
import re
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
def tutorial(project: Path, log: Path, *arguments: str) -> Iterator[tuple[str, str]]:
    """``tools/tutorial.sh`` (its setup skipped) in ``project`` (a copy holding the script, the chapters
    and a .venv of this environment) on a free port, its output in ``log``; yields its base URL and
    its token once JupyterLab's server answers. Extra ``arguments`` go to JupyterLab."""
    env = {**os.environ, "SPADES_TEACH_SKIP_SETUP": "1", "SPADES_TEACH_DATA_DIR": str(project / ".progress")}
    for name in ("config", "data", "runtime", "workspaces", "settings"):
        (project / f".jupyter-{name}").mkdir(exist_ok=True)
    env |= {
        "JUPYTER_CONFIG_DIR": str(project / ".jupyter-config"),
        "JUPYTER_DATA_DIR": str(project / ".jupyter-data"),  # the notebook signatures the script writes
        "JUPYTER_RUNTIME_DIR": str(project / ".jupyter-runtime"),
        "JUPYTERLAB_WORKSPACES_DIR": str(project / ".jupyter-workspaces"),
        "JUPYTERLAB_SETTINGS_DIR": str(project / ".jupyter-settings"),
    }
    env.pop("PORT", None)
    port = free_port()
    command = ["bash", "tools/tutorial.sh", "--no-browser", f"--port={port}", *arguments]
    with logged_process(command, project, env, log) as server:
        deadline = time.monotonic() + 120
        while not (token := re.search(r"token=([0-9a-f]+)", log.read_text(errors="replace"))):
            if server.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"tools/tutorial.sh printed no address:\n{log.read_text(errors='replace')}")
            time.sleep(0.2)
        url = f"http://127.0.0.1:{port}"
        _wait(f"{url}/api/status?token={token.group(1)}", server, log)
        yield url, token.group(1)


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


#: Run in every page of a browser context before the page's own scripts (:func:`watch_the_run`): it
#: follows the page's run as Voila's page receives it, in ``window.stChapterRun``: the results of the
#: cells (``results`` of ``total``), ``done`` once the last cell's result is in, the error outputs and
#: execution errors (``errors``), and how many results were in when the chapter's text was first shown
#: (``resultsWhenShown``: Voila shows ``#rendered_cells`` once its page has loaded its theme) with the
#: heading it showed then (``headingWhenShown``).
RUN_WATCH = """(() => {
  const run = {results: 0, total: null, done: false, errors: [], shownAt: null, resultsWhenShown: null,
    headingWhenShown: null, doneAt: null};
  window.stChapterRun = run;
  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!String(url).includes('/voila/execution/')) return;
      this.addEventListener('message', (event) => {
        let message;
        try { message = JSON.parse(event.data); } catch (e) { return; }
        if (message.action === 'execution_result') {
          const {cell_index, total_cell, output_cell} = message.payload;
          run.results += 1;
          run.total = total_cell;
          for (const output of (output_cell && output_cell.outputs) || []) {
            if (output.output_type === 'error') {
              run.errors.push(`cell ${cell_index + 1}: ${output.ename}: ${output.evalue} ${(output.traceback || []).join(' ')}`);
            }
          }
          if (cell_index + 1 === total_cell) { run.done = true; run.doneAt = performance.now(); }
        } else if (message.action === 'execution_error') {
          run.errors.push(`execution error: ${message.payload.error}`);
        }
      });
    }
  }
  window.WebSocket = Watched;
  const shown = () => {
    const cells = document.getElementById('rendered_cells');
    if (run.shownAt === null && cells && cells.style.display !== 'none') {
      run.shownAt = performance.now();
      run.resultsWhenShown = run.results;
      const heading = cells.querySelector('h1');
      run.headingWhenShown = heading ? heading.textContent : null;
    }
  };
  new MutationObserver(shown).observe(document, {subtree: true, attributes: true, attributeFilter: ['style']});
})();"""


def watch_the_run(context: Any) -> None:
    """Follow the run of every Voila page ``context`` opens from now on (:data:`RUN_WATCH`)."""
    context.add_init_script(RUN_WATCH)


def renders_progressively(page_html: str) -> bool:
    """Whether a Voila page's HTML (its ``jupyter-config-data``) says it renders progressively."""
    found = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', page_html, re.S)
    return bool(found and json.loads(html.unescape(found.group(1))).get("progressiveRendering"))


def wait_for_the_run(page: Any) -> dict[str, Any]:
    """Wait until every cell of the Voila page in ``page`` has run and its outputs have come (a page
    that does not render progressively has them all once drawn); returns ``window.stChapterRun``
    (:data:`RUN_WATCH`, empty when the context was not watched)."""
    progressive = page.evaluate(
        "() => { const c = document.getElementById('jupyter-config-data');"
        " return c !== null && JSON.parse(c.textContent).progressiveRendering === true; }"
    )
    if progressive:
        page.wait_for_function("() => window.stChapterRun === undefined || window.stChapterRun.done")
    return dict(page.evaluate("() => window.stChapterRun || {}"))


@dataclass
class Problems:
    """What a page complained about: console errors, page errors, requests off this machine, and
    errors of the chapter's run (a cell's error output, which Voila shows as a message, not a traceback);
    ``run``: the page's run as :data:`RUN_WATCH` followed it."""

    console: list[str] = field(default_factory=list)
    page: list[str] = field(default_factory=list)
    remote: list[str] = field(default_factory=list)
    run: dict[str, Any] = field(default_factory=dict)

    def all(self) -> list[str]:
        return [*self.console, *self.page, *self.remote, *self.run.get("errors", [])]


@contextlib.contextmanager
def chapter_page(
    browser: Any, base_url: str, chapter: str, *, width: int = 1200, ready: str = ".st-widget"
) -> Iterator[tuple[Any, Problems]]:
    """A chapter rendered by Voila, once ``ready`` (by default its first widget) is drawn and the whole
    chapter has run (:func:`wait_for_the_run`), with its problems."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    watch_the_run(context)
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
        problems.run = wait_for_the_run(page)
        yield page, problems
    finally:
        context.close()


def run_page(base_url: str, page_html: str, token: str = "", limit: float = 300.0) -> list[dict[str, Any]]:
    """Run a progressively rendered Voila page without a browser, as its page's script does: open its
    ``/voila/execution/<kernel>`` WebSocket on the server at ``base_url`` (``token``: the server's
    login token, if it has one), ask for the run, and return the cells' results in their order
    (each ``{"cell_index", "total_cell", "output_cell"}``)."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    found = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', page_html, re.S)
    assert found, "not a Voila page"
    kernel = json.loads(html.unescape(found.group(1)))["kernelId"]
    address = base_url.replace("http://", "ws://", 1) + f"/voila/execution/{kernel}"
    if token:
        address += f"?token={token}"

    async def run() -> list[dict[str, Any]]:
        connection = await websocket_connect(HTTPRequest(address))
        results: list[dict[str, Any]] = []
        try:
            while True:
                text = await connection.read_message()
                assert isinstance(text, str), f"the run's WebSocket closed after {len(results)} cells"
                message = json.loads(text)
                if message["action"] == "initialized":
                    request = {"action": "execute", "payload": {"kernel_id": kernel}}
                    await connection.write_message(json.dumps(request))
                elif message["action"] == "execution_error":
                    raise AssertionError(f"the run was refused: {message['payload']}")
                elif message["action"] == "execution_result":
                    results.append(message["payload"])
                    if message["payload"]["cell_index"] + 1 == message["payload"]["total_cell"]:
                        return results
        finally:
            # closed, and the server's closing frame awaited: an unclosed socket would be reported in
            # whatever test the garbage collector runs next
            connection.close()
            with contextlib.suppress(asyncio.TimeoutError):
                while await asyncio.wait_for(connection.read_message(), 10) is not None:
                    pass

    # in a thread of its own: the browser tests' Playwright runs an event loop in this one
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(asyncio.wait_for(run(), limit))).result()
