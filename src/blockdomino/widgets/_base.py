"""What every widget shares: buttons, the message area, the tile and end choosers, undo.

ipywidgets carries no type information, so its classes are ``Any`` here: subclassing
``VBox`` needs ``# type: ignore[misc]``; everything this module adds is typed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, Final, Generic, TypeVar

import ipywidgets  # type: ignore[import-untyped]

from blockdomino.engine.chain import Chain, OpenEnd
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.tiles import Tile
from blockdomino.play.choosing import choice_buttons
from blockdomino.play.view_model import Button as ButtonModel
from blockdomino.play.view_model import heading_html, paragraphs, parse, steps
from blockdomino.words.i18n import check_language, translate

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

S = TypeVar("S")


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


class Chooser:
    """The hand's tiles and the chain's open ends as buttons (``play.choosing`` words
    them): choose a tile, then an end."""

    def __init__(
        self,
        lang: str,
        on_tile: Callable[[Tile], None],
        on_end: Callable[[OpenEnd], None],
    ) -> None:
        self.lang = lang
        self._on_tile, self._on_end = on_tile, on_end
        self._ends: tuple[OpenEnd, ...] = ()
        self.buttons = Buttons(self._pressed)
        self.tiles_box: Widget = ipywidgets.HBox(layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.ends_box: Widget = ipywidgets.HBox()

    @property
    def tile_buttons(self) -> tuple[Widget, ...]:
        """The tile buttons shown, in the order of the hand."""
        return tuple(self.tiles_box.children)

    @property
    def end_buttons(self) -> tuple[Widget, ...]:
        """The end buttons shown, in the canonical order of the open ends."""
        return tuple(self.ends_box.children)

    def _pressed(self, action: str) -> None:
        name, argument = parse(action)
        if name == "tile":
            self._on_tile(Tile.parse(argument))
        else:
            self._on_end(self._ends[int(argument)])

    def show(
        self,
        chain: Chain,
        hand: Sequence[Tile],
        *,
        playable: Collection[Tile],
        selected: Tile | None,
        enabled: bool,
    ) -> None:
        """Show ``hand`` against ``chain``: which tiles fit, the chosen one, its ends."""
        models = choice_buttons(
            chain, hand, playable=playable, selected=selected, enabled=enabled, lang=self.lang
        )
        self._ends = chain.open_ends
        self.tiles_box.children = self.buttons.show(
            model for model in models if model.group == "tiles"
        )
        self.ends_box.children = self.buttons.show(
            model for model in models if model.group == "ends"
        )


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


class Panel(ipywidgets.VBox, Generic[S]):  # type: ignore[misc]
    """A widget over a stack of immutable states: each action pushes the next state.

    The board (an SVG diagram in an ``HTML``) and the message area are replaced in
    place. ``undo`` drops the newest state; a refused action pushes nothing and says why.
    """

    def __init__(self, first: S, *, lang: str) -> None:
        super().__init__()
        self.lang = check_language(lang)
        self._states: tuple[S, ...] = (first,)
        self._selected: Tile | None = None
        self.board: Widget = ipywidgets.HTML()
        self.message: Widget = ipywidgets.HTML()
        self.chooser = Chooser(self.lang, self._choose_tile, self._choose_end)
        self.undo_button = button(
            translate("widgets.button.undo", self.lang),
            translate("widgets.button.undo.tooltip", self.lang),
            self.undo,
        )
        self.undo_button.icon = "undo"

    # -- state -----------------------------------------------------------------------

    @property
    def state(self) -> S:
        """The current state (an immutable engine value; actions replace it)."""
        return self._states[-1]

    @property
    def selected(self) -> Tile | None:
        """The tile chosen and waiting for an end, if any."""
        return self._selected

    @property
    def tile_buttons(self) -> tuple[Widget, ...]:
        """One button per tile of the hand shown, in hand order."""
        return self.chooser.tile_buttons

    @property
    def end_buttons(self) -> tuple[Widget, ...]:
        """One button per open end of the chain, in canonical order."""
        return self.chooser.end_buttons

    def _push(self, state: S) -> None:
        self._states = (*self._states, state)
        self._selected = None

    def _reset(self, first: S) -> None:
        self._states = (first,)
        self._selected = None

    def undo(self) -> None:
        """Take back the last action (nothing happens at the start)."""
        if len(self._states) > 1:
            self._states = self._states[:-1]
            self._selected = None
            self.say(translate("widgets.undone", self.lang))
        self._refresh()

    # -- messages --------------------------------------------------------------------

    def say(self, *texts: str) -> None:
        """Replace the message with these paragraphs."""
        self.message.value = paragraphs(texts)

    def say_steps(self, lead: str, items: Sequence[str]) -> None:
        """Replace the message with a paragraph and numbered steps."""
        self.message.value = steps(lead, items)

    def refuse(self, error: BlockdominoError) -> None:
        """Say why the rules refuse an action; the state stays as it was."""
        self.say(error.message(self.lang))

    def attempt(self, action: Callable[[S], S]) -> bool:
        """Apply an engine action to the state; refused, report it and change nothing."""
        try:
            state = action(self.state)
        except BlockdominoError as error:
            self.refuse(error)
            self._refresh()
            return False
        self._push(state)
        return True

    # -- choosing a tile and an end ----------------------------------------------------

    def _chain(self) -> Chain:
        """The chain tiles are being placed on."""
        raise NotImplementedError

    def _place(self, tile: Tile, end: OpenEnd | None) -> None:
        """Place ``tile`` at ``end`` (``None``: where it alone fits, or to open)."""
        raise NotImplementedError

    def _refresh(self) -> None:
        """Redraw the board and set every button from the state."""
        raise NotImplementedError

    def _choose_tile(self, tile: Tile) -> None:
        chain = self._chain()
        if chain.tiles and chain.ends_for(tile):
            self._selected = tile
            self.say(translate("widgets.tile.chosen", self.lang, tile=tile))
            self._refresh()
        else:
            self._place(tile, None)

    def _choose_end(self, end: OpenEnd) -> None:
        if self._selected is not None:
            self._place(self._selected, end)
