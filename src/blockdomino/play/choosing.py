"""The hand's tiles and the chain's open ends as buttons: choose a tile, then an end.

A tile that fits is marked ✓ and coloured; the chosen tile says so in its label. After
a tile is chosen, the ends it fits are marked ✓; the others stay pressable, so that a
learner trying one hears why it does not fit. A tile's button sends ``tile:[a|b]``, an
end's ``end:<index>`` (its place among the chain's open ends).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from blockdomino.engine.chain import Chain, OpenEnd
from blockdomino.engine.tiles import Tile
from blockdomino.play.view_model import CHECK, Action, Button
from blockdomino.words.i18n import translate
from blockdomino.words.text import capitalized, side_name, tile_in_words


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
        _end_button(index, end, names, selected, end in fitting, enabled, lang)
        for index, (end, names) in enumerate(zip(ends, labels, strict=True))
    )


def end_actions(chain: Chain) -> tuple[tuple[OpenEnd, Action], ...]:
    """Each open end of ``chain`` with its button's action, ``end:<index>``: a tap on the
    end's marker places the chosen tile there."""
    return tuple((end, f"end:{index}") for index, end in enumerate(chain.open_ends))


def _tile_button(
    chain: Chain, tile: Tile, fits: bool, chosen: bool, enabled: bool, lang: str
) -> Button:
    words = [str(tile)]
    if fits:
        words.append(CHECK)
    if chosen:
        words.append(translate("widgets.tile.chosen_mark", lang))
    if not chain.tiles:
        key = "widgets.tile.opens" if fits else "widgets.tile.cannot_open"
    else:
        key = "widgets.tile.fits" if fits else "widgets.tile.no_fit"
    return Button(
        id=f"tile:{tile}",
        label=" ".join(words),
        tooltip=capitalized(translate(key, lang, tile=tile_in_words(tile, lang))),
        group="tiles",
        enabled=enabled,
        highlight="chosen" if chosen else "fits" if fits else None,
        icon="check" if fits else "",
        spoken=tile_spoken(tile, fits=fits, chosen=chosen, lang=lang),
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


def _end_labels(ends: Sequence[OpenEnd], lang: str) -> list[tuple[str, str]]:
    """Labels such as "linja B (1)"; when two would read alike, each names its tile too,
    "[1|4] linja B (1)", and a screen reader hears the tile in words (the second of
    the pair; empty when the label says no tile)."""
    labels = [
        translate("widgets.end.label", lang, side=side_name(end.side, lang), pips=end.pips)
        for end in ends
    ]
    if len(set(labels)) == len(labels):
        return [(label, "") for label in labels]
    return [
        (
            _end_label_tile(end, str(end.tile), lang),
            capitalized(_end_label_tile(end, tile_in_words(end.tile, lang), lang)),
        )
        for end in ends
    ]


def _end_label_tile(end: OpenEnd, tile: str, lang: str) -> str:
    side = side_name(end.side, lang)
    return translate("widgets.end.label_tile", lang, tile=tile, side=side, pips=end.pips)


def _end_button(
    index: int,
    end: OpenEnd,
    names: tuple[str, str],
    selected: Tile | None,
    fits: bool,
    enabled: bool,
    lang: str,
) -> Button:
    label, spoken = names
    if spoken and fits:
        spoken = ", ".join((spoken, translate("play.tile.spoken_fits", lang)))
    if selected is None:
        tooltip = translate("widgets.end.choose_tile_first", lang)
    else:
        key = "widgets.end.fits" if fits else "widgets.end.no_fit"
        tooltip = capitalized(
            translate(key, lang, tile=tile_in_words(selected, lang), pips=end.pips)
        )
        label = f"{label} {CHECK}" if fits else label
    return Button(
        id=f"end:{index}",
        label=label,
        tooltip=tooltip,
        group="ends",
        enabled=enabled and selected is not None,
        highlight="fits" if fits else None,
        icon="check" if fits else "",
        spoken=spoken,
    )
