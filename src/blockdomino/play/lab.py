"""The lab as a controller: measure 003's claims live, a few hundred rounds at a time.

The learner chooses how many rounds to play of each game with each number of players
(``rounds:<n>``, one of :data:`ROUND_SIZES`, sized so that a run takes a second or two
in a browser), types a seed (``set:seed:<n>``) and measures (``run``), or measures
with a new seed (``again``: the next seed of the controller's own sequence, so that the
same actions give the same seeds and figures again). The view model holds a bar chart
drawn without matplotlib (``svg.bars``): the share of blocked rounds or the
heaviest-first player's share of wins (``figure:<name>``), Block beside the draw game
by number of players, with the 95% intervals; beside it the same shares as a short
table, and the report (``analysis.lab.report``'s words: the heading, the figures, each
claim with its verdicts) as HTML folded behind "Show details", every table narrow
enough for a phone.
"""

from __future__ import annotations

import html
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from blockdomino.analysis.lab import Lab, measure, table_rows, verdicts
from blockdomino.analysis.lab.plots import BAR_KEYS, plotted_values
from blockdomino.analysis.lab.words import game_name, percent
from blockdomino.engine.errors import BlockdominoError
from blockdomino.play.view_model import (
    Button,
    Controller,
    Field,
    ViewModel,
    catalog_button,
    choice_buttons,
    paragraphs,
)
from blockdomino.svg.bars import Bar, BarGroup, ChartWords, bar_chart
from blockdomino.words.i18n import parse_lang, translate

ROUND_SIZES: Final = (100, 300, 1000)
"""The rounds a learner may choose, per game and player count. Measuring 2, 3 and 4
players takes about 0.1 s, 0.3 s and 0.9 s in Pyodide on a laptop (the heaviest-first
rounds included), so the largest stays within a few seconds on a slow tablet."""

FIGURES: Final = {
    "blocked": ("lab.live.figure.blocked", "lab.live.figure.blocked.tooltip"),
    "heaviest": ("lab.live.figure.heaviest", "lab.live.figure.heaviest.tooltip"),
}
"""The shares the chart may show (blocked rounds, the heaviest-first player's wins), each
with its button's words."""

RUNS: Final = {
    "run": ("lab.live.run", "lab.live.run.tooltip"),
    "again": ("lab.live.again", "lab.live.again.tooltip"),
}
"""The two ways to measure: with the seed shown, or with a new one."""

SEEDS: Final = 10_000
"""A new seed is below this: a number a learner can read and type again."""


class LabError(BlockdominoError):
    """An action the lab cannot take."""


@dataclass(frozen=True, slots=True)
class LabState:
    """The rounds and seed chosen, the chart chosen, and the last run measured."""

    rounds: int
    seed: int
    figure: str = "blocked"
    lab: Lab | None = None
    note: str = ""


class LabController(Controller[LabState]):
    """Choose the rounds and the seed, measure, read the report and the chart."""

    def __init__(self, *, rounds: int = ROUND_SIZES[1], seed: int = 3, lang: str) -> None:
        self.lang = parse_lang(lang)
        self.seeds = random.Random(f"lab:{seed}")
        self.state = LabState(_size(str(rounds)), seed)
        self.actions = {
            "rounds": lambda state, size: replace(state, rounds=_size(size), note=""),
            "set": self._set,
            "run": lambda state, _: self._run(state),
            "again": lambda state, _: self._run(replace(state, seed=self.seeds.randrange(SEEDS))),
            "figure": self._figure,
        }

    def _set(self, state: LabState, argument: str) -> LabState:
        name, _, value = argument.partition(":")
        if name != "seed" or not value.isdigit():
            raise LabError("lab.live.refused.seed")
        return replace(state, seed=int(value), note="")

    def _run(self, state: LabState) -> LabState:
        return replace(state, lab=measure(rounds=state.rounds, seed=state.seed), note="")

    def _figure(self, state: LabState, name: str) -> LabState:
        if name not in FIGURES:
            raise LabError("lab.live.refused.figure")
        return replace(state, figure=name, note="")

    def refused(self, state: LabState, reason: str) -> LabState:
        """The state, saying why."""
        return replace(state, note=reason)

    def view(self) -> ViewModel:
        """The choices, the seed, the two ways to measure; once measured, the chart and
        the report."""
        state, lang = self.state, self.lang
        lab = state.lab
        if lab is None:
            message = translate("lab.live.start", lang)
        else:
            message = translate("lab.live.measured", lang, rounds=lab.rounds, seed=lab.seed)
        shares = short_table(lab, state.figure, lang) if lab is not None else ""
        texts = (
            ("message", paragraphs([state.note or message]) + shares),
            ("answer", report_html(lab, lang) if lab is not None else ""),
        )
        return ViewModel(
            svg=str(chart(lab, state.figure, lang)) if lab is not None else "",
            texts=texts,
            buttons=self._buttons(),
            fields=(
                Field(
                    "seed",
                    translate("lab.live.seed", lang),
                    translate("lab.live.seed.tooltip", lang),
                    state.seed,
                ),
            ),
            announcement=state.note or message,
            refusal=self.refusal,
        )

    def _buttons(self) -> tuple[Button, ...]:
        state, lang = self.state, self.lang
        sizes = choice_buttons(
            "choices",
            lang,
            (
                (
                    f"rounds:{size}",
                    translate("lab.live.rounds", lang, rounds=size),
                    translate("lab.live.rounds.tooltip", lang, rounds=size),
                )
                for size in ROUND_SIZES
            ),
            chosen=f"rounds:{state.rounds}",
        )
        figures = choice_buttons(
            "show",
            lang,
            (
                (f"figure:{name}", translate(words, lang), translate(tooltip, lang))
                for name, (words, tooltip) in FIGURES.items()
            ),
            chosen=f"figure:{state.figure}",
            enabled=state.lab is not None,
        )
        runs = tuple(
            catalog_button(words, tooltip, lang, id=name) for name, (words, tooltip) in RUNS.items()
        )
        return sizes + runs + figures


def _size(argument: str) -> int:
    """One of :data:`ROUND_SIZES`, from an action's argument."""
    if not argument.isdigit() or int(argument) not in ROUND_SIZES:
        raise LabError("lab.live.refused.rounds")
    return int(argument)


def chart(lab: Lab, figure: str, lang: str) -> str:
    """The share ``figure`` of every player count measured, Block beside the draw game,
    as a bar chart; the heaviest-first wins beside the equal share."""
    title_key, axis_key, desc_key = BAR_KEYS[figure]
    groups = []
    for players in lab.players:
        shares = [getattr(figures, figure) for figures in lab.games(players)]
        groups.append(
            BarGroup(
                str(players),
                tuple(Bar(share.value, share.low, share.high) for share in shares),
                1 / players if figure == "heaviest" else None,
            )
        )
    words = ChartWords(
        title=translate(title_key, lang),
        desc=translate(desc_key, lang, rounds=lab.rounds, values=plotted_values(lab, figure, lang)),
        value_axis=translate(axis_key, lang),
        group_axis=translate("lab.plot.players", lang),
        series=tuple(game_name(figures, lang) for figures in lab.games(lab.players[0])),
        ticks=tuple((tick / 4, percent(tick / 4, lang, 0)) for tick in range(5)),
        mark=translate("lab.plot.heavy.fair", lang) if figure == "heaviest" else "",
    )
    return bar_chart(groups, words)


def _table(caption: str, head: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A table with its caption, its column headings and its rows, each row headed by
    its first cell; every word escaped."""
    cells = "".join(
        f'<th scope="col">{html.escape(cell)}</th>' if cell else "<td></td>" for cell in head
    )
    body = "".join(
        f'<tr><th scope="row">{html.escape(first)}</th>'
        + "".join(f"<td>{html.escape(cell)}</td>" for cell in rest)
        + "</tr>"
        for first, *rest in rows
    )
    return (
        f"<table><caption>{html.escape(caption)}</caption>"
        f"<thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"
    )


def short_table(lab: Lab, figure: str, lang: str) -> str:
    """The shares the chart shows as a table of three columns: a row per player count,
    Block beside the draw game, named by the chart's title."""
    games = [game_name(figures, lang) for figures in lab.games(lab.players[0])]
    rows = (
        [str(players)]
        + [percent(getattr(figures, figure).value, lang) for figures in lab.games(players)]
        for players in lab.players
    )
    head = [translate("lab.table.players", lang), *games]
    return _table(translate(BAR_KEYS[figure][0], lang), head, rows)


def report_html(lab: Lab, lang: str) -> str:
    """``analysis.lab.report`` as HTML folded behind "Show details" (closed until
    opened): the heading, the figures as a table per player count (a row per figure,
    Block beside the draw game), then each claim with a list of its verdicts."""
    head, *rows = table_rows(lab, lang)
    parts = [paragraphs([translate("lab.heading", lang, rounds=lab.rounds, seed=lab.seed)])]
    for players in lab.players:
        games = [row for row in rows if row[0] == str(players)]
        figures = zip(head[2:], *(row[2:] for row in games), strict=True)
        caption = translate("lab.live.players", lang, players=players)
        parts.append(_table(caption, ["", *(row[1] for row in games)], figures))
    for statement, sentences in verdicts(lab, lang):
        parts.append(paragraphs([translate("lab.claim_heading", lang, claim=statement)]))
        parts.append("<ul>" + "".join(f"<li>{html.escape(s)}</li>" for s in sentences) + "</ul>")
    summary = html.escape(translate("lab.live.details", lang))
    return f'<details class="lab-details"><summary>{summary}</summary>{"".join(parts)}</details>'
