"""The installed wheel carries the catalogs: a Finnish diagram renders outside the source tree.

Its requirements are the library's alone (no JupyterLab, no server), so the same wheel
installs in Pyodide for the offline site.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

RENDER = """
import blockdomino, blockdomino.words.i18n
from blockdomino import Chain, svg
print(blockdomino.__file__)
print(blockdomino.words.i18n.catalog_root())
print(svg.chain(Chain.parse("[1|4], [1|1]"), lang="fi"))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(out),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("blockdomino-*.whl")
    return built


def test_installed_wheel_renders_a_finnish_diagram(wheel: Path, tmp_path: Path) -> None:
    """Installed from the wheel alone, blockdomino finds its catalogs and speaks Finnish."""
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    shown = subprocess.run(
        [sys.executable, "-c", RENDER],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    ).stdout.splitlines()
    module, catalogs, *diagram = shown
    assert Path(module).is_relative_to(target)
    assert Path(catalogs) == target / "blockdomino" / "i18n"
    assert "Laatat: [1|4], [1|1]. Liitokset: [1|4] (pienempi pää) – [1|1] (linja A)." in "\n".join(
        diagram
    )
    assert not (target / "blockdomino" / "i18n" / "sync.py").exists()


def test_wheel_requires_only_the_library(wheel: Path) -> None:
    """The servers (JupyterLab, Voilà), the site's build tools and the lab's plotting
    (matplotlib, which Pyodide lacks) are extras, not requirements: the wheel installs in
    the offline site's Python."""
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = (name for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
        lines = archive.read(metadata).decode().splitlines()
    required = {
        re.split(r"[ <>=!~;\[]", line.removeprefix("Requires-Dist: "), maxsplit=1)[0].lower()
        for line in lines
        if line.startswith("Requires-Dist: ") and "extra ==" not in line
    }
    assert required == {"babel", "svgwrite", "ipywidgets", "tqdm"}
    extras = {line.removeprefix("Provides-Extra: ") for line in lines if "Provides-Extra" in line}
    assert {"tutorial", "classroom", "site", "lab", "test"} <= extras
