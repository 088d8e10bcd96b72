"""blockdomino: learn the domino game Block in Finnish, Swedish and English.

The rules engine (``Tile``, ``Chain``, ``Rules``, ``Round``, ``Match``) is pure and
immutable; ``describe`` words a chain, ``blockdomino.svg`` draws it.
"""

from blockdomino.chain import Chain, Join, OpenEnd, Piece, Side
from blockdomino.errors import BlockdominoError, IllegalMoveError, RulesError, TileError
from blockdomino.i18n import LANGUAGES
from blockdomino.match import Match, RoundRecord
from blockdomino.round import Draw, LeadDecision, Move, Pass, Play, Round
from blockdomino.rules import PRESETS, Direction, FirstLeader, Opening, Rules
from blockdomino.scoring import Award, Ending, RoundResult, score
from blockdomino.text import describe
from blockdomino.tiles import DOUBLE_SIX, Tile
from blockdomino.verify import ExampleReport, verify_text

__all__ = [
    "DOUBLE_SIX",
    "LANGUAGES",
    "PRESETS",
    "Award",
    "BlockdominoError",
    "Chain",
    "Direction",
    "Draw",
    "Ending",
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
    "Tile",
    "TileError",
    "describe",
    "score",
    "verify_text",
]
