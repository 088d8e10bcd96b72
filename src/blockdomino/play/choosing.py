"""The hand's tiles and the chain's open ends as buttons: choose a tile, then an end.

Each tile is named in words ("viisi–kuusi"), each end by the number it shows ("pää, jossa
on 1"), as the spoken chain says them. A tile that fits is marked ✓ and coloured; the
chosen tile says so in its label. After a tile is chosen, the ends it fits are marked ✓;
the others stay pressable, so that a learner trying one hears why it does not fit. A
tile's button sends ``tile:[a|b]``, an end's ``end:<index>`` (its place among the
chain's open ends).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from blockdomino.engine.chain import Chain, OpenEnd
from blockdomino.engine.tiles import Tile
from blockdomino.play.view_model import CHECK, Action, Button
from blockdomino.words.i18n import translate
from blockdomino.words.text import capitalized, describe_end, spoken_side, tile_in_words


def choice_buttons(
    chain: Chain,
    hand: Sequence[Tile],
    *,
    playable: Collection[Tile],
    selected: Tile | None,
    enabled: bool,
    lang: str,
) -> tuple[Button, ...]:
    """The buttons of ``hand`` against ``chain``: which tiles fit, the chosen one, its ends."""
    tiles = tuple(
        _tile_button(chain, tile, tile in playable, tile == selected, enabled, lang)
        for tile in hand
    )
    ends = chain.open_ends
    fitting = () if selected is None else chain.ends_for(selected)
    labels = _end_labels(ends, lang)
    return tiles + tuple(
        _end_button(index, end, name, selected, end in fitting, enabled, lang)
        for index, (end, name) in enumerate(zip(ends, labels, strict=True))
    )


def end_actions(chain: Chain) -> tuple[tuple[OpenEnd, Action], ...]:
    """Each open end of ``chain`` with its button's action, ``end:<index>``: a tap on the
    end's marker places the chosen tile there."""
    return tuple((end, f"end:{index}") for index, end in enumerate(chain.open_ends))


def _tile_button(
    chain: Chain, tile: Tile, fits: bool, chosen: bool, enabled: bool, lang: str
) -> Button:
    marks = [CHECK] if fits else []
    if chosen:
        marks.append(translate("widgets.tile.chosen_mark", lang))
    if not chain.tiles:
        key = "widgets.tile.opens" if fits else "widgets.tile.cannot_open"
    else:
        key = "widgets.tile.fits" if fits else "widgets.tile.no_fit"
    return Button(
        id=f"tile:{tile}",
        label=" ".join((tile_in_words(tile, lang), *marks)),
        tooltip=capitalized(translate(key, lang, tile=tile_in_words(tile, lang))),
        group="tiles",
        enabled=enabled,
        highlight="chosen" if chosen else "fits" if fits else None,
        icon="check" if fits else "",
        spoken=tile_spoken(tile, fits=fits, chosen=chosen, lang=lang),
        tile=str(tile),
        beside=" ".join(marks),
    )


def tile_spoken(tile: Tile, *, fits: bool, chosen: bool, lang: str) -> str:
    """A hand's tile as a screen reader says it: its numbers in words, then whether it
    fits and whether it is chosen ("five–six, fits, chosen")."""
    said = [tile_in_words(tile, lang)]
    if fits:
        said.append(translate("play.tile.spoken_fits", lang))
    if chosen:
        said.append(translate("play.tile.spoken_chosen", lang))
    return ", ".join(said)


@dataclass(frozen=True, slots=True)
class _EndName:
    """An end's button label, by the number it shows ("pää, jossa on 1"), and when two
    ends would read alike, by its tile too ("yksi–neljä (pää, jossa on 1)"): then
    ``tile`` is that tile and ``side`` the words after it."""

    label: str
    tile: str = ""
    side: str = ""


def _end_labels(ends: Sequence[OpenEnd], lang: str) -> list[_EndName]:
    """Each end named by the number it shows, as the spoken chain says it ("linja B,
    jossa on 1"); when two would read alike, each names its tile in words too."""
    sides = [spoken_side(end.side, end.pips, lang) for end in ends]
    if len(set(sides)) == len(sides):
        return [_EndName(side) for side in sides]
    return [
        _EndName(describe_end(end, lang, spoken=True), str(end.tile), side)
        for end, side in zip(ends, sides, strict=True)
    ]


def _end_button(
    index: int,
    end: OpenEnd,
    name: _EndName,
    selected: Tile | None,
    fits: bool,
    enabled: bool,
    lang: str,
) -> Button:
    label, side = name.label, name.side
    spoken = capitalized(label) if name.tile else ""
    if spoken and fits:
        spoken = ", ".join((spoken, translate("play.tile.spoken_fits", lang)))
    if selected is None:
        tooltip = translate("widgets.end.choose_tile_first", lang)
    else:
        key = "widgets.end.fits" if fits else "widgets.end.no_fit"
        tooltip = capitalized(
            translate(key, lang, tile=tile_in_words(selected, lang), pips=end.pips)
        )
        label, side = (f"{label} {CHECK}", f"{side} {CHECK}") if fits else (label, side)
    return Button(
        id=f"end:{index}",
        label=label,
        tooltip=tooltip,
        group="ends",
        enabled=enabled and selected is not None,
        highlight="fits" if fits else None,
        icon="check" if fits else "",
        spoken=spoken,
        tile=name.tile,
        beside=side if name.tile else "",
    )
