"""Chain diagrams of random legal chains: laid out with no tile over another and every
joined half against its neighbour, drawn inside the picture with a marker at each open
end; all 28 tiles in one line fit a notebook cell. The helpers that read a diagram are
``test_svg``'s.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_svg import FULL_LINE, NS, chain_tiles, check_document, desc_of, find_class, line_chain

from blockdomino import DOUBLE_SIX, Chain, describe, svg
from blockdomino.svg.layout import GAP, ChainLayout, Rect, layout
from blockdomino.words.i18n import LANGS


@st.composite
def legal_chains(draw: st.DrawFn) -> Chain:
    """A chain built by random legal plays from the double-six set."""
    order = draw(st.permutations(DOUBLE_SIX))
    chain = Chain()
    for tile in order[: draw(st.integers(0, 28))]:
        if not chain.tiles:
            chain = chain.play(tile)
            continue
        ends = chain.ends_for(tile)
        if ends:
            chain = chain.play(tile, ends[draw(st.integers(0, len(ends) - 1))])
    return chain


def touching(a: Rect, b: Rect) -> bool:
    """Two squares side by side, ``GAP`` apart, edge against edge (a crosswise double's
    half meets the joined tile's half part way along its long side)."""
    apart_x = min(abs(a.right - b.x), abs(b.right - a.x)) == GAP
    apart_y = min(abs(a.bottom - b.y), abs(b.bottom - a.y)) == GAP
    along_x = min(a.right, b.right) - max(a.x, b.x) > 0
    along_y = min(a.bottom, b.bottom) - max(a.y, b.y) > 0
    return (apart_x and along_y) or (apart_y and along_x)


def check_layout(chain: Chain, placed: ChainLayout) -> None:
    rects = [tile.rect for tile in placed.tiles] + [marker.rect for marker in placed.markers]
    table = Rect(0, 0, placed.width, placed.height)
    for index, rect in enumerate(rects):
        assert rect.inside(table)
        assert not any(rect.overlaps(other) for other in rects[index + 1 :])
    for before, after in zip(placed.tiles, placed.tiles[1:], strict=False):
        assert any(
            touching(a.rect, b.rect)
            for a in before.halves
            if a.pips == before.piece.right
            for b in after.halves
            if b.pips == after.piece.left
        ), "joined halves must touch, showing the same number"
    assert {marker.end for marker in placed.markers} == set(chain.open_ends)


@settings(max_examples=150, deadline=None)
@given(legal_chains(), st.sampled_from([320, 450, 640, 800, 1200]))
def test_random_chains_lay_out_without_overlap(chain: Chain, width: int) -> None:
    placed = layout(chain, width=width)
    assert len(placed.tiles) == len(chain)
    assert placed.width <= width
    check_layout(chain, placed)


@settings(max_examples=40, deadline=None)
@given(legal_chains(), st.sampled_from(LANGS))
def test_random_chains_render(chain: Chain, lang: str) -> None:
    root = check_document(svg.chain(chain, lang=lang))
    assert desc_of(root) == describe(chain, lang, spoken=True)
    assert "[" not in desc_of(root)
    assert len(chain_tiles(root)) == len(chain)
    markers = {
        (marker.get("data-side"), int(marker.get("data-pips", "-1")))
        for marker in find_class(root, "marker")
    }
    assert markers == {(end.side.value, end.pips) for end in chain.open_ends}
    _, _, width, height = (float(part) for part in root.get("viewBox", "").split())
    for tile in chain_tiles(root):
        face = tile.find("svg:rect", NS)
        assert face is not None
        x, y = float(face.get("x", "0")), float(face.get("y", "0"))
        w, h = float(face.get("width", "0")), float(face.get("height", "0"))
        assert x >= 0
        assert x + w <= width
        assert y >= 0
        assert y + h <= height


def test_full_chain_fits_a_notebook_cell() -> None:
    chain = line_chain(FULL_LINE)
    placed = layout(chain, width=800)
    check_layout(chain, placed)
    assert placed.width <= 800
    assert placed.height <= 400
    assert sum(tile.crosswise for tile in placed.tiles) == 7
    assert any(tile.vertical and not tile.crosswise for tile in placed.tiles), "corners"
