"""Every command's ``--lang`` is one option with one parser of languages.

The commands are found in the parser itself (a new command is checked without being
listed here). An unknown language is refused before any work: one line naming it and
every language there is, exit status 2, no traceback; in the language asked for first
when that one is known (``export --lang fi --lang de``), else in English.
"""

from __future__ import annotations

import argparse

import pytest

from blockdomino.cli import build_parser, main
from blockdomino.words import LANGS, parse_lang, translate
from blockdomino.words.i18n import LanguageError


def _with_lang(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> list[tuple[str, ...]]:
    """The command paths (``("score",)``, ``("classroom", "export")``) whose parser has
    ``--lang``."""
    found = [path] if "--lang" in parser._option_string_actions else []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _with_lang(sub, (*path, name))
    return found


COMMANDS = _with_lang(build_parser())


def _refusal(lang: str) -> str:
    return (
        "blockdomino: "
        + translate("error.language.unknown", lang, lang="de", known="fi, sv, en")
        + "\n"
    )


def test_the_commands_are_found_in_the_parser() -> None:
    assert len(COMMANDS) >= 10
    assert ("score",) in COMMANDS


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("written", [["--lang", "de"], ["--lang=de"]], ids=["apart", "joined"])
def test_an_unknown_language_is_one_line_listing_every_choice(
    command: tuple[str, ...], written: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, *written]) == 2
    said = capsys.readouterr().err
    assert said == _refusal("en")
    assert said.count("\n") == 1
    assert said.rstrip().endswith(": fi, sv, en.")


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_the_help_names_every_language(
    command: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    assert "--lang {fi,sv,en}" in capsys.readouterr().out


def test_a_known_language_first_words_the_refusal_of_the_next(
    capsys: pytest.CaptureFixture[str],
) -> None:
    many = [command for command in COMMANDS if command[-1:] == ("export",)]
    assert many
    assert main([*many[0], "--lang", "fi", "--lang", "de"]) == 2
    assert capsys.readouterr().err == _refusal("fi")


def test_one_parser_of_languages() -> None:
    assert [parse_lang(lang) for lang in LANGS] == ["fi", "sv", "en"]
    assert parse_lang("de", default="sv") == "sv"
    with pytest.raises(LanguageError) as refused:
        parse_lang("x" * 500)
    assert refused.value.key == "error.language.unknown"
