""" "Which tiles fit here?": a question a walkthrough's step may put to the class.

A chain example's step, or a step of a chain a chapter draws, before its last, shows
the chain as it stands; the question offers a few tiles, the one the example places
next among them, and asks which fit. A tile fits when it has a number an open end
shows; 0 matches only 0. Each pupil sends one answer (the tiles they tapped); an answer
sent again finds the first one kept.
The projector shows how many chose each tile, then the tiles that fit highlighted,
each tile's reason in words.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from blockdomino import svg
from blockdomino.engine.chain import Chain, no_match_key
from blockdomino.engine.tiles import DOUBLE_SIX, Tile
from blockdomino.words.examples import CHAIN_EXAMPLES
from blockdomino.words.i18n import translate
from blockdomino.words.text import capitalized, describe_end, tile_in_words

OFFERED: Final = 4
"""How many tiles a question offers."""


@dataclass(frozen=True, slots=True)
class FitQuestion:
    """The chain as a step shows it and the tiles offered, in the set's order."""

    chain: Chain
    tiles: tuple[Tile, ...]

    @property
    def size(self) -> int:
        """How many tiles are offered to choose from."""
        return len(self.tiles)

    def fits(self, tile: Tile) -> bool:
        """Whether ``tile`` can join an open end of the chain."""
        return bool(self.chain.ends_for(tile))

    def reason(self, tile: Tile, lang: str) -> str:
        """Why ``tile`` fits (the end it joins) or does not (the numbers the ends show),
        its tiles in words: "Yksi–kuusi sopii kohtaan yksi–neljä (pienempi pää, 1)."."""
        ends = self.chain.ends_for(tile)
        said = tile_in_words(tile, lang)
        if ends:
            end = describe_end(ends[0], lang, spoken=True)
            return capitalized(translate("lessons.fit.fits", lang, tile=said, end=end))
        numbers = self.chain.numbers
        assert numbers is not None
        left, right = numbers
        key = no_match_key(tile, left, right)
        return capitalized(translate(key, lang, tile=said, left=left, right=right))


DRAWN: Final = "chain:"
"""How a chain a chapter draws is named: ``chain:[1|4], [4|6], [1|3]``."""


def _placed(example: str) -> tuple[Tile, ...]:
    """The tiles of a chain example, or of a chain a chapter draws, in placement order."""
    if example.startswith(DRAWN):
        return Chain.parse(example.removeprefix(DRAWN)).tiles
    return next((e.tiles for e in CHAIN_EXAMPLES if e.id == example), ())


@cache
def fit_question(example: str, step: int) -> FitQuestion | None:
    """The question step ``step`` (from 0) of ``example`` (a chain example, or a chain a
    chapter draws, ``DRAWN``) may ask: none for a scoring figure or a chain's last step.
    The tiles offered are the same every time."""
    tiles = _placed(example)
    if not 0 <= step < len(tiles) - 1:
        return None
    chain = Chain.from_tiles(tiles[: step + 1])
    placed = tiles[step + 1]
    free = [t for t in DOUBLE_SIX if t not in chain.tiles and t != placed]
    fitting = [t for t in free if chain.ends_for(t)]
    other = [t for t in free if not chain.ends_for(t)]
    rng = random.Random(f"{example}:{step}")
    offered = {placed, *rng.sample(fitting, min(1, len(fitting))), *rng.sample(other, 2)}
    more = [t for t in free if t not in offered]
    offered |= set(rng.sample(more, OFFERED - len(offered)))
    return FitQuestion(chain, tuple(t for t in DOUBLE_SIX if t in offered))


def offered(question: FitQuestion, lang: str) -> dict[str, Any]:
    """What every screen shows of the question: its words and the tiles, drawn."""
    return {
        "question": translate("lessons.fit.question", lang),
        "tiles": [{"tile": str(t), "svg": str(svg.tile(t, lang=lang))} for t in question.tiles],
    }


def counted(question: FitQuestion, chosen: list[tuple[int, ...]], lang: str) -> dict[str, Any]:
    """The projector's part once the answers are shown: how many chose each tile, which
    fit, and why each does or does not."""
    counts = Counter(index for tiles in chosen for index in tiles)
    return {
        "counts": [counts[index] for index in range(len(question.tiles))],
        "fits": [question.fits(tile) for tile in question.tiles],
        "reasons": [question.reason(tile, lang) for tile in question.tiles],
    }
