"""The app's build: chapters from the built notebooks, no code shown, every live piece
opens, every word of the interface from the catalogs, nothing fetched from outside."""

from __future__ import annotations

import gzip
import json
import random
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from blockdomino.analysis.players import STRATEGIES
from blockdomino.app import bridge, make, snapshot
from blockdomino.app.make import PACKAGES, AppError, build_app, wheel_for
from blockdomino.app.names import STATIC, built_name, built_names
from blockdomino.app.offline import WORKER, kept_files, later_files
from blockdomino.engine.rules import PRESETS_SHOWN
from blockdomino.play.table import TableController
from blockdomino.publish.downloads import PYODIDE_CORE
from blockdomino.publish.tutorial import CHAPTERS
from blockdomino.verify.page import REPORT_STYLE
from blockdomino.words import explain
from blockdomino.words.i18n import LANGS, catalog

REPO = Path(__file__).resolve().parents[2]
CODE = re.compile(r"\bLANG\b|import |\.ipynb|\bseed=\d|Player\(")
"""Signs of a code cell's source, or of a link into the notebooks."""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The app built from stand-ins for Pyodide's files and the packages' archive (the
    browser tests build it from the real ones, compiled by Pyodide)."""
    inputs = tmp_path_factory.mktemp("inputs")
    for name in PYODIDE_CORE:
        (inputs / name).write_text("{}" if name.endswith(".json") else name)
    lock = {"info": {"version": "0"}, "packages": {"micropip": {}}}
    (inputs / "pyodide-lock.json").write_text(json.dumps(lock))
    packages = inputs / "packages.zip"
    with zipfile.ZipFile(packages, "w") as packed:
        for package in PACKAGES:
            packed.writestr(f"{package}/__init__.pyc", "")
    stdlib = inputs / "compiled-stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as packed:
        packed.writestr("os.pyc", "compiled")
    decoder = tmp_path_factory.mktemp("decoder")
    for name in make.DECODER:
        (decoder / name).write_text(f"the decoder's {name}")
    out = tmp_path_factory.mktemp("site") / "app"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(make, "write_snapshot", stand_in_snapshot)
        build_app(
            out,
            pyodide=inputs,
            decoder=decoder,
            stdlib=stdlib,
            packages=packages,
            notebooks=REPO / "notebooks",
        )
    return out


def stand_in_snapshot(app: Path) -> str:
    """A stand-in for the snapshot Pyodide takes in Node (``tests/app/test_snapshot.py``)."""
    named = snapshot.header("0", b"memory")
    (app / snapshot.SNAPSHOT).write_bytes(named.encode("ascii") + b"memory")
    return named.rstrip()


def _at(app: Path, name: str) -> Path:
    """The file ``name`` of the built ``app``, by the name the build gave it."""
    return app / built_name(app, name)


def _contents(app: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((app / "contents.json").read_text(encoding="utf-8"))
    return data


def _chapters(app: Path) -> list[tuple[str, dict[str, Any]]]:
    return [
        (lang, json.loads(path.read_text(encoding="utf-8")))
        for lang in LANGS
        for path in sorted((app / "chapters" / lang).glob("*.json"))
    ]


def test_the_app_is_plain_files_with_every_chapter_in_every_language(app: Path) -> None:
    """The page, its worker, Pyodide's emptied lock and its standard library compiled,
    the packages, and every chapter in every language with its title."""
    for name in ("index.html", "app.css", "app.js", "worker.js", "contents.json"):
        assert _at(app, name).is_file()
    assert json.loads(_at(app, "pyodide/pyodide-lock.json").read_text())["packages"] == {}
    with zipfile.ZipFile(_at(app, "pyodide/python_stdlib.zip")) as stdlib:
        assert stdlib.namelist() == ["os.pyc"]
    contents = _contents(app)
    assert contents["packages"] == built_name(app, "packages.zip")
    assert _at(app, "packages.zip").is_file()
    for lang in LANGS:
        listed = contents["chapters"][lang]
        assert [item["number"] for item in listed] == list(range(len(CHAPTERS)))
        assert all(item["title"] for item in listed)


def test_the_app_holds_check_a_leaflet_with_the_reports_own_style(app: Path) -> None:
    """The page "Check a leaflet" is in the app, linked from the chapters' page; the
    reports it shows have the style of ``verify --html``, written from it."""
    for name in ("check.html", "check.js", "check.css", "worker-start.js"):
        assert _at(app, name).is_file()
    assert 'href="check.html"' in (app / "index.html").read_text()
    assert _at(app, "report.css").read_text() == REPORT_STYLE.lstrip()
    assert built_name(app, "report.css") in kept_files(app)


def test_the_module_the_class_pages_share_is_built_and_kept_offline(app: Path) -> None:
    """``shared.js``, which the class server serves to its pages too, is one of the app's
    files, kept by the service worker like the rest."""
    assert _at(app, "shared.js").read_bytes() == (STATIC / "shared.js").read_bytes()
    assert built_name(app, "shared.js") in kept_files(app)


def test_the_page_preloads_every_module_it_imports(app: Path) -> None:
    """Every module the page's scripts import is named in a ``modulepreload`` link, so
    that the browser fetches them all at once rather than one import after another (the
    worker's own modules, which the worker loads, are not the page's)."""
    page = (app / "index.html").read_text()
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([\w.]+)">', page))
    imported: set[str] = set()
    waiting = ["app.js"]
    while waiting:
        script = waiting.pop()
        imported.add(script)
        found = re.findall(r'from "\./([\w.]+)"', _at(app, script).read_text())
        waiting += [name for name in found if name not in imported]
    assert len(imported) > 5
    assert {built_name(app, name) for name in imported} == preloaded


def test_no_chapter_shows_code(app: Path) -> None:
    """Prose about code is left out, code cells show only what they made, and chapter
    links are the app's deep links."""
    for lang, chapter in _chapters(app):
        for block in chapter["blocks"]:
            if block["type"] == "html":
                assert not CODE.search(block["html"]), (lang, chapter["number"], block["html"])


def test_every_live_piece_of_every_chapter_opens(app: Path) -> None:
    """Each widget cell is a live piece the bridge opens: the exercises, the quiz, the
    tables, the hot seats, the replays and the lab, in every language."""
    found = {}
    for lang, chapter in _chapters(app):
        for block in chapter["blocks"]:
            if block["type"] == "live":
                view = bridge.BRIDGE.open(f"{lang}-{block['id']}", block["spec"])
                assert view["buttons"], block
                found.setdefault(chapter["number"], set()).add(block["widget"])
    assert found == {
        1: {"MoveExercise"},
        2: {"MoveExercise"},
        3: {"PassExercise"},
        4: {"ScoringQuiz"},
        5: {"RoundPlayer", "MatchPlayer"},
        6: {"CoachExercise", "Practice", "RoundPlayer"},
        7: {"RoundPlayer", "LiveLab"},
        8: {"HotSeat", "Replay"},
        9: {"Practice"},
    }


def _diagrams(html: str) -> list[str]:
    """Each diagram of a page in words: an image's alt text, or a drawing's title and
    description (the alt text of the same diagram drawn into an image)."""
    drawn = re.findall(r"<title[^>]*>([^<]*)</title>\s*<desc[^>]*>([^<]*)</desc>", html)
    return re.findall(r'<img [^>]*alt="([^"]*)"', html) + [f"{t}. {d}" for t, d in drawn]


def test_no_chapter_shows_a_diagram_twice(app: Path) -> None:
    """A picture drawn in the text is not drawn again by the code cell that shows how
    to draw it (that cell is tagged ``code-demo``)."""
    for lang, chapter in _chapters(app):
        diagrams = _diagrams("".join(block.get("html", "") for block in chapter["blocks"]))
        twice = {diagram for diagram in diagrams if diagrams.count(diagram) > 1}
        assert not twice, (lang, chapter["number"], twice)


def test_the_app_speaks_of_chapters_not_notebooks(app: Path) -> None:
    """The app has chapters; the notebooks' words for themselves, and their Save
    button (the app keeps games by itself), stay in the notebooks."""
    notebook = re.compile(r"notebook|muistikirj|anteckningsb|Save record", re.IGNORECASE)
    for lang, chapter in _chapters(app):
        for block in chapter["blocks"]:
            found = notebook.search(block.get("html", ""))
            assert not found, (lang, chapter["number"], found)


def _learner_turns(table: TableController, pick: random.Random) -> int:
    """How many turns the learner has in the round at ``table``, choosing at random."""
    turns = 0
    while not table.state.position.is_over:
        position = table.state.position
        moves = sorted(position.legal_moves(), key=str)
        if not moves:
            table.act("pass")
        else:
            move = pick.choice(moves)
            end = "" if move.end is None else f":{position.chain.open_ends.index(move.end)}"
            table.act(f"play:{move.tile}{end}")
        turns += 1
    return turns


def test_the_first_round_to_play_gives_a_beginner_several_turns(app: Path) -> None:
    """Chapter 5's first table deals a round in which the learner plays at least four
    times, however they choose (a round over after one tap teaches nothing)."""
    (_, chapter), *_ = [(lang, c) for lang, c in _chapters(app) if c["number"] == 5]
    spec = next(b["spec"] for b in chapter["blocks"] if b.get("widget") == "RoundPlayer")
    for choice in range(20):
        table = bridge.controller(spec)
        assert isinstance(table, TableController)
        assert _learner_turns(table, random.Random(choice)) >= 4


def test_no_prose_names_code(app: Path) -> None:
    """No paragraph the app shows names a piece of code: the sentences about code sit in
    cells of their own, tagged ``code-demo``, which the notebooks keep."""
    named = [
        (lang, chapter["number"], block["html"])
        for lang, chapter in _chapters(app)
        for block in chapter["blocks"]
        if block["type"] == "html" and "<code>" in block["html"]
    ]
    assert not named


def test_the_ways_to_play_are_named_as_learners_know_them(app: Path) -> None:
    """The welcome chapter's table names each preset as the tables and the menus do
    (``term.preset.*``), not by its name in the code."""
    for lang, chapter in _chapters(app):
        if chapter["number"] == 0:
            cells = re.findall(r"<td>([^<]*)</td>", "".join(b["html"] for b in chapter["blocks"]))
            for preset in ("match", "block", "partnership"):
                assert catalog(lang)[f"term.preset.{preset}"] in cells, (lang, preset)


def test_the_chooser_offers_the_registrys_presets_in_its_order(app: Path) -> None:
    """The app's chooser derives from the one registry of presets, in the order it holds."""
    assert list(_contents(app)["presets"]) == list(PRESETS_SHOWN)


def test_the_interface_speaks_each_language_from_the_catalogs(app: Path) -> None:
    """Every word the page shows itself is a catalog message; no English in fi or sv
    (but the languages' own names)."""
    words = _contents(app)["words"]
    english = words["en"]
    assert set(english) == {key for key in catalog("en") if key.startswith(("app.", "term.preset"))}
    worker = built_name(app, "worker.js")
    scripts = sorted(script for script in app.glob("*.js") if script.name not in (WORKER, worker))
    assert len(scripts) > 2
    used = {
        key for script in scripts for key in re.findall(r'"(app\.[a-z_.]+)"', script.read_text())
    }
    assert {"app.failed", "app.board", "app.chooser.deal", "app.start_over"} <= used
    for key in used:
        assert key in english, key
    for lang in ("fi", "sv"):
        same = {key for key, text in words[lang].items() if text == english[key]}
        assert same <= {"app.lang.fi", "app.lang.sv", "app.lang.en"}, (lang, same)


def test_a_missing_wheel_is_said() -> None:
    """The app needs the wheels of its packages."""
    with pytest.raises(AppError) as refused:
        wheel_for("tqdm", [Path("babel-2.0-py3-none-any.whl")])
    assert "tqdm" in explain(refused.value, "en")


def test_a_wheel_is_found_by_its_distributions_name_in_a_lock() -> None:
    """A lock names markdown-it-py with dashes; its wheel's name has underscores."""
    wheel = Path("markdown_it_py-4.3.0-py3-none-any.whl")
    assert wheel_for("markdown-it-py", [Path("mdurl-0.1.2-py3-none-any.whl"), wheel]) == wheel
    assert {"markdown-it-py", "mdurl", "charset-normalizer"} <= set(PACKAGES)


def test_the_page_knows_the_size_of_what_python_needs(app: Path) -> None:
    """The worker counts the bytes of Pyodide's core and of the packages as they come:
    contents.json names each file with its size, so the bar shows bytes of the whole."""
    download = _contents(app)["download"]
    assert built_name(app, "packages.zip") in download
    assert built_name(app, "pyodide/pyodide.asm.wasm") in download
    for name, size in download.items():
        assert (app / name).stat().st_size == size, name


def test_the_app_names_its_snapshot_and_keeps_it_offline_apart(app: Path) -> None:
    """contents.json names the file, its size and its header, as the worker checks
    them; the service worker fetches it apart, after the first start, not when it
    installs the rest."""
    named = json.loads((app / "contents.json").read_text(encoding="utf-8"))["snapshot"]
    assert named["file"] == built_name(app, snapshot.SNAPSHOT)
    kept = _at(app, snapshot.SNAPSHOT).read_bytes()
    assert kept[: snapshot.HEADER_BYTES].decode("ascii").rstrip() == named["header"]
    assert named["bytes"] == len(kept)
    assert named["file"] not in kept_files(app)
    assert later_files(app) == {named["file"]: len(kept)}


def test_the_chooser_knows_the_computer_players_from_the_contents(app: Path) -> None:
    """A seat named after a computer player is the computer's: the names come from
    contents.json, as the library knows them, and no script keeps its own list."""
    assert _contents(app)["computers"] == list(STRATEGIES)
    chooser = _at(app, "chooser.js").read_text(encoding="utf-8")
    assert "app.contents.computers" in chooser
    for name in STRATEGIES:
        assert f'"{name}"' not in chooser, name


def test_the_chooser_asks_first_when_the_view_model_says_a_game_is_under_way(app: Path) -> None:
    """Whether a new deal would end a game is the table controller's to say, once: the
    chooser reads the view model's flag and decides nothing itself."""
    chooser = _at(app, "chooser.js").read_text(encoding="utf-8")
    assert "view?.under_way" in chooser
    assert "next_round" not in chooser
    assert "kept.actions.length" not in chooser


@pytest.mark.parametrize("page", ["app.js", "check.js"])
def test_the_page_takes_its_languages_from_the_registry(app: Path, page: str) -> None:
    """contents.json lists the library's languages (``LANGS``, the default first), and
    the pages that boot (the chapters', "Check a leaflet") keep no list of their own."""
    assert _contents(app)["languages"] == list(LANGS)
    boot = _at(app, page).read_text(encoding="utf-8")
    assert "app.contents" in boot
    assert "languages.includes(lang)" in boot
    for lang in LANGS:
        assert f'"{lang}"' not in boot, lang
        assert f"'{lang}'" not in boot, lang


def test_the_chooser_asks_of_each_table_what_the_registry_says(app: Path) -> None:
    """Whether a table's chooser names the seats (a hot seat) and offers only scored
    presets (a match) is the pieces registry's to say: contents.json gives it for every
    table with a chooser, and the chooser names no widget itself."""
    pieces = _contents(app)["pieces"]
    assert pieces == {
        name: piece.choosing() for name, piece in bridge.PIECES.items() if piece.chooser
    }
    assert [name for name, asked in pieces.items() if asked["seats"]] == ["HotSeat"]
    assert [name for name, asked in pieces.items() if asked["scored"]] == ["MatchPlayer"]
    chooser = _at(app, "chooser.js").read_text(encoding="utf-8")
    assert "app.contents.pieces[block.widget]" in chooser
    for name in bridge.PIECES:
        assert f'"{name}"' not in chooser, name


def test_a_server_that_compresses_nothing_finds_compressed_twins(app: Path) -> None:
    """Python's files, the snapshot and the chapters have a gzip twin, which the service
    worker knows (``TWINS``: it keeps the file, fetched by its twin) but never keeps."""
    contents = _contents(app)
    chapters = [name for name in built_names(app).values() if name.startswith("chapters/")]
    for name in [*contents["download"], contents["snapshot"]["file"], *chapters]:
        twin = app / f"{name}.gz"
        assert gzip.decompress(twin.read_bytes()) == (app / name).read_bytes(), name
    worker = (app / WORKER).read_text(encoding="utf-8")
    listed = re.search(r"^const TWINS = (\[.*?\]);$", worker, re.MULTILINE | re.DOTALL)
    assert listed, worker[:300]
    assert set(json.loads(listed[1])) == set(chapters) | set(contents["download"])
    assert not [name for name in kept_files(app) if name.endswith(".gz")]


def test_the_worker_loads_the_brotli_decoder_by_its_built_names(app: Path) -> None:
    """Over plain http the worker decodes Python's brotli twins itself: the decoder's
    module and WebAssembly are in the app, named by their content, and the worker names
    them so (it has no import map), loading them only when a twin needs them."""
    worker = _at(app, "worker.js").read_text(encoding="utf-8")
    for name, named in make.DECODER.items():
        built = built_name(app, named)
        assert built != named
        assert (app / built).read_text() == f"the decoder's {name}"
        assert f'"{"./" if named.endswith(".js") else ""}{built}"' in worker, built
    assert 'import("./brotli.' in worker
    assert 'from "./brotli.' not in worker
