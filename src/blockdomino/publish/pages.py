"""The pages the tutorial writes for a browser, from one template (``templates/``).

``page.html.j2`` is every page's skeleton: the language, the title, the styles in the
page and the body; nothing is fetched from outside the page. ``contents.html.j2``
extends it with the tutorial's contents, a section per language in that language's
words: the export's index and the offline site's landing page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import jinja2
from markupsafe import Markup

_TEMPLATES: Final = jinja2.Environment(
    loader=jinja2.PackageLoader("blockdomino.publish", "templates"),
    autoescape=True,
    keep_trailing_newline=True,
    trim_blocks=True,
    undefined=jinja2.StrictUndefined,
)

BASE_STYLE: Final = (
    "body{font-family:sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;"
    "line-height:1.5}section{margin-bottom:2rem}"
)
"""The contents pages' look: one readable column."""


@dataclass(frozen=True)
class Link:
    """A link: its words and where it leads."""

    name: str
    href: str


@dataclass(frozen=True)
class Section:
    """One language's part of a contents page: its name for itself, its chapters, a note;
    on the site also the app first (:attr:`app`: the tutorial without code, for pupils),
    then the welcome page's two links (:attr:`start`, :attr:`single`) and the chapters
    folded under :attr:`folded`."""

    lang: str
    name: str
    chapters: Sequence[Link]
    note: str
    app: Link | None = None
    start: Link | None = None
    single: Link | None = None
    folded: str | None = None


@dataclass(frozen=True)
class Notice:
    """What a contents page says in ``lang`` in place of its sections where they cannot
    work: a heading, lines, a command to type, more lines."""

    lang: str
    title: str
    lines: Sequence[str]
    command: str
    after: Sequence[str]


def page(*, lang: str, title: str, style: str, body: str) -> str:
    """A whole page in ``lang``: ``body`` is markup, inserted as it is."""
    return _TEMPLATES.get_template("page.html.j2").render(
        lang=lang, title=title, style=Markup(style), body=Markup(body)
    )


def contents(
    *,
    title: str,
    sections: Sequence[Section],
    style: str = BASE_STYLE,
    head: str = "",
    script: str = "",
    notices: Sequence[Notice] = (),
) -> str:
    """A contents page (its frame in English, each section in its own language):
    ``head`` and ``script`` are markup added to the head and after the main part,
    ``notices`` what the page says in place of the sections when they cannot work."""
    return _TEMPLATES.get_template("contents.html.j2").render(
        lang="en",
        title=title,
        style=Markup(style),
        head=Markup(head),
        script=Markup(script),
        sections=sections,
        notices=notices,
    )
