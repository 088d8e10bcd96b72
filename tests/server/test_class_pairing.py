"""The class code is shown only on screens the teacher opened: the projector's page and
socket, as anyone on the school network would ask for them, show no code and no
nickname without the teacher's secret or a pairing made from the teacher's page; the
teacher opens the projector in one click, and a pairing link wrong or too old is
refused in one log line."""

from __future__ import annotations

import html
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom import Screen, pupil
from serving import ask, class_code, class_server, make_site, running, teacher_page
from test_class_keys import paired_projector
from test_site_server import qr_matrix, svg_matrix
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from blockdomino.server import pages
from blockdomino.server.run import ClassServer, open_server
from blockdomino.stores.keys import PAIRING_SECONDS, PROJECTOR_COOKIE
from blockdomino.words.i18n import translate


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    yield from class_server(tmp_path_factory.mktemp("pairing"), "sv")


def test_the_projector_page_shows_no_code_to_a_stranger(server: ClassServer) -> None:
    _, page = ask(server, "/projector")
    text = page.decode()
    assert class_code(server) not in text
    assert translate("tables.projector.pair", "sv") in text
    assert 'id="main"' not in text  # no live part, no socket


def test_the_teacher_opens_the_projector_in_one_click(server: ClassServer) -> None:
    assert server.hub is not None
    teacher, _ = teacher_page(server)
    page = paired_projector(server, teacher)
    assert translate("tables.teacher.code", "sv", code=class_code(server)) in page
    assert translate("tables.teacher.projector", "sv") in teacher


def test_the_paired_projectors_qr_code_and_address_lead_to_the_class(
    server: ClassServer,
) -> None:
    """A pupil who scans the projector's QR code, or types its address, lands on the
    class's page with the code filled in (not on the app, which has no way in)."""
    assert server.hub is not None
    teacher, _ = teacher_page(server)
    page = paired_projector(server, teacher)
    joining = pages.class_address(server.site.origin, "sv", class_code(server))
    assert svg_matrix(page, border=2) == qr_matrix(joining)
    assert f'<p class="address">{html.escape(joining)}</p>' in page
    _, stranger = ask(server, "/projector")
    assert svg_matrix(stranger.decode(), border=2) == qr_matrix(server.site.url)


def test_the_app_asks_the_server_whether_a_class_is_served(
    server: ClassServer, tmp_path: Path
) -> None:
    """The app's start page offers "Join the class" when its server answers where the
    pupils' page is; a server of the site alone answers 404."""
    answer, body = ask(server, "/class/here")
    assert answer.status == 200
    assert json.loads(body) == {"join": "/class/"}
    assert answer.getheader("Cache-Control") == "no-store"
    alone = open_server(make_site(tmp_path), host="127.0.0.1", port=0, tables=False)
    with running(alone):
        assert ask(alone, "/class/here")[0].status == 404


def test_a_wrong_or_old_pairing_is_refused_in_one_log_line(
    server: ClassServer, caplog: pytest.LogCaptureFixture
) -> None:
    assert server.hub is not None
    old = server.hub.keys.pairing(0.0)
    with caplog.at_level(logging.WARNING, logger="blockdomino.server"):
        for pairing in ("guess", old, "9" * 5000 + ".x", "1.%C3%A4"):
            answer, _ = ask(server, f"/projector?pair={pairing}")
            assert answer.status == 303
            assert answer.getheader("Set-Cookie") is None
    refused = [r for r in caplog.records if "pairing refused" in r.message]
    assert len(refused) == 4
    assert PAIRING_SECONDS <= 3600


def test_the_projectors_socket_needs_the_secret_or_the_pass(server: ClassServer) -> None:
    assert server.hub is not None
    child = pupil(server.port, code=class_code(server))
    child.until("lobby")
    child.send({"type": "open", "preset": "block", "players": 2, "nickname": "Aino"})
    child.until("joined")
    stranger = Screen.open(server.port, {"role": "projector", "lang": "sv"})
    assert stranger.until("refused")["text"] == translate("tables.error.message", "sv")
    with pytest.raises(ConnectionClosed):
        stranger.receive()
    assert not any("Aino" in frame for frame in stranger.frames)
    url = f"ws://127.0.0.1:{server.port}/class/ws"
    cookie = f"{PROJECTOR_COOKIE}={server.hub.keys.projector_pass()}"
    with connect(url, additional_headers={"Cookie": cookie}) as ws:
        paired = Screen(ws)
        paired.send({"type": "hello", "role": "projector", "lang": "sv"})
        assert paired.until("projector")["type"] == "projector"
    child.close()


def test_the_site_alone_serves_its_projector_page_as_before(tmp_path: Path) -> None:
    opened = open_server(make_site(tmp_path), host="127.0.0.1", port=0, tables=False)
    with running(opened) as server:
        answer, _ = ask(server, "/projector")
        assert answer.status == 200
