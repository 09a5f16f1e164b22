"""Step through a match hand by hand, :class:`MatchStepper`: the score sheet, the explanation, the
bag counters and a chart of the running totals, all read from the match.

>>> from spades_teach.game.match import Match
>>> m = Match()
>>> _ = m.add_result({"N": 3, "S": 3, "E": 3, "W": 4}, {"N": 5, "S": 4, "E": 2, "W": 2})
>>> _ = m.add_result({"N": 3, "S": 2, "E": 3, "W": 4}, {"N": 4, "S": 4, "E": 3, "W": 2})
>>> view = MatchStepper(m)
>>> view.step, view.steps
(0, 2)
>>> view.next()
>>> view.step, view.bags_text
(1, 'North–South 3 of 10 bags, East–West 0 of 10 bags')
>>> view.end(); view.step, view.totals_text
(2, 'North–South 116, East–West −140')
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from spades_teach.game.match import Match, SheetRow
from spades_teach.i18n import _, format_number, format_signed, join_clauses, pgettext
from spades_teach.render.words import by_seat, side_name
from spades_teach.widgets.base import SpadesWidget, add_classes, escape

__all__ = ["MatchStepper", "totals_svg"]

_COLOURS = ("#1f5fbf", "#c0392b")


class MatchStepper(SpadesWidget):
    """A match's score sheet, one hand at a time (see the module docs).

    ``MatchStepper(match, *, start=0, title="")``: ``start`` is the number of hands shown at first.

    Plain state: :attr:`step` (hands shown), :attr:`steps` (hands in the match),
    :attr:`rows` (the rows shown), :attr:`bags_text`, :attr:`totals_text`,
    :attr:`lines` (the explanation of the last hand shown).
    """

    def __init__(self, match: Match, *, start: int = 0, title: str = "") -> None:
        self.match = match
        self._rows: tuple[SheetRow, ...] = match.sheet
        self.sides = tuple(match.scores)
        self.title_html = add_classes(widgets.HTML(f"<b>{escape(title)}</b>" if title else ""), "st-steps-title")
        self.start_button = add_classes(widgets.Button(description=_("Start"), icon="fast-backward"), "st-steps-start")
        self.prev_button = add_classes(widgets.Button(description=_("Previous hand")), "st-steps-prev")
        self.next_button = add_classes(widgets.Button(description=_("Next hand")), "st-steps-next")
        self.end_button = add_classes(widgets.Button(description=_("End")), "st-steps-end")
        self.slider = add_classes(
            widgets.BoundedIntText(
                value=0, min=0, max=len(self._rows), description=_("hands shown"), layout=widgets.Layout(width="11em")
            ),
            "st-steps-slider",
        )
        self.sheet_html = add_classes(widgets.HTML(""), "st-steps-sheet")
        self.lines_html = add_classes(widgets.HTML(""), "st-steps-lines")
        self.bags_html = add_classes(widgets.HTML(""), "st-steps-bags")
        self.plot_html = add_classes(widgets.HTML(""), "st-steps-plot")
        super().__init__(
            [
                self.title_html,
                widgets.HBox(
                    [self.start_button, self.prev_button, self.next_button, self.end_button],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                self.slider,
                self.sheet_html,
                self.lines_html,
                self.bags_html,
                self.plot_html,
            ]
        )
        self.add_class("st-match-stepper")
        self.start_button.on_click(self.handler(lambda _b: self.go(0)))
        self.prev_button.on_click(self.handler(lambda _b: self.go(self.step - 1)))
        self.next_button.on_click(self.handler(lambda _b: self.next()))
        self.end_button.on_click(self.handler(lambda _b: self.end()))
        self.slider.observe(self.handler(lambda change: self.go(change["new"])), names="value")
        self._step = -1
        self.go(start)

    # -- plain state -------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self._step

    @property
    def steps(self) -> int:
        return len(self._rows)

    @property
    def rows(self) -> tuple[SheetRow, ...]:
        return self._rows[: self._step]

    @property
    def lines(self) -> list[str]:
        row = self._rows[self._step - 1] if self._step else None
        return list(row.score.lines) if row is not None and row.score is not None else []

    @property
    def bags_text(self) -> str:
        limit = self.match.rules.bag_limit
        counters = self._counters()
        return ", ".join(
            _("{side} {count} of {limit} bags").format(side=side_name(side), count=counters[side], limit=limit)
            for side in self.sides
        )

    @property
    def totals_text(self) -> str:
        totals = self._totals()
        return ", ".join(f"{side_name(side)} {str(totals[side]).replace('-', '−')}" for side in self.sides)

    # -- actions -----------------------------------------------------------------------
    def next(self) -> None:
        self.go(self._step + 1)

    def end(self) -> None:
        self.go(len(self._rows))

    def go(self, step: int) -> None:
        """Show the first ``step`` hands (clamped to the match)."""
        step = max(0, min(int(step), len(self._rows)))
        if step == self._step:
            return
        self._step = step
        self.slider.value = step
        self._refresh()

    # -- drawing -----------------------------------------------------------------------
    def _counters(self) -> dict[Any, int]:
        return dict(self._rows[self._step - 1].bags) if self._step else {side: 0 for side in self.sides}

    def _totals(self) -> dict[Any, int]:
        return dict(self._rows[self._step - 1].totals) if self._step else {side: 0 for side in self.sides}

    def _refresh(self) -> None:
        self.prev_button.disabled = self.start_button.disabled = self._step == 0
        self.next_button.disabled = self.end_button.disabled = self._step == len(self._rows)
        self.sheet_html.value = self._sheet_html()
        row = self._rows[self._step - 1] if self._step else None
        if row is None:
            none = escape(_("no hand played yet: press Next hand"))
            self.lines_html.value = f"<i>{none}</i>"
        else:
            items = "".join(f"<li>{escape(line)}</li>" for line in self.lines)
            title = escape(_("hand {number}").format(number=row.number))
            self.lines_html.value = f"<b>{title}</b><ul>{items}</ul>"
        self.bags_html.value = self._bags_html(row)
        self.plot_html.value = totals_svg(
            {side: [0] + [r.totals[side] for r in self.rows] for side in self.sides},
            target=self.match.rules.target,
            hands=len(self._rows),
        )
        over = ""
        if self._step == len(self._rows) and self.match.is_over:
            over = f"; {self.match.result_reason}"
        self.set_status(
            _("after {step} of {count} hands: {totals}").format(
                step=self._step, count=len(self._rows), totals=self.totals_text
            )
            + over
        )

    def _sheet_html(self) -> str:
        head = "".join(f"<th>{escape(side_name(side))}</th>" for side in self.sides)
        body = []
        for row in self.rows:
            cells = "".join(
                f"<td>{escape(format_signed(row.points[side]))} → <b>{escape(str(row.totals[side]).replace('-', '−'))}</b></td>"
                for side in self.sides
            )
            bids = escape(by_seat({s: f"{b}/{row.tricks[s]}" for s, b in row.bids.items()}))
            body.append(f"<tr><td>{row.number}</td><td>{bids}</td>{cells}</tr>")
        hand, bid_took = escape(pgettext("round", "hand")), escape(_("bid/took"))
        first = f"<th>{hand}</th><th>{bid_took}</th>"
        return f'<table class="st-score-table"><tr>{first}{head}</tr>{"".join(body)}</table>'

    def _bags_html(self, row: SheetRow | None) -> str:
        limit = self.match.rules.bag_limit
        counters = self._counters()
        lines = []
        for side in self.sides:
            count = counters[side]
            boxes = "".join(
                f'<span class="st-bag{" st-bag-full" if i < count else ""}" aria-hidden="true"></span>'
                for i in range(limit)
            )
            paid = ""
            if row is not None and row.penalties.get(side):
                penalty = _("penalty: {points}").format(points=format_signed(-row.penalty_points[side]))
                paid = f' <b class="st-bag-penalty">{escape(penalty)}</b>'
            held = escape(_("{count} of {limit} bags").format(count=count, limit=limit))
            lines.append(
                f'<div class="st-bag-row"><span class="st-seat">{escape(side_name(side))}</span> {boxes} '
                f"{held}{paid}</div>"
            )
        style = (
            "<style>.st-bag{display:inline-block;width:.8em;height:.8em;border:1px solid #555;margin-right:2px}"
            ".st-bag-full{background:#e0a000}.st-bag-penalty{color:#b00}</style>"
        )
        return style + "".join(lines)


def _label_heights(heights: list[float], gap: float = 13.0) -> list[float]:
    """The heights of the end labels, in the same order, moved apart so that no two
    lie closer than ``gap`` (the upper one goes up, the lower one down).

    >>> _label_heights([100.0, 104.0])
    [95.5, 108.5]
    >>> _label_heights([50.0, 120.0])
    [50.0, 120.0]
    """
    order = sorted(range(len(heights)), key=lambda i: heights[i])
    placed = [heights[i] for i in order]
    for k in range(1, len(placed)):
        short = gap - (placed[k] - placed[k - 1])
        if short > 0:
            placed[k - 1] -= short / 2
            placed[k] += short / 2
    moved = heights[:]
    for k, i in enumerate(order):
        moved[i] = placed[k]
    return moved


def totals_svg(history: dict[Any, list[int]], *, target: int, hands: int, width: int = 420, height: int = 180) -> str:
    """The running totals as a small SVG line chart, with the target as a dashed line.

    >>> "polyline" in totals_svg({"NS": [0, 50, 120], "EW": [0, 71, 113]}, target=250, hands=5)
    True
    """
    values = [v for series in history.values() for v in series] + [target, 0]
    low, high = min(values), max(values)
    span = max(high - low, 1)
    pad = 30

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * i / max(hands, 1)

    def y(v: int) -> float:
        return height - pad - (height - 2 * pad) * (v - low) / span

    aim = escape(_("target {target}").format(target=target))
    parts = [
        f'<line x1="{pad}" x2="{width - pad}" y1="{y(target):.1f}" y2="{y(target):.1f}" stroke="#888" stroke-dasharray="4 3"/>',
        f'<text x="{width - pad}" y="{y(target) - 4:.1f}" font-size="10" text-anchor="end">{aim}</text>',
        f'<line x1="{pad}" x2="{width - pad}" y1="{y(0):.1f}" y2="{y(0):.1f}" stroke="#ccc"/>',
    ]
    ends = _label_heights([y(series[-1]) for series in history.values() if series])
    for index, (side, series) in enumerate(history.items()):
        colour = _COLOURS[index % len(_COLOURS)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(series))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>')
        if series:
            parts.append(
                f'<text x="{x(len(series) - 1) + 4:.1f}" y="{ends.pop(0):.1f}" font-size="11" fill="{colour}">'
                f"{escape(side_name(side))} {escape(format_number(series[-1]))}</text>"
            )
    label = _("running totals after each hand: {totals}").format(
        totals=join_clauses(
            [f"{side_name(side)} {', '.join(format_number(v) for v in series)}" for side, series in history.items()]
        )
    )
    return (
        f'<svg role="img" aria-label="{escape(label)}" width="{width + 90}" height="{height}" '
        f'viewBox="0 0 {width + 90} {height}" style="max-width:100%;height:auto">{"".join(parts)}</svg>'
    )
