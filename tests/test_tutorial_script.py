"""tools/tutorial.sh, the README's first command, started for real (setup skipped, the current
environment standing in for .venv): it must start JupyterLab for root as for anyone, print the
address to open, answer there, and list each chapter once (the .ipynb, not its .md source)."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from _browser import free_port

ROOT = Path(__file__).resolve().parents[1]


def _project_copy(tmp: Path) -> Path:
    """A minimal project: the script, the chapters, and .venv pointing at this environment."""
    (tmp / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "tutorial.sh", tmp / "tools" / "tutorial.sh")
    shutil.copytree(ROOT / "notebooks", tmp / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    (tmp / ".venv").symlink_to(Path(sys.executable).parents[1])
    return tmp


def _wait_for_url(process: subprocess.Popen[str], limit: float = 90.0) -> str:
    deadline = time.monotonic() + limit
    assert process.stdout is not None
    seen = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            if process.poll() is not None:
                break
            continue
        seen.append(line)
        found = re.search(r"http://127\.0\.0\.1:\d+/lab/tree/\S+\?token=\w+", line)
        if found:
            return found.group(0)
    pytest.fail("tools/tutorial.sh printed no address to open:\n" + "".join(seen)[-3000:])


def _get(url: str, limit: float = 90.0) -> bytes:
    deadline = time.monotonic() + limit
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                return bytes(answer.read())
        except (urllib.error.URLError, OSError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def test_tutorial_script_opens_jupyterlab_and_lists_each_chapter_once(tmp_path: Path) -> None:
    project = _project_copy(tmp_path)
    port = free_port()
    env = {**os.environ, "SPADES_TEACH_SKIP_SETUP": "1", "PORT": str(port), "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg")}
    process = subprocess.Popen(
        ["bash", "tools/tutorial.sh", "--no-browser"],
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        url = _wait_for_url(process)
        assert f":{port}/lab/tree/01_deck_and_deal.ipynb" in url
        assert b"JupyterLab" in _get(url)
        token = url.rsplit("token=", 1)[1]
        listing = json.loads(_get(f"http://127.0.0.1:{port}/api/contents?token={token}"))
        names = sorted(item["name"] for item in listing["content"])
        chapters = [n for n in names if re.match(r"\d\d_", n)]
        assert chapters and all(n.endswith(".ipynb") for n in chapters), names
        assert "01_deck_and_deal.ipynb" in chapters
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        assert process.stdout is not None
        process.stdout.close()
