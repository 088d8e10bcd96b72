"""``python -m blockdomino.cli``: the ``blockdomino`` command."""

from blockdomino.cli import run

run()
