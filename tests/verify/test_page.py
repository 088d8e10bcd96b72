"""``blockdomino verify --html``: one self-contained page, the document's text with each
checked example beside its diagram, the findings first as links to their places, the
"not checked" list at the end; structure a screen reader and a keyboard can follow; the
author's text escaped, however hostile."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from blockdomino.cli import main

DATA = Path(__file__).parents[1] / "data" / "verify"
LEAFLET = DATA / "leaflets" / "liittaminen.docx"
HOSTILE = (
    'Pelaa <script>alert("x")</script> ja "><img src=x onerror=alert(1)> nyt.\n'
    "Ketju: [1|3] [3|6] [6|6] [6|2]. Päihin voi liittää silmäluvut 1 ja 6.\n"
    "Käsi: [4|4], [1|2] & <b>lihava</b>.\n"
)
VOID = frozenset({"meta", "br", "img", "input", "link", "hr"})


class _Tags(HTMLParser):
    """The page's elements: ids, links, and whether every element closes in order."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.ids: dict[str, dict[str, str | None]] = {}
        self.links: list[str] = []
        self.tags: list[str] = []
        self.balanced = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.tags.append(tag)
        if values.get("id"):
            self.ids[str(values["id"])] = values
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))
        if tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if dict(attrs).get("id"):
            self.ids[str(dict(attrs)["id"])] = dict(attrs)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open.pop() != tag:
            self.balanced = False


def _page(tmp_path: Path, *paths: Path) -> tuple[int, str, _Tags]:
    page = tmp_path / "raportti.html"
    status = main(["verify", *map(str, paths), "--html", str(page)])
    text = page.read_text(encoding="utf-8")
    tags = _Tags()
    tags.feed(text)
    return status, text, tags


def test_the_page_shows_the_text_with_each_example_beside_its_diagram(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, text, tags = _page(tmp_path, LEAFLET)
    assert status == 1
    assert tags.balanced
    assert '<html lang="fi">' in text
    assert text.count('class="checked ok"') == 5
    assert text.count('class="checked wrong"') == 1
    assert text.count("<figure><svg") == 4
    assert "kappale 7, sivu 2: Kohdassa [2|2] (linja B) ketjun pää näyttää 2, ei 3." in text
    assert (
        text.index("Mikä on väärin")
        < text.index("Block: liittäminen")
        < text.index("Ei tarkistettu")
    )
    assert "ketju" in capsys.readouterr().out


def test_every_finding_links_to_its_place_which_takes_the_focus(tmp_path: Path) -> None:
    _, _, tags = _page(tmp_path, LEAFLET)
    assert tags.links
    for link in tags.links:
        target = tags.ids[link.removeprefix("#")]
        assert target["tabindex"] == "-1"
        assert target["aria-label"]


def test_the_page_is_self_contained(tmp_path: Path) -> None:
    _, text, tags = _page(tmp_path, LEAFLET)
    assert not {"script", "link", "img", "iframe"} & set(tags.tags)
    outside = re.findall(r"(?:src|href)=\"(?!#)[^\"]*\"", text)
    assert outside == []
    assert "url(" not in text


def test_the_authors_text_is_escaped(tmp_path: Path) -> None:
    leaflet = tmp_path / "vihamielinen.txt"
    leaflet.write_text(HOSTILE, encoding="utf-8")
    status, text, tags = _page(tmp_path, leaflet)
    assert status == 1
    assert tags.balanced
    assert not {"script", "img", "b"} & set(tags.tags)
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in text
    assert "&lt;b&gt;lihava&lt;/b&gt;" in text
    assert "onerror=alert(1)&gt;" in text


def test_what_was_not_checked_is_listed_at_the_end(tmp_path: Path) -> None:
    leaflet = tmp_path / "kasi.txt"
    leaflet.write_text(HOSTILE, encoding="utf-8")
    _, text, _ = _page(tmp_path, leaflet)
    end = text[text.index("Ei tarkistettu") :]
    assert "ei tarkistettu: ”[4|4], [1|2]” luettelee laattoja" in end


def test_an_unusable_file_is_said_on_the_page(tmp_path: Path) -> None:
    empty = tmp_path / "tyhja.txt"
    empty.write_bytes(b"")
    status, text, tags = _page(tmp_path, empty, LEAFLET)
    assert status == 2
    assert tags.balanced
    assert text.count("<section") == 2
