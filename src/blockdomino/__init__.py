"""blockdomino: learn the domino game Block in Finnish, Swedish and English.

The rules engine (``Tile``, ``Chain``, ``Rules``, ``Round``, ``Match``) is pure and
immutable; ``describe`` words a chain, ``blockdomino.svg`` draws it.
"""

from blockdomino.chain import Chain, Join, OpenEnd, Piece, Side
from blockdomino.errors import BlockdominoError, IllegalMoveError, RulesError, TileError
from blockdomino.i18n import LANGUAGES
from blockdomino.text import describe
from blockdomino.tiles import DOUBLE_SIX, Tile

__all__ = [
    "DOUBLE_SIX",
    "LANGUAGES",
    "BlockdominoError",
    "Chain",
    "IllegalMoveError",
    "Join",
    "OpenEnd",
    "Piece",
    "RulesError",
    "Side",
    "Tile",
    "TileError",
    "describe",
]
