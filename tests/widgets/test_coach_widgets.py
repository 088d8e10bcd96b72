"""The coach at the table, driven by clicks: Hint marks every legal move, the panel counts tiles."""

from __future__ import annotations

import html
import random
import xml.etree.ElementTree as ET

import pytest

from blockdomino import Round, Rules
from blockdomino.analysis.coach import View, hint
from blockdomino.analysis.coach.words import hint_notes, move_text, share_text, value_text
from blockdomino.analysis.players import heaviest_tile, step
from blockdomino.svg.hands import BEST
from blockdomino.widgets import MatchPlayer, RoundPlayer
from blockdomino.widgets.coach import STAR, CoachExercise, knowledge_table
from blockdomino.words.i18n import LANGS, translate
from blockdomino.words.narration import player_label
from blockdomino.words.text import capitalized


def test_hint_lists_every_legal_move_with_its_share_and_the_reason() -> None:
    """000 (any tile opens; a player who can play must play): each legal move of the
    learner appears once with its share of wins, the best starred and in bold, and the
    coach's pick is given with a reason; the next move clears the answer."""
    player = RoundPlayer(Rules.preset("match", 2), seed=3, lang="en", coach=True)
    assert player.coach is not None
    assert player.coach.answer.value == ""
    player.coach.hint_button.click()
    shown = player.coach.answer.value
    for move in player.position.legal_moves():
        assert capitalized(move_text(move, "en", spoken=True)) in shown
        assert str(move.tile) not in shown
    assert f"<b>{STAR} " in shown
    assert "The coach would play " in shown
    assert share_text(0.0, "en")[-1] in shown
    move = player.position.legal_moves()[0]
    player.play(move.tile, move.end)
    assert player.coach.answer.value == ""


def test_what_do_we_know_shows_each_other_seat_and_the_unseen_count() -> None:
    """003 ("Brickor utanför spel": 13 with three players): the panel lists each other
    seat with its tiles in hand and the count of tiles the learner has not seen."""
    player = RoundPlayer(Rules.preset("match", 3), seed=5, lang="sv", coach=True)
    assert player.coach is not None
    player.coach.knowledge_button.click()
    shown = player.coach.answer.value
    assert "Spelare 2" in shown
    assert "Spelare 3" in shown
    assert "varav 13 utanför spel" in shown
    assert '<table class="coach-knowledge">' in shown


@pytest.mark.parametrize("lang", LANGS)
def test_what_do_we_know_names_the_other_seats_by_their_names_as_text(lang: str) -> None:
    """At a hot seat the table names each other seat by its player's own name, beside the
    number, escaped: a name is text, never markup."""
    position = Round.deal(Rules.preset("match", 3), 5)
    names = ("Aino", "<b>&\"'", "")
    shown = knowledge_table(View.of(position), lang, names=names)
    assert "<b>&" not in shown
    others = [seat for seat in range(3) if seat != position.turn]
    for seat in others:
        assert f"<td>{html.escape(player_label(seat, lang, names))}</td>" in shown
    assert f"<td>{html.escape(player_label(2, lang))}</td>" in shown or position.turn == 2
    assert knowledge_table(View.of(position), lang, names=None) == knowledge_table(
        View.of(position), lang
    )


def test_match_player_takes_the_coach_too_and_is_unchanged_without() -> None:
    """000: the scored match offers the same Hint; without ``coach`` nothing is added."""
    player = MatchPlayer(Rules.preset("match", 2), seed=2, lang="fi", coach=True)
    assert player.coach is not None
    player.coach.hint_button.click()
    assert "Valmentaja pelaisi" in player.coach.answer.value
    plain = MatchPlayer(Rules.preset("match", 2), seed=2, lang="fi")
    assert plain.coach is None
    assert len(plain.children) == len(player.children) - 2


def test_which_move_exercise_shows_the_values_after_a_choice() -> None:
    """000 (a player who can play must play): the exercise offers each legal move as a
    button; choosing one shows every move's value and says whether it was among the
    coach's best, the choice named in the list."""
    rng = random.Random(0)
    position = Round.deal(Rules.preset("match", 2), 0)
    for _ in range(3):
        position = step(position, heaviest_tile, rng)
    exercise = CoachExercise(position, lang="en", samples=30)
    labels = [b.description for b in exercise.move_buttons]
    assert labels == [
        capitalized(move_text(move, "en", spoken=True)) for move in position.legal_moves()
    ]
    assert exercise.answer.value == ""
    evaluation = hint(position, samples=30, seed=0)
    best = evaluation.best[0].move
    exercise.move_buttons[position.legal_moves().index(best)].click()
    assert "Well chosen" in exercise.message.value
    assert "(your choice)" in exercise.answer.value
    worse = [e.move for e in evaluation.moves if e.value < evaluation.value]
    if worse:
        exercise.move_buttons[position.legal_moves().index(worse[0])].click()
        assert "rates" in exercise.message.value


def _notes_on(board: str) -> dict[str, list[str]]:
    """The notes written under the tiles of a table diagram, by tile."""
    root = ET.fromstring(board)
    return {
        str(group.get("data-tile")): [text.text or "" for text in group if _is_note(text)]
        for group in root.iter()
        if any(_is_note(text) for text in group)
    }


def _is_note(element: ET.Element) -> bool:
    return "note" in element.get("class", "").split()


def test_hint_writes_the_shares_on_the_table_until_the_next_move() -> None:
    """Pressing Hint writes each playable tile's share of wins under it on the table, the
    best tile's starred; "What do we know?" takes the notes away with the hint's list;
    a refused try leaves them, the next move takes them away."""
    player = RoundPlayer(Rules.preset("match", 2), seed=3, lang="sv", coach=True)
    assert player.coach is not None
    before = player.board.value
    assert not _notes_on(before)
    player.coach.hint_button.click()
    shown = player.coach.shown
    assert shown is not None
    notes = hint_notes(shown, "sv", scored=True)
    expected = {str(tile): note.splitlines() for tile, note in notes.items()}
    best = {entry.move.tile for entry in shown.best}
    for tile in best:
        expected[str(tile)][0] = f"{BEST} {expected[str(tile)][0]}"
    assert _notes_on(player.board.value) == expected
    assert set(expected) == {str(move.tile) for move in player.position.legal_moves()}
    player.coach.knowledge_button.click()
    assert player.board.value == before
    player.coach.hint_button.click()
    hinted = player.board.value
    assert _notes_on(hinted)
    misfit = next(t for t in player.position.hand if not player.position.chain.fits(t))
    player.play(misfit)
    assert player.board.value == hinted, "a refused try is no move: the notes stay"
    assert player.coach.answer.value
    move = player.position.legal_moves()[0]
    player.play(move.tile, move.end)
    assert not _notes_on(player.board.value)
    assert player.coach.shown is None


def test_which_move_exercise_writes_the_shares_on_its_table() -> None:
    """After a choice, the exercise's table carries the coach's shares under the tiles."""
    position = Round.deal(Rules.preset("match", 2), 0)
    exercise = CoachExercise(position, lang="fi", samples=20)
    assert not _notes_on(exercise.board.value)
    exercise.move_buttons[0].click()
    evaluation = hint(position, samples=20, seed=0)
    noted = _notes_on(exercise.board.value)
    assert set(noted) == {str(tile) for tile in hint_notes(evaluation, "fi", scored=True)}


@pytest.mark.parametrize("lang", LANGS)
def test_a_note_says_what_ranks_the_moves_so_the_star_stands_on_the_best(lang: str) -> None:
    """000 scores a round by the pips left in hands: in the scored match a note under a
    tile is the move's points margin, and the ★ marks the highest; where one hand decides
    (001: "Den som först lägger alla sina brickor vinner omgången.") it is the share of wins."""
    scored = Round.deal(Rules.preset("match", 2), 4)
    evaluation = hint(scored, samples=30, seed=1)
    notes = hint_notes(evaluation, lang, scored=True)
    best = max(evaluation.moves, key=lambda entry: entry.value)
    points = translate("coach.note.points", lang, value=value_text(best.value, lang))
    assert points in notes[best.move.tile].splitlines()[0]
    assert all(
        translate("coach.note.points", lang, value="") in line
        for note in notes.values()
        for line in note.splitlines()
    )
    single = Round.deal(Rules.preset("block", 2), 4)
    judged = hint(single, samples=30, seed=1)
    shares = hint_notes(judged, lang)
    for entry in judged.moves:
        assert share_text(entry.win_share, lang) in shares[entry.move.tile]
