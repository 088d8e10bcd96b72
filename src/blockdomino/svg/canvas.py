"""The canvas every diagram is drawn on: the SVG document, its palette and stylesheet,
its ids, and the way numbers are written.

A diagram's ids carry a prefix derived from its input, its stylesheet is scoped to its
root id, and every coordinate is rounded to 0.1 px, so equal input gives equal bytes.
"""

from __future__ import annotations

import functools
import hashlib
import html
import re
from collections.abc import Mapping
from typing import Final

from blockdomino.svg.layout import HALF, MARGIN, table_width
from blockdomino.svg.markup import Element, to_text

SVG_NAMESPACE: Final = "http://www.w3.org/2000/svg"
_NAMESPACES: Final = {
    "xmlns": SVG_NAMESPACE,
    "xmlns:ev": "http://www.w3.org/2001/xml-events",
    "xmlns:xlink": "http://www.w3.org/1999/xlink",
}

COLORS: Final[Mapping[str, str]] = {
    "table": "#1f6b45",
    "tile": "#fbf8ee",
    "pip": "#1c1c1c",
    "back": "#8a4b2f",
    "playable": "#ffd54f",
    "dimmed": "#c8c8c8",
    "selected": "#4fc3f7",
    "marker": "#ffffff",
    "marker-fits": "#ffd54f",
    "marker-no-fit": "#b0bec5",
    "label": "#ffffff",
    "note": "#ffffff",
    "note-best": "#ffd54f",
}
"""Default colours, keyed by the CSS class they paint; override any with ``colors=``."""

_NOTE_COLORS: Final = frozenset({"note", "note-best"})
"""The colours only a diagram with notes under its tiles paints with."""

FONT_SIZE: Final = 0.5 * HALF
"""Size of marker numbers and labels."""
LINE_HEIGHT: Final = 0.8 * HALF
"""Height of one line of label text."""
NOTE_SIZE: Final = 0.375 * HALF
"""Size of the notes written under a hand's tiles."""
GLYPH_WIDTH: Final = 0.62
"""The width of an average label glyph, as a share of the font size (DejaVu Sans)."""
CHECK: Final = "✓"
"""The sign beside a playable tile and a fitting end."""

_TITLE = re.compile(r"<title[^>]*>([^<]*)</title>")


class SvgImage(str):
    """An SVG diagram as text; Jupyter shows it as a picture.

    Its ``repr`` names the diagram by its title (``<SvgImage: Asetettu [1|4]>``) rather
    than spelling out the markup; ``str(image)`` is the SVG text.
    """

    def _repr_svg_(self) -> SvgImage:
        return self

    def _repr_html_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        title = _TITLE.search(self)
        return f"<SvgImage: {html.unescape(title[1]) if title else len(self)}>"


@functools.lru_cache(maxsize=4096)
def rounded(value: float) -> str:
    """A coordinate rounded to 0.1, written without a trailing ``.0``. Diagrams use the
    same few hundred coordinates over and over: each is written once."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def palette(colors: Mapping[str, str] | None, *, notes: bool = False) -> dict[str, str]:
    """The colours a diagram paints with: the defaults with ``colors`` laid over them, the
    notes' colours only for a diagram with ``notes``. An unknown key is refused."""
    unknown = sorted(set(colors or {}) - set(COLORS))
    if unknown:
        raise ValueError(f"unknown colour keys {unknown}; known: {', '.join(COLORS)}")
    merged = {**COLORS, **(colors or {})}
    return merged if notes else {k: v for k, v in merged.items() if k not in _NOTE_COLORS}


def id_prefix(*parts: object) -> str:
    """An id prefix drawn from the diagram's input: equal input, equal ids, in any process."""
    digest = hashlib.sha256("\x1f".join(str(part) for part in parts).encode()).hexdigest()
    return f"bd-{digest[:10]}"


def text_width(text: str, width: float | None) -> float:
    """The width a line of label text needs, at most ``width``."""
    return min(table_width(width), 2 * MARGIN + len(text) * GLYPH_WIDTH * FONT_SIZE)


def _style(prefix: str, c: Mapping[str, str]) -> str:
    """The diagram's stylesheet, scoped to its root id so pages with many diagrams agree.

    A palette with the notes' colours adds the notes' rules: the note of the best move
    is bold, and that tile's outline heavier.
    """
    return _stylesheet(tuple(c.items()), shared_faces=False).replace(_SCOPE, f"#{prefix}")


def shared_style() -> str:
    """The stylesheet of every diagram drawn with shared faces, in the default colours
    (the notes' too), held once by their page: ``_style``'s rules, scoped to the
    diagrams' class, and a face's pips in the colour of the ``<use>`` showing it."""
    colours = tuple(palette(None, notes=True).items())
    return _stylesheet(colours, shared_faces=True).replace(_SCOPE, f"svg.{DIAGRAM_CLASS}")


DIAGRAM_CLASS: Final = "blockdomino"
"""The class of every diagram's root element."""
_SCOPE: Final = "\x00"
"""Where a stylesheet made once for a palette takes the selector it is scoped to."""


@functools.lru_cache(maxsize=64)
def _stylesheet(colours: tuple[tuple[str, str], ...], *, shared_faces: bool) -> str:
    """The rules of ``_style`` and ``shared_style``, each scoped to ``_SCOPE``."""
    c = dict(colours)
    rules: tuple[str, ...] = (
        f"{{font-family:DejaVu Sans,Verdana,sans-serif;font-size:{rounded(FONT_SIZE)}px}}",
        f" .table{{fill:{c['table']}}}",
        f" .tile>.face{{fill:{c['tile']};stroke:{c['pip']};stroke-width:1.5}}",
        f" .back>.face{{fill:{c['back']}}}",
        f" .pip{{fill:{c['pip']}}}",
        f" .playable>.face{{stroke:{c['playable']};stroke-width:4}}",
        " .dimmed{opacity:.45}",
        f" .dimmed>.face{{stroke:{c['dimmed']};stroke-dasharray:4 3}}",
        f" .selected>.face{{stroke:{c['selected']};stroke-width:4;stroke-dasharray:9 4}}",
        f" .marker>.slot{{fill:none;stroke:{c['marker']};stroke-width:2;stroke-dasharray:5 4}}",
        f" .marker>text{{fill:{c['marker']};font-weight:bold;text-anchor:middle}}",
        f" .marker-fits>.slot{{stroke:{c['marker-fits']};stroke-width:4;stroke-dasharray:none}}",
        f" .marker-fits>text{{fill:{c['marker-fits']}}}",
        f" .marker-no-fit>.slot{{stroke:{c['marker-no-fit']};stroke-dasharray:2 4}}",
        f" .marker-no-fit>text{{fill:{c['marker-no-fit']};font-weight:normal}}",
        f" .label{{fill:{c['label']}}}",
        f" .playable>.label{{fill:{c['playable']};text-anchor:middle;font-weight:bold}}",
        f" .selected>.label{{fill:{c['selected']};text-anchor:middle}}",
    )
    if "note" in c:
        rules += (
            f" .note{{fill:{c['note']};font-size:{rounded(NOTE_SIZE)}px;text-anchor:middle}}",
            f" .note-best{{fill:{c['note-best']};font-weight:bold}}",
            f" .best>.face{{stroke:{c['note-best']};stroke-width:6}}",
        )
    if shared_faces:
        rules += (f" .face{{color:{c['pip']}}}",)
    return "".join(f"{_SCOPE}{rule}" for rule in rules)


class Canvas:
    """One diagram being drawn: its root element and its id prefix. With
    ``shared_faces`` its tiles show the page's symbols and its page holds its stylesheet
    (``faces.shared_sheet``), so its colours must be the default ones."""

    def __init__(
        self,
        prefix: str,
        width: float,
        height: float,
        palette: Mapping[str, str],
        *,
        stylesheet: str | None = None,
        shared_faces: bool = False,
    ):
        """A drawing styled for tiles in ``palette``, or by ``stylesheet`` (a chart's own,
        whose background is the ``table`` class); with ``shared_faces``, its tiles use the
        page's shared face symbols and its stylesheet (``shared_sheet``)."""
        if shared_faces and any(COLORS[key] != value for key, value in palette.items()):
            raise ValueError("diagrams with shared faces take their page's default colours")
        self.prefix = prefix
        self.shared_faces = shared_faces
        size = {"width": rounded(width), "height": rounded(height)}
        self.drawing = Element(
            "svg",
            **size,
            viewBox=f"0 0 {size['width']} {size['height']}",
            id=prefix,
            class_=DIAGRAM_CLASS,
            role="img",
            aria_labelledby=f"{prefix}-title {prefix}-desc",
            baseProfile="full",
            version="1.1",
            **_NAMESPACES,
        )
        self.defs = self.drawing.element("defs")
        if not shared_faces:
            self.style(stylesheet or _style(prefix, palette))
        self.drawing.element("rect", x="0", y="0", **size, class_="table")

    def style(self, rules: str) -> None:
        """A stylesheet added to the diagram."""
        self.drawing.add(Element("style", rules, type="text/css"))

    def label(self, title: str, desc: str) -> None:
        """The diagram's ``<title>`` and ``<desc>``, first in the document, with ids."""
        for tag, text in (("desc", desc), ("title", title)):
            self.drawing.children.insert(0, Element(tag, text, id=f"{self.prefix}-{tag}"))

    def group(self, parent: Element | None = None, /, **attributes: str) -> Element:
        """A ``<g>`` added to ``parent`` (the drawing itself by default)."""
        return (self.drawing if parent is None else parent).element("g", **attributes)

    def text(self, parent: Element, words: str, x: float, y: float, **attributes: str) -> None:
        """A line of text whose baseline sits at ``y``."""
        parent.element("text", words, x=rounded(x), y=rounded(y), **attributes)

    def finish(self) -> SvgImage:
        """The SVG text of the finished diagram."""
        return SvgImage(to_text(self.drawing))
