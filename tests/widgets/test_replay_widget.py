"""Replays: a round, a match or a worked example walked through step by step.

The widget is driven by clicking its buttons and moving its slider, as a teacher
does; each step is checked against the engine's own positions.
"""

from __future__ import annotations

import re

import pytest
from conftest import PRESET_PLAYERS
from tables import face_up

from blockdomino import Match, Round, Rules, describe, records
from blockdomino.analysis.players import play_match, play_round
from blockdomino.engine.positions import positions as replayed
from blockdomino.play.walkthrough import frames
from blockdomino.records import to_record
from blockdomino.widgets import Replay
from blockdomino.words.examples import CHAIN_EXAMPLES, ChainExample
from blockdomino.words.i18n import translate
from blockdomino.words.text import player_name

KEY_LEAK = re.compile(r"\b(?:replay|narration|widgets|error|explain|term|svg)\.[a-z_]+")


def _finished(preset: str, players: int, seed: int = 5) -> Round:
    return play_round(Round.deal(Rules.preset(preset, players), seed), seed=seed)


def test_the_buttons_step_forwards_and_back() -> None:
    position = _finished("match", 2)
    replay = Replay(position, lang="en")
    assert len(replay.frames) == len(position.history) + 1
    assert replay.first_button.disabled
    assert replay.back_button.disabled
    assert "The tiles are dealt." in replay.view.value
    replay.forward_button.click()
    assert replay.step == 1
    assert "opens the chain with" in replay.view.value
    replay.last_button.click()
    assert replay.step == len(position.history)
    assert replay.forward_button.disabled
    assert replay.last_button.disabled
    assert translate("widgets.round.over", "en") in replay.view.value
    replay.back_button.click()
    assert replay.step == len(position.history) - 1
    replay.first_button.click()
    assert replay.step == 0
    replay.slider.value = 3
    assert replay.frame is replay.frames[3]
    assert "Step 3 of" in replay.view.value


@pytest.mark.parametrize(("preset", "players"), PRESET_PLAYERS)
def test_each_step_shows_the_table_after_that_event(preset: str, players: int) -> None:
    """001/000: each step is the engine's position after the event, chain described."""
    position = _finished(preset, players)
    steps = replayed(position)
    replay = Replay(position, lang="fi")
    for number, after in enumerate(steps):
        replay.slider.value = number
        assert describe(after.chain, "fi", spoken=True) in replay.view.value
        assert not KEY_LEAK.search(replay.view.value)


def test_a_pass_is_said_with_the_numbers_the_seat_could_not_match() -> None:
    """000: "Muuten ohitat vuorosi nostamatta laattaa." — said with the numbers not matched."""
    position = _finished("match", 2, seed=1)
    replay = Replay(position, lang="en")
    passing = next(
        n for n, event in enumerate(position.history, start=1) if event.__class__.__name__ == "Pass"
    )
    replay.go(passing)
    before = replayed(position)[passing - 1]
    left, right = before.chain.numbers or (0, 0)
    assert f"cannot match {left} or {right} and passes" in replay.view.value


def test_hands_stay_face_down_unless_revealed() -> None:
    """000: "Pidä kätesi salassa pelin aikana." and "Paljasta jäljellä olevat kädet." — a
    replay for the class shows hands face up only when asked to, and all at the end."""
    position = _finished("block", 3)
    labels = [f"Player {seat + 1}" for seat in range(3)]
    hidden = frames(position, lang="en")
    shown = frames(position, lang="en", reveal=True)
    for frame in hidden[:-1]:
        assert face_up("".join(frame.figures), labels) == set()
        assert "could play " not in " ".join(frame.lines)
    assert face_up("".join(hidden[-1].figures), labels) == {0, 1, 2} - {position.dominoer}
    assert face_up("".join(shown[0].figures), labels) == {0, 1, 2}
    assert any("could play " in " ".join(frame.lines) for frame in shown)


def test_a_seed_a_record_and_a_match_are_sources() -> None:
    seeded = Replay(7, lang="sv", rules=Rules.preset("block", 4))
    assert seeded.frames == tuple(frames(7, lang="sv", rules=Rules.preset("block", 4)))
    position = _finished("partnership", 4)
    from_record = Replay(records.to_record(position), lang="sv")
    assert from_record.frames == Replay(position, lang="sv").frames
    match = play_match(Match.start(Rules.preset("match", 3, target=40), seed=2), seed=2)
    assert len(match.log) > 1
    whole = Replay(match, lang="fi")
    assert len(whole.frames) == sum(len(r.final.history) + 1 for r in match.log if r.final)
    assert "Kierros 2" in " ".join(frame.heading for frame in whole.frames)


@pytest.mark.parametrize("example", CHAIN_EXAMPLES, ids=lambda example: example.id)
def test_each_worked_example_is_built_tile_by_tile(example: ChainExample) -> None:
    """000's worked examples: one step per tile, ending at the document's chain."""
    replay = Replay(example, lang="fi")
    assert len(replay.frames) == len(example.tiles)
    replay.last_button.click()
    assert describe(example.chain, "fi", spoken=True) in replay.view.value
    assert example.caption("fi") in replay.view.value


def test_the_projector_size_is_larger() -> None:
    assert "zoom:" in Replay(3, lang="en", large=True).view.value
    assert "zoom:" not in Replay(3, lang="en").view.value


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_a_record_s_names_are_said_to_the_last_step(lang: str) -> None:
    """000: "Paljasta jäljellä olevat kädet. Laske kunkin laatan molempien puolikkaiden
    silmät" — the award is worked out hand by hand; a hot-seat game replayed
    from its record names the players by their names in every step, the award's
    arithmetic at the end included, not by their numbers alone."""
    position = _finished("match", 2)
    record = to_record(position, seats=[{"name": "Aino"}, {"name": "Ville"}])
    last = frames(record, lang=lang)[-1]
    steps = " ".join(last.lines)
    first = translate("narration.named", lang, name="Aino", player=player_name(0, lang))
    second = translate("narration.named", lang, name="Ville", player=player_name(1, lang))
    assert first in steps
    assert second in steps
    unnamed = " ".join(frames(position, lang=lang)[-1].lines)
    assert "Aino" not in unnamed
    assert player_name(0, lang) in unnamed
