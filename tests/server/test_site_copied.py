"""A built site copied elsewhere starts at once: its files have new times, but the
build stamp's hashes show them as built, copies and all, so ``serve`` compresses none
of them again; only a file changed since the build is compressed, and the teacher is
told so, in their language, before the work starts."""

from __future__ import annotations

import gzip
import os
import shutil
import time
from pathlib import Path

import pytest

from blockdomino.publish.staging import write_stamp
from blockdomino.server import precompress
from blockdomino.server.run import open_server
from blockdomino.words.i18n import translate

FILES = {
    "index.html": "<p>Block</p>\n" * 200,
    "jupyter-lite.json": '{"appName": "Block"}\n' * 100,
    "app/app.js": "const tile = [1, 4];\n" * 400,
    "app/chapters.json": '{"chapter": 1}\n' * 300,
    "app/tiny.css": "p{}",
}


def built_site(folder: Path) -> Path:
    """A small site as ``blockdomino site`` leaves it: its files, their copies, the
    build stamp written last."""
    for name, text in FILES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    precompress.site_part(folder)
    write_stamp(folder)
    return folder


def copied(site: Path, to: Path) -> Path:
    """``site`` copied as a teacher copies it: every file with a new time, the mark of
    the last compression copied first (older than the files)."""
    shutil.copytree(site, to, copy_function=shutil.copyfile)
    now = time.time()
    for path in to.rglob("*"):
        moment = now - 60 if path.name == precompress.STAMP else now - 30
        os.utime(path, (moment, moment))
    return to


def serve_once(site: Path, heard: list[str], lang: str = "fi") -> None:
    """Open a server of ``site`` as ``serve`` does (what it says to ``heard``), then
    close it."""
    server = open_server(site, host="127.0.0.1", port=0, lang=lang, tables=False, say=heard.append)
    server.sock.close()


@pytest.fixture
def heard(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the server says and, as "compressed SIZE", each file it compresses from now
    on, in the order they happen."""
    events: list[str] = []
    real = precompress.compressed

    def counted(data: bytes, encoding: str) -> bytes:
        events.append(f"compressed {len(data)}")
        return real(data, encoding)

    monkeypatch.setattr(precompress, "compressed", counted)
    return events


def test_a_copied_site_is_not_compressed_again(tmp_path: Path, heard: list[str]) -> None:
    site = built_site(tmp_path / "built")
    heard.clear()
    copy = copied(site, tmp_path / "stick")
    serve_once(copy, heard)
    assert heard == [translate("serve.checking", "fi", count=4)]
    assert (copy / "app/app.js.br").read_bytes() == (site / "app/app.js.br").read_bytes()
    serve_once(copy, heard)
    assert len(heard) == 1, "checked once: the next start reads nothing"


def test_a_file_changed_since_the_build_is_compressed_after_saying_so(
    tmp_path: Path, heard: list[str]
) -> None:
    copy = copied(built_site(tmp_path / "built"), tmp_path / "copy")
    heard.clear()
    changed = copy / "app/app.js"
    changed.write_text("const tile = [2, 5];\n" * 400, encoding="utf-8")
    serve_once(copy, heard, "sv")
    size = changed.stat().st_size
    assert heard == [
        translate("serve.checking", "sv", count=4),
        translate("serve.compressing", "sv", count=1, megabytes=1),
        f"compressed {size}",
        f"compressed {size}",
    ]
    assert gzip.decompress((copy / "app/app.js.gz").read_bytes()) == changed.read_bytes()


def test_a_site_built_without_copies_gets_them_all(tmp_path: Path, heard: list[str]) -> None:
    site = tmp_path / "old"
    for name, text in FILES.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text, encoding="utf-8")
    write_stamp(site)
    serve_once(site, heard, "en")
    assert heard[:2] == [
        translate("serve.checking", "en", count=4),
        translate("serve.compressing", "en", count=4, megabytes=1),
    ]
    assert len(heard) == 2 + 8
    assert (site / "app/chapters.json.br").is_file()
