"""A round's award as a figure: the hands left, drawn as tiles, the totals, the arithmetic
and the winner, for a notebook, the classroom app and the exported pages.

    award(finished_round, lang="fi")                       # the hands of a played round
    award(score(rules, (3, 7, 8)), hands=hands, lang="sv") # a calculated result
    award(finished_round, names=("Aino", "Ville"))         # the players by their names

When a round ends the hands are shown and each hand's pips are counted. The figure draws
every seat's hand face up under a heading that adds its pips up ("[1|2], [3|4]: 3 + 7 =
10 silmää"), marks the winning seats with a frame and the words "wins the round" (never
by colour alone), and ends with the award as arithmetic ("7 + 8 − 3 = 12 points"), or
says why nobody scores. In a notebook it shows as a diagram with the award walked through
step by step beneath it (``blockdomino.words.text.explanation_steps``); the diagram's
``<title>`` and ``<desc>`` carry the same words, so a screen reader reads them too.
Equal input gives equal bytes.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from blockdomino.engine.errors import RulesError
from blockdomino.engine.round import Round
from blockdomino.engine.scoring import RoundResult, hand_total
from blockdomino.engine.tiles import Tile
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
from blockdomino.svg.hands import draw_hand, hand_height, hand_width
from blockdomino.svg.layout import HALF, MARGIN
from blockdomino.words.i18n import format_list, parse_lang, pips, translate
from blockdomino.words.narration import Names, player_label
from blockdomino.words.text import calculation, explanation_steps

Hands = tuple[tuple[Tile, ...], ...]

FRAME_WIDTH = 3.0
"""The thickness of the frame around a winning seat."""


def _seat_heading(
    result: RoundResult, seat: int, hand: Sequence[Tile] | None, lang: str, player: str
) -> str:
    """ "Pelaaja 2: 3 + 4 = 7 silmää", and for a winner "… – voittaa kierroksen"."""
    total = pips(result.totals[seat], lang)
    if hand is not None and len(hand) > 1:
        total = " + ".join(str(tile.pips) for tile in hand) + f" = {total}"
    heading = translate("award.label.seat", lang, player=player, pips=total)
    if seat in result.winners:
        return translate("award.label.winner", lang, seat=heading)
    return heading


def _status(result: RoundResult, lang: str, players: Sequence[str]) -> str:
    """How the round ended, as the table diagram says it."""
    if result.dominoer is not None:
        return translate("svg.label.domino", lang, player=players[result.dominoer])
    return translate("svg.label.blocked", lang)


def _bottom_line(result: RoundResult, lang: str) -> str:
    """The award as arithmetic, or why nobody scores."""
    if result.award is not None:
        return translate("award.label.points", lang, calculation=calculation(result.award, lang))
    if result.winners:
        return translate("award.label.unscored", lang)
    key = "award.label.tie" if result.rules.scored else "award.label.drawn"
    return translate(key, lang)


def _hand_sentence(player: str, hand: Sequence[Tile], lang: str) -> str:
    if not hand:
        return translate("award.desc.empty_hand", lang, player=player)
    tiles = format_list((str(tile) for tile in hand), lang)
    return translate(
        "award.desc.hand", lang, player=player, tiles=tiles, pips=pips(hand_total(hand), lang)
    )


@dataclass(frozen=True, slots=True)
class AwardFigure:
    """The end of a round as a figure; ``hands`` are the tiles left per seat, if known;
    ``names`` the players' own names, one per seat (an empty one: the seat's number)."""

    result: RoundResult
    hands: Hands | None
    lang: str
    caption: str | None = None
    names: tuple[str, ...] | None = None

    @property
    def players(self) -> tuple[str, ...]:
        """Each seat as the figure calls it: "Pelaaja 1", or "Aino (Pelaaja 1)"."""
        seats = range(self.result.rules.players)
        return tuple(player_label(seat, self.lang, self.names) for seat in seats)

    def steps(self) -> tuple[str, ...]:
        """The award walked through as a teacher would, one sentence a step."""
        return explanation_steps(self.result, self.lang, players=self.players)

    def description(self) -> str:
        """The figure in words: each hand left, then the steps (the diagram's ``<desc>``)."""
        hands = zip(self.players, self.hands or (), strict=False)
        sentences = [_hand_sentence(player, hand, self.lang) for player, hand in hands]
        return " ".join([*sentences, *self.steps()])

    def svg(
        self, *, width: float | None = None, colors: Mapping[str, str] | None = None
    ) -> SvgImage:
        """The diagram: how the round ended, every seat's hand face up under its pip count
        (winners framed and named), and the award's arithmetic beneath."""
        return _draw(self, width, colors)

    def html(self) -> str:
        """The diagram in a ``<figure>``, its caption and the numbered steps beneath."""
        caption = f"<p>{html.escape(self.caption)}</p>" if self.caption else ""
        items = "".join(f"<li>{html.escape(step)}</li>" for step in self.steps())
        return (
            f'<figure class="blockdomino-award">{self.svg()}'
            f"<figcaption>{caption}<ol>{items}</ol></figcaption></figure>"
        )

    def _repr_html_(self) -> str:
        return self.html()

    def __str__(self) -> str:
        return "\n".join(self.steps())

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """In a console (and as a notebook's plain-text output): the steps, as lines."""
        printer.text(str(self))


def award(
    ended: Round | RoundResult,
    *,
    hands: Sequence[Sequence[Tile]] | None = None,
    lang: str = "en",
    caption: str | None = None,
    names: Names = None,
) -> AwardFigure:
    """The award of a finished round (its hands drawn), or of a result with the ``hands`` it
    was scored from (their pips must be the result's totals; without them, totals only).

    ``names`` (one per seat) are the players' own names, written beside their numbers
    wherever the figure and its steps name a player.
    A round still in play is refused with a ``RulesError``; hands that do not match the
    totals, or names that are not one per seat, with a ``ValueError``.
    """
    parse_lang(lang)
    if isinstance(ended, Round):
        if ended.result is None:
            raise RulesError("error.match.round_not_over")
        result, hands = ended.result, ended.hands
    else:
        result = ended
    held = None if hands is None else tuple(tuple(hand) for hand in hands)
    if held is not None and tuple(hand_total(hand) for hand in held) != result.totals:
        found = tuple(hand_total(hand) for hand in held)
        raise ValueError(
            f"the hands hold {found} pips, but the result's totals are {result.totals}"
        )
    if names is not None and len(names) != result.rules.players:
        raise ValueError(f"{result.rules.players} names needed, one per seat; got {len(names)}")
    return AwardFigure(result, held, lang, caption, None if names is None else tuple(names))


def _seat_height(hand: Sequence[Tile] | None, width: float) -> float:
    """A seat's share of the height: its heading, and its tiles if any (no ✓ row beneath)."""
    if not hand:
        return LINE_HEIGHT + MARGIN / 2
    return hand_height(len(hand), width) - LINE_HEIGHT


def _style(prefix: str, palette: Mapping[str, str]) -> str:
    return (
        f"#{prefix} .winner-frame{{fill:none;stroke:{palette['playable']};"
        f"stroke-width:{rounded(FRAME_WIDTH)}}}"
        f"#{prefix} .winner .label{{font-weight:bold}}"
        f"#{prefix} .award>.label{{font-weight:bold;font-size:{rounded(1.2 * FONT_SIZE)}px}}"
    )


def _draw(figure: AwardFigure, width: float | None, colors: Mapping[str, str] | None) -> SvgImage:
    result, lang, paints = figure.result, figure.lang, palette(colors)
    seats = range(result.rules.players)
    hands, players = figure.hands, figure.players
    headings = [
        _seat_heading(result, s, None if hands is None else hands[s], lang, players[s])
        for s in seats
    ]
    status, bottom = _status(result, lang, players), _bottom_line(result, lang)
    drawing_width = max(
        *(text_width(line, width) for line in (*headings, status)),
        text_width(bottom, width) * 1.2,
        *(hand_width(len(hand), width) for hand in hands or ()),
    )
    heights = [
        _seat_height(None if hands is None else hands[seat], drawing_width) for seat in seats
    ]
    top = MARGIN + LINE_HEIGHT + MARGIN / 2
    height = top + sum(heights) + 2 * LINE_HEIGHT + MARGIN
    named = () if figure.names is None else (figure.names,)
    prefix = id_prefix("award", result, hands, lang, width, sorted(paints.items()), *named)
    canvas = Canvas(prefix, drawing_width, height, paints)
    canvas.style(_style(prefix, paints))
    canvas.label(translate("award.title", lang), figure.description())
    canvas.text(canvas.group(class_="status"), status, MARGIN, MARGIN + FONT_SIZE, class_="label")
    for seat in seats:
        winner = seat in result.winners
        group = canvas.group(class_="seat winner" if winner else "seat")
        if winner:
            group.element(
                "rect",
                x=rounded(MARGIN / 4),
                y=rounded(top - MARGIN / 4),
                width=rounded(drawing_width - MARGIN / 2),
                height=rounded(heights[seat]),
                rx=rounded(HALF / 4),
                class_="winner-frame",
            )
        if hands is None:
            canvas.text(group, headings[seat], MARGIN, top + FONT_SIZE, class_="label")
        else:
            draw_hand(
                canvas,
                hands[seat],
                top=top,
                width=drawing_width,
                heading=headings[seat],
                parent=group,
            )
        top += heights[seat]
    line = canvas.group(class_="award")
    canvas.text(line, bottom, MARGIN, top + LINE_HEIGHT, class_="label")
    return canvas.finish()
