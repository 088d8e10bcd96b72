"""The app's Python packages as one archive of bytecode, compiled ahead for Pyodide.

In the browser, Pyodide compiled every module of its wheels from its source on
the first import: about half of the time the first table waited for Python. The app
build instead runs the app's own Pyodide once in Node (``compile.mjs``), compiles every
module to bytecode for Pyodide's Python, drops the sources, and packs what is left
(the bytecode, the catalogs, Babel's locale data, the packages' metadata) into one zip,
which the worker unpacks into its ``site-packages``. Node is already what the site
build needs to fetch Pyodide from the npm registry.

The archive is the same bytes for the same wheels: bytecode marked to be used
unchecked carries no time stamp, and the zip's entries are sorted, dated 1980-01-01.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from blockdomino.engine.errors import BlockdominoError

SCRIPT: Final = Path(__file__).resolve().parent / "compile.mjs"
"""The Node script that compiles with Pyodide (package data)."""

_DATE: Final = (1980, 1, 1, 0, 0, 0)


class BytecodeError(BlockdominoError):
    """The app's packages could not be compiled."""


def _compile(pyodide: Path, wheels: Sequence[Path], folder: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise BytecodeError("app.error.node")
    command = [node, str(SCRIPT), str(pyodide), str(folder), *map(str, wheels)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise BytecodeError("app.error.compile", reason=done.stderr.strip()[-400:])


def _pack(folder: Path, archive: Path) -> None:
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as packed:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            entry = zipfile.ZipInfo(path.relative_to(folder).as_posix(), _DATE)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            packed.writestr(entry, path.read_bytes())


def compiled_packages(archive: Path, *, pyodide: Path, wheels: Sequence[Path]) -> None:
    """Write ``archive``: the ``wheels`` unpacked, compiled by the Pyodide whose core
    files are in ``pyodide``, without their sources."""
    with tempfile.TemporaryDirectory(prefix="blockdomino-bytecode-") as folder:
        _compile(pyodide, wheels, Path(folder))
        _pack(Path(folder), archive)
