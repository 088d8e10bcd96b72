"""The app built on its own, for the browser tests and the benchmarks: the site's
Pyodide (``publish.downloads.pyodide_core``), the project's wheel as the site makes it
(``publish.wheels``), and Babel (slimmed as the site slims it), tqdm, markdown-it-py
and mdurl fetched from PyPI by pip, once each, into the cache."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from blockdomino.app.make import build_app, pack_packages
from blockdomino.publish import wheels
from blockdomino.publish.bytecode import STDLIB, compiled_stdlib
from blockdomino.publish.downloads import cache_folder, pyodide_core
from blockdomino.publish.tutorial import notebooks_root
from blockdomino.words.i18n import LANGS

REQUIREMENTS = ("babel", "tqdm", "markdown-it-py", "mdurl")


def _wheels(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name.replace('-', '_')}-*.whl"))


def requirement_wheels(cache: Path) -> list[Path]:
    """The wheels of the library's requirements, each fetched once (the ones missing
    only); Babel's slimmed."""
    folder = cache / "app-wheels"
    missing = [name for name in REQUIREMENTS if not _wheels(folder, name)]
    if missing:
        folder.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
        command += ["--only-binary", ":all:", "-d", str(folder), *missing]
        subprocess.run(command, check=True, capture_output=True)
        if "babel" in missing:
            (babel,) = folder.glob("babel-*.whl")
            wheels.rewrite(babel, keep=wheels.babel_keeping(LANGS))
    return [_wheels(folder, name)[-1] for name in REQUIREMENTS]


def build(out: Path, *, cache: Path | None = None) -> Path:
    """The app, built into ``out``."""
    project = wheels.project_wheel(out.parent / "project-wheel")
    cache = cache or cache_folder()
    pyodide = pyodide_core(cache)
    packages = pack_packages(
        out.parent / "packages.zip", pyodide=pyodide, wheels=[*requirement_wheels(cache), project]
    )
    stdlib = compiled_stdlib(out.parent / STDLIB, pyodide=pyodide)
    build_app(out, pyodide=pyodide, stdlib=stdlib, packages=packages, notebooks=notebooks_root())
    return out
