"""A team game named in prose, and the players of its two teams.

"Anna and Cecilia play against Ben and Dan", "Aino ja Eero pelaavat Mattia ja Liisaa
vastaan", "Anna och Cecilia spelar mot Ben och Dan": two partners named with a word for
"and", a word of playing against (``vocabulary``: "against", "vastaan", "mot") between
the two teams or after them. From that sentence on, the claims about these four players
are of the partnership game (RULES.md): a blocked round is won by the team with the
lower sum of both partners' hands, and the points of a round go to the team, never to
one player alone. The partnership game scores no points (one round decides) unless the
text plays it to a target ("in a match to 100 points", "100 pisteeseen", "till 100
poäng", in the sentence that names the teams or one after it): RULES.md's scored
partnership match, whose rounds are awarded as in ``match`` (``team_points``).

A Finnish name is written in its case, its double consonant sometimes single
("Matti", "Mattia", "Matilla"), so two names are one player's when they agree, double
letters taken as one, in all but their last two letters, and in three at least.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

from blockdomino.verify.numbers import AND, POINT_WORDS
from blockdomino.verify.vocabulary import alternatives, led_phrases, phrases

NAME: Final = r"[A-ZÅÄÖ][a-zåäöé]{1,20}"
"""A player's name as a text writes it, starting with a capital letter."""
_LETTERS_FREE: Final = 2
"""How many last letters of a name its case may change."""
_SHORTEST: Final = 3
"""How many first letters two names of one player share at least."""


def _pair(first: str, second: str) -> str:
    return rf"(?<!\w)(?P<{first}>{NAME})\s+{AND}\s+(?P<{second}>{NAME})(?!\w)"


def _between() -> re.Pattern[str]:
    """The teams parted by the word of playing against: "A and B play against C and D"."""
    against = phrases("against").pattern
    return re.compile(
        rf"{_pair('a', 'b')}\s+(?:[^\W\d]+\s+){{0,2}}?(?:{against})\s+{_pair('c', 'd')}"
    )


def _after() -> re.Pattern[str]:
    """The word of playing against after both teams: "A ja B pelaavat C ja D vastaan"."""
    against = phrases("against").pattern
    return re.compile(
        rf"{_pair('a', 'b')}\s+(?:[^\W\d]+\s+){{0,2}}?{_pair('c', 'd')}\s+(?:{against})"
    )


_CASE_ENDING: Final = r"(?::(?:lla|llä|lle|n))?"
"""The Finnish case endings a label may carry where it still names the team that holds,
gets or wins: "pari A:lla on 8" (has), "pari A:lle 13 pistettä" (to), "pari A:n pisteet"
(its). Endings of "from" ("pari B:ltä", "pari B:stä") are not read: the team they name is
not the one a claim is about."""
LABEL: Final = rf"(?i:{alternatives('team_label')})\s+(?:[A-ZÅÄÖ]|\d){_CASE_ENDING}(?!\w|:\w)"
"""A team named by a letter or a number, in a case maybe: "Team A", "pari 1", "lag B",
"pari A:lla"."""


def label_mark(label: str) -> str:
    """The letter or number a label names its team by: "Team A" → "A", "pari A:lla" →
    "A"."""
    return label.split()[-1].split(":")[0]


def _labelled(first: str, second: str, label: str) -> str:
    """A team's label and its two partners: "Team A (Anna and Cecilia)", "lag B: Ben och
    Dan"."""
    return rf"(?P<{label}>{LABEL})\s*[:(]?\s*{_pair(first, second)}\s*\)?"


def _labelled_teams() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Teams named by a label and their partners, the word of playing against between
    them or after both: "Team A (Anna and Cecilia) plays against team B (Ben and Dan)"."""
    against = phrases("against").pattern
    one, other = _labelled("a", "b", "la"), _labelled("c", "d", "lc")
    words = r"\s+(?:[^\W\d]+\s+){0,2}?"
    return (
        re.compile(rf"{one}{words}(?:{against})\s+{other}"),
        re.compile(rf"{one}{words}{other}\s+(?:{against})"),
    )


_TEAMS: Final = (_between(), _after(), *_labelled_teams())
_THREE: Final = 3
_PLAYERS: Final = re.compile(
    rf"(?<!\w){NAME}(?:\s*,\s*{NAME})*\s+{AND}\s+{NAME}\s+(?:[^\W\d]+\s+){{0,2}}?"
    rf"(?:{alternatives('play_game')})(?!\w)"
)
"""A list of players who play a game: "Anna, Ben and Eve played", "Aino, Eero ja Oona
pelasivat"."""
_TARGET: Final = re.compile(
    led_phrases(
        "target",
        then=rf"\s+\d{{2,3}}\s*{POINT_WORDS}\b",
        digits=(r"\d", rf"\d{{1,2}}\s+(?:{alternatives('target')})"),
    ),
    re.IGNORECASE,
)
"""A target of points a match is played to: "to 100 points", "100 pisteeseen". The
characters it can start with come first, taken as written, for the engine to skip to
(``vocabulary.led_words``)."""
_TARGET_SEEN: Final = re.compile(rf"\d\d\d?\s*(?i:{POINT_WORDS}|{alternatives('target')})")
"""What every target of points holds (``_TARGET``): two or three digits, then a word for
points or of a target ("100 points", "100 pisteeseen"). It starts with a digit, found as
fast as a character, where ``_TARGET`` is tried at every "t", "e" and "n" of a text."""


def names_target(sentence: str) -> bool:
    """Whether ``sentence`` names a target of points (``_TARGET``), searched for only in
    a sentence with what every target holds (``_TARGET_SEEN``)."""
    return _TARGET_SEEN.search(sentence) is not None and _TARGET.search(sentence) is not None


def _stem(name: str) -> str:
    """A name with its double letters taken as one, in one case: "Mattia" → "matia"."""
    return re.sub(r"(\w)\1", r"\1", name.casefold())


def same_player(one: str, other: str) -> bool:
    """Whether two names are one player's, each maybe in another case ("Liisaa",
    "Liisalla")."""
    a, b = _stem(one), _stem(other)
    shared = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    return a == b or shared >= max(_SHORTEST, min(len(a), len(b)) - _LETTERS_FREE)


@dataclass(frozen=True, slots=True)
class Teams:
    """The two teams of a game named in prose, each two partners' names as written."""

    first: tuple[str, str]
    second: tuple[str, str]
    scored: bool = False
    """Whether the text plays the team game to a target of points (a scored match)."""
    labels: tuple[str, str] | None = None
    """The letters or numbers the text names the two teams by ("Team A", "Team B": "A"
    and "B"), if it does."""
    doubted: bool = False
    """Whether a sentence since began a new game or deal without naming its teams, so
    that the claims after it may be of another game (they are not checked as the
    team game's)."""

    def team_of(self, name: str) -> tuple[str, str] | None:
        """The team whose player ``name`` is (in any case), if one is."""
        found = [
            team for team in (self.first, self.second) if any(same_player(name, p) for p in team)
        ]
        return found[0] if len(found) == 1 else None

    def labelled(self, label: str) -> tuple[str, str] | None:
        """The team named by ``label`` ("team A", "paria A": its letter or number), if one is."""
        if self.labels is None:
            return None
        mark = label_mark(label)
        teams = zip((self.first, self.second), self.labels, strict=True)
        return next((team for team, own in teams if own == mark), None)

    def plays(self, names: Iterable[str]) -> bool:
        """Whether ``names`` are the four players of the teams, each once."""
        listed = list(names)
        players = (*self.first, *self.second)
        return len(listed) == len(players) and all(
            sum(same_player(name, player) for name in listed) == 1 for player in players
        )

    def other(self, team: tuple[str, str]) -> tuple[str, str]:
        """The team that plays against ``team``."""
        return self.second if team == self.first else self.first

    def names_a_player(self, text: str) -> bool:
        """Whether ``text`` names one of the four players."""
        return any(self.team_of(word) is not None for word in re.findall(NAME, text))

    def spoken_of(self, text: str) -> bool:
        """Whether ``text`` speaks of the team game: it names one of the four players, or
        teams ("his team", "laget"); every text does when the teams' players are not named
        (``UNNAMED``: any award may be a team's)."""
        if not any(self.first):
            return True
        return self.names_a_player(text) or phrases("team").search(text) is not None


_AGAINST: Final = phrases("against")
"""A word of playing against, which every sentence naming teams has (``_TEAMS``)."""
_TEAM: Final = phrases("team")
"""A word of teams ("pareittain", "his team")."""


def named_teams(sentence: str) -> Teams | None:
    """The teams ``sentence`` names as playing against each other, if it does."""
    if not _AGAINST.search(sentence):
        return None
    for pattern in _TEAMS:
        match = pattern.search(sentence)
        if match is not None:
            scored = names_target(sentence)
            second = (match["c"], match["d"])
            if pattern in (_TEAMS[1], _TEAMS[3]):  # "… Mattia ja Liisaa vastaan": partitive
                second = (_nominative(match["c"]), _nominative(match["d"]))
            labelled = "la" in pattern.groupindex
            labels = (label_mark(match["la"]), label_mark(match["lc"])) if labelled else None
            return Teams((match["a"], match["b"]), second, scored, labels)
    return None


def _nominative(name: str) -> str:
    """A Finnish name in the partitive, as the players against are named ("Mattia ja
    Liisaa vastaan"), in its own form, for a report to say: "Mattia" → "Matti", "Liisaa"
    → "Liisa", "Tuomasta" → "Tuomas". (Either form is the same player.)"""
    if re.search(r"[aeiouyäö][aä]$", name):
        return name[:-1]
    return name[:-2] if re.search(r"[^aeiouyäö]t[aä]$", name) else name


class TargetsSaid:
    """Where a text names a target of points ("to 100 points"), found once as its
    sentences are read in order: each sentence of teams asks whether its section names
    one before it, and the text before it is searched once in all, not again for each
    (a leaflet of many sentences of teams would be searched over and over). Only where
    a target stands in the part asked about is that part read again, for the words that
    end a game of teams."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._spans: list[tuple[int, int]] = []
        self._searched = 0

    def since_teams_ended(self, start: int, end: int) -> bool:
        """Whether ``text[start:end]`` names a target after its last words that end a
        game of teams."""
        if end > self._searched:
            if _TARGET_SEEN.search(self.text, self._searched, end):  # else no target there
                found = _TARGET.finditer(self.text, self._searched, end)
                self._spans.extend(match.span() for match in found)
            self._searched = end
        first = bisect.bisect_left(self._spans, (start, start))
        if first == len(self._spans) or self._spans[first][1] > end:
            return False
        return _TARGET.search(_since_teams_ended(self.text[start:end])) is not None


def teams_after(
    sentence: str, teams: Teams | None, section: tuple[TargetsSaid, int, int] | None = None
) -> Teams | None:
    """The teams in play after ``sentence``: those it names (scored when their section
    named a target before them, since the last sentence that ended a game of teams,
    "# Our match to 100 points": ``section`` is the text's targets, where the section
    starts in it and where the sentence does), else none once it begins a game without
    the teams (``ends_teams``), else the teams in play before it, doubted from a sentence
    on that begins a new game or deal without naming its teams ("Then we played a new
    game"; a new deal only where one round decides), scored from one that plays their
    game to a target ("We play to 100 points")."""
    named = named_teams(sentence)
    if named is not None:
        said = section is not None and section[0].since_teams_ended(section[1], section[2])
        return replace(named, scored=True) if said else named
    if teams is None:
        return _unnamed(sentence, section)
    if ends_teams(sentence, teams):
        return None
    new = phrases("new_game") if teams.scored else phrases("new_game", "new_deal")
    if new.search(sentence):
        return replace(teams, doubted=True)
    if not teams.scored and names_target(sentence):
        return replace(teams, scored=True)
    return teams


def newly_named(before: Teams | None, after: Teams | None) -> bool:
    """Whether ``after``, the teams in play after a sentence, are teams it named anew, not
    those in play before it."""
    if after is None:
        return False
    return before is None or (after.first, after.second) != (before.first, before.second)


UNNAMED: Final = Teams(("", ""), ("", ""), scored=True)
"""The teams of a match to a target whose players the text does not name ("we play in
teams of two, to 100 points"): their points are listed as not checked, never judged as
a game each for themselves, nor as the partnership game that scores none."""
_REACH: Final = 4000
"""How far before a sentence of teams a target of points is looked for in its section."""


def _unnamed(sentence: str, section: tuple[TargetsSaid, int, int] | None) -> Teams | None:
    """``UNNAMED`` when ``sentence`` speaks of teams ("pareittain", "lag mot lag", "his
    team") in a match played to a target, said in it or before it in its section."""
    if _TEAM.search(sentence) is None:
        return None
    if names_target(sentence):
        return UNNAMED
    if section is None:
        return None
    targets, start, end = section
    return UNNAMED if targets.since_teams_ended(max(start, end - _REACH), end) else None


def ends_teams(sentence: str, teams: Teams) -> bool:
    """Whether ``sentence`` begins a game without the teams: the players play each for
    themselves again ("each for themselves", "var för sig", "omaan laskuunsa"), a game of
    other than four ("a game of three", "kolmestaan", "tre spelare"), or a list of players
    who play ("Anna, Ben and Eve played …") that are not the teams' four: a player new
    to the text, or three of the four."""
    if phrases("each_alone", "other_players").search(sentence):
        return True
    listed = _PLAYERS.search(sentence)
    if listed is None or phrases("negation", "nobody_played").search(sentence):
        return False
    names = re.findall(NAME, listed[0])
    new = any(teams.team_of(name) is None for name in names)
    return new or (len(names) == len(set(names)) == _THREE and not teams.plays(names))


def _since_teams_ended(text: str) -> str:
    """The part of ``text`` after its last words that end a game of teams."""
    ended = [match.end() for match in phrases("each_alone", "other_players").finditer(text)]
    return text[ended[-1] :] if ended else text
