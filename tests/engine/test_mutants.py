"""Tests that notice the engine mutants no other test noticed.

Each test names the change it catches: an operator flipped, a default or a boundary
moved, a ``raise`` never run, a value dropped from an event or from an error message.
``docs/mutation.md`` says how the mutation run is made and which mutants are equivalent.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from blockdomino import DOUBLE_SIX, Chain, Round, Rules, RulesError, Tile, records
from blockdomino.engine.events import Draw, LeadDecision, Play
from blockdomino.engine.leftovers import leftover_hands, most_pips
from blockdomino.engine.rules import Direction, FirstLeader, Opening
from blockdomino.engine.scoring import score
from blockdomino.engine.tiles import parse_tiles
from blockdomino.words.text import explain_result

MATCH2 = Rules.preset("match", 2)
BLOCK2 = Rules.preset("block", 2)
DRAW2 = Rules.preset("draw", 2)


# Chain ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["[1|4]", "[1|4] [1|1]", "[2|5] [5|5] [0|2]", "[3|3]"])
def test_fits_asks_both_ends(text: str) -> None:
    """``Chain.fits``: a tile fits when it shows the left end's number or the right
    end's; some tiles here show only the left one (``1 << numbers[0]`` matters)."""
    chain = Chain.parse(text)
    numbers = chain.numbers
    assert numbers is not None
    left_only = [t for t in DOUBLE_SIX if t.has(numbers[0]) and not t.has(numbers[1])]
    assert left_only or numbers[0] == numbers[1]
    for tile in DOUBLE_SIX:
        expected = tile not in chain.tiles and (tile.has(numbers[0]) or tile.has(numbers[1]))
        assert chain.fits(tile) is expected, tile


@pytest.mark.parametrize(
    ("text", "ends"),
    [
        ("[2|2] [2|5]>", [None, "right"]),
        ("[2|2] [2|5]<", [None, "left"]),
        ("[2|2] [2|5]> [5|6] [1|2]", [None, "right", None, None]),
        ("[3|3] [3|4]< [3|5] [4|4]", [None, "left", None, None]),
        ("[1|1] [1|2]> [1|3]< [2|2]", [None, "right", "left", None]),
    ],
)
def test_an_end_mark_places_the_tile_before_it(text: str, ends: list[str | None]) -> None:
    """``Chain.parse``: ``<`` joins the tile before it at the end the line starts from,
    ``>`` at the end it grows to; the tiles between marks go where they alone fit."""
    chain = Chain()
    for tile, end in zip(parse_tiles(text.replace("<", "").replace(">", "")), ends, strict=True):
        if end is None:
            chain = chain.play(tile)
        else:
            first, last = chain.line[0], chain.line[-1]
            chain = chain.play(
                tile,
                chain.end(first.tile, first.left_side)
                if end == "left"
                else chain.end(last.tile, last.right_side),
            )
    assert Chain.parse(text) == chain
    assert Chain.parse(text).line == chain.line
    assert Chain.parse(chain.notation) == chain


@pytest.mark.parametrize(
    "text", ["[2|2] [2|5]>", "[2|2] [2|5]<", "[2|2] [2|5]> [5|6] [1|2]", "[3|3] [3|4]< [3|5]"]
)
def test_notation_marks_a_tile_that_fit_both_ends(text: str) -> None:
    """``notation`` writes ``<`` for a tile placed left of the opening, ``>`` right."""
    assert Chain.parse(text).notation == text


def test_from_tiles_reads_text_and_tiles_alike() -> None:
    expected = Chain.parse("[1|4] [1|1] [4|4]")
    assert Chain.from_tiles(["[1|4]", "[1|1]", "[4|4]"]) == expected
    assert Chain.from_tiles([Tile(1, 4), "[1|1]", Tile(4, 4)]) == expected


# Rules ----------------------------------------------------------------------------------


def test_a_preset_is_for_two_players_unless_told() -> None:
    for name in ("match", "block", "draw"):
        rules = Rules.preset(name)
        assert rules.players == 2
        assert rules.tiles_each == 7
    assert Rules.preset("match").target == 100
    assert Rules.preset("match", 3).target == 61
    assert Rules.preset("partnership").players == 4


def test_a_target_of_one_point_is_a_target() -> None:
    assert Rules.preset("match", target=1).target == 1
    assert Rules.preset("block", target=1).scored


def test_rules_made_by_hand_are_checked_too() -> None:
    """``Rules.__post_init__`` refuses what ``preset`` would (its own ``raise``)."""
    with pytest.raises(RulesError) as refused:
        dataclasses.replace(MATCH2, players=5)
    assert refused.value.key == "error.rules.players"
    assert refused.value.params == {"allowed": (2, 3, 4), "players": 5}
    assert dataclasses.replace(MATCH2, tiles_each=1).tiles_each == 1


def test_presets_are_the_rules_tabulated() -> None:
    """RULES.md's table, field by field (``None`` is no ``False`` here)."""
    d = FirstLeader, Opening, Direction
    assert Rules.preset("partnership") == Rules(
        "partnership", 4, 7, True, d[0].DOUBLE_SIX, d[1].DOUBLE_SIX, d[2].TO_THE_RIGHT, None, False
    )
    assert Rules.preset("block", 3) == Rules(
        "block", 3, 5, False, d[0].HIGHEST_DOUBLE, d[1].HIGHEST_DOUBLE, d[2].CLOCKWISE, None, False
    )
    assert Rules.preset("match", 4) == Rules(
        "match", 4, 5, False, d[0].FAIR_DRAW, d[1].ANY_TILE, d[2].CLOCKWISE, 61, True
    )
    assert Rules.preset("draw").pot is True


def test_side_of_a_seat_not_at_the_table_is_refused() -> None:
    assert MATCH2.side_of(1) == (1,)
    assert Rules.preset("partnership").side_of(3) == (1, 3)
    with pytest.raises(RulesError) as refused:
        MATCH2.side_of(2)
    assert refused.value.params == {"seat": 2, "players": 2}


# Round ----------------------------------------------------------------------------------


class _NoDoubleAtFirst(random.Random):
    """A generator whose first ``bad`` shuffles deal no double to anybody (all seven lie
    out of play), as the highest-double lead then redeals."""

    def __init__(self, bad: int) -> None:
        super().__init__(7)
        self.bad = bad

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        super().shuffle(x)
        if self.bad:
            self.bad -= 1
            x.sort(key=lambda tile: tile.is_double)


def test_every_redeal_is_counted() -> None:
    """``redeals += 1``: two deals without a double, then one with: two redeals."""
    position = Round.deal(BLOCK2, _NoDoubleAtFirst(2))
    assert position.lead is not None
    assert position.lead.redeals == 2
    assert Round.deal(BLOCK2, _NoDoubleAtFirst(0)).lead.redeals == 0  # type: ignore[union-attr]


def test_hands_may_be_given_as_tiles() -> None:
    """``from_hands`` reads text hands, hands of tiles and a hand of one tile alike."""
    expected = Round.from_hands(MATCH2, ["[1|4] [2|3]", "[2|2]"])
    assert Round.from_hands(MATCH2, [(Tile(2, 3), Tile(1, 4)), [Tile(2, 2)]]) == expected
    assert Round.from_hands(MATCH2, [["[1|4]", Tile(2, 3)], Tile(2, 2)]) == expected


def test_a_given_leader_is_recorded_as_given() -> None:
    assert Round.deal(MATCH2, 5, leader=1).lead == LeadDecision(1, given=True)
    waived = Round.deal(BLOCK2, 5, leader=0, waive_opening=True).lead
    assert waived == LeadDecision(0, given=True, opening_waived=True)
    made = Round.from_hands(MATCH2, ["[1|4]", "[2|2]"], leader=1)
    assert made.lead == LeadDecision(1, given=True)
    assert made.turn == 1
    lesson = Round.from_hands(BLOCK2, ["[1|4]", "[2|2]"], waive_opening=True)
    assert lesson.lead == LeadDecision(0, given=True, opening_waived=True)


def test_tiles_out_of_play_are_kept_in_set_order_but_a_pot_as_given() -> None:
    given = [Tile(6, 6), Tile(0, 0), Tile(3, 5)]
    block = Round.from_hands(MATCH2, ["[1|4]", "[2|2]"], out_of_play=given)
    assert block.out_of_play == (Tile(0, 0), Tile(3, 5), Tile(6, 6))
    pot = Round.from_hands(DRAW2, ["[1|1]", "[2|2]"], out_of_play=given)
    assert pot.out_of_play == tuple(given)


def test_a_draw_keeps_the_lead_and_the_seat() -> None:
    """``draw()`` must not lose ``lead``; the record round trip cannot see it."""
    opened = Round.from_hands(
        DRAW2, ["[5|5]", "[2|3]"], chain=Chain.parse("[1|1]"), out_of_play=[Tile(0, 1)]
    )
    drawn = opened.draw()
    assert drawn.lead == opened.lead
    assert drawn.lead is not None
    assert drawn.turn == opened.turn
    assert drawn.history[-1] == Draw(0, Tile(0, 1))
    assert drawn.hands[0] == (Tile(0, 1), Tile(5, 5))


def test_a_pass_keeps_the_lead_and_the_leader() -> None:
    position = Round.from_hands(MATCH2, ["[1|5]", "[2|3]"], chain=Chain.parse("[1|1]"), leader=1)
    passed = position.pass_turn()
    assert passed.lead == position.lead
    assert passed.lead is not None
    assert passed.leader == 1
    assert passed.turn == 0
    assert not passed.is_over


def test_a_draw_keeps_the_leader() -> None:
    position = Round.from_hands(
        DRAW2, ["[5|5]", "[2|3]"], chain=Chain.parse("[1|1]"), out_of_play=[Tile(0, 1)], leader=1
    )
    drawn = position.draw()
    assert drawn.leader == 1
    assert drawn.turn == 1
    assert drawn.hands[1] == (Tile(0, 1), Tile(2, 3))


def test_a_round_and_a_chain_show_themselves_and_keep_a_record() -> None:
    """The lazy door to the other layers: diagrams; a result is worded by the words layer,
    and a record of the round is read back as the same round."""
    position = Round.from_hands(MATCH2, ["[1|4] [2|3]", "[2|2] [4|6]"]).play(Tile(1, 4))
    assert position._repr_svg_().startswith("<svg")
    assert "[1|4]" in Chain.parse("[1|4]")._repr_svg_()
    whole = Round.deal(MATCH2, 3)
    assert records.from_record(records.to_record(whole)) == whole
    result = score(MATCH2, (0, 9), dominoer=0)
    assert explain_result(result, "fi") != explain_result(result, "en")
    assert "9" in explain_result(result, "sv")


def test_a_play_records_the_end_it_joined() -> None:
    """``play()`` keeps the end in the ``Play`` event, found or given."""
    position = Round.from_hands(MATCH2, ["[4|6] [2|3]", "[5|5] [0|0]"], chain=Chain.parse("[1|4]"))
    found = position.play(Tile(4, 6))
    end = position.chain.ends_for(Tile(4, 6))[0]
    assert found.history[-1] == Play(0, Tile(4, 6), end)
    assert found.history[-1].end is not None  # type: ignore[union-attr]
    given = position.play(Tile(4, 6), end)
    assert given.history[-1] == Play(0, Tile(4, 6), end)


# Leftovers ------------------------------------------------------------------------------


def test_the_heaviest_hand_needs_double_six() -> None:
    """``fill(0, …)``: the search starts from the heaviest tile, [6|6]."""
    heaviest = most_pips(7)
    hands = leftover_hands((0, heaviest), 7, 0)
    assert hands is not None
    assert Tile(6, 6) in hands[1]
    assert sum(tile.pips for tile in hands[1]) == heaviest
    assert leftover_hands((0, 12), 1, 0) == ((), (Tile(6, 6),))


def _hands(tiles: tuple[Tile, ...], most: int) -> list[tuple[int, int]]:
    """Every hand of one to ``most`` of ``tiles``: its tiles as a bit mask, its pips."""
    hands = []
    for first, tile in enumerate(tiles):
        hands.append((1 << tile.index, tile.pips))
        if most > 1:
            hands += [
                (1 << tile.index | 1 << other.index, tile.pips + other.pips)
                for other in tiles[first + 1 :]
            ]
    return hands


def _possible(hands: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """The totals two disjoint hands can have."""
    return {(a, b) for mask, a in hands for other, b in hands if not mask & other}


def test_leftover_hands_decides_exactly_as_every_pair_of_hands_does() -> None:
    """``leftover_hands`` against brute force, hands of one or two tiles: after a domino
    (three seats, seat 0 empty) and blocked (two seats, a number held by neither)."""
    decide = leftover_hands.__wrapped__  # the search itself, not answers kept from before
    after_domino = _possible(_hands(DOUBLE_SIX, 2))
    blocked = set().union(
        *(_possible(_hands(tuple(t for t in DOUBLE_SIX if not t.has(n)), 2)) for n in range(7))
    )
    for a in range(25):
        for b in range(a, 25):
            found = decide((0, a, b), 2, 0)
            assert (found is not None) is ((a, b) in after_domino), (a, b)
            if found is not None:
                assert [sum(t.pips for t in hand) for hand in found] == [0, a, b]
                assert found[0] == ()
                assert all(1 <= len(hand) <= 2 for hand in found[1:])
            assert (decide((a, b), 2, None) is not None) is ((a, b) in blocked), (a, b)
