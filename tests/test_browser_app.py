"""The Voila app in a real browser (Debian's Chromium, driven by Playwright).

One server for the whole module: ``spades-teach app --no-browser`` on a free port of
127.0.0.1, started as a subprocess and stopped at the end. One page per app notebook,
shared by the tests of that notebook (Voila starts a kernel for each page it renders,
which is the slow part). Every request the pages make must stay on 127.0.0.1.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _axe import serious_violations
from _browser import ARTIFACTS, console_quiet, free_port, http_status, settled, wait_until
from _voila import wait_for_the_run, watch_the_run

from spades_teach import Seat, score_round
from spades_teach.app import packaged_records

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT_MS = 90_000


def _wait_until_answering(url: str, server: subprocess.Popen[bytes], log: Path, limit: float = 120.0) -> None:
    def answering() -> bool:
        if server.poll() is not None:
            pytest.fail(f"the app server stopped with status {server.returncode}:\n{log.read_text()[-3000:]}")
        return http_status(url) == 200

    if not wait_until(answering, limit=limit):
        pytest.fail(f"the app server did not answer at {url} within {limit:.0f} s:\n{log.read_text()[-3000:]}")


def _stop(server: subprocess.Popen[bytes]) -> None:
    """SIGTERM the command we started (it stops Voila and its kernels), then make sure."""
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)  # the group of the process we started
            server.wait()


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    # a learner's data folder of its own: a new learner (Teach me on), whatever this machine's user chose
    learner = tmp_path_factory.mktemp("learner")
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "spades_teach", "app", "--port", str(port), "--no-browser"],
            cwd=ROOT,
            env={**os.environ, "SPADES_TEACH_DATA_DIR": str(learner)},
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            url = f"http://127.0.0.1:{port}"
            _wait_until_answering(url + "/", server, log)
            yield url
        finally:
            _stop(server)
    assert server.returncode == 0, log.read_text()[-3000:]


def _open(browser: Any, url: str, root: str, allowed: tuple[str, ...] = ()) -> Iterator[Any]:
    """A page on ``url`` once the widget ``root`` (a CSS selector) has rendered and the page's cells have
    all run (Voila renders progressively: see tests/_voila.py); it fails
    the test afterwards if the page asked anything of a host other than 127.0.0.1
    (besides the ``allowed`` URLs, which are blocked but not counted). Voila's CDN links to
    Font Awesome are gone: the app's page template drops them (see spades_teach.app)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    remote: list[str] = []

    def local_only(route: Any) -> None:
        request_url = route.request.url
        if request_url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:", "blob:")):
            route.continue_()
        else:
            if request_url not in allowed:
                remote.append(request_url)
            route.abort()

    context.route("**/*", local_only)
    watch_the_run(context)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url, timeout=TIMEOUT_MS)
    page.locator(root).first.wait_for()
    run = wait_for_the_run(page)  # the page's cells have all run: the page is whole, as a learner sees it
    yield page
    text = page.locator("body").inner_text()
    context.close()
    assert remote == [], f"the page asked the internet for {remote}"
    assert "Traceback" not in text
    assert run.get("errors", []) == [], run["errors"]


@pytest.fixture(scope="module")
def advisor_page(browser: Any, app_url: str) -> Iterator[Any]:
    yield from _open(browser, f"{app_url}/voila/render/advisor.ipynb", ".st-bid-advisor")


@pytest.fixture(scope="module")
def score_page(browser: Any, app_url: str) -> Iterator[Any]:
    yield from _open(browser, f"{app_url}/voila/render/score.ipynb", ".st-score-calculator")


@pytest.fixture(scope="module")
def replay_page(browser: Any, app_url: str) -> Iterator[Any]:
    yield from _open(browser, f"{app_url}/voila/render/replay.ipynb", ".st-replay")


def _shot(locator: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    locator.screenshot(path=str(path))
    return path


def _wait_text(page: Any, selector: str, predicate: str) -> None:
    """Wait until the text of ``selector`` satisfies the JS expression ``predicate`` (of ``t``)."""
    page.wait_for_function(
        f"() => {{ const e = document.querySelector({selector!r}); if (!e) return false; const t = e.innerText; return {predicate}; }}"
    )


# -- the app's home page --------------------------------------------------------------------

PAGES = {
    "Play": "play",
    "Bid advisor": "advisor",
    "Score": "score",
    "Replay": "replay",
    "Daily challenge": "daily",
    "My progress": "progress",
}


def test_the_home_page_leads_to_every_page_with_a_clean_console(browser: Any, app_url: str) -> None:
    console: list[str] = []
    pages = _open(browser, app_url + "/", ".st-home-pages")
    page = next(pages)
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.reload()
    page.locator(".st-home-pages").wait_for()
    assert page.locator("h1").inner_text() == "Spades tutorial"
    assert "Select items to open" not in page.locator("body").inner_text()  # not Voila's list of files
    links = page.locator(".st-home-pages a")
    labels = [t.split("\n")[0].strip() for t in links.all_inner_texts()]
    assert labels == list(PAGES)
    hrefs = links.evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert hrefs == [f"/voila/render/{name}.ipynb" for name in PAGES.values()]
    assert page.locator(".st-home-chapters li").count() == 18  # chapters 0 to 17
    page.set_viewport_size({"width": 1200, "height": 1000})
    _shot(page.locator("body"), "app-home")
    assert console == []
    assert next(pages, None) is None  # closes the page and checks its requests


#: Each app page and what shows its widget has been drawn.
PAGE_ROOTS = {
    "play": ".ct-root .ct-hand-card",
    "advisor": ".st-bid-advisor",
    "score": ".st-score-calculator",
    "replay": ".st-replay",
    "daily": ".ct-root .ct-code-value",
    "progress": ".st-progress .st-progress-summary",
}


@pytest.mark.parametrize("name", list(PAGE_ROOTS))
def test_each_page_draws_its_widget_with_no_console_warning_or_error(browser: Any, app_url: str, name: str) -> None:
    """No console warning either, but one kind that comes from Voila itself: its page carries
    JupyterLab 4.2.5's modules and shares them with the widget extensions, and the widget manager of
    Voila 0.5.9 and later (and jupyterlab_widgets 3.0.14 and later) is built against newer ones, so it
    warns once per module ("Unsatisfied version 4.2.5 ... required ^4.6.2") and works. Pinning the
    older Voila 0.5.8 silences them but breaks a bare ``voila notebooks/`` (its file list passes a
    relative folder, which jupyter_core 5.8 and later refuse with a 500), so those warnings are
    allowed here, and only those."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda error: console.append(f"page error: {error}"))
    try:
        page.goto(f"{app_url}/voila/render/{name}.ipynb", timeout=TIMEOUT_MS)
        page.locator(PAGE_ROOTS[name]).first.wait_for(timeout=TIMEOUT_MS)
        console_quiet(page)  # the late messages of the extensions
    finally:
        context.close()
    unexplained = [line for line in console if not re.match(UNSATISFIED_VERSION, line)]
    assert unexplained == [], f"{name}: " + "\n".join(unexplained)


#: The one warning a Voila page may show (see the test above): a shared JupyterLab module older than
#: the one the widget manager was built against.
UNSATISFIED_VERSION = (
    r"warning: (Unsatisfied version [\d.]+ from _JUPYTERLAB\.CORE_OUTPUT of shared singleton module @jupyterlab/"
    r"|No satisfying version \(\^[\d.]+\) of shared module @jupyterlab/\S+ found in shared scope default)"
)


def test_every_page_links_home_and_to_the_others(browser: Any, app_url: str) -> None:
    pages = _open(browser, f"{app_url}/voila/render/score.ipynb", ".st-score-calculator")
    page = next(pages)
    nav = page.locator("a", has_text="Home").first
    assert nav.get_attribute("href") == "../../"
    for label, name in PAGES.items():
        if name != "score":
            assert page.locator(f"a[href='{name}.ipynb']").inner_text() == label
    nav.click()
    page.locator(".st-home-pages").wait_for()
    assert next(pages, None) is None


def test_each_notebook_links_home_and_to_every_other_page() -> None:
    import nbformat

    from spades_teach.app import app_notebooks, page_top_html

    for path in app_notebooks():
        first = nbformat.read(path, as_version=4).cells[0]
        assert first.cell_type == "code" and f'page_top("{path.stem}")' in first.source
        top = page_top_html(path.stem, "en")
        assert '<a class="st-app-home" href="../../">Home</a>' in top
        others = [name for name in PAGES.values() if f"{name}.ipynb" != path.name]
        assert all(f'href="{name}.ipynb"' in top for name in others), path.name


def _choose_language(page: Any, name: str) -> None:
    """Pick a language in the page's menu with the keyboard: focus its link, press Enter."""
    link = page.locator(".st-app-lang a", has_text=name)
    link.focus()
    assert page.evaluate("() => document.activeElement.textContent") == name
    page.keyboard.press("Enter")


def test_the_language_menu_switches_the_pages_and_the_choice_is_kept(browser: Any, app_url: str) -> None:
    pages = _open(browser, app_url + "/", ".st-home-pages")
    page = next(pages)
    assert page.locator("h1").inner_text() == "Spades tutorial"
    _choose_language(page, "Français")
    page.wait_for_url("**/?lang=fr")
    assert page.locator("h1").inner_text() == "Tutoriel de Spades"
    assert page.locator("html").get_attribute("lang") == "fr"
    labels = [t.split("\n")[0].strip() for t in page.locator(".st-home-pages a").all_inner_texts()]
    assert labels == ["Jouer", "Conseiller d'annonce", "Score", "Revoir", "Défi du jour", "Mes progrès"]
    page.locator(".st-home-advisor").click()  # the choice goes with the link
    page.locator(".st-bid-advisor").first.wait_for()
    top = page.locator(".st-app-top")
    assert top.locator("h1").inner_text() == "Le conseiller d'annonce"
    assert top.locator(".st-app-home").inner_text() == "Accueil"
    assert top.locator("a[href='score.ipynb?lang=fr']").inner_text() == "Score"
    assert "Collez vos treize cartes" in top.inner_text()
    page.set_viewport_size({"width": 1200, "height": 1000})
    _shot(page.locator("body"), "app-advisor-fr")
    _choose_language(page, "Español")
    page.wait_for_url("**/advisor.ipynb?lang=es")
    page.locator(".st-bid-advisor").first.wait_for()
    top = page.locator(".st-app-top")
    assert top.locator("h1").inner_text() == "El consejero de anuncios"
    assert top.locator(".st-app-lang [aria-current]").inner_text() == "Español"
    assert "Pega tus trece cartas" in top.inner_text()
    _shot(page.locator("body"), "app-advisor-es")
    top.locator(".st-app-home").click()
    page.locator(".st-home-pages").wait_for()
    assert page.locator("h1").inner_text() == "Tutorial de Spades"
    assert next(pages, None) is None


# -- bid advisor ----------------------------------------------------------------------------


def _empty_the_hand_box(page: Any) -> None:
    """Empty the shared page's hand box (another test may have left a hand in it) and wait
    until the advice it gave is gone."""
    page.locator(".st-bid-advisor .st-advice-hand textarea").first.fill("")
    page.wait_for_function("() => document.querySelectorAll('.st-bid-advisor .st-advice-item').length === 0")


def test_paste_a_hand_and_see_the_advice(advisor_page: Any) -> None:
    page = advisor_page
    advisor = page.locator(".st-bid-advisor")
    _empty_the_hand_box(page)  # nothing advised without a hand
    assert advisor.locator(".st-advice-bid-value").count() == 0
    advisor.locator(".st-advice-hand textarea").fill("AKQ3.K52.7.A9842")
    advisor.locator(".st-advice-bid-value").wait_for()
    page.wait_for_function("() => document.querySelectorAll('.st-bid-advisor .st-advice-item').length > 0")
    bid = advisor.locator(".st-advice-bid-value").inner_text()
    assert bid.strip().isdigit() and 1 <= int(bid) <= 13
    reasons = advisor.locator(".st-advice-reasons").inner_text()
    assert "A♠" in reasons or "AS" in reasons  # the ace of spades is counted, with its reason
    assert advisor.locator(".st-error").inner_text().strip() == ""
    _shot(advisor, "app-advisor")


def test_a_bad_paste_shows_the_message_by_the_box_and_clears_the_advice(advisor_page: Any) -> None:
    page = advisor_page
    advisor = page.locator(".st-bid-advisor")
    hand = advisor.locator(".st-advice-hand textarea")
    hand.fill("AKQ3.K52.7.A9842")
    advisor.locator(".st-advice-bid-value").wait_for()
    hand.fill("AKQ3.K52.7\n")  # a paste ending with a line break
    _wait_text(page, ".st-advice-hand-error", "t.trim().length > 0")
    error = advisor.locator(".st-advice-hand-error").inner_text()  # next to the box
    assert "four groups" in error and "\\n" not in error
    text = advisor.inner_text()
    assert text.count("four groups") == 1, f"the message is shown more than once: {text}"
    assert "Traceback" not in page.locator("body").inner_text()
    assert "advice for" not in text  # nothing about the hand that was in the box before
    assert advisor.locator(".st-advice-bid-value").count() == 0  # no advice for a hand not in the box
    assert advisor.locator(".st-advice-simulate").is_disabled()
    _shot(advisor, "app-advisor-error")
    hand.fill("AKQ3.K52.7.A9842")  # and a good paste clears the message and brings the advice back
    _wait_text(page, ".st-advice-hand-error", "t.trim() === ''")
    advisor.locator(".st-advice-bid-value").wait_for()


# -- score calculator -----------------------------------------------------------------------


def _score_inputs(calculator: Any) -> tuple[dict[str, str], dict[str, int]]:
    bids = {s.name: calculator.locator(f".st-score-bid-{s.name} input").input_value() for s in Seat}
    tricks = {s.name: int(calculator.locator(f".st-score-tricks-{s.name} input").input_value()) for s in Seat}
    return bids, tricks


def _shown_points(calculator: Any, side: str) -> int:
    text = calculator.locator(f".st-score-points-{side}").inner_text().strip()
    return int(text.replace("−", "-").replace("+", ""))


def test_changing_a_bid_changes_the_points(score_page: Any) -> None:
    page = score_page
    calculator = page.locator(".st-score-calculator")
    bids, tricks = _score_inputs(calculator)
    shown = {side: _shown_points(calculator, side) for side in ("NS", "EW")}
    expected = score_round(bids, tricks).points
    assert shown == {"NS": expected["NS"], "EW": expected["EW"]}
    _shot(calculator, "app-score")

    new_bid = "nil" if bids["N"] != "nil" else "4"
    calculator.locator(".st-score-bid-N input").fill(new_bid)
    bids["N"] = new_bid
    after = score_round(bids, tricks).points
    assert after["NS"] != expected["NS"]  # the change must show in the points
    _wait_text(
        page,
        ".st-score-calculator .st-score-points-NS",
        f"t.replace('−', '-').replace('+', '').trim() === '{after['NS']}'",
    )
    assert _shown_points(calculator, "EW") == after["EW"]
    first_line = score_round(bids, tricks).lines[0]
    _wait_text(page, ".st-score-calculator .st-score-lines", f"t.includes({first_line!r})")


def test_a_score_that_does_not_add_up_shows_one_message_and_no_old_score(score_page: Any) -> None:
    page = score_page
    calculator = page.locator(".st-score-calculator")
    box = calculator.locator(".st-score-tricks-W input")
    before = box.input_value()
    _wait_text(page, ".st-score-calculator", "t.includes('this hand:')")
    box.fill(str(int(before) + 1))  # 14 tricks
    _wait_text(page, ".st-score-calculator .st-score-input-error", "t.includes('add up to')")
    page.wait_for_function("() => !document.querySelector('.st-score-calculator').innerText.includes('this hand:')")
    text = calculator.inner_text()
    assert text.count("add up to") == 1, f"the message is shown more than once: {text}"
    assert calculator.locator(".st-score-points-NS").count() == 0 and "+" not in text.split("add up to")[1]
    box.fill(before)  # and the score comes back once the boxes make a hand
    _wait_text(page, ".st-score-calculator", "t.includes('this hand:') && !t.includes('add up to')")


def test_a_box_emptied_after_a_bad_number_keeps_no_message_about_it(score_page: Any) -> None:
    """Learner finding 11: -2 typed in North's tricks, then the box emptied: "⚠ tricks for N must be a
    whole number 0-13, got -2" stayed on screen. Emptied, the box shows no message and no score, and
    the line under it says what to fill in; the number typed back brings the score back."""
    page = score_page
    calculator = page.locator(".st-score-calculator")
    box = calculator.locator(".st-score-tricks-N input")
    before = box.input_value()
    _wait_text(page, ".st-score-calculator", "t.includes('this hand:')")
    box.fill("-2")
    _wait_text(page, ".st-score-calculator .st-score-error-N", "t.includes('got -2')")
    box.fill("")
    _wait_text(page, ".st-score-calculator", "!t.includes('got -2') && t.includes(\"fill in North's tricks\")")
    assert "⚠" not in calculator.inner_text() and calculator.locator(".st-score-points-NS").count() == 0
    box.fill(before)
    _wait_text(page, ".st-score-calculator", "t.includes('this hand:') && !t.includes('fill in')")


# -- replay ---------------------------------------------------------------------------------


def _replay_state(replay: Any) -> tuple[str, str, str]:
    return (
        replay.locator(".st-replay-position").inner_text(),
        replay.locator(".st-trick").inner_text(),
        replay.locator(".st-replay-note").inner_text(),
    )


def _settled_state(page: Any, replay: Any) -> tuple[str, str, str]:
    """The replay's state once it stops changing (its lines are separate widgets, updated
    one message after another)."""
    return settled(page, lambda: _replay_state(replay), quiet_ms=150, limit_ms=6000)


def _click_and_wait(page: Any, replay: Any, button: str, before: tuple[str, str, str]) -> tuple[str, str, str]:
    replay.locator(f"button.st-replay-{button}").click()
    page.wait_for_function(
        "before => document.querySelector('.st-replay .st-replay-position').innerText !== before",
        arg=before[0],
    )
    return _settled_state(page, replay)


def _replay_from_its_start(page: Any) -> None:
    """Put the shared page's replay back at its first moment: another test (in any order) may
    have left it at the end, where the forward buttons are disabled."""
    start = page.locator(".st-replay button.st-replay-start")
    if start.is_enabled():
        start.click()
    _wait_text(page, ".st-replay .st-replay-position", "t.startsWith('the deal:')")


def test_step_a_replay_forward_and_back(replay_page: Any) -> None:
    page = replay_page
    _replay_from_its_start(page)
    replay = page.locator(".st-replay")
    states = [_settled_state(page, replay)]
    states.append(_click_and_wait(page, replay, "next-trick", states[-1]))  # to the end of the bidding
    states.append(_click_and_wait(page, replay, "next", states[-1]))  # the first card
    assert "Trick 1" in states[-1][1] and "Trick 1" not in states[-2][1]
    while not states[-1][2].strip():  # on to a card with a note
        assert len(states) < 60, "no annotated card in the replay"
        states.append(_click_and_wait(page, replay, "next", states[-1]))
    assert states[-1][1] != states[-2][1]  # one card more on the table
    _shot(replay, "app-replay")
    back = _click_and_wait(page, replay, "prev", states[-1])
    assert back == states[-2]  # one step back shows exactly the moment before
    forward = _click_and_wait(page, replay, "next", back)
    assert forward == states[-1]
    end = _click_and_wait(page, replay, "end", forward)
    last = re.search(r"trick (\d+), card (\d+) of (\d+)", end[0])  # the last card of the last trick
    assert last is not None and last.group(1) == "13" and last.group(2) == last.group(3)
    assert replay.locator(".st-replay-score").inner_text().strip() != ""


def test_choose_another_game_to_replay(replay_page: Any) -> None:
    page = replay_page
    choice = page.locator(".st-app-record select")
    options = [t.replace("\xa0", " ") for t in choice.locator("option").all_inner_texts()]
    titles = [record.title or name for name, record in packaged_records()]
    assert options == titles
    title = page.locator(".st-replay .st-replay-title").inner_text()
    other = next(t for t in titles if t not in title)
    choice.select_option(label=other)
    _wait_text(page, ".st-replay .st-replay-title", f"t.includes({other!r})")
    _wait_text(page, ".st-replay .st-replay-position", "t.startsWith('the deal:')")  # at its start


def test_the_replay_page_reviews_what_each_card_cost(replay_page: Any) -> None:
    page = replay_page
    _replay_from_its_start(page)
    page.locator(".st-app-review button, button.st-app-review").first.click()
    _wait_text(page, ".st-app-review-summary", "t.includes('best card')")
    page.locator(".st-replay button.st-replay-end").click()  # the last trick's cards carry their verdicts
    page.locator(".st-replay .st-mark-good, .st-replay .st-mark-bad").first.wait_for()
    assert "of 52 cards" in page.locator(".st-app-review-summary").inner_text()
    choice = page.locator(".st-app-record select")
    shown = choice.input_value()
    other = next(v for v in choice.locator("option").evaluate_all("els => els.map(e => e.value)") if v != shown)
    choice.select_option(value=other)  # another game: the review goes away
    _wait_text(page, ".st-app-review-summary", "t.trim() === ''")
    assert page.locator(".st-replay .st-mark-good, .st-replay .st-mark-bad").count() == 0
    choice.select_option(value=shown)  # and the shared page shows its first game again, at its start
    _wait_text(page, ".st-replay .st-replay-position", "t.startsWith('the deal:')")


def test_the_advisor_fits_a_390_px_window(browser: Any, app_url: str) -> None:
    """On a phone-sized window every box of the advisor stays inside it: the hand box, and the rows
    of rule and score boxes wrap instead of cutting off "blind Nil allowed" and "our bags"."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{app_url}/voila/render/advisor.ipynb", timeout=TIMEOUT_MS)
        advisor = page.locator(".st-bid-advisor").first
        advisor.wait_for(timeout=TIMEOUT_MS)
        outer = advisor.bounding_box()
        assert outer is not None and outer["x"] + outer["width"] <= 390
        for hook in ("hand", "partner", "rule-nil", "rule-blind-nil", "our-score", "their-score", "bags"):
            box = page.locator(f".st-advice-{hook}").first.bounding_box()
            assert box is not None, hook
            assert outer["x"] - 0.5 <= box["x"] and box["x"] + box["width"] <= outer["x"] + outer["width"] + 0.5, (
                hook,
                box,
                outer,
            )
        advisor.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "app-advisor-390.png"))
    finally:
        context.close()


def test_the_advisor_page_has_no_serious_accessibility_violation(advisor_page: Any) -> None:
    page = advisor_page
    assert serious_violations(page) == []
    page.locator(".st-advice-hand textarea").first.fill("AKQ3.K52.7.A984")  # 12 cards
    _wait_text(page, ".st-advice-hand-error", "t.trim().length > 0")
    assert serious_violations(page) == []  # the error beside the box too
    _empty_the_hand_box(page)  # leave the shared page as it was: no hand yet


def test_the_daily_challenge_deals_the_deal_of_the_day(browser: Any, app_url: str) -> None:
    from spades_teach import Deal

    pages = _open(browser, f"{app_url}/voila/render/daily.ipynb", ".ct-root .ct-code-value")
    page = next(pages)
    assert page.locator(".ct-root .ct-code-value").inner_text() == Deal.of_the_day().code
    assert "the deal of the day" in page.locator(".ct-root .ct-code").inner_text()
    assert next(pages, None) is None


@pytest.mark.parametrize("name", ["play", "daily"])
def test_the_hand_and_its_buttons_are_on_screen_in_a_1366_by_900_window(browser: Any, app_url: str, name: str) -> None:
    """A laptop's window: South's cards, the bid row and the buttons under the hand are all inside it
    without scrolling, with the Teach me hint shown on the Play page (on for a new learner)."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{app_url}/voila/render/{name}.ipynb", timeout=TIMEOUT_MS)
        page.locator(".ct-root .ct-hand-card").first.wait_for(timeout=TIMEOUT_MS)
        if name == "play":
            _wait_text(page, ".ct-root .ct-hint", "t.trim().length > 0")
        parts = {
            "card": ".ct-root .ct-hand-card",
            "bid": ".ct-root .ct-bid-row",
            "status": ".ct-root .ct-status",
            "button": ".ct-root .ct-actions .ct-button",
        }
        outside = []
        for part, selector in parts.items():
            boxes = page.locator(selector).evaluate_all(
                "els => els.filter(e => e.offsetParent !== null).map(e => { const r = e.getBoundingClientRect(); "
                "return [r.left, r.top, r.right, r.bottom]; })"
            )
            assert boxes, part
            outside += [(part, box) for box in boxes if box[0] < 0 or box[1] < 0 or box[2] > 1366 or box[3] > 900]
        assert page.evaluate("() => [window.scrollY, document.scrollingElement.scrollTop]") == [0, 0]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"app-{name}-1366.png"))
        assert outside == [], f"{name}: off screen at 1366x900: {outside}"
    finally:
        context.close()
