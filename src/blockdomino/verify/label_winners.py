"""Who wins a round of a team game, as a story names the winner by the team's label:
"Team A wins the round", "Pari A voittaa", "Lag A vinner".

After a round that a player of the teams went out of ("Ben went out. Team B wins"), the
team of that player wins it (``team_points.went_out``: the round told from the last
sentence that says how a round ended, not told as blocked as well).

A label names a team only where the text gave it with the team's two players ("Team A
(Anna and Cecilia) plays against team B (Ben and Dan)", ``teams``). Then the claim is
checked as two partners named as the winners (``winners``): the team with the lower sum
of both partners' hands wins the blocked round, equal sums draw it. The pips are those
the sentence and the two before it give each player or each team (``team_hands``:
"Team A has 8 pips left and team B 10"). A label the text never gave with its players
("Team A" in a text that names no teams, or names them without labels) is listed as not
checked, and so is a round whose hands are not all given.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from blockdomino.verify.findings import Problem, _finding
from blockdomino.verify.numbers import PIP_WORDS
from blockdomino.verify.team_hands import team_counts
from blockdomino.verify.team_points import went_out
from blockdomino.verify.teams import LABEL, Teams, same_player
from blockdomino.verify.vocabulary import first_letters, phrases
from blockdomino.verify.winners import Won

_LABEL_WINS: Final = re.compile(
    rf"(?=[{first_letters('team_label')}])(?<!\w)(?P<label>{LABEL})"
    rf"\s+(?:{phrases('wins', 'team_wins').pattern})"
)
"""A team named by its label as the winner: "Team A wins", "Pari A voittaa" (the first
letters of labels first, for the engine to look for)."""
_PIPS: Final = re.compile(rf"\b{PIP_WORDS}\b", re.IGNORECASE)
UNKNOWN_LABEL: Final = "verify.unchecked.team_label"
"""Why a winner named by a label the text never gave with its players is not checked."""


def label_winner(before: Sequence[str], sentence: str, teams: Teams | None) -> Won | None:
    """What ``sentence`` claims of the team that wins a blocked round, named by its label
    (``None`` when it names none, names the winner of a whole match, or the round is not
    told as blocked with its pips);
    ``before`` are the sentences before it, ``teams`` those in play."""
    named = _LABEL_WINS.search(sentence)
    if named is None or phrases("match_won").search(sentence):
        return None
    team = None if teams is None else teams.labelled(named["label"])
    if teams is not None and team is not None and not teams.doubted:
        out = went_out((*before, sentence), teams)
        if out is not None:
            return _after_domino(named, out, teams)
    told = " ".join((*before, sentence))
    if not _PIPS.search(told) or not phrases("blocked", "nobody_played").search(told):
        return None
    at = named.start()
    if teams is None or team is None:
        return Won(at, None, checked=False, reason=UNKNOWN_LABEL)
    if teams.doubted:
        return Won(at, None, checked=False, reason="verify.unchecked.team_doubted")
    counts = team_counts(told, teams)
    ours = None if counts is None else counts.sum_of(team)
    theirs = None if counts is None else counts.sum_of(teams.other(team))
    if ours is None or theirs is None:
        return Won(at, None, checked=False)
    if ours < theirs:
        return Won(at, None)
    problem = Problem.CLAIM_LABEL_TIE if ours == theirs else Problem.CLAIM_LABEL_WINNER
    first, second = team
    found = _finding(
        problem, named=named["label"], first=first, second=second, ours=ours, theirs=theirs
    )
    return Won(at, found)


def _after_domino(named: re.Match[str], out: str, teams: Teams) -> Won:
    """The team of the player who went out wins the round: the label named is right when
    it is that team's."""
    winners = teams.team_of(out)
    assert winners is not None  # ``went_out`` finds only the teams' players
    if teams.labelled(named["label"]) == winners:
        return Won(named.start(), None)
    first, second = winners
    dominoer = next(player for player in winners if same_player(out, player))
    wrong = _finding(
        Problem.CLAIM_TEAM_OUT_WINNER,
        named=named["label"],
        dominoer=dominoer,
        first=first,
        second=second,
    )
    return Won(named.start(), wrong)
