"""SVG elements as plain values and their text: ``Element`` and ``to_text``.

A diagram is a tree of elements, each a tag, its attributes, its children and its text.
Written out, attributes come in sorted order, an attribute without a value is left out,
an element with neither children nor text closes itself (``<defs />``) and a stylesheet
sits in a CDATA section: the same text svgwrite and ElementTree write, without their
cost (a long match's replay draws two million elements).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Final

_ATTRIBUTE_ESCAPES: Final = (
    ("&", "&amp;"),
    ("<", "&lt;"),
    (">", "&gt;"),
    ('"', "&quot;"),
    ("\r", "&#13;"),
    ("\n", "&#10;"),
    ("\t", "&#09;"),
)
_TEXT_ESCAPES: Final = _ATTRIBUTE_ESCAPES[:3]
_SPECIAL: Final = re.compile('[&<>"\r\n\t]')
"""A sign some escape replaces: text without one is written as it is."""


def _escaped(text: str, escapes: tuple[tuple[str, str], ...]) -> str:
    if _SPECIAL.search(text) is None:
        return text
    for sign, entity in escapes:
        if sign in text:
            text = text.replace(sign, entity)
    return text


@functools.cache
def attribute_name(keyword: str) -> str:
    """An attribute's name from a Python keyword: ``class_`` is ``class``, ``data_tile``
    is ``data-tile``."""
    return keyword.rstrip("_").replace("_", "-")


class Element:
    """One SVG element: its tag, attributes, children and text (a stylesheet's is CDATA).

    Its attributes are fixed when it is made, and its opening tag is written then. A
    sealed element is written once, when sealed, and must not change after."""

    __slots__ = ("children", "start", "tag", "text", "written")

    def __init__(self, tag: str, text: str = "", /, **attributes: str):
        self.tag = tag
        self.text = text
        self.children: list[Element] = []
        self.start = _start_tag(tag, tuple(attributes.items()))
        self.written = ""

    def seal(self) -> Element:
        """Writes the element once for every diagram that shares it, and lets go of its
        children (kept only as that text: a class table keeps many such parts, and a
        tree of them is what the garbage collector walks); returns it."""
        self.written = to_text(self)
        self.children = []
        return self

    def add(self, child: Element) -> Element:
        """Appends ``child`` and returns it; a sealed element takes none."""
        if self.written:
            raise ValueError(f"<{self.tag}> is sealed: it is shared by other diagrams")
        self.children.append(child)
        return child

    def element(self, tag: str, text: str = "", /, **attributes: str) -> Element:
        """A new child element, appended and returned."""
        return self.add(Element(tag, text, **attributes))


@functools.lru_cache(maxsize=4096)
def _start_tag(tag: str, attributes: tuple[tuple[str, str], ...]) -> str:
    """An opening tag without its closing bracket; the many tiles, labels and markers
    of a replay that are alike are written once."""
    named = sorted((attribute_name(key), value) for key, value in attributes)
    written = "".join(
        f' {name}="{_escaped(value, _ATTRIBUTE_ESCAPES)}"' for name, value in named if value
    )
    return f"<{tag}{written}"


def to_text(element: Element) -> str:
    """The element and everything in it as SVG text."""
    parts: list[str] = []
    _write(element, parts.append)
    return "".join(parts)


def _write(element: Element, write: Callable[[str], object]) -> None:
    if element.written:
        write(element.written)
        return
    if not element.text and not element.children:
        write(f"{element.start} />")
        return
    if element.tag == "style":
        write(f"{element.start}><![CDATA[{element.text}]]>")
    else:
        write(f"{element.start}>{_escaped(element.text, _TEXT_ESCAPES)}")
    for child in element.children:
        _write(child, write)
    write(f"</{element.tag}>")
