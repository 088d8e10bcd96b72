"""blockdomino: learn the domino game Block in Finnish, Swedish and English.

The public Python surface is a few modules; everything else is the house's inside and
may move from one release to the next:

- ``blockdomino``: the game. Tiles, chains, rules, rounds and matches (``Tile``,
  ``Chain``, ``Rules``, ``Round``, ``Match``), pure and immutable values; their events,
  scores and errors; computer players (``play_round``, ``play_match``, ``step``,
  ``STRATEGIES``); a chain in words (``describe``), an error in words (``explain``);
  the checker of rule documents (``verify_text``).
- ``blockdomino.words``: the game in Finnish, Swedish and English (the catalogs, the
  descriptions, the worked examples).
- ``blockdomino.svg``: diagrams of chains, hands, tables and awards.
- ``blockdomino.records``: a round or a match as a JSON game record, and back.
- ``blockdomino.verify``: the checker of rule documents (a text, a file, the reports).
- ``blockdomino.coach``: which move is good here, and why.
- ``blockdomino.lab``: the strategy claims measured, in words and plots.
- ``blockdomino.practice``: generated exercises whose answers the engine works out.
- ``blockdomino.widgets``: the notebooks' interactive widgets.

The names of this module load when first used, so that ``import blockdomino`` (and
``import blockdomino.engine``) loads no language, no drawing and no checker.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
"""True for the type checkers only: they see every name, and ``typing`` stays unloaded."""

if TYPE_CHECKING:
    from typing import Any, Final

    from blockdomino.analysis.players import (
        STRATEGIES,
        Strategy,
        coach_player,
        heaviest_tile,
        play_match,
        play_round,
        random_move,
        step,
    )
    from blockdomino.engine.chain import Chain, Join, OpenEnd, Piece, Side
    from blockdomino.engine.errors import BlockdominoError, IllegalMoveError, RulesError, TileError
    from blockdomino.engine.events import Draw, Event, LeadDecision, Move, Pass, Play
    from blockdomino.engine.match import Match, RoundRecord
    from blockdomino.engine.round import Round
    from blockdomino.engine.rules import PRESETS, Direction, FirstLeader, Opening, Rules
    from blockdomino.engine.scoring import Award, Ending, RoundResult, score
    from blockdomino.engine.tiles import DOUBLE_SIX, Tile, parse_tiles
    from blockdomino.verify import ExampleReport, verify_text
    from blockdomino.words.errors import explain
    from blockdomino.words.i18n import LANGS
    from blockdomino.words.text import describe

_HOMES: Final = {
    "blockdomino.analysis.players": (
        "STRATEGIES",
        "Strategy",
        "coach_player",
        "heaviest_tile",
        "play_match",
        "play_round",
        "random_move",
        "step",
    ),
    "blockdomino.engine.chain": ("Chain", "Join", "OpenEnd", "Piece", "Side"),
    "blockdomino.engine.errors": (
        "BlockdominoError",
        "IllegalMoveError",
        "RulesError",
        "TileError",
    ),
    "blockdomino.engine.events": ("Draw", "Event", "LeadDecision", "Move", "Pass", "Play"),
    "blockdomino.engine.match": ("Match", "RoundRecord"),
    "blockdomino.engine.round": ("Round",),
    "blockdomino.engine.rules": ("PRESETS", "Direction", "FirstLeader", "Opening", "Rules"),
    "blockdomino.engine.scoring": ("Award", "Ending", "RoundResult", "score"),
    "blockdomino.engine.tiles": ("DOUBLE_SIX", "Tile", "parse_tiles"),
    "blockdomino.verify": ("ExampleReport", "verify_text"),
    "blockdomino.words.errors": ("explain",),
    "blockdomino.words.i18n": ("LANGS",),
    "blockdomino.words.text": ("describe",),
}
"""The module each public name of the package comes from."""

_HOME_OF: Final = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "DOUBLE_SIX",
    "LANGS",
    "PRESETS",
    "STRATEGIES",
    "Award",
    "BlockdominoError",
    "Chain",
    "Direction",
    "Draw",
    "Ending",
    "Event",
    "ExampleReport",
    "FirstLeader",
    "IllegalMoveError",
    "Join",
    "LeadDecision",
    "Match",
    "Move",
    "OpenEnd",
    "Opening",
    "Pass",
    "Piece",
    "Play",
    "Round",
    "RoundRecord",
    "RoundResult",
    "Rules",
    "RulesError",
    "Side",
    "Strategy",
    "Tile",
    "TileError",
    "coach_player",
    "describe",
    "explain",
    "heaviest_tile",
    "parse_tiles",
    "play_match",
    "play_round",
    "random_move",
    "score",
    "step",
    "verify_text",
]


if not TYPE_CHECKING:  # the type checkers see the imports above, and no other name

    def __getattr__(name: str) -> Any:
        """A public name, imported from its module the first time it is asked for."""
        home = _HOME_OF.get(name)
        if home is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    """The module's own names and every public name, loaded or not."""
    return sorted({*globals(), *__all__})
