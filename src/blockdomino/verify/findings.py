"""What a check finds, as data: each ``Finding`` a kind and its values, worded through the
catalogs (``verify.*``) in any language; an ``ExampleReport`` the verdict on one description."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from babel.lists import format_list as _babel_format_list
from babel.numbers import format_decimal

from blockdomino.engine.chain import Chain, Join, OpenEnd, Side
from blockdomino.engine.tiles import Tile
from blockdomino.words.i18n import format_list, parse_lang, translate
from blockdomino.words.text import (
    CLAUSE_SEPARATOR,
    ITEM_SEPARATOR,
    describe_end,
    describe_join,
    side_name,
)


class Problem(enum.Enum):
    """What can be wrong with a description or a file; each value is its catalog key."""

    UNPARSED = "verify.finding.unparsed"
    TRUNCATED = "verify.finding.truncated"
    NOT_A_TILE = "verify.finding.not_a_tile"
    TILE_LISTED_TWICE = "verify.finding.tile_listed_twice"
    TILE_PLACED_TWICE = "verify.finding.tile_placed_twice"
    TILE_NOT_JOINED = "verify.finding.tile_not_joined"
    TILE_NOT_LISTED = "verify.finding.tile_not_listed"
    ORDER_MISMATCH = "verify.finding.order_mismatch"
    NOT_YET_PLACED = "verify.finding.not_yet_placed"
    BRANCH = "verify.finding.branch"
    SIDE_NOT_FREE = "verify.finding.side_not_free"
    NO_SUCH_SIDE = "verify.finding.no_such_side"
    NUMBERS_MISMATCH = "verify.finding.numbers_mismatch"
    DOUBLE_JOINS_LINE_A = "verify.finding.double_joins_line_a"
    NOT_LEGAL = "verify.finding.not_legal"
    MISSING_CONTINUATION = "verify.finding.missing_continuation"
    WRONG_NUMBER = "verify.finding.wrong_number"
    CONTINUATION_TWICE = "verify.finding.continuation_twice"
    NOT_CANONICAL = "verify.finding.not_canonical"
    CHAIN_NO_JOIN = "verify.chain.no_join"
    CHAIN_TILE_TWICE = "verify.chain.tile_twice"
    CHAIN_BRANCH = "verify.chain.branch"
    CHAIN_LENGTHWISE = "verify.chain.lengthwise"
    CHAIN_NO_END = "verify.chain.no_end"
    CLAIM_ENDS = "verify.claim.ends"
    CLAIM_PIPS = "verify.claim.pips"
    CLAIM_SUM = "verify.claim.sum"
    CLAIM_POINTS = "verify.claim.points"
    CLAIM_TIE = "verify.claim.tie"
    CLAIM_NOT_TIE = "verify.claim.not_tie"
    CLAIM_UNSCORED = "verify.claim.unscored"
    CLAIM_ROUND_WINNER = "verify.claim.round_winner"
    CLAIM_ROUND_TIE = "verify.claim.round_tie"
    CLAIM_TEAM_WINNER = "verify.claim.team_winner"
    CLAIM_TEAM_TIE = "verify.claim.team_tie"
    CLAIM_PARTNER_WINNER = "verify.claim.partner_winner"
    CLAIM_TEAM_OUT_WINNER = "verify.claim.team_out_winner"
    CLAIM_LABEL_WINNER = "verify.claim.label_winner"
    CLAIM_LABEL_TIE = "verify.claim.label_tie"
    CLAIM_TEAM_UNSCORED = "verify.claim.team_unscored"
    CLAIM_TEAM_POINTS = "verify.claim.team_domino_points"
    CLAIM_TEAM_BLOCKED_POINTS = "verify.claim.team_blocked_points"
    CLAIM_TEAM_DRAWN_POINTS = "verify.claim.team_drawn_points"
    CLAIM_TEAM_SCORER = "verify.claim.team_scorer"
    TABLE_RUNNING_TOTAL = "verify.table.running_total"
    TABLE_MATCH_OVER = "verify.table.match_over"
    TABLE_COLUMN_TOTAL = "verify.table.column_total"
    TABLE_TILE_TWICE = "verify.table.tile_in_two_hands"
    TABLE_MATCH_WINNER = "verify.table.match_winner"
    TABLE_MATCH_UNDECIDED = "verify.table.match_undecided"
    TABLE_MATCH_DRAWN = "verify.table.match_drawn"
    RULE_DRAW = "verify.rule.draw"
    RULE_SPINNER = "verify.rule.spinner"
    RULE_ROUNDING = "verify.rule.rounding"
    RULE_CLOCKWISE = "verify.rule.clockwise"
    RULE_ANTICLOCKWISE = "verify.rule.anticlockwise"
    RULE_BLOCKED_WINNER = "verify.rule.blocked_winner"
    RULE_TIE_BROKEN = "verify.rule.tie_broken"
    FILE_MISSING = "verify.input.missing"
    FILE_UNREADABLE = "verify.input.unreadable"
    FILE_TOO_LARGE = "verify.input.too_large"
    FILE_UNDECODABLE = "verify.input.undecodable"
    NO_EXAMPLES = "verify.input.no_examples"
    FILE_RTF = "verify.input.rtf"
    FILE_OLE = "verify.input.ole"
    FILE_DAMAGED = "verify.input.damaged"
    FILE_UNPACKED_TOO_LARGE = "verify.input.unpacked_too_large"
    FILE_UNKNOWN_PACKAGE = "verify.input.unknown_package"
    FILE_PASSWORD = "verify.input.password"
    FILE_TOO_MANY_PAGES = "verify.input.too_many_pages"
    FILE_NO_TEXT = "verify.input.no_text"
    FILE_NEEDS_COMMAND = "verify.input.needs_command"

    @property
    def kind(self) -> str:
        """The short name machines read: ``"numbers_mismatch"``."""
        return self.value.rsplit(".", 1)[1]


class Expect(enum.Enum):
    """A value the reader looked for where the text has something else."""

    TILE = "verify.expected.tile"
    NUMBER = "verify.expected.number"


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing wrong (or, for the listing order, unusual) in an example, as data.

    ``values`` holds tiles, sides, joins, open ends, numbers and quoted text; ``message``
    words them in a language.
    """

    problem: Problem
    values: Mapping[str, object]

    @property
    def kind(self) -> str:
        """The short name machines read: ``"numbers_mismatch"``."""
        return self.problem.kind

    @property
    def is_warning(self) -> bool:
        """Only a continuation order other than the canonical one is a mere warning."""
        return self.problem is Problem.NOT_CANONICAL

    def message(self, lang: str = "en") -> str:
        """This finding in words."""
        words = {name: _word(value, lang) for name, value in self.values.items()}
        return translate(self.problem.value, parse_lang(lang), **words)

    def to_json(self, lang: str) -> dict[str, object]:
        """The finding for machines, with its message in ``lang``."""
        found = next((self.values[name] for name in _FOUND if name in self.values), None)
        if found is None and "chain_number" in self.values:
            found = self.values["number"]
        expected = next((self.values[name] for name in _EXPECTED if name in self.values), None)
        return {
            "kind": self.kind,
            "severity": "warning" if self.is_warning else "error",
            "message": self.message(lang),
            "found": _plain(found),
            "expected": _plain(expected),
            "values": {name: _plain(value) for name, value in self.values.items()},
        }


_FOUND: Final = ("claimed", "shown", "found", "given", "sum")
"""The values that say what the text has (the first one there)."""
_EXPECTED: Final = ("actual", "expected", "canonical", "chain_number")
"""The values that say what it should have."""

SAME_KIND_SHOWN: Final = 3
"""The most findings of one kind a report on one example shows; the rest are counted."""


def _finding(problem: Problem, **values: object) -> Finding:
    return Finding(problem, values)


class GameName(str):
    """A kind of game that scores no points (a preset's name, ``"partnership"``) in a
    finding: machines read the name, a reader the game named in words of its language."""

    __slots__ = ()


_GAME_WORDS: Final = {
    "block": "verify.game.block",
    "draw": "verify.game.draw",
    "partnership": "verify.game.partnership",
}
"""The catalog key that names each game that scores no points, as a finding says it."""


def _word(value: object, lang: str) -> str:
    """A finding's value in words: tiles as ``[1|4]``, sides, joins and ends as described."""
    if isinstance(value, Side):
        return side_name(value, lang)
    if isinstance(value, GameName):
        return translate(_GAME_WORDS[value], lang)
    if isinstance(value, Join):
        return describe_join(value, lang)
    if isinstance(value, OpenEnd):
        return describe_end(value, lang)
    if isinstance(value, tuple):
        return _word_all(value, lang)
    return str(value)


def _word_all(values: tuple[object, ...], lang: str) -> str:
    """Tiles joined as a description lists them; sides as a list; alternatives with "or"."""
    if all(isinstance(value, Tile) for value in values):
        return ITEM_SEPARATOR.join(str(value) for value in values)
    if all(isinstance(value, OpenEnd) for value in values):
        return CLAUSE_SEPARATOR.join(_word(value, lang) for value in values)
    if all(isinstance(value, int) for value in values):
        return format_list(values, lang)
    if all(isinstance(value, Side) for value in values):
        return format_list((_word(value, lang) for value in values), lang)
    alternatives = [
        translate(value.value, lang)
        if isinstance(value, Expect)
        else translate("verify.expected.text", lang, text=value)
        for value in values
    ]
    return str(_babel_format_list(alternatives, style="or", locale=lang))


def _plain(value: object) -> object:
    """A finding's value for JSON."""
    if isinstance(value, Side):
        return value.value
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, Expect):
        return {"value": value.name.lower()}
    if isinstance(value, Join | OpenEnd):
        return {name: _plain(part) for name, part in value._asdict().items()}
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class ExampleReport:
    """The verdict on one chain description of a document.

    ``line`` is where the description starts (from 1); ``document_lang`` the language its
    keywords are in; ``lang`` the language ``message`` uses unless told otherwise.
    ``chain`` is the chain rebuilt by legal play, when every join could be made.
    """

    line: int
    document_lang: str
    lang: str
    findings: tuple[Finding, ...]
    chain: Chain | None
    kind: str = "description"
    """``"description"`` (the words ``describe`` writes), ``"line"`` (tiles in a row) or
    ``"claim"`` (a claim in the prose)."""
    text: str = ""
    """What was checked, quoted from the text (one line, shortened)."""

    @property
    def ok(self) -> bool:
        """The example checks: no finding other than a warning."""
        return not self.errors

    @property
    def errors(self) -> tuple[Finding, ...]:
        """The findings that make the example wrong."""
        return tuple(finding for finding in self.findings if not finding.is_warning)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        """The findings that only point out an unusual order."""
        return tuple(finding for finding in self.findings if finding.is_warning)

    def message(self, lang: str | None = None, *, where: str | None = None) -> str:
        """The verdict in words, one line per finding: "Rivi 12: kunnossa."

        ``where`` replaces the line label, e.g. with ``"rules.md:12"``.
        """
        lang = parse_lang(lang or self.lang)
        where = where or translate("verify.report.line", lang, line=self.line)
        if not self.findings:
            return translate("verify.report.ok", lang, where=where)
        shown, more = self.shown
        lines = [
            translate(
                "verify.report.warning" if finding.is_warning else "verify.report.error",
                lang,
                where=where,
                message=finding.message(lang),
            )
            for finding in shown
        ]
        if more:
            count = format_decimal(more, locale=lang)
            lines.append(translate("verify.report.more", lang, where=where, count=count))
        return "\n".join(lines)

    @property
    def shown(self) -> tuple[tuple[Finding, ...], int]:
        """The findings a report shows (at most ``SAME_KIND_SHOWN`` of each kind, so a
        description repeating one mistake 100 000 times gives a short report) and how
        many more there are."""
        counts: Counter[Problem] = Counter()
        shown = []
        for finding in self.findings:
            counts[finding.problem] += 1
            if counts[finding.problem] <= SAME_KIND_SHOWN:
                shown.append(finding)
        return tuple(shown), len(self.findings) - len(shown)

    def __str__(self) -> str:
        return self.message()

    def to_json(self, lang: str | None = None) -> dict[str, object]:
        """The verdict for machines, messages in ``lang`` (default: the report's)."""
        lang = lang or self.lang
        return {
            "line": self.line,
            "kind": self.kind,
            "text": self.text,
            "language": self.document_lang,
            "ok": self.ok,
            "chain": None if self.chain is None else [str(tile) for tile in self.chain.tiles],
            "findings": [finding.to_json(lang) for finding in self.shown[0]],
            "more_findings": self.shown[1],
        }


@dataclass(frozen=True, slots=True)
class Unchecked:
    """Something that looks like an example but is not one the verifier can check: where,
    what it saw (quoted), and why it left it."""

    line: int
    text: str
    reason: str
    """A catalog key: ``verify.unchecked.*``."""
    detail: Finding | None = None
    """What the example shows, when it is shown wrong on purpose."""

    def message(self, lang: str) -> str:
        """Why it was not checked, quoting what was seen."""
        lang = parse_lang(lang)
        if self.detail is None:
            return translate(self.reason, lang, text=self.text)
        return translate(self.reason, lang, text=self.text, finding=self.detail.message(lang))

    def to_json(self, lang: str) -> dict[str, object]:
        shown = {} if self.detail is None else {"finding": self.detail.to_json(lang)}
        return {
            "line": self.line,
            "text": self.text,
            "reason": self.reason.rsplit(".", 1)[1],
            "message": self.message(lang),
            **shown,
        }
