"""A Voila page's run, under progressive rendering, kept alive while it lasts and quiet when it is left.

With ``progressive_rendering`` (``voila.json``) a Voila page shows its text at once and asks the server
to run its cells over the WebSocket ``/voila/execution/<kernel id>``; the outputs come back over it
cell by cell. Voila 0.5's handler of that socket runs the whole notebook inside its ``on_message``,
and tornado reads nothing more from a socket until ``on_message`` has returned, not even the answers
to the server's keep-alive pings (switched off in ``voila.json``, but a server may switch them on).
Leaving a page before its run had ended (the next chapter's link, followed as soon as the text
shows) put tracebacks in the server's log: tornado's ``WebSocketClosedError``, and Voila's "Error at
server while executing cell" (nbclient's ``DeadKernelError``) when the kernel stopped under the run.

:func:`install` changes that handler, in the server's process, so that it runs the cells in a task of
its own (``on_message`` returns at once and the pongs are read), stops that task when the page's
socket closes (the page is gone: its kernel is being stopped), begins no run for a page already left
(on a slow network its beacon can come before its request to run), and logs what goes wrong in a run
only while the page is still there (:class:`_LeftPages`); a message the closed socket of a page left
could not take is no error either. It also makes jupyter_server refuse, quietly, a kernel socket whose
page went while the kernel was being readied, and take a message its kernel socket could not send to a
page that went as no error. It is installed by the kernel manager of
:mod:`spades_teach.app.voila_kernels` as Voila makes it (the app, a bare
``voila notebooks/``), and as a Jupyter server extension of the tutorial's JupyterLab
(``jupyter_server_config.json`` in the package's ``data/jupyter``), where Voila runs inside
JupyterLab's server.

Importing this module imports nothing from Voila: :func:`install` does, and does nothing when Voila's
handler is not the one it knows.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from typing import Any

__all__ = ["install", "stop_runs"]

#: Set on Voila's handler class once installed.
_MARK = "_spades_teach_runs"
#: The handler whose run the current task is (each run is a task of its own, with its own context).
_RUN: contextvars.ContextVar[Any] = contextvars.ContextVar("spades_teach_voila_run", default=None)
#: The runs under way, by the id of the kernel they run on (see :func:`stop_runs`).
_RUNS: dict[str, dict[asyncio.Future[Any], Any]] = {}
#: The handler class once installed: it keeps each page's notebook, by kernel id, until its run asks.
_INSTALLED: list[Any] = []


class _LeftPages(logging.Filter):
    """Keeps out of the server's log what a run says once its page has gone: Voila logs the cell the
    kernel was running as a failed cell ("Error at server while executing cell", nbclient's
    ``DeadKernelError``) when the run is stopped or the kernel stopped under it."""

    def filter(self, record: logging.LogRecord) -> bool:
        handler = _RUN.get()
        return handler is None or not _page_gone(handler)


def _page_gone(handler: Any) -> bool:
    """Whether the page of a run has been left: its socket closed, or its kernel being stopped (its
    beacon came before its socket closed: the kernel manager of spades_teach.app.voila_kernels stops the
    run and interrupts the cell, which Voila would log)."""
    if handler.__dict__.get("_spades_teach_closed", False) or _kernel_gone(handler):
        return True
    stopping = getattr(getattr(handler, "kernel_manager", None), "is_stopping", None)
    return callable(stopping) and bool(stopping(getattr(handler, "_kernel_id", None)))


def _kernel_gone(handler: Any) -> bool:
    """Whether the kernel of a run has already been stopped: on a slow network a page's beacon (it was
    left) can reach the server before the page's request to run its cells."""
    manager = getattr(handler, "kernel_manager", None)
    kernel_id = getattr(handler, "_kernel_id", None)
    if manager is None or kernel_id is None or not hasattr(manager, "__contains__"):
        return False
    return kernel_id not in manager


def _forget_notebook(kernel_id: str) -> None:
    """Drop the notebook Voila keeps for a page's run that will not come."""
    for handler_class in _INSTALLED:
        getattr(handler_class, "_execution_data", {}).pop(kernel_id, None)


_LEFT_PAGES = _LeftPages()


def _page_gone_while_its_kernel_readied() -> None:
    """A page whose kernel socket was still being opened when the page went (its kernel then being
    stopped by its beacon): jupyter_server's handler closed its side of the kernel connection as the
    page's connection dropped, then went on opening the socket and failed on that closed connection,
    logging a traceback (and a second one, its error page having no template under Voila). The socket
    is refused instead, as a request tornado cannot accept, which it notes at debug level only."""
    try:
        from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    except ImportError:
        return
    handler: Any = KernelWebsocketHandler
    if getattr(handler, _MARK, False):
        return
    choose = handler.select_subprotocol

    def select_subprotocol(self: Any, subprotocols: list[str]) -> str | None:
        if getattr(self, "connection", None) is None:
            raise ValueError("the page left before its kernel's socket was open")
        return choose(self, subprotocols)  # type: ignore[no-any-return]

    handler.select_subprotocol = select_subprotocol
    _closed_socket_is_no_error(handler)
    setattr(handler, _MARK, True)


def _closed_socket_is_no_error(handler: Any) -> None:
    """Every message written to a socket of ``handler``'s class has its failure looked at
    (:func:`_closed_is_no_error`): jupyter_server forwards the kernel's messages to the page without
    waiting, and a page left while its kernel was still printing made asyncio log "Task exception was
    never retrieved" with a ``WebSocketClosedError`` traceback."""
    send: Any = getattr(handler, "write_message", None)
    if send is None:
        return

    def write_message(self: Any, message: Any, binary: bool = False) -> Any:
        written = send(self, message, binary)
        written.add_done_callback(_closed_is_no_error)
        return written

    handler.write_message = write_message


def install() -> bool:
    """Make Voila's ``/voila/execution`` handler run a page's cells in a task (see the module's text),
    and a kernel socket whose page has gone be refused quietly.

    Returns whether it was installed now (False: already installed, or no handler to change)."""
    _page_gone_while_its_kernel_readied()
    try:
        from voila.tornado.execution_request_handler import (  # type: ignore[import-untyped]
            JUPYTER_SERVER_2,
            ExecutionRequestHandler,
        )
    except ImportError:
        return False
    handler: Any = ExecutionRequestHandler
    if not JUPYTER_SERVER_2 or getattr(handler, _MARK, False):
        return False
    run_cells = handler.on_message
    stop_client = handler.on_close

    async def run(self: Any, message: str | bytes) -> None:
        _RUN.set(self)
        await run_cells(self, message)

    def on_message(self: Any, message: str | bytes) -> None:
        if _page_gone(self):  # left before it asked (its kernel stopped or stopping): nothing to run or say
            self._spades_teach_closed = True
            _forget_notebook(self._kernel_id)
            return
        log = getattr(self.log, "logger", self.log)  # a logger, or an adapter of one
        if _LEFT_PAGES not in log.filters:
            log.addFilter(_LEFT_PAGES)
        task = asyncio.ensure_future(run(self, message))
        tasks = self.__dict__.setdefault("_spades_teach_tasks", set())
        tasks.add(task)
        kernel_id = getattr(self, "_kernel_id", None)
        if kernel_id is not None:
            _RUNS.setdefault(kernel_id, {})[task] = self
        task.add_done_callback(lambda done: _finished(self, done))

    def on_close(self: Any) -> None:
        self._spades_teach_closed = True
        for task in list(self.__dict__.get("_spades_teach_tasks", ())):
            task.cancel()
        if getattr(self, "_executor", None) is not None:  # Voila's own on_close needs a run begun
            stop_client(self)

    handler.on_message = on_message
    handler.on_close = on_close
    _closed_socket_is_no_error(handler)  # tornado's write_message (a handler without one is left as it is)
    setattr(handler, _MARK, True)
    _INSTALLED.append(handler)
    return True


def _closed_is_no_error(written: asyncio.Future[Any]) -> None:
    """A message the page's socket could not take because the page had gone: Voila does not wait for
    its "initialized" message, so asyncio would log the closed socket as a task exception never
    retrieved, with a traceback. Looking at the exception is enough (one who waits still gets it);
    any other failure is logged as an error."""
    from tornado.websocket import WebSocketClosedError

    error = None if written.cancelled() else written.exception()
    if error is not None and not isinstance(error, WebSocketClosedError):
        logging.getLogger(__name__).error("A message to a Voila page could not be sent", exc_info=error)


def stop_runs(kernel_id: str) -> int:
    """Stop the runs on a kernel that is about to be stopped (its page was left); returns how many.

    Voila's run goes on to the next cell when one fails: a cell interrupted by the kernel manager
    (:mod:`spades_teach.app.voila_kernels`) would be followed at once by the next one, and a kernel stopped
    in the middle of that one writes "Exception in message handler" (its reply sent to a closed
    socket) to the server's output. Stopping the run first means no cell is sent after the interrupt.
    The notebook Voila keeps for a run not yet asked for is dropped too.
    """
    _forget_notebook(kernel_id)  # a page left before its run asked for it
    runs = _RUNS.pop(kernel_id, {})
    for task, handler in runs.items():
        handler._spades_teach_closed = True  # what the run says as it stops goes unsaid
        task.cancel()
    return len(runs)


def _finished(handler: Any, task: asyncio.Future[Any]) -> None:
    """A run's task ended: say what went wrong, unless its page has gone (then nothing is wrong)."""
    handler.__dict__.get("_spades_teach_tasks", set()).discard(task)
    kernel_id = getattr(handler, "_kernel_id", None)
    runs = _RUNS.get(kernel_id, {}) if kernel_id is not None else {}
    runs.pop(task, None)
    if kernel_id is not None and not runs:
        _RUNS.pop(kernel_id, None)
    if task.cancelled():
        return
    error = task.exception()  # retrieved, even when it goes unsaid
    if error is not None and not _page_gone(handler):
        handler.log.error(
            "The run of the page of kernel %s failed", getattr(handler, "_kernel_id", "?"), exc_info=error
        )


# -- the tutorial's JupyterLab: installed as a Jupyter server extension ---------------------------------


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "spades_teach.app.voila_runs"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    install()
