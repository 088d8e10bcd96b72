"""The lab's figures as plots: matplotlib's SVG backend, translated, identical bytes.

Each plot has translated titles, axis labels and legends, a ``<title>`` and a ``<desc>``
that says in words what it shows (with the numbers), colours from the Okabe–Ito palette
that colour-blind readers tell apart, and hatching or line style besides colour. The
SVG is the same bytes for the same figures: a fixed hash salt per plot, no date or
tool version in the metadata, text kept as text, and every id prefixed by a digest of
the plot's input so that many plots on one page never share an id.

matplotlib is an extra (``blockdomino[lab]``): it does not install in Pyodide, so the
offline site has none. It is imported only when a plot is drawn; without it each plot
is a translated note saying so, and the lab's figures and words work as before.
"""

from __future__ import annotations

import hashlib
import html
import importlib
import io
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Final

from blockdomino.analysis.lab.measure import GameFigures, Lab, Mean, Share
from blockdomino.analysis.lab.words import decimal, game_name, percent
from blockdomino.svg import SvgImage
from blockdomino.svg.bars import OKABE_ITO
from blockdomino.words.i18n import format_list, parse_lang, translate

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

GAME_STYLE: Final = {
    "block": {"color": OKABE_ITO["blue"], "hatch": ""},
    "draw": {"color": OKABE_ITO["orange"], "hatch": "//"},
}
"""Block's bars plain blue, the draw game's hatched orange: told apart without colour too."""

SIZE: Final = (6.4, 3.6)
"""A plot's size in inches (at 72 points per inch)."""

_IDS: Final = re.compile(r'(id="|url\(#|href="#)([^")]+)')


class PlotNote(str):
    """What a plot shows where matplotlib is not installed: a translated note, as text
    in a terminal and as a paragraph in a notebook."""

    def _repr_html_(self) -> str:
        return f'<p class="bd-lab-note" role="note">{html.escape(self)}</p>'

    def __repr__(self) -> str:
        return str(self)


def can_plot() -> bool:
    """Whether matplotlib (the ``lab`` extra) is installed, so plots can be drawn."""
    try:
        importlib.import_module("matplotlib")
    except ImportError:
        return False
    return True


def _digest(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(str(part) for part in parts).encode()).hexdigest()[:10]


@contextmanager
def _settings(salt: str) -> Iterator[None]:
    """matplotlib's settings for a deterministic, accessible SVG."""
    import matplotlib as mpl

    with mpl.rc_context(
        {
            "font.family": "DejaVu Sans",
            "font.size": 9,
            "hatch.color": "#333333",
            "axes.spines.top": False,
            "axes.spines.right": False,
        }
    ):
        mpl.rc("svg", hashsalt=salt, fonttype="none")  # restored as the context ends
        yield


def _finish(figure: Figure, prefix: str, title: str, desc: str) -> SvgImage:
    """The figure as SVG text, labelled with ``title`` and ``desc``, ids under ``prefix``."""
    from matplotlib.backends.backend_svg import FigureCanvasSVG

    buffer = io.StringIO()
    FigureCanvasSVG(figure)
    figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    text = _IDS.sub(lambda match: f"{match[1]}{prefix}-{match[2]}", text)
    opening = text.index(">", text.index("<svg")) + 1
    label = (
        f'<title id="{prefix}-title">{html.escape(title)}</title>'
        f'<desc id="{prefix}-desc">{html.escape(desc)}</desc>'
    )
    root = text[:opening].replace(
        "<svg ", f'<svg id="{prefix}" role="img" aria-labelledby="{prefix}-title {prefix}-desc" ', 1
    )
    return SvgImage(root + label + text[opening:].rstrip() + "\n")


def _percent_axis(axes: Axes, lang: str) -> None:
    """The axis's values written as percentages in ``lang``."""
    from matplotlib.ticker import FuncFormatter

    axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _: percent(value, lang, 0)))


def _share_axis(axes: Axes, lang: str) -> None:
    _percent_axis(axes, lang)
    axes.set_ylim(0, 1)


def _error(share: Share) -> list[list[float]]:
    return [[share.value - share.low], [share.high - share.value]]


def _bars(axes: Axes, lab: Lab, pick: str, lang: str) -> None:
    """Block's and the draw game's shares side by side for each player count."""
    width = 0.38
    for offset, game in ((-width / 2, 0), (width / 2, 1)):
        for index, players in enumerate(lab.players):
            figures = lab.games(players)[game]
            share: Share = getattr(figures, pick)
            style = GAME_STYLE[figures.rules.name]
            axes.bar(
                index + offset,
                share.value,
                width,
                yerr=_error(share),
                capsize=4,
                color=style["color"],
                hatch=style["hatch"],
                edgecolor="#333333",
                label=game_name(figures, lang) if index == 0 else None,
            )
    axes.set_xticks(range(len(lab.players)), [str(players) for players in lab.players])
    axes.set_xlabel(translate("lab.plot.players", lang))
    _share_axis(axes, lang)


def plotted_values(lab: Lab, pick: str, lang: str) -> str:
    """The plotted shares in words, for the description."""
    groups = []
    for players in lab.players:
        values = [
            translate(
                "lab.plot.value",
                lang,
                game=game_name(figures, lang, in_text=True),
                value=percent(getattr(figures, pick).value, lang),
            )
            for figures in lab.games(players)
        ]
        groups.append(
            translate("lab.plot.group", lang, players=players, values=format_list(values, lang))
        )
    return "; ".join(groups)


BAR_KEYS: Final = {
    "blocked": ("lab.plot.blocked.title", "lab.plot.share_of_rounds", "lab.plot.blocked.desc"),
    "heaviest": ("lab.plot.heavy.title", "lab.plot.heavy.y", "lab.plot.heavy.desc"),
}
"""A bar plot's title, axis label and description, by the share it shows."""


def _equal_shares(axes: Axes, lab: Lab, lang: str) -> None:
    """A dashed line across each player count's bars at the share all would win alike."""
    for index, players in enumerate(lab.players):
        axes.hlines(
            1 / players,
            index - 0.45,
            index + 0.45,
            colors="#000000",
            linestyles="dashed",
            label=translate("lab.plot.heavy.fair", lang) if index == 0 else "_nolegend_",
        )


def _bar_plot(lab: Lab, lang: str, pick: str) -> SvgImage | PlotNote:
    """Block's and the draw game's ``pick`` share by player count, with the intervals."""
    parse_lang(lang)
    if not can_plot():
        return PlotNote(translate("site.no_plots", lang))
    from matplotlib.figure import Figure

    title_key, axis_key, desc_key = BAR_KEYS[pick]
    title = translate(title_key, lang)
    prefix = f"bd-lab-{_digest(pick, lab, lang)}"
    with _settings(prefix):
        figure = Figure(figsize=SIZE)
        axes = figure.subplots()
        _bars(axes, lab, pick, lang)
        if pick == "heaviest":
            _equal_shares(axes, lab, lang)
        axes.set_ylabel(translate(axis_key, lang))
        axes.set_title(title)
        axes.legend(loc="upper right", frameon=False)
        figure.tight_layout()
        desc = translate(desc_key, lang, rounds=lab.rounds, values=plotted_values(lab, pick, lang))
        return _finish(figure, prefix, title, desc)


def blocked_plot(lab: Lab, lang: str = "en") -> SvgImage | PlotNote:
    """The share of blocked rounds by player count, Block beside the draw game."""
    return _bar_plot(lab, lang, "blocked")


def heavy_plot(lab: Lab, lang: str = "en") -> SvgImage | PlotNote:
    """The heaviest-first player's share of wins by player count, in both games, beside
    the equal share (a dashed line)."""
    return _bar_plot(lab, lang, "heaviest")


def _shares(mean: Mean, top: int) -> list[float]:
    """How often each pip total 0 … ``top`` was counted, as shares of all counted."""
    counts = dict(mean.histogram)
    total = mean.count or 1
    return [counts.get(pips, 0) / total for pips in range(top + 1)]


def _pips_panel(axes: Axes, block: GameFigures, top: int, lang: str) -> None:
    edges = [pips - 0.5 for pips in range(top + 2)]
    axes.stairs(
        _shares(block.winner_pips, top),
        edges,
        fill=True,
        color=OKABE_ITO["green"],
        alpha=0.6,
        label=translate("lab.plot.pips.winner", lang),
    )
    axes.stairs(
        _shares(block.loser_pips, top),
        edges,
        color=OKABE_ITO["red"],
        linestyle="dashed",
        linewidth=2,
        label=translate("lab.plot.pips.loser", lang),
    )
    axes.set_title(translate("lab.plot.pips.panel", lang, players=block.rules.players))
    axes.set_xlabel(translate("lab.plot.pips.x", lang))
    _percent_axis(axes, lang)


def _top(figures: Sequence[GameFigures]) -> int:
    totals = [pips for block in figures for pips, _ in block.loser_pips.histogram]
    return max(totals, default=0)


def pips_plot(lab: Lab, lang: str = "en") -> SvgImage | PlotNote:
    """How many pips the winner and the losers hold when Block is blocked, one panel per
    player count."""
    parse_lang(lang)
    if not can_plot():
        return PlotNote(translate("site.no_plots", lang))
    from matplotlib.figure import Figure

    title = translate("lab.plot.pips.title", lang)
    prefix = f"bd-lab-{_digest('pips', lab, lang)}"
    blocks = [lab.games(players)[0] for players in lab.players]
    top = _top(blocks)
    with _settings(prefix):
        figure = Figure(figsize=(SIZE[0], SIZE[1] + 0.4))
        panels = figure.subplots(1, len(blocks), sharey=True, squeeze=False)[0]
        for axes, block in zip(panels, blocks, strict=True):
            _pips_panel(axes, block, top, lang)
        panels[0].set_ylabel(translate("lab.plot.pips.y", lang))
        panels[-1].legend(loc="upper right", frameon=False)
        figure.suptitle(title)
        figure.tight_layout()
        means = [
            translate(
                "lab.plot.group",
                lang,
                players=block.rules.players,
                values=format_list(
                    [decimal(block.winner_pips.value, lang), decimal(block.loser_pips.value, lang)],
                    lang,
                ),
            )
            for block in blocks
        ]
        desc = translate("lab.plot.pips.desc", lang, values="; ".join(means))
        return _finish(figure, prefix, title, desc)
