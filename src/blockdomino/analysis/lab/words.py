"""The lab's figures and verdicts in Finnish, Swedish or English: sentences and a table.

Shares are written as percentages and pips with one decimal, as each language writes
them ("65,6 %" in fi and sv, "65.6%" in en); every interval is a 95% one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from babel import Locale
from babel.numbers import format_decimal, format_percent

from blockdomino.analysis.lab.claims import Judged, Verdict, judge
from blockdomino.analysis.lab.measure import (
    COACH_SAMPLES,
    Coaches,
    GameFigures,
    Lab,
    Mean,
    Share,
)
from blockdomino.words.i18n import parse_lang, translate

COLUMNS: Final = (
    "lab.table.players",
    "lab.table.game",
    "lab.table.blocked",
    "lab.table.decided",
    "lab.table.winner_pips",
    "lab.table.loser_pips",
    "lab.table.heaviest",
)
"""The table's column headings, as catalog keys."""

_GAME_KEYS: Final = {
    "block": ("lab.game.block", "lab.game.block.in_text"),
    "draw": ("lab.game.draw", "lab.game.draw.in_text"),
}
"""Each game's name as a legend or a table cell writes it, and inside a sentence."""
_CLAIM_KEYS: Final = {
    "blocked": ("lab.claim.blocked", "lab.measured.blocked"),
    "pips": ("lab.claim.pips", "lab.measured.pips"),
    "heavy": ("lab.claim.heavy", "lab.measured.heavy"),
    "closing": ("lab.claim.closing", "lab.measured.closing"),
}
"""Each claim's statement and its measured sentence."""
_VERDICT_KEYS: Final = {
    Verdict.HOLDS: "lab.verdict.holds",
    Verdict.FAILS: "lab.verdict.fails",
    Verdict.UNSETTLED: "lab.verdict.unsettled",
}


def percent(value: float, lang: str, digits: int = 1) -> str:
    """A share as the language writes a percentage, with ``digits`` decimals: "65,6 %",
    "65.6%"."""
    pattern = Locale.parse(parse_lang(lang)).percent_formats[None].pattern
    decimals = "." + "0" * digits if digits else ""
    return str(format_percent(value, pattern.replace("0", "0" + decimals, 1), locale=lang))


NOTHING: Final = "–"
"""What stands for a figure that nothing was measured for (a mean of no rounds)."""


def decimal(value: float, lang: str) -> str:
    """A number with one decimal, as the language writes it; :data:`NOTHING` for a mean
    of nothing (too few rounds to count any)."""
    if math.isnan(value):
        return NOTHING
    return str(format_decimal(value, "#,##0.0", locale=parse_lang(lang)))


def _bounds(estimate: Share | Mean, lang: str) -> tuple[str, str, str]:
    """The estimate, its interval's low and high end: percentages or pips."""
    word = percent if isinstance(estimate, Share) else decimal
    return word(estimate.value, lang), word(estimate.low, lang), word(estimate.high, lang)


def interval(estimate: Share | Mean, lang: str) -> str:
    """The 95% interval of a share or a mean: "95 %:n luottamusväli 63,5 %–67,7 %"; for
    a mean of fewer than two values, that there is none."""
    _, low, high = _bounds(estimate, lang)
    if NOTHING in (low, high):
        return translate("lab.interval.none", lang)
    return translate("lab.interval", lang, low=low, high=high)


def game_name(figures: GameFigures, lang: str, *, in_text: bool = False) -> str:
    """ "Block" or the draw game's name: as a legend or a table cell writes it, or
    ``in_text`` as it stands inside a sentence ("Block 67,0 % ja nostopeli 17,0 %")."""
    alone, inside = _GAME_KEYS[figures.rules.name]
    return translate(inside if in_text else alone, lang)


def _numbers(judged: Judged, lang: str) -> dict[str, str]:
    """Every figure a claim's sentence may name, worded."""
    block, draw = judged.block, judged.draw
    values: dict[str, str] = {
        "players": str(judged.players),
        "fair": percent(block.fair_share, lang),
    }
    shares = {
        "blocked": (block.blocked, draw.blocked),
        "pips": (block.decided, draw.decided),
        "heavy": (block.heaviest, draw.heaviest),
        "closing": (block.closing, draw.closing),
    }[judged.claim]
    for name, share in zip(("block", "draw"), shares, strict=True):
        values[name], values[f"{name}_interval"] = percent(share.value, lang), interval(share, lang)
    for name, share in (("other", block.other), ("draw_other", draw.other)):
        values[name], values[f"{name}_interval"] = percent(share.value, lang), interval(share, lang)
    for name, mean in (("winner", block.winner_pips), ("loser", block.loser_pips)):
        values[name], values[f"{name}_interval"] = decimal(mean.value, lang), interval(mean, lang)
    return values


def measured(judged: Judged, lang: str) -> str:
    """One claim with one player count: the figures and the verdict, in sentences."""
    sentence = translate(_CLAIM_KEYS[judged.claim][1], lang, **_numbers(judged, lang))
    return f"{sentence} {translate(_VERDICT_KEYS[judged.verdict], lang)}"


def claim_statement(claim: str, lang: str) -> str:
    """What 003 claims, in the language: "Keeping the heavy tiles in hand is risky." """
    return translate(_CLAIM_KEYS[claim][0], lang)


def verdicts(lab: Lab, lang: str) -> list[tuple[str, list[str]]]:
    """Each claim with its sentences, one per player count measured."""
    parse_lang(lang)
    sections: dict[str, list[str]] = {}
    for judged in judge(lab):
        sections.setdefault(judged.claim, []).append(measured(judged, lang))
    return [(claim_statement(claim, lang), lines) for claim, lines in sections.items()]


def _cell(estimate: Share | Mean, lang: str) -> str:
    value, low, high = _bounds(estimate, lang)
    return value if NOTHING in (low, high) else f"{value} ({low}–{high})"


def table_rows(lab: Lab, lang: str) -> list[list[str]]:
    """The figures as rows of cells, the translated headings first (``COLUMNS``)."""
    rows = [[translate(column, lang) for column in COLUMNS]]
    for players in lab.players:
        for figures in lab.games(players):
            rows.append(
                [
                    str(players),
                    game_name(figures, lang),
                    *(
                        _cell(estimate, lang)
                        for estimate in (
                            figures.blocked,
                            figures.decided,
                            figures.winner_pips,
                            figures.loser_pips,
                            figures.heaviest,
                        )
                    ),
                ]
            )
    return rows


def table_text(rows: Sequence[Sequence[str]]) -> str:
    """Rows of cells as aligned plain text, columns two spaces apart."""
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


def report(lab: Lab, lang: str) -> str:
    """The whole run as text: heading, table, then each claim with its verdicts."""
    lines = [
        translate("lab.heading", lang, rounds=lab.rounds, seed=lab.seed),
        "",
        table_text(table_rows(lab, lang)),
    ]
    for statement, sentences in verdicts(lab, lang):
        lines += ["", translate("lab.claim_heading", lang, claim=statement)]
        lines += [f"- {sentence}" for sentence in sentences]
    coach = coach_sentences(lab, lang)
    if coach:
        lines += ["", translate("lab.coach.heading", lang, samples=COACH_SAMPLES)]
        lines += [f"- {sentence}" for sentence in coach]
    return "\n".join(lines)


def coach_sentences(lab: Lab, lang: str) -> list[str]:
    """The reading and the plain coach's shares of wins against random players, one
    sentence per player count (none when the run did not measure the coaches)."""
    sentences = []
    for players in lab.players:
        block, draw = lab.games(players)
        if (
            block.coach is None
            or draw.coach is None
            or block.plain_coach is None
            or draw.plain_coach is None
        ):
            continue
        sentences.append(
            translate(
                "lab.coach.measured",
                lang,
                players=players,
                rounds=block.coach.count,
                block=percent(block.coach.value, lang),
                block_interval=interval(block.coach, lang),
                draw=percent(draw.coach.value, lang),
                draw_interval=interval(draw.coach, lang),
                plain_block=percent(block.plain_coach.value, lang),
                plain_block_interval=interval(block.plain_coach, lang),
                plain_draw=percent(draw.plain_coach.value, lang),
                plain_draw_interval=interval(draw.plain_coach, lang),
                fair=percent(block.fair_share, lang),
            )
        )
    return sentences


def coaches_text(duel: Coaches, lang: str) -> str:
    """The two coaches' shares of wins against the same opponents, then which won more
    often: the one whose whole interval lies above the other's, or neither (the
    difference may be luck)."""
    reading, plain = duel.reading, duel.plain
    if reading.low > plain.high:
        verdict = "lab.coaches.reading_better"
    elif plain.low > reading.high:
        verdict = "lab.coaches.plain_better"
    else:
        verdict = "lab.coaches.alike"
    measured = translate(
        "lab.coaches.measured",
        lang,
        rounds=reading.count,
        players=duel.rules.players,
        reading=percent(reading.value, lang),
        reading_interval=interval(reading, lang),
        plain=percent(plain.value, lang),
        plain_interval=interval(plain, lang),
        fair=percent(duel.fair_share, lang),
    )
    return f"{measured}\n{translate(verdict, lang)}"
