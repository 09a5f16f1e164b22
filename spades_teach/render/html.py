"""HTML for notebooks: cards, hands, deals, tricks and rounds render themselves.

Only the standard library is used; widgets build on these fragments.

>>> from spades_teach import Card
>>> 'class="st-card st-red"' in card_html(Card.parse("QH"))
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from spades_teach.game.cards import Card, Hand, Suit
from spades_teach.game.notation import card_face, seat_letter, seat_word
from spades_teach.game.seating import Seat
from spades_teach.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from spades_teach.game.deals import Deal
    from spades_teach.game.round import Round, Trick

__all__ = [
    "card_html",
    "hand_html",
    "deal_html",
    "seats_html",
    "trick_html",
    "trick_plays_html",
    "round_html",
    "narration_html",
    "STYLE",
    "LIST_STYLE",
    "STACKED_TABLE_STYLE",
]

#: A round's phases as a learner reads them (translated when shown).
_PHASES = {"bidding": N_("bidding"), "play": N_("play"), "complete": N_("complete")}
#: The bids written in words (translated when shown); a number is written as it is.

STYLE = (
    "<style>"
    ".st-card{display:inline-block;min-width:2.1em;padding:.15em .25em;margin:.1em;border:1px solid #888;"
    "border-radius:.3em;background:#fff;color:#111;font-family:sans-serif;font-weight:600;text-align:center}"
    ".st-red{color:#c00}.st-hand{font-family:sans-serif;line-height:1.9}"
    ".st-suit{white-space:nowrap}.st-void{color:#595959;font-style:italic}"
    ".st-seat{font-weight:700;font-family:sans-serif}"
    # The four seats around a table (seats_html): North on top, West and East side by side, South at the
    # foot, in a box as wide as the page (the container the layout asks about); in a narrower box (a
    # phone's) West, the middle and East go one under the other, and a long suit wraps: nothing is
    # wider than the screen.
    ".st-table-box{container-type:inline-size}"
    ".st-table{display:flex;flex-direction:column;align-items:center;gap:.3em;width:fit-content;max-width:100%;"
    "margin:.3em 0;font-family:sans-serif;text-align:left}"
    ".st-table-middle-row{align-self:stretch;display:flex;flex-wrap:wrap;justify-content:space-around;"
    "align-items:center;gap:.3em 1.6em}"
    "@container (min-width:36em){.st-table-middle-row{flex-wrap:nowrap}}"
    ".st-table-hand{min-width:16em;max-width:100%}.st-table .st-suit{white-space:normal}"
    ".st-table-middle{text-align:center}"
    "</style>"
)


#: A data table that reads as a list on a phone (``class="st-stacked"``): each row a block, each cell
#: a line after its column's name (its ``data-label``; the first cell of a group of columns names the
#: group too, its ``data-group``), the header row left out (the labels say it again), nothing wider
#: than the screen. A wider window shows the table as it is.
STACKED_TABLE_STYLE = (
    "<style>@media (max-width:640px){"
    "table.st-stacked,table.st-stacked>tbody,table.st-stacked>tbody>tr,table.st-stacked>tbody>tr>th,"
    "table.st-stacked>tbody>tr>td{display:block;width:auto;text-align:left}"
    "table.st-stacked>thead{display:none}"
    "table.st-stacked>tbody>tr{margin:.4em 0;padding:.2em 0 .4em;border-bottom:1px solid #ccd}"
    "table.st-stacked>tbody>tr>td{padding:.05em 0 .05em 1em}"
    'table.st-stacked td[data-label]::before{content:attr(data-label) ": ";font-weight:600}'
    'table.st-stacked td[data-group]::before{content:attr(data-group) "\\A" attr(data-label) ": ";'
    "white-space:pre-wrap}"
    "}</style>"
)
#: A list of terms and their meaning (``dl.st-glossary``, ``dl.st-summary``): each term on its own line,
#: its meaning under it, the same in JupyterLab, Voila and the book, and on a phone.
LIST_STYLE = (
    "<style>.st-glossary dt,.st-summary dt{float:none;width:auto;margin:.6em 0 0}"
    ".st-glossary dd,.st-summary dd{margin:0 0 0 1.5em}</style>"
)


def card_html(card: Card) -> str:
    """One card as a small inline box: rank and suit symbol, red for hearts and diamonds."""
    red = " st-red" if card.suit.is_red else ""
    label = html.escape(card.pretty)
    return f'<span class="st-card{red}" title="{card}">{label}</span>'


def _cards_html(cards: Iterable[Card]) -> str:
    return "".join(card_html(c) for c in cards)


def hand_html(hand: Hand, *, style: bool = True) -> str:
    """A hand suit by suit, spades first, high to low; a hand with no cards left (a hand played
    out) is one dash, not four voids."""
    if not hand:
        return (STYLE if style else "") + '<div class="st-hand"><span class="st-void">—</span></div>'
    rows = []
    void = html.escape(_("void"))
    for suit in Suit:
        cards = hand.suit(suit)
        body = _cards_html(cards) if cards else f'<span class="st-void">{void}</span>'
        rows.append(f'<div class="st-suit">{body}</div>')
    return (STYLE if style else "") + f'<div class="st-hand">{"".join(rows)}</div>'


def seats_html(cells: Mapping[Seat, str], middle: str = "") -> str:
    """What sits at each seat (``cells``, HTML; a seat left out is left empty) around a table, North on
    top, West and East on the sides, South at the foot, and ``middle`` (HTML: the trick) between West
    and East. The picture is as wide as its hands, never wider than the page: where the page is narrow
    (a phone) West, the middle and East go one under the other (the style is :data:`STYLE`'s).

    >>> seats_html({Seat.N: "n", Seat.S: "s"}).count('class="st-table-hand')
    4
    """

    def cell(seat: Seat) -> str:
        return f'<div class="st-table-hand st-table-{seat.name}">{cells.get(seat, "")}</div>'

    centre = f'<div class="st-table-middle">{middle}</div>' if middle else ""
    return (
        '<div class="st-table-box"><div class="st-table">'
        + cell(Seat.N)
        + f'<div class="st-table-middle-row">{cell(Seat.W)}{centre}{cell(Seat.E)}</div>'
        + cell(Seat.S)
        + "</div></div>"
    )


def deal_html(deal: Deal) -> str:
    """The four hands around a table, North at the top."""

    def cell(seat: Seat) -> str:
        name = seat_word(int(seat))
        title = _("{seat} (dealer)").format(seat=name) if seat is deal.dealer else name
        return f'<div class="st-seat">{html.escape(title)}</div>' + hand_html(deal[seat], style=False)

    return STYLE + seats_html({seat: cell(seat) for seat in Seat if seat in deal})


def trick_plays_html(plays: Iterable[tuple[Seat, Card]], marks: Mapping[int, str] | None = None) -> str:
    """The cards of a trick in play order, each after its player: the card led after
    "North led" (a beginner sees who led), the others after the seat's letter (its
    word as the tooltip). ``marks`` maps a position in the trick (0-3) to extra CSS
    classes for that card.

    >>> from spades_teach.game.cards import Card
    >>> trick_plays_html([(Seat.N, Card.parse("AH")), (Seat.E, Card.parse("2H"))]).startswith(
    ...     '<span class="st-seat st-led" title="North">North led</span>')
    True
    """
    parts = []
    for i, (seat, card) in enumerate(plays):
        piece = card_html(card)
        extra = (marks or {}).get(i)
        if extra:
            piece = piece.replace('class="st-card', f'class="st-card {html.escape(extra)}', 1)
        word = html.escape(seat_word(int(seat)))
        if i == 0:
            before, after = _around_card(_("{seat} led {card}"), seat_word(int(seat)), card_face(card.index))
            label = html.escape(before.rstrip())
            parts.append(f'<span class="st-seat st-led" title="{word}">{label}</span> {piece}{html.escape(after)}')
        else:
            letter = html.escape(seat_letter(int(seat)))
            parts.append(f'<span class="st-seat" title="{word}">{letter}</span> {piece}')
    return " ".join(parts)


def _around_card(message: str, seat: str, card: str) -> tuple[str, str]:
    """The words of ``message`` (placeholders ``{seat}`` and ``{card}``) before and after the card,
    the card's article included in what comes before (Spanish « Norte salió con el »): the card
    itself is drawn apart, as a box."""
    text = message.format(seat=seat, card=card)
    at = text.rfind(str(card))
    if at < 0:  # a translation without the card: all of it before
        return text, ""
    return text[:at], text[at + len(str(card)) :]


def narration_html(lines: Iterable[str | tuple[str, str]]) -> str:
    """Lines of a told hand as wrapped prose (not a monospace box that cuts its sentences):
    each line a paragraph; a ``(lead, text)`` pair has its lead in bold ("North plays 7♥",
    then the reason).

    >>> narration_html([("North plays 7♥", "play low"), "tricks won: North 3"]).count("<p")
    2
    """
    parts = []
    for line in lines:
        if isinstance(line, tuple):
            lead, text = line
            parts.append(f'<p class="st-narration-line"><b>{html.escape(lead)}</b> {html.escape(text)}</p>')
        else:
            parts.append(f'<p class="st-narration-line">{html.escape(line)}</p>')
    return (
        "<style>.st-narration{font-family:sans-serif;max-width:48em;overflow-wrap:break-word;margin:.3em 0}"
        ".st-narration-line{margin:.15em 0;white-space:normal}</style>"
        f'<div class="st-narration">{"".join(parts)}</div>'
    )


def trick_html(trick: Trick) -> str:
    """The cards of a trick in play order, with the winner when it is complete."""
    cards = trick_plays_html(trick.plays)  # already HTML
    if trick.winner is not None:
        line = _("Trick {number}: {cards} — won by {seat}").format(
            number=trick.number, cards=cards, seat=html.escape(seat_word(int(trick.winner)))
        )
    else:
        line = _("Trick {number}: {cards}").format(number=trick.number, cards=cards)
    return STYLE + f"<div>{line}</div>"


def round_html(rnd: Round) -> str:
    """A live hand: the remaining hands, the bids, the trick in progress and tricks won."""
    hands = rnd.hands
    won = rnd.tricks_won
    bids = rnd.bids

    def cell(seat: Seat) -> str:
        bid = bids.get(seat)
        name = seat_word(int(seat))
        label = bid.label if bid is not None else ""
        playing = rnd.phase != "bidding"
        if bid is not None and playing:
            info = ngettext("{seat} — bid {bid}, {count} won", "{seat} — bid {bid}, {count} won", won[seat])
        elif bid is not None:
            info = _("{seat} — bid {bid}")
        elif playing:
            info = ngettext("{seat}, {count} won", "{seat}, {count} won", won[seat])
        else:
            info = "{seat}"
        shown = html.escape(info.format(seat=name, bid=label, count=won[seat]))
        turn = " ◀" if rnd.to_act is seat else ""
        return f'<div class="st-seat">{shown}{turn}</div>' + hand_html(hands[seat], style=False)

    trick = rnd.current_trick
    middle = " ".join(f"{html.escape(seat_letter(int(s)))} {card_html(c)}" for s, c in trick.plays) or html.escape(
        _(_PHASES[rnd.phase])
    )
    return STYLE + seats_html({seat: cell(seat) for seat in Seat if seat in hands}, middle)
