"""``spades-teach app``: serve the tutorial's app (home, Play, Bid advisor, Score, Replay, Daily challenge) locally."""

from __future__ import annotations

import argparse

from spades_teach.cli.common import Command, port_type
from spades_teach.i18n import N_, _, get_language


def configure(parser: argparse.ArgumentParser) -> None:
    from spades_teach.app import DEFAULT_PORT

    parser.add_argument(
        "--port",
        type=port_type,
        default=DEFAULT_PORT,
        metavar=_("PORT"),
        help=_("the port to serve on, on 127.0.0.1 (default {port})").format(port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--no-browser", action="store_true", help=_("only start the server; do not open the app in a web browser")
    )


def run(args: argparse.Namespace) -> int:
    from spades_teach import app

    # the pages speak the language chosen (--lang, else the environment's) unless a page's menu picks another
    return app.serve(port=args.port, open_browser=not args.no_browser, language=get_language())


COMMAND = Command(
    "app",
    N_("serve the tutorial's app: Play, Bid advisor, Score, Replay and the daily challenge"),
    configure,
    run,
    description=N_(
        "Serve the tutorial's app (a home page; Play, Bid advisor, Score, Replay, Daily challenge) with Voila on "
        "http://127.0.0.1:PORT/ (this machine only) until Ctrl+C, and open it in a browser. With --lang, "
        "its pages open in that language; each page has a menu to switch."
    ),
)
