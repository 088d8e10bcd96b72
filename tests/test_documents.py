"""The README and ``docs/`` say only what works: every command they show runs, every link
they make leads somewhere.

Commands: each line of every ```` ```sh ```` block of ``README.md`` and ``docs/**/*.md``
(the parts of a ``&&`` chain one by one, comments left out), and every `` `blockdomino …` ``
code span of their prose.

- A ``blockdomino`` command is read by the command's own parser, exactly as written (an
  option or a command that is gone fails), its ``--help`` is run, and the quick ones
  (``describe``, ``render``, ``score``, ``solve``, ``hint``, ``replay``, ``guide`` and
  ``verify`` of a file the repository holds) are run for real in a temporary folder.
- ``pip install`` names only extras ``pyproject.toml`` has; ``python -m`` only modules
  there are; a script (``benchmarks/…``, ``docs/guide/build.py``) is run with ``--help``
  and takes every option the line gives it; ``pytest`` is given only paths and markers
  there are; ``sh`` only scripts there are; ``mutmut`` only with its settings in
  ``pyproject.toml``. Any other program is a failure, so that a new kind of command is
  checked before it is shown.

Links: every ``[text](target)`` and ``![alt](target)`` that is no web address leads to a
file of the repository, and its ``#anchor`` to a heading of that file (as GitHub makes
anchors of headings).
"""

from __future__ import annotations

import importlib.util
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from blockdomino.cli import _lang_to_command, build_parser, main

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SH_BLOCK = re.compile(r"^[ \t]*```sh\n(.*?)^[ \t]*```", re.DOTALL | re.MULTILINE)
SPAN = re.compile(r"(?<!`)`(blockdomino [^`]+)`(?!`)")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(([^)\s]+)\)")
QUICK = ("describe", "render", "score", "solve", "hint", "replay", "guide", "verify")
"""Commands quick enough to run for real as the documents write them."""
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
EXTRAS = set(PYPROJECT["project"]["optional-dependencies"])


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _commands() -> list[tuple[str, str]]:
    """Every command of the documents' shell blocks: (document, the command as a shell
    would split it, joined)."""
    found = []
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        for line in (line for block in SH_BLOCK.findall(text) for line in block.splitlines()):
            words = shlex.split(line, comments=True)
            while words:
                part = words[: words.index("&&")] if "&&" in words else words
                found.append((_relative(document), shlex.join(part)))
                words = words[len(part) + 1 :]
    return found


SPANS = sorted(
    {(_relative(document), " ".join(span.split()))
     for document in DOCUMENTS for span in SPAN.findall(document.read_text(encoding="utf-8"))}
)  # fmt: skip
"""The ``blockdomino`` commands the prose names in code spans: (document, the span)."""


COMMANDS = _commands()


def _program(words: list[str]) -> str:
    """The program a command runs, without the virtual environment's folder."""
    return words[0].removeprefix(".venv/bin/")


def _blockdomino(arguments: list[str], folder: Path) -> None:
    """Read the arguments with the command's parser; run its help; run the quick ones."""
    code = 0
    try:
        build_parser().parse_args(_lang_to_command(arguments))
    except SystemExit as stopped:  # --help
        code = int(stopped.code or 0)
    assert code == 0, f"the parser refuses {arguments}"
    command = arguments[0]
    _helped(command)
    if command not in QUICK or any(word.isupper() for word in arguments):
        return  # a placeholder (FILE, URL) is written for the reader to fill in
    for word in arguments:
        if (ROOT / word).is_file() and not word.startswith("-"):
            (folder / word).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(ROOT / word, folder / word)
    if command == "verify" and not (folder / arguments[1]).is_file():
        return  # a document of the reader's own
    assert main(arguments) in ((0, 1) if command == "verify" else (0,)), arguments


def _helped(command: str) -> None:
    """``blockdomino COMMAND --help`` shows the command's help."""
    with pytest.raises(SystemExit) as helped:
        main([command, "--help"])
    assert helped.value.code == 0


def _options(command: str) -> set[str]:
    """The options the parser of ``command`` takes."""
    subcommands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert command in subcommands, f"there is no command {command}"
    return set(subcommands[command]._option_string_actions)


def _script(words: list[str]) -> None:
    """A script of the repository: it exists, and its help names every option given."""
    script = ROOT / words[1]
    assert script.is_file(), words[1]
    helped = subprocess.run(
        [sys.executable, str(script), "--help"],
        capture_output=True, text=True, check=False, timeout=120, cwd=ROOT,
    )  # fmt: skip
    assert helped.returncode == 0, helped.stderr
    for option in (word for word in words[2:] if word.startswith("--")):
        assert option in helped.stdout, f"{words[1]} has no {option}"


def _checked(words: list[str], folder: Path) -> None:
    program = _program(words)
    if program == "blockdomino":
        _blockdomino(words[1:], folder)
    elif program == "pip":
        assert words[1] == "install"
        for extras in re.findall(r"\[([\w,]+)\]", " ".join(words)):
            assert set(extras.split(",")) <= EXTRAS, extras
    elif program in ("python", "python3") and words[1] == "-m":
        assert importlib.util.find_spec(words[2]) is not None, words[2]
    elif program in ("python", "python3"):
        _script(words)
    elif program == "pytest":
        conftests = "".join(
            path.read_text(encoding="utf-8") for path in ROOT.glob("tests/**/conftest.py")
        )
        markers = re.findall(r'"markers",\s*"(\w+):', conftests)
        for place, word in enumerate(words[1:], 1):
            if words[place - 1] == "-m":
                assert word in markers, word
            elif not word.startswith("-") and words[place - 1] not in ("-n", "--dist"):
                assert (ROOT / word.split("::")[0]).exists(), word
    elif program == "sh":
        assert (ROOT / words[1]).is_file(), words[1]
    elif program == "mutmut":
        settings = PYPROJECT["tool"]["mutmut"]
        assert words[1] in ("run", "results", "show", "browse")
        assert all((ROOT / path).is_file() for path in settings["only_mutate"])
    else:
        raise AssertionError(f"no check for the program {program!r}: add one")


@pytest.mark.parametrize(
    ("document", "command"), COMMANDS, ids=[f"{d}: {c[:60]}" for d, c in COMMANDS]
)
def test_every_command_shown_runs(
    document: str, command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _checked(shlex.split(command), tmp_path)


@pytest.mark.parametrize(("document", "span"), SPANS, ids=[f"{d}: {s[:60]}" for d, s in SPANS])
def test_every_command_named_in_prose_is_there(document: str, span: str) -> None:
    """A span names a command and some of its options (``blockdomino serve --forget-class``):
    the command and each option exist, and its help runs."""
    words = _lang_to_command(shlex.split(span)[1:])
    command = words[0]
    options = _options(command)
    for word in words[1:]:
        if word.startswith("--"):
            assert word.split("=")[0] in options, f"{document}: {command} has no {word}"
    _helped(command)


def test_the_documents_show_the_commands_of_every_kind() -> None:
    """The checks above meet every command there is."""
    programs = {_program(shlex.split(command)) for _, command in COMMANDS}
    assert {"blockdomino", "pip", "python3", "pytest", "sh"} <= programs
    shown = {shlex.split(c)[1] for _, c in COMMANDS if _program(shlex.split(c)) == "blockdomino"}
    commands = set(build_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]
    assert len(SPANS) > 10
    assert commands <= shown, f"commands no document shows: {sorted(commands - shown)}"


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(document: Path) -> set[str]:
    text = SH_BLOCK.sub("", document.read_text(encoding="utf-8"))
    return {_anchor(heading) for heading in re.findall(r"^#+ (.+)$", text, re.MULTILINE)}


LINKS = [
    (_relative(document), target)
    for document in DOCUMENTS
    for target in LINK.findall(SH_BLOCK.sub("", document.read_text(encoding="utf-8")))
    if not re.match(r"[a-z]+:", target)
]


@pytest.mark.parametrize(("document", "target"), LINKS, ids=[f"{d} → {t}" for d, t in LINKS])
def test_every_link_leads_somewhere(document: str, target: str) -> None:
    path, _, anchor = target.partition("#")
    linked = (ROOT / document).parent / path if path else ROOT / document
    assert linked.resolve().is_relative_to(ROOT), target
    assert linked.exists(), f"{document}: {target} is not there"
    if anchor:
        assert anchor in _anchors(linked), f"{document}: no heading #{anchor} in {path}"


def test_the_links_are_found() -> None:
    """The pattern meets the links the README makes to every page of ``docs``."""
    from_readme = {target.split("#")[0] for document, target in LINKS if document == "README.md"}
    pages = {_relative(page) for page in DOCUMENTS if page.parent.name == "docs"}
    assert pages - {"docs/example-record.json"} <= from_readme | {"docs/records.md"}
    assert "docs/guide/fi.md" in from_readme


def test_a_broken_link_or_command_is_caught(tmp_path: Path) -> None:
    """The checks fail on what is broken: a command's gone option, an anchor nowhere."""
    with pytest.raises(AssertionError):
        _blockdomino(["score", "--no-such-option"], tmp_path)
    with pytest.raises(AssertionError):
        test_every_command_named_in_prose_is_there("README.md", "blockdomino serve --forget")
    with pytest.raises(AssertionError):
        _checked(["pip", "install", "blockdomino[nothing]"], tmp_path)
    with pytest.raises(AssertionError):
        test_every_link_leads_somewhere("README.md", "docs/serve.md#no-such-heading")
    with pytest.raises(AssertionError):
        _checked(["curl", "https://example.org"], tmp_path)
