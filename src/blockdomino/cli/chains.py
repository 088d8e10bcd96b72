"""``blockdomino render`` and ``blockdomino describe``: a chain drawn as SVG, or worded.

The chain comes from a worked example's id, tiles in placement order or a description
in any of the languages."""

from __future__ import annotations

import argparse
import sys

from blockdomino import svg
from blockdomino.cli._common import Subcommands, Words, add_lang_option, write_output
from blockdomino.engine.chain import Chain
from blockdomino.engine.errors import BlockdominoError
from blockdomino.words.examples import CHAIN_EXAMPLES
from blockdomino.words.text import describe


def _chain_source(source: str, lang: str) -> tuple[Chain, str | None]:
    """The chain a command names: a worked example by id (with its title), a description
    as ``describe`` writes it (in any of the languages), or tiles written in placement
    order such as ``"[1|4] [1|1]"``, a tile that fits both ends marked ``<`` or ``>``."""
    from blockdomino.verify import read_chain

    described = read_chain(source)
    if described is not None:
        return described, None
    if "[" in source:
        return Chain.parse(source), None
    for example in CHAIN_EXAMPLES:
        if example.id == source:
            return example.chain, example.title(lang)
    known = ", ".join(example.id for example in CHAIN_EXAMPLES)
    raise BlockdominoError("svg.error.unknown_example", source=source, known=known)


def _render(args: argparse.Namespace) -> int:
    """Draw a chain (a worked example or a tile sequence) as SVG to a file or stdout; a
    worked example (titled) described in the documents' notation, as ``svg.example``."""
    chain, title = _chain_source(args.source, args.lang)
    image = svg.chain(
        chain, lang=args.lang, width=args.width, title=title, notation=title is not None
    )
    if args.output == "-":
        sys.stdout.write(image + "\n")
    else:
        write_output(args.output, image + "\n")
    return 0


def _describe(args: argparse.Namespace) -> int:
    """Print a chain's description: tiles, joins and legal continuations."""
    chain, _ = _chain_source(args.source, args.lang)
    print(describe(chain, args.lang))
    return 0


def _add_chain_source(parser: argparse.ArgumentParser, words: Words) -> None:
    """The chain to draw or describe, in its lines (a worked example's id, tiles, or a
    description), and the language."""
    parser.add_argument(
        "source", help=words("cli.help.chain.source", example="placed-1-4", describe="describe")
    )
    add_lang_option(parser, words("cli.help.chain.lang"))


def _add_render(commands: Subcommands, words: Words) -> None:
    parser = commands.add_parser(
        "render",
        help=words("cli.help.render"),
        description=words("cli.about.render"),
    )
    _add_chain_source(parser, words)
    parser.add_argument("-o", "--output", default="-", help=words("cli.help.render.output"))
    parser.add_argument("--width", type=float, default=None, help=words("cli.help.render.width"))
    parser.set_defaults(run=_render)


def _add_describe(commands: Subcommands, words: Words) -> None:
    parser = commands.add_parser(
        "describe",
        help=words("cli.help.describe"),
        description=words("cli.about.describe"),
    )
    _add_chain_source(parser, words)
    parser.set_defaults(run=_describe)


def add(commands: Subcommands, words: Words) -> None:
    """Add ``render`` and ``describe``."""
    _add_render(commands, words)
    _add_describe(commands, words)
