"""Wins and points told in the first person plural: "We won the round", "our team
scores 13 points", "Me voitimme kierroksen", "Meidän pari saa 13 pistettä", "Vi vann
omgången", "Då fick vi 13 poäng".

"We" are the writer's own team, and a leaflet seldom says which players that is. So
such a claim is never read as a player called "We", never checked as if "we" were one
team or the other, and never left unsaid: it is listed as not checked, with the reason.
Only an award no team could score (a wrong sum, points other than the round gives) is
still reported as wrong by the reader of points, since it is wrong whoever "we" are.

The words are the kinds ``we`` (the pronoun or possessive, before a verb of winning or
scoring within two words: "our team scores") and ``we_won`` (a verb that says "we" by
itself or by its place: "voitimme", "fick vi").
"""

from __future__ import annotations

import re
from typing import Final

from blockdomino.verify.vocabulary import alternatives, first_letters, phrases

_WE_CLAIM: Final = re.compile(
    rf"(?=[{first_letters('we', 'we_won')}])"
    rf"(?:(?<!\w)(?:{alternatives('we')})\s+(?:[^\W\d]+\s+){{0,2}}?"
    rf"(?:{alternatives('wins', 'team_wins', 'award')})"
    rf"|(?<!\w)(?:{alternatives('we_won')}))",
    re.IGNORECASE,
)
"""A win or points told in the first person plural; its first letters first, for the
engine to look for."""
_WE_WORD: Final = phrases("we", "we_won")
"""A word of "we" (``we`` or ``we_won``), which every claim in the first person starts
with: found as fast as a character (``vocabulary.phrases``), where ``_WE_CLAIM`` is tried
at every place of a sentence; a sentence without one is searched no further."""
REASON: Final = "verify.unchecked.we"
"""Why a win or points told in the first person plural are not checked."""


def first_person(text: str) -> int | None:
    """Where ``text`` (a sentence) tells a win or points in the first person plural, if
    it does."""
    first = _WE_WORD.search(text)
    said = None if first is None else _WE_CLAIM.search(text, first.start())
    return None if said is None else said.start()
