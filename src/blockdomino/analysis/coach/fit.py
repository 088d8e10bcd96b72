"""Fitting the reading coach's model of choice on the project's own players' self-play.

    python -m blockdomino.analysis.coach.fit          # writes choice.json next to reading.py
    python -m blockdomino.analysis.coach.fit --check  # exits 1 if the file differs

Each kind of player (``KINDS``) plays seeded 2-player ``match`` rounds against itself.
Every time a seat had two plays or more, its legal plays' features and the one it chose
are kept (``coach.reading.features``). The weights are those of the highest likelihood
of the choices under the logit, with a small ridge penalty (``RIDGE``) so that a player
that always picks by one feature (the heaviest-first player) gets large but finite
weights; found by Newton's method. The kinds are equally likely before any play is read.
A kind whose fitted weights make it always lay one of its heaviest fitting tiles is
marked ``followed`` (``coach.following.predictable``): the learning coach's search may
answer its plays as it makes them. The same seeds give the same file, byte for byte.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from blockdomino.analysis.coach.following import predictable
from blockdomino.analysis.coach.reading import FEATURES, MODEL_FILE, OPENING, Features, features
from blockdomino.analysis.coach.solve import tile_set
from blockdomino.analysis.players import (
    Strategy,
    coach_player,
    heaviest_tile,
    play_round,
    random_move,
)
from blockdomino.engine.round import Move, Round
from blockdomino.engine.rules import Rules

RIDGE: Final = 1.0
"""The penalty on the squared weights (in units of log-likelihood)."""

COACH_FIT_SAMPLES: Final = 30
"""Deals the plain coach imagines a decision in the self-play fitted (fewer than in play,
so that the fit runs in seconds; it chooses much the same)."""

Sample = tuple[tuple[Features, ...], int]
"""One choice: every legal play's features, and which of them was played."""


@dataclass(frozen=True, slots=True)
class KindSetup:
    """How one kind's self-play is made: its player, how many rounds, from which seed."""

    name: str
    player: Callable[[], Strategy]
    rounds: int
    seed: int


KINDS: Final = (
    KindSetup("coach", lambda: coach_player(COACH_FIT_SAMPLES, reads=False), 50, 4300),
    KindSetup("heaviest", lambda: heaviest_tile, 300, 4301),
    KindSetup("random", lambda: random_move, 300, 4302),
)
"""The project's players a seat may be: the plain coach, the heaviest-first player and
the random player."""


def move_features(position: Round, move: Move) -> Features:
    """The features of ``move`` for the seat to move of ``position``."""
    hand, chain = tile_set(position.hand), tile_set(position.chain.tiles)
    joined = OPENING if move.end is None else move.end.pips
    return features(hand, chain, move.tile.index, joined)


def self_play(setup: KindSetup) -> list[Sample]:
    """The choices of ``setup``'s player in its seeded self-play rounds."""
    player = setup.player()
    samples: list[Sample] = []

    def recorded(position: Round, rng: random.Random) -> Move:
        move = player(position, rng)
        moves = position.legal_moves()
        if len(moves) > 1:
            rows = tuple(move_features(position, option) for option in moves)
            samples.append((rows, moves.index(move)))
        return move

    rules = Rules.preset("match", 2)
    rng = random.Random(setup.seed)
    for _ in range(setup.rounds):
        play_round(Round.deal(rules, rng), recorded, rng)
    return samples


def fit(samples: list[Sample], *, steps: int = 50) -> tuple[float, ...]:
    """The ridge-penalised maximum-likelihood weights of the logit, by Newton's method."""
    size = len(FEATURES)
    weights = [0.0] * size
    for _ in range(steps):
        gradient = [-RIDGE * w for w in weights]
        hessian = [[RIDGE * (i == j) for j in range(size)] for i in range(size)]
        for rows, chosen in samples:
            dots = [sum(w * f for w, f in zip(weights, row, strict=True)) for row in rows]
            top = max(dots)
            chances = [math.exp(dot - top) for dot in dots]
            total = sum(chances)
            chances = [chance / total for chance in chances]
            mean = [
                sum(p * row[i] for p, row in zip(chances, rows, strict=True)) for i in range(size)
            ]
            for i in range(size):
                gradient[i] += rows[chosen][i] - mean[i]
                for j in range(size):
                    hessian[i][j] += sum(
                        p * (row[i] - mean[i]) * (row[j] - mean[j])
                        for p, row in zip(chances, rows, strict=True)
                    )
        change = _solve(hessian, gradient)
        weights = [w + c for w, c in zip(weights, change, strict=True)]
        if max(abs(c) for c in change) < 1e-10:
            break
    return tuple(weights)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix · x = vector`` (Gaussian elimination; the matrix is positive
    definite, so no pivoting is needed)."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for i in range(size):
        for k in range(i + 1, size):
            factor = rows[k][i] / rows[i][i]
            rows[k] = [a - factor * b for a, b in zip(rows[k], rows[i], strict=True)]
    solution = [0.0] * size
    for i in reversed(range(size)):
        rest = sum(rows[i][j] * solution[j] for j in range(i + 1, size))
        solution[i] = (rows[i][size] - rest) / rows[i][i]
    return solution


def model_data() -> dict[str, object]:
    """The contents of ``choice.json``: each kind's fitted weights and prior, and how."""
    kinds = []
    for setup in KINDS:
        samples = self_play(setup)
        weights = fit(samples)
        kinds.append(
            {
                "name": setup.name,
                "weights": [round(w, 6) for w in weights],
                "prior": round(1 / len(KINDS), 6),
                "followed": predictable(weights),
                "choices": len(samples),
                "rounds": setup.rounds,
                "seed": setup.seed,
            }
        )
    return {"features": list(FEATURES), "ridge": RIDGE, "kinds": kinds}


def model_text() -> str:
    """``model_data`` as the file keeps it."""
    return json.dumps(model_data(), indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the file kept")
    arguments = parser.parse_args(argv)
    path = Path(__file__).with_name(MODEL_FILE)
    text = model_text()
    if arguments.check:
        same = path.read_text("utf-8") == text
        print("choice.json is as fitted" if same else "choice.json differs from the fit")
        return 0 if same else 1
    temporary = path.with_suffix(".tmp")
    temporary.write_text(text, "utf-8")
    temporary.replace(path)
    print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
