"""Shared pieces of the real-browser tests: Debian's Chromium driven by Playwright, pages served on
127.0.0.1, screenshots saved under test-artifacts/, and the waits on a condition (no test sleeps a
fixed time: it waits until something it can check has happened)."""

from __future__ import annotations

import contextlib
import functools
import http.server
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def http_status(url: str, timeout: float = 5) -> int | None:
    """The HTTP status ``url`` answers with, or None when nothing answers there yet. The answer is
    closed either way: an error status left open (urllib raises it holding the socket) would be
    reported as an unclosed socket in whichever test the garbage collector happens to run in."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        with error:
            return int(error.code)
    except (urllib.error.URLError, OSError):
        return None


def http_get(url: str, timeout: float = 300) -> tuple[int, str]:
    """The HTTP status ``url`` answers with and the page's text, an error status's too (closed, as in
    :func:`http_status`)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.read().decode(errors="replace")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def serve_directory(
    directory: Path, handler_class: type[http.server.SimpleHTTPRequestHandler] | None = None
) -> Iterator[str]:
    """Serve a folder over HTTP on 127.0.0.1 (with ``handler_class``, a subclass of
    :class:`QuietHandler`, if given); yields the base URL."""
    handler = functools.partial(handler_class or QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """A file server that writes no line per request."""

    def log_message(self, format: str, *args: object) -> None:
        pass


def screenshot(page: object, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path


#: How often a wait looks again (ms).
POLL_MS = 50


def wait_until(condition: Callable[[], T], *, limit: float, interval: float = POLL_MS / 1000) -> T:
    """Ask ``condition`` until it answers something true, and return that answer; after ``limit``
    seconds, return its last answer (false: the caller says what did not happen). A condition may
    raise to stop the wait (a server that died)."""
    deadline = time.monotonic() + limit
    while True:
        answer = condition()
        if answer or time.monotonic() >= deadline:
            return answer
        time.sleep(interval)


def settled(page: Any, read: Callable[[], T], *, quiet_ms: int = 300, limit_ms: int = 60_000) -> T:
    """What ``read()`` answers once it has stopped changing: the same answer for ``quiet_ms``
    (the page's widgets update one message after another); fails after ``limit_ms``."""
    value = read()
    since = start = time.monotonic()
    while True:
        page.wait_for_timeout(POLL_MS)
        again, now = read(), time.monotonic()
        if again != value:
            value, since = again, now
        elif (now - since) * 1000 >= quiet_ms:
            return value
        if (now - start) * 1000 > limit_ms:
            raise AssertionError(f"still changing after {limit_ms} ms: {value!r}")


def console_quiet(page: Any, *, quiet_ms: int = 1000, limit_ms: int = 60_000) -> None:
    """Wait until the page's console has said nothing for ``quiet_ms``: the late messages of its
    extensions and plugins (which arrive after the first drawing) have arrived, for the test's own
    console watch to see them."""
    said: list[object] = []

    def listen(message: object) -> None:  # (Playwright marks its listeners: a function, not a builtin)
        said.append(message)

    page.on("console", listen)
    try:
        settled(page, lambda: len(said), quiet_ms=quiet_ms, limit_ms=limit_ms)
    finally:
        page.remove_listener("console", listen)


#: Resolves once the browser has drawn two more frames (the layout of a change is done by then).
TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


def laid_out(page: Any, width: int) -> None:
    """After ``page.set_viewport_size``: the window has the new ``width`` and the page is drawn at it."""
    page.wait_for_function("width => window.innerWidth === width", arg=width)
    page.evaluate(TWO_FRAMES)


def fonts_ready(page: Any) -> None:
    """The page has loaded, and its fonts with it (a font missing is a failed request by then)."""
    page.wait_for_function("() => document.readyState === 'complete'")
    page.evaluate("() => document.fonts.ready.then(() => true)")
