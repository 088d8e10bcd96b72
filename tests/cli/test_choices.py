"""Every option that takes one of a list of values refuses another in one line that
names every value there is, in the learner's language, exit status 2.

argparse words such a refusal in English and cuts its list short when the message is
quoted whole; the command line says it itself. The options are found in the parser
(a new one is checked without being listed here).
"""

from __future__ import annotations

import argparse

import pytest

from blockdomino.cli import build_parser, main
from blockdomino.engine.rules import PRESETS
from blockdomino.words import LANGS, translate

WRONG = "99"  # no option takes it, and typed options (--players) read it


def _with_choices(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], str, tuple[str, ...]]]:
    """(command path, option, its choices) for every option with a list of values."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _with_choices(sub, (*path, name))
        elif action.choices is not None and action.option_strings:
            found.append((path, action.option_strings[-1], tuple(map(str, action.choices))))
    return found


OPTIONS = _with_choices(build_parser())


def _status(argv: list[str]) -> int | str | None:
    """The exit status of the command line on ``argv`` (argparse exits by itself)."""
    with pytest.raises(SystemExit) as exited:
        main(argv)
    return exited.value.code


def test_the_options_are_found_in_the_parser() -> None:
    assert (("score",), "--preset", PRESETS) in OPTIONS
    assert (("verify",), "--rules", PRESETS) in OPTIONS


@pytest.mark.parametrize(("path", "option", "choices"), OPTIONS, ids=lambda v: str(v))
@pytest.mark.parametrize("lang", LANGS)
def test_a_value_an_option_does_not_have_is_one_line_naming_every_choice(
    path: tuple[str, ...],
    option: str,
    choices: tuple[str, ...],
    lang: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _status([*path, "--lang", lang, option, WRONG]) == 2
    said = capsys.readouterr().err
    refused = translate("cli.error.choice", lang, option=option, value=WRONG)
    known = translate("cli.error.choices", lang, known=", ".join(choices))
    assert said == f"{' '.join(('blockdomino', *path))}: {refused} {known}\n"
    assert "Traceback" not in said


def _commands() -> str:
    """The commands of ``blockdomino``, as its parser lists them."""
    action = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return ", ".join(action.choices)


@pytest.mark.parametrize("lang", LANGS)
def test_a_command_there_is_not_is_named_with_every_command(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _status(["frobnicate", "--lang", lang]) == 2
    said = capsys.readouterr().err
    refused = translate("cli.error.command", lang, value="frobnicate")
    known = translate("cli.error.choices", lang, known=_commands())
    assert said == f"blockdomino: {refused} {known}\n"
    assert "worksheet" in said
