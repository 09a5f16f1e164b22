"""The Voila kernel manager that answers a page's shutdown beacon at once (spades_teach.app.voila_kernels).

Stopping the server must still stop every kernel, those whose stop a beacon began included. Voila
stops its server from a new event loop once the server's own has stopped (``run_sync`` in
``VoilaApp.stop``): a stop begun on the old loop can no longer finish there, and waiting for it from
the new one raised ``got Future … attached to a different loop`` (the app then exited with status 1).

Each scenario runs in a Python process of its own, as in the server: jupyter_client's kernel
managers leave sockets and loops for the process's end to close.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("jupyter_server")

ROOT = Path(__file__).resolve().parents[1]

SCENARIO = """
import asyncio, json, os, sys, time
from spades_teach.app.voila_kernels import LeaveQuietlyKernelManager

def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie has stopped
        return stat.read().split(") ", 1)[1][0] != "Z"

manager = LeaveQuietlyKernelManager(connection_dir=sys.argv[1])
server_loop = asyncio.new_event_loop()
kernel_id = server_loop.run_until_complete(manager.start_kernel())
pid = manager.get_kernel(kernel_id).provisioner.process.pid
kernel = manager.get_kernel(kernel_id)
requests = []
ask = kernel._async_request_shutdown

async def counted(*args, **kwargs):
    requests.append(1)
    return await ask(*args, **kwargs)

kernel._async_request_shutdown = counted
server_loop.run_until_complete(manager.shutdown_kernel(kernel_id))  # the page's beacon
answered_while_stopping = kernel_id in manager.list_kernel_ids()
if sys.argv[2] == "midway":  # the server's loop stops while the stop is under way on it
    server_loop.run_until_complete(asyncio.sleep(0.1))
if sys.argv[2] == "asked":  # ... once the kernel has had its shutdown request

    async def asked():
        for _ in range(400):
            if requests:
                return
            await asyncio.sleep(0.025)

    server_loop.run_until_complete(asked())
stopping_loop = server_loop if sys.argv[2] == "same" else asyncio.new_event_loop()
stopping_loop.run_until_complete(manager.shutdown_all(now=sys.argv[2] not in ("same", "asked")))
time.sleep(0.2)
print(json.dumps({"answered_while_stopping": answered_while_stopping, "requests": len(requests),
                  "kernels_left": manager.list_kernel_ids(), "process_alive": alive(pid)}))
"""


def _scenario(tmp_path: Path, loop: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_PLATFORM_DIRS": "1"}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(SCENARIO), str(tmp_path), loop],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def test_a_beacon_is_answered_before_the_kernel_has_stopped_and_the_server_waits_for_it(tmp_path: Path) -> None:
    result = _scenario(tmp_path, "same")
    assert result == {"answered_while_stopping": True, "requests": 1, "kernels_left": [], "process_alive": False}


def test_the_server_stopping_from_another_loop_stops_a_kernel_a_beacon_began_to_stop(tmp_path: Path) -> None:
    result = _scenario(tmp_path, "another")
    assert result["kernels_left"] == [] and result["process_alive"] is False and result["answered_while_stopping"]


def test_the_server_stopping_from_another_loop_midway_through_a_kernel_s_stop_stops_it(tmp_path: Path) -> None:
    """The beacon's stop had begun on the server's loop when that loop stopped: the kernel's ``ready``
    future was left pending there, and the server's stop failed with ``InvalidStateError`` (CI run of
    2026-12-04, the app's exit status 1)."""
    result = _scenario(tmp_path, "midway")
    assert result["kernels_left"] == [] and result["process_alive"] is False and result["answered_while_stopping"]


def test_a_kernel_asked_to_stop_on_the_old_loop_gets_no_second_request(tmp_path: Path) -> None:
    """Its shutdown request had been sent when the server's loop stopped: a second one reached the
    kernel while its own loop was closing, and it printed "Exception ignored in <coroutine
    Kernel.dispatch_control>" and a traceback in the server's output (fresh-clone runs of 2026-12-07)."""
    result = _scenario(tmp_path, "asked")
    assert result == {"answered_while_stopping": True, "requests": 1, "kernels_left": [], "process_alive": False}


def test_an_unknown_kernel_is_still_a_404() -> None:
    import asyncio

    from tornado.web import HTTPError

    from spades_teach.app.voila_kernels import LeaveQuietlyKernelManager

    manager = LeaveQuietlyKernelManager()
    with pytest.raises(HTTPError) as raised:
        asyncio.run(manager.shutdown_kernel("no-such-kernel"))
    assert raised.value.status_code == 404


LEFT_WHILE_RUNNING = """
import asyncio, json, logging, sys
import voila.tornado.execution_request_handler as voila_handler

CELLS = ["import time; time.sleep(20)"] * 3

class Page:
    # Voila's /voila/execution handler as far as a run goes: the cells in turn, the next one sent as
    # soon as one has ended, failed (interrupted) or not
    def __init__(self, manager, kernel_id):
        self.kernel_manager, self._kernel_id = manager, kernel_id
        self.log = logging.getLogger("page")
        self.sent = 0

    async def on_message(self, message):
        client = self.kernel_manager.get_kernel(self._kernel_id).client()
        client.start_channels()
        await client.wait_for_ready(timeout=60)
        for code in CELLS:
            msg_id = client.execute(code)
            self.sent += 1
            while (await client.get_shell_msg(timeout=60))["parent_header"].get("msg_id") != msg_id:
                pass

    def on_close(self):
        pass

voila_handler.ExecutionRequestHandler = Page
from spades_teach.app.voila_kernels import LeaveQuietlyKernelManager  # made below: installs voila_runs

async def main():
    manager = LeaveQuietlyKernelManager(connection_dir=sys.argv[1])
    kernel_id = await manager.start_kernel()
    page = Page(manager, kernel_id)
    page.on_message("{}")
    while page.sent == 0 or manager.get_kernel(kernel_id).execution_state != "busy":
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)
    await manager.shutdown_kernel(kernel_id)  # the page's beacon, its first cell still running
    await manager.shutdown_all()
    await asyncio.sleep(0.5)
    print(json.dumps({"cells_sent": page.sent}))

asyncio.run(main())
"""


def test_a_page_left_while_a_cell_runs_sends_no_next_cell_and_its_kernel_stops_quietly(tmp_path: Path) -> None:
    """The page's run is stopped before its cell is interrupted: Voila's run goes on to the next cell
    after a failed one, and the kernel, stopped in the middle of that one, wrote "Exception in message
    handler" (``ZMQError: Socket operation on non-socket``) to the server's output (CI, stop 35)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_PLATFORM_DIRS": "1"}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(LEFT_WHILE_RUNNING), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {"cells_sent": 1}
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
