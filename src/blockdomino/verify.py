"""Check the worked examples of a rules document: find each chain description, rebuild, compare.

A rules document (plain text or Markdown, in Finnish, Swedish or English) shows chains in
the words ``describe`` writes::

    Laatat: [1|4], [1|1]. Liitokset: [1|4] (pienempi pää) – [1|1] (linja A).
    Lailliset jatkokohdat: [1|1] (linja B, 1); [1|4] (suurempi pää, 4).

``verify_text`` finds every such description, whatever surrounds it and however it is
wrapped (a Markdown quote's ``>`` included), and checks it against the rules. The first
listed tile opens the chain; every other tile is placed by its join, in the order the
joins are listed, by legal play; the continuations listed must be exactly the chain's
two open ends, each with the number it shows, in canonical order (only a different order
is a warning rather than an error). Each discrepancy is a ``Finding``: a kind and the
values involved, worded through the catalogs (``verify.*``) in any language.

The words the reader looks for come from the catalogs that ``describe`` writes with, so
rewording a description there rewords what the verifier reads. Reading is linear in the
length of the text: one regular expression finds where descriptions start, and the
expressions that read them never backtrack further than one list item.

``--json`` output of ``blockdomino verify`` (``report_json``), version 1::

    {"version": 1, "status": 0 | 1 | 2,
     "files": [{"path": str, "status": 0 | 1 | 2, "problem": FINDING | null,
                "stopped": bool (the search stopped at MAX_FAILURES failing examples),
                "examples": [{"line": int, "language": "fi" | "sv" | "en", "ok": bool,
                              "chain": ["[1|4]", …] | null, "findings": [FINDING, …]}]}]}
    FINDING = {"kind": str, "severity": "error" | "warning", "message": str,
               "values": {name: VALUE}}
    VALUE = int | str (a tile "[1|4]", a side "lower_end", quoted text) | list of VALUE
          | {"chain_tile", "chain_side", "tile", "side"} (a join)
          | {"tile", "side", "pips"} (an open end) | {"value": "tile" | "number"}

``status`` is 0 when every example checks, 1 when one fails, 2 for unusable input.
"""

from __future__ import annotations

import enum
import functools
import json
import re
import string
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TextIO, TypeGuard, TypeVar

from babel.lists import format_list as _babel_format_list

from blockdomino.chain import Chain, Join, OpenEnd, Piece, Side
from blockdomino.errors import IllegalMoveError, TileError
from blockdomino.i18n import LANGUAGES, check_language, format_list, translate
from blockdomino.text import (
    CLAUSE_SEPARATOR,
    ITEM_SEPARATOR,
    describe_end,
    describe_join,
    side_name,
)
from blockdomino.tiles import DOUBLE_SIX, Tile

OK: Final = 0
"""Exit status: every example checks."""
FAILED: Final = 1
"""Exit status: at least one example is wrong."""
UNUSABLE: Final = 2
"""Exit status: input that cannot be checked (missing, unreadable, no examples)."""

QUOTE_LENGTH: Final = 40
"""How much of the text an unreadable description quotes, at most."""
MAX_FAILURES: Final = 1000
"""A file's failing examples reported before the search stops (garbage can hold millions)."""


class Problem(enum.Enum):
    """What can be wrong with a description or a file; each value is its catalog key."""

    UNPARSED = "verify.finding.unparsed"
    TRUNCATED = "verify.finding.truncated"
    NOT_A_TILE = "verify.finding.not_a_tile"
    TILE_LISTED_TWICE = "verify.finding.tile_listed_twice"
    TILE_PLACED_TWICE = "verify.finding.tile_placed_twice"
    TILE_NOT_JOINED = "verify.finding.tile_not_joined"
    TILE_NOT_LISTED = "verify.finding.tile_not_listed"
    ORDER_MISMATCH = "verify.finding.order_mismatch"
    NOT_YET_PLACED = "verify.finding.not_yet_placed"
    BRANCH = "verify.finding.branch"
    SIDE_NOT_FREE = "verify.finding.side_not_free"
    NO_SUCH_SIDE = "verify.finding.no_such_side"
    NUMBERS_MISMATCH = "verify.finding.numbers_mismatch"
    DOUBLE_JOINS_LINE_A = "verify.finding.double_joins_line_a"
    NOT_LEGAL = "verify.finding.not_legal"
    MISSING_CONTINUATION = "verify.finding.missing_continuation"
    WRONG_NUMBER = "verify.finding.wrong_number"
    CONTINUATION_TWICE = "verify.finding.continuation_twice"
    NOT_CANONICAL = "verify.finding.not_canonical"
    FILE_MISSING = "verify.input.missing"
    FILE_UNREADABLE = "verify.input.unreadable"
    FILE_UNDECODABLE = "verify.input.undecodable"
    NO_EXAMPLES = "verify.input.no_examples"

    @property
    def kind(self) -> str:
        """The short name machines read: ``"numbers_mismatch"``."""
        return self.value.rsplit(".", 1)[1]


class Expect(enum.Enum):
    """A value the reader looked for where the text has something else."""

    TILE = "verify.expected.tile"
    NUMBER = "verify.expected.number"


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing wrong (or, for the listing order, unusual) in an example, as data.

    ``values`` holds tiles, sides, joins, open ends, numbers and quoted text; ``message``
    words them in a language.
    """

    problem: Problem
    values: Mapping[str, object]

    @property
    def kind(self) -> str:
        """The short name machines read: ``"numbers_mismatch"``."""
        return self.problem.kind

    @property
    def is_warning(self) -> bool:
        """Only a continuation order other than the canonical one is a mere warning."""
        return self.problem is Problem.NOT_CANONICAL

    def message(self, lang: str = "en") -> str:
        """This finding in words."""
        words = {name: _word(value, lang) for name, value in self.values.items()}
        return translate(self.problem.value, check_language(lang), **words)

    def to_json(self, lang: str) -> dict[str, object]:
        """The finding for machines, with its message in ``lang``."""
        return {
            "kind": self.kind,
            "severity": "warning" if self.is_warning else "error",
            "message": self.message(lang),
            "values": {name: _plain(value) for name, value in self.values.items()},
        }


def _finding(problem: Problem, **values: object) -> Finding:
    return Finding(problem, values)


def _word(value: object, lang: str) -> str:
    """A finding's value in words: tiles as ``[1|4]``, sides, joins and ends as described."""
    if isinstance(value, Side):
        return side_name(value, lang)
    if isinstance(value, Join):
        return describe_join(value, lang)
    if isinstance(value, OpenEnd):
        return describe_end(value, lang)
    if isinstance(value, tuple):
        return _word_all(value, lang)
    return str(value)


def _word_all(values: tuple[object, ...], lang: str) -> str:
    """Tiles joined as a description lists them; sides as a list; alternatives with "or"."""
    if all(isinstance(value, Tile) for value in values):
        return ITEM_SEPARATOR.join(str(value) for value in values)
    if all(isinstance(value, OpenEnd) for value in values):
        return CLAUSE_SEPARATOR.join(_word(value, lang) for value in values)
    if all(isinstance(value, Side) for value in values):
        return format_list((_word(value, lang) for value in values), lang)
    alternatives = [
        translate(value.value, lang)
        if isinstance(value, Expect)
        else translate("verify.expected.text", lang, text=value)
        for value in values
    ]
    return str(_babel_format_list(alternatives, style="or", locale=lang))


def _plain(value: object) -> object:
    """A finding's value for JSON."""
    if isinstance(value, Side):
        return value.value
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, Expect):
        return {"value": value.name.lower()}
    if isinstance(value, Join | OpenEnd):
        return {name: _plain(part) for name, part in value._asdict().items()}
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class ExampleReport:
    """The verdict on one chain description of a document.

    ``line`` is where the description starts (from 1); ``document_lang`` the language its
    keywords are in; ``lang`` the language ``message`` uses unless told otherwise.
    ``chain`` is the chain rebuilt by legal play, when every join could be made.
    """

    line: int
    document_lang: str
    lang: str
    findings: tuple[Finding, ...]
    chain: Chain | None

    @property
    def ok(self) -> bool:
        """The example checks: no finding other than a warning."""
        return not self.errors

    @property
    def errors(self) -> tuple[Finding, ...]:
        """The findings that make the example wrong."""
        return tuple(finding for finding in self.findings if not finding.is_warning)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        """The findings that only point out an unusual order."""
        return tuple(finding for finding in self.findings if finding.is_warning)

    def message(self, lang: str | None = None, *, where: str | None = None) -> str:
        """The verdict in words, one line per finding: "Rivi 12: kunnossa."

        ``where`` replaces the line label, e.g. with ``"rules.md:12"``.
        """
        lang = check_language(lang or self.lang)
        where = where or translate("verify.report.line", lang, line=self.line)
        if not self.findings:
            return translate("verify.report.ok", lang, where=where)
        return "\n".join(
            translate(
                "verify.report.warning" if finding.is_warning else "verify.report.error",
                lang,
                where=where,
                message=finding.message(lang),
            )
            for finding in self.findings
        )

    def __str__(self) -> str:
        return self.message()

    def to_json(self, lang: str | None = None) -> dict[str, object]:
        """The verdict for machines, messages in ``lang`` (default: the report's)."""
        lang = lang or self.lang
        return {
            "line": self.line,
            "language": self.document_lang,
            "ok": self.ok,
            "chain": None if self.chain is None else [str(tile) for tile in self.chain.tiles],
            "findings": [finding.to_json(lang) for finding in self.findings],
        }


# Reading ---------------------------------------------------------------------------------

_GAP: Final = r"[\s>]*+"
"""Space between words: blanks, line breaks, and the ``>`` that starts a Markdown quote's line.

Possessive: it never gives back what it took, so nothing after it can make it backtrack.
"""
_NUMBER: Final = "[0-9]{1,3}"
_GAP_PATTERN: Final = re.compile(_GAP)
_GAP_RUN: Final = re.compile(r"[\s>]+")
_TILE_FIELDS: Final = ("tile", "chain_tile")
_SIDE_FIELDS: Final = ("side", "chain_side")


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


# Checking --------------------------------------------------------------------------------


def sides_of(tile: Tile) -> tuple[Side, Side]:
    """The sides a placed tile has: line A and line B of a double, else higher and lower end."""
    return (Side.LINE_A, Side.LINE_B) if tile.is_double else (Side.HIGHER_END, Side.LOWER_END)


def number_at(tile: Tile, side: Side) -> int:
    """The number a tile shows at one of its sides (a double shows its number on both lines)."""
    return tile.high if side is Side.HIGHER_END else tile.low


def touching_side(tile: Tile, number: int) -> Side:
    """The side with which ``tile`` joins an end showing ``number``: a double's line A,
    else the end of the tile that shows the number."""
    if tile.is_double:
        return Side.LINE_A
    return Side.HIGHER_END if number == tile.high else Side.LOWER_END


def _listing_findings(described: _Described) -> list[Finding]:
    """Tiles listed twice, placed twice, never joined, joined but not listed, or out of order."""
    tiles = described.tiles
    listed = set(tiles)
    findings: list[Finding] = []
    if len(listed) < len(tiles):
        counts = Counter(tiles)
        findings.extend(
            _finding(Problem.TILE_LISTED_TWICE, tile=tile)
            for tile in dict.fromkeys(tiles)
            if counts[tile] > 1
        )
    placed = {tiles[0]}
    joined: list[Tile] = []
    for join in described.joins:
        findings.extend(
            _finding(Problem.TILE_NOT_LISTED, tile=tile, join=join)
            for tile in dict.fromkeys((join.chain_tile, join.tile))
            if tile not in listed
        )
        if join.tile in placed:
            findings.append(_finding(Problem.TILE_PLACED_TWICE, tile=join.tile, join=join))
        else:
            placed.add(join.tile)
            joined.append(join.tile)
    findings.extend(
        _finding(Problem.TILE_NOT_JOINED, tile=tile)
        for tile in dict.fromkeys(tiles[1:])
        if tile not in placed
    )
    listed_order = [tile for tile in dict.fromkeys(tiles) if tile in placed]
    joined_order = [tile for tile in (tiles[0], *joined) if tile in listed]
    if listed_order != joined_order:
        findings.append(
            _finding(Problem.ORDER_MISMATCH, tiles=tuple(listed_order), joined=tuple(joined_order))
        )
    return findings


def _join_step(chain: Chain, join: Join) -> tuple[Chain | None, list[Finding]]:
    """Make one join by legal play: the chain after it (``None`` if it cannot be made)."""
    if join.chain_tile not in chain:
        return None, [_finding(Problem.NOT_YET_PLACED, tile=join.chain_tile, join=join)]
    for tile, side in ((join.chain_tile, join.chain_side), (join.tile, join.side)):
        if side not in sides_of(tile):
            findings = [
                _finding(
                    Problem.NO_SUCH_SIDE, tile=tile, side=side, sides=sides_of(tile), join=join
                )
            ]
            return None, findings
    try:
        end = chain.end(join.chain_tile, join.chain_side)
    except IllegalMoveError:
        problem = Problem.BRANCH if join.chain_tile.is_double else Problem.SIDE_NOT_FREE
        return None, [_finding(problem, tile=join.chain_tile, side=join.chain_side, join=join)]
    number = number_at(join.tile, join.side)
    if number != end.pips:
        mismatch = _finding(
            Problem.NUMBERS_MISMATCH,
            join=join,
            chain_tile=join.chain_tile,
            chain_side=join.chain_side,
            chain_number=end.pips,
            tile=join.tile,
            side=join.side,
            number=number,
        )
        return None, [mismatch]
    findings = []
    if join.tile.is_double and join.side is not Side.LINE_A:
        findings.append(
            _finding(
                Problem.DOUBLE_JOINS_LINE_A,
                join=join,
                tile=join.tile,
                given=join.side,
                side=Side.LINE_A,
                free=Side.LINE_B,
            )
        )
    return chain.play(join.tile, end), findings


def _rebuild(described: _Described) -> tuple[Chain | None, list[Finding]]:
    """The chain placed by legal play, join by join; stops at the first join it cannot make.

    A join whose tiles the listing checks already found fault with stops it silently.
    """
    listed = set(described.tiles)
    chain: Chain | None = Chain().play(described.tiles[0])
    findings: list[Finding] = []
    for join in described.joins:
        if chain is None or join.tile in chain or not {join.tile, join.chain_tile} <= listed:
            return None, findings
        chain, made = _join_step(chain, join)
        findings.extend(made)
    return chain, findings


def _continuation_findings(chain: Chain, listed: Sequence[OpenEnd]) -> list[Finding]:
    """The listed continuations against the chain's two open ends and their numbers."""
    if tuple(listed) == chain.open_ends:
        return []
    actual = {(end.tile, end.side): end for end in chain.open_ends}
    seen: set[tuple[Tile, Side]] = set()
    findings = []
    for end in listed:
        key = (end.tile, end.side)
        if key in seen:
            findings.append(_finding(Problem.CONTINUATION_TWICE, end=end))
        elif key not in actual:
            findings.append(_finding(Problem.NOT_LEGAL, end=end))
        elif actual[key].pips != end.pips:
            findings.append(
                _finding(
                    Problem.WRONG_NUMBER,
                    tile=end.tile,
                    side=end.side,
                    shown=end.pips,
                    actual=actual[key].pips,
                )
            )
        seen.add(key)
    findings.extend(
        _finding(Problem.MISSING_CONTINUATION, end=end)
        for key, end in actual.items()
        if key not in seen
    )
    if not findings and tuple(listed) != chain.open_ends:
        findings.append(
            _finding(Problem.NOT_CANONICAL, given=tuple(listed), canonical=chain.open_ends)
        )
    return findings


def _laid(tile: Tile, number: int, side: Side, *, rightwards: bool) -> Piece | None:
    """``tile`` joining an end that shows ``number`` with its ``side``, as it then lies in
    the line, right or left of that end; ``None`` unless that is legal play: a half of the
    tile shows the number, and ``side`` is the side that touches (a double's line A)."""
    if not tile.has(number) or side is not touching_side(tile, number):
        return None
    other = tile.other(number)
    free = Side.LINE_B if tile.is_double else touching_side(tile, other)
    if rightwards:
        return Piece(tile, number, other, side, free)
    return Piece(tile, other, number, free, side)


def _walk(described: _Described) -> Chain | None:
    """The chain the joins build from the first listed tile, each join checked as legal
    play: its chain tile and side are one of the two open ends, its tile is not yet in the
    chain and touches that end with the side named, showing the end's number. ``None`` if
    a join is not so.

    The tiles are laid out directly, outward from the opening tile, rather than played
    one at a time with ``Chain.play``: a fraction of the work, the same chain (the tests
    check both against each other).
    """
    opening = Chain().play(described.tiles[0]).line[0]
    before: list[Piece] = []  # the tiles left of the opening tile, nearest first
    after: list[Piece] = []  # and those right of it
    placed = [opening.tile]
    for join in described.joins:
        leftmost = before[-1] if before else opening
        rightmost = after[-1] if after else opening
        if join.tile in placed:
            return None
        if join.chain_tile is rightmost.tile and join.chain_side is rightmost.right_side:
            piece, pieces = _laid(join.tile, rightmost.right, join.side, rightwards=True), after
        elif join.chain_tile is leftmost.tile and join.chain_side is leftmost.left_side:
            piece, pieces = _laid(join.tile, leftmost.left, join.side, rightwards=False), before
        else:
            return None
        if piece is None:
            return None
        pieces.append(piece)
        placed.append(join.tile)
    return Chain(line=(*reversed(before), opening, *after), tiles=tuple(placed))


def _check(described: _Described) -> tuple[tuple[Finding, ...], Chain | None]:
    """Every finding about a description, and the chain it rebuilds to (if it does).

    A description is right exactly when it states what ``describe`` would of the chain
    its joins build by legal play: the same joins (``_walk`` makes them as described),
    the same tiles in order, the same continuations. That comparison settles most
    descriptions; only one that differs is examined finding by finding.
    """
    chain = _walk(described)
    if chain is not None and chain.tiles == described.tiles and chain.open_ends == described.ends:
        return (), chain
    return _diagnose(described)


def _diagnose(described: _Described) -> tuple[tuple[Finding, ...], Chain | None]:
    """Every finding about a description, and the chain it rebuilds to (if it does).

    The continuations are compared only with a chain rebuilt without a fault and holding
    every listed tile: otherwise they would only repeat the fault already found.
    """
    findings = _listing_findings(described)
    chain, made = _rebuild(described)
    findings.extend(made)
    if chain is not None and not made and set(chain.tiles) == set(described.tiles):
        findings.extend(_continuation_findings(chain, described.ends))
    return tuple(findings), chain


# Scanning --------------------------------------------------------------------------------

_TILE_START: Final = re.compile(_GAP + r"\[")


@dataclass(frozen=True, slots=True)
class _Start:
    """How a description starts in one language: a tiles heading, or an empty chain's sentence."""

    pattern: re.Pattern[str]
    lang: str
    empty: bool


@functools.cache
def _starts() -> tuple[_Start, ...]:
    """Every way a description starts. Each pattern begins with a fixed word, which the
    regular expression engine finds by a fast substring search."""
    return tuple(
        _Start(re.compile(_words(text, leading_gap=False)), lang, empty)
        for lang in LANGUAGES
        for text, empty in ((_grammar(lang).heading, False), (_grammar(lang).empty, True))
    )


_WORD_CHARACTER: Final = re.compile(r"\w")


class _Scanner:
    """The starts of descriptions in a text, in order.

    One search per way of starting, merged by position; a start inside a word
    ("Spelbrickor:") is no start.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.hits = [(start, start.pattern.search(text)) for start in _starts()]

    def next(self, position: int) -> tuple[_Start, re.Match[str]] | None:
        """The first start at or after ``position``."""
        while True:
            first: tuple[_Start, re.Match[str]] | None = None
            for index, (start, hit) in enumerate(self.hits):
                if hit is not None and hit.start() < position:
                    hit = start.pattern.search(self.text, position)
                    self.hits[index] = (start, hit)
                if hit is not None and (first is None or hit.start() < first[1].start()):
                    first = (start, hit)
            if first is None:
                return None
            at = first[1].start()
            if at == 0 or not _WORD_CHARACTER.match(self.text, at - 1):
                return first
            position = at + 1


def headings() -> tuple[str, ...]:
    """The words a description starts with, per language: "Laatat:", "Brickor:", "Tiles:"."""
    return tuple(_grammar(lang).heading for lang in LANGUAGES)


class _Lines:
    """Line numbers of ascending positions in a text, counted once through."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.position = 0
        self.line = 1

    def at(self, position: int) -> int:
        self.line += self.text.count("\n", self.position, position)
        self.position = position
        return self.line


_Verdict = tuple[tuple[Finding, ...], Chain | None, int]
"""The findings on a description, the chain it rebuilds to, and how much of the text it takes."""


def _examine(text: str, start: int, lang: str, verdicts: dict[str, _Verdict]) -> _Verdict:
    """Read and check the description at ``start``: findings, chain, where reading stopped.

    A document often repeats a description word for word; ``verdicts`` remembers each one
    checked, by its text (which starts with its heading, so it names its language too).
    """
    grammar = _grammar(lang)
    try:
        spans, end = _read_sentences(grammar, text, start)
    except _ReadError as stuck:
        return (stuck.finding,), None, stuck.position
    description = text[start:end]
    verdict = verdicts.get(description)
    if verdict is None:
        try:
            findings, chain = _check(_described(grammar, text, spans))
            verdict = findings, chain, end - start
        except _ReadError as stuck:
            verdict = (stuck.finding,), None, stuck.position - start
        verdicts[description] = verdict
    findings, chain, length = verdict
    return findings, chain, start + length


def verify_text(
    text: str, *, lang: str | None = None, max_failures: int | None = None
) -> tuple[ExampleReport, ...]:
    """A report on every chain description in ``text``, in the order they appear.

    ``lang`` is the language the reports speak; by default each its document's own.
    With ``max_failures`` the search stops after that many failing examples.
    """
    if lang is not None:
        check_language(lang)
    scanner = _Scanner(text)
    lines = _Lines(text)
    verdicts: dict[str, _Verdict] = {}
    reports = []
    failures = 0
    position = 0
    while failures != max_failures and (found := scanner.next(position)) is not None:
        start, hit = found
        position = hit.end()
        if start.empty:
            findings: tuple[Finding, ...] = ()
            chain: Chain | None = Chain()
        elif _TILE_START.match(text, position):
            findings, chain, position = _examine(text, hit.start(), start.lang, verdicts)
        else:
            continue
        line = lines.at(hit.start())
        report = ExampleReport(line, start.lang, lang or start.lang, findings, chain)
        failures += not report.ok
        reports.append(report)
    return tuple(reports)


# Files -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FileReport:
    """The reports on one file, or the problem that made it unusable."""

    path: str
    examples: tuple[ExampleReport, ...]
    problem: Finding | None = None
    stopped: bool = False
    """The search stopped early, at ``MAX_FAILURES`` failing examples."""

    @property
    def status(self) -> int:
        """``OK``, ``FAILED`` (an example is wrong) or ``UNUSABLE``."""
        if self.problem is not None:
            return UNUSABLE
        return OK if all(example.ok for example in self.examples) else FAILED

    def to_json(self, lang: str | None = None) -> dict[str, object]:
        """The file's reports for machines; messages in ``lang`` (default: each example's)."""
        return {
            "path": self.path,
            "status": self.status,
            "problem": None if self.problem is None else self.problem.to_json(lang or "en"),
            "stopped": self.stopped,
            "examples": [example.to_json(lang) for example in self.examples],
        }


def read_document(path: str | Path) -> str | Finding:
    """The text of a UTF-8 file (a byte order mark allowed), or why it cannot be had."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return _finding(Problem.FILE_MISSING, path=name)
    except OSError as error:
        return _finding(Problem.FILE_UNREADABLE, path=name, reason=error.strerror or str(error))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        return _finding(Problem.FILE_UNDECODABLE, path=name, line=line)


def verify_file(path: str | Path, *, lang: str | None = None) -> FileReport:
    """Every chain description of a file checked (up to ``MAX_FAILURES`` failing ones);
    a file without any is unusable."""
    text = read_document(path)
    if isinstance(text, Finding):
        return FileReport(str(path), (), text)
    examples = verify_text(text, lang=lang, max_failures=MAX_FAILURES)
    if not examples:
        return FileReport(
            str(path), (), _finding(Problem.NO_EXAMPLES, path=str(path), keywords=headings())
        )
    stopped = sum(not example.ok for example in examples) == MAX_FAILURES
    return FileReport(str(path), examples, stopped=stopped)


def report_json(files: Iterable[FileReport], lang: str | None = None) -> dict[str, object]:
    """The reports on several files in the documented JSON shape (see the module docstring)."""
    reports = list(files)
    return {
        "version": 1,
        "status": max((file.status for file in reports), default=UNUSABLE),
        "files": [file.to_json(lang) for file in reports],
    }


def report_text(file: FileReport, lang: str | None = None) -> str:
    """A file's reports as lines ``path:line: error: …`` and a closing count."""
    if file.problem is not None:
        return file.problem.message(lang or "en")
    lines = [
        example.message(lang, where=f"{file.path}:{example.line}") for example in file.examples
    ]
    failed = sum(not example.ok for example in file.examples)
    lang = lang or file.examples[0].lang
    if file.stopped:
        lines.append(
            translate("verify.stopped", lang, failures=failed, line=file.examples[-1].line)
        )
    lines.append(
        translate(
            "verify.summary",
            lang,
            path=file.path,
            examples=len(file.examples),
            ok=len(file.examples) - failed,
            failed=failed,
        )
    )
    return "\n".join(lines)


def run(
    paths: Sequence[str],
    *,
    lang: str | None = None,
    as_json: bool = False,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """``blockdomino verify``: check files, print the reports, return the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    files = [verify_file(path, lang=lang) for path in paths]
    if as_json:
        out.write(json.dumps(report_json(files, lang), ensure_ascii=False, indent=2) + "\n")
    else:
        for file in files:
            (err if file.problem else out).write(report_text(file, lang) + "\n")
    return max((file.status for file in files), default=UNUSABLE)
