"""svgwrite as the reference writer of the diagrams (tests only).

The diagrams are written by the package's own element tree (``svg.markup``), which
promises svgwrite's bytes without its cost. ``svgwrite_writes`` swaps that tree for
``OracleElement``: the very same drawing code then builds svgwrite's elements, and
svgwrite (with ElementTree beneath it) writes the text. The root of a diagram is an
``svgwrite.Drawing``, which sets its own namespaces, profile and version; a stylesheet
is svgwrite's ``Style`` (a CDATA section), a title and a description are its ``Title``
and ``Desc``, a line of text its ``Text``; any other element is svgwrite's
``BaseElement`` under the element's tag.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
import svgwrite  # type: ignore[import-untyped]
import svgwrite.base  # type: ignore[import-untyped]
import svgwrite.container  # type: ignore[import-untyped]
import svgwrite.text  # type: ignore[import-untyped]

from blockdomino.svg import bars, canvas, chains, faces, hands, markup

_FACTORY = svgwrite.Drawing(debug=False)
"""Every element takes its settings from one drawing: no validation (as the old writer)."""


class OracleElement:
    """``markup.Element``'s interface, kept as plain values until svgwrite writes it."""

    __slots__ = ("attributes", "children", "tag", "text", "written")

    def __init__(self, tag: str, text: str = "", /, **attributes: str):
        self.tag = tag
        self.text = text
        self.attributes = attributes
        self.children: list[OracleElement] = []
        self.written = ""

    def seal(self) -> OracleElement:
        """svgwrite writes every element afresh: sealing changes nothing."""
        return self

    def add(self, child: OracleElement) -> OracleElement:
        self.children.append(child)
        return child

    def element(self, tag: str, text: str = "", /, **attributes: str) -> OracleElement:
        return self.add(OracleElement(tag, text, **attributes))


class _Node(svgwrite.base.BaseElement):  # type: ignore[misc]
    """An element svgwrite has no class of its own for here: its tag, attributes, text."""

    def __init__(self, tag: str, text: str, attributes: dict[str, str]):
        super().__init__(factory=_FACTORY, **attributes)
        self.elementname = tag
        self.text = text

    def get_xml(self) -> Any:
        xml = super().get_xml()
        if self.text:
            xml.text = self.text
        return xml


def _labelled(element: OracleElement) -> Any:
    """A ``<title>`` or ``<desc>``, given its id as the old writer did."""
    node = (svgwrite.base.Title if element.tag == "title" else svgwrite.base.Desc)(element.text)
    for name, value in element.attributes.items():
        node.xml.set(markup.attribute_name(name), value)
    return node


def _drawing(element: OracleElement) -> Any:
    """A diagram's root: an ``svgwrite.Drawing``, whose own ``<defs>`` holds the
    diagram's (svgwrite makes one in every drawing)."""
    attributes = dict(element.attributes)
    size = attributes.pop("width"), attributes.pop("height")
    drawing = svgwrite.Drawing(size=size, debug=False, **attributes)
    drawing.elements.clear()
    for child in element.children:
        if child.tag == "defs" and drawing.defs not in drawing.elements:
            drawing.add(_filled(drawing.defs, child))
        else:
            drawing.add(_svgwrite(child))
    return drawing


def _filled(node: Any, element: OracleElement) -> Any:
    for child in element.children:
        node.add(_svgwrite(child))
    return node


def _svgwrite(element: OracleElement) -> Any:
    attributes = element.attributes
    if element.tag in {"title", "desc"}:
        return _labelled(element)
    elif element.tag == "style":
        node = svgwrite.container.Style(element.text, factory=_FACTORY, **attributes)
    elif element.tag == "text":
        node = svgwrite.text.Text(element.text, factory=_FACTORY)
        node.update(attributes)
    else:
        node = _Node(element.tag, element.text, attributes)
    return _filled(node, element)


def drawing_text(element: OracleElement) -> str:
    """A diagram's text as svgwrite writes it, its root an ``svgwrite.Drawing``."""
    return str(_drawing(element).tostring())


def element_text(element: OracleElement) -> str:
    """Any other tree's text (the page's sheet of shared faces) as svgwrite writes it."""
    return str(_svgwrite(element).tostring())


def _clear_shared_tiles() -> None:
    """The shared faces' caches hold elements of one writer: emptied at each swap."""
    faces._shared_face.cache_clear()
    faces._shared_tile.cache_clear()


@contextlib.contextmanager
def svgwrite_writes(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Within: every diagram is built of ``OracleElement`` and written by svgwrite."""
    _clear_shared_tiles()
    with monkeypatch.context() as patched:
        for module in (bars, canvas, chains, faces, hands):
            patched.setattr(module, "Element", OracleElement)
        patched.setattr(canvas, "to_text", drawing_text)
        patched.setattr(faces, "to_text", element_text)
        try:
            yield
        finally:
            _clear_shared_tiles()
