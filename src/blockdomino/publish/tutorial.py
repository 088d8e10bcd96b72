"""The tutorial collection: its chapters in fi, sv and en, where its notebooks lie, and
which cells the versions without code leave out.

Every chapter is one notebook per language, ``<lang>/<number>_<slug>.ipynb``, its
diagrams in ``<lang>/images/``; the slug and the title are the catalog's words for the
chapter in that language. The first chapter is the welcome page every way of showing
the tutorial opens with. An installed wheel carries the notebooks inside the package
(``blockdomino/tutorial/``); a source checkout keeps them in ``notebooks/``, where
``notebooks/build.py`` writes them.

Two tags mark cells that only JupyterLab and the offline site show:

- ``code-demo`` (:data:`CODE_DEMO`): a cell that shows how the code works; its output or
  its prose means something only beside the code;
- ``keep-game`` (:data:`KEEP_GAME`): a cell that keeps a table's game in a file beside
  the notebook, where the folder is the learner's own.

The classroom and the export leave both out (:data:`LEFT_OUT`, :func:`is_left_out`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from blockdomino.engine.chain import Chain
from blockdomino.engine.tiles import Tile
from blockdomino.words.i18n import parse_lang, translate

IMAGES: Final = "images"
"""Each language's folder of diagrams, beside its notebooks."""

FIGURE_FILE: Final = re.compile(rf"\]\({IMAGES}/(?P<kind>[a-z]+)-(?P<name>[^)/]+)\.svg\)")
"""A diagram embedded in a chapter's Markdown, as ``figure_file`` names it."""

CODE_DEMO: Final = "code-demo"
"""The tag of a cell that makes sense only beside its code: JupyterLab shows it, the
classroom and the export leave it out."""

KEEP_GAME: Final = "keep-game"
"""The tag of a cell that keeps a table's game in progress in a file beside the notebook
(and of the prose that says so): JupyterLab and the offline site, where the folder is
the learner's own, run it; the classroom, whose folder every visitor shares, and the
export leave it out."""

LEFT_OUT: Final = (CODE_DEMO, KEEP_GAME)
"""The tags of the cells that the classroom and the export leave out."""


@dataclass(frozen=True)
class Chapter:
    """A chapter: its source's stem (``01_matching``) and the catalog keys of its title
    and of its file name's slug."""

    source: str
    title: str
    slug: str

    @property
    def number(self) -> str:
        """The chapter's two digits: ``01``."""
        return self.source[:2]

    def filename(self, lang: str) -> str:
        """``01_yhdistaminen.ipynb``: the number, then the slug in ``lang``."""
        return f"{self.number}_{translate(self.slug, lang)}.ipynb"

    def heading(self, lang: str) -> str:
        """The chapter's title in ``lang``: the heading its notebook opens with."""
        return translate(self.title, lang)

    def path(self, lang: str, *, root: Path | None = None) -> Path:
        """The chapter's notebook in ``lang`` under ``root`` (default: :func:`root`)."""
        return (root or notebooks_root()) / parse_lang(lang) / self.filename(lang)


CHAPTERS: Final = (
    Chapter("00_welcome", title="nb.welcome.title", slug="nb.welcome.slug"),
    Chapter("01_matching", title="nb.matching.title", slug="nb.matching.slug"),
    Chapter("02_doubles", title="nb.doubles.title", slug="nb.doubles.slug"),
    Chapter("03_passing", title="nb.passing.title", slug="nb.passing.slug"),
    Chapter("04_scoring", title="nb.scoring.title", slug="nb.scoring.slug"),
    Chapter("05_play", title="nb.play.title", slug="nb.play.slug"),
    Chapter("06_strategy", title="nb.strategy.title", slug="nb.strategy.slug"),
    Chapter("07_draw_game", title="nb.draw.title", slug="nb.draw.slug"),
    Chapter("08_together", title="nb.together.title", slug="nb.together.slug"),
    Chapter("09_practice", title="nb.practice.title", slug="nb.practice.slug"),
)
"""The chapters in order; the first is the welcome page."""

WELCOME: Final = CHAPTERS[0]

LANGUAGE_NAMES: Final[Mapping[str, str]] = {
    "fi": "nb.language.fi",
    "sv": "nb.language.sv",
    "en": "nb.language.en",
}
"""The catalog key of each language's name for itself, for the links between languages."""


def figure_file(kind: str, argument: str) -> str:
    """The file in :data:`IMAGES` that a chapter's ``{{figure:<kind>:<argument>}}`` is
    drawn into: ``tile-6-6.svg``, ``chain-14-46-13.svg`` (the chain ``[1|4], [4|6],
    [1|3]``: each tile's two numbers), ``example-placed-1-4.svg``,
    ``seating-partnership.svg``."""
    if kind == "tile":
        tile = Tile.parse(argument)
        return f"tile-{tile.low}-{tile.high}.svg"
    if kind == "chain":
        return "chain-" + "-".join(f"{t.low}{t.high}" for t in Chain.parse(argument).tiles) + ".svg"
    return f"{kind}-{argument}.svg"


def figure_chain(name: str) -> Chain:
    """The chain a ``chain-…`` diagram's file name (without ``chain-`` and ``.svg``)
    stands for (:func:`figure_file`)."""
    return Chain.parse(", ".join(f"[{pair[0]}|{pair[1]}]" for pair in name.split("-")))


def source_checkout() -> Path | None:
    """The source checkout the package runs from (``src/blockdomino`` in it), if any."""
    top = Path(__file__).resolve().parents[3]
    return top if (top / "pyproject.toml").is_file() and (top / "notebooks").is_dir() else None


def notebooks_root() -> Path:
    """The folder holding one folder of notebooks per language: the source checkout's
    ``notebooks/``, else the installed package's copy (``blockdomino/tutorial/``)."""
    source = source_checkout()
    return source / "notebooks" if source else Path(__file__).resolve().parents[1] / "tutorial"


def notebooks(lang: str, *, root: Path | None = None) -> list[Path]:
    """Every chapter's notebook in ``lang`` under ``root``, in chapter order."""
    return [chapter.path(lang, root=root) for chapter in CHAPTERS]


def is_left_out(cell: Any) -> bool:
    """Whether the classroom and the export leave ``cell`` (a notebook's cell) out: it
    has a tag of :data:`LEFT_OUT`."""
    return not set(cell.get("metadata", {}).get("tags", ())).isdisjoint(LEFT_OUT)
