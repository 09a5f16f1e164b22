"""tools/tutorial.sh, the README's first command, started for real (setup skipped, the current
environment standing in for .venv): it must start JupyterLab's server for root as for anyone, print
the address to open first (chapter 0 as a Voila page: prose and widgets, no code) and JupyterLab's
second, answer at both, link each chapter page to its neighbours, the list and its code in
JupyterLab, and list each chapter once (the .ipynb, not its .md source)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _browser import free_port
from _voila import renders_progressively, wait_for_the_run, watch_the_run

ROOT = Path(__file__).resolve().parents[1]


def _project_copy(tmp: Path) -> Path:
    """A minimal project: the script, the chapters, and .venv pointing at this environment."""
    (tmp / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "tutorial.sh", tmp / "tools" / "tutorial.sh")
    shutil.copytree(ROOT / "notebooks", tmp / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    (tmp / ".venv").symlink_to(Path(sys.executable).parents[1])
    return tmp


#: The addresses the script prints: the course's pages first (chapter 0 rendered by Voila), JupyterLab second.
ADDRESS = re.compile(r"http://127\.0\.0\.1:\d+/\S+\?token=\w+")


def _wait_for_urls(process: subprocess.Popen[str], limit: float = 90.0) -> list[str]:
    """The two addresses tools/tutorial.sh prints, in their order."""
    deadline = time.monotonic() + limit
    assert process.stdout is not None
    seen: list[str] = []
    found: list[str] = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            if process.poll() is not None:
                break
            continue
        seen.append(line)
        found += ADDRESS.findall(line)
        if len(found) == 2:
            return found
    pytest.fail("tools/tutorial.sh printed no two addresses to open:\n" + "".join(seen)[-3000:])


def _get(url: str, limit: float = 90.0) -> bytes:
    deadline = time.monotonic() + limit
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                return bytes(answer.read())
        except urllib.error.HTTPError as error:
            error.close()  # it holds the connection open
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)
        except (urllib.error.URLError, OSError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def _drain(process: subprocess.Popen[str]) -> None:
    assert process.stdout is not None
    with contextlib.suppress(ValueError, OSError):
        for _ in process.stdout:
            pass


@contextlib.contextmanager
def _tutorial(tmp_path: Path, port_style: str) -> Iterator[tuple[str, int]]:
    """Start tools/tutorial.sh with the port given as PORT=, --port=N or --port N; yields (the first
    address it printed, port)."""
    project = _project_copy(tmp_path)
    port = free_port()
    env = {
        **os.environ,
        "SPADES_TEACH_SKIP_SETUP": "1",
        "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg"),
        "JUPYTER_DATA_DIR": str(tmp_path / "data"),  # the notebook signatures the script writes
        "SPADES_TEACH_DATA_DIR": str(tmp_path / "progress"),  # the drills' progress, kept apart
    }
    env.pop("PORT", None)
    arguments = ["--no-browser"]
    if port_style == "env":
        env["PORT"] = str(port)
    elif port_style == "flag=":
        arguments.append(f"--port={port}")
    else:
        arguments += ["--port", str(port)]
    process = subprocess.Popen(
        ["bash", "tools/tutorial.sh", *arguments],
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        url, lab = _wait_for_urls(process)
        assert lab == url.replace("/voila/render/", "/lab/tree/"), (url, lab)
        # Keep reading the server's log, or a full pipe would stop the server mid-request.
        threading.Thread(target=_drain, args=(process,), daemon=True).start()
        yield url, port
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)  # the group of the process this test started
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        assert process.stdout is not None
        process.stdout.close()


@pytest.mark.slow  # three JupyterLab servers started for real
@pytest.mark.parametrize("port_style", ["env", "flag=", "flag space"])
def test_tutorial_script_opens_the_course_as_pages_and_lists_each_chapter_once(tmp_path: Path, port_style: str) -> None:
    with _tutorial(tmp_path, port_style) as (url, port):
        assert f":{port}/voila/render/00_a_hand_in_ten_minutes.ipynb?token=" in url
        token = url.rsplit("token=", 1)[1]
        assert b"JupyterLab" in _get(f"http://127.0.0.1:{port}/lab/tree/00_a_hand_in_ten_minutes.ipynb?token={token}")
        listing = json.loads(_get(f"http://127.0.0.1:{port}/api/contents?token={token}"))
        names = sorted(item["name"] for item in listing["content"])
        chapters = [n for n in names if re.match(r"\d\d_", n)]
        assert chapters and all(n.endswith(".ipynb") for n in chapters), names
        assert "00_a_hand_in_ten_minutes.ipynb" in chapters


def _links(html: str, kind: str) -> list[str]:
    return re.findall(rf'<a class="st-chapter-{kind}"[^>]* href="([^"]*)"', html)


@pytest.mark.slow  # chapters 0 and 1 (in French) run by Voila in JupyterLab's server
def test_the_first_address_is_chapter_0_as_a_page_with_its_way_around_and_its_code_one_click_away(
    tmp_path: Path,
) -> None:
    """The learner's default path: chapter 0 rendered by Voila (its prose and its widgets, no code),
    a link to the next chapter, to the list and to this chapter's code in JupyterLab; the list of the
    chapters (by their titles) links to the code as well; a French chapter's neighbours are French
    chapters that exist."""
    with _tutorial(tmp_path, "env") as (url, port):
        base = f"http://127.0.0.1:{port}"
        token = url.rsplit("token=", 1)[1]
        page = _get(url).decode()
        assert "0. A hand in ten minutes" in page and "Every word in bold is explained" in page  # its prose
        # its pictures and widgets come as it runs, over the page's WebSocket (the browser test below
        # waits for them): the page itself holds the text, and says it renders progressively
        assert renders_progressively(page)
        assert "rnd = Round(deal(2026" not in page and "narration_html(" not in page  # no code
        assert "jp-mod-noInput" in page and "jp-InputPrompt" not in page
        assert _links(page, "prev") == [] and _links(page, "next") == ["01_deck_and_deal.ipynb"] * 2
        assert _links(page, "list") == ["/voila/tree"] * 2
        assert _links(page, "code") == ["/lab/tree/00_a_hand_in_ten_minutes.ipynb"]  # at the top only
        # the server's first page is the course too
        with urllib.request.urlopen(f"{base}/?token={token}", timeout=30) as answer:
            assert answer.geturl().startswith(f"{base}/voila/render/00_a_hand_in_ten_minutes.ipynb")
        home = _get(f"{base}/voila/tree?token={token}").decode()
        assert "1. The deck, the partners and the deal" in home
        assert 'class="st-code-link"><a href="/lab"' in home
        french = _get(f"{base}/voila/tree/fr?token={token}").decode()
        assert "1. Le jeu de cartes, les partenaires et la donne" in french and '<html lang="fr">' in french
        assert 'class="st-code-link"><a href="/lab/tree/fr"' in french
        here = f"{base}/voila/render/fr/01_deck_and_deal.ipynb"
        chapter = _get(f"{here}?token={token}").decode()
        assert "Chapitre suivant" in chapter and "Ouvrez le code de ce chapitre dans JupyterLab" in chapter
        assert _links(chapter, "code") == ["/lab/tree/fr/01_deck_and_deal.ipynb"]
        assert _links(chapter, "list") == ["/voila/tree/fr"] * 2
        for kind, name in (("prev", "00_a_hand_in_ten_minutes"), ("next", "02_playing_tricks")):
            target = urllib.parse.urljoin(here, _links(chapter, kind)[0])
            assert target == f"{base}/voila/render/fr/{name}.ipynb"
            # a real chapter, in French
            model = json.loads(_get(f"{base}/api/contents/fr/{name}.ipynb?content=1&token={token}"))
            assert model["content"]["cells"][0]["source"].startswith(("# 0. Une manche", "# 2. Jouer les plis"))
        for link in (*_links(chapter, "code"), "/lab/tree/fr"):
            assert b"JupyterLab" in _get(f"{base}{link}?token={token}")


def test_the_tutorial_trusts_the_chapters_so_they_open_as_executed(tmp_path: Path) -> None:
    """Every chapter, in the three languages, is trusted: JupyterLab marks its code cells trusted, so
    their stored outputs show styled (and the widgets' pages drawn) before the learner runs anything."""
    with _tutorial(tmp_path, "env") as (url, port):
        token = url.rsplit("token=", 1)[1]
        for path in ("00_a_hand_in_ten_minutes.ipynb", "fr/13_play_with_teach_me.ipynb", "es/08_card_play.ipynb"):
            model = json.loads(_get(f"http://127.0.0.1:{port}/api/contents/{path}?content=1&token={token}"))
            code = [cell for cell in model["content"]["cells"] if cell["cell_type"] == "code"]
            assert code and all(cell["metadata"].get("trusted") for cell in code), path


def test_tutorial_script_refuses_a_port_that_is_not_a_number(tmp_path: Path) -> None:
    project = _project_copy(tmp_path)
    env = {**os.environ, "SPADES_TEACH_SKIP_SETUP": "1"}
    done = subprocess.run(
        ["bash", "tools/tutorial.sh", "--port=abc"], cwd=project, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "the port must be a number, got 'abc'" in done.stderr


@pytest.mark.browser
def test_render_with_voila_from_the_tutorial_fetches_nothing_off_the_machine_and_logs_no_error(
    tmp_path: Path, browser: Any
) -> None:
    """JupyterLab's "Render with Voilà" opens /voila/render/<chapter>: it must use the package's
    template (no Font Awesome from a CDN) and leave the JupyterLite kernel extension out."""
    with _tutorial(tmp_path, "flag=") as (url, port):
        _get(url)  # the server answers
        context = browser.new_context()
        remote: list[str] = []
        errors: list[str] = []

        def local_only(route: Any) -> None:
            if route.request.url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:", "data:", "blob:")):
                route.continue_()
            else:
                remote.append(route.request.url)
                route.abort()

        context.route("**/*", local_only)
        watch_the_run(context)
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            page.goto(url, timeout=180_000)  # the first address printed: chapter 0, rendered by Voila
            page.locator(".st-table").first.wait_for(state="attached", timeout=180_000)  # its pictures
            page.set_default_timeout(180_000)
            run = wait_for_the_run(page)  # every cell has run: chapter 0 is whole
            assert run["errors"] == [] and page.locator(".st-table").count() >= 1, run
            page.wait_for_timeout(1500)
            assert remote == [] and errors == [], (remote, errors)
            visible = page.locator(".jp-CodeCell .jp-InputArea:visible, .cm-editor:visible").count()
            assert visible == 0, f"{visible} code cells shown"
            # one click to the next chapter, one to the list, one to the code in JupyterLab
            page.locator(".st-chapter-nav-top .st-chapter-next").click()
            page.wait_for_url(f"http://127.0.0.1:{port}/voila/render/01_deck_and_deal.ipynb", timeout=180_000)
            page.locator(".st-widget").first.wait_for(timeout=180_000)
            assert page.locator("h1").first.inner_text().startswith("1. The deck")
            page.locator(".st-chapter-nav-top .st-chapter-list").click()
            page.get_by_role("link", name="16. Glossary and cheat sheet").wait_for(timeout=60_000)
            page.go_back()
            page.locator(".st-chapter-nav-top .st-chapter-code").click(timeout=180_000)
            page.wait_for_url(f"http://127.0.0.1:{port}/lab/tree/01_deck_and_deal.ipynb", timeout=60_000)
            page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=180_000)
            assert remote == [], remote
        finally:
            context.close()


def test_the_tutorial_turns_off_jupyterlabs_news_pop_up(tmp_path: Path) -> None:
    """JupyterLab asks "Would you like to get notified about official Jupyter news?" on first start,
    a pop-up over the widgets: the tutorial's settings override answers Never (no update check either)."""
    with _tutorial(tmp_path, "env") as (url, port):
        token = url.rsplit("token=", 1)[1]
        _get(url)
        plugin = "@jupyterlab/apputils-extension:notification"
        answer = json.loads(_get(f"http://127.0.0.1:{port}/lab/api/settings/{plugin}?token={token}"))
        defaults = answer["schema"]["properties"]
        assert defaults["fetchNews"]["default"] == "false"
        assert defaults["checkForUpdates"]["default"] is False


def _fake_tools(venv: Path) -> None:
    """A .venv whose pip, uv and jupyter only say they ran (uv with a progress line of its own, as the
    real one prints), and whose Python is this one for anything else."""
    bin_dir = venv / "bin"
    bin_dir.mkdir(parents=True)
    scripts = {
        "python": f'if [ "$1 $2" = "-m pip" ]; then echo "pip $*" >> "{venv}/calls"; exit 0; fi\nexec {sys.executable} "$@"',
        "uv": f'echo "uv $*" >> "{venv}/calls"\necho "Resolved 42 packages in 12ms" >&2',
        "jupyter": f'echo "jupyter $*" >> "{venv}/calls"',
    }
    for name, body in scripts.items():
        (bin_dir / name).write_text(f"#!/usr/bin/env bash\n{body}\n")
        (bin_dir / name).chmod(0o755)


def test_the_tutorial_says_what_it_does_while_it_installs(tmp_path: Path) -> None:
    """A newcomer's first run installs for about 40 s: a line for each step, and the installer's own
    progress, come before the addresses (it printed nothing at all until then)."""
    (tmp_path / "tools").mkdir()
    for script in ("tutorial.sh", "setup.sh"):
        shutil.copy(ROOT / "tools" / script, tmp_path / "tools" / script)
    (tmp_path / "notebooks").mkdir()
    _fake_tools(tmp_path / ".venv")
    env = {k: v for k, v in os.environ.items() if k not in ("PORT", "SPADES_TEACH_SKIP_SETUP")}
    done = subprocess.run(
        ["bash", "tools/tutorial.sh", "--no-browser"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    said = [line for line in (done.stdout + done.stderr).splitlines() if line.startswith(("tutorial:", "setup:"))]
    assert said[:1] == [
        "tutorial: setting up Python and the tutorial's packages in .venv (the first time takes a minute or so)"
    ]
    assert any(line.startswith("setup: installing pip and uv") for line in said)
    assert any(line.startswith("setup: installing spades_teach[tutorial]") for line in said)
    assert "Resolved 42 packages in 12ms" in done.stderr  # the installer's progress is shown, not silenced
    assert "tutorial: marking the chapters as trusted" in said
    assert done.stdout.index("tutorial: marking") < done.stdout.index("http://127.0.0.1:8888/voila/render/")
    assert said[-1].startswith("tutorial: starting JupyterLab")
    calls = (tmp_path / ".venv" / "calls").read_text()
    assert "uv pip install" in calls and "--quiet" not in calls.split("uv pip install", 1)[1].splitlines()[0]
