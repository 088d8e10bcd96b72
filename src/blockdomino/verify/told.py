"""Play told in sentences, rebuilt as a line of play.

A match story tells its play: "Oona aloitti tupla-viitosella. Ville vastasi laatalla
5-2, ja Oona jatkoi laatalla 2-4." and then claims its ends: "Nyt ketjun päät olivat 5
ja 4." A line of the text whose every tile follows a verb of playing in its own clause
("lays", "answers with", "lade", "jatkoi laatalla") is such a story: its tiles are
played in the order told, each at an open end it fits (``order``), and the claims
beside it are checked against the chain they make.

A double may be told in words: "tupla-viitonen", "dubbelfyran", "the double five"
(``vocabulary``). A story that does not play out (a tile that fits no end, a tile
told twice) is no example: the reader may have misread it, so it is not reported, and
a claim beside it is not checked.
"""

from __future__ import annotations

import re
from typing import Final

from blockdomino.engine.tiles import Tile
from blockdomino.verify.findings import ExampleReport
from blockdomino.verify.order import play_in_order
from blockdomino.verify.places import line_of, text_lines
from blockdomino.verify.reading import QUOTE_LENGTH
from blockdomino.verify.vocabulary import led_by, phrases

_NUMBERS: Final = {
    "fi": ("nolla", "ykkö", "kakko", "kolmo", "nelo", "viito", "kuuto"),
    "sv": ("nolla", "etta", "tvåa", "trea", "fyra", "femma", "sexa"),
    "en": ("blank", "one", "two", "three", "four", "five", "six"),
}
"""How a double's number starts in its name: "tupla-viitonen", "dubbelfemman",
"the double five"."""
_DOUBLE_WORDS: Final = {"fi": r"tupla-?", "sv": r"dubbel-?", "en": r"(?:the\s+)?double[\s-]+"}
_DOUBLE: Final = re.compile(
    "(?=[tTdD])(?:"
    + "|".join(
        rf"(?<!\w){_DOUBLE_WORDS[lang]}(?P<{lang}>{'|'.join(stems)})\w*"
        for lang, stems in _NUMBERS.items()
    )
    + ")",
    re.IGNORECASE,
)
_TILE: Final = re.compile(
    r"(?=[\[0-6])(?:\[\s*(?P<a>[0-6])\s*\|\s*(?P<b>[0-6])\s*\]"
    r"|(?<![\w\-–/.,:|])(?P<c>[0-6])[-|:](?P<d>[0-6])(?![\w\-–/|:]|[.,][0-9]))"
)
"""A tile in brackets or with a bar, a dash or a colon (``[5|2]``, ``5-2``, ``5:2``); a
bracket or a digit comes first, for the engine to look for (as a double's word starts
with "t" or "d")."""
_TOLD_SEEN: Final = re.compile(
    rf"{led_by('0123456pb')}(?:(?<=[0-6])\s*[-|:]\s*[0-6]|(?<=tup)la|(?<=dub)bel|(?<=doub)le)",
    re.IGNORECASE,
)
"""What every tile told is written with: its two numbers parted by a bar, a dash or a
colon, or the word for a double ("tupla", "dubbel", "double"), led by a digit or its
first "p" or "b" (rarer letters than its first), for the engine to skip to
(``vocabulary.led_by``): a line where it is not found twice tells no play
(``_told_twice``)."""
_NAMED_TWICE: Final = re.compile(r"\s*\(\s*$")
"""What stands between a double told in words and its tiles in brackets after it,
"dubbelfyran (4:4)": one tile told twice over."""
_CLAUSE: Final = re.compile(r"[.;!?]\s|,\s+(?:ja|och|and)\s|\s(?:ja|och|and)\s")
_REACH: Final = 60
"""How far before a tile, in its clause, its verb of playing may stand."""
_IN_WORD: Final = re.compile(r"(?<=\w)\w+")
"""The rest of a word a place is inside of."""


def _told(match: re.Match[str]) -> Tile:
    if match.re is _DOUBLE:
        lang = match.lastgroup or "en"
        said = match[lang].lower()
        number = next(n for n, stem in enumerate(_NUMBERS[lang]) if said.startswith(stem))
        return Tile(number, number)
    a, b = (match["a"], match["b"]) if match["a"] is not None else (match["c"], match["d"])
    return Tile(int(a), int(b))


def _played(line: str, start: int) -> bool:
    """Whether the tile told at ``start`` of ``line`` is told as played: a verb of playing
    stands before it in its clause, within ``_REACH``, and no word of holding it stands
    after that verb ("Ben answers with 5-2 while Eve, who won last week, holds 6-5": the
    6-5 is held). A word the reach starts inside of is not read ("outplayed" is not
    "played")."""
    first = max(0, start - _REACH)
    inside = _IN_WORD.match(line, first) if first else None
    before = line[first if inside is None else inside.end() : start]
    ends = list(_CLAUSE.finditer(before))
    clause = before[ends[-1].end() :] if ends else before
    verbs = list(phrases("plays").finditer(clause))
    return bool(verbs) and phrases("holds", "in_hand").search(clause, verbs[-1].end()) is None


def story(line: str) -> tuple[Tile, ...] | None:
    """The tiles a line tells as played, in order; ``None`` unless it tells two or more,
    each after a verb of playing in its own clause. A tile named without one is the
    tile told as played elsewhere in the line ("Dan has the double six, so he starts: Dan
    lays 6:6"), or the line is no story. A line is read only where two tiles may be told
    in it (``_told_twice``)."""
    if not (_told_twice(line) and phrases("plays").search(line)):
        return None
    found = _once(
        line, sorted((*_DOUBLE.finditer(line), *_TILE.finditer(line)), key=lambda m: m.start())
    )
    if found is None:
        return None
    played = [match for match in found if _played(line, match.start())]
    named = {_told(match) for match in found if match not in played}
    if len(played) < 2 or not named <= {_told(match) for match in played}:
        return None
    return tuple(_told(match) for match in played)


def _told_twice(line: str) -> bool:
    """Whether ``line`` may tell two tiles: ``_TOLD_SEEN`` finds something in it, and
    again after where that starts (each tile told holds what it finds)."""
    first = _TOLD_SEEN.search(line)
    return first is not None and _TOLD_SEEN.search(line, first.start() + 1) is not None


def _once(line: str, found: list[re.Match[str]]) -> list[re.Match[str]] | None:
    """The tiles told, each once: a double told in words with its tile in brackets after
    it ("dubbelfyran (4:4)") is one tile; ``None`` when the two are not the same tile."""
    kept: list[re.Match[str]] = []
    for match in found:
        previous = kept[-1] if kept else None
        if (
            previous is not None
            and previous.re is _DOUBLE
            and match.re is _TILE
            and _NAMED_TWICE.fullmatch(line, previous.end(), match.start())
        ):
            if _told(previous) != _told(match):
                return None
            continue
        kept.append(match)
    return kept


def story_reports(
    text: str, lang: str, document_lang: str, part: tuple[int, int] | None = None
) -> list[ExampleReport]:
    """A report on each line of ``text`` that tells play which plays out, with its chain;
    with ``part``, on each line that starts from its first place up to its second."""
    start, last = (0, len(text)) if part is None else part
    number = line_of(text, start) - 1
    reports = []
    for line in text_lines(text, start):
        if start >= last:  # (an empty last line tells no play)
            break
        number, start = number + 1, start + len(line) + 1
        tiles = story(line)
        if tiles is None:
            continue
        played = play_in_order(tiles)
        if played.findings or played.chain is None:
            continue
        quoted = " ".join(line.split())[: 2 * QUOTE_LENGTH]
        reports.append(ExampleReport(number, document_lang, lang, (), played.chain, "line", quoted))
    return reports
