"""Reading a record: every field checked, every event replayed through the rules.

An illegal move, a tile twice or a hand of the wrong size is refused with a
``RecordError`` that says where and why (worded through the ``records.error.*``
catalog entries); nothing is half-loaded. A new kind of event is read by one entry in
``_EVENT_READERS`` and one case in ``_apply``; a type the reader does not know is
refused, never skipped.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from dataclasses import fields, replace
from pathlib import Path
from typing import Any, Final

from blockdomino.analysis.players import STRATEGIES
from blockdomino.engine.chain import OpenEnd, Side
from blockdomino.engine.errors import BlockdominoError, RulesError
from blockdomino.engine.match import Match
from blockdomino.engine.round import Draw, Event, LeadDecision, Pass, Play, Round, Seed
from blockdomino.engine.rules import PRESETS, Direction, FirstLeader, Opening, Rules
from blockdomino.engine.tiles import DOUBLE_SIX, Tile
from blockdomino.records.schema import FORMAT, VERSION, Game, RecordError

MAX_REDEALS: Final = 1000
"""The most redeals a record may say the highest-double lead took (each has a chance of
about 1 in 10 000 even with 3 players; 1000 in a row do not happen)."""
QUOTE: Final = 40
"""The most characters of a record's value an error message shows."""


def _malformed(where: str) -> RecordError:
    return RecordError("records.error.malformed", where=where)


def _field(data: Any, key: str, where: str) -> Any:
    """The field ``key`` of the object at ``where``: a field left out is "missing"."""
    place = f"{where}.{key}" if where else key
    if not isinstance(data, dict):
        raise _malformed(place)
    if key not in data:
        raise RecordError("records.error.missing", where=place)
    return data[key]


def _no_extra(data: dict[str, Any], known: Collection[str], where: str) -> None:
    """Refuses a field the format does not have (the first, in order), naming it "extra"."""
    extra = sorted(key for key in data if key not in known)
    if extra:
        raise RecordError("records.error.extra", where=f"{where}.{extra[0]}")


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
    return _count(value, rules.players - 1, where)


def _count(value: Any, most: int, where: str) -> int:
    """``value`` if it is a whole number from 0 to ``most``."""
    number: int = _typed(value, int, where)
    if not 0 <= number <= most:
        raise _malformed(where)
    return number


def _read_rules(data: Any) -> Rules:
    """The rules, every field of ``Rules`` given (``pot`` may be left out) and no other."""
    if isinstance(data, dict):
        _no_extra(data, {field.name for field in fields(Rules)}, "rules")
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
    if _typed(values["name"], str, "rules.name") not in PRESETS:
        reason = RulesError("error.rules.unknown_preset", name=values["name"], known=PRESETS)
        raise RecordError("records.error.rules", reason=reason)
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
        redeals=_count(_field(data, "redeals", where), MAX_REDEALS, f"{where}.redeals"),
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
    except (ValueError, RecursionError):  # not JSON, not UTF-8, too deep, a huge number
        raise RecordError("records.error.json") from None


def _header(data: Any) -> tuple[str, Rules, list[Any]]:
    """The kind, the rules and the rounds of a record, once its format and version check."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("records.error.format", format=FORMAT)
    version = _field(data, "version", "")
    if type(version) is not int or version != VERSION:  # the integer 1: not 1.0, not true
        raise RecordError("records.error.version", version=_shown(version), known=VERSION)
    kind = _field(data, "kind", "")
    if kind not in ("round", "match"):
        raise _malformed("kind")
    rounds = _list(data, "rounds", "")
    if not rounds or (kind == "round" and len(rounds) != 1):
        raise _malformed("rounds")
    rules = _read_rules(_field(data, "rules", ""))
    seed(data)
    given = seats(data)
    if given and len(given) != rules.players:
        raise RecordError("records.error.seats_count", given=len(given), players=rules.players)
    return kind, rules, rounds


def _shown(value: Any) -> str:
    """A value as a message may show it: JSON, never longer than one short line."""
    return json.dumps(value)[:QUOTE] if isinstance(value, int | float | str | None) else "…"


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
        _no_extra(entry, ("name", "strategy"), f"seats[{number}]")
        for key, value in entry.items():
            if not _is_name(value):
                raise _malformed(f"seats[{number}].{key}")
        if entry.get("strategy", "random") not in STRATEGIES:
            raise RecordError(
                "records.error.strategy",
                where=f"seats[{number}]",
                name=entry["strategy"],
                known=tuple(STRATEGIES),
            )
        found.append(dict(entry))
    return found


def _is_name(value: Any) -> bool:
    """Whether ``value`` is text a page or a file can hold: printable, no control
    character and no lone surrogate (``"\\ud800"`` cannot be written as UTF-8)."""
    return isinstance(value, str) and value.isprintable()
