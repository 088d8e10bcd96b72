"""``python -m blockdomino.cli``: the ``blockdomino`` command."""

import sys

from blockdomino.cli import main

sys.exit(main())
