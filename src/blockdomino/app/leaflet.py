"""The app's "Check a leaflet": a rules leaflet checked in the browser, as ``blockdomino
verify --html`` checks a file.

The page (``check.js``) sends the leaflet's bytes, base64, with its file name, or the
text an author pasted, with the name the page gives it; the answer is the report the
command writes as a page (``verify.page.report_body``: every piece of the author's text
escaped there) and a summary for the page to announce. The reading is the command's
(``verify.reports.verify_bytes``): a .txt, .md or .html leaflet is read in the browser,
in any encoding (charset-normalizer is packed in the app); pasted text, whose name
("pasted text") has no ending to tell, is read as Markdown, HTML or plain text as its
marks tell (``verify.kinds``), as the command reads a file with no known ending; a
.docx or .odt one by Python's own zipfile and ElementTree (``verify.packages``: the
paragraphs and tables' rows python-docx and odfpy read, with no wheel to load); a .pdf
one, whose library the app does not carry, is refused in words that name the command.

A message: ``{"op": "verify", "id": ..., "name": "regler.md", "bytes": BASE64}`` or
``{..., "name": "inklistrad text", "text": "..."}``, with ``"lang"``: the language the
report speaks (by default the leaflet's own), and ``"ui"``: the page's, which the report
speaks when neither tells one (a refused file has no words). The answer's ``report``::

    {"html": str, "summary": {"status": 0 | 1 | 2, "language": "fi" | "sv" | "en" | null
     (the leaflet's), "speaks": the report's language, "examples": int, "ok": int,
     "failed": int, "not_checked": int, "problem": str | null (a refusal's kind),
     "message": str (the closing line of the command's report, in "speaks")}}
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

from blockdomino.verify.page import page_language, report_body
from blockdomino.verify.reports import FileReport, report_text, verify_bytes


def summary(report: FileReport, lang: str) -> dict[str, Any]:
    """What the page says of a report once it has come: its counts and its last line."""
    checked = report.checked
    failed = sum(not example.ok for example, _ in checked)
    return {
        "status": report.status,
        "language": report.lang,
        "speaks": lang,
        "examples": len(checked),
        "ok": len(checked) - failed,
        "failed": failed,
        "not_checked": len(report.unchecked),
        "problem": None if report.problem is None else report.problem.kind,
        "message": report_text(report, lang).splitlines()[-1],
    }


def check(
    data: bytes, name: str, *, lang: str | None = None, ui: str | None = None
) -> dict[str, Any]:
    """The report on the leaflet ``data`` (the bytes of the file ``name``) in ``lang``
    (by default the leaflet's own language, else ``ui``): its HTML and its summary."""
    report, document = verify_bytes(data, name, lang=lang)
    read = [(report, document)]
    speaks = page_language(read, lang or report.lang or ui)
    return {"html": report_body(read, speaks), "summary": summary(report, speaks)}


def answer(message: Mapping[str, Any]) -> dict[str, Any]:
    """The report a ``verify`` message asks for (see the module's docstring)."""
    if "text" in message:
        data = str(message["text"]).encode("utf-8")
    else:
        data = base64.b64decode(str(message["bytes"]), validate=True)
    lang, ui = message.get("lang") or None, message.get("ui") or None
    return check(data, str(message["name"]), lang=lang, ui=ui)
