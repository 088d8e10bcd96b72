""" "What do we know?" says what the other hands probably lack and hold, with evidence a
pupil can check on the table (003: reading what the others played)."""

from __future__ import annotations

import random

import pytest

from blockdomino import Round, Rules
from blockdomino.analysis.coach import View, knowledge
from blockdomino.analysis.coach.claims import PROBABLY, SeatReading, read_hands
from blockdomino.analysis.coach.words import knowledge_lines, reading_lines
from blockdomino.analysis.players import STRATEGIES, step
from blockdomino.engine.events import Play
from blockdomino.play.coaching import knowledge_table


def readings(preset: str, plays: int, seeds: range) -> list[tuple[Round, SeatReading]]:
    """Positions some plays into heaviest-first rounds, with what the coach reads there."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        position = Round.deal(Rules.preset(preset), seed)
        for _ in range(plays):
            following = step(position, STRATEGIES["heaviest"], rng)
            if following.is_over:
                break
            position = following
        found.extend((position, reading) for reading in read_hands(position))
    return found


def test_a_number_said_missing_comes_with_a_play_over_it() -> None:
    """The evidence is true on the table: the seat played that tile, showing no such
    number, while an end showed it; and the chance is high enough to say "probably"."""
    lacks = [
        (position, reading.seat, lack)
        for position, reading in readings("partnership", 10, range(12))
        for lack in reading.lacks
    ]
    assert any(lack.played is not None for _, _, lack in lacks)
    for position, seat, lack in lacks:
        assert lack.chance >= PROBABLY
        assert lack.number not in View.of(position).ruled_out[seat]
        if lack.played is not None:
            assert not lack.played.has(lack.number)
            assert any(
                isinstance(event, Play) and event.seat == seat and event.tile == lack.played
                for event in position.history
            )


def test_a_tile_nobody_else_can_hold_is_a_must() -> None:
    """With every tile dealt (partnership) and the other two seats ruled out of a tile,
    the third must hold it: said as sure, not as probable."""
    musts = [
        (position, reading.seat, holding)
        for position, reading in readings("partnership", 22, range(30))
        for holding in reading.holds
        if holding.alone
    ]
    assert musts
    for position, seat, holding in musts:
        assert holding.tile in position.hands[seat]
        assert holding.chance == pytest.approx(1)


def test_the_claims_in_three_languages() -> None:
    """One sentence per claim, the tile and the number in it, in fi, sv and en."""
    position, reading = next(
        (position, reading)
        for position, reading in readings("partnership", 10, range(12))
        if any(lack.played for lack in reading.lacks)
    )
    lack = next(lack for lack in reading.lacks if lack.played)
    for lang in ("fi", "sv", "en"):
        lines = reading_lines(reading, lang)
        assert len(lines) == len(reading.lacks) + len(reading.holds)
        assert any(str(lack.played) in line and str(lack.number) in line for line in lines)
        known = knowledge_lines(knowledge(position), lang, read_hands(position))
        assert set(lines) <= set(known)
        assert set(lines) - set(knowledge_lines(knowledge(position), lang)) == set(lines)
    assert "Probably holds no tile showing" in " ".join(reading_lines(reading, "en"))
    assert "luultavasti" in " ".join(reading_lines(reading, "fi"))
    assert "troligen" in " ".join(reading_lines(reading, "sv"))
    assert "Probably holds no tile showing" in knowledge_table(position, "en")


def test_the_front_door_reads_the_hands() -> None:
    """``blockdomino.coach`` offers the reading to a Python user, with its words."""
    from blockdomino import coach

    position, reading = next(
        (position, reading)
        for position, reading in readings("partnership", 10, range(12))
        if reading.lacks
    )
    assert reading in coach.read_hands(position)
    assert coach.reading_lines(reading, "en")[0] in coach.knowledge_lines(
        coach.knowledge(position), "en", coach.read_hands(position)
    )
