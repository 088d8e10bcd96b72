"""The ``blockdomino`` command: open the tutorial, draw and describe chains, check documents,
measure the claims of the rules, ask the coach.

One module per command (or pair of commands), each with ``add(commands, words)`` that adds
its parser, worded in the chosen language, and the function it runs. Exit status 0 means
success, 1 a failed check, 2 unusable input. The help and the refusals speak the language
of ``--lang`` (see ``_parser``).

The command modules load when the command line is read, inside :func:`main`, not when
this module is imported: they take most of the start-up (some half a second), and a Ctrl-C
while they load is then answered like any other, in one line and status 130.
"""

from __future__ import annotations

import argparse
import atexit
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import NoReturn

from blockdomino.cli._common import INTERRUPTED, Words, add_lang_option, unusable
from blockdomino.cli._interrupts import ctrl_c_noted, stop_if_asked
from blockdomino.cli._parser import parser_in
from blockdomino.engine.errors import BlockdominoError
from blockdomino.words.errors import explain
from blockdomino.words.i18n import Lang, parse_lang, translate

Command = Callable[[argparse.Namespace], int]

COMMANDS = (
    "tutorial",
    "chains",
    "classroom",
    "site",
    "serve",
    "guide",
    "verify",
    "score",
    "lab",
    "replay",
    "coach",
    "worksheet",
)
"""The command modules' names, in the order ``blockdomino --help`` lists them."""


def _command_modules() -> list[ModuleType]:
    """The command modules, loaded (once; later calls find them loaded)."""
    return [importlib.import_module(f"{__name__}.{name}") for name in COMMANDS]


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


def _lang_to_command(argv: Sequence[str]) -> list[str]:
    """The words of the command line with a ``--lang`` written before the command
    (``blockdomino --lang fi score …``) moved to just after the command's name: it is the
    command's own ``--lang``. Without a command the words stay as they are."""
    words = list(argv)
    moved: list[str] = []
    place = 0
    while place < len(words) and words[place].startswith("-"):
        if words[place] == "--lang":
            moved += words[place : place + 2]
            del words[place : place + 2]
        elif words[place].startswith("--lang="):
            moved.append(words.pop(place))
        else:
            place += 1
    if place >= len(words):
        return list(argv)
    return [*words[: place + 1], *moved, *words[place + 1 :]]


def build_parser(*, lang: Lang = "en") -> argparse.ArgumentParser:
    """The argument parser with every subcommand; its help and its refusals are worded in
    ``lang``."""
    words = Words(lang)
    parser = parser_in(lang)(prog="blockdomino", description=words("cli.about.blockdomino"))
    add_lang_option(parser, words("cli.help.blockdomino.lang"))
    commands = parser.add_commands()
    for module in _command_modules():
        module.add(commands, words)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    An unknown ``--lang`` is refused in one line that lists every language, status 2.
    Input a command refuses (a ``BlockdominoError`` it did not word itself, such as a
    file it cannot read or write) is said in one line in the chosen language, status
    2; Ctrl-C stops any command with one line, status 130, never a traceback: while
    the commands load and the line is read too, said in the first ``--lang`` asked for,
    and also when Python dropped its ``KeyboardInterrupt`` while loading them (see
    ``_interrupts``).
    """
    words = _lang_to_command(sys.argv[1:] if argv is None else argv)
    try:
        with ctrl_c_noted():
            return _read_and_run(words)
    except KeyboardInterrupt:
        return _interrupted(_language(words))


def run() -> NoReturn:
    """The ``blockdomino`` program: :func:`main` on the process's arguments, its status the
    process's. Stopped by Ctrl-C, the process ends as soon as it has said so, without
    Python's own ending: a Ctrl-C that lands while a library written in C loads can leave
    that library to crash as Python ends ("Fatal Python error: … the GIL is released",
    status 134 where 130 was said). What is registered to run at the end still runs
    (``atexit``: worker pools are ended, their semaphores given back); the command has
    closed and cleaned up what it made before it says it stopped."""
    status = main()
    if status == INTERRUPTED:
        atexit._run_exitfuncs()  # what was registered to run at the end (worker pools)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(status)
    sys.exit(status)


def _read_and_run(words: list[str]) -> int:
    """Read the command line ``words`` and run its command (see :func:`main`)."""
    try:
        parser = build_parser(lang=_language(words))
        stop_if_asked()
        args = parser.parse_args(words)
    except BlockdominoError as error:  # an unknown --lang: said with every choice
        return unusable(explain(error, _language(words)))
    run: Command = args.run
    lang = getattr(args, "lang", None) or "en"
    try:
        return run(args)
    except BlockdominoError as error:
        return unusable(explain(error, lang))
    except KeyboardInterrupt:
        return _interrupted(lang)


def _interrupted(lang: str) -> int:
    """Say in ``lang`` that Ctrl-C stopped the command; its exit status."""
    print(f"\nblockdomino: {translate('cli.interrupted', lang)}", file=sys.stderr)
    return INTERRUPTED
