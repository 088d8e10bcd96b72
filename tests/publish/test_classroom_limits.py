"""The classroom stops when the teacher stops it, and keeps within the laptop.

Voilà runs in a process group of its own; Ctrl-C, SIGTERM and SIGHUP (the terminal
closed) stop it and everything it started. Kernels are capped and culled when idle, and
a classroom listening on every address prints the local network's address. Voilà itself
is replaced by a small fake that listens on 127.0.0.1 and starts a child of its own.
"""

from __future__ import annotations

import asyncio
import importlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import alive

pytest.importorskip("voila")

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError

from blockdomino.cli import main
from blockdomino.publish import classroom, kernels, network
from blockdomino.publish.limits import MAX_KERNELS, MOST_KERNELS
from blockdomino.words.i18n import LANGS, translate

SRC = Path(__file__).resolve().parents[2] / "src"


def option(command: list[str], name: str) -> str:
    """The value of ``--name=value`` in ``command``."""
    (value,) = [word.partition("=")[2] for word in command if word.startswith(f"--{name}=")]
    return value


@pytest.mark.parametrize("lang", LANGS)
def test_voila_caps_and_culls_the_kernels(lang: str) -> None:
    command = classroom.voila_command(
        Path("tutorial"), host="127.0.0.1", port=1, token="t", lang=lang
    )
    assert option(command, "MappingKernelManager.cull_idle_timeout") == "600"
    assert option(command, "MappingKernelManager.cull_interval") == "60"
    assert option(command, "MappingKernelManager.cull_connected") == "True"
    module, _, name = option(command, "VoilaConfiguration.multi_kernel_manager_class").rpartition(
        "."
    )
    assert getattr(importlib.import_module(module), name) is kernels.CappedKernelManager
    assert option(command, "CappedKernelManager.max_kernels") == str(MAX_KERNELS) == "40"
    assert option(command, "CappedKernelManager.full") == translate("classroom.full", lang)
    chosen = classroom.voila_command(
        Path("tutorial"), host="127.0.0.1", port=1, token="t", cull_minutes=3, max_kernels=7
    )
    assert option(chosen, "MappingKernelManager.cull_idle_timeout") == "180"
    assert option(chosen, "CappedKernelManager.max_kernels") == "7"


def test_no_more_kernels_than_the_cap_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page beyond the cap is answered 503 with the words of ``full``; a kernel asked
    for by a running one's id is that one, and given."""
    running: list[str] = []

    async def start(self: Any, *args: Any, kernel_id: str | None = None, **kwargs: Any) -> str:
        kernel_id = kernel_id or f"k{len(running)}"
        if kernel_id not in running:
            running.append(kernel_id)
        return kernel_id

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start)
    manager = kernels.CappedKernelManager(max_kernels=2, full="full")
    monkeypatch.setattr(manager, "list_kernel_ids", lambda: list(running))

    async def pages() -> list[str]:
        return [await manager.start_kernel(), await manager.start_kernel()]

    assert asyncio.run(pages()) == ["k0", "k1"]
    with pytest.raises(HTTPError) as refused:
        asyncio.run(manager.start_kernel())
    assert refused.value.status_code == 503
    assert refused.value.reason == "full"
    assert asyncio.run(manager.start_kernel(kernel_id="k1")) == "k1"
    assert running == ["k0", "k1"]


def test_every_address_prints_the_local_networks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tablet cannot open 0.0.0.0: the address printed is this computer's on the local
    network, or 127.0.0.1 without one; an address given is printed as given."""
    root = Path("tutorial")
    page = root / "en" / "00_welcome.ipynb"
    monkeypatch.setattr(network, "lan_address", lambda: "192.168.1.23")
    url = classroom.page_url(root, page, host="0.0.0.0", port=8866, token="t")
    assert url == "http://192.168.1.23:8866/voila/render/en/00_welcome.ipynb?token=t"
    monkeypatch.setattr(network, "lan_address", lambda: None)
    assert classroom.page_url(root, page, host="0.0.0.0", port=1, token="t").startswith(
        "http://127.0.0.1:1/"
    )
    assert classroom.page_url(root, page, host="10.0.0.5", port=1, token="t").startswith(
        "http://10.0.0.5:1/"
    )


def test_the_local_network_address_is_found_without_sending(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The address comes from a UDP socket connected, never from one that sends."""
    sent: list[Any] = []
    monkeypatch.setattr(socket.socket, "sendto", lambda *args: sent.append(args))
    monkeypatch.setattr(socket.socket, "send", lambda *args: sent.append(args))
    found = network.lan_address()
    assert found is None or not found.startswith("127.")
    assert sent == []


@pytest.mark.parametrize(
    ("words", "key", "limit"),
    [
        (["--max-kernels", "0"], "cli.error.at_least", {"least": 1, "value": 0}),
        (["--max-kernels", "501"], "cli.error.at_most", {"most": MOST_KERNELS, "value": 501}),
        (["--cull-minutes", "0"], "cli.error.at_least", {"least": 1, "value": 0}),
    ],
)
def test_limits_beyond_reason_are_refused(
    words: list[str], key: str, limit: dict[str, int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["classroom", "--lang", "sv", "--no-browser", *words]) == 2
    said = translate(key, "sv", option=words[0], **limit)
    assert capsys.readouterr().err == f"blockdomino: {said}\n"


def test_the_command_passes_its_limits_on(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: dict[str, Any] = {}

    def serve(root: Path, lang: str, **options: Any) -> int:
        asked.update(options)
        return 0

    monkeypatch.setattr(classroom, "serve", serve)
    assert main(["classroom", "--no-browser"]) == 0
    assert (asked["max_kernels"], asked["cull_minutes"]) == (40, 10)
    assert main(["classroom", "--no-browser", "--max-kernels", "12", "--cull-minutes", "5"]) == 0
    assert (asked["max_kernels"], asked["cull_minutes"]) == (12, 5)


FAKE_VOILA = """
import signal, socket, subprocess, sys, time
from pathlib import Path
ids, port, stubborn = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "stubborn"
def stopped(number, frame):
    Path(str(ids) + ".stopped").write_text(str(number))
    if not stubborn:
        sys.exit(0)
signal.signal(signal.SIGTERM, stopped)
kernel = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
ids.write_text(f"{__import__('os').getpid()} {kernel.pid}")
server = socket.create_server(("127.0.0.1", port))
for _ in range(1200):
    time.sleep(0.1)
"""
"""Voilà as the classroom sees it: it listens, starts a "kernel", and stops on SIGTERM
(unless ``stubborn``, which only notes the signal)."""

CLASSROOM = """
import sys
from blockdomino.publish import classroom
from blockdomino.publish.tutorial import notebooks_root
ids, port, mood, fake = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
fake_voila = [sys.executable, "-c", fake, ids, str(port), mood]
classroom.voila_command = lambda *args, **options: fake_voila
classroom.STOP_SECONDS = 1.0
sys.exit(classroom.serve(notebooks_root(), "fi", host="127.0.0.1", port=port, open_browser=False))
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
@pytest.mark.parametrize(
    ("stop", "mood"),
    [
        (signal.SIGINT, "willing"),
        (signal.SIGTERM, "willing"),
        (signal.SIGHUP, "willing"),
        (signal.SIGTERM, "stubborn"),
    ],
)
def test_a_signal_stops_voila_and_every_kernel(
    tmp_path: Path, stop: signal.Signals, mood: str
) -> None:
    """Ctrl-C (which reaches only the command: Voilà has a group of its own), SIGTERM and
    SIGHUP stop the classroom: Voilà is asked to stop (SIGTERM, so that it shuts its
    kernels down), killed with its group if it does not, and nothing it started runs on."""
    ids = tmp_path / "ids"
    command = [sys.executable, "-c", CLASSROOM, str(ids), str(free_port()), mood, FAKE_VOILA]
    env = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONIOENCODING": "utf-8"}
    teacher = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert teacher.stdout is not None
        assert teacher.stdout.readline().startswith("blockdomino classroom: http://127.0.0.1:")
        pids = [int(pid) for pid in ids.read_text().split()]
        teacher.send_signal(stop)
        out, err = teacher.communicate(timeout=60)
    finally:
        teacher.kill()
    assert out == translate("classroom.stopped", "fi") + "\n"
    assert "Traceback" not in err
    assert (tmp_path / "ids.stopped").read_text() == str(int(signal.SIGTERM))
    for _ in range(200):
        if not any(map(alive, pids)):
            break
        time.sleep(0.05)
    assert not any(map(alive, pids))
