"""How soon a chapter page shows its chapter under a bare ``voila notebooks/``, in headless Chromium.

    python benchmarks/voila_chapters.py [--rendering progressive|whole|both] [--repeat N] [CHAPTER ...]

Starts Voila over ``notebooks/`` from the project folder (the settings of ``voila.json``), once with
``VoilaConfiguration.progressive_rendering`` on (the project's setting: the chapter's text at once,
its outputs cell by cell as the kernel runs them) and once off (the whole chapter run on the server
before the page shows anything but a spinner), and prints for each chapter, in seconds from the
navigation: its heading on screen, its first widget drawn, and the last cell's output in (the run's
end). Chapters default to 1, 8 and 13. Ends with the load average: the machine may be shared, so
read the times with it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from _browser import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402
from _voila import served, wait_for_the_run, watch_the_run  # noqa: E402

from spades_teach.app import voila_environment  # noqa: E402

CHAPTERS = ["01_deck_and_deal", "08_card_play", "13_play_with_teach_me"]
LIMIT_MS = 180_000


def one_page(browser: Any, url: str) -> tuple[float, float, float]:
    """Seconds from navigating to ``url`` until its heading is visible, its first widget is drawn,
    and its last cell's output has come."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    watch_the_run(context)
    page = context.new_page()
    page.set_default_timeout(LIMIT_MS)
    try:
        start = time.perf_counter()
        page.goto(url, wait_until="commit", timeout=LIMIT_MS)
        page.locator("#rendered_cells h1").first.wait_for(state="visible")
        heading = time.perf_counter() - start
        page.locator(".st-widget").first.wait_for(state="visible")
        widget = time.perf_counter() - start
        wait_for_the_run(page)
        done = time.perf_counter() - start
        return heading, widget, done
    finally:
        context.close()


def measure(rendering: str, chapters: list[str], repeat: int, browser: Any, log: Path) -> None:
    port = free_port()
    # the drills' progress in a folder of the run's own, not the user's
    env = voila_environment({**os.environ, "PYTHONPATH": str(ROOT), "SPADES_TEACH_DATA_DIR": str(log.parent)})
    command = [sys.executable, "-m", "voila", "notebooks", f"--port={port}", "--Voila.ip=127.0.0.1"]
    command += ["--Voila.token=", "--no-browser"]
    command.append(f"--VoilaConfiguration.progressive_rendering={rendering == 'progressive'}")
    with served(command, port, ROOT, env, log) as url:
        one_page(browser, f"{url}/voila/render/01_deck_and_deal.ipynb")  # a first page warms the server up
        for chapter in chapters:
            times = [one_page(browser, f"{url}/voila/render/{chapter}.ipynb") for _ in range(repeat)]
            heading, widget, done = (statistics.median(column) for column in zip(*times))
            print(f"| {rendering} | {chapter} | {heading:.1f} | {widget:.1f} | {done:.1f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("chapters", nargs="*", default=CHAPTERS)
    parser.add_argument("--rendering", choices=["progressive", "whole", "both"], default="both")
    parser.add_argument("--repeat", type=int, default=1, help="pages per chapter (the median is printed)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print("| rendering | chapter | heading (s) | first widget (s) | run's end (s) |")
    print("| --- | --- | --- | --- | --- |")
    with sync_playwright() as p, tempfile.TemporaryDirectory() as folder:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for rendering in ("whole", "progressive") if args.rendering == "both" else (args.rendering,):
                measure(rendering, args.chapters, args.repeat, browser, Path(folder) / f"{rendering}.log")
        finally:
            browser.close()
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
