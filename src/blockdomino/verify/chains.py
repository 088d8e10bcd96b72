"""Lines of play in plain notation: tiles written in the order they lie, left to right.

Authors write a line of play as its tiles: ``[1|3] [3|6] [6|6] [6|2]``, with or without
commas, arrows (``→``, ``->``) or dashes between them, with spaces inside the brackets
(``[2 | 5]``), or without brackets (``2|5``, and ``2-5`` when the tiles are parted by
spaces or commas, so that no dash is both). Each tile after the first joins the free end
of the tile before it, the touching halves showing the same number (a tile may be
written either way round); a double lies crosswise and stays in the line.

The engine rebuilds the line by legal play, tile by tile at the end it grows to; what it
cannot place is a finding: a tile that does not join the tile before it (or one that
joins only a double in the middle of the line, which would be a branch, and Block has
none), a tile used twice, and a double said to lie lengthwise in the same sentence.

Tiles parted only by spaces or commas are also how a hand is listed ("[4|4], [1|2]"):
such a run is read as a line of play only when some neighbours in it join; otherwise it
is listed as not checked.

Words before a run say how to read it (``order``): tiles "in order of play" each join
either open end; an example "shown wrong" is noted as such, never an error. A run with
no arrows that is no line as it lies, but places every tile in the order of play, is
no error either: the author may have listed the tiles as they were played.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from blockdomino.engine.chain import Chain, OpenEnd
from blockdomino.engine.tiles import Tile
from blockdomino.verify.findings import ExampleReport, Finding, Problem, Unchecked, _finding
from blockdomino.verify.order import lead_in, marked_in_order, marked_wrong, play_in_order
from blockdomino.verify.places import LineCounter
from blockdomino.verify.reading import QUOTE_LENGTH

_PIP: Final = "([0-6])"
_TILE: Final = re.compile(
    rf"[\[0-6](?:(?<=\[)[ \t]*{_PIP}[ \t]*\|[ \t]*{_PIP}[ \t]*\]"
    rf"|(?<![\w|/.,:].)(?<={_PIP})\|{_PIP}(?![\w|/])"
    rf"|(?<![\w\-–/.,:].)(?<={_PIP})-{_PIP}(?![\w\-–/]|[.,][0-9]))"
)
"""A tile: ``[2|5]`` (``[2 | 5]``), ``2|5`` or ``2-5`` (a dash; checked against its run).
Its bracket or first digit is taken first, a character the engine skips to (the digit
is then read again from behind)."""
_TILE_CHARACTERS: Final = frozenset("[]|- \t0123456789")
"""Every character a tile is written with (brackets, bar, dash, space, digits)."""
_MARK: Final = r"(?:(,|;)|(→|⟶|->|=>|–|—|-))"
_SEPARATOR: Final = re.compile(rf"[ \t]*{_MARK}?[ \t]*|[ \t]*{_MARK}[ \t]*\n[ \t]*")
"""What parts the tiles of a line: space, a comma, an arrow or a dash; a line break only
after a comma, an arrow or a dash (tiles on lines of their own are no line of play)."""
_PARTING: Final = frozenset(" \t,;→⟶->=–—\n")
"""Every character of what parts the tiles of a line (``_SEPARATOR``): the text between
two tiles is read only where its first, second and last characters are among them
(``_may_join``)."""
_SENTENCE_END: Final = re.compile(r"[.!?\n](?:(?<=[.!?])(?:\s|$)|(?<=\n)\s*\n)")
"""The end of a sentence: a stop and a space, or a blank line; its stop or first line
break is taken first, a character the engine skips to."""
_REACH: Final = 300
"""How far the sentence around a line of play is looked for on each side of it."""

_LENGTHWISE: Final = {
    "fi": ("pitkittäin", "pituussuunnassa"),
    "sv": ("på längden", "längs med", "på längd"),
    "en": ("lengthwise", "lengthways", "end to end"),
}
_NEGATIONS: Final = re.compile(
    r"\b(?:ei|eikä|eivät|älä|älkää|koskaan|inte|aldrig|ej|not|never|no|don't|doesn't)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Run:
    """Tiles written side by side in a text: where, which, and how they are parted."""

    start: int
    end: int
    tiles: tuple[Tile, ...]
    written: tuple[tuple[int, int], ...]
    """Each tile's halves in the order written (``[6|2]`` is ``(6, 2)``)."""
    marked: bool
    """Parted by arrows or dashes: written as a line of play, whatever its tiles."""


def runs(text: str, skip: list[tuple[int, int]]) -> Iterator[Run]:
    """Every run of two or more tiles in ``text``, outside the spans in ``skip``
    (the chain descriptions), in order."""
    group: list[re.Match[str]] = []
    marked = False
    for match in _tiles_outside(text, skip):
        if group and _may_join(text, group[-1].end(), match.start()):
            between = _joined_by(text, group[-1], match)
            if between is not None and _kind(group[-1]) == _kind(match):
                group.append(match)
                marked = marked or between
                continue
        if len(group) > 1:
            yield _run(group, marked)
        group, marked = [match], False
    if len(group) > 1:
        yield _run(group, marked)


def _may_join(text: str, end: int, start: int) -> bool:
    """Whether the text between a tile that ends at ``end`` and the next, which starts at
    ``start``, may part them as a line's tiles are parted: nothing, or first, second and
    last characters that a separator is written with (``_PARTING``); a quick look before
    the separator is read (``_joined_by``)."""
    return start == end or (
        text[end] in _PARTING
        and text[start - 1] in _PARTING
        and (start - end < 3 or text[end + 1] in _PARTING)
    )


def tiles_in(text: str) -> tuple[Tile, ...]:
    """The tiles written in ``text``, in order, in any notation a line of play uses."""
    return tuple(Tile(*_halves(match)) for match in _TILE.finditer(text))


def _tiles_outside(text: str, skip: list[tuple[int, int]]) -> Iterator[re.Match[str]]:
    """Every tile of ``text`` that starts outside the spans in ``skip``, in order.

    The search goes on from the end of a span it meets, rather than through the tiles of
    a description, which may be the whole of a long text; where a tile could be written
    across the span's end, it goes on through the span, as the tiles lie.
    """
    spans = iter(sorted(skip))
    span = next(spans, None)
    position = 0
    while True:
        while span is not None and span[1] <= position:
            span = next(spans, None)
        if span is not None and span[0] <= position and not _within_tile(text, span[1]):
            position = span[1]
            continue
        for match in _TILE.finditer(text, position):
            while span is not None and span[1] <= match.start():
                span = next(spans, None)
            if span is None or match.start() < span[0]:
                yield match
            elif span[1] > match.end() and not _within_tile(text, span[1]):
                position = span[1]
                break
        else:
            return


def _within_tile(text: str, position: int) -> bool:
    """Whether a tile could be written across ``position``: the characters on both sides
    of it are ones a tile is written with."""
    return 0 < position < len(text) and {text[position - 1], text[position]} <= _TILE_CHARACTERS


def _kind(match: re.Match[str]) -> str:
    """How a tile is written: in brackets, with a bar, or with a dash."""
    return "[" if match[0].startswith("[") else "|" if "|" in match[0] else "-"


def _joined_by(text: str, before: re.Match[str], after: re.Match[str]) -> bool | None:
    """Whether the text between two tiles parts them as a line's tiles are parted:
    ``True`` by an arrow or dash, ``False`` by space or a comma, ``None`` if not at all.
    Tiles written ``2-5`` cannot be parted by a dash."""
    gap = _SEPARATOR.fullmatch(text, before.end(), after.start())
    if gap is None:
        return None
    dash = gap[2] is not None or gap[4] is not None
    if dash and _kind(after) == "-":
        return None
    return dash


def _run(group: list[re.Match[str]], marked: bool) -> Run:
    written = tuple(_halves(match) for match in group)
    return Run(
        group[0].start(),
        group[-1].end(),
        tuple(Tile(*halves) for halves in written),
        written,
        marked,
    )


def _halves(match: re.Match[str]) -> tuple[int, int]:
    a, b = (group for group in match.groups() if group is not None)
    return int(a), int(b)


def is_line_of_play(run: Run) -> bool:
    """A run read as a line of play: parted by arrows or dashes, or with neighbours that
    join (else it is a list of tiles, such as a hand)."""
    return run.marked or any(
        a.mask & b.mask for a, b in zip(run.tiles, run.tiles[1:], strict=False)
    )


def rebuild(run: Run) -> tuple[tuple[Finding, ...], Chain]:
    """The line rebuilt by legal play, and what in it cannot be placed.

    Each tile joins the free end of the tile before it. A tile that does not is a finding
    and the line goes on from it, as a new line, so that one mistake hides no other; the
    chain returned is the line as far as its first mistake.
    """
    findings: list[Finding] = []
    chain = Chain().play(run.tiles[0])
    built: Chain | None = None
    previous = run.tiles[0]
    seen = {previous}
    for tile in run.tiles[1:]:
        if tile in seen:
            findings.append(_finding(Problem.CHAIN_TILE_TWICE, tile=tile))
            continue
        seen.add(tile)
        end = _end_of(chain, previous, tile)
        if end is None:
            findings.append(_missed_join(chain, previous, tile))
            built = built or chain
            chain = Chain().play(tile)
        else:
            chain = chain.play(tile, end)
        previous = tile
    return tuple(findings), built or chain


def _end_of(chain: Chain, previous: Tile, tile: Tile) -> OpenEnd | None:
    """The free end of ``previous`` (the tile written before) that ``tile`` joins."""
    for end in chain.open_ends:
        if end.tile is previous and tile.has(end.pips):
            return end
    return None


def _missed_join(chain: Chain, previous: Tile, tile: Tile) -> Finding:
    """Why ``tile`` cannot follow ``previous``: it would branch off a double, or shows
    no number that the free end of ``previous`` shows."""
    shown = tuple(end.pips for end in chain.open_ends if end.tile is previous)
    for piece in chain.line[1:-1]:
        if piece.tile.is_double and tile.has(piece.left):
            return _finding(Problem.CHAIN_BRANCH, tile=tile, double=piece.tile)
    number = shown[0] if shown else previous.high
    return _finding(Problem.CHAIN_NO_JOIN, tile=tile, previous=previous, number=number)


def lengthwise(text: str, run: Run, lang: str) -> Finding | None:
    """A double of the line said, in the sentence around it, to lie lengthwise (and not
    said not to)."""
    doubles = [tile for tile in run.tiles if tile.is_double]
    if not doubles:
        return None
    words = _LENGTHWISE.get(lang, ())
    near = text[max(0, run.start - _REACH) : run.end + _REACH].lower()
    if not any(word in near for word in words):  # the sentence is within ``near``
        return None
    sentence = _sentence_around(text, run.start, run.end)
    lowered = sentence.lower()
    if not any(word in lowered for word in words):
        return None
    if _NEGATIONS.search(sentence):
        return None
    return _finding(Problem.CHAIN_LENGTHWISE, tile=doubles[0])


def _sentence_around(text: str, start: int, end: int, reach: int = _REACH) -> str:
    """The sentence (or two lines' worth of text) that holds ``text[start:end]``."""
    before = text[max(0, start - reach) : start]
    ends = list(_SENTENCE_END.finditer(before))
    head = before[ends[-1].end() :] if ends else before
    after = text[end : end + reach]
    stop = _SENTENCE_END.search(after)
    return head + text[start:end] + (after[: stop.start()] if stop else after)


def line_reports(
    text: str, skip: list[tuple[int, int]], lang: str, document_lang: str
) -> tuple[list[ExampleReport], list[Unchecked], list[ExampleReport]]:
    """A report on every line of play in ``text`` outside ``skip`` (the descriptions),
    the runs of tiles not read as one (lists such as a hand) and the examples shown
    wrong on purpose, each at its line; and those examples as reports, for the claims
    beside them to speak of (they are no error of the document)."""
    lines = LineCounter(text)
    reports: list[ExampleReport] = []
    unchecked: list[Unchecked] = []
    shown_wrong: list[ExampleReport] = []
    for run in runs(text, skip):
        line = lines.at(run.start)
        lead = lead_in(text, run.start)
        written = " ".join(text[run.start : run.end].split())[: 2 * QUOTE_LENGTH]
        if marked_wrong(lead):
            findings, chain = _wrong_on_purpose(run)
            unchecked.append(_shown_wrong(line, written, findings))
            shown_wrong.append(
                ExampleReport(line, document_lang, lang, findings, chain, "line", written)
            )
            continue
        in_order = marked_in_order(lead)
        if not in_order and not is_line_of_play(run):
            unchecked.append(Unchecked(line, written[:QUOTE_LENGTH], "verify.unchecked.tiles"))
            continue
        findings, built = _read_line(run, in_order)
        doubled = lengthwise(text, run, document_lang)
        if doubled is not None:
            findings = (*findings, doubled)
        reports.append(ExampleReport(line, document_lang, lang, findings, built, "line", written))
    return reports, unchecked, shown_wrong


def _read_line(run: Run, in_order: bool) -> tuple[tuple[Finding, ...], Chain | None]:
    """What is wrong with a run read as a line, and its chain: in the order of play when
    its words say so; else as the tiles lie, or, when that fails and no arrow says they
    lie so, in the order of play if that places them all."""
    if in_order:
        played = play_in_order(run.tiles)
        return played.findings, played.chain
    findings, chain = rebuild(run)
    if findings and not run.marked:
        played = play_in_order(run.tiles)
        if not played.findings:
            return (), played.chain
    return findings, chain


def _wrong_on_purpose(run: Run) -> tuple[tuple[Finding, ...], Chain | None]:
    """What makes an example shown wrong on purpose illegal, read as it lies or else in
    the order of play; nothing if it is legal both ways."""
    findings, chain = rebuild(run)
    if findings:
        return findings, chain
    played = play_in_order(run.tiles)
    return played.findings, played.chain


def _shown_wrong(line: int, written: str, findings: tuple[Finding, ...]) -> Unchecked:
    """The note on an example shown wrong on purpose: what makes it illegal, or that its
    tiles join and it was not checked."""
    if findings:
        return Unchecked(line, written, "verify.unchecked.wrong_on_purpose", findings[0])
    return Unchecked(line, written, "verify.unchecked.marked_wrong")
