"""Hot-seat tables, driven by clicking as learners sharing one screen do.

At every step the test reads what the screen shows (the table's text alternative, the
tile buttons, the messages) and checks that no hand but the mover's lies face up, and
that one only after its player asked to see it.
"""

from __future__ import annotations

import html
import re
from functools import cache
from typing import Any
from unittest.mock import patch

import pytest
from conftest import PRESET_PLAYERS, rules_strategy, seeds
from hypothesis import given, settings
from hypothesis import strategies as st
from tables import face_up, seat_labels
from test_widgets import KEY_LEAK, shown_texts

from blockdomino import Pass, Round, Rules, svg
from blockdomino.analysis.coach import View
from blockdomino.play import coaching as coach_panel
from blockdomino.svg.awards import award
from blockdomino.widgets import HotSeat, HotSeatMatch, HotSeatRound, Replay
from blockdomino.widgets.coach import knowledge_table
from blockdomino.words.i18n import translate
from blockdomino.words.narration import player_label
from blockdomino.words.text import tile_in_words

TILE = re.compile(r"\[\d\|\d\]")
NAMES = ("<script>alert(1)</script>", 'Ä&Ö "x"', "Å" * 200, "Eino")


def _check_screen(table: Any, labels: list[str]) -> None:
    """What the screen shows now: the covered table hides every hand; an uncovered one
    shows the mover's hand only; at the end all hands lie face up."""
    position = table.position
    board = table.board.value
    if position.is_over:
        assert face_up(board, labels, table.lang) == {
            seat for seat, hand in enumerate(position.hands) if hand
        }
        return
    if table.covered:
        assert face_up(board, labels, table.lang) == set()
        assert table.tile_buttons == ()
        assert not table.show_button.disabled
    else:
        assert face_up(board, labels, table.lang) == {position.turn}
        shown = [button.description.split()[0] for button in table.tile_buttons]
        assert shown == [tile_in_words(tile, table.lang) for tile in position.hand]
        assert table.show_button.disabled
    if table.coach is not None:
        _check_coach(table)


def _check_coach(table: Any) -> None:
    """The coach answers only the person to move, once their hand is shown, and only from
    that seat's view: a hint names no tile but the mover's own and the chain's, and "What
    do we know?" is what the mover's ``View`` (sizes, passes, unseen tiles) gives."""
    coach, position = table.coach, table.position
    if table.covered:
        assert coach.hint_button.disabled
        assert coach.knowledge_button.disabled
        assert coach.answer.value == ""
        return
    coach.knowledge_button.click()
    expected = knowledge_table(View.of(position), table.lang, names=table.player_names)
    assert coach.answer.value == expected
    if len(position.history) < 2:  # a hint solves many deals: ask it on the first turns
        coach.hint_button.click()
        named = set(TILE.findall(coach.answer.value))
        assert named <= {str(tile) for tile in (*position.hand, *position.chain.tiles)}


def _play_turn(table: Any) -> None:
    """The person to move asks for their hand if covered, then plays a tile marked ✓."""
    if table.covered:
        table.show_button.click()
    fitting = next(b for b in table.tile_buttons if b.icon == "check")
    fitting.click()
    if table.selected is not None:
        next(b for b in table.end_buttons if b.icon == "check").click()


def _play_out(table: Any, labels: list[str]) -> int:
    """Click through the round to its end, checking the screen before every click."""
    clicks = 0
    while not table.position.is_over:
        _check_screen(table, labels)
        if table.covered:
            table.show_button.click()
            _check_screen(table, labels)
        _play_turn(table)
        clicks += 1
    _check_screen(table, labels)
    return clicks


@pytest.mark.parametrize(("preset", "players"), PRESET_PLAYERS)
def test_a_whole_round_of_people_only_keeps_every_hand_hidden(preset: str, players: int) -> None:
    """000: "Pidä kätesi salassa pelin aikana."; 001: "Håll dina brickor dolda för de andra
    spelarna." and "Visa inte dina brickor för din lagkamrat". With people at every seat,
    each turn goes through the hand-over screen, and only the mover's hand is ever face up."""
    rules = Rules.preset(preset, players)
    table = HotSeat(rules, seed=3, lang="en", match=False)
    assert isinstance(table, HotSeatRound)
    labels = seat_labels(rules)
    assert table.covered
    assert _play_out(table, labels) > 0
    result = table.position.result
    assert result is not None
    over = translate("widgets.round.over", "en")
    figure = award(table.position, lang="en", names=table.player_names)
    assert table.message.value == f"<p>{over}</p>" + figure.html()
    assert not any(KEY_LEAK.search(text) for text in shown_texts(table))


@settings(max_examples=12)
@given(rules=rules_strategy, seed=seeds, computers=st.sets(st.integers(0, 3), max_size=2))
def test_no_screen_ever_shows_another_seats_hand(
    rules: Rules, seed: int, computers: set[int]
) -> None:
    """000: "Pidä kätesi salassa pelin aikana." — whatever the preset, the deal and who
    is a person; the coach's hint and "What do we know?" included. The coach's reading
    of a view is read once (a seeded, pure function of the view): the table's answer and
    the one expected of the mover's ``View`` then share it, and a table reading any
    other view still reads it afresh and differs."""
    names = [
        "random" if seat in computers else f"Person {seat + 1}" for seat in range(rules.players)
    ]
    if all(name == "random" for name in names):
        names[0] = "Aino"
    table = HotSeat(rules, names=names, seed=seed, lang="en", match=False, coach=True)
    read_once = cache(coach_panel.read_hands)
    with (
        patch.object(coach_panel, "SAMPLES", 8),
        patch.object(coach_panel, "read_hands", read_once),
    ):
        _play_out(table, seat_labels(rules, "en", table.player_names))


def test_a_forced_pass_is_announced_without_showing_the_hand() -> None:
    """000: "Muuten ohitat vuorosi nostamatta laattaa." — a person who cannot play
    passes at once; the others hear that, not the hand."""
    rules = Rules.preset("block", 3)
    labels = seat_labels(rules)
    for seed in range(20):
        table = HotSeat(rules, seed=seed, lang="en")
        while not table.position.is_over:
            history = table.position.history
            if history and isinstance(history[-1], Pass):
                assert "and passes" in table.message.value
                assert face_up(table.board.value, labels) <= {table.position.turn}
                return
            _play_turn(table)
    pytest.fail("no forced pass in 20 seeded rounds")


def test_computer_seats_play_themselves_and_need_no_hand_over() -> None:
    """One person against two computer players: the screen is never handed over after the
    first look, and the computer seats' moves are said in words."""
    rules = Rules.preset("match", 3)
    table = HotSeat(rules, names=["Aino", "random", "heaviest"], seed=5, lang="fi", match=False)
    labels = seat_labels(rules, "fi", table.player_names)
    table.show_button.click()
    while not table.position.is_over:
        _check_screen(table, labels)
        assert not table.covered
        assert table.position.turn == 0
        _play_turn(table)
    assert "Tietokone (Pelaaja 2)" in table.turns.value


def test_learners_names_are_escaped_everywhere() -> None:
    """Names are the learners' own text: shown as text in SVG and HTML, never as markup."""
    rules = Rules.preset("partnership")
    table = HotSeat(rules, names=NAMES, seed=2, lang="sv")
    labels = seat_labels(rules, "sv", NAMES)
    _play_out(table, labels)
    texts = list(shown_texts(table))
    for text in texts:
        assert "<script>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in table.info.value
    assert html.escape('Ä&Ö "x"') in table.turns.value
    assert "Å" * 39 + "…" in table.info.value
    assert "Å" * 41 not in "".join(texts)
    replay = Replay(table.record(), lang="sv")
    assert "&lt;script&gt;alert(1)&lt;/script&gt; (Spelare 1)" in replay.view.value
    assert "<script>" not in replay.view.value


def test_the_award_and_the_coach_name_each_player_by_name() -> None:
    """At a hot seat the award at the end of the round and "What do we know?" call each
    player by their own name, escaped, as the rest of the table does."""
    rules = Rules.preset("match", 2)
    names = ("<b>&\"'", "Eino")
    table = HotSeat(rules, names=names, seed=3, lang="fi", match=False, coach=True)
    mover = table.position.turn
    table.show_button.click()
    table.coach.knowledge_button.click()
    other = player_label(1 - mover, "fi", names)
    assert f"<td>{html.escape(other)}</td>" in table.coach.answer.value
    _play_out(table, seat_labels(rules, "fi", names))
    message = table.message.value
    assert '<figure class="blockdomino-award">' in message
    assert "<b>&" not in message
    assert "&lt;b&gt;&amp;" in message
    assert "Eino (Pelaaja 2)" in message
    assert "Pelaaja 2:" not in message


def test_a_match_is_played_to_its_end() -> None:
    """000: "Siirrä jokaisen kierroksen jälkeen aloitusvuoro … yhden paikan
    myötäpäivään." — rounds until a side reaches the target."""
    rules = Rules.preset("match", 2, target=30)
    table = HotSeat(rules, names=["Aino", "Eino"], seed=4, lang="fi")
    assert isinstance(table, HotSeatMatch)
    labels = seat_labels(rules, "fi", table.player_names)
    rounds = 0
    while not table.state.is_over:
        _play_out(table, labels)
        rounds += 1
        if not table.state.is_over:
            table.next_button.click()
    assert rounds == len(table.state.log) > 1
    assert max(table.state.scores) >= 30
    assert table.next_button.disabled
    assert "Aino (Pelaaja 1)" in table.scores.value
    assert "Pelaaja 1 sai" not in table.scores.value
    assert "Pelaaja 2 sai" not in table.scores.value
    assert re.search(r"Kierros 1: (Aino \(Pelaaja 1\)|Eino \(Pelaaja 2\)) sai", table.scores.value)
    assert re.search(r"(Aino|Eino) \(Pelaaja \d\) voittaa", table.message.value)


def test_a_refused_move_is_explained_and_changes_nothing() -> None:
    """000: "… niin, että liitettävän puolikkaan silmäluku vastaa pään arvoa." — a tile
    that fits neither end is refused with the reason."""
    rules = Rules.preset("block", 2)
    table = HotSeat(rules, seed=1, lang="en")
    table.show_button.click()
    _play_turn(table)
    table.show_button.click()
    before = table.state
    misfit = next((b for b in table.tile_buttons if b.icon != "check"), None)
    assert misfit is not None
    misfit.click()
    assert table.state is before
    assert "fit" in table.message.value


def test_names_must_match_the_seats() -> None:
    with pytest.raises(ValueError, match="3 names"):
        HotSeat(Rules.preset("block", 3), names=["Aino"], seed=1, lang="en")
    with pytest.raises(ValueError, match="person"):
        HotSeat(Rules.preset("block", 2), names=["random", "random"], seed=1, lang="en")


def test_the_table_diagram_writes_names_as_text() -> None:
    """Names in a diagram are text, escaped; equal input gives the same bytes; a table
    drawn without names is the table as it always was."""
    position = Round.deal(Rules.preset("block", 2), 3)
    named = svg.table(position, names=NAMES[:2], lang="fi")
    assert "<script>" not in named
    assert "&lt;script&gt;alert(1)&lt;/script&gt; (Pelaaja 1)" in named
    assert 'Ä&amp;Ö "x" (Pelaaja 2)' in named
    assert named == svg.table(position, names=NAMES[:2], lang="fi")
    assert svg.table(position, lang="fi") == svg.table(position, names=None, lang="fi")
