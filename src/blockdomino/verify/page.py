"""The report on leaflets as one self-contained HTML page (``blockdomino verify --html``).

The page holds everything it shows and fetches nothing: for each file, the findings
first, each a link to its place; then the document's text line by line, each checked
example and claim beside it with its verdict and, for an example that rebuilt a chain,
the chain's diagram as the engine laid it out (``svg.chain``); the list of what was not checked at
the end. Headings, landmarks and lists carry the structure for a screen reader; every
link leads to a place that takes the focus; a verdict is said in words and a sign, not
by its colour alone. Every piece of the author's text is escaped.
"""

from __future__ import annotations

import html
from collections import defaultdict
from collections.abc import Sequence
from typing import Final

from blockdomino import svg
from blockdomino.verify.findings import ExampleReport
from blockdomino.verify.places import Document
from blockdomino.verify.reports import FileReport, _where, report_text
from blockdomino.words.i18n import parse_lang, translate

REPORT_STYLE: Final = """
a:focus, [tabindex]:focus { outline: 3px solid #1a56db; outline-offset: 2px; }
.line { display: flex; flex-wrap: wrap; gap: 0 1rem; border-top: 1px solid #ddd; }
.line > p { flex: 1 1 28rem; margin: 0.3rem 0; white-space: pre-wrap; }
.number { color: #555; display: block; font-size: 0.85rem; }
.checked { flex: 1 1 24rem; margin: 0.3rem 0; padding: 0.3rem 0.6rem; border-left: 6px solid; }
.checked.ok { border-color: #2e7d32; background: #edf7ee; }
.checked.wrong { border-color: #b71c1c; background: #fdecea; border-left-style: double; }
.checked p { margin: 0.2rem 0; }
figure { margin: 0.3rem 0; } figure svg { max-width: 100%; height: auto; }
"""
"""The style of the report's own parts (``report_body``), which a page around it (the
app's "Check a leaflet") takes as it is."""
STYLE: Final = (
    "\nbody { font: 1rem/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 72rem;"
    " padding: 1rem; }" + REPORT_STYLE
)


def _escaped(text: str) -> str:
    return html.escape(text, quote=True)


def _verdict(report: ExampleReport, where: str, anchor: str, lang: str) -> str:
    """One checked example or claim: its verdict in words and its chain's diagram."""
    state = "ok" if report.ok else "wrong"
    sign = "✓" if report.ok else "✗"
    words = _escaped(report.message(lang, where=where))
    lines = "".join(f"<p>{line}</p>" for line in words.split("\n"))
    figure = ""
    if report.kind != "claim" and report.chain is not None and report.chain.tiles:
        figure = f"<figure>{svg.chain(report.chain, lang=lang)}</figure>"
    return (
        f'<aside class="checked {state}" id="{anchor}" tabindex="-1" '
        f'aria-label="{_escaped(where)}"><p><span aria-hidden="true">{sign}</span> '
        f"{lines.removeprefix('<p>')}{figure}</aside>"
    )


def _file_section(file: FileReport, document: Document | None, number: int, lang: str) -> str:
    """The part of the page about one file."""
    title = _escaped(translate("verify.page.file", lang, path=file.path))
    parts = [f'<section aria-labelledby="file-{number}"><h2 id="file-{number}">{title}</h2>']
    parts.append(f'<p role="status">{_escaped(report_text(file, lang).splitlines()[-1])}</p>')
    if file.problem is not None or document is None:
        return "".join(parts) + "</section>"
    beside: defaultdict[int, list[str]] = defaultdict(list)
    links: list[str] = []
    for index, (report, place) in enumerate(file.checked):
        where = _where(file.path, place, lang)
        anchor = f"f{number}-item-{index + 1}"
        beside[report.line].append(_verdict(report, where, anchor, lang))
        links.extend(
            f'<li><a href="#{anchor}">{_escaped(where)}: {_escaped(finding.message(lang))}</a></li>'
            for finding in report.errors
        )
    heading = _escaped(translate("verify.page.findings", lang))
    parts.append(f"<h3>{heading}</h3>")
    none = _escaped(translate("verify.page.no_findings", lang))
    parts.append(f"<ol>{''.join(links)}</ol>" if links else f"<p>{none}</p>")
    parts.append(f"<h3>{_escaped(translate('verify.page.text', lang))}</h3>")
    for line, text in enumerate(document.text.split("\n"), start=1):
        if not text.strip() and line not in beside:
            continue
        label = _escaped(document.place(line).words(lang))
        parts.append(
            f'<div class="line"><p><span class="number">{label}</span>'
            f"{_escaped(text)}</p>{''.join(beside.get(line, ()))}</div>"
        )
    parts.append(f"<h3>{_escaped(translate('verify.page.not_checked', lang))}</h3>")
    unchecked = [
        f"<li>{_escaped(_where(file.path, file.unchecked_place(index), lang))}: "
        f"{_escaped(item.message(lang))}</li>"
        for index, item in enumerate(file.unchecked)
    ]
    nothing = _escaped(translate("verify.page.all_checked", lang))
    parts.append(f"<ul>{''.join(unchecked)}</ul>" if unchecked else f"<p>{nothing}</p>")
    return "".join(parts) + "</section>"


def page_language(
    files: Sequence[tuple[FileReport, Document | None]], lang: str | None = None
) -> str:
    """The language the page of ``files`` speaks: ``lang``, by default the first
    document's language, else English."""
    return parse_lang(lang or next((f.lang for f, _ in files if f.lang), None) or "en")


def report_body(files: Sequence[tuple[FileReport, Document | None]], lang: str) -> str:
    """The reports on ``files`` (each with the document it read) in ``lang``, a section
    each (headed ``h2``), as the page shows them under its title."""
    return "".join(
        _file_section(file, document, number, lang)
        for number, (file, document) in enumerate(files, start=1)
    )


def report_html(
    files: Sequence[tuple[FileReport, Document | None]], lang: str | None = None
) -> str:
    """The page of the reports on ``files`` (each with the document it read), in ``lang``
    (default: the first document's language, else English)."""
    lang = page_language(files, lang)
    title = _escaped(translate("verify.page.title", lang))
    sections = report_body(files, lang)
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{STYLE}</style></head>"
        f"<body><main><h1>{title}</h1>{sections}</main></body></html>\n"
    )
