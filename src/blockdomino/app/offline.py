"""The app offline: the service worker the build writes, with its version and its files.

``sw.js`` is the app's service worker (``service_worker.js``) after five lines the
build writes: ``VERSION``, a digest of every file of the app, ``FILES``, the files it
keeps when it installs, the page first, ``ENTRIES``, those of them that keep their names
(``blockdomino.app.names``: asked again each time), ``TWINS``, those that have a
compressed twin (fetched instead from a server that compresses nothing), and
``SNAPSHOT``, the memory
snapshot (``blockdomino.app.snapshot``) with its size in bytes, named apart: the service
worker fetches it only when the page asks, once the first tile shows, so that a first
visit moves no more than Python needs. The same app gives the same bytes; any change to
any file gives a new version, which the browser installs beside the old and starts once
no tab shows the old (``service_worker.js`` says how).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Final

from blockdomino.app.names import ENTRIES, TWIN, built_name
from blockdomino.app.snapshot import SNAPSHOT
from blockdomino.files import write_atomic

WORKER: Final = "sw.js"
"""The service worker's file, at the top of the app (its scope is the whole app)."""

_BODY: Final = Path(__file__).resolve().parent / "service_worker.js"
"""What the service worker does, as package data."""

_PAGE: Final = "index.html"


def kept_files(app: Path) -> list[str]:
    """Every file of the built ``app`` the service worker keeps when it installs, as
    addresses relative to the app: the page first, then the rest in order; never the
    worker itself, nor the snapshot (:func:`later_files`), nor the compressed twins (the
    worker hands over the files it took from them)."""
    names = sorted(
        path.relative_to(app).as_posix()
        for path in app.rglob("*")
        if path.is_file() and path.name != WORKER
    )
    snapshot = built_name(app, SNAPSHOT)
    kept = (name for name in names if name not in (_PAGE, snapshot) and not name.endswith(TWIN))
    return [_PAGE, *kept]


def later_files(app: Path) -> dict[str, int]:
    """The files of ``app`` the service worker fetches only once Python has started (the
    snapshot, where the build took one), with their sizes in bytes."""
    names = [built_name(app, SNAPSHOT)]
    return {name: (app / name).stat().st_size for name in names if (app / name).is_file()}


def version(app: Path, files: list[str]) -> str:
    """A digest of the names and bytes of ``files`` of ``app`` (and of the worker's own
    text): the same for the same app, another for any change."""
    digest = hashlib.sha256(_BODY.read_bytes())
    for name in files:
        digest.update(name.encode() + b"\0")
        digest.update(hashlib.sha256((app / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_service_worker(app: Path) -> Path:
    """Write ``sw.js`` into the built ``app``, keeping every other file of it."""
    files, later = kept_files(app), later_files(app)
    header = f"const VERSION = {json.dumps(version(app, [*files, *later]))};\n"
    header += f"const FILES = {json.dumps(files, indent=0)};\n"
    header += f"const ENTRIES = {json.dumps([name for name in files if name in ENTRIES])};\n"
    twins = [name for name in files if (app / f"{name}{TWIN}").is_file()]
    header += f"const TWINS = {json.dumps(twins, indent=0)};\n"
    header += f"const SNAPSHOT = {json.dumps(later)};\n"
    return write_atomic(app / WORKER, header + _BODY.read_text(encoding="utf-8"))
