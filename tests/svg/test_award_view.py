"""A round's award as a figure (``blockdomino.svg.awards``): hands drawn, totals, arithmetic,
winner, and a text alternative; the same bytes for the same input."""

from __future__ import annotations

import html
import re
from xml.etree import ElementTree

import IPython.lib.pretty
import pytest
from conftest import rules_strategy, seeds
from hypothesis import given

from blockdomino import Round, Rules, RulesError, Tile, score
from blockdomino.analysis.players import play_round
from blockdomino.engine.scoring import hand_total
from blockdomino.engine.tiles import parse_tiles
from blockdomino.svg.awards import AwardFigure, award
from blockdomino.widgets import ScoringQuiz
from blockdomino.words.examples import SCORING_FIGURES
from blockdomino.words.i18n import LANGS, translate
from blockdomino.words.narration import player_label
from blockdomino.words.text import calculation, explanation_steps

MATCH3 = Rules.preset("match", 3)
MARKUP = "<b>&\"'"
"""A learner's name that would be markup if it were not escaped."""
SVG = "{http://www.w3.org/2000/svg}"


def _figure(index: int, lang: str = "en") -> AwardFigure:
    figure = SCORING_FIGURES[index]
    result = score(MATCH3, figure.totals, dominoer=figure.dominoer)
    return award(result, hands=figure.hands, lang=lang, caption=figure.caption(lang))


def _drawn_tiles(svg: str) -> list[str]:
    return re.findall(r'data-tile="([^"]+)"', svg)


@pytest.mark.parametrize("figure", SCORING_FIGURES, ids=lambda figure: figure.id)
def test_scoring_figure_hands_hold_the_documents_totals(figure) -> None:  # type: ignore[no-untyped-def]
    """000, "Kierroksen päättyminen ja pisteet": the hands drawn for each of the four scoring
    figures hold exactly the totals the document gives (the [0|0] where it names one), in
    hands a three-player deal can leave (at most five tiles, no tile twice)."""
    assert tuple(hand_total(hand) for hand in figure.hands) == figure.totals
    tiles = [tile for hand in figure.hands for tile in hand]
    assert len(tiles) == len(set(tiles))
    assert all(len(hand) <= MATCH3.tiles_each for hand in figure.hands)
    if figure.id == "domino-0-8":
        assert figure.hands[1] == (Tile(0, 0),)


def test_blocked_figure_shows_the_arithmetic_and_the_winner() -> None:
    """000: with blocked totals 3, 7 and 8 the lowest hand scores 7 + 8 − 3 = 12; the figure
    says so, and marks the winner in words and with a frame, not by colour alone."""
    image = _figure(2).svg()
    assert "The winner scores 7 + 8 − 3 = 12 points" in image
    assert "Player 1: 3 pips – wins the round" in image
    assert "Player 2: 1 + 6 = 7 pips" in image
    assert image.count('class="winner-frame"') == 1
    assert _drawn_tiles(image) == ["[1|2]", "[0|1]", "[2|4]", "[0|6]", "[1|1]"]


def test_a_tie_frames_nobody_and_says_nobody_scores() -> None:
    """000: if the lowest totals are equal (3, 3 and 8), nobody scores."""
    image = _figure(3).svg()
    assert 'class="winner-frame"' not in image
    assert "Equal lowest totals: nobody scores." in image


def test_a_domino_against_an_empty_hand_and_zero() -> None:
    """000: a [0|0] left to an opponent is no tie with the empty hand; the dominoer scores 8."""
    figure = _figure(0)
    assert "Player 1: the hand is empty." in figure.description()
    assert "Player 2: [0|0] left in hand, 0 pips in all." in figure.description()
    assert "The winner scores 0 + 8 = 8 points" in figure.svg()


@pytest.mark.parametrize("lang", LANGS)
def test_the_diagram_is_labelled_and_deterministic(lang: str) -> None:
    """Title and description first, ``role="img"``, a viewBox, rounded coordinates, and the
    same bytes for the same input; the description walks through the award."""
    image = _figure(2, lang).svg()
    assert image == _figure(2, lang).svg()
    assert re.search(r'<svg [^>]*role="img"', image)
    assert 'viewBox="0 0 ' in image
    title = re.search(r'<title id="(bd-[0-9a-f]{10})-title">', image)
    assert title
    assert f'id="{title[1]}"' in image
    assert not re.search(r"\d\.\d\d", image)
    steps = explanation_steps(_figure(2, lang).result, lang)
    assert all(step in image for step in steps)


def test_languages_and_colours_change_the_bytes() -> None:
    """Equal input, equal bytes; a different language or palette, a different diagram."""
    english, finnish = _figure(1).svg(), _figure(1, "fi").svg()
    assert english != finnish
    assert "Voittajan pisteet: 5 + 5 = 10 pistettä" in finnish
    assert _figure(1).svg(colors={"playable": "#000000"}) != english


def test_html_shows_the_diagram_the_caption_and_the_steps() -> None:
    """In a notebook: the diagram, then the document's sentence, then the steps as a list."""
    figure = _figure(2, "sv")
    page = figure._repr_html_()
    assert page.startswith('<figure class="blockdomino-award"><svg ')
    assert f"<figcaption><p>{figure.caption}</p><ol>" in page
    assert page.count("<li>") == len(figure.steps())
    assert str(figure) == "\n".join(figure.steps())
    assert IPython.lib.pretty.pretty(figure) == str(figure)


def test_a_finished_round_draws_its_own_hands() -> None:
    """A played round's award draws the tiles each seat was left with."""
    finished = play_round(Round.deal(Rules.preset("match", 2), seed=3), seed=3)
    image = award(finished, lang="fi").svg()
    assert _drawn_tiles(image) == [str(tile) for hand in finished.hands for tile in hand]


def test_a_partnership_frames_both_partners() -> None:
    """001, team game: the team with the lower sum of both partners' hands wins; both partners
    are framed, and one hand decides (no points)."""
    rules = Rules.preset("partnership")
    hands = [parse_tiles(text) for text in ("[0|1]", "[5|6]", "[0|2]", "[4|6]")]
    figure = award(score(rules, [hand_total(hand) for hand in hands]), hands=hands)
    image = figure.svg()
    assert image.count('class="winner-frame"') == 2
    assert "One hand decides: no points are counted." in image


@pytest.mark.parametrize("lang", LANGS)
def test_players_names_are_written_as_text_in_the_figure(lang: str) -> None:
    """A hot-seat round's award names the players by their own names, beside their numbers,
    in the diagram's text, its description and the steps; a name is text, never markup."""
    finished = play_round(Round.deal(Rules.preset("match", 2), seed=3), seed=3)
    names = (MARKUP, "Eino")
    figure = award(finished, lang=lang, names=names)
    image = figure.svg()
    assert "<b>" not in image
    root = ElementTree.fromstring(image)
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None
    assert title.text == translate("award.title", lang)
    assert desc is not None
    assert desc.text is not None
    drawn = [text.text or "" for text in root.iter(f"{SVG}text")]
    for seat in (0, 1):
        label = player_label(seat, lang, names)
        assert label in desc.text
        assert any(line.startswith(f"{label}: ") for line in drawn)
        assert any(label in step for step in figure.steps())
    assert player_label(0, lang) not in desc.text.replace(player_label(0, lang, names), "")
    page = figure.html()
    assert "<b>&" not in page
    assert f"<li>{html.escape(figure.steps()[0])}</li>" in page
    assert image == award(finished, lang=lang, names=names).svg()
    assert award(finished, lang=lang, names=None).svg() == award(finished, lang=lang).svg()


def test_names_must_be_one_per_seat() -> None:
    with pytest.raises(ValueError, match="3 names"):
        award(score(MATCH3, (3, 7, 8)), names=["Aino"])


def test_a_round_in_play_or_hands_off_the_totals_are_refused() -> None:
    """An award exists only once a round is over; hands must hold the result's totals."""
    with pytest.raises(RulesError) as refused:
        award(Round.deal(MATCH3, seed=1))
    assert refused.value.key == "error.match.round_not_over"
    with pytest.raises(ValueError, match="totals"):
        award(score(MATCH3, (3, 7, 8)), hands=[parse_tiles("[1|2]"), (), ()])


def test_totals_alone_draw_no_tiles() -> None:
    """Without hands, the figure shows each seat's total only."""
    image = award(score(MATCH3, (3, 7, 8)), lang="sv").svg()
    assert _drawn_tiles(image) == []
    assert "Spelare 2: 7 prickar" in image


@given(rules_strategy, seeds)
def test_every_played_round_has_a_figure_that_agrees_with_its_result(
    rules: Rules, seed: int
) -> None:
    """000/001: over random play in every preset, the figure draws every tile left in hand,
    names every winner, and states the points the result awards."""
    finished = play_round(Round.deal(rules, seed), seed=seed)
    figure = award(finished)
    image = figure.svg()
    assert _drawn_tiles(image) == [str(tile) for hand in finished.hands for tile in hand]
    assert image.count('class="winner-frame"') == len(finished.result.winners)
    if finished.result.award is not None:
        assert f"The winner scores {calculation(finished.result.award, 'en')}" in image


def test_the_quiz_shows_the_award_as_a_figure_once_checked() -> None:
    """The scoring quiz hides the award until the learner checks, then shows the figure with
    the hands of the document's example and the steps."""
    quiz = ScoringQuiz(SCORING_FIGURES[2:3], lang="fi")
    assert "blockdomino-award" not in quiz.message.value
    quiz.check_button.click()
    assert '<figure class="blockdomino-award">' in quiz.message.value
    assert _drawn_tiles(quiz.message.value) == ["[1|2]", "[0|1]", "[2|4]", "[0|6]", "[1|1]"]
    assert "Voittajan pisteet: 7 + 8 − 3 = 12 pistettä" in quiz.message.value
