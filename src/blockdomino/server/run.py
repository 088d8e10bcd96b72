"""Starting the class server: the folder checked, its copies compressed, a socket
listened on, the file limit looked at, uvicorn run.

:func:`open_server` does everything that can fail before the first request (a folder
that is no complete site, an address in use, a file limit too low for a class) and
raises ``ServeError`` with its reason; :meth:`ClassServer.serve` then serves until told
to stop (Ctrl-C, or :meth:`ClassServer.stop` from another thread).
"""

from __future__ import annotations

import contextlib
import logging
import os
import resource
import signal
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import uvicorn

from blockdomino.protocol.door import LONGEST_FRAME
from blockdomino.publish.serve import (
    DEFAULT_PORT,
    ServeError,
    check_site,
    default_host,
    entry,
    origin,
    projector_page,
)
from blockdomino.server import pages
from blockdomino.server.app import Site, class_app
from blockdomino.server.certificate import Certificate, checked
from blockdomino.server.class_hub import class_hub
from blockdomino.server.live import Hub
from blockdomino.server.precompress import mark_checked, newer, outdated, precompress
from blockdomino.stores.choice import class_store
from blockdomino.words.i18n import translate

FILES_NEEDED: Final = 1024
"""Open files a class needs: 32 pupils, a hundred visitors and 300 idle tablets."""
SPARE_FILES: Final = 64
"""Files kept free for the database, the site's files and the log."""
IDLE_SECONDS: Final = 30
"""How long a connection may wait for its next request before the server closes it."""
BACKLOG: Final = 1024
"""Connections waiting to be accepted: a class whose tablets all ask at once."""
MOST_WORKERS: Final = 32
"""Processes one server may fork."""
LOG: Final = logging.getLogger("blockdomino.server")


def file_limit() -> int:
    """How many files this process may open, raised to the system's ceiling first."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port`` (0: any free port); ``ServeError`` if the
    address cannot be listened on."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # Each move is a few small frames: sent at once, not held back for an ACK.
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except (OSError, OverflowError) as error:
        reason = os.strerror(error.errno) if isinstance(error, OSError) and error.errno else error
        raise ServeError("serve.error.listen", host=host, port=port, reason=str(reason)) from None
    sock.setblocking(False)
    return sock


def compress_site(root: Path, lang: str, say: Callable[[str], None]) -> bool:
    """Write the site's missing or outdated ``.br``/``.gz`` copies (a site built before
    the build wrote them, a file changed since). Files newer than the last compression
    (all of a copied site) are first checked against the build stamp, and only the ones
    that differ are compressed; ``say`` is told in ``lang`` before each of the two,
    which may take a while. ``False`` when the folder cannot be written, and its files
    go uncompressed."""
    changed = newer(root)
    if not changed:
        return True
    say(translate("serve.checking", lang, count=len(changed)))
    sources = outdated(root, changed)
    if not sources:
        mark_checked(root)
        return True
    megabytes = max(1, round(sum(path.stat().st_size for path in sources) / 1e6))
    say(translate("serve.compressing", lang, count=len(sources), megabytes=megabytes))
    try:
        precompress(root, sources)
    except OSError as error:
        LOG.warning("no compressed copies in %s: %s", root, error)
        return False
    return True


@dataclass
class ClassServer:
    """One class's server: its site, its socket, the limit of connections it takes at
    once (beyond it, an answer 503 rather than a hang), and uvicorn once serving."""

    site: Site
    sock: socket.socket
    host: str
    port: int
    limit: int
    hub: Hub | None = None
    workers: int = 1
    """Processes serving the socket (more than one only with tables shared in Redis)."""
    tls: Certificate | None = None
    """The certificate served with (HTTPS), or none (plain http)."""
    server: uvicorn.Server | None = field(default=None, repr=False)

    @property
    def class_address(self) -> str | None:
        """The pupils' page of the class's tables, the class code in it (none without
        tables)."""
        if self.hub is None:
            return None
        return pages.class_address(self.site.origin, self.site.lang, self.hub.keys.code)

    @property
    def teacher_address(self) -> str | None:
        """A new one-time link to the teacher's page (none without tables): opened once,
        it leaves the teacher's pass in that browser and the page's address shows no
        secret; each time this is read, another link."""
        if self.hub is None:
            return None
        return f"{self.site.origin}{pages.CLASS}/teacher/{self.hub.store.issue()}"

    def serve(self) -> None:
        """Serve until stopped, in ``workers`` processes (this one and copies of it,
        forked); the socket is closed after, and the copies stopped."""
        copies: list[int] = []
        for _ in range(self.workers - 1):
            pid = os.fork()
            if pid == 0:  # a copy serves, then ends here, never going on as the first
                try:
                    self._serve_here()
                finally:
                    os._exit(0)
            copies.append(pid)
        try:
            self._serve_here()
        finally:
            for pid in copies:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGTERM)
                    os.waitpid(pid, 0)

    def _serve_here(self) -> None:
        config = uvicorn.Config(
            class_app(self.site, self.hub),
            log_level="warning",
            access_log=False,
            limit_concurrency=self.limit,
            timeout_keep_alive=IDLE_SECONDS,
            ws_ping_interval=20,
            ws_ping_timeout=20,
            ws_max_size=LONGEST_FRAME,
            lifespan="on",
            http="h11",
            timeout_graceful_shutdown=5,
            ssl_certfile=None if self.tls is None else self.tls.cert,
            ssl_keyfile=None if self.tls is None else self.tls.key,
        )
        self.server = uvicorn.Server(config)
        try:
            self.server.run(sockets=[self.sock])
        finally:
            self.sock.close()
            if self.hub is not None:
                self.hub.tables.store.close()

    def stop(self) -> None:
        """Ask the serving thread to finish."""
        if self.server is not None:
            self.server.should_exit = True


def open_server(
    root: Path,
    *,
    host: str | None = None,
    port: int = DEFAULT_PORT,
    lang: str = "en",
    data: Path | None = None,
    tables: bool = True,
    redis: str | None = None,
    workers: int = 1,
    say: Callable[[str], None] = LOG.info,
    cert: Path | None = None,
    key: Path | None = None,
) -> ClassServer:
    """A server of the site in ``root`` on ``host`` (default: the local network's
    address) and ``port`` (0: any free one), its pages in ``lang``, with the class's
    tables kept in ``data`` (or shared in the Redis at ``redis``, served by ``workers``
    processes) unless ``tables`` is false; ``say`` is told what takes long before it
    starts (compressing the site's files); with a certificate ``cert`` and its ``key``
    it serves HTTPS. ``ServeError`` when the folder, the certificate, the address, the
    database, Redis or the file limit will not do."""
    store = class_store(data, redis)
    if workers != 1 and (not store.shared or not 1 <= workers <= MOST_WORKERS):
        raise ServeError("serve.error.workers", workers=workers, most=MOST_WORKERS)
    folder = check_site(root)
    tls = checked(cert, key)
    limit = file_limit()
    if limit < FILES_NEEDED:
        raise ServeError(
            "serve.error.files",
            limit=limit,
            needed=FILES_NEEDED,
            command=f"ulimit -n {FILES_NEEDED}",
        )
    listen = host or default_host()
    hub = class_hub(store, lang) if tables else None
    sock = listening_socket(listen, port)
    compress_site(folder, lang, say)
    bound = int(sock.getsockname()[1])
    site = site_at(folder, origin(listen, bound, secure=tls is not None), lang, hub)
    return ClassServer(site, sock, listen, bound, limit - SPARE_FILES, hub, workers, tls)


def site_at(folder: Path, address: str, lang: str, hub: Hub | None) -> Site:
    """The site in ``folder`` as served at ``address`` (scheme, name and port: what the
    pupils' tablets open), its pages in ``lang``: the projector's QR code and address
    lead to the app, or with the class's tables (``hub``) to the class's page, its code
    in the address, as the way in."""
    url = address + entry(folder, lang)
    page = projector_page(url, lang).encode("utf-8")
    if hub is not None:
        code = hub.keys.code
        joining = pages.class_address(address, lang, code)
        more = pages.projector_part(lang, code)
        page = projector_page(joining, lang, more=more).encode("utf-8")
    return Site(folder, url, address, lang, page)
