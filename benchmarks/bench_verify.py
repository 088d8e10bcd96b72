"""How long ``blockdomino verify`` takes on 10 MB files of several kinds (target: under 5 s),
and on a 100-page leaflet as Word and as PDF (target: 3 s, memory flat in its length).

    .venv/bin/python benchmarks/bench_verify.py [--megabytes 10] [--kind "random chains" ...]
    .venv/bin/python benchmarks/bench_verify.py --megabytes 1 --memory
    .venv/bin/python benchmarks/bench_verify.py --pages 25 50 100
    .venv/bin/python benchmarks/bench_verify.py --pages 100 --ruled

With ``--pages`` a leaflet of that many pages is made of the held-out Finnish and Swedish
leaflets (``tests/data/verify/heldout``: chains, descriptions, claims, planted faults)
repeated, written as .docx and .pdf by ``tests/data/verify/leaflets/make_leaflets.py``,
and checked as the command checks it; the time and the peak of memory allocated while
checking (``tracemalloc``, in a second run: it slows every allocation) are printed per
page count, so that a flat memory shows.
With ``--ruled`` the PDF is printed as a word processor prints it (fpdf2), each page
with a table of hands drawn with ruled lines, whose rows pdfplumber's table finder reads
(the worst case: every page draws lines and holds a table).

Each file is written to a temporary folder as ``document.md`` and checked as the
command checks it (reading, decoding, scanning, rebuilding; the prose of a text over a
megabyte in two processes, ``verify.parallel``; ``--processes 1`` for one); the time includes
wording every report as the command line prints it. The kinds are the worst cases a
linear scanner must survive: the Finnish worked examples repeated, random text, one
description that never ends, a description heading over and over, and bytes that are not
UTF-8. CPU time (of both processes) is printed beside the wall time, which others' work
on a shared machine stretches, and the CPU time of reading the file (``read_document``:
the Markdown parser, which takes most of it on hostile text) apart from checking what it
holds. With
``--memory`` the peak of memory allocated while reading, checking and wording the report
(``tracemalloc``, in a run of its own, in one process) is printed too: run it at several sizes
(``--megabytes 1``, ``5``, ``10``) to see how it grows with the text.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import resource
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Final

from blockdomino.engine.chain import Chain
from blockdomino.engine.tiles import DOUBLE_SIX
from blockdomino.verify import report_text, verify_file
from blockdomino.verify.command import PROCESSES
from blockdomino.verify.reports import read_document, verify_document
from blockdomino.words.examples import CHAIN_EXAMPLES
from blockdomino.words.i18n import LANGS
from blockdomino.words.text import describe


def _repeat(unit: str, size: int) -> str:
    """Whole copies of ``unit`` filling about ``size`` characters."""
    return unit * max(1, size // len(unit))


def examples(size: int) -> str:
    """The seven worked examples as the Finnish rules print them, one per line, repeated."""
    unit = "".join(
        f"{example.title('fi')}\n{describe(example.chain, 'fi')}\n" for example in CHAIN_EXAMPLES
    )
    return _repeat(unit, size)


def random_text(size: int) -> str:
    """Random letters, digits, brackets, punctuation, line breaks and description words."""
    rng = random.Random(4)
    alphabet = "abcdefghijklmnopqrstuvwxyzäö [|]0123456789().,;:–\n"
    words = ["Laatat: [", "Tiles: [1|4]. Joins: ", "(linja A)", " – ", "ei yhtään. "]
    return "".join(
        rng.choice(words) if rng.random() < 0.01 else rng.choice(alphabet) for _ in range(size)
    )


def endless_description(size: int) -> str:
    """One description whose tile list never ends."""
    return "Laatat: " + _repeat("[1|4], ", size)


def rules_document(size: int) -> str:
    """A rules document like the Finnish one: prose, a table, the seven examples; repeated."""
    unit = "".join(
        f"## {example.title('fi')}\n\n{example.caption('fi')} {describe(example.chain, 'fi')}\n\n"
        "Liitä vuorollasi yksi laatta ketjun kumpaan tahansa avoimeen päähän niin, että "
        "liitettävän puolikkaan silmäluku vastaa pään arvoa.\n| 2 | 7 | 100 pistettä |\n\n"
        for example in CHAIN_EXAMPLES
    )
    return _repeat(unit, size)


def headings(size: int) -> str:
    """A description heading followed by a tile start, over and over."""
    return _repeat("Laatat: [1|", size)


def random_chains(size: int) -> str:
    """Descriptions of different random legal chains, in all three languages."""
    rng = random.Random(6)
    parts: list[str] = []
    length = 0
    while length < size:
        chain = Chain().play(rng.choice(DOUBLE_SIX))
        for _ in range(rng.randrange(12)):
            moves = [(tile, end) for tile in DOUBLE_SIX for end in chain.ends_for(tile)]
            if not moves:
                break
            chain = chain.play(*rng.choice(moves))
        parts.append(describe(chain, rng.choice(LANGS)) + "\n")
        length += len(parts[-1])
    return "".join(parts)


def prose(size: int) -> str:
    """Random sentences of ordinary words in fi, sv and en, now and then a tile, a number
    or a word of the game among them, in paragraphs: a long leaflet's text."""
    rng = random.Random(7)
    common = [
        "ja",
        "on",
        "se",
        "että",
        "kun",
        "pelaaja",
        "laatta",
        "kierros",
        "och",
        "är",
        "att",
        "det",
        "som",
        "spelare",
        "bricka",
        "omgång",
        "the",
        "and",
        "is",
        "to",
        "of",
        "that",
        "player",
        "tile",
        "round",
        "when",
        "then",
        "both",
        "every",
        "first",
        "next",
        "table",
        "hand",
        "keep",
        "play",
        "turn",
        "left",
        "right",
        "open",
        "chain",
    ]
    rare = [
        "[1|4]",
        "[4|4]",
        "6-5",
        "3",
        "12",
        "silmää",
        "prickar",
        "pips",
        "points",
        "poäng",
        "pistettä",
        "blocked",
        "saa",
    ]
    parts: list[str] = []
    length = 0
    while length < size:
        words = [
            rng.choice(rare) if rng.random() < 0.03 else rng.choice(common)
            for _ in range(rng.randrange(4, 16))
        ]
        sentence = " ".join(words)
        parts.append(sentence.capitalize() + (".\n\n" if rng.random() < 0.2 else ". "))
        length += len(parts[-1])
    return "".join(parts)


def dense_prose(size: int) -> str:
    """Random sentences each full of claims' words: tiles, numbers, pips, points, ends,
    awards; every sentence different, so none is read from memory."""
    rng = random.Random(7)
    words = [
        "ja",
        "och",
        "and",
        "the",
        "on",
        "är",
        "is",
        "laatta",
        "bricka",
        "tile",
        "pää",
        "ände",
        "end",
        "silmää",
        "prickar",
        "pips",
        "pistettä",
        "poäng",
        "points",
        "saa",
        "får",
        "gets",
        "kierros",
        "omgång",
        "round",
        "[1|4]",
        "[4|4]",
        "6-5",
        "3",
        "12",
        "päät",
        "ändarna",
        "ends",
        "are",
        "ovat",
        "Anna",
        "Ben",
        "lukossa",
        "blocked",
        "pari",
        "lag",
        "team",
    ]
    parts: list[str] = []
    length = 0
    while length < size:
        sentence = " ".join(rng.choice(words) for _ in range(rng.randrange(4, 16)))
        parts.append(sentence.capitalize() + (".\n\n" if rng.random() < 0.2 else ". "))
        length += len(parts[-1])
    return "".join(parts)


def open_tiles(size: int) -> str:
    """``[1|`` over and over on one line: a tile that never closes."""
    return _repeat("[1|", size)


def binary(size: int) -> bytes:
    """Random bytes (not UTF-8)."""
    return random.Random(5).randbytes(size)


CASES: dict[str, Callable[[int], str | bytes]] = {
    "worked examples": examples,
    "random text": random_text,
    "rules document": rules_document,
    "random chains fi/sv/en": random_chains,
    "endless description": endless_description,
    "headings only": headings,
    "random prose": prose,
    "prose dense with claims": dense_prose,
    "open tiles": open_tiles,
    "binary": binary,
}


LEAFLETS: Final = Path(__file__).parents[1] / "tests" / "data" / "verify"
PAGE_PARAGRAPHS: Final = 12
"""Paragraphs on a page of the long leaflet: about what a printed A4 page holds."""


def _writers() -> ModuleType:
    """The leaflet writers of the tests' data (.docx with python-docx, a plain PDF)."""
    spec = importlib.util.spec_from_file_location(
        "make_leaflets", LEAFLETS / "leaflets" / "make_leaflets.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def long_leaflet(pages: int) -> list[list[str]]:
    """A leaflet of ``pages`` pages, each ``PAGE_PARAGRAPHS`` paragraphs of the held-out
    leaflets in turn."""
    paragraphs = [
        line
        for source in sorted((LEAFLETS / "heldout").glob("fi_*.txt"))
        for line in source.read_text(encoding="utf-8").splitlines()
        if line.strip() and line != "\f"
    ]
    return [
        [paragraphs[(page * PAGE_PARAGRAPHS + n) % len(paragraphs)] for n in range(PAGE_PARAGRAPHS)]
        for page in range(pages)
    ]


HAND_TABLE: Final = (
    ("Pelaaja", "Laatat", "Silmät"),
    ("Aino", "[6|1], [2|2]", "11"),
    ("Eero", "[5|3], [0|4]", "12"),
    ("Ville", "[3|3]", "6"),
)
"""The table of hands on every page of the ruled leaflet (its pips right)."""


def ruled_pdf(leaflet: list[list[str]]) -> bytes:
    """The leaflet printed by fpdf2, a ruled table of hands closing each page."""
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(False)
    for page in leaflet:
        pdf.add_page()
        pdf.set_font("helvetica", size=8)
        for paragraph in page:
            text = paragraph.encode("latin-1", "replace").decode("latin-1")
            pdf.multi_cell(0, 4, text, new_x="LMARGIN", new_y="NEXT")
        with pdf.table(line_height=4, first_row_as_headings=False) as table:
            for cells in HAND_TABLE:
                row = table.row()
                for cell in cells:
                    row.cell(cell)
    return bytes(pdf.output())


def _cpu() -> float:
    """The CPU time of this process and of the processes it started and saw end (the
    second process a long text's prose is read in)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _peak(path: Path) -> int:
    """The peak of memory allocated while checking ``path`` and wording its report, in a
    run of its own before the timed one: ``tracemalloc`` slows every allocation (a
    checking that builds many small objects runs several times slower under it)."""
    report_text(verify_file(path))  # the imports and the words' catalogs, once
    tracemalloc.start()
    try:
        report_text(verify_file(path))
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def bench_pages(counts: list[int], *, ruled: bool = False) -> None:
    """Time and peak memory of checking a leaflet of each page count, as .docx and .pdf
    (``ruled``: the PDF printed with a ruled table on every page)."""
    make = _writers()
    writers: dict[str, Callable[[list[list[str]]], bytes]] = {
        "docx": make.docx,
        "pdf": ruled_pdf if ruled else make.pdf,
    }
    with tempfile.TemporaryDirectory() as folder:
        for suffix, write in writers.items():  # the readers' imports, before the clock runs
            warm = Path(folder) / f"warm.{suffix}"
            warm.write_bytes(write(long_leaflet(1)))
            verify_file(warm)
        for pages in counts:
            leaflet = long_leaflet(pages)
            for suffix, write in writers.items():
                path = Path(folder) / f"leaflet-{pages}.{suffix}"
                path.write_bytes(write(leaflet))
                peak = _peak(path)
                start, cpu = time.perf_counter(), time.process_time()
                report = verify_file(path)
                report_text(report)
                seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
                print(
                    f"{pages:4} pages .{suffix:4} {path.stat().st_size / 1e3:7.0f} kB  "
                    f"{len(report.checked):5} checked  status {report.status}  "
                    f"{seconds:5.2f} s ({cpu:5.2f} s CPU)  peak {peak / 1e6:5.1f} MB"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--megabytes", type=float, default=10.0)
    parser.add_argument("--kind", action="append", choices=CASES, help="only these kinds")
    parser.add_argument("--pages", type=int, nargs="+", help="check leaflets this long instead")
    parser.add_argument(
        "--processes", type=int, default=PROCESSES, help="as the command (2: a long text's claims)"
    )
    parser.add_argument("--ruled", action="store_true", help="their PDF with ruled tables")
    parser.add_argument(
        "--memory", action="store_true", help="also the peak of memory (a slow run of its own)"
    )
    arguments = parser.parse_args()
    if arguments.pages:
        bench_pages(arguments.pages, ruled=arguments.ruled)
        return
    size = int(arguments.megabytes * 1_000_000)
    with tempfile.TemporaryDirectory() as folder:
        for name in arguments.kind or CASES:
            make = CASES[name]
            content = make(size)
            path = Path(folder) / "document.md"
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
            del content
            megabytes = path.stat().st_size / 1e6
            peak = f"  peak {_peak(path) / 1e6:5.1f} MB" if arguments.memory else ""
            start, cpu = time.perf_counter(), _cpu()
            document = read_document(path)
            reading = _cpu() - cpu
            report = verify_document(document, str(path), processes=arguments.processes)
            text = report_text(report)
            seconds, cpu = time.perf_counter() - start, _cpu() - cpu
            print(
                f"{name:22} {megabytes:5.1f} MB {len(report.examples):7} examples  "
                f"status {report.status}  {seconds:5.2f} s ({cpu:5.2f} s CPU, "
                f"{reading:5.2f} s of it reading)  {len(text) / 1e6:4.1f} MB of report{peak}"
            )


if __name__ == "__main__":
    main()
