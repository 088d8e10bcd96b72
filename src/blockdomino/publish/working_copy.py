"""The learner's own copy of the tutorial, where JupyterLab opens it.

The installed tutorial is the package's and must stay as it is, so ``blockdomino
tutorial`` copies it into a folder of the learner's (``./blockdomino-tutorial/`` unless
told otherwise) and opens that. Run again, it brings in what a newer package changed,
and never overwrites a learner's work:

- a file the folder lacks is copied;
- a file as the tutorial has it now is left alone;
- a file as an earlier copy wrote it (the manifest, :data:`MANIFEST`, keeps the hash of
  every file copied) is replaced by the newer version;
- any other file is the learner's: it stays, and if the tutorial has changed since it
  was copied, the newer version goes beside it, ``01_yhdistaminen-0.2.0.ipynb`` (the
  package's version in its name).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from blockdomino.files import write_atomic
from blockdomino.publish.tutorial import CHAPTERS, IMAGES
from blockdomino.words.i18n import LANGS

FOLDER: Final = Path("blockdomino-tutorial")
"""The working folder, relative to where the command runs, unless told otherwise."""

MANIFEST: Final = ".blockdomino-tutorial.json"
"""The working folder's record of what was copied: each file's SHA-256 as written."""


class MissingTutorialError(Exception):
    """The installed tutorial lacks a notebook (a message for the CLI)."""


@dataclass(frozen=True)
class Beside:
    """A file the learner changed, and the newer version written beside it."""

    changed: Path
    newer: Path


@dataclass(frozen=True)
class Copy:
    """What one update of the working folder did: the files written in place, the newer
    versions written beside the learner's changes, and every notebook in the folder that
    is the tutorial's own (JupyterLab may trust those)."""

    folder: Path
    written: tuple[Path, ...]
    beside: tuple[Beside, ...]
    tutorial_notebooks: tuple[Path, ...]


def tutorial_files(root: Path) -> Iterator[str]:
    """Every file of the tutorial under ``root``, as a path relative to it: each
    chapter's notebook and each diagram, language by language."""
    for lang in LANGS:
        for chapter in CHAPTERS:
            if not chapter.path(lang, root=root).is_file():
                raise MissingTutorialError(f"no tutorial notebook {chapter.path(lang, root=root)}")
            yield f"{lang}/{chapter.filename(lang)}"
        for image in sorted((root / lang / IMAGES).glob("*")):
            yield f"{lang}/{IMAGES}/{image.name}"


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def version() -> str:
    """The installed package's version, which names a newer copy put beside a file."""
    try:
        return importlib.metadata.version("blockdomino")
    except importlib.metadata.PackageNotFoundError:
        return "new"


def update(folder: Path, *, root: Path) -> Copy:
    """Bring the working ``folder`` up to the tutorial under ``root`` (see the module's
    rules); returns what was done."""
    record = folder / MANIFEST
    copied: dict[str, str] = (
        json.loads(record.read_text(encoding="utf-8")) if record.is_file() else {}
    )
    written, beside, ours = [], [], []
    for name in tutorial_files(root):
        data = (root / name).read_bytes()
        target, new = folder / name, digest(data)
        found = digest(target.read_bytes()) if target.is_file() else None
        if found in (None, new, copied.get(name)):
            if found != new:
                target.parent.mkdir(parents=True, exist_ok=True)
                written.append(write_atomic(target, data))
            copied[name] = new
            ours.append(target)
        elif copied.get(name) != new:
            newer = _beside(target, data)
            beside.append(Beside(target, newer))
            ours.append(newer)
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(record, json.dumps(copied, indent=1, sort_keys=True) + "\n")
    notebooks = tuple(path for path in ours if path.suffix == ".ipynb")
    return Copy(folder, tuple(written), tuple(beside), notebooks)


def _beside(changed: Path, data: bytes) -> Path:
    """Write ``data`` beside the learner's ``changed`` file, under the first free name
    (or one holding the same bytes already); the path written."""
    stem = f"{changed.stem}-{version()}"
    newer, number = changed.with_name(stem + changed.suffix), 1
    while newer.exists() and newer.read_bytes() != data:
        number += 1
        newer = changed.with_name(f"{stem}-{number}{changed.suffix}")
    return write_atomic(newer, data)
