"""The command line speaks the language of ``--lang`` from end to end: ``--help`` and
argparse's own refusals.

Every command's help (found in the parser: a new command is checked without being
listed here) is in the chosen language: argparse's headings, "usage:", the text of the
command and of every option, each from the catalog (``cli_help.po``) and each of its
texts used; every default is shown; exit status 0. Each kind of argparse refusal is one
line in Finnish or Swedish with no English of argparse's in it, exit status 2.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from blockdomino.cli import build_parser, main
from blockdomino.cli._refusals import refusal
from blockdomino.words.i18n import LANGS, Lang, catalog, catalog_root, translate

PARSER_WORDS = {
    "cli.help.usage",
    "cli.help.positionals",
    "cli.help.options",
    "cli.help.commands",
    "cli.help.command",
}
"""The catalog's words for argparse's own parts (headings, "usage:", a missing command),
checked in the help's text rather than among the options."""

ENGLISH = re.compile(
    r"\b(?:the|of|and|or|to|is|for|with|from|default|usage|options|positional|arguments"
    r"|show|message|exit|required|language|write|print|each|every|file|folder)\b",
    re.IGNORECASE,
)
"""Words of English prose: none may stand in a Finnish or Swedish help."""

CODE = re.compile(
    r"(?<![\w-])-{1,2}[a-z][a-z-]*"  # an option: --lang, -o
    r"|\{[^{}\s]*\}"  # a list of choices: {fi,sv,en}
    r"|\b[A-Z][A-Z0-9_]+(?:[.:][A-Za-z_]+)*\b"  # a metavar: FILE, RECORD.json, PLAYER:NUMBERS
    r"|\"[^\"]*\"|”[^”]*”"  # a quoted example
)
"""What a help shows as it is typed, in every language."""


def _commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every command's path (``()`` for ``blockdomino`` itself) and its parser."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _commands(sub, (*path, name))


COMMANDS = [path for path, _ in _commands(build_parser())]


def _parsers(lang: Lang) -> dict[tuple[str, ...], argparse.ArgumentParser]:
    return dict(_commands(build_parser(lang=lang)))


def _help(path: tuple[str, ...], lang: str, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``--help`` prints for the command, asked in ``lang``; it exits with 0."""
    with pytest.raises(SystemExit) as exited:
        main([*path, "--lang", lang, "--help"])
    assert exited.value.code == 0
    return capsys.readouterr().out


def _help_texts(lang: str) -> dict[str, str]:
    """The texts of ``cli_help.po`` in ``lang``, by key."""
    with (catalog_root() / lang / "cli_help.po").open("rb") as file:
        return {m.id: str(m.string) for m in read_po(file) if isinstance(m.id, str) and m.id}


def _as_given(text: str) -> re.Pattern[str]:
    """A catalog text as argparse is given it: ``%`` doubled, ``{default}`` left for
    argparse to fill, any other placeholder filled by the command."""
    parts = re.split(r"(\{\w+\})", text.replace("%", "%%"))
    pattern = "".join(
        r"%\(default\)s" if part == "{default}" else ".+?" if part[:1] == "{" else re.escape(part)
        for part in parts
    )
    return re.compile(pattern, re.DOTALL)


def _texts_given(parser: argparse.ArgumentParser) -> Iterator[tuple[str, str]]:
    """(what, text) of every text the parser shows of its own: its description, each
    option's and argument's help, each command's line in the list of commands."""
    yield f"{parser.prog}: description", str(parser.description)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):  # the list, under its heading
            for choice in action._choices_actions:
                yield f"{parser.prog} {choice.dest}", str(choice.help)
        elif action.help is not argparse.SUPPRESS:
            yield f"{parser.prog} {action.dest}", str(action.help)


def test_the_commands_are_found_in_the_parser() -> None:
    assert () in COMMANDS
    assert ("worksheet",) in COMMANDS
    assert len(COMMANDS) >= 15


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_of_the_help_comes_from_the_catalog_and_every_one_is_used(lang: Lang) -> None:
    """Each option's help, each command's line and description is one text of
    ``cli_help.po``; each text of it is shown somewhere."""
    texts = {key: _as_given(text) for key, text in _help_texts(lang).items()}
    used: set[str] = set()
    for parser in _parsers(lang).values():
        for what, given in _texts_given(parser):
            keys = {key for key, pattern in texts.items() if pattern.fullmatch(given)}
            assert keys, f"{lang}: {what} is not a text of the catalog: {given!r}"
            used |= keys
    assert set(texts) - PARSER_WORDS - used == set()


@pytest.mark.parametrize("path", COMMANDS, ids=lambda path: " ".join(path) or "blockdomino")
@pytest.mark.parametrize("lang", LANGS)
def test_the_help_is_in_the_language_asked_for(
    path: tuple[str, ...], lang: Lang, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = _help(path, lang, capsys)
    words = catalog(lang)
    assert shown.startswith(f"{words['cli.help.usage']} blockdomino")
    assert f"\n{words['cli.help.options']}:\n" in shown
    assert words["cli.help.help"] in shown
    assert str(_parsers(lang)[path].description).split()[0] in shown
    if lang != "en":
        prose = CODE.sub(" ", shown)
        assert not ENGLISH.findall(prose), f"English in the {lang} help:\n{shown}"


@pytest.mark.parametrize("path", COMMANDS, ids=lambda path: " ".join(path) or "blockdomino")
@pytest.mark.parametrize("lang", LANGS)
def test_the_help_shows_every_default(path: tuple[str, ...], lang: Lang) -> None:
    """An option with a value when it is not given says that value in its help."""
    parser = _parsers(lang)[path]
    formatter = parser._get_formatter()
    for action in parser._actions:
        if action.help is argparse.SUPPRESS or action.default in (None, False, [], ""):
            continue
        if action.default is argparse.SUPPRESS:
            continue
        assert str(action.default) in formatter._expand_help(action), (lang, action.dest)


def test_the_worksheets_help_shows_its_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    shown = " ".join(_help(("worksheet",), "fi", capsys).split())
    for said in ("(oletus: 1)", "(oletus: 12)", "(oletus: pdf)", "(oletus: en)"):
        assert said in shown


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "sv", "verify", "--help"],
        ["verify", "--help", "--lang", "sv"],
        ["verify", "--lang=sv", "--help"],
        ["--lang=sv", "--help"],
    ],
    ids=["before", "after", "joined", "no command"],
)
def test_lang_before_or_after_the_command_words_the_help(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 0
    assert capsys.readouterr().out.startswith(catalog("sv")["cli.help.usage"])


def test_lang_before_the_command_is_the_commands_own(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fi", "score", "--blocked", "--totals", "3", "4"]) == 0
    assert "Pelaaja 1" in capsys.readouterr().out


ARGPARSE_ENGLISH = re.compile(
    r"unrecognized|required|expected|invalid|argument|allowed|ambiguous|could match"
    r"|ignored|choose from|usage|error:"
)
"""argparse's own English in a refusal."""

REFUSALS = [
    (
        "unrecognized",
        ["score", "[1|2]", "--blocked", "--totals", "1", "2"],
        "cli.argparse.unrecognized",
    ),
    ("required option", ["worksheet"], "cli.argparse.required"),
    ("no command", [], "cli.argparse.required"),
    ("one of a group", ["score", "--totals", "1", "2"], "cli.argparse.one_of"),
    ("expected one", ["hint", "--hand"], "cli.argparse.one"),
    ("expected at least one", ["score", "--blocked", "--totals"], "cli.argparse.at_least_one"),
    ("invalid int", ["lab", "--rounds", "x"], "cli.argparse.int"),
    ("invalid float", ["render", "placed-1-4", "--width", "x"], "cli.argparse.float"),
    (
        "not allowed with",
        ["score", "--blocked", "--domino", "1", "--totals", "1"],
        "cli.argparse.together",
    ),
    ("ambiguous", ["worksheet", "--co", "2", "--out", "x.pdf"], "cli.argparse.ambiguous"),
    ("ignored value", ["score", "--blocked=yes", "--totals", "1"], "cli.argparse.no_value"),
]


def _fixed_part(key: str, lang: str) -> str:
    """The longest part of a catalog text that no placeholder fills."""
    return max(re.split(r"\{\w+\}", catalog(lang)[key]), key=len).strip()


@pytest.mark.parametrize(
    ("argv", "key"), [case[1:] for case in REFUSALS], ids=[c[0] for c in REFUSALS]
)
@pytest.mark.parametrize("lang", LANGS)
def test_argparse_refusals_are_one_line_in_the_language(
    argv: list[str], key: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main([*argv, "--lang", lang])
    assert exited.value.code == 2
    said = capsys.readouterr().err
    assert said.startswith("blockdomino")
    assert said.count("\n") == 1, said
    assert _fixed_part(key, lang) in said
    assert " --help" in said
    if lang != "en":
        assert not ARGPARSE_ENGLISH.search(said), said


@pytest.mark.parametrize(
    ("message", "key"),
    [
        ("argument --rules: invalid choice: x (choose from match, block)", "cli.error.choice"),
        (
            "argument --rules: invalid choice: 'x', maybe you meant 'match'? "
            "(choose from match, block)",
            "cli.error.choice",
        ),
        ("unrecognized arguments: [1|2] --x", "cli.argparse.unrecognized"),
        ("argument --x: expected at most one argument", "cli.argparse.at_most_one"),
        ("argument --x: expected 3 arguments", "cli.argparse.count"),
        ("argument --x: invalid Path value: 'y'", "cli.error.choice"),
        ("argument --x: a message no template knows", "cli.argparse.option"),
        ("a message no template knows", "cli.argparse.line"),
    ],
)
@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_other_wordings_and_unknown_messages_are_said_in_the_language(
    message: str, key: str, lang: str
) -> None:
    """argparse's wording of later Pythons, and a message no template knows: a sentence in
    the language naming the option, never argparse's English."""
    said = refusal(message, lang, "blockdomino x")
    assert _fixed_part(key, lang) in said
    assert not ARGPARSE_ENGLISH.search(said), said
    assert "template" not in said
    if "--x" in message:
        assert "--x" in said


@pytest.mark.parametrize("command", ["classroom", "tutorial"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_missing_extra_is_said_in_the_language(
    command: str, lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without its extra (Voilà, JupyterLab) a command says how to install it, in the
    learner's language."""
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    assert main([command, "--lang", lang]) == 2
    said = capsys.readouterr().err
    assert (
        said
        == "blockdomino: "
        + translate("cli.error.extra", lang, command=command, extra=command)
        + "\n"
    )
    assert f'pip install "blockdomino[{command}]"' in said


@pytest.mark.parametrize("lang", ["fi", "sv"])
def test_a_word_the_command_does_not_know_points_to_the_commands_help(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["score", "--lang", lang, "[1|2]", "--blocked", "--totals", "1"])
    assert exited.value.code == 2
    said = capsys.readouterr().err
    assert said.startswith("blockdomino score: ")
    assert said.rstrip().endswith("blockdomino score --help")
    assert "”[1|2]”" in said
