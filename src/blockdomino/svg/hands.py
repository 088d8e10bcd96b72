"""A player's hand: upright tiles in rows under a heading, the playable ones outlined
with a ✓ and the others dimmed, the chosen one raised, notes written under the tiles
(the best move's starred, bold and outlined heavier); and the hand's moves in words."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Final, NamedTuple

from blockdomino.engine.chain import Chain
from blockdomino.engine.tiles import Tile
from blockdomino.svg.canvas import (
    CHECK,
    FONT_SIZE,
    GLYPH_WIDTH,
    LINE_HEIGHT,
    NOTE_SIZE,
    Canvas,
    SvgImage,
    id_prefix,
    palette,
)
from blockdomino.svg.faces import tile_face, upright_halves
from blockdomino.svg.layout import HALF, HAND_GAP, MARGIN, hand_layout, table_width
from blockdomino.svg.markup import Element
from blockdomino.words.i18n import parse_lang, plural_form, translate
from blockdomino.words.text import CLAUSE_SEPARATOR, describe_end, tile_in_words, tiles_in_words

LIFT: Final = 0.25 * HALF
"""How far a chosen tile of a hand is raised."""
MIN_HAND_WIDTH: Final = 6 * HALF
"""The narrowest drawing of a hand, so its heading fits."""
NOTE_LINE: Final = 1.2 * NOTE_SIZE
"""Height of one line of a note under a tile."""
NOTE_GAP: Final = HALF / 4
"""The least room between the notes of neighbouring tiles."""
BEST: Final = "★"
"""The sign before the note of the best move's tile."""

Notes = Mapping[Tile, str]
"""Short notes to write under a hand's tiles, by tile; a newline starts a second line."""


class HandRoom(NamedTuple):
    """The room a hand's tiles get: the gap between neighbours, and room under each row
    beyond the usual one for its notes."""

    gap: float = HAND_GAP
    below: float = 0.0


PLAIN: Final = HandRoom()
"""The room of a hand without notes."""


def _note_lines(note: str, best: bool) -> list[str]:
    """A note's lines as written under its tile, the best move's starting with ★."""
    lines = note.splitlines() or [""]
    if best:
        lines[0] = f"{BEST} {lines[0]}"
    return lines


def note_room(notes: Notes | None, best: Collection[Tile]) -> HandRoom:
    """The room a hand with ``notes`` needs: tiles far enough apart for the widest line,
    rows far enough apart for the longest note."""
    if not notes:
        return PLAIN
    written = [_note_lines(note, tile in best) for tile, note in notes.items()]
    widest = max(len(line) for lines in written for line in lines) * GLYPH_WIDTH * NOTE_SIZE
    return HandRoom(
        gap=max(HAND_GAP, widest + NOTE_GAP - HALF),
        below=max(len(lines) for lines in written) * NOTE_LINE,
    )


def hand_height(count: int, width: float, room: HandRoom = PLAIN) -> float:
    """The height a hand of ``count`` upright tiles needs, its heading included."""
    if not count:
        return LINE_HEIGHT + MARGIN
    rects = hand_layout(count, top=LINE_HEIGHT + LIFT, width=width, gap=room.gap, below=room.below)
    return rects[-1].bottom + LINE_HEIGHT + MARGIN + room.below


def hand_width(count: int, width: float | None, room: HandRoom = PLAIN) -> float:
    """The width a hand of ``count`` upright tiles needs in one row, at most ``width``."""
    needed = 2 * MARGIN + count * (HALF + room.gap) - room.gap
    return min(table_width(width), max(needed, MIN_HAND_WIDTH))


def check_notes(tiles: Sequence[Tile], notes: Notes | None, best: Collection[Tile]) -> None:
    """Refuses notes for tiles not in the hand, and a best move without a note."""
    strays = sorted(set(notes or {}) - set(tiles))
    if strays:
        raise ValueError(f"notes for tiles not in the hand: {', '.join(map(str, strays))}")
    unnoted = sorted(set(best) - set(notes or {}))
    if unnoted:
        raise ValueError(f"best tiles without a note: {', '.join(map(str, unnoted))}")


def _hand_classes(
    tile: Tile, playable: frozenset[Tile] | None, selected: Tile | None, best: Collection[Tile]
) -> list[str]:
    """A hand tile's classes: ``double``; when moves are shown ``playable`` or ``dimmed``;
    ``selected`` for the chosen tile; ``best`` for a tile of the best move."""
    classes = ["tile", "double"] if tile.is_double else ["tile"]
    if playable is not None:
        classes.append("playable" if tile in playable else "dimmed")
    if tile is selected:
        classes.append("selected")
    if tile in best:
        classes.append("best")
    return classes


def draw_hand(
    canvas: Canvas,
    tiles: Sequence[Tile] | int,
    *,
    top: float,
    width: float,
    heading: str,
    playable: frozenset[Tile] | None = None,
    selected: Tile | None = None,
    face_down: bool = False,
    parent: Element | None = None,
    notes: Notes | None = None,
    best: Collection[Tile] = (),
) -> Element:
    """A hand as upright tiles in rows under a heading (none when ``heading`` is empty:
    the rows keep their place, so the line stays blank).

    Given the ``playable`` tiles, those have a thick outline and a ✓ beneath; the
    others are dimmed with a dashed outline. The chosen tile is raised and outlined
    with a long dash. Face down (or given only as a count), only the tiles' backs
    show. ``notes`` are written under their tiles (class ``note``); the ``best`` tiles'
    notes start with ★ and are bold (``note-best``), and those tiles are outlined
    heavier (``best``). Returns the hand's group.
    """
    group = canvas.group(parent, class_="hand")
    if heading:
        canvas.text(group, heading, MARGIN, top + FONT_SIZE, class_="label")
    room = note_room(notes, best)
    count = tiles if isinstance(tiles, int) else len(tiles)
    places = hand_layout(
        count, top=top + LINE_HEIGHT + LIFT, width=width, gap=room.gap, below=room.below
    )
    if face_down or isinstance(tiles, int):
        for place in places:
            tile_face(canvas, group, place, None, classes="tile back", sealed=True)
        return group
    for tile, place in zip(tiles, places, strict=True):
        classes = _hand_classes(tile, playable, selected, best)
        rect = place._replace(y=place.y - LIFT) if "selected" in classes else place
        face = tile_face(
            canvas,
            group,
            rect,
            upright_halves(tile, rect),
            classes=" ".join(classes),
            data_tile=str(tile),
        )
        if "playable" in classes:
            canvas.text(face, CHECK, place.cx, place.bottom + 0.8 * LINE_HEIGHT, class_="label")
        if notes and tile in notes:
            _note(canvas, face, place.cx, place.bottom, notes[tile], tile in best)
    return group


def _note(canvas: Canvas, face: Element, x: float, bottom: float, note: str, best: bool) -> None:
    """A note's lines centred under a tile, below the line of its ✓; a best tile's first
    line (its best move) starred and bold."""
    for number, line in enumerate(_note_lines(note, best), start=1):
        kind = "note note-best" if best and number == 1 else "note"
        canvas.text(face, line, x, bottom + 0.8 * LINE_HEIGHT + number * NOTE_LINE, class_=kind)


def note_sentences(
    tiles: Sequence[Tile], notes: Notes | None, best: Collection[Tile], lang: str
) -> list[str]:
    """The notes in words, tile by tile in the hand's order (each tile in words), and
    which tiles ★ marks."""
    if not notes:
        return []
    worded = CLAUSE_SEPARATOR.join(
        f"{tile_in_words(tile, lang)} {', '.join(notes[tile].splitlines())}"
        for tile in tiles
        if tile in notes
    )
    sentences = [translate("svg.desc.notes", lang, notes=worded)]
    marked = [tile for tile in tiles if tile in best]
    if marked:
        key = (
            "svg.desc.best_one"
            if plural_form(len(marked), lang) == "one"
            else "svg.desc.best_other"
        )
        sentences.append(translate(key, lang, tiles=tiles_in_words(marked, lang)))
    return sentences


def playable_tiles(chain: Chain, hand: Sequence[Tile]) -> tuple[Tile, ...]:
    """The tiles of ``hand`` that can be placed on ``chain`` now."""
    return tuple(tile for tile in hand if chain.fits(tile))


def _playable_sentence(chain: Chain, hand: Sequence[Tile], lang: str) -> str:
    """Names the hand's playable tiles, or says that none fits and the player passes."""
    playable = playable_tiles(chain, hand)
    if not playable:
        return translate("svg.desc.none_playable", lang)
    return translate("svg.desc.playable", lang, tiles=tiles_in_words(playable, lang))


def _selected_sentence(chain: Chain, selected: Tile, lang: str) -> str:
    """Where the chosen tile can go: the ends it fits, the opening, or nowhere."""
    tile = tile_in_words(selected, lang)
    if not chain.tiles:
        return translate("svg.desc.selected_opens", lang, tile=tile)
    ends = chain.ends_for(selected)
    if not ends:
        return translate("svg.desc.selected_none", lang, tile=tile)
    worded = CLAUSE_SEPARATOR.join(describe_end(end, lang, spoken=True) for end in ends)
    return translate("svg.desc.selected_fits", lang, tile=tile, ends=worded)


def move_sentences(
    chain: Chain, hand: Sequence[Tile] | None, selected: Tile | None, lang: str
) -> list[str]:
    """Against ``chain``, the sentences on a hand's moves: which of its tiles are
    playable (given a ``hand``), and where the chosen tile can go (given ``selected``),
    every tile in words, as a screen reader should say it."""
    sentences = []
    if hand is not None:
        sentences.append(_playable_sentence(chain, hand, lang))
    if selected is not None:
        sentences.append(_selected_sentence(chain, selected, lang))
    return sentences


def _hand_desc(
    tiles: Sequence[Tile], chain: Chain | None, selected: Tile | None, face_down: bool, lang: str
) -> str:
    """The hand in words (each tile too): its tiles, or how many lie face down, then
    what is playable."""
    if face_down:
        return translate("svg.desc.hand_hidden", lang, count=len(tiles))
    if not tiles:
        return translate("svg.desc.hand_empty", lang)
    sentences = [translate("svg.desc.hand", lang, tiles=tiles_in_words(tiles, lang))]
    if chain is not None:
        sentences += move_sentences(chain, tiles, selected, lang)
    return " ".join(sentences)


def hand(
    tiles: Iterable[Tile],
    *,
    chain: Chain | None = None,
    selected: Tile | None = None,
    face_down: bool = False,
    lang: str = "en",
    width: float | None = None,
    colors: Mapping[str, str] | None = None,
    heading: bool = True,
) -> SvgImage:
    """A player's hand as upright tiles in a row (wrapping at ``width``).

    Against a ``chain``, the playable tiles are highlighted and the others dimmed;
    ``selected`` is raised. ``face_down`` shows only the tiles' backs, as the other
    players see them. Without a ``heading`` the word "Hand" above the tiles is left
    out, for a page that names the hand itself ("Your hand", "Player 2").
    """
    parse_lang(lang)
    colours = palette(colors)
    held = tuple(tiles)
    drawing_width = hand_width(len(held), width)
    canvas = Canvas(
        id_prefix(
            "hand",
            held,
            chain and chain.line,
            selected,
            face_down,
            lang,
            width,
            sorted(colours.items()),
            *(() if heading else ("unheaded",)),
        ),
        drawing_width,
        hand_height(len(held), drawing_width) + MARGIN / 2 - (0 if heading else LINE_HEIGHT),
        colours,
    )
    canvas.label(
        translate("svg.title.hand", lang), _hand_desc(held, chain, selected, face_down, lang)
    )
    draw_hand(
        canvas,
        held,
        top=MARGIN / 2 - (0 if heading else LINE_HEIGHT),
        width=drawing_width,
        heading=translate("svg.label.hand", lang) if heading else "",
        playable=None if chain is None else frozenset(playable_tiles(chain, held)),
        selected=selected,
        face_down=face_down,
    )
    return canvas.finish()
