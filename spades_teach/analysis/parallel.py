"""Where batch studies run: inline (:class:`SerialExecutor`), on the local cores, or on any
:class:`concurrent.futures.Executor` (a Dask cluster's too), with the same numbers on every
executor (:func:`map_tasks`). More: ``docs/modules.md``.

>>> list(map_tasks(pow, [(2, 3), (3, 2)], executor=SerialExecutor()))
[8, 9]
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import select
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

__all__ = [
    "MIN_POOL_TASKS",
    "SerialExecutor",
    "in_task",
    "local_executor",
    "local_workers",
    "map_tasks",
    "resolve_executor",
]

T = TypeVar("T")

#: The fewest tasks for which the default runs a study on the local process pool.
MIN_POOL_TASKS = 4

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()
_task_state = threading.local()


class SerialExecutor(Executor):
    """An executor that runs each task at once, in the calling process.

    >>> SerialExecutor().submit(divmod, 7, 2).result()
    (3, 1)
    """

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the caller through the future, as other executors do
            future.set_exception(exc)
        return future

    def map(
        self, fn: Callable[..., T], *iterables: Iterable[Any], timeout: float | None = None, chunksize: int = 1
    ) -> Iterator[T]:
        """Lazily, so that a caller's progress report follows the work task by task."""
        return (fn(*args) for args in zip(*iterables))


def local_workers() -> int:
    """How many worker processes the local pool uses: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def local_executor() -> ProcessPoolExecutor:
    """The process pool on the local cores, shared by all studies and shut down at exit.

    Workers are forked when this process runs a single thread (a plain script,
    which then needs no ``if __name__ == "__main__"`` guard); a process that runs
    threads, such as a Jupyter kernel, starts them from a fork server instead
    (or spawns them where there is none), since forking a threaded process is unsafe.
    """
    global _pool
    with _pool_lock:
        if _pool is None:
            methods = multiprocessing.get_all_start_methods()
            if threading.active_count() == 1 and "fork" in methods:
                method = "fork"
            else:
                method = "forkserver" if "forkserver" in methods else "spawn"
            _pool = ProcessPoolExecutor(
                max_workers=local_workers(),
                mp_context=multiprocessing.get_context(method),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
            atexit.register(_shutdown_pool)
        return _pool


def _start_worker(owner: int) -> None:
    """Run in each pool worker when it starts: Ctrl-C left to the parent, and an exit with the
    process that made the pool (``owner``)."""
    _ignore_interrupts()
    threading.Thread(target=_exit_with_owner, args=(owner,), name="exit-with-owner", daemon=True).start()


def _exit_with_owner(owner: int) -> None:
    """Exit this pool worker once the process that made its pool has ended.

    A process ended without running its exit handlers (``os._exit``, a kill, a test
    runner's worker) cannot shut its pool down, and its workers would wait for tasks
    forever: each holds both ends of the pool's queues (and, from a fork server, that
    server's life line), so no end of file ever comes. They would also keep the owner's
    terminal or output pipe open, and a caller reading it would wait too."""
    try:
        ended = os.pidfd_open(owner)  # readable once the owner has ended (Linux)
    except ProcessLookupError:
        os._exit(0)
    except (AttributeError, OSError):  # no pidfd: a forked or spawned worker's parent is its owner
        parent = os.getppid()
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)
    select.select([ended], [], [])
    os._exit(0)


def _ignore_interrupts() -> None:
    """Run in each pool worker: leave Ctrl-C (SIGINT) to the parent process.

    A Jupyter kernel is interrupted and shut down with SIGINT sent to its whole
    process group, workers included; the parent already stops the study and shuts
    the pool down, so a worker that also raised KeyboardInterrupt would only print
    a stray traceback into the notebook's or the book's log."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _shutdown_pool() -> None:
    global _pool
    with _pool_lock:
        if _pool is not None:
            _pool.shutdown(wait=True, cancel_futures=True)
            _pool = None


def _discard_pool(pool: Executor) -> None:
    """Forget the shared pool when it broke (a worker died), so the next study starts a new one."""
    global _pool
    with _pool_lock:
        if _pool is not pool:
            return
        _pool = None
    pool.shutdown(wait=False, cancel_futures=True)


def in_task() -> bool:
    """Whether this thread is running a task handed out by :func:`map_tasks`.

    >>> in_task()
    False
    >>> list(map_tasks(_report_in_task, [()], executor=SerialExecutor()))
    [True]
    """
    return bool(getattr(_task_state, "depth", 0))


def _report_in_task() -> bool:
    return in_task()


def _run_task(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``, marked as a task so that a study it starts runs inline."""
    _task_state.depth = getattr(_task_state, "depth", 0) + 1
    try:
        return fn(*args)
    finally:
        _task_state.depth -= 1


def resolve_executor(executor: Executor | None, tasks: int) -> Executor:
    """The executor a study of ``tasks`` tasks runs on (see the module docs).

    >>> isinstance(resolve_executor(None, MIN_POOL_TASKS - 1), SerialExecutor)
    True
    """
    if executor is not None:
        return executor
    if in_task() or multiprocessing.current_process().daemon:
        return SerialExecutor()
    if tasks >= MIN_POOL_TASKS and local_workers() > 1:
        return local_executor()
    return SerialExecutor()


def map_tasks(
    fn: Callable[..., T],
    tasks: Sequence[tuple[Any, ...]],
    *,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[T]:
    """``fn(*task)`` for every task, in the order of ``tasks``, on the resolved executor.

    ``fn`` must be a module-level function (worker processes import it by name).
    ``progress(done, total)`` is called as each result arrives, in order. If the
    shared local pool breaks (a worker process was killed), the error is raised
    and the next study starts a new pool.
    """
    runner = resolve_executor(executor, len(tasks))
    total = len(tasks)
    columns = list(zip(*tasks)) if tasks else []
    try:
        results = runner.map(_run_task, [fn] * total, *columns)
        for done, result in enumerate(results, start=1):
            if progress is not None:
                progress(done, total)
            yield result
    except BrokenProcessPool:
        if executor is None:
            _discard_pool(runner)
        raise
