"""Write the leaflets the verifier's format tests read: the same text as .docx, .odt, .pdf.

Each leaflet here is a list of pages, each page a list of paragraphs; its text file
(``NAME.txt``, one paragraph a line, pages parted by a form feed line) is the source.
The files come out byte for byte the same on every run (fixed dates, fixed ids), so a
change shows in ``git diff``::

    python tests/data/verify/leaflets/make_leaflets.py

The PDF is written by hand (Helvetica, Windows-1252 text, one text line each line,
long paragraphs wrapped at 90 characters) so that no typesetter's version changes it;
``scan.pdf`` is a page with a drawing and no text at all.
"""

from __future__ import annotations

import io
import textwrap
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXED_DATE = (2024, 1, 1, 0, 0, 0)
WRAP = 90


def pages(name: str) -> list[list[str]]:
    """The pages of a leaflet, each a list of paragraphs, from its source text."""
    text = (HERE / f"{name}.txt").read_text(encoding="utf-8")
    return [[line for line in page.split("\n") if line] for page in text.split("\n\f\n")]


def _fixed_zip(data: bytes) -> bytes:
    """The same zip package with every entry dated ``FIXED_DATE``, in the same order."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for entry in source.infolist():
            fixed = zipfile.ZipInfo(entry.filename, FIXED_DATE)
            fixed.compress_type = entry.compress_type
            target.writestr(fixed, source.read(entry.filename))
    return out.getvalue()


def docx(leaflet: list[list[str]]) -> bytes:
    """A Word document: a heading, then paragraphs; a label before a colon set in bold."""
    import datetime

    from docx import Document

    document = Document()
    stamp = datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC)
    document.core_properties.created = document.core_properties.modified = stamp
    for number, page in enumerate(leaflet):
        if number:
            document.add_page_break()
        for paragraph in page:
            if paragraph.startswith("# "):
                document.add_heading(paragraph[2:], level=1)
                continue
            label, colon, rest = paragraph.partition(": ")
            written = document.add_paragraph()
            if colon and len(label) < 30:
                written.add_run(label + colon).bold = True
                written.add_run(rest)
            else:
                written.add_run(paragraph)
    out = io.BytesIO()
    document.save(out)
    return _fixed_zip(out.getvalue())


def odt(leaflet: list[list[str]]) -> bytes:
    """An OpenDocument text: headings and paragraphs, a soft page break between pages."""
    from odf.opendocument import OpenDocumentText
    from odf.text import H, P, SoftPageBreak

    document = OpenDocumentText()
    for number, page in enumerate(leaflet):
        if number:
            document.text.addElement(SoftPageBreak())
        for paragraph in page:
            if paragraph.startswith("# "):
                document.text.addElement(H(outlinelevel=1, text=paragraph[2:]))
            else:
                document.text.addElement(P(text=paragraph))
    out = io.BytesIO()
    document.write(out)
    return _fixed_zip(out.getvalue())


def _pdf_string(text: str) -> bytes:
    data = text.encode("cp1252", "replace")
    return b"(" + data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def pdf(leaflet: list[list[str]] | None, headings: frozenset[str] = frozenset()) -> bytes:
    """A PDF of the leaflet's pages, or (``None``) one page with a drawing and no text;
    the paragraphs in ``headings`` set in a larger size, as a word processor sets them."""
    contents = []
    for page in leaflet or [[]]:
        stream = [b"BT /F1 10 Tf 12 TL 40 800 Td"]
        for paragraph in page:
            size = b"/F1 14 Tf " if paragraph in headings else b""
            stream += [
                size + _pdf_string(line) + b" Tj T*" + b" /F1 10 Tf" * bool(size)
                for line in textwrap.wrap(paragraph, WRAP)
            ]
        stream.append(b"ET")
        if leaflet is None:
            stream = [b"0.5 g 100 400 300 200 re f"]
        contents.append(b"\n".join(stream))
    count = len(contents)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids ["
        + b" ".join(b"%d 0 R" % (4 + 2 * i) for i in range(count))
        + b"] /Count %d >>" % count,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    for index, content in enumerate(contents):
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
            b"/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % (5 + 2 * index)
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        table,
    )
    return bytes(out)


def main() -> None:
    for source in sorted(HERE.glob("*.txt")):
        leaflet = pages(source.stem)
        (HERE / f"{source.stem}.docx").write_bytes(docx(leaflet))
        (HERE / f"{source.stem}.odt").write_bytes(odt(leaflet))
        (HERE / f"{source.stem}.pdf").write_bytes(pdf(leaflet))
    (HERE / "scan.pdf").write_bytes(pdf(None))


if __name__ == "__main__":
    main()
