"""The ``blockdomino`` command: open the tutorial, draw and describe chains, check documents,
measure the claims of the rules, ask the coach.

One module per command (or pair of commands), each with ``add(commands)`` that adds its
parser and the function it runs. Exit status 0 means success, 1 a failed check, 2
unusable input.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from blockdomino.cli import (
    chains,
    classroom,
    coach,
    lab,
    replay,
    score,
    serve,
    site,
    tutorial,
    verify,
    worksheet,
)
from blockdomino.cli._common import INTERRUPTED, unusable
from blockdomino.engine.errors import BlockdominoError
from blockdomino.words.errors import explain, quoted
from blockdomino.words.i18n import Lang, parse_lang, translate

Command = Callable[[argparse.Namespace], int]

COMMANDS = (tutorial, chains, classroom, site, serve, verify, score, lab, replay, coach, worksheet)
"""The command modules, in the order ``blockdomino --help`` lists them."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose refusals are one short line in its language ``lang``."""

    lang = "en"

    def error(self, message: str) -> NoReturn:
        choice = _CHOICE.fullmatch(message)
        if choice:
            known = ", ".join(map(_unquoted, choice["known"].split(", ")))
            value = quoted(_unquoted(choice["value"]))
            option = choice["option"]
            key = "cli.error.choice" if option.startswith("-") else "cli.error.command"
            said = translate(key, self.lang, option=option, value=value)
            self.exit(2, f"{self.prog}: {said} {_available(self.lang, known)}\n")
        detail = translate("cli.error.arguments", self.lang, detail=quoted(message), prog=self.prog)
        self.exit(2, f"{self.prog}: {detail}\n")


_CHOICE = re.compile(
    r"argument (?P<option>[^:/ ]+)(?:/\S+)?: invalid choice: (?P<value>.*)"
    r" \(choose from (?P<known>.*)\)"
)
"""argparse's refusal of a value an option does not have; its list of choices is cut
short when quoted as a whole, so the command line words it itself with every choice."""


def _unquoted(text: str) -> str:
    """A value argparse wrote as ``repr`` (``'match'``), as the learner typed it."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text
    return value if isinstance(value, str) else text


def _available(lang: str, known: str) -> str:
    """The choices there are, every one named."""
    return translate("cli.error.choices", lang, known=known)


def _parser_in(chosen: str) -> type[_Parser]:
    """The argument parser class that words its refusals in ``chosen``."""

    class Worded(_Parser):
        lang = chosen

    return Worded


def _language(argv: Sequence[str]) -> Lang:
    """The language the first ``--lang`` asks for, if it is one (read before the arguments
    are); else English."""
    words = list(argv)
    for place, word in enumerate(words):
        chosen = word.removeprefix("--lang=") if word.startswith("--lang=") else None
        if word == "--lang" and place + 1 < len(words):
            chosen = words[place + 1]
        if chosen is not None:
            return parse_lang(chosen, default="en")
    return "en"


def build_parser(*, lang: str = "en") -> argparse.ArgumentParser:
    """The argument parser with every subcommand; its refusals are worded in ``lang``."""
    worded = _parser_in(lang)
    parser = worded(prog="blockdomino", description="Learn and check the domino game Block.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=worded)
    for module in COMMANDS:
        module.add(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    An unknown ``--lang`` is refused in one line that lists every language, status 2.
    Input a command refuses (a ``BlockdominoError`` it did not word itself, such as a
    file it cannot read or write) is said in one line in the chosen language, status
    2; Ctrl-C stops any command with one line, status 130, never a traceback.
    """
    words = sys.argv[1:] if argv is None else argv
    try:
        args = build_parser(lang=_language(words)).parse_args(words)
    except BlockdominoError as error:  # an unknown --lang: said with every choice
        return unusable(explain(error, _language(words)))
    run: Command = args.run
    lang = getattr(args, "lang", None) or "en"
    try:
        return run(args)
    except BlockdominoError as error:
        return unusable(explain(error, lang))
    except KeyboardInterrupt:
        print(f"\nblockdomino: {translate('cli.interrupted', lang)}", file=sys.stderr)
        return INTERRUPTED
