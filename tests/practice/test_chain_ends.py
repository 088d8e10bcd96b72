"""No chain snake parts an end marker from its end: in every chain a sheet prints (a
column wide, so long chains wrap into rows), each end's marker lies against the open
half of the tile at that end, along the line, shows that end's number, covers no tile,
and no other tile lies as near to it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import NamedTuple

import pytest

from blockdomino.practice import generate
from blockdomino.practice.export import figures
from blockdomino.practice.items import LEVELS
from blockdomino.practice.sheets import TABLE_PX
from blockdomino.practice.topics import TOPICS

SVG = "{http://www.w3.org/2000/svg}"
TOUCH = 4.0
"""A marker's slot is drawn 1 px inside its square, 2 px beyond the tile's end."""


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def gap(self, other: Box) -> float:
        """How far apart the two boxes are (0 when they touch or overlap)."""
        dx = max(other.x - (self.x + self.w), self.x - (other.x + other.w), 0)
        dy = max(other.y - (self.y + self.h), self.y - (other.y + other.h), 0)
        return max(dx, dy)

    def overlaps(self, other: Box) -> bool:
        return (
            self.x < other.x + other.w
            and other.x < self.x + self.w
            and self.y < other.y + other.h
            and other.y < self.y + self.h
        )


def _box(element: ET.Element) -> Box:
    return Box(*(float(element.get(name, "0")) for name in ("x", "y", "width", "height")))


class Drawn(NamedTuple):
    """A tile of the chain as drawn: its face, its numbers left and right, and whether
    it is a double lying across the line."""

    face: Box
    numbers: tuple[int, int]
    crosswise: bool


def _drawn(image: str) -> tuple[list[Drawn], dict[str, tuple[Box, int]]]:
    """The chain's tiles in line order and its markers by end (slot box, number shown)."""
    chain = ET.fromstring(image).find(f"{SVG}g[@class='chain']")
    assert chain is not None
    tiles = []
    markers = {}
    for group in chain:
        classes = group.get("class", "").split()
        if "tile" in classes:
            face = group.find(f"{SVG}rect[@class='face']")
            assert face is not None
            left, right = map(int, group.get("data-faces", "").split())
            tiles.append(Drawn(_box(face), (left, right), "double" in classes))
        else:
            slot = group.find(f"{SVG}rect")
            assert slot is not None
            markers[group.get("data-end", "")] = (_box(slot), int(group.get("data-pips", "")))
    return tiles, markers


def _along(marker: Box, tile: Box, crosswise: bool) -> bool:
    """The marker lies on the tile's line: beyond a lengthwise tile's short side, on
    its axis; beyond a crosswise double's long side, on its middle."""
    lengthwise_horizontal = tile.w > tile.h
    beside_horizontally = abs(marker.cy - tile.cy) < 1 and marker.gap(tile) <= TOUCH
    beside_vertically = abs(marker.cx - tile.cx) < 1 and marker.gap(tile) <= TOUCH
    if crosswise:
        return beside_vertically if lengthwise_horizontal else beside_horizontally
    return beside_horizontally if lengthwise_horizontal else beside_vertically


@pytest.fixture(scope="module")
def chains() -> list[str]:
    """The chain of every item of 25 seeds of each topic and level that has one, drawn
    as a sheet prints it: drawn once, when a test of this module first runs (not as
    the module is collected, by every worker)."""
    images = []
    for topic in TOPICS:
        for level in LEVELS:
            for seed in range(25):
                item = generate(topic, level, seed)
                if item.position.chain.tiles:
                    images.append(figures(item, "en", width=TABLE_PX)[0][1])
    return images


def test_many_chains_wrap_into_rows(chains: list[str]) -> None:
    heights = [float(ET.fromstring(image).get("height", "0")) for image in chains]
    assert len(chains) > 400
    assert sum(height > 200 for height in heights) > 50  # three rows and more


@pytest.mark.parametrize("end", ["left", "right"])
def test_each_end_marker_lies_beside_its_end(chains: list[str], end: str) -> None:
    for image in chains:
        tiles, markers = _drawn(image)
        slot, number = markers[end]
        tile = tiles[0] if end == "left" else tiles[-1]
        assert number == tile.numbers[0 if end == "left" else 1]
        assert _along(slot, tile.face, tile.crosswise)
        assert not any(slot.overlaps(other.face) for other in tiles)
        others = [other.face for other in tiles if other is not tile]
        assert all(slot.gap(other) > TOUCH for other in others)
