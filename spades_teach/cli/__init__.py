"""The ``spades-teach`` command line: one module of this package per command (each defines
``COMMAND``, listed in :data:`COMMANDS`), what they share in :mod:`spades_teach.cli.common`.
The commands, their language and their errors: ``docs/modules.md``.

>>> main(["score", "--bids", "N=4,E=2,S=3,W=3", "--tricks", "N=5,E=1,S=4,W=3"])
NS bid 7 and took 9: 70 + 2 bags = 72
NS scores +72 this hand, with 2 bags on the counter
EW bid 5 but took only 4: set, −50
EW scores −50 this hand, with 0 bags on the counter
<BLANKLINE>
Totals: NS +72 (2 bags), EW −50 (0 bags)
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence

from spades_teach import __version__
from spades_teach.cli import analyze, analyze_record, app, deal, progress, record, score
from spades_teach.cli.common import (
    ASCII_FORMS,
    Command,
    Parser,
    UsageError,
    add_language_option,
    add_rules_options,
    argparse_in_language,
    error_message,
    language_from_argv,
    output_for,
    parse_bids,
    parse_seat_values,
    parse_side_values,
    parse_tricks,
    print_error,
    rules_from_args,
    safe_text,
    set_output,
    stdout,
    to_ascii,
)
from spades_teach.cli.deal import suit_lines, table_text
from spades_teach.cli.record import record_summary
from spades_teach.errors import SpadesError
from spades_teach.i18n import _, get_language, set_language

__all__ = [
    "Command",
    "COMMANDS",
    "UsageError",
    "register",
    "build_parser",
    "main",
    # shared helpers, importable from here as before the commands had their own modules
    "ASCII_FORMS",
    "add_rules_options",
    "parse_bids",
    "parse_seat_values",
    "parse_side_values",
    "parse_tricks",
    "record_summary",
    "rules_from_args",
    "safe_text",
    "suit_lines",
    "table_text",
    "to_ascii",
]

PROG = "spades-teach"

#: The commands, by name, in the order ``--help`` lists them.
COMMANDS: dict[str, Command] = {
    module.COMMAND.name: module.COMMAND for module in (score, deal, record, analyze_record, analyze, progress, app)
}


def register(command: Command) -> Command:
    """Add a subcommand to ``spades-teach`` (a name may be registered only once)."""
    if command.name in COMMANDS and COMMANDS[command.name] is not command:
        raise ValueError(f"a command named {command.name!r} is already registered")
    COMMANDS[command.name] = command
    return command


def build_parser(commands: Mapping[str, Command] | None = None) -> argparse.ArgumentParser:
    """The argument parser with one subparser per command (default: :data:`COMMANDS`), its
    help in the language in use (build it after choosing the language)."""
    chosen = COMMANDS if commands is None else commands
    with argparse_in_language():
        parser = Parser(
            prog=PROG,
            allow_abbrev=False,
            description=_(
                "Learn the card game Spades: score hands, deal practice hands, check game records, "
                "or open the tutorial app in a browser."
            ),
        )

        parser.add_argument(
            "--version",
            action="version",
            version=f"{PROG} {__version__}",
            help=_("show the version of spades-teach and exit"),
        )
        add_language_option(parser)
        sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=Parser)
        sub.required = True
        for command in chosen.values():
            child = sub.add_parser(
                command.name,
                help=_(command.help),
                description=_(command.description or command.help),
                allow_abbrev=False,
            )
            # after the command's name too; not given there, it keeps what came before it
            add_language_option(child, default=argparse.SUPPRESS)
            command.configure(child)
            child.set_defaults(_run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``spades-teach`` with ``argv`` (default: the process arguments); returns the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    language = get_language()  # put back at the end, for a caller in the same process
    try:
        chosen = language_from_argv(arguments)
        if chosen is not None:
            set_language(chosen)
        parser = build_parser()
        with argparse_in_language():
            args = parser.parse_args(arguments)
        set_output(output_for(sys.stdout, bool(getattr(args, "ascii", False))))
        status: int = args._run(args)
        stdout().flush()
        return status
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except BrokenPipeError:
        return _broken_pipe()
    except (SpadesError, OSError) as exc:
        print_error(error_message(exc))
        return 2
    except KeyboardInterrupt:
        return 130
    finally:
        set_output(None)
        set_language(language)


def _broken_pipe() -> int:
    """The reader went away (``spades-teach deal | head -1``): stop quietly, as Unix tools
    do, with the status of a process ended by SIGPIPE. Standard output is pointed at
    the null device so that the interpreter's final flush does not complain."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (tests)
        pass
    return 128 + 13
