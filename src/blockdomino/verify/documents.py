"""Checking whole documents: find every description in a text, check each, report on files.

``verify_text`` finds every description, whatever surrounds it and however it is wrapped
(a Markdown quote's ``>`` included). Reading is linear in the length of the text: one
regular expression finds where descriptions start.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TextIO

from blockdomino.engine.chain import Chain
from blockdomino.engine.errors import BlockdominoError
from blockdomino.files import FileTooLargeError, read_limited
from blockdomino.verify.chains import line_reports
from blockdomino.verify.diagnosis import _check
from blockdomino.verify.findings import ExampleReport, Finding, Problem, Unchecked, _finding
from blockdomino.verify.formats import read_bytes
from blockdomino.verify.language import document_language
from blockdomino.verify.places import Document, LineCounter, Place
from blockdomino.verify.reading import (
    _GAP,
    _described,
    _grammar,
    _read_sentences,
    _ReadError,
    _words,
)
from blockdomino.words.i18n import LANGS, parse_lang, translate

OK: Final = 0
"""Exit status: every example checks."""
FAILED: Final = 1
"""Exit status: at least one example is wrong."""
UNUSABLE: Final = 2
"""Exit status: input that cannot be checked (missing, unreadable, no examples)."""
MAX_DOCUMENT: Final = 64 * 1024**2
"""The most bytes of a document file ``verify`` reads (64 MB; ``/dev/zero`` never ends)."""
FALLBACK_LANGUAGE: Final = "en"
"""The language of a refusal when neither ``--lang`` nor the document's words tell one."""
MAX_FAILURES: Final = 1000
"""A file's failing examples reported before the search stops (garbage can hold millions)."""

_TILE_START: Final = re.compile(_GAP + r"\[")


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
    text: str, *, lang: str | None = None, max_failures: int | None = None
) -> tuple[ExampleReport, ...]:
    """A report on every example in ``text`` (chain descriptions and lines of play), in
    the order they appear.

    ``lang`` is the language the reports speak; by default the document's own (told from
    its words), else each description's. With ``max_failures`` the search for
    descriptions stops after that many failing ones.
    """
    return examine(text, lang=lang, max_failures=max_failures)[0]


def examine(
    text: str, *, lang: str | None = None, max_failures: int | None = None
) -> tuple[tuple[ExampleReport, ...], tuple[Unchecked, ...]]:
    """The reports on every example of ``text`` and what was seen but not checked.

    When the search for descriptions stops at ``max_failures``, lines of play are looked
    for only as far as it went.
    """
    if lang is not None:
        parse_lang(lang)
    written = document_language(text)
    descriptions, spans = _descriptions(text, lang or written, max_failures)
    document_lang = written or lang or FALLBACK_LANGUAGE
    failures = sum(not report.ok for report in descriptions)
    stopped = max_failures is not None and failures >= max_failures
    searched = text[: spans[-1][1]] if stopped and spans else text
    lines, unchecked = line_reports(searched, spans, lang or document_lang, document_lang)
    reports = sorted((*descriptions, *lines), key=lambda report: report.line)
    return tuple(reports), tuple(unchecked)


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
        elif _TILE_START.match(text, position):
            findings, chain, position = _examine(text, hit.start(), start.lang, verdicts)
        else:
            continue
        spans.append((hit.start(), max(position, hit.end())))
        line = lines.at(hit.start())
        report = ExampleReport(line, start.lang, lang or start.lang, findings, chain)
        failures += not report.ok
        reports.append(report)
    return tuple(reports), spans


# Files -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FileReport:
    """The reports on one file, or the problem that made it unusable."""

    path: str
    examples: tuple[ExampleReport, ...]
    problem: Finding | None = None
    stopped: bool = False
    """The search stopped early, at ``MAX_FAILURES`` failing examples."""
    places: tuple[Place, ...] = ()
    """Where each example stands in the file (by default the line of the text it is on)."""
    lang: str | None = None
    """The language the document is written in, when its words tell."""
    unchecked: tuple[Unchecked, ...] = ()
    """What looked like an example but was not checked."""
    unchecked_places: tuple[Place, ...] = ()

    def place(self, index: int) -> Place:
        """Where the example ``index`` stands in the file."""
        if index < len(self.places):
            return self.places[index]
        return Place(line=self.examples[index].line)

    def where(self, index: int, lang: str) -> str:
        """The example's place for a report: ``rules.md:12``, ``rules.docx, paragraph 4``."""
        return _where(self.path, self.place(index), lang)

    def unchecked_place(self, index: int) -> Place:
        """Where the thing left unchecked ``index`` stands in the file."""
        if index < len(self.unchecked_places):
            return self.unchecked_places[index]
        return Place(line=self.unchecked[index].line)

    @property
    def status(self) -> int:
        """``OK``, ``FAILED`` (an example is wrong) or ``UNUSABLE``."""
        if self.problem is not None:
            return UNUSABLE
        return OK if all(example.ok for example in self.examples) else FAILED

    def to_json(self, lang: str | None = None) -> dict[str, object]:
        """The file's reports for machines; messages in ``lang`` (default: each example's)."""
        return {
            "path": self.path,
            "language": self.lang,
            "status": self.status,
            "problem": (
                None
                if self.problem is None
                else self.problem.to_json(lang or self.lang or FALLBACK_LANGUAGE)
            ),
            "stopped": self.stopped,
            "examples": [
                {**example.to_json(lang), "place": self.place(index).to_json()}
                for index, example in enumerate(self.examples)
            ],
            "not_checked": [
                {
                    **item.to_json(lang or self.lang or FALLBACK_LANGUAGE),
                    "place": self.unchecked_place(index).to_json(),
                }
                for index, item in enumerate(self.unchecked)
            ],
        }


def _where(path: str, place: Place, lang: str) -> str:
    """A place for a report: ``rules.md:12``, ``rules.docx, paragraph 4, page 2``."""
    if place.is_line:
        return f"{path}:{place.line}"
    return f"{path}, {place.words(lang)}"


def read_document(path: str | Path) -> Document | Finding:
    """The text of a document in any format ``verify`` reads, or why it cannot be had."""
    name = str(path)
    try:
        data = read_limited(path, limit=MAX_DOCUMENT)
    except FileNotFoundError:
        return _finding(Problem.FILE_MISSING, path=name)
    except FileTooLargeError:
        return _finding(Problem.FILE_TOO_LARGE, path=name, limit=MAX_DOCUMENT // 1024**2)
    except OSError as error:
        return _finding(Problem.FILE_UNREADABLE, path=name, reason=error.strerror or str(error))
    return read_bytes(data, name)


def verify_file(path: str | Path, *, lang: str | None = None) -> FileReport:
    """Every chain description of a file checked (up to ``MAX_FAILURES`` failing ones);
    a file without any is unusable.

    The reports speak ``lang``; by default the language the document is written in, when
    its words tell, else the language of each description's own words.
    """
    document = read_document(path)
    if isinstance(document, Finding):
        return FileReport(str(path), (), document)
    written = document_language(document.text)
    examples, unchecked = examine(document.text, lang=lang, max_failures=MAX_FAILURES)
    if not examples:
        nothing = _finding(Problem.NO_EXAMPLES, path=str(path), keywords=headings())
        return FileReport(str(path), (), nothing, lang=written, unchecked=unchecked)
    stopped = sum(not example.ok for example in examples) >= MAX_FAILURES
    places = tuple(document.place(example.line) for example in examples)
    return FileReport(
        str(path),
        examples,
        stopped=stopped,
        places=places,
        lang=written,
        unchecked=unchecked,
        unchecked_places=tuple(document.place(item.line) for item in unchecked),
    )


def report_json(files: Iterable[FileReport], lang: str | None = None) -> dict[str, object]:
    """The reports on several files in the documented JSON shape (see the module docstring)."""
    reports = list(files)
    return {
        "version": 1,
        "status": max((file.status for file in reports), default=UNUSABLE),
        "files": [file.to_json(lang) for file in reports],
    }


def report_text(file: FileReport, lang: str | None = None) -> str:
    """A file's reports as lines ``path:line: error: …`` and a closing count."""
    if file.problem is not None:
        return file.problem.message(lang or file.lang or FALLBACK_LANGUAGE)
    lines = [
        example.message(lang, where=file.where(index, lang or example.lang))
        for index, example in enumerate(file.examples)
    ]
    failed = sum(not example.ok for example in file.examples)
    lang = lang or file.examples[0].lang
    lines.extend(
        translate(
            "verify.report.unchecked",
            lang,
            where=_where(file.path, file.unchecked_place(index), lang),
            message=item.message(lang),
        )
        for index, item in enumerate(file.unchecked)
    )
    if file.stopped:
        lines.append(
            translate("verify.stopped", lang, failures=failed, line=file.examples[-1].line)
        )
    lines.append(
        translate(
            "verify.summary",
            lang,
            path=file.path,
            examples=len(file.examples),
            ok=len(file.examples) - failed,
            failed=failed,
        )
    )
    return "\n".join(lines)


def run(
    paths: Sequence[str],
    *,
    lang: str | None = None,
    as_json: bool = False,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """``blockdomino verify``: check files, print the reports, return the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    files = [verify_file(path, lang=lang) for path in paths]
    if as_json:
        out.write(json.dumps(report_json(files, lang), ensure_ascii=False, indent=2) + "\n")
    else:
        for file in files:
            (err if file.problem else out).write(report_text(file, lang) + "\n")
    return max((file.status for file in files), default=UNUSABLE)


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
