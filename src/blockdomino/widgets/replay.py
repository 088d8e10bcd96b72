"""Step through a round, a match or a worked example, forwards and back, for a class.

The teacher moves with First, Back, Forward and Last, or types the step number; each step shows
the table after that event, what the seat could have played and what it did, and
says it in words (see ``blockdomino.play.walkthrough``).
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets  # type: ignore[import-untyped]

from blockdomino.engine.rules import Rules
from blockdomino.play.walkthrough import Frame, Source, frame_html, frames
from blockdomino.widgets._base import Widget, button, row
from blockdomino.words.i18n import check_language, translate


class Replay(ipywidgets.VBox):  # type: ignore[misc]
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
        super().__init__()
        self.lang = check_language(lang)
        self.large = large
        self.frames: tuple[Frame, ...] = tuple(
            frames(source, reveal=reveal, lang=lang, rules=rules)
        )
        self.view: Widget = ipywidgets.HTML()
        # A labelled number field rather than a slider: a slider's handle carries no
        # accessible name in ipywidgets 8, a number field's label is tied to it.
        self.slider: Widget = ipywidgets.BoundedIntText(
            value=0,
            min=0,
            max=len(self.frames) - 1,
            description=translate("replay.slider", self.lang),
        )
        self.slider.observe(lambda _: self._show(), names="value")
        self.first_button = self._button(
            "replay.button.first", "replay.button.first.tooltip", lambda: self.go(0)
        )
        self.back_button = self._button(
            "replay.button.back", "replay.button.back.tooltip", lambda: self.go(self.step - 1)
        )
        self.forward_button = self._button(
            "replay.button.forward",
            "replay.button.forward.tooltip",
            lambda: self.go(self.step + 1),
        )
        self.last_button = self._button(
            "replay.button.last",
            "replay.button.last.tooltip",
            lambda: self.go(len(self.frames) - 1),
        )
        controls = (self.first_button, self.back_button, self.forward_button, self.last_button)
        self.children = [row(*controls, self.slider), self.view]
        self._show()

    def _button(self, key: str, tooltip: str, on_click: Callable[[], None]) -> Widget:
        return button(translate(key, self.lang), translate(tooltip, self.lang), on_click)

    @property
    def step(self) -> int:
        """The step shown, from 0 (the deal, or the first tile of an example)."""
        return int(self.slider.value)

    @property
    def frame(self) -> Frame:
        """What the step shown says and draws."""
        return self.frames[self.step]

    def go(self, step: int) -> None:
        """Show ``step`` (kept within the first and the last)."""
        self.slider.value = max(0, min(step, len(self.frames) - 1))

    def _show(self) -> None:
        self.view.value = frame_html(self.frame, large=self.large)
        last = len(self.frames) - 1
        self.first_button.disabled = self.back_button.disabled = self.step == 0
        self.forward_button.disabled = self.last_button.disabled = self.step == last

    def __repr__(self) -> str:
        return f"Replay(step={self.step}/{len(self.frames) - 1}, lang={self.lang!r})"
