"""The replay page of a long match: the same pictures as the diagrams drawn alone, each
tile face held once, a size that grows by a small, steady amount per step, the same
bytes for the same record."""

from __future__ import annotations

import base64
import gzip
import json
import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest

from blockdomino import Match, Rules, svg
from blockdomino.analysis.players import play_match
from blockdomino.play import walkthrough
from blockdomino.publish import replay_page

PAGE_BAR = 5_000_000
"""The most a 200-round match's page may weigh, bytes."""
STEPS_OF_200_ROUNDS = 2_600
"""About how many steps a 200-round two-player match has (12.5 a round)."""


@cache
def _match(target: int) -> Match:
    """A two-player match played out by computer players to ``target`` points."""
    return play_match(Match.start(Rules.preset("match", 2, target=target), 7), seed=7)


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _pen_points(d: str) -> list[tuple[float, float]]:
    """Where a path's pen is put down (``M``/``m``): the divider's corner and the leftmost
    point of every pip; the ``h``/``v`` sides and the arcs come back where they began."""
    pen, points = (0.0, 0.0), []
    for command, numbers in re.findall(r"([Mmhvaz])([^Mmhvaz]*)", d):
        values = [float(value) for value in re.findall(r"-?[\d.]+", numbers)]
        if command == "M":
            pen = (values[0], values[1])
        elif command == "m":
            pen = (pen[0] + values[0], pen[1] + values[1])
        else:
            continue
        points.append(pen)
    return points


def _near(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Points to the nearest 0.5 px: inline and shared faces round at different places."""
    return sorted((round(x * 2) / 2, round(y * 2) / 2) for x, y in points)


@cache
def _symbols() -> dict[str, ET.Element]:
    sheet = ET.fromstring(svg.shared_sheet())
    return {
        symbol.get("id", ""): symbol for symbol in sheet.iter() if _local(symbol.tag) == "symbol"
    }


def _face(group: ET.Element) -> tuple[object, ...]:
    """A tile's face where it lies: its outline and its pips, inline or a shared symbol."""
    for child in group:
        name = _local(child.tag)
        if name == "rect":
            x, y = float(child.get("x", 0)), float(child.get("y", 0))
            outline = (x, y, child.get("width"), child.get("height"), child.get("rx"))
            path = next((c for c in group if _local(c.tag) == "path"), None)
            pips = [] if path is None else _pen_points(path.get("d", ""))
            return outline, _near(pips)
        if name == "use":
            x, y = float(child.get("x", 0)), float(child.get("y", 0))
            symbol = _symbols()[child.get("href", "")[1:]]
            rect = next(c for c in symbol if _local(c.tag) == "rect")
            outline = (x, y, rect.get("width"), rect.get("height"), rect.get("rx"))
            path = next((c for c in symbol if _local(c.tag) == "path"), None)
            pips = [] if path is None else _pen_points(path.get("d", ""))
            return outline, _near([(x + px, y + py) for px, py in pips])
    raise AssertionError("a tile without a face")


def _picture(text: str) -> list[tuple[object, ...]]:
    """What a diagram shows, element by element: every tile's classes, data and face where
    it lies, and every other element as it is (ids and the stylesheet left aside)."""
    root = ET.fromstring(text)
    prefix = root.get("id", "")
    seen: list[tuple[object, ...]] = []

    def walk(element: ET.Element) -> None:
        name = _local(element.tag)
        attributes = {k: v.replace(prefix, "ID") for k, v in element.attrib.items()}
        if name == "style":
            return
        if name == "g" and "tile" in attributes.get("class", "").split():
            seen.append(("tile", sorted(attributes.items()), _face(element)))
            for child in element:
                if _local(child.tag) == "text":
                    seen.append(("tile-text", sorted(child.attrib.items()), child.text))
            return
        seen.append((name, sorted(attributes.items()), element.text))
        for child in element:
            walk(child)

    walk(root)
    return seen


def _drawn_figures(page: str) -> list[list[str]]:
    """Every step's diagrams as the page draws them: inline, or unpacked from its pack."""
    packs = json.loads(re.search(r'id="bd-packs">(.*?)</script>', page, re.S)[1])
    unpacked = [json.loads(gzip.decompress(base64.b64decode(pack))) for pack in packs]
    figures = []
    for frame in re.findall(r'<div class="bd-frame".*?(?=<div class="bd-frame"|</main>)', page):
        where = re.search(r'data-pack="(\d+)" data-at="(\d+)"', frame)
        drawn = frame if where is None else unpacked[int(where[1])][int(where[2])]
        figures.append(re.findall(r'<div class="bd-figure">(.*?)</div>', drawn))
    return figures


@pytest.mark.parametrize("reveal", [False, True])
def test_every_step_drawn_shows_what_the_diagram_drawn_alone_shows(reveal: bool) -> None:
    match = _match(25)
    shared = walkthrough.frames(match, reveal=reveal, lang="sv", shared_faces=True)
    page = replay_page.page(shared, lang="sv")
    alone = walkthrough.frames(match, reveal=reveal, lang="sv")
    drawn = _drawn_figures(page)
    assert len(drawn) == len(alone) > 2 * replay_page.PACK
    steps = [0, 1, 2, len(alone) // 2, replay_page.PACK + 3, len(alone) - 1]
    for step in steps:
        assert len(drawn[step]) == len(alone[step].figures) >= 1
        for page_figure, figure in zip(drawn[step], alone[step].figures, strict=True):
            assert "<use" in page_figure
            assert "<use" not in figure
            assert _picture(page_figure) == _picture(figure), step


def test_the_comparison_sees_a_tile_moved_or_marked_otherwise() -> None:
    figure = walkthrough.frames(3, reveal=True, shared_faces=True)[2].figures[1]
    picture = _picture(figure)
    moved = re.sub(r'(<use class="face" href="#[^"]+" x=")(\d+)', r"\g<1>9\2", figure, count=1)
    assert _picture(moved) != picture
    unmarked = figure.replace('class="tile playable"', 'class="tile dimmed"', 1)
    assert unmarked != figure
    assert _picture(unmarked) != picture
    other_face = re.sub(r'href="#bd-face-(\d)(\d)', r'href="#bd-face-\2\1', figure, count=1)
    assert _picture(other_face) != picture


def test_each_face_and_the_styles_are_held_once_and_steps_refer_to_them() -> None:
    page = replay_page.page(walkthrough.frames(_match(10), shared_faces=True), lang="fi")
    faces = re.findall(r'<symbol id="(bd-face-[^"]+)"', page)
    assert len(faces) == len(set(faces)) == 2 * (7 * 7 + 1)
    assert page.count("<style") == 2  # the page's own and the diagrams', both once
    inline = page.partition("<main>")[2].partition("</main>")[0]
    assert 'class="pip"' not in inline
    assert "<style" not in inline
    assert re.findall(r'<use class="face" href="#(bd-face-[^"]+)"', inline)


def _page_size(target: int) -> tuple[int, int]:
    frames = walkthrough.frames(_match(target), lang="fi", shared_faces=True)
    return len(frames), len(replay_page.page(frames, lang="fi").encode("utf-8"))


def test_the_page_grows_by_a_small_steady_amount_per_step() -> None:
    """A longer match adds about as much per step as a shorter one, and at that rate a
    200-round match stays well under 5 MB."""
    small_steps, small = _page_size(60)
    large_steps, large = _page_size(240)
    per_step = (large - small) / (large_steps - small_steps)
    assert large_steps > 3 * small_steps
    assert per_step < small / small_steps
    assert small + per_step * (STEPS_OF_200_ROUNDS - small_steps) < PAGE_BAR / 2


def test_the_same_record_gives_the_same_bytes() -> None:
    def page() -> str:
        frames = walkthrough.frames(_match(25), reveal=True, lang="en", shared_faces=True)
        return replay_page.page(frames, lang="en", large=True)

    assert page() == page()
