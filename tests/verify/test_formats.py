"""The verifier reads leaflets as authors keep them: text in any common encoding, Markdown,
HTML, Word, OpenDocument and PDF, each finding at a place the author can find; a file it
cannot read gets a message in the chosen language and exit 2, in bounded time and memory.

The .docx, .odt and .pdf leaflets in ``tests/data/verify/leaflets`` are written by the
script beside them from the text file of the same name.
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
import tracemalloc
import zipfile
from pathlib import Path

import pytest

from blockdomino.cli import main
from blockdomino.verify import decoding, formats, verify_file
from blockdomino.verify.formats import MAX_UNPACKED, _Lines, _UnorderedError
from blockdomino.verify.places import Document
from blockdomino.verify.reports import read_document

DATA = Path(__file__).parents[1] / "data" / "verify"
LEAFLETS = DATA / "leaflets"
EXAMPLES = DATA / "000_examples.md"
DESCRIPTION = EXAMPLES.read_text(encoding="utf-8").splitlines()[5]
"""A correct Finnish description: "[1|4] avaa ketjun. … Laatat: [1|4]. …"."""
WRONG = DESCRIPTION.replace("(suurempi pää, 4)", "(suurempi pää, 5)")


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["verify", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# Text in any encoding -------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-be", "cp1252"])
def test_text_in_any_common_encoding_is_read(tmp_path: Path, encoding: str) -> None:
    text = f"Säännöt\n\n{DESCRIPTION}\nÄlä unohda: {WRONG}\n"
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    path = tmp_path / "leaflet.txt"
    path.write_bytes(data)
    report = verify_file(path)
    assert report.problem is None
    assert [example.line for example in report.examples] == [3, 4]
    assert [example.ok for example in report.examples] == [True, False]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "cp1252"])
def test_text_decoded_a_few_bytes_at_a_time_is_the_whole_text(
    monkeypatch: pytest.MonkeyPatch, encoding: str
) -> None:
    """A long text is decoded in pieces; a letter whose bytes the pieces part is read whole."""
    monkeypatch.setattr(decoding, "_PIECE", 3)
    text = f"Säännöt – å, ö\n\n{DESCRIPTION}\n"
    document = formats.read_bytes(text.encode(encoding), "leaflet.txt")
    assert isinstance(document, Document)
    assert document.text == text


def test_windows_line_ends_keep_the_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "leaflet.txt"
    path.write_bytes(f"Otsikko\r\n\r\n{WRONG}\r\n".encode("cp1252"))
    assert [example.line for example in verify_file(path).examples] == [3]


# Markdown and HTML ----------------------------------------------------------------------


def test_markdown_emphasis_code_spans_and_escapes_hide_no_chain(tmp_path: Path) -> None:
    """Bold labels, code spans and the escapes a Word-to-Markdown conversion writes; in a
    table, where Markdown takes ``|`` to part cells, the pipes escaped."""
    escaped = WRONG.replace("[", r"\[").replace("]", r"\]").replace("|", r"\|")
    bold = DESCRIPTION.replace("Laatat:", "**Laatat:**").replace("Liitokset:", "*Liitokset:*")
    code = DESCRIPTION.replace("Laatat: [1|4].", "Laatat: `[1|4]`.")
    in_table = DESCRIPTION.replace("|", r"\|")
    path = tmp_path / "leaflet.md"
    path.write_text(
        f"# Säännöt\n\n{bold}\n\n- {code}\n\n> {escaped}\n\n| a |\n|---|\n| {in_table} |\n",
        encoding="utf-8",
    )
    report = verify_file(path)
    assert [(example.line, example.ok) for example in report.examples] == [
        (3, True),
        (5, True),
        (7, False),
        (11, True),
    ]


def test_a_chain_wrapped_over_markdown_lines_is_at_its_first_line(tmp_path: Path) -> None:
    head, _, tail = WRONG.partition(" Liitokset:")
    path = tmp_path / "leaflet.md"
    path.write_text(f"Johdanto.\n\n{head}\n*Liitokset:*{tail}\n", encoding="utf-8")
    ((example),) = verify_file(path).examples
    assert example.line == 3
    assert not example.ok


def test_html_findings_are_at_the_lines_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "leaflet.html"
    page = (
        "<!DOCTYPE html>\n<html><head><title>Laatat: [9|9].</title>\n"
        "<style>p::before { content: 'Laatat: [1|2]' }</style></head>\n<body>\n"
        f"<p>{DESCRIPTION.replace('Laatat:', '<b>Laatat:</b>')}</p>\n"
        f"<p>\n{WRONG.replace('|', '&#124;')}</p>\n</body></html>\n"
    )
    path.write_text(page, encoding="utf-8")
    report = verify_file(path)
    assert [(example.line, example.ok) for example in report.examples] == [(5, True), (7, False)]


_ONE_LINE_PAGE = (
    '<!doctype html><html lang="en"><body><h1>Our match</h1>'
    "<p>Anna and Ben play a match to 100 points.</p><table>"
    "<tr><th>Round</th><th>Winner</th><th>Points</th><th>Anna total</th><th>Ben total</th></tr>"
    "<tr><td>1</td><td>Anna</td><td>30</td><td>30</td><td>0</td></tr>"
    "<tr><td>2</td><td>Ben</td><td>25</td><td>30</td><td>25</td></tr>"
    "<tr><td>3</td><td>Anna</td><td>40</td><td>75</td><td>25</td></tr></table>"
    "<p>A hand of 6-6, 6-5 and 5-5 (33 pips) is the worst to be caught with.</p>"
    "</body></html>"
)


def test_an_html_page_on_one_line_is_read_block_by_block_and_row_by_row(
    tmp_path: Path,
) -> None:
    """A page written with no line breaks between its tags: each paragraph, heading and
    table's row on a line of its own, all placed on the file's line 1."""
    path = tmp_path / "leaflet.html"
    path.write_text(_ONE_LINE_PAGE, encoding="utf-8")
    document = read_document(path)
    assert document.text.split("\n")[:3] == [
        "Our match",
        "Anna and Ben play a match to 100 points.",
        "| Round | Winner | Points | Anna total | Ben total |",
    ]
    assert document.headings == {1: 1}
    report = verify_file(path)
    checked = [(place.to_json(), report.ok) for report, place in report.checked]
    assert checked == [
        ({"line": 1, "table": 1, "row": 2}, True),
        ({"line": 1, "table": 1, "row": 3}, True),
        ({"line": 1, "table": 1, "row": 4}, False),
        ({"line": 1}, True),
    ]


# Word, OpenDocument and PDF ---------------------------------------------------------------


_PARAGRAPHS = ["kappale 3, sivu 1", "kappale 3, sivu 1", "kappale 4, sivu 1", "kappale 4, sivu 1"]


@pytest.mark.parametrize(
    ("suffix", "places"),
    [
        ("docx", [*_PARAGRAPHS, "kappale 6, sivu 2"]),
        ("odt", [*_PARAGRAPHS, "kappale 6, sivu 2"]),
        (
            "pdf",
            [
                "sivu 1, rivi 3",
                "sivu 1, rivi 3",
                "sivu 1, rivi 5",
                "sivu 1, rivi 6",
                "sivu 2, rivi 3",
            ],
        ),
    ],
)
def test_a_leaflet_file_is_checked_with_its_places(
    capsys: pytest.CaptureFixture[str], suffix: str, places: list[str]
) -> None:
    """The same Finnish leaflet in three formats: three right examples (the first two with
    a right claim of their open ends beside them, each at its own place: in the PDF the
    second claim's sentence wraps onto the line before its description), one wrong one."""
    path = LEAFLETS / f"liittaminen.{suffix}"
    status, out, _ = _run(capsys, str(path))
    assert status == 1
    lines = out.splitlines()
    assert [line.split(": ")[0] for line in lines[:5]] == [f"{path}, {place}" for place in places]
    assert all(line.endswith("kunnossa.") for line in lines[:5])
    assert "virhe" in lines[5]
    assert "[2|2] (linja B)" in lines[5]


def test_json_gives_each_example_its_place(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    status, out, _ = _run(capsys, "--json", str(LEAFLETS / "liittaminen.pdf"))
    places = [example["place"] for example in json.loads(out)["files"][0]["examples"]]
    assert status == 1
    assert places[-1] == {"page": 2, "line": 7}


def test_the_leaflet_files_are_as_the_script_writes_them() -> None:
    """The committed .docx, .odt and .pdf files are what the script makes of their text."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_leaflets", LEAFLETS / "make_leaflets.py")
    assert spec is not None
    assert spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    leaflet = script.pages("liittaminen")
    assert (LEAFLETS / "liittaminen.docx").read_bytes() == script.docx(leaflet)
    assert (LEAFLETS / "liittaminen.odt").read_bytes() == _fresh_odt("liittaminen")
    assert (LEAFLETS / "liittaminen.pdf").read_bytes() == script.pdf(leaflet)


def _fresh_odt(name: str) -> bytes:
    """The OpenDocument text of leaflet ``name`` as the script makes it when run: in an
    interpreter of its own, since odfpy declares more namespaces in every document once
    its process has written one (other tests write OpenDocument files too)."""
    path = str(LEAFLETS / "make_leaflets.py")
    make = f"""
import importlib.util, sys
spec = importlib.util.spec_from_file_location("make_leaflets", {path!r})
script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(script)
sys.stdout.buffer.write(script.odt(script.pages({name!r})))
"""
    return subprocess.run(
        [sys.executable, "-c", make], check=True, capture_output=True, timeout=120
    ).stdout


# Files that cannot be read -----------------------------------------------------------------


def _password_pdf(path: Path) -> None:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(LEAFLETS / "liittaminen.pdf"))
    writer.encrypt(user_password="salainen", algorithm="RC4-128")
    writer.write(path)


def _zip_bomb(path: Path) -> None:
    """A .docx whose one part unpacks to more than the limit (a few hundred kB packed)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("[Content_Types].xml", "<Types/>")
        with package.open("word/document.xml", "w") as part:
            block = b"\0" * 1024**2
            for _ in range(MAX_UNPACKED // len(block) + 1):
                part.write(block)


def _damaged_docx(path: Path) -> None:
    data = (LEAFLETS / "liittaminen.docx").read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for entry in source.infolist():
            body = source.read(entry.filename)
            target.writestr(entry, body[: len(body) // 2])
    path.write_bytes(out.getvalue())


def _huge(path: Path) -> None:
    """A 200 MB file (sparse: it takes no room on the disk)."""
    with path.open("wb") as file:
        file.truncate(200 * 1024**2)


@pytest.mark.parametrize(
    ("name", "make", "key"),
    [
        ("tyhja.txt", lambda path: path.write_bytes(b""), "verify.input.no_examples"),
        ("ohjelma.txt", lambda path: path.write_bytes(bytes(range(256)) * 40), "undecodable"),
        ("moniste.rtf", lambda path: path.write_bytes(rb"{\rtf1\ansi Laatat: [1|2].}"), "rtf"),
        ("vanha.doc", lambda path: path.write_bytes(b"\xd0\xcf\x11\xe0" + b"\0" * 600), "ole"),
        ("salainen.pdf", _password_pdf, "password"),
        (
            "kuva.pdf",
            lambda path: path.write_bytes((LEAFLETS / "scan.pdf").read_bytes()),
            "no_text",
        ),
        ("pommi.docx", _zip_bomb, "unpacked_too_large"),
        ("rikki.docx", _damaged_docx, "damaged"),
        ("paketti.docx", lambda path: zipfile.ZipFile(path, "w").close(), "damaged"),
        ("iso.txt", _huge, "too_large"),
    ],
)
@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_a_file_that_cannot_be_read_is_refused_in_words(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    make: object,
    key: str,
    lang: str,
) -> None:
    path = tmp_path / name
    make(path)  # type: ignore[operator]
    status, out, err = _run(capsys, str(path), "--lang", lang)
    problem = verify_file(path).problem
    assert status == 2
    assert not out
    assert problem is not None
    assert problem.problem.value == (key if "." in key else f"verify.input.{key}")
    assert err == problem.message(lang) + "\n"


def test_an_empty_zip_is_no_known_package(tmp_path: Path) -> None:
    path = tmp_path / "paketti.docx"
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("hello.txt", "hei")
    report = verify_file(path)
    assert report.problem is not None
    assert report.problem.kind == "unknown_package"


def test_the_limits_are_said_in_the_refusals(tmp_path: Path) -> None:
    bomb = tmp_path / "pommi.docx"
    _zip_bomb(bomb)
    huge = tmp_path / "iso.md"
    _huge(huge)
    for path, limit in ((bomb, MAX_UNPACKED // 1024**2), (huge, 64)):
        problem = verify_file(path).problem
        assert problem is not None
        assert f"{limit} MB" in problem.message("en")


@pytest.mark.parametrize(
    "make",
    [_password_pdf, _zip_bomb, _huge, lambda path: path.write_bytes(bytes(range(256)) * 4000)],
    ids=["password", "zip bomb", "200 MB", "binary"],
)
def test_a_file_that_cannot_be_read_costs_little_time_and_memory(
    tmp_path: Path, make: object
) -> None:
    """Refused before anything large is read or unpacked: well under the 64 MB a file may
    have, in well under a second of work."""
    path = tmp_path / {"_password_pdf": "x.pdf", "_zip_bomb": "x.docx"}.get(
        getattr(make, "__name__", ""), "x.txt"
    )
    make(path)  # type: ignore[operator]
    verify_file(path)  # the readers' imports, before measuring
    tracemalloc.start()
    start = time.process_time()
    report = verify_file(path)
    seconds = time.process_time() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert report.status == 2
    assert peak < 8 * 1024**2
    assert seconds < 1


def test_a_small_leaflet_costs_about_its_size_in_memory() -> None:
    verify_file(LEAFLETS / "liittaminen.docx")
    tracemalloc.start()
    verify_file(LEAFLETS / "liittaminen.docx")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 8 * 1024**2


@pytest.mark.parametrize(
    "paragraph",
    [
        "Anna lays [4|4]; the ends are 4 and 4, so she has 12 pips left.\n\n",
        "Anna lägger [4|4]; ändarna är 4 och 4, så hon har 12 prickar kvar.\n\n",
    ],
)
def test_a_long_markdown_text_is_read_holding_little_more_than_it(
    tmp_path: Path, paragraph: str
) -> None:
    """The file's bytes are decoded in pieces and let go before the pieces are joined
    (decoding a text with a letter such as "ä" at once holds the text twice), and its
    lines are written out as its paragraphs are read and joined once the text is let go:
    reading 1 MB of short paragraphs holds under three times the text (it was 4.5 times
    in Swedish, and over seven before lines were written out as read)."""
    path = tmp_path / "long.md"
    path.write_text(paragraph * (1_000_000 // len(paragraph)), encoding="utf-8")
    read_document(path)  # the readers' imports, before measuring
    tracemalloc.start()
    document = read_document(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert isinstance(document, Document)
    assert peak < 3 * len(document.text)


def test_lines_written_out_take_no_more_words() -> None:
    """A piece put on a line already written out is refused; the Markdown reader then
    places the text again, holding every line to the end."""
    lines = _Lines(3)
    lines.put(0, "first")
    lines.write_before(2)
    lines.put(2, "third")
    with pytest.raises(_UnorderedError):
        lines.put(1, "second")
    assert lines.text() == "first\n\nthird"
