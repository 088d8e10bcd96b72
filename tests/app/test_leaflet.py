"""The app's "Check a leaflet" through the bridge: a leaflet's bytes or pasted text give
the report ``verify --html`` writes (the author's text and file name escaped) and a
summary; a Word or OpenDocument file is read where python-docx and odfpy are missing,
as in the browser; a PDF is refused there in words naming the command."""

from __future__ import annotations

import base64
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from blockdomino.app import bridge, leaflet
from blockdomino.app.make import PACKAGES
from blockdomino.verify.language import document_language
from blockdomino.verify.page import report_html
from blockdomino.verify.places import Document
from blockdomino.verify.reports import read_document, verify_file
from blockdomino.words.i18n import catalog

LEAFLETS = Path(__file__).parents[1] / "data" / "verify" / "leaflets"
SWEDISH = (
    Path(__file__).parents[1] / "data" / "verify" / "pasted" / "regler_med_fel.txt"
).read_text(encoding="utf-8")
"""A leaflet whose second line of play (line 10) is wrong: [3|1] does not fit [5|4]."""
HOSTILE = '<img src=x onerror=alert(1)>"<script>.txt'


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)


def _check(**message: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(
        bridge.handle(json.dumps({"op": "verify", "id": "check", **message}))
    )
    assert "error" not in answer, answer
    assert answer["id"] == "check"
    report: dict[str, Any] = answer["report"]
    return report


def test_pasted_text_gives_the_report_in_its_language_at_its_line() -> None:
    report = _check(name="inklistrad text", text=SWEDISH)
    assert report["summary"] == {
        "status": 1,
        "language": "sv",
        "speaks": "sv",
        "examples": 2,
        "ok": 1,
        "failed": 1,
        "not_checked": 0,
        "problem": None,
        "message": "inklistrad text: exempel 2, korrekta 1, felaktiga 1.",
    }
    assert "inklistrad text:10: [1|3] passar inte efter [4|5]." in report["html"]


def test_the_report_is_the_commands_page_body_in_the_chosen_language() -> None:
    path = LEAFLETS / "liittaminen.txt"
    data = base64.b64encode(path.read_bytes()).decode()
    report = _check(name=str(path), bytes=data, lang="en")
    assert report["summary"]["speaks"] == "en"
    assert report["summary"]["language"] == "fi"
    document = read_document(path)
    assert isinstance(document, Document)
    page = report_html([(verify_file(path, lang="en"), document)], "en")
    assert report["html"].startswith('<section aria-labelledby="file-1">')
    assert f"<h1>Check of rules leaflets</h1>{report['html']}</main>" in page


def test_a_markdown_file_with_a_right_chain_has_nothing_wrong() -> None:
    text = "# Rules\n\nA line of play: \\[1|3\\] [3|6] **[6|6]** [6|2].\n"
    report = _check(name="rules.md", bytes=base64.b64encode(text.encode()).decode())
    assert report["summary"]["status"] == 0
    assert report["summary"]["failed"] == 0
    assert "Nothing is wrong in the examples that were checked." in report["html"]
    assert 'class="checked ok"' in report["html"]


def test_the_authors_name_and_text_are_escaped() -> None:
    text = SWEDISH + '\n<script>alert("x")</script> "><img src=x onerror=alert(1)>\n'
    report = _check(name=HOSTILE, bytes=base64.b64encode(text.encode()).decode())
    tags = _Tags()
    tags.feed(report["html"])
    assert not {"script", "img"} & tags.tags
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in report["html"]
    assert "&lt;img src=x onerror=alert(1)&gt;&quot;&lt;script&gt;.txt" in report["html"]


def test_a_pdf_with_no_pdf_library_is_refused_naming_the_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pypdf", None)
    data = base64.b64encode((LEAFLETS / "liittaminen.pdf").read_bytes()).decode()
    report = _check(name="regler.pdf", bytes=data, ui="sv")  # no words: the page's language
    summary = report["summary"]
    assert (summary["status"], summary["problem"], summary["speaks"]) == (2, "needs_command", "sv")
    said = (
        "regler.pdf är en PDF-fil. Det här filformatet kontrolleras på kommandoraden: "
        "blockdomino verify regler.pdf"
    )
    assert summary["message"] == said
    assert said in report["html"]


@pytest.mark.parametrize("suffix", ["docx", "odt"])
def test_word_and_opendocument_are_read_with_no_library_as_in_the_browser(
    monkeypatch: pytest.MonkeyPatch, suffix: str
) -> None:
    path = LEAFLETS / f"liittaminen.{suffix}"
    expected = _check(name=path.name, bytes=base64.b64encode(path.read_bytes()).decode())
    for module in ("docx", "odf"):
        monkeypatch.setitem(sys.modules, module, None)
    report = _check(name=path.name, bytes=base64.b64encode(path.read_bytes()).decode())
    assert report == expected
    assert report["summary"]["status"] == 1
    assert (report["summary"]["examples"], report["summary"]["failed"]) == (6, 1)


def test_pasted_text_in_no_known_language_is_reported_in_the_pages() -> None:
    pasted = _check(name="pasted text", text="[1|3] [3|6]", ui="sv")["summary"]
    assert (pasted["language"], pasted["speaks"]) == (None, "sv")


def test_bytes_that_are_no_base64_are_an_error_the_page_shows() -> None:
    answer = json.loads(
        bridge.handle(json.dumps({"op": "verify", "id": "check", "name": "a", "bytes": "*"}))
    )
    assert answer["id"] == "check"
    assert answer["error"].startswith("Error: ")


MARKDOWN = (LEAFLETS.parent / "pasted" / "saannot.md").read_text(encoding="utf-8")
"""A Finnish leaflet as a Word-to-Markdown conversion writes it (escaped and emphasised
tiles); its second line of play (line 7) is wrong, and a hand (line 9) is not checked."""


def _as_file(data: bytes, name: str, shown: str, **asked: str | None) -> dict[str, Any]:
    """The report the page gets on the file ``name`` holding ``data``, named ``shown``."""
    report = leaflet.check(data, name, **asked)
    report["html"] = report["html"].replace(name, shown)
    report["summary"]["message"] = report["summary"]["message"].replace(name, shown)
    return report


def test_pasted_markdown_gives_the_report_of_its_md_file() -> None:
    pasted = _check(name="liitetty teksti", text=MARKDOWN, ui="en")
    assert pasted == _as_file(MARKDOWN.encode(), "saannot.md", "liitetty teksti", ui="en")
    assert pasted["summary"]["failed"] == 1
    assert "liitetty teksti:7: [1|3] ei sovi laatan [4|5] jälkeen." in pasted["html"]


@pytest.mark.parametrize(("lang", "words"), [(None, "fi"), ("en", "en"), ("sv", "sv")])
def test_the_findings_and_what_was_not_checked_speak_the_leaflets_language(
    lang: str | None, words: str
) -> None:
    """The page's language (English here) is not the report's: the leaflet's is, unless
    the author chooses another."""
    report = _check(name="liitetty teksti", text=MARKDOWN, ui="en", lang=lang)
    assert report["summary"]["speaks"] == words
    found = _texts(report["html"], "ol")
    not_checked = _texts(report["html"], "ul")
    assert len(found) == 1
    assert len(not_checked) == 1
    for text in (*found, *not_checked):
        assert document_language(text.replace("liitetty teksti", "")) in (words, None)
    heading = catalog(words)["verify.page.not_checked"]
    assert f"<h3>{heading}</h3><ul><li>liitetty teksti:9: " in report["html"]


def _texts(html: str, listed: str) -> list[str]:
    """The items of the page's lists of one kind (``ol``: the findings; ``ul``: what was
    not checked), as text."""
    lists = re.findall(rf"<{listed}>(.*?)</{listed}>", html)
    return [re.sub("<[^>]+>", "", item) for found in lists for item in found.split("</li>") if item]


SWEDISH_ACCENTED = (
    "Regler för Block\n\nÅtta brickor kvar. En kedja på bordet: [1|3] [3|6] [6|6] [6|2].\n"
    "En kedja med ett fel: [2|5] [5|4] [3|1]\n"
)
"""A Swedish leaflet with Å, which Mac Roman writes as a byte Windows-1252 lacks."""


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        (SWEDISH_ACCENTED, "utf-16-le"),
        (SWEDISH_ACCENTED, "utf-16-be"),
        (SWEDISH_ACCENTED, "mac_roman"),
        (SWEDISH_ACCENTED, "iso-8859-15"),
        ("Rules\n\nA line of play: [1|3] [3|6] [6|6] [5|2].\n", "utf-16-le"),
    ],
)
def test_a_file_in_any_encoding_gives_the_commands_report(text: str, encoding: str) -> None:
    """The app packs charset-normalizer, so the page reads every encoding the command
    reads: its report is ``verify_bytes``'s on the same bytes, and the text's own."""
    assert "charset-normalizer" in PACKAGES
    data = text.encode(encoding)
    report = _check(name="regler.txt", bytes=base64.b64encode(data).decode())
    assert report == leaflet.check(data, "regler.txt")
    assert report == leaflet.check(text.encode(), "regler.txt")
    assert report["summary"]["status"] == 1
