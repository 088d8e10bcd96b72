"""How the ``blockdomino`` program ends: with the command's status, and after Ctrl-C at
once, without Python's own ending (where a library written in C that a Ctrl-C stopped
while it loaded can crash: "Fatal Python error: … the GIL is released", status 134)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

PROGRAM = (
    "import atexit, sys\n"
    "atexit.register(lambda: print('registered', file=sys.stderr, flush=True))\n"
    "class Kept:\n"
    "    def __del__(self): print('Python ended', file=sys.stderr, flush=True)\n"
    "kept = Kept()\n"
    "import blockdomino.cli as cli\n"
    "cli.main = lambda: {status}\n"
    "print('said')\n"
    "cli.run()\n"
)
"""The program with a command that ends with ``status``, something registered to run at
the end (``atexit``), and a sign of Python's own ending (a module's object let go)."""


@pytest.mark.parametrize(("status", "python_ends"), [(130, False), (0, True), (1, True), (2, True)])
def test_the_program_ends_with_its_status_and_after_ctrl_c_at_once(
    status: int, python_ends: bool
) -> None:
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    env["PYTHONPATH"] = os.pathsep.join(sys.path)  # its output kept until flushed
    ended = subprocess.run(
        [sys.executable, "-c", PROGRAM.format(status=status)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert ended.returncode == status
    assert ended.stdout == "said\n"  # what was said before is written out
    assert "registered" in ended.stderr  # what is registered to run at the end runs
    assert ("Python ended" in ended.stderr) is python_ends
