"""Points claimed in a sentence, checked against the rules of a preset.

Placing a tile never scores; at the end of a round the hands' pips are counted. A
sentence may work points out ("7 + 8 − 3 = 12"), award them ("dominoaja saa 8 pistettä",
"hyvitys on 10", "the winner scores 10 points") or say that nobody scores ("3, 3 ja 8
eivät tuota hyvitystä"). What is checked:

- arithmetic is right;
- with hand totals listed ("Summilla 3, 7 ja 8") the round is a blocked one: the points
  must be what ``engine.scoring.score`` gives (the one alone with the lowest total gets
  the others' totals minus their own once; equal lowest totals: nobody scores);
- without them, the hands the sentence names ("[0|0] ja toiselle 8 silmää", "molemmille
  vastustajille jää 5 silmää", "both" counting twice) are the opponents' hands after a
  domino: the points are their pips added;
- in a preset that scores no points (``block``, ``draw``) no points are awarded at all.

A sentence that awards points without naming hands the reader finds is not checked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from blockdomino.engine.errors import RulesError
from blockdomino.engine.rules import Rules
from blockdomino.engine.scoring import score
from blockdomino.engine.tiles import Tile
from blockdomino.verify.findings import Finding, GameName, Problem, _finding
from blockdomino.verify.hands import HandClaim
from blockdomino.verify.lexicon import words
from blockdomino.verify.numbers import (
    AND,
    NUMBER,
    NUMBER_AHEAD,
    NUMBER_FIRST,
    NUMBER_LED,
    PIP_WORDS,
    POINT_STEM,
    POINT_WORDS,
    number,
)
from blockdomino.verify.vocabulary import alternatives, first_letters, phrases, stems

MINUS: Final = "−"
"""The minus sign a worked sum is written with."""

_HINT: Final = stems("=", "pist", "poäng", "point", "hyvity", "score", "award")
"""A piece of a word every sentence about points has, inside a word too: the first,
quick test (found as fast as a character: ``vocabulary.stems``)."""
_ARITHMETIC: Final = re.compile(
    r"(?<![\d|\[])(\d{1,3})((?:\s*[+\-−–]\s*\d{1,3})+)\s*=\s*(\d{1,3})(?![\d|\]])"
)
_PIPS_AFTER: Final = re.compile(rf"\s*{PIP_WORDS}\b", re.IGNORECASE)
"""A pip word just after a worked sum: it adds the pips of a hand ("3 + 4 + 6 = 13
pips"), and awards no points."""
_TERM: Final = re.compile(r"([+\-−–])\s*(\d{1,3})")
_AWARD: Final = re.compile(
    rf"(?=[{first_letters('award', 'award_noun')}{NUMBER_FIRST}])"
    rf"(?:(?:{phrases('award').pattern})(?:\s+[^\W\d]+){{0,5}}?"
    rf"\s+(?P<verb>{NUMBER})\s*{POINT_WORDS}\b"
    rf"|\b(?P<first>{NUMBER})\s*{POINT_WORDS}\s+(?:{alternatives('goes_to')})\b"
    rf"|\b(?:{alternatives('award_noun')})\s+(?:{alternatives('award_is')})\s+"
    rf"(?P<noun>{NUMBER})\b)",
    re.IGNORECASE,
)
"""Points awarded: "dominoaja saa 8 pistettä", "10 points go to Anna", "hyvitys on 10".
The letters its words start with come first, for the engine to look for."""
_AWARD_WORDS: Final = phrases("award", "goes_to", "award_noun")
"""A word every award has (its verb, what ties its points to a player, or its noun): a
sentence without one is not searched for an award."""
_SAID_POINTS: Final = re.compile(rf"{NUMBER_LED}\s*{POINT_WORDS}\b", re.IGNORECASE)
"""A number of points: "12 pistettä", "tolv poäng" (led by the characters a number
starts with, which the engine skips to: ``NUMBER_LED``)."""
_NOUN_AWARD: Final = re.compile(
    rf"\b(?:{alternatives('award_noun')})\s+(?:{alternatives('award_is')})\s+{NUMBER}\b",
    re.IGNORECASE,
)
"""An award said with its noun and figure ("hyvitys on 10"): with a number of points
(``_SAID_POINTS``), what every award (``_AWARD``) has."""
_AWARD_NOUN: Final = phrases("award_noun")
"""The noun of ``_NOUN_AWARD``, found as fast as a character: a sentence without one is
not searched for an award said with its noun."""
_OF_HANDS: Final = re.compile(rf"\[\s*[0-6]\s*\|\s*[0-6]\s*\]|\b{PIP_WORDS}\b|summ", re.IGNORECASE)
"""Points named in a sentence the reader finds no award in, beside hands (tiles, pips,
totals): the sentence is not checked. (Points alone, "a match to 100 points", are no
claim about a round.)"""
_NO_AWARD: Final = re.compile(
    rf"(?=[{first_letters('no_award')}])\b(?:{alternatives('no_award')})\b", re.IGNORECASE
)
_TOTALS: Final = re.compile(
    rf"(?=\d)(?<![\d|\[+\-−–])(\d{{1,3}}(?:\s*,\s*\d{{1,3}})+)\s*,?\s+{AND}\s+(\d{{1,3}})\b"
    r"(?!\s*[|\]+\-−–=])",
    re.IGNORECASE,
)
_BOTH: Final = rf"\b(?:{alternatives('both')})\b"
_COUNT: Final = re.compile(
    rf"(?=[{NUMBER_FIRST}{first_letters('both')}])(?P<both>{_BOTH}[^.!?\d\[]{{0,40}})?"
    rf"(?P<others>(?:(?<![|\[\d])\b{NUMBER}\s*,\s*)*(?<![|\[\d])\b{NUMBER}\s+{AND}\s+(?:[^\W\d]+\s+)?)?"
    rf"\b(?P<count>{NUMBER})\s*{PIP_WORDS}\b",
    re.IGNORECASE,
)
_PIP_WORD: Final = re.compile(rf"{PIP_WORDS}\b", re.IGNORECASE)
"""A word for pips, which every count of a hand's pips ends with: a sentence without
one is not searched for counts."""
_NUMBER: Final = re.compile(rf"{NUMBER_AHEAD}\b{NUMBER}\b", re.IGNORECASE)
_ARTICLES: Final = frozenset(word for words in words("articles").values() for word in words)
_ELLIPTIC: Final = re.compile(
    rf"{NUMBER_AHEAD}(?<![\d|\[+\-−–=])(?<![+\-−–=]\s)\b(?P<count>{NUMBER})\b"
    rf"(?=\s*(?:[,.;:)]|$|(?:{alternatives('so')})))",
    re.IGNORECASE,
)
"""A count said without its word for pips after another count that has it, ending its
clause: "Ben har 5 prickar kvar och Cecilia har 8, så …"."""
_NAME: Final = re.compile(r"\b([A-ZÅÄÖ][a-zåäö]{1,20})\W*$")
"""A name just before an award: "… so Kim scores 7 points"."""
_TILE: Final = re.compile(r"\[\s*([0-6])\s*\|\s*([0-6])\s*\]")
_BLOCKED: Final = re.compile(
    r"lukkiutu|lukossa|pienin|låst|blockera|lägst|blocked|lowest", re.IGNORECASE
)


DEFAULT_RULES: Final = "match"
"""The preset claims are checked against when neither ``--rules`` nor the document tells."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What came of the points a sentence claims: ``checked`` unless the reader could not
    tell which hands they are for; the findings of what is wrong."""

    checked: bool
    at: int
    """Where in the sentence the claim starts."""
    findings: list[Finding] = field(default_factory=list)
    reason: str = "verify.unchecked.points"
    """Why it was not checked, a catalog key."""


@dataclass(frozen=True, slots=True)
class Claimed:
    """Points a sentence awards: where the claim starts, how many, and the name just
    before the award ("… so Kim scores 7 points"), if there is one."""

    at: int
    points: int
    scorer: str | None


def _award(text: str, said: re.Match[str] | None) -> re.Match[str] | None:
    """The points ``text`` awards (``_AWARD``), searched for only in a sentence with a word
    of an award and a number of points (``said``: ``_SAID_POINTS`` searched once for the
    sentence) or an award's noun and figure, which every award has (the slower search is
    then made in few sentences). An award's noun is one of its words: without a number of
    points, the sentence is searched for the noun alone."""
    if said is None:
        if _AWARD_NOUN.search(text) is None or _NOUN_AWARD.search(text) is None:
            return None
    elif not _AWARD_WORDS.search(text):
        return None
    return _AWARD.search(text)


def _said_points(text: str, hint: re.Match[str]) -> re.Match[str] | None:
    """The first number of points ``text`` names (``_SAID_POINTS``), searched for only in a
    sentence with a word for points, looked for from the first piece of a word about
    points (``hint``, ``_HINT``'s: every word for points starts with one)."""
    return None if POINT_STEM.search(text, hint.start()) is None else _SAID_POINTS.search(text)


def claimed_award(text: str) -> Claimed | None:
    """The points ``text`` awards a round's winner, as an award ("Ben scores 13 points",
    "13 points go to …") or as what a worked sum of points makes ("8 + 5 = 13 points"; a
    sum of pips awards nothing); ``None`` when it awards none, or speaks of the whole
    match ("won the match with 104 points"). A noun's figure ("the score is 29") may be
    a running score, not a round's award: ``None`` too."""
    hint = _HINT.search(text)
    if hint is None or phrases("match_won").search(text):
        return None
    sums = list(_ARITHMETIC.finditer(text)) if "=" in text else []
    worked = next((match for match in sums if not _PIPS_AFTER.match(text, match.end())), None)
    award = _award(text, _said_points(text, hint))
    if award is not None and award["noun"] is not None:
        return None
    if award is not None:
        points = number(award["verb"] or award["first"])
        scorer = _NAME.search(text, 0, award.start())
        return Claimed(award.start(), points, None if scorer is None else scorer[1])
    if worked is not None:
        return Claimed(worked.start(), int(worked[3]), None)
    return None


def points_verdict(text: str, claims: Sequence[HandClaim], rules: str) -> Verdict | None:
    """The verdict on the points ``text`` claims (``None`` when it claims none), by the
    rules of the preset ``rules``; each hand whose pips it counts (``claims``) is one
    hand, of the pips its tiles really have."""
    hint = _HINT.search(text)
    if hint is None:
        return None
    sums = list(_ARITHMETIC.finditer(text)) if "=" in text else []
    pip_sums = [match for match in sums if _PIPS_AFTER.match(text, match.end())]
    arithmetic = next((match for match in sums if match not in pip_sums), None)
    said = _said_points(text, hint)
    award = _award(text, said)
    totals = _TOTALS.search(text) if "," in text else None
    stated = arithmetic is not None or award is not None or totals is not None
    nothing = _NO_AWARD.search(text) if stated else None  # alone, it claims nothing
    findings = [finding for match in pip_sums if (finding := _wrong_sum(match)) is not None]
    if arithmetic is None and award is None and (nothing is None or totals is None):
        if pip_sums:
            return Verdict(True, pip_sums[0].start(), findings)
        if said is None or not _OF_HANDS.search(text):
            return None
        return Verdict(False, said.start())
    at = min(match.start() for match in (arithmetic, award, nothing, totals) if match is not None)
    claimed: int | None = None
    worked: tuple[tuple[tuple[int, ...], tuple[int, ...]], int] | None = None
    if arithmetic is not None:
        worked = _terms(arithmetic)
        claimed = int(arithmetic[3])
        wrong = _wrong_sum(arithmetic)
        findings.extend(() if wrong is None else (wrong,))
    elif award is not None:
        claimed = number(award["verb"] or award["first"] or award["noun"])
    if claimed and phrases("team").search(text):
        unscored = _finding(Problem.CLAIM_UNSCORED, claimed=claimed, rules=GameName("partnership"))
        return Verdict(True, at, [*findings, unscored])
    if totals is not None:
        given = (*(int(part) for part in totals[1].split(",")), int(totals[2]))
        checked = _blocked(given, claimed, worked, rules)
    else:
        taken = [match.span() for match in (award, *sums) if match is not None]
        scorer = None if award is None else _NAME.search(text, 0, award.start())
        checked = _domino(text, (claims, taken), claimed, rules, scorer=scorer)
    if checked is None:
        return Verdict(arithmetic is not None or bool(pip_sums), at, findings)
    return Verdict(True, at, [*findings, *checked])


def _wrong_sum(match: re.Match[str]) -> Finding | None:
    """What is wrong with a worked sum ("7 + 8 − 3 = 12"), if its arithmetic is wrong."""
    value = _terms(match)[1]
    if value == int(match[3]):
        return None
    return _finding(Problem.CLAIM_SUM, sum=_spaced(match[0]), actual=value)


def _terms(match: re.Match[str]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], int]:
    """The added and subtracted terms of a worked sum, and what it makes."""
    added = [int(match[1])]
    subtracted: list[int] = []
    for sign, value in _TERM.findall(match[2]):
        (added if sign == "+" else subtracted).append(int(value))
    return (tuple(sorted(added)), tuple(sorted(subtracted))), sum(added) - sum(subtracted)


def _spaced(text: str) -> str:
    return " ".join(text.split())


def _rules(name: str, players: int) -> Rules | None:
    try:
        return Rules.preset(name, None if name == "partnership" else players)
    except RulesError:
        return None


def _unscored(rules: Rules, claimed: int | None) -> list[Finding] | None:
    """In a preset that scores no points, points claimed are wrong."""
    if rules.scored or not claimed:
        return None
    return [_finding(Problem.CLAIM_UNSCORED, claimed=claimed, rules=GameName(rules.name))]


def _blocked(
    totals: tuple[int, ...],
    claimed: int | None,
    worked: tuple[tuple[tuple[int, ...], tuple[int, ...]], int] | None,
    name: str,
) -> list[Finding] | None:
    """The points of a blocked round with these totals against those claimed; a worked
    sum (its terms and what it makes) must add the rules' terms, whatever its result."""
    rules = _rules(name, len(totals))
    if rules is None or len(totals) != rules.players:
        return None
    unscored = _unscored(rules, claimed)
    if unscored is not None or not rules.scored:
        return unscored or []
    result = score(rules, totals)
    if result.award is None:
        if claimed:
            return [_finding(Problem.CLAIM_TIE, totals=totals, claimed=claimed)]
        return []
    added = tuple(total for _, total in result.award.added)
    subtracted = tuple(total for _, total in result.award.subtracted)
    sides = f"{' + '.join(map(str, added))} {MINUS} {' + '.join(map(str, subtracted))}"
    expected = f"{sides} = {result.award.points}"
    if claimed is None:
        return [_finding(Problem.CLAIM_NOT_TIE, totals=totals, expected=expected)]
    terms = (tuple(sorted(added)), tuple(sorted(subtracted)))
    if (claimed if worked is None else worked[1]) != result.award.points or (
        worked is not None and worked[0] != terms
    ):
        return [_finding(Problem.CLAIM_POINTS, claimed=claimed, expected=expected)]
    return []


_Said = tuple[Sequence[HandClaim], Sequence[tuple[int, int]]]
"""The counts of pips a sentence gives for hands, and where it awards points."""


def _domino(
    text: str, said: _Said, claimed: int | None, name: str, *, scorer: re.Match[str] | None
) -> list[Finding] | None:
    """The points after a domino, the opponents' hands named in ``text``, against those
    claimed; ``None`` when the sentence names no hands or speaks of a blocked round.
    ``scorer``: the name awarded, if the sentence gives one; if that player still holds
    one of the hands, nobody went out and the hands are those of a blocked round. With
    no name and no word of going out or of the opponents ("dominoaja", "den som går ut",
    "vastustajille jää"), points a blocked round would give are not called wrong either."""
    hands, totals, used = _hands(text, *said)
    if claimed is None or not hands:
        return None
    blocked = scorer is not None and _holds_a_hand(text, scorer)
    if blocked and not totals and not _unread_number(text, used):
        return _blocked(tuple(hands), claimed, None, name)
    if blocked or _BLOCKED.search(text):
        return None
    rules = _rules(name, min(len(hands) + 1, 4))
    if rules is None:
        return None
    unscored = _unscored(rules, claimed)
    if unscored is not None or not rules.scored:
        return unscored or []
    points = sum(hands)
    if claimed in (points, points + sum(totals)):
        return []
    if _unread_number(text, used) or (
        scorer is None
        and not phrases("went_out", "opponents").search(text)
        and _blocked(tuple(hands), claimed, None, name) == []
    ):
        return None
    expected = f"{' + '.join(map(str, hands))} = {points}" if len(hands) > 1 else str(points)
    return [_finding(Problem.CLAIM_POINTS, claimed=claimed, expected=expected)]


def _holds_a_hand(text: str, scorer: re.Match[str]) -> bool:
    """Whether the name awarded ("… so Kim scores 7 points") is named before it with a
    count or tiles at most two words on ("Kim has 2 pips", "Kimillä on 2 silmää", "Kim
    held [1|2]"): the scorer still holds tiles, so the round was blocked. ("Kim went
    out, …" holds nothing.)"""
    holds = rf"\b{scorer[1]}\w*\s+(?:[^\W\d]+\s+){{0,2}}(?:\d|\[)"
    return re.search(holds, text[: scorer.start()]) is not None


def _unread_number(text: str, used: Sequence[tuple[int, int]]) -> bool:
    """Whether ``text`` has a number that was read as no hand, no award and no sum: the
    sentence may name a hand the reader missed ("Eero had 16 and Lisa 20 pips"), so
    points that differ from the hands read are not called wrong. "One", "en", "ett" and
    "yksi" are also articles, and not counted."""
    return any(
        match[0].lower() not in _ARTICLES
        and not any(start <= match.start() < end for start, end in used)
        for match in _NUMBER.finditer(text)
    )


def _hands(
    text: str, claims: Sequence[HandClaim], awards: Sequence[tuple[int, int]]
) -> tuple[list[int], list[int], list[tuple[int, int]]]:
    """The pips of each hand ``text`` names: tiles written next to each other are one
    hand; "8 silmää" is a hand of 8 pips, twice over after "both", and so is a number
    ending its clause after such a count ("… och Cecilia har 8, så …"), unless it is the
    points awarded (``awards``); a hand whose pips the text counts ("[4|4] and [1|2]
    (11 pips)") is one hand, of its tiles' pips. Apart: the counts that add up the tiles
    just before them (see ``_totals``). Also where in ``text`` the hands, the awards and
    the sums were read."""
    found = [(claim.start, claim.pips, False) for claim in claims]
    used = [*awards, *((claim.start, claim.end) for claim in claims)]

    def claimed(position: int) -> bool:
        return any(claim.start <= position < claim.end for claim in claims)

    previous_end = -1
    for match in _TILE.finditer(text):
        if claimed(match.start()):
            continue
        pips = Tile(int(match[1]), int(match[2])).pips
        joined = previous_end >= 0 and text[previous_end : match.start()].strip(" ,") in ("", "+")
        if joined:
            found[-1] = (found[-1][0], found[-1][1] + pips, True)
        else:
            found.append((match.start(), pips, True))
        previous_end = match.end()
        used.append(match.span())
    counting = _COUNT.finditer(text) if _PIP_WORD.search(text) else ()
    counted = [match for match in counting if not claimed(match.start("count"))]
    if counted:
        taken = [*awards, *(match.span() for match in (*counted, *_TILE.finditer(text)))]
        elliptic = [
            match
            for match in _ELLIPTIC.finditer(text, counted[0].end())
            if not claimed(match.start())
            and not any(start <= match.start() < end for start, end in taken)
        ]
        found.extend((match.start(), number(match["count"]), False) for match in elliptic)
        used.extend(match.span() for match in (*counted, *elliptic))
    for match in counted:
        counts = [*_NUMBER.findall(match["others"] or ""), match["count"]]
        found.extend(
            (match.start("count"), number(count), False)
            for count in counts
            for _ in range(2 if match["both"] else 1)
        )
    totals = _totals(sorted(found))
    hands = [pips for position, pips, _ in sorted(found) if position not in totals]
    return hands, list(totals.values()), used


def _totals(found: Sequence[tuple[int, int, bool]]) -> dict[int, int]:
    """The counts (by position) that add up the tiles named just before them: "[1|3] and
    [0|5], that makes 4 + 5 = 9 pips" is one hand of 9 pips, or two hands and their sum,
    never three hands. A hand's own count read with its tiles ("(9 pips)") is no total."""
    totals: dict[int, int] = {}
    run = 0
    for position, pips, tile in found:
        if tile:
            run += pips
            continue
        if run and pips == run:
            totals[position] = pips
        run = 0
    return totals
