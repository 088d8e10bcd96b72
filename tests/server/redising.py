"""Helpers of the tests of tables shared through Redis (the fixture ``redis_url``, in
``conftest.py``: Debian's ``redis-server`` started on 127.0.0.1 on a free port, nothing
kept on disk; the tests skip, saying why, where it is missing)."""

from __future__ import annotations

import socket

STARTUP_SECONDS = 10.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
