"""Python compiled ahead for Pyodide: the archive's shape, and a missing Node said.

Compiling itself runs the site's Pyodide in Node; the browser tests build the app and
the site that way (``tests/browser/apps.py``, ``blockdomino site``) and play every chapter
in both.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from blockdomino.publish import bytecode
from blockdomino.publish.bytecode import BytecodeError, compiled_packages, compiled_stdlib
from blockdomino.words import explain


def _folder(root: Path) -> Path:
    for name, data in (
        ("pkg/__init__.pyc", b"\x00code"),
        ("pkg/data/fi.po", b"msgid ...\n"),
        ("pkg-1.0.dist-info/METADATA", b"Name: pkg\n"),
        ("another/module.pyc", b"\x01code"),
    ):
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


def test_the_archive_is_the_same_bytes_for_the_same_files(tmp_path: Path) -> None:
    """Entries sorted, dated 1980-01-01, stored (the server's brotli copy compresses
    them together), the same bytes however often it is packed."""
    folder = _folder(tmp_path / "compiled")
    first, second = tmp_path / "first.zip", tmp_path / "second.zip"
    bytecode._pack(folder, first)
    (folder / "another" / "module.pyc").touch()  # a newer time stamp changes nothing
    bytecode._pack(folder, second)
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as packed:
        names = packed.namelist()
        assert names == sorted(names, key=lambda name: Path(name).parts)
        assert {info.date_time for info in packed.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert {info.compress_type for info in packed.infolist()} == {zipfile.ZIP_STORED}
        assert packed.read("pkg/data/fi.po") == b"msgid ...\n"


def test_without_node_the_build_says_what_it_needs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bytecode.shutil, "which", lambda name: None)
    archive = tmp_path / "packages.zip"
    with pytest.raises(BytecodeError) as refused:
        compiled_packages(archive, pyodide=tmp_path, wheels=[])
    assert "`node`" in explain(refused.value, "fi")
    assert not archive.exists()


def test_a_failed_compilation_is_said_with_nodes_own_words(tmp_path: Path) -> None:
    """A folder that holds no Pyodide: Node's error, its last lines, in the message."""
    archive = tmp_path / "packages.zip"
    with pytest.raises(BytecodeError) as refused:
        compiled_packages(archive, pyodide=tmp_path / "no-pyodide", wheels=[])
    assert refused.value.key == "app.error.compile"
    assert "pyodide.mjs" in explain(refused.value, "en")
    assert not archive.exists()


def test_a_folder_without_pyodides_standard_library_is_said(tmp_path: Path) -> None:
    archive = tmp_path / "python_stdlib.zip"
    with pytest.raises(BytecodeError) as refused:
        compiled_stdlib(archive, pyodide=tmp_path / "no-pyodide")
    assert refused.value.key == "app.error.compile"
    assert "python_stdlib.zip" in explain(refused.value, "sv")
    assert not archive.exists()


def test_the_standard_library_is_compiled_by_node_or_the_build_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Compiling the standard library needs Node as the packages do."""
    monkeypatch.setattr(bytecode.shutil, "which", lambda name: None)
    pyodide = tmp_path / "pyodide"
    pyodide.mkdir()
    with zipfile.ZipFile(pyodide / "python_stdlib.zip", "w") as sources:
        sources.writestr("os.py", "sep = '/'\n")
    archive = tmp_path / "compiled.zip"
    with pytest.raises(BytecodeError) as refused:
        compiled_stdlib(archive, pyodide=pyodide)
    assert "`node`" in explain(refused.value, "en")
    assert not archive.exists()
