"""Build the Jupyter Book once per test session (used by the book and browser tests)."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from _lite import build_lite
from _once import once_per_run

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
HTML = BOOK / "_build" / "html"


@dataclass(frozen=True)
class BookBuild:
    returncode: int
    log: str
    html: Path


@once_per_run("book")
def build_book() -> BookBuild:
    """Run tools/build_book.sh from scratch (removing any earlier build) and keep its log, once per
    test run. The live edition is the one the live tests use (tests/_lite.py, also built once per
    run), put in the book's ``live/`` after the book is built rather than built a second time: the
    book asks for it last, so under pytest-xdist the other worker builds it for the live tests while
    this one builds the book."""
    subprocess.run(["rm", "-rf", str(BOOK / "_build")], check=True)
    done = subprocess.run(
        ["bash", str(ROOT / "tools" / "build_book.sh")],
        env={**os.environ, "SPADES_TEACH_LITE_SITE": "none"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    log = done.stdout + "\n" + done.stderr
    if done.returncode != 0:
        return BookBuild(done.returncode, log, HTML)
    lite = build_lite()
    if lite.returncode != 0:
        return BookBuild(lite.returncode, "the live edition did not build:\n" + lite.log, HTML)
    shutil.rmtree(HTML / "live", ignore_errors=True)
    shutil.copytree(lite.site, HTML / "live", symlinks=True)
    return BookBuild(0, log, HTML)
