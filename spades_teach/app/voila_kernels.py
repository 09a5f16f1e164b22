"""The kernel manager of the app's and the chapters' Voila pages: leaving a page is silent.

When a learner leaves a Voila page (a link to another page, the back button, closing the tab), the
page sends a beacon to ``/voila/api/shutdown/<kernel id>`` so that its kernel stops. Voila answers that
request only once the kernel has stopped, which takes a second or so; by then the browser has opened
the next page, and it reports the beacon as failed (``net::ERR_ABORTED`` in the network log, once for
every page left), although the server received it and stopped the kernel.

:class:`LeaveQuietlyKernelManager` answers at once: it checks the kernel exists (an unknown one is
still a 404), starts stopping it and returns, and the kernel stops just after (a cell still running
is interrupted first). Stopping the server
still waits for every kernel, those being stopped included. Voila takes it as
``VoilaConfiguration.multi_kernel_manager_class`` (in ``voila.json`` and the app's command line,
:data:`spades_teach.app.VOILA_OPTIONS`).

Importing this module imports jupyter_server: the package itself never does (Voila imports it). The
manager installs :func:`spades_teach.app.voila_runs.install` in the server as it is made. The tutorial's
JupyterLab, where Voila runs inside JupyterLab's server, takes it as its kernel manager too
(``ServerApp.kernel_manager_class`` in ``data/jupyter/tutorial``): a chapter's page left early there
had its kernel stopped in the middle of a cell, which printed a ZMQError traceback in the terminal.
"""

# jupyter_server's kernel managers are untyped, and jupyter_client declares the asynchronous
# ``shutdown_kernel`` and ``shutdown_all`` as callables of any arguments: mypy sees neither as overridable.
# mypy: disable-error-code="no-untyped-call,override"
from __future__ import annotations

import asyncio
import inspect
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from spades_teach.app.voila_runs import install, stop_runs

__all__ = ["LeaveQuietlyKernelManager"]


class LeaveQuietlyKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager, whose ``shutdown_kernel`` returns before the kernel has stopped."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._stopping: dict[str, asyncio.Future[None]] = {}
        # Made in the server's process: the pages' runs under progressive rendering are kept alive and
        # quiet from then on (see spades_teach.app.voila_runs). Not on import: JupyterLab's server (the
        # tutorial's) imports this class as it reads its settings, and Voila imported that early makes
        # the extensions loaded after it print traitlets' deprecation warnings.
        install()

    async def shutdown_kernel(self, kernel_id: str, now: bool = False, restart: bool = False) -> None:
        if restart:  # a restart needs the old kernel gone first
            await super().shutdown_kernel(kernel_id, now=now, restart=restart)
            return
        if kernel_id in self._stopping:  # the page's beacon came twice
            return
        self._check_kernel_id(kernel_id)  # a kernel that is not there: 404, as before
        stopping = asyncio.ensure_future(self._stop(kernel_id, now))
        self._stopping[kernel_id] = stopping
        stopping.add_done_callback(lambda _: self._stopping.pop(kernel_id, None))

    def is_stopping(self, kernel_id: str | None) -> bool:
        """Whether the kernel is being stopped (its page has been left)."""
        return kernel_id in self._stopping

    async def _stop(self, kernel_id: str, now: bool) -> None:
        try:
            stop_runs(kernel_id)  # no next cell is sent once the running one is interrupted
            await self._interrupt_a_run(kernel_id)
            await AsyncMappingKernelManager.shutdown_kernel(self, kernel_id, now=now)
        except Exception:
            self.log.exception("Could not stop kernel %s", kernel_id)

    async def _interrupt_a_run(self, kernel_id: str, limit: float = 5.0, quiet: float = 0.3) -> None:
        """A page left while its cells still run (progressive rendering shows a chapter long before
        its run ends): interrupt the cell and wait (``limit`` seconds at most) until the kernel has been
        idle for ``quiet`` seconds. A kernel stopped in the middle of a cell printed a traceback
        ("Exception in message handler", its reply sent to a closed socket) in the server's output.
        One look is not enough: between two cells the kernel is idle for an instant, and a cell the run
        had already sent starts just after, so a busy kernel is interrupted again (once a second)."""
        kernel = self.get_kernel(kernel_id)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        quiet_since = loop.time()
        interrupted_at: float | None = None
        while loop.time() < deadline:
            if getattr(kernel, "execution_state", "idle") == "busy":
                if interrupted_at is None or loop.time() - interrupted_at >= 1.0:
                    await self.interrupt_kernel(kernel_id)  # type: ignore[func-returns-value,misc]  # a coroutine
                    interrupted_at = loop.time()
                quiet_since = loop.time()
            elif loop.time() - quiet_since >= quiet:
                return
            await asyncio.sleep(0.05)

    async def shutdown_all(self, now: bool = False) -> None:
        """Wait for the kernels being stopped, then stop the others (the server is stopping).

        Voila stops its server from an event loop of its own once the server's loop has stopped: a
        stop begun on that loop can no longer finish, so its kernel is stopped again here like the others.
        """
        loop = asyncio.get_running_loop()
        here = []
        asked = []
        for kernel_id, stopping in list(self._stopping.items()):
            if stopping.get_loop() is loop:
                here.append(stopping)
            else:  # begun on a loop that no longer runs: forget that stop, and end the kernel below
                self._pending_kernels.pop(kernel_id, None)
                self._stopping.pop(kernel_id, None)
                self._forget_the_old_loop(kernel_id, loop)
                asked.append(kernel_id)
        if here:
            await asyncio.gather(*here, return_exceptions=True)
        for kernel_id in asked:
            await self._end_a_kernel_already_asked(kernel_id)
        await super().shutdown_all(now=now)

    async def _end_a_kernel_already_asked(self, kernel_id: str, limit: float = 3.0) -> None:
        """A kernel asked to stop on the old loop has had its shutdown request: a second one reached it
        while its own loop was closing, and it printed a traceback at exit ("Exception ignored in
        <coroutine Kernel.dispatch_control>", "Event loop is closed") in the server's output. It is given
        ``limit`` seconds to exit by itself, then ended without another request."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        while loop.time() < deadline:
            alive = kernel.is_alive()
            if not (await alive if inspect.isawaitable(alive) else alive):
                break
            await asyncio.sleep(0.05)
        try:
            await AsyncMappingKernelManager.shutdown_kernel(self, kernel_id, now=True)
        except Exception:
            self.log.exception("Could not stop kernel %s", kernel_id)

    def _forget_the_old_loop(self, kernel_id: str, loop: asyncio.AbstractEventLoop) -> None:
        """A stop that had begun on the old loop left the kernel's ``ready`` future pending there for
        good (jupyter_client makes a new one as a stop begins): jupyter_client's own stop then asks that
        future for its exception and fails (``InvalidStateError``, the app exiting with status 1). The
        kernel is marked ready on this loop, and stopped from there."""
        kernel = self._kernels.get(kernel_id)
        ready = getattr(kernel, "_ready", None)
        if isinstance(ready, asyncio.Future) and not ready.done() and ready.get_loop() is not loop:
            fresh: asyncio.Future[None] = loop.create_future()
            fresh.set_result(None)
            kernel._ready = fresh  # type: ignore[union-attr]
