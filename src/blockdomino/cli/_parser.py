"""The argument parser of the command line, in one language from end to end.

Its help (``--help``) says everything in the chosen language: "usage:", the headings
of its lists, the ``--help`` option itself (from ``cli_help.po``), and the text of every
command and option, which each command gives from the same catalog (``Words``). Its
refusals are one short line in that language (``_refusals``). The option names, the
metavars (``FILE``, ``N``) and the command names stay as they are typed.
"""

from __future__ import annotations

import argparse
import functools
import re
import textwrap
from collections.abc import Sequence
from typing import Any, ClassVar, Final, NoReturn

from blockdomino.cli._common import Subcommands, Words
from blockdomino.cli._refusals import refusal, unknown_words
from blockdomino.words.i18n import Lang, translate

_COMMAND: Final = "command"
"""Where the parsed arguments keep the command's name; argparse's refusals name the list
of commands so ("the following arguments are required: command")."""

_ITEM: Final = re.compile(r"\s*(?:[^\w\s\"”]\s+)?")
"""The indentation and the mark of a list's item in a help text: "- ", "  <  "."""


class _WordedHelp(argparse.HelpFormatter):
    """A help formatter whose usage line starts with "usage:" in ``lang``, and that keeps
    the lines a catalog text is written in (each wrapped to the width on its own)."""

    lang: ClassVar[str] = "en"

    def add_usage(
        self,
        usage: str | None,
        actions: Any,
        groups: Any,
        prefix: str | None = None,
    ) -> None:
        if prefix is None:
            prefix = translate("cli.help.usage", self.lang) + " "
        super().add_usage(usage, actions, groups, prefix)

    def _split_lines(self, text: str, width: int) -> list[str]:
        """The lines of ``text``, each wrapped to ``width``; a list's item (``- …``,
        ``<  the end …``) goes on under its own text."""
        lines: list[str] = []
        for line in text.splitlines():
            item = _ITEM.match(line)
            hanging = " " * (item.end() if item else 0)
            wrapped = textwrap.wrap(line, width, subsequent_indent=hanging)
            lines += wrapped or [""]
        return lines


@functools.cache
def _worded_help(lang: str) -> type[argparse.HelpFormatter]:
    """The help formatter that says its own words in ``lang``."""
    return type(f"WordedHelp_{lang}", (_WordedHelp,), {"lang": lang})


class Parser(argparse.ArgumentParser):
    """An argument parser that speaks ``lang``: its help and its refusals (each one line,
    exit status 2)."""

    lang: ClassVar[Lang] = "en"

    def __init__(self, *, add_help: bool = True, **kwargs: Any) -> None:
        super().__init__(add_help=False, **kwargs)
        self.formatter_class = _worded_help(self.lang)
        self._positionals.title = translate("cli.help.positionals", self.lang)
        self._optionals.title = translate("cli.help.options", self.lang)
        if add_help:
            self.add_argument(
                "-h",
                "--help",
                action="help",
                default=argparse.SUPPRESS,
                help=Words(self.lang)("cli.help.help"),
            )

    def add_commands(self) -> Subcommands:
        """The list of commands, under its heading in ``lang``, each command a parser of
        this class."""
        return self.add_subparsers(
            dest=_COMMAND,
            required=True,
            parser_class=type(self),
            title=translate("cli.help.commands", self.lang),
        )

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """The arguments, every word read: a word the command does not know is refused by
        the command's own parser, so that the refusal names the command and its
        ``--help`` (argparse leaves such words over for ``blockdomino`` to refuse)."""
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.exit(2, f"{self.prog}: {unknown_words(extras, self.lang, self.prog)}\n")
        return parsed, extras

    def error(self, message: str) -> NoReturn:
        """Refuse the command line in one line of ``lang`` (argparse's ``message`` said
        anew), exit status 2."""
        names = {_COMMAND: translate("cli.help.command", self.lang)}
        self.exit(2, f"{self.prog}: {refusal(message, self.lang, self.prog, names)}\n")


def parser_in(chosen: Lang) -> type[Parser]:
    """The argument parser class that speaks ``chosen``."""

    class Worded(Parser):
        lang = chosen

    return Worded
