"""The reading coach's model of choice is fitted, not guessed: the file kept in the
package is what the fitting module makes from the project's own players' self-play."""

from __future__ import annotations

import math
import random
from importlib.resources import files

import pytest

from blockdomino.analysis.coach import fit
from blockdomino.analysis.coach.following import predictable
from blockdomino.analysis.coach.reading import MODEL_FILE, choice_model


def test_the_fit_finds_the_weights_a_logit_player_chose_by() -> None:
    """Choices drawn from a known logit give back its weights (within their noise)."""
    truth = (0.4, 1.5, 0.6, -0.8)
    rng = random.Random(7)
    samples = []
    for _ in range(3000):
        rows = tuple(
            (rng.randrange(13), rng.randrange(2), rng.randrange(6), rng.randrange(2))
            for _ in range(rng.randrange(2, 6))
        )
        scores = [math.exp(sum(w * f for w, f in zip(truth, row, strict=True))) for row in rows]
        pick = rng.random() * sum(scores)
        chosen = 0
        while pick >= scores[chosen]:
            pick -= scores[chosen]
            chosen += 1
        samples.append((rows, chosen))
    assert fit.fit(samples) == pytest.approx(truth, abs=0.15)


def test_the_kept_model_is_what_the_fit_makes() -> None:
    """Seeded self-play (the plain coach, heaviest-first, random) fitted again gives
    ``choice.json`` byte for byte."""
    kept = files("blockdomino.analysis.coach").joinpath(MODEL_FILE).read_text("utf-8")
    assert fit.model_text() == kept


def test_the_fit_marks_as_followed_only_a_kind_that_lays_its_heaviest_tile() -> None:
    """The kinds the learning coach's search may follow are data the fit writes: a kind
    is followed when one pip lighter makes a tile implausible whatever its other
    features (the heaviest-first player), not the plain coach or the random player."""
    model = choice_model()
    assert {kind.name: kind.followed for kind in model.kinds} == {
        "coach": False,
        "heaviest": True,
        "random": False,
    }
    for kind in model.kinds:
        assert predictable(kind.weights) == kind.followed
    assert predictable((3.5, 0.0, 0.0, 0.0))
    assert not predictable((3.5, 0.0, 0.1, 0.0))  # six followers outweigh a pip here
