"""The tutorial as a small web app served by Voila on 127.0.0.1: a home page and the Play, Bid
advisor, Score, Replay and Daily challenge notebooks (:func:`serve`). Its modules:
:mod:`~spades_teach.app.launcher`, :mod:`~spades_teach.app.pages`, :mod:`~spades_teach.app.home`,
:mod:`~spades_teach.app.settings`; :mod:`~spades_teach.app.voila_runs` and
:mod:`~spades_teach.app.voila_kernels` change Voila's and Jupyter Server's private internals in the
server's process (tests/test_voila_pins.py fails when the pinned Voila changes under them). More:
``docs/modules.md``.

>>> [path.name for path in app_notebooks()]
['play.ipynb', 'advisor.ipynb', 'score.ipynb', 'replay.ipynb', 'daily.ipynb', 'progress.ipynb']
>>> voila_command("/tmp/app", port=8866, open_browser=False)[3:7]
['/tmp/app', '--port=8866', '--Voila.ip=127.0.0.1', '--Voila.token=']
>>> voila_command("/tmp/app", open_browser=False)[-1]
'--no-browser'
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
    progress_chapter_link,
    replay_picker,
    review_summary,
)
from spades_teach.app.settings import play_table, remember_teach_me, teach_me_setting
from spades_teach.errors import AppError
from spades_teach.i18n import _, get_language

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
    "progress_chapter_link",
    "progress_page",
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


def progress_page() -> Any:
    """The *My progress* page below its top: :class:`~spades_teach.widgets.progress.ProgressView` (the
    chapters linked as the app serves them) over a :class:`~spades_teach.widgets.progress.PracticeSession`."""
    import ipywidgets as widgets  # type: ignore[import-untyped]

    from spades_teach.widgets.progress import PracticeSession, ProgressView

    view = ProgressView(link=progress_chapter_link(get_language()))
    practice = PracticeSession(start=False)
    heading = widgets.HTML(f"<h2>{_practise_heading()}</h2>")
    return widgets.VBox([view, heading, practice])


def _practise_heading() -> str:
    from html import escape

    return escape(_("Practise these"))


def __getattr__(name: str) -> Any:
    """``packaged_records`` (:func:`spades_teach.game.replays.packaged_records`), imported when first
    asked for: reading the records' module is not worth its time on every page's first cell."""
    if name == "packaged_records":
        from spades_teach.game.replays import packaged_records

        return packaged_records
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
