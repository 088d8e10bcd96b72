"""What a table shows: its state as a view model, worded in the learner's language.

The diagram (``svg.table``), the rules and seats above it, a match's scores, the message
(what to do now, or what the last action said; at the end of a round the award as a
figure, walked through step by step), the turn log, the coach's answer, and the
buttons: the hand's tiles and the open ends, Pass, Draw, Undo, the round's and the
match's buttons, Save, Resume and Keep both; at a hot seat, Show my hand instead of
Pass and Undo (people pass by themselves, and nobody takes back another's move).
"""

from __future__ import annotations

from itertools import pairwise

from blockdomino import svg
from blockdomino.analysis.coach import Evaluation
from blockdomino.engine.match import Match
from blockdomino.engine.positions import positions
from blockdomino.engine.round import Pass, Round
from blockdomino.engine.tiles import Tile
from blockdomino.play.choosing import choice_buttons
from blockdomino.play.coaching import coach_buttons, table_notes
from blockdomino.play.table_state import Seen, TableState
from blockdomino.play.view_model import (
    Button,
    ViewModel,
    catalog_button,
    numbered,
    paragraphs,
    preset_name,
    steps,
)
from blockdomino.svg.awards import award
from blockdomino.words.i18n import format_list, points, translate
from blockdomino.words.narration import event_sentence, player_label, turn_sentence, turns
from blockdomino.words.text import explanation_steps, player_name, side_label


def table_view(table: Seen, state: TableState) -> ViewModel:
    """The view model of a table in ``state``, showing what ``table`` says may be seen."""
    words = _Words(table, state)
    lead, *rest = words.prompt()
    message = paragraphs(state.note)
    if state.prompt:
        message += _prompt_html(table, state, lead, rest)
    if state.warning:
        message += paragraphs([state.warning])
    texts = [("info", paragraphs(words.info())), ("message", message)]
    if isinstance(state.game, Match):
        texts.append(("scores", paragraphs(words.scores(state.game))))
    texts.append(("turns", numbered(words.turn_lines())))
    answer = state.answer
    shown = answer if answer is not None and answer.about(state.position) else None
    if table.coach:
        texts.append(("answer", shown.html if shown is not None and table.may_ask else ""))
    return ViewModel(
        svg=_board(table, state, shown.shown if shown is not None else None),
        texts=tuple(texts),
        buttons=_buttons(table, state, words),
        announcement=" ".join(state.note) if state.note else words.announcement(),
        refusal=table.refusal,
        selected=None if state.selected is None else str(state.selected),
        under_way=state.under_way,
    )


def _prompt_html(table: Seen, state: TableState, lead: str, rest: list[str]) -> str:
    position = state.position
    if not position.is_over:
        return steps(lead, rest)
    figure = award(position, lang=table.lang, names=table.seating.names).html()
    return paragraphs([lead]) + figure + paragraphs(rest)


def _board(table: Seen, state: TableState, shown: Evaluation | None) -> str:
    """The table as it stands: the chosen tile raised with the ends it fits marked, and the
    coach's hint written under the tiles while shown."""
    position = state.position
    viewer = table.viewer
    notes, best = table_notes(shown if table.may_ask else None, position, table.lang)
    return str(
        svg.table(
            position,
            lang=table.lang,
            reveal=True if position.is_over else (() if viewer is None else (viewer,)),
            names=table.seating.names,
            notes=notes,
            best=best,
            selected=state.selected,
            width=table.width,
        )
    )


def _buttons(table: Seen, state: TableState, words: _Words) -> tuple[Button, ...]:
    position, game, lang = state.position, state.game, table.lang
    over = position.is_over
    viewer = table.viewer
    hand: tuple[Tile, ...] = () if viewer is None else position.hands[viewer]
    buttons: list[Button] = []
    if table.seating.hot:
        covered = table.covered
        show = translate("hotseat.button.show", table.lang, player=words.you(position.turn))
        tooltip = translate("hotseat.button.show.tooltip", table.lang)
        buttons.append(
            Button("show_hand", show, tooltip, "show", covered, icon="eye", visible=covered)
        )
    buttons += choice_buttons(
        position.chain,
        hand,
        playable={move.tile for move in position.legal_moves()},
        selected=state.selected,
        enabled=not over,
        lang=table.lang,
    )
    if not table.seating.hot:
        cannot_pass = over or position.can_play() or bool(position.pot)
        buttons.append(
            catalog_button(
                "widgets.button.pass",
                "widgets.button.pass.tooltip",
                lang,
                id="pass",
                enabled=not cannot_pass,
                icon="forward",
            )
        )
        if state.rules.pot:
            draw = not over and bool(position.pot)
            buttons.append(
                catalog_button(
                    "widgets.button.draw",
                    "widgets.button.draw.tooltip",
                    lang,
                    id="draw",
                    enabled=draw,
                    icon="download",
                )
            )
        undo = len(state.games) > 1
        buttons.append(
            catalog_button(
                "widgets.button.undo",
                "widgets.button.undo.tooltip",
                lang,
                id="undo",
                enabled=undo,
                icon="undo",
            )
        )
    if isinstance(game, Match):
        following = position.is_over and not game.is_over
        buttons.append(
            catalog_button(
                "widgets.button.next_round",
                "widgets.button.next_round.tooltip",
                lang,
                id="next_round",
                enabled=following,
            )
        )
        buttons.append(
            catalog_button(
                "widgets.button.new_match", "widgets.button.new_match.tooltip", lang, id="new_match"
            )
        )
    else:
        buttons.append(
            catalog_button(
                "widgets.button.new_round", "widgets.button.new_round.tooltip", lang, id="new_round"
            )
        )
    buttons.append(
        catalog_button(
            "records.button.save", "records.button.save.tooltip", lang, id="save", icon="save"
        )
    )
    resumable = table.resumable
    buttons.append(
        catalog_button(
            "records.button.resume",
            "records.button.resume.tooltip",
            lang,
            id="resume",
            group="resume",
            visible=resumable,
        )
    )
    both = state.offer is not None and not state.offer.same_rules
    buttons.append(
        catalog_button(
            "play.button.keep_both",
            "play.button.keep_both.tooltip",
            lang,
            id="keep_both",
            group="resume",
            visible=both,
        )
    )
    if table.coach:
        buttons += coach_buttons(table.lang, enabled=table.may_ask)
    return tuple(buttons)


class _Words:
    """The table's sentences in the learner's language: the prompt, the seats, the
    scores and the turn log."""

    def __init__(self, table: Seen, state: TableState) -> None:
        self.table, self.state, self.lang = table, state, table.lang

    def you(self, seat: int) -> str:
        """A seat as the texts call it: "Aino (Pelaaja 1)" at a hot seat, "Pelaaja 1
        (sinä)" for the learner."""
        seating = self.table.seating
        if seating.hot:
            return player_label(seat, self.lang, seating.names)
        name = player_name(seat, self.lang)
        if seat in seating.people:
            return translate("widgets.round.you", self.lang, player=name)
        return name

    def prompt(self, *, spoken: bool = False) -> list[str]:
        """What to do now, or that the round (the match) is over (``spoken``: the hot
        seat's moves since the last person with their tiles in words)."""
        position = self.state.position
        lines = self._turn_prompt(position, spoken=spoken)
        game = self.state.game
        if isinstance(game, Match):
            lines += self._match_lines(game)
        return lines

    def _turn_prompt(self, position: Round, *, spoken: bool) -> list[str]:
        table = self.table
        if table.seating.hot and not position.is_over:
            player = self.you(position.turn)
            if table.covered:
                return [
                    translate("hotseat.hand_over", self.lang, player=player),
                    *self._since_last_person(spoken=spoken),
                ]
            return [
                translate("hotseat.turn", self.lang, player=player),
                *self._since_last_person(spoken=spoken),
                *self._own_prompt(position),
            ]
        return self._own_prompt(position)

    def announcement(self) -> str:
        """What a screen reader hears after an action: every move since a person last
        played, its tiles in words (the hot seat's prompt says them itself), what to do
        now, and once the round is over its result in the award's steps."""
        lead, *rest = self.prompt(spoken=True)
        position = self.state.position
        moves = [] if self.table.seating.hot else self._since_last_person(spoken=True)
        result = position.result
        steps = (
            () if result is None else explanation_steps(result, self.lang, players=self._players())
        )
        return " ".join([*moves, lead, *steps, *rest])

    def _own_prompt(self, position: Round) -> list[str]:
        if position.is_over:
            return [translate("widgets.round.over", self.lang)]
        if not position.chain.tiles:
            return [translate("widgets.round.your_opening", self.lang)]
        if position.can_play():
            return [translate("widgets.round.your_turn", self.lang)]
        left, right = position.chain.numbers or (0, 0)
        if position.can_draw():
            count = len(position.pot)
            return [
                translate("widgets.round.must_draw", self.lang, left=left, right=right, count=count)
            ]
        return [translate("widgets.round.must_pass", self.lang, left=left, right=right)]

    def _since_last_person(self, *, spoken: bool = False) -> list[str]:
        """What happened since a person last played: computer moves and forced passes
        (``spoken``: tiles in words, for the live region)."""
        people, names = self.table.seating.people, self.table.seating.names
        said: list[str] = []
        for before, after in reversed(list(pairwise(positions(self.state.position)))):
            event = after.history[-1]
            if event.seat in people and not isinstance(event, Pass):
                break
            said.insert(0, event_sentence(before, event, self.lang, names, spoken=spoken))
        return said

    def _match_lines(self, match: Match) -> list[str]:
        if match.winner is not None:
            result = match.round.result
            assert result is not None
            winner = side_label(result, match.winner, self.lang, players=self._players())
            best = max(match.scores)
            return [translate("widgets.match.won", self.lang, winner=winner, points=best)]
        if match.is_drawn:
            return [translate("widgets.match.drawn", self.lang, points=max(match.scores))]
        if match.round.is_over:
            return [translate("widgets.match.next", self.lang)]
        return []

    def _players(self) -> tuple[str, ...] | None:
        """Each seat as the texts call it, where names were given."""
        names = self.table.seating.names
        seats = range(self.state.rules.players)
        return None if names is None else tuple(player_label(s, self.lang, names) for s in seats)

    def info(self) -> list[str]:
        """The rules and the seats."""
        rules = self.state.rules
        preset = preset_name(rules, self.lang)
        if self.table.seating.hot:
            seating = format_list((self.you(seat) for seat in range(rules.players)), self.lang)
            return [
                translate(
                    "hotseat.info", self.lang, preset=preset, players=rules.players, seating=seating
                )
            ]
        seat = self.table.seating.people[0]
        lines = [
            translate(
                "widgets.round.info",
                self.lang,
                preset=preset,
                players=rules.players,
                player=player_name(seat, self.lang),
            )
        ]
        if rules.partnership:
            partner = next(other for other in rules.side_of(seat) if other != seat)
            name = player_name(partner, self.lang)
            lines.append(translate("widgets.round.partner", self.lang, player=name))
        return lines

    def scores(self, match: Match) -> list[str]:
        """The target, each side's score and a line per finished round."""
        rules = self.state.rules
        lines = [translate("widgets.match.target", self.lang, target=rules.target)]
        for side, score in zip(rules.sides(), match.scores, strict=True):
            name = self._side_name(side) if rules.partnership else self.you(side[0])
            scored = points(score, self.lang)
            lines.append(translate("widgets.match.score", self.lang, side=name, points=scored))
        for record in match.log:
            result = record.result
            if result.award is None:
                key = "widgets.match.record_none"
                lines.append(translate(key, self.lang, number=record.number))
                continue
            winner = side_label(result, result.award.side, self.lang, players=self._players())
            lines.append(
                translate(
                    "widgets.match.record",
                    self.lang,
                    number=record.number,
                    winner=winner,
                    points=points(result.award.points, self.lang, won=True),
                )
            )
        return lines

    def _side_name(self, side: tuple[int, ...]) -> str:
        """A team as "Pari 1 (Pelaaja 1 (sinä) ja Pelaaja 3)"."""
        members = format_list((self.you(seat) for seat in side), self.lang)
        team = self.state.rules.sides().index(side) + 1
        return translate("term.team_members", self.lang, team=team, members=members)

    def turn_lines(self) -> list[str]:
        """The round so far, one sentence a turn, its tiles in words as the replays word
        them; a run of draws is one turn, its tiles named only to the learner who drew them."""
        viewer = None if self.table.seating.hot else self.table.seating.people[0]
        return [
            turn_sentence(
                before,
                events,
                self.lang,
                player=self.you(events[0].seat),
                viewer=viewer,
                spoken=True,
            )
            for before, events in turns(positions(self.state.position))
        ]
