"""The figures of the calibration appendix (chapter 17), kept out of the chapter itself.

Each function takes the study's rows (dicts with ``count_before``, ``count_after``,
``simulated``, ``best_bid``, ``regret_before``, ``regret_after`` and ``features``;
``taken=`` names another column of tricks taken, such as the tricks of expert
play) and draws one figure: with matplotlib when it is installed, else as SVG (:mod:`spades_teach.render.charts`).
:func:`bias_by` is the plain number behind the bar charts.

>>> rows = [{"count_before": 3.0, "count_after": 3.5, "simulated": 4.0, "features": {"aces": "1"}}]
>>> bias_by(rows, "aces", "count_before")
[('1', 1, -1.0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spades_teach.advice.principles import PRINCIPLES
from spades_teach.analysis.calibration import feature_value_label
from spades_teach.i18n import N_, _, format_number, format_percent, ngettext
from spades_teach.render.charts import pyplot
from spades_teach.render.html import STACKED_TABLE_STYLE

#: The titles of the bias charts by feature (translated when drawn).
_BY_FEATURE = {
    "spades": N_("by number of spades"),
    "voids": N_("by number of voids"),
    "aces": N_("by number of aces"),
}

__all__ = [
    "bias_by",
    "count_groups",
    "plot_bias_by_feature",
    "plot_count_against_tricks",
    "plot_regret_by_best_bid",
    "plot_side_count",
    "principle_table",
    "second_look_table",
]

Row = dict[str, Any]


def count_groups(
    rows: Sequence[Row], key: str, *, smallest: int = 10, taken: str = "simulated", top: int = 8
) -> list[tuple[float, float, int]]:
    """Hands grouped by their whole count (``top`` and up together): ``(mean count, mean tricks taken, hands)``
    for each group of at least ``smallest`` hands."""
    groups: dict[int, list[Row]] = {}
    for r in rows:
        groups.setdefault(min(int(r[key] + 1e-9), top), []).append(r)
    points = []
    for _value, members in sorted(groups.items()):
        if len(members) >= smallest:
            count = sum(r[key] for r in members) / len(members)
            mean = sum(r[taken] for r in members) / len(members)
            points.append((count, mean, len(members)))
    return points


def bias_by(rows: Sequence[Row], feature: str, count: str, *, taken: str = "simulated") -> list[tuple[str, int, float]]:
    """For each value of a hand feature: ``(value, hands, mean of count − tricks taken)``."""
    groups: dict[str, list[float]] = {}
    for r in rows:
        groups.setdefault(r["features"][feature], []).append(r[count] - r[taken])
    order = sorted(groups, key=lambda v: (int("".join(ch for ch in v if ch.isdigit()) or 100), v))
    return [(value, len(groups[value]), sum(groups[value]) / len(groups[value])) for value in order]


def plot_count_against_tricks(
    rows: Sequence[Row], *, taken: str = "simulated", label: str = N_("tricks taken in the playouts (average)")
) -> None:
    """The count of each group of hands against the tricks they took (column ``taken``,
    axis ``label``), before and after."""
    plt = pyplot()

    _fig, ax = plt.subplots(figsize=(6, 5))
    for key, name, marker in [("count_before", N_("before"), "o"), ("count_after", N_("after"), "s")]:
        points = count_groups(rows, key, taken=taken)
        ax.plot([p[0] for p in points], [p[1] for p in points], marker=marker, label=_(name))
    ax.plot([0, 9], [0, 9], color="grey", linestyle="--", linewidth=1, label=_("calibrated"))
    ax.set_xlabel(_("the advisor's count (average of the group)"))
    ax.set_ylabel(_(label))
    ax.set_title(_("Hands grouped by their count"))
    ax.legend()
    plt.show()


def plot_bias_by_feature(
    rows: Sequence[Row], features: Sequence[str] = ("spades", "voids", "aces"), *, taken: str = "simulated"
) -> None:
    """The bias before and after, one bar chart per feature, hands per bar in brackets."""
    plt = pyplot()

    _fig, axes = plt.subplots(
        1, len(features), figsize=(13, 4), sharey=True, gridspec_kw={"width_ratios": [2.2, 1, 1.6]}
    )
    for ax, feature in zip(axes, features):
        before = bias_by(rows, feature, "count_before", taken=taken)
        after = bias_by(rows, feature, "count_after", taken=taken)
        x = range(len(before))
        ax.bar([i - 0.2 for i in x], [b for _v, _n, b in before], width=0.4, label=_("before"))
        ax.bar([i + 0.2 for i in x], [b for _v, _n, b in after], width=0.4, label=_("after"))
        ax.set_xticks(list(x), [f"{feature_value_label(v)}\n({n})" for v, n, _b in before], fontsize=8)
        ax.axhline(0, color="grey", linewidth=1)
        ax.set_title(
            _(_BY_FEATURE[feature]) if feature in _BY_FEATURE else _("by number of {feature}").format(feature=feature)
        )
    axes[0].set_ylabel(_("bias: count − tricks taken"))
    axes[0].legend()
    plt.show()


def plot_regret_by_best_bid(rows: Sequence[Row], *, smallest: int = 10) -> None:
    """The points the advised bid lost, by the simulation's best bid (rare bids left out)."""
    plt = pyplot()

    _fig, ax = plt.subplots(figsize=(7, 3.5))
    for key, label in [("regret_before", N_("before")), ("regret_after", N_("after"))]:
        by_bid: dict[int, list[float]] = {}
        for r in rows:
            by_bid.setdefault(r["best_bid"], []).append(r[key])
        bids = sorted(b for b in by_bid if len(by_bid[b]) >= smallest)
        ax.plot(bids, [sum(by_bid[b]) / len(by_bid[b]) for b in bids], marker="o", label=_(label))
    ax.set_xlabel(_("the simulation's best bid for the hand (0 = Nil)"))
    ax.set_ylabel(_("points lost by the advised bid"))
    ax.set_title(_("What the advised bid costs, by the size of the hand"))
    ax.legend()
    plt.show()


def plot_side_count(rows: Sequence[Row], *, smallest: int = 10) -> None:
    """Partnerships grouped by their summed count (``count``): the tricks they took
    in expert play (``expert``) and double dummy (``dd``), against the diagonal."""
    plt = pyplot()

    _fig, ax = plt.subplots(figsize=(6, 5))
    for key, name, marker in [("expert", N_("expert play"), "o"), ("dd", N_("double dummy"), "^")]:
        points = count_groups(rows, "count", smallest=smallest, taken=key, top=11)
        ax.plot([p[0] for p in points], [p[1] for p in points], marker=marker, label=_(name))
    ax.plot([0, 10], [0, 10], color="grey", linestyle="--", linewidth=1, label=_("count = tricks"))
    ax.set_xlabel(_("the partnership's two counts added (average of the group)"))
    ax.set_ylabel(_("tricks the partnership took (average)"))
    ax.set_title(_("Partnerships grouped by their count"))
    ax.legend()
    plt.show()


#: The rule sets of the stored principle study, as the table names them (translated when shown).
RULE_SET_TITLES = {
    "standard": N_("standard rules"),
    "two_of_clubs": N_("2♣ leads the first trick"),
    "no_nil": N_("no Nil"),
    "bags_5_50": N_("5 bags cost 50"),
}


def _rule_set_title(key: str, rule_set: dict[str, Any]) -> str:
    return _(RULE_SET_TITLES[key]) if key in RULE_SET_TITLES else str(rule_set["name"])


#: Fewer judged decisions than this and a principle's share is shown in brackets: too few to say much.
FEW_DECISIONS = 30


class PrincipleTable:
    """The per-principle table of chapter 17 (:func:`principle_table`): HTML in a notebook,
    plain text when printed."""

    def __init__(self, header: list[str], rows: list[list[str]], html: str) -> None:
        self.header = header
        self.rows = rows
        self.html = html

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return str(self)

    def __str__(self) -> str:
        widths = [max(len(line[i]) for line in [self.header, *self.rows]) for i in range(len(self.header))]
        lines = [self.header, *self.rows]
        return "\n".join(
            "  ".join(
                cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths, strict=True))
            )
            for line in lines
        )


def principle_table(data: dict[str, Any]) -> PrincipleTable:
    """The stored per-principle study (``spades_teach/data/principle_calibration.json``,
    made by ``benchmarks/principle_calibration.py``) as a table: one row per principle,
    and for each rule set the decisions the judge valued, the share where the principle's
    card was as good as the judge's best, the share where the judge called it a close call, and
    its average cost in points. A share over fewer than :data:`FEW_DECISIONS` decisions is in
    brackets.

    >>> data = {"rule_sets": {"standard": {"name": "standard rules", "decisions": 3, "principles": [
    ...     {"principle": "ruff", "decisions": 3, "judged": 2, "as_good": 0.5, "close": 0.5, "mean_cost": 1.25}]}}}
    >>> print(principle_table(data))
    principle  standard rules: decisions  as good  close call  cost
    ruff                               2    (50%)       (50%)   1.2
    """
    from html import escape

    keys = list(data["rule_sets"])
    sets = list(data["rule_sets"].values())
    titles = [_rule_set_title(key, rule_set) for key, rule_set in zip(keys, sets, strict=True)]
    names: dict[str, int] = {}
    for rule_set in sets:
        for line in rule_set["principles"]:
            names[line["principle"]] = names.get(line["principle"], 0) + line["judged"]
    order = sorted((n for n in names if names[n]), key=lambda n: (-names[n], n))
    cells: dict[tuple[str, int], tuple[str, str, str, str]] = {}
    for i, rule_set in enumerate(sets):
        for line in rule_set["principles"]:
            judged = line["judged"]
            if not judged:
                continue
            share, close = format_percent(line["as_good"]), format_percent(line.get("close", 0.0))
            if judged < FEW_DECISIONS:
                share, close = f"({share})", f"({close})"
            cells[(line["principle"], i)] = (str(judged), share, close, format_number(line["mean_cost"], 1))

    def title(name: str) -> str:
        return PRINCIPLES[name].title if name in PRINCIPLES else name

    header = [_("principle")]
    for title_ in titles:
        header += [_("{rules}: decisions").format(rules=title_), _("as good"), _("close call"), _("cost")]
    rows = []
    for name in order:
        row = [title(name)]
        for i in range(len(sets)):
            row += list(cells.get((name, i), ("0", "", "", "")))
        rows.append(row)
    html = [
        STACKED_TABLE_STYLE,
        '<table class="principle-calibration st-stacked">',
        "<thead><tr>",
        '<th rowspan="2">' + escape(_("principle")) + "</th>",
    ]
    captions = []
    for title_, rule_set in zip(titles, sets, strict=True):
        judged = sum(line["judged"] for line in rule_set["principles"])
        caption = ngettext("{rules} ({count} decision)", "{rules} ({count} decisions)", judged).format(
            rules=title_, count=judged
        )
        captions.append(caption)
        html.append(f'<th colspan="4">{escape(caption)}</th>')
    html.append("</tr><tr>")
    columns = [_("decisions"), _("as good"), _("close call"), _("cost")]
    for _rule_set in sets:
        html += [f"<th>{escape(column)}</th>" for column in columns]
    html.append("</tr></thead><tbody>")
    for row in rows:
        html.append(f"<tr><th>{escape(row[0])}</th>" + _grouped_cells(row[1:], captions, columns) + "</tr>")
    html.append("</tbody></table>")
    return PrincipleTable(header, rows, "".join(html))


def _grouped_cells(values: Sequence[str], groups: Sequence[str], columns: Sequence[str]) -> str:
    """A row's cells under groups of ``columns`` (one group each of ``groups``), each labelled with its
    column (and the first of a group with the group) for a phone, where the table reads as a list
    (:data:`~spades_teach.render.html.STACKED_TABLE_STYLE`)."""
    from html import escape

    cells = []
    for index, value in enumerate(values):
        group, column = divmod(index, len(columns))
        named = f' data-group="{escape(groups[group], quote=True)}"' if column == 0 else ""
        cells.append(f'<td data-label="{escape(columns[column], quote=True)}"{named}>{escape(value)}</td>')
    return "".join(cells)


def rule_set_summaries(data: dict[str, Any]) -> list[str]:
    """One line for each rule set of the stored study (``data/principle_calibration.json``), in the
    language in use: its decisions, its deals, how often the principle's card was as good as the
    best, how often a close call, and the average cost.

    >>> rule_set_summaries({"rule_sets": {"standard": {"name": "standard rules", "decisions": 2000,
    ...     "deals": 49, "as_good": 0.795, "close": 0.15, "mean_cost": 2.83}}})
    ["standard rules: 2,000 decisions from 49 deals; the principle's card as good as the best in 80% of them, a close call in 15%, cost 2.8 points on average"]
    """
    return [
        _(
            "{rule_set}: {decisions} decisions from {deals} deals; the principle's card as good as the best in "
            "{share} of them, a close call in {close}, cost {cost} points on average"
        ).format(
            rule_set=_rule_set_title(key, rule_set),
            decisions=format_number(rule_set["decisions"]),
            deals=format_number(rule_set["deals"]),
            share=format_percent(rule_set["as_good"]),
            close=format_percent(rule_set.get("close", 0.0)),
            cost=format_number(rule_set["mean_cost"], 1),
        )
        for key, rule_set in data["rule_sets"].items()
    ]


def second_look_table(data: dict[str, Any], rule_set: str = "standard") -> PrincipleTable:
    """The second look of the stored study at ``rule_set``: for each principle whose every
    decision judged not as good was judged again over more deals, the judged decisions, the
    share as good and the average cost at the first look, the decisions looked at again,
    and the share as good, the share of close calls and the cost counting the second look.

    >>> data = {"rule_sets": {"standard": {"name": "standard rules", "principles": [
    ...     {"principle": "ruff", "judged": 4, "as_good": 0.5, "mean_cost": 2.0, "rechecked": 2,
    ...      "recheck_as_good": 1, "second_look_as_good": 0.75, "second_look_close": 0.25,
    ...      "second_look_cost": 1.0}]}}}
    >>> print(second_look_table(data))
    principle  decisions  as good  cost  looked at again  as good  close call  cost
    ruff               4    (50%)   2.0                2    (75%)       (25%)   1.0
    """
    from html import escape

    lines = [
        line for line in data["rule_sets"][rule_set]["principles"] if line["judged"] and "second_look_as_good" in line
    ]
    lines.sort(key=lambda line: (-line["judged"], line["principle"]))
    header = [
        _("principle"),
        _("decisions"),
        _("as good"),
        _("cost"),
        _("looked at again"),
        _("as good"),
        _("close call"),
        _("cost"),
    ]
    rows = []
    for line in lines:
        name = line["principle"]
        share = format_percent(line["as_good"])
        second = format_percent(line["second_look_as_good"])
        close = format_percent(line.get("second_look_close", 0.0))
        if line["judged"] < FEW_DECISIONS:
            share, second, close = f"({share})", f"({second})", f"({close})"
        rows.append(
            [
                PRINCIPLES[name].title if name in PRINCIPLES else name,
                str(line["judged"]),
                share,
                format_number(line["mean_cost"], 1),
                str(line["rechecked"]),
                second,
                close,
                format_number(line["second_look_cost"], 1),
            ]
        )
    html = [
        STACKED_TABLE_STYLE,
        '<table class="principle-calibration st-stacked">',
        "<thead><tr>",
        '<th rowspan="2">' + escape(_("principle")) + "</th>",
    ]
    html.append(
        '<th colspan="3">'
        + escape(_("first look"))
        + '</th><th colspan="4">'
        + escape(_("with the second look"))
        + "</th>"
    )
    html.append("</tr><tr>")
    html += [f"<th>{escape(h)}</th>" for h in header[1:]]
    html.append("</tr></thead><tbody>")
    looks = [_("first look"), _("with the second look")]
    for row in rows:
        columns = [header[1:4], header[4:8]]
        cells = _grouped_cells(row[1:4], looks[:1], columns[0]) + _grouped_cells(row[4:], looks[1:], columns[1])
        html.append(f"<tr><th>{escape(row[0])}</th>{cells}</tr>")
    html.append("</tbody></table>")
    return PrincipleTable(header, rows, "".join(html))
