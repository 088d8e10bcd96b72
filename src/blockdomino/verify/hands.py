"""Claims of the pips in a hand, read from a sentence the way authors write them.

A hand is its tiles, parted by commas, "+" or "and" ("[4|4] och [1|2]"); its pips are
the pips of both halves of every tile, added. A sentence ties a count to a hand

- after the tiles, with words between that say where the tiles are or that they are
  added ("[4|4] och [1|2] kvar, 12 prickar", "[4|4] and [1|2] left: 11 pips in all",
  "[6|6] ja [2|3]: yhteensä 17 silmää", "[4|4] and [1|2] (11 pips)");
- before them, with a colon, a bracket or "in" between ("12 prickar: [4|4] och [1|2]",
  "11 pips in [4|4] and [1|2]");
- or, with no word for pips, as what a tile "is" at the end of a clause ("[6|6] on 12 ja
  [0|0] nolla"), so that "[1|4] on 2 kertaa pelattu" is no claim.

The count is written in digits or as a word up to twelve. A sentence with tiles and a
count of pips that none of these ties is not checked.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from blockdomino.engine.tiles import Tile
from blockdomino.verify.findings import Finding, Problem, _finding
from blockdomino.verify.numbers import AND, NUMBER, NUMBER_AHEAD, PIP_WORDS, number
from blockdomino.verify.vocabulary import alternatives, stems

_TILE: Final = r"\[\s*[0-6]\s*\|\s*[0-6]\s*\]"
_TILE_PATTERN: Final = re.compile(r"\[\s*([0-6])\s*\|\s*([0-6])\s*\]")
_HAND: Final = rf"{_TILE}(?:\s*(?:,\s*{AND}|,|\+|{AND})\s*{_TILE})*"
"""Tiles of one hand: "[4|4], [1|2] ja [0|5]"."""
_PLAIN_TILE: Final = r"(?=[0-6])(?<![\w\-–/.,:|])[0-6][-:|][0-6](?![\w\-–/|:]|[.,][0-9])"
_PLAIN_TILE_PATTERN: Final = re.compile(
    r"(?<![\w\-–/.,:|])([0-6])[-:|]([0-6])(?![\w\-–/|:]|[.,][0-9])"
)
_PLAIN_TILE_SEEN: Final = re.compile(r"[0-6][-:|][0-6]")
"""What every tile without brackets (``_PLAIN_TILE``) is written with, found as fast as
a character: a sentence without it is not searched for such a hand."""
HAND_SEEN: Final = re.compile(r"[\[0-6](?:(?<=\[)|(?<=[0-6])[-:|][0-6])")
"""What every hand a count is tied to is written with: a bracket, or a tile without
brackets (``_PLAIN_TILE_SEEN``), found as fast as a character (the set of their first
characters leads): a sentence without it ties no count to a hand (``hand_claims``)."""
_PLAIN_HAND: Final = rf"{_PLAIN_TILE}(?:\s*(?:,\s*{AND}|,|\+|{AND})\s*{_PLAIN_TILE})*"
"""Tiles of one hand without brackets: "6-6, 6-5 ja 5-5", "6:6 och 1:2"."""
_TOTAL_WORDS: Final = alternatives("total")
"""Words that say the count is what the tiles add up to."""
_VERBS: Final = alternatives("is", "total")
"""What says that the count is the tiles' own, when no word for pips follows it."""
_PLACE_WORDS: Final = alternatives("hand_place")
"""Words that say where the tiles are, or lead on to their count."""
_LINK: Final = rf"(?:\s*(?:[,:;=(]|[–—](?!\s*\d)|\b(?:{_VERBS}|{_PLACE_WORDS})\b))*\s*"
_AFTER: Final = re.compile(
    rf"(?P<hand>{_HAND})(?P<gap>{_LINK})\b(?P<count>{NUMBER})\b(?P<pips>\s*{PIP_WORDS}\b)?",
    re.IGNORECASE,
)
"""Tiles, then their count: "[4|4] och [1|2] kvar, 12 prickar"."""
_AFTER_PLAIN: Final = re.compile(
    rf"(?P<hand>{_PLAIN_HAND})(?P<gap>{_LINK})\b(?P<count>{NUMBER})\s*{PIP_WORDS}\b",
    re.IGNORECASE,
)
"""Tiles written without brackets, then their count and its word for pips (which alone
tells such tiles from a range, "2-4 pelaajaa"): "6-6, 6-5 ja 5-5 (33 silmää)"."""
_BEFORE: Final = re.compile(
    rf"{NUMBER_AHEAD}\b(?P<count>{NUMBER})\s*{PIP_WORDS}(?:\s+(?:{_TOTAL_WORDS}|{_PLACE_WORDS}))*"
    rf"\s*(?:[:(=–—]|\b(?:in|i|från|ur|from|nämligen|namely)\b)[\s:(]*(?P<hand>{_HAND})",
    re.IGNORECASE,
)
"""A count, then its tiles: "12 prickar: [4|4] och [1|2]"."""
_MORE_TILE: Final = re.compile(
    rf"\s*(?:,|{AND})\s*(?P<hand>{_TILE})\s+(?P<count>{NUMBER})\b", re.IGNORECASE
)
"""One more tile and its pips in the same breath: "… ja [0|0] nolla"."""
_VERB: Final = re.compile(rf"=|\b(?:{_VERBS})\b", re.IGNORECASE)
_CLAUSE_END: Final = re.compile(rf"\s*(?:[.,;:!?)]|$|{AND}\b)", re.IGNORECASE)
"""What follows a tile's pips said without a word for pips ("[6|6] on 12 ja …"), so that
"[1|4] on 2 kertaa …" is no claim."""
_LINE_BEFORE: Final = re.compile(r"\][ \t]*(?:→|⟶|->|=>|–|—|-)?[ \t]*$")
"""The end of a tile just before a hand's first one: the hand is the tail of a line of
play ("[1|2] [2|3], yhteensä 8 silmää"), not a hand of its own."""
_PLAYED: Final = re.compile(rf"\b(?:{alternatives('played')})\s+(?:\w+\s+){{0,2}}$", re.IGNORECASE)
"""A verb of playing just before a hand's tiles: they are played, not held."""
_SO: Final = re.compile(rf"\b(?:{alternatives('so')})\b", re.IGNORECASE)
_HELD: Final = re.compile(rf"\b(?:{alternatives('total', 'in_hand')})\b", re.IGNORECASE)
_PIP_STEM: Final = stems("silm", "prick", "pip")
"""What every word for pips starts with: a quick test before the slower reading (its
first letters first, as written, for the engine to skip to: ``vocabulary.stems``)."""
_LOOSE_COUNT: Final = re.compile(rf"{NUMBER_AHEAD}\b{NUMBER}\s*{PIP_WORDS}\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class HandClaim:
    """A count of pips a sentence gives for a hand: where it stands, the hand's tiles,
    and the count."""

    start: int
    end: int
    tiles: tuple[Tile, ...]
    claimed: int
    led_on: bool = False
    """Tied to its tiles by "so" alone, with no word that the tiles are held."""

    @property
    def pips(self) -> int:
        """The pips the hand really has."""
        return sum(tile.pips for tile in self.tiles)

    @property
    def finding(self) -> Finding | None:
        """What is wrong with the count, if anything."""
        if self.pips == self.claimed:
            return None
        return _finding(
            Problem.CLAIM_PIPS, tiles=self.tiles, claimed=self.claimed, actual=self.pips
        )


@functools.lru_cache(maxsize=4096)
def hand_claims(text: str) -> tuple[HandClaim, ...]:
    """Every count of pips in ``text`` (a sentence) tied to the tiles of a hand, in
    order. A document repeats its sentences, so each is read once."""
    found: list[HandClaim] = []
    pips = _PIP_STEM.search(text)
    plain = None if pips is None else _PLAIN_TILE_SEEN.search(text)
    if plain is not None and _PIP_STEM.search(text, plain.end()):
        found.extend(
            _claim(match, match.end(), _PLAIN_TILE_PATTERN)
            for match in _AFTER_PLAIN.finditer(text, plain.start())
        )
    if "[" not in text:
        return _unambiguous(text, found)
    for match in _AFTER.finditer(text):
        if _LINE_BEFORE.search(text, max(0, match.start() - 8), match.start()):
            continue
        if match["pips"] is None and not (
            _VERB.search(match["gap"]) and _CLAUSE_END.match(text, match.end())
        ):
            continue
        found.append(_claim(match, match.end()))
        end = match.end()
        while (more := _MORE_TILE.match(text, end)) is not None:
            found.append(_claim(more, more.end()))
            end = more.end()
    for match in _BEFORE.finditer(text) if pips and "[" in text[pips.start() :] else ():
        if not any(claim.start <= match.start("hand") < claim.end for claim in found):
            found.append(_claim(match, match.end()))
    return _unambiguous(text, sorted(found, key=lambda claim: claim.start))


def _unambiguous(text: str, claims: list[HandClaim]) -> tuple[HandClaim, ...]:
    """The claims to check. A wrong count is left unchecked rather than called wrong
    where it may count other tiles: after other tiles of the sentence ("Spelare 2 har
    [4|4] och spelare 3 [1|2], 11 prickar"), after tiles just played ("Anna lägger
    [2|5]: 5 prickar kvar"), or led to by "so" alone ("[2|6], so 3 pips …")."""
    kept: list[HandClaim] = []
    for claim in claims:
        before = any(
            match.start() < claim.start and not _within(match.start(), kept)
            for match in _TILE_PATTERN.finditer(text, 0, claim.start)
        )
        played = _PLAYED.search(text, max(0, claim.start - 30), claim.start) is not None
        if claim.finding is None or not (before or played or claim.led_on):
            kept.append(claim)
    return tuple(kept)


def _within(position: int, claims: Sequence[HandClaim]) -> bool:
    return any(claim.start <= position < claim.end for claim in claims)


def _claim(match: re.Match[str], end: int, tiles_in: re.Pattern[str] = _TILE_PATTERN) -> HandClaim:
    tiles = tuple(Tile(int(a), int(b)) for a, b in tiles_in.findall(match["hand"]))
    gap = match.groupdict().get("gap") or ""
    led_on = _SO.search(gap) is not None and _HELD.search(gap) is None
    return HandClaim(match.start(), end, tiles, number(match["count"]), led_on)


def untied_count(text: str, claims: Sequence[HandClaim]) -> bool:
    """Whether ``text`` has tiles and a count of pips outside every claim read from it:
    a claim about a hand that the reader could not tie to its tiles."""
    if _PIP_STEM.search(text) is None:
        return False
    if not claims:  # nothing read: any tile and any count are outside every claim
        return _TILE_PATTERN.search(text) is not None and _LOOSE_COUNT.search(text) is not None
    return any(not _within(match.start(), claims) for match in _LOOSE_COUNT.finditer(text))
