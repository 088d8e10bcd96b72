"""What a screen shows, as plain values: the view model every controller returns.

A controller of ``blockdomino.play`` takes an action (a short string such as ``"pass"``,
``"tile:[1|4]"`` or ``"end:0"``, JSON as it is) and answers with a :class:`ViewModel`:
the diagram as SVG text, the texts to show (HTML, escaped), the buttons with their
labels, tooltips and state, one sentence for a screen reader, and the refusal with its
reason when the rules refused the action. Everything in it is already worded in the
learner's language; a view (an ipywidgets widget, a page in a browser) only shows it
and sends back the id of the button pressed.
"""

from __future__ import annotations

import html
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final, Generic, Literal, TypeVar

from blockdomino.engine.chain import OpenEnd
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.rules import Rules
from blockdomino.engine.tiles import Tile
from blockdomino.words.errors import explain
from blockdomino.words.i18n import Lang, translate

Action = str
"""An action sent to a controller: a button's id (``"pass"``, ``"tile:[1|4]"``), or a
name and its argument after a colon (``"keep:game.json"``)."""

Highlight = Literal["fits", "chosen"] | None
"""How a button is coloured: as fitting, as chosen, or plain."""

CHECK: Final = "✓"
"""Marks a tile that fits and an end the chosen tile fits, beside the colour."""


def parse(action: Action) -> tuple[str, str]:
    """An action's name and its argument (``""`` when it has none)."""
    name, _, argument = action.partition(":")
    return name, argument


@dataclass(frozen=True, slots=True)
class Button:
    """One button: its id (the action it sends), its words, and its state.

    ``group`` says where it stands (``"tiles"``, ``"ends"``, ``"actions"``, …); a
    hidden button (``visible=False``) stays in its group but is not shown. ``spoken``
    is what a screen reader says for it when that differs from its label (a tile named
    in words: "five–six, fits"), or empty. A label that says a tile in words ("five–six
    ✓", "B: one–four") has ``tile``, that tile (``"[5|6]"``), ``before`` the words
    before it ("B:") and ``beside`` the rest of the label ("✓"), so that a browser may
    draw the tile's picture instead of its words; all three are empty for any other
    button.
    """

    id: Action
    label: str
    tooltip: str
    group: str = "actions"
    enabled: bool = True
    highlight: Highlight = None
    icon: str = ""
    visible: bool = True
    spoken: str = ""
    tile: str = ""
    beside: str = ""
    before: str = ""


def catalog_button(
    key: str,
    tooltip: str,
    lang: str,
    *,
    id: Action,
    enabled: bool = True,
    icon: str = "",
    group: str = "actions",
    visible: bool = True,
) -> Button:
    """A button worded by the catalog message ``key`` and explained by ``tooltip``."""
    words, explained = translate(key, lang), translate(tooltip, lang)
    return Button(id, words, explained, group, enabled, icon=icon, visible=visible)


def choice_buttons(
    group: str,
    lang: str,
    options: Iterable[tuple[Action, str, str]],
    *,
    chosen: Action,
    enabled: bool = True,
) -> tuple[Button, ...]:
    """A row of choices (topics, levels, numbers of rounds), each ``(id, label,
    tooltip)``: the one ``chosen`` coloured as chosen and marked "(chosen)" in its label,
    not by colour alone."""
    mark = translate("widgets.tile.chosen_mark", lang)
    return tuple(
        Button(
            id,
            f"{label} {mark}" if id == chosen else label,
            tooltip,
            group,
            enabled,
            "chosen" if id == chosen else None,
        )
        for id, label, tooltip in options
    )


@dataclass(frozen=True, slots=True)
class Field:
    """A field the learner fills in: a number (``kind="number"``) or an on/off switch
    (``"toggle"``, its label the words on it). Changing it sends ``set:<id>:<value>``."""

    id: str
    label: str
    tooltip: str
    value: int
    kind: Literal["number", "toggle"] = "number"
    enabled: bool = True


@dataclass(frozen=True, slots=True)
class Refusal:
    """An action the rules refused: the catalog key of the reason, and its words."""

    key: str
    reason: str


@dataclass(frozen=True, slots=True)
class ViewModel:
    """Everything a screen shows after an action.

    ``texts`` are the text areas by name (``"message"``, ``"info"``, ``"turns"``, …),
    each HTML with every learner's word escaped. ``selected`` is the tile chosen and
    waiting for an end, which the diagram marks. ``under_way``: a game is under way at a
    table (a new deal would end it, so the page asks first).
    """

    svg: str
    texts: tuple[tuple[str, str], ...] = ()
    buttons: tuple[Button, ...] = ()
    fields: tuple[Field, ...] = ()
    announcement: str = ""
    refusal: Refusal | None = None
    selected: str | None = None
    under_way: bool = False

    def text(self, area: str) -> str:
        """The HTML of a text area (``""`` when the screen has none)."""
        return dict(self.texts).get(area, "")

    def button(self, id: Action) -> Button:
        """The button with this id."""
        return next(button for button in self.buttons if button.id == id)

    def group(self, name: str) -> tuple[Button, ...]:
        """The buttons of a group, in order."""
        return tuple(button for button in self.buttons if button.group == name)

    def to_json(self) -> dict[str, Any]:
        """The view model as JSON-able values, for a view in another process."""
        data = asdict(self)
        data["texts"] = dict(self.texts)
        return data


S = TypeVar("S")


class Controller(ABC, Generic[S]):
    """Actions in, view models out, over one immutable state of type ``S``.

    ``act`` looks the action's name up in ``actions``, each a function from the state
    and the action's argument to the next state. An action the rules refuse leaves the
    state as it was, with the reason said (``refused``) and kept as ``refusal``.
    """

    lang: Lang
    state: S
    refusal: Refusal | None = None
    width: float | None = None
    """The widest its board is drawn (SVG units; ``None``: as wide as a notebook cell):
    the app draws it as wide as a narrow column, so that every tile is a finger's target."""
    actions: Mapping[str, Callable[[S, str], S]]

    def act(self, action: Action) -> ViewModel:
        """Apply ``action``; a refused one changes nothing but says why."""
        name, argument = parse(action)
        self.refusal = None
        try:
            state = self.actions[name](self.state, argument)
        except BlockdominoError as error:
            self.refusal = Refusal(error.key, explain(error, self.lang, spoken=True))
            state = self.refused(self.state, self.refusal.reason)
        self.state = self.settled(state)
        return self.view()

    @abstractmethod
    def view(self) -> ViewModel:
        """What the screen shows now."""

    def end_actions(self) -> tuple[tuple[OpenEnd, Action], ...]:
        """The open ends its board marks, each with the action a tap on the end's marker
        sends: the very action of a button beside the board (none: the ends are only
        shown)."""
        return ()

    def tile_actions(self) -> tuple[tuple[Tile, Action], ...]:
        """The tiles of the pictures beside its board that answer when tapped (a practice
        item's hand), each with the action of the answer's button (none: a tapped tile
        is chosen as its ``tile:`` button chooses it)."""
        return ()

    @abstractmethod
    def refused(self, state: S, reason: str) -> S:
        """``state`` saying ``reason``, why the rules refused the last action."""

    def settled(self, state: S) -> S:
        """The state after an action, once its consequences are drawn (a game kept in a
        file is written there); as it is, unless a controller says otherwise."""
        return state


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


def preset_name(rules: Rules, lang: str) -> str:
    """The name of the rules' preset: "Block-ottelu", "Lagspel", "Block, single hand"."""
    return translate(f"term.preset.{rules.name}", lang)


def heading_html(text: str) -> str:
    """A small heading, escaped: level 3, below the chapter's sections (level 2), so a
    screen reader's outline skips no level."""
    return f"<h3>{html.escape(text)}</h3>"
