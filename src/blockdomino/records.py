"""Game records: a round or a match as a versioned JSON document, read back exactly.

A record holds the rules, each round's deal (the hands, the tiles out of play, how the
leader was found) and every event in order, each typed: ``{"type": "play", ...}`` or
``{"type": "pass", ...}``. Reading a record replays its events through the engine, so
an illegal move, a tile twice or a hand of the wrong size is refused with a
``RecordError`` that says where and why; nothing is half-loaded. The schema is
documented in ``docs/records.md``.

A new kind of event (a draw, for rules with a pot) is one entry in ``_EVENT_WRITERS``,
one in ``_EVENT_READERS`` and one case in ``_apply``; a reader refuses a type it does
not know rather than skipping it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, Final

from blockdomino.chain import OpenEnd, Side
from blockdomino.errors import BlockdominoError
from blockdomino.match import Match
from blockdomino.round import Draw, Event, LeadDecision, Pass, Play, Round, Seed
from blockdomino.rules import Direction, FirstLeader, Opening, Rules
from blockdomino.tiles import DOUBLE_SIX, Tile

FORMAT: Final = "blockdomino-record"
"""The ``format`` field every record carries."""
VERSION: Final = 1
"""The version of the schema this module writes and reads."""

Record = dict[str, Any]
"""A record as JSON-ready data: dicts, lists, strings, numbers, booleans and ``None``."""
Game = Round | Match


class RecordError(BlockdominoError):
    """A record that is malformed, of an unknown version, or inconsistent with the rules."""


# -- writing ---------------------------------------------------------------------------


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


def _dealt(position: Round) -> list[list[Tile]]:
    """Each seat's hand as dealt: the tiles it holds and the tiles it has played, but
    not the tiles it drew from the pot (the draw game)."""
    hands = [list(hand) for hand in position.hands]
    for event in position.history:
        if isinstance(event, Play):
            hands[event.seat].append(event.tile)
    for event in position.history:
        if isinstance(event, Draw):
            hands[event.seat].remove(event.tile)
    return [sorted(hand) for hand in hands]


def _undealt(position: Round) -> list[Tile]:
    """The tiles not dealt, as they lay after the deal: in the draw game the pot, the
    tiles drawn since on top in the order they were drawn."""
    drawn = [event.tile for event in position.history if isinstance(event, Draw)]
    return [*drawn, *position.out_of_play]


def round_data(position: Round) -> Record:
    """One round's deal and events (the ``rounds`` entries of a record).

    Only a round played from its deal can be written: a position set up in mid-round
    has a chain that no event of its history explains.
    """
    played = sum(isinstance(event, Play) for event in position.history)
    if played != len(position.chain.tiles):
        raise RecordError("records.error.mid_round")
    lead = position.lead or LeadDecision(position.leader, given=True)
    first = position.history[0].seat if position.history else position.turn
    return {
        "hands": [_tiles(hand) for hand in _dealt(position)],
        "out_of_play": _tiles(_undealt(position)),
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
    """Write the record of ``game`` to ``path`` (see ``to_record`` for ``options``)."""
    target = Path(path)
    target.write_text(dumps(to_record(game, **options)), encoding="utf-8")
    return target


# -- reading ---------------------------------------------------------------------------


def _malformed(where: str) -> RecordError:
    return RecordError("records.error.malformed", where=where)


def _field(data: Any, key: str, where: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise _malformed(f"{where}.{key}" if where else key)
    return data[key]


def _typed(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    """``value`` itself if it is of ``kind`` (a ``bool`` is never taken for an ``int``)."""
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise _malformed(where)
    if not isinstance(value, kind):
        raise _malformed(where)
    return value


def _list(data: Any, key: str, where: str) -> list[Any]:
    value: list[Any] = _typed(_field(data, key, where), list, f"{where}.{key}")
    return value


def _tile(value: Any, where: str) -> Tile:
    try:
        return Tile.parse(_typed(value, str, where))
    except BlockdominoError:
        raise _malformed(where) from None


def _seat(value: Any, rules: Rules, where: str) -> int:
    seat: int = _typed(value, int, where)
    if not 0 <= seat < rules.players:
        raise _malformed(where)
    return seat


def _read_rules(data: Any) -> Rules:
    values: dict[str, Any] = {}
    kinds = {"first_leader": FirstLeader, "opening": Opening, "direction": Direction}
    for field in fields(Rules):
        if field.name == "pot" and isinstance(data, dict) and "pot" not in data:
            values["pot"] = False  # records written before the draw game had no pot
            continue
        value = _field(data, field.name, "rules")
        enum = kinds.get(field.name)
        try:
            values[field.name] = value if enum is None else enum[str(value).upper()]
        except KeyError:
            raise _malformed(f"rules.{field.name}") from None
    _typed(values["name"], str, "rules.name")
    for name in ("players", "tiles_each"):
        _typed(values[name], int, f"rules.{name}")
    _typed(values["target"], (int, type(None)), "rules.target")
    for name in ("partnership", "rotate_lead", "pot"):
        _typed(values[name], bool, f"rules.{name}")
    try:
        return Rules(**values)
    except BlockdominoError as error:
        raise RecordError("records.error.rules", reason=error) from None


def _drawn(pair: Any, rules: Rules, where: str) -> tuple[int, Tile]:
    """One (seat, tile) drawn in the fair draw for the lead."""
    if not isinstance(pair, list) or len(pair) != 2:
        raise _malformed(where)
    return _seat(pair[0], rules, where), _tile(pair[1], where)


def _read_lead(data: Any, rules: Rules, where: str) -> LeadDecision:
    draws = tuple(
        tuple(_drawn(pair, rules, f"{where}.draws") for pair in _typed(drawing, list, where))
        for drawing in _list(data, "draws", where)
    )
    tile = _field(data, "tile", where)
    return LeadDecision(
        _seat(_field(data, "leader", where), rules, f"{where}.leader"),
        draws=draws,
        redeals=_typed(_field(data, "redeals", where), int, f"{where}.redeals"),
        tile=None if tile is None else _tile(tile, f"{where}.tile"),
        given=_typed(_field(data, "given", where), bool, f"{where}.given"),
    )


def _read_play(data: Any, rules: Rules, where: str) -> Play:
    seat = _seat(_field(data, "seat", where), rules, f"{where}.seat")
    tile = _tile(_field(data, "tile", where), f"{where}.tile")
    end = _field(data, "end", where)
    if end is None:
        return Play(seat, tile, None)
    try:
        side = Side(_field(end, "side", f"{where}.end"))
    except ValueError:
        raise _malformed(f"{where}.end.side") from None
    pips = _typed(_field(end, "pips", f"{where}.end"), int, f"{where}.end.pips")
    end_tile = _tile(_field(end, "tile", f"{where}.end"), f"{where}.end.tile")
    return Play(seat, tile, OpenEnd(end_tile, side, pips))


def _read_pass(data: Any, rules: Rules, where: str) -> Pass:
    return Pass(_seat(_field(data, "seat", where), rules, f"{where}.seat"))


def _read_draw(data: Any, rules: Rules, where: str) -> Draw:
    seat = _seat(_field(data, "seat", where), rules, f"{where}.seat")
    return Draw(seat, _tile(_field(data, "tile", where), f"{where}.tile"))


_EVENT_READERS: Final[Mapping[str, Callable[[Any, Rules, str], Event]]] = {
    "play": _read_play,
    "pass": _read_pass,
    "draw": _read_draw,
}
"""How each type of event is read, by its ``type`` field."""


def _read_event(data: Any, rules: Rules, where: str) -> Event:
    kind = _field(data, "type", where)
    reader = _EVENT_READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise RecordError("records.error.event_type", where=where, type=str(kind))
    return reader(data, rules, where)


def _read_deal(data: Any, rules: Rules, where: str) -> Round:
    """A round's opening position: every tile of the set once, hands of the rules' size."""
    hands = [
        [_tile(tile, f"{where}.hands") for tile in _typed(hand, list, f"{where}.hands")]
        for hand in _list(data, "hands", where)
    ]
    out = [_tile(tile, f"{where}.out_of_play") for tile in _list(data, "out_of_play", where)]
    if len(hands) != rules.players:
        raise RecordError("records.error.hands_count", where=where, players=rules.players)
    for seat, hand in enumerate(hands):
        if len(hand) != rules.tiles_each:
            raise RecordError(
                "records.error.hand_size", where=where, seat=seat, expected=rules.tiles_each
            )
    seen: set[Tile] = set()
    for tile in (*(tile for hand in hands for tile in hand), *out):
        if tile in seen:
            raise RecordError("records.error.tile_twice", where=where, tile=tile)
        seen.add(tile)
    if len(seen) != len(DOUBLE_SIX):
        missing = [tile for tile in DOUBLE_SIX if tile not in seen]
        raise RecordError("records.error.tiles_missing", where=where, tiles=missing)
    leader = _seat(_field(data, "leader", where), rules, f"{where}.leader")
    first = _seat(_field(data, "first", where), rules, f"{where}.first")
    lead = _read_lead(_field(data, "lead", where), rules, f"{where}.lead")
    if lead.leader != leader:
        raise _malformed(f"{where}.lead.leader")
    try:
        start = Round.from_hands(rules, hands, leader=leader, turn=first, out_of_play=out)
    except BlockdominoError as error:
        raise RecordError("records.error.deal", where=where, reason=error) from None
    return replace(start, lead=lead)


def _apply(table: Game, event: Event) -> Game:
    """The game after ``event``: the seat to move plays, passes or draws (the pot's top
    tile, which must be the tile recorded)."""
    if isinstance(event, Pass):
        return table.pass_turn()
    if isinstance(event, Draw):
        drawn = table.draw()
        position = drawn.round if isinstance(drawn, Match) else drawn
        if position.history[-1] != event:
            raise RecordError("records.error.malformed", where="draw")
        return drawn
    return table.play(event.tile, event.end)


def _replay(table: Game, data: Any, where: str) -> Game:
    """``table`` after every event of a round's record, each checked by the rules."""
    for number, entry in enumerate(_list(data, "events", where)):
        at = f"{where}.events[{number}]"
        event = _read_event(entry, table.rules, at)
        position = table.round if isinstance(table, Match) else table
        if event.seat != position.turn:
            raise RecordError("records.error.wrong_seat", where=at, seat=event.seat)
        try:
            table = _apply(table, event)
        except BlockdominoError as error:
            raise RecordError("records.error.event", where=at, reason=error) from None
    return table


def _decode(record: Mapping[str, Any] | str | bytes) -> Any:
    if not isinstance(record, str | bytes):
        return record
    try:
        return json.loads(record)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise RecordError("records.error.json") from None


def _header(data: Any) -> tuple[str, Rules, list[Any]]:
    """The kind, the rules and the rounds of a record, once its format and version check."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("records.error.format", format=FORMAT)
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise RecordError("records.error.version", version=str(version), known=VERSION)
    kind = _field(data, "kind", "")
    if kind not in ("round", "match"):
        raise _malformed("kind")
    rounds = _list(data, "rounds", "")
    if not rounds or (kind == "round" and len(rounds) != 1):
        raise _malformed("rounds")
    return kind, _read_rules(_field(data, "rules", "")), rounds


def read(record: Mapping[str, Any] | str | bytes) -> Game:
    """The round or match a record holds (data or JSON text), replayed and checked.

    Refused with a ``RecordError`` naming the place and the reason; nothing is returned
    half-read.
    """
    data = _decode(record)
    kind, rules, rounds = _header(data)
    if kind == "round":
        return _replay(_read_deal(rounds[0], rules, "rounds[0]"), rounds[0], "rounds[0]")
    return _read_match(data, rules, rounds)


def _read_match(data: Any, rules: Rules, rounds: list[Any]) -> Match:
    if not rules.scored:
        raise RecordError("records.error.unscored")
    seed = _typed(_field(data, "seed", ""), (int, str, type(None)), "seed")
    match: Game = Match(rules, seed, _read_deal(rounds[0], rules, "rounds[0]"))
    for number, entry in enumerate(rounds):
        where = f"rounds[{number}]"
        if number:
            match = _next_round(match, _read_deal(entry, rules, where), where)
        match = _replay(match, entry, where)
    assert isinstance(match, Match)
    return match


def _next_round(match: Game, start: Round, where: str) -> Match:
    """The match going on to the round dealt as ``start``, once the last one is over."""
    assert isinstance(match, Match)
    if not match.round.is_over or match.is_over:
        raise RecordError("records.error.round_order", where=where)
    if match.rules.rotate_lead and start.leader != (match.round.leader + 1) % match.rules.players:
        raise RecordError("records.error.leader", where=where, seat=start.leader)
    return replace(match, round=start)


def read_round(record: Mapping[str, Any] | str | bytes) -> Round:
    """The round a round's record holds (see ``read``); a match's record is refused."""
    game = read(record)
    if not isinstance(game, Round):
        raise RecordError("records.error.not_round")
    return game


def read_match(record: Mapping[str, Any] | str | bytes) -> Match:
    """The match a match's record holds (see ``read``); a round's record is refused."""
    game = read(record)
    if not isinstance(game, Match):
        raise RecordError("records.error.not_match")
    return game


def load(path: str | Path) -> Game:
    """The round or match of the record in the file at ``path`` (see ``read``)."""
    return read(Path(path).read_bytes())


def seed(record: Mapping[str, Any] | str | bytes) -> Seed:
    """The seed a record keeps (a match's, or the round's if it was saved), else ``None``."""
    data = _decode(record)
    found = data.get("seed") if isinstance(data, dict) else None
    return _typed(found, (int, str, type(None)), "seed")  # type: ignore[no-any-return]


def seats(record: Mapping[str, Any] | str | bytes) -> list[dict[str, str]]:
    """Who sat where, as the record says (``name``/``strategy`` per seat; none if unsaid)."""
    data = _decode(record)
    listed = data.get("seats", []) if isinstance(data, dict) else []
    found = []
    for number, seat in enumerate(_typed(listed, list, "seats")):
        entry: dict[str, Any] = _typed(seat, dict, f"seats[{number}]")
        for key, value in entry.items():
            if key not in ("name", "strategy") or not isinstance(value, str):
                raise _malformed(f"seats[{number}].{key}")
        found.append(dict(entry))
    return found


def dealt(position: Round) -> Round:
    """The round as it was dealt, before its first event."""
    return _read_deal(round_data(position), position.rules, "rounds[0]")


def replayed(position: Round) -> tuple[Round, ...]:
    """Every position of a round: as dealt, then after each of its events in turn."""
    steps = [dealt(position)]
    for event in position.history:
        after = _apply(steps[-1], event)
        assert isinstance(after, Round)
        steps.append(after)
    return tuple(steps)
