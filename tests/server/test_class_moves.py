"""Moves at a class table as a mischievous pupil sends them, over the class's WebSocket:
a move id that names the computer's next reply does not freeze the table, a table left
waiting for the computer plays on when the server starts, and a failed commit is told
to the pupil and the teacher in words that say why."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from classroom import MOST_FRAMES, Screen, pupil
from serving import class_code, make_site, running
from test_tables_moves import make_full

from blockdomino.server.run import open_server
from blockdomino.tables import actions
from blockdomino.tables.service import TableService
from blockdomino.tables.store import Store
from blockdomino.words.i18n import translate


def against_the_computer(
    port: int, code: str, lang: str = "en"
) -> tuple[Screen, dict[str, object]]:
    """A pupil who opened a table of ``block`` against one computer player, and the
    pupil's first screen on which they may move."""
    screen = pupil(port, lang, code=code)
    screen.until("lobby")
    opening = {"preset": "block", "players": 2, "computers": 1, "nickname": "Aino"}
    screen.send({"type": "open", **opening})
    seat = screen.until("seat")["screen"]
    if not seat["actions"]:  # the computer leads: its opening comes in a screen of its own
        seat = screen.until("seat", int(seat["step"]) + 1)["screen"]
    assert seat["actions"], "the pupil is to move once the computer has"
    return screen, seat


def test_a_move_named_like_the_computers_reply_does_not_freeze_the_table(tmp_path: Path) -> None:
    opened = open_server(make_site(tmp_path), host="127.0.0.1", port=0, data=tmp_path / "t.db")
    with running(opened) as server:
        screen, seat = against_the_computer(server.port, class_code(server))
        step = int(seat["step"])
        action = seat["actions"][0]["key"]
        # The computer's reply will be action number step + 1: its name is known.
        screen.send({"type": "act", "move": f"computer:{step + 1}", "action": action})
        assert screen.until("done")["taken"] is True
        after = screen.until("seat", step + 2)["screen"]
        assert after["over"] or after["actions"], "the pupil is to move again"
        assert not any('"refused"' in frame for frame in screen.frames)
        screen.close()


def test_a_table_left_waiting_for_the_computer_plays_on_when_the_server_starts(
    tmp_path: Path,
) -> None:
    data = tmp_path / "t.db"
    tables = TableService.load(Store(data))
    table = tables.open("block", 2, computers=1)
    token = tables.join(table.id, "Aino")[2]
    pupils_move = table.taken
    tables.act(token, "m", actions.key(table.game.legal_actions()[0]))
    tables.store.db.execute(
        "DELETE FROM actions WHERE table_id = ? AND number > ?", (table.id, pupils_move)
    )
    tables.store.close()
    opened = open_server(make_site(tmp_path), host="127.0.0.1", port=0, data=data)
    with running(opened) as server:
        back = pupil(server.port, token=token)
        screens = (back.until("seat")["screen"] for _ in range(MOST_FRAMES))
        screen = next(screen for screen in screens if screen["step"] > pupils_move + 1)
        assert screen["over"] or screen["actions"], "the computer has replied"
        back.close()


def _read_only(db: sqlite3.Connection) -> None:
    db.execute("PRAGMA query_only = 1")


@pytest.mark.parametrize(
    ("spoil", "key"), [(make_full, "tables.error.saving"), (_read_only, "tables.error.read_only")]
)
def test_a_failed_commit_is_said_truthfully_to_the_pupil_and_the_teacher(
    tmp_path: Path, spoil: Callable[[sqlite3.Connection], None], key: str
) -> None:
    opened = open_server(
        make_site(tmp_path), host="127.0.0.1", port=0, data=tmp_path / "t.db", lang="sv"
    )
    with running(opened) as server:
        assert server.hub is not None
        screen, seat = against_the_computer(server.port, class_code(server), lang="fi")
        teacher = Screen.open(server.port, {"role": "teacher", "secret": server.hub.keys.secret})
        teacher.until("teacher")
        spoil(server.hub.tables.store.db)
        screen.send({"type": "act", "move": "m", "action": seat["actions"][0]["key"]})
        assert screen.until("refused")["text"] == translate(key, "fi")
        assert any(teacher.until("teacher")["trouble"] == translate(key, "sv") for _ in range(3))
        screen.close()
        teacher.close()
