"""The coach exercise as a controller: "which move would you play?", then the coach's
values.

One button per legal move (``move:<i>``, the move's place among ``legal_moves``). The
board answers too, as an exercise's does (``play.choosing``): a tile of the hand
(``tile:[a|b]``), then the open end it joins (``end:<i>``), is the move they make; a
tile that fits one place only is that move at once. Choosing a move shows every
move's value from the seat to move's own view, the best starred, and says whether the
choice is among the best; the shares are written under the tiles on the table too.
The hint is computed with ``samples`` deals and a fixed ``seed``, so the answer is the
same on every run.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from blockdomino import svg
from blockdomino.analysis.coach import Evaluation, hint
from blockdomino.analysis.coach.words import move_text
from blockdomino.engine.chain import OpenEnd
from blockdomino.engine.round import Move, Round
from blockdomino.engine.tiles import Tile
from blockdomino.play.choosing import choice_buttons, end_actions
from blockdomino.play.coaching import hint_html, table_notes
from blockdomino.play.view_model import Action, Button, Controller, ViewModel, paragraphs
from blockdomino.words.i18n import parse_lang, translate
from blockdomino.words.text import capitalized, tile_in_words


@dataclass(frozen=True, slots=True)
class Choice:
    """The learner's move and the coach's values of every move."""

    move: Move
    evaluation: Evaluation


@dataclass(frozen=True, slots=True)
class Coached:
    """The learner's last choice (``None``: not yet), the tile tapped and waiting for its
    end, and what the last tap said."""

    choice: Choice | None = None
    selected: Tile | None = None
    note: tuple[str, ...] = ()


class CoachController(Controller[Coached]):
    """A position and its legal moves; the state is the learner's last choice."""

    def __init__(self, position: Round, *, lang: str, samples: int, seed: int) -> None:
        self.lang = parse_lang(lang)
        self.position, self.samples, self.seed = position, samples, seed
        self.moves = position.legal_moves()
        self.state = Coached()
        self.actions = {
            "move": lambda _, argument: self._chosen(self.moves[int(argument)]),
            "tile": self._tile,
            "end": self._end,
        }

    def _chosen(self, move: Move) -> Coached:
        evaluation = hint(self.position, samples=self.samples, seed=self.seed)
        return Coached(Choice(move, evaluation))

    def _tile(self, state: Coached, argument: str) -> Coached:
        """A tile that fits two places is chosen and waits for its end; one that fits one
        place is played there; one that fits nowhere is refused with the rules' reason."""
        tile = Tile.parse(argument)
        moves = [move for move in self.moves if move.tile == tile]
        if len(moves) > 1:
            chosen = translate(
                "widgets.tile.chosen", self.lang, tile=tile_in_words(tile, self.lang)
            )
            return replace(state, selected=tile, note=(chosen,))
        if not moves:
            self.position.play(tile)  # raises: why the tile goes nowhere
        return self._chosen(moves[0])

    def _end(self, state: Coached, argument: str) -> Coached:
        """The chosen tile at the ``argument``-th open end; an end it does not fit is
        refused with the rules' reason."""
        if state.selected is None:
            return state
        move = Move(state.selected, self.position.chain.open_ends[int(argument)])
        if move not in self.moves:
            self.position.play(move)  # raises: why the tile does not fit that end
        return self._chosen(move)

    def refused(self, state: Coached, reason: str) -> Coached:
        """The exercise saying why the rules refused the tile or the end tapped."""
        return replace(state, note=(reason,))

    def end_actions(self) -> tuple[tuple[OpenEnd, Action], ...]:
        """The chain's open ends, each placing the chosen tile there."""
        return end_actions(self.position.chain)

    def _board_buttons(self, selected: Tile | None) -> tuple[Button, ...]:
        """The hand's tiles and the chain's ends as the board's taps press them: hidden,
        as the move buttons say the same choices in words."""
        position = self.position
        playable = {move.tile for move in self.moves}
        buttons = choice_buttons(
            position.chain,
            position.hands[position.turn],
            playable=playable,
            selected=selected,
            enabled=True,
            lang=self.lang,
        )
        return tuple(replace(button, visible=False) for button in buttons)

    def view(self) -> ViewModel:
        """The table (with the coach's notes once a move is chosen, the tapped tile raised
        and the ends it fits marked), the question or the verdict and what the last tap
        said, a button per move, the board's hidden tile and end buttons, and the coach's
        values."""
        position, lang, state = self.position, self.lang, self.state
        choice = state.choice
        moves = tuple(
            Button(f"move:{index}", said, said, "moves")
            for index, said in enumerate(
                capitalized(move_text(move, lang, spoken=True)) for move in self.moves
            )
        )
        buttons = (*moves, *self._board_buttons(state.selected))
        said, answer = translate("coach.exercise.question", lang), ""
        if choice is not None:
            best = {entry.move for entry in choice.evaluation.best}
            key = "coach.exercise.best" if choice.move in best else "coach.exercise.other"
            said = translate(key, lang, move=move_text(choice.move, lang, spoken=True))
            answer = hint_html(choice.evaluation, lang, chosen=choice.move)
        notes, marked = table_notes(choice.evaluation if choice else None, position, lang)
        board = svg.table(
            position,
            lang=lang,
            reveal=(position.turn,),
            notes=notes,
            best=marked,
            width=self.width,
            selected=state.selected,
        )
        texts = (("message", paragraphs([said, *state.note])), ("answer", answer))
        return ViewModel(
            str(board),
            texts,
            buttons,
            announcement=" ".join(state.note) or said,
            refusal=self.refusal,
            selected=None if state.selected is None else str(state.selected),
        )
