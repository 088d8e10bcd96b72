"""A leaflet's findings speak the language it is written in (told from its own words),
unless ``--lang`` says otherwise; so does "nothing to check here"."""

from __future__ import annotations

from pathlib import Path

import pytest

from blockdomino.cli import main
from blockdomino.verify import verify_file
from blockdomino.verify.language import document_language
from blockdomino.words.i18n import translate

DATA = Path(__file__).parents[1] / "data"
DESCRIPTION = (DATA / "verify" / "000_examples.md").read_text(encoding="utf-8").splitlines()[5]
WRONG = DESCRIPTION.replace("(suurempi pää, 4)", "(suurempi pää, 5)")
WRONG_ALONE = WRONG[WRONG.index("Laatat:") :]
"""The description without the Finnish sentences before it."""
PROSE = {
    "fi": "Tässä monisteessa kerrotaan, miten laatat liitetään ketjuun ja pisteet lasketaan.",
    "sv": "I det här bladet visar vi hur brickorna läggs i kedjan och hur poängen räknas.",
    "en": "This leaflet shows how the tiles are joined to the chain and how points are counted.",
}


@pytest.mark.parametrize(
    ("name", "lang"),
    [
        ("documents/000_f45f10e211c10b57.txt", "fi"),
        ("documents/001_48f816d26391b3b1.txt", "sv"),
        ("documents/003_69b3eee9ef2eb577.txt", "sv"),
        ("verify/000_examples.md", "fi"),
    ],
)
def test_the_seeds_languages_are_told(name: str, lang: str) -> None:
    assert document_language((DATA / name).read_text(encoding="utf-8")) == lang


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_a_sentence_of_prose_tells_its_language(lang: str) -> None:
    assert document_language(PROSE[lang]) == lang


@pytest.mark.parametrize("text", ["", "[1|2] [2|3] 12 + 7 = 19", "ja and och"])
def test_too_few_words_tell_no_language(text: str) -> None:
    assert document_language(text) is None


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_findings_speak_the_language_of_the_leaflet(tmp_path: Path, lang: str) -> None:
    """A Finnish description quoted in a Swedish or English leaflet: reported in its words."""
    path = tmp_path / "leaflet.txt"
    path.write_text(f"{PROSE[lang]}\n{WRONG_ALONE}\n", encoding="utf-8")
    report = verify_file(path)
    assert report.lang == lang
    (example,) = report.examples
    assert example.message().startswith(translate("verify.report.line", lang, line=2))


@pytest.mark.parametrize("lang", ["fi", "sv", "en"])
def test_nothing_to_check_is_said_in_the_leaflets_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    path = tmp_path / "leaflet.md"
    path.write_text(f"# Block\n\n{PROSE[lang]}\n", encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    expected = translate("verify.input.no_examples", lang, path=path, keywords="")
    assert capsys.readouterr().err.startswith(expected.split("“")[0].split('"')[0][:30])


def test_the_chosen_language_wins_over_the_leaflets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "blad.txt"
    path.write_text(f"{PROSE['sv']}\n{WRONG}\n", encoding="utf-8")
    assert main(["verify", str(path), "--lang", "fi"]) == 1
    assert capsys.readouterr().out.startswith(f"{path}:2: virhe:")
