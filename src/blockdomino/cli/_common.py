"""What every command shares: the subparsers' type, the help texts in the chosen language,
the ``--lang`` option, the way unusable input is refused,
files read and written so that a failure is said in the learner's language, and the
check that no output overwrites another output or an input."""

from __future__ import annotations

import argparse
import errno
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, NamedTuple, TypeAlias

from blockdomino.engine.errors import BlockdominoError
from blockdomino.files import read_limited, write_atomic
from blockdomino.words.i18n import LANGS, Lang, catalog, parse_lang, translate

Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""The ``add_subparsers()`` object each command module adds its parser to."""

INTERRUPTED: Final = 130
"""The exit status after Ctrl-C, as shells report a process ended by SIGINT."""

READ_LIMIT: Final = 64 * 1024 * 1024
"""The most bytes a command reads from one file (a 2,000-round match record is ~3 MB)."""

_WRITING: Final = {
    errno.ENOENT: "cli.error.no_folder",
    errno.ENOTDIR: "cli.error.no_folder",
    errno.EISDIR: "cli.error.is_folder",
    errno.EACCES: "cli.error.denied",
    errno.EPERM: "cli.error.denied",
    errno.EROFS: "cli.error.denied",
    errno.ENOSPC: "cli.error.full",
    errno.EDQUOT: "cli.error.full",
    errno.EFBIG: "cli.error.full",
    errno.EEXIST: "cli.error.not_folder",
}
"""The message for a file that cannot be written, by the system's reason."""

_READING: Final = {
    errno.ENOENT: "cli.error.no_file",
    errno.ENOTDIR: "cli.error.no_file",
    errno.EISDIR: "cli.error.is_folder",
    errno.EACCES: "cli.error.unreadable",
    errno.EPERM: "cli.error.unreadable",
    errno.EFBIG: "cli.error.too_large",
}
"""The message for a file that cannot be read, by the system's reason."""


class Words:
    """The help texts of the command line in one language, from the catalogs
    (``cli_help.po``), made ready for argparse."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang

    def __call__(self, key: str, /, **params: object) -> str:
        """The text of ``key`` with its ``{placeholders}`` filled from ``params``; a
        ``{default}`` becomes the option's default as argparse knows it, so the help shows
        the value the command really uses. A ``%`` is doubled: argparse fills in ``%(…)s``
        in every help text."""
        escaped = {name: str(value).replace("%", "%%") for name, value in params.items()}
        text = catalog(self.lang)[key].replace("%", "%%")
        return text.format(**{"default": "%(default)s", **escaped})


class FileError(BlockdominoError):
    """A file a command must read or write, and why it cannot."""


def file_problem(error: OSError, path: str | os.PathLike[str], *, writing: bool) -> FileError:
    """``error`` (from reading or writing ``path``) as a problem worded in every language."""
    keys = _WRITING if writing else _READING
    key = keys.get(error.errno or 0, "cli.error.file")
    return FileError(key, path=os.fspath(path), reason=error.strerror or str(error))


class _Lang(argparse.Action):
    """Keeps the language ``--lang`` names (with ``many``, adds it to those named before).

    An unknown one raises its ``LanguageError`` out of the parser: argparse would cut the
    list of choices short, the command line says the whole list."""

    def __init__(self, *args: Any, many: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.many = many

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        lang = parse_lang(values)
        if self.many:
            setattr(namespace, self.dest, [*(getattr(namespace, self.dest) or ()), lang])
        else:
            setattr(namespace, self.dest, lang)


def add_lang_option(
    parser: argparse.ArgumentParser, help: str, *, default: Lang | None = "en", many: bool = False
) -> None:
    """The ``--lang`` option every command has: one of ``LANGS`` (with ``many``, given once
    per language wanted); an unknown language is refused with every choice listed."""
    choices = "{" + ",".join(LANGS) + "}"
    parser.add_argument(
        "--lang", action=_Lang, many=many, default=default, metavar=choices, help=help
    )


def check_count(option: str, value: int, least: int, most: int) -> None:
    """Refuses ``value`` of ``option`` outside ``least`` to ``most``, naming the limit."""
    if value < least:
        raise BlockdominoError("cli.error.at_least", option=option, least=least, value=value)
    if value > most:
        raise BlockdominoError("cli.error.at_most", option=option, most=most, value=value)


def needs(command: str, extra: str, lang: str) -> int:
    """Refuse a command whose ``extra`` is not installed, and say in ``lang`` how to
    install it."""
    return unusable(translate("cli.error.extra", lang, command=command, extra=extra))


def unusable(reason: object) -> int:
    """Say on stderr why the command cannot run; the exit status of unusable input."""
    print(f"blockdomino: {reason}", file=sys.stderr)
    return 2


def read_input(path: str | os.PathLike[str]) -> bytes:
    """The bytes of an input file (at most ``READ_LIMIT``), or a ``FileError``."""
    try:
        return read_limited(path, limit=READ_LIMIT)
    except OSError as error:
        raise file_problem(error, path, writing=False) from None


def write_output(path: str | os.PathLike[str], data: str | bytes) -> Path:
    """Write an output file atomically (the old file stays whole on any failure), or
    raise a ``FileError``."""
    try:
        return write_atomic(path, data)
    except OSError as error:
        raise file_problem(error, path, writing=True) from None


def make_folder(path: str | os.PathLike[str]) -> Path:
    """Make (if need be) the folder outputs go to and try writing in it, so that a path
    that cannot take them is refused before any work is done; or a ``FileError``."""
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise file_problem(error, path, writing=True) from None
    return folder


class Output(NamedTuple):
    """A file a command writes: the option naming it, its path, and the name and file
    ending of its format ("PDF", ".pdf"; none: any ending)."""

    option: str
    path: Path
    kind: str = ""
    suffix: str = ""


def _same_file(first: Path, second: Path) -> bool:
    """Whether two paths name one file: the same path once ``./``, ``..`` and symbolic
    links are resolved, or two links of one existing file."""
    if first.resolve() == second.resolve():
        return True
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False


def check_outputs(outputs: Sequence[Output], inputs: Sequence[tuple[str, Path]] = ()) -> None:
    """Refuse, before any work, outputs that would overwrite each other or an input,
    then an output whose file ending is not its format's (``--format moodle --out
    x.pdf``; a name without an ending is taken as it is): a ``BlockdominoError``."""
    named = [*inputs, *((output.option, output.path) for output in outputs)]
    for place in range(len(inputs), len(named)):  # each output, against all before it
        option, path = named[place]
        for other, other_path in named[:place]:
            if _same_file(other_path, path):
                raise BlockdominoError(
                    "cli.error.same_file", first=other, second=option, path=os.fspath(path)
                )
    for output in outputs:
        suffix = output.path.suffix.lower()
        if output.suffix and suffix and suffix != output.suffix:
            raise BlockdominoError(
                "cli.error.suffix",
                path=os.fspath(output.path),
                option=output.option,
                kind=output.kind,
                suffix=output.suffix,
            )
