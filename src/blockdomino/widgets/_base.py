"""What every widget shares: buttons, the message area, the tile and end choosers, undo.

ipywidgets carries no type information, so its classes are ``Any`` here: subclassing
``VBox`` needs ``# type: ignore[misc]``; everything this module adds is typed.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, Final, Generic, TypeVar

import ipywidgets  # type: ignore[import-untyped]

from blockdomino.engine.chain import Chain, OpenEnd
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.rules import Rules
from blockdomino.engine.tiles import Tile
from blockdomino.words.i18n import check_language, translate
from blockdomino.words.text import side_name

Widget = Any
"""An ipywidgets widget (ipywidgets has no type information)."""

CHECK: Final = "✓"
"""Marks a tile that fits and an end the chosen tile fits, beside the colour."""

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


def paragraphs(texts: Iterable[str]) -> str:
    """Texts as HTML paragraphs, escaped."""
    return "".join(f"<p>{html.escape(text)}</p>" for text in texts)


def numbered(items: Sequence[str]) -> str:
    """Items as an HTML numbered list, escaped (nothing for no items)."""
    listed = "".join(f"<li>{html.escape(item)}</li>" for item in items)
    return f"<ol>{listed}</ol>" if items else ""


def steps(lead: str, items: Sequence[str]) -> str:
    """A paragraph followed by numbered steps, as a teacher walks through them."""
    return paragraphs([lead]) + numbered(items)


def heading_html(text: str) -> str:
    """A small heading, escaped: level 3, below the chapter's sections (level 2), so a
    screen reader's outline skips no level."""
    return f"<h3>{html.escape(text)}</h3>"


def heading(text: str) -> Widget:
    """A small heading above a widget's board."""
    return ipywidgets.HTML(heading_html(text))


def row(*widgets: Widget) -> Widget:
    """Widgets side by side, in tab order."""
    return ipywidgets.HBox(list(widgets))


_PRESET_KEYS: Final = {
    "match": "term.preset.match",
    "block": "term.preset.block",
    "partnership": "term.preset.partnership",
    "draw": "term.preset.draw",
}


def preset_name(rules: Rules, lang: str) -> str:
    """The name of the rules' preset: "Block-ottelu", "Lagspel", "Block, single hand"."""
    return translate(_PRESET_KEYS[rules.name], lang)


def tiles_text(tiles: Iterable[Tile]) -> str:
    """Tiles written one after another for a ``repr``: ``[1|4] [1|1]``, or ``-`` for none."""
    return " ".join(str(tile) for tile in tiles) or "-"


class Chooser:
    """The hand's tiles and the chain's open ends as buttons: choose a tile, then an end.

    A tile that fits is marked ✓ and coloured; the chosen tile says so in its label.
    After a tile is chosen, the ends it fits are marked ✓; the others stay pressable so
    that a learner trying one hears why it does not fit.
    """

    def __init__(
        self,
        lang: str,
        on_tile: Callable[[Tile], None],
        on_end: Callable[[OpenEnd], None],
    ) -> None:
        self.lang = lang
        self._on_tile = on_tile
        self._buttons: dict[Tile, Widget] = {}
        self._ends: tuple[OpenEnd, ...] = ()
        self._on_end = on_end
        self._end_buttons = tuple(
            button("", "", functools.partial(self._end_pressed, index)) for index in range(2)
        )
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

    def _end_pressed(self, index: int) -> None:
        self._on_end(self._ends[index])

    def _tile_button(self, tile: Tile) -> Widget:
        if tile not in self._buttons:
            self._buttons[tile] = button(str(tile), "", lambda: self._on_tile(tile))
        return self._buttons[tile]

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
        buttons = [self._tile_button(tile) for tile in hand]
        for tile, widget in zip(hand, buttons, strict=True):
            self._mark_tile(widget, tile, chain, tile in playable, tile is selected)
            widget.disabled = not enabled
        self.tiles_box.children = buttons
        self._ends = chain.open_ends
        labels = self._end_labels(self._ends)
        fitting = () if selected is None else chain.ends_for(selected)
        for end, label, widget in zip(self._ends, labels, self._end_buttons, strict=False):
            self._mark_end(widget, end, label, selected, end in fitting)
            widget.disabled = not enabled or selected is None
        self.ends_box.children = self._end_buttons[: len(self._ends)]

    def _mark_tile(
        self, widget: Widget, tile: Tile, chain: Chain, fits: bool, chosen: bool
    ) -> None:
        words = [str(tile)]
        if fits:
            words.append(CHECK)
        if chosen:
            words.append(translate("widgets.tile.chosen_mark", self.lang))
        if not chain.tiles:
            key = "widgets.tile.opens" if fits else "widgets.tile.cannot_open"
        else:
            key = "widgets.tile.fits" if fits else "widgets.tile.no_fit"
        relabel(widget, " ".join(words), translate(key, self.lang, tile=tile))
        widget.icon = "check" if fits else ""
        highlight(widget, "chosen" if chosen else "fits" if fits else None)

    def _end_labels(self, ends: Sequence[OpenEnd]) -> list[str]:
        """Labels such as "linja B (1)"; when two would read alike, each names its tile too."""
        labels = [
            translate(
                "widgets.end.label", self.lang, side=side_name(end.side, self.lang), pips=end.pips
            )
            for end in ends
        ]
        if len(set(labels)) == len(labels):
            return labels
        return [
            translate(
                "widgets.end.label_tile",
                self.lang,
                tile=end.tile,
                side=side_name(end.side, self.lang),
                pips=end.pips,
            )
            for end in ends
        ]

    def _mark_end(
        self, widget: Widget, end: OpenEnd, label: str, selected: Tile | None, fits: bool
    ) -> None:
        if selected is None:
            relabel(widget, label, translate("widgets.end.choose_tile_first", self.lang))
        elif fits:
            tooltip = translate("widgets.end.fits", self.lang, tile=selected, pips=end.pips)
            relabel(widget, f"{label} {CHECK}", tooltip)
        else:
            tooltip = translate("widgets.end.no_fit", self.lang, tile=selected, pips=end.pips)
            relabel(widget, label, tooltip)
        widget.icon = "check" if fits else ""
        highlight(widget, "fits" if fits else None)


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
