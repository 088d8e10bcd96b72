"""What a table holds, as plain values: who sits where (:class:`Seating`), the state of
the game (:class:`TableState`) and what the controller says the screen may show
(:class:`Seen`). The controller (``play.table``) and its view (``play.table_view``) both
read these; neither imports the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from blockdomino.analysis.players import STRATEGIES, Strategy
from blockdomino.engine.match import Match
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.engine.tiles import Tile
from blockdomino.play.coaching import Answer
from blockdomino.play.keeping import Found
from blockdomino.play.view_model import Refusal
from blockdomino.records import Game


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where: per seat, a computer strategy's name, or ``None`` for a person.

    ``names`` are the names shown (a hot seat's learners; ``None``: the learner is
    "you"), ``given`` the names as the learners gave them, kept in the record.
    """

    strategies: tuple[str | None, ...]
    names: tuple[str, ...] | None = None
    given: tuple[str, ...] | None = None

    @classmethod
    def against_computer(cls, players: int, *, seat: int, strategy: str) -> Seating:
        """The learner at ``seat``, the computer with ``strategy`` at every other."""
        if strategy not in STRATEGIES:
            raise ValueError(f"unknown strategy {strategy!r}; known: {', '.join(STRATEGIES)}")
        return cls(tuple(None if other == seat else strategy for other in range(players)))

    @classmethod
    def hot_seat(cls, players: int, names: Sequence[str] | None, *, computer: str) -> Seating:
        """People at one screen; a seat named after a strategy (``"random"``,
        ``"heaviest"``) is a computer player, shown as ``computer``."""
        given = tuple(names) if names is not None else ("",) * players
        if len(given) != players:
            raise ValueError(f"{players} names needed, one per seat; got {len(given)}")
        strategies = tuple(name if name in STRATEGIES else None for name in given)
        if all(strategies):
            raise ValueError("a hot-seat game needs at least one person")
        shown = tuple(
            computer if plays else name for plays, name in zip(strategies, given, strict=True)
        )
        return cls(strategies, shown, given)

    @property
    def hot(self) -> bool:
        """Whether people share the screen (and hide their hands from each other)."""
        return self.given is not None

    @property
    def people(self) -> tuple[int, ...]:
        """The seats a person plays."""
        return tuple(seat for seat, plays in enumerate(self.strategies) if plays is None)

    def strategy(self, seat: int) -> Strategy:
        """How the computer plays ``seat``. A person's seat is stepped only when it has
        no choice (it draws or passes), so any strategy will do for it."""
        return STRATEGIES[self.strategies[seat] or "random"]

    def record(self) -> list[dict[str, str]]:
        """Who sat where, for the game's record."""
        given = self.given or ("",) * len(self.strategies)
        return [
            {"strategy": plays} if plays else {"name": name}
            for plays, name in zip(self.strategies, given, strict=True)
        ]


@dataclass(frozen=True, slots=True)
class TableState:
    """Everything a table holds, as one immutable value.

    ``games`` is the undo stack; ``note`` what the last action said (shown before the
    prompt when ``prompt``, else alone); ``kept`` the file the game is kept in,
    ``offer`` a game in progress found there and not yet resumed, ``written`` the game
    last written, ``stamp`` that file as this table last read or wrote it
    (``keeping.stamp``), ``warning`` why saving stopped; ``asked`` the new deal asked
    for once (its action's name) while the game stood so (it deals when asked again);
    ``deals`` the places in ``games`` where a new deal stands, so that undoing one says so
    and gives back the seed it replaced.
    """

    rules: Rules
    seed: int
    games: tuple[Game, ...]
    selected: Tile | None = None
    note: tuple[str, ...] = ()
    prompt: bool = True
    open_seat: int | None = None
    answer: Answer | None = None
    kept: Path | None = None
    offer: Found | None = None
    written: Game | None = None
    stamp: str | None = None
    warning: str | None = None
    asked: tuple[str, Game] | None = None
    deals: tuple[int, ...] = ()

    @property
    def game(self) -> Game:
        """The game as it stands."""
        return self.games[-1]

    @property
    def under_way(self) -> bool:
        """Whether a game is under way: a person has played since the last deal, and the
        round (the match) is not over."""
        return len(self.games) - 1 > max(self.deals, default=0) and not self.game.is_over

    @property
    def position(self) -> Round:
        """The round being played."""
        game = self.game
        return game.round if isinstance(game, Match) else game


@dataclass(frozen=True, slots=True)
class Seen:
    """What the controller says about a state for its view: the learner's language, the
    seating, whether a coach sits at the table, the last refusal; the seat whose hand
    lies face up (``viewer``, none: all hidden), whether the seat to move may ask the
    coach, whether the hot seat's hand-over screen covers the table, whether the
    game offered can be resumed here, and the widest the table is drawn (``width``,
    ``None``: a notebook cell's width)."""

    lang: str
    seating: Seating
    coach: bool
    refusal: Refusal | None
    viewer: int | None
    may_ask: bool
    covered: bool
    resumable: bool
    width: float | None = None
