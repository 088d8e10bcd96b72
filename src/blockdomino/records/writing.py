"""Writing a record: a round's deal and events, a match's rounds, as JSON people can read.

A new kind of event is written by one entry in ``_EVENT_WRITERS``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any, Final

from blockdomino.engine.match import Match
from blockdomino.engine.positions import dealt_hands, from_its_deal, undealt
from blockdomino.engine.round import Draw, LeadDecision, Pass, Play, Round, Seed
from blockdomino.engine.rules import Direction, FirstLeader, Opening, Rules
from blockdomino.engine.tiles import Tile
from blockdomino.files import write_atomic
from blockdomino.records.schema import FORMAT, VERSION, Game, Record, RecordError


def _tiles(tiles: Iterable[Tile]) -> list[str]:
    return [str(tile) for tile in tiles]


def _rules(rules: Rules) -> Record:
    values = {field.name: getattr(rules, field.name) for field in fields(rules)}
    return {
        name: value.name.lower() if isinstance(value, FirstLeader | Opening | Direction) else value
        for name, value in values.items()
    }


def _write_play(event: Play) -> Record:
    end = event.end
    written: Record = {"type": "play", "seat": event.seat, "tile": str(event.tile)}
    written["end"] = (
        None if end is None else {"tile": str(end.tile), "side": end.side.value, "pips": end.pips}
    )
    return written


def _write_pass(event: Pass) -> Record:
    return {"type": "pass", "seat": event.seat}


def _write_draw(event: Draw) -> Record:
    return {"type": "draw", "seat": event.seat, "tile": str(event.tile)}


_EVENT_WRITERS: Final[Mapping[type, Callable[[Any], Record]]] = {
    Play: _write_play,
    Pass: _write_pass,
    Draw: _write_draw,
}
"""How each kind of event is written, by its engine type."""


def _lead(lead: LeadDecision) -> Record:
    return {
        "leader": lead.leader,
        "draws": [[[seat, str(tile)] for seat, tile in drawing] for drawing in lead.draws],
        "redeals": lead.redeals,
        "tile": None if lead.tile is None else str(lead.tile),
        "given": lead.given,
    }


def round_data(position: Round) -> Record:
    """One round's deal and events (the ``rounds`` entries of a record).

    Only a round played from its deal can be written: a position set up in mid-round
    has a chain that no event of its history explains.
    """
    if not from_its_deal(position):
        raise RecordError("records.error.mid_round")
    lead = position.lead or LeadDecision(position.leader, given=True)
    first = position.history[0].seat if position.history else position.turn
    return {
        "hands": [_tiles(hand) for hand in dealt_hands(position)],
        "out_of_play": _tiles(undealt(position)),
        "leader": position.leader,
        "first": first,
        "lead": _lead(lead),
        "events": [_EVENT_WRITERS[type(event)](event) for event in position.history],
    }


def to_record(
    game: Game, *, seats: Sequence[Mapping[str, Any]] | None = None, seed: Seed = None
) -> Record:
    """The record of a round or a match, as JSON-ready data.

    ``seats`` (one mapping per seat, such as ``{"name": "Aino"}`` or
    ``{"strategy": "random"}``) says who sat where; it is kept as given. A round's
    ``seed`` (a match keeps its own) lets a table resume with the same computer moves.
    """
    if isinstance(game, Match):
        rounds = [*_finished(game), game.round]
        record: Record = {"kind": "match", "seed": game.seed}
    else:
        rounds, record = [game], {"kind": "round"}
        if seed is not None:
            record["seed"] = seed
    written = {"format": FORMAT, "version": VERSION, **record, "rules": _rules(game.rules)}
    if seats is not None:
        written["seats"] = [dict(seat) for seat in seats]
    written["rounds"] = [round_data(position) for position in rounds]
    return written


def _finished(match: Match) -> list[Round]:
    """The finished rounds of a match before the one it holds now."""
    log = match.log[:-1] if match.log and match.round.is_over else match.log
    finals = [record.final for record in log]
    if any(final is None for final in finals):
        raise RecordError("records.error.mid_round")
    return [final for final in finals if final is not None]


LINE: Final = 120
"""A value whose JSON fits in this many characters is written on one line, as is any
list of plain values (a hand, the tiles out of play)."""


def _layout(value: Any, indent: str) -> str:
    """``value`` as JSON: on one line where it fits, else one item per indented line."""
    inline = json.dumps(value, ensure_ascii=False)
    if len(indent) + len(inline) <= LINE or not isinstance(value, dict | list) or not value:
        return inline
    if isinstance(value, list) and not any(isinstance(item, dict | list) for item in value):
        return inline
    inner = indent + "  "
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(key, ensure_ascii=False)}: {_layout(item, inner)}"
            for key, item in value.items()
        ]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    items = [f"{inner}{_layout(item, inner)}" for item in value]
    return "[\n" + ",\n".join(items) + f"\n{indent}]"


def dumps(record: Record) -> str:
    """The record as JSON text for people to read too: UTF-8 as written (names stay
    readable), each event and each hand on a line of its own."""
    return _layout(record, "") + "\n"


def save(game: Game, path: str | Path, **options: Any) -> Path:
    """Write the record of ``game`` to ``path`` (see ``to_record`` for ``options``).

    The write is atomic (``files.write_atomic``): a crash, a kill or a full disk leaves
    the file as it was or the new record whole, never half of one. An ``OSError`` (no
    such folder, a full disk) reaches the caller with the old file untouched.
    """
    return write_atomic(path, dumps(to_record(game, **options)))
