"""``blockdomino worksheet --format moodle``: a Moodle XML question bank that parses, one
multiple-choice question per item with exactly one choice at 100 %, its diagrams as
files of the question, the same bytes for the same arguments, bad input refused."""

from __future__ import annotations

import base64
import html
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from blockdomino import Chain
from blockdomino.cli import build_parser
from blockdomino.practice import words
from blockdomino.practice.export import figures
from blockdomino.practice.sheets import variants
from blockdomino.practice.wording import chain_in_words, hand_in_words
from blockdomino.words.i18n import translate

ARGS = ("--topics", "matching,scoring,passes", "--level", "3", "--count", "4", "--copies", "2")


def _write(tmp_path: Path, name: str, *extra: str) -> tuple[int, Path]:
    out = tmp_path / name
    args = build_parser().parse_args(
        ["worksheet", *ARGS, "--format", "moodle", "--out", str(out), *extra]
    )
    return args.run(args), out


def test_the_bank_holds_one_question_per_item_each_with_one_right_choice(tmp_path: Path) -> None:
    status, out = _write(tmp_path, "bank.xml", "--lang", "fi", "--seed", "3")
    assert status == 0
    quiz = ET.parse(out).getroot()
    assert quiz.tag == "quiz"
    questions = quiz.findall("question[@type='multichoice']")
    sheets = variants(["matching", "scoring", "passes"], 3, 4, 2, 3)
    named = {
        f"{sheet}.{number}": item
        for sheet, items in enumerate(sheets, 1)
        for number, item in enumerate(items, 1)
    }
    assert len(questions) == len(named) == 8
    for question in questions:
        item = named[(question.findtext("name/text") or "").split()[0]]
        fractions = [answer.get("fraction") for answer in question.findall("answer")]
        assert fractions.count("100") == 1
        assert set(fractions) <= {"100", "0"}
        right = question.findall("answer")[fractions.index("100")]
        assert words(item, "fi").answer in (right.findtext("text") or "")
        assert right.find("feedback") is None
        wrong = [a for a in question.findall("answer") if a.get("fraction") == "0"]
        assert all(a.findtext("feedback/text") for a in wrong)
        assert words(item, "fi").explanation[:40] in (
            question.findtext("generalfeedback/text") or ""
        )
        text = question.find("questiontext")
        assert text is not None
        for file in text.findall("file"):
            assert f"@@PLUGINFILE@@/{file.get('name')}" in (text.findtext("text") or "")
            assert base64.b64decode(file.text or "").startswith(b"<svg")
    categories = [c.findtext("category/text") for c in quiz.findall("question[@type='category']")]
    assert categories == [
        "$course$/top/Block/Laattojen yhdistäminen/Taso 3",
        "$course$/top/Block/Pisteet/Taso 3",
        "$course$/top/Block/Ohitusten lukeminen/Taso 3",
    ]


def test_the_same_arguments_give_the_same_bytes(tmp_path: Path) -> None:
    first = _write(tmp_path, "one.xml", "--lang", "sv", "--seed", "0")[1].read_bytes()
    assert first == _write(tmp_path, "two.xml", "--lang", "sv", "--seed", "0")[1].read_bytes()
    assert first != _write(tmp_path, "three.xml", "--lang", "sv", "--seed", "1")[1].read_bytes()


def test_pdf_stays_the_default_format() -> None:
    args = build_parser().parse_args(["worksheet", "--out", "x.pdf"])
    assert args.format == "pdf"


def test_bad_input_is_refused_without_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = _write(tmp_path, "bank.xml", "--lang", "sv", "--count", "0")
    assert status == 2
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []
    assert "0" in capsys.readouterr().err
    status, out = _write(tmp_path / "missing", "bank.xml", "--lang", "en")
    assert status == 2
    assert not out.exists()


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_every_chain_picture_says_the_chain_in_words(tmp_path: Path, lang: str) -> None:
    status, out = _write(tmp_path, "bank.xml", "--lang", lang, "--seed", "5")
    assert status == 0
    items = [
        item for sheet in variants(["matching", "scoring", "passes"], 3, 4, 2, 5) for item in sheet
    ]
    expected = {chain_in_words(item.position.chain, lang) for item in items}
    texts = ET.parse(out).getroot().findall("question[@type='multichoice']/questiontext/text")
    assert len(texts) == 8
    for text in texts:
        alts = [html.unescape(part.split('"')[0]) for part in (text.text or "").split('alt="')[1:]]
        assert "" not in alts
        assert alts[0] in expected
    said = chain_in_words(Chain.parse("[5|6] [6|6] [6|2]"), lang)
    words_of = {"fi": ("viisi–kuusi", "viisi ja kaksi"), "sv": ("fem–sex", "fem och två")}
    for part in words_of.get(lang, ("five–six, six–six, six–two", "five and two")):
        assert part in said


FIGURE = re.compile(r'<p>([^<]*)<br><img src="@@PLUGINFILE@@/\d+\.svg" alt="([^"]*)"></p>')


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_every_picture_is_captioned_and_said_in_other_words(tmp_path: Path, lang: str) -> None:
    """The caption says what the picture is ("The chain", "Your hand", the table's
    key), the alt text says the picture in words: a screen reader never reads one text
    twice."""
    status, out = _write(tmp_path, "bank.xml", "--lang", lang, "--seed", "5", "--topics", "scoring")
    assert status == 0
    items = [item for sheet in variants(["scoring"], 3, 4, 2, 5) for item in sheet]
    texts = ET.parse(out).getroot().findall("question[@type='multichoice']/questiontext/text")
    assert len(texts) == len(items) == 8
    for item, text in zip(items, texts, strict=True):
        shown = [(html.unescape(c), html.unescape(a)) for c, a in FIGURE.findall(text.text or "")]
        assert len(shown) == len(figures(item, lang))
        for caption, alt in shown:
            assert caption
            assert alt
            assert caption != alt
            assert alt not in caption
            assert caption.lower() not in alt.lower()
        assert shown[0] == (
            translate("practice.figure.the_chain", lang),
            chain_in_words(item.position.chain, lang),
        )
        hands = shown[1 : 1 + len(item.shown)]
        assert [alt for _, alt in hands] == [
            hand_in_words(item.position.hands[seat], lang) for seat in item.shown
        ]
    teams = [item for item in items if item.position.rules.partnership]
    assert teams, "level 3 scoring holds a team game"
