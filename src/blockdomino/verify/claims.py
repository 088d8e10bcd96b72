"""Claims in prose beside the examples, read sentence by sentence and checked.

A leaflet says in words what its chains and hands give, and those words can be wrong
while the chain beside them is right. Three kinds of claim are read, in fi, sv and en:

- **Open ends** (``open_ends``): "päihin voi liittää silmäluvut 1 ja 4", "the ends are 2
  and 5": the ends of the chain the sentence speaks of.
- **Pips in a hand** (``hands``): "[4|4] och [1|2] kvar, 12 prickar", "[6|6] on 12 ja
  [0|0] nolla", "11 pips in [4|4] and [1|2]": the tiles' pips added (both halves of
  every tile).
- **Points** (``scores``): arithmetic ("7 + 8 − 3 = 12") must be right, and the points a
  sentence awards must be what the rules give for the hands it names.

Numbers are written in digits or as words up to twelve (``numbers``). A sentence that
claims something the reader cannot tie to a chain or to hands (points with no hands, a
count of pips with no tiles it belongs to) is listed as not checked, never as an error.
"""

from __future__ import annotations

import functools
import re
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Final

from blockdomino.verify.findings import ExampleReport, Finding, Problem, Unchecked
from blockdomino.verify.first_person import REASON as WE
from blockdomino.verify.first_person import TeamTold, first_person, told_as_team
from blockdomino.verify.hands import HandClaim, hand_claims, untied_count
from blockdomino.verify.headings import Outline, Sections
from blockdomino.verify.label_winners import label_winner
from blockdomino.verify.numbers import NUMBER_LED
from blockdomino.verify.open_ends import Neighbours, ends_claims
from blockdomino.verify.places import LineCounter
from blockdomino.verify.prose_rules import Game, rule_claims, rule_triggered
from blockdomino.verify.reading import quoted
from blockdomino.verify.scores import Verdict, points_verdict
from blockdomino.verify.sentences import SENTENCES_REMEMBERED, Sentence
from blockdomino.verify.team_points import TeamVerdict, team_points
from blockdomino.verify.teams import TargetsSaid, Teams, newly_named, teams_after
from blockdomino.verify.vocabulary import phrases, stems
from blockdomino.verify.winners import Won, round_winner

_TEAM_PRESET: Final = "partnership"
"""The preset of the team game, which scores no points at all: points claimed in it are
wrong, as ``scores`` says, not left unchecked."""

_DIGIT: Final = re.compile(r"\d")
_WINS: Final = phrases("wins", "team_wins")
"""A word of winning: every winner of a round the readers find is named with one
(``round_winner`` asks for one first, ``label_winner`` finds one after the team's label),
so a sentence without one is read for no winner, searched for it once."""


def _hands_and_points(
    sentence: Sentence, line: int, rules: str, team: TeamVerdict | bool = False
) -> tuple[list[tuple[int, tuple[Finding, ...]]], list[Unchecked]]:
    """The claims of a sentence about hands and points, as one report (its line and what
    is wrong), and what in it could not be checked: points not tied to hands, points in
    a team game named in the text (``team``: judged by ``team_points``, or ``True``
    when it awards none that reader finds), a count of pips not tied to tiles, and a
    wrong count or award in a sentence run on from a line with numbers (it may count
    them too)."""
    hands = sentence.hands
    points, untied = _points_said(sentence.text, hands, rules)
    if points is None and not hands and not untied:  # most sentences: nothing claimed
        return [], []
    points = _of_team(points, team) if team else points
    starts = [claim.start for claim in hands[:1]] + ([points.at] if points is not None else [])
    at = sentence.line(line, min(starts, default=0))
    unchecked: list[Unchecked] = []
    if points is not None and not points.checked:
        unchecked.append(Unchecked(at, quoted(sentence.text), points.reason))
    elif untied:
        unchecked.append(Unchecked(at, quoted(sentence.text), "verify.unchecked.pips"))
    if not hands and (points is None or not points.checked):
        return [], unchecked
    found = tuple(claim.finding for claim in hands if claim.finding is not None)
    found = (*found, *(points.findings if points is not None else ()))
    if found and any(_DIGIT.search(line) for line in sentence.run_on):
        joined = _run_on_findings(sentence, rules, team)
        if joined is None:
            reason = "verify.unchecked.points" if points is not None else "verify.unchecked.pips"
            return [], unchecked or [Unchecked(at, quoted(sentence.text), reason)]
        found = joined
    return [(at, found)], unchecked


def _run_on_findings(
    sentence: Sentence, rules: str, team: TeamVerdict | bool
) -> tuple[Finding, ...] | None:
    """What is wrong with the hands and points of a sentence read with the lines it runs
    on from, which may hold the tiles or counts it adds up ("Anna [4|4]" on one line,
    "Ben [1|2], so Cy scores 11 points" on the next); ``None`` when so read it claims
    nothing that can be checked."""
    text = "".join((*sentence.run_on, sentence.text))
    hands = hand_claims(text)
    points, _ = _points_said(text, hands, rules)
    points = _of_team(points, team) if team else points
    if not hands and (points is None or not points.checked):
        return None
    found = tuple(claim.finding for claim in hands if claim.finding is not None)
    return (*found, *(points.findings if points is not None else ()))


def _of_team(points: Verdict | None, team: TeamVerdict | bool) -> Verdict | None:
    """Points claimed in a team game named in the text: judged by the partnership rules
    (``team_points``), the arithmetic of a worked sum by its own; where ``team_points``
    found no award, only a worked sum's arithmetic is checked (a wrong one is reported,
    a right one says nothing of the award)."""
    if points is None:
        return None
    worked = [finding for finding in points.findings if finding.problem is Problem.CLAIM_SUM]
    if isinstance(team, TeamVerdict):
        checked = team.checked or bool(worked)
        return Verdict(checked, team.at, [*worked, *team.findings], team.reason)
    return Verdict(bool(worked), points.at, worked, "verify.unchecked.team_points")


@functools.lru_cache(maxsize=SENTENCES_REMEMBERED)
def _points_said(
    text: str, hands: tuple[HandClaim, ...], rules: str
) -> tuple[Verdict | None, bool]:
    """What a sentence claims of points (by the rules of the preset ``rules``), its
    ``hands`` counted as they are; and whether, claiming no points, it counts pips of
    tiles that no claim ties them to (with no hand read, only a tile in brackets can be
    such a tile: a sentence without a bracket is not searched for one)."""
    points = points_verdict(text, hands, rules)
    untied = points is None and (bool(hands) or "[" in text) and untied_count(text, hands)
    return points, untied


_CLAIM_WORDS: Final = stems(
    *("[", "=", "päi", "pää", "prick", "pip", "pist", "poäng", "point", "silm", "scor"),
    *("ändar", "ends", "hyvity", "award"),
)
"""A piece of a word every claim of ends, pips or points has (or a tile's bracket, or
the equals sign of a sum), inside a word too, found as fast as a character
(``vocabulary.stems``): a sentence without one is read no further for them."""


_NUMBERED: Final = re.compile(NUMBER_LED, re.IGNORECASE)
"""A number at the start of a word, in digits or as a word (or a longer word it starts):
every claim of open ends, pips or points names one, so a sentence without one (nor a
digit anywhere) is read no further for them."""


def _may_count(text: str) -> bool:
    """Whether ``text`` may claim open ends, pips or points: it has a piece of a word
    every such claim has (``_CLAIM_WORDS``) and a number (``_NUMBERED``), both looked
    for once, before any reader of those claims searches it; a digit, found as fast as a
    character, is a number."""
    if _CLAIM_WORDS.search(text) is None:
        return False
    return _DIGIT.search(text) is not None or _NUMBERED.search(text) is not None


def _team_won(
    before: Sequence[str], told: TeamTold, preset: str, teams: Teams | None
) -> Won | None:
    """The win a sentence claims for the team it names after "we" (``told``: "We (Ben
    and Dan) won the round"), judged as that team's own claim, at its place in the
    sentence as written; ``None`` when it cannot be checked so."""
    won = round_winner(before, told.text, preset, teams) or label_winner(before, told.text, teams)
    if won is None or not won.checked:
        return None
    return replace(won, at=told.at(won.at))


def _points_of(
    before: Sequence[str], sentence: Sentence, line: int, game: tuple[str, Teams | None]
) -> tuple[list[tuple[int, tuple[Finding, ...]]], list[Unchecked]]:
    """The hands and points a sentence claims (``_hands_and_points``), on line ``line``,
    judged in the ``game`` in play (its preset, and the teams named in the text): a
    team game's points by ``team_points`` (``before``: the sentences before it)."""
    preset, teams = game
    team = teams is not None and preset != _TEAM_PRESET and teams.spoken_of(sentence.text)
    judged = team_points(before, sentence.text, teams) if teams and team else None
    return _hands_and_points(sentence, line, preset, judged or team)


def _team_scored(
    before: Sequence[str],
    said: tuple[Sentence, int],
    told: TeamTold,
    game: tuple[str, Teams | None],
) -> tuple[list[tuple[int, tuple[Finding, ...]]], list[Unchecked]] | None:
    """The hands and points a sentence (``said``: on its line) claims for the team it
    names after "we" (``told``), judged as the same sentence in the third person is in
    the ``game`` in play ("We (Ben and Dan) score 13 points" as "Ben and Dan score 13
    points"), its hands read anew; what is not checked so, with the reason the third
    person gives ("… does not say how the round ended"), quoted as written. ``None``
    when it claims no points that way (it is then read as told in the first person)."""
    sentence, line = said
    hands = hand_claims(told.scores)
    if _points_said(told.scores, hands, game[0])[0] is None:
        return None
    as_team = Sentence(sentence.start, told.scores, hands, sentence.run_on)
    report, left = _points_of(before, as_team, line, game)
    return report, [replace(item, text=quoted(sentence.text)) for item in left]


def claim_reports(
    text: str,
    prose: Iterable[Sentence],
    examples: Sequence[ExampleReport],
    rules: tuple[str, Game],
    lang: str,
    document_lang: str,
    sections: Sections | None = None,
    *,
    part: tuple[int, int | None] = (0, None),
) -> tuple[list[ExampleReport], list[Unchecked]]:
    """A report on every claim in ``prose`` (the sentences of ``text`` outside its
    descriptions, split once for every kind of claim), checked against the ``examples``
    beside it, the rules of the preset and the game the document describes (``rules``);
    and the claims that could not be checked. A heading (``sections``) ends the teams
    and the players' pips told before it; a sub-heading only the pips (``Outline``).

    With ``part`` only the claims of the sentences that start from its first place of
    the text up to its second (``None``: to the end) are read; the sentences before it
    are read for what a sentence carries ahead alone (the teams named, the section, the
    last two sentences), so that the parts' reports, joined, are the whole text's."""
    preset, game = rules
    lines = LineCounter(text)
    targets = TargetsSaid(text)
    neighbours = Neighbours(examples)
    reports: list[ExampleReport] = []
    unchecked: list[Unchecked] = []
    recent: deque[str] = deque(maxlen=2)
    teams: Teams | None = None
    section = 0  # where the section of the sentence starts
    outline = Outline(sections)
    first, end = part
    for sentence in prose:
        if end is not None and sentence.start >= end:
            break
        line = lines.at(sentence.start)
        heading, ended = outline.passed(line, sentence.line(line, -1))
        if ended:
            teams, section = None, sentence.start
        if heading:
            recent.clear()
        after = teams_after(sentence.text, teams, (targets, section, sentence.start))
        outline.teams(newly_named(teams, after), after is not None)
        teams = after
        before = tuple(recent)
        if sentence.run_on and recent:  # read with the lines it runs on from, as one
            recent[-1] = "".join((*sentence.run_on, sentence.text))
        else:
            recent.append(sentence.text)
        if sentence.start < first:
            continue
        we = first_person(sentence.text)
        told = told_as_team(sentence.text, teams)
        won = None if told is None else _team_won(before, told, preset, teams)
        team_told = won is not None  # "we (Ben and Dan) won": the team's own claim
        if won is None and we is None and _WINS.search(sentence.text):
            won = round_winner(before, sentence.text, preset, teams) or label_winner(
                before, sentence.text, teams
            )
        if won is not None:
            at = sentence.line(line, won.at)
            said = quoted(sentence.text)
            wins = () if won.finding is None else (won.finding,)
            if won.checked:
                reports.append(ExampleReport(at, document_lang, lang, wins, None, "claim", said))
            else:
                unchecked.append(Unchecked(at, said, won.reason))
        rules_said = rule_triggered(sentence.text)
        report: list[tuple[int, tuple[Finding, ...]]] = []
        left: list[Unchecked] = []
        scored: tuple[list[tuple[int, tuple[Finding, ...]]], list[Unchecked]] | None = None
        if _may_count(sentence.text):
            ends, not_tied = ends_claims(sentence, line, neighbours)
            reports.extend(
                ExampleReport(at, document_lang, lang, () if f is None else (f,), chain, "claim", q)
                for at, f, chain, q in ends
            )
            unchecked.extend(not_tied)
            report, left = _points_of(before, sentence, line, (preset, teams))
            if we is not None and told is not None:
                scored = _team_scored(before, (sentence, line), told, (preset, teams))
        if scored is not None:  # "we (Ben and Dan) score 13 points": the team's claim
            report, left = scored
        elif we is not None and not any(found for _, found in report):
            told_alone = team_told and not report  # a win, checked as the named team's
            said_we = Unchecked(sentence.line(line, we), quoted(sentence.text), WE)
            report, left = [], [] if told_alone else [said_we]
        reports.extend(
            ExampleReport(at, document_lang, lang, found, None, "claim", quoted(sentence.text))
            for at, found in report
        )
        unchecked.extend(left)
        for rule in rule_claims(sentence.text, preset, game) if rules_said else ():
            at = sentence.line(line, rule.at)
            said = quoted(sentence.text)
            if not rule.checked:
                unchecked.append(Unchecked(at, said, "verify.unchecked.rule"))
            elif rule.finding is not None:
                finding = (rule.finding,)
                reports.append(ExampleReport(at, document_lang, lang, finding, None, "claim", said))
    return reports, unchecked
