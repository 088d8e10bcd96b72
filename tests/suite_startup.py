"""What the test command does not load: read by pytest before any other plugin (``-p
suite_startup`` in ``pyproject.toml``, this folder on ``pythonpath``), so in the command
itself and in each of its workers.

jsonschema's optional checker of IRI syntax: nbval reads notebooks with nbformat, which
imports jsonschema, which imports ``rfc3987_syntax`` when it is installed (JupyterLab's
event schemas pull it in), and that module builds an Earley parser of RFC 3987 as it is
imported: about 1.5 s of CPU in every process of the run. No test checks an IRI against
a schema; without the module jsonschema leaves the ``iri`` formats unchecked, as it does
wherever the module is not installed. Only the test processes are spared it: the
servers, kernels and commands the tests start import what they import.
"""

from __future__ import annotations

import sys

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
