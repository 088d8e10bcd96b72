"""A built site served to a class from the teacher's computer: ``blockdomino serve DIR``.

The site of ``blockdomino site`` runs Python in each learner's browser, so serving it is
serving files (the class's tables aside, see ``blockdomino.server``). This module holds
what serving a site means, without the server itself: :func:`check_site` checks the
folder, :func:`entry` and :func:`origin` give the address pupils open (the app in the
teacher's language when the site has one, else the landing page); :func:`projector_page`
shows that address big, with a QR code that a tablet's camera opens, at
:data:`PROJECTOR`. Each file is named its type (:data:`TYPES`), so that browsers compile
``.wasm`` as it streams in and load ``.mjs`` as modules. Tablets keep the big files
(Pyodide's, the wheels) for a day and ask again for the rest each time, which a file not
changed since answers with a short 304 (:func:`cache_control`).
"""

from __future__ import annotations

import html
import ipaddress
import re
from io import StringIO
from pathlib import Path, PurePosixPath
from typing import Final
from urllib.parse import urlsplit

import segno

from blockdomino.engine.errors import BlockdominoError
from blockdomino.publish.network import lan_address, reachable
from blockdomino.publish.staging import is_complete
from blockdomino.words.i18n import translate

SITE_FILES: Final = ("index.html", "jupyter-lite.json")
"""Files every site built by ``blockdomino site`` holds at its top: the landing page and
JupyterLite's configuration."""
APP: Final = PurePosixPath("app")
"""The folder of the learners' app in a built site."""
PROJECTOR: Final = "/projector"
"""Where the server shows the projector page; no file of the site lies there."""
DEFAULT_PORT: Final = 8000

TYPES: Final = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
}
"""The type each kind of file is served as, whatever the computer's own list says: a
browser compiles WebAssembly while it downloads only as ``application/wasm``, and loads
a module script only with a JavaScript type. A wheel is a zip archive."""
KEPT: Final = "public, max-age=86400"
"""The big files a tablet keeps for a school day without asking again."""
ASKED: Final = "no-cache"
"""Every other file: kept, but asked for again each time (a short 304 if unchanged), so
a site rebuilt during the day reaches the tablets at once."""
BIG: Final = frozenset({".wasm", ".whl", ".zip"})
PYODIDE: Final = PurePosixPath("/static/pyodide")
"""Where a built site keeps Pyodide's core files (of the pinned release)."""
_HASHED: Final = re.compile(r"\.[0-9a-f]{7,}\.(?:js|css)$")
"""A name that carries its content's hash (JupyterLab's build): it changes if they do."""


class ServeError(BlockdominoError):
    """The folder cannot be served: it is missing, it is no built site, or the address
    cannot be listened on."""


def check_site(root: Path) -> Path:
    """``root`` resolved, if it is a folder built by ``blockdomino site`` to the end (its
    build stamp there, ``publish.staging``): the one place where ``blockdomino serve``
    refuses a folder it must not serve."""
    if not root.is_dir():
        raise ServeError("serve.error.missing", path=str(root))
    if not all((root / name).is_file() for name in SITE_FILES):
        raise ServeError("serve.error.not_a_site", path=str(root))
    if not is_complete(root):
        raise ServeError("serve.error.incomplete", path=str(root))
    return root.resolve()


def default_host() -> str:
    """Where the server listens unless told: the local network's address, so that the
    class reaches it; 127.0.0.1 (this computer alone) without a network."""
    return lan_address() or "127.0.0.1"


def entry(root: Path, lang: str) -> str:
    """The path pupils open: the app in ``lang`` when the site has one, else the landing
    page."""
    if (root / APP / "index.html").is_file():
        return f"/{APP}/?lang={lang}"
    return "/"


def origin(host: str, port: int, *, secure: bool = False) -> str:
    """The web address of the server at ``host``:``port`` (no path), ``https`` when
    ``secure``; a server listening on every address (0.0.0.0) is reached through the
    local network's."""
    return f"{'https' if secure else 'http'}://{reachable(host)}:{port}"


def qr_code(text: str) -> segno.QRCode:
    """A full QR code of ``text`` (never a Micro QR, which phone cameras do not read)."""
    return segno.make_qr(text)


def terminal_code(text: str) -> str:
    """The QR code of ``text`` drawn with block characters, two rows per line (light
    modules as full blocks, so it reads on a dark terminal)."""
    out = StringIO()
    qr_code(text).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def projector_page(url: str, lang: str, *, more: str = "") -> str:
    """The page for the projector, in ``lang``: a large QR code of ``url`` and the address
    written out, for pupils who type it; ``more`` (HTML: the class's table) beneath. All
    of it is the page's one ``main`` landmark, ``#projector``, which the class's styles
    name to tell the projector from the other class pages."""
    title = html.escape(translate("serve.projector.title", lang))
    code = qr_code(url).svg_inline(
        scale=1, omitsize=True, svgclass="code", lineclass=None, title=url, border=2
    )
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ margin: 0; padding: 2vh 2vw; font-family: system-ui, sans-serif; text-align: center;
  background: #fff; color: #000; }}
h1 {{ font-size: clamp(1.5rem, 5vh, 3.5rem); margin: 0 0 1vh; }}
p {{ font-size: clamp(1.2rem, 3.5vh, 2.5rem); margin: 1vh 0; }}
.code {{ width: min(62vh, 90vw); height: auto; }}
.address {{ font-size: clamp(1.5rem, 6vh, 4.5rem); font-weight: bold; overflow-wrap: anywhere; }}
</style>
</head>
<body>
<main id="projector">
<h1>{title}</h1>
<p>{html.escape(translate("serve.projector.scan", lang))}</p>
{code}
<p>{html.escape(translate("serve.projector.type", lang))}</p>
<p class="address">{html.escape(url)}</p>
{more}</main>
</body>
</html>
"""


def cache_control(path: str) -> str:
    """The ``Cache-Control`` of a request's path: kept are the big files (WebAssembly,
    wheels, archives), Pyodide's and those named by their content's hash; the rest is
    asked for again."""
    file = PurePosixPath(urlsplit(path).path)
    kept = file.suffix in BIG or file.is_relative_to(PYODIDE) or _HASHED.search(file.name)
    return KEPT if kept else ASKED


def greeting(
    url: str, host: str, lang: str, *, tables: str | None = None, teacher: str | None = None
) -> str:
    """What the command prints when the server listens on ``host``, in ``lang``: the
    address pupils open, the class's tables (``tables``), the projector page's, the
    teacher's page (``teacher``, with its secret), who can reach them, and how to stop."""
    address = urlsplit(url)
    lines = [translate("serve.open", lang, address=url)]
    if tables is not None:
        lines.append(translate("serve.class", lang, address=tables))
    projector = f"{address.scheme}://{address.netloc}{PROJECTOR}"
    lines.append(translate("serve.projector", lang, address=projector))
    if teacher is not None:
        lines.append(translate("serve.teacher", lang, address=teacher))
    if _only_here(host):
        lines.append(translate("serve.only_here", lang))
    else:
        lines.append(translate("serve.network", lang, host=host))
    lines.append(translate("serve.stop", lang))
    return "\n".join(lines)


def _only_here(host: str) -> bool:
    """Whether only this computer reaches a server listening on ``host``: a loopback
    address, or ``localhost``; a name (``--host klassi.koulu.fi``, as a school's
    certificate names the laptop) is the network's."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host.lower().rstrip(".") == "localhost"
