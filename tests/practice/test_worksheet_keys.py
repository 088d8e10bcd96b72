"""The answer keys a teacher marks quickly: a strip per sheet (its number on top, the
answers in a column) apart from the sheets, in a file of their own with ``--key``; the
seed printed on every sheet and key, drawn anew when none is given; every default in
``--help``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from blockdomino.cli import build_parser, main
from blockdomino.practice.sheets import LETTERS, variants
from blockdomino.practice.wording import words
from blockdomino.words.i18n import translate

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("typst")


def _pages(pdf: Path) -> list[list[str]]:
    """Each page's lines of text."""
    return [(page.extract_text() or "").splitlines() for page in pypdf.PdfReader(pdf).pages]


def _make(tmp_path: Path, lang: str, *extra: str) -> tuple[Path, Path, Path]:
    out, key, data = tmp_path / "sheets.pdf", tmp_path / "keys.pdf", tmp_path / "sheets.json"
    argv = ["worksheet", "--topics", "matching,blocked", "--level", "2", "--count", "12"]
    argv += ["--copies", "3", "--lang", lang, "--out", str(out), "--key", str(key)]
    assert main([*argv, "--json", str(data), *extra]) == 0
    return out, key, data


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_the_keys_go_to_their_own_file_a_strip_per_sheet(tmp_path: Path, lang: str) -> None:
    out, key, data = _make(tmp_path, lang, "--seed", "41")
    heading = translate("practice.sheet.key", lang)
    seed = translate("practice.sheet.seed", lang, seed=41)
    sheets_text = "\n".join("\n".join(page) for page in _pages(out))
    assert heading not in sheets_text
    assert sheets_text.count(seed) == 3  # on every sheet
    lines = [line.strip() for page in _pages(key) for line in page]
    assert lines[0] == f"{heading} {seed}"
    sheets = variants(["matching", "blocked"], 2, 12, 3, 41)
    for number, items in enumerate(sheets, 1):
        top = lines.index(translate("practice.sheet.number", lang, number=number))
        column = lines[top + 1 : top + 13]
        assert column == [f"{n} {LETTERS[it.answer_index]}" for n, it in enumerate(items, 1)]
    recorded = json.loads(data.read_text(encoding="utf-8"))
    assert [sheet["sheet"] for sheet in recorded["sheets"]] == [1, 2, 3]


def test_explanations_are_printed_in_the_keys_when_asked(tmp_path: Path) -> None:
    _, key, _ = _make(tmp_path, "en", "--seed", "41", "--explanations")
    text = "".join("".join(page) for page in _pages(key)).replace("-", "")
    first = variants(["matching", "blocked"], 2, 12, 3, 41)[0][0]
    assert "".join(words(first, "en").explanation.split()).replace("-", "") in "".join(text.split())


def _sheet(out: Path, *extra: str) -> Path:
    """The smallest run: one sheet of two items, no key."""
    argv = ["worksheet", "--topics", "blocked", "--level", "2", "--count", "2", "--copies", "1"]
    assert main([*argv, "--lang", "en", "--out", str(out), *extra]) == 0
    return out


def test_without_a_seed_each_run_draws_one_and_prints_it_so_it_can_be_made_again(
    tmp_path: Path,
) -> None:
    """Drawing and printing the seed is the same for a sheet of any size: the smallest."""
    found = []
    for run in ("a", "b", "c"):
        out = _sheet(tmp_path / f"{run}.pdf")
        found.append(re.search(r"--seed (\d+)", "\n".join(_pages(out)[0]))[1])  # type: ignore[index]
    assert len(set(found)) > 1
    again = _sheet(tmp_path / "again.pdf", "--seed", found[0])
    assert again.read_bytes() == (tmp_path / "a.pdf").read_bytes()


def test_the_help_shows_every_default() -> None:
    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    parser = commands["worksheet"]
    for action in parser._actions:
        if action.dest != "help":
            assert "default" in action.help or "required" in action.help, action.dest


def test_a_key_file_with_moodle_is_refused_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["worksheet", "--format", "moodle", "--lang", "sv", "--out", str(tmp_path / "q.xml")]
    assert main([*argv, "--key", str(tmp_path / "k.pdf")]) == 2
    assert "Moodles frågebank" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
