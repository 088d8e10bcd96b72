"""The ``blockdomino`` command: open the tutorial, draw and describe chains, check documents,
measure the claims of the rules.

Each subcommand is a small function over the library; exit status 0 means success,
1 a failed check, 2 unusable input.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from blockdomino import svg
from blockdomino.cli.coach import add_commands as add_coach_commands
from blockdomino.engine.chain import Chain
from blockdomino.engine.errors import BlockdominoError
from blockdomino.words.examples import CHAIN_EXAMPLES
from blockdomino.words.i18n import LANGUAGES
from blockdomino.words.text import describe

Command = Callable[[argparse.Namespace], int]


def notebooks_root() -> Path:
    """The folder of the tutorial notebooks in a source checkout."""
    return Path(__file__).resolve().parents[3] / "notebooks"


def tutorial_command(lang: str) -> list[str]:
    """The JupyterLab command that opens the welcome notebook of ``lang``.

    The server's root is the notebooks folder, so the file browser and the links
    between the languages reach all three. JupyterLab refuses to start as root unless
    told to; a classroom machine or a container often runs as root, so the command
    says so there.
    """
    welcome = sorted((notebooks_root() / lang).glob("00_*.ipynb"))
    if not welcome:
        raise FileNotFoundError(f"no tutorial notebooks in {notebooks_root() / lang}")
    page = welcome[0].relative_to(notebooks_root()).as_posix()
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        f"--ServerApp.root_dir={notebooks_root()}",
        f"--LabApp.default_url=/lab/tree/{page}",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    return command


def _unusable(reason: object) -> int:
    """Say on stderr why the command cannot run; the exit status of unusable input."""
    print(f"blockdomino: {reason}", file=sys.stderr)
    return 2


def _tutorial(args: argparse.Namespace) -> int:
    """Start JupyterLab on the welcome notebook of the chosen language.

    The tutorial's notebooks are first marked trusted on this machine (``jupyter
    trust``), so JupyterLab shows their saved diagrams before anything is run.
    JupyterLab is an extra (the library needs no server): without it, say how to get it.
    """
    if importlib.util.find_spec("jupyterlab") is None:
        return _unusable('the tutorial needs JupyterLab: pip install -e ".[tutorial]"')
    try:
        command = tutorial_command(args.lang)
    except FileNotFoundError as missing:
        return _unusable(missing)
    tutorial = sorted(str(path) for path in notebooks_root().glob("*/[0-9][0-9]_*.ipynb"))
    subprocess.run([sys.executable, "-m", "jupyter", "trust", *tutorial], check=True)
    os.execv(command[0], command)


def _add_tutorial(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("tutorial", help="open the tutorial notebooks in JupyterLab")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="tutorial language")
    parser.set_defaults(run=_tutorial)


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
    """Draw a chain (a worked example or a tile sequence) as SVG to a file or stdout."""
    try:
        chain, title = _chain_source(args.source, args.lang)
    except BlockdominoError as error:
        return _unusable(error.message(args.lang))
    image = svg.chain(chain, lang=args.lang, width=args.width, title=title)
    if args.output == "-":
        sys.stdout.write(image + "\n")
    else:
        Path(args.output).write_text(image + "\n", encoding="utf-8")
    return 0


def _describe(args: argparse.Namespace) -> int:
    """Print a chain's description: tiles, joins and legal continuations."""
    try:
        chain, _ = _chain_source(args.source, args.lang)
    except BlockdominoError as error:
        return _unusable(error.message(args.lang))
    print(describe(chain, args.lang))
    return 0


CHAIN_SOURCE_HELP = """\
the chain: a worked example id such as placed-1-4;
or tiles in placement order such as "[1|4] [1|1]", where a tile
that fits both open ends is followed by the end it joins:
  <  the end where the line starts (left in a one-row drawing)
  >  the end the line grows to, e.g. "[2|2] [2|5]>";
or a chain description as describe prints it, in Finnish,
Swedish or English: "Tiles: [2|2], [2|5]. Joins: …"
"""


def _add_chain_source(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", help=CHAIN_SOURCE_HELP)
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the text")


def _add_render(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "render",
        help="draw a chain as an SVG diagram",
        formatter_class=argparse.RawTextHelpFormatter,
    )
    _add_chain_source(parser)
    parser.add_argument("-o", "--output", default="-", help="SVG file to write (- for stdout)")
    parser.add_argument("--width", type=float, default=None, help="widest drawing, px")
    parser.set_defaults(run=_render)


def _add_describe(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "describe",
        help="print a chain's description",
        formatter_class=argparse.RawTextHelpFormatter,
    )
    _add_chain_source(parser)
    parser.set_defaults(run=_describe)


def _add_classroom(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "classroom", help="serve the tutorial without code cells (Voilà), for a classroom"
    )
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="tutorial language")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8866, help="port to listen on")
    parser.add_argument("--token", default=None, help="access token (default: a random one)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument(
        "--cull-minutes",
        type=int,
        default=20,
        help="shut a page's kernel down after this many idle minutes (default: 20)",
    )

    def run(args: argparse.Namespace) -> int:
        """Serve the notebooks with Voilà and open the chosen language's welcome page."""
        from blockdomino.publish import classroom

        try:
            return classroom.serve(
                notebooks_root(),
                args.lang,
                host=args.host,
                port=args.port,
                token=args.token,
                open_browser=not args.no_browser,
                cull_minutes=args.cull_minutes,
            )
        except classroom.ClassroomError as error:
            return _unusable(error)

    parser.set_defaults(run=run)


def _add_export(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "export", help="write the tutorial as static HTML pages (no server needed)"
    )
    parser.add_argument("--out", type=Path, required=True, help="folder to write the pages to")
    parser.add_argument(
        "--lang", choices=LANGUAGES, action="append", help="a language to export (default: all)"
    )

    def run(args: argparse.Namespace) -> int:
        """Export every notebook as HTML and print the index page written."""
        from blockdomino.publish import classroom

        try:
            written = classroom.export(notebooks_root(), args.out, langs=args.lang or LANGUAGES)
        except classroom.ClassroomError as error:
            return _unusable(error)
        print(written[0])
        return 0

    parser.set_defaults(run=run)


def _add_site(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "site", help="build the tutorial as an offline JupyterLite site (Python in the browser)"
    )
    parser.add_argument("--out", type=Path, required=True, help="folder to write the site to")
    parser.add_argument(
        "--cache", type=Path, default=None, help="folder keeping Pyodide between builds"
    )

    def run(args: argparse.Namespace) -> int:
        """Build the site clean and print its folder and size."""
        if importlib.util.find_spec("jupyterlite_core") is None:
            return _unusable('the site needs: pip install -e ".[site]"')
        from blockdomino.publish import site

        try:
            size = site.build(notebooks_root().parent, args.out, cache=args.cache)
        except site.SiteError as error:
            return _unusable(error)
        print(f"{args.out.resolve()} ({size / 1e6:.1f} MB)")
        return 0

    parser.set_defaults(run=run)


def _add_verify(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "verify", help="check the worked chain examples of rules documents (text or Markdown)"
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="documents to check")
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=None, help="report language (default: the document's)"
    )
    parser.add_argument("--json", action="store_true", help="print the reports as JSON")

    def run(args: argparse.Namespace) -> int:
        """Report every example OK or what is wrong: status 0 all OK, 1 a fault, 2 unusable."""
        from blockdomino import verify

        return verify.run(args.files, lang=args.lang, as_json=args.json)

    parser.set_defaults(run=run)


def _add_score(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from blockdomino.engine.rules import PRESETS

    parser = commands.add_parser("score", help="who wins a round and what they score")
    parser.add_argument("--preset", choices=PRESETS, default="match", help="rules preset")
    parser.add_argument(
        "--players", type=int, default=None, help="players (default: as many as hands or totals)"
    )
    ending = parser.add_mutually_exclusive_group(required=True)
    ending.add_argument(
        "--domino", type=int, metavar="PLAYER", help="who played their last tile (from 1)"
    )
    ending.add_argument("--blocked", action="store_true", help="nobody could play")
    left = parser.add_mutually_exclusive_group(required=True)
    left.add_argument(
        "--hand",
        action="append",
        metavar="TILES",
        help='a hand left, e.g. "[0|0] [2|3]"; one per player',
    )
    left.add_argument(
        "--totals", type=int, nargs="+", metavar="PIPS", help="each player's pips left"
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="language of the explanation"
    )

    def run(args: argparse.Namespace) -> int:
        """Print winners, points and the explanation; status 2 for impossible input."""
        from blockdomino.analysis import calculator

        return calculator.run(
            args.preset,
            players=args.players,
            dominoer=None if args.blocked else args.domino - 1,
            hands=args.hand,
            totals=args.totals,
            lang=args.lang,
        )

    parser.set_defaults(run=run)


def _add_lab(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "lab", help="measure 003's claims: Block against the draw game, with plots"
    )
    parser.add_argument(
        "--players", type=int, nargs="+", choices=(2, 3, 4), default=None, help="player counts"
    )
    parser.add_argument(
        "--rounds", type=int, default=10_000, help="rounds per game and player count"
    )
    parser.add_argument(
        "--coach-rounds",
        type=int,
        default=0,
        help="rounds per game and player count with the coach as a player (slow; default none)",
    )
    parser.add_argument("--seed", default="3", help="seed of every deal and choice")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the report")
    parser.add_argument(
        "--out", type=Path, default=Path("blockdomino-lab"), help="folder for the SVG plots"
    )

    def run(args: argparse.Namespace) -> int:
        """Print the figures and verdicts, write the plots; status 2 for unusable input."""
        from blockdomino.cli import lab as command

        return command.run(
            players=args.players,
            rounds=args.rounds,
            seed=int(args.seed) if args.seed.isdigit() else args.seed,
            lang=args.lang,
            out=args.out,
            coach_rounds=args.coach_rounds,
        )

    parser.set_defaults(run=run)


def _add_replay(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "replay", help="write a game record as one HTML page to step through (no server needed)"
    )
    parser.add_argument("record", type=Path, metavar="RECORD.json", help="a game record")
    parser.add_argument("--out", type=Path, required=True, help="the HTML file to write")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the page")
    parser.add_argument("--reveal", action="store_true", help="show every hand face up")
    parser.add_argument("--large", action="store_true", help="projector size")

    def run(args: argparse.Namespace) -> int:
        """Write the page and print its path; status 2 for a record that cannot be read."""
        from blockdomino.play import walkthrough
        from blockdomino.publish import replay_page

        try:
            frames = walkthrough.frames(
                args.record.read_bytes(), reveal=args.reveal, lang=args.lang
            )
        except BlockdominoError as error:
            return _unusable(error.message(args.lang))
        except OSError as error:
            return _unusable(error)
        args.out.write_text(replay_page.page(frames, lang=args.lang, large=args.large), "utf-8")
        print(args.out)
        return 0

    parser.set_defaults(run=run)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="blockdomino", description="Learn and check the domino game Block."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    _add_tutorial(commands)
    _add_render(commands)
    _add_describe(commands)
    _add_classroom(commands)
    _add_export(commands)
    _add_site(commands)
    _add_verify(commands)
    _add_score(commands)
    _add_lab(commands)
    _add_replay(commands)
    add_coach_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    run: Command = args.run
    return run(args)
