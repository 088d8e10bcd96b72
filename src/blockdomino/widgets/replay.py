"""Step through a round, a match or a worked example, forwards and back, for a class.

The teacher moves with First, Back, Forward and Last, or types the step number; each
step shows the table after that event, what the seat could have played and what it
did, and says it in words. The steps are ``blockdomino.play.replay``'s controller; this
widget shows its view model.
"""

from __future__ import annotations

from blockdomino.engine.rules import Rules
from blockdomino.play.replay import BUTTONS, ReplayController
from blockdomino.play.walkthrough import Frame, Source
from blockdomino.widgets._base import View, Widget, row


class Replay(View[ReplayController]):
    """A replay of ``source`` (a seed, a record, a ``Round`` or ``Match``, a worked example).

    ``reveal=True`` shows every hand face up (for a teacher), ``large=True`` the
    projector size. ``rules`` deals a seed's round (default: the two-player match).
    """

    def __init__(
        self,
        source: Source,
        *,
        reveal: bool = False,
        lang: str,
        large: bool = False,
        rules: Rules | None = None,
    ) -> None:
        controller = ReplayController(source, reveal=reveal, lang=lang, large=large, rules=rules)
        super().__init__(controller, "view")
        self.large, self.frames = large, controller.frames
        self.view = self.areas["view"]
        # The controller's step field, a labelled number field rather than a slider: a
        # slider's handle carries no accessible name in ipywidgets 8, a field's label does.
        self.slider: Widget = self.fields["step"]
        self.first_button, self.back_button, self.forward_button, self.last_button = (
            self.buttons[name] for name in BUTTONS
        )
        controls = (self.first_button, self.back_button, self.forward_button, self.last_button)
        self.children = [row(*controls, self.slider), self.view]

    @property
    def step(self) -> int:
        """The step shown, from 0 (the deal, or the first tile of an example)."""
        return self.controller.step

    @property
    def frame(self) -> Frame:
        """What the step shown says and draws."""
        return self.frames[self.step]

    def go(self, step: int) -> None:
        """Show ``step`` (kept within the first and the last)."""
        self.act(f"go:{step}")

    def __repr__(self) -> str:
        return f"Replay(step={self.step}/{len(self.frames) - 1}, lang={self.lang!r})"
