"""Figures of the live edition of the book (JupyterLite, Pyodide kernel) in headless Chromium.

    python benchmarks/lite.py [CHAPTER ...]     # default: every chapter
    python benchmarks/lite.py --review          # the time "Review my hand" takes after a whole hand

Builds the site (tools/build_lite.sh into build/lite/test-site; SPADES_TEACH_REUSE_LITE=1 uses one
built before), then prints its size, the time from "Run All Cells" to the first cell done (the
kernel's start plus a first cell of imports) with a cold browser cache and a warm one, and the time
each chapter takes to run all its cells, each in a fresh kernel. With ``--review``: in the play
chapter, South plays a whole hand (first legal card each turn) and presses "Review my hand"; prints
the seconds until the review is shown (the double-dummy solver runs in the browser as WebAssembly).
Ends with the load average: the machine is shared, so read the times with it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from _browser import CHROMIUM, CHROMIUM_ARGS, serve_directory  # noqa: E402
from _lite import (  # noqa: E402
    OFFLINE_ARGS,
    PLAY_CHAPTER,
    Watch,
    build_lite,
    chapter_names,
    error_outputs,
    open_chapter,
    play_whole_hand,
    review_my_hand,
    run_all_cells,
)


def site_size(site: Path) -> int:
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file())


def kernel_start(context: object, watch: Watch) -> None:
    """The time to the first cell done, with a cold browser cache, then a warm one."""
    for label in ("cold", "warm"):
        page = open_chapter(context, watch, "01_deck_and_deal")
        first, _ = run_all_cells(page)
        print(f"kernel ready + first cell, {label} cache: {first:.1f} s")
        page.close()


def review_time(context: object, watch: Watch) -> None:
    """Play a whole hand in the play chapter, then time "Review my hand"."""
    page = open_chapter(context, watch, PLAY_CHAPTER)
    run_all_cells(page)
    start = time.perf_counter()
    played = play_whole_hand(page)
    print(
        f"{PLAY_CHAPTER}: a whole hand (bots at pace 0): {time.perf_counter() - start:.1f} s, {len(played)} cards of South"
    )
    seconds, rows = review_my_hand(page, timeout_s=600)
    print(f"Review my hand: {seconds:.1f} s ({len(rows)} cards reviewed)")
    page.close()


def main(chapters: list[str], review: bool = False) -> None:
    from playwright.sync_api import sync_playwright

    start = time.perf_counter()
    built = build_lite()
    if built.returncode != 0:
        raise SystemExit(built.log[-3000:])
    print(f"build: {time.perf_counter() - start:.0f} s (downloads cached after the first run)")
    pyodide = built.site / "static" / "pyodide"
    print(
        f"site size: {site_size(built.site) / 1e6:.1f} MB ({site_size(pyodide) / 1e6:.1f} MB of it Pyodide and wheels)"
    )
    with serve_directory(built.site) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *OFFLINE_ARGS])
        # one context: the first chapter fills its empty cache (cold), the next ones find it (warm)
        context = browser.new_context()
        watch = Watch(url)
        watch.attach(context)
        if review:
            review_time(context, watch)
        else:
            kernel_start(context, watch)
            print(f"{'chapter':28} {'first cell':>10} {'all cells':>10}  errors")
        for name in chapters:
            watch.errors.clear()
            page = open_chapter(context, watch, name)
            try:
                first, total = run_all_cells(page)
                problems = len(error_outputs(page)) + len(watch.errors) + len(watch.blocked)
                print(f"{name:28} {first:9.1f}s {total:9.1f}s  {problems}", flush=True)
            except Exception as error:  # a timeout: report it and go on
                print(f"{name:28} did not finish: {type(error).__name__}", flush=True)
            page.close()
        browser.close()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(f"Chromium: {subprocess.run([CHROMIUM, '--version'], capture_output=True, text=True).stdout.strip()}")


if __name__ == "__main__":
    if "--review" in sys.argv[1:]:
        main([], review=True)
    else:
        main(sys.argv[1:] or chapter_names())
