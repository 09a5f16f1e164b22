"""Charts for the chapters, with or without matplotlib.

:func:`pyplot` returns ``matplotlib.pyplot`` when matplotlib is installed. Where it is not (the live
edition of the book runs in the browser's Python, which has no matplotlib), it returns
:class:`SvgPyplot`, a small stand-in that understands the few calls the chapters make (line and bar
charts, a horizontal reference line, labels, a title, a legend) and draws them as an SVG picture.

>>> plt = SvgPyplot()
>>> fig, ax = plt.subplots(figsize=(4, 3))
>>> ax.plot([0, 1, 2], [0, 5, 3], marker="o", label="north-south")
>>> ax.set_title("a game")
>>> svg = fig.to_svg()
>>> svg.startswith("<svg") and "a game" in svg and svg.count("<polyline") == 1
True
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from spades_teach.errors import SpadesError
from spades_teach.i18n import _

__all__ = ["Axes", "Figure", "SvgPyplot", "pyplot"]

#: matplotlib's default colour cycle, so the two drawings of a chart look alike
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
DPI = 80
LEFT, RIGHT, TOP, BOTTOM = 58, 12, 28, 48


def pyplot() -> Any:
    """``matplotlib.pyplot`` if matplotlib is installed, else an :class:`SvgPyplot`."""
    try:
        import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return SvgPyplot()
    return plt


@dataclass
class _Line:
    xs: list[float]
    ys: list[float]
    colour: str
    label: str | None
    marker: str | None
    dashed: bool
    width: float


@dataclass
class _Bars:
    xs: list[float]
    heights: list[float]
    width: float
    colour: str
    label: str | None


@dataclass
class Axes:
    """One chart: the matplotlib ``Axes`` calls the chapters use, recorded and drawn as SVG."""

    lines: list[_Line] = field(default_factory=list)
    bars: list[_Bars] = field(default_factory=list)
    title: str = ""
    xlabel: str = ""
    ylabel: str = ""
    xticks: list[tuple[float, str]] | None = None
    tick_size: float = 10.0
    show_legend: bool = False
    _next_colour: int = 0

    def _colour(self, colour: str | None) -> str:
        if colour is not None:
            return {"grey": "#808080", "gray": "#808080"}.get(colour, colour)
        chosen = COLOURS[self._next_colour % len(COLOURS)]
        self._next_colour += 1
        return chosen

    def plot(
        self,
        xs: Iterable[float],
        ys: Iterable[float],
        *,
        marker: str | None = None,
        label: str | None = None,
        color: str | None = None,
        linestyle: str = "-",
        linewidth: float = 1.5,
    ) -> None:
        line = _Line(
            [float(x) for x in xs], [float(y) for y in ys], self._colour(color), label, marker, False, linewidth
        )
        line.dashed = linestyle in ("--", "dashed")
        self.lines.append(line)

    def axhline(
        self,
        y: float,
        *,
        color: str | None = None,
        linestyle: str = "-",
        linewidth: float = 1.5,
        label: str | None = None,
    ) -> None:
        """A horizontal line across the whole chart (drawn over the x range of the other data)."""
        self.lines.append(
            _Line([], [float(y)], self._colour(color), label, None, linestyle in ("--", "dashed"), linewidth)
        )

    def bar(
        self, xs: Iterable[float], heights: Iterable[float], *, width: float = 0.8, label: str | None = None
    ) -> None:
        self.bars.append(_Bars([float(x) for x in xs], [float(h) for h in heights], width, self._colour(None), label))

    def set_xticks(self, ticks: Iterable[float], labels: Sequence[str] | None = None, *, fontsize: float = 10) -> None:
        positions = [float(t) for t in ticks]
        names = list(labels) if labels is not None else [_number(t) for t in positions]
        self.xticks = list(zip(positions, names))
        self.tick_size = fontsize

    def set_xlabel(self, text: str) -> None:
        self.xlabel = text

    def set_ylabel(self, text: str) -> None:
        self.ylabel = text

    def set_title(self, text: str) -> None:
        self.title = text

    def legend(self) -> None:
        self.show_legend = True

    # -- drawing ------------------------------------------------------------------------
    def x_range(self) -> tuple[float, float]:
        xs = [x for line in self.lines for x in line.xs]
        xs += [x + s * b.width / 2 for b in self.bars for x in b.xs for s in (-1, 1)]
        xs += [t for t, _ in self.xticks or []]
        return _padded(xs)

    def y_range(self) -> tuple[float, float]:
        ys = [y for line in self.lines for y in line.ys] + [h for b in self.bars for h in b.heights]
        if self.bars:
            ys.append(0.0)
        return _padded(ys)

    def svg(self, x0: float, y0: float, width: float, height: float, yrange: tuple[float, float]) -> list[str]:
        """The SVG elements of the chart in the box (x0, y0, width, height) of the figure."""
        left, top = x0 + LEFT, y0 + TOP
        w, h = width - LEFT - RIGHT, height - TOP - BOTTOM
        (xa, xb), (ya, yb) = self.x_range(), yrange

        def px(x: float) -> float:
            return left + (x - xa) / (xb - xa) * w

        def py(y: float) -> float:
            return top + h - (y - ya) / (yb - ya) * h

        out = [f'<rect x="{left:.1f}" y="{top:.1f}" width="{w:.1f}" height="{h:.1f}" fill="white" stroke="#333"/>']
        for y in _ticks(ya, yb):
            out.append(_text(left - 5, py(y) + 4, _number(y), 10, "end"))
            out.append(f'<line x1="{left - 3:.1f}" x2="{left:.1f}" y1="{py(y):.1f}" y2="{py(y):.1f}" stroke="#333"/>')
        xticks = self.xticks if self.xticks is not None else [(x, _number(x)) for x in _ticks(xa, xb)]
        for x, name in xticks:
            for n, part in enumerate(name.split("\n")):
                out.append(_text(px(x), top + h + 14 + n * (self.tick_size + 2), part, self.tick_size, "middle"))
        for b in self.bars:
            for x, height_ in zip(b.xs, b.heights):
                x1, x2 = px(x - b.width / 2), px(x + b.width / 2)
                y1, y2 = sorted((py(0.0), py(height_)))
                out.append(
                    f'<rect x="{x1:.1f}" y="{y1:.1f}" width="{x2 - x1:.1f}" height="{y2 - y1:.1f}" fill="{b.colour}"/>'
                )
        for line in self.lines:
            out.extend(_draw_line(line, px, py, left, left + w))
        out.append(_text(left + w / 2, y0 + 18, self.title, 12, "middle"))
        out.append(_text(left + w / 2, y0 + height - 6, self.xlabel, 11, "middle"))
        if self.ylabel:
            cx, cy = x0 + 14, top + h / 2
            out.append(_text(cx, cy, self.ylabel, 11, "middle", f' transform="rotate(-90 {cx:.1f} {cy:.1f})"'))
        if self.show_legend:
            out.extend(self._legend(left + 8, top + 8))
        return out

    def _legend(self, x: float, y: float) -> list[str]:
        items = [(line.label, line.colour, line.dashed) for line in self.lines if line.label]
        items += [(b.label, b.colour, False) for b in self.bars if b.label]
        width = 34 + 6.5 * max((len(label) for label, _, _ in items), default=0)
        out = [
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{8 + 16 * len(items)}" fill="white" stroke="#ccc"/>'
        ]
        for n, (label, colour, dashed) in enumerate(items):
            ly = y + 12 + 16 * n
            dash = ' stroke-dasharray="5,3"' if dashed else ""
            out.append(
                f'<line x1="{x + 6:.1f}" x2="{x + 26:.1f}" y1="{ly:.1f}" y2="{ly:.1f}" stroke="{colour}" stroke-width="2"{dash}/>'
            )
            out.append(_text(x + 30, ly + 4, str(label), 10, "start"))
        return out


@dataclass
class Figure:
    """A figure of one or more charts side by side; shows itself as SVG in a notebook."""

    axes: list[Axes]
    size: tuple[float, float]
    ratios: list[float]
    sharey: bool = False

    def to_svg(self) -> str:
        width, height = self.size[0] * DPI, self.size[1] * DPI
        shared = _padded([y for ax in self.axes for y in ax.y_range()]) if self.sharey else None
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
            f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>',
        ]
        x = 0.0
        for ax, ratio in zip(self.axes, self.ratios):
            box = width * ratio / sum(self.ratios)
            parts.extend(ax.svg(x, 0.0, box, height, shared or ax.y_range()))
            x += box
        parts.append("</svg>")
        return "\n".join(parts)

    def _repr_svg_(self) -> str:
        return self.to_svg()


class SvgPyplot:
    """The ``subplots`` and ``show`` of ``matplotlib.pyplot``, drawing SVG (see the module's note)."""

    def __init__(self) -> None:
        self.figures: list[Figure] = []

    def subplots(
        self,
        nrows: int = 1,
        ncols: int = 1,
        *,
        figsize: tuple[float, float] = (6.4, 4.8),
        sharey: bool = False,
        gridspec_kw: dict[str, Any] | None = None,
    ) -> tuple[Figure, Any]:
        if nrows != 1 or ncols < 1:
            raise SpadesError(
                _("the SVG charts draw one row of charts, not {rows} rows of {columns}").format(
                    rows=repr(nrows), columns=repr(ncols)
                )
            )
        ratios = [float(r) for r in (gridspec_kw or {}).get("width_ratios", [1.0] * ncols)]
        axes = [Axes() for _ in range(ncols)]
        figure = Figure(axes, (float(figsize[0]), float(figsize[1])), ratios, sharey)
        self.figures.append(figure)
        return figure, axes[0] if ncols == 1 else axes

    def show(self) -> None:
        """Display the figures drawn since the last ``show`` (in a notebook, as SVG pictures)."""
        shown, self.figures = self.figures, []
        try:
            from IPython.display import SVG, display
        except ImportError:  # outside IPython: nothing can show a picture
            return
        for figure in shown:
            display(SVG(figure.to_svg()))  # type: ignore[no-untyped-call]


def _draw_line(line: _Line, px: Any, py: Any, left: float, right: float) -> list[str]:
    dash = ' stroke-dasharray="6,4"' if line.dashed else ""
    if not line.xs:  # axhline
        y = py(line.ys[0])
        return [
            f'<line x1="{left:.1f}" x2="{right:.1f}" y1="{y:.1f}" y2="{y:.1f}" stroke="{line.colour}" stroke-width="{line.width}"{dash}/>'
        ]
    points = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(line.xs, line.ys))
    out = [f'<polyline points="{points}" fill="none" stroke="{line.colour}" stroke-width="{line.width}"{dash}/>']
    for x, y in zip(line.xs, line.ys):
        if line.marker == "o":
            out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3.5" fill="{line.colour}"/>')
        elif line.marker == "s":
            out.append(f'<rect x="{px(x) - 3.5:.1f}" y="{py(y) - 3.5:.1f}" width="7" height="7" fill="{line.colour}"/>')
    return out


def _text(x: float, y: float, text: str, size: float, anchor: str, extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" text-anchor="{anchor}"{extra}>{html.escape(text)}</text>'
    )


def _padded(values: Sequence[float]) -> tuple[float, float]:
    if not values:
        return 0.0, 1.0
    low, high = min(values), max(values)
    if low == high:
        return low - 1.0, high + 1.0
    pad = (high - low) * 0.05
    return low - pad, high + pad


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values inside [low, high] (steps of 1, 2 or 5 times a power of ten)."""
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(low / step) * step
    return [first + n * step for n in range(int((high - first) / step) + 1)]


def _number(value: float) -> str:
    return f"{value:.10g}" if value != int(value) else str(int(value))
