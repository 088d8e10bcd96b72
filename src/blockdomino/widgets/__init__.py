"""Interactive widgets (ipywidgets 8) over the engine's immutable states.

Each widget shows a board (an SVG diagram) and real buttons for the tiles, the open
ends and the actions, in the learner's language. An action replaces the state it
shows, never changes it; a refused one is explained and changes nothing.

- ``MoveExercise(chain, hand, lang=...)``: place a hand's tiles on a chain.
- ``PassExercise(positions, lang=...)``: play or pass, position by position.
- ``ScoringQuiz(questions, lang=...)``: score the end of a round, with explanations.
- ``RoundPlayer(rules, seed=..., lang=...)``: a round against computer players.
- ``MatchPlayer(rules, seed=..., lang=...)``: a scored match against computer players.
  Both take ``coach=True`` for a Hint button and a "What do we know?" panel.
- ``CoachExercise(position, lang=...)``: "which move would you play?", then the coach's values.
- ``HotSeat(rules, names=[...], seed=..., lang=...)``: people at one screen, hands hidden
  from each other, computer players in any seat named after a strategy; ``coach=True``
  gives the person to move, once their hand is shown, the coach's hint.
- ``Practice(lang=..., topic=...)``: endless exercises of a topic at a level, the
  feedback at once, five right in a row to the next level; ``keep(path)`` keeps the
  progress.
- ``Replay(source, reveal=False, lang=...)``: step through a round, a match or a worked
  example, forwards and back.
- ``LiveLab(rounds=300, seed=3, lang=...)``: measure 003's claims on the spot, with a
  chart and the report.
"""

from blockdomino.widgets.coach import CoachExercise
from blockdomino.widgets.exercise import MoveExercise, PassExercise
from blockdomino.widgets.hotseat import HotSeat, HotSeatMatch, HotSeatRound
from blockdomino.widgets.lab import LiveLab
from blockdomino.widgets.play import MatchPlayer, RoundPlayer
from blockdomino.widgets.practice import Practice
from blockdomino.widgets.quiz import ScoringQuiz
from blockdomino.widgets.replay import Replay

__all__ = [
    "CoachExercise",
    "HotSeat",
    "HotSeatMatch",
    "HotSeatRound",
    "LiveLab",
    "MatchPlayer",
    "MoveExercise",
    "PassExercise",
    "Practice",
    "Replay",
    "RoundPlayer",
    "ScoringQuiz",
]
