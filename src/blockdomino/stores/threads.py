"""Work on one SQLite file done off the event loop by one thread of its own, in the
order it was asked: a slow disk (each commit synced before it returns) holds up only
the screen that waits for that work, never the screens of other tables.

One thread per file also means one writer: two pieces of work never interleave, so a
change committed before another is asked for is seen by it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import ParamSpec, TypeVar

T = TypeVar("T")
P = ParamSpec("P")


class OneThread:
    """One thread doing the work asked of it (``run``), one piece at a time, in order."""

    def __init__(self, name: str) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix=f"blockdomino-{name}")

    async def run(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """What ``work(*args, **kwargs)`` gives (or raises), done by the thread while
        the event loop serves the other screens."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, partial(work, *args, **kwargs))
