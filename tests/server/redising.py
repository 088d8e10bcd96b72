"""Helpers of the tests of tables shared through Redis. The fixture ``redis_url`` is in
``tests/conftest.py`` (Debian's ``redis-server`` started on 127.0.0.1 on a free port,
nothing kept on disk; the tests skip, saying why, where it is missing), beside the free
port and the start-up time it uses, which the tests take from here."""

from __future__ import annotations

from conftest import REDIS_STARTUP_SECONDS as STARTUP_SECONDS
from conftest import free_port

__all__ = ["STARTUP_SECONDS", "free_port"]
