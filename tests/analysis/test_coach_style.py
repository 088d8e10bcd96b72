"""The coach that learns the other seats' styles from round to round (``coach.style``).

A player keeps its style over a match: after a few rounds against a heaviest-first
player the coach should take it for one, and against a random player for none. Its
memory belongs to one seat of one game: it must not carry what one seat learnt to
another seat, nor from one game to the next.
"""

from __future__ import annotations

import random

import pytest

from blockdomino import Round, Rules
from blockdomino.analysis.coach import View, hint
from blockdomino.analysis.coach.style import Styles
from blockdomino.analysis.players import STRATEGIES, Strategy, coach_player, play_round
from blockdomino.engine.round import Move

RULES = Rules.preset("block", 2, target=100)

HEAVIEST = [kind.name for kind in Styles().model.kinds].index("heaviest")


def learnt_against(opponent: str, rounds: int) -> list[float]:
    """The heaviest-first kind's share for seat 1 after each round of seat 0's learning."""
    style = Styles()

    def learner(position: Round, rng: random.Random) -> Move:
        return hint(position, samples=10, seed=rng.getrandbits(32), style=style).best[0].move

    found = [style.learnt(1)[HEAVIEST]]
    for seed in range(rounds):
        play_round(Round.deal(RULES, seed), [learner, STRATEGIES[opponent]], seed)
        found.append(style.learnt(1)[HEAVIEST])
    return found


def test_the_style_learnt_of_a_heaviest_first_player_becomes_heaviest_first() -> None:
    """Round after round the heaviest-first kind's share grows from a third towards 1
    (it takes a round to notice: the round's plays are taken in when the next begins)."""
    shares = learnt_against("heaviest", 9)
    assert shares[0] == shares[1] == pytest.approx(1 / 3, abs=1e-5)
    assert shares[-1] > 0.99
    assert shares[-1] > shares[3] > shares[0]


def test_a_random_player_is_not_taken_for_heaviest_first() -> None:
    shares = learnt_against("random", 3)
    assert shares[-1] < 1e-6


def test_reading_a_round_again_learns_nothing_more() -> None:
    """Each hint reads all the round's plays again: asking twice in one round, or at a
    later turn of it, counts each play once."""
    position = Round.deal(RULES, 3)
    position = position.play(position.legal_moves()[0])
    position = position.play(position.legal_moves()[0])
    style = Styles()
    for seed in range(3):
        hint(position, samples=10, seed=seed, style=style)
    assert style.priors(View.of(position)) == {}
    later = position.play(position.legal_moves()[0])
    later = later.play(later.legal_moves()[0])
    assert style.priors(View.of(later)) == {}


THREE = Rules.preset("block", 3, target=61)


def moves_at_seat_zero(coach: Strategy) -> tuple[Move, ...]:
    """The plays of ``coach`` at seat 0 in a 3-player round against heaviest-first."""
    heaviest = STRATEGIES["heaviest"]
    end = play_round(Round.deal(THREE, 11), [coach, heaviest, heaviest], 11)
    return tuple(event for event in end.history if getattr(event, "seat", None) == 0)


def test_what_one_seat_learnt_stays_with_that_seat() -> None:
    """A learning coach that played seat 1 for rounds (and learnt that seats 0 and 2
    play heaviest-first) plays seat 0 as a new one would: one memory per seat, and a
    new player (a new game) starts with none."""
    used = coach_player(5, learns=True)
    heaviest = STRATEGIES["heaviest"]
    for seed in range(6):
        play_round(Round.deal(THREE, seed), [heaviest, used, heaviest], seed)
    assert moves_at_seat_zero(used) == moves_at_seat_zero(coach_player(5, learns=True))


def test_a_learning_coach_plays_the_same_rounds_for_the_same_seeds() -> None:
    """001: two learning coaches through the same seeded rounds learn and play alike."""
    histories = []
    for _ in range(2):
        coach = coach_player(5, learns=True)
        rounds = [Round.deal(RULES, seed) for seed in range(3)]
        histories.append(
            [
                play_round(r, [coach, STRATEGIES["heaviest"]], seed).history
                for seed, r in enumerate(rounds)
            ]
        )
    assert histories[0] == histories[1]
