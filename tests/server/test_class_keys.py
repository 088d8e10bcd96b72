"""The class's keys: a short class code pupils type (or scan) to join, shown big with a
QR code on the teacher's page and the projector; the teacher's secret kept in the data
folder (owner only) so that the teacher's page works after a restart; neither key ever
sent to a pupil."""

from __future__ import annotations

import html
import json
import re
import stat
from pathlib import Path

import pytest
from classroom import pupil
from serving import ask, make_site, running, teacher_page

from blockdomino.server import pages
from blockdomino.server.run import ClassServer, open_server
from blockdomino.stores.keys import (
    ALPHABET,
    CODE_LENGTH,
    KEYS_FILE,
    PROJECTOR_COOKIE,
    class_keys,
)
from blockdomino.words.i18n import translate

LOOK_ALIKES = "0O1Il2Z5S8B6GUV"


def test_a_class_code_is_short_and_has_no_look_alikes(tmp_path: Path) -> None:
    codes = set()
    for number in range(40):
        folder = tmp_path / str(number)
        folder.mkdir()
        codes.add(class_keys(folder).code)
    assert len(codes) > 30
    assert 4 <= CODE_LENGTH <= 6
    for code in codes:
        assert len(code) == CODE_LENGTH
        assert set(code) <= set(ALPHABET)
        assert not set(code) & set(LOOK_ALIKES)


def test_the_keys_survive_a_restart_in_a_file_of_the_owner_alone(tmp_path: Path) -> None:
    first = class_keys(tmp_path)
    path = tmp_path / KEYS_FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert class_keys(tmp_path) == first
    assert list(tmp_path.iterdir()) == [path], "no temporary file left behind"
    path.write_text("{damaged")
    renewed = class_keys(tmp_path)
    assert renewed != first
    assert json.loads(path.read_text())["code"] == renewed.code


def paired_projector(server: ClassServer, teacher_page: str) -> str:
    """The projector page as the link on ``teacher_page`` opens it: the pairing traded
    for the projector's pass, kept as a cookie, then the page."""
    link = re.search(r'href="(/projector\?pair=[^"]+)"', teacher_page)
    assert link, "the teacher's page links to the projector"
    answer, _ = ask(server, html.unescape(link[1]))
    assert answer.status == 303
    cookie = answer.getheader("Set-Cookie", "").split(";")[0]
    assert cookie.startswith(PROJECTOR_COOKIE + "=")
    _, page = ask(server, "/projector", headers={"Cookie": cookie})
    return page.decode()


def test_the_teacher_page_works_after_a_restart_and_shows_the_code(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    (tmp_path / "data").mkdir()
    site, data = make_site(tmp_path / "site"), tmp_path / "data" / "t.sqlite3"
    with running(open_server(site, host="127.0.0.1", port=0, data=data, lang="fi")) as first:
        unused = (first.teacher_address or "").rsplit("/", 1)[1]
        _, cookie = teacher_page(first)
    with running(open_server(site, host="127.0.0.1", port=0, data=data, lang="fi")) as again:
        assert again.hub is not None
        page, _ = teacher_page(again, cookie)  # the teacher's browser is let in again
        assert ask(again, f"/class/teacher/{unused}")[0].status == 403  # an old link is not
        assert f'class="code-letters">{again.hub.keys.code}<' in page
        assert "<svg" in page
        assert f"code={again.hub.keys.code}" in page
        shown = translate("tables.teacher.code", "fi", code=again.hub.keys.code)
        assert shown in paired_projector(again, page)


def test_the_class_code_is_a_region_named_by_its_sentence() -> None:
    """Outside the ``main`` the script fills, the class code is a landmark of its own."""
    part = pages.class_code("sv", "ABCDE", "http://127.0.0.1:8000/class/?code=ABCDE")
    said = translate("tables.page.code", "sv")
    assert part.startswith('<section class="class-code" aria-labelledby="class-code-said">')
    assert f'<p id="class-code-said">{said}</p>' in part


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_a_pupil_joins_by_the_code_typed_in_any_case_and_never_sees_the_secret(
    tmp_path: Path, lang: str
) -> None:
    data = tmp_path / "t.sqlite3"
    with running(open_server(make_site(tmp_path), host="127.0.0.1", port=0, data=data)) as server:
        assert server.hub is not None
        keys = server.hub.keys
        stranger = pupil(server.port, lang)
        assert stranger.until("code") == {"type": "code", "wrong": False}
        stranger.send({"type": "open", "preset": "block", "players": 2, "nickname": "x"})
        assert stranger.until("refused")["text"] == translate("tables.error.message", lang)
        stranger.send({"type": "hello", "role": "pupil", "lang": lang, "code": "XXXX"})
        assert stranger.until("code") == {"type": "code", "wrong": True}
        typed = " " + "-".join(keys.code.lower()) + " "
        stranger.send({"type": "hello", "role": "pupil", "lang": lang, "code": typed})
        assert stranger.until("lobby")["type"] == "lobby"
        stranger.send({"type": "open", "preset": "block", "players": 2, "nickname": "Ada"})
        token = stranger.until("joined")["token"]
        stranger.until("seat")
        back = pupil(server.port, lang, token=token)
        assert back.until("seat")["type"] == "seat"
        _, page = ask(server, f"/class/?lang={lang}")
        heard = [*stranger.frames, *back.frames, page.decode()]
        assert not any(keys.secret in text for text in heard)
        assert translate("tables.error.code", lang) in page.decode()
        stranger.close()
        back.close()
