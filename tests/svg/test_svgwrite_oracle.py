"""svgwrite stays the reference: the package's writer gives svgwrite's very bytes.

``svg.markup`` writes every diagram, because svgwrite is slower for the same text; here
svgwrite writes them too (``svgwrite_writer``), for more than 500 diagrams drawn from a
seeded generator: every preset at every stage of a round, doubles, long snakes, every
kind of diagram, hostile names, titles and captions, and every colour option. Both
writers must give the same bytes for each.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from svgwrite_writer import svgwrite_writes

from blockdomino import svg
from blockdomino.analysis.players import heaviest_tile, random_move, step
from blockdomino.engine.round import Round
from blockdomino.engine.rules import PRESETS, Rules
from blockdomino.engine.tiles import DOUBLE_SIX
from blockdomino.svg import markup
from blockdomino.svg.awards import award
from blockdomino.svg.bars import Bar, BarGroup, ChartWords, bar_chart
from blockdomino.svg.canvas import COLORS
from blockdomino.words.examples import CHAIN_EXAMPLES
from blockdomino.words.i18n import LANGS

HOSTILE = (
    '<script>alert("x")</script>',
    "Tom & Jerry's <b>",
    'a "quoted" name',
    "tab\there\nnew line\r\nand back",
    "]]> ends a CDATA section",
    "&amp; already escaped &#10;",
    "Åsa Ääkkönen-Öhman",
    "👩‍🏫 opettaja",
    "  spaces\u00a0around  ",
    "",
)
"""Names, titles and captions a writer must escape alike (an empty one is left out)."""
PAINTS = ("#000", "#ff00aa", "red", "rgb(1, 2, 3)", "transparent", "#123456")


@dataclass(frozen=True)
class Case:
    """One diagram to draw: what it is (for the failure message) and how to draw it."""

    label: str
    draw: Callable[[], str]


def _colours(rng: random.Random, index: int) -> dict[str, str]:
    """A few colour keys overridden; key ``index`` always among them, so that a run of
    cases overrides every key."""
    keys = list(COLORS)
    chosen = {keys[index % len(keys)], *rng.sample(keys, rng.randrange(3))}
    return {key: rng.choice(PAINTS) for key in sorted(chosen)}


def _positions(rng: random.Random, preset: str, players: int) -> Iterator[Round]:
    """A dealt round and every position of its play, to its end."""
    strategy = rng.choice((random_move, heaviest_tile))
    position = Round.deal(Rules.preset(preset, players=players), seed=rng.randrange(10**6))
    yield position
    while not position.is_over:
        position = step(position, strategy, rng)
        yield position


def _table_cases(rng: random.Random, start: int) -> Iterator[Case]:
    """Tables of every preset and seat count, early, midway and ended, seen by the seat
    to move, a spectator or a teacher showing all; names, notes and colours drawn."""
    index = start
    for preset in PRESETS:
        for players in (2, 3, 4) if preset != "partnership" else (4,):
            for _ in range(5):
                positions = list(_positions(rng, preset, players))
                for position in rng.sample(positions, min(len(positions), 5)) + positions[-1:]:
                    yield _table_case(rng, position, preset, index)
                    index += 1


def _table_case(rng: random.Random, position: Round, preset: str, index: int) -> Case:
    players = position.rules.players
    names = [rng.choice(HOSTILE) for _ in range(players)] if rng.random() < 0.5 else None
    held = position.hands[position.turn]
    notes = None
    if held and rng.random() < 0.3 and not position.is_over:
        notes = {tile: rng.choice(("50 %", "6: 25 %\n2: 5 %", "<&>")) for tile in held}
    shared = rng.random() < 0.25
    options = {
        "lang": rng.choice(LANGS),
        "viewer": rng.choice(("turn", None, *range(players))),
        "reveal": True if notes else rng.choice((None, True, False, (0,))),
        "width": rng.choice((None, 320.0, 480.5, 900.0)),
        "colors": None if shared else _colours(rng, index),
        "names": names,
        "notes": notes,
        "best": set(rng.sample(list(held), min(2, len(held)))) if notes else None,
        "selected": rng.choice(held) if held and rng.random() < 0.3 else None,
        "shared_faces": shared,
    }
    label = f"table {preset} {players}p, {len(position.chain)} placed, {options}"
    return Case(label, lambda: str(svg.table(position, **options)))


def _chain_cases(rng: random.Random, start: int) -> Iterator[Case]:
    """Chains from real rounds (the draw game's snakes run long), with and without a
    hand, a chosen tile, a title of their own and narrow widths."""
    for index in range(start, start + 120):
        preset = PRESETS[index % len(PRESETS)]
        players = 4 if preset == "partnership" else rng.choice((2, 3, 4))
        position = rng.choice(list(_positions(rng, preset, players)))
        hand = list(position.hands[position.turn]) if rng.random() < 0.6 else None
        options = {
            "hand": hand,
            "selected": rng.choice(hand) if hand and rng.random() < 0.5 else None,
            "lang": rng.choice(LANGS),
            "width": rng.choice((None, 300.0, 640.0)),
            "title": rng.choice((None, *HOSTILE)),
            "colors": _colours(rng, index) if rng.random() < 0.7 else None,
            "shared_faces": rng.random() < 0.2,
        }
        if options["shared_faces"]:
            options["colors"] = None
        label = f"chain of {len(position.chain)} ({preset}), {options}"
        yield Case(label, lambda chain=position.chain, o=options: str(svg.chain(chain, **o)))


def _small_cases(rng: random.Random, start: int) -> Iterator[Case]:
    """Every tile lying and upright (the doubles among them), hands face up and down,
    and the worked examples in every language."""
    for index, tile in enumerate(DOUBLE_SIX, start):
        lang, upright = rng.choice(LANGS), rng.random() < 0.5
        colours = _colours(rng, index)
        yield Case(
            f"tile {tile} upright={upright}",
            lambda t=tile, u=upright, c=colours, la=lang: str(
                svg.tile(t, lang=la, upright=u, colors=c)
            ),
        )
    for index in range(start, start + 30):
        tiles = rng.sample(list(DOUBLE_SIX), rng.randrange(0, 10))
        face_down, lang = rng.random() < 0.3, rng.choice(LANGS)
        colours = _colours(rng, index)
        yield Case(
            f"hand {tiles} face_down={face_down}",
            lambda t=tiles, f=face_down, c=colours, la=lang: str(
                svg.hand(t, face_down=f, colors=c, lang=la)
            ),
        )
    for example in CHAIN_EXAMPLES:
        for lang in LANGS:
            yield Case(
                f"example {example.id} {lang}",
                lambda e=example, la=lang: str(svg.example(e, lang=la)),
            )


def _award_cases(rng: random.Random, start: int) -> Iterator[Case]:
    """The awards of ended rounds of every preset, with hostile names and captions."""
    for index in range(start, start + 40):
        preset = PRESETS[index % len(PRESETS)]
        players = 4 if preset == "partnership" else rng.choice((2, 3, 4))
        ended = list(_positions(rng, preset, players))[-1]
        names = [rng.choice(HOSTILE) for _ in range(players)] if rng.random() < 0.6 else None
        caption = rng.choice((None, *HOSTILE))
        lang, colours = rng.choice(LANGS), _colours(rng, index)
        yield Case(
            f"award {preset} {players}p names={names} caption={caption!r}",
            lambda e=ended, n=names, c=caption, la=lang, co=colours: str(
                award(e, lang=la, caption=c, names=n).svg(colors=co)
            ),
        )


def _chart_cases(rng: random.Random) -> Iterator[Case]:
    """The lab's bar charts, their words hostile."""
    for _ in range(12):
        series = tuple(rng.choice(HOSTILE) or "s" for _ in range(rng.randrange(1, 4)))
        groups = tuple(
            BarGroup(
                rng.choice(HOSTILE),
                tuple(_bar(rng) for _ in series),
                rng.choice((None, rng.random())),
            )
            for _ in range(rng.randrange(1, 6))
        )
        ticks = tuple((share, f"{share:.0%}") for share in (0.0, 0.5, 1.0))
        words = ChartWords(*(rng.choice(HOSTILE) for _ in range(4)), series, ticks, "mark <&>")
        yield Case(f"chart {groups} {words}", lambda g=groups, w=words: str(bar_chart(g, w)))


def _bar(rng: random.Random) -> Bar:
    low, value, high = sorted(rng.random() for _ in range(3))
    return Bar(value, low, high)


def cases() -> list[Case]:
    """The diagrams both writers draw, the same every run (seeded)."""
    rng = random.Random(20240601)
    drawn = [Case("the page's shared faces", lambda: str(svg.shared_sheet()))]
    for kind in (_table_cases, _chain_cases, _small_cases, _award_cases):
        drawn += kind(rng, len(drawn))
    return drawn + list(_chart_cases(rng))


def _first_difference(ours: str, theirs: str) -> str:
    at = next((i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b), None)
    at = min(len(ours), len(theirs)) if at is None else at
    start = max(at - 60, 0)
    return (
        f"at {at}:\n  markup:   {ours[start : at + 60]!r}\n  svgwrite: {theirs[start : at + 60]!r}"
    )


def _compare(monkeypatch: pytest.MonkeyPatch, drawn: list[Case]) -> list[str]:
    """The cases whose bytes differ between the writers, each with where."""
    ours = [case.draw() for case in drawn]
    with svgwrite_writes(monkeypatch):
        theirs = [case.draw() for case in drawn]
    return [
        f"{case.label}: {_first_difference(a, b)}"
        for case, a, b in zip(drawn, ours, theirs, strict=True)
        if a != b
    ]


def test_the_cases_cover_every_preset_kind_and_colour() -> None:
    drawn = cases()
    assert len(drawn) >= 500
    labels = " ".join(case.label for case in drawn)
    for preset in PRESETS:
        assert f"table {preset}" in labels
        assert f"award {preset}" in labels
    assert all(f"'{key}':" in labels for key in COLORS)
    assert "shared_faces': True" in labels
    longest = max(int(case.label.split()[2]) for case in drawn if case.label.startswith("chain"))
    assert longest >= 20, "no long snake among the chains"


def test_svgwrite_writes_the_same_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every diagram, written by svg.markup and by svgwrite: identical text."""
    differing = _compare(monkeypatch, cases())
    assert not differing, f"{len(differing)} diagrams differ; first:\n" + "\n".join(differing[:3])


def test_the_oracle_notices_a_writer_that_escapes_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The comparison can fail: a writer that leaves ">" unescaped in text is caught."""
    monkeypatch.setattr(markup, "_TEXT_ESCAPES", markup._TEXT_ESCAPES[:2])
    hostile = [case for case in cases() if "<script>" in case.label][:5]
    assert hostile
    assert len(_compare(monkeypatch, hostile)) == len(hostile)
