"""Rules stated in prose, checked against Block and the game the document describes.

A leaflet states rules in sentences, and a sentence can contradict Block: a player who
cannot play draws from a stock ("drar man en bricka ur potten"), a double is a spinner
played on from all four sides, points are rounded to five, play passes the other way,
the highest hand wins a blocked round, a tie for the lowest hand is broken. What is
checked (each kind's words in every language are in ``vocabulary``):

- **drawing**: a stock named in Block is wrong, unless the sentence says there is none
  ("Blockissa ei ole pakkaa", "nobody draws from the boneyard"), speaks of another
  game ("I standardspelet … skulle man dra ur potten"), or the document's game is the
  draw game (``--rules draw``);
- **spinners** and **rounding**: wrong unless denied ("points are never rounded");
- **the direction of play**: clockwise (to the left) in a game each for themselves,
  anticlockwise (to the right) in the partnership game; a document that speaks of
  both games without saying which one a sentence is about has it not checked;
- **who wins a blocked round**: the lowest hand; the highest is wrong;
- **a tie for the lowest hand**: nobody wins it; a tie broken (by fewer tiles, by who
  played first) is wrong, a tie said otherwise is not checked.

A rule stated right is not reported (the report of a leaflet that states Block's rules
stays as it was); a sentence whose words the reader finds but cannot settle (a tie with
no outcome read, the direction in a document of both games) is listed as not checked,
never called wrong.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from enum import Enum
from typing import Final

from blockdomino.verify.findings import Finding, Problem, _finding
from blockdomino.verify.vocabulary import phrases


class Game(Enum):
    """Which way play passes in the game a sentence is about, as far as the document tells."""

    EACH_FOR_THEMSELVES = "individual"
    PARTNERSHIP = "partnership"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class RuleClaim:
    """A rule a sentence states: where it starts, and what is wrong with it (``None``:
    it is right; ``checked`` is false when the reader cannot tell)."""

    at: int
    finding: Finding | None
    checked: bool = True


def game_of(text: str, preset: str, explicit: bool) -> Game:
    """The game a document describes, for the direction of play: its preset when it
    names one; else partners when it speaks of teams (then a sentence that does not name
    them may be about either game), else each for themselves."""
    if explicit:
        return Game.PARTNERSHIP if preset == "partnership" else Game.EACH_FOR_THEMSELVES
    return Game.UNKNOWN if phrases("team").search(text) else Game.EACH_FOR_THEMSELVES


_TRIGGERS: Final = ("stock", "spinner", "rounding", "clockwise", "anticlockwise", "blocked")
"""The kinds of words every rule sentence has one of: the first, quick test."""


def rule_triggered(text: str) -> bool:
    """Whether ``text`` has a word that every rule sentence has one of."""
    return phrases(*_TRIGGERS).search(text) is not None


def _said(kind: str, text: str) -> re.Match[str] | None:
    return phrases(kind).search(text)


@functools.lru_cache(maxsize=8)
def _denied(text: str) -> bool:
    """The sentence denies what it states, apart from the condition of not being able to
    play ("Kan man inte lägga drar man …" asserts drawing). The readers of a sentence's
    rules ask it in turn, so it is worked out once for the sentence."""
    return _said("negation", phrases("cannot_play").sub(" ", text)) is not None


@functools.lru_cache(maxsize=4096)
def rule_claims(text: str, preset: str, game: Game) -> tuple[RuleClaim, ...]:
    """The rules a sentence states, each checked against Block, the preset ``preset``
    and the document's ``game``. Every rule has a word of ``rule_triggered``: a reader
    asks that first, and only of a sentence that has one asks this."""
    found = [
        claim
        for claim in (
            _drawing(text, preset),
            _denial_only("spinner", text, Problem.RULE_SPINNER),
            _denial_only("rounding", text, Problem.RULE_ROUNDING),
            _direction(text, game),
            _blocked_winner(text),
        )
        if claim is not None
    ]
    return tuple(found)


def _drawing(text: str, preset: str) -> RuleClaim | None:
    stock = _said("stock", text)
    if stock is None or _said("draw_game", text):
        return None
    if _denied(text) or preset == "draw":
        return RuleClaim(stock.start(), None)
    return RuleClaim(stock.start(), _finding(Problem.RULE_DRAW))


def _denial_only(kind: str, text: str, problem: Problem) -> RuleClaim | None:
    """A rule Block has not: right when the sentence denies it, else wrong."""
    said = _said(kind, text)
    if said is None:
        return None
    return RuleClaim(said.start(), None if _denied(text) else _finding(problem))


def _direction(text: str, game: Game) -> RuleClaim | None:
    if _said("turn", text) is None:
        return None
    anticlockwise = _said("anticlockwise", text)
    said = anticlockwise or _said("clockwise", text)
    if said is None:
        return None
    if _said("team", text):
        game = Game.PARTNERSHIP
    if game is Game.UNKNOWN or _denied(text):
        return RuleClaim(said.start(), None, checked=False)
    partners = game is Game.PARTNERSHIP
    if partners == (anticlockwise is not None):
        return RuleClaim(said.start(), None)
    problem = Problem.RULE_ANTICLOCKWISE if partners else Problem.RULE_CLOCKWISE
    return RuleClaim(said.start(), _finding(problem))


def _blocked_winner(text: str) -> RuleClaim | None:
    blocked = _said("blocked", text)
    if blocked is None or _said("wins", text) is None:
        return None
    if _said("tie", text):
        return _tie(text, blocked.start())
    if _said("lowest", text):
        return RuleClaim(blocked.start(), None)
    if _said("highest", text) and not _denied(text):
        return RuleClaim(blocked.start(), _finding(Problem.RULE_BLOCKED_WINNER))
    return RuleClaim(blocked.start(), None, checked=False)


def _tie(text: str, at: int) -> RuleClaim | None:
    """A tie for the lowest hand of a blocked round: nobody wins it. A sentence that
    only denies something of a tie ("… tasatulos ei vaikuta tähän") claims nothing of
    who wins it."""
    if _said("no_winner", text):
        return RuleClaim(at, None)
    if _said("tie_break", text):
        return RuleClaim(at, _finding(Problem.RULE_TIE_BROKEN))
    if _denied(text):
        return None
    return RuleClaim(at, None, checked=False)
