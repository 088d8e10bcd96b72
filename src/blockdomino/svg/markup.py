"""SVG elements as plain values and their text: ``Element`` and ``to_text``.

A diagram is a tree of elements, each a tag, its attributes, its children and its text.
Written out, attributes come in sorted order, an attribute without a value is left out,
an element with neither children nor text closes itself (``<defs />``) and a stylesheet
sits in a CDATA section: the same text svgwrite and ElementTree write, without their
cost (a long match's replay draws two million elements).
"""

from __future__ import annotations

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


def _escaped(text: str, escapes: tuple[tuple[str, str], ...]) -> str:
    for sign, entity in escapes:
        if sign in text:
            text = text.replace(sign, entity)
    return text


def attribute_name(keyword: str) -> str:
    """An attribute's name from a Python keyword: ``class_`` is ``class``, ``data_tile``
    is ``data-tile``."""
    return keyword.rstrip("_").replace("_", "-")


class Element:
    """One SVG element: its tag, attributes, children and text (a stylesheet's is CDATA)."""

    __slots__ = ("attributes", "children", "tag", "text")

    def __init__(self, tag: str, text: str = "", /, **attributes: str):
        self.tag = tag
        self.text = text
        self.attributes = {attribute_name(key): value for key, value in attributes.items()}
        self.children: list[Element] = []

    def add(self, child: Element) -> Element:
        """Appends ``child`` and returns it."""
        self.children.append(child)
        return child

    def element(self, tag: str, text: str = "", /, **attributes: str) -> Element:
        """A new child element, appended and returned."""
        return self.add(Element(tag, text, **attributes))


def to_text(element: Element) -> str:
    """The element and everything in it as SVG text."""
    parts: list[str] = []
    _write(element, parts.append)
    return "".join(parts)


def _write(element: Element, write: Callable[[str], object]) -> None:
    tag = element.tag
    write(f"<{tag}")
    for name, value in sorted(element.attributes.items()):
        if value:
            write(f' {name}="{_escaped(value, _ATTRIBUTE_ESCAPES)}"')
    if not element.text and not element.children:
        write(" />")
        return
    write(">")
    if tag == "style":
        write(f"<![CDATA[{element.text}]]>")
    elif element.text:
        write(_escaped(element.text, _TEXT_ESCAPES))
    for child in element.children:
        _write(child, write)
    write(f"</{tag}>")
