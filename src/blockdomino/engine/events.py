"""The values a round is told in: a move to make, the events of its history, and how its
leader was found.

Each is an immutable value that knows nothing of the round it belongs to: a ``Play`` of
a tile at an open end, a ``Pass``, a ``Draw`` from the pot (the draw game), and the
``LeadDecision`` that says who opened and why. ``blockdomino.engine.round`` applies them;
records, narration and the coach read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from blockdomino.engine.chain import OpenEnd
from blockdomino.engine.tiles import Tile


class Move(NamedTuple):
    """A legal play: a tile of the hand to move and the open end it joins (none to open)."""

    tile: Tile
    end: OpenEnd | None = None


class Play(NamedTuple):
    """A tile a seat placed, and the open end it joined (``None`` for the opening)."""

    seat: int
    tile: Tile
    end: OpenEnd | None


class Pass(NamedTuple):
    """A seat that could not play and passed without drawing."""

    seat: int


class Draw(NamedTuple):
    """A seat that could not play took the top tile of the pot (the draw game only).

    The tile is secret: only the drawer sees it. Every other view knows only that the
    seat drew a tile (see ``seen_by``): there, and as an action to apply (the drawer
    does not choose the tile), the tile is ``None``.
    """

    seat: int
    tile: Tile | None = None

    def seen_by(self, seat: int | None) -> Tile | None:
        """The drawn tile as ``seat`` sees it: the tile for the drawer, else ``None``."""
        return self.tile if seat == self.seat else None


Event = Play | Pass | Draw


@dataclass(frozen=True, slots=True)
class LeadDecision:
    """How the leader of a round was found, step by step, for a learner to watch.

    - ``draws``: the fair draw, one tuple of (seat, tile drawn) per drawing; a tie for
      the most pips is re-drawn among the tied only.
    - ``redeals``: deals thrown in because nobody held a double.
    - ``tile``: the double whose holder leads (highest double, or [6|6]).
    - ``given``: the leader was set from outside (the next round of a match, a lesson).
    - ``opening_waived``: the rules' opening tile is set aside (``waive_opening``): the
      leader opens with any tile, as a lesson may need.
    """

    leader: int
    draws: tuple[tuple[tuple[int, Tile], ...], ...] = ()
    redeals: int = 0
    tile: Tile | None = None
    given: bool = False
    opening_waived: bool = False
