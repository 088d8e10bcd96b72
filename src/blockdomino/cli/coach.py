"""``blockdomino solve`` and ``blockdomino hint``: the coach on the command line.

``solve "HAND" "HAND" …`` values each opening (or each move, given a chain) of a deal
with every hand known: a teacher preparing a puzzle. ``hint --hand "…"`` values the
moves of one seat from what that seat can see: its hand, the chain (tiles in the order
they were placed), the other hands' sizes and the numbers each seat passed on. Both
print in the chosen language; a bad position is refused with a clear message and exit
status 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from typing import Any

from blockdomino.analysis.coach.hint import hint
from blockdomino.analysis.coach.knowledge import View, knowledge
from blockdomino.analysis.coach.sampling import Sampler
from blockdomino.analysis.coach.solve import solve
from blockdomino.analysis.coach.words import hint_lines, knowledge_lines, solve_lines
from blockdomino.cli._common import Subcommands
from blockdomino.engine.chain import Chain
from blockdomino.engine.errors import BlockdominoError, RulesError
from blockdomino.engine.round import Round
from blockdomino.engine.rules import PRESETS, Rules
from blockdomino.engine.tiles import parse_tiles
from blockdomino.words.i18n import LANGUAGES


def placed_chain(text: str) -> Chain:
    """The chain of tiles written in the order placed, each at the end it fits.

    A tile fitting both ends when both show the same number goes to the first (the
    numbers left open are the same either way); one fitting two different numbers is
    ambiguous and refused, as ``Chain.parse`` refuses it.
    """
    chain = Chain()
    for tile in parse_tiles(text):
        ends = chain.ends_for(tile)
        same = len(ends) == 2 and ends[0].pips == ends[1].pips
        chain = chain.play(tile, ends[0] if same else None)
    return chain


def _refused(error: BlockdominoError, lang: str) -> int:
    print(f"blockdomino: {error.message(lang)}", file=sys.stderr)
    return 2


def _rules(args: argparse.Namespace, players: int | None) -> Rules:
    return Rules.preset(args.preset, args.players or players)


def _check_sizes(rules: Rules, hands: list[tuple[Any, ...]], chain: Chain) -> None:
    """Before the opening every hand holds the preset's tiles; later, never more."""
    for seat, hand in enumerate(hands):
        if len(hand) > rules.tiles_each or (not chain.tiles and len(hand) != rules.tiles_each):
            raise RulesError(
                "error.coach.hand_size", seat=seat, given=len(hand), expected=rules.tiles_each
            )


def _solve(args: argparse.Namespace) -> int:
    """Print the value of the deal and of each legal move, every hand known."""
    try:
        rules = _rules(args, len(args.hands))
        chain = placed_chain(args.chain)
        hands = [parse_tiles(hand) for hand in args.hands]
        _check_sizes(rules, hands, chain)
        leader = args.leader - 1
        turn = leader if args.turn is None else args.turn - 1
        position = Round.from_hands(rules, hands, leader=leader, chain=chain, turn=turn)
        evaluation = solve(position)
    except BlockdominoError as error:
        return _refused(error, args.lang)
    print("\n".join(solve_lines(evaluation, args.lang)))
    return 0


def seat_view(
    rules: Rules,
    seat: int,
    hand: str,
    chain: Chain,
    sizes: list[int] | None,
    passed: dict[int, frozenset[int]],
) -> View:
    """The view of ``seat`` built from what it says it sees; refused if it cannot be.

    Without ``sizes`` the other hands are worked out with two players (the tiles in the
    chain not played by the seat were played by the other), or before the opening.
    """
    tiles = parse_tiles(hand)
    _check_sizes(rules, [tiles], chain)
    if sizes is None:
        if chain.tiles and rules.players != 2:
            raise RulesError("error.coach.sizes_needed", players=rules.players)
        others = rules.tiles_each - (len(chain) - (rules.tiles_each - len(tiles)))
        sizes = [len(tiles) if other == seat else others for other in range(rules.players)]
    for number in passed.get(seat, frozenset()):
        for tile in tiles:
            if tile.has(number):
                numbers = tuple(sorted(passed[seat]))
                raise RulesError(
                    "error.coach.pass_contradicts", seat=seat, numbers=numbers, tile=tile
                )
    ruled_out = tuple(passed.get(other, frozenset()) for other in range(rules.players))
    view = View(rules, seat, tiles, chain, tuple(sizes), rules.out_of_play, ruled_out, ())
    deal = Sampler(view).deal(random.Random(0))
    hands = [tiles if other == seat else deal[other] for other in range(rules.players)]
    position = Round.from_hands(rules, hands, leader=seat, chain=chain, turn=seat)
    return dataclasses.replace(view, moves=position.legal_moves())


def _passes(texts: list[str]) -> dict[int, frozenset[int]]:
    """``"2:5,6"``: player 2 passed when the ends showed 5 and 6."""
    passed: dict[int, set[int]] = {}
    for text in texts:
        player, _, numbers = text.partition(":")
        passed.setdefault(int(player) - 1, set()).update(int(n) for n in numbers.split(","))
    return {seat: frozenset(numbers) for seat, numbers in passed.items()}


def _hint(args: argparse.Namespace) -> int:
    """Print what the seat knows, each move's value and share of wins, and the reason."""
    try:
        rules = _rules(args, None)
        chain = placed_chain(args.chain)
        view = seat_view(rules, args.seat - 1, args.hand, chain, args.sizes, _passes(args.passed))
        evaluation = hint(view, samples=args.samples, seed=args.seed)
    except BlockdominoError as error:
        return _refused(error, args.lang)
    except ValueError:
        print("blockdomino: --passed takes PLAYER:NUMBERS, e.g. 2:5,6", file=sys.stderr)
        return 2
    print(
        "\n".join(
            [*knowledge_lines(knowledge(view), args.lang), *hint_lines(evaluation, args.lang)]
        )
    )
    return 0


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", choices=PRESETS, default="match", help="rules preset")
    parser.add_argument("--chain", default="", help='tiles in the order placed, "[6|6] [4|6]"')
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the text")


def add(commands: Subcommands) -> None:
    """Add ``solve`` and ``hint`` to the ``blockdomino`` command line."""
    solver = commands.add_parser("solve", help="value every move of a deal, all hands known")
    solver.add_argument("hands", nargs="+", metavar="HAND", help='one per player, "[0|0] [2|3]"')
    solver.add_argument("--players", type=int, default=None, help=argparse.SUPPRESS)
    solver.add_argument("--leader", type=int, default=1, help="who leads (from 1)")
    solver.add_argument("--turn", type=int, default=None, help="who moves (from 1)")
    _common(solver)
    solver.set_defaults(run=_solve)
    hinter = commands.add_parser("hint", help="value one seat's moves from what it can see")
    hinter.add_argument("--hand", required=True, help='the seat\'s own hand, "[0|0] [2|3]"')
    hinter.add_argument("--players", type=int, default=None, help="players (default 2)")
    hinter.add_argument("--seat", type=int, default=1, help="the seat to move (from 1)")
    hinter.add_argument("--sizes", type=int, nargs="+", help="every hand's size, seat by seat")
    hinter.add_argument(
        "--passed",
        action="append",
        default=[],
        metavar="PLAYER:NUMBERS",
        help="a player passed when the ends showed these numbers, e.g. 2:5,6",
    )
    hinter.add_argument("--samples", type=int, default=200, help="deals to imagine")
    hinter.add_argument("--seed", type=int, default=0, help="seed of the sampling")
    _common(hinter)
    hinter.set_defaults(run=_hint)
