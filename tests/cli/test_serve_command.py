"""``blockdomino serve``: the address and its QR code printed, one line on Ctrl-C, and a
folder that cannot be served refused with exit status 2 in the chosen language."""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
import segno

from blockdomino.cli import main
from blockdomino.publish.staging import write_stamp
from blockdomino.stores.keys import class_keys
from blockdomino.words.i18n import LANGS, translate

SRC = Path(__file__).resolve().parents[2] / "src"
LIGHT_ABOVE = "█▀"
LIGHT_BELOW = "█▄"


def terminal_matrix(lines: list[str], border: int) -> list[list[bool]]:
    """The dark modules of a QR code drawn two rows per character (segno's compact
    terminal output: light halves drawn, dark ones left blank); the border taken off."""
    rows: list[list[bool]] = []
    for line in lines:
        rows.append([char not in LIGHT_ABOVE for char in line])
        rows.append([char not in LIGHT_BELOW for char in line])
    size = len(lines[0])
    return [row[border : size - border] for row in rows[border : size - border]]


def qr_matrix(text: str) -> list[list[bool]]:
    return [[bool(module) for module in row] for row in segno.make_qr(text).matrix]


def opened(link: str) -> int:
    """The status of the first answer to ``link`` (a redirect not followed)."""
    parts = urllib.parse.urlsplit(link)
    connection = http.client.HTTPConnection(parts.netloc, timeout=10)
    connection.request("GET", parts.path)
    status = connection.getresponse().status
    connection.close()
    return status


def site(folder: Path) -> Path:
    for name in ("index.html", "jupyter-lite.json"):
        (folder / name).write_text("{}")
    write_stamp(folder)
    return folder


@pytest.mark.parametrize("lang", LANGS)
def test_the_command_prints_the_address_and_its_code_and_stops_on_ctrl_c(
    tmp_path: Path, lang: str
) -> None:
    command = [sys.executable, "-m", "blockdomino.cli", "serve", str(site(tmp_path))]
    data = tmp_path / "tables.sqlite3"
    options = ["--host", "127.0.0.1", "--port", "0", "--lang", lang, "--data", str(data)]
    env = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONIOENCODING": "utf-8"}
    process = subprocess.Popen(
        [*command, *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        url = first.rstrip("\n").rpartition(" ")[2]
        assert first == translate("serve.open", lang, address=url) + "\n"
        printed = [process.stdout.readline().rstrip("\n") for _ in range(5)]
        assert printed[-1] == translate("serve.stop", lang)
        origin = url.split("/app/")[0].rstrip("/")
        code = class_keys(tmp_path).code
        address = f"{origin}/class/?lang={lang}&code={code}"
        tables = translate("serve.class", lang, address=address)
        assert printed[0] == tables
        assert printed[2].startswith(translate("serve.teacher", lang, address=f"{origin}/class/"))
        link = printed[2].rpartition(" ")[2]
        assert class_keys(tmp_path).secret not in link
        assert [opened(link) for _ in range(2)] == [303, 403]  # a one-time link
        drawn = []
        while line := process.stdout.readline().rstrip("\n"):
            drawn.append(line)
        with urllib.request.urlopen(url, timeout=10) as answer:
            assert answer.status == 200
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    finally:
        process.kill()
    assert terminal_matrix(drawn, border=2) == qr_matrix(url)
    assert out == translate("serve.stopped", lang) + "\n"
    assert err.splitlines() == ["a link to the teacher's page refused: used before, or a guess"]
    assert process.returncode == 0


@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_folder_is_refused_in_the_language(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere"
    assert main(["serve", str(missing), "--host", "127.0.0.1", "--lang", lang]) == 2
    said = translate("serve.error.missing", lang, path=missing)
    assert capsys.readouterr().err == f"blockdomino: {said}\n"


@pytest.mark.parametrize("lang", LANGS)
def test_a_folder_that_is_no_site_is_refused_in_the_language(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "index.html").write_text("<p>a page</p>")
    assert main(["serve", str(tmp_path), "--host", "127.0.0.1", "--lang", lang]) == 2
    said = translate("serve.error.not_a_site", lang, path=tmp_path)
    assert capsys.readouterr().err == f"blockdomino: {said}\n"
