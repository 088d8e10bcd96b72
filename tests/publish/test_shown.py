"""What a chapter shows is read from its own notebook: every worked example, chain,
round and scoring figure it draws is in its walkthrough, in its order, with no second
list to keep; a cell that draws nothing is not run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from blockdomino.engine.chain import Chain
from blockdomino.engine.round import Round
from blockdomino.engine.rules import Rules
from blockdomino.play.walkthrough import seeded_round
from blockdomino.publish.shown import Shown, chapter_parts, notebook_shown, walk_parts
from blockdomino.publish.tutorial import CHAPTERS, figure_chain, figure_file


def _summary(part: Shown) -> str:
    if part.chain is not None:
        return "chain " + ", ".join(map(str, part.chain.tiles))
    if part.round is not None:
        rules = part.round.rules
        return f"round {rules.name} {rules.players}, {len(part.round.history)} events"
    return part.example


def test_each_chapters_walkthrough_is_what_the_chapter_shows() -> None:
    walks = {c.source: [_summary(p) for p in chapter_parts(c.source)] for c in CHAPTERS}
    assert walks == {
        "00_welcome": ["chain [3|6], [6|6], [2|6]"],
        "01_matching": ["placed-1-4", "chain [1|4], [4|6], [1|3]", "placed-0-0"],
        "02_doubles": ["placed-1-1", "placed-6-6", "placed-4-4", "placed-3-4", "placed-2-2"],
        "03_passing": ["round match 2, 8 events"],  # dealt from hands, then the script
        "04_scoring": ["domino-0-8", "domino-5-5", "blocked-3-7-8", "blocked-3-3-8"],
        "05_play": ["round block 3, 19 events"],  # the watched round, not the pupils' tables
        "06_strategy": ["round match 2, 3 events", "chain [2|6], [5|6], [3|5], [2|5], [3|3]"],
        "07_draw_game": ["round draw 2, 19 events"],  # no round of its own: its table's deal
        "08_together": ["round block 3, 15 events", "placed-3-4"],
        "09_practice": [],
    }
    assert chapter_parts("07_draw_game")[0].round == seeded_round(2, Rules.preset("draw", 2))


def _notebook(tmp_path: Path, *cells: dict[str, Any]) -> Path:
    chapter = json.loads(CHAPTERS[0].path("en").read_text(encoding="utf-8"))
    chapter["cells"] += list(cells)
    path = tmp_path / "00_welcome.ipynb"
    path.write_text(json.dumps(chapter), encoding="utf-8")
    return path


def _code(source: str, *tags: str) -> dict[str, Any]:
    metadata = {"tags": list(tags)} if tags else {}
    return {"cell_type": "code", "source": source, "metadata": metadata, "outputs": []}


def test_a_position_added_to_a_chapter_is_in_its_walkthrough(tmp_path: Path) -> None:
    figure = figure_file("chain", "[2|5], [5|5]")
    path = _notebook(
        tmp_path,
        {"cell_type": "markdown", "source": f"A new chain:\n\n![alt](images/{figure})"},
        _code('raise SystemExit("only prints: never run")'),
        _code("from blockdomino import Chain, svg\n\nsvg.chain(Chain.parse('[1|2], [2|2]'))"),
        _code("svg.chain(Chain.parse('[4|4]'), hand=[])"),  # which tile fits: no example
        _code("from blockdomino.widgets import Replay\n\nReplay(4, lang=LANG)"),
        _code('raise SystemExit("kept for the learner only")', "keep-game"),
    )
    walk = [_summary(p) for p in walk_parts(notebook_shown(path))]
    assert walk == [
        "chain [3|6], [6|6], [2|6]",
        "chain [2|5], [5|5]",
        "chain [1|2], [2|2]",
        f"round match 2, {len(seeded_round(4).history)} events",
    ]


def test_a_round_shown_again_further_on_is_one_round_and_its_chain_not_again() -> None:
    end = seeded_round(3)
    start = Round.deal(end.rules, 3)  # the same deal, before any move
    shown = [Shown(round=start), Shown(chain=end.chain), Shown(round=end), Shown(round=end)]
    assert walk_parts(shown) == (Shown(round=end),)
    live = Shown(round=seeded_round(5), live=True)
    assert walk_parts([live, Shown(round=end)]) == (Shown(round=end),)
    assert walk_parts([live, Shown(example="placed-1-4"), Shown(example="placed-1-4")]) == (
        live,
        Shown(example="placed-1-4"),
    )


def test_a_chain_figures_file_names_its_chain() -> None:
    chain = "[1|4], [4|6], [1|3]"
    name = figure_file("chain", chain)
    assert name == "chain-14-46-13.svg"
    assert figure_chain(name.removeprefix("chain-").removesuffix(".svg")) == Chain.parse(chain)
