"""The verifier of rules documents: every worked example of 000 checks, every planted fault
is caught and named, descriptions round-trip, and garbage never raises.

The data folder holds a copy of the worked examples of the Finnish rules
(``000_examples.md``) and altered copies of them, one fault each (``faults.txt``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blockdomino import LANGS, Chain, describe, verify_text
from blockdomino.cli import main
from blockdomino.engine.chain import Join, OpenEnd, Side
from blockdomino.engine.tiles import DOUBLE_SIX
from blockdomino.verify import FileReport, Problem, verify_file
from blockdomino.verify.diagnosis import _check, _diagnose, _walk
from blockdomino.verify.reading import _Described
from blockdomino.words.examples import CHAIN_EXAMPLES

DATA = Path(__file__).parents[1] / "data" / "verify"
EXAMPLES = DATA / "000_examples.md"
EXAMPLE_LINES = (6, 9, 12, 15, 23, 26, 29)
"""Where the seven descriptions stand in the copy of the Finnish rules."""
CLAIM_LINES = (5, 6, 8, 9, 25, 26)
"""The lines of its claims of open ends, each beside its chain."""


def _faults() -> list[tuple[str, str]]:
    lines = (DATA / "faults.txt").read_text(encoding="utf-8").splitlines()
    return [tuple(line.split(": ", 1)) for line in lines if not line.startswith("#")]  # type: ignore[misc]


FAULTS = _faults()


def _fault(kind: str) -> str:
    """The first altered copy planting a fault of this kind."""
    return next(text for planted, text in FAULTS if planted == kind)


FILE_PROBLEMS = {problem for problem in Problem if problem.value.startswith("verify.input.")}


@st.composite
def chains(draw: st.DrawFn) -> Chain:
    """A legal chain: an opening tile, then tiles each played at an open end they fit."""
    chain = Chain().play(draw(st.sampled_from(DOUBLE_SIX)))
    for _ in range(draw(st.integers(0, 14))):
        moves = [(tile, end) for tile in DOUBLE_SIX for end in chain.ends_for(tile)]
        if not moves:
            break
        chain = chain.play(*draw(st.sampled_from(moves)))
    return chain


# The worked examples of the Finnish rules -----------------------------------------------


def test_the_seven_worked_examples_all_check() -> None:
    """Document 000's seven descriptions: each found at its line, correct, no finding."""
    reports = verify_text(EXAMPLES.read_text(encoding="utf-8"))
    assert [report.line for report in reports] == list(EXAMPLE_LINES)
    assert all(report.ok and not report.findings for report in reports)
    assert [report.document_lang for report in reports] == ["fi"] * 7


def test_the_rebuilt_chains_are_the_documented_examples() -> None:
    """Each description rebuilds, by legal play, to the chain of the example it shows."""
    reports = verify_text(EXAMPLES.read_text(encoding="utf-8"))
    assert [report.chain for report in reports] == [example.chain for example in CHAIN_EXAMPLES]


def test_a_correct_report_reads_as_correct_in_every_language() -> None:
    report = verify_text(EXAMPLES.read_text(encoding="utf-8"))[0]
    assert report.message() == "Rivi 6: kunnossa."
    assert report.message("sv") == "Rad 6: korrekt."
    assert report.message("en") == "Line 6: correct."


# Planted faults -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "text"), FAULTS, ids=[f"{k}-{i}" for i, (k, _) in enumerate(FAULTS)]
)
def test_a_planted_fault_is_caught_and_named(kind: str, text: str) -> None:
    """One fault, one finding of its kind, and nothing else flagged."""
    (report,) = verify_text(text)
    assert [finding.kind for finding in report.findings] == [kind]
    assert report.ok is (kind == "not_canonical")


def test_every_kind_of_fault_is_planted() -> None:
    """The altered copies cover every finding a description can have."""
    planted = {kind for kind, _ in FAULTS}
    assert planted == {
        problem.kind for problem in Problem if problem.value.startswith("verify.finding.")
    }


@pytest.mark.parametrize("lang", LANGS)
def test_every_finding_has_a_message_in_every_language(lang: str) -> None:
    for _, text in FAULTS:
        for finding in verify_text(text)[0].findings:
            message = finding.message(lang)
            assert message
            assert "{" not in message


def test_a_fault_is_worded_with_the_numbers_involved() -> None:
    text = _fault("numbers_mismatch")
    (report,) = verify_text(text)
    assert report.message() == (
        "Rivi 1: virhe: Liitoksen [1|4] (suurempi pää) – [1|1] (linja A) silmäluvut eivät "
        "täsmää: [1|4] (suurempi pää) näyttää 4, mutta [1|1] (linja A) näyttää 1."
    )
    assert report.message("en").endswith("[1|4] (higher end) shows 4, but [1|1] (line A) shows 1.")


def test_unreadable_text_is_quoted_with_what_was_expected() -> None:
    (report,) = verify_text(_fault("unparsed"))
    (finding,) = report.findings
    assert finding.values["found"] == "– [1|1] (linja A). Lailliset jatkokohdat…"
    assert finding.values["expected"] == (") –",)


def test_a_faulty_example_does_not_hide_the_next_one() -> None:
    """A description cut short is reported, and the one after it is still checked."""
    good = describe(CHAIN_EXAMPLES[1].chain, "fi")
    reports = verify_text(good[:40] + "\n\n" + good)
    assert [(report.line, report.ok) for report in reports] == [(1, False), (3, True)]


def test_wrong_side_names_in_another_language_are_unreadable() -> None:
    text = describe(CHAIN_EXAMPLES[1].chain, "fi").replace("linja A", "linje A")
    (report,) = verify_text(text)
    assert report.findings[0].problem is Problem.UNPARSED


# Round trips and layout -----------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(chain=chains(), lang=st.sampled_from(LANGS))
def test_every_description_verifies_and_rebuilds_the_same_chain(chain: Chain, lang: str) -> None:
    (report,) = verify_text(describe(chain, lang))
    assert report.ok
    assert not report.findings
    assert report.document_lang == lang
    assert report.chain == chain


@settings(max_examples=100, deadline=None)
@given(
    chain=chains(),
    lang=st.sampled_from(LANGS),
    breaks=st.lists(st.sampled_from(["\n", "\n> ", "  ", " \n  "]), min_size=1, max_size=60),
)
def test_a_wrapped_description_in_surrounding_text_verifies(
    chain: Chain, lang: str, breaks: list[str]
) -> None:
    """Line breaks and Markdown quote marks where the description has spaces change nothing."""
    words = describe(chain, lang).split(" ")
    wrapped = words[0] + "".join(
        breaks[index % len(breaks)] + word for index, word in enumerate(words[1:])
    )
    text = f"# Otsikko\n\nEsimerkki: {wrapped}\n\nMuuta tekstiä.\n"
    (report,) = verify_text(text)
    assert report.ok
    assert report.line == 3
    assert report.chain == chain


def test_the_empty_chain_sentence_is_an_example() -> None:
    (report,) = verify_text("Alussa: " + describe(Chain(), "sv"))
    assert report.ok
    assert report.chain == Chain()


def test_a_heading_inside_a_word_or_without_tiles_is_no_example() -> None:
    assert verify_text("Spelbrickor: [1|1]. Tiles: none yet.") == ()


def test_the_report_language_can_be_chosen() -> None:
    (report,) = verify_text(_fault("wrong_number"), lang="sv")
    assert report.message().startswith("Rad 1: fel: Vid [2|2] (linje B)")


# The quick check ------------------------------------------------------------------------


def _mutated(described: _Described, chain: Chain, data: st.DataObject) -> _Described:
    """One change of the kind a rules author makes by mistake: a join, a tile or a
    continuation altered, two swapped, one added or dropped, a placed tile placed again."""
    tiles, joins, ends = list(described.tiles), list(described.joins), list(described.ends)
    some_tile, some_side = st.sampled_from(DOUBLE_SIX), st.sampled_from(list(Side))
    changes = ["join", "swap joins", "drop join", "tile", "end", "again"]
    change = data.draw(st.sampled_from(changes))
    if change == "again":
        end = data.draw(st.sampled_from(chain.open_ends))
        tile = data.draw(st.sampled_from(chain.tiles))
        side = data.draw(some_side)
        joins.append(Join(end.tile, end.side, tile, side))
        tiles.append(tile)
    elif change == "join" and joins:
        index = data.draw(st.integers(0, len(joins) - 1))
        field = data.draw(st.sampled_from(Join._fields))
        value = data.draw(some_side if field.endswith("side") else some_tile)
        joins[index] = joins[index]._replace(**{field: value})
    elif change == "swap joins" and len(joins) > 1:
        i, j = data.draw(st.permutations(range(len(joins))))[:2]
        joins[i], joins[j] = joins[j], joins[i]
    elif change == "drop join" and joins:
        joins.pop(data.draw(st.integers(0, len(joins) - 1)))
    elif change == "tile":
        tiles.insert(data.draw(st.integers(0, len(tiles))), data.draw(some_tile))
    else:
        index = data.draw(st.integers(0, 1))
        field = data.draw(st.sampled_from(OpenEnd._fields))
        strategies = {"tile": some_tile, "side": some_side, "pips": st.integers(0, 6)}
        ends[index] = ends[index]._replace(**{field: data.draw(strategies[field])})
    return _Described(tuple(tiles), tuple(joins), tuple(ends))


@settings(max_examples=100, deadline=None)
@given(chain=chains(), data=st.data())
def test_the_quick_check_agrees_with_the_full_diagnosis(chain: Chain, data: st.DataObject) -> None:
    """Settling a description by laying its chain out directly says what examining it
    finding by finding says, and rebuilds the chain legal play does, right or wrong."""
    described = _Described(chain.tiles, chain.joins, chain.open_ends)
    assert _walk(described) == chain
    assert _check(described) == _diagnose(described) == ((), chain)
    for _ in range(8):
        once = _mutated(described, chain, data)
        assert _check(once) == _diagnose(once)
        twice = _mutated(once, chain, data)
        assert _check(twice) == _diagnose(twice)


def test_a_double_joined_to_itself_is_a_tile_placed_twice() -> None:
    """The only description a tile placed again leaves consistent at both ends."""
    text = (
        "Laatat: [1|1], [1|1]. Liitokset: [1|1] (linja B) – [1|1] (linja A). "
        "Lailliset jatkokohdat: [1|1] (linja A, 1); [1|1] (linja B, 1)."
    )
    (report,) = verify_text(text)
    assert [finding.kind for finding in report.findings] == [
        "tile_listed_twice",
        "tile_placed_twice",
    ]


def test_identical_descriptions_are_checked_once() -> None:
    """A document that repeats an example gets the same verdict, worked out once."""
    text = describe(CHAIN_EXAMPLES[3].chain, "en")
    first, second = verify_text(f"{text}\n\n{text}")
    assert (first.line, second.line) == (1, 3)
    assert first.findings == second.findings == ()
    assert first.chain is second.chain


def test_a_tile_that_does_not_exist_does_not_hide_the_next_example() -> None:
    """Reading stops after the item naming no tile, and the next description is found."""
    good = describe(CHAIN_EXAMPLES[1].chain, "fi")
    reports = verify_text(good.replace("[1|1]", "[1|7]", 1) + "\n" + good)
    assert [[finding.kind for finding in report.findings] for report in reports] == [
        ["not_a_tile"],
        [],
    ]
    assert reports[0].findings[0].values["text"] == "[1|7]"


def test_side_names_wrapped_or_run_together_are_read() -> None:
    text = describe(CHAIN_EXAMPLES[1].chain, "sv")
    for spelling in ("linje\n> A", "linje  A", "linjeA"):
        (report,) = verify_text(text.replace("linje A", spelling))
        assert report.ok
        assert report.chain == CHAIN_EXAMPLES[1].chain


def test_a_tile_list_that_never_ends_is_reported_as_cut_short() -> None:
    (report,) = verify_text("Laatat: " + "[1|4], " * 100_000)
    assert [finding.kind for finding in report.findings] == ["truncated"]


# Garbage never raises -------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(text=st.text())
def test_random_text_never_raises(text: str) -> None:
    for report in verify_text(text):
        assert report.message("en")


@settings(max_examples=100, deadline=None)
@given(chain=chains(), lang=st.sampled_from(LANGS), data=st.data())
def test_a_truncated_or_mangled_description_never_raises(
    chain: Chain, lang: str, data: st.DataObject
) -> None:
    text = describe(chain, lang)
    cut = data.draw(st.integers(0, len(text) - 1))
    for report in verify_text(text[:cut]):
        assert not report.ok
        assert report.message("fi")
    where = data.draw(st.integers(0, len(text) - 1))
    mangled = text[:where] + data.draw(st.text(max_size=3)) + text[where + 1 :]
    for report in verify_text(mangled):
        assert report.message("sv")


def test_garbage_stops_after_too_many_failures(tmp_path: Path) -> None:
    path = tmp_path / "garbage.txt"
    path.write_text("Laatat: [1|" * 5000, encoding="utf-8")
    report = verify_file(path)
    assert report.stopped
    assert len(report.examples) == 1000
    assert report.status == 1


# The command ----------------------------------------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["verify", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_reports_every_example_of_000(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, str(EXAMPLES))
    assert status == 0
    lines = out.splitlines()
    checked = sorted([*EXAMPLE_LINES, *CLAIM_LINES])
    assert lines[:13] == [f"{EXAMPLES}:{line}: kunnossa." for line in checked]
    assert lines[13] == f"{EXAMPLES}: esimerkkejä 13, kunnossa 13, virheellisiä 0."


def test_a_fault_fails_the_command_in_the_chosen_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rules.md"
    path.write_text("Intro\n\n" + _fault("missing_continuation") + "\n", encoding="utf-8")
    status, out, _ = _run(capsys, str(path), "--lang", "en")
    assert status == 1
    assert out.splitlines()[0] == (
        f"{path}:3: error: The legal continuation [0|0] (line B, 0) is missing."
    )


def test_a_warning_alone_does_not_fail(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "rules.md"
    path.write_text(_fault("not_canonical"), encoding="utf-8")
    status, out, _ = _run(capsys, str(path))
    assert status == 0
    assert ": varoitus: " in out


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        (None, "missing"),
        (b"\xff\xfe\x00binary\x80", "undecodable"),
        (b"Just prose, no chain at all.", "no_examples"),
        (b"", "no_examples"),
    ],
)
def test_unusable_input_exits_2_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, kind: str
) -> None:
    path = tmp_path / "document.txt"
    if content is not None:
        path.write_bytes(content)
    status, out, err = _run(capsys, str(path), "--lang", "fi")
    assert status == 2
    assert not out
    assert str(path) in err
    assert "Traceback" not in err


def test_a_folder_is_unreadable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, str(tmp_path))
    assert status == 2
    assert "cannot be read" in err


def test_the_worst_status_of_several_files_wins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(_fault("branch"), encoding="utf-8")
    assert _run(capsys, str(EXAMPLES), str(wrong))[0] == 1
    assert _run(capsys, str(EXAMPLES), str(wrong), str(tmp_path / "missing"))[0] == 2


def test_json_output_has_the_documented_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(_fault("wrong_number"), encoding="utf-8")
    status, out, _ = _run(capsys, "--json", str(EXAMPLES), str(wrong), str(tmp_path / "none"))
    report = json.loads(out)
    assert status == report["status"] == 2
    assert report["version"] == 1
    good, bad, missing = report["files"]
    assert good["status"] == 0
    assert good["problem"] is None
    assert not good["stopped"]
    assert [example["line"] for example in good["examples"]] == list(EXAMPLE_LINES)
    assert good["examples"][1]["chain"] == ["[1|4]", "[1|1]"]
    (finding,) = bad["examples"][0]["findings"]
    assert finding["kind"] == "wrong_number"
    assert finding["severity"] == "error"
    assert finding["values"] == {"tile": "[2|2]", "side": "line_b", "shown": 3, "actual": 2}
    assert missing["status"] == 2
    assert missing["problem"]["kind"] == "missing"


@settings(max_examples=30, deadline=None)
@given(content=st.binary(max_size=300))
def test_random_bytes_get_a_documented_status(content: bytes) -> None:
    """Whatever the bytes, the command answers 0, 1 or 2 and never raises."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "random.bin"
        path.write_bytes(content)
        report = verify_file(path)
    assert isinstance(report, FileReport)
    assert report.status in (0, 1, 2)


def test_a_10_megabyte_file_is_reported(tmp_path: Path) -> None:
    """A huge document of real examples and noise: checked through, no traceback."""
    unit = EXAMPLES.read_text(encoding="utf-8") + "Laatat: [9|9]. (x) ] [ | – ;\n"
    path = tmp_path / "huge.md"
    path.write_text(unit * (10_000_000 // len(unit)), encoding="utf-8")
    report = verify_file(path)
    assert report.status == 1
    assert {finding.kind for example in report.examples for finding in example.findings} == {
        "unparsed"
    }
