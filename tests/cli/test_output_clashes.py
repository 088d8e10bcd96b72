"""Outputs that cannot clobber each other: two outputs naming one file (after ``./``
and symbolic links), an output naming a command's input, or a file ending that is not
the format's are refused before any work, with status 2, one line in the chosen
language, and no file written or changed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from blockdomino import Rules, records
from blockdomino.analysis.players import play_match
from blockdomino.cli import main
from blockdomino.cli._common import Output, check_outputs
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.match import Match
from blockdomino.words.i18n import catalog

SHEETS = ("worksheet", "--count", "1", "--topics", "matching")

CASES = [
    (
        "pdf and json one file",
        "fi",
        "cli.error.same_file",
        (*SHEETS, "--out", "{t}/s.pdf", "--json", "{t}/./s.pdf"),
    ),
    (
        "no endings, one file",
        "sv",
        "cli.error.same_file",
        (*SHEETS, "--out", "{t}/s", "--json", "{t}/s"),
    ),
    (
        "json a link to the pdf",
        "en",
        "cli.error.same_file",
        (*SHEETS, "--out", "{t}/s.pdf", "--json", "{t}/link.json"),
    ),
    (
        "moodle into .pdf",
        "fi",
        "cli.error.suffix",
        (*SHEETS, "--format", "moodle", "--out", "{t}/x.pdf"),
    ),
    ("pdf into .xml", "sv", "cli.error.suffix", (*SHEETS, "--out", "{t}/x.xml")),
    (
        "json into .pdf",
        "en",
        "cli.error.suffix",
        (*SHEETS, "--out", "{t}/y.pdf", "--json", "{t}/x.pdf"),
    ),
    (
        "replay over its record",
        "fi",
        "cli.error.same_file",
        ("replay", "{t}/r.json", "--out", "{t}/../" + "{name}/r.json"),
    ),
]


def _fragment(key: str, lang: str) -> str:
    """The longest fixed part of a catalog text: what the message must contain."""
    return max(re.split(r"\{\w+\}", catalog(lang)[key]), key=len).strip()


@pytest.mark.parametrize(
    ("lang", "key", "args"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_clashing_outputs_are_refused_and_nothing_changes(
    lang: str, key: str, args: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records.save(
        play_match(Match.start(Rules.preset("match", 2, target=15), 1), seed=1), tmp_path / "r.json"
    )
    (tmp_path / "link.json").symlink_to(tmp_path / "s.pdf")
    before = {path: path.read_bytes() for path in tmp_path.iterdir() if path.is_file()}
    argv = [arg.replace("{t}", str(tmp_path)).replace("{name}", tmp_path.name) for arg in args]
    assert main([*argv, "--lang", lang]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1, error
    assert "Traceback" not in error
    assert _fragment(key, lang) in error
    after = {path: path.read_bytes() for path in tmp_path.iterdir() if path.is_file()}
    assert after == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["link.json", "r.json"]


def test_distinct_files_of_the_right_endings_pass(tmp_path: Path) -> None:
    """Any case of the ending, or none, is taken; only the same file twice is not."""
    check_outputs(
        [
            Output("--out", tmp_path / "S.PDF", "PDF", ".pdf"),
            Output("--json", tmp_path / "s", "JSON", ".json"),
        ],
        inputs=[("RECORD.json", tmp_path / "r.json")],
    )
    with pytest.raises(BlockdominoError):
        check_outputs(
            [Output("--out", tmp_path / "r.json")], inputs=[("RECORD", tmp_path / "r.json")]
        )
