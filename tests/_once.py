"""Work done once per test run, whichever test (and whichever pytest-xdist worker) asks first.

The book and the live edition take minutes to build: the first test that needs one builds it while
holding a lock, and keeps the result beside the build with the run's id; a test of the same run in
another worker waits for the lock and reads that result instead of building again."""

from __future__ import annotations

import fcntl
import functools
import os
import pickle
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
KEPT = ROOT / "build" / "once"
T = TypeVar("T")

#: The id of this test run: pytest-xdist gives every worker of a run the same one; a run without
#: workers has its own.
RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID") or uuid.uuid4().hex


def once_per_run(name: str) -> Callable[[Callable[[], T]], Callable[[], T]]:
    """Decorate a function of no argument whose result (picklable) is made once per test run."""

    def decorate(make: Callable[[], T]) -> Callable[[], T]:
        @functools.lru_cache(maxsize=1)
        def once() -> T:
            KEPT.mkdir(parents=True, exist_ok=True)
            with (KEPT / f"{name}.lock").open("w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                kept = KEPT / f"{name}.pickle"
                try:
                    run, result = pickle.loads(kept.read_bytes())
                    if run == RUN:
                        return result  # type: ignore[no-any-return]
                except (OSError, ValueError, EOFError, pickle.UnpicklingError):
                    pass
                result = make()
                kept.write_bytes(pickle.dumps((RUN, result)))
                return result

        return once

    return decorate
