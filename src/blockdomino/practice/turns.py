"""Topics on turns: passing (must you play, or may you pass?) and blocked rounds (is the
round over, and why?).

A player who can play must play; one who cannot passes without drawing: in Block
nobody draws, the tiles out of play stay face down all round. The round is blocked,
and over at once, when no hand holds a tile for either end; a pass alone blocks nothing.
"""

from __future__ import annotations

import random

from blockdomino.engine.round import Round
from blockdomino.engine.tiles import Tile
from blockdomino.practice.drafts import (
    Draft,
    dealt,
    ends,
    first,
    given_ends,
    playable,
    tile_value,
    walk,
)
from blockdomino.practice.items import Choice, Phrase, Seat, phrase
from blockdomino.practice.misfits import misfits

PLAYERS = (2, 3, 4)
"""Players at the table at levels 1, 2 and 3."""


def _open(position: Round) -> bool:
    return not position.is_over and bool(position.chain.tiles)


def _draw_choice() -> Choice:
    return Choice("draw", phrase("practice.choice.draw"), phrase("practice.mistake.draw"))


def _play_choices(position: Round, level: int) -> tuple[Choice, ...]:
    """Level 1: "Play a tile". Later levels: "Play [a|b]" for the tile that fits, and
    for the tiles that do not, one for each slip that explains it (``practice.misfits``)."""
    left, right = ends(position)
    fitting = playable(position)
    if level == 1:
        mistake = None if fitting else phrase("widgets.pass.cannot_play", left=left, right=right)
        return (Choice("play", phrase("practice.choice.play"), mistake),)
    offered: list[tuple[Tile, Phrase | None]] = [(tile, None) for tile in fitting]
    offered += misfits((tile for tile in position.hand if tile not in fitting), position.chain)
    return tuple(
        Choice(tile_value(tile), phrase("practice.choice.play_tile", tile=tile), slip)
        for tile, slip in offered
    )


def _pass_choice(position: Round) -> Choice:
    fitting = playable(position)
    mistake = phrase("error.round.pass_with_move", tiles=fitting) if fitting else None
    return Choice("pass", phrase("practice.choice.pass"), mistake)


def passing(level: int, rng: random.Random) -> Draft | None:
    """Play or pass (1); which tile, or pass (2, 3, more players and bigger choices)."""
    must_pass = rng.random() < 0.5
    position = first(
        walk(dealt("match", PLAYERS[level - 1], rng), rng),
        lambda p: (
            _open(p)
            and p.can_play() != must_pass
            and len(p.hand) >= 2 + level
            and len(playable(p)) <= (1 if level > 1 else len(p.hand))
        ),
    )
    if position is None:
        return None
    choices = (_pass_choice(position), *_play_choices(position, level), _draw_choice())
    left, right = ends(position)
    fitting = playable(position)
    why = (
        phrase("practice.explain.must_play", tiles=fitting)
        if fitting
        else phrase("widgets.pass.cannot_play", left=left, right=right)
    )
    return Draft.sorting(
        position,
        (position.turn,),
        (
            given_ends(position),
            phrase("practice.given.hand", tiles=position.hand),
            phrase("practice.passing.question"),
        ),
        choices,
        (why, phrase("practice.explain.nobody_draws")),
    )


def who_can_play(position: Round) -> tuple[int, Tile] | None:
    """The first seat, in turn order from the seat to move, holding a tile for an end,
    and that tile; ``None`` when nobody can play."""
    left, right = ends(position)
    rules = position.rules
    seat = position.turn
    for _ in range(rules.players):
        for tile in position.hands[seat]:
            if tile.has(left) or tile.has(right):
                return seat, tile
        seat = rules.next_seat(seat)
    return None


def _fewest_tiles(position: Round) -> int:
    return min(range(position.rules.players), key=lambda seat: len(position.hands[seat]))


def _numbers_phrase(two: str, one: str, left: int, right: int) -> Phrase:
    """ "No hand holds a 2 or a 6" (``two``), or "… a 6" (``one``) when both ends show
    the same number."""
    if left == right:
        return phrase(one, number=left)
    return phrase(two, left=left, right=right)


def _asks_well(position: Round, blocked: bool, level: int) -> bool:
    """A blocked round's end, or a round going on that looks stuck: from level 2 the
    seat to move cannot play, though another seat can."""
    if not position.chain.tiles or position.dominoer is not None:
        return False
    if blocked:
        return position.is_blocked
    return (
        not position.is_over
        and len(position.chain) >= 4
        and (level == 1 or not position.can_play())
    )


def blocked(level: int, rng: random.Random) -> Draft | None:
    """Is the round over, and why: two (1), three (2) or four players in teams (3)."""
    is_blocked = rng.random() < 0.5
    preset = "partnership" if level == 3 else "match"
    position = first(
        walk(dealt(preset, PLAYERS[level - 1], rng), rng),
        lambda p: _asks_well(p, is_blocked, level),
    )
    if position is None:
        return None
    left, right = ends(position)
    fewest = Seat(_fewest_tiles(position))
    can_play = who_can_play(position)
    goes_on_mistake = _numbers_phrase(
        "practice.mistake.nobody_fits", "practice.mistake.nobody_fits_one", left, right
    )
    if can_play is None:
        blocked_mistake = None
        why: tuple[Phrase, ...] = (
            phrase("explain.blocked"),
            _numbers_phrase(
                "practice.explain.no_hand_fits", "practice.explain.no_hand_fits_one", left, right
            ),
        )
    else:
        blocked_mistake = phrase(
            "practice.mistake.pass_not_block", player=Seat(can_play[0]), tile=can_play[1]
        )
        why = (
            phrase("practice.explain.can_still_play", player=Seat(can_play[0]), tile=can_play[1]),
        )
    choices = (
        Choice(
            "goes_on",
            phrase("practice.choice.goes_on"),
            goes_on_mistake if can_play is None else None,
        ),
        Choice("blocked", phrase("practice.choice.blocked"), blocked_mistake),
        Choice(
            "domino",
            phrase("practice.choice.domino", player=fewest),
            phrase("practice.mistake.not_domino", player=fewest),
        ),
    )
    return Draft.sorting(
        position,
        tuple(range(position.rules.players)),
        (given_ends(position), phrase("practice.blocked.question")),
        choices,
        why,
    )
