"""The text of a file's bytes: its encoding found, its lines ended by line breaks alone.

A text file is read as UTF-8 (after a byte order mark, UTF-8 or UTF-16 as it says), else
as Windows-1252, else in the encoding ``charset-normalizer`` finds. A long text is decoded
a piece at a time (``decoded``), and the pieces joined by the caller once it has let the
bytes go (``checked``), so that reading holds little more than the bytes and the text.
"""

from __future__ import annotations

import codecs
import re
from typing import Final

MAX_CONTROL_SHARE: Final = 0.01
"""Text with more control characters than this share of it is binary data, not text."""

_CONTROL: Final = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_PIECE: Final = 256 * 1024
"""How many bytes of a text file are decoded at a time."""


def decoded(data: bytes) -> list[str] | None:
    """The text of ``data`` in its encoding, in pieces (``_in_pieces``), or ``None`` for
    bytes in no encoding."""
    pieces = _by_byte_order_mark(data)
    return _first_decoding(data) if pieces is None else pieces


def checked(text: str) -> str | None:
    """``text`` with its lines ended by line breaks alone; ``None`` when more than
    ``MAX_CONTROL_SHARE`` of it are control characters (bytes that are no text)."""
    if len(_CONTROL.findall(text)) > MAX_CONTROL_SHARE * len(text):
        return None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _in_pieces(data: bytes, encoding: str) -> list[str]:
    """``data`` decoded ``_PIECE`` bytes at a time (raising ``UnicodeDecodeError`` as
    ``bytes.decode`` does), so that decoding holds little more than the bytes and their
    text (decoding a long text at once may hold it twice)."""
    decoder = codecs.getincrementaldecoder(encoding)()
    view = memoryview(data)
    pieces = [decoder.decode(view[start : start + _PIECE]) for start in range(0, len(data), _PIECE)]
    pieces.append(decoder.decode(b"", final=True))
    return pieces


def _by_byte_order_mark(data: bytes) -> list[str] | None:
    """The text of ``data`` when a byte order mark names its encoding (UTF-8 or UTF-16)."""
    for mark, encoding in (
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if data.startswith(mark):
            try:
                return _in_pieces(data, encoding)
            except UnicodeDecodeError:
                return None
    return None


def _first_decoding(data: bytes) -> list[str] | None:
    """``data`` as UTF-8; else as Windows-1252, the encoding of Nordic and English text
    saved by Windows (a superset of Latin-1's letters); else in the encoding
    ``charset-normalizer`` finds. Bytes with a zero among them are neither (text in an
    encoding of one byte a letter has none): UTF-16 or UTF-32 with no byte order mark,
    which only ``charset-normalizer`` tells, even when every letter is ASCII."""
    if b"\0" not in data:
        for encoding in ("utf-8", "cp1252"):
            try:
                return _in_pieces(data, encoding)
            except UnicodeDecodeError:
                pass
    detected = _detected(data)
    return None if detected is None else [detected]


def _detected(data: bytes) -> str | None:
    """The text of ``data`` in the encoding ``charset-normalizer`` finds most likely
    (``None`` where it is not installed)."""
    try:
        from charset_normalizer import from_bytes
    except ImportError:
        return None

    best = from_bytes(data).best()
    return None if best is None else str(best)
