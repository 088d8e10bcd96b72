"""The coach at the table: a Hint button and a "What do we know?" panel.

``RoundPlayer``, ``MatchPlayer`` and ``HotSeat`` show them with ``coach=True`` (at a
hot seat only to the person to move, after they have asked to see their hand). "Hint"
values every legal move of the learner from the learner's own view (``coach.hint``):
each move is listed with its share of wins and mean value, the best marked with a star
and in bold (never by colour alone), then the coach's pick and its reason. The shares
are written on the table too, under the learner's tiles, the best tile's starred and
its outline heavier, until the position changes; the list stays as the exact version (it
gives the values and the reason as well). A hint never makes a learner wait more
than about a second: it stops drawing deals after ``SECONDS`` and says so. "What do we
know?" shows ``coach.knowledge`` for the learner's seat as a table: each other seat,
the tiles it holds, the numbers its passes rule out, the tiles that could be with it,
and how many tiles are unseen.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import partial
from typing import Final

import ipywidgets  # type: ignore[import-untyped]

from blockdomino import svg
from blockdomino.analysis.coach import Evaluation, View, hint, knowledge
from blockdomino.analysis.coach.words import (
    hint_notes,
    move_line,
    move_text,
    reason_text,
    tiles_text,
    unseen_key,
)
from blockdomino.engine.round import Move, Round
from blockdomino.engine.tiles import Tile
from blockdomino.svg.hands import BEST
from blockdomino.widgets._base import Panel, Widget, button, paragraphs, row
from blockdomino.words.i18n import format_list, translate
from blockdomino.words.narration import Names, player_label

SAMPLES: Final = 200
"""Deals a hint imagines at most."""
SECONDS: Final = 0.9
"""A hint stops drawing deals after this long, so that it answers within a second."""
STAR: Final = BEST
"""Marks the coach's best moves, beside the bold type, in the list as on the table."""


TableNotes = tuple[dict[Tile, str], frozenset[Tile]]
"""Notes under the tiles of the hand to move, and the tiles of the best moves."""


def table_notes(evaluation: Evaluation | None, position: Round, lang: str) -> TableNotes:
    """A hint as ``svg.table`` writes it under the tiles: each tile's worth (its points
    margin in a scored game, else its share of wins), and the tiles of the best moves
    (starred); nothing without a hint."""
    if evaluation is None:
        return {}, frozenset()
    notes = hint_notes(evaluation, lang, scored=position.rules.target is not None)
    return notes, frozenset(entry.move.tile for entry in evaluation.best)


class CoachPanel:
    """The coach's buttons and its answer area for the seat to move.

    ``position`` gives the round as it stands; ``may_ask`` says whether the seat to move
    may consult the coach now (at a hot seat: only once its player has asked to see
    the hand). The coach answers from that seat's own view only (``coach.View``). The
    answer is cleared when the position changes (``refresh``), so that it never speaks
    of an earlier position, nor to the next player. ``redraw`` draws the table again
    when the hint written on it (``notes``) comes or goes. ``names`` are the players'
    own names, one per seat, for the answers that name other seats.
    """

    def __init__(
        self,
        position: Callable[[], Round],
        may_ask: Callable[[Round], bool],
        lang: str,
        seed: int,
        redraw: Callable[[], None],
        *,
        names: Names = None,
    ) -> None:
        self.position, self.may_ask, self.lang, self.seed = position, may_ask, lang, seed
        self.redraw, self.names = redraw, names
        self.shown: Evaluation | None = None
        self.asked: Round | None = None
        self.answer: Widget = ipywidgets.HTML()
        self.hint_button = button(
            translate("coach.hint.button", lang),
            translate("coach.hint.button.tooltip", lang),
            self.show_hint,
        )
        self.hint_button.icon = "lightbulb-o"
        self.knowledge_button = button(
            translate("coach.knowledge.button", lang),
            translate("coach.knowledge.button.tooltip", lang),
            self.show_knowledge,
        )
        self.knowledge_button.icon = "search"
        self.widgets: tuple[Widget, ...] = (
            row(self.hint_button, self.knowledge_button),
            self.answer,
        )

    def _asking(self) -> Round | None:
        """The round, if the seat to move may consult the coach now."""
        position = self.position()
        return None if position.is_over or not self.may_ask(position) else position

    def refresh(self) -> None:
        """Forget the last answer once the position has changed (a refused try or a
        chosen tile keeps it); the buttons work while the seat to move may ask."""
        position = self._asking()
        if position is None or position is not self.asked:
            self.answer.value = ""
            self.shown = self.asked = None
        self.hint_button.disabled = position is None
        self.knowledge_button.disabled = position is None

    def show_hint(self) -> None:
        """Every legal move with its share of wins and value, then the pick and why."""
        position = self._asking()
        if position is None:
            return
        evaluation = hint(
            View.of(position),
            samples=SAMPLES,
            seed=f"{self.seed}:{len(position.history)}",
            seconds=SECONDS,
        )
        self.answer.value = hint_html(evaluation, self.lang)
        if evaluation.samples < SAMPLES:
            capped = translate("coach.hint.capped", self.lang, samples=evaluation.samples)
            self.answer.value += paragraphs([capped])
        self.shown, self.asked = evaluation, position
        self.redraw()

    def show_knowledge(self) -> None:
        """What the learner's seat knows, as a table of the other seats (in place of a
        hint, whose notes leave the table)."""
        position = self._asking()
        if position is not None:
            self.answer.value = knowledge_table(View.of(position), self.lang, names=self.names)
            self.asked = position
            if self.shown is not None:
                self.shown = None
                self.redraw()

    def notes(self) -> TableNotes:
        """The hint shown, as notes for the table; none without one."""
        return table_notes(self.shown, self.position(), self.lang)


def hint_html(evaluation: Evaluation, lang: str, chosen: Move | None = None) -> str:
    """A hint as HTML: the moves best first (the best starred and bold, the learner's
    ``chosen`` move named), then the coach's pick and its reason."""
    if not evaluation.moves:
        return paragraphs([translate("coach.hint.pass", lang)])
    best = {entry.move for entry in evaluation.best}
    yours = translate("coach.exercise.yours", lang)
    items = []
    for entry in sorted(evaluation.moves, key=lambda entry: -entry.value):
        line = html.escape(move_line(entry, lang))
        if entry.move == chosen:
            line += f" ({html.escape(yours)})"
        marked = f"<b>{STAR} {line}</b>" if entry.move in best else line
        items.append(f"<li>{marked}</li>")
    texts = []
    if evaluation.reason is not None:
        pick = evaluation.best[0].move
        reason = reason_text(evaluation.reason, lang)
        texts.append(translate("coach.hint.pick", lang, move=move_text(pick, lang), reason=reason))
    return f'<ul class="coach-hint">{"".join(items)}</ul>' + paragraphs(texts)


class CoachExercise(Panel[Round]):
    """ "Which move would you play?": a position, a button per legal move, then the
    coach's values for all of them (their shares also under the tiles on the table)
    and a word on the learner's choice.

    The hint is computed from the seat to move's own view with ``samples`` deals and a
    fixed ``seed``, so the answer is the same on every run.
    """

    def __init__(self, position: Round, *, lang: str, samples: int = 100, seed: int = 0) -> None:
        super().__init__(position, lang=lang)
        self.samples, self.seed = samples, seed
        self.board.value = svg.table(position, lang=lang, reveal=(position.turn,))
        self.move_buttons = tuple(
            button(move_text(move, lang), move_text(move, lang), partial(self.choose, move))
            for move in position.legal_moves()
        )
        self.answer: Widget = ipywidgets.HTML()
        self.say(translate("coach.exercise.question", lang))
        self.children = [self.board, self.message, row(*self.move_buttons), self.answer]

    def __repr__(self) -> str:
        position = self.state
        chain = " ".join(str(tile) for tile in position.chain.tiles)
        return (
            f"CoachExercise(preset={position.rules.name!r}, players={position.rules.players}, "
            f"seat={position.turn}, chain={chain!r}, samples={self.samples}, lang={self.lang!r})"
        )

    def choose(self, move: Move) -> None:
        """The learner's choice: show every move's value and whether it is among the best."""
        position = self.state
        evaluation = hint(position, samples=self.samples, seed=self.seed)
        best = {entry.move for entry in evaluation.best}
        key = "coach.exercise.best" if move in best else "coach.exercise.other"
        self.say(translate(key, self.lang, move=move_text(move, self.lang)))
        self.answer.value = hint_html(evaluation, self.lang, chosen=move)
        notes, marked = table_notes(evaluation, position, self.lang)
        self.board.value = svg.table(
            position, lang=self.lang, reveal=(position.turn,), notes=notes, best=marked
        )


def knowledge_table(position: Round | View, lang: str, *, names: Names = None) -> str:
    """``coach.knowledge`` of the seat to move as an HTML table, one row per other seat
    (by its player's own name, where ``names`` gives one per seat)."""
    known = knowledge(position)
    rows = []
    for other in known.others:
        ruled = (
            translate("coach.knowledge.ruled_out", lang, numbers=format_list(other.ruled_out, lang))
            if other.ruled_out
            else translate("coach.knowledge.no_pass", lang)
        )
        possible = " ".join(str(tile) for tile in other.possible)
        cells = (
            player_label(other.seat, lang, names),
            tiles_text(other.size, lang),
            ruled,
            translate("coach.knowledge.possible", lang, tiles=possible),
        )
        rows.append("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells) + "</tr>")
    unseen = translate(unseen_key(known), lang, unseen=known.unseen, out=known.out_of_play)
    caption = html.escape(translate("coach.knowledge.button", lang))
    return (
        f'<table class="coach-knowledge"><caption>{caption}</caption>{"".join(rows)}</table>'
        + paragraphs([unseen])
    )
