"""The lab: the strategy claims of the rules documents measured (a public module).

``measure(players, rounds, seed)`` plays Block and the draw game out with computer
players and counts, with 95% intervals; ``judge`` sets each claim against the figures;
``report(lab, lang)`` words it all in Finnish, Swedish or English; ``coaches(rules,
rounds, seed)`` sets the reading coach beside the plain one against the same opponents,
``coaches_text(duel, lang)`` says which won more often; ``blocked_plot``,
``heavy_plot`` and ``pips_plot`` draw the figures (with matplotlib; without it, a note
that says how to install it).

The lab itself lives in ``blockdomino.analysis.lab``, which may change shape.
"""

from blockdomino.analysis.lab import (
    CLAIMS,
    GAMES,
    Coaches,
    GameFigures,
    Judged,
    Lab,
    Mean,
    Share,
    Verdict,
    blocked_plot,
    coaches,
    coaches_text,
    heavy_plot,
    judge,
    measure,
    pips_plot,
    report,
    table_rows,
    verdicts,
)

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
