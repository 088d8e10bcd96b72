"""The teachers' guide: one structure, its words in the catalogs (``i18n/<lang>/guide.po``).

The guide is written for a teacher, not a programmer. Its structure lives here once, so
the Finnish, Swedish and English guides have the same sections, steps, commands and
pictures in the same order; only the words differ. Every command is shown with the
sentence that says what it does. A button's name in a sentence (``{reveal}``) is filled
in from the catalog of the page that shows the button, so the guide always names a
button as the screen does.

:func:`guide` gives the guide in one language as plain values, which the page
(``guide_page``), the Markdown of ``docs/guide/`` and the printed guide (``guide_print``)
lay out.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from blockdomino.practice.topics import TAUGHT, TOPIC_NAMES, TOPICS
from blockdomino.words.i18n import parse_lang, translate

PICTURES: Final = Path(__file__).with_name("guide_pictures")
"""The screenshots the guide shows (``docs/guide/screenshots.py`` takes them)."""

BUTTONS: Final = {
    "join": "tables.page.enter",
    "open_table": "tables.page.open",
    "seat_all": "teacher.seat_all",
    "show_table": "tables.teacher.show",
    "open_projector": "tables.teacher.projector",
    "close_table": "tables.teacher.close",
    "choose": "lessons.page.example",
    "chapter_walk": "lessons.walk.chapter",
    "walk_start": "lessons.page.walk_start",
    "walk_next": "lessons.page.walk_next",
    "look_back": "lessons.page.look_back",
    "to_teacher": "lessons.page.to_teacher",
    "fit_ask": "lessons.page.fit_ask",
    "fit_reveal": "lessons.page.fit_reveal",
    "quiz": "lessons.page.quiz",
    "start_quiz": "lessons.page.start",
    "reveal": "lessons.page.reveal",
    "names": "lessons.page.names",
    "mastery": "lessons.page.mastery",
    "project": "lessons.page.project",
    "unproject": "lessons.page.unproject",
    "csv": "lessons.page.csv",
    "start_over": "app.start_over",
    "guide_link": "app.guide",
}
"""The buttons and headings a sentence of the guide names, by the catalog key the
screen shows them with."""

QUOTES: Final = {"fi": ("”", "”"), "sv": ("”", "”"), "en": ("“", "”")}
"""The quotation marks around a button's name, as each language prints them."""


@dataclass(frozen=True)
class Text:
    """A paragraph."""

    key: str


@dataclass(frozen=True)
class Steps:
    """Steps to take in order (numbered)."""

    keys: tuple[str, ...]


@dataclass(frozen=True)
class Points:
    """Things side by side (a list without numbers)."""

    keys: tuple[str, ...]


@dataclass(frozen=True)
class Command:
    """A command to type, ``{lang}`` in it the guide's language, and what it does."""

    command: str
    key: str


@dataclass(frozen=True)
class Picture:
    """A screenshot (a file of ``PICTURES``) and its caption."""

    file: str
    key: str


@dataclass(frozen=True)
class Troubles:
    """What went wrong and what to do: pairs of keys."""

    pairs: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Chapters:
    """The table of the chapters: what each teaches, the practice topics ready after it."""


Part = Text | Steps | Points | Command | Picture | Troubles | Chapters


@dataclass(frozen=True)
class Section:
    """A section: its heading's key (``guide.<anchor>.heading``) and its parts."""

    heading: str
    parts: tuple[Part, ...]

    @property
    def anchor(self) -> str:
        """The section's anchor in the page: ``what`` for ``guide.what.heading``."""
        return self.heading.split(".")[1]


SERVE: Final = "blockdomino serve tutorial-site --lang {lang}"
GUIDE: Final = (
    Section("guide.what.heading", (Text("guide.what.game"), Text("guide.what.end"),
                     Text("guide.what.why"), Text("guide.what.app"))),
    Section("guide.prepare.heading", (
        Text("guide.prepare.once"),
        Command('pip install "blockdomino[serve,site,worksheet]"', "guide.prepare.install"),
        Command("blockdomino site --out tutorial-site", "guide.prepare.site"),
        Command(SERVE, "guide.prepare.serve"),
        Text("guide.prepare.pages"),
        Points(("guide.prepare.projector", "guide.prepare.teacher", "guide.prepare.pupils",
                "guide.prepare.guide")),
        Picture("teacher-{lang}.png", "guide.picture.teacher"),
    )),
    Section("guide.lesson.heading", (
        Text("guide.lesson.before"),
        Steps(("guide.lesson.join", "guide.lesson.walk", "guide.lesson.ask", "guide.lesson.quiz",
               "guide.lesson.tables", "guide.lesson.mastery")),
        Picture("quiz-{lang}.png", "guide.picture.quiz"),
        Picture("mastery-{lang}.png", "guide.picture.mastery"),
        Text("guide.lesson.next"),
    )),
    Section("guide.chapters.heading", (
        Text("guide.chapters.intro"), Chapters(), Text("guide.chapters.levels"),
    )),
    Section("guide.sheets.heading", (
        Text("guide.sheets.intro"),
        Command("blockdomino worksheet --topics matching,scoring --level 1 --count 12 "
                "--copies 30 --lang {lang} --out sheets.pdf --key keys.pdf", "guide.sheets.make"),
        Text("guide.sheets.topics"),
        Text("guide.sheets.again"),
        Command("blockdomino worksheet --topics scoring --level 2 --count 12 --lang {lang} "
                "--format moodle --out questions.xml", "guide.sheets.moodle"),
        Command("blockdomino guide --lang {lang} --out guide.pdf", "guide.sheets.guide"),
    )),
    Section("guide.privacy.heading", (
        Text("guide.privacy.what"),
        Text("guide.privacy.not"),
        Text("guide.privacy.long"),
        Command("blockdomino serve --export-csv mastery.csv --lang {lang}", "guide.privacy.csv"),
        Command("blockdomino serve --forget-class --lang {lang}", "guide.privacy.forget"),
        Text("guide.privacy.tablet"),
    )),
    Section("guide.network.heading", (
        Text("guide.network.same"),
        Text("guide.network.http"),
        Text("guide.network.secure"),
        Text("guide.network.https"),
    )),
    Section("guide.trouble.heading", (
        Troubles((
            ("guide.trouble.address.when", "guide.trouble.address.do"),
            ("guide.trouble.code.when", "guide.trouble.code.do"),
            ("guide.trouble.slow.when", "guide.trouble.slow.do"),
            ("guide.trouble.asleep.when", "guide.trouble.asleep.do"),
            ("guide.trouble.restart.when", "guide.trouble.restart.do"),
            ("guide.trouble.left.when", "guide.trouble.left.do"),
            ("guide.trouble.port.when", "guide.trouble.port.do"),
            ("guide.trouble.full.when", "guide.trouble.full.do"),
        )),
    )),
)  # fmt: skip
"""The guide's sections in order; each language's guide has exactly these."""


@dataclass(frozen=True)
class Chapter:
    """A row of the chapters' table: number, title, what it teaches, topics ready after it."""

    number: int
    title: str
    teaches: str
    topics: str


CHAPTERS: Final = {
    "welcome": "guide.chapter.welcome",
    "matching": "guide.chapter.matching",
    "doubles": "guide.chapter.doubles",
    "passing": "guide.chapter.passing",
    "scoring": "guide.chapter.scoring",
    "play": "guide.chapter.play",
    "strategy": "guide.chapter.strategy",
    "draw": "guide.chapter.draw",
    "together": "guide.chapter.together",
    "practice": "guide.chapter.practice",
}
"""The chapters in order, by the name of their source (``notebooks/source/NN_<name>.py``),
with what each teaches."""


def ready_after() -> dict[int, list[tuple[str, int]]]:
    """Each topic and level under the chapter after which a pupil has been taught all it
    uses: the last chapter among its sections (``practice.taught``)."""
    ready: dict[int, list[tuple[str, int]]] = {}
    for (topic, level), sections in TAUGHT.items():
        chapter = max(int(source[:2]) for source, _ in sections)
        ready.setdefault(chapter, []).append((topic, level))
    return ready


def _levels(levels: list[int]) -> str:
    """Levels as a teacher writes them: "1", "1–2", "1–3", "3"; "1, 3" with a gap."""
    if len(levels) > 1 and levels == list(range(levels[0], levels[-1] + 1)):
        return f"{levels[0]}–{levels[-1]}"
    return ", ".join(map(str, levels))


def chapters(lang: str) -> list[Chapter]:
    """The rows of the chapters' table in ``lang``."""
    ready = ready_after()
    rows = []
    for number, (name, teaches) in enumerate(CHAPTERS.items()):
        topics: dict[str, list[int]] = {}
        for topic, level in ready.get(number, []):
            topics.setdefault(topic, []).append(level)
        listed = ", ".join(
            f"{translate(TOPIC_NAMES[topic], lang)} ({_levels(sorted(levels))})"
            for topic, levels in topics.items()
        )
        title = translate(f"nb.{name}.title", lang)
        rows.append(Chapter(number, title, translate(teaches, lang), listed or "–"))
    return rows


def words(key: str, lang: str) -> str:
    """The guide's sentence ``key`` in ``lang``, every button it names in quotation marks
    as the screen words it, and ``{topics}`` the practice topics as the command names them."""
    opening, closing = QUOTES[lang]
    buttons = {name: f"{opening}{translate(key, lang)}{closing}" for name, key in BUTTONS.items()}
    topics = ", ".join(f"`{topic}` ({translate(TOPIC_NAMES[topic], lang)})" for topic in TOPICS)
    return translate(key, lang, **buttons, topics=topics)


def _tall(file: str) -> bool:
    """Whether the screenshot ``file`` is taller than wide (a PNG's size is in its header)."""
    width, height = struct.unpack(">II", (PICTURES / file).read_bytes()[16:24])
    return bool(height > width)


def _part(part: Part, lang: str) -> dict[str, Any]:
    """One part of a section as plain values: its ``kind`` and its words."""
    match part:
        case Text(key):
            return {"kind": "text", "text": words(key, lang)}
        case Steps(keys) | Points(keys):
            kind = "steps" if isinstance(part, Steps) else "points"
            return {"kind": kind, "items": [words(key, lang) for key in keys]}
        case Command(typed, key):
            return {"kind": "command", "command": typed.format(lang=lang), "text": words(key, lang)}
        case Picture(file, key):
            name = file.format(lang=lang)
            return {"kind": "picture", "file": name, "text": words(key, lang), "tall": _tall(name)}
        case Troubles(pairs):
            head = [words("guide.trouble.when", lang), words("guide.trouble.do", lang)]
            rows = [[words(when, lang), words(do, lang)] for when, do in pairs]
            return {"kind": "table", "head": head, "rows": rows}
        case Chapters():
            named = ("guide.chapters.number", "guide.chapters.teaches", "guide.chapters.topics")
            head = [words(key, lang) for key in named]
            rows = [[f"{row.number:02}. {row.title}", row.teaches, row.topics]
                    for row in chapters(lang)]  # fmt: skip
            return {"kind": "table", "head": head, "rows": rows}
    raise TypeError(part)  # pragma: no cover - every kind of part is matched above


def guide(lang: str) -> dict[str, Any]:
    """The guide in ``lang`` as plain values (JSON-able): its title, introduction and
    sections, each with its anchor, heading and parts. Text may hold `code` spans."""
    lang = parse_lang(lang)
    return {
        "lang": lang,
        "title": words("guide.title", lang),
        "intro": words("guide.intro", lang),
        "contents": words("guide.contents", lang),
        "sections": [
            {
                "anchor": section.anchor,
                "heading": words(section.heading, lang),
                "parts": [_part(part, lang) for part in section.parts],
            }
            for section in GUIDE
        ],
    }
