"""``blockdomino serve``: serve a built site to a class from the teacher's computer.

    blockdomino serve tutorial-site --lang fi

Prints the address pupils open and its QR code, the class's tables (pupils playing each
other on their own tablets), the teacher's page with its secret, and serves the projector
page with a large code and the table the teacher shows; Ctrl-C stops it. The tables are
kept in ``--data`` (default: the user's data folder) and resume when it starts again;
with ``--redis URL`` they are kept in that Redis instead, shared by ``--workers N``
processes (and by servers on other machines given the same Redis). With ``--cert FILE
--key FILE`` (a certificate and its private key, PEM) it serves HTTPS, a secure origin
where the app keeps itself for offline use as on ``localhost``.
``--export-csv FILE`` writes the table of what each pupil has mastered (quizzes and
Practice) and stops; ``--forget-class`` deletes everything kept about pupils and stops
(with ``--redis``, in that Redis, refused while a class server listens on it).
A folder that is missing or is no built site, a certificate or key that is missing, cannot
be read or does not match, an address that cannot be listened on, a
database or Redis that cannot be used, ``--workers`` without ``--redis`` or a file limit
too low for a class is refused with exit
status 2 and a message in ``--lang``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib.util
from pathlib import Path

from blockdomino.cli._common import Subcommands, Words, add_lang_option, unusable
from blockdomino.words.errors import explain
from blockdomino.words.i18n import translate

WEB = ("starlette", "uvicorn", "brotli")
"""The web stack the class server runs on."""


def run(args: argparse.Namespace) -> int:
    """Serve the site until Ctrl-C; 0, or 2 with a message."""
    lang = args.lang
    if args.export_csv is not None or args.forget_class:
        return keep(args)
    if args.dir is None:
        return unusable(translate("lessons.cli.no_dir", lang))
    if importlib.util.find_spec("segno") is None:
        return unusable(translate("serve.error.segno", lang))
    if any(importlib.util.find_spec(name) is None for name in WEB):
        return unusable(translate("serve.error.web", lang))
    from blockdomino.publish.serve import ServeError, greeting, terminal_code
    from blockdomino.server.run import open_server

    try:
        server = open_server(
            args.dir,
            host=args.host,
            port=args.port,
            lang=lang,
            data=args.data,
            redis=args.redis,
            workers=args.workers,
            say=functools.partial(print, flush=True),
            cert=args.cert,
            key=args.key,
        )
    except ServeError as error:
        return unusable(explain(error, lang))
    addresses = {"tables": server.class_address, "teacher": server.teacher_address}
    print(greeting(server.site.url, server.host, lang, **addresses))
    print(terminal_code(server.site.url), flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve()
    print(translate("serve.stopped", lang))
    return 0


def keep(args: argparse.Namespace) -> int:
    """Write the pupils' table of mastery (``--export-csv``) or delete everything kept
    about pupils (``--forget-class``), where the class is kept (``stores.choice``: the
    SQLite files, or with ``--redis`` that Redis); 0, or 2 with a message."""
    from blockdomino.stores.choice import UnusableError, class_store

    lang, store = args.lang, class_store(args.data, args.redis)
    try:
        if args.export_csv is not None:
            store.export_csv(args.export_csv, lang)
            print(translate("lessons.cli.exported", lang, path=args.export_csv))
        if args.forget_class:
            key, params = store.forget()
            print(translate(key, lang, **params))
    except UnusableError as error:
        return unusable(translate(error.key, lang, **error.params))
    return 0


def add(commands: Subcommands, words: Words) -> None:
    parser = commands.add_parser(
        "serve", help=words("cli.help.serve"), description=words("cli.about.serve")
    )
    parser.add_argument("dir", type=Path, nargs="?", default=None, help=words("cli.help.serve.dir"))
    parser.add_argument("--host", default=None, help=words("cli.help.serve.host"))
    parser.add_argument("--port", type=int, default=8000, help=words("cli.help.serve.port"))
    parser.add_argument("--data", type=Path, default=None, help=words("cli.help.serve.data"))
    parser.add_argument(
        "--redis",
        default=None,
        metavar="URL",
        help=words("cli.help.serve.redis", example="redis://host:6379/0"),
    )
    parser.add_argument("--workers", type=int, default=1, help=words("cli.help.serve.workers"))
    parser.add_argument(
        "--cert", type=Path, default=None, metavar="FILE", help=words("cli.help.serve.cert")
    )
    parser.add_argument(
        "--key", type=Path, default=None, metavar="FILE", help=words("cli.help.serve.key")
    )
    parser.add_argument(
        "--export-csv",
        type=Path,
        default=None,
        metavar="FILE",
        help=words("cli.help.serve.export_csv", file="FILE"),
    )
    parser.add_argument(
        "--forget-class", action="store_true", help=words("cli.help.serve.forget_class")
    )
    add_lang_option(parser, words("cli.help.serve.lang"))
    parser.set_defaults(run=run)
