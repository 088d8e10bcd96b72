"""Checking files and reporting on them: in words for the author, as JSON for tools.

A file is read in its format (``formats``), its examples and the claims in its prose
checked (``documents``), and each report placed where the author finds it: a line, or a
paragraph and page (``places``).
"""

from __future__ import annotations

import dataclasses
import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from blockdomino.files import FileTooLargeError, read_limited
from blockdomino.verify.documents import (
    FAILED,
    FALLBACK_LANGUAGE,
    MAX_FAILURES,
    OK,
    UNUSABLE,
    examine,
    headings,
)
from blockdomino.verify.findings import ExampleReport, Finding, Problem, Unchecked, _finding
from blockdomino.verify.formats import read_bytes
from blockdomino.verify.language import document_language
from blockdomino.verify.places import Document, Place
from blockdomino.verify.rules_line import document_rules
from blockdomino.verify.scores import DEFAULT_RULES
from blockdomino.verify.tables import find_tables
from blockdomino.words.i18n import translate

MAX_DOCUMENT: Final = 64 * 1024**2
"""The most bytes of a document file ``verify`` reads (64 MB; ``/dev/zero`` never ends)."""
_GROWTH: Final = 64 * 1024
"""Room for a file that grows between the look at its size and the reading."""


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
    claims: tuple[ExampleReport, ...] = ()
    """The claims in the prose, each checked against its chain or hands and the rules."""
    claim_places: tuple[Place, ...] = ()
    rules: str = DEFAULT_RULES
    """The preset the claims were checked against."""

    def place(self, index: int) -> Place:
        """Where the example ``index`` stands in the file."""
        if index < len(self.places):
            return self.places[index]
        return Place(line=self.examples[index].line)

    def where(self, index: int, lang: str) -> str:
        """The example's place for a report: ``rules.md:12``, ``rules.docx, paragraph 4``."""
        return _where(self.path, self.place(index), lang)

    def claim_place(self, index: int) -> Place:
        """Where the claim ``index`` stands in the file."""
        if index < len(self.claim_places):
            return self.claim_places[index]
        return Place(line=self.claims[index].line)

    def unchecked_place(self, index: int) -> Place:
        """Where the thing left unchecked ``index`` stands in the file."""
        if index < len(self.unchecked_places):
            return self.unchecked_places[index]
        return Place(line=self.unchecked[index].line)

    @property
    def checked(self) -> tuple[tuple[ExampleReport, Place], ...]:
        """Every example and claim with its place, in the order of the text (an example
        before the claims on its line)."""
        examples = [(report, self.place(i)) for i, report in enumerate(self.examples)]
        claims = [(report, self.claim_place(i)) for i, report in enumerate(self.claims)]
        return tuple(sorted((*examples, *claims), key=lambda pair: pair[0].line))

    @property
    def status(self) -> int:
        """``OK``, ``FAILED`` (an example or a claim is wrong) or ``UNUSABLE``."""
        if self.problem is not None:
            return UNUSABLE
        return OK if all(report.ok for report, _ in self.checked) else FAILED

    def to_json(self, lang: str | None = None) -> dict[str, object]:
        """The file's reports for machines; messages in ``lang`` (default: each example's)."""
        fallback = lang or self.lang or FALLBACK_LANGUAGE
        return {
            "path": self.path,
            "language": self.lang,
            "rules": self.rules,
            "status": self.status,
            "problem": None if self.problem is None else self.problem.to_json(fallback),
            "stopped": self.stopped,
            "examples": [
                {**example.to_json(lang), "place": self.place(index).to_json()}
                for index, example in enumerate(self.examples)
            ],
            "claims": [
                {**claim.to_json(lang), "place": self.claim_place(index).to_json()}
                for index, claim in enumerate(self.claims)
            ],
            "not_checked": [
                {**item.to_json(fallback), "place": self.unchecked_place(index).to_json()}
                for index, item in enumerate(self.unchecked)
            ],
        }


def _where(path: str, place: Place, lang: str) -> str:
    """A place for a report: ``rules.md:12``, ``rules.docx, paragraph 4, page 2``."""
    if place.is_line and place.row is not None:
        return f"{path}:{place.line}, {place.words(lang)}"
    if place.is_line:
        return f"{path}:{place.line}"
    return f"{path}, {place.words(lang)}"


def _read_limit(path: str | Path) -> int:
    """The most bytes to read of the file at ``path``: ``MAX_DOCUMENT``, or for a regular
    file its size (and a little room to grow) when that is less, so that a small file
    costs only its own size in memory; a larger one is refused before it is read."""
    try:
        status = os.stat(path)
    except OSError:
        return MAX_DOCUMENT
    if not stat.S_ISREG(status.st_mode):
        return MAX_DOCUMENT
    if status.st_size > MAX_DOCUMENT:
        return 0
    return min(MAX_DOCUMENT, status.st_size + _GROWTH)


def read_document(path: str | Path) -> Document | Finding:
    """The text of a document in any format ``verify`` reads, or why it cannot be had."""
    name = str(path)
    try:
        read = [read_limited(path, limit=_read_limit(path))]
    except FileNotFoundError:
        return _finding(Problem.FILE_MISSING, path=name)
    except FileTooLargeError:
        return _finding(Problem.FILE_TOO_LARGE, path=name, limit=MAX_DOCUMENT // 1024**2)
    except OSError as error:
        return _finding(Problem.FILE_UNREADABLE, path=name, reason=error.strerror or str(error))
    return read_bytes(read.pop(), name)  # handed on, not kept: let go once decoded


def verify_file(
    path: str | Path, *, lang: str | None = None, rules: str | None = None, processes: int = 1
) -> FileReport:
    """Every chain description of a file checked (up to ``MAX_FAILURES`` failing ones),
    and every claim in its prose; a file without any is unusable.

    The reports speak ``lang``; by default the language the document is written in, when
    its words tell, else the language of each description's own words. Claims are
    checked against the preset ``rules``, by default the one the document names, else
    ``match``. With ``processes`` 2, a long document's prose (hands, lines of play,
    stories, claims) is read in two processes (the report is the same).
    """
    document = read_document(path)
    return verify_document(document, str(path), lang=lang, rules=rules, processes=processes)


def verify_bytes(
    data: bytes, name: str, *, lang: str | None = None, rules: str | None = None
) -> tuple[FileReport, Document | None]:
    """The report on a file given as its bytes (``name``, its file name, tells a
    Markdown or an HTML file), as ``verify_file`` makes it, and the document read (for
    the page, ``page.report_html``), ``None`` when it cannot be read. More than
    ``MAX_DOCUMENT`` bytes are refused unread."""
    if len(data) > MAX_DOCUMENT:
        document: Document | Finding = _finding(
            Problem.FILE_TOO_LARGE, path=name, limit=MAX_DOCUMENT // 1024**2
        )
    else:
        document = read_bytes(data, name)
    report = verify_document(document, name, lang=lang, rules=rules)
    return report, None if isinstance(document, Finding) else document


def verify_document(
    document: Document | Finding,
    path: str,
    *,
    lang: str | None = None,
    rules: str | None = None,
    processes: int = 1,
) -> FileReport:
    """The report on a document read from the file ``path`` (or the problem that kept
    it from being read): see ``verify_file``."""
    if isinstance(document, Finding):
        return FileReport(path, (), document)
    written = document_language(document.text)
    named = rules or document_rules(document.text)
    examples, claims, unchecked = examine(
        document.text,
        lang=lang,
        max_failures=MAX_FAILURES,
        rules=named,
        headings=document.headings,
        processes=processes,
    )
    if not examples and not claims and not unchecked:
        nothing = _finding(Problem.NO_EXAMPLES, path=path, keywords=headings())
        return FileReport(path, (), nothing, lang=written)
    place = _placer(document)
    return FileReport(
        path,
        examples,
        stopped=sum(not example.ok for example in examples) >= MAX_FAILURES,
        places=tuple(place(example.line) for example in examples),
        lang=written,
        unchecked=unchecked,
        unchecked_places=tuple(place(item.line) for item in unchecked),
        claims=claims,
        claim_places=tuple(place(claim.line) for claim in claims),
        rules=named or DEFAULT_RULES,
    )


def _placer(document: Document) -> Callable[[int], Place]:
    """The place of a line of the document's text, a table's row found by its table."""
    rows = {
        row.line: (table.number, number)
        for table in find_tables(document.text)
        for number, row in enumerate(table.rows, start=1)
    }

    def place(line: int) -> Place:
        at = document.place(line)
        if line not in rows:
            return at
        table, row = rows[line]
        return dataclasses.replace(at, table=table, row=row)

    return place


def report_json(files: Iterable[FileReport], lang: str | None = None) -> dict[str, object]:
    """The reports on several files in the documented JSON shape (see the package docstring)."""
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
    checked = file.checked
    lines = [
        report.message(lang, where=_where(file.path, place, lang or report.lang))
        for report, place in checked
    ]
    failed = sum(not report.ok for report, _ in checked)
    lang = lang or (checked[0][0].lang if checked else file.lang or FALLBACK_LANGUAGE)
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
            examples=len(checked),
            ok=len(checked) - failed,
            failed=failed,
        )
    )
    return "\n".join(lines)
