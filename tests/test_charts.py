"""spades_teach.render.charts: matplotlib when it is installed, else SVG charts (the live edition)."""

from __future__ import annotations

import re
import sys

import pytest

from spades_teach.errors import SpadesError
from spades_teach.render.charts import SvgPyplot, pyplot


def test_pyplot_is_matplotlib_when_installed() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    assert pyplot() is plt


def test_pyplot_draws_svg_when_matplotlib_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    assert isinstance(pyplot(), SvgPyplot)


def test_a_line_chart_has_its_points_reference_line_labels_and_legend() -> None:
    fig, ax = SvgPyplot().subplots(figsize=(7, 3.5))
    ax.plot([0, 1, 2], [0, 120, 260], marker="o", label="NS")
    ax.plot([0, 1, 2], [0, 80, 140], marker="s", label="EW")
    ax.axhline(250, color="grey", linestyle="--", linewidth=1, label="target")
    ax.set_xlabel("hands played")
    ax.set_ylabel("running total")
    ax.set_title("A game to 250")
    ax.legend()
    svg = fig.to_svg()
    assert 'width="560" height="280"' in svg
    assert svg.count("<polyline") == 2
    assert svg.count("<circle") == 3 and svg.count('width="7" height="7"') == 3
    assert "stroke-dasharray" in svg and 'stroke="#808080"' in svg
    for text in ["hands played", "running total", "A game to 250", "NS", "EW", "target"]:
        assert f">{text}</text>" in svg
    # the line to 260 ends higher on the picture (smaller y) than the line to 140
    ends = [float(points.split()[-1].split(",")[1]) for points in re.findall(r'<polyline points="([^"]+)"', svg)]
    assert ends[0] < ends[1]


def test_bar_charts_side_by_side_share_their_y_axis() -> None:
    fig, axes = SvgPyplot().subplots(1, 2, figsize=(8, 4), sharey=True, gridspec_kw={"width_ratios": [2, 1]})
    axes[0].bar([0, 1, 2], [0.5, -0.25, 1.0], width=0.4, label="before")
    axes[0].set_xticks([0, 1, 2], ["0\n(10)", "1\n(20)", "2\n(5)"], fontsize=8)
    axes[1].bar([0], [3.0], width=0.4)
    svg = fig.to_svg()
    bars = re.findall(r'<rect x="[^"]+" y="[^"]+" width="[^"]+" height="[^"]+" fill="#1f77b4"/>', svg)
    assert len(bars) == 4
    assert ">(20)</text>" in svg  # a two-line tick label
    left, right = svg.split('fill="white" stroke="#333"/>')[1:3]
    tick_labels = re.compile(r'text-anchor="end">([^<]+)</text>')
    assert tick_labels.findall(left) == tick_labels.findall(right)  # shared y axis: same ticks


def test_show_displays_each_figure_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import IPython.display

    shown: list[str] = []
    monkeypatch.setattr(IPython.display, "display", lambda obj: shown.append(obj.data))
    plt = SvgPyplot()
    fig, ax = plt.subplots()
    ax.plot([1, 2], [3, 4])
    plt.show()
    plt.show()
    assert len(shown) == 1 and "<polyline" in shown[0] and fig.to_svg().count("<polyline") == 1


def test_more_than_one_row_is_refused() -> None:
    with pytest.raises(SpadesError, match="one row of charts, not 2 rows"):
        SvgPyplot().subplots(2, 1)
