"""The lines of a PDF page that holds ruled tables, each table's row one line.

pdfplumber's table finder (the ``lines`` strategy) finds the tables: the cells are the
boxes the page's rules close, and a cell's text is the characters whose middle lies in
it. Its geometry and text layout are pure Python and quick; what is slow is pdfminer
reading every character of the page in Python (24 ms a page of a leaflet). So the
page's characters and rules are read here by PDFium (pypdfium2, in C) and put in the
very shape pdfplumber's own page gives them (``x0``, ``top``, ``x1``, ``bottom`` from
the top left corner; a path split into lines, rectangles and curves as pdfminer splits
it), and pdfplumber's finder and text layout run on them: the same rows and cells
in 7 ms a page (``benchmarks/bench_verify.py --ruled``). A page PDFium's shapes would
not match (turned, or its box not at the origin) is read by pdfplumber itself.
"""

from __future__ import annotations

import ctypes
import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from blockdomino.verify.tables import row_text

_RULED: Final = {"vertical_strategy": "lines", "horizontal_strategy": "lines"}
_PATH: Final = 2
"""PDFium's kind of a page object that draws a path (``FPDF_PAGEOBJ_PATH``)."""
_FORM: Final = 5
"""PDFium's kind of a page object that holds others (``FPDF_PAGEOBJ_FORM``)."""
_MAX_DEPTH: Final = 8
"""The deepest forms within forms whose rules are read."""

Matrix = tuple[float, float, float, float, float, float]
Point = tuple[float, float]


@dataclass
class Shapes:
    """A page's characters and edges as pdfplumber's page gives them (its ``chars``,
    ``edges`` and ``bbox``): what its table finder and text layout read."""

    chars: list[dict[str, Any]]
    edges: list[dict[str, Any]]
    bbox: tuple[float, float, float, float]


def ruled_pages(data: bytes, numbers: Sequence[int]) -> dict[int, list[str]]:
    """The lines of each page (numbered from 0) among ``numbers`` that holds a ruled
    table, its rows drawn as rows; a page that cannot be read is left out."""
    if not numbers:
        return {}
    try:
        import pdfplumber  # noqa: F401  (its table finder reads the shapes)
        import pypdfium2  # type: ignore[import-untyped]
    except ImportError:
        return {}
    found: dict[int, list[str]] = {}
    try:
        document = pypdfium2.PdfDocument(data)
    except Exception:  # PDFium's own errors on a file pypdf read: keep pypdf's lines
        return found
    try:
        for number in numbers:
            shapes = _pdfium_shapes(document, number) or _pdfplumber_shapes(data, number)
            lines = page_lines(shapes) if shapes is not None else None
            if lines is not None:
                found[number] = lines
    finally:
        document.close()
    return found


def page_lines(shapes: Shapes) -> list[str] | None:
    """A page's lines, each ruled table's row one line, top to bottom, as pdfplumber
    reads them; ``None`` where the page holds no table of two rows and two columns."""
    from pdfplumber.table import TableFinder
    from pdfplumber.utils.geometry import outside_bbox
    from pdfplumber.utils.text import chars_to_textmap

    tables = [
        table
        for table in TableFinder(shapes, _RULED).tables  # type: ignore[arg-type]
        if len(table.rows) >= 2 and max(len(row.cells) for row in table.rows) >= 2
    ]
    if not tables:
        return None
    outside = shapes.chars
    for table in tables:
        outside = outside_bbox(outside, table.bbox)
    x0, top, x1, bottom = shapes.bbox
    textmap = chars_to_textmap(
        outside, layout_bbox=shapes.bbox, layout_width=x1 - x0, layout_height=bottom - top
    )
    placed: list[tuple[float, str]] = [
        (line["top"], line["text"]) for line in textmap.extract_text_lines(strip=True)
    ]
    for table in tables:
        for row, cells in zip(table.rows, table.extract(), strict=True):
            placed.append((row.bbox[1], row_text([cell or "" for cell in cells])))
    return [text for _, text in sorted(placed, key=lambda item: item[0])]


def _pdfplumber_shapes(data: bytes, number: int) -> Shapes | None:
    """A page's shapes as pdfplumber reads them (slow: pdfminer, in Python)."""
    import pdfplumber

    try:
        with pdfplumber.open(io.BytesIO(data), pages=[number + 1]) as document:
            page = document.pages[0]
            x0, top, x1, bottom = page.bbox
            return Shapes(list(page.chars), list(page.edges), (x0, top, x1, bottom))
    except Exception:  # pdfplumber's own errors on a file pypdf read: keep pypdf's lines
        return None


def _pdfium_shapes(document: Any, number: int) -> Shapes | None:
    """A page's characters and edges read by PDFium, in pdfplumber's shapes; ``None``
    where the page is turned or its boxes are not PDFium's and pdfplumber's alike."""
    page = document[number]
    try:
        left, bottom, right, top = page.get_mediabox()
        turned = page.get_rotation() != 0
        if turned or (left, bottom) != (0, 0) or page.get_cropbox() != (left, bottom, right, top):
            return None
        height = top - bottom
        text = page.get_textpage()
        try:
            chars = list(_chars(text, height))
        finally:
            text.close()
        edges = [edge for path in _paths(page.raw) for edge in _edges(path, height)]
        return Shapes(chars, edges, (0.0, 0.0, right - left, height))
    finally:
        page.close()


def _chars(text: Any, height: float) -> Iterator[dict[str, Any]]:
    """Each character the page's text draws (not the spaces and line breaks PDFium adds
    itself), with pdfminer's box: from its origin across its advance, ``size`` high
    from the font's descent."""
    import pypdfium2.raw as pdfium  # type: ignore[import-untyped]

    rect = pdfium.FS_RECTF()
    for index in range(text.count_chars()):
        if pdfium.FPDFText_IsGenerated(text.raw, index):
            continue
        pdfium.FPDFText_GetLooseCharBox(text.raw, index, ctypes.byref(rect))
        size = pdfium.FPDFText_GetFontSize(text.raw, index)
        lowest = height - rect.bottom
        upright = pdfium.FPDFText_GetCharAngle(text.raw, index) == 0
        yield {
            "text": chr(pdfium.FPDFText_GetUnicode(text.raw, index)),
            "x0": rect.left,
            "x1": rect.right,
            "top": lowest - size,
            "bottom": lowest,
            "doctop": lowest - size,
            "width": rect.right - rect.left,
            "height": size,
            "size": size,
            "upright": upright,
            "object_type": "char",
        }


def _paths(page: Any) -> Iterator[tuple[str, list[Point]]]:
    """Each path the page paints, as pdfminer sees it: its operators (``m``, ``l``,
    ``c``, ``h``) and its points in the page's space, forms' paths included."""
    import pypdfium2.raw as pdfium

    def within(count: int, get: Any, matrix: Matrix, depth: int) -> Iterator[Any]:
        for index in range(count):
            item = get(index)
            kind = pdfium.FPDFPageObj_GetType(item)
            placed = _times(_matrix(item), matrix)
            if kind == _PATH:
                yield from _subpaths(item, placed)
            elif kind == _FORM and depth < _MAX_DEPTH:
                yield from within(
                    pdfium.FPDFFormObj_CountObjects(item),
                    lambda i, form=item: pdfium.FPDFFormObj_GetObject(form, i),
                    placed,
                    depth + 1,
                )

    yield from within(
        pdfium.FPDFPage_CountObjects(page),
        lambda i: pdfium.FPDFPage_GetObject(page, i),
        (1.0, 0.0, 0.0, 1.0, 0.0, 0.0),
        0,
    )


def _matrix(item: Any) -> Matrix:
    """A page object's matrix (from its own space to its form's or page's)."""
    import pypdfium2.raw as pdfium

    matrix = pdfium.FS_MATRIX()
    if not pdfium.FPDFPageObj_GetMatrix(item, ctypes.byref(matrix)):
        return (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    return (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)


def _times(inner: Matrix, outer: Matrix) -> Matrix:
    """The matrix that applies ``inner`` and then ``outer``."""
    a, b, c, d, e, f = inner
    p, q, r, s, t, u = outer
    return (
        a * p + b * r,
        a * q + b * s,
        c * p + d * r,
        c * q + d * s,
        e * p + f * r + t,
        e * q + f * s + u,
    )


def _subpaths(item: Any, matrix: Matrix) -> Iterator[tuple[str, list[Point]]]:
    """A path object's subpaths, each begun by a move (``m``), as operators and points
    (a closing ``h`` stands at the subpath's first point, as pdfminer places it)."""
    import pypdfium2.raw as pdfium

    a, b, c, d, e, f = matrix
    x, y = ctypes.c_float(), ctypes.c_float()
    shape, controls = "", 0
    points: list[Point] = []
    for index in range(pdfium.FPDFPath_CountSegments(item)):
        segment = pdfium.FPDFPath_GetPathSegment(item, index)
        kind = pdfium.FPDFPathSegment_GetType(segment)
        if kind == pdfium.FPDF_SEGMENT_BEZIERTO and controls < 2:
            controls += 1  # a curve's two control points: pdfminer keeps its end alone
            continue
        controls = 0
        pdfium.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
        if kind == pdfium.FPDF_SEGMENT_MOVETO and shape:
            yield shape, points
            shape, points = "", []
        shape += {pdfium.FPDF_SEGMENT_MOVETO: "m", pdfium.FPDF_SEGMENT_LINETO: "l"}.get(kind, "c")
        points.append((a * x.value + c * y.value + e, b * x.value + d * y.value + f))
        if pdfium.FPDFPathSegment_GetClose(segment):
            shape += "h"
            points.append(points[0])
    if shape:
        yield shape, points


def _edges(path: tuple[str, list[Point]], height: float) -> list[dict[str, Any]]:
    """A subpath's edges as pdfplumber makes them of pdfminer's shapes: a line of one
    segment, a rectangle of four sides square to the page, else a curve by its points."""
    from pdfplumber.utils.geometry import curve_to_edges, line_to_edge, rect_to_edges

    shape, points = path
    if len(shape) > 3 and shape.endswith("lh") and points[-2] == points[0]:
        shape, points = shape[:-2] + "h", points[:-2] + points[-1:]
    if shape[:1] != "m":
        return []
    tops = [(x, height - y) for x, y in points]
    xs, ys = [x for x, _ in tops], [y for _, y in tops]
    box = {
        "x0": min(xs),
        "x1": max(xs),
        "top": min(ys),
        "bottom": max(ys),
        "doctop": min(ys),
        "y0": height - max(ys),
        "y1": height - min(ys),
        "width": max(xs) - min(xs),
        "height": max(ys) - min(ys),
        "pts": tops,
    }
    if shape in {"mlh", "ml"}:
        return [line_to_edge({**box, "object_type": "line"})]
    if shape in {"mlllh", "mllll"} and _square(points):
        return rect_to_edges({**box, "object_type": "rect"})
    return curve_to_edges({**box, "object_type": "curve"})


def _square(points: list[Point]) -> bool:
    """Whether four sides close a rectangle square to the page (pdfminer's test)."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3), last = points
    closed = last == points[0]
    return closed and (
        (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0)
        or (y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0)
    )
