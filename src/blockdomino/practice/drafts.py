"""What every topic shares: positions from rounds played out, and choices from mistakes.

Each topic walks rounds dealt and played by random moves from the item's generator and
takes the first position that asks its question well; ``Draft`` is what it found, and
``Draft.item`` shuffles the choices and seals the item.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from blockdomino.analysis.players import random_move, step
from blockdomino.engine.chain import Chain
from blockdomino.engine.round import Pass, Play, Round
from blockdomino.engine.rules import Rules
from blockdomino.engine.tiles import Tile
from blockdomino.practice.items import Choice, Item, Phrase, Reason, Value, phrase

MAX_CHOICES = 4
"""At most this many choices: the right one and three mistakes."""


@dataclass(frozen=True, slots=True)
class Draft:
    """A question found in a position, its choices not yet shuffled (the right one first)."""

    position: Round
    shown: tuple[int, ...]
    question: tuple[Phrase, ...]
    right: Choice
    wrong: tuple[Choice, ...]
    explanation: tuple[Reason, ...]

    @classmethod
    def sorting(
        cls,
        position: Round,
        shown: tuple[int, ...],
        question: tuple[Phrase, ...],
        choices: Sequence[Choice],
        explanation: tuple[Reason, ...],
    ) -> Draft:
        """A draft whose choices are given in any order, exactly one of them right."""
        (right,) = [choice for choice in choices if choice.is_right]
        wrong = tuple(choice for choice in choices if not choice.is_right)
        return cls(position, shown, question, right, wrong, explanation)

    def item(self, topic: str, level: int, seed: int, rng: random.Random) -> Item | None:
        """The item, with at most three mistakes (each a different answer, none below
        zero) in shuffled order; ``None`` when fewer than two different answers are left
        to choose from."""
        choices = [self.right]
        for choice in self.wrong:
            if not below_zero(choice.value) and all(choice.value != kept.value for kept in choices):
                choices.append(choice)
        if len(choices) < 2:
            return None
        kept = [choices[0], *rng.sample(choices[1:], min(len(choices) - 1, MAX_CHOICES - 1))]
        rng.shuffle(kept)
        return Item(
            topic,
            level,
            seed,
            self.position,
            self.shown,
            self.question,
            self.drawn_order(kept),
            self.explanation,
        )

    def drawn_order(self, choices: Sequence[Choice]) -> tuple[Choice, ...]:
        """``choices`` as a pupil reads them under the hands drawn above: the tiles of
        those hands first, in the order they are drawn, then the other answers as they
        stand."""
        drawn = [tile_value(t) for seat in self.shown for t in self.position.hands[seat]]
        tiles = sorted((c for c in choices if c.value in drawn), key=lambda c: drawn.index(c.value))
        return (*tiles, *(c for c in choices if c.value not in drawn))


def below_zero(value: Value) -> bool:
    """Whether an answer holds a number below zero: no count, score or points can be,
    so such a slip is never offered as a choice."""
    parts = value if isinstance(value, tuple) else (value,)
    return any(isinstance(part, int) and part < 0 for part in parts)


Maker: TypeAlias = Callable[[int, random.Random], Draft | None]
"""A topic: from a level and a generator, a draft, or ``None`` to try another round."""


def dealt(preset: str, players: int | None, rng: random.Random) -> Round:
    """A round of ``preset`` dealt from ``rng`` and led as its rules say."""
    return Round.deal(Rules.preset(preset, players), rng)


def walk(position: Round, rng: random.Random) -> Iterator[Round]:
    """``position`` and every position after it as random moves play the round out."""
    while True:
        yield position
        if position.is_over:
            return
        position = step(position, random_move, rng)


def first(positions: Iterator[Round], accept: Callable[[Round], bool]) -> Round | None:
    """The first of ``positions`` that ``accept`` takes, or ``None``."""
    return next((position for position in positions if accept(position)), None)


def passes(position: Round) -> tuple[tuple[int, tuple[int, int]], ...]:
    """Every pass of the round so far: the seat and the two numbers the ends showed.

    Nobody ever draws in Block, so the chain did not change between a pass and the last
    play before it: the ends showed what they show after that play.
    """
    found = []
    chain = Chain()
    for event in position.history:
        if isinstance(event, Pass):
            assert chain.numbers is not None  # nobody passes before the opening
            found.append((event.seat, chain.numbers))
        elif isinstance(event, Play):
            chain = chain.play(event.tile, event.end)
    return tuple(found)


def playable(position: Round) -> tuple[Tile, ...]:
    """The tiles the seat to move can play, each once, in hand order."""
    return tuple(dict.fromkeys(move.tile for move in position.legal_moves()))


def ends(position: Round) -> tuple[int, int]:
    """The numbers the two open ends show (the chain is open)."""
    numbers = position.chain.numbers
    assert numbers is not None
    return numbers


def given_ends(position: Round) -> Phrase:
    """ "The open ends show 3 and 5." """
    left, right = ends(position)
    return phrase("practice.given.ends", left=left, right=right)


def number_choices(
    right: int, slips: Sequence[tuple[int, Phrase]]
) -> tuple[Choice, tuple[Choice, ...]]:
    """A count to choose: the right one and the slips, each a number and its mistake;
    one more than the right count stands for a miscount."""
    wrong = [*slips, (right + 1, phrase("practice.mistake.miscount", number=right))]
    right_choice = Choice(right, phrase("practice.choice.number", number=right))
    return right_choice, tuple(
        Choice(number, phrase("practice.choice.number", number=number), mistake)
        for number, mistake in wrong
    )


def tile_value(tile: Tile) -> Value:
    """A tile as an answer: "[1|4]"."""
    return str(tile)


def game_phrase(rules: Rules) -> Phrase:
    """The kind of game, said first: a single Block game, a Block match to its target
    for so many players, or the team game's match (a pupil taught that the team game has
    no points must be told when a team game is played to a target)."""
    if rules.partnership:
        return phrase("practice.game.team_match", target=rules.target or 0)
    if rules.target is None:
        return phrase("practice.game.single", players=rules.players)
    return phrase("practice.game.match", target=rules.target, players=rules.players)
