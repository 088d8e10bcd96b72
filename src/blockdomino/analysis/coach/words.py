"""The coach's answers in words, in fi, sv or en (presentation: the rest of ``coach`` is data).

Reasons, moves, values and what the learner knows are worded from the catalogs
``i18n/<lang>/coach.po``; numbers and shares are written as each language writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from babel.numbers import format_decimal, format_percent

from blockdomino.analysis.coach.claims import SeatReading
from blockdomino.analysis.coach.knowledge import Knowledge
from blockdomino.analysis.coach.reasons import Reason
from blockdomino.analysis.coach.values import Evaluation, MoveValue
from blockdomino.engine.round import Move
from blockdomino.engine.tiles import Tile
from blockdomino.words.i18n import format_list, parse_lang, pips, plural_form, translate
from blockdomino.words.text import capitalized, player_name, tile_in_words, tiles_in_words

REASON_KEYS: Final = {
    "domino": "coach.reason.domino",
    "closes": "coach.reason.closes",
    "heavy": "coach.reason.heavy",
    "keeps": "coach.reason.keeps",
    "double": "coach.reason.double",
    "value": "coach.reason.value",
}
"""The message of each kind of reason (``coach.reasons``)."""


def share_text(share: float, lang: str) -> str:
    """A share as a percentage: "81 %" in fi and sv, "81%" in en."""
    return str(format_percent(share, locale=parse_lang(lang)))


def value_text(value: float, lang: str) -> str:
    """A value with its sign and at most two decimals: "+8,25", "−1", "0"."""
    value = round(value, 2)
    text = str(format_decimal(abs(value), format="#,##0.##", locale=parse_lang(lang)))
    if value > 0:
        return "+" + text
    return "−" + text if value < 0 else text


def reason_text(reason: Reason, lang: str, *, spoken: bool = False) -> str:
    """A reason worded: "closes the 5s: Player 2 passed on 5" (``spoken``: its tile in
    words, see ``move_text``)."""
    params: dict[str, object] = {}
    if reason.tile is not None:
        params["tile"] = tile_in_words(reason.tile, lang) if spoken else reason.tile
    if reason.number is not None:
        params["number"] = reason.number
    if reason.seat is not None:
        params["seat"] = player_name(reason.seat, lang)
    if reason.pips is not None:
        params["pip_count"] = pips(reason.pips, lang)
    if reason.share is not None:
        params["share"] = share_text(reason.share, lang)
    return translate(REASON_KEYS[reason.kind], lang, **params)


def move_text(move: Move, lang: str, *, spoken: bool = False) -> str:
    """A move worded: "[3|5] on the 5 end", or "[3|5] to open"; ``spoken``: the tile in
    words, as the app's sentences say it ("three–five on the 5 end")."""
    tile = tile_in_words(move.tile, lang) if spoken else move.tile
    if move.end is None:
        return translate("coach.move.opening", lang, tile=tile)
    return translate("coach.move.at", lang, tile=tile, number=move.end.pips)


def move_line(entry: MoveValue, lang: str, *, spoken: bool = False) -> str:
    """One move of a hint: its value, its share of wins and the number of deals
    (``spoken``: the tile in words, see ``move_text``)."""
    said = translate(
        "coach.hint.move",
        lang,
        move=move_text(entry.move, lang, spoken=spoken),
        value=value_text(entry.value, lang),
        share=share_text(entry.win_share, lang),
        samples=entry.samples,
    )
    return capitalized(said)


def hint_lines(evaluation: Evaluation, lang: str, *, spoken: bool = False) -> list[str]:
    """A hint in words: every move, best first, then the coach's pick and its reason
    (``spoken``: tiles in words, for a pupil's page; see ``move_text``)."""
    if not evaluation.moves:
        return [translate("coach.hint.pass", lang)]
    ranked = sorted(evaluation.moves, key=lambda entry: -entry.value)
    lines = [move_line(entry, lang, spoken=spoken) for entry in ranked]
    if evaluation.reason is not None:
        pick = evaluation.best[0].move
        lines.append(
            translate(
                "coach.hint.pick",
                lang,
                move=move_text(pick, lang, spoken=spoken),
                reason=reason_text(evaluation.reason, lang, spoken=spoken),
            )
        )
    return lines


def hint_notes(evaluation: Evaluation, lang: str, *, scored: bool = False) -> dict[Tile, str]:
    """A hint as notes under the hand's tiles: what ranks the moves, so that the ★ of the
    best move stands on the best note. In a scored game that is each move's points
    margin ("+3,25 pist."), otherwise its share of wins ("62 %").

    A tile that fits both ends with different notes gets a line per end, named by the
    number it joins ("5: 62 %"), the more valuable first.
    """
    notes: dict[Tile, dict[int | None, str]] = {}
    for entry in sorted(evaluation.moves, key=lambda entry: -entry.value):
        end = entry.move.end
        by_end = notes.setdefault(entry.move.tile, {})
        by_end.setdefault(None if end is None else end.pips, _worth(entry, lang, scored))
    return {tile: _note(by_end, lang) for tile, by_end in notes.items()}


def _worth(entry: MoveValue, lang: str, scored: bool) -> str:
    """A move's worth as a note says it: points margin when scored, else share of wins."""
    if scored:
        return translate("coach.note.points", lang, value=value_text(entry.value, lang))
    return share_text(entry.win_share, lang)


def _note(by_end: dict[int | None, str], lang: str) -> str:
    """One tile's note: its worth, or one line per end where the ends' worths differ."""
    if len(set(by_end.values())) == 1:
        return next(iter(by_end.values()))
    return "\n".join(
        translate("coach.note.end", lang, number=number, worth=worth)
        for number, worth in by_end.items()
    )


def solve_lines(evaluation: Evaluation, lang: str, *, spoken: bool = False) -> list[str]:
    """An exact solution in words: the position's value, then each move's (``spoken``:
    tiles in words, see ``move_text``)."""
    lines = [
        translate(
            "coach.solve.heading",
            lang,
            seat=player_name(evaluation.seat, lang),
            value=value_text(evaluation.value, lang),
        )
    ]
    lines.extend(
        translate(
            "coach.solve.move",
            lang,
            move=capitalized(move_text(entry.move, lang, spoken=spoken)),
            value=value_text(entry.value, lang),
        )
        for entry in evaluation.moves
    )
    return lines


def tiles_text(count: int, lang: str) -> str:
    """A number of tiles with its noun: "1 laatta", "5 brickor"."""
    one = plural_form(count, lang) == "one"
    key = "coach.knowledge.tiles.one" if one else "coach.knowledge.tiles.other"
    return translate(key, lang, count=count)


def reading_lines(reading: SeatReading, lang: str, *, spoken: bool = False) -> list[str]:
    """What the coach says one other seat probably lacks and holds, each with its
    evidence in one sentence (``coach.claims``; ``spoken``: tiles in words, see
    ``move_text``)."""

    def said(tile: Tile | None) -> object:
        return tile_in_words(tile, lang) if spoken and tile is not None else tile

    lines = []
    for lack in reading.lacks:
        if lack.played is not None:
            key = "coach.knowledge.lacks.played"
        elif plural_form(lack.hidden, lang) == "one":
            key = "coach.knowledge.lacks.counted.one"
        else:
            key = "coach.knowledge.lacks.counted.other"
        played = said(lack.played)
        lines.append(translate(key, lang, number=lack.number, tile=played, count=lack.hidden))
    for holding in reading.holds:
        key = "coach.knowledge.holds.alone" if holding.alone else "coach.knowledge.holds.played"
        lines.append(translate(key, lang, tile=said(holding.tile)))
    return lines


def knowledge_lines(
    known: Knowledge, lang: str, readings: Sequence[SeatReading] = (), *, spoken: bool = False
) -> list[str]:
    """What the seat knows, seat by seat (with what the coach reads there as probable,
    where ``readings`` are given: ``coach.claims.read_hands``), then the count of unseen
    tiles (``spoken``: tiles in words, see ``move_text``)."""
    lines = []
    read = {reading.seat: reading for reading in readings}
    for other in known.others:
        seat = player_name(other.seat, lang)
        lines.append(
            translate("coach.knowledge.seat", lang, seat=seat, tiles=tiles_text(other.size, lang))
        )
        if other.ruled_out:
            numbers = format_list(other.ruled_out, lang)
            lines.append(translate("coach.knowledge.ruled_out", lang, numbers=numbers))
        else:
            lines.append(translate("coach.knowledge.no_pass", lang))
        tiles = (
            tiles_in_words(other.possible, lang)
            if spoken
            else " ".join(str(tile) for tile in other.possible)
        )
        lines.append(translate("coach.knowledge.possible", lang, tiles=tiles))
        if other.seat in read:
            lines.extend(reading_lines(read[other.seat], lang, spoken=spoken))
    lines.append(translate(unseen_key(known), lang, unseen=known.unseen, out=known.out_of_play))
    return lines


def unseen_key(known: Knowledge) -> str:
    """The message counting the unseen tiles: out of play, or in the draw game's pot."""
    return "coach.knowledge.unseen_pot" if known.pot else "coach.knowledge.unseen"
