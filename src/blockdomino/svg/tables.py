"""A whole round on the table: the state of play, the chain and every seat's hand, face
up or face down, notes under the tiles of the hand to move; ``table``."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, MutableMapping
from functools import partial
from typing import Literal

from blockdomino.engine.round import Draw, Pass, Play, Round
from blockdomino.engine.tiles import Tile
from blockdomino.engine.view import Reveal, SeatView, seat_view
from blockdomino.svg.canvas import (
    FONT_SIZE,
    LINE_HEIGHT,
    Canvas,
    SvgImage,
    id_prefix,
    palette,
    rounded,
    text_width,
)
from blockdomino.svg.chains import draw_chain
from blockdomino.svg.hands import (
    PLAIN,
    Notes,
    check_notes,
    draw_hand,
    hand_height,
    hand_width,
    note_room,
    note_sentences,
)
from blockdomino.svg.layout import MARGIN, layout
from blockdomino.svg.markup import Element
from blockdomino.words.i18n import parse_lang, translate
from blockdomino.words.narration import Names, player_label
from blockdomino.words.text import describe, drawing, tiles_in_words

Parts = MutableMapping[tuple[object, ...], Element | str]
"""Parts of a table's diagrams that every seat sees alike (the chain, a hand lying face
down), drawn once and shared, by what they show; and the long texts their ids are drawn
from (the chain's line, the round's history), written once."""


def _seat_name(round: SeatView, seat: int, lang: str, names: Names = None) -> str:
    """ "Pelaaja 1" (or "Aino (Pelaaja 1)"); in a partnership with the team: "Pelaaja 1, pari 1"."""
    player = player_label(seat, lang, names)
    if not round.rules.partnership:
        return player
    team = translate(
        "term.team", lang, number=round.rules.sides().index(round.rules.side_of(seat)) + 1
    )
    return translate("svg.label.partner", lang, player=player, team=team)


def _recent_passes(round: SeatView) -> frozenset[int]:
    """The seats that passed since the last tile was placed."""
    return frozenset(event.seat for event in _since_last_play(round) if isinstance(event, Pass))


def _since_last_play(round: SeatView) -> list[Pass | Draw]:
    """The passes and draws since the last tile was placed, in the order they happened."""
    events: list[Pass | Draw] = []
    for event in reversed(round.history):
        if isinstance(event, Play):
            break
        events.insert(0, event)
    return events


def _drawings(round: SeatView, lang: str, names: Names) -> list[str]:
    """Who drew from the pot since the last tile was placed, in words: how many tiles,
    and which (in words) only where the view shows them (the drawer's hand lies face up)."""
    drawn: dict[int, list[Tile | None]] = {}
    for event in _since_last_play(round):
        if isinstance(event, Draw):
            drawn.setdefault(event.seat, []).append(event.tile)
    return [
        drawing(
            seat, tiles, lang, viewer=seat, player=_seat_name(round, seat, lang, names), spoken=True
        )
        for seat, tiles in drawn.items()
    ]


def _undealt_line(round: SeatView, lang: str, *, sentence: bool) -> str:
    """How many undealt tiles lie face down: out of play, or in the draw game's pot."""
    if round.rules.pot:
        key = "svg.desc.pot" if sentence else "svg.label.pot"
    else:
        key = "svg.desc.out_of_play" if sentence else "svg.label.out_of_play"
    return translate(key, lang, count=round.out_of_play)


def _status(round: SeatView, lang: str, names: Names) -> str:
    """One line on the state of play: whose turn it is, or how the round ended."""
    if round.dominoer is not None:
        player = _seat_name(round, round.dominoer, lang, names)
        return translate("svg.label.domino", lang, player=player)
    if round.is_over:
        return translate("svg.label.blocked", lang)
    return translate("svg.desc.turn", lang, player=_seat_name(round, round.turn, lang, names))


def _seat_heading(
    round: SeatView, seat: int, passed: frozenset[int], lang: str, names: Names
) -> str:
    """A seat's heading: the player, and whether it is their turn or they passed."""
    player = _seat_name(round, seat, lang, names)
    if seat == round.turn and not round.is_over:
        return translate("svg.label.turn", lang, player=player)
    if seat in passed:
        return translate("svg.label.passed", lang, player=player)
    return player


def _seat_sentence(round: SeatView, seat: int, lang: str, names: Names) -> str:
    """A seat's hand in words: its tiles (in words) if face up, else how many lie face
    down."""
    player, held = _seat_name(round, seat, lang, names), round.hands[seat]
    if held:
        tiles = tiles_in_words(held, lang)
        return translate("svg.desc.seat_tiles", lang, player=player, tiles=tiles)
    return translate("svg.desc.seat_hidden", lang, player=player, count=round.sizes[seat])


def _table_desc(
    round: SeatView,
    passed: frozenset[int],
    lang: str,
    names: Names,
    notes: list[str],
) -> str:
    """The round in words: the chain, the state of play, passes, hands (the hand to move
    followed by the ``notes`` under its tiles), tiles out of play."""
    sentences = [
        describe(round.chain, lang, spoken=True),
        _status(round, lang, names),
        *_drawings(round, lang, names),
    ]
    sentences += [
        translate("svg.desc.passed", lang, player=_seat_name(round, seat, lang, names))
        for seat in sorted(passed)
    ]
    for seat in range(round.rules.players):
        sentences.append(_seat_sentence(round, seat, lang, names))
        if seat == round.turn:
            sentences += notes
    sentences.append(_undealt_line(round, lang, sentence=True))
    return " ".join(sentences)


def table(
    round: Round | SeatView,
    *,
    lang: str = "en",
    viewer: int | Literal["turn"] | None = "turn",
    reveal: Reveal = None,
    width: float | None = None,
    colors: Mapping[str, str] | None = None,
    names: Names = None,
    notes: Notes | None = None,
    best: Collection[Tile] | None = None,
    selected: Tile | None = None,
    shared_faces: bool = False,
    parts: Parts | None = None,
) -> SvgImage:
    """A whole round on the table as one seat sees it: the state of play, the chain and
    every seat's hand.

    Above, whose turn it is (or how the round ended) and how many tiles lie out of
    play (in the draw game: in the pot; who drew since the last play is said in the
    text). Then the chain with its markers, then each seat's hand, face up where the
    seat's view shows it (``engine.view``), face down otherwise. A round is seen by
    ``viewer`` (by default the seat to move; ``None``: a spectator), with ``reveal``
    overriding which hands lie face up (``True`` all, ``False`` none, or the seats
    given); a ``SeatView`` is drawn as it is. The hand to move shows its legal plays
    highlighted, and the ``selected`` tile raised with the ends it fits marked; a seat
    that passed since the last play says so. ``names`` (one per seat) are the players'
    own names, written beside their numbers.

    ``notes`` are short labels written under tiles of the hand to move, which must lie
    face up ("62 %"; a newline starts a second line); the ``best`` of those tiles get a
    ★ before their note, bold type and a heavier outline. The text alternative reads
    the notes after that hand. ``shared_faces``: each tile is a ``<use>`` of a symbol
    of the page's ``shared_sheet``, whose stylesheet the diagram leaves to the page
    (default colours). The diagrams of one round for several seats (a class table's
    screens) draw the parts they show alike once when given the same ``parts``: the
    chain and every hand lying face down (a count of backs, never a tile).
    """
    parse_lang(lang)
    parts = {} if parts is None else parts
    if isinstance(round, Round):
        seat = round.turn if viewer == "turn" else viewer
        key: tuple[object, ...] = (round.hands, round.turn, _written(parts, round.history))
        view = seat_view(round, seat, reveal=reveal)
    else:
        view = round
        key = (view.hands, view.turn, view.sizes, _written(parts, view.history))
    marked = frozenset(best or ())
    if shared_faces:
        key += ("shared",)
    return _table(
        view,
        key,
        lang,
        width,
        colors,
        names,
        notes,
        marked,
        selected,
        shared_faces=shared_faces,
        parts=parts,
    )


def _table(
    round: SeatView,
    key: tuple[object, ...],
    lang: str,
    width: float | None,
    colors: Mapping[str, str] | None,
    names: Names,
    notes: Notes | None,
    marked: frozenset[Tile],
    selected: Tile | None,
    *,
    shared_faces: bool,
    parts: Parts,
) -> SvgImage:
    """The table of ``table``; ``key`` is the part of the diagram's ids drawn from the
    hands and the history."""
    shown, passed = round.shown, _recent_passes(round)
    moving = round.hands[round.turn]
    if notes and (round.is_over or moving is None):
        raise ValueError("notes are written only under the tiles of a face-up hand to move")
    check_notes(moving or (), notes, marked)
    colours = palette(colors, notes=bool(notes))
    rooms = [
        note_room(notes, marked) if seat == round.turn else PLAIN
        for seat in range(round.rules.players)
    ]
    placed = layout(round.chain, width=width)
    sizes = round.sizes
    status_lines = (_status(round, lang, names), _undealt_line(round, lang, sentence=False))
    drawing_width = max(
        placed.width,
        *(hand_width(size, width, room) for size, room in zip(sizes, rooms, strict=True)),
        *(text_width(line, width) for line in status_lines),
    )
    heights = [
        hand_height(size, drawing_width, room) for size, room in zip(sizes, rooms, strict=True)
    ]
    header = MARGIN + 2 * LINE_HEIGHT
    height = header + placed.height + sum(heights)
    canvas = Canvas(
        id_prefix(
            "table",
            _written(parts, round.chain.line),
            *key,
            shown,
            lang,
            width,
            sorted(colours.items()),
            *(() if names is None else (tuple(names),)),
            *(() if not notes else (sorted(notes.items()), sorted(marked))),
            *(() if selected is None else (selected,)),
        ),
        drawing_width,
        height,
        colours,
        shared_faces=shared_faces,
    )
    players = round.rules.players
    canvas.label(
        translate("svg.title.table", lang, players=players),
        _table_desc(round, passed, lang, names, note_sentences(moving or (), notes, marked, lang)),
    )
    status = canvas.group(class_="status")
    for number, line in enumerate(status_lines):
        canvas.text(status, line, MARGIN, MARGIN + number * LINE_HEIGHT + FONT_SIZE, class_="label")
    moved = f"translate(0,{rounded(header)})"
    chain = ("chain", round.chain, selected, lang, moved, width, shared_faces)
    draw = partial(draw_chain, canvas, placed, round.chain, selected, lang, transform=moved)
    _shared(canvas, parts, chain, draw)
    playable = frozenset(move.tile for move in round.moves)
    top = header + placed.height - MARGIN / 2
    for seat, held in enumerate(round.hands):
        heading = _seat_heading(round, seat, passed, lang, names)
        if held is None:  # face down: backs only, alike for every seat that sees them so
            backs = ("backs", sizes[seat], top, drawing_width, heading, shared_faces)
            draw = partial(_backs, canvas, sizes[seat], top, drawing_width, heading)
            _shared(canvas, parts, backs, draw)
        else:
            draw_hand(
                canvas,
                held,
                top=top,
                width=drawing_width,
                heading=heading,
                playable=playable if seat == round.turn and not round.is_over else None,
                selected=selected if seat == round.turn else None,
                notes=notes if seat == round.turn else None,
                best=marked if seat == round.turn else (),
            )
        top += heights[seat]
    return canvas.finish()


def _backs(canvas: Canvas, count: int, top: float, width: float, heading: str) -> Element:
    return draw_hand(canvas, count, top=top, width=width, heading=heading)


def _shared(
    canvas: Canvas, parts: Parts, key: tuple[object, ...], draw: Callable[[], Element]
) -> None:
    """The part of ``canvas`` that ``key`` names, drawn by ``draw`` (which adds it) and
    sealed the first time, else the one drawn before for another diagram added."""
    kept = parts.get(key)
    if isinstance(kept, Element):
        canvas.drawing.add(kept)
    else:
        parts[key] = draw().seal()


def _written(parts: Parts, shown: tuple[object, ...]) -> str:
    """``shown`` (the chain's line, the round's history) as the text a diagram's id is
    drawn from (``id_prefix``), written once for every diagram that shares ``parts``."""
    key = ("written", shown)
    kept = parts.get(key)
    if not isinstance(kept, str):
        kept = parts[key] = str(shown)
    return kept
