"""Where batch studies run: `spades_teach.analysis.parallel`."""

from __future__ import annotations

import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import SimpleNamespace

import pytest

from spades_teach.analysis import parallel
from spades_teach.analysis.parallel import (
    MIN_POOL_TASKS,
    SerialExecutor,
    in_task,
    local_executor,
    map_tasks,
    resolve_executor,
)


def _slow_square(x: int, delay: float) -> int:
    time.sleep(delay)
    return x * x


def _where_a_nested_study_runs() -> str:
    return type(resolve_executor(None, 1000)).__name__


def _fail(x: int) -> int:
    raise ValueError(f"task {x} failed")


# -- SerialExecutor ----------------------------------------------------------------------------------------------


def test_serial_executor_runs_at_once_and_hands_errors_through_the_future() -> None:
    calls: list[int] = []
    executor = SerialExecutor()
    future = executor.submit(lambda x: calls.append(x) or x + 1, 4)
    assert calls == [4] and future.done() and future.result() == 5
    failed = executor.submit(_fail, 7)
    assert isinstance(failed.exception(), ValueError)
    with pytest.raises(ValueError, match="task 7 failed"):
        failed.result()


def test_serial_map_is_lazy_and_in_order() -> None:
    calls: list[int] = []

    def record(x: int) -> int:
        calls.append(x)
        return -x

    results = SerialExecutor().map(record, [3, 1, 2])
    assert calls == []  # nothing runs before the caller asks
    assert next(results) == -3 and calls == [3]
    assert list(results) == [-1, -2] and calls == [3, 1, 2]


# -- resolve_executor ----------------------------------------------------------------------------------------------


def test_a_given_executor_is_used_as_it_is() -> None:
    with ThreadPoolExecutor(max_workers=1) as threads:
        assert resolve_executor(threads, 1) is threads
        assert resolve_executor(threads, 1000) is threads


def test_the_default_runs_small_studies_inline_and_larger_ones_on_the_shared_pool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(parallel, "local_workers", lambda: 2)
    assert isinstance(resolve_executor(None, MIN_POOL_TASKS - 1), SerialExecutor)
    pool = resolve_executor(None, MIN_POOL_TASKS)
    assert isinstance(pool, ProcessPoolExecutor)
    assert pool is local_executor() is resolve_executor(None, 10 * MIN_POOL_TASKS)


def test_one_core_runs_everything_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "local_workers", lambda: 1)
    assert isinstance(resolve_executor(None, 1000), SerialExecutor)


def test_a_daemonic_process_runs_its_studies_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    # Dask workers are daemonic processes, which may not start processes of their own.
    monkeypatch.setattr(parallel, "local_workers", lambda: 2)
    monkeypatch.setattr(parallel.multiprocessing, "current_process", lambda: SimpleNamespace(daemon=True))
    assert isinstance(resolve_executor(None, 1000), SerialExecutor)


@pytest.mark.parametrize("where", ["inline", "pool"])
def test_a_study_started_inside_a_task_runs_inline(where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "local_workers", lambda: 2)
    executor: Executor | None = SerialExecutor() if where == "inline" else None
    tasks = [()] * MIN_POOL_TASKS
    assert list(map_tasks(_where_a_nested_study_runs, tasks, executor=executor)) == ["SerialExecutor"] * len(tasks)
    assert not in_task()  # the mark ends with the task
    assert _where_a_nested_study_runs() == "ProcessPoolExecutor"


# -- map_tasks -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["inline", "default", "threads"])
def test_results_come_back_in_task_order_with_progress_after_each(where: str) -> None:
    # Early tasks take longest, so that on a pool they finish last.
    tasks = [(x, 0.05 * (5 - x)) for x in range(6)]
    seen: list[tuple[int, int]] = []
    executor: Executor | None = {"inline": SerialExecutor(), "default": None, "threads": ThreadPoolExecutor(3)}[where]
    results = list(map_tasks(_slow_square, tasks, executor=executor, progress=lambda d, t: seen.append((d, t))))
    assert results == [x * x for x in range(6)]
    assert seen == [(done, 6) for done in range(1, 7)]
    if isinstance(executor, ThreadPoolExecutor):
        executor.shutdown()


def test_no_tasks_no_results_and_no_progress() -> None:
    seen: list[tuple[int, int]] = []
    assert list(map_tasks(_slow_square, [], progress=lambda d, t: seen.append((d, t)))) == []
    assert seen == []


def test_a_failing_task_raises_its_own_error() -> None:
    with pytest.raises(ValueError, match="task 2 failed"):
        list(map_tasks(_fail, [(2,)], executor=SerialExecutor()))


def test_a_broken_shared_pool_is_replaced_for_the_next_study(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "local_workers", lambda: 2)
    broken = local_executor()
    with pytest.raises(BrokenProcessPool):
        list(map_tasks(os._exit, [(3,)] * MIN_POOL_TASKS))  # each task kills its worker process
    fresh = local_executor()
    assert fresh is not broken
    assert list(map_tasks(_slow_square, [(x, 0.0) for x in range(MIN_POOL_TASKS)])) == [0, 1, 4, 9]


def test_pool_workers_leave_interrupts_to_the_parent() -> None:
    # A Jupyter kernel is shut down with SIGINT sent to its process group; workers that
    # ignore it print no stray KeyboardInterrupt traceback into the notebook's log.
    import signal

    before = signal.getsignal(signal.SIGINT)
    handler = local_executor().submit(signal.getsignal, signal.SIGINT).result()
    assert handler == signal.SIG_IGN
    # the parent keeps its own handler (a shell's background job may have started it ignoring Ctrl-C)
    assert signal.getsignal(signal.SIGINT) == before


_LEAVES_ITS_POOL = """
import os, sys
from spades_teach.analysis.parallel import local_executor

pool = local_executor()
workers = pool.submit(os.getpid).result(), pool.submit(os.getpid).result()
print(" ".join(str(pid) for pid in set(workers)), flush=True)
os._exit(0)  # no exit handler runs: the pool is never shut down
"""


@pytest.mark.parametrize("threads", ["fork", "forkserver"])
def test_pool_workers_exit_when_the_process_that_started_them_is_gone(threads: str) -> None:
    # A test runner's worker, or a killed kernel, ends without shutting its pool down: its
    # workers must not wait for tasks forever (they hold the parent's terminal or pipe open).
    import subprocess
    import sys

    script = _LEAVES_ITS_POOL
    if threads == "forkserver":  # a process running threads starts its workers from a fork server
        script = (
            "import threading, time\nthreading.Thread(target=time.sleep, args=(30,), daemon=True).start()\n" + script
        )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    workers = [int(pid) for pid in done.stdout.split()]
    assert workers
    deadline = time.monotonic() + 20
    alive = workers
    while alive and time.monotonic() < deadline:
        time.sleep(0.2)
        alive = [pid for pid in alive if _running(pid)]
    assert not alive, f"pool workers {alive} still run after their parent ended"


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().split(") ")[-1][:1] not in ("Z", "X")
    except FileNotFoundError:
        return False
