"""The teachers' guide on the class server: ``/guide`` in the server's language,
``/guide/<lang>`` and ``/guide?lang=<lang>`` in another, one page that asks nothing of
any other server (its pictures inline, no script), every word escaped, with the safety
headers of every answer; a language there is no guide in is a 404 and one log line."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from serving import ask, make_site, running

from blockdomino.publish.guide import GUIDE
from blockdomino.server.files import SECURITY
from blockdomino.server.run import ClassServer, open_server
from blockdomino.words.i18n import LANGS, translate


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    """A class server in Swedish."""
    folder = tmp_path_factory.mktemp("guide")
    (folder / "site").mkdir()
    site = make_site(folder / "site")
    opened = open_server(site, host="127.0.0.1", port=0, lang="sv", data=folder / "t.sqlite3")
    with running(opened) as served:
        yield served


@pytest.mark.parametrize(
    ("path", "lang"),
    [("/guide", "sv"), ("/guide/", "sv"), ("/guide/fi", "fi"), ("/guide/en", "en"),
     ("/guide?lang=fi", "fi"), ("/guide/?lang=en", "en")],
)  # fmt: skip
def test_the_guide_is_one_page_in_the_language_asked(
    server: ClassServer, path: str, lang: str
) -> None:
    answer, data = ask(server, path)
    page = data.decode("utf-8")
    assert answer.status == 200
    assert answer.getheader("Content-Type") == "text/html; charset=utf-8"
    for name, value in SECURITY.items():
        assert answer.getheader(name) == value
    assert f'<html lang="{lang}">' in page
    assert f"<h1>{translate('guide.title', lang)}</h1>" in page
    for section in GUIDE:
        assert f"<h2>{translate(section.heading, lang)}</h2>" in page
    assert page.count("<img ") == 3


def test_the_page_asks_nothing_of_any_server(server: ClassServer) -> None:
    """Every address the page loads is inline; its links are its own sections and the
    other languages' guides on the same server."""
    page = ask(server, "/guide/fi")[1].decode("utf-8")
    assert "<script" not in page
    assert "<link" not in page
    loaded = re.findall(r'\b(?:src|srcset|poster|data)="([^"]*)"', page)
    assert loaded
    assert all(address.startswith("data:image/png;base64,") for address in loaded)
    links = set(re.findall(r'href="([^"]*)"', page))
    assert links == {f"#{section.anchor}" for section in GUIDE} | {"/guide/sv", "/guide/en"}
    assert "url(" not in page


def test_every_word_is_escaped(server: ClassServer) -> None:
    """A code span's markup-like text is shown as text: ``<`` never opens a tag."""
    page = ask(server, "/guide/en")[1].decode("utf-8")
    assert "<code>blockdomino serve --forget-class --lang en</code>" in page
    assert "“Show the answers”" in page  # a button named as the screen words it
    assert "pip install &quot;blockdomino[serve,site,worksheet]&quot;" in page


@pytest.mark.parametrize("path", ["/guide/de", "/guide?lang=xx", "/guide/%3Cb%3E"])
def test_a_language_with_no_guide_is_not_found(
    server: ClassServer, path: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="blockdomino.server"):
        answer, data = ask(server, path)
    assert (answer.status, data) == (404, b"404\n")
    assert [record.getMessage() for record in caplog.records if "guide" in record.getMessage()]


def test_the_guide_is_there_in_every_language(server: ClassServer) -> None:
    pages = {lang: ask(server, f"/guide/{lang}")[1] for lang in LANGS}
    assert len(set(pages.values())) == len(LANGS)


def test_a_site_without_tables_has_the_guide_too(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    site = make_site(tmp_path / "site")
    with running(open_server(site, host="127.0.0.1", port=0, lang="fi", tables=False)) as served:
        answer, data = ask(served, "/guide")
    assert answer.status == 200
    assert b'<html lang="fi">' in data
