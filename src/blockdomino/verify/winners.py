"""Who wins a blocked round, as a story names the winner.

"Anna has 5 pips left, Ben 3 and Cecilia 8. Ben wins the round." A blocked round is
won by the one player alone with the lowest hand; when two or more share it, nobody
wins (RULES.md, in every preset). A sentence that names a winner ("Ben wins", "Ville
voittaa", "Alva vann") is checked against the counts of pips the same sentence or the
two before it give each player by name: "NAME has N" ("Ainolla on 5", "Alva har 5"),
then "NAME N" after a comma or "and". The round must be told as blocked there (the
words of ``vocabulary``: "blocked", "nobody could play"), and its counts be of pips.

A Finnish name is written in its case ("Villellä on 3", "Ville voittaa"), so a name is
the same player as another that starts with it. Where the sentences name fewer than two
players, or the winner is none of them, nothing is checked.

In a team game (the ``partnership`` preset, words of teams in the sentences, or two
partners named as the winners: "Anna and Cecilia win") a blocked round is won by the
team with the lower sum of both partners' hands; equal sums: the round is drawn. It is
checked when the winners are named as two partners and the sentences give all four
players' pips by name; any other winner of a team game is listed as not checked, since
the partners of a player named alone are not known.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from blockdomino.verify.findings import Finding, Problem, _finding
from blockdomino.verify.numbers import AND, PIP_WORDS
from blockdomino.verify.teams import NAME, Teams, same_player
from blockdomino.verify.vocabulary import phrases

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
        rf"(?<!\w)(?P<name>{NAME})\s+(?:{holds})\s+(?:[^\W\d]+\s+){{0,2}}?(?P<count>\d{{1,2}})\b"
        rf"(?![|\]\-:])"
        rf"|(?:,|\b{AND}\b)\s+(?P<next>{NAME})\s+(?P<next_count>\d{{1,2}})\b(?![|\]\-:])",
    )


_HOLDS: Final = _holds_pattern()


def _winner_pattern() -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)(?P<name>{NAME})\s+(?:{phrases('wins').pattern})")


_WINNER: Final = _winner_pattern()


def _partners_pattern() -> re.Pattern[str]:
    return re.compile(
        rf"(?<!\w)(?P<name>{NAME})\s+{AND}\s+(?P<partner>{NAME})\s+"
        rf"(?:{phrases('team_wins', 'we_won_named').pattern})"
    )


_PARTNERS: Final = _partners_pattern()
"""Two partners named as the winners: "Anna and Cecilia win", "Aino ja Eero voittavat"
(and, named for "we", "Aino ja Eero voitimme": ``first_person.told_as_team``)."""


@dataclass(frozen=True, slots=True)
class Won:
    """A sentence naming who wins a blocked round: where, what is wrong (``None``: it is
    right), and whether it could be checked at all."""

    at: int
    finding: Finding | None
    checked: bool = True
    reason: str = "verify.unchecked.team_winner"
    """Why it was not checked, a catalog key."""


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
    before: Sequence[str], sentence: str, rules: str, teams: Teams | None = None
) -> Won | None:
    """What ``sentence`` claims of who wins a blocked round, if it names a winner (``None``
    when it names none this reader can tie to a blocked round). ``before`` are the
    sentences before it, which may give the players' pips; ``teams`` those of a team game
    named before them, whose rules judge the round when its four players hold the hands."""
    if not phrases("wins", "team_wins", "we_won_named").search(sentence):
        return None
    partners = _PARTNERS.search(sentence)
    named = partners or _WINNER.search(sentence)
    if named is None:
        return None
    context = " ".join((*before, sentence))
    if not _PIPS.search(context) or not phrases("blocked", "nobody_played").search(context):
        return None
    hands = held(" ".join(before)) + held(sentence)
    if teams is not None and teams.doubted and teams.names_a_player(context):
        return Won(named.start(), None, False, "verify.unchecked.team_doubted")
    if teams is not None and teams.plays(hand.name for hand in hands):
        return _named_team_winner(named, partners, hands, teams)
    if partners is not None or rules == _TEAM_PRESET or phrases("team").search(context):
        return _team_winner(partners, named.start(), hands)
    return _lowest_hand(named, hands)


def _lowest_hand(named: re.Match[str], hands: list[Held]) -> Won | None:
    """The one player alone with the lowest hand wins; on a tie for it, nobody."""
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
        return Won(named.start(), tie)
    if _same(least[0].name, name):
        return Won(named.start(), None)
    wrong = _finding(Problem.CLAIM_ROUND_WINNER, named=name, winner=least[0].name, total=lowest)
    return Won(named.start(), wrong)


def _team_winner(partners: re.Match[str] | None, at: int, hands: list[Held]) -> Won:
    """The team with the lower sum of both partners' hands wins; equal sums, nobody.
    Checked only with the winners named as two partners and all four hands given."""
    names = [hand.name for hand in hands]
    if partners is None or len(hands) != 4 or len(set(names)) != 4:
        return Won(at, None, checked=False)
    first, second = partners["name"], partners["partner"]
    team = [hand for hand in hands if _same(hand.name, first) or _same(hand.name, second)]
    if len(team) != 2 or _same(first, second):
        return Won(at, None, checked=False)
    ours = sum(hand.pips for hand in team)
    theirs = sum(hand.pips for hand in hands) - ours
    if ours < theirs:
        return Won(at, None)
    problem = Problem.CLAIM_TEAM_TIE if ours == theirs else Problem.CLAIM_TEAM_WINNER
    return Won(at, _finding(problem, first=first, second=second, ours=ours, theirs=theirs))


def _named_team_winner(
    named: re.Match[str], partners: re.Match[str] | None, hands: list[Held], teams: Teams
) -> Won:
    """The team with the lower sum of both partners' hands wins the blocked round, the
    teams as the text named them. A partner named alone ("Anna wins") is not wrong when
    the team wins, yet the round is the team's: it is listed as not checked."""
    team = teams.team_of(named["name"])
    both = partners is not None
    if team is None or (partners is not None and teams.team_of(partners["partner"]) != team):
        return Won(named.start(), None, checked=False)
    ours = sum(hand.pips for hand in hands if any(same_player(hand.name, p) for p in team))
    theirs = sum(hand.pips for hand in hands) - ours
    first, second = team
    if ours < theirs:
        if both:
            return Won(named.start(), None)
        return Won(named.start(), None, checked=False, reason="verify.unchecked.partner_winner")
    if both:
        problem = Problem.CLAIM_TEAM_TIE if ours == theirs else Problem.CLAIM_TEAM_WINNER
        return Won(
            named.start(), _finding(problem, first=first, second=second, ours=ours, theirs=theirs)
        )
    partner = second if same_player(named["name"], first) else first
    wrong = _finding(
        Problem.CLAIM_PARTNER_WINNER, named=named["name"], partner=partner, ours=ours, theirs=theirs
    )
    return Won(named.start(), wrong)
