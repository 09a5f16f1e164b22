"""Studies on a Dask cluster (hand analysis, tournament, calibration) give the
serial numbers for the same seed.

A small local cluster (two worker processes, one thread each) stands in for a
real one: ``client.get_executor()`` is a :class:`concurrent.futures.Executor`,
which every batch function of :mod:`spades_teach.analysis` accepts.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import distributed  # the optional extra: pip install "spades-teach[dask]"
import pytest

from spades_teach.analysis import SerialExecutor, analyze_hand, calibrate, tournament

HAND = "AK52.K52.Q73.A94"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
        ) as cluster,
        distributed.Client(cluster) as dask_client,
    ):
        yield dask_client


def test_hand_analysis_on_dask_is_the_serial_analysis(client: Any) -> None:
    serial = analyze_hand(HAND, samples=20, seed=11, method="playout", executor=SerialExecutor())
    seen: list[tuple[int, int]] = []
    on_dask = analyze_hand(
        HAND, samples=20, seed=11, method="playout", executor=client.get_executor(),
        progress=lambda done, total: seen.append((done, total)),
    )  # fmt: skip
    assert on_dask == serial
    assert seen == [(10, 20), (20, 20)]


def test_a_tournament_on_dask_is_the_serial_tournament(client: Any) -> None:
    serial = tournament("medium", "easy", deals=4, seed=5, executor=SerialExecutor())
    assert tournament("medium", "easy", deals=4, seed=5, executor=client.get_executor()) == serial


def test_a_calibration_on_dask_is_the_serial_calibration(client: Any) -> None:
    serial = calibrate(hands=12, samples=3, seed=3, executor=SerialExecutor())  # two tasks of hands
    seen: list[tuple[int, int]] = []
    on_dask = calibrate(
        hands=12,
        samples=3,
        seed=3,
        executor=client.get_executor(),
        progress=lambda done, total: seen.append((done, total)),
    )
    assert on_dask == serial
    assert seen[-1] == (12, 12)


def test_a_study_run_as_one_dask_task_runs_inline_on_its_worker(client: Any) -> None:
    # Enough samples for the local pool, but a Dask worker is a daemonic process,
    # which may not start processes: the default must run the samples inline there.
    serial = analyze_hand(HAND, samples=40, seed=2, executor=SerialExecutor())
    assert client.submit(analyze_hand, HAND, samples=40, seed=2).result() == serial
