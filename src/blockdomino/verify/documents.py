"""Checking whole documents: find every description in a text, check each, report on files.

``verify_text`` finds every description, whatever surrounds it and however it is wrapped
(a Markdown quote's ``>`` included). Reading is linear in the length of the text: one
regular expression finds where descriptions start.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final

from blockdomino.engine.chain import Chain
from blockdomino.engine.errors import BlockdominoError
from blockdomino.verify.diagnosis import _check
from blockdomino.verify.findings import ExampleReport, Finding, Unchecked
from blockdomino.verify.headings import Sections, text_headings
from blockdomino.verify.language import document_language
from blockdomino.verify.parallel import read_prose
from blockdomino.verify.places import LineCounter
from blockdomino.verify.prose_parts import ProseRead
from blockdomino.verify.prose_rules import game_of
from blockdomino.verify.reading import (
    _GAP,
    QUOTE_LENGTH,
    _described,
    _grammar,
    _read_sentences,
    _ReadError,
    _words,
)
from blockdomino.verify.round_tables import name_table_reports
from blockdomino.verify.rules_line import document_rules
from blockdomino.verify.scores import DEFAULT_RULES
from blockdomino.verify.sentences import sentence_ends
from blockdomino.verify.table_teams import teams_at_tables
from blockdomino.verify.tables import find_tables, table_reports, table_spans
from blockdomino.verify.team_tables import team_table_reports
from blockdomino.words.i18n import LANGS, parse_lang, translate

OK: Final = 0
"""Exit status: every example checks."""
FAILED: Final = 1
"""Exit status: at least one example is wrong."""
UNUSABLE: Final = 2
"""Exit status: input that cannot be checked (missing, unreadable, no examples)."""
FALLBACK_LANGUAGE: Final = "en"
"""The language of a refusal when neither ``--lang`` nor the document's words tell one."""
MAX_FAILURES: Final = 1000
"""A file's failing examples reported before the search stops (garbage can hold millions)."""

_TILE_START: Final = re.compile(_GAP + r"\[")
_BRACKETED: Final = r"\[[ \t]*[0-6][ \t]*\|[ \t]*[0-6][ \t]*\]"
_PLAIN_RUN: Final = re.compile(
    rf"[ \t]*{_BRACKETED}(?:[ \t]*(?:,|→|⟶|->|=>|–|—|-)?[ \t]*{_BRACKETED})++[ \t]*\.?[ \t]*"
)
"""Two or more tiles parted by spaces, commas, arrows or dashes: a line of play in plain
notation, unless a description's joins follow. Possessive: what follows the tiles is all
optional, so the run never gives a tile back, and keeps no record of how to."""


@dataclass(frozen=True, slots=True)
class _Start:
    """How a description starts in one language: a tiles heading, or an empty chain's sentence."""

    pattern: re.Pattern[str]
    lang: str
    empty: bool


@functools.cache
def _starts() -> tuple[_Start, ...]:
    """Every way a description starts. Each pattern begins with a fixed word, which the
    regular expression engine finds by a fast substring search."""
    return tuple(
        _Start(re.compile(_words(text, leading_gap=False)), lang, empty)
        for lang in LANGS
        for text, empty in ((_grammar(lang).heading, False), (_grammar(lang).empty, True))
    )


_WORD_CHARACTER: Final = re.compile(r"\w")


class _Scanner:
    """The starts of descriptions in a text, in order.

    One search per way of starting, merged by position; a start inside a word
    ("Spelbrickor:") is no start.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.hits = [(start, start.pattern.search(text)) for start in _starts()]

    def next(self, position: int) -> tuple[_Start, re.Match[str]] | None:
        """The first start at or after ``position``."""
        while True:
            first: tuple[_Start, re.Match[str]] | None = None
            for index, (start, hit) in enumerate(self.hits):
                if hit is not None and hit.start() < position:
                    hit = start.pattern.search(self.text, position)
                    self.hits[index] = (start, hit)
                if hit is not None and (first is None or hit.start() < first[1].start()):
                    first = (start, hit)
            if first is None:
                return None
            at = first[1].start()
            if at == 0 or not _WORD_CHARACTER.match(self.text, at - 1):
                return first
            position = at + 1


def headings() -> tuple[str, ...]:
    """The words a description starts with, per language: "Laatat:", "Brickor:", "Tiles:"."""
    return tuple(_grammar(lang).heading for lang in LANGS)


_Verdict = tuple[tuple[Finding, ...], Chain | None, int]
"""The findings on a description, the chain it rebuilds to, and how much of the text it takes."""


def _examine(text: str, start: int, lang: str, verdicts: dict[str, _Verdict]) -> _Verdict:
    """Read and check the description at ``start``: findings, chain, where reading stopped.

    A document often repeats a description word for word; ``verdicts`` remembers each one
    checked, by its text (which starts with its heading, so it names its language too).
    """
    grammar = _grammar(lang)
    try:
        spans, end = _read_sentences(grammar, text, start)
    except _ReadError as stuck:
        return (stuck.finding,), None, stuck.position
    description = text[start:end]
    verdict = verdicts.get(description)
    if verdict is None:
        try:
            findings, chain = _check(_described(grammar, text, spans))
            verdict = findings, chain, end - start
        except _ReadError as stuck:
            verdict = (stuck.finding,), None, stuck.position - start
        verdicts[description] = verdict
    findings, chain, length = verdict
    return findings, chain, start + length


def verify_text(
    text: str,
    *,
    lang: str | None = None,
    max_failures: int | None = None,
    rules: str | None = None,
) -> tuple[ExampleReport, ...]:
    """A report on every example in ``text`` (chain descriptions and lines of play), in
    the order they appear.

    ``lang`` is the language the reports speak; by default the document's own (told from
    its words), else each description's. With ``max_failures`` the search for
    descriptions stops after that many failing ones. (``examine`` also checks the claims
    in its prose.)
    """
    return examine(text, lang=lang, max_failures=max_failures, rules=rules)[0]


def examine(
    text: str,
    *,
    lang: str | None = None,
    max_failures: int | None = None,
    rules: str | None = None,
    headings: Collection[int] | None = None,
    processes: int = 1,
) -> tuple[tuple[ExampleReport, ...], tuple[ExampleReport, ...], tuple[Unchecked, ...]]:
    """The reports on every example of ``text`` (descriptions, lines of play), on every
    claim in its prose, and what was seen but not checked, each in the order of the text.

    Claims are checked against the preset ``rules`` (by default the one the document
    names, else ``match``). ``headings`` are the lines (from 1) of the text that are
    headings, each the start of a section (by default the lines a plain text marks with
    "# "). When the search for descriptions stops at ``max_failures``, lines of play and
    claims are looked for only as far as it went. With ``processes`` 2 or more, the
    prose of a long text (hands, lines of play, stories, claims) is read in two processes
    (``parallel``), with the same report.
    """
    if lang is not None:
        parse_lang(lang)
    written = document_language(text)
    descriptions, spans = _descriptions(text, lang or written, max_failures)
    document_lang = written or lang or FALLBACK_LANGUAGE
    failures = sum(not report.ok for report in descriptions)
    stopped = max_failures is not None and failures >= max_failures
    searched = text[: spans[-1][1]] if stopped and spans else text
    speaks = lang or document_lang
    tables = find_tables(searched)
    rows = table_spans(tables)
    named = rules or document_rules(text)
    preset = named or DEFAULT_RULES
    game = game_of(text, preset, explicit=named is not None)
    sections = Sections(text_headings(text) if headings is None else headings)
    stops = sentence_ends(searched, [*spans, *rows])
    langs = (speaks, document_lang)
    reading = ProseRead(searched, spans, rows, stops, descriptions, (preset, game), langs, sections)
    prose = read_prose(reading, processes=processes)
    examples = sorted((*descriptions, *prose.lines), key=lambda report: report.line)
    by_names, tables_left = name_table_reports(searched, tables, preset, speaks, document_lang)
    at_tables = teams_at_tables(searched, tables, sections)
    by_teams, team_rows_left = team_table_reports(tables, speaks, document_lang, at_tables)
    tabled = (*table_reports(searched, tables, preset, speaks, document_lang), *by_names)
    claims = sorted((*prose.claims, *tabled, *by_teams), key=lambda report: report.line)
    left = sorted(
        (*prose.tiles_left, *prose.claims_left, *tables_left, *team_rows_left),
        key=lambda item: item.line,
    )
    return tuple(examples), tuple(claims), tuple(left)


def _descriptions(
    text: str, lang: str | None, max_failures: int | None
) -> tuple[tuple[ExampleReport, ...], list[tuple[int, int]]]:
    """A report on every chain description in ``text``, and where each lies."""
    spans: list[tuple[int, int]] = []
    scanner = _Scanner(text)
    lines = LineCounter(text)
    verdicts: dict[str, _Verdict] = {}
    reports = []
    failures = 0
    position = 0
    while failures != max_failures and (found := scanner.next(position)) is not None:
        start, hit = found
        position = hit.end()
        if start.empty:
            findings: tuple[Finding, ...] = ()
            chain: Chain | None = Chain()
        elif _TILE_START.match(text, position) and not _labels_a_line(text, position, start.lang):
            findings, chain, position = _examine(text, hit.start(), start.lang, verdicts)
        else:
            continue
        end = max(position, hit.end())
        line = lines.at(hit.start())
        said = " ".join(text[hit.start() : end].split())
        shown = said if len(said) <= 2 * QUOTE_LENGTH else said[: 2 * QUOTE_LENGTH - 1] + "…"
        report = ExampleReport(line, start.lang, lang or start.lang, findings, chain, text=shown)
        spans.append((hit.start(), end if report.ok else _line_end(text, end)))
        failures += not report.ok
        reports.append(report)
    return tuple(reports), spans


def _line_end(text: str, position: int) -> int:
    """The end of the line at ``position``: the rest of a description that cannot be read
    belongs to it, and is read as nothing else."""
    end = text.find("\n", position)
    return len(text) if end < 0 else end


def _labels_a_line(text: str, position: int, lang: str) -> bool:
    """Whether the heading that ends at ``position`` ("Tiles:", "Laatat:") only labels a
    line of play in plain notation: tiles with no joins sentence after them, parted by
    spaces or arrows, or by commas to the end of the line. A description goes on to its
    joins, so one with a mistake (or cut short) is still read and reported as one."""
    run = _PLAIN_RUN.match(text, position)
    if run is None or ("," in run[0] and not text.startswith("\n", run.end())):
        return False
    return _grammar(lang).joins.head.pattern.match(text, run.end()) is None


class DescriptionError(BlockdominoError):
    """A description that states no chain built by legal play: what is wrong with it."""

    def __init__(self, findings: Sequence[Finding]) -> None:
        super().__init__("input.error.description", findings=tuple(findings))
        self.findings = tuple(findings)

    def explained(self, lang: str) -> str:
        """The refusal in words, each finding after it (``words.explain`` asks for it)."""
        findings = " ".join(finding.message(lang) for finding in self.findings)
        return translate(self.key, lang, findings=findings)


def read_chain(text: str) -> Chain | None:
    """The chain the one description in ``text`` states (in any of the languages), or
    ``None`` if the text holds no description. Several descriptions, or one that is
    wrong (anything but an unusual order of its continuations), are refused."""
    reports = _descriptions(text, None, None)[0]
    if not reports:
        return None
    if len(reports) > 1:
        raise BlockdominoError("input.error.descriptions_count", count=len(reports))
    report = reports[0]
    if report.errors or report.chain is None:
        raise DescriptionError(report.errors)
    return report.chain
