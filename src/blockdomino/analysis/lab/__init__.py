"""The lab: 003's strategy claims measured, with 95% intervals, verdicts in words and plots.

``measure`` plays Block and the draw game from a seed and counts; ``judge`` sets each
claim against the figures; ``report`` words it all in fi, sv or en; ``coaches`` sets
the reading coach beside the plain one against the same opponents (``coaches_text``
words it); the plots draw the blocked share, the pips left at a block and the
heavy-tile effect as SVG.
"""

from blockdomino.analysis.lab.claims import CLAIMS, Judged, Verdict, judge
from blockdomino.analysis.lab.measure import (
    GAMES,
    Coaches,
    GameFigures,
    Lab,
    Mean,
    Share,
    coaches,
    measure,
)
from blockdomino.analysis.lab.plots import blocked_plot, heavy_plot, pips_plot
from blockdomino.analysis.lab.words import coaches_text, report, table_rows, verdicts

__all__ = [
    "CLAIMS",
    "GAMES",
    "Coaches",
    "GameFigures",
    "Judged",
    "Lab",
    "Mean",
    "Share",
    "Verdict",
    "blocked_plot",
    "coaches",
    "coaches_text",
    "heavy_plot",
    "judge",
    "measure",
    "pips_plot",
    "report",
    "table_rows",
    "verdicts",
]
