"""Later visits start at once: the app's Python saved, its bridge already imported.

The build boots the app's own Pyodide in Node (``snapshot.mjs``), with the app's
standard library and packages as the browser has them, imports
``blockdomino.app.bridge``, opens every live piece of the app's chapters once (so that
a chapter's first view finds its words, its language's data and its modules in memory;
the memory grows from 30 to 36 MiB, and the worker grows Pyodide's to match before it
copies the snapshot in) and saves Pyodide's memory: :data:`SNAPSHOT`, behind a header
of :data:`HEADER_BYTES` bytes that names the Pyodide version and a digest of the memory
saved. The same app gives the same bytes (``snapshot.mjs`` says how), so the service
worker's version changes only when the app does.

The service worker does not install the snapshot with the other files: once the first
tile shows, the page asks it to fetch the snapshot, in the background, into the same
cache (``blockdomino.app.offline``), so that a first visit moves only what Python needs
before its first tile. The worker boots from it only when the service worker's copy is there,
has the size ``contents.json`` names, and its header is the one ``contents.json`` names
with the Pyodide the worker loaded. Without it, or with another, the worker starts
Python as on a first visit. The files of ``packages.zip`` are not in the memory saved
(Pyodide keeps its files apart from the memory): the worker unpacks them either way.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from pathlib import Path
from typing import Final

from blockdomino.files import write_atomic
from blockdomino.publish import processes
from blockdomino.publish.bytecode import BytecodeError

SNAPSHOT: Final = "snapshot.data"
"""The snapshot's file, at the top of the app (``.data``: the site's server sends it
compressed, a fifth of its size)."""

HEADER_BYTES: Final = 64
"""The header's length: ASCII, padded with spaces (a multiple of four, as Pyodide reads
the memory after it in words)."""

SCRIPT: Final = Path(__file__).resolve().parent / "snapshot.mjs"
"""The Node script that takes the snapshot (package data)."""


def header(version: str, memory: bytes) -> str:
    """The snapshot's header: the Pyodide ``version`` it was taken with and a digest of
    its ``memory``, padded to :data:`HEADER_BYTES`."""
    named = f"blockdomino-snapshot pyodide={version} key={hashlib.sha256(memory).hexdigest()[:16]}"
    return named.ljust(HEADER_BYTES)


def write_snapshot(app: Path) -> str:
    """Write :data:`SNAPSHOT` into the built ``app`` (its ``pyodide/``,
    ``packages.zip`` and ``chapters/`` in place); its header, unpadded."""
    node = shutil.which("node")
    if node is None:
        raise BytecodeError("app.error.node")
    with tempfile.TemporaryDirectory(prefix="blockdomino-snapshot-") as folder:
        taken = Path(folder) / SNAPSHOT
        done = processes.run([node, str(SCRIPT), str(app), str(taken)])
        if done.returncode or not taken.is_file():
            raise BytecodeError("app.error.snapshot", reason=done.stderr.strip()[-400:])
        memory = taken.read_bytes()
    named = header(done.stdout.strip(), memory)
    write_atomic(app / SNAPSHOT, named.encode("ascii") + memory)
    return named.rstrip()
