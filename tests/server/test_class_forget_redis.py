"""What the class server keeps about pupils in Redis (``--redis URL``), taken out and
forgotten by the teacher from the command line: after a quiz answered, a walkthrough's
"Which tiles fit here?" answered, Practice results sent and a table opened and joined
with nicknames, ``blockdomino serve --export-csv FILE --redis URL`` writes the very
table the teacher's page downloads, and ``--forget-class --redis URL`` (refused while a
server listens on that Redis) leaves no key of ours that names a pupil, and leaves the
keys of other software alone; a Redis out of reach is said in the teacher's language,
exit 2. A real ``redis-server`` is started on 127.0.0.1 (``conftest.py``); the tests
skip, saying why, where it is missing.
"""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from classroom import Screen, enrolled, pupil, seat_table
from conftest import free_port
from serving import class_code, make_site, running
from test_class_lessons_redis import answer, next_quiz, started
from test_class_mastery import results, serve_cli

from blockdomino.lessons.fitting import fit_question
from blockdomino.server.run import ClassServer, open_server
from blockdomino.stores.redis_store import PREFIX
from blockdomino.words.i18n import translate

redis = pytest.importorskip("redis", reason="redis-py is missing: pip install -e '.[test]'")
LANG = "fi"
NAMES = ("Pupil 0", "<b>Pupil 1</b>", "Quiz-Kaija-0001", "Aino-Practice")
"""The nicknames the class gives: at the table, in the quiz, in Practice."""
FOREIGN = "otherapp:pupils"
"""A key of other software sharing the school's Redis."""


@contextmanager
def serving(tmp_path: Path, redis_url: str) -> Iterator[ClassServer]:
    """A class server keeping its class in the Redis at ``redis_url``, which also holds
    another program's key, serving while the block runs."""
    with redis.Redis.from_url(redis_url) as client:
        client.set(FOREIGN, "kept by someone else")
    opened = open_server(
        make_site(tmp_path), host="127.0.0.1", port=0, lang=LANG, data=tmp_path / "t.sqlite3",
        redis=redis_url,
    )  # fmt: skip
    with running(opened) as served:
        yield served


def taught(server: ClassServer) -> list[Screen]:
    """A class given: a table of two opened and joined, a quiz's question answered, a
    walkthrough's question answered, Practice results sent; the screens opened."""
    assert server.hub is not None
    code = class_code(server)
    screens = seat_table(server.port, code, "block", 2, LANG)
    teacher = Screen.open(server.port, {"role": "teacher", "secret": server.hub.keys.secret,
                                        "lang": LANG})  # fmt: skip
    teacher.until("teacher")
    quizzer = pupil(server.port, LANG, code=code)
    quizzer.until("lobby")
    screens += [teacher, quizzer]
    started(teacher, seconds=None, names=True)
    assert answer(quizzer, next_quiz(quizzer, "asking"), 0, NAMES[2])["choice"] == 0
    teacher.send({"type": "quiz_end"})
    question = fit_question("placed-1-1", 0)
    assert question is not None
    teacher.send({"type": "walk_start", "example": "placed-1-1"})
    teacher.send({"type": "walk_ask"})
    walk = quizzer.until("walk")["screen"]
    while walk is None or walk.get("ask") != "asking":
        walk = quizzer.until("walk")["screen"]
    quizzer.send({"type": "walk_answer", "walk": walk["walk"], "step": 0, "tiles": [0],
                  "pupil": "pupil-walker-01"})  # fmt: skip
    quizzer.until("walk_done")
    token = enrolled(server.port, code, NAMES[3])
    body = json.dumps({"code": code, "pupil": token, "results": results("aino", 4)})
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("POST", "/class/practice", body, {"Content-Type": "application/json"})
    assert connection.getresponse().status == 200
    connection.close()
    return screens


def ours(redis_url: str) -> dict[str, str]:
    """Every key with the class server's prefix and all it holds, as text."""
    with redis.Redis.from_url(redis_url, decode_responses=True) as client:
        return {str(key): _held(client, str(key)) for key in client.scan_iter(PREFIX + "*")}


def _held(client: redis.Redis, key: str) -> str:
    kind = client.type(key)
    if kind == "hash":
        return json.dumps(client.hgetall(key), ensure_ascii=False)
    if kind == "list":
        return json.dumps(client.lrange(key, 0, -1), ensure_ascii=False)
    if kind == "set":
        return json.dumps(sorted(client.smembers(key)), ensure_ascii=False)
    return str(client.get(key))


def test_forget_class_with_redis_leaves_no_nickname_of_ours_and_the_foreign_key(
    tmp_path: Path, redis_url: str
) -> None:
    with serving(tmp_path, redis_url) as server:
        screens = taught(server)
        kept = " ".join(ours(redis_url).values())
        assert all(name in kept for name in NAMES), kept
        refused = serve_cli("--forget-class", "--redis", redis_url, "--lang", LANG)
        assert refused.returncode == 2
        said = translate("serve.forget.running", LANG, url=redis_url, count=1)
        assert refused.stderr == f"blockdomino: {said}\n"
        assert ours(redis_url).keys() >= {PREFIX + "tables", PREFIX + "lessons:history"}
        for screen in screens:
            screen.close()
    done = serve_cli("--forget-class", "--redis", redis_url, "--lang", LANG)
    assert done.returncode == 0, done.stderr
    counts = {"tables": 1, "answers": 1, "fits": 1, "practice": 4}
    assert done.stdout == translate("serve.forgotten.redis", LANG, url=redis_url, **counts) + "\n"
    left = ours(redis_url)
    assert list(left) == [PREFIX + "keys"]
    assert not any(name in text for name in NAMES for text in left.values())
    with redis.Redis.from_url(redis_url, decode_responses=True) as client:
        assert client.get(FOREIGN) == "kept by someone else"


def test_export_csv_with_redis_is_the_teachers_table(tmp_path: Path, redis_url: str) -> None:
    with serving(tmp_path, redis_url) as server:
        screens = taught(server)
        assert server.hub is not None
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        connection.request("GET", f"/class/teacher/{server.hub.keys.secret}/mastery.csv")
        page = connection.getresponse().read().decode("utf-8")
        connection.close()
        for screen in screens:
            screen.close()
    assert NAMES[2] in page
    assert NAMES[3] in page
    exported = tmp_path / "out.csv"
    done = serve_cli("--export-csv", str(exported), "--redis", redis_url, "--lang", LANG)
    assert done.returncode == 0, done.stderr
    assert exported.read_text(encoding="utf-8") == page


@pytest.mark.parametrize("wanted", ["--forget-class", "--export-csv"])
def test_a_redis_out_of_reach_is_said_in_finnish_and_nothing_is_written(
    tmp_path: Path, wanted: str
) -> None:
    url = f"redis://127.0.0.1:{free_port()}/0"
    target = tmp_path / "mastery.csv"
    more = [str(target)] if wanted == "--export-csv" else []
    done = serve_cli(wanted, *more, "--redis", url, "--lang", LANG, "--data", str(tmp_path / "t"))
    assert done.returncode == 2
    said = translate("serve.keep.redis", LANG, url=url, reason="REASON").split("REASON")
    assert done.stderr.startswith(f"blockdomino: {said[0]}")
    assert done.stderr.endswith(f"{said[1]}\n")
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []
