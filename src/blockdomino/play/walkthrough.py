"""A game as steps to walk through, forwards and back: what the table showed, in words.

Each ``Frame`` is one step: a heading, the diagrams and the sentences a teacher reads
out. A round gives one frame for its deal and one after each event: the table, what
the seat could have played (its hand face up only when the replay reveals hands) and
what it did play, said in words; the last frame explains the award. A worked chain
example of the documents gives one frame per tile placed.

The ``Replay`` widget and the page of ``blockdomino replay`` both show these frames.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any, Final

from blockdomino import records, svg
from blockdomino.analysis.players import play_round
from blockdomino.engine.match import Match
from blockdomino.engine.positions import positions
from blockdomino.engine.round import Draw, Event, Pass, Round
from blockdomino.engine.rules import Rules
from blockdomino.words.examples import ChainExample
from blockdomino.words.i18n import parse_lang, translate
from blockdomino.words.narration import (
    Names,
    deal_sentence,
    event_sentence,
    options_sentence,
    player_label,
)
from blockdomino.words.text import capitalized, describe_join, explanation_steps, tile_in_words

Progress = Callable[[int], object]
"""Told how many more steps have been made into frames (a progress bar's ``update``)."""

Source = int | Round | Match | ChainExample | Mapping[str, Any] | str | bytes | Path
"""What a replay can show: a seed (a round of computer players), a finished or unfinished
``Round`` or ``Match``, a game record (data, JSON text or a file), a worked example."""

LARGE_ZOOM: Final = 1.6
"""How much larger the projector size shows the diagrams and the text."""


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of a walk-through: its heading, diagrams and sentences."""

    heading: str
    figures: tuple[svg.SvgImage, ...]
    lines: tuple[str, ...]


def _table(position: Round, reveal: bool, lang: str, names: Names, shared: bool) -> svg.SvgImage:
    """The table: hands face down unless revealed; every hand face up once the round ends."""
    shown = reveal or position.is_over
    return svg.table(position, lang=lang, reveal=shown, names=names, shared_faces=shared)


def _move_figure(
    before: Round, event: Event, reveal: bool, lang: str, shared: bool
) -> tuple[svg.SvgImage, ...]:
    """The chain before the event: with the seat's hand, its playable tiles marked, when
    hands are revealed; otherwise only the tile played. A hidden pass shows nothing more."""
    if isinstance(event, Pass | Draw):
        if not reveal:
            return ()
        return (svg.chain(before.chain, hand=before.hand, lang=lang, shared_faces=shared),)
    hand = before.hand if reveal else (event.tile,)
    selected = event.tile
    return (svg.chain(before.chain, hand=hand, selected=selected, lang=lang, shared_faces=shared),)


def _event_lines(
    before: Round, after: Round, event: Event, reveal: bool, lang: str, names: Names
) -> tuple[str, ...]:
    lines = [event_sentence(before, event, lang, names, spoken=True)]
    if reveal and not isinstance(event, Pass | Draw):
        lines.append(options_sentence(before, lang, names))
    result = after.result
    if result is not None:
        players = None
        if names:
            players = tuple(player_label(seat, lang, names) for seat in range(len(names)))
        steps = explanation_steps(result, lang, players=players)
        lines += [translate("widgets.round.over", lang), *steps]
    return tuple(lines)


def round_frames(
    position: Round,
    *,
    reveal: bool = False,
    lang: str = "en",
    names: Names = None,
    title: str = "",
    shared_faces: bool = False,
    progress: Progress | None = None,
) -> list[Frame]:
    """A round from its deal to where ``position`` stands: one frame per event.

    ``shared_faces``: the diagrams show their tiles from the symbols of
    ``svg.shared_sheet``, which the page showing them holds once. ``progress`` is told
    of each event's frame once made."""
    steps = positions(position)
    count = len(steps) - 1

    def heading(number: int) -> str:
        step = translate("replay.step", lang, number=number, count=count)
        return f"{title} · {step}" if title else step

    frames = [
        Frame(
            heading(0),
            (_table(steps[0], reveal, lang, names, shared_faces),),
            (deal_sentence(steps[0], lang, names),),
        )
    ]
    for number, (before, after) in enumerate(pairwise(steps), start=1):
        event = after.history[-1]
        figures = (
            _table(after, reveal, lang, names, shared_faces),
            *_move_figure(before, event, reveal, lang, shared_faces),
        )
        frames.append(
            Frame(heading(number), figures, _event_lines(before, after, event, reveal, lang, names))
        )
        if progress is not None:
            progress(1)
    return frames


def match_frames(
    match: Match,
    *,
    reveal: bool = False,
    lang: str = "en",
    names: Names = None,
    shared_faces: bool = False,
    progress: Progress | None = None,
) -> list[Frame]:
    """Every round of a match, each walked through as ``round_frames`` does."""
    rounds = [record.final for record in match.log if record.final is not None]
    if not rounds or rounds[-1] is not match.round:
        rounds.append(match.round)
    frames: list[Frame] = []
    for number, position in enumerate(rounds, start=1):
        title = translate("replay.round", lang, number=number)
        frames += round_frames(
            position,
            reveal=reveal,
            lang=lang,
            names=names,
            title=title,
            shared_faces=shared_faces,
            progress=progress,
        )
    return frames


def example_frames(
    example: ChainExample, *, lang: str = "en", captioned: bool = True
) -> list[Frame]:
    """A worked example of the documents built tile by tile, each join said in words;
    the last step ends on the example's caption unless ``captioned`` is false (a chain
    a chapter draws, which has none)."""
    title = example.title(lang, spoken=True)
    count = len(example.tiles)
    frames = []
    for number in range(1, count + 1):
        chain = ChainExample(example.id, example.tiles[:number]).chain
        heading = f"{title} · " + translate("replay.step", lang, number=number, count=count)
        joins = chain.joins
        said = (
            capitalized(describe_join(joins[-1], lang, spoken=True))
            if joins
            else translate("replay.example_opened", lang, tile=tile_in_words(chain.tiles[0], lang))
        )
        lines = (said, example.caption(lang)) if number == count and captioned else (said,)
        frames.append(Frame(heading, (svg.chain(chain, lang=lang),), lines))
    return frames


DEFAULT_RULES: Final = ("match", 2)
"""The preset and player count a seed's round is dealt with unless rules are given."""


def seeded_round(seed: int, rules: Rules | None = None) -> Round:
    """The round a replay of ``seed`` shows: dealt by it with ``rules`` (default: the
    two-player match), then played out by computer players at random, the moves seeded
    by the same seed."""
    dealt = Round.deal(rules or Rules.preset(*DEFAULT_RULES), seed)
    return play_round(dealt, seed=random.Random(seed))


def frames(
    source: Source,
    *,
    reveal: bool = False,
    lang: str = "en",
    rules: Rules | None = None,
    shared_faces: bool = False,
    progress: Progress | None = None,
) -> list[Frame]:
    """The frames of any source a replay can show (see ``Source``).

    A seed deals a round with ``rules`` (default: the two-player match) and lets
    computer players play it out at random, the moves seeded by the same seed. The
    diagrams of a round or a match show their tiles from shared symbols with
    ``shared_faces``, and ``progress`` is told of each event's frame (see
    ``round_frames``).
    """
    parse_lang(lang)
    names: Names = None
    if isinstance(source, ChainExample):
        return example_frames(source, lang=lang)
    if isinstance(source, int) and not isinstance(source, bool):
        source = seeded_round(source, rules)
    elif isinstance(source, Path):
        source = source.read_bytes()
    if isinstance(source, Mapping | str | bytes):
        names = [seat.get("name", "") for seat in records.seats(source)] or None
        source = records.read(source)
    if isinstance(source, Match):
        return match_frames(
            source,
            reveal=reveal,
            lang=lang,
            names=names,
            shared_faces=shared_faces,
            progress=progress,
        )
    if not isinstance(source, Round):
        raise TypeError(f"cannot replay {source!r}")
    return round_frames(
        source, reveal=reveal, lang=lang, names=names, shared_faces=shared_faces, progress=progress
    )


def figures_html(frame: Frame) -> str:
    """A frame's diagrams as HTML, each inline SVG in its own block."""
    return "".join(f'<div class="bd-figure">{figure}</div>' for figure in frame.figures)


def frame_html(
    frame: Frame, *, large: bool = False, attributes: str = "", figures: str | None = None
) -> str:
    """A frame as an HTML fragment: heading, diagrams inline, sentences; all text escaped.

    ``attributes`` are added to the frame's element; ``figures`` puts the diagrams in a
    ``bd-figures`` block of their own, holding that HTML (a page that draws a step's
    diagrams only when it is shown leaves it empty)."""
    style = f' style="zoom:{LARGE_ZOOM}"' if large else ""
    drawn = figures_html(frame) if figures is None else f'<div class="bd-figures">{figures}</div>'
    lines = "".join(f"<p>{html.escape(line)}</p>" for line in frame.lines)
    return (
        f'<div class="bd-frame"{attributes}{style}><h4>{html.escape(frame.heading)}</h4>'
        f'<div class="bd-said">{lines}</div>{drawn}</div>'
    )
