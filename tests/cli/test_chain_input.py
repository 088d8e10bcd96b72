"""Any chain from the command line: tiles with the end a tile joins where it fits both,
and a chain description in any of the three languages, read back into its chain."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blockdomino import DOUBLE_SIX, LANGS, Chain, Tile, describe, svg
from blockdomino.cli import main
from blockdomino.words.examples import CHAIN_EXAMPLES, ChainExample

WORKED = [(example, lang) for example in CHAIN_EXAMPLES for lang in LANGS]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("example", "lang"), WORKED, ids=[f"{example.id}-{lang}" for example, lang in WORKED]
)
def test_every_worked_example_round_trips_through_its_description(
    example: ChainExample, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """000, the worked chain examples: describe → render from the description → the same
    diagram; the description read in one language is described alike in the others."""
    text = describe(example.chain, lang)
    status, out, _ = _run(capsys, "render", text, "--lang", lang)
    assert status == 0
    assert out == svg.chain(example.chain, lang=lang) + "\n"
    for other in LANGS:
        status, out, _ = _run(capsys, "describe", text, "--lang", other)
        assert (status, out) == (0, describe(example.chain, other) + "\n")


def test_the_two_ends_of_a_tile_that_fits_both_are_told_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """000: a tile that fits both ends may join either; [2|5] continues from either 2 end
    of the opening [2|2], line A or line B, and the command line says which."""
    _, start, _ = _run(capsys, "describe", "[2|2] [2|5]<")
    _, grows, _ = _run(capsys, "describe", "[2|2] [2|5]>")
    assert "[2|2] (line A) – [2|5] (lower end)" in start
    assert "[2|2] (line B) – [2|5] (lower end)" in grows
    status, out, _ = _run(capsys, "describe", start.strip(), "--lang", "sv")
    assert status == 0
    assert "[2|2] (linje A) – [2|5] (lägre ände)" in out


@st.composite
def chains(draw: st.DrawFn) -> Chain:
    """A chain placed by legal play, each tile at an end drawn when it fits both."""
    order = draw(st.permutations(DOUBLE_SIX))
    chain = Chain()
    for tile in order[: draw(st.integers(1, 28))]:
        ends = chain.ends_for(tile)
        if chain.tiles and not ends:
            continue
        chain = chain.play(tile, draw(st.sampled_from(ends)) if len(ends) > 1 else None)
    return chain


@settings(max_examples=150, deadline=None)
@given(chain=chains(), lang=st.sampled_from(LANGS))
def test_any_chain_is_written_and_read_back(chain: Chain, lang: str) -> None:
    """000: every chain placed by legal play is expressible from the command line, as
    tiles with end marks and as its description, and read back as the same chain."""
    assert Chain.parse(chain.notation) == chain
    status = main(["describe", describe(chain, lang), "--lang", lang])
    assert status == 0


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("[1|1]<", "Ketju on vielä tyhjä"),
        ("[2|2] [3|5]>", "[3|5] ei sovi"),
        ("[2|2] [2|5]", "kumpaankin päähän"),
        ("> [1|1]", "ei ole laatta"),
        (
            "Tiles: [2|2], [2|5]. Joins: [2|2] (line B) – [2|5] (lower end). "
            "Legal continuations: none.",
            "Tämä kuvaus ei kuvaa",
        ),
        (
            "Tiles: [1|1]. Joins: none. Legal continuations: [1|1] (line A, 1); "
            "[1|1] (line B, 1). Brickor: [2|2]. Anslutningar: inga. Tillåtna "
            "fortsättningar: [2|2] (linje A, 2); [2|2] (linje B, 2).",
            "Tekstissä on 2 ketjun kuvausta",
        ),
    ],
)
def test_a_chain_that_cannot_be_placed_is_refused(
    source: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """000: a tile joins an open end showing its number; before the opening there is no
    end to join; a description must state a chain placed by legal play."""
    for command in ("render", "describe"):
        status, out, err = _run(capsys, command, source, "--lang", "fi")
        assert (status, out) == (2, "")
        assert message in err


def test_a_mark_names_the_end_even_where_one_would_do() -> None:
    """000: a tile joins the end it names; a mark on a tile that fits only there is kept."""
    assert Chain.parse("[1|4] [4|6]>") == Chain.parse("[1|4] [4|6]")
    assert Chain.parse("[1|4] [4|4]> [1|1]<").tiles == (Tile(1, 4), Tile(4, 4), Tile(1, 1))
