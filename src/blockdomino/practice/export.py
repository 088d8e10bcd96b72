"""Items as data for machines and as diagrams for paper.

``item_record`` gives an item as JSON-ready data: the words in one language and the
position in the project's notations (the chain as placed, ``Chain.notation``; each
hand as the item shows it; the preset; the game record of the round so far, from
which every answer can be worked out again). Answers are machine-readable: tiles as
"[1|4]", seats and teams from 1, points as integers.

``figures`` draws what an item shows with ``blockdomino.svg``, in black and white: the
pips carry the meaning, and no hand marks which tiles fit (that would give the answer).
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from blockdomino import records, svg
from blockdomino.practice.items import Item, Value
from blockdomino.practice.seating import caption, seating
from blockdomino.practice.wording import words
from blockdomino.words.i18n import translate
from blockdomino.words.text import player_name

YOUR_HAND: Final = "practice.given.hand"
"""The given that calls the hand of the seat to move "your hand"."""

ORDER_GIVEN: Final = frozenset({"practice.leader.partnership"})
"""The questions that say the seats' order themselves: the table's caption then does
not say it again."""

BLACK_AND_WHITE: Final[Mapping[str, str]] = {
    "table": "#ffffff",
    "tile": "#ffffff",
    "pip": "#000000",
    "back": "#808080",
    "playable": "#000000",
    "dimmed": "#808080",
    "selected": "#000000",
    "marker": "#000000",
    "marker-fits": "#000000",
    "marker-no-fit": "#808080",
    "label": "#000000",
}
"""Diagram colours for paper: white table and tiles, black pips, outlines and numbers."""


def json_value(value: Value) -> Any:
    """An answer as JSON: a tuple becomes a list."""
    return list(value) if isinstance(value, tuple) else value


def position_record(item: Item) -> dict[str, Any]:
    """The item's position: preset, players, the chain as placed, the hands it shows
    (``null`` for a hand it keeps hidden), every hand's size, the seat to move (from 1)
    and the game record of the round so far."""
    position = item.position
    return {
        "preset": position.rules.name,
        "players": position.rules.players,
        "chain": position.chain.notation,
        "hands": [
            [str(tile) for tile in hand] if seat in item.shown else None
            for seat, hand in enumerate(position.hands)
        ],
        "sizes": [len(hand) for hand in position.hands],
        "turn": position.turn + 1,
        "record": records.to_record(position),
    }


def item_record(item: Item, lang: str) -> dict[str, Any]:
    """Everything about ``item`` in ``lang``, as JSON-ready data."""
    text = words(item, lang)
    return {
        "topic": item.topic,
        "level": item.level,
        "seed": item.seed,
        "lang": lang,
        "question": text.question,
        "choices": list(text.choices),
        "choice_values": [json_value(choice.value) for choice in item.choices],
        "answer": json_value(item.answer.value),
        "answer_text": text.answer,
        "explanation": text.explanation,
        "position": position_record(item),
    }


def sheet_json(number: int, items: Sequence[Item], lang: str) -> str:
    """Sheet ``number`` (from 1) and the ``item_record`` of each of its items, as JSON
    indented to stand in ``worksheet_json``."""
    sheet = {"sheet": number, "items": [item_record(item, lang) for item in items]}
    return textwrap.indent(json.dumps(sheet, ensure_ascii=False, indent=1), "  ")


def worksheet_json(sheets: Iterable[str]) -> str:
    """The run's JSON document from its sheets (``sheet_json``, in order): the same text
    as dumping the whole document at once, made a sheet at a time."""
    body = ",\n".join(sheets)
    return f'{{\n "format": "blockdomino-worksheet",\n "sheets": [\n{body}\n ]\n}}\n'


def hand_caption(item: Item, seat: int, lang: str) -> str:
    """What the picture of ``seat``'s hand is called: "Your hand" when the question
    calls it so, the player's name otherwise, and that the player went out when the
    hand is empty."""
    if seat == item.position.turn and any(sentence.key == YOUR_HAND for sentence in item.question):
        return translate("practice.figure.your_hand", lang)
    name = player_name(seat, lang)
    if not item.position.hands[seat]:
        return translate("practice.figure.went_out", lang, player=name)
    return name


def captions(item: Item, lang: str) -> list[str]:
    """The caption of each of the item's diagrams, in the order of ``figures`` (the
    chain's is empty: the question says its ends), without drawing them."""
    position = item.position
    said = [""] if position.chain.tiles else []
    said += [hand_caption(item, seat, lang) for seat in item.shown]
    if position.rules.partnership:
        said.append(caption(position, lang, order=not _says_order(item)))
    return said


def _says_order(item: Item) -> bool:
    """Whether the question itself says in what order the players sit."""
    return any(sentence.key in ORDER_GIVEN for sentence in item.question)


def figures(
    item: Item,
    lang: str,
    *,
    width: float | None = None,
    colors: Mapping[str, str] | None = BLACK_AND_WHITE,
) -> list[tuple[str, str]]:
    """The item's diagrams as (caption, SVG): the chain, then ``beside_chain``. The
    chain snakes and the hands wrap within ``width`` pixels (default: a notebook
    cell's); ``colors`` are the page's (default: black on white, for paper)."""
    position = item.position
    if not position.chain.tiles:
        return beside_chain(item, lang, width=width, colors=colors)
    chain = svg.chain(position.chain, lang=lang, width=width, colors=colors)
    return [("", str(chain)), *beside_chain(item, lang, width=width, colors=colors)]


def beside_chain(
    item: Item,
    lang: str,
    *,
    width: float | None = None,
    colors: Mapping[str, str] | None = BLACK_AND_WHITE,
) -> list[tuple[str, str]]:
    """The diagrams under the chain as (caption, SVG): each hand the item shows, an
    empty one too (the player who went out), under the name its caption gives it, and
    in a team game the table: seats, partners and who played last
    (``practice.seating``)."""
    position = item.position
    drawn = [
        str(svg.hand(position.hands[s], lang=lang, width=width, colors=colors, heading=False))
        for s in item.shown
    ]
    if position.rules.partnership:
        drawn.append(seating(position, lang, order=not _says_order(item)))
    named = captions(item, lang)[1 if position.chain.tiles else 0 :]
    return list(zip(named, drawn, strict=True))
