"""Each chapter's walkthrough: the chapter's own examples, one after the other, each
step a legal position equal to the one the chapter shows; and a scoring figure's
"How many points?", whose right number is the award ``engine.scoring`` gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blockdomino import svg
from blockdomino.engine.chain import Chain
from blockdomino.engine.positions import positions
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.engine.scoring import score
from blockdomino.lessons.fitting import FitQuestion
from blockdomino.lessons.points import points_counted, points_question
from blockdomino.lessons.steps import chapter_walks, chooser, parts, walk_frames
from blockdomino.lessons.walkthrough import step_question
from blockdomino.play.walkthrough import frames
from blockdomino.publish.shown import chapter_parts
from blockdomino.publish.tutorial import CHAPTERS
from blockdomino.words.examples import CHAIN_EXAMPLES, SCORING_FIGURES, ScoringFigure
from blockdomino.words.i18n import LANGS, translate

SOURCES = Path(__file__).resolve().parents[2] / "notebooks"


def source(chapter: str) -> str:
    return (SOURCES / "source" / f"{chapter}.py").read_text(encoding="utf-8")


def saved_tables(chapter: str) -> list[str]:
    """The tables the chapter's English notebook shows, as saved."""
    notebook = next((SOURCES / "en").glob(f"{chapter[:2]}_*.ipynb"))
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [
        "".join(output["data"]["image/svg+xml"])
        for cell in cells
        if cell["cell_type"] == "code" and "svg.table" in "".join(cell["source"])
        for output in cell["outputs"]
        if "image/svg+xml" in output.get("data", {})
    ]


def test_every_chapter_with_an_example_offers_its_walkthrough() -> None:
    walked = list(chapter_walks().values())
    assert [c.source for c in CHAPTERS if c.source != "09_practice"] == walked
    assert "Practice(" in source("09_practice")  # new questions every time, no example
    for lang in LANGS:
        groups = chooser(lang)
        assert [title for title, _ in groups] == [
            c.heading(lang) for c in CHAPTERS if c.source in walked
        ]
        offered = [walk for _, walks in groups for walk, _ in walks]
        every = [
            *chapter_walks(),
            *(e.id for e in CHAIN_EXAMPLES),
            *(f.id for f in SCORING_FIGURES),
        ]
        assert sorted(offered) == sorted(every)
        assert all(walks[0][1] == translate("lessons.walk.chapter", lang) for _, walks in groups)


@pytest.mark.parametrize("chapter", [c.source for c in CHAPTERS])
def test_each_part_is_an_example_the_chapter_shows(chapter: str) -> None:
    text = source(chapter)
    for part in chapter_parts(chapter):
        if part.example in (f.id for f in SCORING_FIGURES):
            index = [f.id for f in SCORING_FIGURES].index(part.example)
            assert f"work_through(SCORING_FIGURES[{index}])" in text
        elif part.example:
            named = (f"{{{{figure:example:{part.example}}}}}", f'chain_example("{part.example}")')
            assert any(name in text for name in named)
        elif part.chain:
            written = ", ".join(map(str, part.chain.tiles))
            drawn = (f"{{{{figure:chain:{written}}}}}", f'Chain.parse("{written}")')
            assert any(name in text for name in drawn)
        else:
            assert part.round is not None
            played = part.round
            steps = positions(played)
            tables = {str(svg.table(p, lang="en", reveal=r)) for p in (steps[0], played)
                     for r in (True, (p.turn,))}  # fmt: skip
            rules = played.rules
            assert f'Rules.preset("{rules.name}", {rules.players})' in text
            assert not saved_tables(chapter) or tables & set(saved_tables(chapter))


def test_the_replayed_rounds_are_the_chapters_replays() -> None:
    together = chapter_parts("08_together")[0].round
    drawn = chapter_parts("07_draw_game")[0].round
    assert together is not None
    assert drawn is not None
    replay = frames(5, rules=Rules.preset("block", 3), reveal=True, lang="fi")
    assert [f.lines for f in walk_frames("chapter-08", "fi")[: len(replay)]] == [
        f.lines for f in replay
    ]
    dealt = Round.deal(Rules.preset("draw", 2), 2)
    assert positions(drawn)[0].hands == dealt.hands


def test_a_chapters_steps_are_legal_and_its_chains_are_the_chapters() -> None:
    for walk in chapter_walks():
        assert len(walk_frames(walk, "fi")) == len(parts(walk))
    chained = walk_frames("chapter-01", "en")[1:4]
    chain = Chain.parse("[1|4], [4|6], [1|3]")
    assert [str(f.figures[0]) for f in chained] == [
        str(svg.chain(Chain.from_tiles(chain.tiles[:n]), lang="en")) for n in (1, 2, 3)
    ]
    passing = walk_frames("chapter-03", "sv")
    end = chapter_parts("03_passing")[0].round
    assert end is not None
    assert end.chain.tiles == Chain.parse("[3|5], [3|3], [5|6], [2|6], [2|4], [4|4]").tiles
    assert len(passing) == len(end.history) + 1
    assert step_question("chapter-02", 0) is not None  # placed-1-1's first step asks
    for at, placed in ((1, chain.tiles[1]), (2, chain.tiles[2])):  # the chain chapter 1 draws
        asked = step_question("chapter-01", at)
        assert isinstance(asked, FitQuestion)
        assert asked.chain.tiles == chain.tiles[:at]
        assert placed in asked.tiles
        assert asked.fits(placed)
    assert step_question("chapter-01", 3) is None  # the chain's last tile: nothing to ask
    assert step_question("chapter-04", 4) == points_question("domino-5-5", 0)


@pytest.mark.parametrize("figure", SCORING_FIGURES, ids=lambda f: f.id)
def test_how_many_points_has_the_award_and_three_named_mistakes(figure: ScoringFigure) -> None:
    question = points_question(figure.id, 0)
    assert question is not None
    rules = Rules.preset("match", len(figure.totals))
    result = score(rules, figure.totals, dominoer=figure.dominoer)
    award = 0 if result.award is None else result.award.points
    assert question.right == award == max(figure.points)
    numbers = [points for points, _ in question.choices]
    assert numbers == sorted(set(numbers))
    assert len(numbers) == 4
    assert [m for p, m in question.choices if p == award] == [None]
    assert all(m and m.startswith("practice.mistake.") for p, m in question.choices if p != award)
    assert points_question(figure.id, 1) is None
    for lang in LANGS:
        right = numbers.index(award)
        shown = points_counted(question, [(right,), (right,), ((right + 1) % 4,)], lang)
        assert shown["counts"][right] == 2
        assert shown["fits"] == [p == award for p in numbers]
        assert shown["reasons"][right] == figure.caption(lang)
        assert all(reason.strip() for reason in shown["reasons"])


def test_a_round_part_is_drawn_as_the_round_it_plays() -> None:
    played = chapter_parts("05_play")[0].round
    assert played is not None
    assert played.is_over
    frames = walk_frames("chapter-05", "en")
    assert len(frames) == len(played.history) + 1
