"""``blockdomino worksheet``: the PDF and the JSON agree, the same arguments give the
same bytes, and bad input is refused with status 2, a translated message and no file."""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from practice_answers import ROUTES

from blockdomino import records
from blockdomino.cli import build_parser

pypdf = pytest.importorskip("pypdf")
pytest.importorskip("typst")


def _args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["worksheet", *argv])


def _run(tmp_path: Path, lang: str, *extra: str) -> tuple[int, Path, Path]:
    out, data = tmp_path / f"sheets-{lang}.pdf", tmp_path / f"sheets-{lang}.json"
    args = _args(
        "--topics",
        "matching,scoring,passes,strategy",
        "--level",
        "2",
        "--count",
        "4",
        "--copies",
        "2",
        "--seed",
        "7",
        "--lang",
        lang,
        "--out",
        str(out),
        "--json",
        str(data),
        *extra,
    )
    return args.run(args), out, data


@pytest.fixture(scope="module", params=["fi", "sv", "en"])
def written(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    status, out, data = _run(tmp_path_factory.mktemp(request.param), request.param)
    assert status == 0
    return request.param, out, json.loads(data.read_text(encoding="utf-8"))


def _text(pdf: Path) -> str:
    """The PDF's text with hyphenation undone and no spaces (line breaks move them)."""
    reader = pypdf.PdfReader(pdf)
    text = "".join(page.extract_text() or "" for page in reader.pages)
    return "".join(text.replace("\xad\n", "").replace("-\n", "").split())


def test_the_pdf_holds_every_sheet_and_the_questions_of_the_json(written) -> None:  # type: ignore[no-untyped-def]
    lang, out, data = written
    text = _text(out)
    assert [sheet["sheet"] for sheet in data["sheets"]] == [1, 2]
    for sheet in data["sheets"]:
        for item in sheet["items"]:
            assert item["lang"] == lang
            assert "".join(item["question"].split()) in text
            for choice in item["choices"]:
                assert "".join(choice.split()) in text
    reader = pypdf.PdfReader(out)
    assert reader.pages[0].mediabox.width == pytest.approx(595.28, abs=0.1)


def test_the_json_alone_gives_every_answer_again(written) -> None:  # type: ignore[no-untyped-def]
    """From the game record and the choices in the file, the independent routes find
    the answer the file gives (tiles in bracket notation, seats from 1, integer points)."""
    from blockdomino.practice import generate

    _, _, data = written
    for item in (item for sheet in data["sheets"] for item in sheet["items"]):
        position = records.read_round(item["position"]["record"])
        assert position.chain.notation == item["position"]["chain"]
        again = generate(item["topic"], item["level"], item["seed"])
        assert again.position == position
        expected = ROUTES[item["topic"]](again)
        assert (
            json.loads(json.dumps(expected if not isinstance(expected, tuple) else list(expected)))
            == item["answer"]
        )
        assert item["answer"] in item["choice_values"]


def test_the_same_arguments_give_the_same_bytes(tmp_path: Path) -> None:
    first = _run(tmp_path / "a" if (tmp_path / "a").mkdir() is None else tmp_path, "sv")
    second = _run(tmp_path / "b" if (tmp_path / "b").mkdir() is None else tmp_path, "sv")
    assert first[1].read_bytes() == second[1].read_bytes()
    assert first[2].read_bytes() == second[2].read_bytes()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--topics", "chess"], "Tuntematon aihe ”chess”"),
        (["--count", "0"], "1–200, ei 0"),
        (["--count", "201"], "1–200, ei 201"),
        (["--level", "4"], "1, 2 tai 3, ei 4"),
        (["--level", "0"], "1, 2 tai 3, ei 0"),
        (["--copies", "501"], "1–500, ei 501"),
        (["--topics", "leader", "--level", "2"], "ei ole tällä tasolla 12 eri tehtävää"),
    ],
)
def test_bad_input_is_refused_in_the_chosen_language_without_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    out = tmp_path / "sheets.pdf"
    args = _args("--lang", "fi", "--out", str(out), "--json", str(tmp_path / "s.json"), *argv)
    assert args.run(args) == 2
    assert words in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_out_is_refused_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = _args(
        "--lang",
        "sv",
        "--count",
        "1",
        "--out",
        str(tmp_path / "no" / "s.pdf"),
        "--json",
        str(tmp_path / "s.json"),
    )
    assert args.run(args) == 2
    assert "Det går inte att skriva" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(
    shutil.which("pdftoppm") is None, reason="poppler-utils (pdftoppm) is not installed"
)
def test_the_pages_render_as_pictures(written, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Poppler renders every page; the PNGs are kept in the test's folder to look at."""
    lang, out, _ = written
    subprocess.run(
        ["pdftoppm", "-r", "50", "-png", str(out), str(tmp_path / lang)],
        check=True,
        capture_output=True,
    )
    pages = sorted(tmp_path.glob(f"{lang}*.png"))
    assert len(pages) == len(pypdf.PdfReader(out).pages)
    assert pages[0].stat().st_size > 10_000  # the first sheet, printed; blank backs are tiny
