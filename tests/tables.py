"""Reading a table diagram as a learner's screen reader does: whose hands lie face up.

Shared by the replay and hot-seat tests (``from tables import face_up``).
"""

from __future__ import annotations

import html
import re

from blockdomino.engine.rules import Rules
from blockdomino.words.i18n import translate
from blockdomino.words.narration import Names, player_label

_DESC = re.compile(r"<desc[^>]*>(.*?)</desc>", re.DOTALL)


def descriptions(markup: str) -> list[str]:
    """The text alternative of every diagram in ``markup``, unescaped."""
    return [html.unescape(found) for found in _DESC.findall(markup)]


def seat_labels(rules: Rules, lang: str = "en", names: Names = None) -> list[str]:
    """The seats as a table diagram names them: "Aino (Player 1)", "Player 1 (Team 1)"."""
    labels = [player_label(seat, lang, names) for seat in range(rules.players)]
    if not rules.partnership:
        return labels
    return [
        translate(
            "svg.label.partner",
            lang,
            player=label,
            team=translate("term.team", lang, number=seat % 2 + 1),
        )
        for seat, label in enumerate(labels)
    ]


def face_up(markup: str, labels: list[str], lang: str = "en") -> set[int]:
    """The seats whose hands some table diagram in ``markup`` shows face up.

    ``labels`` are the seats as the diagram names them (see ``seat_labels``).
    """
    text = " ".join(descriptions(markup))
    shown = set()
    for seat, label in enumerate(labels):
        opening = translate("svg.desc.seat_tiles", lang, player=label, tiles="").rstrip(".")
        if opening in text:
            shown.add(seat)
    return shown
