"""Who wins a blocked round, as a story names the winner.

"Anna has 5 pips left, Ben 3 and Cecilia 8. Ben wins the round." A blocked round is
won by the one player alone with the lowest hand; when two or more share it, nobody
wins (RULES.md, in every preset). A sentence that names a winner ("Ben wins", "Ville
voittaa", "Alva vann") is checked against the counts of pips the same sentence or the
two before it give each player by name: "NAME has N" ("Ainolla on 5", "Alva har 5"),
then "NAME N" after a comma or "and". The round must be told as blocked there (the
words of ``vocabulary``: "blocked", "nobody could play"), and its counts be of pips.

A Finnish name is written in its case ("Villellä on 3", "Ville voittaa"), so a name is
the same player as another that starts with it. A team game (partners) is not read:
there the team's two hands decide. Where the sentences name fewer than two players, or
the winner is none of them, nothing is checked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from blockdomino.verify.findings import Finding, Problem, _finding
from blockdomino.verify.numbers import AND, PIP_WORDS
from blockdomino.verify.vocabulary import phrases

_NAME: Final = r"[A-ZÅÄÖ][a-zåäöé]{1,20}"
_PIPS: Final = re.compile(rf"\b{PIP_WORDS}\b", re.IGNORECASE)
_TEAM_PRESET: Final = "partnership"


@dataclass(frozen=True, slots=True)
class Held:
    """A count of pips a sentence gives a player by name."""

    name: str
    pips: int


def _holds_pattern() -> re.Pattern[str]:
    holds = phrases("holds").pattern
    return re.compile(
        rf"(?<!\w)(?P<name>{_NAME})\s+(?:{holds})\s+(?:[^\W\d]+\s+){{0,2}}?(?P<count>\d{{1,2}})\b"
        rf"(?![|\]\-:])"
        rf"|(?:,|\b{AND}\b)\s+(?P<next>{_NAME})\s+(?P<next_count>\d{{1,2}})\b(?![|\]\-:])",
    )


_HOLDS: Final = _holds_pattern()


def _winner_pattern() -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)(?P<name>{_NAME})\s+(?:{phrases('wins').pattern})")


_WINNER: Final = _winner_pattern()


def held(text: str) -> list[Held]:
    """The counts of pips ``text`` gives players by name, in order: "Anna has 5 pips
    left, Ben 3 and Cecilia 8"; a count "NAME N" only after one "NAME has N"."""
    found: list[Held] = []
    for match in _HOLDS.finditer(text):
        if match["name"] is not None:
            found.append(Held(match["name"], int(match["count"])))
        elif found:
            found.append(Held(match["next"], int(match["next_count"])))
    return found


def _same(one: str, other: str) -> bool:
    """Two names of one player: the same, or one the start of the other ("Ville",
    "Villellä")."""
    return one.startswith(other) or other.startswith(one)


def round_winner(
    before: Sequence[str], sentence: str, rules: str
) -> tuple[int, Finding | None] | None:
    """Where ``sentence`` names the winner of a blocked round, and what is wrong with
    it, if anything; ``None`` when it names none this reader can check. ``before`` are
    the sentences before it, which may give the players' pips."""
    named = _WINNER.search(sentence)
    if named is None or rules == _TEAM_PRESET:
        return None
    context = " ".join((*before, sentence))
    if not _PIPS.search(context) or not phrases("blocked", "nobody_played").search(context):
        return None
    hands = held(" ".join(before)) + held(sentence)
    names = [hand.name for hand in hands]
    if len(hands) < 2 or len(set(names)) != len(names):
        return None
    if not any(_same(hand.name, named["name"]) for hand in hands):
        return None
    lowest = min(hand.pips for hand in hands)
    least = [hand for hand in hands if hand.pips == lowest]
    name = named["name"]
    if len(least) > 1:
        first, second = least[0].name, least[1].name
        tie = _finding(
            Problem.CLAIM_ROUND_TIE, named=name, first=first, second=second, total=lowest
        )
        return named.start(), tie
    if _same(least[0].name, name):
        return named.start(), None
    wrong = _finding(Problem.CLAIM_ROUND_WINNER, named=name, winner=least[0].name, total=lowest)
    return named.start(), wrong
