"""``spades-teach record``: check a game record and summarise it trick by trick."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from spades_teach._text import printable
from spades_teach.cli.common import Command, can_write, card_label, stdout
from spades_teach.cli.deal import table_text
from spades_teach.errors import RecordError
from spades_teach.game.notation import seat_word
from spades_teach.game.records import MAX_RECORD_SIZE, GameRecord, load_in_language, loads
from spades_teach.i18n import N_, _, format_number, ngettext


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", metavar=_("FILE"), help=_("the record to check, a JSON file ('-' reads standard input)")
    )
    parser.add_argument(
        "--ascii", action="store_true", help=_("write plain ASCII: suits as the letters S H D C, and no other symbols")
    )


def record_from_args(args: argparse.Namespace) -> tuple[GameRecord, TextIO, bool]:
    """The record named by ``args.file`` ('-': standard input), the output stream, and
    whether suit symbols can be written to it. A record file is read with its texts in the
    language in use when its translation sits beside it (``<language>/<name>.json``, as the
    packaged records' do); a translation file is read with the record it translates."""
    try:
        record = loads(_read_stdin()) if args.file == "-" else load_in_language(args.file)
    except RecordError as exc:
        raise RecordError(_("{file}: {problem}").format(file=args.file, problem=exc)) from None
    out = stdout()
    return record, out, not args.ascii and can_write(out, "♠♥♦♣")


def _read_stdin() -> bytes | str:
    """Standard input as bytes, decoded by :func:`loads` exactly as a file is."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        data: bytes = buffer.read(MAX_RECORD_SIZE + 1)
        return data
    return sys.stdin.read(MAX_RECORD_SIZE + 1)


def run(args: argparse.Namespace) -> int:
    record, out, symbols = record_from_args(args)
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
    lines.append(_("Rules: {rules}").format(rules=record.rules.describe()))
    lines.append(_("Dealer: {seat}").format(seat=seat_word(record.dealer)))
    lines.append(_("Deal: {deal}").format(deal=record.deal))
    if record.scores:
        scores = ", ".join(f"{s.letters} {format_number(v)}" for s, v in record.scores.items())
        lines.append(_("Score before the hand: {scores}").format(scores=scores))
    if record.bags:
        bags = ", ".join(f"{s.letters} {v}" for s, v in record.bags.items())
        lines.append(_("Bags before the hand: {bags}").format(bags=bags))
    lines.append("")
    lines.append(table_text(record.deal, symbols=symbols))
    lines.append("")
    lines.append(_("Bids:"))
    if not record.bids:
        lines.append("  " + _("(none yet)"))
    for event in record.bids:
        lines.append(f"  {seat_word(event.seat):<5} {event.bid.label}")
        note = record.annotation_for(bid=event.seat)
        if note:
            lines.append(f"        > {printable(note)}")
    lines.append("")
    lines.append(_("Tricks:"))
    if not record.tricks:
        lines.append("  " + _("(none yet)"))
    tricks = [*played.tricks]
    if played.current_trick.cards:
        tricks.append(played.current_trick)
    for trick in tricks:
        plays = "  ".join(f"{seat.letters} {card_label(card, symbols)}" for seat, card in trick.plays)
        result = (
            _("won by {seat}").format(seat=seat_word(trick.winner)) if trick.winner is not None else _("(in progress)")
        )
        lines.append(f"  {trick.number:>2}. {plays}   {result}")
        note = record.annotation_for(trick=trick.number)
        if note:
            lines.append(f"      > {printable(note)}")
        for card, text in record.card_annotations(trick.number):
            lines.append(f"      > {card_label(card, symbols)}: {printable(text)}")
    lines.append("")
    if played.is_complete:
        score = played.score(bags=record.bags)
        won = ", ".join(f"{seat.letters} {count}" for seat, count in played.tricks_won.items())
        lines.append(_("Tricks won: {tricks}").format(tricks=won))
        lines.append(_("Score:"))
        lines.extend(f"  {line}" for line in score.lines)
    elif played.phase == "bidding":
        assert played.to_act is not None
        lines.append(_("Unfinished: bidding, {seat} to bid.").format(seat=seat_word(played.to_act)))
    else:
        assert played.to_act is not None
        lines.append(
            ngettext(
                "Unfinished: {count} of 13 tricks played, {seat} to play.",
                "Unfinished: {count} of 13 tricks played, {seat} to play.",
                len(played.tricks),
            ).format(count=len(played.tricks), seat=seat_word(played.to_act))
        )
    count = len(record.annotations)
    lines.append(
        ngettext(
            "The record is valid ({count} annotation).", "The record is valid ({count} annotations).", count
        ).format(count=count)
    )
    return lines


COMMAND = Command(
    "record",
    N_("check a game record and summarise it trick by trick"),
    configure,
    run,
    description=N_(
        "Check a game record (JSON) and print its bids and tricks with their annotations, "
        "then the score. A record with a mistake gets an error naming the field."
    ),
)
