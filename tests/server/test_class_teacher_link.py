"""The one-time link to the teacher's page, tried as mischief would: a link opened
again, a guess, a link of another class, a link that has aged, and a link opened once at
each of two processes sharing Redis. Each is refused with a 4xx and one line in the log,
never a traceback; the refusal says in words how to get a new link."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from serving import ask, class_server
from test_class_redis import two_servers

from blockdomino.server.run import ClassServer
from blockdomino.stores import keys
from blockdomino.stores.redis_class import RedisKeeping
from blockdomino.words.i18n import translate

LANG = "sv"
REFUSED = "teacher's page refused"


def link_path(server: ClassServer) -> str:
    """A new one-time link ``server`` prints, as the path a browser asks for."""
    return (server.teacher_address or "").split(str(server.port), 1)[1]


def refused(server: ClassServer, path: str, caplog: pytest.LogCaptureFixture) -> str:
    """What ``path`` answers at ``server``, asserted a refusal (403, one log line of it,
    no error logged, no cookie): the page's text."""
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        answer, body = ask(server, path)
    assert answer.status == 403, path
    assert answer.getheader("Set-Cookie") is None
    assert [r.levelno for r in caplog.records] == [logging.WARNING], caplog.records
    assert REFUSED in caplog.records[0].message
    return body.decode()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    yield from class_server(tmp_path, LANG)


def test_a_link_opened_again_is_told_how_to_get_a_new_one(
    server: ClassServer, caplog: pytest.LogCaptureFixture
) -> None:
    path = link_path(server)
    assert ask(server, path)[0].status == 303
    said = refused(server, path, caplog)
    assert translate("tables.teacher.locked", LANG) in said


@pytest.mark.parametrize(
    "guess",
    ["x", "A" * 24, "%C3%A4" * 8, "a" * 5000, "..", "%00"],
    ids=["short", "like-a-link", "not-ascii", "long", "dots", "nul"],
)
def test_a_guessed_link_opens_nothing(
    server: ClassServer, caplog: pytest.LogCaptureFixture, guess: str
) -> None:
    printed = link_path(server)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        answer, _ = ask(server, f"/class/teacher/{guess}")
    assert 400 <= answer.status < 500
    assert answer.getheader("Set-Cookie") is None
    assert len(caplog.records) == 1, caplog.records
    assert caplog.records[0].levelno == logging.WARNING
    assert ask(server, printed)[0].status == 303  # the printed link still works once


def test_a_link_of_another_class_opens_nothing(
    server: ClassServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "other").mkdir()
    other = class_server(tmp_path / "other", LANG)
    elsewhere = next(other)
    try:
        refused(server, link_path(elsewhere), caplog)
    finally:
        other.close()


def test_a_link_not_used_within_a_day_opens_nothing(
    server: ClassServer, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = link_path(server)
    later = keys.time.time() + keys.TICKET_SECONDS + 1
    monkeypatch.setattr(keys.time, "time", lambda: later)
    refused(server, path, caplog)


def test_with_redis_a_link_opens_once_whichever_process_answers(
    tmp_path: Path, redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The link one process printed opens the page at the other, and then at neither
    (each process kept its own links before: a link opened at both let in twice)."""
    with two_servers(tmp_path, redis_url, LANG) as (one, two):
        path = link_path(one)
        assert ask(two, path)[0].status == 303
        refused(one, path, caplog)
        refused(two, path, caplog)
        refused(two, link_path(one)[:-1] + "x", caplog)


def test_with_redis_gone_a_link_is_said_unchecked_and_kept(
    tmp_path: Path, redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Redis not answering: a 503 in words, one log line, and the link not spent."""
    with two_servers(tmp_path, redis_url, LANG) as (one, _):
        path = link_path(one)
        assert one.hub is not None
        tickets = one.hub.store
        assert isinstance(tickets, RedisKeeping)
        kept = tickets.url
        tickets.url, tickets._client, tickets._scripts = "redis://127.0.0.1:1/0", None, {}
        with caplog.at_level(logging.WARNING):
            answer, body = ask(one, path)
        assert answer.status == 503
        assert translate("tables.teacher.unchecked", LANG) in body.decode()
        assert len([r for r in caplog.records if "teacher's page" in r.message]) == 1
        tickets.url, tickets._client, tickets._scripts = kept, None, {}
        assert ask(one, path)[0].status == 303
