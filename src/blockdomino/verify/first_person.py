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

Where the brackets after "we" name the two partners of a team in play ("We (Ben and
Dan) won the round", "Me (Aino ja Eero) voitimme kierroksen", "Vi (Anna och Cecilia)
vann omgången"), the text does say which team "we" are: the win is read as that team's
own claim (``told_as_team``), and checked as a team's win is. So are its points ("We (Ben
and Dan) score 13 points", "Me (Aino ja Eero) saamme 13 pistettä", "Vi (Ben och Dan) får
13 poäng", "Sitten saimme me (Aino ja Eero) 13 pistettä"): read as the same sentence in
the third person ("Ben and Dan score 13 points", "Aino ja Eero saavat 13 pistettä",
"Sitten saivat Aino ja Eero 13 pistettä"; the verbs of the kind ``we_scored_named``),
and checked wherever that sentence is, right or wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from blockdomino.verify.lexicon import words
from blockdomino.verify.numbers import AND
from blockdomino.verify.teams import NAME, Teams, same_player
from blockdomino.verify.vocabulary import alternatives, first_letters, one_of, phrases

_WE_CLAIM: Final = re.compile(
    rf"(?=[{first_letters('we', 'we_won')}])"
    rf"(?:(?<!\w)(?:{alternatives('we')})(?:[ \t]*\([^()\n]{{1,80}}\))?\s+(?:[^\W\d]+\s+){{0,2}}?"
    rf"(?:{alternatives('wins', 'team_wins', 'award')})"
    rf"|(?<!\w)(?:{alternatives('we_won')}))",
    re.IGNORECASE,
)
"""A win or points told in the first person plural ("we", maybe its players named in
brackets after it: "We (Ben and Dan) won"); its first letters first, for the engine to
look for."""
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


_NAMED_AFTER_WE: Final = re.compile(
    rf"(?<!\w)(?i:{alternatives('we')})[ \t]*\([ \t]*(?P<a>{NAME})[ \t]+(?i:{AND})[ \t]+"
    rf"(?P<b>{NAME})[ \t]*\)"
)
"""A "we" and two players named in brackets after it: "we (Ben and Dan)", "me (Aino ja
Eero)", "vi (Anna och Cecilia)"."""
_PARTNERS_SCORE: Final = {
    written: said or written
    for listed in words("we_scored_named").values()
    for written, _, said in (word.partition("/") for word in listed)
}
"""Each verb of "we" scoring, and the verb the two partners score with in its place:
"saamme" → "saavat" ("Me (Aino ja Eero) saamme 13 pistettä"), "score" → "score"."""
_WE_SCORED: Final = re.compile(
    rf"\s+(?:[^\W\d]+\s+){{0,2}}?(?P<verb>{one_of(_PARTNERS_SCORE)})", re.IGNORECASE
)
"""A verb of "we" scoring within two words after the partners named in brackets."""
_WE_SCORED_BEFORE: Final = re.compile(
    rf"(?<!\w)(?P<verb>{one_of(_PARTNERS_SCORE)})\s+\Z", re.IGNORECASE
)
"""A verb of "we" scoring just before "we" and the partners: the verb first, as Finnish
may put it ("Sitten saimme me (Aino ja Eero) 13 pistettä")."""


@dataclass(frozen=True, slots=True)
class TeamTold:
    """A sentence in the first person plural read as the claim of the team it names in
    brackets: ``text`` says "Ben and Dan" where the sentence says "we (Ben and Dan)"."""

    text: str
    we: int
    """Where "we" stands in the sentence, and the partners' names in ``text``."""
    names_end: int
    """Where the partners' names end in ``text``."""
    shorter: int
    """How many characters fewer the names alone take than "we (…)"."""
    scores: str
    """``text`` with its verb of "we" scoring said of the two partners ("Aino ja Eero
    saavat 13 pistettä" where the sentence says "Me (Aino ja Eero) saamme 13
    pistettä"): the points the team claims, for the readers of a team's points. Its
    lines are the sentence's (no line break is taken out)."""

    def at(self, place: int) -> int:
        """Where a place of ``text`` is in the sentence as written; a place in the
        partners' names is where "we" stands."""
        if place <= self.we:
            return place
        return self.we if place < self.names_end else place + self.shorter


def told_as_team(text: str, teams: Teams | None) -> TeamTold | None:
    """``text`` (a sentence) read as the claim of the team whose two partners the brackets
    after its "we" name, when ``teams`` are in play and the two are one team's players
    ("We (Ben and Dan) won the round": "Ben and Dan won the round"); else ``None``."""
    if teams is None:
        return None
    named = _NAMED_AFTER_WE.search(text)
    if named is None or same_player(named["a"], named["b"]):
        return None
    team = teams.team_of(named["a"])
    if team is None or teams.team_of(named["b"]) != team:
        return None
    names = text[named.start("a") : named.end("b")]
    told = text[: named.start()] + names + text[named.end() :]
    shorter = named.end() - named.start() - len(names)
    names_end = named.start() + len(names)
    scores = _partners_score(told, (named.start(), names_end))
    return TeamTold(told, named.start(), names_end, shorter, scores)


def _partners_score(told: str, names: tuple[int, int]) -> str:
    """``told`` with the verb of "we" scoring just before the partners' names or after
    them (they stand between the two places of ``names``) said of the two partners, if
    it has one."""
    start, end = names
    verb = _WE_SCORED_BEFORE.search(told, 0, start) or _WE_SCORED.match(told, end)
    if verb is None:
        return told
    said = _PARTNERS_SCORE[verb["verb"].lower()]
    return told[: verb.start("verb")] + said + told[verb.end("verb") :]
