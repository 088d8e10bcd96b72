"""Atomic writes: the old file survives any failure, and no temporary file is left."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from blockdomino.files import write_atomic


def test_text_and_bytes_are_written_whole(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    write_atomic(target, "ääkköset")
    assert target.read_text(encoding="utf-8") == "ääkköset"
    write_atomic(target, b"\x00\x01")
    assert target.read_bytes() == b"\x00\x01"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.json"
    target.write_text("old", encoding="utf-8")

    def full_disk(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.json"]


def test_a_missing_folder_is_an_os_error_naming_the_file_asked_for(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "game.json"
    with pytest.raises(FileNotFoundError) as refused:
        write_atomic(target, "x")
    assert refused.value.filename == str(target)  # never the hidden temporary's name


def test_the_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "page.html"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    write_atomic(target, "new")
    assert target.stat().st_mode & 0o777 == 0o640
