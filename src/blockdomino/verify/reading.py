"""Reading a chain description in the words ``describe`` writes, in any of the languages.

The words the reader looks for come from the catalogs that ``describe`` writes with, so
rewording a description there rewords what the verifier reads. The expressions that read
a description never backtrack further than one list item.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TypeGuard, TypeVar

from blockdomino.engine.chain import Join, OpenEnd, Side
from blockdomino.engine.errors import TileError
from blockdomino.engine.tiles import DOUBLE_SIX, Tile
from blockdomino.verify.findings import Expect, Finding, Problem, _finding
from blockdomino.words.i18n import translate
from blockdomino.words.text import CLAUSE_SEPARATOR, ITEM_SEPARATOR, side_name

QUOTE_LENGTH: Final = 40
"""How much of the text an unreadable description quotes, at most."""

_GAP: Final = r"[\s>]*+"
"""Space between words: blanks, line breaks, and the ``>`` that starts a Markdown quote's line.

Possessive: it never gives back what it took, so nothing after it can make it backtrack.
"""
_NUMBER: Final = "[0-9]{1,3}"
_GAP_PATTERN: Final = re.compile(_GAP)
_GAP_RUN: Final = re.compile(r"[\s>]+")
_TILE_FIELDS: Final = ("tile", "chain_tile")
_SIDE_FIELDS: Final = ("side", "chain_side")


def quoted(text: str) -> str:
    """A sentence as a report quotes it: one line, at most ``QUOTE_LENGTH`` × 2 characters."""
    words = " ".join(text.split())
    limit = 2 * QUOTE_LENGTH
    return words if len(words) <= limit else words[: limit - 1] + "…"


def _words(text: str, *, leading_gap: bool = True) -> str:
    """The pattern of fixed text, any space allowed between its words (and before them)."""
    pattern = _GAP.join(re.escape(word) for word in text.split())
    return _GAP + pattern if leading_gap else pattern


def _squeezed(name: str) -> str:
    """A name without the space between its words, which the reader lets vary."""
    return _GAP_RUN.sub("", name)


def _anonymous(pattern: str) -> str:
    """``pattern`` with its named groups unnamed, to repeat it within one expression."""
    return re.sub(r"\(\?P<\w+>", "(?:", pattern)


@dataclass(frozen=True, slots=True)
class _Piece:
    """One step of reading: a pattern, and what it is called when the text lacks it."""

    pattern: re.Pattern[str]
    expected: tuple[str | Expect, ...]


def _literal(text: str) -> _Piece:
    return _Piece(re.compile(_words(text)), (text.strip(),))


@dataclass(frozen=True, slots=True)
class _Item:
    """A list item as its catalog template spells it, e.g. a join or a continuation."""

    pieces: tuple[_Piece, ...]
    pattern: re.Pattern[str]


def _slot(field: str, sides: Sequence[Side], lang: str) -> _Piece:
    """The pattern of one ``{field}`` of a template: a tile, a side's name or a number."""
    if field in _TILE_FIELDS:
        pattern = (
            rf"{_GAP}\[{_GAP}(?P<{field}_a>{_NUMBER}){_GAP}\|"
            rf"{_GAP}(?P<{field}_b>{_NUMBER}){_GAP}\]"
        )
        return _Piece(re.compile(pattern), (Expect.TILE,))
    if field in _SIDE_FIELDS:
        names = [side_name(side, lang) for side in sides]
        choices = "|".join(_words(name, leading_gap=False) for name in names)
        return _Piece(re.compile(f"{_GAP}(?P<{field}>{choices})"), tuple(names))
    return _Piece(re.compile(rf"{_GAP}(?P<{field}>{_NUMBER})"), (Expect.NUMBER,))


def _item(template: str, sides: Sequence[Side], lang: str) -> _Item:
    pieces: list[_Piece] = []
    for text, field, _, _ in string.Formatter().parse(template):
        if text.strip():
            pieces.append(_literal(text))
        if field:
            pieces.append(_slot(field, sides, lang))
    pattern = "".join(piece.pattern.pattern for piece in pieces)
    return _Item(tuple(pieces), re.compile(pattern))


@dataclass(frozen=True, slots=True)
class _Sentence:
    """A sentence of a description: a heading, a list (or the word for none), a full stop."""

    field: str
    head: _Piece
    item: _Item
    separator: _Piece
    spaced_separator: str
    tail: _Piece
    none: _Piece | None
    items: re.Pattern[str]


def _sentence(
    template: str, field: str, item: _Item, separator: str, none: str | None
) -> _Sentence:
    head, _, tail = template.partition("{" + field + "}")
    separator_piece = _literal(separator)
    one = _anonymous(item.pattern.pattern)
    items = f"(?>{one}(?:{separator_piece.pattern.pattern}{one})*)"
    return _Sentence(
        field=field,
        head=_literal(head),
        item=item,
        separator=separator_piece,
        spaced_separator=separator,
        tail=_literal(tail),
        none=None if none is None else _literal(none),
        items=re.compile(items),
    )


@dataclass(frozen=True, slots=True)
class _Grammar:
    """How one language writes a description, read from its catalog."""

    lang: str
    sides: Mapping[str, Side]
    """Each side by its name, squeezed."""
    heading: str
    tiles: _Sentence
    joins: _Sentence
    ends: _Sentence
    empty: str

    @property
    def sentences(self) -> tuple[_Sentence, _Sentence, _Sentence]:
        """The tiles, the joins and the continuations, in the order a description has them."""
        return self.tiles, self.joins, self.ends


def _template(key: str, lang: str, *fields: str) -> str:
    """A catalog message with its placeholders left in place."""
    return translate(key, lang, **{field: "{" + field + "}" for field in fields})


@functools.cache
def _grammar(lang: str) -> _Grammar:
    sides = tuple(sorted(Side, key=lambda side: -len(side_name(side, lang))))
    none = translate("describe.none", lang)
    tile = _item("{tile}", sides, lang)
    join = _item(
        _template("describe.join", lang, "chain_tile", "chain_side", "tile", "side"), sides, lang
    )
    end = _item(_template("describe.continuation", lang, "tile", "side", "pips"), sides, lang)
    tiles_template = _template("describe.tiles", lang, "tiles")
    tiles = _sentence(tiles_template, "tiles", tile, ITEM_SEPARATOR, None)
    joins = _sentence(
        _template("describe.joins", lang, "joins"), "joins", join, CLAUSE_SEPARATOR, none
    )
    ends = _sentence(
        _template("describe.continuations", lang, "ends"), "ends", end, CLAUSE_SEPARATOR, none
    )
    return _Grammar(
        lang=lang,
        sides={_squeezed(side_name(side, lang)): side for side in sides},
        heading=tiles_template.partition("{tiles}")[0].strip(),
        tiles=tiles,
        joins=joins,
        ends=ends,
        empty=translate("describe.empty", lang),
    )


class _ReadError(Exception):
    """Reading or rebuilding stopped: where in the text, and the finding that says why."""

    def __init__(self, position: int, finding: Finding) -> None:
        super().__init__(position, finding)
        self.position = position
        self.finding = finding


def _skip_gap(text: str, position: int) -> int:
    match = _GAP_PATTERN.match(text, position)
    return position if match is None else match.end()


def _unreadable(text: str, position: int, expected: tuple[str | Expect, ...]) -> _ReadError:
    """The text at ``position`` is not what a description has there: quote it."""
    start = _skip_gap(text, position)
    if start >= len(text):
        return _ReadError(position, _finding(Problem.TRUNCATED, expected=expected))
    line_end = text.find("\n", start, start + QUOTE_LENGTH)
    stop = line_end if line_end >= 0 else start + QUOTE_LENGTH
    found = "".join(char if char.isprintable() else "\ufffd" for char in text[start:stop])
    if stop < len(text) and line_end < 0:
        found += "…"
    return _ReadError(position, _finding(Problem.UNPARSED, found=found, expected=expected))


def _expect(piece: _Piece, text: str, position: int) -> int:
    match = piece.pattern.match(text, position)
    if match is None:
        raise _unreadable(text, position, piece.expected)
    return match.end()


def _stuck_in(item: _Item, text: str, position: int) -> _ReadError:
    """Where an item that does not match breaks off: the first piece that is not there."""
    for piece in item.pieces:
        match = piece.pattern.match(text, position)
        if match is None:
            return _unreadable(text, position, piece.expected)
        position = match.end()
    return _unreadable(text, position, item.pieces[0].expected)


_Span = tuple[int, int]


def _read(sentence: _Sentence, text: str, position: int) -> tuple[_Span | None, int]:
    """Where the list of one sentence lies (``None`` for the word "none"), and where the
    sentence ends.

    The list is read once, as a whole; its items are taken apart only when the sentence
    ends as it should, so a list that never ends costs a single pass.
    """
    position = _expect(sentence.head, text, position)
    if sentence.none is not None:
        none = sentence.none.pattern.match(text, position)
        if none is not None:
            return None, _expect(sentence.tail, text, none.end())
    run = sentence.items.match(text, position)
    if run is None:
        raise _stuck_in(sentence.item, text, position)
    tail = sentence.tail.pattern.match(text, run.end())
    if tail is not None:
        return run.span(), tail.end()
    separator = sentence.separator.pattern.match(text, run.end())
    if separator is not None:
        raise _stuck_in(sentence.item, text, separator.end())
    expected = sentence.separator.expected + sentence.tail.expected
    raise _unreadable(text, run.end(), expected)


_TILES_BY_TEXT: Final = {
    (str(a), str(b)): tile
    for tile in DOUBLE_SIX
    for a, b in ((tile.low, tile.high), (tile.high, tile.low))
}
_ITEMS_REMEMBERED: Final = 4096
"""Distinct list items (as written) each kind of item remembers: a language has a few
hundred joins and fewer tiles and continuations, so a document's items repeat."""
_JOIN_FIELDS: Final = ("chain_tile_a", "chain_tile_b", "chain_side", "tile_a", "tile_b", "side")
_END_FIELDS: Final = ("tile_a", "tile_b", "side", "pips")


def _tile(a: str, b: str) -> Tile | Finding:
    """The tile written ``[a|b]``, or the finding that there is no such tile."""
    tile = _TILES_BY_TEXT.get((a, b))
    if tile is not None:
        return tile
    try:
        return Tile(int(a), int(b))
    except TileError:
        return _finding(Problem.NOT_A_TILE, text=f"[{a}|{b}]")


def _side(grammar: _Grammar, name: str) -> Side:
    """The side a name read from the text stands for, however it was spaced or wrapped."""
    return grammar.sides[_squeezed(name)]


def _fields(item: _Item, text: str, names: tuple[str, ...]) -> tuple[str, ...] | None:
    """The texts of the named fields of ``text`` read as one list item (``None`` if it is not)."""
    match = item.pattern.fullmatch(text)
    return None if match is None else tuple(match.group(name) for name in names)


@functools.lru_cache(maxsize=_ITEMS_REMEMBERED)
def _tile_item(lang: str, text: str) -> Tile | Finding | None:
    """A tile as a description lists it: ``[1|4]``."""
    fields = _fields(_grammar(lang).tiles.item, text, ("tile_a", "tile_b"))
    return None if fields is None else _tile(*fields)


@functools.lru_cache(maxsize=_ITEMS_REMEMBERED)
def _join_item(lang: str, text: str) -> Join | Finding | None:
    """A join as a description lists it: ``[1|4] (pienempi pää) – [1|1] (linja A)``."""
    grammar = _grammar(lang)
    fields = _fields(grammar.joins.item, text, _JOIN_FIELDS)
    if fields is None:
        return None
    chain_a, chain_b, chain_side, a, b, side = fields
    chain_tile, tile = _tile(chain_a, chain_b), _tile(a, b)
    if isinstance(chain_tile, Finding):
        return chain_tile
    if isinstance(tile, Finding):
        return tile
    return Join(chain_tile, _side(grammar, chain_side), tile, _side(grammar, side))


@functools.lru_cache(maxsize=_ITEMS_REMEMBERED)
def _end_item(lang: str, text: str) -> OpenEnd | Finding | None:
    """A continuation as a description lists it: ``[1|1] (linja B, 1)``."""
    grammar = _grammar(lang)
    fields = _fields(grammar.ends.item, text, _END_FIELDS)
    if fields is None:
        return None
    a, b, side, pips = fields
    tile = _tile(a, b)
    if isinstance(tile, Finding):
        return tile
    return OpenEnd(tile, _side(grammar, side), int(pips))


_Value = TypeVar("_Value", Tile, Join, OpenEnd)
_Reader = Callable[[str, str], _Value | Finding | None]


def _all_read(values: list[_Value | Finding | None]) -> TypeGuard[list[_Value]]:
    """Each item read as what it states: none was other than one item, none named no tile."""
    return not any(value is None or isinstance(value, Finding) for value in values)


def _values(
    read: _Reader[_Value], sentence: _Sentence, lang: str, text: str, span: _Span | None
) -> tuple[_Value, ...]:
    """What the items of a list state, in order.

    A list spaced as ``describe`` writes it is cut at its separators and each item looked
    up as written. One spaced otherwise, or naming a tile that does not exist, is read
    item by item where it stands, which also tells where reading stops.
    """
    if span is None:
        return ()
    start, end = span
    values = [read(lang, item) for item in text[start:end].split(sentence.spaced_separator)]
    if _all_read(values):
        return tuple(values)
    return _values_in_place(read, sentence, lang, text, span)


def _values_in_place(
    read: _Reader[_Value], sentence: _Sentence, lang: str, text: str, span: _Span
) -> tuple[_Value, ...]:
    """What the items of a list state, each found where it stands; a tile that does not
    exist stops reading after its item."""
    values = []
    for match in sentence.item.pattern.finditer(text, *span):
        value = read(lang, match[0])
        if isinstance(value, Finding):
            raise _ReadError(match.end(), value)
        assert value is not None, "an item is read again by the pattern that found it"
        values.append(value)
    return tuple(values)


@dataclass(frozen=True, slots=True)
class _Described:
    """What a description states: tiles in placement order, joins as made, continuations."""

    tiles: tuple[Tile, ...]
    joins: tuple[Join, ...]
    ends: tuple[OpenEnd, ...]


def _read_sentences(
    grammar: _Grammar, text: str, position: int
) -> tuple[tuple[_Span | None, ...], int]:
    """Where the three lists of the description at ``position`` lie, and where it ends."""
    spans = []
    for sentence in grammar.sentences:
        span, position = _read(sentence, text, position)
        spans.append(span)
    return tuple(spans), position


def _described(grammar: _Grammar, text: str, spans: Sequence[_Span | None]) -> _Described:
    """What a description states, its three lists already found in ``text``."""
    tiles, joins, ends = spans
    lang = grammar.lang
    return _Described(
        tiles=_values(_tile_item, grammar.tiles, lang, text, tiles),
        joins=_values(_join_item, grammar.joins, lang, text, joins),
        ends=_values(_end_item, grammar.ends, lang, text, ends),
    )
