"""A first visit of the app through ``blockdomino serve`` (``bench_class.py``): the
files it loads and the snapshot its service worker fetches later, their bytes on the
wire and what thirty such visits take through a shared link; and the visitors who fetch
the app's files while a class plays."""

from __future__ import annotations

import http.client
import threading
import time
from pathlib import Path

from _class_screens import WAIT

from blockdomino.app.offline import later_files

LINK_BITS = 50_000_000


FIRST_VISITS = 30


def files_of(site: Path) -> tuple[list[str], list[str]]:
    """The paths a first visit of the app loads: every file under ``app/`` (the site's
    files without it), the compressed copies aside; and apart, the paths its service
    worker fetches only once Python has started (the memory snapshot)."""
    top = site / "app" if (site / "app").is_dir() else site
    names = [p for p in sorted(top.rglob("*")) if p.is_file() and p.suffix not in (".br", ".gz")]
    paths = ["/" + p.relative_to(site).as_posix() for p in names if not p.name.startswith(".")]
    later = ["/" + (top / name).relative_to(site).as_posix() for name in sorted(later_files(top))]
    return [path for path in paths if path not in later], later


def fetch_all(port: int, paths: list[str], deadline: float) -> tuple[int, int]:
    """Fetch ``paths`` over one keep-alive connection: (bytes on the wire, bodies)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    wire = bodies = 0
    for path in paths:
        if time.monotonic() > deadline:
            break
        connection.request("GET", path, headers={"Accept-Encoding": "br, gzip"})
        answer = connection.getresponse()
        body = answer.read()
        wire += len(body) + sum(len(k) + len(v) + 4 for k, v in answer.getheaders())
        bodies += 1
    connection.close()
    return wire, bodies


def first_visit(site: Path, port: int, paths: list[str], later: list[str]) -> None:
    """Fetch a first visit's ``paths``, then the ``later`` ones (the snapshot, fetched
    once Python has started, for the second visit); print the bytes of each."""
    said = ("first visit: {count} files, {raw} MB in the files, {wire} MB on the wire "
            "(br/gzip; bar 8 MB)", "then the snapshot, once Python has started (the second "
            "visit boots from it): {raw} MB in the file, {wire} MB on the wire")  # fmt: skip
    for named, words in zip((paths, later), said, strict=True):
        if not named:
            continue
        raw = sum((site / p.lstrip("/")).stat().st_size for p in named)
        wire, count = fetch_all(port, named, time.monotonic() + 120)
        print(words.format(count=count, raw=f"{raw / 1e6:.1f}", wire=f"{wire / 1e6:.2f}"))
        print(f"  30 of them through a shared 50 Mbit/s link: "
              f"{FIRST_VISITS * wire * 8 / LINK_BITS:.0f} s (uncompressed: "
              f"{FIRST_VISITS * raw * 8 / LINK_BITS:.0f} s)")  # fmt: skip


def visitors(port: int, paths: list[str], count: int, deadline: float) -> list[threading.Thread]:
    threads = [threading.Thread(target=fetch_all, args=(port, paths, deadline), daemon=True)
               for _ in range(count)]  # fmt: skip
    for thread in threads:
        thread.start()
    return threads
