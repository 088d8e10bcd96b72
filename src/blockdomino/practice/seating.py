"""The table of a team game, drawn small for a practice item: the four seats round the
table in their order (Players 1 to 4 clockwise, Player 1 nearest the reader), each
team's partners sitting opposite and drawn alike (Team 1 white, Team 2 grey), the seat
that played last in a thick ring, and an arrow showing that play passes to the right
(anticlockwise). The caption says the same in words, so the picture never holds what
the text does not."""

from __future__ import annotations

import math
import random
from typing import Final

from blockdomino.engine.events import Play
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.svg.markup import Element, to_text
from blockdomino.words.i18n import format_list, translate
from blockdomino.words.text import player_name

SIZE: Final = 160
"""The picture's width and height in pixels (3.2 cm on a sheet)."""
RADIUS: Final = 57
"""How far each seat's circle stands from the table's middle."""
SEAT: Final = 15
"""A seat circle's radius: its number is set at 16 px, 9 pt on a sheet."""
TEAM_FILLS: Final = ("#ffffff", "#c0c0c0")
"""Team 1's seats white, Team 2's grey: the partners drawn alike."""


def last_player(position: Round) -> int | None:
    """The seat that placed the chain's latest tile, or ``None`` before any play."""
    plays = [event.seat for event in position.history if isinstance(event, Play)]
    return plays[-1] if plays else None


def _place(seat: int) -> tuple[float, float]:
    """Seat 0 at the bottom, the next ones clockwise (left, top, right)."""
    angle = math.pi / 2 + seat * math.pi / 2
    middle = SIZE / 2
    return middle + RADIUS * math.cos(angle), middle + RADIUS * math.sin(angle)


def _seat(position: Round, seat: int, last: int | None) -> list[Element]:
    x, y = _place(seat)
    team = next(n for n, side in enumerate(position.rules.sides()) if seat in side)
    ring = {"stroke_width": "2.5" if seat == last else "0.8"}
    circle = Element(
        "circle",
        cx=f"{x:.1f}",
        cy=f"{y:.1f}",
        r=str(SEAT),
        fill=TEAM_FILLS[team],
        stroke="#000000",
        **ring,
    )
    number = Element(
        "text",
        str(seat + 1),
        x=f"{x:.1f}",
        y=f"{y + 6:.1f}",
        font_size="16",
        font_weight="bold",
        text_anchor="middle",
        font_family="sans-serif",
    )
    return [circle, number]


def caption(position: Round, lang: str, *, order: bool = True) -> str:
    """The table in words: the seats' order (unless ``order`` is false: the question
    says it already), the way play passes, the teams, who played last."""
    teams = [
        translate(
            "practice.seating.team",
            lang,
            team=translate("term.team", lang, number=n + 1),
            players=format_list([player_name(seat, lang) for seat in side], lang),
        )
        for n, side in enumerate(position.rules.sides())
    ]
    way = "practice.seating.order" if order else "practice.seating.way"
    said = [translate(way, lang), *teams]
    last = last_player(position)
    if last is not None:
        said.append(translate("practice.seating.last", lang, player=player_name(last, lang)))
    return " ".join(said)


def seating(position: Round, lang: str, *, order: bool = True) -> str:
    """The SVG of the team game's table, its caption as title for screen readers."""
    last = last_player(position)
    middle = str(SIZE / 2)
    image = Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=str(SIZE),
        height=str(SIZE),
        viewBox=f"0 0 {SIZE} {SIZE}",
        role="img",
    )
    image.element("title", caption(position, lang, order=order))
    marker = image.element("defs").element(
        "marker",
        id="bd-seating-head",
        markerWidth="6",
        markerHeight="6",
        refX="5",
        refY="3",
        orient="auto",
    )
    marker.element("path", d="M0,0 L6,3 L0,6 z", fill="#000000")
    image.element(
        "circle",
        cx=middle,
        cy=middle,
        r=str(RADIUS - SEAT - 4),
        fill="#ffffff",
        stroke="#000000",
        stroke_width="0.8",
    )
    image.element(
        "path",
        d=_arrow(),
        fill="none",
        stroke="#000000",
        stroke_width="1",
        marker_end="url(#bd-seating-head)",
    )
    for seat in range(position.rules.players):
        for part in _seat(position, seat, last):
            image.add(part)
    return to_text(image)


def table(lang: str) -> str:
    """The team game's table before anyone has played (no thick ring): the picture the
    chapter that teaches the seats' order shows, the same one the items show."""
    return seating(Round.deal(Rules.preset("partnership"), random.Random(0)), lang)


def _arrow() -> str:
    """A quarter arc inside the table from the bottom seat towards the right one:
    play passes to the right."""
    middle, arc = SIZE / 2, RADIUS - SEAT - 9
    start = f"{middle - 4:.1f},{middle + arc:.1f}"
    end = f"{middle + arc:.1f},{middle + 4:.1f}"
    return f"M{start} A{arc},{arc} 0 0 0 {end}"
