"""The table's controller, driven without ipywidgets: actions in, view models out."""

from __future__ import annotations

import json

import pytest

from blockdomino import Rules, Tile
from blockdomino.engine.events import Play
from blockdomino.engine.match import Match
from blockdomino.play.table import Seating, TableController
from blockdomino.play.view_model import ViewModel
from blockdomino.svg import award
from blockdomino.words.i18n import translate
from blockdomino.words.text import tile_in_words


def _table(
    preset: str = "block",
    players: int = 3,
    *,
    seed: int = 4,
    match: bool = False,
    coach: bool = False,
    lang: str = "en",
) -> TableController:
    seating = Seating.against_computer(players, seat=0, strategy="random")
    rules = Rules.preset(preset, players)
    return TableController(rules, seed=seed, lang=lang, seating=seating, match=match, coach=coach)


def _fitting(view: ViewModel) -> str:
    return next(button.id for button in view.group("tiles") if button.highlight == "fits")


def _move(table: TableController, view: ViewModel) -> ViewModel:
    """Play the first tile that fits, at the first end it fits, or pass."""
    if view.button("pass").enabled:
        return table.act("pass")
    view = table.act(_fitting(view))
    if view.selected is not None:
        end = next(button.id for button in view.group("ends") if button.highlight == "fits")
        view = table.act(end)
    return view


def test_a_view_model_is_json_and_worded_in_the_language() -> None:
    view = _table(lang="fi").view()
    data = json.loads(json.dumps(view.to_json()))
    assert data["svg"].startswith("<svg")
    assert translate("widgets.button.pass", "fi") in [b["label"] for b in data["buttons"]]
    assert view.announcement == translate("widgets.round.your_opening", "fi")


def test_a_chosen_tile_is_in_the_view_and_marks_its_ends() -> None:
    table = _table("block", 2, seed=9)
    view = table.view()
    for _ in range(10):
        tiles = [b for b in view.group("tiles") if b.highlight == "fits"]
        chain = table.state.position.chain
        two_ends = [b for b in tiles if len(chain.ends_for(Tile.parse(b.id[5:]))) == 2]
        if two_ends:
            break
        view = _move(table, view)
    else:
        pytest.fail("no tile fitting both ends within ten moves: choose another seed")
    before = view
    view = table.act(two_ends[0].id)
    assert view.selected == two_ends[0].id.partition(":")[2]
    assert view.svg != before.svg, "the chosen tile is drawn raised, its ends marked"
    assert view.button(two_ends[0].id).highlight == "chosen"
    assert all(button.enabled for button in view.group("ends"))


def test_undo_keeps_its_message_and_draws_the_board_once() -> None:
    table = _table()
    start = table.view()
    played = _move(table, start)
    assert played.button("undo").enabled
    undone = table.act("undo")
    assert undone.svg == start.svg
    assert translate("widgets.undone", "en") in undone.text("message")
    assert undone.announcement == translate("widgets.undone", "en")
    assert not undone.button("undo").enabled


def test_a_refused_pass_says_why_and_changes_nothing() -> None:
    table = _table()
    before = table.state.game
    view = table.act("pass")
    assert view.refusal is not None
    assert view.refusal.reason in view.text("message")
    assert view.announcement == view.refusal.reason
    assert table.state.game is before


def test_a_match_is_played_to_its_end_by_actions_alone() -> None:
    table = _table("match", 2, seed=3, match=True)
    view = table.view()
    while not table.state.game.is_over:
        view = table.act("next_round") if table.state.position.is_over else _move(table, view)
    assert isinstance(table.state.game, Match)
    assert not view.button("next_round").enabled
    assert translate("widgets.match.target", "en", target=100) in view.text("scores")


def test_the_hot_seat_covers_the_table_until_the_hand_is_asked_for() -> None:
    seating = Seating.hot_seat(3, ["Aino", "Eino", "random"], computer="Computer")
    table = TableController(
        Rules.preset("block", 3), seed=6, lang="en", seating=seating, match=False
    )
    view = table.view()
    assert view.button("show_hand").visible
    assert view.group("tiles") == ()
    view = table.act("show_hand")
    assert not view.button("show_hand").visible
    assert view.group("tiles")
    view = table.act(_fitting(view))
    if view.selected is not None:
        view = table.act(next(b.id for b in view.group("ends") if b.highlight == "fits"))
    state = table.state
    assert table.covered(state) or state.position.turn == 0 or state.position.is_over


def test_the_coach_answers_only_about_the_position_it_was_asked_in() -> None:
    table = _table("block", 2, seed=2, coach=True)
    view = table.act("knowledge")
    assert "coach-knowledge" in view.text("answer")
    view = _move(table, view)
    assert view.text("answer") == ""


def test_the_computer_players_moves_and_the_round_result_are_announced() -> None:
    """A screen reader hears each computer player's turn after the learner's move, its
    tiles in words, and at the round's end how it ended, the totals and the award, as
    the award says them."""
    table = _table("block", 3, seed=5)
    view = table.view()
    while not table.state.position.is_over:
        before = len(table.state.position.history)
        view = _move(table, view)
        position = table.state.position
        computer_turns = [e for e in position.history[before + 1 :] if e.seat != 0]
        for seat in {event.seat for event in computer_turns}:
            assert f"Player {seat + 1}" in view.announcement, view.announcement
        for event in computer_turns:
            if isinstance(event, Play):
                assert tile_in_words(event.tile, "en") in view.announcement
        assert "[" not in view.announcement.split(translate("widgets.round.over", "en"))[0]
    for step in award(table.state.position, lang="en").steps():
        assert step in view.announcement
    assert translate("widgets.round.over", "en") in view.announcement


@pytest.mark.parametrize(("match", "action"), [(False, "new_round"), (True, "new_match")])
def test_a_new_deal_during_a_game_asks_first_and_undo_brings_the_game_back(
    match: bool, action: str
) -> None:
    """One tap on New round (New match) while a game is under way only asks; a second
    tap in a row deals; undo then brings back the game as it was."""
    table = _table("match", 2, seed=3, match=match)
    _move(table, table.view())
    played = table.state.game
    asked = table.act(action)
    assert table.state.game is played, "one tap changes no game"
    assert asked.announcement == translate(f"widgets.{action}.confirm", "en")
    dealt = table.act(action)
    assert table.state.game is not played
    assert dealt.button("undo").enabled
    table.act("undo")
    assert table.state.game is played


def test_a_new_deal_asks_again_after_a_move_and_never_at_the_start() -> None:
    """The question holds for the game as it stood: a move in between asks anew; a
    table where the learner has not yet played deals at once."""
    table = _table(seed=7)
    start = table.state.game
    table.act("new_round")
    assert table.state.game is not start, "nothing under way: dealt at once"
    _move(table, table.view())
    table.act("new_round")
    _move(table, table.view())
    moved = table.state.game
    assert not moved.is_over
    table.act("new_round")
    assert table.state.game is moved, "asked again, not dealt"


@pytest.mark.parametrize(("match", "action"), [(False, "new_round"), (True, "new_match")])
def test_the_question_is_remembered_by_the_actions_name(match: bool, action: str) -> None:
    """The new deal asked for once is remembered as its action, with the game it ends."""
    table = _table("match", 2, seed=3, match=match)
    _move(table, table.view())
    table.act(action)
    assert table.state.asked == (action, table.state.game)


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_an_undone_deal_says_the_deal_was_taken_back_and_gives_the_seed_back(lang: str) -> None:
    """Undo after a new deal says that the deal, not a move, was taken back, and the game
    goes on under the seed it was dealt with; undo after a move says the move was."""
    table = _table(seed=7, lang=lang)
    _move(table, table.view())
    table.act("new_round")
    table.act("new_round")
    undone = table.act("undo")
    assert undone.announcement == translate("widgets.undone_deal", lang)
    assert translate("widgets.undone", lang) not in undone.text("message")
    assert table.state.seed == 7
    assert table.record()["seed"] == 7
    _move(table, table.view())
    assert table.act("undo").announcement == translate("widgets.undone", lang)


def test_the_view_model_says_whether_a_game_is_under_way() -> None:
    """Under way once the learner has played since the deal, until the round is over; a
    fresh deal is not under way, so the page deals it without asking."""
    table = _table(seed=7)
    view = table.view()
    assert not view.under_way
    view = _move(table, view)
    assert view.under_way
    assert view.to_json()["under_way"] is True
    table.act("new_round")
    view = table.act("new_round")
    assert not view.under_way
    while not table.state.position.is_over:
        view = _move(table, view)
    assert not view.under_way
