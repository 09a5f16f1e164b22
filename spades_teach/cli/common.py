"""What the commands of ``spades-teach`` share: the :class:`Command` record, the
parser that raises :class:`UsageError`, the argument types, the seat and rule
options, and the output that falls back to plain ASCII on a terminal that
cannot show ``♠`` or ``−``."""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, TextIO

from spades_teach._text import MAX_DIGITS, ascii_digits_int, printable
from spades_teach.errors import ParseError, SpadesError, UsageError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card
from spades_teach.game.rules import FIRST_LEADS, RENEGE_MODES, Rules
from spades_teach.game.scoring import coerce_side
from spades_teach.game.seating import Seat
from spades_teach.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, format_number, ngettext, pgettext

__all__ = [
    "Command",
    "Parser",
    "HelpFormatter",
    "UsageError",
    "ARGPARSE_MESSAGES",
    "argparse_in_language",
    "add_language_option",
    "language_from_argv",
    "argument_type",
    "int_type",
    "optional_int_type",
    "OPTION_VALUES",
    "option_value",
    "read_option_value",
    "choice_type",
    "choices_metavar",
    "positive_type",
    "seed_type",
    "port_type",
    "whole_number",
    "parse_seat_values",
    "parse_bids",
    "parse_tricks",
    "parse_side_values",
    "add_rules_options",
    "rules_from_args",
    "ASCII_FORMS",
    "to_ascii",
    "safe_text",
    "ascii_suits",
    "card_label",
    "can_write",
    "output_for",
    "set_output",
    "stdout",
    "error_message",
    "print_error",
]


@dataclass(frozen=True)
class Command:
    """One subcommand: ``configure(parser)`` adds its options, ``run(args)`` does the work
    and returns the exit status (0 on success). ``run`` may raise :class:`SpadesError`
    (or :class:`OSError`); :func:`main` turns it into ``error: <message>`` and status 2.
    ``help`` and ``description`` are English, marked with ``N_``: the parser translates
    them when it is built, in the language chosen by then."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    description: str = ""


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, with each section's heading ended as the language in use ends a heading
    (French puts a space before the colon: ``règles :``). argparse writes the colon itself."""

    def start_section(self, heading: str | None) -> None:
        if heading:
            ended = pgettext("help section heading", "{heading}:").format(heading=heading)
            heading = ended[:-1] if ended.endswith(":") else ended
        super().start_section(heading)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises instead of printing usage and exiting, and writes its help
    with :class:`HelpFormatter`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(_("{message} (see '{prog} --help')").format(message=message, prog=self.prog))

    def _print_message(self, message: str, file: Any = None) -> None:
        # --help and --version, written so that a terminal without "♠" still shows them.
        if message:
            stream = file if file is not None else sys.stderr
            stream.write(safe_text(message, stream))


# -- the language of the command line ------------------------------------------------------------

#: The sentences argparse itself writes (headings of ``--help``, its own errors), marked so that the
#: catalogs translate them; :func:`argparse_in_language` has argparse read them through ours.
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
)


@contextlib.contextmanager
def argparse_in_language() -> Iterator[None]:
    """While the parser is built and reads the arguments, argparse's own words (``usage:``,
    ``options``, its errors) come from the package's catalogs, in the language in use.
    argparse looks its translation function up in its module each time it writes, so the
    function is swapped for ours and put back afterwards."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _, ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def _named_languages() -> str:
    """``en (English), fr (français), es (español)``: each language named in itself, so a reader
    finds their own; lower case as French and Spanish write a language's name in a sentence."""
    return ", ".join(_named(code) for code in LANGUAGES)


def _named(code: str) -> str:
    name = LANGUAGE_NAMES[code]
    return f"{code} ({name if code == 'en' else name.lower()})"


def add_language_option(parser: argparse.ArgumentParser, *, default: Any = None) -> None:
    """``--lang {en,fr,es}``: the language of the help, the output and the errors (default:
    the environment's, ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG``, else English).
    :func:`language_from_argv` reads it before the parser is built."""
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=default,
        help=_("the language of the messages: {choices} (default: the environment's, else English)").format(
            choices=_named_languages()
        ),
    )


def language_from_argv(argv: list[str]) -> str | None:
    """The language ``--lang`` asks for in ``argv`` (``--lang fr`` or ``--lang=fr``, anywhere
    before a ``--``), or ``None``. A value that is not a language raises :class:`UsageError`
    naming the choices; the parser is built after this, in the language chosen.

    >>> language_from_argv(["--lang", "fr", "score"])
    'fr'
    >>> language_from_argv(["deal", "--lang=es"])
    'es'
    >>> language_from_argv(["deal"]) is None
    True
    """
    for index, item in enumerate(argv):
        if item == "--":
            break
        if item == "--lang" or item.startswith("--lang="):
            if item == "--lang":
                if index + 1 >= len(argv):
                    raise UsageError(_("--lang needs a language: {choices}").format(choices=_language_choices()))
                value = argv[index + 1]
            else:
                value = item.partition("=")[2]
            if value not in LANGUAGES:
                raise UsageError(
                    _("--lang: unknown language {value}: choose {choices}").format(
                        value=repr(value[:40]), choices=_language_choices()
                    )
                )
            return value
    return None


def _language_choices() -> str:
    """``en (English), fr (français) or es (español)``, with the language in use's ``or``."""
    names = [_named(code) for code in LANGUAGES]
    return _("{first} or {last}").format(first=", ".join(names[:-1]), last=names[-1])


# -- argument types -----------------------------------------------------------------------------


def _pairs(text: str, what: str) -> list[tuple[str, str]]:
    """Split ``"N=4,E=2"`` (``:`` also works for ``=``) into key/value pairs."""
    pairs = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, value = item.replace(":", "=", 1).partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ParseError(
                _("{what}: {item} should look like SEAT=VALUE, as in 'N=4'").format(what=what, item=repr(item))
            )
        pairs.append((key.strip(), value.strip()))
    if not pairs:
        raise ParseError(_("{what}: nothing given; write them like 'N=4,E=2,S=3,W=3'").format(what=what))
    return pairs


def whole_number(text: str, what: str) -> int:
    """Digits 0-9 only (no full-width digits, no ``1_000``), at most :data:`MAX_DIGITS` of them."""
    value = ascii_digits_int(text)
    if value is None:
        raise ParseError(
            _("{what} must be a whole number written with the digits 0-9, got {text}").format(
                what=what, text=repr(text[:40])
            )
        )
    return value


def argument_type(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse ``type`` from a parser that raises :class:`SpadesError`: argparse shows
    the error's own message (not "invalid parse_bids value")."""

    def convert(text: str) -> Any:
        try:
            return parse(text)
        except SpadesError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = parse.__name__
    return convert


def int_type(text: str) -> int:
    return whole_number(text, _("the value"))


# -- option values in the learner's language ------------------------------------------------------

#: The words an option takes, each as the language in use writes it (the English word is what the
#: rules hold, and is read in every language too).
OPTION_VALUES: dict[str, Callable[[], str]] = {
    "left_of_dealer": lambda: pgettext("option value", "left_of_dealer"),
    "two_of_clubs": lambda: pgettext("option value", "two_of_clubs"),
    "prevent": lambda: pgettext("option value", "prevent"),
    "penalty": lambda: pgettext("option value", "penalty"),
    "none": lambda: pgettext("option value", "none"),
    "playout": lambda: pgettext("option value", "playout"),
    "double_dummy": lambda: pgettext("option value", "double_dummy"),
}


def option_value(value: str) -> str:
    """An option's value as a learner of the language in use types it (``two_of_clubs``, French
    ``deux_de_trèfle``, Spanish ``dos_de_tréboles``)."""
    return OPTION_VALUES[value]()


def _typed_key(text: str) -> str:
    """What is compared when a typed option value is read: lower case, no accents, ``-`` and
    spaces as ``_`` (``Deux-de-trefle`` reads as ``deux_de_trèfle``)."""
    folded = unicodedata.normalize("NFKD", text.strip().lower())
    plain = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return re.sub(r"[\s-]+", "_", plain)


def read_option_value(text: str, values: Sequence[str]) -> str:
    """The English value of ``values`` that ``text`` names, typed in English or in the language in
    use (any case, with or without accents); anything else raises :class:`ParseError` naming the
    choices as the learner types them."""
    key = _typed_key(text)
    for value in values:
        if key in (_typed_key(value), _typed_key(option_value(value))):
            return value
    # argparse's own words for a value not among the choices (translated in ARGPARSE_MESSAGES)
    raise ParseError(
        _("invalid choice: %(value)r (choose from %(choices)s)")
        % {"value": text[:40], "choices": ", ".join(repr(option_value(value)) for value in values)}
    )


def choice_type(values: Sequence[str]) -> Callable[[str], str]:
    """An argparse ``type`` for an option whose values are words: each read in English or in the
    language in use (see :func:`read_option_value`), given to the program in English."""

    def convert(text: str) -> str:
        return read_option_value(text, values)

    return argument_type(convert)


def choices_metavar(values: Sequence[str]) -> str:
    """How ``--help`` shows an option's values, in the language in use: ``{prevent,penalty}``."""
    return "{" + ",".join(option_value(value) for value in values) + "}"


def optional_int_type(text: str) -> int | None:
    if _typed_key(text) in ("none", "off", "no", _typed_key(option_value("none"))):
        return None
    value = ascii_digits_int(text)
    if value is None:
        raise argparse.ArgumentTypeError(
            _("expected a whole number or {none}, got {text}").format(
                none=repr(option_value("none")), text=repr(text[:40])
            )
        )
    return value


def positive_type(text: str) -> int:
    value = ascii_digits_int(text)
    if value is None:
        raise argparse.ArgumentTypeError(
            _("expected a whole number written with the digits 0-9, got {text}").format(text=repr(text[:40]))
        )
    if value < 1:
        raise argparse.ArgumentTypeError(_("expected 1 or more, got {value}").format(value=value))
    return value


def seed_type(text: str) -> int | str:
    """Digits 0-9 make an integer seed (as ``deal(7)``); anything else is a text seed."""
    stripped = text.strip()
    if stripped.lstrip("-").isascii() and stripped.lstrip("-").isdigit():
        if len(stripped.lstrip("-")) > MAX_DIGITS:
            raise argparse.ArgumentTypeError(
                _("an integer seed has at most {limit} digits, got {count}").format(
                    limit=MAX_DIGITS, count=len(stripped)
                )
            )
        return int(stripped)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError(
            _("the seed {seed} is not valid text in this terminal's encoding; use letters and digits").format(
                seed=repr(text)
            )
        ) from None
    return text


def port_type(text: str) -> int:
    port = ascii_digits_int(text)
    if port is None:
        raise argparse.ArgumentTypeError(_("expected a port number, got {text}").format(text=repr(text[:40])))
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(_("port {port} is out of range: use a port from 1 to 65535").format(port=port))
    return port


# -- seats, sides and rules -------------------------------------------------------------------


def parse_seat_values(text: str, what: str, value: Callable[[str], Any]) -> dict[Seat, Any]:
    """``"N=4,E=nil"`` → ``{Seat.N: value("4"), Seat.E: value("nil")}``."""
    out: dict[Seat, Any] = {}
    for key, raw in _pairs(text, what):
        seat = Seat.coerce(key)
        if seat in out:
            raise ParseError(_("{what}: seat {seat} is given twice").format(what=what, seat=seat.letters))
        try:
            out[seat] = value(raw)
        except SpadesError as exc:
            raise ParseError(
                _("{what} for {seat}: {problem}").format(what=what, seat=seat.letters, problem=exc)
            ) from None
    return out


def parse_bids(text: str) -> dict[Seat, Bid]:
    """``"N=4,E=nil,S=bn,W=3"``: numbers, ``nil``, ``blind nil`` or ``bn``."""
    return parse_seat_values(text, "--bids", Bid.coerce)


def parse_tricks(text: str) -> dict[Seat, int]:
    return parse_seat_values(text, "--tricks", lambda raw: whole_number(raw, _("the number of tricks")))


def parse_side_values(text: str, what: str, rules: Rules) -> dict[Any, int]:
    """``"NS=8,EW=0"`` (or ``"N=3,S=0"`` in a two-player game)."""
    out: dict[Any, int] = {}
    for key, raw in _pairs(text, what):
        side = coerce_side(key, rules)
        if side in out:
            raise ParseError(_("{what}: {side} is given twice").format(what=what, side=side.letters))
        out[side] = whole_number(raw, _("{what} for {side}").format(what=what, side=side.letters))
    return out


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """The rule options shared by every command that takes rules (defaults: :class:`Rules`)."""
    d = Rules()
    group = parser.add_argument_group(_("rules"), _("the variants in force (the defaults are the standard game)"))
    group.add_argument(
        "--target",
        type=argument_type(int_type),
        metavar=_("POINTS"),
        help=_("points to win the game (default {target})").format(target=format_number(d.target)),
    )
    group.add_argument(
        "--loss-limit",
        type=optional_int_type,
        default=argparse.SUPPRESS,
        metavar=_("POINTS"),
        help=_(
            "a side at or below this score loses; '{none}' for no limit (default {limit}; none with --players 2)"
        ).format(
            none=option_value("none"),
            limit=option_value("none") if d.loss_limit is None else format_number(d.loss_limit),
        ),
    )
    group.add_argument("--no-nil", action="store_true", help=_("forbid Nil bids (allowed by default)"))
    group.add_argument(
        "--blind-nil",
        action="store_true",
        help=_("allow blind Nil for a side {deficit} or more points behind (off by default)").format(
            deficit=format_number(d.blind_nil_deficit)
        ),
    )
    group.add_argument(
        "--bag-limit",
        type=argument_type(int_type),
        metavar=_("BAGS"),
        help=_("bags that trigger the bag penalty (default {limit})").format(limit=d.bag_limit),
    )
    group.add_argument(
        "--bag-penalty",
        type=argument_type(int_type),
        metavar=_("POINTS"),
        help=_("points lost at each bag limit (default {penalty})").format(penalty=format_number(d.bag_penalty)),
    )
    group.add_argument(
        "--first-lead",
        type=choice_type(FIRST_LEADS),
        metavar=choices_metavar(FIRST_LEADS),
        help=_(
            "who leads the first trick: the dealer's left, or whoever holds the 2 of clubs (default {default})"
        ).format(default=option_value(d.first_lead)),
    )
    group.add_argument(
        "--min-team-bid",
        type=optional_int_type,
        default=argparse.SUPPRESS,
        metavar=_("TRICKS"),
        help=_("the least a partnership may bid together, usually 4; '{none}' for no minimum (default {none})").format(
            none=option_value("none")
        ),
    )
    group.add_argument(
        "--renege",
        type=choice_type(RENEGE_MODES),
        metavar=choices_metavar(RENEGE_MODES),
        help=_(
            "'{prevent}' refuses a card that does not follow suit; '{penalty}' lets it stand and costs "
            "{count} tricks (default {default})"
        ).format(
            prevent=option_value("prevent"),
            penalty=option_value("penalty"),
            count=d.renege_penalty,
            default=option_value(d.renege),
        ),
    )
    group.add_argument(
        "--players", type=argument_type(int_type), choices=(2, 4), help=_("4 (two partnerships) or 2 (default 4)")
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


# -- output --------------------------------------------------------------------------------------


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


def ascii_suits(text: str) -> str:
    """``text`` with the suit symbols as letters and the dashes and ellipsis in ASCII."""
    for symbol, letter in zip("♠♥♦♣", "SHDC"):
        text = text.replace(symbol, letter)
    return text.replace("–", "-").replace("…", "...")


def card_label(card: Card, symbols: bool) -> str:
    """A card as printed: ``Q♥`` with ``symbols``, ``QH`` without."""
    return card.pretty if symbols else str(card)


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


def output_for(stream: TextIO, ascii_only: bool) -> TextIO:
    """``stream``, or a writer that turns the symbols into ASCII when asked or needed."""
    if ascii_only or not can_write(stream, "".join(ASCII_FORMS)):
        return _AsciiWriter(stream, ascii_only)  # type: ignore[return-value]
    return stream


def set_output(stream: TextIO | None) -> None:
    """Where :func:`stdout` writes while a command runs (``None``: the real standard output)."""
    global _output
    _output = stream


def stdout() -> TextIO:
    """Where a command prints: the output :func:`set_output` chose, else standard output."""
    return _output if _output is not None else sys.stdout


def can_write(stream: TextIO, text: str) -> bool:
    """Whether ``stream``'s encoding holds every character of ``text``."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def error_message(exc: BaseException) -> str:
    """The one-line message of an error (a file that cannot be read names the file)."""
    if isinstance(exc, OSError) and exc.filename is not None:
        return _("cannot read {file}: {problem}").format(file=repr(exc.filename), problem=exc.strerror or exc)
    return str(exc)


def print_error(message: str) -> None:
    """One line on standard error, whatever the message holds and the terminal can write."""
    line = printable(message, one_line=True)
    sys.stderr.write(safe_text(_("error: {message}").format(message=line) + "\n", sys.stderr))
