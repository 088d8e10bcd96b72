"""The class's hub opened from where the class is kept (``stores.choice``), in one place
(:func:`open_class`): the keys loaded (or made and kept), every table resumed, the
class's state read and every live activity opened, as the registry says
(``classroom.registry.ACTIVITIES``)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from blockdomino.classroom.registry import ACTIVITIES
from blockdomino.server.live import Hub
from blockdomino.stores.choice import ClassStore, SQLiteClass
from blockdomino.stores.keeping import Keeping


def open_class(keeping: Keeping, lang: str) -> Hub:
    """The class's hub, its pages in ``lang``, every part of it kept by ``keeping``:
    the keys loaded (or made), every table and activity resumed, the projector's table
    as last kept (if it still is a table). The store's own errors reach the caller."""
    keys = keeping.keys()
    tables = keeping.resumed()
    state = keeping.kept_state()
    shown = state["shown"] if state["shown"] in tables.tables else None
    hub = Hub(tables, keys, lang, keeping, shown=shown, trouble=state["trouble"])
    hub.activities = {activity: opened(keeping) for activity, opened in ACTIVITIES.items()}
    return hub


def class_hub(store: ClassStore, lang: str) -> Hub:
    """The hub of the class ``store`` keeps, its pages in ``lang``; ``ServeError`` when
    the store cannot be opened."""
    return store.opened(partial(open_class, lang=lang))


def open_hub(data: Path | None, lang: str) -> Hub:
    """The class's hub kept in the SQLite files of ``data`` (default: the user's data
    folder); ``ServeError`` when the databases or the keys cannot be opened."""
    return class_hub(SQLiteClass(data), lang)


def shared_hub(url: str, lang: str) -> Hub:
    """The class's hub kept in the Redis at ``url``; ``redis.RedisError`` when that
    Redis cannot be used."""
    from blockdomino.stores.redis_class import RedisKeeping

    return open_class(RedisKeeping(url), lang)
