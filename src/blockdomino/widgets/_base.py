"""What every widget shares: a view of a controller (``blockdomino.play``) that shows
its view model and sends it the id of every button pressed, and the value of every field
changed.

ipywidgets carries no type information, so its classes are ``Any`` here: subclassing
``VBox`` needs ``# type: ignore[misc]``; everything this module adds is typed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Generic, Protocol, TypeVar

import ipywidgets  # type: ignore[import-untyped]

from blockdomino.engine.tiles import Tile
from blockdomino.play.view_model import Action, Field, ViewModel, heading_html
from blockdomino.play.view_model import Button as ButtonModel
from blockdomino.words.i18n import Lang

Widget = Any
"""An ipywidgets widget (ipywidgets has no type information)."""

HIGHLIGHTS: Final = {"fits": ("#c8e6c9", "#1b5e20"), "chosen": ("#bbdefb", "#0d47a1")}
"""Background and text colour of a tile or end that fits, and of the chosen tile: light
fields with dark text, at least 4.5:1 apart (WCAG AA), where ipywidgets' own "success"
and "info" styles put white text on mid green and blue (under 3.2:1)."""

BUTTON_WIDTH: Final = "148px"
"""The least width of a button: ipywidgets' own, so that tiles and ends line up in even
rows; a longer label ("Resume the saved game", "Fortsätt det sparade spelet") widens
its button instead of being cut short."""


def label_fit() -> Widget:
    """A button's layout: as wide as its label, at least :data:`BUTTON_WIDTH`."""
    return ipywidgets.Layout(width="auto", min_width=BUTTON_WIDTH)


def button(description: str, tooltip: str, on_click: Callable[[], object]) -> Widget:
    """A real, focusable button whose tooltip says what pressing it does, wide enough
    for its whole label."""
    widget = ipywidgets.Button(description=description, tooltip=tooltip, layout=label_fit())
    widget.on_click(lambda _: on_click())
    return widget


def relabel(widget: Widget, description: str, tooltip: str) -> None:
    """Give a button new words (its tooltip tells a screen reader what it does)."""
    widget.description = description
    widget.tooltip = tooltip


def highlight(widget: Widget, kind: str | None) -> None:
    """Colour a button as fitting or chosen (``None``: plain); its label says so too."""
    background, text = HIGHLIGHTS[kind] if kind else (None, None)
    widget.style.button_color = background
    widget.style.text_color = text


def heading(text: str) -> Widget:
    """A small heading above a widget's board."""
    return ipywidgets.HTML(heading_html(text))


def row(*widgets: Widget) -> Widget:
    """Widgets side by side, in tab order."""
    return ipywidgets.HBox(list(widgets))


def tiles_text(tiles: Iterable[Tile]) -> str:
    """Tiles written one after another for a ``repr``: ``[1|4] [1|1]``, or ``-`` for none."""
    return " ".join(str(tile) for tile in tiles) or "-"


class Buttons:
    """Button widgets by their view model's id, made once and set from each view model;
    pressing one sends its id."""

    def __init__(self, send: Callable[[str], object]) -> None:
        self._send = send
        self._widgets: dict[str, Widget] = {}

    def __getitem__(self, id: str) -> Widget:
        if id not in self._widgets:
            self._widgets[id] = button("", "", functools.partial(self._send, id))
        return self._widgets[id]

    def show(self, models: Iterable[ButtonModel]) -> list[Widget]:
        """Set each button from its model; the widgets, in order."""
        return [self.set(model) for model in models]

    def set(self, model: ButtonModel) -> Widget:
        """Set a button's words, state and colour from its model."""
        widget = self[model.id]
        relabel(widget, model.label, model.tooltip)
        widget.disabled = not model.enabled
        widget.icon = model.icon
        highlight(widget, model.highlight)
        return widget


class Fields:
    """Field widgets by their view model's id, made once and set from each view model;
    a change by the learner sends ``set:<id>:<value>``."""

    def __init__(self, send: Callable[[str], object]) -> None:
        self._send = send
        self._widgets: dict[str, Widget] = {}
        self._shown: dict[str, int] = {}

    def __getitem__(self, id: str) -> Widget:
        return self._widgets[id]

    def show(self, models: Iterable[Field]) -> list[Widget]:
        """Set each field from its model; the widgets, in order."""
        return [self._set(model) for model in models]

    def _set(self, model: Field) -> Widget:
        if model.id not in self._widgets:
            self._widgets[model.id] = self._made(model)
        widget = self._widgets[model.id]
        self._shown[model.id] = model.value
        widget.description, widget.tooltip = model.label, model.tooltip
        widget.value = bool(model.value) if model.kind == "toggle" else model.value
        widget.disabled = not model.enabled
        return widget

    def _made(self, model: Field) -> Widget:
        if model.kind == "toggle":
            widget = ipywidgets.ToggleButton(layout=label_fit())
        else:
            widget = ipywidgets.IntText()
        widget.observe(functools.partial(self._changed, model.id), names="value")
        return widget

    def _changed(self, id: str, change: dict[str, Any]) -> None:
        value = int(change["new"])
        if value != self._shown[id]:
            self._send(f"set:{id}:{value}")


def _set_children(box: Widget, children: Sequence[Widget]) -> None:
    """Give ``box`` these children, and only when they differ: a box given its children
    again draws them anew in the page, under a learner's finger."""
    if tuple(box.children) != tuple(children):
        box.children = tuple(children)


class Controlled(Protocol):
    """A controller of ``blockdomino.play``: actions in, view models out."""

    lang: Lang

    def act(self, action: Action) -> ViewModel: ...

    def view(self) -> ViewModel: ...


C = TypeVar("C", bound=Controlled)


class View(ipywidgets.VBox, Generic[C]):  # type: ignore[misc]
    """A widget that shows its controller's view model and sends it every action.

    The board (the view model's SVG), one HTML area per text the view model names, the
    hand's tiles and the chain's ends, every other button and field: each is made once
    and set again from every view model. A subclass lays them out in ``children``.
    """

    def __init__(self, controller: C, *areas: str) -> None:
        super().__init__()
        self.controller = controller
        self.lang = controller.lang
        self.buttons = Buttons(self.act)
        self.fields = Fields(self.act)
        self.board: Widget = ipywidgets.HTML()
        self.areas: dict[str, Widget] = {area: ipywidgets.HTML() for area in areas}
        self.tiles_box: Widget = ipywidgets.HBox(layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.ends_box: Widget = ipywidgets.HBox()
        self.show(controller.view())

    @property
    def message(self) -> Widget:
        """The message area: what the last action said."""
        return self.areas["message"]

    @property
    def tile_buttons(self) -> tuple[Widget, ...]:
        """One button per tile of the hand shown, in hand order."""
        return tuple(self.tiles_box.children)

    @property
    def end_buttons(self) -> tuple[Widget, ...]:
        """One button per open end of the chain, in canonical order."""
        return tuple(self.ends_box.children)

    def act(self, action: str) -> None:
        """Send ``action`` to the controller and show what it answers."""
        self.show(self.controller.act(action))

    def show(self, view: ViewModel) -> None:
        """Show a view model: the board once, every text, button and field."""
        self.shown = view
        self.board.value = view.svg
        for area, text in view.texts:
            self.areas[area].value = text
        _set_children(self.tiles_box, self.buttons.show(view.group("tiles")))
        _set_children(self.ends_box, self.buttons.show(view.group("ends")))
        for model in view.buttons:
            if model.group not in ("tiles", "ends"):
                self.buttons.set(model)
        self.fields.show(view.fields)

    def group(self, name: str) -> list[Widget]:
        """The buttons of a group of the view model shown, in order."""
        return [self.buttons[model.id] for model in self.shown.group(name)]
