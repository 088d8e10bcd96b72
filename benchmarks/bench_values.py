"""What ``_values.maker`` still buys: the engine with and without its compiled constructors.

    python benchmarks/bench_values.py [--rounds N] [--tests]

``maker`` compiles, with ``exec``, a constructor per frozen dataclass (``Chain`` and
``Round``) that fills the slots directly. This script puts the engine's two call sites
(``chain_module._chain``, ``round_module._round``) on each of three constructors, which make equal
values, and measures:

- one construction, in µs;
- a learner's move in a widget: ``Round.play`` and the next ``legal_moves``, in µs,
  beside the time to draw the board after it (``svg.table``);
- random two-player rounds per second with the immutable engine (bulk play runs in the
  kernel, ``blockdomino.analysis.simulate``, which uses neither);
- with ``--tests``, the engine-heavy tests (``tests/test_simulate.py``,
  ``tests/test_properties.py``), CPU seconds.

Times are CPU time of this process, the best of a few repeats.
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import blockdomino.engine.chain as chain_module
import blockdomino.engine.round as round_module
from blockdomino import Round, Rules, svg
from blockdomino.analysis.players import play_round, random_move
from blockdomino.engine.chain import Chain

REPEATS = 7
ROOT = Path(__file__).resolve().parents[1]


def _compiled(cls: type[Any]) -> Callable[..., Any]:
    """What ``maker`` was: a constructor compiled from source with ``exec``, one slot
    setter call per field and no loop."""
    names = list(cls.__dataclass_fields__)
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    for number, name in enumerate(names):
        namespace[f"set{number}"] = cls.__dict__[name].__set__
    arguments = ", ".join(f"v{number}" for number in range(len(names)))
    body = "".join(f"    set{number}(value, v{number})\n" for number in range(len(names)))
    exec(f"def make({arguments}):\n    value = new(cls)\n{body}    return value\n", namespace)
    return namespace["make"]  # type: ignore[no-any-return]


def _plain_chain(line: Any, tiles: Any, ends: Any) -> Chain:
    """The dataclass's own ``__init__``, then the ends cache if one is given."""
    made = Chain(line, tiles)
    if ends is not None:
        chain_module._set_ends(made, ends)
    return made


def _plain_round(*values: Any) -> Round:
    """The dataclass's own ``__init__``, then the caches that are given."""
    *fields, moves, over = values
    made = Round(*fields)
    if moves is not None:
        round_module._set_moves(made, moves)
    if over is not None:
        round_module._set_over(made, over)
    return made


CONSTRUCTORS: dict[str, tuple[Callable[..., Any], Callable[..., Any]]] = {
    "compiled (exec)": (_compiled(Chain), _compiled(Round)),
    "maker (slot loop)": (chain_module._chain, round_module._round),
    "dataclass __init__": (_plain_chain, _plain_round),
}


@contextlib.contextmanager
def constructors(name: str) -> Iterator[None]:
    """The engine's call sites on the constructors called ``name``, for the duration."""
    saved = chain_module._chain, round_module._round
    chain_module._chain, round_module._round = CONSTRUCTORS[name]
    try:
        yield
    finally:
        chain_module._chain, round_module._round = saved


def best(work: Callable[[], None]) -> float:
    """CPU seconds of ``work``, the best of ``REPEATS``."""
    times = []
    for _ in range(REPEATS):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def per_construction(count: int = 100_000) -> tuple[float, float]:
    """µs to build one chain and one position with the current constructors."""
    position = Round.deal(Rules.preset("match", 2), 1)
    line, tiles = position.chain.line, position.chain.tiles
    fields = (
        position.rules,
        position.hands,
        position.chain,
        position.out_of_play,
        0,
        0,
        (),
        position.lead,
        None,
        None,
    )

    def chains() -> None:
        make = chain_module._chain
        for _ in range(count):
            make(line, tiles, None)

    def rounds() -> None:
        make = round_module._round
        for _ in range(count):
            make(*fields)

    return best(chains) / count * 1e6, best(rounds) / count * 1e6


def one_move(moves: int = 2_000) -> tuple[float, float]:
    """µs for a learner's move (play, then the next legal moves), and ms to draw the board."""
    start = play_round(Round.deal(Rules.preset("match", 2), 5), random_move, 5)
    position = Round.deal(Rules.preset("match", 2), 5)
    move = position.legal_moves()[0]

    def play() -> None:
        for _ in range(moves):
            position.play(move).legal_moves()

    def draw() -> None:
        svg.table(start, lang="en")

    return best(play) / moves * 1e6, best(draw) * 1e3


def rounds_per_second(rounds: int) -> float:
    rules = Rules.preset("match", 2)

    def play() -> None:
        for seed in range(rounds):
            play_round(Round.deal(rules, seed), random_move, seed)

    return rounds / best(play)


ENGINE_TESTS = ["-q", "-p", "no:cacheprovider", "tests/test_simulate.py"]
ENGINE_TESTS += ["tests/test_properties.py"]


def engine_tests() -> float:
    """CPU seconds of the engine-heavy tests, run in this process (after one run that
    warms up imports and caches)."""
    import pytest

    start = time.process_time()
    status = pytest.main(ENGINE_TESTS)
    assert status == 0, status
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=2_000)
    parser.add_argument("--tests", action="store_true", help="time the engine-heavy tests too")
    args = parser.parse_args()
    if args.tests:
        engine_tests()
    rows = []
    for name in CONSTRUCTORS:
        with constructors(name):
            chain_us, round_us = per_construction()
            move_us, draw_ms = one_move()
            rate = rounds_per_second(args.rounds)
            tests = engine_tests() if args.tests else None
        rows.append((name, chain_us, round_us, move_us, draw_ms, rate, tests))
    print(f"best of {REPEATS}, CPU time; {args.rounds} two-player rounds per figure")
    print(
        f"{'constructor':<20}{'Chain µs':>9}{'Round µs':>9}{'move µs':>9}{'draw ms':>9}"
        f"{'rounds/s':>10}{'tests s':>9}"
    )
    for name, chain_us, round_us, move_us, draw_ms, rate, tests in rows:
        shown = "" if tests is None else f"{tests:.1f}"
        print(
            f"{name:<20}{chain_us:>9.2f}{round_us:>9.2f}{move_us:>9.1f}{draw_ms:>9.2f}"
            f"{rate:>10,.0f}{shown:>9}"
        )


if __name__ == "__main__":
    main()
