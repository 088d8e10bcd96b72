"""The app's "Check a leaflet" in Chromium: reached from the app's start page, which
links the teachers' guide too; a pasted Swedish leaflet with a fault shows the finding
in Swedish at its line; a chosen Markdown file with a right chain shows nothing wrong;
pasted Markdown is read as Markdown, its escaped tiles and all; a UTF-16 file with no
byte order mark is read; a Word and an OpenDocument file show the command's findings;
axe finds nothing serious; by keyboard alone; on a phone nothing scrolls sideways and
every target fits a finger; a second visit checks with no network; no request leaves
the app's server.

The app is built, served and opened as for the app's own tests (the ``app_server`` and
``open_app`` fixtures of ``conftest.py``).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from blockdomino.verify.reports import _where, report_text, verify_bytes
from blockdomino.words.i18n import catalog

from .apps import Opener, fits_the_width, kept_offline, tap_targets
from .axe import audit, check_ours

pytestmark = pytest.mark.browser

LEAFLETS = Path(__file__).parents[1] / "data" / "verify" / "leaflets"
CORPUS = Path(__file__).parents[1] / "data" / "verify" / "corpus"
sys.path.insert(0, str(CORPUS))
import make_corpus  # noqa: E402  (the corpus's writers and keys)

CORPUS_LEAFLETS = {leaflet.name: leaflet for leaflet in make_corpus.leaflets()}
SWEDISH = (
    Path(__file__).parents[1] / "data" / "verify" / "pasted" / "regler_med_fel.txt"
).read_text(encoding="utf-8")
"""A leaflet whose second line of play (line 10) is wrong: [3|1] does not fit [5|4]."""
MARKDOWN = "# Rules of Block\n\nA line of play: \\[1|3\\] [3|6] **[6|6]** [6|2].\n"
SHOWN = "#check-title:not(:empty)"
"""The sign that "Check a leaflet" is shown in the page's language."""


@pytest.fixture
def open_check(open_app: Opener) -> Opener:
    """Open "Check a leaflet" as ``open_app`` opens the app: no request may leave the
    app's server, and no script of the app may throw."""
    return functools.partial(open_app, shown=SHOWN)


def checked(page: Page) -> str:
    """Wait for the report; what the live region says of it."""
    page.locator("html[data-checked]").wait_for(state="attached")
    page.wait_for_function("document.querySelector('#said').textContent.includes(':')")
    return page.locator("#said").text_content() or ""


def the_finding(page: Page, lang: str) -> Locator:
    """The report's one finding (a link to its place); the report speaks ``lang``."""
    report = page.locator("#report")
    assert report.get_attribute("lang") == lang
    finding = report.locator("ol li a")
    assert finding.count() == 1
    return finding


def test_the_start_page_leads_to_the_check_in_its_language(open_app: Opener) -> None:
    page = open_app("?lang=fi&chapter=0")
    link = page.get_by_role("link", name=catalog("fi")["app.check.link"])
    link.click()
    page.wait_for_url("**/check.html?lang=fi")
    page.wait_for_function("document.querySelector('#check-title').textContent !== ''")
    heading = page.get_by_role("heading", level=1)
    assert heading.text_content() == catalog("fi")["app.check.title"]
    assert page.evaluate("document.documentElement.lang") == "fi"


def test_the_start_page_links_the_teachers_guide_in_its_language(open_app: Opener) -> None:
    """The guide is beside the app's folder (``../guide/<lang>``): the class server answers it,
    and a built site carries its pages for any other web server."""
    page = open_app("?lang=sv&chapter=1")
    link = page.get_by_role("link", name=catalog("sv")["app.guide"])
    assert link.get_attribute("href") == "../guide/sv"
    address = link.evaluate("link => link.href")
    assert address == page.url.split("/app/")[0] + "/guide/sv"


def test_a_pasted_swedish_leaflet_shows_its_fault_in_swedish_at_its_line(
    open_check: Opener, request: pytest.FixtureRequest
) -> None:
    page = open_check("check.html?lang=sv")
    words = catalog("sv")
    page.get_by_label(words["app.check.paste"]).fill(SWEDISH)
    page.get_by_role("button", name=words["app.check.button"]).click()
    said = checked(page)
    assert said == "inklistrad text: exempel 2, korrekta 1, felaktiga 1."
    assert page.locator("#said").get_attribute("lang") == "sv"
    finding = the_finding(page, "sv")
    assert (finding.text_content() or "").startswith(
        "inklistrad text:10: [1|3] passar inte efter [4|5]."
    )
    finding.click()
    assert page.evaluate("document.activeElement.id") == "f1-item-2"
    report = page.locator("#report")
    assert report.locator(".checked.wrong").count() == 1
    assert report.locator(".checked.ok figure svg").count() == 1
    check_ours(audit(page, request.node.name, "*"))


def test_a_chosen_markdown_file_with_a_right_chain_shows_nothing_wrong(
    open_check: Opener, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    leaflet = tmp_path / "rules.md"
    leaflet.write_text(MARKDOWN, encoding="utf-8")
    page = open_check("check.html?lang=en")
    words = catalog("en")
    page.locator("#file").set_input_files(str(leaflet))
    assert page.locator("#chosen").text_content() == words["app.check.chosen"].format(
        name="rules.md"
    )
    page.get_by_role("button", name=words["app.check.button"]).click()
    assert checked(page) == "rules.md: examples 1, correct 1, wrong 0."
    report = page.locator("#report")
    assert report.get_by_text(catalog("en")["verify.page.no_findings"]).is_visible()
    assert report.locator(".checked.ok").count() == 1
    assert report.locator(".checked.wrong").count() == 0
    check_ours(audit(page, request.node.name, "*"))


def test_word_and_opendocument_files_show_the_commands_findings(
    open_check: Opener, tmp_path: Path
) -> None:
    """A Finnish .docx and a Swedish .odt of the corpus, each with a planted fault (the
    Swedish one in a table's row), read in the browser by Python's own zipfile and
    ElementTree: the same findings at the same places, in the leaflet's language, as
    the command finds with python-docx and odfpy."""
    page = open_check("check.html?lang=en")
    button = page.get_by_role("button", name=catalog("en")["app.check.button"])
    for name in ("fi_15_kaksi", "sv_12_hander"):
        path, _ = make_corpus.write(CORPUS_LEAFLETS[name], tmp_path)
        expected, _ = verify_bytes(path.read_bytes(), path.name)
        lang = expected.lang or "en"
        page.evaluate("delete document.documentElement.dataset.checked")
        page.locator("#file").set_input_files(str(path))
        button.click()
        assert checked(page) == report_text(expected, lang).splitlines()[-1]
        assert page.locator("html").get_attribute("data-checked") == "1"
        findings = [
            f"{_where(path.name, place, lang)}: {finding.message(lang)}"
            for example, place in expected.checked
            for finding in example.errors
        ]
        assert len(findings) == 1
        assert the_finding(page, lang).text_content() == findings[0]


def test_by_keyboard_alone_on_a_phone(open_check: Opener) -> None:
    """Tab reaches the file button (the drop area shows the focus), then the paste box;
    typed text is checked from the Check button by Enter; nothing wider than a phone,
    every target 44 px or more."""
    page = open_check("check.html?lang=en", size="phone")
    page.locator("html[data-python='ready']").wait_for(state="attached")
    # The loading line speaks of the checker, never of the game.
    assert page.locator("#status-text").text_content() == catalog("en")["app.check.ready"]
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "file":
            break
    else:
        pytest.fail("the file button is not reached by Tab")
    outline = page.evaluate("getComputedStyle(document.querySelector('#drop')).outlineStyle")
    assert outline == "solid"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "paste"
    page.keyboard.insert_text("A line of play: [1|3] [3|6] [6|6] [5|2]\n")
    while page.evaluate("document.activeElement.id") != "check-button":
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    said = checked(page)
    assert said == "pasted text: examples 1, correct 0, wrong 1."
    fits_the_width(page)
    tap_targets(page)


def test_a_second_visit_checks_with_no_network(open_check: Opener) -> None:
    """The service worker keeps the page itself (not the chapters' page in its place)."""
    page = open_check("check.html?lang=sv")
    page.locator("html[data-python='ready']").wait_for(state="attached")
    kept_offline(page)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_function("document.querySelector('#check-title').textContent !== ''")
    page.get_by_label(catalog("sv")["app.check.paste"]).fill(SWEDISH)
    page.get_by_role("button", name=catalog("sv")["app.check.button"]).click()
    assert checked(page) == "inklistrad text: exempel 2, korrekta 1, felaktiga 1."


PASTED_MARKDOWN = (LEAFLETS.parent / "pasted" / "saannot.md").read_text(encoding="utf-8")
"""A Finnish leaflet in Markdown with escaped tiles, as a conversion from Word writes it:
its second line of play (line 7) is wrong, and a hand (line 9) is not checked."""


def test_pasted_markdown_with_escaped_tiles_shows_its_fault_at_its_line(
    open_check: Opener,
) -> None:
    """Read as Markdown, as ``verify`` reads a .md file: the escaped tiles are tiles. The
    page speaks English; the report, like the leaflet, Finnish."""
    page = open_check("check.html?lang=en")
    words = catalog("en")
    page.get_by_label(words["app.check.paste"]).fill(PASTED_MARKDOWN)
    page.get_by_role("button", name=words["app.check.button"]).click()
    assert checked(page) == "pasted text: esimerkkejä 2, kunnossa 1, virheellisiä 1."
    finding = the_finding(page, "fi").text_content() or ""
    assert finding.startswith("pasted text:7: [1|3] ei sovi laatan [4|5] jälkeen.")
    report = page.locator("#report")
    assert report.locator(".checked.ok").count() == 1
    not_checked = report.locator("ul li")
    assert not_checked.count() == 1
    assert (not_checked.text_content() or "").startswith("pasted text:9: ")
    assert report.get_by_role("heading", name=catalog("fi")["verify.page.not_checked"]).count()


def test_a_chosen_utf16_file_with_no_byte_order_mark_is_read(
    open_check: Opener, tmp_path: Path
) -> None:
    """charset-normalizer, packed in the app, tells the encoding as the command does."""
    leaflet = tmp_path / "regler.txt"
    leaflet.write_bytes(SWEDISH.replace("Regler", "Åtta regler").encode("utf-16-le"))
    page = open_check("check.html?lang=sv")
    page.locator("#file").set_input_files(str(leaflet))
    page.get_by_role("button", name=catalog("sv")["app.check.button"]).click()
    assert checked(page) == "regler.txt: exempel 2, korrekta 1, felaktiga 1."
    finding = the_finding(page, "sv").text_content() or ""
    assert finding.startswith("regler.txt:10: [1|3] passar inte efter")
