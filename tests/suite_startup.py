"""What the test command does not load, what it keeps, and how many workers it starts:
read by pytest before any other plugin (``-p suite_startup`` in ``pyproject.toml``, this
folder on ``pythonpath``), so in the command itself and in each of its workers.

jsonschema's optional checker of IRI syntax: nbval reads notebooks with nbformat, which
imports jsonschema, which imports ``rfc3987_syntax`` when it is installed (JupyterLab's
event schemas pull it in), and that module builds an Earley parser of RFC 3987 as it is
imported: about 1.5 s of CPU in every process of the run. No test checks an IRI against
a schema; without the module jsonschema leaves the ``iri`` formats unchecked, as it does
wherever the module is not installed. Only the test processes are spared it: the
servers, kernels and commands the tests start import what they import.

The bytecode of the checkout's tests and sources, kept in their ``__pycache__`` folders
(ignored by git) even where ``PYTHONDONTWRITEBYTECODE`` asks Python to write none, as
container images often do: pytest keeps the test modules with their asserts rewritten
only where bytecode may be written, and without it each worker parsed and rewrote every
test module again on every run, 5 s of the 8.4 s of CPU a worker spends collecting.
The first run writes it, as it does wherever the variable is not set; the servers,
kernels and commands the tests start still follow the variable.

One worker more than the cores for ``-n auto`` (pytest-xdist counts them): a test often
waits rather than works (for a server or a kernel to start or stop, a command it runs, a
quiz's timer), and a worker waiting holds its core idle. With two workers on two cores the
suite used 71 % of the cores' time (255 s of CPU in 181 s); a third worker fills the waits
(144 s). ``PYTEST_XDIST_AUTO_NUM_WORKERS``, when set, is taken as it is.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Generator

import pytest

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
sys.dont_write_bytecode = False


@pytest.hookimpl(wrapper=True, optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> Generator[None, int, int]:
    """The workers of ``-n auto``: pytest-xdist's count of the cores, and one more."""
    cores = yield
    return cores if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS") else cores + 1
