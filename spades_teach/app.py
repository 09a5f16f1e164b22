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
from pathlib import Path
from typing import Any

from spades_teach._text import plural
from spades_teach.errors import AppError

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
#: The template (in ``data/jupyter/voila/templates``) and the extensions left out.
VOILA_OPTIONS = (
    "--template=spades_teach",
    "--VoilaConfiguration.extension_denylist=" + repr(list(VOILA_SKIPPED_EXTENSIONS)).replace("'", '"'),
)


def voila_environment(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment Voila runs in: ``JUPYTER_PATH`` starts with the package's
    ``data/jupyter`` folder, where Voila finds the ``spades_teach`` template."""
    import os

    env = dict(os.environ if base is None else base)
    ours = str(Path(__file__).resolve().parent / "data" / "jupyter")
    env["JUPYTER_PATH"] = os.pathsep.join([ours, *filter(None, [env.get("JUPYTER_PATH", "")])])
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
            f"the app notebooks {', '.join(missing)} are missing from {str(folder)!r}: reinstall spades_teach"
        )
    return [folder / name for name in APP_NOTEBOOKS]


def copy_notebooks(target: str | Path) -> list[Path]:
    """Copy the app notebooks into ``target`` (created if needed); returns the copies."""
    folder = Path(target)
    folder.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copy2(source, folder / source.name)) for source in app_notebooks()]


def check_port(port: int) -> int:
    """A TCP port a server may listen on (1–65535).

    >>> check_port(0)
    Traceback (most recent call last):
    ...
    spades_teach.errors.AppError: port 0 is out of range: use a port from 1 to 65535, such as 8866
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 1 <= port <= 65535:
        raise AppError(f"port {port!r} is out of range: use a port from 1 to 65535, such as {DEFAULT_PORT}")
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


def _run(command: Sequence[str]) -> int:
    """Run Voila and wait; Ctrl+C or a SIGTERM stops Voila (and its kernels) first."""
    child = subprocess.Popen(list(command), env=voila_environment())
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


def serve(port: int = DEFAULT_PORT, open_browser: bool = True, *, runner: Runner | None = None) -> int:
    """Serve the app on ``http://127.0.0.1:<port>/`` until interrupted (Ctrl+C).

    The notebooks are copied to a temporary folder that is removed afterwards.
    ``runner`` runs the Voila command and returns its exit status (tests pass a
    fake; the default starts Voila and waits for it). Returns that status.
    """
    check_port(port)
    if runner is None:
        if importlib.util.find_spec("voila") is None:
            raise AppError("the app needs Voila, which is not installed: pip install 'spades_teach[tutorial]'")
        runner = _run
    with tempfile.TemporaryDirectory(prefix="spades-teach-app-") as folder:
        copy_notebooks(folder)
        print(f"Serving the Spades tutorial app on http://127.0.0.1:{port}/ (Ctrl+C stops it)", flush=True)
        try:
            return runner(voila_command(folder, port=port, open_browser=open_browser))
        except KeyboardInterrupt:
            return 0


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
            same = "as the advisor suggests" if advised == card else f"the advisor would play {advised.pretty}"
            notes[len(round.history)] = f"South plays {card.pretty}, {same}: {hint.reason}"
            return card

    bots[Seat.S] = CommentedSouth()
    play_hand(round, bots)
    return round, notes


def replay_picker(seed: int | str = 1) -> Any:
    """A record chooser above a :class:`~spades_teach.widgets.ReplayView`: the
    packaged annotated records if there are any, otherwise a bot-played hand
    with the advisor's comments."""
    import ipywidgets as widgets  # type: ignore[import-untyped]

    from spades_teach.widgets import ReplayView
    from spades_teach.widgets.base import add_classes, escape

    records = packaged_records()
    if not records:
        round, notes = bot_replay(seed)
        view = ReplayView(round, annotations=notes)
        return widgets.VBox(
            [widgets.HTML("<b>A hand played by bots, with the advisor's comments on South's cards</b>"), view]
        )
    first = next((i for i, (name, _) in enumerate(records) if name == FIRST_RECORD), 0)
    view = ReplayView(records[first][1])
    labels = [(str(getattr(record, "title", "") or name), i) for i, (name, record) in enumerate(records)]
    choice = add_classes(
        widgets.Dropdown(options=labels, value=first, description="Game", layout=widgets.Layout(width="40em")),
        "st-app-record",
    )
    review = add_classes(
        widgets.Button(
            description="What each card cost", tooltip="review every card against best play by all four seats"
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
    line = f"{kept} of {plural(len(costs), 'card')} {'was a best card for its side' if kept == 1 else 'were best cards for their side'}"
    if not costly:
        return line
    lost = sum(c.cost for c in costly)
    nils = sum(1 for c in costly if c.nil_lost)
    line += f"; the other {len(costly)} cost {lost:g} points in all"
    if nils:
        line += f" and lost {plural(nils, 'Nil')}"
    return line + " (red cards: step to one to read why)"
