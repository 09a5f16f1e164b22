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
of :mod:`spades_teach.widgets`, and :func:`replay_picker`, which lets the
learner choose an annotated game record to step through.

Four modules, one job each: :mod:`~spades_teach.app.launcher` (the notebooks copied and Voila
started), :mod:`~spades_teach.app.pages` (the words at the top of each page, the language menu,
the replay page's chooser), :mod:`~spades_teach.app.home` (the home page, its one copy of
HTML and CSS) and :mod:`~spades_teach.app.settings` (what the app remembers: Teach me on or off). Every name is importable from ``spades_teach.app``.
Two more change Voila's and Jupyter Server's private internals, in the server's process only (Voila
imports them by the names ``voila.json`` gives; tests/test_voila_pins.py fails when the pinned Voila
changes under them): :mod:`~spades_teach.app.voila_runs` (a page's run, quiet when the page is left)
and :mod:`~spades_teach.app.voila_kernels` (the kernel manager that answers a page's leaving at once).

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

from typing import Any

from spades_teach.advice.bot_replay import bot_replay
from spades_teach.app.home import (
    CHAPTER_LINKS,
    CHAPTER_NAV,
    HOME_CLASSIC,
    HOME_STYLE,
    HOME_TEMPLATES,
    chapter_nav_template,
    chapter_titles,
    home_html,
    home_template,
    write_chapter_list,
    write_home_templates,
)
from spades_teach.app.launcher import (
    APP_NOTEBOOKS,
    DEFAULT_PORT,
    VOILA_OPTIONS,
    VOILA_SKIPPED_EXTENSIONS,
    add_chapters,
    app_folder,
    app_notebooks,
    built_book,
    check_port,
    copy_notebooks,
    serve,
    sign_notebooks,
    title_notebooks,
    voila_command,
    voila_environment,
)
from spades_teach.app.pages import (
    FIRST_RECORD,
    HEADINGS,
    PAGES,
    page_language,
    page_top,
    page_top_html,
    replay_picker,
    review_summary,
)
from spades_teach.app.settings import play_table, remember_teach_me, teach_me_setting
from spades_teach.errors import AppError

__all__ = [
    "APP_NOTEBOOKS",
    "VOILA_OPTIONS",
    "VOILA_SKIPPED_EXTENSIONS",
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
    "sign_notebooks",
    "PAGES",
    "HEADINGS",
    "page_language",
    "page_top",
    "page_top_html",
    "home_html",
    "HOME_CLASSIC",
    "HOME_STYLE",
    "HOME_TEMPLATES",
    "home_template",
    "write_home_templates",
    "CHAPTER_LINKS",
    "CHAPTER_NAV",
    "chapter_nav_template",
    "chapter_titles",
    "write_chapter_list",
    "add_chapters",
    "built_book",
    "title_notebooks",
    "packaged_records",
    "bot_replay",
    "replay_picker",
    "review_summary",
    "play_table",
    "teach_me_setting",
    "remember_teach_me",
]


def __getattr__(name: str) -> Any:
    """``packaged_records`` (:func:`spades_teach.game.replays.packaged_records`), imported when first
    asked for: reading the records' module is not worth its time on every page's first cell."""
    if name == "packaged_records":
        from spades_teach.game.replays import packaged_records

        return packaged_records
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
