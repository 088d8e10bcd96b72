"""Every position of a round, from its deal: the round as dealt, then after each event.

A round remembers its deal through its events. Each seat's hand as dealt is the tiles it
holds and the tiles it has played, less the tiles it drew from the pot; the tiles not
dealt are the pot as it lies now with the drawn tiles back on top, in the order they were
drawn. A round set up by hand in the middle (``Round.from_hands(…, chain=…)``) has no
deal to go back to: its chain holds tiles no event placed.
"""

from __future__ import annotations

from dataclasses import replace

from blockdomino.engine.chain import Chain
from blockdomino.engine.dealing import BY_INDEX
from blockdomino.engine.errors import RulesError
from blockdomino.engine.events import Draw, Event, Pass, Play
from blockdomino.engine.round import Round
from blockdomino.engine.tiles import Tile


def from_its_deal(position: Round) -> bool:
    """Whether every tile of the chain was placed by an event of the round's history."""
    played = sum(isinstance(event, Play) for event in position.history)
    return played == len(position.chain.tiles)


def dealt_hands(position: Round) -> tuple[tuple[Tile, ...], ...]:
    """Each seat's hand as dealt: the tiles it holds and the tiles it has played, but not
    the tiles it drew from the pot (the draw game); in set order."""
    hands = [list(hand) for hand in position.hands]
    for event in position.history:
        if isinstance(event, Play):
            hands[event.seat].append(event.tile)
    for event in position.history:
        if isinstance(event, Draw) and event.tile is not None:
            hands[event.seat].remove(event.tile)
    return tuple(tuple(sorted(hand, key=BY_INDEX)) for hand in hands)


def undealt(position: Round) -> tuple[Tile, ...]:
    """The tiles not dealt, as they lay after the deal: in the draw game the pot, the
    tiles drawn since on top in the order they were drawn."""
    drawn = [event.tile for event in position.history if isinstance(event, Draw) and event.tile]
    return (*drawn, *position.out_of_play)


def as_dealt(position: Round) -> Round:
    """The round as it was dealt, before its first event: the same rules, leader and
    lead, the hands and the undealt tiles as dealt, an empty chain, the first to move.

    A round set up in the middle is refused (``RulesError``): its deal is not known.
    """
    if not from_its_deal(position):
        raise RulesError("error.round.not_from_deal")
    first = position.history[0].seat if position.history else position.turn
    return replace(
        position,
        hands=dealt_hands(position),
        chain=Chain(),
        out_of_play=undealt(position),
        turn=first,
        history=(),
    )


def after(position: Round, event: Event) -> Round:
    """``position`` after ``event``, applied through the rules: a play at its end, a pass,
    or a draw of the pot's top tile."""
    if isinstance(event, Pass):
        return position.pass_turn()
    if isinstance(event, Draw):
        return position.draw()
    return position.play(event.tile, event.end)


def positions(position: Round) -> tuple[Round, ...]:
    """Every position of a round: as dealt, then after each of its events in turn; the
    last is ``position`` itself (equal to it)."""
    steps = [as_dealt(position)]
    for event in position.history:
        steps.append(after(steps[-1], event))
    return tuple(steps)
