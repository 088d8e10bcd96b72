"""The fixtures of the server's tests: ``redis_url``, a ``redis-server`` of the test's
own on 127.0.0.1 (Debian's package, nothing kept on disk; the test skips, saying why,
where it is missing), checked to be the one that answers on its port."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from classroom import WAIT_SECONDS
from redising import STARTUP_SECONDS, free_port

MOST_PORTS = 3
"""Free ports a test tries for its redis-server (another may take one meanwhile)."""


def _started(redis: Any, binary: str, folder: Path) -> tuple[subprocess.Popen[bytes], str] | None:
    """A redis-server of its own on a free port, answering, and its address; ``None``
    when the port was taken meanwhile (by another test's server, say)."""
    port = free_port()
    command = [binary, "--bind", "127.0.0.1", "--port", str(port), "--save", ""]
    command += ["--appendonly", "no", "--dir", str(folder)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + STARTUP_SECONDS
    with redis.Redis.from_url(url, socket_timeout=1) as client:
        while process.poll() is None:
            try:
                if int(client.info("server")["process_id"]) == process.pid:
                    return process, url
                break
            except redis.RedisError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)
    process.terminate()
    process.wait(timeout=WAIT_SECONDS)
    return None


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A redis-server of its own on 127.0.0.1, nothing kept on disk."""
    redis = pytest.importorskip("redis", reason="redis-py is missing: pip install -e '.[test]'")
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (Debian: apt-get install redis-server)")
    for _ in range(MOST_PORTS):
        started = _started(redis, binary, tmp_path)
        if started is not None:
            break
    assert started is not None, f"{MOST_PORTS} free ports were all taken meanwhile"
    process, url = started
    try:
        yield url
    finally:
        process.terminate()
        process.wait(timeout=WAIT_SECONDS)
