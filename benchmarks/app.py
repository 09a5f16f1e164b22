"""Figures of the app (``spades-teach app``, Voila) as a learner meets it, in headless Chromium.

    python benchmarks/app.py [--hands N]

Starts the app on a free port of 127.0.0.1 and prints, in seconds:
- the server's start (command to first answer);
- the home page (navigation to its list of pages drawn);
- each page's first drawing (navigation to its widget drawn: Voila starts a kernel per page);
- on the Play page, with the bots' pause at 0: a whole hand (the bid, then South's first legal card
  each turn, until the hand is over), and then "Review my hand" (until the review's table is drawn).
Ends with the load average: the machine may be shared, so read the times with it.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from _browser import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402

TABLE = ".ct-root"
PAGES = {
    "play": f"{TABLE} .ct-hand-card",
    "advisor": ".st-bid-advisor",
    "score": ".st-score-calculator",
    "replay": ".st-replay",
    "daily": f"{TABLE} .ct-code-value",
}
LIMIT_MS = 180_000


def wait_until_answering(url: str, limit: float = 120.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except (urllib.error.URLError, OSError):
            time.sleep(0.2)
    raise SystemExit(f"the app did not answer at {url} within {limit:.0f} s")


def open_and_wait(page: Any, url: str, drawn: str) -> float:
    """Seconds from navigating to ``url`` until ``drawn`` is on the page."""
    start = time.perf_counter()
    page.goto(url, timeout=LIMIT_MS)
    page.locator(drawn).first.wait_for(timeout=LIMIT_MS)
    return time.perf_counter() - start


def click_and_wait(page: Any, button: str, drawn: str) -> float:
    """Seconds from a click on ``button`` until ``drawn`` is on the page."""
    start = time.perf_counter()
    page.click(button)
    page.locator(drawn).first.wait_for(timeout=LIMIT_MS)
    return time.perf_counter() - start


def play_whole_hand(p: Any) -> int:
    """Bid 3, then play South's first legal card each turn until the hand is over; the cards played."""
    p.select_option(f"{TABLE} .ct-pace", "0")
    p.locator(f"{TABLE} .ct-bid-row:not([hidden]) .ct-bid-choice").wait_for(timeout=LIMIT_MS)
    p.select_option(f"{TABLE} .ct-bid-choice", "3")
    p.click(f"{TABLE} .ct-bid-button")
    played = 0
    turn = f"""() => document.querySelector('{TABLE} .ct-hand-card.ct-legal')
        || !document.querySelector('{TABLE} .ct-end').hidden"""
    while True:
        p.wait_for_function(turn, timeout=LIMIT_MS, polling=50)
        if p.locator(f"{TABLE} .ct-end").is_visible():
            return played
        cards = p.locator(f"{TABLE} .ct-hand-card").count()
        p.locator(f"{TABLE} .ct-hand-card.ct-legal").first.click()
        played += 1
        p.wait_for_function(
            f"""n => document.querySelectorAll('{TABLE} .ct-hand-card').length < n
                || !document.querySelector('{TABLE} .ct-end').hidden""",
            arg=cards,
            timeout=LIMIT_MS,
            polling=50,
        )


def main(hands: int) -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    start = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "spades_teach", "app", "--port", str(port), "--no-browser"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        wait_until_answering(base + "/")
        print(f"server start (command to first answer): {time.perf_counter() - start:.1f} s")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1200, "height": 900})
            page = context.new_page()
            seconds = open_and_wait(page, base + "/", ".st-home-pages")
            print(f"home page, to its list of pages: {seconds:.1f} s")
            for name, drawn in PAGES.items():
                seconds = open_and_wait(page, f"{base}/voila/render/{name}.ipynb", drawn)
                print(f"{name:8} page, to its widget drawn: {seconds:.1f} s")
            for hand in range(1, hands + 1):
                page.goto(f"{base}/voila/render/play.ipynb", timeout=LIMIT_MS)
                page.locator(PAGES["play"]).first.wait_for(timeout=LIMIT_MS)
                begun = time.perf_counter()
                played = play_whole_hand(page)
                print(
                    f"play, hand {hand}: a whole hand (bots at pause 0, {played} cards of South): "
                    f"{time.perf_counter() - begun:.1f} s"
                )
                seconds = click_and_wait(page, f"{TABLE} .ct-review-button", f"{TABLE} .ct-review tbody tr")
                print(f"play, hand {hand}: Review my hand: {seconds:.1f} s")
            context.close()
            browser.close()
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2, help="whole hands to play on the Play page (default 2)")
    main(parser.parse_args().hands)
