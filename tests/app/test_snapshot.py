"""The build's memory snapshot: its header names the Pyodide and the memory, and a
failure is said (``test_app_build`` checks that the app names it and keeps it offline).

Taking it runs the app's Pyodide in Node; the browser tests build the app that way
(``tests/browser/apps.py``), check that two builds give the same bytes, and that a
second visit boots from it, or starts afresh when it does not match.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from blockdomino.app import snapshot
from blockdomino.app.snapshot import HEADER_BYTES, SNAPSHOT, header, write_snapshot
from blockdomino.publish.bytecode import BytecodeError
from blockdomino.words import explain


def test_the_header_names_the_pyodide_and_the_memory() -> None:
    """ASCII, :data:`HEADER_BYTES` long (a whole number of words), the version and a
    digest: another memory or another Pyodide, another header."""
    named = header("314.0.6", b"memory")
    assert len(named.encode("ascii")) == HEADER_BYTES
    assert HEADER_BYTES % 4 == 0
    assert named.split()[:2] == ["blockdomino-snapshot", "pyodide=314.0.6"]
    assert named == header("314.0.6", b"memory")
    assert header("314.0.7", b"memory") != named
    assert header("314.0.6", b"memory!") != named


def _node(stdout: str, returncode: int = 0, memory: bytes | None = b"\x01\x02\x03\x04") -> Any:
    """A stand-in for Node running ``snapshot.mjs``: writes ``memory`` to the file asked."""

    def run(command: Sequence[str], **_: object) -> subprocess.CompletedProcess[str]:
        assert command[1] == str(snapshot.SCRIPT)
        if memory is not None:
            Path(command[3]).write_bytes(memory)
        return subprocess.CompletedProcess(command, returncode, stdout, "Snapshot failed: oops")

    return run


def test_the_snapshot_is_the_header_then_the_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(snapshot.processes, "run", _node("314.0.6\n"))
    named = write_snapshot(tmp_path)
    data = (tmp_path / SNAPSHOT).read_bytes()
    assert data[:HEADER_BYTES].decode("ascii").rstrip() == named
    assert data[HEADER_BYTES:] == b"\x01\x02\x03\x04"
    assert named == header("314.0.6", b"\x01\x02\x03\x04").rstrip()


@pytest.mark.parametrize(("returncode", "memory"), [(1, b"half"), (0, None)])
def test_a_snapshot_not_taken_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, returncode: int, memory: bytes | None
) -> None:
    monkeypatch.setattr(snapshot.processes, "run", _node("", returncode, memory))
    with pytest.raises(BytecodeError) as refused:
        write_snapshot(tmp_path)
    assert "oops" in explain(refused.value, "sv")
    assert not (tmp_path / SNAPSHOT).exists()


def test_without_node_the_build_says_what_it_needs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(snapshot.shutil, "which", lambda name: None)
    with pytest.raises(BytecodeError) as refused:
        write_snapshot(tmp_path)
    assert "`node`" in explain(refused.value, "fi")
