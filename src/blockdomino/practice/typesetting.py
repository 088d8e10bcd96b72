"""A run of sheets typeset into one PDF, in the memory of a few batches.

Typst keeps what it has laid out for as long as its process lives: typesetting batch
after batch in one process grows by some 50 MB a batch. So each batch (``batches``:
whole sheets, about ``BATCH_ITEMS`` items) is made and typeset by a worker process of
its own, which ends when its batch is done and gives all its memory back. Two workers
run side by side, one per core of a laptop; this process joins their PDFs in order with
pypdf, then adds the answer keys (or gives them as a PDF of their own). Each sheet
numbers its own pages, so no batch waits for another.

Neither Typst nor the joining adds a date, a random identifier or anything of the
machine, so the same run gives the same bytes. Ctrl-C (``KeyboardInterrupt`` in this
process) ends the workers at once; nothing is written here, so no file is left.
"""

from __future__ import annotations

import io
import json
import multiprocessing
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from multiprocessing.context import BaseContext
from multiprocessing.pool import Pool
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from blockdomino.practice.export import sheet_json
from blockdomino.practice.sheets import (
    BATCH_ITEMS,
    batches,
    common,
    key,
    key_pages,
    numbered,
    sheet_pages,
)

if TYPE_CHECKING:
    from pypdf import PdfWriter

TEMPLATE: Final = Path(__file__).with_name("sheet.typ")
WORKERS: Final = 2
"""Batches typeset side by side."""


@dataclass(frozen=True)
class Run:
    """What to print: ``copies`` sheets of ``count`` items of ``topics`` at ``level``,
    seeded with ``seed``, in ``lang``; with ``records``, every sheet as JSON too; with
    ``key_apart``, the answer keys as a PDF of their own; with ``explanations``, why
    each answer is right under it in the keys."""

    topics: tuple[str, ...]
    level: int
    count: int
    copies: int
    seed: int
    lang: str
    records: bool = False
    key_apart: bool = False
    explanations: bool = False


@dataclass
class Typeset:
    """A run typeset: the PDF, the JSON of each sheet when the run asked for it, and the
    answer keys' own PDF when the run asked for them apart (else they end ``pdf``)."""

    pdf: bytes
    sheets: list[str] = field(default_factory=list)
    key: bytes = b""


@dataclass(frozen=True)
class _Batch:
    """What a worker gives back: the batch's PDF, its sheets' answer keys and JSON."""

    pdf: bytes
    keys: list[dict[str, Any]]
    sheets: list[str]


def compile_pages(data: dict[str, Any], template: Path = TEMPLATE) -> bytes:
    """The PDF of ``template`` (the sheets' by default) given ``data``: Typst's own fonts
    only, no date, no tags (joining the batches would break them), so always the same
    bytes."""
    import typst  # the worksheet extra, imported only to typeset

    pdf = typst.compile(
        str(template),
        sys_inputs={"data": json.dumps(data, ensure_ascii=False)},
        ignore_system_fonts=True,
        format="pdf",
        pdf_tags=False,
    )
    assert isinstance(pdf, bytes)
    return pdf


def _batch(run: Run, numbers: range) -> _Batch:
    """Make and typeset the sheets ``numbers`` of ``run`` (in a worker)."""
    sheets = list(numbered(run.topics, run.level, run.count, numbers, run.seed))
    return _Batch(
        compile_pages(sheet_pages(common(run.topics, run.level, run.lang, run.seed), sheets)),
        [key(sheet, run.lang, explanations=run.explanations) for sheet in sheets],
        [sheet_json(number, items, run.lang) for number, items in sheets] if run.records else [],
    )


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the command, which ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context() -> BaseContext:
    """Fresh processes: forked from a server that has loaded this module and Typst
    (``forkserver``, where there is one), or started anew (``spawn``, on Windows).
    Nothing of this process is copied into them."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__, "typst"])
        return context
    return multiprocessing.get_context("spawn")


@contextmanager
def _workers() -> Iterator[Pool]:
    """Worker processes, each doing one task and ending; all ended on leaving,
    whatever happened."""
    pool = _context().Pool(WORKERS, initializer=_ignore_interrupts, maxtasksperchild=1)
    try:
        yield pool
    finally:
        pool.terminate()
        pool.join()


def _append(writer: PdfWriter, pdf: bytes) -> None:
    """Add ``pdf``'s pages to ``writer``, and the first one's title and language to
    the whole."""
    from pypdf import PdfReader
    from pypdf.generic import NameObject

    reader = PdfReader(io.BytesIO(pdf))
    if not writer.pages:
        writer.add_metadata(reader.metadata or {})
        lang = reader.root_object.get("/Lang")
        if lang is not None:
            writer.root_object[NameObject("/Lang")] = lang
    writer.append(reader, import_outline=False)


def typeset(
    run: Run,
    *,
    batch_items: int = BATCH_ITEMS,
    progress: Callable[[int], object] = lambda sheets: None,
) -> Typeset:
    """``run``'s sheets, each from an odd page, then the answer keys (or the keys as a
    PDF of their own, ``key_apart``); about
    ``batch_items`` items typeset at a time. ``progress`` is given the number of sheets
    of each batch as it is joined."""
    from pypdf import PdfWriter

    writer = PdfWriter()
    keys: list[dict[str, Any]] = []
    sheets: list[str] = []
    with _workers() as pool:
        for batch in pool.imap(partial(_batch, run), batches(run.count, run.copies, batch_items)):
            _append(writer, batch.pdf)
            keys.extend(batch.keys)
            sheets.extend(batch.sheets)
            progress(len(batch.keys))
        words_of_run = common(run.topics, run.level, run.lang, run.seed)
        keys_pdf = pool.apply(compile_pages, (key_pages(words_of_run, keys),))
    if run.key_apart:
        return Typeset(_written(writer), sheets, keys_pdf)
    _append(writer, keys_pdf)
    return Typeset(_written(writer), sheets)


def _written(writer: PdfWriter) -> bytes:
    """The joined PDF's bytes."""
    joined = io.BytesIO()
    writer.write(joined)
    return joined.getvalue()
