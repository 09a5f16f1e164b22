"""spades_teach.app.voila_runs: under progressive rendering a page's run is a task of its own, stopped
and kept out of the log once its page has gone (the browser side: tests/test_browser_console.py
leaves chapter 8 before its run ends and reads the server's output)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, ClassVar

import pytest

from spades_teach.app import voila_runs


class _Handler:
    """Just enough of Voila's ExecutionRequestHandler for the patched methods."""

    def __init__(self, run: Any) -> None:
        self.log = logging.getLogger("spades-teach-test-voila-runs")
        self.run = run
        self.closed_client = False

    async def on_message(self, message: str) -> None:
        await self.run(self)

    def on_close(self) -> None:
        self.closed_client = True

    def write_message(self, message: Any, binary: bool = False) -> asyncio.Future[None]:
        """Like tornado's: a future that fails once the page's socket has closed."""
        from tornado.websocket import WebSocketClosedError

        written: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if message == "to a closed socket":
            written.set_exception(WebSocketClosedError())
        elif message == "broken":
            written.set_exception(ValueError("broken"))
        else:
            written.set_result(None)
        return written


@pytest.fixture
def handler_class(monkeypatch: pytest.MonkeyPatch) -> type[_Handler]:
    import voila.tornado.execution_request_handler as module

    class Patched(_Handler):
        pass

    monkeypatch.setattr(module, "ExecutionRequestHandler", Patched)
    assert voila_runs.install() is True
    assert voila_runs.install() is False  # once only
    return Patched


async def _pages_ask(handler_class: type[_Handler], run: Any, manager: Any, kernel_ids: tuple[str, ...]) -> None:
    """One page after the other asks for its run, each on its kernel, under the kernel manager ``manager``."""
    for kernel_id in kernel_ids:
        handler: Any = handler_class(run)
        handler.kernel_manager = manager
        handler._kernel_id = kernel_id
        handler.on_message("{}")
        await asyncio.sleep(0.05)


def test_the_installed_handler_is_voila_s_own_one() -> None:
    from voila.tornado.execution_request_handler import ExecutionRequestHandler

    from spades_teach.app.voila_kernels import LeaveQuietlyKernelManager

    LeaveQuietlyKernelManager()  # Voila makes it as its kernel manager: it installs

    assert getattr(ExecutionRequestHandler, "_spades_teach_runs", False)
    assert ExecutionRequestHandler.on_message.__module__ == "spades_teach.app.voila_runs"


def test_on_message_returns_at_once_and_the_run_goes_on_in_a_task(
    handler_class: type[_Handler], caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> list[str]:
        seen: list[str] = []

        async def run(handler: Any) -> None:
            await asyncio.sleep(0.05)
            seen.append("ran")

        handler: Any = handler_class(run)
        assert handler.on_message("{}") is None  # tornado reads the socket's next frames (pongs) at once
        assert seen == []
        await asyncio.sleep(0.2)
        return seen

    assert asyncio.run(scenario()) == ["ran"]
    assert caplog.records == []


def test_a_page_left_stops_its_run_and_what_the_run_logs_then_is_kept_out(
    handler_class: type[_Handler], caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> Any:
        async def run(handler: Any) -> None:
            try:
                await asyncio.sleep(10)
            except asyncio.CancelledError:
                # what Voila does: nbclient turns the cancel into DeadKernelError, which Voila logs
                handler.log.exception("Error at server while executing cell")
                raise RuntimeError("the page's socket is closed") from None

        handler: Any = handler_class(run)
        handler._executor = object()
        handler.on_message("{}")
        await asyncio.sleep(0.05)
        handler.on_close()
        await asyncio.sleep(0.05)
        return handler

    caplog.set_level(logging.INFO)
    handler = asyncio.run(scenario())
    assert handler.closed_client  # Voila's own on_close still stops the run's kernel client
    assert handler.__dict__["_spades_teach_tasks"] == set()
    assert caplog.records == []


def test_a_run_that_fails_while_its_page_is_there_is_logged(
    handler_class: type[_Handler], caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> None:
        async def run(handler: Any) -> None:
            raise RuntimeError("broken")

        handler: Any = handler_class(run)
        handler.on_message("{}")
        await asyncio.sleep(0.05)

    asyncio.run(scenario())
    assert [record.getMessage() for record in caplog.records] == ["The run of the page of kernel ? failed"]


def test_voila_s_on_close_is_skipped_when_no_run_began(handler_class: type[_Handler]) -> None:
    handler: Any = handler_class(None)
    handler.on_close()  # Voila's own needs the run's executor, set by the run's first message
    assert not handler.closed_client


def test_what_a_run_logs_while_its_kernel_is_being_stopped_is_kept_out(
    handler_class: type[_Handler], caplog: pytest.LogCaptureFixture
) -> None:
    """The page's beacon came first: the kernel manager interrupts the cell before stopping the
    kernel, and Voila would log the interrupted cell before the page's socket has closed."""

    class Stopping:
        stopping: ClassVar[set[str]] = set()

        def is_stopping(self, kernel_id: str | None) -> bool:
            return kernel_id in self.stopping

    async def scenario() -> None:
        async def run(handler: Any) -> None:
            await asyncio.sleep(0.02)
            if handler._kernel_id == "k1":
                Stopping.stopping.add("k1")  # the page's beacon came while the cell ran
            handler.log.error("Error at server while executing cell")

        await _pages_ask(
            handler_class, run, Stopping(), ("k1", "k2")
        )  # k2: another page's kernel, not being stopped: its errors are said

    asyncio.run(scenario())
    assert [record.getMessage() for record in caplog.records] == ["Error at server while executing cell"]


def test_no_run_begins_for_a_page_whose_kernel_is_being_stopped(handler_class: type[_Handler]) -> None:
    """The beacon of a page left at once came before its request to run its cells."""

    class Stopping:
        def is_stopping(self, kernel_id: str | None) -> bool:
            return kernel_id == "k1"

    began: list[str] = []

    async def scenario() -> None:
        async def run(handler: Any) -> None:
            began.append(handler._kernel_id)

        await _pages_ask(handler_class, run, Stopping(), ("k1", "k2"))

    asyncio.run(scenario())
    assert began == ["k2"]


def test_stopping_the_runs_of_a_kernel_cancels_them_and_only_them(
    handler_class: type[_Handler], caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> tuple[int, int, list[str]]:
        ended: list[str] = []

        async def run(handler: Any) -> None:
            try:
                await asyncio.sleep(0.3)
                ended.append(handler._kernel_id)
            except asyncio.CancelledError:
                raise RuntimeError("the next cell was not sent") from None  # said of a page left: kept out

        left: Any = handler_class(run)
        left._kernel_id = "k1"
        kept: Any = handler_class(run)
        kept._kernel_id = "k2"
        left.on_message("{}")
        kept.on_message("{}")
        await asyncio.sleep(0.05)
        stopped = voila_runs.stop_runs("k1")
        again = voila_runs.stop_runs("k1")
        await asyncio.sleep(0.5)
        return stopped, again, ended

    assert asyncio.run(scenario()) == (1, 0, ["k2"])
    assert caplog.records == []


def test_a_run_asked_for_after_its_kernel_was_stopped_is_not_begun_and_says_nothing(
    handler_class: type[_Handler], caplog: pytest.LogCaptureFixture
) -> None:
    """On a slow network the beacon of a page left at once can reach the server before the page's
    request to run its cells: Voila would look the kernel up and log a 404 traceback."""

    class Kernels:
        def __contains__(self, kernel_id: str) -> bool:
            return kernel_id == "alive"

    handler_class._execution_data = {"gone": {"nb": "chapter 8"}, "alive": {"nb": "chapter 2"}}  # type: ignore[attr-defined]
    began: list[str] = []

    async def scenario() -> None:
        async def run(handler: Any) -> None:
            began.append(handler._kernel_id)
            raise RuntimeError("Kernel does not exist")

        await _pages_ask(handler_class, run, Kernels(), ("gone", "alive"))

    asyncio.run(scenario())
    assert began == ["alive"]
    assert handler_class._execution_data == {"alive": {"nb": "chapter 2"}}  # type: ignore[attr-defined]
    # the kernel that is still there had its failure said
    assert [record.getMessage() for record in caplog.records] == ["The run of the page of kernel alive failed"]


def test_stopping_a_kernel_whose_page_never_asked_for_its_run_drops_the_notebook_kept_for_it(
    handler_class: type[_Handler],
) -> None:
    handler_class._execution_data = {"k1": {"nb": "chapter 8"}, "k2": {"nb": "chapter 2"}}  # type: ignore[attr-defined]
    assert voila_runs.stop_runs("k1") == 0
    assert handler_class._execution_data == {"k2": {"nb": "chapter 2"}}  # type: ignore[attr-defined]


def test_a_message_a_left_page_s_closed_socket_could_not_take_is_no_error(
    handler_class: type[_Handler], caplog: pytest.LogCaptureFixture
) -> None:
    """Voila does not wait for the "initialized" message it sends as the page's socket opens: when the
    page has gone already, asyncio logged "Task exception was never retrieved" with a traceback."""
    import gc

    async def scenario() -> list[BaseException | None]:
        handler: Any = handler_class(None)
        handler.write_message("to a closed socket")  # not waited for, as Voila's open() does
        handler.write_message("broken")
        waited = handler.write_message("to a closed socket")
        await asyncio.sleep(0)
        return [waited.exception()]

    caplog.set_level(logging.DEBUG)
    errors = asyncio.run(scenario())
    gc.collect()
    assert [type(error).__name__ for error in errors] == ["WebSocketClosedError"]  # who waits still gets it
    said = [
        record.getMessage()
        for record in caplog.records
        if record.name != "asyncio" or "Using selector" not in record.getMessage()
    ]
    assert said == ["A message to a Voila page could not be sent"]


def test_a_kernel_socket_whose_page_went_while_its_kernel_was_readied_is_refused_quietly() -> None:
    """jupyter_server's kernel socket handler drops its connection when the page's connection closes,
    even before the socket is open; it then failed on it with a traceback (CI run of 2026-12-04). A
    ValueError there is what tornado takes for a request it cannot accept: noted at debug level only."""
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    voila_runs.install()

    class Connection:
        kernel_ws_protocol = "v1.kernel.websocket.jupyter.org"

    class Socket:
        connection: Any = Connection()

    socket = Socket()
    choose = KernelWebsocketHandler.select_subprotocol
    assert choose(socket, ["v1.kernel.websocket.jupyter.org"]) == "v1.kernel.websocket.jupyter.org"  # type: ignore[arg-type]
    socket.connection = None  # the page went: on_close ran
    with pytest.raises(ValueError, match="the page left"):
        choose(socket, ["v1.kernel.websocket.jupyter.org"])  # type: ignore[arg-type]


def test_a_message_a_left_page_s_kernel_socket_could_not_take_is_no_error(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """jupyter_server forwards the kernel's output to the page's kernel socket without waiting: a page
    left while its kernel still printed made asyncio log "Task exception was never retrieved", with a
    WebSocketClosedError traceback, in the tutorial's terminal (seen in its browser test under load)."""
    import gc

    import jupyter_server.services.kernels.websocket as module

    class KernelSocket(_Handler):
        def select_subprotocol(self, subprotocols: list[str]) -> str | None:
            return None

    monkeypatch.setattr(module, "KernelWebsocketHandler", KernelSocket)
    voila_runs.install()
    assert KernelSocket.write_message.__module__ == "spades_teach.app.voila_runs"

    async def scenario() -> None:
        KernelSocket(None).write_message("to a closed socket")  # not waited for, as jupyter_server does
        await asyncio.sleep(0)

    caplog.set_level(logging.DEBUG)
    asyncio.run(scenario())
    gc.collect()
    assert [r.getMessage() for r in caplog.records if "Using selector" not in r.getMessage()] == []
