"""``spades-teach record``: check a game record and summarise it trick by trick."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from spades_teach._text import plural, printable
from spades_teach.cli.common import Command, can_write, card_text, stdout
from spades_teach.cli.deal import table_text
from spades_teach.errors import RecordError
from spades_teach.game.records import MAX_RECORD_SIZE, GameRecord, load, loads


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="the record to check, a JSON file ('-' reads standard input)")
    parser.add_argument(
        "--ascii", action="store_true", help="write plain ASCII: suits as the letters S H D C, and no other symbols"
    )


def record_from_args(args: argparse.Namespace) -> tuple[GameRecord, TextIO, bool]:
    """The record named by ``args.file`` ('-': standard input), the output stream, and
    whether suit symbols can be written to it."""
    try:
        record = loads(_read_stdin()) if args.file == "-" else load(args.file)
    except RecordError as exc:
        raise RecordError(f"{args.file}: {exc}") from None
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
        plays = "  ".join(f"{seat.name} {card_text(card, symbols)}" for seat, card in trick.plays)
        result = f"won by {trick.winner.word}" if trick.winner is not None else "(in progress)"
        lines.append(f"  {trick.number:>2}. {plays}   {result}")
        note = record.annotation_for(trick=trick.number)
        if note:
            lines.append(f"      > {printable(note)}")
        for card, text in record.card_annotations(trick.number):
            lines.append(f"      > {card_text(card, symbols)}: {printable(text)}")
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


COMMAND = Command(
    "record",
    "check a game record and summarise it trick by trick",
    configure,
    run,
    description="Check a game record (JSON) and print its bids and tricks with their annotations, "
    "then the score. A record with a mistake gets an error naming the field.",
)
