"""``spades-teach score``: score one hand and explain every point."""

from __future__ import annotations

import argparse

from spades_teach.cli.common import (
    Command,
    add_rules_options,
    option_value,
    parse_bids,
    parse_side_values,
    parse_tricks,
    rules_from_args,
    stdout,
)
from spades_teach.game.scoring import score_round
from spades_teach.i18n import N_, _, format_signed, ngettext


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bids",
        required=True,
        metavar=_("SEAT=BID,..."),
        help=_(
            "each seat's bid: a number 0-13, 'nil', 'blind nil' or 'bn' (quote a bid with a space), "
            "as in N=4,E=nil,S=3,W=3"
        ),
    )
    parser.add_argument(
        "--tricks", required=True, metavar=_("SEAT=TRICKS,..."), help=_("tricks each seat took, as in N=5,E=1,S=4,W=3")
    )
    parser.add_argument(
        "--bags",
        metavar=_("SIDE=BAGS,..."),
        help=_("bag counters carried into the hand, as in NS=8,EW=0 (N=..,S=.. with --players 2; default 0)"),
    )
    parser.add_argument(
        "--reneges",
        metavar=_("SIDE=COUNT,..."),
        help=_("reneges each side committed, scored with --renege {penalty}, as in EW=1").format(
            penalty=option_value("penalty")
        ),
    )
    add_rules_options(parser)


def run(args: argparse.Namespace) -> int:
    rules = rules_from_args(args)
    bids = parse_bids(args.bids)
    tricks = parse_tricks(args.tricks)
    bags = parse_side_values(args.bags, "--bags", rules) if args.bags else None
    reneges = parse_side_values(args.reneges, "--reneges", rules) if args.reneges else None
    result = score_round(bids, tricks, bags=bags, rules=rules, reneges=reneges)
    out = stdout()
    for line in result.lines:
        print(line, file=out)
    totals = ", ".join(
        ngettext("{side} {points} ({count} bag)", "{side} {points} ({count} bags)", result.bags[side]).format(
            side=side.letters, points=format_signed(result.points[side]), count=result.bags[side]
        )
        for side in result.points
    )
    print(file=out)
    print(_("Totals: {totals}").format(totals=totals), file=out)
    return 0


COMMAND = Command(
    "score",
    N_("score one hand and explain every point"),
    configure,
    run,
    description=N_(
        "Score one hand from the bids and the tricks taken, and explain each item "
        "(contracts, bags, Nil, bag penalty), then print the totals."
    ),
)
