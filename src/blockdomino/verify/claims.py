"""Claims in prose beside the examples, read sentence by sentence and checked.

A leaflet says in words what its chains and hands give, and those words can be wrong
while the chain beside them is right. Three kinds of claim are read, in fi, sv and en:

- **Open ends**: "päihin voi liittää silmäluvut 1 ja 4", "de öppna ändarna är 2 och 5",
  "the ends are 2 and 5": the two numbers must be the numbers at the two open ends of
  the chain the sentence speaks of: an example on the same line, else the nearest one
  within ``REACH`` lines (when two are as near, the one before it, or the one after it
  when the sentence ends with a colon), never one beyond the claim's own example.
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

import bisect
import functools
import re
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Final

from blockdomino.engine.chain import Chain
from blockdomino.engine.tiles import Tile
from blockdomino.verify.chains import tiles_in
from blockdomino.verify.findings import ExampleReport, Finding, Problem, Unchecked, _finding
from blockdomino.verify.first_person import REASON as WE
from blockdomino.verify.first_person import TeamTold, first_person, told_as_team
from blockdomino.verify.hands import HandClaim, hand_claims, untied_count
from blockdomino.verify.headings import Outline, Sections
from blockdomino.verify.label_winners import label_winner
from blockdomino.verify.numbers import AND, NUMBER_AHEAD, NUMBER_LED, SMALL, number
from blockdomino.verify.order import play_on
from blockdomino.verify.places import LineCounter
from blockdomino.verify.prose_rules import Game, rule_claims, rule_triggered
from blockdomino.verify.reading import QUOTE_LENGTH
from blockdomino.verify.scores import Verdict, points_verdict
from blockdomino.verify.sentences import Sentence
from blockdomino.verify.team_points import TeamVerdict, team_points
from blockdomino.verify.teams import TargetsSaid, Teams, newly_named, teams_after
from blockdomino.verify.vocabulary import phrases, stems
from blockdomino.verify.winners import Won, round_winner

REACH: Final = 2
"""How many lines away an open-ends claim may be from the chain it speaks of."""
_TEAM_PRESET: Final = "partnership"
"""The preset of the team game, which scores no points at all: points claimed in it are
wrong, as ``scores`` says, not left unchecked."""
_SENTENCES_REMEMBERED: Final = 4096
"""Distinct sentences whose claims are remembered as read: a document repeats its
sentences (a caption beside each example), and what a sentence claims depends on its
words alone; what it is checked against is looked up each time."""

_ENDS_WORD: Final = phrases("ends")
"""A word for the open ends: every claim of ends has one, so a sentence without one is
read no further for them."""
_ENDS: Final = re.compile(
    rf"{_ENDS_WORD.pattern}\b[^.!?;\n\[\]]{{0,40}}?"
    rf"(?<![\d,]\s)(?<![\d,])\b(?P<a>{SMALL})\s+{AND}\s+(?P<b>{SMALL})\b(?!\s*,?\s*\d)",
    re.IGNORECASE,
)
"""Two numbers named as the open ends: "päihin voi liittää silmäluvut 1 ja 4", "the
open ends are 1 and 2, so …" (but not two of a longer list: "1, 2 ja 3")."""
_TWO_ENDS: Final = re.compile(
    rf"{NUMBER_AHEAD}(?<![\d,]\s)(?<![\d,])\b(?:{SMALL})\s+{AND}\s+(?:{SMALL})\b(?!\s*,?\s*\d)",
    re.IGNORECASE,
)
"""The two numbers of ``_ENDS`` alone, found faster: a sentence without them after its
word for the open ends is not searched for a claim of them."""
_ENDS_SAID: Final = re.compile(
    rf"{_ENDS_WORD.pattern}\b[^.!?;\n\[\]\d]{{0,40}}\b[0-6]\b(?![|\]])", re.IGNORECASE
)
"""Open ends named with a number the reader cannot read as two ends: "both ends show
6"; not checked. (``_ENDS`` and this start with the word for the open ends as
``_ENDS_WORD`` finds it, led by its first letters taken as written, which the engine
skips to.)"""
_AND_WORD: Final = phrases("and")
"""A word for "and", which every claim of two open ends has between its numbers: found as
fast as a character (``vocabulary.phrases``), where ``_TWO_ENDS`` is tried at every
place; a sentence without one after its word for the open ends claims no two of them."""
_HALF: Final = re.compile(r"[0-6]")
"""A digit a half of a tile can show, which ``_ENDS_SAID`` names: a sentence without one
after its word for the open ends is not searched for it."""
_DIGIT: Final = re.compile(r"\d")
_WINS: Final = phrases("wins", "team_wins")
"""A word of winning: every winner of a round the readers find is named with one
(``round_winner`` asks for one first, ``label_winner`` finds one after the team's label),
so a sentence without one is read for no winner, searched for it once."""


def quoted(text: str) -> str:
    """A sentence as a report quotes it: one line, at most ``QUOTE_LENGTH`` × 2 characters."""
    words = " ".join(text.split())
    limit = 2 * QUOTE_LENGTH
    return words if len(words) <= limit else words[: limit - 1] + "…"


class _Neighbours:
    """The examples of a text by line, to find the one beside a claim."""

    def __init__(self, reports: Sequence[ExampleReport]) -> None:
        self.reports = sorted(reports, key=lambda report: report.line)
        self.lines = [report.line for report in self.reports]

    def nearest(self, line: int, introduces: bool = False) -> list[ExampleReport]:
        """The examples an open-ends claim on ``line`` may speak of: the one on that line,
        else the nearest ones within ``REACH`` lines (one before and one after it when
        both are as near: the following one first when the claim ``introduces`` it, its
        sentence ending with a colon, else the one before). The nearest example is the
        claim's own even when it has no chain to check against (an example wrong on
        purpose, a list of tiles in the order they were played): the claim is then not
        checked, never checked against an example further off."""
        low = bisect.bisect_left(self.lines, line - REACH)
        high = bisect.bisect_right(self.lines, line + REACH)
        near = self.reports[low:high]
        if not near:
            return []
        distance = min(abs(report.line - line) for report in near)
        tied = [report for report in near if abs(report.line - line) == distance]
        ordered = sorted(tied, key=lambda report: (report.line < line) == introduces)
        return [report for report in ordered if report.chain is not None and report.chain.tiles]


def _ends(chain: Chain) -> tuple[int, ...]:
    return tuple(sorted(end.pips for end in chain.open_ends))


def _ends_verdict(
    claimed: tuple[int, ...], near: Sequence[ExampleReport]
) -> tuple[Finding | None, Chain] | None:
    """What is wrong with open ends claimed beside the examples ``near``, and the chain
    they are checked against. Right if they are the ends of any correct one of them
    (two chains as near: the author meant one); else wrong for the first, if it is
    correct; ``None`` (not checked) if it is wrong, its fault reported already."""
    for report in near:
        if report.ok and report.chain is not None and _ends(report.chain) == claimed:
            return None, report.chain
    first = near[0] if near else None
    if first is None or not first.ok or first.chain is None:
        return None
    chain = first.chain
    finding = _finding(
        Problem.CLAIM_ENDS, claimed=claimed, actual=_ends(chain), chain=tuple(chain.tiles)
    )
    return finding, chain


def _after_played(near: Sequence[ExampleReport], played: tuple[Tile, ...]) -> list[ExampleReport]:
    """The examples a claim may speak of, after the tiles its sentence plays on them
    ("Then [2|1] went on the two, so the ends were 1 and 6"): a tile already in the
    chain is the chain's own; an example that cannot take the others, each at an end it
    fits with one outcome, is left out (the claim is then not checked against it)."""
    found = []
    for report in near:
        chain = report.chain
        if chain is None or not report.ok:
            found.append(report)
            continue
        new = tuple(tile for tile in played if tile not in chain.tiles)
        after = play_on(chain, new) if new else None
        if after is None:
            found.append(report)
        elif not after.findings and after.chain is not None:
            found.append(replace(report, chain=after.chain))
    return found


def _ends_claims(
    sentence: Sentence, line: int, neighbours: _Neighbours
) -> tuple[list[tuple[int, Finding | None, Chain | None, str]], list[Unchecked]]:
    """Each open-ends claim of a sentence: its line, what is wrong (if anything), and the
    chain; a claim with no chain beside it is not checked."""
    claims, said = _ends_said(sentence.text)
    if not claims and said is None:  # most sentences: no open ends named
        return [], []
    found: list[tuple[int, Finding | None, Chain | None, str]] = []
    unchecked: list[Unchecked] = []
    for offset, claimed, words in claims:
        at = sentence.line(line, offset)
        introduces = sentence.text.rstrip().endswith(":")
        before = "".join((*sentence.run_on[-1:], sentence.text[:offset]))
        near = _after_played(neighbours.nearest(at, introduces), tiles_in(before))
        verdict = _ends_verdict(claimed, near)
        if verdict is None:
            unchecked.append(Unchecked(at, words, "verify.unchecked.ends"))
            continue
        found.append((at, *verdict, words))
    if not found and not unchecked and said is not None:
        at = sentence.line(line, said)
        unchecked.append(Unchecked(at, quoted(sentence.text), "verify.unchecked.ends_unread"))
    return found, unchecked


@functools.lru_cache(maxsize=_SENTENCES_REMEMBERED)
def _ends_said(text: str) -> tuple[tuple[tuple[int, tuple[int, ...], str], ...], int | None]:
    """The open ends a sentence claims, each where it stands, with the two numbers and
    its words quoted; and where it names open ends with a number read as no two ends."""
    first = _ENDS_WORD.search(text)
    if first is None:
        return (), None
    pair = _AND_WORD.search(text, first.start()) and _TWO_ENDS.search(text, first.start())
    claims = tuple(
        (match.start(), tuple(sorted((number(match["a"]), number(match["b"])))), quoted(match[0]))
        for match in (_ENDS.finditer(text, first.start()) if pair else ())  # from a word for ends
    )
    said = _HALF.search(text, first.start()) and _ENDS_SAID.search(text, first.start())
    return claims, None if said is None else said.start()


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


@functools.lru_cache(maxsize=_SENTENCES_REMEMBERED)
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
    neighbours = _Neighbours(examples)
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
            ends, not_tied = _ends_claims(sentence, line, neighbours)
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
