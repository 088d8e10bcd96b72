"""What the test command does not load, and what it keeps: read by pytest before any
other plugin (``-p suite_startup`` in ``pyproject.toml``, this folder on ``pythonpath``),
so in the command itself and in each of its workers.

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
"""

from __future__ import annotations

import sys

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
sys.dont_write_bytecode = False
