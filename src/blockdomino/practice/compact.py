"""Diagrams as compact as paper and a question bank want them.

``trimmed`` cuts a chain's or a hand's picture down to what it draws: the screen's
pictures keep a margin round the tiles and a line under a hand for notes, which on a
worksheet are only white paper between an item's lines. The tiles keep their size: the
picture's scale does not change, only its edges move in.

``minified`` drops what a printed or imported picture does without: the title and
description (the caption and the alt text say them), the empty ``<defs>``, the
attributes that only repeat SVG's defaults, and the space between elements.
"""

from __future__ import annotations

import re
from typing import Final

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
    re.compile(r'\s(?:baseProfile|version|role|aria-labelledby)="[^"]*"'),
    re.compile(r'\sxmlns:ev="[^"]*"'),
    re.compile(r"(?<=>)\s+(?=<)"),
)

_XLINK = re.compile(r'\sxmlns:xlink="[^"]*"')


def minified(image: str) -> str:
    """``image`` without its title, description, empty definitions, default attributes
    and the space between elements: the same drawing, in fewer bytes."""
    for pattern in _DROPPED:
        image = pattern.sub("", image)
    if "xlink:" not in image.replace("xmlns:xlink", ""):
        image = _XLINK.sub("", image)
    return image
