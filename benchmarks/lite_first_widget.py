"""How long the live edition takes to put a chapter's first widget on screen, and what a first visit
downloads, in headless Chromium (offline: the site's own host only).

    python benchmarks/lite_first_widget.py [--site DIR] [--notebook] [CHAPTER ...]

The site is a built live edition (default build/lite/test-site, built by tools/build_lite.sh). Each
chapter (default: the play chapter) is opened in a fresh browser context (a reader's first visit, cold
cache, a browser profile of its own on disk), then opened again in a new page of the same browser (warm
cache). Prints, for each, the seconds from the page's opening to its first widget (``.st-widget``)
and the megabytes the server sent (for the first visit also what they weigh gzipped, as a host that
compresses would send them).
``--notebook`` presses Run > Run All Cells as soon as the kernel is idle, as the reader had to before
the chapters ran themselves (tools/lite/runs_itself): for a site built without it.
Writes a screenshot of each page into test-artifacts/. Ends with the load average: the machine is
shared, so read the times with it.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from _browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, QuietHandler, serve_directory  # noqa: E402
from _lite import OFFLINE_ARGS, PLAY_CHAPTER, Watch, chapter_url  # noqa: E402

WIDGET = ".st-widget"

#: what the server sent since the last reset: (path, bytes) per file (the page's, its workers' and its
#: service worker's requests alike)
SENT: list[tuple[str, int]] = []


@contextmanager
def counting_server(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1, recording the bytes of every file sent in :data:`SENT`."""

    class Handler(QuietHandler):
        def copyfile(self, source: Any, outputfile: Any) -> None:
            start = source.tell()
            super().copyfile(source, outputfile)
            SENT.append((self.path, source.tell() - start))

    with serve_directory(directory, Handler) as url:
        yield url


def visit(context: object, watch: Watch, url: str, notebook: bool, shot: str) -> tuple[float, float, int]:
    """Open ``url`` in a new page; returns the seconds to the first widget, the megabytes the server
    sent and the number of files it sent."""
    SENT.clear()
    page = context.new_page()  # type: ignore[attr-defined]
    watch.watch(page)
    start = time.perf_counter()
    if LOG:
        page.on("console", lambda m: print(f"  {time.perf_counter() - start:5.1f} s  {m.text[:120]}"))
    page.goto(url)
    if notebook:
        page.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=120_000)
        press_run_all_when_idle(page)
    page.locator(WIDGET).first.wait_for(timeout=300_000)
    seconds = time.perf_counter() - start
    page.wait_for_timeout(1000)  # what the page still fetches just after
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{shot}.png"))
    page.close()
    return seconds, sum(n for _, n in SENT) / 1e6, len(SENT)


def gzipped_mb(site: Path) -> float:
    """The megabytes of the last visit's files once gzipped (level 6), as a host that compresses
    what it serves would send them (the server here sends them as they are)."""
    import gzip

    total = 0
    for path, n in SENT:
        file = site / path.split("?")[0].lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        total += len(gzip.compress(file.read_bytes(), 6)) if n and file.is_file() else n
    return total / 1e6


def press_run_all_when_idle(page: object) -> None:
    """Press Run All as the reader does (the kernel idle first), without waiting for the last cell."""
    from _lite import KERNEL_STATUS, _press_run_all

    page.wait_for_function(  # type: ignore[attr-defined]
        "sel => [...document.querySelectorAll(sel)].some(e => /Kernel status: Idle/.test(e.textContent))",
        arg=KERNEL_STATUS,
        timeout=300_000,
        polling=250,
    )
    _press_run_all(page, tries=3)


#: print the page's console messages, timed (--log)
LOG = False


def print_largest(top: int) -> None:
    """The largest files of the last visit, and the bytes of each folder of the site."""
    for path, n in sorted(SENT, key=lambda x: -x[1])[:top]:
        print(f"  {n / 1e6:6.2f} MB  {path}")
    folders: dict[str, int] = {}
    for path, n in SENT:
        folder = "static/pyodide" if path.startswith("/static/pyodide/") else path.split("/")[1].split("?")[0]
        folders[folder] = folders.get(folder, 0) + n
    print(
        "  by folder: "
        + ", ".join(f"{k} {v / 1e6:.1f} MB" for k, v in sorted(folders.items(), key=lambda x: -x[1]) if v > 50_000)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("chapters", nargs="*", default=[PLAY_CHAPTER])
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "lite" / "test-site")
    parser.add_argument(
        "--notebook", action="store_true", help="press Run All (a site whose chapters do not run themselves)"
    )
    parser.add_argument("--top", type=int, default=0, help="list the largest files of the first visit")
    parser.add_argument("--log", action="store_true", help="print the console's messages, timed")
    args = parser.parse_args()
    global LOG
    LOG = args.log
    from playwright.sync_api import sync_playwright

    with counting_server(args.site) as base, sync_playwright() as p:
        for name in args.chapters:
            url = chapter_url(base, name)
            kind = "run-all" if args.notebook else "runs-itself"
            # A browser profile of its own on disk, as a reader's: a context without one keeps its cache
            # in memory, where an entry as big as Pyodide's WebAssembly (9.6 MB) is never kept. No
            # routing either: Playwright turns the HTTP cache off in a context it routes (Chromium is
            # offline all the same: OFFLINE_ARGS).
            with tempfile.TemporaryDirectory() as profile:
                context = p.chromium.launch_persistent_context(
                    profile,
                    executable_path=CHROMIUM,
                    args=[*CHROMIUM_ARGS, *OFFLINE_ARGS],
                    viewport={"width": 1200, "height": 900},
                )
                watch = Watch(base)
                cold = visit(context, watch, url, args.notebook, f"first-widget-{kind}-{name}-cold")
                cold_gzipped = gzipped_mb(args.site)
                if args.top:
                    print_largest(args.top)
                warm = visit(context, watch, url, args.notebook, f"first-widget-{kind}-{name}-warm")
                context.close()
            print(
                f"{name} ({kind}): first widget cold {cold[0]:.1f} s, {cold[1]:.1f} MB in {cold[2]} files"
                f" ({cold_gzipped:.1f} MB gzipped);"
                f" warm {warm[0]:.1f} s, {warm[1]:.1f} MB in {warm[2]} files"
            )
            for problem in [*watch.blocked, *watch.errors, *watch.warnings]:
                print(f"  {problem}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
