"""Run each chapter once and keep what it printed: one cache for the test suite and the book.

    python tools/chapter_runs.py                 # every chapter, in every language (what is missing)
    python tools/chapter_runs.py --jobs 2 fr/03  # French chapter 03, two at a time
    python tools/chapter_runs.py --folder        # print the folder of the executed chapters

A chapter's run is kept in ``build/executed/notebooks/`` (``fr/`` and ``es/`` beside), with its
outputs and the state of its widgets, under a key: the chapter's cells and every file of the package.
While neither changes, the chapter is not run again. ``tests/test_chapter_outputs.py`` compares each
run with the outputs committed in ``notebooks/`` (as nbval would, cell by cell) and
``tools/build_book.sh`` builds the book from these runs, so one test run executes each chapter once.

Runs are safe side by side (the test suite's workers, the book's build): a chapter is run under a lock
of its own, and whoever comes second waits for the run and reads it.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import functools
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
PACKAGE = ROOT / "spades_teach"
OUT = ROOT / "build" / "executed" / "notebooks"
LOCKS = ROOT / "build" / "executed" / ".locks"
#: The translated chapters' folders, by language code.
TRANSLATIONS = ("fr", "es")
#: The notebook metadata field that holds the key of a kept run.
KEY_FIELD = "spades_teach_run"
#: Files of the package that do not change what a chapter prints.
_NOT_SOURCES = {".pyc", ".so", ".wasm"}


def every_chapter() -> list[Path]:
    """The committed executed chapters: English first, then each translation."""
    english = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    return english + [p for lang in TRANSLATIONS for p in sorted((NOTEBOOKS / lang).glob("[0-9][0-9]_*.ipynb"))]


def chosen(prefixes: list[str]) -> list[Path]:
    """The chapters named by ``prefixes`` (``"03"``, ``"fr/03"``, ``"fr"``); all when there is none."""
    chapters = every_chapter()
    if not prefixes:
        return chapters
    picked: list[Path] = []
    for prefix in prefixes:
        lang, _, start = prefix.partition("/") if "/" in prefix or prefix in TRANSLATIONS else ("", "", prefix)
        folder = NOTEBOOKS / lang if lang else NOTEBOOKS
        picked += [p for p in chapters if p.parent == folder and p.name.startswith(start) and p not in picked]
    return picked


@functools.lru_cache(maxsize=1)
def package_digest() -> str:
    """A digest of every source file of the package (code, catalogs, data)."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in _NOT_SOURCES:
            digest.update(str(path.relative_to(PACKAGE)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def run_key(chapter: Path) -> str:
    """What a chapter's run depends on: its cells (type and source) and the package."""
    cells = json.loads(chapter.read_text(encoding="utf-8"))["cells"]
    digest = hashlib.sha256(package_digest().encode())
    for cell in cells:
        digest.update(cell["cell_type"].encode() + b"\0" + "".join(cell["source"]).encode() + b"\0")
    return digest.hexdigest()


def kept_run(chapter: Path) -> Path:
    """Where the run of ``chapter`` is kept."""
    return OUT / chapter.relative_to(NOTEBOOKS)


def _is_current(target: Path, key: str) -> bool:
    try:
        kept = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return bool(kept.get("metadata", {}).get(KEY_FIELD) == key)


@contextlib.contextmanager
def _locked(chapter: Path) -> Iterator[None]:
    LOCKS.mkdir(parents=True, exist_ok=True)
    name = str(chapter.relative_to(NOTEBOOKS)).replace("/", "__") + ".lock"
    with (LOCKS / name).open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def execute(chapter: Path) -> Path:
    """The kept run of ``chapter``: read when it is current, else made now (the chapter executed in a
    fresh kernel from its own folder, the widget state kept, any error stopping it)."""
    target = kept_run(chapter)
    key = run_key(chapter)
    with _locked(chapter):
        if _is_current(target, key):
            return target
        import nbformat
        from nbclient import NotebookClient

        notebook = nbformat.read(chapter, as_version=4)
        client = NotebookClient(
            notebook,
            timeout=600,
            kernel_name="python3",
            resources={"metadata": {"path": str(chapter.parent)}},
            store_widget_state=True,
        )
        # The chapters' drills keep progress in the user's data folder: a run keeps its own.
        progress = tempfile.mkdtemp(prefix="spades-teach-run-")
        client.execute(env={**os.environ, "SPADES_TEACH_DATA_DIR": progress})
        notebook.metadata[KEY_FIELD] = key
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".partial")
        nbformat.write(notebook, partial)
        partial.replace(target)
        return target


def execute_all(chapters: list[Path], jobs: int = 1) -> list[Path]:
    """Each chapter's kept run, made where missing, ``jobs`` chapters at a time."""
    if jobs <= 1 or len(chapters) <= 1:
        return [execute(chapter) for chapter in chapters]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(execute, chapters))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefixes", nargs="*", help="chapters: 03, fr/03, fr (all when none)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="chapters run at a time")
    parser.add_argument("--folder", action="store_true", help="only print the folder of the runs")
    args = parser.parse_args(argv)
    if args.folder:
        print(OUT)
        return 0
    chapters = chosen(args.prefixes)
    if not chapters:
        print(f"chapter_runs.py: no chapter matches {' '.join(args.prefixes)}", file=sys.stderr)
        return 2
    execute_all(chapters, args.jobs)
    print(f"{len(chapters)} chapters run (kept in {OUT.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
