"""The table a learner plays at, as a controller: a round or a match against computer
players, or people at one screen (the hot seat).

A :class:`TableController` holds one immutable :class:`TableState` and replaces it on
every action (:meth:`TableController.act`), answering with the view model of the new
state (``blockdomino.play.table_view``). The actions are short strings, a button's id:

- ``tile:[a|b]`` chooses a tile (one that fits a single place, or opens, is placed at
  once); ``end:<i>`` places the chosen tile at the chain's ``i``-th open end;
  ``play:[a|b]`` or ``play:[a|b]:<i>`` does both in one;
- ``pass``, ``draw``, ``undo``, ``new_round``, ``next_round``, ``new_match``;
- ``hint`` and ``knowledge`` ask the coach; ``show_hand`` uncovers the hot seat;
- ``save`` (or ``save:<path>``), ``keep:<path>``, ``resume``, ``keep_both``.

The computer plays every seat without a person at once, with ``analysis.players.step``
and a generator seeded by the game's seed, the round and the move number: the same
position always gets the same answer, and an undone move made again gets the same
replies. The state holds only positions where a person is to move (or the round is
over), so "Undo" goes back to the learner's previous turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from blockdomino import records
from blockdomino.analysis.players import step
from blockdomino.engine.chain import OpenEnd
from blockdomino.engine.match import Match
from blockdomino.engine.round import Draw, Pass, Round
from blockdomino.engine.rules import Rules
from blockdomino.engine.tiles import Tile
from blockdomino.play import keeping
from blockdomino.play.choosing import end_actions
from blockdomino.play.coaching import answer_hint, answer_knowledge
from blockdomino.play.table_state import Seating, Seen, TableState
from blockdomino.play.table_view import table_view
from blockdomino.play.view_model import Action, Controller, ViewModel
from blockdomino.records import Game
from blockdomino.words.errors import explain
from blockdomino.words.i18n import parse_lang, translate
from blockdomino.words.text import tile_in_words


class TableController(Controller[TableState]):
    """A table's controller: actions in, view models out (see the module's docstring)."""

    def __init__(
        self,
        rules: Rules,
        *,
        seed: int,
        lang: str,
        seating: Seating,
        match: bool,
        coach: bool = False,
    ) -> None:
        self.lang = parse_lang(lang)
        self.seating, self.match, self.coach = seating, match, coach
        first = self._computer_turns(self._dealt(rules, seed), seed)
        self.state = TableState(rules, seed, (first,))
        self.actions: dict[str, Callable[[TableState, str], TableState]] = {
            "tile": self._choose_tile,
            "end": self._choose_end,
            "play": self._play,
            "pass": lambda state, _: self._move(state, state.game.pass_turn()),
            "draw": lambda state, _: self._move(state, state.game.draw()),
            "undo": self._undo,
            "new_round": lambda state, _: self._deal_again(state, "new_round"),
            "new_match": lambda state, _: self._deal_again(state, "new_match"),
            "next_round": self._next_round,
            "hint": self._hint,
            "knowledge": self._knowledge,
            "show_hand": self._show_hand,
            "save": self._save,
            "keep": self._keep,
            "resume": self._resume,
            "keep_both": self._keep_both,
        }

    @classmethod
    def against_computer(
        cls,
        rules: Rules,
        *,
        seed: int,
        lang: str,
        match: bool,
        seat: int = 0,
        strategy: str = "random",
        coach: bool = False,
    ) -> TableController:
        """The learner at ``seat``, the computer with ``strategy`` at every other seat."""
        seating = Seating.against_computer(rules.players, seat=seat, strategy=strategy)
        return cls(rules, seed=seed, lang=lang, seating=seating, match=match, coach=coach)

    @classmethod
    def hot_seat(
        cls,
        rules: Rules,
        *,
        names: Sequence[str] | None,
        seed: int,
        lang: str,
        match: bool,
        coach: bool = False,
    ) -> TableController:
        """People at one screen, a seat named after a strategy played by the computer."""
        computer = translate("hotseat.computer", lang)
        seating = Seating.hot_seat(rules.players, names, computer=computer)
        return cls(rules, seed=seed, lang=lang, seating=seating, match=match, coach=coach)

    # -- acting --------------------------------------------------------------------------

    def refused(self, state: TableState, reason: str) -> TableState:
        """The table saying why the rules refused the last action."""
        return replace(state, note=(reason,), prompt=False)

    def view(self) -> ViewModel:
        """What the table shows now."""
        state = self.state
        seen = Seen(
            lang=self.lang,
            seating=self.seating,
            coach=self.coach,
            refusal=self.refusal,
            viewer=self.viewer(state),
            may_ask=self.may_ask(state),
            covered=self.covered(state),
            resumable=self.resumable(state),
            width=self.width,
        )
        return table_view(seen, state)

    def end_actions(self) -> tuple[tuple[OpenEnd, Action], ...]:
        """The chain's open ends, each placing the chosen tile there."""
        return end_actions(self.state.position.chain)

    # -- who plays -----------------------------------------------------------------------

    def _dealt(self, rules: Rules, seed: int) -> Game:
        return Match.start(rules, seed) if self.match else Round.deal(rules, seed)

    def waits_for(self, position: Round) -> bool:
        """Whether a person is to choose the next move (else the computer steps)."""
        if self.seating.hot:
            return position.turn in self.seating.people and position.can_play()
        return position.turn in self.seating.people

    def viewer(self, state: TableState) -> int | None:
        """The seat whose hand lies face up and can be played from (none: all hidden)."""
        if not self.seating.hot:
            return self.seating.people[0]
        turn = state.position.turn
        return turn if state.open_seat == turn else None

    def may_ask(self, state: TableState) -> bool:
        """Whether the seat to move may consult the coach: its hand lies face up to it."""
        position = state.position
        return self.coach and not position.is_over and self.viewer(state) == position.turn

    def covered(self, state: TableState) -> bool:
        """Whether the hand-over screen covers a hot seat: a person is to move and has
        not yet asked to see their hand."""
        return self.waits_for(state.position) and self.viewer(state) is None

    def _computer_turns(self, game: Game, seed: int) -> Game:
        """Step every seat without a person until a person is to move or the round ends."""
        position = game.round if isinstance(game, Match) else game
        number = game.number if isinstance(game, Match) else 1
        while not position.is_over and not self.waits_for(position):
            rng = random.Random(f"{seed}:{number}:{len(position.history)}")
            after = step(position, self.seating.strategy(position.turn), rng)
            game = after if isinstance(game, Round) else _apply(game, after)
            position = after
        return game

    # -- the actions -----------------------------------------------------------------------

    def _move(self, state: TableState, game: Game) -> TableState:
        """The state after a person's move and the computer's answers."""
        game = self._computer_turns(game, state.seed)
        return replace(state, games=(*state.games, game), selected=None, note=(), prompt=True)

    def _choose_tile(self, state: TableState, argument: str) -> TableState:
        tile = Tile.parse(argument)
        chain = state.position.chain
        if chain.tiles and chain.ends_for(tile):
            chosen = translate(
                "widgets.tile.chosen", self.lang, tile=tile_in_words(tile, self.lang)
            )
            return replace(state, selected=tile, note=(chosen,), prompt=False)
        return self._move(state, state.game.play(tile))

    def _choose_end(self, state: TableState, argument: str) -> TableState:
        if state.selected is None:
            return state
        end = state.position.chain.open_ends[int(argument)]
        return self._move(state, state.game.play(state.selected, end))

    def _play(self, state: TableState, argument: str) -> TableState:
        tile, _, index = argument.partition(":")
        end = state.position.chain.open_ends[int(index)] if index else None
        return self._move(state, state.game.play(Tile.parse(tile), end))

    def _undo(self, state: TableState, _: str) -> TableState:
        if len(state.games) == 1:
            return replace(state, selected=None, note=(), prompt=True)
        games = state.games[:-1]
        back = replace(state, games=games, selected=None, prompt=True)
        if len(games) in state.deals:
            undone = translate("widgets.undone_deal", self.lang)
            return replace(back, seed=state.seed - 1, deals=state.deals[:-1], note=(undone,))
        return replace(back, note=(translate("widgets.undone", self.lang),))

    def _deal_again(self, state: TableState, action: str) -> TableState:
        """New hands (a new match): while a game is under way, only when asked for twice
        in a row (``action``, ``new_round`` or ``new_match``), the first time saying so;
        undo brings back the game that was."""
        game = state.game
        if state.under_way and state.asked != (action, game):
            ask = translate(_ASK[action], self.lang)
            return replace(state, asked=(action, game), note=(ask,), prompt=False)
        seed = state.seed + 1
        first = self._computer_turns(self._dealt(state.rules, seed), seed)
        games = (*state.games, first)
        deals = (*state.deals, len(state.games))
        return replace(
            state, seed=seed, games=games, deals=deals, selected=None, note=(), prompt=True
        )

    def _next_round(self, state: TableState, _: str) -> TableState:
        game = state.game
        if not isinstance(game, Match):
            return state
        return self._move(state, game.next_round())

    def _hint(self, state: TableState, _: str) -> TableState:
        if not self.may_ask(state):
            return state
        answer = answer_hint(state.position, seed=state.seed, lang=self.lang)
        return replace(state, answer=answer)

    def _knowledge(self, state: TableState, _: str) -> TableState:
        if not self.may_ask(state):
            return state
        names = self.seating.names
        return replace(state, answer=answer_knowledge(state.position, lang=self.lang, names=names))

    def _show_hand(self, state: TableState, _: str) -> TableState:
        position = state.position
        opened = position.turn if self.waits_for(position) else state.open_seat
        return replace(state, open_seat=opened, note=(), prompt=True)

    # -- saving, keeping, resuming ---------------------------------------------------------

    def record(self, state: TableState | None = None) -> records.Record:
        """The game so far as a game record (see ``blockdomino.records``)."""
        state = state or self.state
        return records.to_record(state.game, seats=self.seating.record(), seed=state.seed)

    def _save(self, state: TableState, argument: str) -> TableState:
        path = Path(argument) if argument else state.kept or Path(keeping.DEFAULT_FILE)
        try:
            if path != state.kept:
                target = keeping.write(self.record(state), path)
            else:
                state, target = self._kept(replace(state, note=()), path)
        except OSError as error:
            return replace(state, note=(keeping.failure(error, path, self.lang),), prompt=False)
        saved = translate("records.saved", self.lang, path=target.name)
        return replace(state, note=(*state.note, saved), prompt=False)

    def _kept(self, state: TableState, path: Path) -> tuple[TableState, Path]:
        """``state`` once its game is written to its kept file ``path``, and the file
        written: beside it (said so) when another table changed that file since this one
        read or wrote it."""
        kept = keeping.keep(self.record(state), path, state.stamp)
        state = replace(state, kept=kept.path, stamp=kept.stamp, written=state.game)
        if not kept.beside:
            return state, kept.path
        said = translate("play.keep.changed", self.lang, path=kept.path.name, other=path.name)
        return replace(state, note=(*state.note, said), prompt=False), kept.path

    def _keep(self, state: TableState, argument: str) -> TableState:
        path = Path(argument)
        seen = keeping.stamp(path)
        state = replace(
            state, kept=path, offer=None, written=None, stamp=seen, note=(), prompt=True
        )
        try:
            found = keeping.unfinished(path, state.rules)
        except records.RecordError as error:
            aside = keeping.move_aside(path)
            state = replace(state, stamp=None)
            said = translate(
                "play.keep.moved_aside",
                self.lang,
                reason=explain(error, self.lang),
                path=path.name,
                aside=aside.name,
            )
            return replace(state, note=(said,), prompt=False)
        if found is None:
            return state
        if found.same_rules:
            offered = translate("records.resume_offer", self.lang, path=path.name)
        else:
            offered = translate(
                "play.keep.other_rules", self.lang, path=path.name, other=keeping.beside(path).name
            )
        return replace(state, offer=found, written=state.game, note=(offered,), prompt=False)

    def resumable(self, state: TableState) -> bool:
        """Whether the game offered can be played on at this table: a game of its kind
        (a round, a match) for as many players."""
        offer = state.offer
        return (
            offer is not None
            and isinstance(offer.game, Match) == self.match
            and offer.game.rules.players == state.rules.players
        )

    def _resume(self, state: TableState, _: str) -> TableState:
        offer = state.offer
        if offer is None or not self.resumable(state):
            return state
        seed = offer.seed if isinstance(offer.seed, int) else state.seed
        game = self._computer_turns(offer.game, seed)
        return replace(
            state,
            rules=offer.game.rules,
            seed=seed,
            games=(game,),
            deals=(),
            selected=None,
            open_seat=None,
            offer=None,
            written=None,
            note=(),
            prompt=True,
        )

    def _keep_both(self, state: TableState, _: str) -> TableState:
        if state.kept is None or state.offer is None:
            return state
        path = keeping.beside(state.kept)
        said = translate("play.keep.both", self.lang, path=path.name, other=state.kept.name)
        return replace(
            state, kept=path, offer=None, written=None, stamp=None, note=(said,), prompt=False
        )

    def settled(self, state: TableState) -> TableState:
        """Write the game to its kept file when it has changed; say it if that fails.

        While a game under other rules is offered, nothing is written over it; a game
        under the same rules is written over once the learner plays on."""
        path = state.kept
        if path is None or state.written is state.game:
            return state
        if state.offer is not None and not state.offer.same_rules:
            return state
        try:
            state, _ = self._kept(state, path)
        except OSError as error:
            return replace(state, warning=keeping.failure(error, path, self.lang))
        return replace(state, offer=None, warning=None)


_ASK = {"new_round": "widgets.new_round.confirm", "new_match": "widgets.new_match.confirm"}
"""What a new deal under way says, the first time it is asked for, by its action."""


def _apply(match: Match, after: Round) -> Match:
    """The match after the event that made ``after`` of its round."""
    event = after.history[-1]
    if isinstance(event, Draw):
        return match.draw()
    if isinstance(event, Pass):
        return match.pass_turn()
    return match.play(event.tile, event.end)
