"""Python compiled ahead for Pyodide: the app's packages, and the standard library of
the app and of the JupyterLab part.

In the browser, Pyodide compiled every module it imported from its source: every module
of the app's wheels, and every module of the standard library Pyodide itself imports
while it starts (its ``python_stdlib.zip`` holds sources only). That was most of the
time the app's first table waited for Python, and seconds of every kernel's start in
the JupyterLab part. The builds instead run the site's own Pyodide in Node
(``compile.mjs``), compile every module to bytecode for Pyodide's Python, and pack the
result into a zip:

- the app's packages (the bytecode, the catalogs, Babel's locale data, the packages'
  metadata, no sources), which the app's worker unpacks into its ``site-packages``;
- the standard library, which Pyodide imports from as it did from its own: without
  sources for the app, with them for JupyterLab, where a traceback, ``??`` or
  completion may show a learner the library's code. Python takes the bytecode first.

Node is already what the site build needs to fetch Pyodide from the npm registry. It runs
in a process group of its own, stopped with the build (``publish.processes``).
An archive is the same bytes for the same input: bytecode marked to be used unchecked
carries no time stamp, and the zip's entries are sorted, dated 1980-01-01. Its entries
are stored, not compressed one by one: the server sends the archive's brotli copy
(``server.precompress``), which compresses across the entries and is a third smaller
than a zip of entries deflated each (the app's standard library 2.9 MB, not 4.5 MB).
"""

from __future__ import annotations

import shutil
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from blockdomino.engine.errors import BlockdominoError
from blockdomino.publish import processes

SCRIPT: Final = Path(__file__).resolve().parent / "compile.mjs"
"""The Node script that compiles with Pyodide (package data)."""

STDLIB: Final = "python_stdlib.zip"
"""Pyodide's standard library, as its core files name it."""

_DATE: Final = (1980, 1, 1, 0, 0, 0)


class BytecodeError(BlockdominoError):
    """Python could not be compiled ahead."""


def _compile(
    pyodide: Path, wheels: Sequence[Path], folder: Path, *, keep_sources: bool = False
) -> None:
    node = shutil.which("node")
    if node is None:
        raise BytecodeError("app.error.node")
    keep = ["--keep-sources"] if keep_sources else []
    command = [node, str(SCRIPT), *keep, str(pyodide), str(folder), *map(str, wheels)]
    done = processes.run(command)
    if done.returncode:
        raise BytecodeError("app.error.compile", reason=done.stderr.strip()[-400:])


def _pack(folder: Path, archive: Path) -> None:
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as packed:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            entry = zipfile.ZipInfo(path.relative_to(folder).as_posix(), _DATE)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_STORED
            packed.writestr(entry, path.read_bytes())


def compiled_packages(archive: Path, *, pyodide: Path, wheels: Sequence[Path]) -> Path:
    """Write ``archive``: the ``wheels`` unpacked, compiled by the Pyodide whose core
    files are in ``pyodide``, without their sources; ``archive`` itself."""
    with tempfile.TemporaryDirectory(prefix="blockdomino-bytecode-") as folder:
        _compile(pyodide, wheels, Path(folder))
        _pack(Path(folder), archive)
    return archive


def compiled_stdlib(
    archive: Path, *, pyodide: Path, keep_sources: bool = False, leaving: Sequence[str] = ()
) -> Path:
    """Write ``archive``: the standard library of the Pyodide whose core files are in
    ``pyodide`` (its ``python_stdlib.zip``), but the modules and packages named in
    ``leaving``, compiled by that Pyodide, without its sources unless ``keep_sources``;
    ``archive`` itself. Pyodide imports from it in place of its own."""
    if not (pyodide / STDLIB).is_file():
        raise BytecodeError("app.error.compile", reason=f"{pyodide / STDLIB}: no such file")
    with tempfile.TemporaryDirectory(prefix="blockdomino-stdlib-") as folder:
        with zipfile.ZipFile(pyodide / STDLIB) as sources:
            sources.extractall(folder)
        for name in leaving:
            shutil.rmtree(Path(folder) / name, ignore_errors=True)
            (Path(folder) / f"{name}.py").unlink(missing_ok=True)
        _compile(pyodide, [], Path(folder), keep_sources=keep_sources)
        _pack(Path(folder), archive)
    return archive
