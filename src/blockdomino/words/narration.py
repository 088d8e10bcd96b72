"""A round's events in words, and players by their own names.

"Pelaaja 2 asettaa laatan [4|6] jatkokohtaan [4|5] (suurempi pää, 4)."; "Player 3 cannot
match 2 or 5 and passes." The replays and the hot-seat table say what happened with
these sentences. A name is a learner's own text: shortened for the table, never
interpreted; whoever shows it as HTML or SVG escapes it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from blockdomino.engine.round import Draw, Event, Pass, Round
from blockdomino.words.i18n import format_list, translate
from blockdomino.words.text import describe_end, drawing, player_name, tile_in_words

Names = Sequence[str] | None
"""The players' own names, one per seat (an empty one: the seat's number only)."""

LONGEST_NAME: Final = 40
"""A longer name is cut short on the table, with "…"; records keep it whole."""


def short_name(name: str) -> str:
    """``name`` without surrounding spaces, cut to ``LONGEST_NAME`` characters."""
    name = " ".join(name.split())
    return name if len(name) <= LONGEST_NAME else name[: LONGEST_NAME - 1] + "…"


def player_label(seat: int, lang: str, names: Names = None) -> str:
    """The seat as learners count it, with its name if it has one: "Aino (Pelaaja 1)"."""
    return _label(seat, lang, tuple(names) if names else None)


@functools.lru_cache(maxsize=4096)
def _label(seat: int, lang: str, names: tuple[str, ...] | None) -> str:
    """``player_label``'s words, worked out once for each seat, language and table of
    names (every screen of a class table names its players several times a move)."""
    player = player_name(seat, lang)
    name = short_name(names[seat]) if names else ""
    return translate("narration.named", lang, name=name, player=player) if name else player


def event_sentence(
    before: Round,
    event: Event,
    lang: str,
    names: Names = None,
    *,
    player: str | None = None,
    viewer: int | None = None,
    spoken: bool = False,
) -> str:
    """What ``event`` did in the position ``before`` it: an opening, a play, a pass, or a
    draw from the pot (its tile named only to ``viewer`` when it is the drawer).

    ``player`` words the seat when the caller has its own label ("Pelaaja 1 (sinä)");
    ``spoken`` says tiles in words, as a live region should ("yksi–viisi").
    """
    return turn_sentence(before, (event,), lang, names, player=player, viewer=viewer, spoken=spoken)


def turn_sentence(
    before: Round,
    events: Sequence[Event],
    lang: str,
    names: Names = None,
    *,
    player: str | None = None,
    viewer: int | None = None,
    spoken: bool = False,
) -> str:
    """One turn in words: a play or a pass, or a run of draws from the pot said at once
    ("Player 2 draws 3 tiles"), its tiles named only to ``viewer`` when it drew them.

    ``spoken``: every tile in words, for a screen reader, which would spell "[1|5]"
    out bracket by bracket: "Pelaaja 3 pelaa laatan yksi–viisi kohtaan viisi–viisi
    (linja A, 5)."
    """
    event = events[0]
    who = player if player is not None else player_label(event.seat, lang, names)
    if isinstance(event, Draw):
        drawn = [drawn.tile for drawn in events if isinstance(drawn, Draw)]
        return drawing(event.seat, drawn, lang, viewer=viewer, player=who, spoken=spoken)
    if isinstance(event, Pass):
        left, right = before.chain.numbers or (0, 0)
        return translate("narration.pass", lang, player=who, left=left, right=right)
    tile = tile_in_words(event.tile, lang) if spoken else event.tile
    if event.end is None:
        return translate("narration.open", lang, player=who, tile=tile)
    end = describe_end(event.end, lang, spoken=spoken)
    return translate("narration.play", lang, player=who, tile=tile, end=end)


def turns(steps: Sequence[Round]) -> list[tuple[Round, tuple[Event, ...]]]:
    """The turns of a round from its positions (as dealt, then after each event): each
    with the position before it and its events, a run of one seat's draws being one turn."""
    found: list[tuple[Round, tuple[Event, ...]]] = []
    for before, after in pairwise(steps):
        event = after.history[-1]
        if found and isinstance(event, Draw) and _draws_on(found[-1][1], event.seat):
            found[-1] = (found[-1][0], (*found[-1][1], event))
        else:
            found.append((before, (event,)))
    return found


def _draws_on(events: tuple[Event, ...], seat: int) -> bool:
    return isinstance(events[-1], Draw) and events[-1].seat == seat


def options_sentence(before: Round, lang: str, names: Names = None) -> str:
    """The tiles the seat to move could have played, in words: "Player 2 had these tiles
    that fit: one–five and two–five"."""
    tiles = dict.fromkeys(tile_in_words(move.tile, lang) for move in before.legal_moves())
    player = player_label(before.turn, lang, names)
    return translate("narration.options", lang, player=player, tiles=format_list(tiles, lang))


def deal_sentence(start: Round, lang: str, names: Names = None) -> str:
    """The round before its first event: dealt, and who leads."""
    return translate("narration.dealt", lang, player=player_label(start.turn, lang, names))
