"""Diagrams as compact as paper and a question bank want them.

``trimmed`` cuts a chain's or a hand's picture down to what it draws: the screen's
pictures keep a margin round the tiles and a line under a hand for notes, which on a
worksheet are only white paper between an item's lines. The tiles keep their size: the
picture's scale does not change, only its edges move in.

``minified`` makes a picture as small a file as it can be, for a Moodle question bank
that must stay under a school's upload limit: it drops what an image does without (the
title and description, which the caption and alt text say; the white table; the
attributes for screen readers and scripts; the space between elements), draws each pip
as a dot rather than two arcs, and keeps only the style rules the picture uses.
"""

from __future__ import annotations

import re
from typing import Final

from blockdomino.svg.canvas import rounded
from blockdomino.svg.faces import DIVIDER_WIDTH, PIP_RADIUS

PAD: Final = 3.0
"""Room kept round the drawing, in pixels: half the widest outline (an end marker's
4 px dashes) and a little more."""

_RECT = re.compile(r"<rect\b([^>]*)/>")
_ATTRIBUTE = re.compile(r'\s([\w:-]+)="([^"]*)"')
_ROOT = re.compile(r"<svg\b[^>]*>")
_DRAWN = re.compile(r"<(\w+)\b")
_TRIMMABLE: Final = frozenset(
    {"svg", "title", "desc", "defs", "style", "rect", "path", "text", "g"}
)
"""The elements of a chain's or a hand's picture: everything drawn is a tile or an end
marker (a rectangle), the pips and numbers inside them."""


def _attributes(tag: str) -> dict[str, str]:
    return dict(_ATTRIBUTE.findall(tag))


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def trimmed(image: str) -> str:
    """``image`` (a chain or a hand from ``blockdomino.svg``) with its edges moved in to
    ``PAD`` round the tiles and markers it draws; any other picture unchanged."""
    if not set(_DRAWN.findall(image)) <= _TRIMMABLE:
        return image
    boxes = [
        (
            float(a["x"]),
            float(a["y"]),
            float(a["x"]) + float(a["width"]),
            float(a["y"]) + float(a["height"]),
        )
        for a in map(_attributes, _RECT.findall(image))
        if a.get("class") != "table"
    ]
    root = _ROOT.search(image)
    if not boxes or root is None:
        return image
    left = min(box[0] for box in boxes) - PAD
    top = min(box[1] for box in boxes) - PAD
    width = max(box[2] for box in boxes) + PAD - left
    height = max(box[3] for box in boxes) + PAD - top
    tag = root[0]
    for name, value in (
        ("width", _number(width)),
        ("height", _number(height)),
        ("viewBox", " ".join(map(_number, (left, top, width, height)))),
    ):
        tag = re.sub(rf'\s{name}="[^"]*"', f' {name}="{value}"', tag)
    return image[: root.start()] + tag + image[root.end() :]


_DROPPED: Final = (
    re.compile(r"<title\b[^>]*>.*?</title>", re.DOTALL),
    re.compile(r"<desc\b[^>]*>.*?</desc>", re.DOTALL),
    re.compile(r"<defs\s*/>"),
    re.compile(r'<rect class="table"[^>]*/>'),
    re.compile(r'\s(?:baseProfile|version|role|aria-labelledby|xmlns:ev|data-[\w-]+)="[^"]*"'),
    re.compile(r'(?<=<svg)\sclass="[^"]*"|(?<=<style)\stype="text/css"'),
    re.compile(r"(?<=>)\s+(?=<)"),
)
"""What a picture shown as an image does without: its title and description (the
caption and alt text say them), the white table under the tiles, the attributes for
screen readers and scripts, the space between elements."""

_STYLE = re.compile(r"(<style[^>]*><!\[CDATA\[)(.*?)(\]\]></style>)", re.DOTALL)
_HAND = re.compile(r'<g class="hand">((?:(?!<g\b).)*?)</g>', re.DOTALL)
"""A hand's group, once its tiles are bare: nothing styles it."""
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_CLASSES = re.compile(r'class="([^"]*)"')
_XLINK = re.compile(r'\sxmlns:xlink="[^"]*"')
_PIPS = re.compile(r'<path class="pip" d="([^"]*)"\s*/>')
_TILE = re.compile(r'<g class="tile[^"]*"[^>]*>(.*?)</g>', re.DOTALL)
_PEN = re.compile(r"([Mm])(-?[\d.]+) (-?[\d.]+)")
_ARC = f"a{rounded(PIP_RADIUS)} {rounded(PIP_RADIUS)} 0 1 0 {rounded(2 * PIP_RADIUS)} 0" + (
    f"a{rounded(PIP_RADIUS)} {rounded(PIP_RADIUS)} 0 1 0 -{rounded(2 * PIP_RADIUS)} 0"
)
"""A pip as ``blockdomino.svg`` draws it: two arcs round its centre, from its left edge
back to it."""


def _centres(commands: str) -> list[tuple[float, float]]:
    """The centre of each pip of a run of pips (moves, each followed by a pip's arcs)."""
    centres, x, y = [], 0.0, 0.0
    for step in re.split(f"(?={re.escape(_ARC)})", commands):
        if step.startswith(_ARC):
            centres.append((round(x + PIP_RADIUS, 1), round(y, 1)))
        for command, dx, dy in _PEN.findall(step):
            x, y = (float(dx), float(dy)) if command == "M" else (x + float(dx), y + float(dy))
    return centres


def _dots(centres: list[tuple[float, float]]) -> str:
    """The pips as dots, strokes of no length at their centres, each placed from the one
    before (``m16 0h0``): short numbers."""
    commands, x, y = [], 0.0, 0.0
    for number, (cx, cy) in enumerate(centres):
        move = "M" if number == 0 else "m"
        dx, dy = (cx, cy) if number == 0 else (cx - x, cy - y)
        commands.append(f"{move}{rounded(dx)} {rounded(dy)}h0")
        x, y = cx, cy
    return "".join(commands)


_ACROSS = re.compile(r"M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)h-[\d.]+z")
_ALONG = re.compile(r"M([\d.]+) ([\d.]+)v([\d.]+)h([\d.]+)v-[\d.]+z")


def _bar(divider: str) -> str | None:
    """A tile's dividing line, drawn filled as a thin rectangle, as a stroke along its
    middle (``M20.8 48h22.4``); ``None`` for any other shape."""
    across = _ACROSS.fullmatch(divider)
    if across:
        x, y, length, width = map(float, across.groups())
        return f"M{rounded(x)} {rounded(y + width / 2)}h{rounded(length)}"
    along = _ALONG.fullmatch(divider)
    if along:
        x, y, length, width = map(float, along.groups())
        return f"M{rounded(x + width / 2)} {rounded(y)}v{rounded(length)}"
    return None


def _ink(image: str) -> str:
    """The tiles as bare rectangles, and their ink as at most three paths for the whole
    picture, drawn over them: the dividing lines as strokes (``bar``), anything else
    filled (``pip``), the pips as dots (``dot``)."""
    bars: list[str] = []
    filled: list[str] = []
    centres: list[tuple[float, float]] = []

    def bare(tile: re.Match[str]) -> str:
        for path in _PIPS.findall(tile[1]):
            for part in re.split(r"(?=M)", path):
                if _ARC in part:
                    centres.extend(_centres(part))
                elif part:
                    bar = _bar(part)
                    (filled if bar is None else bars).append(bar or part)
        return _PIPS.sub("", tile[1]).replace('<rect class="face"', "<rect")

    image = _TILE.sub(bare, image)
    ink = "".join(
        f'<path class="{name}" d="{"".join(parts)}"/>'
        for name, parts in (("bar", bars), ("pip", filled), ("dot", [_dots(centres)]))
        if any(parts)
    )
    return image.replace("</svg>", ink + "</svg>")


_FACE = re.compile(r'<rect (height="[\d.]+" rx="[\d.]+" width="[\d.]+") (x="[\d.]+" y="[\d.]+")/>')


def _shared_faces(image: str) -> str:
    """Each tile's rectangle as a ``<use>`` of one rectangle per size, defined once."""
    sizes: dict[str, str] = {}

    def used(face: re.Match[str]) -> str:
        name = sizes.setdefault(face[1], f"t{len(sizes)}")
        return f'<use href="#{name}" {face[2]}/>'

    image = _FACE.sub(used, image)
    if not sizes:
        return image
    defs = "".join(f'<rect id="{name}" {size}/>' for size, name in sizes.items())
    return image.replace("</style>", f"</style><defs>{defs}</defs>", 1)


def _short_colour(css: str) -> str:
    return re.sub(r"#([0-9a-f])\1([0-9a-f])\2([0-9a-f])\3\b", r"#\1\2\3", css)


def _style(css: str, body: str, scope: str) -> str:
    """The rules of ``css`` for the classes the picture uses, without the page's scope
    (an image is a page of its own), and the dots' rule in the pips' colour."""
    used = {name for names in _CLASSES.findall(body) for name in names.split()}
    kept = []
    for selector, declarations in _RULE.findall(css.replace(".tile>.face", "rect")):
        if not set(re.findall(r"\.([\w-]+)", selector)) <= used:
            continue
        if selector == f"#{scope}" and "<text" not in body:
            continue
        selector = selector.replace(f"#{scope} ", "").replace(f"#{scope}", "svg")
        kept.append(f"{selector}{{{declarations}}}")
    colour = re.search(r"\.pip\{fill:([^;}]+)", css)
    if colour and "bar" in used:
        kept.append(f".bar{{stroke:{colour[1]};stroke-width:{rounded(DIVIDER_WIDTH)}}}")
    if colour and "dot" in used:
        width = rounded(2 * PIP_RADIUS)
        kept.append(
            f".dot{{fill:none;stroke:{colour[1]};stroke-width:{width};stroke-linecap:round}}"
        )
    return _short_colour("".join(kept))


def minified(image: str) -> str:
    """``image`` as compact as an image file can be: without what it does without
        (``_DROPPED``), its tiles as bare rectangles under one path of ink (the pips as dots),
    and only the style rules it uses."""
    root = _ROOT.search(image)
    scope = _attributes(root[0]).get("id", "") if root else ""
    image = _ink(image)
    if scope:  # the style's scope: an image file is a page of its own
        image = image.replace(f' id="{scope}"', "", 1)
    for pattern in _DROPPED:
        image = pattern.sub("", image)
    image = _shared_faces(image.replace(" />", "/>"))
    if "xlink:" not in _XLINK.sub("", image):
        image = _XLINK.sub("", image)
    image = _HAND.sub(r"\1", image)
    style = _STYLE.search(image)
    if style:
        body = image[: style.start()] + image[style.end() :]
        css = _style(style[2], body, scope)
        image = image[: style.start()] + f"<style>{css}</style>" + image[style.end() :]
    return image
