"""Shared pieces of the real-browser tests: Debian's Chromium driven by Playwright, pages served on
127.0.0.1, screenshots saved under test-artifacts/."""

from __future__ import annotations

import contextlib
import functools
import http.server
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

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
