"""What each pupil has mastered, over the class server: the app's Practice results
posted with the class code (sent twice, kept once; garbage answered 400 in one log
line), the teacher's table over the WebSocket and the same numbers in the CSV (the
page's button and ``blockdomino serve --export-csv``), and ``--forget-class``."""

from __future__ import annotations

import asyncio
import csv
import http.client
import io
import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classroom import Screen, enrolled
from serving import SRC, class_code, make_site, running

from blockdomino.practice import TOPICS, generate
from blockdomino.server.run import ClassServer, open_server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ClassServer]:
    opened = open_server(
        make_site(tmp_path), host="127.0.0.1", port=0, lang="sv", data=tmp_path / "t.sqlite3"
    )
    with running(opened) as served:
        yield served


def post(server: ClassServer, body: bytes) -> tuple[int, dict[str, Any]]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("POST", "/class/practice", body, {"Content-Type": "application/json"})
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    return answer.status, json.loads(data)


def results(name: str, count: int) -> list[dict[str, Any]]:
    """``count`` Practice results of the doubles at level 1, every third one wrong."""
    sent = []
    for number in range(count):
        item = generate("doubles", 1, number)
        wrong = number % 3 == 0
        choice = (item.answer_index + 1) % len(item.choices) if wrong else item.answer_index
        sent.append({"id": f"{name}-{number:06}", "topic": "doubles", "level": 1,
                     "seed": number, "choice": choice})  # fmt: skip
    return sent


def serve_cli(*more: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "blockdomino.cli", "serve", *more]
    env = {"PYTHONPATH": str(SRC), "PYTHONIOENCODING": "utf-8", "PATH": "/usr/bin:/bin"}
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=60, check=False)


def test_offline_results_sent_twice_count_once_and_the_table_and_csv_agree(
    server: ClassServer, tmp_path: Path
) -> None:
    assert server.hub is not None
    code = class_code(server)
    token = enrolled(server.port, code, "<b>Aino</b>")
    sent = {"code": code, "nickname": "<b>Aino</b>", "pupil": token, "results": results("aino", 6)}
    status, first = post(server, json.dumps(sent).encode())
    assert (status, first["new"], len(first["kept"])) == (200, 6, 6)
    status, again = post(server, json.dumps(sent).encode())
    assert (status, again["new"], again["kept"]) == (200, 0, first["kept"])
    teacher = Screen.open(server.port, {"role": "teacher", "secret": server.hub.keys.secret,
                                        "lang": "sv"})  # fmt: skip
    teacher.until("teacher")
    teacher.send({"type": "quiz_mastery"})
    table = teacher.until("mastery")["screen"]
    (row,) = table["rows"]
    cell = row["cells"][TOPICS.index("doubles")]
    assert (row["nickname"], cell["right"], cell["answered"]) == ("<b>Aino</b>", 4, 6)
    assert len(row["mistakes"]) == 2
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", f"/class/teacher/{server.hub.keys.secret}/mastery.csv")
    answer = connection.getresponse()
    lines = list(csv.reader(io.StringIO(answer.read().decode("utf-8"))))
    assert answer.getheader("Content-Type", "").startswith("text/csv")
    assert lines[1][:1] + lines[1][4:6] == ["<b>Aino</b>", "4", "6"]
    teacher.close()
    exported = tmp_path / "out" / "mastery.csv"
    exported.parent.mkdir()
    data = str(tmp_path / "t.sqlite3")
    done = serve_cli("--data", data, "--export-csv", str(exported), "--lang", "sv")
    assert done.returncode == 0, done.stderr
    assert list(csv.reader(io.StringIO(exported.read_text(encoding="utf-8")))) == lines


def test_results_without_the_code_or_that_are_garbage_are_refused_in_one_line(
    server: ClassServer, caplog: pytest.LogCaptureFixture
) -> None:
    code = class_code(server)
    token = enrolled(server.port, code, "Aino")
    bodies = [
        b"\x00garbage",
        json.dumps({"code": "WRONG", "nickname": "Aino", "results": results("a", 1)}).encode(),
        json.dumps({"code": code, "pupil": token, "results": [{"id": 3}]}).encode(),
        json.dumps({"code": code, "pupil": token, "results": "all"}).encode(),
        b"[" * 70_000,
    ]
    for body in bodies:
        with caplog.at_level(logging.WARNING, logger="blockdomino.server"):
            caplog.clear()
            status, _ = post(server, body)
        assert status == 400
        assert len([r for r in caplog.records if "practice results refused" in r.message]) == 1
    assert server.hub is not None
    assert asyncio.run(server.hub.store.history()) == []


def test_forget_class_deletes_what_was_kept_and_a_bad_file_is_said(tmp_path: Path) -> None:
    data = tmp_path / "t.sqlite3"
    (tmp_path / "site").mkdir()
    opened = open_server(
        make_site(tmp_path / "site"), host="127.0.0.1", port=0, lang="fi", data=data
    )
    with running(opened) as served:
        token = enrolled(served.port, class_code(served), "Bo")
        sent = {"code": class_code(served), "pupil": token, "results": results("bo", 2)}
        assert post(served, json.dumps(sent).encode())[0] == 200
    done = serve_cli("--data", str(data), "--forget-class", "--lang", "fi")
    assert done.returncode == 0, done.stderr
    assert "poistettu" in done.stdout
    out = tmp_path / "after.csv"
    assert serve_cli("--data", str(data), "--export-csv", str(out)).returncode == 0
    assert "Bo" not in out.read_text(encoding="utf-8")
    bad = serve_cli("--data", str(data), "--export-csv", str(tmp_path / "no" / "such" / "x.csv"))
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr
    assert serve_cli("--lang", "sv").returncode == 2
