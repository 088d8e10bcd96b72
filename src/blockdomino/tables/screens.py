"""What each screen at a class table is sent: a seat's screen, drawn from that seat's view
alone, and the projector's, drawn from a spectator's.

A screen is a plain dictionary (sent as JSON): how many actions the table has taken (its
``step``: a screen shows a later step than any before it), the table drawn as SVG (``svg.tables``
over the engine's ``SeatView``), the state of play in one sentence, the last turns
narrated in the screen's language (a drawn tile named only to its drawer), the same
turns with their tiles in words for the seat's live region (``said``), and for a seat
its legal actions: each with its key, and a play with its tile and the place of its end
among the chain's open ends, so that the page offers the hand's tiles and the ends as the
app's board does (``board``: the buttons of ``play.choosing``, before a tile is chosen and
after each tile with more than one end to go to is chosen, with what a screen reader
hears on choosing it; while the seat is to move, a tile that may not be played is
pressable too and carries the reason the rules refuse it, in the app's words; while the
seat waits, its board says once why none may be played). A seat's table is drawn
narrow (``SEAT_WIDTH``), so that on a phone every tile of the hand and every end's
marker is a tap target a finger can hit. Once a round is over every hand lies face up
and the award is drawn and explained (``svg.awards``). Nothing a seat may not see
reaches its screen: the view decides, and the narration is told as that seat sees it.
What every screen of a table's version shows alike (the chain, the hands lying face
down, the players, the scores, the turns as a spectator hears them) is drawn once for
all of them (``tables.drawn``); a seat's hand, its board and its own draws from the pot
are drawn for that seat alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any, Final

from blockdomino.engine.chain import OpenEnd
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.events import Draw, Event, Move, Pass
from blockdomino.engine.game import Action
from blockdomino.engine.match import Match
from blockdomino.engine.round import Round
from blockdomino.engine.tiles import Tile
from blockdomino.engine.view import SeatView
from blockdomino.play.choosing import choice_buttons
from blockdomino.play.view_model import Button
from blockdomino.svg.awards import award
from blockdomino.svg.tables import Parts
from blockdomino.svg.tables import table as table_svg
from blockdomino.tables import actions
from blockdomino.tables.drawn import kept
from blockdomino.tables.service import Table
from blockdomino.tables.store import StoredSeat
from blockdomino.words.errors import explain
from blockdomino.words.i18n import translate
from blockdomino.words.narration import player_label, turn_sentence
from blockdomino.words.text import tile_in_words

Screen = dict[str, Any]
TOLD_TURNS: Final = 6
"""How many of the last turns a screen narrates."""
BUTTON_FIELDS: Final = tuple(field.name for field in fields(Button))
"""A board's button's fields, in the order a seat's screen sends them."""
SEAT_WIDTH: Final = 380
"""The widest a seat's table is drawn (SVG units): on a phone 390 CSS px wide its
picture is shown at least 0.94 times that size, so each tile of the hand (32 units wide,
48 apart) and each end's marker is given a tap target of 44 CSS px by the board."""


def status(view: SeatView, names: tuple[str, ...], lang: str) -> str:
    """Whose turn it is, or how the round ended."""
    if view.dominoer is not None:
        return translate("svg.label.domino", lang, player=player_label(view.dominoer, lang, names))
    if view.is_over:
        return translate("svg.label.blocked", lang)
    return translate("svg.desc.turn", lang, player=player_label(view.turn, lang, names))


def told(table: Table, seat: int | None, lang: str, *, spoken: bool = False) -> list[str]:
    """The last turns of the round in words, as ``seat`` may hear them (oldest first);
    ``spoken``: their tiles in words, as a screen reader should say them. Told once a
    version as a spectator hears them; a seat's own draws from the pot (their tiles
    named to it alone) are told for that seat."""
    last = table.turns[-TOLD_TURNS:]

    def sentence(before: Round, events: tuple[Event, ...], viewer: int | None) -> str:
        return turn_sentence(before, events, lang, table.names, viewer=viewer, spoken=spoken)

    heard = kept(table, f"told:{spoken}", lang, lambda: [sentence(*turn, None) for turn in last])
    return [
        sentence(before, events, seat) if _drew(events, seat) else line
        for (before, events), line in zip(last, heard, strict=True)
    ]


def _drew(events: tuple[Event, ...], seat: int | None) -> bool:
    """Whether ``events`` are ``seat``'s draws from the pot (their tiles told it alone)."""
    return seat is not None and isinstance(events[0], Draw) and events[0].seat == seat


def label(action: Action, lang: str) -> str | None:
    """A button's words for ``action``; a play has none (the board offers it as a tile
    and an end)."""
    if isinstance(action, Move):
        return None
    if isinstance(action, Draw):
        return translate("widgets.button.draw", lang)
    if isinstance(action, Pass):
        return translate("widgets.button.pass", lang)
    return translate("widgets.button.next_round", lang)


def _scores(table: Table, lang: str) -> str:
    """The match's score line, each player named as on the table: "Scores: Aino
    (Player 1) 12, Player 2 0"."""
    game = table.game
    if not isinstance(game, Match):
        return ""
    scores = (
        translate("tables.score", lang, player=player_label(seat, lang, table.names), points=points)
        for seat, points in enumerate(game.scores)
    )
    return translate("tables.scores", lang, scores=", ".join(scores))


def _common(
    table: Table, view: SeatView, seat: int | None, lang: str, width: float | None = None
) -> Screen:
    """A screen of the table as ``seat`` sees it (``None``: a spectator): the lines every
    screen of the table's version shows alike, drawn once (``_alike``), and the table's
    picture and the turns told as ``seat`` may see them."""
    screen = dict(kept(table, "alike", lang, lambda: _alike(table, view, lang)))
    screen["svg"] = str(
        table_svg(view, lang=lang, viewer=seat, names=table.names, width=width, parts=_parts(table))
    )
    screen["told"] = told(table, seat, lang)
    screen["said"] = told(table, seat, lang, spoken=True)
    return screen


def _alike(table: Table, view: SeatView, lang: str) -> Screen:
    """What every screen of the table shows alike, whichever seat's ``view`` it is drawn
    from: the players, the hands' sizes, whose turn it is, the scores and a round's
    award (every hand lies face up in it once the round is over)."""
    names = table.names
    screen: Screen = {
        "table": table.id,
        "step": table.taken,
        "preset": table.rules.name,
        "names": [player_label(number, lang, names) for number in range(table.rules.players)],
        "sizes": list(view.sizes),
        "turn": None if view.is_over else view.turn,
        "status": status(view, names, lang),
        "scores": _scores(table, lang),
        "over": table.game.is_over,
        "closed": table.closed,
        "award": None,
        "steps": [],
    }
    ended = table.game.current_round
    if ended.is_over:
        figure = award(ended, lang=lang, names=names)
        screen["award"] = str(figure.svg())
        screen["steps"] = list(figure.steps())
    return screen


def seat_screen(table: Table, seat: int, lang: str) -> Screen:
    """The screen of the pupil at ``seat``: its view, and its actions when it may act."""
    view = table.game.view(seat)
    screen = _common(table, view, seat, lang, SEAT_WIDTH)
    to_move = table.game.to_move
    mine = not table.closed and (to_move == seat or (to_move is None and not table.game.is_over))
    choices = table.game.legal_actions() if mine else ()
    ends = view.chain.open_ends
    screen["seat"] = seat
    screen["actions"] = [
        {"key": actions.key(a), "label": label(a, lang), **_placed(a, ends)} for a in choices
    ]
    played = {a.tile for a in choices if isinstance(a, Move)}
    moving = to_move == seat and mine
    refused = _refusals(table, view.hand, played, lang) if moving else {}
    screen["board"] = _board(view, choices, refused, lang, None if moving else _idle(table, lang))
    return screen


def _idle(table: Table, lang: str) -> str:
    """Why no tile of a seat's hand may be played while the seat is not to move: whose
    turn it is ("Pelaaja 2 pelaa nyt. Odota omaa vuoroasi."), or that the round is over
    or the table closed."""
    position = table.game.current_round
    if table.closed:
        return translate("tables.refused.closed", lang)
    if position.is_over:
        return translate("tables.seat.round_over", lang)
    player = player_label(position.turn, lang, table.names)
    return translate("tables.seat.wait", lang, player=player)


def _refusals(table: Table, hand: Sequence[Tile], played: set[Tile], lang: str) -> dict[Tile, str]:
    """Why the rules refuse each tile of the mover's ``hand`` but those that may be
    ``played``, as the app's board says it ("Four–five does not fit: the ends show 2
    and 6, and the tile has neither.")."""
    position = table.game.current_round
    refused: dict[Tile, str] = {}
    for tile in (tile for tile in hand if tile not in played and not position.is_over):
        try:
            position.play(tile)
        except BlockdominoError as error:
            refused[tile] = explain(error, lang, spoken=True)
    return refused


def _placed(action: Action, ends: Sequence[OpenEnd]) -> dict[str, Any]:
    """Where a play puts its tile (``tile``, and ``end``: its end's place among ``ends``,
    ``None`` to open); an action that is no play, none."""
    if not isinstance(action, Move):
        return {"tile": None, "end": None}
    return {"tile": str(action.tile), "end": None if action.end is None else ends.index(action.end)}


def _board(
    view: SeatView,
    choices: Sequence[Action],
    refused: dict[Tile, str],
    lang: str,
    idle: str | None = None,
) -> dict[str, Any]:
    """The seat's hand and the chain's open ends as the app's board offers them: the
    buttons before a tile is chosen (``buttons``), and after each tile that has more than
    one end to go to is chosen (``chosen``, and ``said``: what the live region says on
    choosing it); a tile is pressable where the rules let it be played now, or where
    they refuse it to the seat to move (its button's ``reason`` says why), an end where
    the chosen tile may join it. While the seat is not to move, ``idle`` says why, once
    for every tile of the hand (the page gives it to each tile's button as its
    ``reason``, for a tap on the picture to say: the same words for every tile, sent
    once). ``ends``: each open end's line and number, in the order of the ends'
    buttons."""
    moves = [move for move in choices if isinstance(move, Move)]
    playable = {move.tile for move in moves}
    ends = view.chain.open_ends
    reasons = {f"tile:{tile}": reason for tile, reason in refused.items()}

    def buttons(selected: Tile | None) -> list[dict[str, Any]]:
        fitting = {ends.index(m.end) for m in moves if m.tile == selected and m.end is not None}
        made = choice_buttons(
            view.chain, view.hand, playable=playable, selected=selected, enabled=True, lang=lang
        )
        return [
            _button(b, _pressable(b.id, playable, fitting) or b.id in reasons, reasons.get(b.id))
            for b in made
        ]

    several = sorted({m.tile for m in moves if sum(o.tile == m.tile for o in moves) > 1})
    return {
        "buttons": buttons(None),
        "chosen": {str(tile): buttons(tile) for tile in several},
        "said": {
            str(tile): translate("widgets.tile.chosen", lang, tile=tile_in_words(tile, lang))
            for tile in several
        },
        "ends": [{"side": end.side.value, "pips": end.pips} for end in ends],
        "idle": idle,
    }


def _button(button: Button, enabled: bool, reason: str | None) -> dict[str, Any]:
    """``button`` as a seat's screen sends it, ``enabled`` or not and with the
    ``reason`` the rules refuse its tile: its fields in order (each a plain value, so
    copied as they are, not through ``dataclasses.asdict``'s deep copy), then the
    reason."""
    sent = {name: getattr(button, name) for name in BUTTON_FIELDS}
    sent["enabled"] = enabled
    sent["reason"] = reason
    return sent


def _pressable(id: str, playable: set[Tile], fitting: set[int]) -> bool:
    """Whether the button ``id`` (``tile:[a|b]`` or ``end:<i>``) plays: a tile that may
    be played, an end the chosen tile may join."""
    kind, _, value = id.partition(":")
    if kind == "tile":
        return any(str(tile) == value for tile in playable)
    return int(value) in fitting


def projector_screen(table: Table, lang: str) -> Screen:
    """The projector's screen: the table as a spectator sees it (every hand face down
    until the round is over)."""
    screen = _common(table, table.game.view(None), None, lang)
    screen["seat"] = None
    screen["actions"] = []
    return screen


def _parts(table: Table) -> Parts:
    """The parts every screen of the table's version draws alike (``svg.tables.Parts``:
    the chain and the hands lying face down, never a tile of a hand)."""
    return kept(table, "parts", "", dict)


def listing(table: Table, lang: str) -> dict[str, Any]:
    """A table as the lobby and the teacher's page list it (drawn once a version: every
    lobby and the teacher's page list every table again at each move)."""
    return dict(kept(table, "listing", lang, lambda: _listed(table, lang)))


def _listed(table: Table, lang: str) -> dict[str, Any]:
    return {
        "table": table.id,
        "preset": table.rules.name,
        "players": table.rules.players,
        "names": [player_label(n, lang, table.names) for n in range(table.rules.players)],
        "seats": [seat_kind(s) for s in table.seats],
        "free": len(table.free),
        "over": table.game.is_over,
        "closed": table.closed,
        "status": status(table.game.view(None), table.names, lang),
    }


def seat_kind(seat: StoredSeat) -> str:
    """Who plays a seat: a ``pupil``, a ``computer``, the computer for a pupil who left
    the table (``away``: the pupil may sit down again), or nobody yet (``free``)."""
    if seat.computer is not None:
        return "away" if seat.token is not None else "computer"
    return "pupil" if seat.token is not None else "free"
