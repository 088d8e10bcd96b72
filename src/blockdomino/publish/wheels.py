"""The wheels the offline site installs in the browser: the project's own, and Babel's
slimmed to the tutorial's languages.

The site carries the tutorial's notebooks as files, so the project's wheel in it leaves
the packaged copy (``blockdomino/tutorial/``) out. That wheel is built from the source
checkout when there is one, else packed again from the installed package.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import re
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Final

from blockdomino.publish.tutorial import source_checkout

PACKAGED_TUTORIAL: Final = "blockdomino/tutorial/"
"""Where the wheel carries the tutorial's notebooks."""

_LEFT_BEHIND: Final = re.compile(
    r"(^|/)__pycache__/|\.pyc$|^\.\./|\.dist-info/(RECORD|INSTALLER|REQUESTED|direct_url\.json)$"
)
"""Installed files that are no part of a wheel: compiled modules, scripts written
outside the package, and what the installer wrote about the install."""
_LOCALE_DATA: Final = re.compile(r"^babel/locale-data/([A-Za-z0-9_]+)\.dat$")


class WheelError(Exception):
    """The project's wheel cannot be made (a message for the CLI)."""


def _without_tutorial(name: str) -> bool:
    return not name.startswith(PACKAGED_TUTORIAL)


def project_wheel(out: Path) -> Path:
    """The project's wheel without its packaged tutorial, written into ``out``."""
    source = source_checkout()
    wheel = _built(source, out) if source else _packed_again(out)
    rewrite(wheel, keep=_without_tutorial)
    return wheel


def _built(source: Path, out: Path) -> Path:
    """The wheel built from the source checkout ``source``."""
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out)]
    done = subprocess.run([*command, str(source)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise WheelError(f"pip wheel {source} failed:\n{(done.stdout + done.stderr)[-3000:]}")
    (wheel,) = out.glob("blockdomino-*.whl")
    return wheel


def _packed_again(out: Path) -> Path:
    """The installed package packed as the wheel it was installed from; its RECORD new."""
    found = importlib.metadata.distribution("blockdomino")
    version = found.version
    wheel = out / f"blockdomino-{version}-py3-none-any.whl"
    out.mkdir(parents=True, exist_ok=True)
    names = sorted(str(name) for name in found.files or () if not _LEFT_BEHIND.search(str(name)))
    if not names:
        raise WheelError("the installed blockdomino lists no files to pack")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as packed:
        for name in names:
            packed.writestr(name, Path(str(found.locate_file(name))).read_bytes())
        packed.writestr(f"blockdomino-{version}.dist-info/RECORD", "")
    rewrite(wheel, keep=lambda name: True)
    return wheel


def rewrite(wheel: Path, *, keep: Callable[[str], bool]) -> None:
    """Rewrite ``wheel`` with only the files ``keep`` accepts, and its RECORD listing
    exactly them with their hashes and sizes."""
    slim = wheel.with_suffix(".slim")
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(slim, "w", zipfile.ZIP_DEFLATED) as to:
        items = [item for item in source.infolist() if keep(item.filename)]
        record = next(item for item in items if item.filename.endswith(".dist-info/RECORD"))
        lines = []
        for item in items:
            if item is record:
                continue
            data = source.read(item)
            to.writestr(item, data)
            lines.append(f"{item.filename},{_hash(data)},{len(data)}\n")
        to.writestr(record, "".join([*lines, f"{record.filename},,\n"]))
    slim.replace(wheel)


def _hash(data: bytes) -> str:
    """A RECORD's hash: ``sha256=`` and the digest in URL-safe base64 without padding."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode()}"


def babel_keeping(langs: tuple[str, ...]) -> Callable[[str], bool]:
    """Which files of Babel's wheel to keep: all but the locale data of other languages
    than ``langs`` (and ``root``)."""
    kept = {"root", *langs}

    def keep(name: str) -> bool:
        found = _LOCALE_DATA.match(name)
        return not found or found.group(1).split("_")[0] in kept

    return keep
