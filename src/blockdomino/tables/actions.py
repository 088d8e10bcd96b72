"""An action of the game interface as a short text that a screen sends back.

A play is ``play:[1|4]`` to open, or ``play:[1|4]:[4|4]:line_b`` to join the end of tile
``[4|4]`` on its side ``line_b``; the others are ``draw``, ``pass`` and ``next`` (a match's
next round). :func:`find` looks a text up among the game's legal actions only, so a text
that names no legal action now finds nothing: the engine stays the referee.
"""

from __future__ import annotations

from blockdomino.engine.events import Draw, Move, Pass
from blockdomino.engine.game import Action, Game, NextRound
from blockdomino.engine.match import Match
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules

Played = Round | Match
"""The games a class table plays: a round of a single-hand preset, or a match."""


def start(rules: Rules, seed: int) -> Played:
    """The game a table of ``rules`` plays, dealt from ``seed``: a match when the rules
    are scored, else one round."""
    return Match.start(rules, seed) if rules.scored else Round.deal(rules, seed)


def key(action: Action) -> str:
    """The text of ``action``."""
    if isinstance(action, Move):
        if action.end is None:
            return f"play:{action.tile}"
        return f"play:{action.tile}:{action.end.tile}:{action.end.side.value}"
    if isinstance(action, Draw):
        return "draw"
    if isinstance(action, Pass):
        return "pass"
    assert isinstance(action, NextRound)
    return "next"


def find(game: Game, text: str) -> Action | None:
    """The legal action of ``game`` now that ``text`` names, or ``None``."""
    for action in game.legal_actions():
        if key(action) == text:
            return action
    return None
