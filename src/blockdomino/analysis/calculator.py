"""The end-of-round calculator: from the hands left (or their pip totals) to winners and points.

A teacher types what lies on the table when a round ends: who dominoed or that the
round blocked, and each player's remaining tiles or pip total. The calculator checks
the input as the rules would (every tile exists and is in one hand only, no hand holds
more than was dealt, the dominoer's hand is empty) and explains the award step by step.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from blockdomino.engine.errors import BlockdominoError, RulesError
from blockdomino.engine.leftovers import leftover_hands, missing_number, most_pips
from blockdomino.engine.rules import SET_SIZE, Rules
from blockdomino.engine.scoring import RoundResult, hand_total, score
from blockdomino.engine.tiles import Tile, parse_tiles
from blockdomino.words.errors import explain
from blockdomino.words.i18n import format_list, parse_lang, translate
from blockdomino.words.text import explain_result, player_name, side_label


def parse_hands(rules: Rules, hands: Sequence[str]) -> tuple[tuple[Tile, ...], ...]:
    """The hands left, written as ``"[0|0] [2|3]"`` (an empty hand as ``""``), one per seat.

    Refused: a hand per seat missing or extra, text that is not a tile, a tile in two
    hands (or twice in one), a hand larger than the deal.
    """
    if len(hands) != rules.players:
        raise RulesError("error.round.hands_count", given=len(hands), players=rules.players)
    parsed = tuple(parse_tiles(hand) for hand in hands)
    seen: set[Tile] = set()
    for seat, hand in enumerate(parsed):
        if len(hand) > rules.tiles_each:
            raise RulesError(
                "score.error.hand_too_big", seat=seat, given=len(hand), tiles_each=rules.tiles_each
            )
        for tile in hand:
            if tile in seen:
                raise RulesError("error.round.tile_twice", tile=tile)
            seen.add(tile)
    return parsed


def _hand_totals(rules: Rules, hands: Sequence[str], dominoer: int | None) -> tuple[int, ...]:
    """Each hand's pips, the hands checked as a round leaves them: after a domino only
    the dominoer's hand is empty (even [0|0] is a tile left); after a block none is, and
    some number is missing from every hand, or someone could play at an open end."""
    parsed = parse_hands(rules, hands)
    empty = [seat for seat, hand in enumerate(parsed) if not hand]
    if dominoer is None:
        if empty:
            raise RulesError("input.error.empty_hand_blocked", seat=empty[0])
        if missing_number(parsed) is None:
            raise RulesError("input.error.every_number_held")
    elif 0 <= dominoer < len(parsed):
        if parsed[dominoer]:
            raise RulesError(
                "score.error.dominoer_holds_tiles", seat=dominoer, tiles=parsed[dominoer]
            )
        if len(empty) > 1:
            other = next(seat for seat in empty if seat != dominoer)
            raise RulesError("input.error.two_empty_hands", seat=other, dominoer=dominoer)
    return tuple(hand_total(hand) for hand in parsed)


def check_totals(rules: Rules, totals: Sequence[int], dominoer: int | None) -> None:
    """Refuse pip totals no round can leave: one hand above what its tiles can hold, all
    above what the hands together can hold, two zeros where only [0|0] is worth 0, or any
    other combination no hands of the set can have (decided exactly by ``leftovers``).

    ``totals`` have passed the checks of ``scoring.score`` (count, signs, the dominoer's 0).
    """
    holders = [seat for seat in range(rules.players) if seat != dominoer]
    most = most_pips(rules.tiles_each)
    for seat in holders:
        if totals[seat] > most:
            raise RulesError(
                "input.error.total_too_big",
                seat=seat,
                total=totals[seat],
                tiles_each=rules.tiles_each,
                most=most,
            )
    together = most_pips(min(len(holders) * rules.tiles_each, SET_SIZE - 1))
    if sum(totals) > together:
        raise RulesError("input.error.totals_beyond_set", total=sum(totals), most=together)
    if sum(totals[seat] == 0 for seat in holders) > 1:
        raise RulesError("input.error.two_zero_totals")
    if leftover_hands(tuple(totals), rules.tiles_each, dominoer) is None:
        raise RulesError("input.error.totals_impossible", totals=tuple(totals))


def summary(result: RoundResult, lang: str) -> str:
    """The winner, the points per player (in a scored game) and the teacher's explanation."""
    parse_lang(lang)
    if result.winners:
        lines = [translate("score.winner", lang, winner=side_label(result, result.winners, lang))]
    else:
        lines = [translate("score.no_winner", lang)]
    if result.rules.scored:
        points = (
            f"{player_name(seat, lang)}: {points}" for seat, points in enumerate(result.points)
        )
        lines.append(translate("score.points", lang, points=format_list(points, lang)))
    return "\n".join([*lines, "", explain_result(result, lang)])


def calculate(
    preset: str,
    *,
    players: int | None = None,
    dominoer: int | None = None,
    hands: Sequence[str] | None = None,
    totals: Sequence[int] | None = None,
) -> RoundResult:
    """The result of a round in ``preset`` ending with these hands or pip totals per seat.

    ``dominoer`` is the seat (from 0) that played its last tile, ``None`` for a blocked
    round. ``players`` defaults to the number of hands or totals given.
    """
    given = len(hands if hands is not None else totals or ())
    rules = Rules.preset(preset, given if players is None else players)
    pips = _hand_totals(rules, hands, dominoer) if hands is not None else tuple(totals or ())
    result = score(rules, pips, dominoer=dominoer)
    if hands is None:
        check_totals(rules, pips, dominoer)
    return result


def run(
    preset: str,
    *,
    players: int | None,
    dominoer: int | None,
    hands: Sequence[str] | None,
    totals: Sequence[int] | None,
    lang: str,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """``blockdomino score``: print the result, or why the input is impossible (status 2)."""
    try:
        result = calculate(preset, players=players, dominoer=dominoer, hands=hands, totals=totals)
    except BlockdominoError as error:
        (err or sys.stderr).write(f"blockdomino score: {explain(error, lang)}\n")
        return 2
    (out or sys.stdout).write(summary(result, lang) + "\n")
    return 0
