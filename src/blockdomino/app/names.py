"""Every file of the app under a name that carries its content's hash, so that a browser
keeps it for good and a reload asks the network for none of them.

The build's last step (:func:`name_by_content`) renames each file ``name.ext`` of the app
to ``name.<hash>.ext`` (:data:`DIGITS` hex digits of its SHA-256), and Pyodide's folder,
whose files Pyodide names itself, to ``pyodide.<hash>/`` (the hash of all its files).
What names a file is written to name the new one: the chapters their images, the web
app manifest its icon, the Python worker its modules and Pyodide's folder. The pages
(``index.html``, ``check.html``) name their style and scripts by the new names and carry
an import map from every old name to the new one (``./app.js`` to
``./app.1f2e3d4c5b6a.js``), by which the modules find each other and the chapters
(``import.meta.resolve``). The same files give the same names.

Python's files and the snapshot have a twin compressed with gzip beside them
(``name.gz``, :func:`write_twins`), for a server that compresses nothing. The pages,
``contents.json`` (what the page and the worker read first, and which names the rest)
and the service worker keep their names (:data:`ENTRIES`): a server sends them
``no-cache`` (asked again each time, a short 304 if unchanged) and every other file of
the app ``immutable`` (:func:`cache_control`).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath
from typing import Final

from blockdomino.files import write_atomic

STATIC: Final = Path(__file__).resolve().parent / "static"
"""The page, its style, its modules and its worker, as package data."""

SHARED: Final = frozenset({"board.js", "shared.js"})
"""The app's modules that the class server's pages load too, by the same name: a seat's
board is the app's board, and ``shared.js`` holds what both make alike (an element, a
random id, the class's storage keys)."""

DIGITS: Final = 12
"""The hex digits of a file's SHA-256 its name carries."""

ENTRIES: Final = ("index.html", "check.html", "contents.json", "sw.js")
"""The files that keep their names: the pages, what names the rest, the service worker."""

PAGES: Final = ("index.html", "check.html")

PYODIDE: Final = "pyodide"
"""Pyodide's folder, renamed whole (Pyodide names the files inside it itself)."""

WORKER_SCRIPT: Final = "worker.js"
"""The Python worker: it imports its modules by name (a worker has no import map)."""

MANIFEST: Final = "manifest.webmanifest"

IMMUTABLE: Final = "public, max-age=31536000, immutable"
"""A file named by its content: it never changes under that name."""
ASKED: Final = "no-cache"
"""An entry point: kept, but asked for again each time."""

_HASHED: Final = re.compile(rf"\.[0-9a-f]{{{DIGITS}}}(?:\.[^./]+)*$")
"""A name (of a file or of a folder) that carries a content hash."""

TWIN: Final = ".gz"
"""The suffix of a file's compressed twin."""

_IMPORT_MAP: Final = re.compile(r'<script type="importmap">(.*?)</script>', re.DOTALL)


def digest(data: bytes) -> str:
    """The hash a name carries of ``data``."""
    return hashlib.sha256(data).hexdigest()[:DIGITS]


def hashed(name: str, data: bytes) -> str:
    """``name`` (a path) with the hash of ``data`` before its last suffix."""
    path = PurePosixPath(name)
    return str(path.with_name(f"{path.stem}.{digest(data)}{path.suffix}"))


def cache_control(path: str) -> str | None:
    """The ``Cache-Control`` of a request's path inside an app (a folder holding
    ``index.html`` and ``sw.js`` as it is served; ``None`` outside one):
    :data:`IMMUTABLE` for a file named by its content, :data:`ASKED` for the rest."""
    parts = PurePosixPath(path).parts
    if "app" not in parts[:2]:
        return None
    return IMMUTABLE if any(_HASHED.search(part) for part in parts[1:]) else ASKED


def rewritten(text: str, names: Mapping[str, str]) -> str:
    """``text`` with every quoted name of ``names`` (``"name"`` or ``"./name"``, in a
    JSON string too) naming the new one instead."""
    if not names:
        return text
    choices = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    pattern = re.compile(rf"([\"'])(\./)?({choices})(?=\\?\1)")
    return pattern.sub(lambda m: f"{m[1]}{m[2] or ''}{names[m[3]]}", text)


def _rename(app: Path, name: str, names: dict[str, str]) -> None:
    """Rename the file ``name`` of ``app`` by its content, noted in ``names``."""
    new = hashed(name, (app / name).read_bytes())
    (app / name).rename(app / new)
    names[name] = new


def _rewrite_and_rename(app: Path, name: str, names: dict[str, str]) -> None:
    path = app / name
    write_atomic(path, rewritten(path.read_text(encoding="utf-8"), names))
    _rename(app, name, names)


def _pyodide(app: Path, names: dict[str, str]) -> None:
    """Rename Pyodide's folder by the hash of its files' names and bytes."""
    folder = app / PYODIDE
    files = sorted(path for path in folder.rglob("*") if path.is_file())
    whole = b"".join(
        path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() for path in files
    )
    renamed = f"{PYODIDE}.{digest(whole)}"
    folder.rename(app / renamed)
    names[f"{PYODIDE}/"] = f"{renamed}/"
    for path in files:
        names[f"{PYODIDE}/{path.relative_to(folder).as_posix()}"] = (
            f"{renamed}/{path.relative_to(folder).as_posix()}"
        )


def _files(app: Path, under: str) -> list[str]:
    return sorted(
        path.relative_to(app).as_posix() for path in (app / under).rglob("*") if path.is_file()
    )


def name_by_content(app: Path) -> dict[str, str]:
    """Rename every file of the built ``app`` but :data:`ENTRIES` by its content,
    writing into the files that name others (the chapters, the manifest, the Python
    worker) the new names first; every old name with its new one. The pages are
    :func:`write_import_maps`'."""
    names: dict[str, str] = {}
    if (app / PYODIDE).is_dir():
        _pyodide(app, names)
    for name in _files(app, "images") if (app / "images").is_dir() else []:
        _rename(app, name, names)
    for name in _files(app, "chapters") if (app / "chapters").is_dir() else []:
        _rewrite_and_rename(app, name, names)
    last = (MANIFEST, WORKER_SCRIPT)
    for path in sorted(app.iterdir()):
        if path.is_file() and path.name not in (*ENTRIES, *last):
            _rename(app, path.name, names)
    for name in last:
        if (app / name).is_file():
            _rewrite_and_rename(app, name, names)
    return names


def write_import_maps(app: Path, names: Mapping[str, str]) -> None:
    """Write into each page of ``app`` the new names of what it names, and an import map
    from every old name to the new one, before any script."""
    entries = {f"./{old}": f"./{new}" for old, new in sorted(names.items())}
    mapped = json.dumps({"imports": entries}, indent=0)
    for page in PAGES:
        path = app / page
        if not path.is_file():
            continue
        text = rewritten(path.read_text(encoding="utf-8"), names)
        tag = f'<script type="importmap">\n{mapped}\n</script>\n'
        head = text.index("<meta charset")
        head = text.index("\n", head) + 1
        write_atomic(path, text[:head] + tag + text[head:])


def built_names(app: Path) -> dict[str, str]:
    """The new name of every file of the built ``app`` by its old one, as its page's
    import map gives them (none for an app built without one)."""
    page = app / PAGES[0]
    found = _IMPORT_MAP.search(page.read_text(encoding="utf-8")) if page.is_file() else None
    if found is None:
        return {}
    imports: dict[str, str] = json.loads(found[1])["imports"]
    return {old.removeprefix("./"): new.removeprefix("./") for old, new in imports.items()}


def built_name(app: Path, name: str) -> str:
    """The name the file ``name`` has in the built ``app`` (``name`` itself where the
    build kept it)."""
    return built_names(app).get(name, name)


def write_twins(app: Path, files: Iterable[str]) -> None:
    """Write beside each of ``files`` of ``app`` its twin compressed with gzip (at the
    best level, with no time stamp: the same bytes as the class server's copy): a server
    that compresses nothing (``python -m http.server``) sends Python's files at a third
    of their size, as the worker asks for the twins where the server compressed not
    even ``contents.json`` (``worker.js``)."""
    for name in files:
        data = (app / name).read_bytes()
        write_atomic(app / f"{name}{TWIN}", gzip.compress(data, compresslevel=9, mtime=0))
