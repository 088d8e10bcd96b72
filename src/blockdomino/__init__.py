"""blockdomino: learn the domino game Block in Finnish, Swedish and English.

The rules engine (``Tile``, ``Chain``, ``Rules``, ``Round``, ``Match``) is pure and
immutable; ``describe`` words a chain, ``blockdomino.svg`` draws it.
"""

from blockdomino import _moved
from blockdomino.engine.chain import Chain, Join, OpenEnd, Piece, Side
from blockdomino.engine.errors import BlockdominoError, IllegalMoveError, RulesError, TileError
from blockdomino.engine.match import Match, RoundRecord
from blockdomino.engine.round import Draw, LeadDecision, Move, Pass, Play, Round
from blockdomino.engine.rules import PRESETS, Direction, FirstLeader, Opening, Rules
from blockdomino.engine.scoring import Award, Ending, RoundResult, score
from blockdomino.engine.tiles import DOUBLE_SIX, Tile
from blockdomino.verify import ExampleReport, verify_text
from blockdomino.words.i18n import LANGUAGES
from blockdomino.words.text import describe

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

# Old module paths (``blockdomino.round``, ``blockdomino.coach``…) go on working.
_moved.install()
