"""``hint``: the value of each legal move as far as the seat to move can know it.

The seat sees only its view (``coach.knowledge.View``). The hint draws deals of the
unseen tiles consistent with that view (weighed by the other seats' plays, for the
reading coach: ``coach.weighing``), each consistent deal equally likely
(``coach.sampling``; in the draw game the tiles no hand gets form the pot, in a uniformly
shuffled order), solves every deal exactly (``coach.solve``), and averages: each
move gets its mean value, the share of deals it wins and the number of deals solved.
The same seed gives the same hint in every process.
"""

from __future__ import annotations

import random
import time
from typing import Final

from blockdomino.analysis.coach.grouped import GroupedSearch
from blockdomino.analysis.coach.knowledge import View
from blockdomino.analysis.coach.reasons import reason_for
from blockdomino.analysis.coach.search import Pot
from blockdomino.analysis.coach.solve import RootSearch, tile_set
from blockdomino.analysis.coach.style import Styles
from blockdomino.analysis.coach.values import Evaluation, MoveValue
from blockdomino.analysis.coach.weighing import deals
from blockdomino.engine.errors import RulesError
from blockdomino.engine.round import Round, Seed
from blockdomino.engine.tiles import Tile

WEIGHING_SHARE: Final = 0.4
"""The part of a hint's time budget the reading coach may spend weighing deals; the
rest is for solving them (weighing one deal takes about a tenth of solving one, and
it weighs ``weighing.CANDIDATES`` for each it solves)."""


def hint(
    position: Round | View,
    *,
    samples: int = 200,
    seed: Seed = 0,
    seconds: float | None = None,
    reads: bool = True,
    style: Styles | None = None,
    follows: bool = True,
    grouped: bool = True,
) -> Evaluation:
    """The seat to move's legal moves valued over ``samples`` consistent deals.

    Uses only what that seat can know: its hand, the chain, the passes (and draws), the
    hand sizes and how many tiles lie out of play (or in the draw game's pot).
    ``seconds``, when given, is the whole hint's budget: the reading coach weighs deals
    for at most ``WEIGHING_SHARE`` of it (``coach.weighing``), and no deal is begun
    once it has passed (at least one is solved): the answer then depends on the
    machine's speed, so only interactive play should set it. ``evaluation.samples``
    says how many deals were solved.

    ``reads`` (the default) makes it the reading coach: it also reads the lead and the
    plays the other seats chose (``coach.reading``): it draws more deals than it solves
    and keeps ``samples`` of them, each as often as its weight says (``coach.weighing``).
    ``reads=False`` is the plain coach, for comparison. ``style``: what the seat learnt
    of the others' kinds in earlier rounds (``coach.style``; it learns from this hint).
    ``follows`` (the default): a seat the style has read for sure as a kind of player
    the search can follow is searched as that kind plays (``coach.following``: the best
    response to it); ``follows=False`` searches every seat by minimax, for comparison.
    ``grouped`` (the default): with two players in Block, once the opponent is followed,
    the seat's later moves are planned for the deals that look alike to it together
    (``coach.grouped``; not with a time budget, which plans each deal alone, since the
    groups are known only once every deal is drawn); ``grouped=False`` plans each deal
    alone, for comparison. There a deal in which the opponent may answer in two ways
    (tied heaviest tiles) is worth the mean over its answers, and counts as won when
    that mean is above 0; and late in the round, where few enough deals agree with the
    view (``weighing.EVERY``), the plan takes every one of them, each for its exact
    share of the ``samples``, in place of a draw.
    """
    if samples < 1:
        raise RulesError("error.coach.samples", samples=samples)
    started = time.perf_counter()
    view = position if isinstance(position, View) else View.of(position)
    rng = random.Random(seed)
    followed = style.followed(view) if style is not None and reads and follows else None
    root = RootSearch(view.rules, view.seat, followed)
    mine = tile_set(view.hand)
    chain = tile_set(view.chain.tiles)
    ends = view.chain.numbers
    totals = [0.0] * len(view.moves)
    wins = [0.0] * len(view.moves)
    passing = 0.0
    stop = weighed = None
    if seconds is not None:
        stop, weighed = started + seconds, started + WEIGHING_SHARE * seconds
    solved = 0.0
    alike = len(view.sizes) == 2 and not view.rules.pot and seconds is None
    grouping = grouped and alike and followed and view.moves
    together: list[tuple[int, float]] = []  # each deal's opponent hand and copies, if grouping
    drawn = deals(view, samples, rng, reads=reads, style=style, until=weighed, every=bool(grouping))
    for deal, copies in drawn:
        hands = [
            mine if seat == view.seat else tile_set(deal[seat]) for seat in range(len(view.sizes))
        ]
        pot = _shuffled_pot(view, deal, rng)
        if grouping:
            together.append((hands[1 - view.seat], copies))
        elif view.moves:
            for index, value in enumerate(root.move_values(hands, ends, view.moves, pot, chain)):
                totals[index] += value * copies
                wins[index] += (value > 0) * copies
        else:
            assert ends is not None  # the opening is never passed
            passing += root.forced_value(hands, ends, pot, chain) * copies
        root.reset()
        solved += copies
        if solved >= samples or (stop is not None and time.perf_counter() > stop):
            break
    count = round(solved)
    if not view.moves:
        return Evaluation(view.seat, passing / solved, (), count)
    if grouping:
        assert followed is not None
        search = GroupedSearch(view.rules, view.seat, followed[1 - view.seat])
        for index, values in enumerate(search.move_values(mine, together, ends, view.moves, chain)):
            for planned, (_, copies) in zip(values, together, strict=True):
                totals[index] += planned * copies
                wins[index] += (planned > 0) * copies
    entries = tuple(
        MoveValue(move, total / solved, won / solved, count)
        for move, total, won in zip(view.moves, totals, wins, strict=True)
    )
    evaluation = Evaluation(view.seat, max(entry.value for entry in entries), entries, count)
    best = evaluation.best[0]
    side = view.rules.side_of(view.seat)
    opponents = {seat: numbers for seat, numbers in enumerate(view.ruled_out) if seat not in side}
    reason = reason_for(best.move, view.hand, opponents, best.win_share)
    return Evaluation(view.seat, evaluation.value, entries, count, reason)


def _shuffled_pot(view: View, deal: dict[int, tuple[Tile, ...]], rng: random.Random) -> Pot:
    """In the draw game, the unseen tiles no hand got, in a random order; else none."""
    if not view.rules.pot:
        return ()
    dealt = {tile for hand in deal.values() for tile in hand}
    pot = [tile.index for tile in view.unseen if tile not in dealt]
    rng.shuffle(pot)
    return tuple(pot)
