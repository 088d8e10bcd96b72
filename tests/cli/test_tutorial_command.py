"""``blockdomino tutorial``: the README's first command opens the welcome notebook."""

from __future__ import annotations

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
from blockdomino.cli.tutorial import notebooks_root, tutorial_command


@pytest.mark.parametrize(
    ("lang", "welcome"),
    [
        ("fi", "fi/00_tervetuloa.ipynb"),
        ("sv", "sv/00_valkommen.ipynb"),
        ("en", "en/00_welcome.ipynb"),
    ],
)
def test_the_command_opens_the_welcome_notebook_of_the_language(lang: str, welcome: str) -> None:
    """JupyterLab starts on the chosen language's welcome page, inside the notebooks folder."""
    command = tutorial_command(lang)
    assert command[:4] == [sys.executable, "-m", "jupyter", "lab"]
    assert f"--ServerApp.root_dir={notebooks_root()}" in command
    assert f"--LabApp.default_url=/lab/tree/{welcome}" in command
    assert (notebooks_root() / welcome).is_file()
    assert ("--allow-root" in command) == (os.geteuid() == 0)


def test_an_unknown_language_is_refused_by_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--lang de`` is refused with the languages there are, before anything starts."""
    with pytest.raises(SystemExit) as refused:
        main(["tutorial", "--lang", "de"])
    assert refused.value.code == 2
    assert "fi" in capsys.readouterr().err


def test_jupyterlab_really_serves_the_welcome_notebook(tmp_path: Path) -> None:
    """The command as a user runs it starts a server that serves the welcome notebook,
    and the other languages beside it."""
    port = _free_port()
    token = "blockdomino-tutorial-test"
    command = [
        *tutorial_command("fi"),
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
