"""Topic: the leader. Who opens the round, with which tile, and who plays next.

In the single-hand game (``block``) the holder of the highest double leads with it. In
the team game (``partnership``) the holder of [6|6] opens with it and play passes to
the right, anticlockwise. In a match (``match``) the first leader is found by a fair
draw: each player draws a tile, the most pips lead, and the tied draw again; any tile
may open.
"""

from __future__ import annotations

import random

from blockdomino.engine.round import Round
from blockdomino.engine.tiles import Tile
from blockdomino.practice.drafts import Draft, dealt, first, game_phrase, walk
from blockdomino.practice.items import Choice, Phrase, Pips, Seat, phrase


def _leads_with(seat: int, tile: Tile, mistake: Phrase | None) -> Choice:
    return Choice(
        (seat + 1, str(tile)),
        phrase("practice.choice.leads_with", player=Seat(seat), tile=tile),
        mistake,
    )


def _holder(position: Round, tile: Tile) -> int:
    return next(seat for seat, hand in enumerate(position.hands) if tile in hand)


def _highest_double(rng: random.Random) -> Draft | None:
    """Level 1: who leads a single-hand game, and with which tile?"""
    position = dealt("block", rng.choice((2, 3, 4)), rng)
    assert position.lead is not None
    assert position.lead.tile is not None
    double, leader = position.lead.tile, position.leader
    dealt_tiles = [tile for hand in position.hands for tile in hand]
    heaviest = max(dealt_tiles, key=lambda tile: (tile.pips, tile.index))
    lowest = min((tile for tile in dealt_tiles if tile.is_double), key=lambda tile: tile.index)
    others = [tile for tile in position.hands[leader] if tile is not double]
    wrong = [
        _leads_with(
            _holder(position, heaviest), heaviest, phrase("practice.mistake.heaviest_not_double")
        ),
        _leads_with(
            _holder(position, lowest), lowest, phrase("practice.mistake.lowest_double", tile=double)
        ),
        _leads_with(0, position.hands[0][-1], phrase("practice.mistake.first_player")),
    ]
    if others:
        wrong.append(
            _leads_with(leader, others[-1], phrase("practice.mistake.any_tile", tile=double))
        )
    return Draft(
        position,
        tuple(range(position.rules.players)),
        (game_phrase(position.rules), phrase("practice.leader.block")),
        _leads_with(leader, double, None),
        tuple(choice for choice in wrong if choice.value != (leader + 1, str(double))),
        (phrase("practice.explain.highest_double", player=Seat(leader), tile=double),),
    )


def _player(seat: int, mistake: Phrase | None) -> Choice:
    return Choice(seat + 1, phrase("practice.choice.player", player=Seat(seat)), mistake)


def _next_in_team_game(rng: random.Random) -> Draft | None:
    """Level 2: [6|6] has opened the team game; who plays next?"""
    position = first(walk(dealt("partnership", None, rng), rng), lambda p: len(p.chain) == 1)
    if position is None:
        return None
    leader = position.leader
    following = position.turn
    partner = (leader + 2) % 4
    return Draft(
        position,
        (),
        (phrase("practice.leader.partnership", player=Seat(leader)),),
        _player(following, None),
        (
            _player((leader + 1) % 4, phrase("practice.mistake.clockwise")),
            _player(partner, phrase("practice.mistake.partner", player=Seat(partner))),
            _player(leader, phrase("practice.mistake.leader_again")),
        ),
        (phrase("practice.explain.to_the_right", player=Seat(leader), next=Seat(following)),),
    )


def _fair_draw(rng: random.Random) -> Draft | None:
    """Level 3: the fair draw of a match; who leads, or do the tied draw again?"""
    position = dealt("match", rng.choice((2, 3, 4)), rng)
    assert position.lead is not None
    drawing = position.lead.draws[0]
    best = max(tile.pips for _, tile in drawing)
    tied = tuple(Seat(seat) for seat, tile in drawing if tile.pips == best)
    players = [
        _player(
            seat, None if len(tied) == 1 and tile.pips == best else _drawn_mistake(tile, best, tied)
        )
        for seat, tile in drawing
    ]
    again_mistake = phrase("practice.mistake.no_tie", player=tied[0]) if len(tied) == 1 else None
    again = Choice("again", phrase("practice.choice.draw_again"), again_mistake)
    why = (
        phrase("practice.explain.most_pips", player=tied[0], pips=Pips(best))
        if len(tied) == 1
        else phrase("practice.explain.tie_redraw", tied=tied, pips=Pips(best))
    )
    draws = tuple(phrase("practice.drew", player=Seat(seat), tile=tile) for seat, tile in drawing)
    return Draft.sorting(
        position,
        (),
        (game_phrase(position.rules), phrase("practice.leader.fair_draw", draws=draws)),
        [*players, again],
        (why,),
    )


def _drawn_mistake(tile: Tile, best: int, tied: tuple[Seat, ...]) -> Phrase:
    """Why the player who drew ``tile`` does not lead."""
    if tile.pips == best:
        return phrase("practice.mistake.tied_draw", tied=tied)
    if tile.is_double:
        return phrase("practice.mistake.double_in_draw", tile=tile, pips=Pips(tile.pips))
    return phrase("practice.mistake.fewer_pips", tile=tile, pips=Pips(best))


def leader(level: int, rng: random.Random) -> Draft | None:
    """The highest double (1), the team game's turn order (2), the match's fair draw (3)."""
    return (_highest_double, _next_in_team_game, _fair_draw)[level - 1](rng)
