"""The ``spades-teach`` command line.

Commands::

    spades-teach score --bids N=4,E=2,S=3,W=3 --tricks N=5,E=1,S=4,W=3 [--bags NS=8,EW=0] [rule options]
    spades-teach deal [--seed 7] [--dealer N] [--code CODE] [--today | --date YYYY-MM-DD]
    spades-teach record FILE
    spades-teach analyze-record FILE [--costly-only]
    spades-teach analyze "HAND" [--samples 200] [--method playout|double_dummy] [--json]
    spades-teach app [--port 8866] [--no-browser]

Every command documents its options under ``--help``. A mistake in the input
prints ``error: <message>`` (one line) on stderr and exits with status 2. A
terminal that cannot show ``♠`` or ``−`` gets plain ASCII, as ``--ascii`` asks
for; a reader that goes away (``spades-teach deal | head -1``) ends the command
quietly with status 141, as SIGPIPE ends Unix tools.

Adding a command
----------------
A command is a :class:`Command`: a name, a one-line help, a function that adds
the command's options to its :class:`argparse.ArgumentParser`, and a function
that runs it and returns the exit status. Call :func:`register` with it. A
command may live in its own module: add the module's dotted name to
:data:`EXTENSION_MODULES` and have the module call :func:`register` when it is
imported (modules are imported only when the command line starts, so the
package import stays light).

>>> main(["score", "--bids", "N=4,E=2,S=3,W=3", "--tricks", "N=5,E=1,S=4,W=3"])
NS bid 7 and took 9: 70 + 2 bags = 72
NS scores +72 this hand, with 2 bags on the counter
EW bid 5 but took only 4: set, −50
EW scores −50 this hand, with 0 bags on the counter
<BLANKLINE>
Totals: NS +72 (2 bags), EW -50 (0 bags)
0
"""

from __future__ import annotations

import argparse
import importlib
import secrets
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, TextIO

from spades_teach._text import MAX_DIGITS, ascii_digits_int, plural, printable
from spades_teach.errors import ParseError, RecordError, SpadesError, UsageError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, Hand, Suit
from spades_teach.game.deals import Deal, deal
from spades_teach.game.records import MAX_RECORD_SIZE, GameRecord, load, loads
from spades_teach.game.round import PlayEvent
from spades_teach.game.rules import FIRST_LEADS, RENEGE_MODES, Rules
from spades_teach.game.scoring import coerce_side, score_round
from spades_teach.game.seating import Seat

__all__ = ["Command", "COMMANDS", "EXTENSION_MODULES", "UsageError", "register", "build_parser", "main"]

PROG = "spades-teach"

#: Modules imported before the parser is built, so that they can :func:`register` commands.
EXTENSION_MODULES: list[str] = []


@dataclass(frozen=True)
class Command:
    """One subcommand: ``configure(parser)`` adds its options, ``run(args)`` does the work
    and returns the exit status (0 on success). ``run`` may raise :class:`SpadesError`
    (or :class:`OSError`); :func:`main` turns it into ``error: <message>`` and status 2."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    description: str = ""


COMMANDS: dict[str, Command] = {}


def register(command: Command) -> Command:
    """Add a subcommand to ``spades-teach`` (a name may be registered only once)."""
    if command.name in COMMANDS and COMMANDS[command.name] is not command:
        raise ValueError(f"a command named {command.name!r} is already registered")
    COMMANDS[command.name] = command
    return command


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def _print_message(self, message: str, file: Any = None) -> None:
        # --help and --version, written so that a terminal without "♠" still shows them.
        if message:
            stream = file if file is not None else sys.stderr
            stream.write(safe_text(message, stream))


# -- shared option parsing -----------------------------------------------------------------


def _pairs(text: str, what: str) -> list[tuple[str, str]]:
    """Split ``"N=4,E=2"`` (``:`` also works for ``=``) into key/value pairs."""
    pairs = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, value = item.replace(":", "=", 1).partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ParseError(f"{what}: {item!r} should look like SEAT=VALUE, as in 'N=4'")
        pairs.append((key.strip(), value.strip()))
    if not pairs:
        raise ParseError(f"{what}: nothing given; write them like 'N=4,E=2,S=3,W=3'")
    return pairs


def _whole_number(text: str, what: str) -> int:
    """Digits 0-9 only (no full-width digits, no ``1_000``), at most :data:`MAX_DIGITS` of them."""
    value = ascii_digits_int(text)
    if value is None:
        raise ParseError(f"{what} must be a whole number written with the digits 0-9, got {text[:40]!r}")
    return value


def _argument(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse ``type`` from a parser that raises :class:`SpadesError`: argparse shows
    the error's own message (not "invalid parse_bids value")."""

    def convert(text: str) -> Any:
        try:
            return parse(text)
        except SpadesError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = parse.__name__
    return convert


def _int_argument(text: str) -> int:
    return _whole_number(text, "the value")


def parse_seat_values(text: str, what: str, value: Callable[[str], Any]) -> dict[Seat, Any]:
    """``"N=4,E=nil"`` → ``{Seat.N: value("4"), Seat.E: value("nil")}``."""
    out: dict[Seat, Any] = {}
    for key, raw in _pairs(text, what):
        seat = Seat.coerce(key)
        if seat in out:
            raise ParseError(f"{what}: seat {seat.name} is given twice")
        try:
            out[seat] = value(raw)
        except SpadesError as exc:
            raise ParseError(f"{what} for {seat.name}: {exc}") from None
    return out


def parse_bids(text: str) -> dict[Seat, Bid]:
    """``"N=4,E=nil,S=bn,W=3"``: numbers, ``nil``, ``blind nil`` or ``bn``."""
    return parse_seat_values(text, "--bids", Bid.coerce)


def parse_tricks(text: str) -> dict[Seat, int]:
    return parse_seat_values(text, "--tricks", lambda raw: _whole_number(raw, "the number of tricks"))


def parse_side_values(text: str, what: str, rules: Rules) -> dict[Any, int]:
    """``"NS=8,EW=0"`` (or ``"N=3,S=0"`` in a two-player game)."""
    out: dict[Any, int] = {}
    for key, raw in _pairs(text, what):
        side = coerce_side(key, rules)
        if side in out:
            raise ParseError(f"{what}: {side.name} is given twice")
        out[side] = _whole_number(raw, f"{what} for {side.name}")
    return out


def _optional_int(text: str) -> int | None:
    if text.strip().lower() in ("none", "off", "no"):
        return None
    value = ascii_digits_int(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"expected a whole number or 'none', got {text[:40]!r}")
    return value


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """The rule options shared by every command that takes rules (defaults: :class:`Rules`)."""
    d = Rules()
    group = parser.add_argument_group("rules", "the variants in force (the defaults are the standard game)")
    group.add_argument(
        "--target", type=_argument(_int_argument), metavar="POINTS", help=f"points to win the game (default {d.target})"
    )
    group.add_argument(
        "--loss-limit",
        type=_optional_int,
        default=argparse.SUPPRESS,
        metavar="POINTS",
        help=f"a side at or below this score loses; 'none' for no limit (default {d.loss_limit})",
    )
    group.add_argument("--no-nil", action="store_true", help="forbid Nil bids (allowed by default)")
    group.add_argument(
        "--blind-nil",
        action="store_true",
        help=f"allow blind Nil for a side {d.blind_nil_deficit} or more points behind (off by default)",
    )
    group.add_argument(
        "--bag-limit",
        type=_argument(_int_argument),
        metavar="BAGS",
        help=f"bags that trigger the bag penalty (default {d.bag_limit})",
    )
    group.add_argument(
        "--bag-penalty",
        type=_argument(_int_argument),
        metavar="POINTS",
        help=f"points lost at each bag limit (default {d.bag_penalty})",
    )
    group.add_argument(
        "--first-lead",
        choices=FIRST_LEADS,
        help="who leads the first trick: the dealer's left, or whoever holds the 2 of clubs (default left_of_dealer)",
    )
    group.add_argument(
        "--min-team-bid",
        type=_optional_int,
        default=argparse.SUPPRESS,
        metavar="TRICKS",
        help="the least a partnership may bid together, usually 4; 'none' for no minimum (default none)",
    )
    group.add_argument(
        "--renege",
        choices=RENEGE_MODES,
        help=f"'prevent' refuses a failure to follow suit; 'penalty' lets it stand and costs "
        f"{d.renege_penalty} tricks (default prevent)",
    )
    group.add_argument(
        "--players", type=_argument(_int_argument), choices=(2, 4), help="4 (two partnerships) or 2 (default 4)"
    )


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The :class:`Rules` named by the options of :func:`add_rules_options`."""
    options: dict[str, Any] = {}
    for name in ("target", "bag_limit", "bag_penalty", "first_lead", "renege", "players"):
        value = getattr(args, name, None)
        if value is not None:
            options[name] = value
    for name in ("loss_limit", "min_team_bid"):
        if hasattr(args, name):  # these two default to "not given", since None is a value
            options[name] = getattr(args, name)
    if getattr(args, "no_nil", False):
        options["nil"] = False
    if getattr(args, "blind_nil", False):
        options["blind_nil"] = True
    return Rules(**options)


# -- score ------------------------------------------------------------------------------------


def _configure_score(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bids",
        required=True,
        metavar="SEAT=BID,...",
        help="each seat's bid: a number 0-13, 'nil', 'blind nil' or 'bn' (quote a bid with a space), "
        "as in N=4,E=nil,S=3,W=3",
    )
    parser.add_argument(
        "--tricks", required=True, metavar="SEAT=TRICKS,...", help="tricks each seat took, as in N=5,E=1,S=4,W=3"
    )
    parser.add_argument(
        "--bags",
        metavar="SIDE=BAGS,...",
        help="bag counters carried into the hand, as in NS=8,EW=0 (N=..,S=.. with --players 2; default 0)",
    )
    parser.add_argument(
        "--reneges",
        metavar="SIDE=COUNT,...",
        help="reneges each side committed, scored with --renege penalty, as in EW=1",
    )
    add_rules_options(parser)


def _run_score(args: argparse.Namespace) -> int:
    rules = rules_from_args(args)
    bids = parse_bids(args.bids)
    tricks = parse_tricks(args.tricks)
    bags = parse_side_values(args.bags, "--bags", rules) if args.bags else None
    reneges = parse_side_values(args.reneges, "--reneges", rules) if args.reneges else None
    result = score_round(bids, tricks, bags=bags, rules=rules, reneges=reneges)
    out = _stdout()
    for line in result.lines:
        print(line, file=out)
    totals = ", ".join(
        f"{side.name} {result.points[side]:+d} ({plural(result.bags[side], 'bag')})" for side in result.points
    )
    print(file=out)
    print(f"Totals: {totals}", file=out)
    return 0


# -- deal -------------------------------------------------------------------------------------


def _seed(text: str) -> int | str:
    """Digits 0-9 make an integer seed (as ``deal(7)``); anything else is a text seed."""
    stripped = text.strip()
    if stripped.lstrip("-").isascii() and stripped.lstrip("-").isdigit():
        if len(stripped.lstrip("-")) > MAX_DIGITS:
            raise argparse.ArgumentTypeError(f"an integer seed has at most {MAX_DIGITS} digits, got {len(stripped)}")
        return int(stripped)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError(
            f"the seed {text!r} is not valid text in this terminal's encoding; use letters and digits"
        ) from None
    return text


def _configure_deal(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--seed",
        type=_seed,
        help="deal from this seed: the same seed gives the same cards everywhere; digits make an integer "
        "seed, anything else a text seed (default: a fresh random seed, printed so you can deal it again)",
    )
    source.add_argument("--code", help="rebuild the deal (and its dealer) from a 20-character deal code")
    source.add_argument("--today", action="store_true", help="the deal of the day for today's date")
    source.add_argument("--date", metavar="YYYY-MM-DD", help="the deal of the day for that date")
    parser.add_argument(
        "--dealer",
        help="the dealer, N, E, S or W, with --seed or a random deal (default N); "
        "a deal code or a date fixes its own dealer",
    )
    parser.add_argument(
        "--ascii", action="store_true", help="write plain ASCII: suits as the letters S H D C, and no other symbols"
    )


def _run_deal(args: argparse.Namespace) -> int:
    out = _stdout()
    seed: int | str | None = args.seed
    if args.dealer is not None and (args.code or args.today or args.date):
        raise UsageError("--dealer goes with --seed or a random deal: a deal code or a date fixes the dealer")
    if args.code:
        the_deal = Deal.from_code(args.code)
        origin = f"deal code {the_deal.code}"
    elif args.today or args.date:
        the_deal = Deal.of_the_day(args.date)
        origin = f"deal of the day, {args.date}" if args.date else "deal of the day, today"
    else:
        if seed is None:
            seed = secrets.randbits(32)
        dealer = Seat.coerce(args.dealer) if args.dealer is not None else Seat.N
        the_deal = deal(seed, dealer=dealer)
        origin = f"seed {seed!r}" if isinstance(seed, str) else f"seed {seed}"
    symbols = not args.ascii and _can_write(out, "♠♥♦♣")
    print(f"Dealer: {the_deal.dealer.word}    ({origin})", file=out)
    print(file=out)
    print(table_text(the_deal, symbols=symbols), file=out)
    print(file=out)
    print(f"PBN:  {the_deal}", file=out)
    print(f"Code: {the_deal.code}", file=out)
    return 0


def suit_lines(hand: Hand, symbols: bool = True) -> list[str]:
    """One line a suit, ``♠ Q J 10 5`` (``♠ -`` for a void)."""
    lines = []
    for suit in Suit:
        ranks = " ".join(c.rank.label for c in hand.suit(suit)) or "-"
        lines.append(f"{suit.symbol if symbols else suit.letter} {ranks}")
    return lines


def table_text(the_deal: Deal, symbols: bool = True) -> str:
    """The hands laid out around a table: North on top, West and East on the sides, South below."""
    blocks = {seat: [seat.word, *suit_lines(the_deal[seat], symbols)] for seat in the_deal}
    west = blocks.get(Seat.W, [""] * 5)
    east = blocks.get(Seat.E, [""] * 5)
    west_width = max(len(line) for line in west)
    middle = max(west_width + 4, 14)
    gap = max(len(line) for line in (blocks[Seat.N] + blocks[Seat.S])) + 4
    rows = [" " * middle + line for line in blocks[Seat.N]]
    if Seat.W in blocks or Seat.E in blocks:  # a two-player deal has no side hands
        for left, right in zip(west, east):
            rows.append((left.ljust(middle + gap) + right).rstrip())
    else:
        rows.append("")
    rows.extend(" " * middle + line for line in blocks[Seat.S])
    return "\n".join(rows)


# -- record -----------------------------------------------------------------------------------


def _configure_record(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="the record to check, a JSON file ('-' reads standard input)")
    parser.add_argument(
        "--ascii", action="store_true", help="write plain ASCII: suits as the letters S H D C, and no other symbols"
    )


def _record_from_args(args: argparse.Namespace) -> tuple[GameRecord, TextIO, bool]:
    """The record named by ``args.file`` ('-': standard input), the output stream, and
    whether suit symbols can be written to it."""
    try:
        record = loads(_read_stdin()) if args.file == "-" else load(args.file)
    except RecordError as exc:
        raise RecordError(f"{args.file}: {exc}") from None
    out = _stdout()
    return record, out, not args.ascii and _can_write(out, "♠♥♦♣")


def _read_stdin() -> bytes | str:
    """Standard input as bytes, decoded by :func:`loads` exactly as a file is."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        data: bytes = buffer.read(MAX_RECORD_SIZE + 1)
        return data
    return sys.stdin.read(MAX_RECORD_SIZE + 1)


def _run_record(args: argparse.Namespace) -> int:
    record, out, symbols = _record_from_args(args)
    for line in record_summary(record, symbols=symbols):
        print(line, file=out)
    return 0


def record_summary(record: GameRecord, symbols: bool = True) -> list[str]:
    """The lines ``spades-teach record`` prints: header, bids, tricks with their
    winners and annotations, then the score (or where the hand stopped)."""
    played = record.round()
    lines: list[str] = []
    if record.title:
        title = printable(record.title, one_line=True)
        lines.append(title)
        lines.append("=" * len(title))
    if record.description:
        lines.append(printable(record.description))
    if lines:
        lines.append("")
    lines.append(f"Rules: {record.rules.describe()}")
    lines.append(f"Dealer: {record.dealer.word}")
    lines.append(f"Deal: {record.deal}")
    if record.scores:
        lines.append("Score before the hand: " + ", ".join(f"{s.name} {v}" for s, v in record.scores.items()))
    if record.bags:
        lines.append("Bags before the hand: " + ", ".join(f"{s.name} {v}" for s, v in record.bags.items()))
    lines.append("")
    lines.append(table_text(record.deal, symbols=symbols))
    lines.append("")
    lines.append("Bids:")
    if not record.bids:
        lines.append("  (none yet)")
    for event in record.bids:
        lines.append(f"  {event.seat.word:<5} {event.bid.label}")
        note = record.annotation_for(bid=event.seat)
        if note:
            lines.append(f"        > {printable(note)}")
    lines.append("")
    lines.append("Tricks:")
    if not record.tricks:
        lines.append("  (none yet)")
    tricks = [*played.tricks]
    if played.current_trick.cards:
        tricks.append(played.current_trick)
    for trick in tricks:
        plays = "  ".join(f"{seat.name} {_card_text(card, symbols)}" for seat, card in trick.plays)
        result = f"won by {trick.winner.word}" if trick.winner is not None else "(in progress)"
        lines.append(f"  {trick.number:>2}. {plays}   {result}")
        note = record.annotation_for(trick=trick.number)
        if note:
            lines.append(f"      > {printable(note)}")
        for card, text in record.card_annotations(trick.number):
            lines.append(f"      > {_card_text(card, symbols)}: {printable(text)}")
    lines.append("")
    if played.is_complete:
        score = played.score(bags=record.bags)
        won = ", ".join(f"{seat.name} {count}" for seat, count in played.tricks_won.items())
        lines.append(f"Tricks won: {won}")
        lines.append("Score:")
        lines.extend(f"  {line}" for line in score.lines)
    elif played.phase == "bidding":
        assert played.to_act is not None
        lines.append(f"Unfinished: bidding, {played.to_act.word} to bid.")
    else:
        assert played.to_act is not None
        lines.append(f"Unfinished: {len(played.tricks)} of 13 tricks played, {played.to_act.word} to play.")
    lines.append(f"The record is valid ({plural(len(record.annotations), 'annotation')}).")
    return lines


def _card_text(card: Card, symbols: bool) -> str:
    return card.pretty if symbols else str(card)


# -- app ----------------------------------------------------------------------------------------


def _port(text: str) -> int:
    port = ascii_digits_int(text)
    if port is None:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text[:40]!r}")
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is out of range: use a port from 1 to 65535")
    return port


def _configure_app(parser: argparse.ArgumentParser) -> None:
    from spades_teach.app import DEFAULT_PORT

    parser.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help=f"the port to serve on, on 127.0.0.1 (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="only start the server; do not open the app in a web browser"
    )


def _run_app(args: argparse.Namespace) -> int:
    from spades_teach import app

    return app.serve(port=args.port, open_browser=not args.no_browser)


# -- plumbing ---------------------------------------------------------------------------------


#: Characters the commands print that some terminals cannot, with their ASCII forms.
ASCII_FORMS = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "−": "-",
    "–": "-",
    "—": "-",
    "±": "+/-",
    "…": "...",
    "✗": "x",
    "✓": "v",
    "→": "->",
    "×": "x",
    "≈": "~",
    "≥": ">=",
    "≤": "<=",
    "⚠": "!",
    "·": ".",
}
_ASCII_TABLE = str.maketrans(ASCII_FORMS)

_output: TextIO | None = None


def to_ascii(text: str) -> str:
    """``text`` with suit symbols as letters and the other symbols as plain ASCII;
    any other character outside ASCII is written as an escape.

    >>> to_ascii("♠A led, −50, Nil ±100")
    'SA led, -50, Nil +/-100'
    """
    return text.translate(_ASCII_TABLE).encode("ascii", "backslashreplace").decode("ascii")


def safe_text(text: str, stream: Any) -> str:
    """``text`` as ``stream`` can write it: unchanged when its encoding holds every
    character, otherwise with the symbols in ASCII and anything else escaped."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
        return text
    except (UnicodeEncodeError, LookupError):
        pass
    text = text.translate(_ASCII_TABLE)
    try:
        return text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:
        return to_ascii(text)


class _AsciiWriter:
    """Standard output for ``--ascii`` or a terminal that cannot write the symbols:
    everything written goes through :func:`to_ascii` (or :func:`safe_text`)."""

    def __init__(self, stream: TextIO, ascii_only: bool) -> None:
        self._stream = stream
        self._ascii_only = ascii_only
        self.encoding = "ascii" if ascii_only else (getattr(stream, "encoding", None) or "ascii")

    def write(self, text: str) -> int:
        return self._stream.write(to_ascii(text) if self._ascii_only else safe_text(text, self._stream))

    def flush(self) -> None:
        self._stream.flush()


def _output_for(stream: TextIO, ascii_only: bool) -> TextIO:
    if ascii_only or not _can_write(stream, "".join(ASCII_FORMS)):
        return _AsciiWriter(stream, ascii_only)  # type: ignore[return-value]
    return stream


def _stdout() -> TextIO:
    return _output if _output is not None else sys.stdout


def _can_write(stream: TextIO, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


register(
    Command(
        "score",
        "score one hand and explain every point",
        _configure_score,
        _run_score,
        description="Score one hand from the bids and the tricks taken, and explain each item "
        "(contracts, bags, Nil, bag penalty), then print the totals.",
    )
)
register(
    Command(
        "deal",
        "deal a hand and lay it out around the table",
        _configure_deal,
        _run_deal,
        description="Deal four hands (from a seed, a deal code, the deal of the day, or at random) and "
        "print them around a table, with the PBN-style line and the deal code.",
    )
)
register(
    Command(
        "record",
        "check a game record and summarise it trick by trick",
        _configure_record,
        _run_record,
        description="Check a game record (JSON) and print its bids and tricks with their annotations, "
        "then the score. A record with a mistake gets an error naming the field.",
    )
)
# -- analyze-record -------------------------------------------------------------------------


def _configure_analyze_record(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="the record to analyse, a JSON file ('-' reads standard input)")
    parser.add_argument(
        "--ascii", action="store_true", help="write plain ASCII: suits as the letters S H D C, and no other symbols"
    )
    parser.add_argument(
        "--costly-only", action="store_true", help="print only the cards that cost tricks or lost a Nil"
    )


def _run_analyze_record(args: argparse.Namespace) -> int:
    from spades_teach.analysis.card_cost import card_costs

    record, out, symbols = _record_from_args(args)
    costs = card_costs(record)
    for review in costs:
        bad = review.cost > 0 or review.nil_lost
        if args.costly_only and not bad:
            continue
        mark = "✗" if bad and symbols else ("x" if bad else " ")
        explanation = review.explanation if symbols else _ascii_suits(review.explanation)
        print(
            f"{mark} trick {review.trick:>2}  {review.seat.word:<5} {_card_text(review.card, symbols):>4}  {explanation}",
            file=out,
        )
    costly = sum(1 for review in costs if review.cost > 0)
    lost = sum(review.cost for review in costs if review.cost > 0)
    nils = sum(1 for review in costs if review.nil_lost)
    summary = f"{plural(len(costs), 'card')} reviewed: {costly} cost tricks ({lost} in all)"
    if nils:
        summary += f", {nils} lost a makeable Nil"
    print(summary, file=out)
    renege = _first_renege(record)
    if renege is not None:
        number, event = renege
        print(
            f"The review stops at card {number} (trick {(number - 1) // 4 + 1}): {event.seat.word} reneged with "
            f"{_card_text(event.card, symbols)}, which is not a legal card, so the solver cannot judge it "
            "or the cards after it.",
            file=out,
        )
    return 0


def _first_renege(record: GameRecord) -> tuple[int, PlayEvent] | None:
    """The place (1-52) and the event of the first renege of a hand, if any."""
    plays = [e for e in record.round().history if isinstance(e, PlayEvent)]
    return next(((n, e) for n, e in enumerate(plays, start=1) if e.renege), None)


def _ascii_suits(text: str) -> str:
    for symbol, letter in zip("♠♥♦♣", "SHDC"):
        text = text.replace(symbol, letter)
    return text.replace("–", "-").replace("…", "...")


register(
    Command(
        "analyze-record",
        "what each card cost: a double-dummy review of a game record",
        _configure_analyze_record,
        _run_analyze_record,
        description="Review every card of a game record with the exact double-dummy solver (all hands "
        "known, best play by everyone): the tricks the player's side could still take before and after "
        "the card, the cards that cost tricks and what would have kept them, and where a makeable Nil "
        "was lost.",
    )
)
# -- analyze (one hand by simulation) -------------------------------------------------------


def _positive(text: str) -> int:
    value = ascii_digits_int(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"expected a whole number written with the digits 0-9, got {text[:40]!r}")
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
    return value


def _finite(interval: tuple[float, float]) -> list[float] | None:
    """An interval for JSON: ``None`` when it is unbounded (too few samples)."""
    import math

    return list(interval) if all(math.isfinite(v) for v in interval) else None


def _configure_analyze(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "hand", metavar="HAND", help="the 13 cards, as 'AK52.K52.Q73.A94' (spades first) or 'AS KS 5H ...'"
    )
    parser.add_argument("--samples", type=_positive, default=200, help="deals to simulate (default 200)")
    parser.add_argument(
        "--method",
        choices=("playout", "double_dummy"),
        default="playout",
        help="play each deal out with the medium bots, or solve it double dummy (slower) (default playout)",
    )
    parser.add_argument("--seed", type=_seed, default=0, help="the seed of the simulation (default 0)")
    parser.add_argument("--seat", default="S", help="the seat holding the hand, N, E, S or W (default S)")
    parser.add_argument("--dealer", default="W", help="the dealer; bidding starts at the dealer's left (default W)")
    parser.add_argument(
        "--bids", type=_argument(parse_bids), help="bids already made by the seats before yours, as 'N=nil,E=3'"
    )
    parser.add_argument("--scores", help="the match score before this hand, as 'NS=120,EW=250'")
    parser.add_argument("--bags", help="the bag counters before this hand, as 'NS=8,EW=2'")
    parser.add_argument(
        "--workers",
        type=_positive,
        default=None,
        help="processes to run the samples on (default: the local cores; 1 runs them in this process)",
    )
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    add_rules_options(parser)


def _run_analyze(args: argparse.Namespace) -> int:
    import json
    from concurrent.futures import Executor, ProcessPoolExecutor

    from spades_teach.analysis.parallel import SerialExecutor
    from spades_teach.analysis.simulate import analyze_hand

    rules = rules_from_args(args)
    scores = parse_side_values(args.scores, "--scores", rules) if args.scores else None
    bags = parse_side_values(args.bags, "--bags", rules) if args.bags else None
    options: dict[str, Any] = dict(
        seat=args.seat,
        dealer=args.dealer,
        bids=args.bids,
        rules=rules,
        scores=scores,
        bags=bags,
        samples=args.samples,
        method=args.method,
        seed=args.seed,
    )
    executor: Executor | None = None  # the local cores
    if args.workers == 1:
        executor = SerialExecutor()
    elif args.workers is not None:
        executor = ProcessPoolExecutor(max_workers=args.workers)
    try:
        result = analyze_hand(args.hand, executor=executor, **options)
    finally:
        if executor is not None:
            executor.shutdown()
    out = _stdout()
    if args.json:
        data = {
            "hand": str(result.hand),
            "seat": result.seat.name,
            "method": result.method,
            "samples": result.samples,
            "seed": args.seed,
            "best_bid": result.best_bid.label,
            "best_interval": _finite(result.best_interval),
            "runner_up": result.runner_up.label if result.runner_up is not None else None,
            "margin_interval": _finite(result.margin_interval),
            "expected_scores": {str(b): v for b, v in result.expected_scores.items()},
            "blind_nil_score": result.blind_nil_score,
            "make_probability": {str(b): p for b, p in result.make_probability.items()},
            "seat_tricks": {str(t): c for t, c in result.seat_tricks.items()},
            "side_tricks": {str(t): c for t, c in result.side_tricks.items()},
            "summary": result.summary,
        }
        print(json.dumps(data, indent=2, ensure_ascii=False), file=out)
        return 0
    symbols = _can_write(out, "♠♥♦♣−")
    summary = result.summary if symbols else _ascii_suits(result.summary)
    print(summary, file=out)
    print("", file=out)
    print("  bid    made   expected score", file=out)
    for bid, mean in result.expected_scores.items():
        label = "Nil" if bid == 0 else str(bid)
        mark = "*" if int(result.best_bid) == bid and not result.best_bid.blind else " "
        print(f"{mark} {label:>4}  {result.make_probability[bid]:>5.0%}  {mean:>+8.1f}", file=out)
    if result.blind_nil_score is not None:
        mark = "*" if result.best_bid.blind else " "
        print(f"{mark} {'Blind Nil':>4}         {result.blind_nil_score:>+8.1f}", file=out)
    print("", file=out)
    print("side tricks: " + ", ".join(f"{t}: {c}" for t, c in result.side_tricks.items()), file=out)
    return 0


register(
    Command(
        "analyze",
        "what one hand is worth: simulate the unseen cards and score every bid",
        _configure_analyze,
        _run_analyze,
        description="Deal the 39 unseen cards many times (consistent with the bids already made), find "
        "the tricks your side takes by bot playout or by double-dummy solving, and print the chance of "
        "making each bid, its average score and the best bid with a 95% confidence interval.",
    )
)
register(
    Command(
        "app",
        "serve the Play and Bid advisor pages as a local web app",
        _configure_app,
        _run_app,
        description="Serve the tutorial's Play and Bid advisor notebooks as a Voila web app on "
        "http://127.0.0.1:PORT/ (this machine only) until Ctrl+C, and open it in a browser.",
    )
)


def _load_extensions(modules: Iterable[str]) -> None:
    for name in modules:
        importlib.import_module(name)


def build_parser(commands: Mapping[str, Command] | None = None) -> argparse.ArgumentParser:
    """The argument parser with one subparser per registered command."""
    _load_extensions(EXTENSION_MODULES)
    chosen = COMMANDS if commands is None else commands
    parser = _Parser(
        prog=PROG,
        allow_abbrev=False,
        description="Learn the card game Spades: score hands, deal practice hands, check game records, "
        "or open the tutorial app in a browser.",
    )
    from spades_teach import __version__

    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for command in chosen.values():
        child = sub.add_parser(
            command.name, help=command.help, description=command.description or command.help, allow_abbrev=False
        )
        command.configure(child)
        child.set_defaults(_run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``spades-teach`` with ``argv`` (default: the process arguments); returns the exit status."""
    global _output
    try:
        parser = build_parser()
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
        _output = _output_for(sys.stdout, bool(getattr(args, "ascii", False)))
        status: int = args._run(args)
        _stdout().flush()
        return status
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except BrokenPipeError:
        return _broken_pipe()
    except (SpadesError, OSError) as exc:
        _error(_message(exc))
        return 2
    except KeyboardInterrupt:
        return 130
    finally:
        _output = None


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


def _message(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.filename is not None:
        return f"cannot read {exc.filename!r}: {exc.strerror or exc}"
    return str(exc)


def _error(message: str) -> None:
    """One line on standard error, whatever the message holds and the terminal can write."""
    line = printable(message, one_line=True)
    sys.stderr.write(safe_text(f"error: {line}\n", sys.stderr))


if __name__ == "__main__":
    raise SystemExit(main())
