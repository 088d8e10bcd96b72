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
from typing import Any

from blockdomino.analysis.coach.hint import hint
from blockdomino.analysis.coach.knowledge import View, knowledge
from blockdomino.analysis.coach.sampling import Sampler
from blockdomino.analysis.coach.solve import solve
from blockdomino.analysis.coach.words import hint_lines, knowledge_lines, solve_lines
from blockdomino.cli._common import Subcommands, Words, add_lang_option
from blockdomino.engine.chain import Chain
from blockdomino.engine.errors import RulesError
from blockdomino.engine.round import Round
from blockdomino.engine.rules import PRESETS, Rules
from blockdomino.engine.tiles import HIGHEST_NUMBER, Tile, parse_tiles


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


def _rules(args: argparse.Namespace, players: int | None) -> Rules:
    return Rules.preset(args.preset, args.players or players)


def _check_sizes(rules: Rules, hands: list[tuple[Any, ...]], chain: Chain) -> None:
    """Before the opening every hand holds the preset's tiles; later, never more."""
    for seat, hand in enumerate(hands):
        if len(hand) > rules.tiles_each or (not chain.tiles and len(hand) != rules.tiles_each):
            raise RulesError(
                "error.coach.hand_size", seat=seat, given=len(hand), expected=rules.tiles_each
            )


def _check_deal(rules: Rules, held: int, chain: Chain) -> None:
    """The chain and the hands add up to a deal of the preset: every tile dealt is in a
    hand or in the chain (in the draw game, drawn tiles come on top)."""
    dealt = rules.players * rules.tiles_each
    placed = len(chain.tiles)
    if held + placed < dealt or (held + placed > dealt and not rules.pot):
        raise RulesError(
            "error.coach.not_a_deal",
            placed=placed,
            held=held,
            players=rules.players,
            dealt=dealt,
        )


def _check_once(hands: list[tuple[Tile, ...]], chain: Chain) -> None:
    """No tile is given twice, in a hand, in two hands, or in a hand and the chain."""
    seen: set[Tile] = set(chain.tiles)
    for tile in (tile for hand in hands for tile in hand):
        if tile in seen:
            raise RulesError("error.round.tile_twice", tile=tile)
        seen.add(tile)


def _solve(args: argparse.Namespace) -> int:
    """Print the value of the deal and of each legal move, every hand known; an
    impossible position is refused (status 2, see ``cli.main``)."""
    rules = _rules(args, len(args.hands))
    chain = placed_chain(args.chain)
    hands = [parse_tiles(hand) for hand in args.hands]
    _check_once(hands, chain)
    if len(hands) == rules.players:
        _check_sizes(rules, hands, chain)
        _check_deal(rules, sum(len(hand) for hand in hands), chain)
    leader = args.leader - 1
    turn = leader if args.turn is None else args.turn - 1
    position = Round.from_hands(rules, hands, leader=leader, chain=chain, turn=turn)
    evaluation = solve(position)
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
    _check_once([tiles], chain)
    _check_sizes(rules, [tiles], chain)
    if sizes is None:
        if chain.tiles and rules.players != 2:
            raise RulesError("error.coach.sizes_needed", players=rules.players)
        others = rules.tiles_each - (len(chain) - (rules.tiles_each - len(tiles)))
        sizes = [len(tiles) if other == seat else others for other in range(rules.players)]
    _check_view_sizes(rules, seat, tiles, sizes, chain)
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


def _check_view_sizes(
    rules: Rules, seat: int, tiles: tuple[Tile, ...], sizes: list[int], chain: Chain
) -> None:
    """One size per player, the seat's own that of its hand, each from 1 to the preset's
    hand size, all adding up to a deal with the chain."""
    if len(sizes) != rules.players:
        raise RulesError("error.coach.sizes_count", given=len(sizes), players=rules.players)
    if sizes[seat] != len(tiles):
        raise RulesError("error.coach.own_size", seat=seat, size=sizes[seat], held=len(tiles))
    for other, size in enumerate(sizes):
        if not 1 <= size <= rules.tiles_each:
            raise RulesError(
                "error.coach.hand_size", seat=other, given=size, expected=rules.tiles_each
            )
    _check_deal(rules, sum(sizes), chain)


def _passes(texts: list[str], rules: Rules) -> dict[int, frozenset[int]]:
    """``"2:5,6"``: player 2 passed when the ends showed 5 and 6. A player who is not at
    the table, or a number that is not 0–6, is refused."""
    passed: dict[int, set[int]] = {}
    for text in texts:
        player, _, listed = text.partition(":")
        seat = _whole(player, range(1, rules.players + 1))
        numbers = [_whole(number, range(HIGHEST_NUMBER + 1)) for number in listed.split(",")]
        if seat is None or None in numbers:
            raise RulesError("error.coach.passed", text=text, players=rules.players)
        passed.setdefault(seat - 1, set()).update(n for n in numbers if n is not None)
    return {seat: frozenset(numbers) for seat, numbers in passed.items()}


def _whole(digits: str, allowed: range) -> int | None:
    """``digits`` as one of the ``allowed`` numbers, or ``None``."""
    text = digits.strip()
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(allowed[-1]))):
        return None
    number = int(text)
    return number if number in allowed else None


def _hint(args: argparse.Namespace) -> int:
    """Print what the seat knows, each move's value and share of wins, and the reason;
    an impossible view is refused (status 2, see ``cli.main``)."""
    rules = _rules(args, None)
    chain = placed_chain(args.chain)
    passed = _passes(args.passed, rules)
    view = seat_view(rules, args.seat - 1, args.hand, chain, args.sizes, passed)
    evaluation = hint(view, samples=args.samples, seed=args.seed)
    print(
        "\n".join(
            [*knowledge_lines(knowledge(view), args.lang), *hint_lines(evaluation, args.lang)]
        )
    )
    return 0


def _common(parser: argparse.ArgumentParser, words: Words) -> None:
    """The kind of game, the chain and the language, as ``solve`` and ``hint`` take them."""
    parser.add_argument(
        "--preset", choices=PRESETS, default="match", help=words("cli.help.coach.preset")
    )
    parser.add_argument("--chain", default="", help=words("cli.help.coach.chain"))
    add_lang_option(parser, words("cli.help.coach.lang"))


def _add_solve(commands: Subcommands, words: Words) -> None:
    solver = commands.add_parser(
        "solve", help=words("cli.help.solve"), description=words("cli.about.solve")
    )
    solver.add_argument("hands", nargs="+", metavar="HAND", help=words("cli.help.solve.hands"))
    solver.add_argument("--players", type=int, default=None, help=argparse.SUPPRESS)
    solver.add_argument("--leader", type=int, default=1, help=words("cli.help.solve.leader"))
    solver.add_argument("--turn", type=int, default=None, help=words("cli.help.solve.turn"))
    _common(solver, words)
    solver.set_defaults(run=_solve)


def _add_hint(commands: Subcommands, words: Words) -> None:
    hinter = commands.add_parser(
        "hint", help=words("cli.help.hint"), description=words("cli.about.hint")
    )
    hinter.add_argument("--hand", required=True, help=words("cli.help.hint.hand"))
    hinter.add_argument("--players", type=int, default=None, help=words("cli.help.hint.players"))
    hinter.add_argument("--seat", type=int, default=1, help=words("cli.help.hint.seat"))
    hinter.add_argument("--sizes", type=int, nargs="+", help=words("cli.help.hint.sizes"))
    hinter.add_argument(
        "--passed",
        action="append",
        default=[],
        metavar="PLAYER:NUMBERS",
        help=words("cli.help.hint.passed"),
    )
    hinter.add_argument("--samples", type=int, default=200, help=words("cli.help.hint.samples"))
    hinter.add_argument("--seed", type=int, default=0, help=words("cli.help.hint.seed"))
    _common(hinter, words)
    hinter.set_defaults(run=_hint)


def add(commands: Subcommands, words: Words) -> None:
    """Add ``solve`` and ``hint`` to the ``blockdomino`` command line."""
    _add_solve(commands, words)
    _add_hint(commands, words)
