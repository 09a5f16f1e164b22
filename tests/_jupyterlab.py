"""JupyterLab started for a browser test the way tools/tutorial.sh starts it: the package's Jupyter
folder on JUPYTER_PATH (its settings, its extension), a folder of notebooks as the root, and every
file JupyterLab writes (settings, workspaces, runtime) inside that folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from _browser import free_port, http_status

ROOT = Path(__file__).resolve().parents[1]
#: The package's Jupyter folder (what tools/tutorial.sh puts on JUPYTER_PATH).
OURS = ROOT / "spades_teach" / "data" / "jupyter"


def _wait_until_serving(url: str, process: subprocess.Popen[bytes], limit: float = 120) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"JupyterLab stopped with code {process.returncode}")
        status = http_status(url)
        if status is not None and status < 400:
            return
        time.sleep(0.5)
    raise AssertionError(f"JupyterLab did not answer at {url} within {limit} s")


@contextmanager
def served_jupyterlab(
    folder: Path, token: str, *, env: Mapping[str, str] | None = None, args: Sequence[str] = ()
) -> Iterator[str]:
    """JupyterLab serving ``folder`` on 127.0.0.1 with ``token``; yields its base URL and stops it
    (its whole process group) afterwards. ``env`` and ``args`` add to the environment and the
    command line."""
    port = free_port()
    environment = {
        **os.environ,
        "JUPYTER_PATH": str(OURS),
        "JUPYTER_CONFIG_PATH": str(OURS),
        "JUPYTER_RUNTIME_DIR": str(folder / ".runtime"),
        "JUPYTERLAB_WORKSPACES_DIR": str(folder / ".workspaces"),
        "JUPYTERLAB_SETTINGS_DIR": str(folder / ".settings"),
        **(env or {}),
    }
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        f"--ServerApp.root_dir={folder}",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--LabApp.app_settings_dir={OURS / 'lab' / 'settings'}",
        *args,
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    process = subprocess.Popen(
        command,
        cwd=folder,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_serving(f"{base}/api?token={token}", process)
        yield base
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
