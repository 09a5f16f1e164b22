"""Build the Jupyter Book once per test session (used by the book and browser tests)."""

from __future__ import annotations

import os
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
    run), handed to the book's build rather than built a second time."""
    lite = build_lite()
    if lite.returncode != 0:
        return BookBuild(lite.returncode, "the live edition did not build:\n" + lite.log, HTML)
    subprocess.run(["rm", "-rf", str(BOOK / "_build")], check=True)
    done = subprocess.run(
        ["bash", str(ROOT / "tools" / "build_book.sh")],
        env={**os.environ, "SPADES_TEACH_LITE_SITE": str(lite.site)},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    return BookBuild(done.returncode, done.stdout + "\n" + done.stderr, HTML)
