"""``blockdomino tutorial``: copy the tutorial into the learner's folder and open it in
JupyterLab."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Final

from blockdomino.cli._common import Subcommands, Words, add_lang_option, needs, unusable
from blockdomino.files import write_atomic
from blockdomino.publish import working_copy
from blockdomino.publish.tutorial import WELCOME, notebooks_root
from blockdomino.words.i18n import translate

LANGUAGE_PACKS: Final = {"fi": ("jupyterlab_language_pack_fi_FI", "fi_FI")}
"""JupyterLab's own language packs, by tutorial language: its module and its locale.
There is none for Swedish: JupyterLab's menus stay English beside a Swedish tutorial."""
SETTINGS: Final = ".blockdomino-lab-settings"
"""The folder, inside the working folder, of the JupyterLab settings the command sets."""


def lab_language(lang: str, folder: Path) -> list[str]:
    """The options that make JupyterLab's own menus speak ``lang``, where its language
    pack is installed (the ``tutorial`` extra installs the Finnish one): the locale as a
    default in settings overrides the command writes, which a learner's own choice in
    JupyterLab's Settings → Language still wins over. Otherwise none."""
    pack = LANGUAGE_PACKS.get(lang)
    if pack is None or importlib.util.find_spec(pack[0]) is None:
        return []
    settings = folder.resolve() / SETTINGS / lang
    settings.mkdir(parents=True, exist_ok=True)
    overrides = {"@jupyterlab/translation-extension:plugin": {"locale": pack[1]}}
    write_atomic(settings / "overrides.json", json.dumps(overrides, indent=2) + "\n")
    return [f"--LabApp.app_settings_dir={settings}"]


def tutorial_command(lang: str, folder: Path) -> list[str]:
    """The JupyterLab command that opens the welcome notebook of ``lang`` in the working
    ``folder``.

    JupyterLab runs as a module, so no script of its needs to be on the ``PATH``.
    The server's root is the working folder, so the file browser and the links between
    the languages reach all three; JupyterLab's menus speak the tutorial's language
    where a language pack exists (:func:`lab_language`). JupyterLab refuses to start as
    root unless told to; a classroom machine or a container often runs as root, so the
    command says so there.
    """
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        f"--ServerApp.root_dir={folder.resolve()}",
        f"--LabApp.default_url=/lab/tree/{lang}/{WELCOME.filename(lang)}",
        *lab_language(lang, folder),
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    return command


def prepare(lang: str, folder: Path) -> working_copy.Copy:
    """Bring the working ``folder`` up to the installed tutorial, say in ``lang`` where it
    is and where a newer version went beside a notebook the learner changed, and mark the
    tutorial's own notebooks trusted on this machine (``jupyter trust``, run as
    ``nbformat.sign``: the modules, not the scripts, which may lie off the ``PATH``), so JupyterLab
    shows their saved diagrams before anything is run."""
    copy = working_copy.update(folder, root=notebooks_root())
    print(translate("tutorial.folder", lang, folder=folder.resolve()))
    for beside in copy.beside:
        print(translate("tutorial.beside", lang, changed=beside.changed, newer=beside.newer))
    trust = [sys.executable, "-m", "nbformat.sign", *map(str, copy.tutorial_notebooks)]
    subprocess.run(trust, check=True, stdout=subprocess.DEVNULL)
    return copy


def _tutorial(args: argparse.Namespace) -> int:
    """Copy the tutorial into the working folder, then start JupyterLab there on the
    welcome notebook of the chosen language. JupyterLab is an extra (the library needs no
    server): without it, say how to get it."""
    if importlib.util.find_spec("jupyterlab") is None:
        return needs("tutorial", "tutorial", args.lang)
    try:
        prepare(args.lang, args.dir)
    except (working_copy.MissingTutorialError, OSError) as error:
        return unusable(error)
    command = tutorial_command(args.lang, args.dir)
    os.execv(command[0], command)


def add(commands: Subcommands, words: Words) -> None:
    parser = commands.add_parser(
        "tutorial", help=words("cli.help.tutorial"), description=words("cli.about.tutorial")
    )
    add_lang_option(parser, words("cli.help.tutorial.lang"))
    parser.add_argument(
        "--dir", type=Path, default=working_copy.FOLDER, help=words("cli.help.tutorial.dir")
    )
    parser.set_defaults(run=_tutorial)
