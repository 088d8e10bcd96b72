"""Where the class is kept, chosen in one place (:func:`class_store`): the SQLite files
beside ``--data`` (the tables' file, the lessons' file and the keys beside them: one
server process), or the Redis of ``--redis URL`` (shared by every process of the
class). Everything else reaches the class through what is chosen here: the one object
of the store interface that keeps it while it is served (its tables, keys, lessons,
pupils' tokens and the projector's choice, ``stores.keeping``: ``stores.sqlite_class`` for
SQLite, ``stores.redis_class`` for Redis), from which the transport opens its hub
(``server.class_hub``), the table of mastery written for a spreadsheet, and the class
forgotten. No other module asks which one it is.

Nothing here imports the web server or redis until it is used, so ``--export-csv``
and ``--forget-class`` work on a computer without them (with SQLite).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from blockdomino.stores.keeping import Keeping

T = TypeVar("T")


class UnusableError(Exception):
    """The class's store could not be used: what the teacher is told, as the catalog's
    ``key`` with its ``params``."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key, self.params = key, params


class ClassStore(Protocol):
    """Where one class is kept."""

    @property
    def shared(self) -> bool:
        """Whether several server processes may serve the class at once."""
        ...

    def opened(self, serve: Callable[[Keeping], T], /) -> T:
        """What ``serve`` makes of the class as this store keeps it (the hub that serves
        it: every table and lesson resumed); ``ServeError`` when the store cannot be
        opened."""
        ...

    def export_csv(self, target: Path, lang: str) -> None:
        """The table of mastery written to ``target`` (atomically), headed in ``lang``;
        ``UnusableError`` when it cannot be read or written."""
        ...

    def forget(self) -> tuple[str, dict[str, object]]:
        """Everything kept about pupils deleted: what to tell the teacher (a catalog's
        key and its params); ``UnusableError`` when nothing could be deleted."""
        ...


@dataclass(frozen=True)
class SQLiteClass:
    """The class in the SQLite files of one server process: the tables' file ``data``
    (``None``: in the user's data folder) and, beside it, the lessons and the keys."""

    data: Path | None
    shared: bool = False
    """One process only: it holds the tables in its memory, no other hears of a change."""

    @property
    def path(self) -> Path:
        from blockdomino.tables.store import default_path

        return self.data or default_path()

    def opened(self, serve: Callable[[Keeping], T], /) -> T:
        from blockdomino.publish.serve import ServeError
        from blockdomino.stores.sqlite_class import SQLiteKeeping

        try:
            return serve(SQLiteKeeping(self.path))
        except (sqlite3.Error, OSError) as error:
            reason = str(error)
            raise ServeError("serve.error.store", path=str(self.path), reason=reason) from None

    def export_csv(self, target: Path, lang: str) -> None:
        from blockdomino.lessons.keeping import export_csv

        with self._said():
            export_csv(self.path, target, lang)

    def forget(self) -> tuple[str, dict[str, object]]:
        from blockdomino.lessons.keeping import forget_class

        with self._said():
            forget_class(self.path)
        return "lessons.cli.forgotten", {}

    def _said(self) -> contextlib.AbstractContextManager[None]:
        return _failing((OSError, sqlite3.Error), "lessons.cli.error", path=str(self.path))


@dataclass(frozen=True)
class RedisClass:
    """The class in the Redis at ``url``, shared by every server process given it."""

    url: str
    shared: bool = True
    """Any number of processes: each hears every change of the others from Redis."""

    def opened(self, serve: Callable[[Keeping], T], /) -> T:
        from blockdomino.publish.serve import ServeError

        try:
            from blockdomino.stores.redis_class import RedisKeeping
        except ImportError:
            reason = "pip install redis"
            raise ServeError("serve.error.redis", url=self.url, reason=reason) from None
        try:
            return serve(RedisKeeping(self.url))
        except Exception as error:  # redis-py's errors, a malformed address among them
            raise ServeError("serve.error.redis", url=self.url, reason=str(error)) from None

    def export_csv(self, target: Path, lang: str) -> None:
        from blockdomino.stores.shared_keeping import export_shared_csv

        with self._said(), _failing((OSError,), "lessons.cli.error", path=str(target)):
            export_shared_csv(self.url, target, lang)

    def forget(self) -> tuple[str, dict[str, object]]:
        from blockdomino.stores.shared_keeping import ServersRunningError, forget_shared

        with self._said():
            try:
                counts = asdict(forget_shared(self.url))
            except ServersRunningError as running:
                said = {"url": self.url, "count": running.count}
                raise UnusableError("serve.forget.running", **said) from None
        return "serve.forgotten.redis", {"url": self.url, **counts}

    def _said(self) -> contextlib.AbstractContextManager[None]:
        try:
            import redis
        except ImportError:
            reason = "pip install redis"
            raise UnusableError("serve.keep.redis", url=self.url, reason=reason) from None
        return _failing((redis.RedisError, ValueError), "serve.keep.redis", url=self.url)


@contextlib.contextmanager
def _failing(errors: tuple[type[BaseException], ...], key: str, **params: object) -> Iterator[None]:
    """Any of ``errors`` raised inside is ``UnusableError``, said with ``key``, ``params`` and
    the error's own words as its ``reason``."""
    try:
        yield
    except errors as error:
        raise UnusableError(key, **params, reason=str(error).rstrip(".")) from None


def class_store(data: Path | None, redis: str | None) -> ClassStore:
    """Where the class is kept: the Redis at ``redis`` when given, else the SQLite
    files of ``data`` (the user's data folder when ``None``)."""
    return SQLiteClass(data) if redis is None else RedisClass(redis)
