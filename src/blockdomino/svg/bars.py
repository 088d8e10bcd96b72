"""A bar chart of shares, for figures measured where matplotlib is not at hand (the app).

    bar_chart(groups, series=("Block", "Draw game"), title=..., desc=..., ...)

Each group (a player count) has one bar per series, side by side, each a share from 0 to
1 with its 95% interval drawn as a whisker, and may have a dashed mark across it (the
share every player would win alike). The first series is plain blue, the second hatched
orange (Okabe–Ito colours, told apart without colour too); a legend names them. The
words are the caller's, already in the learner's language: the chart has ``role="img"``,
its ``<title>`` and a ``<desc>`` saying what it shows with the numbers. Equal input
gives equal bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from blockdomino.svg.canvas import GLYPH_WIDTH, Canvas, SvgImage, id_prefix, rounded
from blockdomino.svg.markup import Element

OKABE_ITO: Final = {"blue": "#0072B2", "orange": "#E69F00", "green": "#009E73", "red": "#D55E00"}
"""Colours that readers with any common colour-vision deficiency tell apart."""

WIDTH: Final = 420.0
HEIGHT: Final = 280.0
"""The chart's size in px; a page scales it to its column (narrow, so that its words
stay readable on a phone)."""
_LEFT, _RIGHT, _TOP, _BOTTOM = 70.0, 12.0, 62.0, 48.0
"""The plot area's distance from each edge: room for the axes' words and the legend."""
_AXIS_SIZE: Final = 13.0
"""The value axis's label's size in px, smaller for a label longer than the plot is high
(it would run into the legend)."""
_BAR: Final = 0.3
"""A bar's width as a share of its group's."""
_INK: Final = "#333333"
_TITLE_SIZE: Final = 15.0
"""The title's size in px, smaller for a title that would not fit on one line."""


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar: a share (0–1) and the low and high end of its interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class BarGroup:
    """One group of bars, one per series, under its ``label``; ``mark`` is a share drawn
    as a dashed line across the group (``None``: no mark)."""

    label: str
    bars: tuple[Bar, ...]
    mark: float | None = None


@dataclass(frozen=True, slots=True)
class ChartWords:
    """A chart's words: its title and description, the axes' labels, each series' name,
    the mark's name, and the value axis's ticks (share, words)."""

    title: str
    desc: str
    value_axis: str
    group_axis: str
    series: tuple[str, ...]
    ticks: tuple[tuple[float, str], ...]
    mark: str = ""


def _stylesheet(prefix: str) -> str:
    blue, orange = OKABE_ITO["blue"], OKABE_ITO["orange"]
    rules = (
        "{font-family:DejaVu Sans,Verdana,sans-serif;font-size:13px}",
        " .table{fill:#ffffff}",
        " text{fill:#1c1c1c}",
        f" .axis,.whisker{{stroke:{_INK};stroke-width:1.5}}",
        " .grid{stroke:#d9d9d9;stroke-width:1}",
        f" .series-0{{fill:{blue};stroke:{_INK}}}",
        f" .series-1{{fill:url(#{prefix}-hatch);stroke:{_INK}}}",
        f" .hatch-ground{{fill:{orange}}}",
        f" .hatch-line{{stroke:{_INK};stroke-width:1.5}}",
        " .mark{stroke:#000000;stroke-width:2;stroke-dasharray:6 4}",
        " .tick{text-anchor:end}",
        " .group,.axis-label{text-anchor:middle}",
    )
    return "".join(f"#{prefix}{rule}" for rule in rules)


class _Chart:
    """The plot area's coordinates: a share's height, a group's place."""

    def __init__(self, canvas: Canvas, groups: int) -> None:
        self.canvas = canvas
        self.left, self.right = _LEFT, WIDTH - _RIGHT
        self.top, self.bottom = _TOP, HEIGHT - _BOTTOM
        self.step = (self.right - self.left) / max(groups, 1)

    def y(self, share: float) -> float:
        return self.bottom - max(0.0, min(share, 1.0)) * (self.bottom - self.top)

    def centre(self, group: int) -> float:
        return self.left + (group + 0.5) * self.step

    def line(self, parent: Element, start: tuple[float, float], end: tuple[float, float]) -> None:
        """A line of the class ``parent`` draws its lines with."""
        parent.add(_line(start, end))


def _line(start: tuple[float, float], end: tuple[float, float], **attributes: str) -> Element:
    x1, y1, x2, y2 = (rounded(value) for value in (*start, *end))
    return Element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attributes)


def _rect(x: float, y: float, width: float, height: float, **attributes: str) -> Element:
    place = {"x": rounded(x), "y": rounded(y), "width": rounded(width), "height": rounded(height)}
    return Element("rect", **place, **attributes)


def _hatch(canvas: Canvas) -> None:
    """The second series' fill: orange with dark diagonal lines."""
    pattern = canvas.defs.element(
        "pattern",
        id=f"{canvas.prefix}-hatch",
        width="6",
        height="6",
        patternUnits="userSpaceOnUse",
        patternTransform="rotate(45)",
    )
    pattern.add(_rect(0, 0, 6, 6, class_="hatch-ground"))
    pattern.add(_line((0, 0), (0, 6), class_="hatch-line"))


def _value_axis(chart: _Chart, words: ChartWords) -> None:
    canvas = chart.canvas
    grid = canvas.group(class_="grid")
    labels = canvas.group(class_="tick")
    for share, text in words.ticks:
        chart.line(grid, (chart.left, chart.y(share)), (chart.right, chart.y(share)))
        canvas.text(labels, text, chart.left - 6, chart.y(share) + 4)
    middle = (chart.top + chart.bottom) / 2
    reach = chart.bottom - chart.top + 2 * (chart.top - _LEGEND_BOTTOM)
    size = rounded(min(_AXIS_SIZE, reach / (GLYPH_WIDTH * max(len(words.value_axis), 1))))
    axis = canvas.group(
        class_="axis-label",
        transform=f"rotate(-90 14 {rounded(middle)})",
        style=f"font-size:{size}px",
    )
    canvas.text(axis, words.value_axis, 14, middle)


_LEGEND_BOTTOM: Final = 50.0
"""Where the legend's row ends: the value axis's label starts below it."""


def _legend(canvas: Canvas, words: ChartWords) -> None:
    """The series' swatches and names, and the mark's, in one row under the title."""
    legend = canvas.group(class_="legend")
    x = 8.0
    for index, name in enumerate(words.series):
        legend.add(_rect(x, 34, 14, 14, class_=f"series-{index}"))
        canvas.text(legend, name, x + 20, 46)
        x += 34 + 8 * len(name)
    if words.mark:
        legend.add(_line((x, 41), (x + 24, 41), class_="mark"))
        canvas.text(legend, words.mark, x + 30, 46)


def _group(chart: _Chart, index: int, group: BarGroup) -> None:
    canvas = chart.canvas
    width = chart.step * _BAR
    drawn = canvas.group(class_="bars")
    whiskers = canvas.group(class_="whisker")
    start = chart.centre(index) - width * len(group.bars) / 2
    for series, bar in enumerate(group.bars):
        x = start + series * width
        top = chart.y(bar.value)
        drawn.add(_rect(x, top, width, chart.bottom - top, class_=f"series-{series}"))
        middle = x + width / 2
        low, high = chart.y(bar.low), chart.y(bar.high)
        chart.line(whiskers, (middle, low), (middle, high))
        for end in (low, high):
            chart.line(whiskers, (middle - 4, end), (middle + 4, end))
    if group.mark is not None:
        marks = canvas.group(class_="mark")
        centre, reach, height = chart.centre(index), chart.step * 0.45, chart.y(group.mark)
        chart.line(marks, (centre - reach, height), (centre + reach, height))
    canvas.text(canvas.group(class_="group"), group.label, chart.centre(index), chart.bottom + 18)


def bar_chart(groups: Sequence[BarGroup], words: ChartWords) -> SvgImage:
    """The groups' bars side by side on a share axis from 0 to 1, worded by ``words``
    (see the module's docstring)."""
    prefix = id_prefix("bars", groups, words)
    canvas = Canvas(prefix, WIDTH, HEIGHT, {}, stylesheet=_stylesheet(prefix))
    canvas.label(words.title, words.desc)
    _hatch(canvas)
    fitting = (WIDTH - 16) / (1.1 * GLYPH_WIDTH * max(len(words.title), 1))
    size = rounded(min(_TITLE_SIZE, fitting))
    heading = canvas.group(style=f"font-weight:bold;font-size:{size}px")
    canvas.text(heading, words.title, 8, 22)
    _legend(canvas, words)
    chart = _Chart(canvas, len(groups))
    _value_axis(chart, words)
    for index, group in enumerate(groups):
        _group(chart, index, group)
    axis = canvas.group(class_="axis")
    chart.line(axis, (chart.left, chart.top), (chart.left, chart.bottom))
    chart.line(axis, (chart.left, chart.bottom), (chart.right, chart.bottom))
    labels = canvas.group(class_="axis-label")
    canvas.text(labels, words.group_axis, (chart.left + chart.right) / 2, HEIGHT - 8)
    return canvas.finish()
