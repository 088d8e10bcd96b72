"""The class as it joins: the projector is told the nickname of every pupil whose screen
is connected (claimed in the lobby, given at a table, or the pupil's again as its token
comes back), each once, in alphabetical order, and no longer once the screen is gone."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from classroom import Screen, pupil
from serving import class_code, class_server

from blockdomino.classroom.roster import roster
from blockdomino.server.run import ClassServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    yield from class_server(tmp_path_factory.mktemp("roster"), "fi")


def projector(server: ClassServer) -> Screen:
    assert server.hub is not None
    return Screen.open(server.port, {"role": "projector", "secret": server.hub.keys.secret})


def told(screen: Screen, pupils: list[str]) -> None:
    """Frames until the projector is told the class is ``pupils``."""
    for _ in range(50):
        if screen.until("class")["pupils"] == pupils:
            return
    raise AssertionError(f"the projector was never told {pupils}")


def test_the_projector_shows_the_class_as_it_joins(server: ClassServer) -> None:
    shown = projector(server)
    told(shown, [])
    code = class_code(server)
    bea = pupil(server.port, "fi", code=code)
    bea.until("lobby")
    bea.send({"type": "name", "nickname": "  Bea  "})
    told(shown, ["Bea"])
    aino = pupil(server.port, "fi", code=code)
    aino.until("lobby")
    aino.send({"type": "name", "nickname": "aino"})
    told(shown, ["aino", "Bea"])
    twin = pupil(server.port, "fi", code=code)
    twin.until("lobby")
    twin.send({"type": "name", "nickname": "Bea"})
    assert twin.until("refused")["type"] == "refused"
    cai = pupil(server.port, "fi", code=code)
    cai.until("lobby")
    cai.send({"type": "open", "preset": "block", "players": 2, "nickname": "Cai"})
    told(shown, ["aino", "Bea", "Cai"])
    aino.close()
    told(shown, ["Bea", "Cai"])
    for screen in (bea, twin, cai, shown):
        screen.close()


def test_a_stranger_without_the_code_is_not_in_the_class(server: ClassServer) -> None:
    stranger = Screen.open(server.port, {"role": "pupil", "code": None})
    assert stranger.until("code")["type"] == "code"
    stranger.send({"type": "name", "nickname": "Eve"})
    assert stranger.until("refused")["type"] == "refused"
    assert server.hub is not None
    assert "Eve" not in roster(server.hub.screens)
    stranger.close()
