"""A practice item's answers as buttons: lettered, marked once answered, and drawn with
the tile an answer names.

"B: yksi–neljä" is the label in words; once the pupil has answered, the right answer
carries ✓ and a wrong one chosen ✗ (beside the colour, for those who do not see it). An
answer that names one tile is also given as that tile with the words around it, so that
a browser draws the tile's picture between them, while a screen reader keeps the words.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from blockdomino.engine.tiles import Tile
from blockdomino.play.view_model import CHECK, Button, Highlight
from blockdomino.words.i18n import translate
from blockdomino.words.text import tile_in_words

WRONG: Final = "✗"
"""Marks the wrong answer chosen, beside the colour."""
LETTERS: Final = "ABCD"
"""Answers are lettered A to D, as on the worksheets."""


def answer_button(
    index: int,
    said: str,
    *,
    tiles: tuple[Tile, ...],
    right: bool,
    chosen: int | None,
    lang: str,
) -> Button:
    """The button of answer ``index`` (its words ``said``, the ``tiles`` they name), for
    an item answered with ``chosen`` (``None`` while the pupil has not answered)."""
    answered = chosen is not None
    button = Button(
        f"choice:{index}",
        _label(LETTERS[index], said, right=right, chosen=index == chosen, answered=answered),
        translate("practice.screen.choice.tooltip", lang),
        "choices",
        enabled=not answered,
        highlight=_highlight(right=right, chosen=index == chosen, answered=answered),
    )
    return _with_tile(button, tiles, lang)


def _label(letter: str, text: str, *, right: bool, chosen: bool, answered: bool) -> str:
    """ "B: yksi–neljä", and once answered ✓ on the right answer, ✗ on a wrong one chosen."""
    label = f"{letter}: {text}"
    if answered and right:
        return f"{label} {CHECK}"
    if chosen and not right:
        return f"{label} {WRONG}"
    return label


def _with_tile(button: Button, tiles: tuple[Tile, ...], lang: str) -> Button:
    """An answer that names one tile ("B: yksi–neljä", "A: nolla–kuusi päähän 6") with
    that tile and the words around it; its name for a screen reader stays the label."""
    if len(tiles) != 1:
        return button
    before, said, after = button.label.partition(tile_in_words(tiles[0], lang))
    if not said:
        return button
    return replace(
        button,
        spoken=button.label,
        tile=str(tiles[0]),
        before=before.strip(),
        beside=after.strip(),
    )


def _highlight(*, right: bool, chosen: bool, answered: bool) -> Highlight:
    if answered and right:
        return "fits"
    return "chosen" if chosen else None
