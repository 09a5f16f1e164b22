"""Silent consoles and a quiet server, as a learner meets them (issue #28).

The app (``spades-teach app``) is visited page after page in one tab, the way a learner follows its
links, and so are chapters under a bare ``voila notebooks/``. Every console message a browser shows
by default (everything but the verbose level, where Voila notes its WebSocket) is a failure, and so
is every failed request: no allowed list. They used to be 13 ``Unsatisfied version 4.2.5 …``
warnings on every page (the widget managers were built against newer JupyterLab modules than
Voila's page has: the versions are pinned together in pyproject.toml) and one aborted
``/voila/api/shutdown`` beacon for every page left (spades_teach.app.voila_kernels). A beacon the browser
reports cut off by the next page counts only if the server never got it (see ``_walk``).

The servers' own output must not make a learner read past warnings either: no traitlets or
jupyter_server DeprecationWarning, no kernel "running over TCP without encryption" (the kernels use
CurveZMQ), no traceback; and every page left has its kernel stopped.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import os
import re
import sys
import tempfile
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from _browser import ARTIFACTS, console_quiet, free_port, http_get, http_status, wait_until
from _voila import logged_process, served, tutorial, voila_over_chapters, wait_for_the_run, watch_the_run

from spades_teach.app import APP_NOTEBOOKS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT_MS = 180_000
#: What each app page shows once its notebook has run.
APP_READY = {
    "play": ".st-widget",
    "advisor": ".st-bid-advisor",
    "score": ".st-score-calculator",
    "replay": ".st-replay",
    "daily": ".st-widget",
    "progress": ".st-progress-summary",
}
#: The beacon a Voila page sends as it is left; group 1 is the kernel's id.
BEACON = re.compile(r"/voila/api/shutdown/([0-9a-f-]+)$")
#: Lines of a server's output a learner must not have to read past.
NOISE = re.compile(r"DeprecationWarning|without encryption|Traceback|\bERROR\b|\[E |Unsatisfied version")
#: And in the app's output: no token warning, and no "Notebook play.ipynb is not trusted" (the app signs
#: the notebooks it serves; a bare ``voila notebooks/`` over the chapters still says it of each one).
APP_NOISE = re.compile(NOISE.pattern + r"|ServerApp\.token|is not trusted")


@dataclass
class Visit:
    """What a tab logged, page by page: console messages (``type: text``) and failed requests."""

    pages: dict[str, list[str]] = field(default_factory=dict)
    current: str = ""
    #: Kernels whose shutdown beacon the browser reported cut off by the next page (see :func:`_walk`).
    cut_beacons: list[str] = field(default_factory=list)

    def note(self, what: str) -> None:
        self.pages.setdefault(self.current, []).append(what)

    def noisy(self) -> dict[str, list[str]]:
        return {page: notes for page, notes in self.pages.items() if notes}

    def failed(self, url: str, failure: str | None) -> None:
        beacon = BEACON.search(url)
        if beacon and failure == "net::ERR_ABORTED":
            self.cut_beacons.append(beacon.group(1))
        else:
            self.note(f"failed: {url} {failure}")

    def beacons_lost(self, log: Path) -> list[str]:
        """The cut beacons whose kernel the server never stopped: those really failed."""
        text = log.read_text(errors="replace")
        return [kernel for kernel in self.cut_beacons if f"Kernel shutdown: {kernel}" not in text]


#: The ready selector of a stop left as soon as the chapter's text shows, before its run has ended.
LEFT_EARLY = "#rendered_cells h1"


def _walk(browser: Any, stops: list[tuple[str, str, str]], look: Callable[[str, Any], None] | None = None) -> Visit:
    """Open each ``(name, url, ready selector)`` in turn in one tab, wait for the page's run to end
    (tests/_voila.py: :func:`wait_for_the_run`, a run's error outputs are noted), then leave the last page.
    A stop whose selector is :data:`LEFT_EARLY` is left as soon as its text shows, while its cells run.

    A page's shutdown beacon (``navigator.sendBeacon`` as it unloads) is answered at once by the
    server, yet on a loaded machine the next page can still arrive first, and Chromium then reports
    the beacon as aborted though it was delivered. Those are kept apart in ``cut_beacons``: the tests
    fail on any whose kernel the server did not stop."""
    visit = Visit()
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    watch_the_run(context)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.on("console", lambda m: visit.note(f"{m.type}: {m.text}") if m.type != "debug" else None)
    page.on("pageerror", lambda e: visit.note(f"page error: {e}"))
    page.on("requestfailed", lambda r: visit.failed(r.url, r.failure))
    page.on("response", lambda r: visit.note(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)
    try:
        for name, url, ready in stops:
            visit.current = name
            visit.pages.setdefault(name, [])
            page.goto(url, timeout=TIMEOUT_MS)
            page.locator(ready).first.wait_for()
            if ready == LEFT_EARLY:  # left as soon as its text shows, its cells still running
                if page.evaluate("() => (window.stChapterRun || {}).done"):
                    visit.note("its run had ended before it was left: the leaving was not tested")
                continue
            # the whole page has run (Voila renders progressively: the outputs come cell by cell)
            for error in wait_for_the_run(page).get("errors", []):
                visit.note(f"run: {error}")
            console_quiet(page, quiet_ms=1500)  # extensions' late warnings arrive after the first output
            if look is not None:
                look(name, page)
        visit.current = f"leaving {stops[-1][0]}"
        page.goto(stops[0][1], timeout=TIMEOUT_MS)  # leaving the last page sends its beacon too
        page.locator(stops[0][2]).first.wait_for()
        console_quiet(page)
    finally:
        context.close()
    return visit


def _wait_for(predicate: Any, limit: float = 30.0) -> bool:
    return bool(wait_until(predicate, limit=limit))


def _kernels(log: Path) -> tuple[int, int]:
    text = log.read_text(errors="replace")
    return text.count("Kernel started:"), text.count("Kernel shutdown:")


def _noise(log: Path, noise: re.Pattern[str] = NOISE) -> list[str]:
    return [line for line in log.read_text(errors="replace").splitlines() if noise.search(line)]


@pytest.fixture(scope="module")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``spades-teach app`` on a free port; yields its URL and the file with its output."""
    port = free_port()
    log = tmp_path_factory.mktemp("app") / "app.log"
    env = {**os.environ, "SPADES_TEACH_DATA_DIR": tempfile.mkdtemp(prefix="spades-teach-console-")}
    command = [sys.executable, "-m", "spades_teach", "app", "--port", str(port), "--no-browser"]
    with served(command, port, ROOT, env, log) as url:
        yield url, log


def test_every_app_page_keeps_a_silent_console_and_leaving_it_fails_no_request(
    browser: Any, app_server: tuple[str, Path]
) -> None:
    url, log = app_server
    names = [Path(name).stem for name in APP_NOTEBOOKS]
    assert set(names) == set(APP_READY), "a new app page needs its ready selector here"
    stops = [("home", url + "/", "body")]
    stops += [(name, f"{url}/voila/render/{name}.ipynb", APP_READY[name]) for name in names]
    stops += [("play again", f"{url}/voila/render/play.ipynb", APP_READY["play"])]
    visit = _walk(browser, stops)
    assert visit.noisy() == {}, json.dumps(visit.noisy(), indent=1, ensure_ascii=False)
    # Every page left had its kernel stopped (the beacon reached the server): one kernel a page, all stopped.
    pages = len(stops) - 1
    assert _wait_for(lambda: _kernels(log) == (pages, pages)), f"kernels started, stopped: {_kernels(log)}"
    assert visit.beacons_lost(log) == [], log.read_text(errors="replace")[-6000:]
    assert _noise(log, APP_NOISE) == [], log.read_text(errors="replace")[-6000:]


#: Code a chapter page must not show (the course shows prose, pictures and widgets).
CODE = ".jp-CodeCell .jp-InputArea:visible, .jp-CodeCell .jp-InputPrompt:visible, .cm-editor:visible"


def _no_code_and_no_traceback(name: str, page: Any) -> None:
    assert page.locator(CODE).count() == 0, f"{name}: code cells are visible"
    assert "Traceback" not in page.locator("body").inner_text(), name
    if name.startswith("chapter"):  # its way around, and no link to a JupyterLab this server does not have
        assert page.locator(".st-chapter-nav-top .st-chapter-list").is_visible(), name
        assert page.locator(".st-chapter-code").count() == 0, name
    if name == "chapter 0":
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "voila-chapter-00.png"), full_page=True)


def test_chapters_under_a_bare_voila_keep_a_silent_console_and_show_no_code(browser: Any, tmp_path: Path) -> None:
    """``voila notebooks/`` as the README gives it (or JupyterLab's "Render with Voilà"): the settings
    come from voila.json. Chapters of every kind (a widget, chapter 0's table, the cheat sheet, the
    glossary), in one tab as a learner follows them: no console message, no failed request, no code;
    and one left before its cells have all run, which the server's output must not mention."""
    log = tmp_path / "voila.log"
    with voila_over_chapters(log, plain=True) as url:
        chapter = f"{url}/voila/render/{{}}.ipynb".format
        stops = [
            # opened first in the browser (a bookmark): the page's own _xsrf cookie lets its beacon in
            ("chapter 1 first", chapter("01_deck_and_deal"), ".st-widget"),
            ("list of chapters", url + "/", "body"),
            ("chapter 0", chapter("00_a_hand_in_ten_minutes"), ".st-table"),
            # followed on at once, as a learner may now that the text shows first: its run (some 10 s)
            # is stopped with its kernel, and the server says nothing of it (spades_teach.app.voila_runs)
            ("chapter 8 left at once", chapter("08_card_play"), LEFT_EARLY),
            ("chapter 2", chapter("02_playing_tricks"), ".st-widget"),
            ("chapter 3", chapter("03_bidding_basics"), ".st-cheat"),
            ("chapter 14", chapter("14_house_rules"), ".st-widget"),
            ("chapter 16", chapter("16_glossary_and_cheat_sheet"), ".st-glossary"),
            ("chapter 1 in French", chapter("fr/01_deck_and_deal"), ".st-widget"),
        ]
        visit = _walk(browser, stops, _no_code_and_no_traceback)
        assert visit.noisy() == {}, json.dumps(visit.noisy(), indent=1, ensure_ascii=False)
        # leaving the last page opens the first again: every chapter page left has its kernel stopped,
        # and so has the first one opened again once its tab is closed (its beacon goes on "pagehide")
        pages = sum(1 for name, _, _ in stops if name != "list of chapters") + 1
        assert _wait_for(lambda: _kernels(log) == (pages, pages)), f"kernels started, stopped: {_kernels(log)}"
        assert visit.beacons_lost(log) == [], log.read_text(errors="replace")[-6000:]
    assert _noise(log) == [], log.read_text(errors="replace")[-6000:]


#: How long after chapter 8's text shows it is left, on the slow network of the test below (ms).
LEFT_AFTER_MS = (0, 150, 300, 450, 600)


def test_a_chapter_left_at_once_on_a_slow_network_leaves_a_silent_console_and_server(
    browser: Any, tmp_path: Path
) -> None:
    """Chapter 8 left as soon as its text shows, with 400 ms on every request (a learner far from the
    server): the page can be left while its kernel's WebSocket still connects (Chromium warned "closed
    before the connection is established"), and its beacon can reach the server before its request to
    run its cells or as the server greets the page's socket (Voila logged a 404 traceback for the
    stopped kernel, and a closed socket as a task exception never retrieved)."""
    log = tmp_path / "voila.log"
    visit = Visit()
    with voila_over_chapters(log, plain=True) as url:
        context = browser.new_context()
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.on("console", lambda m: visit.note(f"{m.type}: {m.text}") if m.type != "debug" else None)
        page.on("pageerror", lambda e: visit.note(f"page error: {e}"))
        # (requests cut off as the page is left are not watched: leaving a loading page aborts them)
        page.on(
            "requestfailed", lambda r: visit.cut_beacons.append(m.group(1)) if (m := BEACON.search(r.url)) else None
        )
        network = context.new_cdp_session(page)
        network.send("Network.enable")
        slow = {"offline": False, "latency": 400, "downloadThroughput": -1, "uploadThroughput": -1}
        network.send("Network.emulateNetworkConditions", slow)
        try:
            for after in LEFT_AFTER_MS:
                visit.current = f"chapter 8 left {after} ms after its text"
                page.goto(f"{url}/voila/render/08_card_play.ipynb")
                page.locator(LEFT_EARLY).first.wait_for()
                page.wait_for_timeout(after)  # the moment of leaving is what the test varies, not a wait
                page.goto(url + "/")  # the list of chapters: no kernel of its own
                page.locator("body").first.wait_for()
                console_quiet(page, quiet_ms=500)
        finally:
            context.close()
        assert visit.noisy() == {}, json.dumps(visit.noisy(), indent=1, ensure_ascii=False)
        left = len(LEFT_AFTER_MS)
        assert _wait_for(lambda: _kernels(log) == (left, left)), f"kernels started, stopped: {_kernels(log)}"
        assert visit.beacons_lost(log) == [], log.read_text(errors="replace")[-6000:]
    assert _noise(log) == [], log.read_text(errors="replace")[-6000:]
    assert "never retrieved" not in log.read_text(errors="replace")


def test_chapters_left_early_in_the_tutorial_leave_its_terminal_free_of_tracebacks(
    browser: Any, tmp_path: Path
) -> None:
    """tools/tutorial.sh, where Voila runs inside JupyterLab's server with that server's kernel manager:
    chapters 9 and 8 left as soon as their text shows, their cells still running, printed "[IPKernelApp]
    ERROR | Exception in message handler … ZMQError: Socket operation on non-socket" twice in the
    learner's terminal (the kernel stopped in the middle of a cell). Every page left has its kernel
    stopped, and the terminal says nothing of it."""
    from test_tutorial_script import _project_copy

    log = tmp_path / "tutorial.log"
    with tutorial(_project_copy(tmp_path), log) as (url, token):
        chapter = f"{url}/voila/render/{{}}.ipynb".format
        stops = [
            ("chapter 9 left at once", chapter("09_nil_play") + f"?token={token}", LEFT_EARLY),
            ("chapter 8 left at once", chapter("08_card_play"), LEFT_EARLY),
            ("chapter 10 left at once", chapter("10_bags_against_sets"), LEFT_EARLY),
            ("chapter 1", chapter("01_deck_and_deal"), ".st-widget"),
        ]
        visit = _walk(browser, stops)
        assert visit.noisy() == {}, json.dumps(visit.noisy(), indent=1, ensure_ascii=False)
        pages = len(stops) + 1  # leaving the last page opens the first one again
        assert _wait_for(lambda: _kernels(log) == (pages, pages)), f"kernels started, stopped: {_kernels(log)}"
        assert visit.beacons_lost(log) == [], log.read_text(errors="replace")[-6000:]
    assert _noise(log) == [], log.read_text(errors="replace")[-6000:]


def test_the_tutorials_jupyterlab_starts_and_runs_a_kernel_without_warnings(tmp_path: Path) -> None:
    """tools/tutorial.sh (setup skipped): no ``ServerApp.token`` DeprecationWarning (notebook_shim,
    which read every server setting, is off) and no unencrypted kernel."""
    from test_tutorial_script import _project_copy

    project = _project_copy(tmp_path)
    env = {**os.environ, "SPADES_TEACH_SKIP_SETUP": "1", "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg")}
    env.pop("PORT", None)
    for attempt in range(3):  # a free port can be taken by another test's server before JupyterLab binds it
        port = free_port()
        log = tmp_path / f"lab-{attempt}.log"
        with logged_process(
            ["bash", "tools/tutorial.sh", "--no-browser", f"--port={port}"], project, env, log
        ) as process:
            started = _wait_for(
                lambda path=log: re.search("is running at|is not available", path.read_text("utf-8", "replace")), 120
            )
            if "is not available" in log.read_text(errors="replace"):
                continue
            assert started, log.read_text()
            _check_a_kernel_answers(port, log, process)
        break
    else:
        raise AssertionError(f"no free port after 3 tries:\n{log.read_text()[-3000:]}")
    assert _noise(log) == [], log.read_text(errors="replace")[-6000:]
    assert not re.search(r"Warning|\[W ", log.read_text()), log.read_text()


def _check_a_kernel_answers(port: int, log: Path, process: Any) -> None:
    """Start a kernel in the tutorial's JupyterLab and ask it for its ``kernel_info`` over the WebSocket."""
    token = re.search(r"token=([0-9a-f]+)", log.read_text())
    assert token is not None, log.read_text()
    # Jupyter Server says where it runs before its loop has bound the port: wait until it answers there.
    status = f"http://127.0.0.1:{port}/api/status?token={token.group(1)}"
    assert _wait_for(lambda: http_status(status) == 200, 120), log.read_text()[-4000:]
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/kernels?token={token.group(1)}", data=b"{}", method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            kernel = json.load(answer)["id"]
    except OSError as error:
        raise AssertionError(f"JupyterLab did not start a kernel: {error}\n{log.read_text()[-4000:]}") from error
    # The kernel answers over JupyterLab's WebSocket, as a notebook's would: it has opened its
    # sockets (and would have warned by then), and Jupyter reaches it over CurveZMQ.
    session = "console-test"
    reply = _kernel_info(
        f"ws://127.0.0.1:{port}/api/kernels/{kernel}/channels?session_id={session}&token={token.group(1)}"
    )
    assert reply["content"]["status"] == "ok", reply
    # the server stops the kernel when asked, and lives on
    kernels = f"http://127.0.0.1:{port}/api/kernels"
    stop = urllib.request.Request(f"{kernels}/{kernel}?token={token.group(1)}", method="DELETE")
    with urllib.request.urlopen(stop, timeout=60) as answer:
        assert answer.status == 204
    assert _wait_for(lambda: http_get(f"{kernels}?token={token.group(1)}", timeout=10) == (200, "[]"), 60)
    assert process.poll() is None


def _kernel_info(url: str, limit: float = 120.0) -> dict[str, Any]:
    """Ask the kernel at the WebSocket ``url`` for its ``kernel_info`` and return the reply."""
    import asyncio
    import uuid

    from tornado.websocket import websocket_connect

    async def ask() -> dict[str, Any]:
        connection = await websocket_connect(url)
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": "kernel_info_request", "session": uuid.uuid4().hex}
        header |= {"username": "test", "version": "5.3", "date": ""}
        message = {"header": header, "parent_header": {}, "metadata": {}, "content": {}, "channel": "shell"}
        await connection.write_message(json.dumps(message))
        try:
            while True:
                text = await connection.read_message()
                assert isinstance(text, str), "the WebSocket closed before the kernel answered"
                answer = json.loads(text)
                if answer.get("parent_header", {}).get("msg_id") == msg_id and answer["channel"] == "shell":
                    return dict(answer)
        finally:
            # Close it and wait for the server's closing frame: a socket still open when the loop ends
            # is reported as unclosed in whatever test the garbage collector runs next.
            connection.close()
            with contextlib.suppress(asyncio.TimeoutError):
                while await asyncio.wait_for(connection.read_message(), 10) is not None:
                    pass
            if connection.protocol is not None and connection.protocol.stream is not None:
                connection.protocol.stream.close()

    # In a thread of its own: the browser tests' Playwright runs an event loop in this one.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(asyncio.wait_for(ask(), limit))).result()
