"""Chain diagrams: snapshots of the worked examples, structure, highlighting, determinism
(random legal chains in ``test_chain_layout``)."""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from blockdomino import Chain, Tile, describe, svg
from blockdomino.cli import main
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.engine.tiles import parse_tiles
from blockdomino.words.examples import CHAIN_EXAMPLES, ChainExample, chain_example
from blockdomino.words.i18n import LANGS, LanguageError, catalog

SNAPSHOTS = Path(__file__).parents[1] / "snapshots"
UPDATE = os.environ.get("BLOCKDOMINO_UPDATE_SNAPSHOTS") == "1"
NS = {"svg": "http://www.w3.org/2000/svg"}
PACKAGE = Path(svg.__file__).parent
SOURCES = [*sorted(PACKAGE.glob("*.py")), *sorted(PACKAGE.with_name("cli").glob("*.py"))]

FULL_LINE = (
    "[0|0] [0|1] [1|1] [1|2] [2|0] [0|3] [3|1] [1|4] [4|0] [0|5] [5|1] [1|6] [6|2] [2|2]"
    " [2|3] [3|3] [3|4] [4|2] [2|5] [5|3] [3|6] [6|4] [4|4] [4|5] [5|5] [5|6] [6|6] [6|0]"
)
"""All 28 tiles in one line, left to right (an Euler circuit of the double-six set)."""


def line_chain(text: str) -> Chain:
    """The chain of these tiles laid left to right, each at the right end."""
    chain = Chain()
    for tile in parse_tiles(text):
        if chain.line:
            last = chain.line[-1]
            chain = chain.play(tile, chain.end(last.tile, last.right_side))
        else:
            chain = chain.play(tile)
    return chain


def parse(image: str) -> ET.Element:
    return ET.fromstring(image)


def classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def find_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [element for element in root.iter() if name in classes(element)]


def chain_tiles(root: ET.Element) -> list[ET.Element]:
    chain_group = find_class(root, "chain")[0]
    return [element for element in chain_group.iter() if "tile" in classes(element)]


def check_document(image: str) -> ET.Element:
    """Every diagram: XML with a viewBox, role img, a title and desc the label points at."""
    root = parse(image)
    assert re.fullmatch(r"0 0 [\d.]+ [\d.]+", root.get("viewBox", ""))
    assert root.get("role") == "img"
    title = root.find("svg:title", NS)
    desc = root.find("svg:desc", NS)
    assert title is not None
    assert title.text
    assert desc is not None
    assert desc.text
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    return root


def desc_of(root: ET.Element) -> str:
    desc = root.find("svg:desc", NS)
    assert desc is not None
    assert desc.text is not None
    return desc.text


# -- the seven worked examples -----------------------------------------------------

EXPECTED = {
    # id: (tiles, doubles, {end: (side, pips)})
    "placed-1-4": (1, [], {"left": ("lower_end", 1), "right": ("higher_end", 4)}),
    "placed-1-1": (2, ["[1|1]"], {"left": ("line_b", 1), "right": ("higher_end", 4)}),
    "placed-6-6": (2, ["[6|6]"], {"left": ("lower_end", 3), "right": ("line_b", 6)}),
    "placed-0-0": (1, ["[0|0]"], {"left": ("line_a", 0), "right": ("line_b", 0)}),
    "placed-4-4": (3, ["[1|1]", "[4|4]"], {"left": ("line_b", 1), "right": ("line_b", 4)}),
    "placed-3-4": (4, ["[1|1]", "[4|4]"], {"left": ("line_b", 1), "right": ("lower_end", 3)}),
    "placed-2-2": (1, ["[2|2]"], {"left": ("line_a", 2), "right": ("line_b", 2)}),
}


@pytest.mark.parametrize("example", CHAIN_EXAMPLES, ids=lambda example: example.id)
def test_example_matches_snapshot(example: ChainExample) -> None:
    image = svg.example(example, lang="fi")
    path = SNAPSHOTS / f"{example.id}.fi.svg"
    if UPDATE:
        path.write_text(image + "\n", encoding="utf-8")
    assert path.read_text(encoding="utf-8") == image + "\n", (
        "diagram changed; rerun with BLOCKDOMINO_UPDATE_SNAPSHOTS=1 and review the SVG"
    )


@pytest.mark.parametrize("example_id", sorted(EXPECTED))
def test_example_structure(example_id: str) -> None:
    """000: "Merkit näyttävät vapaat liitospisteet." — each example's diagram marks its two
    free ends, each with its side and the number it needs, and nothing else."""
    example = chain_example(example_id)
    root = check_document(svg.example(example, lang="fi"))
    count, doubles, ends = EXPECTED[example_id]
    tiles = chain_tiles(root)
    assert len(tiles) == count
    assert [tile.get("data-tile") for tile in tiles if "double" in classes(tile)] == doubles
    markers = {
        marker.get("data-end"): (marker.get("data-side"), int(marker.get("data-pips", "-1")))
        for marker in find_class(root, "marker")
    }
    assert markers == ends
    for marker in find_class(root, "marker"):
        label = "".join(marker.itertext())
        assert label == marker.get("data-pips")
    title = root.find("svg:title", NS)
    assert title is not None
    assert title.text == example.title("fi")
    assert desc_of(root) == describe(example.chain, "fi")


def test_example_desc_holds_the_document_sentence() -> None:
    root = parse(svg.example(chain_example("placed-1-1"), lang="fi"))
    assert desc_of(root) == (
        "Laatat: [1|4], [1|1]. Liitokset: [1|4] (pienempi pää) – [1|1] (linja A). "
        "Lailliset jatkokohdat: [1|1] (linja B, 1); [1|4] (suurempi pää, 4)."
    )


@pytest.mark.parametrize("lang", LANGS)
def test_titles_in_every_language(lang: str) -> None:
    example = chain_example("placed-1-4")
    root = check_document(svg.example(example, lang=lang))
    title = root.find("svg:title", NS)
    assert title is not None
    assert title.text == example.title(lang)
    generic = parse(svg.chain(Chain.parse("[1|4] [1|1] [4|4] [3|4]"), lang=lang))
    generic_title = generic.find("svg:title", NS)
    assert generic_title is not None
    assert generic_title.text is not None
    assert "4" in generic_title.text


# -- determinism ------------------------------------------------------------------


def all_kinds() -> list[str]:
    chain = line_chain(FULL_LINE)
    hand = parse_tiles("[1|2] [3|5] [0|6]")
    round_ = Round.deal(Rules.preset("match", players=4), seed=3)
    held = round_.hands[round_.turn]
    return [
        svg.chain(Chain()),
        svg.chain(chain, lang="sv", width=500),
        svg.chain(chain_example("placed-3-4").chain, hand=hand, selected=hand[0], lang="fi"),
        svg.tile(Tile(6, 6)),
        svg.tile(Tile(2, 3), upright=True, lang="fi"),
        svg.hand(hand, chain=chain_example("placed-6-6").chain, selected=hand[1]),
        svg.hand(hand, face_down=True, lang="sv"),
        svg.table(round_, lang="fi"),
        svg.table(round_, notes=dict.fromkeys(held, "50 %\n6: 25 %"), best=set(held[:2])),
    ]


def test_every_kind_of_diagram_is_a_document() -> None:
    for image in all_kinds():
        check_document(image)


def test_same_input_same_bytes_in_one_process() -> None:
    assert all_kinds() == all_kinds()


def test_same_input_same_bytes_across_processes() -> None:
    script = (
        "import hashlib, sys; sys.path.insert(0, sys.argv[1]); import test_svg; "
        "print(hashlib.sha256('|'.join(test_svg.all_kinds()).encode()).hexdigest())"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    result = subprocess.run(
        [sys.executable, "-c", script, str(Path(__file__).parent)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    here = hashlib.sha256("|".join(all_kinds()).encode()).hexdigest()
    assert result.stdout.strip() == here


def test_numbers_are_rounded() -> None:
    image = svg.chain(line_chain(FULL_LINE), width=777.777)
    assert not re.search(r"\d\.\d{2,}", image)


# -- highlighting --------------------------------------------------------------------


def test_hand_highlights_exactly_the_playable_tiles() -> None:
    chain = chain_example("placed-3-4").chain  # ends 1 and 3
    hand = parse_tiles("[1|2] [3|3] [5|6] [0|4] [1|3]")
    root = check_document(svg.chain(chain, hand=hand, lang="fi"))
    hand_group = find_class(root, "hand")[0]
    drawn = {tile.get("data-tile"): classes(tile) for tile in find_class(hand_group, "tile")}
    assert {name for name, kinds in drawn.items() if "playable" in kinds} == {
        "[1|2]",
        "[3|3]",
        "[1|3]",
    }
    assert {name for name, kinds in drawn.items() if "dimmed" in kinds} == {"[5|6]", "[0|4]"}
    assert desc_of(root).startswith(describe(chain, "fi", spoken=True) + " ")
    assert "yksi–kaksi, kolme–kolme ja yksi–kolme" in desc_of(root)
    assert "[" not in desc_of(root)
    assert len(find_class(hand_group, "label")) == 1 + 3  # the heading and three ✓


def test_hand_without_playable_tile_says_the_player_passes() -> None:
    chain = chain_example("placed-1-4").chain
    root = parse(svg.chain(chain, hand=parse_tiles("[2|3] [5|6]"), lang="en"))
    assert "passes" in desc_of(root)
    assert not find_class(root, "playable")


@pytest.mark.parametrize(
    ("selected", "fitting"),
    [("[1|2]", {"left"}), ("[3|6]", {"right"}), ("[1|3]", {"left", "right"}), ("[5|6]", set())],
)
def test_selected_tile_marks_the_ends_it_fits(selected: str, fitting: set[str]) -> None:
    chain = chain_example("placed-3-4").chain  # left end 1, right end 3
    tile = Tile.parse(selected)
    root = check_document(svg.chain(chain, selected=tile, hand=[tile], lang="sv"))
    markers = find_class(root, "marker")
    assert {m.get("data-end") for m in markers if "marker-fits" in classes(m)} == fitting
    assert {m.get("data-end") for m in markers if "marker-no-fit" in classes(m)} == (
        {"left", "right"} - fitting
    )
    for marker in markers:
        shape = marker[0].tag.split("}")[1]
        assert shape == ("circle" if "marker-fits" in classes(marker) else "rect")
        assert ("✓" in "".join(marker.itertext())) == ("marker-fits" in classes(marker))
    assert len(find_class(root, "selected")) == 1


def test_empty_chain_shows_an_empty_table_with_a_hint() -> None:
    root = check_document(svg.chain(Chain(), hand=parse_tiles("[1|2]"), lang="fi"))
    assert not find_class(root, "marker")
    assert "Pöytä on tyhjä" in "".join(find_class(root, "hint")[0].itertext())
    assert len(find_class(root, "playable")) == 1


def test_colors_override_the_stylesheet() -> None:
    image = svg.tile(Tile(1, 4), colors={"pip": "#ff0000", "table": "#000000"})
    style = parse(image).find("svg:style", NS)
    assert style is not None
    assert style.text is not None
    assert ".pip{fill:#ff0000}" in style.text
    assert ".table{fill:#000000}" in style.text
    with pytest.raises(ValueError, match="felt"):
        svg.tile(Tile(1, 4), colors={"felt": "#000"})


def test_every_colour_key_is_a_class_in_some_diagram() -> None:
    images = all_kinds()
    images.append(svg.chain(chain_example("placed-3-4").chain, selected=Tile(1, 2), hand=[]))
    used = set().union(*(classes(element) for image in images for element in parse(image).iter()))
    assert set(svg.COLORS) <= used


def test_unknown_language_is_refused_with_the_known_ones() -> None:
    with pytest.raises(LanguageError, match="fi, sv, en"):
        svg.chain(Chain(), lang="de")


def test_face_down_hand_shows_no_numbers() -> None:
    image = svg.hand(parse_tiles("[1|2] [3|4]"), face_down=True, lang="fi")
    root = check_document(image)
    assert len(find_class(root, "back")) == 2
    assert "[1|2]" not in image


# -- Jupyter display and a whole round -----------------------------------------------


def test_tiles_and_chains_display_themselves() -> None:
    image = Tile(3, 5)._repr_svg_()
    assert isinstance(image, svg.SvgImage)
    assert image._repr_svg_() is image
    assert image._repr_html_() == str(image)
    shown = chain_example("placed-4-4").chain._repr_svg_()
    assert isinstance(shown, svg.SvgImage)
    assert len(chain_tiles(parse(shown))) == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_shows_every_seat(players: int) -> None:
    position = Round.deal(Rules.preset("match", players=players), seed=players)
    for _ in range(5):
        moves = position.legal_moves()
        position = position.play(moves[0]) if moves else position.pass_turn()
    image = position._repr_svg_()
    assert isinstance(image, svg.SvgImage)
    root = check_document(image)
    hands = find_class(root, "hand")
    assert len(hands) == players
    backs = sum(len(find_class(hand, "back")) for hand in hands)
    hidden = sum(len(held) for seat, held in enumerate(position.hands) if seat != position.turn)
    assert backs == hidden
    assert desc_of(root).startswith(describe(position.chain, "en", spoken=True))
    assert "[" not in desc_of(root)
    assert len(chain_tiles(root)) == len(position.chain)
    shown = check_document(svg.table(position, reveal=True, lang="sv"))
    assert not find_class(shown, "back")


# -- catalogs -------------------------------------------------------------------------


def used_keys() -> set[str]:
    pattern = re.compile(r"\"(svg\.[a-z_.]+)\"")
    return {key for source in SOURCES for key in pattern.findall(source.read_text())}


def test_every_key_exists_in_every_language_with_the_same_placeholders() -> None:
    keys = used_keys()
    assert len(keys) > 20
    field = re.compile(r"\{(\w+)\}")
    for key in sorted(keys):
        placeholders = {lang: set(field.findall(catalog(lang)[key])) for lang in LANGS}
        assert placeholders["fi"] == placeholders["sv"] == placeholders["en"], key
    for lang in LANGS:
        own = {key for key in catalog(lang) if key.startswith("svg.")}
        assert own == keys, f"unused or missing svg keys in {lang}"


# -- command line ---------------------------------------------------------------------


def test_cli_renders_an_example(tmp_path: Path) -> None:
    out = tmp_path / "out.svg"
    assert main(["render", "placed-1-1", "--lang", "fi", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text == svg.example(chain_example("placed-1-1"), lang="fi") + "\n"


def test_cli_renders_a_tile_sequence(tmp_path: Path) -> None:
    out = tmp_path / "out.svg"
    assert main(["render", "[1|4] [1|1]", "--lang", "sv", "-o", str(out)]) == 0
    root = check_document(out.read_text(encoding="utf-8"))
    assert len(chain_tiles(root)) == 2


def test_cli_describes_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", "placed-3-4", "--lang", "fi"]) == 0
    assert capsys.readouterr().out == (
        "Laatat: [1|4], [1|1], [4|4], [3|4]. Liitokset: [1|4] (pienempi pää) – [1|1] "
        "(linja A); [1|4] (suurempi pää) – [4|4] (linja A); [4|4] (linja B) – [3|4] "
        "(suurempi pää). Lailliset jatkokohdat: [1|1] (linja B, 1); [3|4] (pienempi pää, 3).\n"
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["render", "placed-9-9"], "placed-1-4"),
        (["describe", "nothing", "--lang", "fi"], "Esimerkkiä ”nothing” ei ole"),
        (["render", "[1|4] [7|7]"], "is not a tile"),
        (["describe", "[1|4] [2|3]"], "does not fit"),
    ],
)
def test_cli_refuses_bad_input(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert not captured.out
