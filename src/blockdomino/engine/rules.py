"""Rule options and the presets: ``match``, ``block``, ``partnership``, and ``draw``.

``match`` is the Finnish scored match (000); ``block`` the single-hand game of the Swedish
leaflet (001) and of "Blockspel" (003); ``partnership`` the four-player team game (001, 003).
``draw`` is the standard draw game that 003 sets Block against, for comparison only: as
``block``, except that the undealt tiles form a pot to draw from.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from blockdomino.engine.errors import RulesError
from blockdomino.engine.tiles import DOUBLE_SIX

SET_SIZE: Final = len(DOUBLE_SIX)
PLAYER_COUNTS: Final = (2, 3, 4)
"""Every preset is for two to four players."""


class FirstLeader(enum.Enum):
    """How the leader of the first round is found."""

    FAIR_DRAW = "fair_draw"
    """Each player draws a tile; the most pips leads; a tie is re-drawn among the tied (000)."""
    HIGHEST_DOUBLE = "highest_double"
    """The holder of the highest double; if nobody holds one, reshuffle and deal again (001)."""
    DOUBLE_SIX = "double_six"
    """The holder of [6|6] (001 team game): with all 28 dealt, somebody holds it."""


class Opening(enum.Enum):
    """Which tile the leader opens the chain with."""

    ANY_TILE = "any_tile"
    """Any tile of the leader's hand; the highest double gives no advantage (000)."""
    HIGHEST_DOUBLE = "highest_double"
    """The leader's highest double (001, 003)."""
    DOUBLE_SIX = "double_six"
    """[6|6] (001 team game)."""


class Direction(enum.Enum):
    """The way turns go round the table. Seats are numbered 0, 1, 2, … clockwise."""

    CLOCKWISE = 1
    """0 → 1 → 2 → 3 (000; 001's single game, by decision)."""
    TO_THE_RIGHT = -1
    """To the leader's right, i.e. counter-clockwise: 0 → 3 → 2 → 1 (001 team game)."""


def _is_count(value: object) -> bool:
    """Whether ``value`` is a whole number as Python counts: an ``int``, not a ``bool``
    (``2.0``, ``nan`` and ``True`` are refused where a count of players or points belongs)."""
    return isinstance(value, int) and not isinstance(value, bool)


def tiles_each_for(players: int) -> int:
    """The hand size of the individual games: 7 tiles with 2 players, 5 with 3 or 4."""
    return 7 if players == 2 else 5


def target_for(players: int) -> int:
    """The match target: 100 points with 2 players, 61 with 3 or 4 (000)."""
    return 100 if players == 2 else 61


@dataclass(frozen=True, slots=True)
class Preset:
    """A row of the presets' table: what sets a preset's rules apart from the others.

    ``scored``: rounds score towards the usual target and the lead rotates (the match);
    ``partnership``: four players in two teams, all 28 tiles dealt; ``pot``: the undealt
    tiles form a pot to draw from. ``shown`` is its place where a learner chooses one
    (the app's chooser offers the plain single hand first).
    """

    name: str
    shown: int
    scored: bool = False
    partnership: bool = False
    pot: bool = False


PRESET_TABLE: Final = (
    Preset("match", shown=1, scored=True),
    Preset("block", shown=0),
    Preset("partnership", shown=2, partnership=True),
    Preset("draw", shown=3, pot=True),
)
"""The one registry of presets: every list of them (the command line's choices, the
app's chooser, the practice items, the class server's pages, the catalogs' names
``term.preset.<name>``) derives from it. A new preset is a row here and its words in the
catalogs."""

PRESETS: Final = tuple(preset.name for preset in PRESET_TABLE)
"""The preset names ``Rules.preset`` knows, in the table's order."""

PRESETS_SHOWN: Final = tuple(
    preset.name for preset in sorted(PRESET_TABLE, key=lambda preset: preset.shown)
)
"""The preset names in the order a learner is offered them."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option the documents vary on. Build one with ``Rules.preset``.

    ``target`` is ``None`` when one hand decides and nothing is scored; a number makes
    rounds award points and the match end when someone reaches it. ``pot`` makes the
    undealt tiles a face-down pot that a player who cannot play draws from (the draw
    game, 003's "Domino (standard)"); without it they stay out of play all round.
    """

    name: str
    players: int
    tiles_each: int
    partnership: bool
    first_leader: FirstLeader
    opening: Opening
    direction: Direction
    target: int | None
    rotate_lead: bool
    pot: bool = False

    def __post_init__(self) -> None:
        if not _is_count(self.players) or self.players not in PLAYER_COUNTS:
            raise RulesError("error.rules.players", allowed=PLAYER_COUNTS, players=self.players)
        if self.partnership and self.players != 4:
            raise RulesError("error.rules.partnership_players", players=self.players)
        if not _is_count(self.tiles_each) or self.tiles_each < 1:
            raise RulesError("error.rules.tiles_each", tiles_each=self.tiles_each)
        if self.players * self.tiles_each > SET_SIZE:
            raise RulesError(
                "error.rules.too_many_tiles",
                players=self.players,
                tiles_each=self.tiles_each,
                needed=self.players * self.tiles_each,
            )
        if self.target is not None and (not _is_count(self.target) or self.target < 1):
            raise RulesError("error.rules.target", target=self.target)

    @classmethod
    def preset(cls, name: str, players: int | None = None, *, target: int | None = None) -> Rules:
        """The rules of a preset as RULES.md tabulates them.

        ``players`` defaults to 2 (4 in a partnership). ``draw`` is ``block`` with a pot
        (RULES.md, "The draw game, for comparison"). ``target`` turns the single-hand
        presets into a scored match to that many points (003: "to 100 points for two
        players or partner pairs and 61 for three or four"); in ``match`` it overrides
        the usual 100 or 61.
        """
        row = next((preset for preset in PRESET_TABLE if preset.name == name), None)
        if row is None:
            raise RulesError("error.rules.unknown_preset", name=name, known=PRESETS)
        if row.partnership:
            if players not in (None, 4):
                raise RulesError("error.rules.partnership_players", players=players)
            return cls(
                name=name,
                players=4,
                tiles_each=SET_SIZE // 4,
                partnership=True,
                first_leader=FirstLeader.DOUBLE_SIX,
                opening=Opening.DOUBLE_SIX,
                direction=Direction.TO_THE_RIGHT,
                target=target,
                rotate_lead=False,
            )
        count = 2 if players is None else players
        if not _is_count(count) or count not in PLAYER_COUNTS:
            raise RulesError("error.rules.players", allowed=PLAYER_COUNTS, players=count)
        scored = row.scored
        return cls(
            name=name,
            players=count,
            tiles_each=tiles_each_for(count),
            partnership=False,
            first_leader=FirstLeader.FAIR_DRAW if scored else FirstLeader.HIGHEST_DOUBLE,
            opening=Opening.ANY_TILE if scored else Opening.HIGHEST_DOUBLE,
            direction=Direction.CLOCKWISE,
            target=target_for(count) if scored and target is None else target,
            rotate_lead=scored,
            pot=row.pot,
        )

    @property
    def out_of_play(self) -> int:
        """How many tiles are not dealt: 14, 13 or 8; 0 in a partnership.

        They stay face down out of play, or in the draw game form the pot.
        """
        return SET_SIZE - self.players * self.tiles_each

    @property
    def scored(self) -> bool:
        """Whether rounds award points towards a target (a match)."""
        return self.target is not None

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The winning units: one seat each, or two partners sitting opposite."""
        if self.partnership:
            half = self.players // 2
            return tuple((seat, seat + half) for seat in range(half))
        return tuple((seat,) for seat in range(self.players))

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats that win or lose together with ``seat``."""
        for side in self.sides():
            if seat in side:
                return side
        raise RulesError("error.round.bad_seat", seat=seat, players=self.players)

    def next_seat(self, seat: int) -> int:
        """The seat whose turn follows ``seat``'s."""
        return (seat + self.direction.value) % self.players
