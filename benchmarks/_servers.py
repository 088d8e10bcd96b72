"""The servers the benchmarks start on 127.0.0.1: a free port, a server started in a
process group of its own and waited for until it listens, and stopped with everything
it started (Voilà's kernels too)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time

STARTUP = 120
"""The longest a server may take to listen, in seconds."""
GRACE = 10
"""How long a stopped server may take to shut down before it is killed, in seconds."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start(command: list[str], port: int) -> subprocess.Popen[bytes]:
    """Run ``command`` (a server told to listen on ``port``) silently, in a process group
    of its own, and wait until it listens; stopped and refused if it does not in time."""
    server = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    deadline = time.monotonic() + STARTUP
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            time.sleep(0.5)
    stop(server)
    raise SystemExit(f"the server did not listen on 127.0.0.1:{port} in {STARTUP} s")


def stop(server: subprocess.Popen[bytes]) -> None:
    """Stop a server and everything it started: its process group, asked to end and,
    after ``GRACE`` seconds, killed whatever is left of it."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        server.wait(timeout=GRACE)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGKILL)
    server.wait()
