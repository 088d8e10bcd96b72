"""Screen readers hear a hand's tiles in words in each language ("five–six, fits"),
never the bracket notation and the check mark; and every sentence of the app, the
replay, the walkthrough, the coach and the practice screen says its tiles in words."""

from __future__ import annotations

import pytest

from blockdomino import Chain, Round, Rules, Tile
from blockdomino.play.choosing import choice_buttons, tile_spoken
from blockdomino.play.coach_exercise import CoachController
from blockdomino.play.exercises import MoveController
from blockdomino.play.practice import PracticeController
from blockdomino.play.table import Seating, TableController
from blockdomino.play.walkthrough import example_frames, frames
from blockdomino.practice import words
from blockdomino.words.examples import CHAIN_EXAMPLES
from blockdomino.words.i18n import translate
from blockdomino.words.text import describe

SAID = {
    "en": ("five–six, fits", "zero–three", "five–six, fits, chosen"),
    "fi": ("viisi–kuusi, sopii", "nolla–kolme", "viisi–kuusi, sopii, valittu"),
    "sv": ("fem–sex, passar", "noll–tre", "fem–sex, passar, vald"),
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_tiles_are_named_in_words_and_say_whether_they_fit(lang: str) -> None:
    fits, plain, chosen = SAID[lang]
    assert tile_spoken(Tile(5, 6), fits=True, chosen=False, lang=lang) == fits
    assert tile_spoken(Tile(0, 3), fits=False, chosen=False, lang=lang) == plain
    assert tile_spoken(Tile(6, 5), fits=True, chosen=True, lang=lang) == chosen


@pytest.mark.parametrize("lang", sorted(SAID))
def test_every_tile_button_of_a_hand_carries_its_spoken_words(lang: str) -> None:
    chain = Chain.parse("[6|6]")
    hand = (Tile(5, 6), Tile(0, 3))
    made = choice_buttons(
        chain, hand, playable={Tile(5, 6)}, selected=None, enabled=True, lang=lang
    )
    buttons = [button for button in made if button.group == "tiles"]
    assert [b.spoken for b in buttons] == [SAID[lang][0], SAID[lang][1]]
    assert all("[" not in b.spoken and "✓" not in b.spoken for b in buttons)


# -- every sentence a learner reads or hears says its tiles in words -----------------------
#
# The bracket notation stays only where a tile is pictured (a diagram, the buttons' visible
# labels) and in the documents' own descriptions and captions (``i18n/glossary.md``).

LANGS = ("fi", "sv", "en")
FIVE_FIVE = {"fi": "Viisi–viisi", "sv": "Fem–fem", "en": "Five–five"}
TWO_FOUR = {"fi": "kaksi–neljä", "sv": "två–fyra", "en": "two–four"}


def _no_bracket(*texts: str) -> None:
    for text in texts:
        assert "[" not in text, text
        assert "|" not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_tile_is_named_in_words(lang: str) -> None:
    """ "Viisi–viisi ei sovi: …", on the screen and in the live region alike."""
    view = MoveController("[1|4], [1|1]", "[2|4] [5|5]", lang=lang, title=None).act("tile:[5|5]")
    assert view.refusal is not None
    assert view.refusal.reason.startswith(FIVE_FIVE[lang])
    _no_bracket(view.refusal.reason, view.announcement, view.text("message"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_chosen_and_the_placed_tile_are_named_in_words(lang: str) -> None:
    exercise = MoveController("[1|4], [1|1]", "[2|4] [1|6]", lang=lang, title=None)
    chosen = exercise.act("tile:[2|4]")
    assert TWO_FOUR[lang] in chosen.announcement
    _no_bracket(chosen.announcement)
    buttons = chosen.group("tiles") + chosen.group("ends")
    _no_bracket(*(button.tooltip for button in buttons), *(button.spoken for button in buttons))
    end = next(button.id for button in chosen.group("ends") if button.highlight == "fits")
    placed = exercise.act(end).announcement
    said = translate("widgets.move.placed", lang, tile=TWO_FOUR[lang])
    assert placed.startswith(said)
    assert describe(exercise.state.position.chain, lang, spoken=True) in placed
    _no_bracket(placed)


@pytest.mark.parametrize("lang", LANGS)
def test_two_ends_alike_are_told_apart_by_their_tiles_in_words(lang: str) -> None:
    """Both ends are a higher end showing 5: the labels name the tiles, the spoken names
    say them in words."""
    start = Chain.parse("[1|2], [2|5]")
    chain = start.play(Tile(1, 5), start.open_ends[0])
    made = choice_buttons(
        chain, (Tile(5, 6),), playable={Tile(5, 6)}, selected=Tile(5, 6), enabled=True, lang=lang
    )
    ends = [button for button in made if button.group == "ends"]
    assert [button.tile for button in ends] == [str(end.tile) for end in chain.open_ends]
    assert all(button.spoken for button in ends)
    _no_bracket(*(button.label for button in ends), *(button.spoken for button in ends))
    _no_bracket(*(button.tooltip for button in ends))


SHOWN = {
    "en": ("five–six ✓ (chosen)", "zero–three", "the end with 6 ✓", "the end with 1"),
    "fi": ("viisi–kuusi ✓ (valittu)", "nolla–kolme", "pää, jossa on 6 ✓", "pää, jossa on 1"),
    "sv": ("fem–sex ✓ (vald)", "noll–tre", "änden med 6 ✓", "änden med 1"),
}


@pytest.mark.parametrize("lang", sorted(SHOWN))
def test_the_buttons_show_their_tiles_in_words_and_their_ends_by_number(lang: str) -> None:
    """What a learner reads on the buttons: "five–six ✓", not "[5|6] ✓"; "the end with 1",
    not "lower end (1)"; a browser may draw the tile (``tile``) beside the rest."""
    chain = Chain.parse("[6|1]")
    hand = (Tile(5, 6), Tile(0, 3))
    made = choice_buttons(
        chain, hand, playable={Tile(5, 6)}, selected=Tile(5, 6), enabled=True, lang=lang
    )
    assert [b.label for b in made] == list(SHOWN[lang])
    assert [(b.tile, b.beside) for b in made if b.group == "tiles"] == [
        ("[5|6]", SHOWN[lang][0].split(" ", 1)[1]),
        ("[0|3]", ""),
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_a_replay_says_every_move_in_words(lang: str) -> None:
    """ "Pelaaja 3 pelaa laatan yksi–viisi kohtaan viisi–viisi (linja A, 5).", and what
    the seat could have played, with the hands shown."""
    for frame in frames(3, lang=lang, reveal=True):
        _no_bracket(frame.heading, *frame.lines)


@pytest.mark.parametrize("lang", LANGS)
def test_a_worked_example_is_walked_through_in_words(lang: str) -> None:
    """The headings ("Asetettu laatta kolme–neljä · Vaihe 1/4") and each join; the
    document's caption and the diagram keep the notation."""
    for example in CHAIN_EXAMPLES:
        for frame in example_frames(example, lang=lang):
            said = [line for line in frame.lines if line != example.caption(lang)]
            _no_bracket(frame.heading, *said)
        assert str(example.placed) in example.title(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_coach_names_its_moves_in_words(lang: str) -> None:
    table = TableController(
        Rules.preset("match", 2),
        seed=3,
        lang=lang,
        seating=Seating.against_computer(2, seat=0, strategy="random"),
        match=False,
        coach=True,
    )
    answer = table.act("hint").text("answer")
    assert "coach-hint" in answer
    _no_bracket(answer)
    known = table.act("knowledge").text("answer")
    assert "coach-knowledge" in known
    _no_bracket(known)
    position = Round.deal(Rules.preset("match", 2), 0)
    exercise = CoachController(position, lang=lang, samples=20, seed=0)
    moves = exercise.view().group("moves")
    assert moves
    _no_bracket(*(button.label for button in moves), *(button.tooltip for button in moves))
    verdict = exercise.act("move:0")
    _no_bracket(verdict.announcement, verdict.text("message"))


@pytest.mark.parametrize("lang", LANGS)
def test_practice_feedback_names_its_tiles_in_words(lang: str) -> None:
    """The practice screen says the printed sheet's "[4|5]" as "four–five"."""
    practice = PracticeController(lang=lang, topic="matching", seed=3)
    item = practice.state.item
    assert any("[" in note for note in words(item, lang).notes)  # the sheet's notation
    wrong = (item.answer_index + 1) % len(item.choices)
    view = practice.act(f"choice:{wrong}")
    _no_bracket(view.announcement, view.text("question"), view.text("feedback"))
    _no_bracket(*(button.label for button in view.group("choices")))


@pytest.mark.parametrize("lang", LANGS)
def test_the_tables_turn_log_says_its_tiles_in_words(lang: str) -> None:
    """The list of turns under the table, read line by line, as the live region says it."""
    seating = Seating.against_computer(3, seat=0, strategy="random")
    table = TableController(
        Rules.preset("block", 3), seed=4, lang=lang, seating=seating, match=False
    )
    view = table.view()
    for _ in range(40):
        if table.state.position.is_over:
            break
        moves = table.state.position.legal_moves()
        view = table.act("pass") if not moves else table.act(f"tile:{moves[0].tile}")
        if view.selected is not None:
            view = table.act(next(b.id for b in view.group("ends") if b.highlight == "fits"))
    log = view.text("turns")
    assert log.count("<li>") >= 3
    _no_bracket(log, view.announcement)
