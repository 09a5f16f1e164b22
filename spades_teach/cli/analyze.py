"""``spades-teach analyze``: what one hand is worth, by simulating the unseen cards."""

from __future__ import annotations

import argparse
from typing import Any

from spades_teach.cli.common import (
    Command,
    add_rules_options,
    argument_type,
    ascii_suits,
    can_write,
    choice_type,
    choices_metavar,
    option_value,
    parse_bids,
    parse_side_values,
    positive_type,
    rules_from_args,
    seed_type,
    stdout,
)
from spades_teach.game.bids import Bid
from spades_teach.i18n import N_, _, format_signed, join_clauses, ngettext, pgettext

#: analysis.simulate.METHODS, written here so that the command line starts without the simulation
#: (tests/test_cli_analyze.py holds the two equal).
_METHODS = ("playout", "double_dummy")


#: How ``--method`` plays the sampled deals out.
def _finite(interval: tuple[float, float]) -> list[float] | None:
    """An interval for JSON: ``None`` when it is unbounded (too few samples)."""
    import math

    return list(interval) if all(math.isfinite(v) for v in interval) else None


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "hand", metavar=_("HAND"), help=_("the 13 cards, as 'AK52.K52.Q73.A94' (spades first) or 'AS KS 5H ...'")
    )
    parser.add_argument(
        "--samples", type=positive_type, default=200, metavar=_("SAMPLES"), help=_("deals to simulate (default 200)")
    )
    parser.add_argument(
        "--method",
        type=choice_type(_METHODS),
        metavar=choices_metavar(_METHODS),
        default="playout",
        help=_("play each deal out with the medium bots, or solve it double dummy (slower) (default {default})").format(
            default=option_value("playout")
        ),
    )
    parser.add_argument(
        "--seed", type=seed_type, default=0, metavar=_("SEED"), help=_("the seed of the simulation (default 0)")
    )
    parser.add_argument(
        "--seat", default="S", metavar=_("SEAT"), help=_("the seat holding the hand, N, E, S or W (default S)")
    )
    parser.add_argument(
        "--dealer",
        default="W",
        metavar=_("DEALER"),
        help=_("the dealer; bidding starts at the dealer's left (default W)"),
    )
    parser.add_argument(
        "--bids",
        type=argument_type(parse_bids),
        metavar=_("SEAT=BID,..."),
        help=_("bids already made by the seats before yours, as 'N=nil,E=3'"),
    )
    parser.add_argument(
        "--scores", metavar=_("SIDE=POINTS,..."), help=_("the match score before this hand, as 'NS=120,EW=250'")
    )
    parser.add_argument(
        "--bags", metavar=_("SIDE=BAGS,..."), help=_("the bag counters before this hand, as 'NS=8,EW=2'")
    )
    parser.add_argument(
        "--workers",
        type=positive_type,
        default=None,
        metavar=_("WORKERS"),
        help=_("processes to run the samples on (default: the local cores; 1 runs them in this process)"),
    )
    parser.add_argument("--json", action="store_true", help=_("print the analysis as JSON"))
    add_rules_options(parser)


def run(args: argparse.Namespace) -> int:
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
    out = stdout()
    if args.json:
        data = {
            "hand": str(result.hand),
            "seat": result.seat.name,
            "method": result.method,
            "samples": result.samples,
            "seed": args.seed,
            "best_bid": _json_bid(result.best_bid),
            "best_interval": _finite(result.best_interval),
            "runner_up": _json_bid(result.runner_up) if result.runner_up is not None else None,
            "margin_interval": _finite(result.margin_interval),
            "expected_scores": {str(b): v for b, v in result.expected_scores.items()},
            "blind_nil_score": result.blind_nil_score,
            "make_probability": {str(b): p for b, p in result.make_probability.items()},
            "seat_tricks": {str(t): c for t, c in result.seat_tricks.items()},
            "side_tricks": {str(t): c for t, c in result.side_tricks.items()},
            "summary": result.summary,
            "details": result.details,
        }
        print(json.dumps(data, indent=2, ensure_ascii=False), file=out)
        return 0
    symbols = can_write(out, "♠♥♦♣−")
    for line in (result.summary, result.details):  # the plain words, then the figures behind them
        print(line if symbols else ascii_suits(line), file=out)
    print("", file=out)
    headers = pgettext("column header", "bid"), pgettext("column header", "made"), _("expected score")
    wide, made_wide = max(4, len(headers[0])), max(5, len(headers[1]))  # the columns fit their headings
    print(f"  {headers[0]:<{wide}}  {headers[1]:>{made_wide}}   {headers[2]}", file=out)
    for bid, mean in result.expected_scores.items():
        label = _("Nil") if bid == 0 else str(bid)
        mark = "*" if int(result.best_bid) == bid and not result.best_bid.blind else " "
        made = _("{percent}%").format(percent=round(100 * result.make_probability[bid]))
        print(f"{mark} {label:>{wide}}  {made:>{made_wide}}  {_signed(mean):>8}", file=out)
    if result.blind_nil_score is not None:
        mark = "*" if result.best_bid.blind else " "
        blind = _("Blind Nil")
        print(f"{mark} {blind:>{wide}}  {'':>{made_wide}}  {_signed(result.blind_nil_score):>8}", file=out)
    print("", file=out)
    print(_side_tricks_line(result.side_tricks), file=out)
    return 0


def _side_tricks_line(side_tricks: dict[int, int]) -> str:
    """How many of the simulated deals gave the side each number of tricks, in words:
    ``your side's tricks over the deals: 4 tricks in 1 deal; 5 tricks in 2 deals …``."""
    counts = [
        ngettext("{tricks} in {count} deal", "{tricks} in {count} deals", count).format(
            tricks=ngettext("{count} trick", "{count} tricks", tricks).format(count=tricks), count=count
        )
        for tricks, count in side_tricks.items()
    ]
    return _("your side's tricks over the deals: {counts}").format(counts=join_clauses(counts))


def _signed(value: float) -> str:
    """``+12.5``, ``−3.0``: a mean score with its sign and one decimal, written as the language writes
    a number (its decimal mark, the true minus sign)."""
    return format_signed(value, 1)


COMMAND = Command(
    "analyze",
    N_("what one hand is worth: simulate the unseen cards and score every bid"),
    configure,
    run,
    description=N_(
        "Deal the 39 unseen cards many times (consistent with the bids already made), find "
        "the tricks your side takes by bot playout or by double-dummy solving, and print the chance of "
        "making each bid, its average score and the best bid, with a confidence interval at 95%."
    ),
)


def _json_bid(bid: Bid) -> str:
    """A bid in the JSON output: the same English words in every language (``Nil``, ``Blind Nil``, ``4``)."""
    if int(bid) == 0:
        return "Blind Nil" if bid.blind else "Nil"
    return str(int(bid))
