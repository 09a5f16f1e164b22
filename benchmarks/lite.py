"""Figures of the live edition of the book (JupyterLite, Pyodide kernel) in headless Chromium.

    python benchmarks/lite.py [CHAPTER ...]     # default: every chapter
    python benchmarks/lite.py --review          # the time "Review my hand" takes after a whole hand
    python benchmarks/lite.py --practice [CHAPTER ...]   # drills, puzzle, challenge, review: live vs CPython

Builds the site (tools/build_lite.sh into build/lite/test-site; SPADES_TEACH_REUSE_LITE=1 uses one
built before), then prints its size, the time from the chapter's opening to its first cell done (it
runs its cells by itself: the kernel's start plus a first cell of imports) with a cold browser cache
and a warm one (benchmarks/lite_first_widget.py times the first widget and counts the bytes of a first
visit, in a browser profile on disk), and the time each chapter takes to run all its cells, each in a
fresh kernel. With ``--review``: in the play
chapter, South plays a whole hand (first legal card each turn) and presses "Review my hand"; prints
the seconds until the review is shown (the double-dummy solver runs in the browser as WebAssembly).
With ``--practice``: in each chapter with a drill (04, 08, 11: every kind) each kind is answered right
and then wrong, and the seconds from the click (or Enter) to the whole feedback are timed; in the play
chapter a puzzle is answered, and the chapter's challenge deal is played from its code at the card table,
compared with the expert and reviewed. The same calls (grading, the puzzle's answer,
``compare_with_expert``, ``review_hand``) are then timed in CPython, each kind in a fresh process, with
the compiled kernel and with the pure-Python one (the kernel the live edition runs); the chapters named
after ``--practice`` restrict the run.
Ends with the load average: the machine is shared, so read the times with it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from _browser import CHROMIUM  # noqa: E402
from _drill_probe import right_answer, wrong_answer  # noqa: E402
from _lite import (  # noqa: E402
    CHAPTER_DRILLS,
    PLAY_CHAPTER,
    TABLE,
    Watch,
    build_lite,
    chapter_challenge,
    chapter_drill,
    chapter_names,
    chapter_puzzles,
    chapter_table,
    drill_answer,
    error_outputs,
    live_site,
    open_chapter,
    play_whole_hand,
    puzzle_answer,
    review_my_hand,
    run_all_cells,
    watched_context,
)

#: Playwright's own default window, which the figures in benchmarks/README were measured in.
PLAYWRIGHT_VIEWPORT = {"width": 1280, "height": 720}


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


# -- practice: the same calls, live and in CPython ---------------------------------------------------

#: The steps timed, in the order printed: each drill kind right then wrong, then the play chapter's.
PLAY_STEPS = ("puzzle answered", "Compare with the expert", "Review my hand")


def _drill_steps(chapter: str) -> list[str]:
    return [f"{kind} {wanted}" for wanted in ("right", "wrong") for kind in CHAPTER_DRILLS[chapter]["kinds"]]


def live_drills(context: object, watch: Watch, chapter: str) -> dict[str, float]:
    """Run the chapter, then answer each kind of its drill right, then wrong; the seconds from the
    answer to the whole feedback (the simulated figures included), by step."""
    page = open_chapter(context, watch, chapter)
    _, total = run_all_cells(page)
    print(f"{chapter}: all cells {total:.1f} s", flush=True)
    mirror = chapter_drill(chapter)
    root = page.locator(".dr-root").last
    root.scroll_into_view_if_needed()
    times: dict[str, float] = {}
    for step in _drill_steps(chapter):
        drill = mirror.drill
        values = right_answer(drill) if step.endswith("right") else wrong_answer(drill)
        times[step], _, _ = drill_answer(page, root, drill.fields, values)
        mirror.answer(values)
        mirror.next_question()
        root.locator(".dr-next").click()
        page.wait_for_function(
            "text => [...document.querySelectorAll('.dr-root')].pop().querySelector('.dr-prompt').innerText === text",
            arg=mirror.drill.prompt,
            timeout=120_000,
        )
    page.close()
    return times


def live_play(context: object, watch: Watch) -> tuple[dict[str, float], list[str]]:
    """In the play chapter: a puzzle answered; the challenge's deal played from its code, compared
    with the expert, reviewed. Returns the seconds by step and South's cards."""
    page = open_chapter(context, watch, PLAY_CHAPTER)
    _, total = run_all_cells(page)
    print(f"{PLAY_CHAPTER}: all cells {total:.1f} s", flush=True)
    times: dict[str, float] = {}
    puzzle = chapter_puzzles().puzzle
    times["puzzle answered"], _ = puzzle_answer(page, puzzle.answer)
    table = page.locator(TABLE).first
    code = chapter_challenge().code
    table.locator(".ct-code-input").fill(code)
    table.locator(".ct-code-go").click()
    page.wait_for_function(
        "code => document.querySelector('.ct-root .ct-code-value')?.innerText.trim() === code", arg=code
    )
    mine = play_whole_hand(page, bid="3")
    start = time.perf_counter()
    table.locator(".ct-compare-button").click()
    table.locator(".ct-compare-summary").wait_for(timeout=900_000)
    times["Compare with the expert"] = time.perf_counter() - start
    times["Review my hand"], _ = review_my_hand(page, timeout_s=600)
    page.close()
    return times, mine


def cpython_drill_times(chapter: str) -> dict[str, float]:
    """The grading of the same answers in this process (CPython): ``DrillWidget.answer``, which runs
    the simulation behind the explanation."""
    from spades_teach.analysis import drills

    # the answers first (a wrong bid is one no simulated best names), then the simulations' caches
    # emptied: each grading below runs its simulation, as the live kernel does
    answers, ahead = [], chapter_drill(chapter)
    for step in _drill_steps(chapter):
        answers.append(right_answer(ahead.drill) if step.endswith("right") else wrong_answer(ahead.drill))
        ahead.answer(answers[-1])
        ahead.next_question()
    for value in vars(drills).values():
        if callable(getattr(value, "cache_clear", None)):
            value.cache_clear()
    mirror = chapter_drill(chapter)
    times: dict[str, float] = {}
    for step, values in zip(_drill_steps(chapter), answers):
        start = time.perf_counter()
        mirror.answer(values)
        times[step] = time.perf_counter() - start
        mirror.next_question()
    return times


def cpython_play_times(mine: list[str]) -> dict[str, float]:
    """The play chapter's steps in this process: the puzzle's answer, and on the challenge's deal with
    South's cards ``mine``, the comparison with the expert and the review."""
    times: dict[str, float] = {}
    view = chapter_puzzles()
    start = time.perf_counter()
    view.answer(view.puzzle.answer)
    times["puzzle answered"] = time.perf_counter() - start
    game = chapter_table()
    game.play_deal(chapter_challenge().code)
    game.bid(3)
    for card in mine:
        game.play_card(card)
    start = time.perf_counter()
    game.compare_with_expert()
    times["Compare with the expert"] = time.perf_counter() - start
    start = time.perf_counter()
    game.review_hand()
    times["Review my hand"] = time.perf_counter() - start
    return times


def cpython_times(part: str, mine: list[str], pure: bool) -> dict[str, float]:
    """One part (a drill chapter, or ``play``) timed in a fresh CPython process (no cache of the
    simulations warm from the live run), with the pure-Python kernel when ``pure``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("SPADES_TEACH_PURE_KERNEL", None)
    if pure:
        env["SPADES_TEACH_PURE_KERNEL"] = "1"
    done = subprocess.run(
        [sys.executable, __file__, "--cpython", part, *mine],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
    )
    times: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return times


def practice(context: object, watch: Watch, chapters: list[str]) -> None:
    """Time the practice steps live, then the same calls in CPython, and print them side by side."""
    live: dict[str, float] = {}
    parts: list[tuple[str, list[str]]] = []
    for chapter in chapters:
        if chapter in CHAPTER_DRILLS:
            live.update({f"{chapter[:2]} {k}": v for k, v in live_drills(context, watch, chapter).items()})
            parts.append((chapter, []))
        elif chapter == PLAY_CHAPTER:
            times, mine = live_play(context, watch)
            live.update({f"{chapter[:2]} {k}": v for k, v in times.items()})
            parts.append(("play", mine))
        else:
            raise SystemExit(f"{chapter}: no drill and not the play chapter")
    columns: dict[str, dict[str, float]] = {"c": {}, "pure": {}}
    for part, mine in parts:
        prefix = PLAY_CHAPTER[:2] if part == "play" else part[:2]
        for kernel in columns:
            found = cpython_times(part, mine, pure=kernel == "pure")
            columns[kernel].update({f"{prefix} {k}": v for k, v in found.items()})
    print(f"{'step (seconds)':36} {'live':>7} {'CPython':>8} {'pure':>7} {'live/pure':>9}")
    for step, seconds in live.items():
        c, pure = columns["c"][step], columns["pure"][step]
        ratio = f"{seconds / pure:9.1f}" if pure >= 0.05 else f"{'–':>9}"
        print(f"{step:36} {seconds:7.2f} {c:8.3f} {pure:7.3f} {ratio}")
    print("live: from the click (or Enter) to the whole feedback drawn, in the browser's kernel (Pyodide,")
    print("pure-Python rules kernel, the double-dummy solver as WebAssembly); CPython: the same call (grading,")
    print("the answer, the comparison, the review) in a fresh process, with the compiled rules kernel, and")
    print("with the pure-Python one (pure); the solver is the compiled C core in both. live/pure is left")
    print("out where the call takes under 0.05 s: the live time is then the page's round trip.")


def main(chapters: list[str], review: bool = False, practising: bool = False) -> None:
    start = time.perf_counter()
    built = build_lite()
    if built.returncode != 0:
        raise SystemExit(built.log[-3000:])
    print(f"build: {time.perf_counter() - start:.0f} s (downloads cached after the first run)")
    pyodide = built.site / "static" / "pyodide"
    print(
        f"site size: {site_size(built.site) / 1e6:.1f} MB ({site_size(pyodide) / 1e6:.1f} MB of it Pyodide and wheels)"
    )
    # one context: the first chapter fills its empty cache (cold), the next ones find it (warm)
    with live_site() as (browser, url), watched_context(browser, url, viewport=PLAYWRIGHT_VIEWPORT) as (context, watch):
        if practising:
            practice(context, watch, chapters)
            chapters = []
        elif review:
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
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(f"Chromium: {subprocess.run([CHROMIUM, '--version'], capture_output=True, text=True).stdout.strip()}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--cpython"]:  # one part timed in this process (see cpython_times)
        part = sys.argv[2]
        found = cpython_play_times(sys.argv[3:]) if part == "play" else cpython_drill_times(part)
        print(json.dumps(found))
    elif sys.argv[1:2] == ["--practice"]:
        main(sys.argv[2:] or [*CHAPTER_DRILLS, PLAY_CHAPTER], practising=True)
    elif "--review" in sys.argv[1:]:
        main([], review=True)
    else:
        main(sys.argv[1:] or chapter_names())
