"""Engine values worded in Finnish, Swedish or English: descriptions and explanations.

``describe`` writes a chain in the format of the Finnish rules' worked examples::

    Laatat: [1|4], [1|1]. Liitokset: [1|4] (pienempi pää) – [1|1] (linja A).
    Lailliset jatkokohdat: [1|1] (linja B, 1); [1|4] (suurempi pää, 4).

The same function gives the text alternative (``<desc>``) of every chain diagram.
Said to a pupil (``spoken``), a tile is in words and a side is named by the number it
shows ("yksi–neljä (pää, jossa on 4)"): "the smaller end" asks the pupil to compare.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Final

from blockdomino.engine.chain import Chain, Join, OpenEnd, Side
from blockdomino.engine.scoring import Award, Ending, RoundResult
from blockdomino.engine.tiles import Tile
from blockdomino.words.i18n import format_list, parse_lang, points, translate

ITEM_SEPARATOR: Final = ", "
"""Between the tiles of a description."""
CLAUSE_SEPARATOR: Final = "; "
"""Between the joins, and between the continuations, of a description."""

_SIDE_KEYS: Final = {
    Side.HIGHER_END: "term.side.higher_end",
    Side.LOWER_END: "term.side.lower_end",
    Side.LINE_A: "term.side.line_a",
    Side.LINE_B: "term.side.line_b",
}
_SPOKEN_SIDE_KEYS: Final = {
    Side.HIGHER_END: "term.side.spoken.end",
    Side.LOWER_END: "term.side.spoken.end",
    Side.LINE_A: "term.side.spoken.line_a",
    Side.LINE_B: "term.side.spoken.line_b",
}


NUMBER_WORDS: Final = (
    "practice.number.0",
    "practice.number.1",
    "practice.number.2",
    "practice.number.3",
    "practice.number.4",
    "practice.number.5",
    "practice.number.6",
)
"""The catalog key of each number a tile shows, 0 to 6, as a word."""


def number_word(number: int, lang: str) -> str:
    """A tile's number, 0 to 6, as a word: "five", "viisi", "fem"."""
    return translate(NUMBER_WORDS[number], lang)


def numbers_in_words(left: int, right: int, lang: str) -> str:
    """A tile's two numbers in words, in the order given: "viisi–kuusi"."""
    return translate(
        "practice.figure.tile", lang, left=number_word(left, lang), right=number_word(right, lang)
    )


@functools.lru_cache(maxsize=256)
def tile_in_words(tile: Tile, lang: str) -> str:
    """A tile as a screen reader should say it, small number first, as the hand's tile
    buttons say it: "one–five", not "bracket one bar five bracket" (worked out once for
    each tile and language: every screen of a class table says its hand's tiles)."""
    return numbers_in_words(tile.low, tile.high, lang)


def tiles_in_words(tiles: Iterable[Tile], lang: str) -> str:
    """Tiles as a screen reader should say them, listed as the language lists: "one–four,
    four–six and one–three"."""
    return format_list((tile_in_words(tile, lang) for tile in tiles), lang)


def line_in_words(chain: Chain, lang: str) -> str:
    """A chain's tiles as they lie, left to right, in words: "kolme–yksi, yksi–neljä,
    neljä–kuusi"."""
    return ITEM_SEPARATOR.join(
        numbers_in_words(piece.left, piece.right, lang) for piece in chain.line
    )


def capitalized(sentence: str) -> str:
    """A sentence begun with a capital letter, as one that begins with a tile in words
    must be: "Yksi–viisi ei sovi", "One–five does not fit"."""
    return sentence[:1].upper() + sentence[1:]


def side_name(side: Side, lang: str) -> str:
    """The name of a tile's side: "suurempi pää", "linje A", "lower end", …"""
    return translate(_SIDE_KEYS[side], lang)


def spoken_side(side: Side, number: int, lang: str) -> str:
    """A side as a pupil says it, by the number it shows: "pää, jossa on 1", "linje B
    med 1", "the end with 4"; not which half is the larger ("pienempi pää")."""
    return translate(_SPOKEN_SIDE_KEYS[side], lang, number=number)


def _number_at(tile: Tile, side: Side) -> int:
    """The number a tile shows at a side: a double's lines and ends all show its one."""
    return tile.low if side is Side.LOWER_END else tile.high


def describe_join(join: Join, lang: str, *, spoken: bool = False) -> str:
    """``[1|4] (pienempi pää) – [1|1] (linja A)``: the chain tile's side, then the new
    tile's; ``spoken``: tiles in words and sides by their number, for a walkthrough's
    step ("yksi–neljä (pää, jossa on 1) – yksi–yksi (linja A, jossa on 1)")."""
    if spoken:
        number = _number_at(join.chain_tile, join.chain_side)
        return translate(
            "describe.join",
            lang,
            chain_tile=tile_in_words(join.chain_tile, lang),
            chain_side=spoken_side(join.chain_side, number, lang),
            tile=tile_in_words(join.tile, lang),
            side=spoken_side(join.side, number, lang),
        )
    return translate(
        "describe.join",
        lang,
        chain_tile=join.chain_tile,
        chain_side=side_name(join.chain_side, lang),
        tile=join.tile,
        side=side_name(join.side, lang),
    )


def describe_end(end: OpenEnd, lang: str, *, spoken: bool = False) -> str:
    """``[1|1] (linja B, 1)``: the tile, its free side and the number it shows; ``spoken``:
    the tile in words and the side by its number, for a screen reader ("yksi–neljä
    (pää, jossa on 1)")."""
    if spoken:
        side = spoken_side(end.side, end.pips, lang)
        return translate(
            "describe.continuation.spoken", lang, tile=tile_in_words(end.tile, lang), side=side
        )
    return translate(
        "describe.continuation", lang, tile=end.tile, side=side_name(end.side, lang), pips=end.pips
    )


@functools.lru_cache(maxsize=16)
def describe(chain: Chain, lang: str = "fi", *, spoken: bool = False) -> str:
    """The chain in words: tiles in placement order, joins as made, legal continuations.

    The continuations are the open ends in canonical order (by tile, then higher end
    before lower end, line A before line B), each with the number it shows. The last
    few are kept (a replay says each chain twice). ``spoken``: every tile in words
    ("Laatat: yksi–neljä, yksi–yksi. …"), as an exercise says the chain to the learner;
    without it, the documents' own notation, which the diagrams' descriptions keep.
    """
    parse_lang(lang)
    if not chain.tiles:
        return translate("describe.empty", lang)
    none = translate("describe.none", lang)
    tiles = ITEM_SEPARATOR.join(tile_in_words(t, lang) if spoken else str(t) for t in chain.tiles)
    joins = (
        CLAUSE_SEPARATOR.join(describe_join(join, lang, spoken=spoken) for join in chain.joins)
        or none
    )
    ends = CLAUSE_SEPARATOR.join(describe_end(end, lang, spoken=spoken) for end in chain.open_ends)
    return " ".join(
        (
            translate("describe.tiles", lang, tiles=tiles),
            translate("describe.joins", lang, joins=joins),
            translate("describe.continuations", lang, ends=ends),
        )
    )


def player_name(seat: int, lang: str) -> str:
    """A seat as learners count players, from 1: "Pelaaja 1", "Spelare 1", "Player 1"."""
    return translate("term.player", lang, number=seat + 1)


Players = Sequence[str] | None
"""Each seat as a text calls its player ("Aino (Pelaaja 1)"); ``None``: "Pelaaja 1", …"""


def _called(seat: int, lang: str, players: Players) -> str:
    return player_name(seat, lang) if players is None else players[seat]


def side_label(
    result: RoundResult, side: tuple[int, ...], lang: str, *, players: Players = None
) -> str:
    """A winning unit: "Pelaaja 1", or in a partnership "Pari 1 (Pelaaja 1 ja Pelaaja 3)"."""
    if not result.rules.partnership:
        return _called(side[0], lang, players)
    team = result.rules.sides().index(side)
    members = format_list((_called(seat, lang, players) for seat in side), lang)
    return translate("term.team_members", lang, team=team + 1, members=members)


def calculation(award: Award, lang: str) -> str:
    """The award as arithmetic: "0 + 8 = 8 pistettä", "7 + 8 − 3 = 12 points".

    A lone term stands alone: "5 poäng".
    """
    added = " + ".join(str(total) for _, total in award.added)
    subtracted = "".join(f" − {total}" for _, total in award.subtracted)
    result = points(award.points, lang)
    terms = len(award.added) + len(award.subtracted)
    return f"{added}{subtracted} = {result}" if terms > 1 else result


Named = set[tuple[int, ...]]
"""The teams an explanation has named with their partners so far."""


def _unit(
    result: RoundResult, side: tuple[int, ...], lang: str, players: Players, named: Named
) -> str:
    """``side_label``, but a team already named with its partners is "Team 1" alone:
    an explanation names the partners once."""
    if result.rules.partnership and side in named:
        return translate("term.team", lang, number=result.rules.sides().index(side) + 1)
    named.add(side)
    return side_label(result, side, lang, players=players)


def _totals_step(result: RoundResult, lang: str, players: Players, named: Named) -> str:
    rules = result.rules
    if rules.partnership and result.ending is Ending.BLOCKED:
        teams = [
            f"{_unit(result, side, lang, players, named)}: "
            + " + ".join(str(result.totals[seat]) for seat in side)
            + f" = {sum(result.totals[seat] for seat in side)}"
            for side in rules.sides()
        ]
        return translate("explain.team_totals", lang, totals=CLAUSE_SEPARATOR.join(teams))
    totals = [
        f"{_called(seat, lang, players)}: {total}" for seat, total in enumerate(result.totals)
    ]
    return translate("explain.totals", lang, totals=format_list(totals, lang))


def _winner_steps(result: RoundResult, lang: str, players: Players, named: Named) -> list[str]:
    if result.winners:
        winner = _unit(result, result.winners, lang, players, named)
        if result.ending is Ending.DOMINO:
            return [translate("explain.winner_domino", lang, winner=winner)]
        lowest = sum(result.totals[seat] for seat in result.winners)
        return [translate("explain.winner_blocked", lang, winner=winner, total=lowest)]
    side_totals = [sum(result.totals[seat] for seat in side) for side in result.rules.sides()]
    lowest = min(side_totals)
    tied = [
        _unit(result, side, lang, players, named)
        for side, total in zip(result.rules.sides(), side_totals, strict=True)
        if total == lowest
    ]
    tie = translate("explain.tie", lang, total=lowest, tied=format_list(tied, lang))
    outcome = "explain.tie_no_points" if result.rules.scored else "explain.tie_drawn"
    return [tie, translate(outcome, lang)]


def _points_step(result: RoundResult, lang: str, players: Players, named: Named) -> str:
    if result.award is None:
        return translate("explain.unscored", lang)
    key = "explain.points_domino" if result.ending is Ending.DOMINO else "explain.points_blocked"
    winner = _unit(result, result.award.side, lang, players, named)
    return translate(key, lang, winner=winner, calculation=calculation(result.award, lang))


def explanation_steps(
    result: RoundResult, lang: str, *, players: Players = None
) -> tuple[str, ...]:
    """The end of a round in a teacher's steps: how it ended, the totals, who won, the award.
    A team is named with its partners the first time, "Team 1" after that.

    ``players`` calls each seat as given (its player's own name) instead of "Pelaaja 1".
    """
    parse_lang(lang)
    if result.ending is Ending.DOMINO and result.dominoer is not None:
        dominoer = _called(result.dominoer, lang, players)
        ending = translate("explain.domino", lang, seat=dominoer)
    else:
        ending = translate("explain.blocked", lang)
    named: Named = set()
    steps = [
        ending,
        _totals_step(result, lang, players, named),
        *_winner_steps(result, lang, players, named),
    ]
    if result.winners or not result.rules.scored:
        steps.append(_points_step(result, lang, players, named))
    return tuple(steps)


def explain_result(result: RoundResult, lang: str) -> str:
    """``explanation_steps`` as lines of text."""
    return "\n".join(explanation_steps(result, lang))


def drawing(
    seat: int,
    drawn: Sequence[Tile | None],
    lang: str,
    *,
    viewer: int | None = None,
    player: str = "",
    spoken: bool = False,
) -> str:
    """A seat's drawing from the pot in words (the draw game).

    Drawn tiles are secret: everyone but the drawer reads only how many ("Player 2 drew
    3 tiles from the pot."); the drawer (``viewer == seat``) reads which, unless a
    seat's view hid them (``None``, see ``engine.view``). ``player`` names the seat
    where the default "Player 2" will not do ("Player 1 (you)"); ``spoken`` says the
    tiles in words, for a screen reader.
    """
    player = player or player_name(seat, lang)
    if viewer == seat and None not in drawn:
        named = [tile_in_words(tile, lang) if spoken and tile else tile for tile in drawn]
        return translate("text.drew.tiles", lang, player=player, tiles=format_list(named, lang))
    key = "text.drew.one" if len(drawn) == 1 else "text.drew.other"
    return translate(key, lang, player=player, count=len(drawn))
