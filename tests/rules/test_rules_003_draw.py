"""003's table of rule changes, row by row: the draw game (preset ``draw``) beside Block.

003 explains Block by setting it against the standard draw game ("Domino (standard)").
RULES.md makes that column playable as the ``draw`` preset: as ``block``, except that the
undealt tiles form a pot to draw from. Each test quotes the row (or sentence) it checks,
for the draw game and, where the row differs, for Block.
"""

from __future__ import annotations

import pytest
from conftest import assert_worded, positions

from blockdomino import Chain, Draw, IllegalMoveError, Pass, Play, Round, Rules, Tile
from blockdomino.analysis.players import play_round
from blockdomino.engine.scoring import Ending
from blockdomino.engine.tiles import parse_tiles

DRAW2 = Rules.preset("draw", 2)


def _stuck(pot: str, other: str = "[3|5] [3|3]") -> Round:
    """Player 1 to move with nothing for the ends 5 and 5, and ``pot`` to draw from;
    player 2 holds ``other`` (by default a tile that fits)."""
    return Round.from_hands(
        DRAW2,
        ["[1|4] [2|6]", other],
        chain=Chain.parse("[5|5]"),
        out_of_play=parse_tiles(pot),
    )


def test_the_draw_preset_is_block_with_a_pot() -> None:
    """RULES.md, "The draw game, for comparison": as ``block`` (hands, leader, opening,
    turns, winner, no points), except that the undealt tiles form the pot."""
    for players in (2, 3, 4):
        draw, block = Rules.preset("draw", players), Rules.preset("block", players)
        assert draw.pot
        assert not block.pot
        assert (draw.tiles_each, draw.first_leader, draw.opening, draw.direction) == (
            block.tiles_each,
            block.first_leader,
            block.opening,
            block.direction,
        )
        assert draw.target is None
        assert not draw.partnership


def test_row_drawing_draw_until_a_tile_fits() -> None:
    """003, row "Dragning", Domino (standard): "Den som inte kan spela drar ur potten tills
    en bricka passar eller potten är tom." — one tile at a time, the drawer stays to move,
    and once a tile fits it must be played: no more drawing, no pass."""
    position = _stuck("[0|1] [2|3] [4|5] [6|6]")
    first = position.draw()
    assert first.history[-1] == Draw(0, Tile(0, 1))
    assert first.turn == 0
    assert not first.can_play()
    second = first.draw()
    assert second.history[-1] == Draw(0, Tile(2, 3))
    fits = second.draw()
    assert fits.history[-1] == Draw(0, Tile(4, 5))
    assert {move.tile for move in fits.legal_moves()} == {Tile(4, 5)}
    with pytest.raises(IllegalMoveError) as drawing:
        fits.draw()
    assert drawing.value.key == "error.round.draw_with_move"
    assert_worded(drawing.value)
    with pytest.raises(IllegalMoveError):
        fits.pass_turn()
    assert fits.play(fits.legal_moves()[0]).turn == 1


def test_row_drawing_nobody_ever_draws_in_block() -> None:
    """003, row "Dragning", Blockspel: "Ingen drar någonsin." — a draw is refused in every
    Block preset, with a message, even with nothing to play."""
    position = Round.from_hands(
        Rules.preset("block", 2), ["[1|4] [2|6]", "[0|2] [3|3]"], chain=Chain.parse("[5|5]")
    )
    with pytest.raises(IllegalMoveError) as refused:
        position.draw()
    assert refused.value.key == "error.round.no_pot"
    assert_worded(refused.value)
    assert position.pot == ()
    assert not position.can_draw()


def test_row_cannot_play_pass_only_with_an_empty_pot() -> None:
    """003, row "När du inte kan spela", Domino (standard): "Du står över bara när ingen
    bricka passar och potten är tom." — a pass is refused while the pot holds tiles; with
    the pot empty and nothing fitting, the player passes."""
    with pytest.raises(IllegalMoveError) as refused:
        _stuck("[0|1]").pass_turn()
    assert refused.value.key == "error.round.pass_with_pot"
    assert_worded(refused.value)
    emptied = _stuck("[0|1]").draw()
    assert emptied.pot == ()
    assert not emptied.is_over
    with pytest.raises(IllegalMoveError) as nothing:
        emptied.draw()
    assert nothing.value.key == "error.round.pot_empty"
    passed = emptied.pass_turn()
    assert passed.history[-1] == Pass(0)
    assert passed.turn == 1


def test_row_cannot_play_block_passes_at_once() -> None:
    """003, row "När du inte kan spela", Blockspel: "Du står över så fort ingen bricka på
    handen passar." — the same position in Block passes with tiles left out of play."""
    position = Round.from_hands(
        Rules.preset("block", 2), ["[1|4] [2|6]", "[3|5] [3|3]"], chain=Chain.parse("[5|5]")
    )
    assert position.out_of_play
    assert position.pass_turn().turn == 1


@pytest.mark.parametrize(("players", "pot"), [(2, 14), (3, 13), (4, 8)])
def test_row_out_of_play_tiles_leave_the_pot_as_they_are_drawn(players: int, pot: int) -> None:
    """003, row "Brickor utanför spel", Domino (standard): "Brickorna lämnar potten när
    spelarna drar dem." — the pot starts with the undealt 14, 13 or 8 tiles and loses
    exactly the drawn tile, to the drawer's hand, at every draw."""
    rules = Rules.preset("draw", players)
    for seed in range(20):
        start = Round.deal(rules, seed)
        assert len(start.pot) == pot
        for before, after in zip(
            positions(start, seed), list(positions(start, seed))[1:], strict=False
        ):
            event = after.history[-1]
            if isinstance(event, Draw):
                assert before.pot[0] == event.tile
                assert after.pot == before.pot[1:]
                assert event.tile in after.hands[event.seat]
                assert len(after.hands[event.seat]) == len(before.hands[event.seat]) + 1
            else:
                assert after.pot == before.pot


def test_row_the_end_blocked_only_with_an_empty_pot() -> None:
    """003, row "Partiets slut": "Den som först går ut vinner. Om ingen kan spela vinner lägst
    prickssumma på handen; lika lägsta summor blir oavgjort." — in the draw game nobody
    can play only once the pot is empty: until then the round goes on, and the last draw
    that leaves nobody able to play blocks it; the lowest hand wins."""
    position = _stuck("[0|1]", other="[0|2] [3|3]")
    assert not position.is_blocked
    assert not position.is_over
    blocked = position.draw()
    assert blocked.is_blocked
    assert blocked.is_over
    result = blocked.result
    assert result is not None
    assert result.ending is Ending.BLOCKED
    assert result.totals == (1 + 4 + 2 + 6 + 0 + 1, 0 + 2 + 3 + 3)
    assert result.winners == (1,)


def test_row_the_end_equal_lowest_totals_draw_the_round() -> None:
    """003, row "Partiets slut": "lika lägsta summor blir oavgjort." — the draw game too."""
    tied = Round.from_hands(
        DRAW2, ["[1|4] [2|2]", "[0|2] [3|4]"], chain=Chain.parse("[5|5]"), out_of_play=()
    )
    assert tied.is_over
    result = tied.result
    assert result is not None
    assert result.winners == ()


@pytest.mark.parametrize(
    ("hands", "chain", "tile", "winners"),
    [
        (["[2|3]", "[3|3] [0|1]", "[4|4]"], "[1|3]", Tile(2, 3), (0,)),
        (["[5|6] [0|2]", "[3|4]", "[0|4] [1|3]"], "[4|6], [6|6], [4|5]", Tile(5, 6), (0,)),
        (["[5|6] [1|2]", "[0|3]", "[0|4] [1|3]"], "[4|6], [6|6], [4|5]", Tile(5, 6), ()),
    ],
    ids=["domino", "blocked", "tied"],
)
def test_row_the_end_the_same_in_block(
    hands: list[str], chain: str, tile: Tile, winners: tuple[int, ...]
) -> None:
    """003, row "Partiets slut", Blockspel: "Samma." — the same hands end the same way in
    Block as in the draw game with its pot empty: the first out wins; blocked, the lowest
    total wins; equal lowest, nobody."""
    results = []
    for name in ("block", "draw"):
        start = Round.from_hands(
            Rules.preset(name, 3), hands, chain=Chain.parse(chain), out_of_play=()
        )
        end = next(end for end in start.chain.ends_for(tile) if end.pips != 6)
        result = start.play(tile, end).result
        assert result is not None
        results.append((result.ending, result.dominoer, result.totals, result.winners))
    assert results[0] == results[1]
    assert results[0][3] == winners


def test_row_other_choices_two_to_four_players() -> None:
    """003, row "Andra val": "Två till fyra spelare …" — the draw game for 2, 3 and 4, each
    for themselves (RULES.md: the partner option belongs to Block's presets)."""
    for players in (2, 3, 4):
        final = play_round(Round.deal(Rules.preset("draw", players), players), seed=players)
        assert final.is_over
        assert len(final.hands) == players


def test_drawn_tiles_are_secret_but_to_the_drawer() -> None:
    """RULES.md: "Drawn tiles are secret like the hand." — a ``Draw`` shows its tile to the
    drawer only."""
    event = _stuck("[0|1]").draw().history[-1]
    assert isinstance(event, Draw)
    assert event.seen_by(0) == Tile(0, 1)
    assert event.seen_by(1) is None
    assert event.seen_by(None) is None


def test_every_turn_usually_adds_a_tile_in_the_draw_game() -> None:
    """003: "I standardspelet med dragning skulle den spelaren dra brickor ur potten tills en
    passar, så varje tur brukar lägga en bricka till raden. Här kostar det bara turen att stå
    över …" — over the same seeds, the draw game passes far less often than Block."""
    passes = {}
    for name in ("draw", "block"):
        rules = Rules.preset(name, 2)
        rounds = [play_round(Round.deal(rules, seed), seed=seed) for seed in range(200)]
        passes[name] = sum(isinstance(e, Pass) for r in rounds for e in r.history)
        plays = sum(isinstance(e, Play) for r in rounds for e in r.history)
        assert plays > 0
    assert passes["draw"] * 4 < passes["block"]
