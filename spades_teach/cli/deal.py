"""``spades-teach deal``: deal a hand and lay it out around the table."""

from __future__ import annotations

import argparse
import secrets

from spades_teach.cli.common import Command, UsageError, can_write, seed_type, stdout
from spades_teach.game.cards import Hand, Suit
from spades_teach.game.deals import Deal, deal
from spades_teach.game.notation import rank_face, seat_word
from spades_teach.game.seating import Seat
from spades_teach.i18n import N_, _


def configure(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--seed",
        type=seed_type,
        metavar=_("SEED"),
        help=_(
            "deal from this seed: the same seed gives the same cards everywhere; digits make an integer "
            "seed, anything else a text seed (default: a fresh random seed, printed so you can deal it again)"
        ),
    )
    source.add_argument(
        "--code", metavar=_("CODE"), help=_("rebuild the deal (and its dealer) from a 20-character deal code")
    )
    source.add_argument("--today", action="store_true", help=_("the deal of the day for today's date"))
    source.add_argument("--date", metavar=_("YYYY-MM-DD"), help=_("the deal of the day for that date"))
    parser.add_argument(
        "--dealer",
        metavar=_("DEALER"),
        help=_(
            "the dealer, N, E, S or W, with --seed or a random deal (default N); "
            "a deal code or a date fixes its own dealer"
        ),
    )
    parser.add_argument(
        "--ascii", action="store_true", help=_("write plain ASCII: suits as the letters S H D C, and no other symbols")
    )


def run(args: argparse.Namespace) -> int:
    out = stdout()
    seed: int | str | None = args.seed
    if args.dealer is not None and (args.code or args.today or args.date):
        raise UsageError(_("--dealer goes with --seed or a random deal: a deal code or a date fixes the dealer"))
    if args.code:
        the_deal = Deal.from_code(args.code)
        origin = _("deal code {code}").format(code=the_deal.code)
    elif args.today or args.date:
        the_deal = Deal.of_the_day(args.date)
        origin = _("deal of the day, {date}").format(date=args.date) if args.date else _("deal of the day, today")
    else:
        if seed is None:
            seed = secrets.randbits(32)
        dealer = Seat.coerce(args.dealer) if args.dealer is not None else Seat.N
        the_deal = deal(seed, dealer=dealer)
        origin = _("seed {seed}").format(seed=repr(seed) if isinstance(seed, str) else seed)
    symbols = not args.ascii and can_write(out, "♠♥♦♣")
    print(_("Dealer: {seat}    ({origin})").format(seat=seat_word(the_deal.dealer), origin=origin), file=out)
    print(file=out)
    print(table_text(the_deal, symbols=symbols), file=out)
    print(file=out)
    print(_("PBN:  {deal}").format(deal=the_deal), file=out)
    print(_("Code: {code}").format(code=the_deal.code), file=out)
    return 0


def suit_lines(hand: Hand, symbols: bool = True) -> list[str]:
    """One line a suit, ``♠ Q J 10 5`` (``♠ -`` for a void), the ranks as the language in use writes them
    (French ``♠ D V 10 5``)."""
    lines = []
    for suit in Suit:
        ranks = " ".join(rank_face(int(c.rank)) for c in hand.suit(suit)) or "-"
        lines.append(f"{suit.symbol if symbols else suit.letter} {ranks}")
    return lines


def table_text(the_deal: Deal, symbols: bool = True) -> str:
    """The hands laid out around a table: North on top, West and East on the sides, South below."""
    blocks = {seat: [seat_word(seat), *suit_lines(the_deal[seat], symbols)] for seat in the_deal}
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


COMMAND = Command(
    "deal",
    N_("deal a hand and lay it out around the table"),
    configure,
    run,
    description=N_(
        "Deal four hands (from a seed, a deal code, the deal of the day, or at random) and "
        "print them around a table, with the PBN-style line and the deal code."
    ),
)
