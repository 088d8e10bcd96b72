"""The pages of the class's tables, drawn by the server (no Python in the browser): the
pupils' page, the teacher's and the live part of the projector's.

Each page is a small HTML shell in the page's language that loads ``class.js`` and
``class.css`` from this package's ``static`` folder; the words the script shows come
from the catalogs, embedded as JSON data (never run as code). Everything else the
screens show arrives over the page's WebSocket (``server.live``).
"""

from __future__ import annotations

import html
import json
from typing import Final

from blockdomino.engine.rules import PRESETS
from blockdomino.words.i18n import translate

CLASS: Final = "/class"
"""Where the pupils' page lies on the server."""
STATIC: Final = f"{CLASS}/static"
WORDS: Final = (
    "tables.page.title", "tables.page.nickname", "tables.page.tables", "tables.page.no_tables",
    "tables.page.join", "tables.page.open", "tables.page.preset", "tables.page.players",
    "tables.page.computers", "tables.page.free", "tables.page.you", "tables.page.wait",
    "tables.page.reconnecting", "tables.page.leave", "tables.page.award", "tables.page.moves",
    "tables.seat.free", "tables.seat.computer", "tables.seat.pupil", "tables.teacher.title",
    "tables.teacher.none", "tables.teacher.show", "tables.teacher.shown", "tables.teacher.close",
    "tables.teacher.remove", "tables.teacher.closed", "tables.error.nickname",
)  # fmt: skip
"""The words the script shows, by key."""
PRESET_TERMS: Final = {preset: f"term.preset.{preset}" for preset in PRESETS}


def _words(lang: str) -> str:
    """The page's words as JSON, safe inside a ``<script type="application/json">``."""
    words = {key: translate(key, lang) for key in WORDS if "{" not in translate(key, "en")}
    words |= {key: translate(key, lang, count="{count}", player="{player}")
              for key in WORDS if "{" in translate(key, "en")}  # fmt: skip
    words |= {f"preset.{preset}": translate(term, lang) for preset, term in PRESET_TERMS.items()}
    return json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")


def shell(lang: str, role: str, title: str, *, secret: str = "") -> str:
    """A page of ``role`` (``pupil``, ``teacher``) in ``lang``."""
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="stylesheet" href="{STATIC}/class.css">
<script type="application/json" id="words">{_words(lang)}</script>
<script type="module" src="{STATIC}/class.js"></script>
</head>
<body data-role="{role}" data-lang="{lang}" data-secret="{html.escape(secret)}">
<div id="reconnecting" role="status" aria-live="polite" hidden></div>
<main id="main"><h1>{html.escape(title)}</h1></main>
</body>
</html>
"""


def pupil_page(lang: str) -> str:
    """The pupils' page: the lobby, then their seat."""
    return shell(lang, "pupil", translate("tables.page.title", lang))


def teacher_page(lang: str, secret: str) -> str:
    """The teacher's page, which knows the teacher's secret."""
    return shell(lang, "teacher", translate("tables.teacher.title", lang), secret=secret)


def projector_part(lang: str, class_address: str) -> str:
    """What the projector page adds when the server has tables: the class's address,
    and the table the teacher shows (filled in by the script)."""
    said = html.escape(translate("tables.projector.class", lang, address=class_address))
    return (
        f'<p class="class-address">{said}</p>\n'
        f'<script type="application/json" id="words">{_words(lang)}</script>\n'
        f'<link rel="stylesheet" href="{STATIC}/class.css">\n'
        f'<div id="reconnecting" role="status" aria-live="polite" hidden></div>\n'
        f'<section id="main" data-role="projector" aria-live="polite"></section>\n'
        f'<script type="module" src="{STATIC}/class.js"></script>\n'
    )
