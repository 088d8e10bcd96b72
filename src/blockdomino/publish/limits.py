"""The classroom's limits, which the command line offers and Voilà keeps (no import of
Voilà or Jupyter here: the command line reads them before it knows they are installed)."""

from __future__ import annotations

from typing import Final

CULL_MINUTES: Final = 10
"""A page's kernel idle this long is shut down; the learner reloads the page to go on."""
MOST_MINUTES: Final = 24 * 60
"""The longest idle time a teacher may choose: a school day."""
MAX_KERNELS: Final = 40
"""Kernels at once unless told: a class of 30 with a page each, and some to spare."""
MOST_KERNELS: Final = 500
"""The most kernels a teacher may allow: one takes some 100 MB, so more than any laptop
holds."""
