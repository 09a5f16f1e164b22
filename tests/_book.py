"""Build the Jupyter Book once per test session (used by the book and browser tests)."""

from __future__ import annotations

import functools
import subprocess
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
HTML = BOOK / "_build" / "html"


@dataclass(frozen=True)
class BookBuild:
    returncode: int
    log: str
    html: Path


@functools.lru_cache(maxsize=1)
def build_book() -> BookBuild:
    """Run tools/build_book.sh from scratch (removing any earlier build) and keep its log."""
    subprocess.run(["rm", "-rf", str(BOOK / "_build")], check=True)
    done = subprocess.run(
        ["bash", str(ROOT / "tools" / "build_book.sh")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    return BookBuild(done.returncode, done.stdout + "\n" + done.stderr, HTML)
