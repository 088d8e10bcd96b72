"""A replay as a controller: step through a round, a match or a worked example.

Actions: ``first``, ``back``, ``forward``, ``last`` and ``go:<n>`` or the step field's
``set:step:<n>`` (a step number, kept within the first and the last). Each step's view
model holds the frame as HTML (its heading, diagrams and sentences,
``walkthrough.frame_html``), its first diagram as the SVG, its sentences as the
announcement, the four buttons, those that lead nowhere disabled, and the step field.
"""

from __future__ import annotations

from blockdomino.engine.rules import Rules
from blockdomino.play.view_model import Action, Button, Field, ViewModel, parse
from blockdomino.play.walkthrough import Frame, Source, frame_html, frames
from blockdomino.words.i18n import parse_lang, translate

BUTTONS = ("first", "back", "forward", "last")
"""The replay's buttons, in the order they stand."""


class ReplayController:
    """The steps of ``source`` (see ``walkthrough.Source``) and the step shown."""

    def __init__(
        self,
        source: Source,
        *,
        reveal: bool = False,
        lang: str,
        large: bool = False,
        rules: Rules | None = None,
    ) -> None:
        self.lang = parse_lang(lang)
        self.large = large
        self.frames: tuple[Frame, ...] = tuple(
            frames(source, reveal=reveal, lang=lang, rules=rules)
        )
        self.step = 0

    @property
    def last(self) -> int:
        """The number of the last step."""
        return len(self.frames) - 1

    def act(self, action: Action) -> ViewModel:
        """Go to the step the action names."""
        name, argument = parse(action)
        if name == "set":  # the step field: ``set:step:<n>``
            name, argument = "go", argument.partition(":")[2]
        target = {
            "first": 0,
            "back": self.step - 1,
            "forward": self.step + 1,
            "last": self.last,
            "go": int(argument or 0),
        }[name]
        self.step = max(0, min(target, self.last))
        return self.view()

    def view(self) -> ViewModel:
        """The step shown."""
        frame = self.frames[self.step]
        at_start, at_end = self.step == 0, self.step == self.last
        enabled = {"first": not at_start, "back": not at_start}
        enabled |= {"forward": not at_end, "last": not at_end}
        buttons = tuple(
            Button(
                name,
                translate(f"replay.button.{name}", self.lang),
                translate(f"replay.button.{name}.tooltip", self.lang),
                enabled=enabled[name],
            )
            for name in BUTTONS
        )
        return ViewModel(
            svg=str(frame.figures[0]) if frame.figures else "",
            texts=(("view", frame_html(frame, large=self.large)),),
            buttons=buttons,
            announcement=" ".join(frame.lines),
            fields=(
                Field(
                    "step",
                    translate("replay.slider", self.lang),
                    translate("replay.slider.tooltip", self.lang, last=self.last),
                    self.step,
                ),
            ),
        )
