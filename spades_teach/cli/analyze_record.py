"""``spades-teach analyze-record``: what each card of a game record cost, by double dummy."""

from __future__ import annotations

import argparse

from spades_teach.cli.common import Command, ascii_suits, card_label
from spades_teach.cli.record import record_from_args
from spades_teach.game.notation import seat_word
from spades_teach.game.records import GameRecord
from spades_teach.game.round import PlayEvent
from spades_teach.i18n import N_, _, format_number, ngettext


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", metavar=_("FILE"), help=_("the record to analyse, a JSON file ('-' reads standard input)")
    )
    parser.add_argument(
        "--ascii", action="store_true", help=_("write plain ASCII: suits as the letters S H D C, and no other symbols")
    )
    parser.add_argument(
        "--costly-only", action="store_true", help=_("print only the cards that cost points or lost a Nil")
    )


def run(args: argparse.Namespace) -> int:
    from spades_teach.analysis.card_cost import card_costs

    record, out, symbols = record_from_args(args)
    costs = card_costs(record)
    for review in costs:
        bad = review.cost > 0 or review.nil_lost
        if args.costly_only and not bad:
            continue
        mark = "✗" if bad and symbols else ("x" if bad else " ")
        explanation = review.explanation if symbols else ascii_suits(review.explanation)
        trick = _("trick {number}").format(number=f"{review.trick:>2}")
        print(
            f"{mark} {trick}  {seat_word(review.seat):<5} {card_label(review.card, symbols):>4}  {explanation}",
            file=out,
        )
    costly = sum(1 for review in costs if review.cost > 0)
    lost = sum(review.cost for review in costs if review.cost > 0)
    nils = sum(1 for review in costs if review.nil_lost)
    summary = ngettext(
        "{count} card reviewed: {costly} cost points ({lost} in all, each side's score minus the other's, "
        "bags charged)",
        "{count} cards reviewed: {costly} cost points ({lost} in all, each side's score minus the other's, "
        "bags charged)",
        len(costs),
    ).format(count=len(costs), costly=costly, lost=format_number(lost, 0 if float(lost).is_integer() else 1))
    if nils:
        summary = ngettext(
            "{summary}, {count} lost a makeable Nil", "{summary}, {count} lost a makeable Nil", nils
        ).format(summary=summary, count=nils)
    print(summary, file=out)
    renege = _first_renege(record)
    if renege is not None:
        number, event = renege
        print(
            _(
                "The review stops at card {number} (trick {trick}): {seat} reneged with {card}, which is not "
                "a legal card, so the solver cannot judge it or the cards after it."
            ).format(
                number=number,
                trick=(number - 1) // 4 + 1,
                seat=seat_word(event.seat),
                card=card_label(event.card, symbols),
            ),
            file=out,
        )
    return 0


def _first_renege(record: GameRecord) -> tuple[int, PlayEvent] | None:
    """The place (1-52) and the event of the first renege of a hand, if any."""
    plays = [e for e in record.round().history if isinstance(e, PlayEvent)]
    return next(((n, e) for n, e in enumerate(plays, start=1) if e.renege), None)


COMMAND = Command(
    "analyze-record",
    N_("what each card cost: a double-dummy review of a game record"),
    configure,
    run,
    description=N_(
        "Review every card of a game record with the exact double-dummy solver (all hands "
        "known, best play by everyone): the tricks the player's side could still take before and after "
        "the card, the cards that cost tricks and what would have kept them, and where a makeable Nil "
        "was lost."
    ),
)
