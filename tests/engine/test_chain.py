"""The chain: placing tiles, its two open ends, the joins, and 000's seven worked examples.

The seven examples of ``000_f45f10e211c10b57.txt`` (Finnish) are copied here as data:
title, caption and the description that follows the caption, exactly as printed.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blockdomino import DOUBLE_SIX, Chain, Side, Tile, describe
from blockdomino.engine.chain import OpenEnd
from blockdomino.words.examples import CHAIN_EXAMPLES, ChainExample

DOCUMENT_EXAMPLES = (
    (
        "Asetettu [1|4]",
        "[1|4] avaa ketjun. Päihin voi liittää silmäluvut 1 ja 4.",
        "Laatat: [1|4]. Liitokset: ei yhtään. "
        "Lailliset jatkokohdat: [1|4] (suurempi pää, 4); [1|4] (pienempi pää, 1).",
    ),
    (
        "Asetettu [1|1]",
        "Liitä [1|1] ykköspäähän. Tupla on poikittain; vapaiksi silmäluvuiksi jäävät 1 ja 4.",
        "Laatat: [1|4], [1|1]. Liitokset: [1|4] (pienempi pää) – [1|1] (linja A). "
        "Lailliset jatkokohdat: [1|1] (linja B, 1); [1|4] (suurempi pää, 4).",
    ),
    (
        "Asetettu [6|6]",
        "Liitä [6|6] laatan [3|6] kuutospäähän. Jatka kolmosesta tai kuutosesta ilman sivuhaaroja.",
        "Laatat: [3|6], [6|6]. Liitokset: [3|6] (suurempi pää) – [6|6] (linja A). "
        "Lailliset jatkokohdat: [3|6] (pienempi pää, 3); [6|6] (linja B, 6).",
    ),
    (
        "Asetettu [0|0]",
        "Tyhjä puolikas sopii vain tyhjään. Laatan [0|0] kumpikin pää vaatii nollan.",
        "Laatat: [0|0]. Liitokset: ei yhtään. "
        "Lailliset jatkokohdat: [0|0] (linja A, 0); [0|0] (linja B, 0).",
    ),
    (
        "Asetettu [4|4]",
        "Tupla [4|4] liitetään neloseen. Se pysyy ketjussa; toisena vapaana päänä on ykkönen.",
        "Laatat: [1|4], [1|1], [4|4]. "
        "Liitokset: [1|4] (pienempi pää) – [1|1] (linja A); "
        "[1|4] (suurempi pää) – [4|4] (linja A). "
        "Lailliset jatkokohdat: [1|1] (linja B, 1); [4|4] (linja B, 4).",
    ),
    (
        "Asetettu [3|4]",
        "[3|4] jatkaa tuplasta [4|4]. Ketjun vapaat silmäluvut ovat 1 ja 3.",
        "Laatat: [1|4], [1|1], [4|4], [3|4]. "
        "Liitokset: [1|4] (pienempi pää) – [1|1] (linja A); "
        "[1|4] (suurempi pää) – [4|4] (linja A); "
        "[4|4] (linja B) – [3|4] (suurempi pää). "
        "Lailliset jatkokohdat: [1|1] (linja B, 1); [3|4] (pienempi pää, 3).",
    ),
    (
        "Asetettu [2|2]",
        "Avaustupla [2|2] on poikittain. Jatka kummasta tahansa kakkospäästä; sivuhaaroja ei ole.",
        "Laatat: [2|2]. Liitokset: ei yhtään. "
        "Lailliset jatkokohdat: [2|2] (linja A, 2); [2|2] (linja B, 2).",
    ),
)
"""000's chain examples in its order: title, caption, and the description after the caption."""


def test_the_seven_examples_are_the_documents_in_its_order() -> None:
    """000 gives seven chain examples, each titled "Asetettu" after the tile just placed."""
    assert [example.title("fi") for example in CHAIN_EXAMPLES] == [
        title for title, _, _ in DOCUMENT_EXAMPLES
    ]


@pytest.mark.parametrize(
    ("example", "document"),
    list(zip(CHAIN_EXAMPLES, DOCUMENT_EXAMPLES, strict=True)),
    ids=[example.id for example in CHAIN_EXAMPLES],
)
def test_example_is_described_exactly_as_000_prints_it(
    example: ChainExample, document: tuple[str, str, str]
) -> None:
    """000 (Finnish): each example's caption, then "Laatat: … Liitokset: … Lailliset
    jatkokohdat: …" word for word, from the chain built by legal play."""
    _, caption, description = document
    assert example.caption("fi") == caption
    assert describe(example.chain, "fi") == description
    assert Chain.parse(description.split(". ")[0].removeprefix("Laatat: ")) == example.chain


def test_play_returns_a_new_chain_and_keeps_the_old() -> None:
    """``play`` leaves the chain a caller holds as it was."""
    opened = Chain.parse("[1|4]")
    longer = opened.play(Tile(1, 1))
    assert opened.tiles == (Tile(1, 4),)
    assert longer.tiles == (Tile(1, 4), Tile(1, 1))
    assert Chain().tiles == ()
    assert Chain().open_ends == ()
    assert Chain().numbers is None


def test_the_line_reads_left_to_right() -> None:
    """A tile joining the left end lies first in ``line``; ``str`` shows each as it lies."""
    chain = Chain.parse("[1|4], [1|1], [4|4], [3|4]")
    assert str(chain) == "[1|1] [1|4] [4|4] [4|3]"
    assert chain.numbers == (1, 3)
    assert [piece.tile for piece in chain.line] == [Tile(1, 1), Tile(1, 4), Tile(4, 4), Tile(3, 4)]
    assert str(Chain()) == "(empty)"


def test_joins_are_listed_in_the_order_made() -> None:
    """Each join names the chain tile and side, then the new tile and the side it touches."""
    chain = Chain.parse("[3|6], [6|6], [2|3], [2|2]")
    assert [(str(j.chain_tile), j.chain_side, str(j.tile), j.side) for j in chain.joins] == [
        ("[3|6]", Side.HIGHER_END, "[6|6]", Side.LINE_A),
        ("[3|6]", Side.LOWER_END, "[2|3]", Side.HIGHER_END),
        ("[2|3]", Side.LOWER_END, "[2|2]", Side.LINE_A),
    ]


def test_an_end_is_chosen_where_a_tile_fits_both() -> None:
    """With both ends showing a number of the tile, ``end`` says where it goes."""
    chain = Chain.parse("[2|2]")
    line_a, line_b = chain.open_ends
    assert chain.ends_for(Tile(2, 5)) == (line_a, line_b)
    left = chain.play(Tile(2, 5), line_a)
    right = chain.play(Tile(2, 5), line_b)
    assert left.open_ends == (
        OpenEnd(Tile(2, 2), Side.LINE_B, 2),
        OpenEnd(Tile(2, 5), Side.HIGHER_END, 5),
    )
    assert right.open_ends == (
        OpenEnd(Tile(2, 2), Side.LINE_A, 2),
        OpenEnd(Tile(2, 5), Side.HIGHER_END, 5),
    )
    assert chain.end(Tile(2, 2), Side.LINE_B) == line_b


def test_fits_and_ends_for_agree() -> None:
    """A tile fits when it opens the chain or shows an end's number, and is not yet in it."""
    chain = Chain.parse("[1|4], [1|1]")
    assert Chain().fits(Tile(0, 0))
    assert chain.fits(Tile(4, 6))
    assert chain.ends_for(Tile(4, 6)) == (OpenEnd(Tile(1, 4), Side.HIGHER_END, 4),)
    assert not chain.fits(Tile(2, 3))
    assert chain.ends_for(Tile(2, 3)) == ()
    assert not chain.fits(Tile(1, 1))
    assert chain.ends_for(Tile(1, 1)) == ()
    assert Tile(1, 1) in chain
    assert list(chain) == [Tile(1, 4), Tile(1, 1)]
    assert len(chain) == 2


@st.composite
def built_chains(draw: st.DrawFn) -> Chain:
    """A chain of legal placements, each tile and end chosen at random."""
    order = draw(st.permutations(DOUBLE_SIX))
    chain = Chain().play(order[0])
    for tile in order[1:]:
        ends = chain.ends_for(tile)
        if ends:
            chain = chain.play(tile, draw(st.sampled_from(ends)))
    return chain


@given(built_chains())
def test_a_built_chain_is_one_line_with_matching_neighbours(chain: Chain) -> None:
    """Neighbours in the line touch with equal numbers; every join matched; two ends stay."""
    for left, right in itertools.pairwise(chain.line):
        assert left.right == right.left
    assert sorted(chain.tiles) == sorted(piece.tile for piece in chain.line)
    assert len(set(chain.tiles)) == len(chain.tiles)
    assert len(chain.joins) == len(chain.tiles) - 1
    assert len(chain.open_ends) == 2
    assert {end.pips for end in chain.open_ends} == set(chain.numbers or ())
