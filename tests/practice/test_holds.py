"""The topic "What does a player probably hold?": for random deals, every answer is what
the engine and the coach read (a pass rules numbers out for sure; the coach's claims
say which are probably missing), every sentence of evidence is true of the round, and
no wrong choice is something the coach claims."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from blockdomino import Chain, Round, Tile
from blockdomino.analysis.coach import View
from blockdomino.analysis.coach.claims import read_hands
from blockdomino.engine.round import Pass, Play
from blockdomino.practice import Item, generate, words
from blockdomino.practice.items import Phrase, Seat
from blockdomino.words.i18n import LANGS

seeds = st.integers(min_value=0, max_value=2**32)


def _params(sentence: Phrase) -> dict[str, object]:
    return dict(sentence.params)


def _player(item: Item) -> int:
    player = _params(item.question[0])["player"]
    assert isinstance(player, Seat)
    return player.index


def _replayed(position: Round, seat: int) -> tuple[set[int], set[tuple[Tile, int]]]:
    """Replaying the round with the engine's chain: every number an end showed when
    ``seat`` passed, and every (tile, number) where ``seat`` played the tile while an
    end showed the number."""
    chain, passed, played = Chain(), set(), set()
    for event in position.history:
        shown = chain.numbers or ()
        if isinstance(event, Pass) and event.seat == seat:
            passed.update(shown)
        elif isinstance(event, Play):
            if event.seat == seat:
                played.update((event.tile, number) for number in shown)
            chain = chain.play(event.tile, event.end)
    return passed, played


def _claimed(item: Item, seat: int) -> set[int]:
    (reading,) = [r for r in read_hands(View.of(item.position)) if r.seat == seat]
    return {lack.number for lack in reading.lacks}


def _evidence(item: Item, seat: int) -> None:
    """Every "played … when an end showed …" of the question happened, and every pass
    said happened."""
    passed, played = _replayed(item.position, seat)
    for sentence in item.question:
        values = _params(sentence)
        if sentence.key == "practice.holds.played":
            assert (values["tile"], values["number"]) in played
            assert not Tile.parse(str(values["tile"])).has(int(str(values["number"])))
        if sentence.key in {"practice.passes.passed", "practice.passes.again"}:
            assert {values["left"], values["right"]} <= passed


@settings(max_examples=12, deadline=None)
@given(seed=seeds)
def test_a_pass_rules_out_its_numbers_surely(seed: int) -> None:
    item = generate("holds", 1, seed)
    seat = _player(item)
    passed, _ = _replayed(item.position, seat)
    assert item.answer.value == tuple(sorted(passed))
    assert frozenset(passed) == View.of(item.position).ruled_out[seat]
    _evidence(item, seat)
    claimed = _claimed(item, seat)
    for choice in item.choices:
        if choice.mistake is not None and choice.mistake.key == "practice.mistake.not_surely":
            assert set(choice.value) - passed <= claimed  # probable, not sure


@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_a_tile_chosen_over_an_end_says_a_number_is_probably_missing(seed: int) -> None:
    item = generate("holds", 2, seed)
    seat = _player(item)
    (evidence,) = [s for s in item.question if s.key == "practice.holds.played"]
    assert _claimed(item, seat) == {item.answer.value} == {_params(evidence)["number"]}
    assert not View.of(item.position).ruled_out[seat]
    _evidence(item, seat)
    tile = Tile.parse(str(_params(evidence)["tile"]))
    for choice in item.choices:
        if not choice.is_right:
            assert choice.mistake is not None
            number = choice.value
            assert isinstance(number, int)
            if choice.mistake.key == "practice.mistake.played_shows":
                assert tile.has(number)


@settings(max_examples=10, deadline=None)
@given(seed=seeds)
def test_passes_and_choices_together(seed: int) -> None:
    item = generate("holds", 3, seed)
    seat = _player(item)
    surely = View.of(item.position).ruled_out[seat]
    claimed = _claimed(item, seat)
    assert surely
    assert claimed
    assert item.answer.value == tuple(sorted(surely | claimed))
    _evidence(item, seat)
    said = {_params(s)["number"] for s in item.question if s.key == "practice.holds.played"}
    assert said == claimed
    wrong = {choice.value for choice in item.choices if not choice.is_right}
    assert tuple(sorted(surely)) in wrong


def test_the_topic_reads_in_every_language_with_the_coach_s_words() -> None:
    item = generate("holds", 2, 7)
    said = {lang: words(item, lang) for lang in LANGS}
    assert "probably" in said["en"].question
    assert "luultavasti" in said["fi"].question
    assert "troligen" in said["sv"].question
    assert "luultavasti" in said["fi"].explanation
