"""The site build writes the compressed copies the class server sends: ``blockdomino
site`` runs ``server.precompress`` as its last part, so a built site holds them (and its
build stamp names them); the app's zips, their entries stored, get a copy smaller
than a zip of entries deflated each, which itself gets none."""

from __future__ import annotations

import functools
import random
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from blockdomino.cli import main
from blockdomino.publish import site
from blockdomino.server.precompress import WORTH, precompress


def _module_text(number: int) -> bytes:
    """Bytes like a compiled module's: names and constants repeated across modules."""
    rng = random.Random(number)
    words = [f"name_{rng.randrange(400)}".encode() for _ in range(600)]
    return b"\x00".join(words)


def _zip(path: Path, how: int) -> Path:
    with zipfile.ZipFile(path, "w", how) as packed:
        for number in range(60):
            packed.writestr(f"lib/module_{number}.pyc", _module_text(number))
    return path


def test_a_zip_of_stored_entries_gets_a_copy_smaller_than_one_deflated_each(tmp_path: Path) -> None:
    stored = _zip(tmp_path / "stored.zip", zipfile.ZIP_STORED)
    deflated = _zip(tmp_path / "deflated.zip", zipfile.ZIP_DEFLATED)
    precompress(tmp_path)
    copy = tmp_path / "stored.zip.br"
    assert copy.is_file()
    assert copy.stat().st_size < deflated.stat().st_size * 0.8
    assert copy.stat().st_size < stored.stat().st_size * WORTH
    assert not (tmp_path / "deflated.zip.br").exists()


def test_the_site_build_writes_the_compressed_copies_last(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parts: list[Callable[[Path], int]] = []

    def build(out: Path, *, also: Sequence[Callable[[Path], int]] = (), **_: object) -> int:
        parts.extend(also)
        return 0

    monkeypatch.setattr(site, "build", build)
    assert main(["site", "--out", str(tmp_path / "out")]) == 0
    *first, last = parts
    assert [isinstance(part, functools.partial) for part in first] == [True]
    assert not isinstance(last, functools.partial), "the app is built before its copies"
    folder = tmp_path / "built"
    folder.mkdir()
    (folder / "app.js").write_text("const tile = 1;\n" * 400)
    assert (
        last(folder)
        == (folder / "app.js.br").stat().st_size + (folder / "app.js.gz").stat().st_size
    )
