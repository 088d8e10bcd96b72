"""``blockdomino tutorial``: the README's first command opens the welcome notebook."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from blockdomino.cli import main
from blockdomino.cli.tutorial import tutorial_command
from blockdomino.publish import working_copy
from blockdomino.publish.tutorial import CHAPTERS, notebooks_root


@pytest.mark.parametrize(
    ("lang", "welcome"),
    [
        ("fi", "fi/00_tervetuloa.ipynb"),
        ("sv", "sv/00_valkommen.ipynb"),
        ("en", "en/00_welcome.ipynb"),
    ],
)
def test_the_command_opens_the_welcome_notebook_of_the_language(
    lang: str, welcome: str, tmp_path: Path
) -> None:
    """JupyterLab starts on the chosen language's welcome page, inside the working folder."""
    command = tutorial_command(lang, tmp_path)
    assert command[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={tmp_path.resolve()}" in command
    assert f"--LabApp.default_url=/lab/tree/{welcome}" in command
    assert (notebooks_root() / welcome).is_file()
    assert ("--allow-root" in command) == (os.geteuid() == 0)


def test_jupyterlab_speaks_finnish_with_the_finnish_tutorial(tmp_path: Path) -> None:
    """With the Finnish language pack installed (the tutorial extra), JupyterLab's own
    menus default to Finnish; Swedish has no pack, so its menus stay English."""
    pytest.importorskip("jupyterlab_language_pack_fi_FI")
    command = tutorial_command("fi", tmp_path)
    (option,) = [part for part in command if part.startswith("--LabApp.app_settings_dir=")]
    settings = Path(option.partition("=")[2])
    overrides = json.loads((settings / "overrides.json").read_text(encoding="utf-8"))
    assert overrides == {"@jupyterlab/translation-extension:plugin": {"locale": "fi_FI"}}
    assert not any("app_settings_dir" in part for part in tutorial_command("sv", tmp_path))
    assert not any("app_settings_dir" in part for part in tutorial_command("en", tmp_path))


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The commands ``blockdomino tutorial`` runs (``jupyter trust``) and would start
    (JupyterLab), recorded instead of run."""
    commands: list[list[str]] = []

    def run(command: list[str], **options: object) -> subprocess.CompletedProcess[bytes]:
        commands.append(command)
        return subprocess.CompletedProcess(command, 0)

    def start(program: str, command: list[str]) -> None:
        commands.append(command)
        raise SystemExit(0)

    monkeypatch.setattr(subprocess, "run", run)
    monkeypatch.setattr(os, "execv", start)
    return commands


def test_the_first_run_copies_the_tutorial_and_opens_it_there(
    started: list[list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--dir`` chooses the working folder: the tutorial is copied there, its notebooks
    trusted, and JupyterLab opened on it; the learner is told where it is, in Finnish."""
    folder = tmp_path / "oma"
    with pytest.raises(SystemExit):
        main(["tutorial", "--lang", "fi", "--dir", str(folder)])
    trust, lab = started
    assert (folder / "fi" / "00_tervetuloa.ipynb").read_bytes() == (
        notebooks_root() / "fi" / "00_tervetuloa.ipynb"
    ).read_bytes()
    assert trust[:3] == [sys.executable, "-m", "nbformat.sign"]
    assert len(trust[3:]) == 3 * len(CHAPTERS)
    assert str(folder / "sv" / "00_valkommen.ipynb") in trust
    assert lab == tutorial_command("fi", folder)
    assert f"Opetusohjelmasi on kansiossa {folder.resolve()}." in capsys.readouterr().out


def test_the_default_folder_is_blockdomino_tutorial_here(
    started: list[list[str]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit):
        main(["tutorial"])
    assert (tmp_path / "blockdomino-tutorial" / "en" / "00_welcome.ipynb").is_file()
    assert started[-1] == tutorial_command("en", tmp_path / "blockdomino-tutorial")


def test_a_changed_notebook_is_kept_and_the_command_says_where_the_new_one_is(
    started: list[list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A notebook the learner changed, from an older tutorial, stays; the newer version
    goes beside it and the learner is told so in their language."""
    folder = tmp_path / "mina"
    with pytest.raises(SystemExit):
        main(["tutorial", "--lang", "sv", "--dir", str(folder)])
    mine = folder / "sv" / "01_matchning.ipynb"
    mine.write_text("mitt arbete", encoding="utf-8")
    manifest = json.loads((folder / working_copy.MANIFEST).read_text(encoding="utf-8"))
    manifest["sv/01_matchning.ipynb"] = "0" * 64
    (folder / working_copy.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["tutorial", "--lang", "sv", "--dir", str(folder)])
    assert mine.read_text(encoding="utf-8") == "mitt arbete"
    newer = mine.with_name(f"01_matchning-{working_copy.version()}.ipynb")
    assert newer.read_bytes() == (notebooks_root() / "sv" / "01_matchning.ipynb").read_bytes()
    said = capsys.readouterr().out
    assert f"Du har ändrat {mine}, så den får vara som den är." in said
    assert f"Den nya versionen ligger bredvid: {newer}" in said
    assert str(newer) in started[-2]
    assert str(mine) not in started[-2]


def test_an_unknown_language_is_refused_by_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--lang de`` is refused with the languages there are, before anything starts."""
    assert main(["tutorial", "--lang", "de"]) == 2
    assert capsys.readouterr().err.rstrip().endswith(": fi, sv, en.")


def test_jupyterlab_really_serves_the_welcome_notebook(tmp_path: Path) -> None:
    """The command as a user runs it starts a server that serves the welcome notebook,
    and the other languages beside it."""
    port = _free_port()
    token = "blockdomino-tutorial-test"
    working_copy.update(tmp_path / "tutorial", root=notebooks_root())
    command = [
        *tutorial_command("fi", tmp_path / "tutorial"),
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={token}",
    ]
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path), "JUPYTER_CONFIG_DIR": str(tmp_path)}
    server = subprocess.Popen(
        command,
        cwd=tmp_path,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    api = f"http://127.0.0.1:{port}/api/contents/{{}}?token={token}"
    try:
        assert _status(api.format("fi/00_tervetuloa.ipynb"), server) == 200
        assert _status(api.format("sv/00_valkommen.ipynb"), server) == 200
    finally:
        server.terminate()
        server.wait(timeout=30)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _status(url: str, server: subprocess.Popen[bytes]) -> int:
    """The HTTP status of ``url`` once the server answers (it takes a few seconds to start)."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                status: int = response.status
                return status
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.5)
    raise AssertionError(f"JupyterLab did not serve {url} (exit status {server.poll()})")
