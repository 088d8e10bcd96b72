"""Practice without end on screen: a topic and a level, an item, its feedback at once,
and the mastery bar. What a click does is ``blockdomino.play.practice``; this widget
shows its view model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from blockdomino.play.practice import PracticeController
from blockdomino.play.view_model import ViewModel
from blockdomino.practice import Item, Mastery
from blockdomino.widgets._base import View, Widget, row


class Practice(View[PracticeController]):
    """Endless exercises of a topic (``blockdomino.practice.TOPICS``) at a level.

    Choose an answer and hear at once whether it is right, what mistake a wrong one
    stands for, and why. Five right in a row move you to the next level. ``keep(path)``
    keeps the progress in a file beside the notebook; ``progress`` gives it as JSON-able
    values, which ``Practice(progress=...)`` takes back.
    """

    def __init__(
        self,
        *,
        lang: str,
        topic: str | None = None,
        seed: int | None = None,
        progress: dict[str, Any] | None = None,
    ) -> None:
        self.choices_box: Widget = ipywidgets.VBox()
        controller = PracticeController(lang=lang, topic=topic, seed=seed, progress=progress)
        super().__init__(controller, "mastery", "question", "hands", "feedback")
        wrapped = ipywidgets.Layout(flex_flow="row wrap")
        self.next_button = self.buttons["next"]
        self.children = [
            ipywidgets.HBox(self.group("topics"), layout=wrapped),
            row(*self.group("levels")),
            self.areas["mastery"],
            self.areas["question"],
            self.board,
            self.areas["hands"],
            self.choices_box,
            self.areas["feedback"],
            self.next_button,
        ]

    def show(self, view: ViewModel) -> None:
        """Show a view model; the answers are those of the item shown."""
        super().show(view)
        self.choices_box.children = [self.buttons[model.id] for model in view.group("choices")]

    def __repr__(self) -> str:
        item = self.item
        return f"Practice(topic={item.topic!r}, level={item.level}, lang={self.lang!r})"

    @property
    def item(self) -> Item:
        """The exercise shown."""
        return self.controller.state.item

    @property
    def mastery(self) -> Mastery:
        """The level and the right answers in a row in the topic shown."""
        return self.controller.state.progress.mastery()

    @property
    def choice_buttons(self) -> tuple[Widget, ...]:
        """One button per answer of the item shown."""
        return tuple(self.choices_box.children)

    @property
    def progress(self) -> dict[str, Any]:
        """The learner's progress as JSON-able values (to keep in a browser's storage)."""
        return self.controller.progress

    def choose(self, index: int) -> None:
        """Answer with the choice at ``index`` (from 0)."""
        self.act(f"choice:{index}")

    def next_item(self) -> None:
        """On to a new exercise."""
        self.act("next")

    def keep(self, path: str | Path) -> None:
        """Keep the progress at ``path``, rewritten after every answer; progress found
        there is resumed. A file that holds no readable progress is moved aside."""
        self.act(f"keep:{path}")
