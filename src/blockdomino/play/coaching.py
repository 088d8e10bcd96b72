"""The coach at the table, in words: a hint's list and notes, and "What do we know?".

"Hint" values every legal move of the seat to move from that seat's own view
(``coach.hint``): each move is listed with its share of wins and mean value, the best
marked with a star and in bold (never by colour alone), then the coach's pick and its
reason. The shares are written on the table too, under the tiles of the hand, the best
tile's starred, until the position changes. A hint never makes a learner wait more than
about half a second, on a phone too: it stops weighing and solving deals after
``SECONDS`` and says so. "What do we know?" shows ``coach.knowledge`` for the seat to
move as a table of the other seats.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Final

from blockdomino.analysis.coach import Evaluation, View, hint, knowledge
from blockdomino.analysis.coach.claims import read_hands
from blockdomino.analysis.coach.words import (
    hint_notes,
    move_line,
    move_text,
    reading_lines,
    reason_text,
    tiles_text,
    unseen_key,
)
from blockdomino.engine.round import Move, Round
from blockdomino.engine.tiles import Tile
from blockdomino.play.view_model import Button, catalog_button, paragraphs
from blockdomino.svg.hands import BEST
from blockdomino.words.i18n import format_list, translate
from blockdomino.words.narration import Names, player_label
from blockdomino.words.text import tile_in_words

SAMPLES: Final = 200
"""Deals a hint imagines at most."""
SECONDS: Final = 0.35
"""A hint's whole budget, weighing and solving deals (``coach.hint``): it begins no deal
after this long, so that with the table drawn again it answers within half a second (on
a phone, whose slower processor solves fewer deals in that time)."""
STAR: Final = BEST
"""Marks the coach's best moves, beside the bold type, in the list as on the table."""

TableNotes = tuple[dict[Tile, str], frozenset[Tile]]
"""Notes under the tiles of the hand to move, and the tiles of the best moves."""


@dataclass(frozen=True, slots=True)
class Answer:
    """The coach's last answer: for which position, its HTML, and the hint shown on
    the table (``None`` for "What do we know?")."""

    asked: Round
    html: str
    shown: Evaluation | None = None

    def about(self, position: Round) -> bool:
        """Whether this answer speaks of ``position`` (any change of it clears it)."""
        return self.asked is position


def answer_hint(position: Round, *, seed: int, lang: str) -> Answer:
    """Every legal move of the seat to move with its share of wins and value, then the
    pick and why, from that seat's own view."""
    evaluation = hint(
        View.of(position), samples=SAMPLES, seed=f"{seed}:{len(position.history)}", seconds=SECONDS
    )
    shown = hint_html(evaluation, lang)
    if evaluation.samples < SAMPLES:
        shown += paragraphs([translate("coach.hint.capped", lang, samples=evaluation.samples)])
    return Answer(position, shown, evaluation)


def answer_knowledge(position: Round, *, lang: str, names: Names = None) -> Answer:
    """What the seat to move knows, as a table of the other seats."""
    return Answer(position, knowledge_table(View.of(position), lang, names=names))


def coach_buttons(lang: str, *, enabled: bool) -> tuple[Button, ...]:
    """The Hint and "What do we know?" buttons."""
    buttons = (
        ("hint", "coach.hint.button", "coach.hint.button.tooltip", "lightbulb-o"),
        ("knowledge", "coach.knowledge.button", "coach.knowledge.button.tooltip", "search"),
    )
    return tuple(
        catalog_button(key, tooltip, lang, id=id, group="coach", enabled=enabled, icon=icon)
        for id, key, tooltip, icon in buttons
    )


def table_notes(evaluation: Evaluation | None, position: Round, lang: str) -> TableNotes:
    """A hint as ``svg.table`` writes it under the tiles: each tile's worth (its points
    margin in a scored game, else its share of wins), and the tiles of the best moves
    (starred); nothing without a hint."""
    if evaluation is None:
        return {}, frozenset()
    notes = hint_notes(evaluation, lang, scored=position.rules.target is not None)
    return notes, frozenset(entry.move.tile for entry in evaluation.best)


def hint_html(evaluation: Evaluation, lang: str, chosen: Move | None = None) -> str:
    """A hint as HTML: the moves best first (the best starred and bold, the learner's
    ``chosen`` move named), then the coach's pick and its reason."""
    if not evaluation.moves:
        return paragraphs([translate("coach.hint.pass", lang)])
    best = {entry.move for entry in evaluation.best}
    yours = translate("coach.exercise.yours", lang)
    items = []
    for entry in sorted(evaluation.moves, key=lambda entry: -entry.value):
        line = html.escape(move_line(entry, lang, spoken=True))
        if entry.move == chosen:
            line += f" ({html.escape(yours)})"
        marked = f"<b>{STAR} {line}</b>" if entry.move in best else line
        items.append(f"<li>{marked}</li>")
    texts = []
    if evaluation.reason is not None:
        pick = evaluation.best[0].move
        reason = reason_text(evaluation.reason, lang, spoken=True)
        move = move_text(pick, lang, spoken=True)
        texts.append(translate("coach.hint.pick", lang, move=move, reason=reason))
    return f'<ul class="coach-hint">{"".join(items)}</ul>' + paragraphs(texts)


def knowledge_table(position: Round | View, lang: str, *, names: Names = None) -> str:
    """``coach.knowledge`` of the seat to move as an HTML table, one row per other seat
    (by its player's own name, where ``names`` gives one per seat)."""
    known = knowledge(position)
    read = {reading.seat: reading for reading in read_hands(position)}
    rows = []
    for other in known.others:
        ruled = (
            translate("coach.knowledge.ruled_out", lang, numbers=format_list(other.ruled_out, lang))
            if other.ruled_out
            else translate("coach.knowledge.no_pass", lang)
        )
        possible = ", ".join(tile_in_words(tile, lang) for tile in other.possible)
        cells = (
            player_label(other.seat, lang, names),
            tiles_text(other.size, lang),
            ruled,
            translate("coach.knowledge.possible", lang, tiles=possible),
            " ".join(reading_lines(read[other.seat], lang, spoken=True))
            or translate("coach.knowledge.probably.none", lang),
        )
        rows.append("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells) + "</tr>")
    unseen = translate(unseen_key(known), lang, unseen=known.unseen, out=known.out_of_play)
    caption = html.escape(translate("coach.knowledge.button", lang))
    return (
        f'<table class="coach-knowledge"><caption>{caption}</caption>{"".join(rows)}</table>'
        + paragraphs([unseen])
    )
