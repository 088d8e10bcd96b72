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
from blockdomino.lessons.steps import walk_examples
from blockdomino.practice import TOPICS
from blockdomino.practice.topics import TOPIC_NAMES
from blockdomino.publish.serve import PROJECTOR, qr_code
from blockdomino.stores.keys import ClassKeys
from blockdomino.words.i18n import catalog, translate

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
    "tables.page.code", "tables.page.enter", "tables.error.code", "tables.error.too_long",
    "tables.seat.away", "tables.page.leave_ask", "tables.page.stay", "tables.page.away",
    "tables.page.back", "tables.page.renamed", "tables.page.unnamed", "tables.projector.pupils",
    "app.board", "app.tiles", "app.ends",
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


def shell(
    lang: str, role: str, title: str, *, above: str = "", head: str = "", class_first: bool = False
) -> str:
    """A page of ``role`` (``pupil``, ``teacher``) in ``lang``, ``above`` (HTML) over
    what the script draws, ``head`` (HTML) at the end of its head. The lesson's place
    comes first (on a pupil's page it covers the tables while it runs); with
    ``class_first`` (the teacher's page) the class comes first (the projector, everyone
    seated, the roll, the tables), the lesson beside it on a laptop (``teacher.css``)."""
    lesson = f'<div class="lesson-side">\n{lesson_part(STATIC, lang)}</div>\n'
    tables = f'<div id="main"><h1>{html.escape(title)}</h1></div>\n'
    parts = tables + lesson if class_first else lesson + tables
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<link rel="stylesheet" href="{STATIC}/class.css">
<script type="application/json" id="words">{_words(lang)}</script>
<script type="module" src="{STATIC}/class.js"></script>
{head}</head>
<body data-role="{role}" data-lang="{lang}">
<div id="reconnecting" role="status" aria-live="polite" hidden></div>
{above}<main>
<h1 class="page-title visually-hidden">{html.escape(title)}</h1>
{parts}</main>
</body>
</html>
"""


def pupil_page(lang: str) -> str:
    """The pupils' page: the lobby, then their seat, whose every move, the others' too, a
    screen reader hears from the live region ``said`` (kept while the seat is drawn again)."""
    said = '<div id="said" class="visually-hidden" aria-live="polite"></div>\n'
    return shell(lang, "pupil", translate("tables.page.title", lang), above=said)


def class_address(origin: str, lang: str, code: str) -> str:
    """The address of the pupils' page that a QR code opens: the class code in it, so
    that a pupil who scans it need not type the code."""
    return f"{origin}{CLASS}/?lang={lang}&code={code}"


def class_code(lang: str, code: str, address: str, more: str = "") -> str:
    """The class code written big, with a QR code of ``address`` beside it and ``more``
    (HTML) beneath: a region named by its sentence, so that screen readers (and axe) find
    it as a landmark beside the page's ``main``, which the script fills."""
    picture = qr_code(address).svg_inline(
        scale=1, omitsize=True, svgclass="class-qr", lineclass=None, title=address, border=2
    )
    said = html.escape(translate("tables.page.code", lang))
    return (
        f'<section class="class-code" aria-labelledby="class-code-said">'
        f'<p id="class-code-said">{said}</p>'
        f'<p class="code-letters">{html.escape(code)}</p>{picture}{more}</section>\n'
    )


def teacher_page(lang: str, keys: ClassKeys, address: str, pairing: str) -> str:
    """The teacher's page (its socket let in by the teacher's pass, a cookie: no secret
    on the page or in its address, which a projector mirroring the laptop would show),
    with the class code big, the QR code of the pupils' page (``address``, the code in
    it) and the link that opens the projector's page paired (``pairing``,
    ``stores.keys``) in a new window."""
    title = translate("tables.teacher.title", lang)
    link = html.escape(f"{PROJECTOR}?pair={pairing}")
    said = html.escape(translate("tables.teacher.projector", lang))
    opener = f'<p class="projector-link"><a href="{link}" target="_blank">{said}</a></p>'
    above = class_code(lang, keys.code, address, opener)
    head = (
        f'<script type="application/json" id="teacher-words">{_teacher_words(lang)}</script>\n'
        f'<link rel="stylesheet" href="{STATIC}/teacher.css">\n'
    )
    return shell(lang, "teacher", title, above=above, head=head, class_first=True)


def locked_page(lang: str, key: str = "tables.teacher.locked") -> str:
    """What the teacher's address shows in a browser without the teacher's pass: how to
    open the page (the one-time link ``serve`` prints), or the catalog's ``key``, in the
    server's language."""
    title = html.escape(translate("tables.teacher.title", lang))
    said = html.escape(translate(key, lang))
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n</head>\n<body>\n<main>\n<h1>{title}</h1>\n"
        f"<p>{said}</p>\n</main>\n</body>\n</html>\n"
    )


def _teacher_words(lang: str) -> str:
    """The words of the teacher's page (``teacher.*``) as JSON, safe inside a
    ``<script type="application/json">``; the help under the walkthroughs' chooser
    quotes one name of each kind the chooser gives (``walk_examples``)."""
    keys = [key for key in catalog("en") if key.startswith("teacher.")]
    words = {key: translate(key, lang) for key in keys if "{" not in translate(key, "en")}
    names = ("count", "player", "tables", "table", "lobby", "seated")
    kept = {name: f"{{{name}}}" for name in names}
    quoted = walk_examples(lang)
    words |= {key: translate(key, lang, **quoted, **kept)
              for key in keys if "{" in translate(key, "en")}  # fmt: skip
    return json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")


def unpaired_part(lang: str) -> str:
    """What the projector page shows in a browser the teacher did not pair: how to show
    the class there (never the class's code)."""
    said = html.escape(translate("tables.projector.pair", lang))
    return f'<p class="class-address">{said}</p>\n'


def projector_part(lang: str, code: str) -> str:
    """What the projector page adds when the server has tables (the page's QR code and
    address then lead to the class's page, ``class_address``): the class code big, the
    same code small in a corner once an activity holds the screen (``projector.css``),
    and the activity the teacher shows (filled in by the scripts). A screen reader on
    the projector hears only the line that changes (a move, the count of answers, the
    countdown's end: the live region ``said``), never the whole activity again."""
    told = html.escape(translate("tables.teacher.code", lang, code=code))
    said = html.escape(translate("tables.page.code", lang))
    return (
        f'<p class="code-letters">{told}</p>\n'
        f'<p class="host-corner">{said} <strong>{html.escape(code)}</strong></p>\n'
        f'<script type="application/json" id="words">{_words(lang)}</script>\n'
        f'<link rel="stylesheet" href="{STATIC}/class.css">\n'
        f'<link rel="stylesheet" href="{STATIC}/projector.css">\n'
        f'<div id="reconnecting" role="status" aria-live="polite" hidden></div>\n'
        f'<p id="said" class="visually-hidden" aria-live="polite"></p>\n'
        f"{lesson_part(STATIC, lang, live=False)}"
        f'<section id="main" data-role="projector"></section>\n'
        f'<script type="module" src="{STATIC}/class.js"></script>\n'
    )


def _lesson_words(lang: str) -> str:
    """The words the quiz's script shows (``lessons.page.*`` and the topics' names) as
    JSON, safe inside a ``<script type="application/json">``."""
    keys = [key for key in catalog("en") if key.startswith(("lessons.page.", "lessons.csv."))]
    keys += [TOPIC_NAMES[topic] for topic in TOPICS]
    words = {key: translate(key, lang) for key in keys if "{" not in translate(key, "en")}
    words |= {key: translate(key, lang, count="{count}", choice="{choice}", names="{names}")
              for key in keys if "{" in translate(key, "en")}  # fmt: skip
    words["topics"] = list(TOPICS)  # type: ignore[assignment]
    return json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")


def lesson_part(static: str, lang: str, *, live: bool = True) -> str:
    """What a class page (a pupil's, the teacher's, the projector's) adds for the quiz:
    its words, style, script (in the folder ``static``) and the place it draws in; when
    ``live``, the polite live region ``lesson-said`` with only what changes (a new
    question, an answer received, the verdict, a new step of a walkthrough; on the
    teacher's page a pupil who joined and the count of answers), never the whole
    question again when the screen is drawn again."""
    said = '<p id="lesson-said" class="visually-hidden" aria-live="polite"></p>\n' if live else ""
    return (
        f'<script type="application/json" id="lesson-words">{_lesson_words(lang)}</script>\n'
        f'<link rel="stylesheet" href="{static}/lesson.css">\n'
        f'{said}<section id="lesson" hidden></section>\n'
        f'<script type="module" src="{static}/lesson.js"></script>\n'
    )
