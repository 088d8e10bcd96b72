"""The fixtures of the server's tests: ``redis_url``, a ``redis-server`` of the test's
own (``redising``)."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from classroom import WAIT_SECONDS
from redising import STARTUP_SECONDS, free_port


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """A redis-server of its own on 127.0.0.1, nothing kept on disk."""
    redis = pytest.importorskip("redis", reason="redis-py is missing: pip install -e '.[test]'")
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (Debian: apt-get install redis-server)")
    port = free_port()
    command = [binary, "--bind", "127.0.0.1", "--port", str(port), "--save", ""]
    command += ["--appendonly", "no", "--dir", str(tmp_path)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url, socket_timeout=1)
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            try:
                client.ping()
                break
            except redis.RedisError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)
        yield url
    finally:
        client.close()
        process.terminate()
        process.wait(timeout=WAIT_SECONDS)
