"""``blockdomino verify``: check files, print the reports in words or as JSON, and write
them as a page."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Final, TextIO

from blockdomino.files import write_atomic
from blockdomino.verify.documents import UNUSABLE
from blockdomino.verify.findings import Finding
from blockdomino.verify.page import report_html
from blockdomino.verify.places import Document
from blockdomino.verify.reports import (
    FileReport,
    read_document,
    report_json,
    report_text,
    verify_document,
)

PROCESSES: Final = 2
"""The processes a long document's prose is read in (``parallel``): two cores, which
even a school's laptop has."""


def _checked(path: str, lang: str | None, rules: str | None) -> tuple[FileReport, Document | None]:
    """The report on the file at ``path``, and the document read (``None`` if unusable)."""
    document = read_document(path)
    report = verify_document(document, path, lang=lang, rules=rules, processes=PROCESSES)
    return report, None if isinstance(document, Finding) else document


def run(
    paths: Sequence[str],
    *,
    lang: str | None = None,
    rules: str | None = None,
    as_json: bool = False,
    html: str | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """``blockdomino verify``: check files, print the reports (and with ``html``, write
    them as a page to that path), return the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    read = [_checked(path, lang, rules) for path in paths]
    files = [file for file, _ in read]
    if html is not None:
        write_atomic(html, report_html(read, lang))
    if as_json:
        out.write(json.dumps(report_json(files, lang), ensure_ascii=False, indent=2) + "\n")
    else:
        for file in files:
            (err if file.problem else out).write(report_text(file, lang) + "\n")
    return max((file.status for file in files), default=UNUSABLE)
