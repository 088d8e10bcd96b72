"""Notes under the tiles of the hand to move (the coach's shares written on the table):
the right words under the right tiles, the best move told by more than colour, the
text alternative reading them in every language, and equal input giving equal bytes."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from test_svg import NS, check_document, classes, desc_of, find_class, parse

from blockdomino import LANGS, Round, Rules, Tile, svg
from blockdomino.analysis.players import heaviest_tile, step
from blockdomino.svg.canvas import GLYPH_WIDTH, NOTE_SIZE
from blockdomino.words.i18n import translate
from blockdomino.words.text import tile_in_words, tiles_in_words

SNAPSHOT = Path(__file__).parents[1] / "snapshots" / "table-match-2.fi.svg"
NOTES = {Tile(0, 6): "41 %", Tile(2, 5): "5: 62 %\n6: 48 %", Tile(5, 5): "30 %"}
BEST = {Tile(2, 5)}


def position() -> Round:
    """000, two players: the heaviest tiles played twice; Player 2 is to move with
    [0|6] [1|6] [2|2] [2|5] [4|4] [5|5] against the ends 6 and 5."""
    played = Round.deal(Rules.preset("match", 2), 3)
    rng = random.Random(0)
    for _ in range(2):
        played = step(played, heaviest_tile, rng)
    return played


def mover_hand(root: ET.Element, round_: Round) -> ET.Element:
    return find_class(root, "hand")[round_.turn]


def written(hand: ET.Element) -> dict[str, list[str]]:
    """The note lines under each tile of a hand, by tile."""
    return {
        str(group.get("data-tile")): [text.text or "" for text in group if "note" in classes(text)]
        for group in hand
        if "tile" in classes(group)
    }


def face_top(group: ET.Element) -> float:
    face = group.find("svg:rect", NS)
    assert face is not None
    return float(face.get("y", ""))


def test_notes_are_written_under_exactly_their_tiles() -> None:
    """Each named tile of the hand to move carries its note, line by line, centred under
    the tile; no other tile, and no other seat's hand, carries one."""
    round_ = position()
    root = check_document(svg.table(round_, lang="en", notes=NOTES, best=BEST))
    notes = written(mover_hand(root, round_))
    assert notes == {
        "[0|6]": ["41 %"],
        "[1|6]": [],
        "[2|2]": [],
        "[2|5]": ["★ 5: 62 %", "6: 48 %"],
        "[4|4]": [],
        "[5|5]": ["30 %"],
    }
    assert len(find_class(root, "note")) == 4
    for group in mover_hand(root, round_):
        face = group.find("svg:rect", NS)
        for text in (t for t in group if "note" in classes(t)):
            assert face is not None
            centre = float(face.get("x", "")) + float(face.get("width", "")) / 2
            assert float(text.get("x", "")) == pytest.approx(centre, abs=0.1)
            assert float(text.get("y", "")) > float(face.get("y", "")) + float(
                face.get("height", "")
            )


def test_the_best_move_is_starred_and_outlined_heavier_not_only_coloured() -> None:
    """The best tile's first note line starts with ★ and is bold (``note-best``); the
    tile itself gets the class ``best``, outlined heavier than a playable tile. No other
    tile is starred."""
    round_ = position()
    root = parse(svg.table(round_, lang="fi", notes=NOTES, best=BEST))
    best = find_class(root, "best")
    assert [group.get("data-tile") for group in best] == ["[2|5]"]
    starred = [t for t in find_class(root, "note") if (t.text or "").startswith("★")]
    assert [classes(t) for t in starred] == [{"note", "note-best"}]
    assert len(find_class(root, "note-best")) == 1
    style = root.find("svg:style", NS)
    assert style is not None
    assert style.text is not None
    assert ".best>.face{stroke:#ffd54f;stroke-width:6}" in style.text
    assert ".playable>.face{stroke:#ffd54f;stroke-width:4}" in style.text
    assert ".note-best{fill:#ffd54f;font-weight:bold}" in style.text


@pytest.mark.parametrize("lang", LANGS)
def test_the_text_alternative_reads_the_notes_after_the_hand_to_move(lang: str) -> None:
    """The desc names each noted tile with its note, in the hand's order, right after
    the sentence on that hand, then which tiles ★ marks (one, or several on a tie)."""
    round_ = position()
    desc = desc_of(parse(svg.table(round_, lang=lang, notes=NOTES, best=BEST)))
    said = {tile: tile_in_words(tile, lang) for tile in (Tile(0, 6), Tile(2, 5), Tile(5, 5))}
    worded = (
        f"{said[Tile(0, 6)]} 41 %; {said[Tile(2, 5)]} 5: 62 %, 6: 48 %; {said[Tile(5, 5)]} 30 %"
    )
    notes = translate("svg.desc.notes", lang, notes=worded)
    best = translate("svg.desc.best_one", lang, tiles=said[Tile(2, 5)])
    assert f"{notes} {best}" in desc
    hand = translate(
        "svg.desc.seat_tiles",
        lang,
        player=translate("term.player", lang, number=2),
        tiles=tiles_in_words(round_.hands[1], lang),
    )
    assert f"{hand} {notes}" in desc
    tie = svg.table(round_, lang=lang, notes=NOTES, best={Tile(5, 5), Tile(0, 6)})
    both = tiles_in_words([Tile(0, 6), Tile(5, 5)], lang)
    assert translate("svg.desc.best_other", lang, tiles=both) in desc_of(parse(tie))
    assert "★" not in desc_of(parse(svg.table(round_, lang=lang, notes={Tile(0, 6): "41 %"})))


def test_notes_give_the_same_bytes_for_the_same_input() -> None:
    """Equal notes give equal bytes, in whatever order the mapping holds them; other
    notes give another diagram, with other ids."""
    round_ = position()
    image = svg.table(round_, lang="sv", notes=NOTES, best=BEST)
    reordered = dict(reversed(list(NOTES.items())))
    assert svg.table(round_, lang="sv", notes=reordered, best=frozenset(BEST)) == image
    other = svg.table(round_, lang="sv", notes={**NOTES, Tile(0, 6): "40 %"}, best=BEST)
    assert other != image
    assert parse(other).get("id") != parse(image).get("id")


def test_without_notes_the_table_is_drawn_as_before() -> None:
    """No notes (``None`` or empty): the bytes of the table drawn before notes existed."""
    round_ = position()
    before = SNAPSHOT.read_text(encoding="utf-8")
    assert svg.table(round_, lang="fi") + "\n" == before
    assert svg.table(round_, lang="fi", notes={}, best=()) + "\n" == before
    assert svg.table(round_, lang="fi", notes=None, best=None) + "\n" == before


def test_notes_keep_clear_of_each_other_and_of_the_next_row() -> None:
    """On a narrow table the noted hand wraps: neighbouring notes do not overlap, every
    note lies above the tiles of the row beneath, and inside the drawing."""
    round_ = position()
    root = parse(svg.table(round_, lang="en", notes=NOTES, best=BEST, width=320))
    groups = [group for group in mover_hand(root, round_) if "tile" in classes(group)]
    tops = [face_top(group) for group in groups]
    assert len(set(tops)) > 1, "the hand should wrap into two rows"
    lines = [
        (top, float(t.get("x", "")), float(t.get("y", "")), len(t.text or ""))
        for group, top in zip(groups, tops, strict=True)
        for t in group
        if "note" in classes(t)
    ]
    height = float(root.get("height", ""))
    for top, x, y, length in lines:
        assert y < height
        assert all(other_top > y for other_top in tops if other_top > top)
        for _, other_x, other_y, other_length in lines:
            if other_y == y and other_x != x:
                half_widths = (length + other_length) / 2 * GLYPH_WIDTH * NOTE_SIZE
                assert abs(other_x - x) >= half_widths


def test_notes_are_refused_where_they_cannot_be_written() -> None:
    """Notes only under tiles of the face-up hand to move; a best tile needs a note."""
    round_ = position()
    with pytest.raises(ValueError, match=r"\[6\|6\]"):
        svg.table(round_, notes={Tile(6, 6): "50 %"})
    with pytest.raises(ValueError, match=r"\[1\|6\]"):
        svg.table(round_, notes=NOTES, best={Tile(1, 6)})
    with pytest.raises(ValueError, match="face-up"):
        svg.table(round_, notes=NOTES, reveal=False)


def test_the_notes_colours_override_their_stylesheet_rules() -> None:
    """``note`` and ``note-best`` are colour keys like the others."""
    round_ = position()
    image = svg.table(
        round_, notes=NOTES, best=BEST, colors={"note": "#000001", "note-best": "#000002"}
    )
    style = parse(image).find("svg:style", NS)
    assert style is not None
    assert style.text is not None
    assert ".note{fill:#000001;" in style.text
    assert ".note-best{fill:#000002;" in style.text
    assert ".best>.face{stroke:#000002;" in style.text
