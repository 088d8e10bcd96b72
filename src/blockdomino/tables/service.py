"""The class's tables: pupils' seats held by secret tokens, computer players, and the
engine as referee.

A :class:`TableService` keeps every table in memory and in its ``Store``. A pupil joins
an open seat with a nickname and gets the seat's secret token; with that token (kept in
the browser) it acts for the seat and rejoins it after a reload. :meth:`act` takes an
action only from the seat to move (between a match's rounds, from any pupil at the
table), only if the engine lists it as legal, and only once per move id: the same move
sent twice is taken once. The server names every move: a pupil's by its seat and the id
its screen gave it (which only tells a resend from a new move of that seat, so no pupil
can take a name the computer will use), a computer player's by its number at the table.
After a pupil's action the computer seats take their turns; the pupil's action and those
turns are committed to the store together, or none of them, before the game changes in
memory, so what anyone is told was kept first and no table is left waiting for a
computer. :meth:`TableService.load` rebuilds every table from the store, and
:meth:`TableService.play_on` lets the computer take the turns a table was left waiting
for (a server stopped before they were kept).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from blockdomino.analysis.players import STRATEGIES
from blockdomino.engine.events import Event
from blockdomino.engine.game import Action, NextRound
from blockdomino.engine.round import Round
from blockdomino.engine.rules import PRESETS, Rules
from blockdomino.tables import actions
from blockdomino.tables.actions import Played
from blockdomino.tables.store import Store, StoredSeat, StoredTable

COMPUTER: Final = "random"
"""The strategy of a computer player at a class table."""
LONGEST_NICKNAME: Final = 24
MOST_TABLES: Final = 300
"""Open tables a server keeps at once (a school of 1,000 pupils at tables of four needs
250)."""
SEED_BITS: Final = 128
"""Bits of a table's deal seed, drawn from ``secrets``: too many seeds for a pupil who
knows their own hand to search for the one that deals it and read the other hands."""

Refusal = Literal["unknown_seat", "not_your_turn", "illegal", "closed", "over"]
"""Why an action is refused: the token sits nowhere, another seat is to move, the engine
does not allow it, the table is closed, the game is over."""
REFUSED: Final[dict[Refusal, str]] = {
    "unknown_seat": "tables.refused.unknown_seat",
    "not_your_turn": "tables.refused.not_your_turn",
    "illegal": "tables.refused.illegal",
    "closed": "tables.refused.closed",
    "over": "tables.refused.over",
}
"""What a pupil is told when an action is refused, by the reason."""


class TableError(ValueError):
    """A table cannot be opened or joined: ``key`` says why (``tables.error.*``)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass
class Table:
    """One table: its rules, seed, seats and the game as the actions so far made it."""

    id: str
    rules: Rules
    seed: int
    seats: list[StoredSeat]
    game: Played
    move_ids: set[str] = field(default_factory=set)
    turns: list[tuple[Round, tuple[Event, ...]]] = field(default_factory=list)
    """The current round's turns so far: the position before each and what it did."""
    taken: int = 0
    closed: bool = False
    drawn: dict[tuple[object, ...], object] = field(default_factory=dict, repr=False)
    """What was drawn of the table's version for every screen alike (``tables.drawn``):
    the four seats of a table draw the same chain and lines at each move, the teacher's
    page and every lobby list the same table many times a move."""

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's nickname ("" for a free or computer seat)."""
        return tuple(seat.nickname or "" for seat in self.seats)

    def seat_of(self, token: str) -> int | None:
        for seat in self.seats:
            if seat.token is not None and secrets.compare_digest(
                seat.token.encode(), token.encode()
            ):
                return seat.seat
        return None

    def record(self, action: Action) -> None:
        """Apply ``action`` to the game, keeping the turn it made for the narration."""
        before = self.game.current_round
        self.game = self.game.apply(action)
        after = self.game.current_round
        if after is not before and len(after.history) > len(before.history):
            self.turns.append((before, after.history[len(before.history) :]))
        elif isinstance(action, NextRound):
            self.turns = []

    def take(self, steps: list[tuple[str, Action]]) -> None:
        """Apply ``steps`` (move id, action), kept already, in order."""
        for move_id, action in steps:
            self.record(action)
            self.move_ids.add(move_id)
            self.taken += 1

    def replay(self, kept: Iterable[tuple[str, str]]) -> None:
        """Take again actions as they were kept (move id, action text), in order;
        ``ValueError`` when one is not legal."""
        for move_id, text in kept:
            found = actions.find(self.game, text)
            if found is None:
                raise ValueError(f"table {self.id}: stored action {text!r} is not legal")
            self.take([(move_id, found)])

    @property
    def free(self) -> tuple[int, ...]:
        """Seats nobody holds yet."""
        return tuple(s.seat for s in self.seats if s.token is None and s.computer is None)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What :meth:`TableService.act` did: ``taken`` actions (the pupil's and the computer
    players' after it; none for a move id seen before), or ``refused`` with the reason."""

    taken: int = 0
    duplicate: bool = False
    refused: Refusal | None = None


def table_rules(preset: str, players: int) -> Rules:
    """The rules of a table of ``preset`` for ``players``; ``TableError`` when there is
    no such kind of game or it is not played by that many."""
    if preset not in PRESETS:
        raise TableError("tables.error.preset")
    try:
        return Rules.preset(preset, players)
    except ValueError:
        raise TableError("tables.error.players") from None


def nickname(text: str) -> str:
    """A nickname as kept: spaces collapsed, control characters out, at most
    ``LONGEST_NICKNAME`` characters; ``TableError`` when nothing is left."""
    shown = "".join(c if c.isprintable() else " " if c.isspace() else "" for c in text)
    kept = " ".join(shown.split())[:LONGEST_NICKNAME]
    if not kept:
        raise TableError("tables.error.nickname")
    return kept


class TableService:
    """Every table of the class, kept in ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self._sits: dict[str, str] = {}
        """The table where each token was last found: looked at first (a school has 250
        tables), every table only when the token has moved or sits nowhere."""

    @classmethod
    def load(cls, store: Store) -> TableService:
        """The service with every table of ``store`` rebuilt: dealt again from its seed,
        its actions taken again in order."""
        service = cls(store)
        for kept in store.tables():
            table = Table(
                kept.id,
                Rules.preset(kept.preset, kept.players),
                kept.seed,
                list(kept.seats),
                actions.start(Rules.preset(kept.preset, kept.players), kept.seed),
                closed=kept.closed,
            )
            table.replay(kept.actions)
            service.tables[table.id] = table
        return service

    def open(self, preset: str, players: int, *, computers: int = 0) -> Table:
        """A new table of ``preset`` for ``players``, its last ``computers`` seats taken
        by computer players; the first seat is left for the pupil who opens it."""
        rules = table_rules(preset, players)
        if not 0 <= computers < rules.players:
            raise TableError("tables.error.computers")
        if sum(not table.closed for table in self.tables.values()) >= MOST_TABLES:
            raise TableError("tables.error.full")
        first_computer = rules.players - computers
        seats = [
            StoredSeat(seat, None, None, COMPUTER if seat >= first_computer else None)
            for seat in range(rules.players)
        ]
        return self._dealt(preset, rules, seats)

    def _dealt(self, preset: str, rules: Rules, seats: list[StoredSeat]) -> Table:
        """A new table of ``rules`` with ``seats``, dealt from a new seed, kept with the
        computer players' turns before a pupil's first."""
        table_id = secrets.token_hex(4)
        seed = secrets.randbits(SEED_BITS)
        table = Table(table_id, rules, seed, seats, actions.start(rules, seed))
        steps = _replies(table, table.game)
        texts = tuple(_texts(steps))
        self.store.add_table(
            StoredTable(table_id, preset, rules.players, seed, False, tuple(seats), texts)
        )
        table.take(steps)
        self.tables[table_id] = table
        return table

    def seat_group(self, preset: str, players: int, names: list[str]) -> tuple[Table, list[str]]:
        """A new table of ``preset`` for ``players`` with the pupils ``names`` seated in
        order from the first seat and computer players in the seats left: the table and
        each pupil's secret token."""
        if not 0 < len(names) <= players:
            raise TableError("tables.error.players")
        table = self.open(preset, players, computers=players - len(names))
        return table, [self.join(table.id, name)[2] for name in names]

    def retire(self, table_id: str) -> list[StoredSeat]:
        """Close a table to deal it again: its seats as they were, the pupils' tokens
        taken from the closed table (a token holds one seat)."""
        table = self.tables[table_id]
        kept = list(table.seats)
        for seat in kept:
            if seat.token is not None:
                self.store.set_seat(table_id, replace(seat, token=None))
                table.seats[seat.seat] = replace(seat, token=None)
        self.close(table_id)
        return kept

    def deal_again(self, preset: str, seats: list[StoredSeat]) -> Table:
        """A new table of ``preset`` with the ``seats`` of a retired one (the same pupils
        with the same tokens, the same computer players), dealt anew."""
        return self._dealt(preset, Rules.preset(preset, len(seats)), list(seats))

    def join(self, table_id: str, name: str) -> tuple[Table, int, str]:
        """Seat a pupil called ``name`` at the first free seat of a table: the table, the
        seat and its secret token."""
        table = self.tables.get(table_id)
        if table is None or table.closed:
            raise TableError("tables.error.no_table")
        if not table.free:
            raise TableError("tables.error.no_seat")
        seat = StoredSeat(table.free[0], nickname(name), secrets.token_urlsafe(18), None)
        self.store.set_seat(table.id, seat)
        table.seats[seat.seat] = seat
        return table, seat.seat, str(seat.token)

    def find(self, token: str) -> tuple[Table, int] | None:
        """The table and seat a token holds, or ``None``."""
        last = self.tables.get(self._sits.get(token, ""))
        seat = None if last is None else last.seat_of(token)
        if last is not None and seat is not None:
            return last, seat
        self._sits.pop(token, None)
        for table in self.tables.values():
            seat = table.seat_of(token)
            if seat is not None:
                self._sits[token] = table.id
                return table, seat
        return None

    def act(self, token: str, move_id: str, text: str) -> Outcome:
        """Take the action ``text`` for the seat ``token`` holds, once per ``move_id``."""
        held = self.find(token)
        if held is None:
            return Outcome(refused="unknown_seat")
        table, seat = held
        if table.seats[seat].computer is not None:
            return Outcome(refused="unknown_seat")  # the pupil left: the computer plays
        named = pupil_move(seat, move_id)
        if named in table.move_ids:
            return Outcome(duplicate=True)
        if table.closed:
            return Outcome(refused="closed")
        if table.game.is_over:
            return Outcome(refused="over")
        to_move = table.game.to_move
        if to_move is not None and to_move != seat:
            return Outcome(refused="not_your_turn")
        action = actions.find(table.game, text)
        if action is None:
            return Outcome(refused="illegal")
        steps = [(named, action), *_replies(table, table.game.apply(action), 1)]
        self.store.add_actions(table.id, table.taken, list(_texts(steps)))
        table.take(steps)
        return Outcome(taken=len(steps))

    def waiting(self) -> list[str]:
        """The open tables where a computer player is to move (left so when a server
        stopped between a pupil's move and the computer's reply)."""
        return [
            table.id
            for table in self.tables.values()
            if not table.closed and _replies(table, table.game)
        ]

    def play_on(self, table_id: str) -> int:
        """The computer seats of a table take the turns they are due, committed
        together; how many."""
        table = self.tables[table_id]
        if table.closed:
            return 0
        steps = _replies(table, table.game)
        if steps:
            self.store.add_actions(table.id, table.taken, list(_texts(steps)))
            table.take(steps)
        return len(steps)

    def close(self, table_id: str) -> None:
        """Close a table: no more actions; it stays listed as closed."""
        table = self.tables[table_id]
        self.store.close_table(table_id)
        table.closed = True

    def remove(self, table_id: str, seat: int) -> None:
        """Take a seat from its pupil (its token no longer acts): a computer plays it."""
        table = self.tables[table_id]
        if not 0 <= seat < table.rules.players:
            raise TableError("tables.error.no_seat")
        self._reseat(table, replace(table.seats[seat], token=None, computer=COMPUTER))

    def leave(self, token: str) -> Table:
        """The pupil of ``token`` leaves the table: a computer plays the seat on while
        the token is kept, so that the pupil may sit down again (:meth:`back`)."""
        table, seat = self._held(token)
        if table.seats[seat].computer is None:
            self._reseat(table, replace(table.seats[seat], computer=COMPUTER))
        return table

    def back(self, token: str) -> Table:
        """The pupil of ``token``, who left, sits down again: the computer leaves the
        seat to them (the game goes on as it is)."""
        table, seat = self._held(token)
        if table.closed:
            raise TableError("tables.error.no_table")
        if table.seats[seat].computer is not None:
            self._reseat(table, replace(table.seats[seat], computer=None))
        return table

    def rename(self, table_id: str, seat: int, name: str | None) -> None:
        """Call the pupil at ``seat`` ``name`` (``None``: no nickname, the seat's number
        only)."""
        table = self.tables[table_id]
        if not 0 <= seat < table.rules.players or table.seats[seat].nickname is None:
            raise TableError("tables.error.no_seat")
        kept = replace(table.seats[seat], nickname=None if name is None else nickname(name))
        self.store.set_seat(table_id, kept)
        table.seats[seat] = kept

    def _held(self, token: str) -> tuple[Table, int]:
        held = self.find(token)
        if held is None:
            raise TableError("tables.refused.unknown_seat")
        return held

    def _reseat(self, table: Table, kept: StoredSeat) -> None:
        """Keep who sits at a seat now and the computer players' turns it leads to."""
        seats = list(table.seats)
        seats[kept.seat] = kept
        steps = [] if table.closed else _replies(replace(table, seats=seats), table.game)
        self.store.add_actions(table.id, table.taken, list(_texts(steps)), seat=kept)
        table.seats[kept.seat] = kept
        table.take(steps)


Step = tuple[str, Action]
"""An action as the server names it: (move id, action)."""


def pupil_move(seat: int, move_id: str) -> str:
    """The server's name of the move that the screen at ``seat`` calls ``move_id``."""
    return f"seat{seat}:{move_id}"


def _texts(steps: list[Step]) -> Iterator[tuple[str, str]]:
    """``steps`` as the store keeps them: (move id, action text)."""
    for move_id, action in steps:
        yield move_id, actions.key(action)


def _replies(table: Table, game: Played, after: int = 0) -> list[Step]:
    """The computer seats' turns on ``game`` (the table's game with ``after`` more
    actions taken) until a pupil is to move, the round ends, or the game is over; each
    named by its number at the table and played from the table's seed and that number."""
    steps: list[Step] = []
    while not game.is_over and (to_move := game.to_move) is not None:
        strategy = table.seats[to_move].computer
        if strategy is None:
            break
        number = table.taken + after + len(steps)
        action = _computer_action(game, strategy, random.Random(f"{table.seed}:{number}"))
        steps.append((f"computer:{number}", action))
        game = game.apply(action)
    return steps


def _computer_action(game: Played, strategy: str, rng: random.Random) -> Action:
    """A computer seat's action: its strategy's play when it can play, else the one
    action left to it (a draw from the pot or a pass)."""
    position = game.current_round
    if position.can_play():
        return STRATEGIES[strategy](position, rng)
    return game.legal_actions()[0]
