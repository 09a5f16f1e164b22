"""The tutorial as a small web app: a home page and the Play, Bid advisor, Score, Replay and
Daily challenge notebooks, served by Voila.

``spades-teach app`` (or :func:`serve`) copies the notebooks shipped in
``spades_teach/data/app/`` into a fresh temporary folder and runs Voila on
``127.0.0.1`` over that folder. Each page Voila shows runs its notebook in a
kernel of its own and shows the widgets, never the code. Nothing is written next to the
installed package, and the folder is removed when the server stops. The
server's first page is the app's home (the template's ``tree-lab.html``, a plain
page with no script), not Voila's list of files: the title, a link to each page
and the way through the chapters. Every page links home and to the others (its
first cell).

The notebooks keep their code to one or two lines a cell: they build the views
of :mod:`spades_teach.widgets`, and :func:`replay_picker` below, which lets the
learner choose an annotated game record to step through.

>>> [path.name for path in app_notebooks()]
['play.ipynb', 'advisor.ipynb', 'score.ipynb', 'replay.ipynb', 'daily.ipynb']
>>> voila_command("/tmp/app", port=8866, open_browser=False)[3:7]
['/tmp/app', '--port=8866', '--Voila.ip=127.0.0.1', '--Voila.token=']
>>> voila_command("/tmp/app", open_browser=False)[-1]
'--no-browser'

Voila runs with :data:`VOILA_OPTIONS` and :func:`voila_environment`: the package's
own page template (Voila's, without its links to a CDN) and no JupyterLab
extension that only works in JupyterLab, so a page makes no request beyond
127.0.0.1 and its browser console stays free of errors. The same settings serve
the chapters: ``spades-teach``'s tests run Voila over ``notebooks/`` with them.
"""

from __future__ import annotations

import importlib.util
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from html import escape as escape_html
from pathlib import Path
from typing import Any

from spades_teach.errors import AppError
from spades_teach.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, get_language, ngettext, set_language
from spades_teach.i18n import language as speaking

__all__ = [
    "APP_NOTEBOOKS",
    "VOILA_OPTIONS",
    "voila_environment",
    "DEFAULT_PORT",
    "FIRST_RECORD",
    "AppError",
    "check_port",
    "app_folder",
    "app_notebooks",
    "copy_notebooks",
    "voila_command",
    "serve",
    "PAGES",
    "page_language",
    "page_top",
    "home_html",
    "home_template",
    "write_home_templates",
    "title_notebooks",
    "packaged_records",
    "bot_replay",
    "replay_picker",
]

#: The notebooks of the app, in the order of the home page and of each page's links.
APP_NOTEBOOKS = ("play.ipynb", "advisor.ipynb", "score.ipynb", "replay.ipynb", "daily.ipynb")
#: The record the replay page opens first: the worked example of the rule texts.
FIRST_RECORD = "spanish_example"
#: Voila's usual port.
DEFAULT_PORT = 8866

Runner = Callable[[Sequence[str]], int]

#: JupyterLab front-end extensions that have no use inside Voila and that Voila is told not to load:
#: two fail there (they need JupyterLab's own document manager or a browser kernel), and JupyterLab's
#: "Render with Voila" button, which Voila only marks as disabled, still loads and asks for newer
#: JupyterLab modules than Voila's page has (a console warning for each).
VOILA_SKIPPED_EXTENSIONS = (
    "jupyterlab-jupytext",
    "@jupyterlite/pyodide-kernel-extension",
    "@voila-dashboards/jupyterlab-preview",
)
#: Voila's kernel manager: a page left is answered at once, not once its kernel has stopped (see
#: :mod:`spades_teach.voila_kernels`).
VOILA_KERNEL_MANAGER = "spades_teach.voila_kernels.LeaveQuietlyKernelManager"
#: The template (in ``data/jupyter/voila/templates``), the extensions left out (one option each: a
#: list in one option is deprecated in traitlets 5 and printed a warning) and the kernel manager.
VOILA_OPTIONS = (
    "--template=spades_teach",
    *(f"--VoilaConfiguration.extension_denylist={name}" for name in VOILA_SKIPPED_EXTENSIONS),
    f"--VoilaConfiguration.multi_kernel_manager_class={VOILA_KERNEL_MANAGER}",
    # The pages' kernels talk to Voila over CurveZMQ (their kernelspec says they can): without it
    # ipykernel warns, once per page, that it runs over TCP without encryption.
    "--KernelManager.transport_encryption=auto",
    # Voila reads data/jupyter/voila.json too, for what a command line cannot say: a number in
    # Voila.tornado_settings, the kernels' WebSocket ping timeout set to the 30 s of their ping interval
    # (jupyter_server asks for 90 s, which tornado 6.5 cuts to 30 s with a warning in the log).
    "--Voila.config_file_paths=" + str(Path(__file__).resolve().parent / "data" / "jupyter"),
)


def voila_environment(
    base: dict[str, str] | None = None, *, home: str | Path | None = None, language: str | None = None
) -> dict[str, str]:
    """The environment Voila runs in: ``JUPYTER_PATH`` starts with the package's
    ``data/jupyter`` folder, where Voila finds the ``spades_teach`` template (after
    ``home``, a folder of :func:`write_home_templates`, if given); ``language``
    becomes ``LANGUAGE``, which the pages' kernels read (see :mod:`spades_teach.i18n`)."""
    import os

    env = dict(os.environ if base is None else base)
    ours = [*([str(home)] if home is not None else []), str(Path(__file__).resolve().parent / "data" / "jupyter")]
    env["JUPYTER_PATH"] = os.pathsep.join([*ours, *filter(None, [env.get("JUPYTER_PATH", "")])])
    if language is not None:
        env["LANGUAGE"] = _checked_language(language)
    return env


def app_folder() -> Path:
    """The folder of the package that holds the app notebooks."""
    return Path(__file__).resolve().parent / "data" / "app"


def app_notebooks() -> list[Path]:
    """The app notebooks shipped with the package, in :data:`APP_NOTEBOOKS` order."""
    folder = app_folder()
    missing = [name for name in APP_NOTEBOOKS if not (folder / name).is_file()]
    if missing:
        raise AppError(
            _("the app notebooks {names} are missing from {folder}: reinstall spades_teach").format(
                names=", ".join(missing), folder=repr(str(folder))
            )
        )
    return [folder / name for name in APP_NOTEBOOKS]


def copy_notebooks(target: str | Path) -> list[Path]:
    """Copy the app notebooks into ``target`` (created if needed); returns the copies."""
    folder = Path(target)
    folder.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copy2(source, folder / source.name)) for source in app_notebooks()]


def title_notebooks(copies: Sequence[Path], language: str) -> None:
    """Give each copied app notebook its page's heading in ``language`` as its title (what
    the browser's tab shows; Voila writes the page's head before a kernel runs, so the title
    is the server's language even when the page's menu picks another)."""
    import json

    with speaking(_checked_language(language)):
        for path in copies:
            if path.stem in HEADINGS:
                notebook = json.loads(path.read_text(encoding="utf-8"))
                notebook.setdefault("metadata", {})["title"] = _(HEADINGS[path.stem])
                path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def check_port(port: int) -> int:
    """A TCP port a server may listen on (1–65535).

    >>> check_port(0)
    Traceback (most recent call last):
    ...
    spades_teach.errors.AppError: port 0 is out of range: use a port from 1 to 65535, such as 8866
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise AppError(
            _("port {port} is out of range: use a port from 1 to 65535, such as {default}").format(
                port=repr(port), default=DEFAULT_PORT
            )
        )
    return port


def voila_command(folder: str | Path, *, port: int = DEFAULT_PORT, open_browser: bool = True) -> list[str]:
    """The command that runs Voila over ``folder`` on 127.0.0.1 (no login token:
    the server listens on this machine only)."""
    command = [
        sys.executable,
        "-m",
        "voila",
        str(folder),
        f"--port={check_port(port)}",
        "--Voila.ip=127.0.0.1",
        "--Voila.token=",
        *VOILA_OPTIONS,
    ]
    if not open_browser:
        command.append("--no-browser")
    return command


def _run(command: Sequence[str], env: dict[str, str] | None = None) -> int:
    """Run Voila and wait; Ctrl+C or a SIGTERM stops Voila (and its kernels) first."""
    child = subprocess.Popen(list(command), env=voila_environment() if env is None else env)
    previous = _on_sigterm(lambda *_: child.terminate())
    try:
        while True:
            try:
                return child.wait()
            except KeyboardInterrupt:
                child.terminate()  # Voila shuts its kernels down on SIGTERM
    finally:
        _on_sigterm(previous)
        if child.poll() is None:
            child.kill()
            child.wait()


def _on_sigterm(handler: Any) -> Any:
    """Install ``handler`` for SIGTERM (main thread only); returns the previous one."""
    if handler is None or threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, handler)


def serve(
    port: int = DEFAULT_PORT,
    open_browser: bool = True,
    *,
    runner: Runner | None = None,
    language: str | None = None,
) -> int:
    """Serve the app on ``http://127.0.0.1:<port>/`` until interrupted (Ctrl+C).

    The notebooks are copied to a temporary folder that is removed afterwards,
    beside the home page written in the three languages (:func:`write_home_templates`).
    ``language`` (``"en"``, ``"fr"``, ``"es"``; default: the language in use) is the
    one the pages open in; each page's language menu switches to another.
    ``runner`` runs the Voila command and returns its exit status (tests pass a
    fake; the default starts Voila and waits for it). Returns that status.
    """
    check_port(port)
    chosen = get_language() if language is None else _checked_language(language)
    if runner is None and importlib.util.find_spec("voila") is None:
        raise AppError(_("the app needs Voila, which is not installed: pip install 'spades_teach[tutorial]'"))
    with tempfile.TemporaryDirectory(prefix="spades-teach-app-") as root:
        folder = Path(root) / "app"
        title_notebooks(copy_notebooks(folder), chosen)
        home = Path(root) / "jupyter"
        write_home_templates(home, chosen)
        if runner is None:
            env = voila_environment(home=home, language=chosen)

            def runner(command: Sequence[str]) -> int:
                return _run(command, env)

        print(
            _("Serving the Spades tutorial app on {url} (Ctrl+C stops it)").format(url=f"http://127.0.0.1:{port}/"),
            flush=True,
        )
        try:
            return runner(voila_command(folder, port=port, open_browser=open_browser))
        except KeyboardInterrupt:
            return 0


def _checked_language(language: str) -> str:
    if language not in LANGUAGES:
        raise AppError(
            _("unknown language {language}: use 'en' (English), 'fr' (français) or 'es' (español)").format(
                language=repr(language)
            )
        )
    return language


# -- the pages' words: the top of each page and the home page, in the language asked for ----------

#: The app's pages, in :data:`APP_NOTEBOOKS` order: the notebook's name, its label in the links,
#: and the line the home page shows under the label.
PAGES = (
    ("play", N_("Play"), N_("A hand or a whole match against three bots, with Teach me and a review of your cards.")),
    ("advisor", N_("Bid advisor"), N_("Paste your thirteen cards: the bid, counted card by card.")),
    ("score", N_("Score"), N_("Bids and tricks in, points and bags out, with the reason for each.")),
    ("replay", N_("Replay"), N_("Step through recorded games, card by card, with notes.")),
    ("daily", N_("Daily challenge"), N_("Today's deal, the same for everyone: play it and review every card.")),
)


def page_language(query: str | None = None) -> tuple[str, bool]:
    """The language a page speaks, and whether its address asked for it: ``?lang=fr`` in the
    page's query (Voila hands the kernel the query as ``QUERY_STRING``) switches the kernel
    to that language; otherwise the language the server was started in (``LANGUAGE``).

    >>> page_language("lang=es")
    ('es', True)
    >>> set_language("en")
    >>> page_language("lang=xx")
    ('en', False)
    """
    import os
    import urllib.parse

    text = os.environ.get("QUERY_STRING", "") if query is None else query
    asked = urllib.parse.parse_qs(text).get("lang", [""])[-1]
    if asked in LANGUAGES:
        set_language(asked)
        return asked, True
    return get_language(), False


def _keep(language: str, asked: bool) -> str:
    """The query a link adds to keep the language chosen in the menu (none if the page was not asked one)."""
    return f"?lang={language}" if asked else ""


def _language_menu(language: str, here: str = "") -> str:
    """The language menu: a link per language, each named in its own language, the one in use marked."""
    from html import escape

    items = []
    for code, name in LANGUAGE_NAMES.items():
        if code == language:
            items.append(f'<b class="st-lang-current" lang="{code}" aria-current="true">{escape(name)}</b>')
        else:
            items.append(
                f'<a class="st-lang-{code}" href="{here}?lang={code}" hreflang="{code}" lang="{code}">{escape(name)}</a>'
            )
    label = escape(_("Language"))
    shown = escape(_("Language:"))
    return f'<nav class="st-app-lang" aria-label="{label}"><span>{shown}</span> ' + " · ".join(items) + "</nav>"


def _intro(name: str) -> list[str]:
    """The paragraphs under a page's heading, as HTML (the names of buttons in bold)."""
    from html import escape

    def b(text: str) -> str:
        return f"<b>{escape(text)}</b>"

    def code(text: str) -> str:
        return f"<code>{escape(text)}</code>"

    if name == "play":
        return [
            escape(
                _(
                    "You sit South; North is your partner, and the bots hold East, West and North. Pick your bid, "
                    "then play a card: click it, or move along your hand with the arrow keys and press Enter. When "
                    "a card may not be played, the line under your hand says why."
                )
            ),
            escape(
                _(
                    "Switch {teach_me} on to see, before each of your turns, the bid or the card the advisor would "
                    "choose and why. {new_game} deals new cards; the deal code under the table plays the same cards "
                    "again, and {deal_of_the_day} is the same deal for everyone today. Choose {match} to play on, "
                    "hand after hand, to the end of a game. When a hand is over, {review} shows what each of your "
                    "cards cost."
                )
            ).format(
                teach_me=b(_("Teach me")),
                new_game=b(_("New game")),
                deal_of_the_day=b(_("Deal of the day")),
                match="<i>" + escape(_("Match")) + "</i>",
                review=b(_("Review my hand")),
            ),
        ]
    if name == "advisor":
        return [
            escape(
                _(
                    "Paste your thirteen cards in any form the package reads: {dotted} (spades, hearts, diamonds, "
                    "clubs), {labelled}, or a list such as {listed}. The advisor counts the tricks your cards should "
                    "take, card by card, checks whether Nil is worth trying, and adjusts for your partner's bid and "
                    "the score if you give them."
                )
            ).format(
                dotted=code("AKQ3.K52.7.A9842"),
                labelled=code("S: AKQ3 H: K52 D: 7 C: A9842"),
                listed=code("AS KS QS 3S ..."),
            )
        ]
    if name == "score":
        return [
            escape(
                _(
                    "Type each seat's bid (a number, {nil} or {blind_nil}) and the tricks it took: the points, the "
                    "bags and the reason for every item change as you type."
                )
            ).format(nil=code("nil"), blind_nil=code("blind nil"))
        ]
    if name == "replay":
        return [
            escape(
                _(
                    "Step through a recorded hand card by card or trick by trick; the notes explain the moments "
                    "that teach something, and the score appears after the last trick."
                )
            )
        ]
    return [
        escape(
            _(
                "Today's deal, the same cards for everyone who plays today. Bid it and play it against the bots, "
                "then press {compare}: the expert bot plays the same cards in your seat against the same bots, and "
                "you see both scores and each decision where you chose otherwise, with the expert's reason. "
                "{review} says what each of your cards cost against best play. A friend who pastes the deal code "
                "plays the same cards and can compare too. Tomorrow brings a new deal."
            )
        ).format(compare=b(_("Compare with the expert")), review=b(_("Review my hand")))
    ]


#: Each page's heading.
HEADINGS = {
    "play": N_("Play Spades against the bots"),
    "advisor": N_("The bid advisor"),
    "score": N_("Score a hand"),
    "replay": N_("Replay a game"),
    "daily": N_("Daily challenge"),
}


def page_top_html(name: str, language: str, asked: bool = False) -> str:
    """The top of the app page ``name`` in ``language`` (the language in use must be it): the links
    home and to the other pages, the language menu, the heading and what the page is for."""
    from html import escape

    keep = _keep(language, asked)
    home = escape(_("Home"))
    links = [f'<a class="st-app-home" href="../../{keep}">{home}</a>']
    for page, label, _line in PAGES:
        said = escape(_(label))
        if page == name:
            links.append(f'<b aria-current="page">{said}</b>')
        else:
            links.append(f'<a href="{page}.ipynb{keep}">{said}</a>')
    pages = escape(_("The app's pages"))
    paragraphs = "".join(f"<p>{text}</p>" for text in _intro(name))
    heading = escape(_(HEADINGS[name]))
    return (
        f'<div class="st-app-top" lang="{language}">'
        f'<nav class="st-app-nav" aria-label="{pages}">' + " · ".join(links) + "</nav>"
        f"{_language_menu(language)}"
        f"<h1>{heading}</h1>{paragraphs}</div>"
    )


def page_top(name: str, query: str | None = None) -> Any:
    """What an app page shows first (its first cell): :func:`page_top_html` in the page's language
    (:func:`page_language`), which is also the language of the widgets built after it; an
    ``ipywidgets.HTML`` whose ``value`` is the HTML."""
    import ipywidgets as widgets  # type: ignore[import-untyped]

    if name not in HEADINGS:
        raise AppError(
            _("unknown app page {name}: use one of {names}").format(name=repr(name), names=", ".join(HEADINGS))
        )
    language, asked = page_language(query)
    # an HTML widget, not an HTML output: JupyterLab's output renderer would open every link in a new tab
    return widgets.HTML(page_top_html(name, language, asked))


def home_html(keep: str = "") -> str:
    """The body of the home page in the language in use; ``keep`` is Jinja for the query each link
    carries (the template decides it from the address), and every link starts with ``{{ base_url }}``."""
    from html import escape

    base = "{{ base_url }}"
    cards = "".join(
        f'<li><a class="st-home-{page}" href="{base}voila/render/{page}.ipynb{keep}"><b>{said}</b>{why}</a></li>'
        for page, said, why in ((page, escape(_(label)), escape(_(line))) for page, label, line in PAGES)
    )

    def link(page: str) -> str:
        label = next(_(text) for name, text, _line in PAGES if name == page)
        return f'<a href="{base}voila/render/{page}.ipynb{keep}">{escape(label)}</a>'

    path = [
        escape(_("The deck and the deal: who sits where, who deals, the thirteen cards of each hand.")),
        escape(_("Bidding: counting the tricks a hand should take (try the {advisor}).")).format(
            advisor=link("advisor")
        ),
        escape(_("Playing tricks: following suit, when spades may be led, who wins a trick (try {play}).")).format(
            play=link("play")
        ),
        escape(
            _("Scoring a hand, then bags: contracts made and set, and the cost of extra tricks (try {score}).")
        ).format(score=link("score")),
        escape(_("Nil and blind Nil: bidding to take no trick at all.")),
        escape(_("Winning the match: the target, the loss limit, and the score sheet (try Play with {match}).")).format(
            match="<i>" + escape(_("Match")) + "</i>"
        ),
        escape(_("Replays and playing with Teach me (try {replay} and the {daily}).")).format(
            replay=link("replay"), daily=link("daily")
        ),
    ]
    steps = "".join(f"<li>{step}</li>" for step in path)
    chapters = escape(
        _(
            "The chapters themselves are in the tutorial's book ({book} once built) and open in JupyterLab with {command}."
        )
    ).format(book="<code>book/_build/html/index.html</code>", command="<code>bash tools/tutorial.sh</code>")
    title = escape(_("Spades tutorial"))
    tagline = escape(
        _("Learn the card game Spades: play against the bots, get advice on your bid, score a hand, replay a game.")
    )
    pages = escape(_("The app's pages"))
    way = escape(_("The way through the chapters"))
    way_intro = escape(
        _("The tutorial's chapters teach the game one step at a time; each one has something to try on these pages:")
    )
    return (
        '<header><div class="st-suits" aria-hidden="true">♠ <span class="st-red">♥</span> ♣ '
        f'<span class="st-red">♦</span></div><h1>{title}</h1><p>{tagline}</p></header><main>'
        f"{_language_menu(get_language(), base)}"
        f'<nav aria-label="{pages}"><ul class="st-home-pages">{cards}</ul></nav>'
        f'<h2>{way}</h2><p>{way_intro}</p><ol class="st-home-path">{steps}</ol><p>{chapters}</p></main>'
    )


#: The home page's look (the same in every language).
HOME_STYLE = """
      body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111; background: #f5f7f5; }
      header { background: radial-gradient(ellipse at center, #177a48 0%, #0d5c36 60%, #07391f 100%); color: #fff; padding: 1.6em 1em 1.4em; text-align: center; }
      header h1 { margin: 0; font-size: 2.1em; }
      header p { margin: 0.4em 0 0; font-size: 1.1em; }
      .st-suits { font-size: 1.4em; letter-spacing: 0.3em; }
      .st-suits .st-red { color: #ffd0d6; }
      main { max-width: 56em; margin: 0 auto; padding: 1em; }
      .st-app-lang { text-align: right; }
      .st-app-lang a, .st-app-lang b { padding: 0.2em 0.3em; color: #0b4f2e; }
      .st-app-lang a:focus-visible { outline: 3px solid #1d5fd1; outline-offset: 2px; }
      .st-home-pages { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(15em, 1fr)); gap: 0.8em; }
      .st-home-pages a { display: block; height: 100%; box-sizing: border-box; padding: 0.9em 1em; background: #fff; border: 2px solid #0d5c36; border-radius: 0.6em; color: #111; text-decoration: none; }
      .st-home-pages a:hover { background: #e6f2ea; }
      .st-home-pages a:focus-visible { outline: 3px solid #1d5fd1; outline-offset: 2px; }
      .st-home-pages b { display: block; font-size: 1.2em; color: #0d5c36; margin-bottom: 0.2em; }
      h2 { margin-top: 1.4em; }
      ol li { margin: 0.25em 0; }
      code { background: #e9ece9; padding: 0 0.25em; border-radius: 0.2em; }
"""

#: The home page's two file names (Voila's tree in its lab look, and its classic one).
HOME_TEMPLATES = ("tree-lab.html", "tree.html")


def home_template(default: str = "en") -> str:
    """The home page as Voila's ``tree-lab.html`` template, with its words in the three languages:
    the page speaks the language its address asks for (``/?lang=es``: Voila gives the template
    the query), else ``default``; its links then carry that ``?lang=`` to the other pages."""
    default = _checked_language(default)
    bodies: dict[str, tuple[str, str]] = {}
    for code in LANGUAGES:
        with speaking(code):
            bodies[code] = (escape_html(_("Spades tutorial")), home_html("{{ keep }}"))
    for title, body in bodies.values():
        text = title + body.replace("{{ base_url }}", "").replace("{{ keep }}", "")
        if any(mark in text for mark in ("{{", "{%", "{#")):
            raise AppError(_("a translation of the home page holds template syntax: {text}").format(text=text[:80]))
    first, *others = [code for code in LANGUAGES if code != "en"]

    def choose(part: int) -> str:
        """Jinja that shows the page's language's version of ``part`` (English for anything else)."""
        return (
            f"{{% if lang == '{first}' %}}{bodies[first][part]}"
            + "".join(f"{{% elif lang == '{code}' %}}{bodies[code][part]}" for code in others)
            + f"{{% else %}}{bodies['en'][part]}{{% endif %}}"
        )

    choices = ", ".join(f"'lang={code}'" for code in LANGUAGES)
    return (
        "{#- The app's home page, in place of Voila's list of files. Written by spades_teach.app.home_template\n"
        "    from the translation catalogs: do not edit by hand (tests/test_app.py checks it is up to date).\n"
        "    A plain page: no script, so nothing to log in the browser's console. -#}\n"
        "{%- set asked = namespace(value='') -%}\n"
        f"{{%- for part in (query or '').split('&') if part in ({choices}) -%}}\n"
        "{%- set asked.value = part[5:] -%}\n"
        "{%- endfor -%}\n"
        f"{{%- set lang = asked.value or '{default}' -%}}\n"
        "{%- set keep = ('?lang=' ~ asked.value) if asked.value else '' -%}\n"
        "<!DOCTYPE html>\n"
        '<html lang="{{ lang }}">\n'
        "  <head>\n"
        '    <meta charset="utf-8">\n'
        f"    <title>{choose(0)}</title>\n"
        '    <meta name="viewport" content="width=device-width, initial-scale=1.0">\n'
        '    <link rel="icon" href="data:,">\n'
        f"    <style>{HOME_STYLE}    </style>\n"
        "  </head>\n"
        "  <body>\n"
        # A folder without the app's pages (a plain ``voila notebooks/`` over the chapters, which finds
        # this template installed with the package): the list of its notebooks and folders, in place of
        # Voila's own list (a script page that logs errors). The app's folder gets the home.
        "{%- set items = (contents.content | list) if contents is defined else [] -%}\n"
        "{%- if items and not (items | selectattr('name', 'equalto', 'play.ipynb') | list) %}\n"
        '<header><div class="st-suits" aria-hidden="true">♠ <span class="st-red">♥</span> ♣ '
        f'<span class="st-red">♦</span></div><h1>{choose(0)}</h1></header><main>'
        '{% if notebook_path %}<p><a href="{{ base_url }}{{ keep }}">↑</a></p>{% endif %}'
        '<ul class="st-home-pages">'
        "{% for item in items if not item.name.startswith(('.', '_')) %}"
        "{% if item.type == 'directory' %}"
        '<li><a href="{{ base_url }}voila/tree/{{ item.path | urlencode }}{{ keep }}"><b>{{ item.name }}/</b></a></li>'
        "{% elif item.name.endswith('.ipynb') %}"
        '<li><a href="{{ base_url }}voila/render/{{ item.path | urlencode }}{{ keep }}">'
        "<b>{{ item.name[:-6].replace('_', ' ') }}</b></a></li>"
        "{% endif %}{% endfor %}</ul></main>\n"
        "{%- else %}\n"
        f"{choose(1)}\n"
        "{%- endif %}\n"
        "  </body>\n"
        "</html>\n"
    )


def write_home_templates(root: str | Path, default: str = "en") -> list[Path]:
    """Write the home page (:func:`home_template`) under ``root``, where Voila looks for the
    ``spades_teach`` template's files in a Jupyter data folder (:func:`voila_environment`
    puts the folder first while :func:`serve` runs). Returns the files written."""
    folder = Path(root) / "voila" / "templates" / "spades_teach"
    folder.mkdir(parents=True, exist_ok=True)
    text = home_template(default)
    written = []
    for name in HOME_TEMPLATES:
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


# -- replays for the advisor page ---------------------------------------------------------------


def packaged_records() -> list[tuple[str, Any]]:
    """The annotated game records shipped with the package, as ``(name, record)``
    pairs, read with :mod:`spades_teach.game.replays` (an empty list if the installation has none)."""
    from spades_teach.game.replays import list_records, load_record

    return [(str(name), load_record(name)) for name in list_records()]


def bot_replay(seed: int | str = 1, level: str = "medium") -> tuple[Any, dict[int, str]]:
    """A hand played by four bots from ``seed``, with the advisor's comment on each
    of South's cards: ``(round, annotations)``, annotations keyed by event index
    (as :class:`~spades_teach.widgets.ReplayView` takes them)."""
    from spades_teach.advice.driver import Bot, play_hand
    from spades_teach.advice.levels import make_bot
    from spades_teach.advice.play import suggest_play
    from spades_teach.advice.position import Position
    from spades_teach.game.bids import BidLike
    from spades_teach.game.cards import Card
    from spades_teach.game.deals import deal
    from spades_teach.game.round import Round
    from spades_teach.game.seating import Seat

    round = Round(deal(f"{seed}/replay"), dealer=Seat.N)
    bots: dict[Seat, Bot] = {seat: make_bot(level, seed=f"{seed}/{seat.name}") for seat in Seat}
    notes: dict[int, str] = {}
    south = bots[Seat.S]

    class CommentedSouth:
        """South's bot, with the advisor's comment on each card it chooses."""

        def choose_bid(self, position: Position) -> BidLike:
            return south.choose_bid(position)

        def choose_play(self, position: Position) -> Card:
            card = Card.parse(south.choose_play(position))
            hint = suggest_play(position)
            advised = Card.parse(hint.card)
            if advised == card:
                note = _("South plays {card}, as the advisor suggests: {reason}")
            else:
                note = _("South plays {card}, the advisor would play {advised}: {reason}")
            notes[len(round.history)] = note.format(card=card.pretty, advised=advised.pretty, reason=hint.reason)
            return card

    bots[Seat.S] = CommentedSouth()
    play_hand(round, bots)
    return round, notes


def replay_picker(seed: int | str = 1) -> Any:
    """A record chooser above a :class:`~spades_teach.widgets.ReplayView`: the
    packaged annotated records if there are any, otherwise a bot-played hand
    with the advisor's comments."""
    import ipywidgets as widgets

    from spades_teach.widgets import ReplayView
    from spades_teach.widgets.base import add_classes, escape

    records = packaged_records()
    if not records:
        round, notes = bot_replay(seed)
        view = ReplayView(round, annotations=notes)
        return widgets.VBox(
            [
                widgets.HTML(
                    "<b>" + escape(_("A hand played by bots, with the advisor's comments on South's cards")) + "</b>"
                ),
                view,
            ]
        )
    first = next((i for i, (name, _record) in enumerate(records) if name == FIRST_RECORD), 0)
    view = ReplayView(records[first][1])
    labels = [(str(getattr(record, "title", "") or name), i) for i, (name, record) in enumerate(records)]
    choice = add_classes(
        widgets.Dropdown(options=labels, value=first, description=_("Game"), layout=widgets.Layout(width="40em")),
        "st-app-record",
    )
    review = add_classes(
        widgets.Button(
            description=_("What each card cost"), tooltip=_("review every card against best play by all four seats")
        ),
        "st-app-review",
    )
    verdict = add_classes(widgets.HTML(""), "st-app-review-summary")

    def load(change: dict[str, Any]) -> None:
        verdict.value = ""
        view.set_marks({})
        view.load(records[change["new"]][1])

    def run_review(_button: Any) -> None:
        verdict.value = ""
        review.disabled = True
        try:
            verdict.value = escape(review_summary(view.analyse()))
        finally:
            review.disabled = False

    choice.observe(view.handler(load), names="value")
    review.on_click(view.handler(run_review))
    return widgets.VBox([choice, widgets.HBox([review, verdict]), view])


def review_summary(costs: Sequence[Any]) -> str:
    """One line over a card-cost review: how many cards were best for their side's points, and
    what the others cost (each card is coloured in the replay, its verdict in its note).

    >>> from types import SimpleNamespace as Cost
    >>> review_summary([Cost(cost=0, nil_lost=False), Cost(cost=9, nil_lost=False), Cost(cost=18, nil_lost=True)])
    '1 of 3 cards was a best card for its side; the other 2 cost 27 points in all and lost 1 Nil (red cards: step to one to read why)'
    """
    costly = [c for c in costs if c.cost > 0 or c.nil_lost]
    kept = len(costs) - len(costly)
    cards = ngettext("{count} card", "{count} cards", len(costs)).format(count=len(costs))
    line = ngettext(
        "{kept} of {cards} was a best card for its side", "{kept} of {cards} were best cards for their side", kept
    ).format(kept=kept, cards=cards)
    if not costly:
        return line
    lost = f"{sum(c.cost for c in costly):g}"
    nils = sum(1 for c in costly if c.nil_lost)
    if nils:
        return ngettext(
            "{line}; the other {count} cost {points} points in all and lost {nils} Nil "
            "(red cards: step to one to read why)",
            "{line}; the other {count} cost {points} points in all and lost {nils} Nils "
            "(red cards: step to one to read why)",
            nils,
        ).format(line=line, count=len(costly), points=lost, nils=nils)
    return _("{line}; the other {count} cost {points} points in all (red cards: step to one to read why)").format(
        line=line, count=len(costly), points=lost
    )
