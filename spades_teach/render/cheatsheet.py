"""The one-page cheat sheet, drawn from the library so it never drifts from it.

- the count's values, read from the bid advisor's own table (:data:`~spades_teach.advice.bidding.ITEM_VALUES`);
- the scoring table, every line computed by :func:`~spades_teach.game.scoring.score_round`;
- the Nil checklist, the items of ``assess_nil(...).checklist``
  (:class:`~spades_teach.advice.bidding.NilCheck`), the same words the bid advisor and the Nil
  chapter use.

>>> rows = count_value_rows()
>>> ("ace", 1.0) in rows
True
>>> scoring_rows()[0]
('bid 4, take 4', 'NS bid 4 and took 4: 40')
>>> nil_checklist_items()[0]
'no A♠ or K♠'
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from itertools import groupby

from spades_teach.advice._words import number
from spades_teach.advice.bid_count import ITEM_VALUES
from spades_teach.advice.nil_check import assess_nil
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import score_round
from spades_teach.i18n import N_, _, join_clauses, pgettext

__all__ = [
    "count_value_rows",
    "count_values_html",
    "scoring_rows",
    "scoring_html",
    "nil_checklist_items",
    "nil_checklist_html",
    "CheatSheet",
]

#: The tables' own look (left-aligned, as a sheet is read), so each part can be shown alone.
_TABLE_STYLE = (
    "<style>.st-cheat{font-family:sans-serif}.st-cheat caption{font-weight:700;text-align:left}"
    ".st-cheat td,.st-cheat th{padding:.1em .5em;border-bottom:1px solid #ccc;text-align:left !important}"
    ".st-cheat tbody+tbody tr:first-child td{border-top:2px solid #888}"
    "</style>"
)

_FRACTIONS = {0.25: "¼", 0.5: "½", 0.75: "¾", 1.0: "1", 0.0: "0", -0.25: "−¼", -0.5: "−½"}

#: Any hand: the checklist's items are the same words for every hand, only ``ok`` differs.
_NIL_PROBE = "3.J962.T8742.Q84"


def _fraction(value: float) -> str:
    found = _FRACTIONS.get(value)
    return found if found is not None else number(value)


def count_value_rows() -> list[tuple[str, float]]:
    """Each item of the advisor's count with its value in tricks, as the advisor uses them
    (the item's English key: :func:`count_values_html` shows it in the language in use)."""
    return list(ITEM_VALUES.items())


def _count_group(item: str) -> int:
    """The part of the count an item (its English key) belongs to, in the order of the advisor's
    table: 0 spades, 1 side-suit honours, 2 long side cards, 3 ruffs from short side suits.

    >>> [group for group, _rows in groupby(count_value_rows(), key=lambda row: _count_group(row[0]))]
    [0, 1, 2, 3]
    """
    if item.startswith(("void", "singleton", "doubleton")):
        return 3
    if item.startswith("long side card"):
        return 2
    if "♠" in item or item.endswith("spade"):
        return 0
    return 1


def count_values_html() -> str:
    """The count's values as a table: sure tricks first, then each item and its worth, one row group
    (``tbody``, a line above it) for each part of the count (:func:`_count_group`)."""
    sure = _("A♠, and each spade in an unbroken run down from it: a sure trick")
    bodies = []
    for group, rows in groupby(count_value_rows(), key=lambda row: _count_group(row[0])):
        first = f"<tr><td>{html.escape(sure)}</td><td>1</td></tr>" if group == 0 else ""
        named = ((html.escape(_(item)), _fraction(value)) for item, value in rows)  # item: an N_ key
        cells = "".join(f"<tr><td>{item}</td><td>{worth}</td></tr>" for item, worth in named)
        bodies.append(f"<tbody>{first}{cells}</tbody>")
    caption, holding, worth = (
        html.escape(_(words)) for words in (N_("The count (tricks)"), N_("holding"), N_("worth"))
    )
    return (
        _TABLE_STYLE
        + f'<table class="st-cheat"><caption>{caption}</caption>'
        + f"<thead><tr><th>{holding}</th><th>{worth}</th></tr></thead>"
        + "".join(bodies)
        + "</table>"
    )


def _lines(bids: dict[str, object], tricks: dict[str, int], *, bags: int = 0) -> list[str]:
    """North–South's lines of ``score_round`` for one hand (East and West take the rest)."""
    rest = 13 - tricks["N"] - tricks["S"]
    all_bids = {**bids, "E": 1, "W": 1}
    all_tricks = {**tricks, "E": rest // 2, "W": rest - rest // 2}
    score = score_round(all_bids, all_tricks, bags={"NS": bags}, rules=Rules(blind_nil=True))  # type: ignore[arg-type]
    return list(score.sides["NS"].lines[:-1])  # North–South's lines, without the hand's total


def scoring_rows() -> list[tuple[str, str]]:
    """The scoring table: each case and the engine's own lines for it (``score_round``),
    in the language in use."""
    return [(_(label), join_clauses(_lines(bids, tricks, bags=bags))) for label, bids, tricks, bags in _CASES]


#: The scoring table's cases: the label (translated when shown), North's and South's bids
#: and tricks, and the bags North–South carry in.
_CASES: list[tuple[str, dict[str, object], dict[str, int], int]] = [
    (N_("bid 4, take 4"), {"N": 2, "S": 2}, {"N": 2, "S": 2}, 0),
    (N_("bid 4, take 6"), {"N": 2, "S": 2}, {"N": 3, "S": 3}, 0),
    (N_("bid 4, take 3"), {"N": 2, "S": 2}, {"N": 2, "S": 1}, 0),
    (N_("bid 4, take 5, with 9 bags carried"), {"N": 2, "S": 2}, {"N": 3, "S": 2}, 9),
    (N_("Nil made (partner bid 4, took 4)"), {"N": "nil", "S": 4}, {"N": 0, "S": 4}, 0),
    (N_("Nil failed with one trick (partner bid 4, took 4)"), {"N": "nil", "S": 4}, {"N": 1, "S": 4}, 0),
    (N_("blind Nil made (partner bid 4, took 4)"), {"N": "blind nil", "S": 4}, {"N": 0, "S": 4}, 0),
]


def scoring_html() -> str:
    """The scoring table as HTML."""
    body = "".join(f"<tr><td>{html.escape(a)}</td><td>{html.escape(b)}</td></tr>" for a, b in scoring_rows())
    caption, hand, score = (html.escape(text) for text in (_("Scoring a team"), pgettext("round", "hand"), _("score")))
    return f'<table class="st-cheat"><caption>{caption}</caption><tr><th>{hand}</th><th>{score}</th></tr>{body}</table>'


def nil_checklist_items() -> list[str]:
    """The Nil checklist: the item of each :class:`~spades_teach.advice.bidding.NilCheck` that
    ``assess_nil(...).checklist`` gives, in order (a hand fits a Nil when it passes them all)."""
    return [check.item for check in assess_nil(_NIL_PROBE).checklist]


def nil_checklist_html() -> str:
    """The Nil checklist as an HTML list."""
    items = "".join(f"<li>{html.escape(line)}</li>" for line in nil_checklist_items())
    title = html.escape(_("Nil checklist: a hand for Nil passes every item"))
    return (
        _TABLE_STYLE
        + f'<div class="st-cheat"><b>{title}</b>'
        + f"<ul>{items}</ul>"
        + "<small>"
        + html.escape(_("A hand that misses only a small item may still fit; the bid advisor weighs each one."))
        + "</small></div>"
    )


#: On screen a grid of the three parts; printed, the sheet alone on one page: every element of the
#: page that neither holds the sheet nor sits inside it is left out (the book's menus, the glossary, the
#: chapter's prose), and the elements that hold it lose their margins and fixed widths. The count, the
#: longest part, fills the left half of the page, the Nil checklist and the scoring table stand one
#: above the other on the right (a page of A4 or Letter holds it in English, French and Spanish). The
#: tables size their columns by their content (a notebook's own tables have fixed, equal columns), so
#: a worth takes only the room of its figure and an item rarely wraps.
_STYLE = (
    "<style>.st-cheatsheet{font-family:sans-serif;font-size:.9em;display:grid;"
    "grid-template-columns:repeat(auto-fit,minmax(18em,1fr));gap:.8em}"
    ".st-cheatsheet-title{grid-column:1/-1;margin:0;font-size:1.2em}"
    ".st-cheatsheet-note{margin:.3em 0;font-size:.95em}"
    ".st-cheatsheet table{table-layout:auto!important}"
    ".st-cheat-count td+td{width:1%;white-space:nowrap}"
    "@media print{@page{margin:12mm}"
    "body *:not(:has(.st-cheatsheet)):not(.st-cheatsheet):not(.st-cheatsheet *){display:none!important}"
    "body *:has(.st-cheatsheet){display:block!important;position:static!important;margin:0!important;"
    "padding:0!important;border:0!important;width:auto!important;max-width:none!important;"
    "height:auto!important;overflow:visible!important;box-shadow:none!important;background:none!important}"
    ".st-cheatsheet{font-size:8.5pt;grid-template-columns:1fr 1fr;grid-template-rows:auto auto 1fr;"
    "gap:3mm 5mm;align-items:start;break-inside:avoid}"
    ".st-cheatsheet *{font-size:inherit!important;line-height:1.25!important}"
    ".st-cheatsheet td,.st-cheatsheet th{padding:.08em .4em!important}"
    ".st-cheatsheet ul{margin:.2em 0!important;padding-left:1.2em!important}"
    ".st-cheatsheet p,.st-cheatsheet li{margin:.1em 0!important}"
    ".st-cheatsheet .st-cheatsheet-title{font-size:13pt!important}"
    ".st-cheatsheet caption{font-size:10pt!important}"
    ".st-cheatsheet .st-cheat-count{grid-column:1;grid-row:2/span 2}"
    ".st-cheatsheet .st-cheat-nil{grid-column:2;grid-row:2}"
    ".st-cheatsheet .st-cheat-scoring{grid-column:2;grid-row:3}"
    ".st-cheatsheet table{width:100%}}</style>"
)


def _note(text: str) -> str:
    return f'<p class="st-cheatsheet-note">{html.escape(text)}</p>'


@dataclass(frozen=True)
class CheatSheet:
    """The whole sheet; shows itself in a notebook, and prints alone on one page."""

    def _repr_html_(self) -> str:
        rules = Rules()
        title = html.escape(_("Spades cheat sheet"))
        count = _note(_("Add up your hand, round down, and bid that number."))
        match = _note(
            _(
                "{bags} bags on the counter cost {penalty} points; the first side to {target} wins, "
                "and a side at {limit} loses."
            ).format(
                bags=rules.bag_limit,
                penalty=rules.bag_penalty,
                target=rules.target,
                limit=f"−{abs(rules.loss_limit or 200)}",
            )
        )
        return (
            _STYLE
            + '<div class="st-cheatsheet">'
            + f'<h3 class="st-cheatsheet-title">{title}</h3>'
            + f'<div class="st-cheat-count">{count_values_html()}{count}</div>'
            + f'<div class="st-cheat-nil">{nil_checklist_html()}</div>'
            + f'<div class="st-cheat-scoring">{scoring_html()}{match}</div>'
            + "</div>"
        )
