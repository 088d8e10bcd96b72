"""The installed wheel carries the catalogs and the tutorial: a Finnish diagram renders
outside the source tree, and every command that shows the tutorial finds it.

Its requirements are the library's alone (no JupyterLab, no server), so the same wheel
installs in Pyodide for the offline site.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

from blockdomino.publish.tutorial import CHAPTERS

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


def test_wheel_requires_only_the_library(wheel: Path) -> None:
    """The servers (JupyterLab, Voilà), the site's build tools and the lab's plotting
    (matplotlib, which Pyodide lacks) are extras, not requirements: the wheel installs in
    the offline site's Python. The readers of authors' documents (``verify``) are
    required everywhere but in the browser, but for Markdown's and charset-normalizer,
    with which the app's "Check a leaflet" reads Markdown and text in any encoding there."""
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = (name for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
        lines = archive.read(metadata).decode().splitlines()
    required = {
        re.split(r"[ <>=!~;\[]", line.removeprefix("Requires-Dist: "), maxsplit=1)[0].lower()
        for line in lines
        if line.startswith("Requires-Dist: ") and "extra ==" not in line
    }
    readers = {
        "charset-normalizer",
        "markdown-it-py",
        "python-docx",
        "odfpy",
        "pypdf",
        "pdfplumber",
        "pypdfium2",
    }
    assert required == {"babel", "ipywidgets", "tqdm", "jinja2"} | readers
    in_browser = {"markdown-it-py", "charset-normalizer"}
    for name in ("jinja2", *sorted(readers - in_browser)):
        (line,) = (
            line
            for line in lines
            if re.match(rf"Requires-Dist: {re.escape(name)}(?![-.\w])", line)
            and "extra ==" not in line
        )
        assert line.endswith("; sys_platform != 'emscripten'"), line
    assert {"Requires-Dist: markdown-it-py>=3", "Requires-Dist: charset-normalizer>=3.3"} <= set(
        lines
    )
    extras = {line.removeprefix("Provides-Extra: ") for line in lines if "Provides-Extra" in line}
    assert {"tutorial", "classroom", "site", "lab", "test"} <= extras


def test_the_wheel_passes_twine_check(wheel: Path) -> None:
    """PyPI would take it: its metadata and README render."""
    checked = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(wheel)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_version_is_written_once(wheel: Path) -> None:
    """The version is ``pyproject.toml``'s; the package asks the installed metadata."""
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "version"
    ]
    assert wheel.name.startswith(f"blockdomino-{version}-")
    written = [
        path
        for path in (ROOT / "src").rglob("*.py")
        if f'"{version}"' in path.read_text(encoding="utf-8")
    ]
    assert written == []


def test_the_wheel_carries_the_tutorial(wheel: Path) -> None:
    """Every notebook and diagram of every language, and the page templates."""
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for path in sorted((ROOT / "notebooks").glob("*/*.ipynb")):
        assert f"blockdomino/tutorial/{path.parent.name}/{path.name}" in names
    for path in sorted((ROOT / "notebooks").glob("*/images/*")):
        assert f"blockdomino/tutorial/{path.parent.parent.name}/images/{path.name}" in names
    assert "blockdomino/publish/templates/page.html.j2" in names
    assert not any("/source/" in name or name.endswith("build.py") for name in names)


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed and no source tree on its
    path; the other requirements come from this environment's packages (a ``.pth``),
    which are not reinstalled."""
    env = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    python = env / "bin" / "python"
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
    subprocess.run([*install, "--no-deps", str(wheel)], check=True)
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(purelib, "_requirements.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return env


def _run(env: Path, command: list[str], cwd: Path) -> list[str]:
    """Run ``command`` of the installed environment (``python``, ``blockdomino``) with no
    source tree on its path; its printed lines. Jupyter's data (nbconvert's templates)
    is this environment's, where its packages installed it."""
    environ = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    environ["JUPYTER_PATH"] = str(Path(sys.prefix, "share", "jupyter"))
    done = subprocess.run(
        [env / "bin" / command[0], *command[1:]],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=environ,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.splitlines()


TUTORIAL = """
import os, sys
from blockdomino.cli import main
from blockdomino.publish import tutorial
print(tutorial.notebooks_root())
print(tutorial.source_checkout())
os.execv = lambda program, command: print(*command) or sys.exit(0)
main(["tutorial", "--lang", "fi"])
"""


def test_the_installed_tutorial_command_copies_the_tutorial(
    installed: Path, tmp_path: Path
) -> None:
    """``blockdomino tutorial --lang fi`` copies the packaged tutorial into
    ``./blockdomino-tutorial`` and would open JupyterLab there on the Finnish welcome."""
    root, checkout, said, command = _run(installed, ["python", "-c", TUTORIAL], tmp_path)
    assert Path(root).is_relative_to(installed)
    assert Path(root).name == "tutorial"
    assert checkout == "None"
    folder = tmp_path / "blockdomino-tutorial"
    assert said == f"Opetusohjelmasi on kansiossa {folder}."
    assert len(list(folder.glob("*/*.ipynb"))) == 3 * len(CHAPTERS)
    assert (folder / "fi" / "images").is_dir()
    assert f"--ServerApp.root_dir={folder}" in command
    assert "--LabApp.default_url=/lab/tree/fi/00_tervetuloa.ipynb" in command


def test_the_installed_export_writes_the_pages(installed: Path, tmp_path: Path) -> None:
    """``blockdomino export`` finds the packaged tutorial and writes its pages."""
    (index,) = _run(installed, ["blockdomino", "export", "--out", "html", "--lang", "sv"], tmp_path)
    assert index == "html/index.html"
    assert len(list((tmp_path / "html" / "sv").glob("*.html"))) == len(CHAPTERS)
    assert "06_strategi.html" in (tmp_path / "html" / "index.html").read_text(encoding="utf-8")


SERVED = """
from blockdomino.publish import classroom, tutorial, wheels, site
from pathlib import Path
root = tutorial.notebooks_root()
print(classroom.chapters(root, "en")[0])
print(classroom.voila_command(root, host="127.0.0.1", port=1, token="t")[-1])
print(len(site.copy_tutorial(root, Path("files"))))
print(wheels.project_wheel(Path("wheels")))
"""


def test_the_installed_classroom_and_site_find_the_tutorial(
    installed: Path, tmp_path: Path
) -> None:
    """The classroom serves the packaged tutorial, and the site copies it and packs the
    installed package again as its wheel, without the notebooks (the site has them)."""
    welcome, served, copied, made = _run(installed, ["python", "-c", SERVED], tmp_path)
    assert welcome.endswith("/tutorial/en/00_welcome.ipynb")
    assert Path(served).is_relative_to(installed)
    assert copied == str(3 * len(CHAPTERS))
    with zipfile.ZipFile(tmp_path / made) as archive:
        names = archive.namelist()
        record = archive.read(next(name for name in names if name.endswith("RECORD"))).decode()
    assert "blockdomino/publish/templates/page.html.j2" in names
    assert "blockdomino/i18n/fi/svg.po" in names
    assert not [name for name in names if "tutorial/" in name or name.endswith(".pyc")]
    assert sorted(line.split(",")[0] for line in record.splitlines()) == sorted(names)


def test_installed_wheel_renders_a_finnish_diagram(installed: Path, tmp_path: Path) -> None:
    """Installed from the wheel alone, blockdomino finds its catalogs and speaks Finnish."""
    module, catalogs, *diagram = _run(installed, ["python", "-c", RENDER], tmp_path)
    package = Path(module).parent
    assert package.is_relative_to(installed)
    assert Path(catalogs) == package / "i18n"
    said = (
        "Laatat: yksi–neljä, yksi–yksi. "
        "Liitokset: yksi–neljä (pää, jossa on 1) – yksi–yksi (linja A, jossa on 1)."
    )
    assert said in "\n".join(diagram)
    assert not (package / "i18n" / "sync.py").exists()


def test_the_wheel_carries_the_teachers_guide(wheel: Path) -> None:
    """The guide's print template and its screenshots, every language's, are in the wheel."""
    from blockdomino.publish.guide import PICTURES

    names = set(zipfile.ZipFile(wheel).namelist())
    assert "blockdomino/publish/guide_print.typ" in names
    pictures = {f"blockdomino/publish/guide_pictures/{p.name}" for p in PICTURES.glob("*.png")}
    assert len(pictures) == 9
    assert pictures <= names
