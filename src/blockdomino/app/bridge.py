"""The app's Python side: the controllers of ``blockdomino.play`` behind JSON messages.

The app's page never runs Python itself: its Web Worker passes each message to
:func:`handle` and posts the answer back. A message opens a live component from the
spec of a widget cell (``blockdomino.app.specs``), or sends an action (a button's id,
as the widget's button sends it) to a component opened before; the answer is the
controller's view model as JSON, so that a tap does exactly what a click does in the
notebook. Messages, each a JSON object:

- ``{"op": "open", "id": "05-RoundPlayer-1", "spec": {...}, "rules": {...}?, "seed": 7?,
  "names": [...]?, "actions": [...]}`` builds the component's controller, with other
  preset rules when the learner chose them (and a hot seat's own names, one per seat,
  ``"random"`` for the computer), the page's seed where the cell gives none, and
  replays the actions it was sent before (a reload resumes the game); with
  ``"width": 380``, its board is drawn at most that wide (the page's narrow column);
- ``{"op": "act", "id": "05-RoundPlayer-1", "action": "tile:[1|4]"}``; the app's own action
  ``tap:[1|4]`` (a tile tapped on the board) chooses the tile and, when it fits one
  end only, places it there at once: the very ``tile:`` and ``end:`` actions the
  widget's buttons send;
- ``{"op": "verify", "id": "check", "name": ..., "bytes" | "text": ...}`` checks a
  rules leaflet (``blockdomino.app.leaflet``, imported at the first: the chapters
  never need it); the answer is ``{"id": ..., "report": {...}}``.

The answer is ``{"id": ..., "view": {...}}`` or ``{"id": ..., "error": "..."}`` (the
page's console shows it: an error of the game worded in the piece's language, any other
by its type and text). A view also lists the open ends its board marks (``"ends"``: each
end's line and number, and the action a tap on its marker sends: at a table or in an
exercise ``end:<i>``, in a practice item that asks which end a tile goes to the answer
``choice:<i>`` naming that end), so that the page can tell which marker a learner
tapped; and the tiles of the pictures beside the board that answer when tapped
(``"tiles"``: in a practice item that asks which tile, each tile offered and its
answer ``choice:<i>``). A practice's view, once its item is answered, holds the answer as the class
server marks it again (``"result"``: topic, level, seed and choice;
``PracticeController.result``), which the page sends to the teacher.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from blockdomino.app.specs import Spec, decode, read_rules
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.rules import Rules
from blockdomino.play.coach_exercise import CoachController
from blockdomino.play.exercises import MoveController, PassController
from blockdomino.play.lab import LabController
from blockdomino.play.practice import PracticeController
from blockdomino.play.quiz import QuizController
from blockdomino.play.replay import ReplayController
from blockdomino.play.table import TableController
from blockdomino.play.view_model import Action, Controller, ViewModel
from blockdomino.words.errors import explain
from blockdomino.words.i18n import parse_lang

SILENT: Final = frozenset({"hint", "knowledge", "save", "keep", "resume", "keep_both"})
"""Actions not replayed when a component is opened again: they ask, or they concern
files; none changes the game."""


def _hot_seat(match: bool | None) -> Callable[..., Component]:
    """``HotSeat``'s table: a match when the rules are scored, unless told."""

    def table(rules: Rules, *, match: bool | None = match, **options: Any) -> Component:
        scored = rules.scored if match is None else match
        return TableController.hot_seat(rules, match=scored, **options)

    return table


Component = Controller[Any] | ReplayController
"""A live piece's controller."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A live piece a chapter can show: the controller its widget is a view of, built
    from the widget's own arguments; whether it deals afresh each time a cell gives it
    no seed (``dealt_afresh``); whether the learner may choose its rules and deal again
    (``chooser``: the tables), and then whether the chooser names each seat, a person's
    or the computer's (``seats``: a hot seat), and offers only scored presets
    (``scored``: a match against the computer)."""

    controller: Callable[..., Component]
    dealt_afresh: bool = False
    chooser: bool = False
    seats: bool = False
    scored: bool = False

    def choosing(self) -> dict[str, bool]:
        """What the app's chooser asks of this piece (``contents.json``'s ``pieces``)."""
        return {"seats": self.seats, "scored": self.scored}


PIECES: Final[Mapping[str, Piece]] = {
    "RoundPlayer": Piece(
        functools.partial(TableController.against_computer, match=False), chooser=True
    ),
    "MatchPlayer": Piece(
        functools.partial(TableController.against_computer, match=True), chooser=True, scored=True
    ),
    "HotSeat": Piece(_hot_seat(None), dealt_afresh=True, chooser=True, seats=True),
    "HotSeatRound": Piece(_hot_seat(False), dealt_afresh=True),
    "HotSeatMatch": Piece(_hot_seat(True), dealt_afresh=True),
    "Replay": Piece(ReplayController),
    "MoveExercise": Piece(functools.partial(MoveController, title=None)),
    "PassExercise": Piece(PassController),
    "ScoringQuiz": Piece(QuizController),
    "CoachExercise": Piece(functools.partial(CoachController, samples=100, seed=0)),
    "Practice": Piece(PracticeController, dealt_afresh=True),
    "LiveLab": Piece(LabController),
}
"""The one registry of the pieces the app shows live, by widget name: a chapter's cell
whose value is any other widget fails the app's build (``chapters.chapter``)."""


def controller(
    spec: Spec,
    *,
    rules: Mapping[str, Any] | None = None,
    seed: int | None = None,
    names: Sequence[str] | None = None,
) -> Component:
    """The controller of a widget cell's spec; with ``rules``, a table under those
    preset rules instead of the cell's, and a hot seat's ``names`` instead of the cell's
    (the learner's choice in the app). A widget dealt afresh each time (no ``seed`` in
    the cell) is dealt from ``seed``, which the page keeps, so that its actions replay
    the same game."""
    args = [decode(value) for value in spec["args"]]
    kwargs = {name: decode(value) for name, value in spec["kwargs"].items()}
    if names is not None and "names" in kwargs:
        kwargs["names"] = [str(name) for name in names]
    piece = PIECES[spec["widget"]]
    if piece.dealt_afresh and kwargs.get("seed") is None and seed is not None:
        kwargs["seed"] = seed
    if rules is not None:
        args[0] = read_rules(rules)
    return piece.controller(*args, **kwargs)


def view_json(component: Component, view: ViewModel) -> dict[str, Any]:
    """A view model as JSON, with the open ends its board's markers stand for, the tiles
    that answer when tapped, and a practice item's answer (``"result"``) for the class server."""
    data = view.to_json()
    if isinstance(component, Controller):
        data["ends"] = [
            {"side": end.side.value, "pips": end.pips, "action": action}
            for end, action in component.end_actions()
        ]
        data["tiles"] = [
            {"tile": str(tile), "action": action} for tile, action in component.tile_actions()
        ]
    if isinstance(component, PracticeController) and component.result is not None:
        data["result"] = component.result
    return data


def apply(component: Component, action: Action) -> ViewModel:
    """Send ``action`` to ``component``, a tap on the board as the buttons' actions."""
    name, tile = action.partition(":")[::2]
    if name != "tap":
        return component.act(action)
    view = component.act(f"tile:{tile}")
    fitting = [button.id for button in view.group("ends") if button.highlight == "fits"]
    if view.selected is not None and len(fitting) == 1:
        view = component.act(fitting[0])
    return view


class Bridge:
    """The components of the chapter open in the page, by id."""

    def __init__(self) -> None:
        self.components: dict[str, Component] = {}

    def open(
        self,
        id: str,
        spec: Spec,
        *,
        rules: Mapping[str, Any] | None = None,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        actions: Sequence[Action] = (),
        width: float | None = None,
    ) -> dict[str, Any]:
        """Open a component and replay ``actions``; its view, its board drawn at most
        ``width`` wide."""
        component = controller(spec, rules=rules, seed=seed, names=names)
        if isinstance(component, Controller):
            component.width = width
        for action in actions:
            if action.partition(":")[0] not in SILENT:
                apply(component, action)
        self.components[id] = component
        return view_json(component, component.view())

    def act(self, id: str, action: Action) -> dict[str, Any]:
        """Send ``action`` to the component ``id``; its new view."""
        component = self.components[id]
        return view_json(component, apply(component, action))


BRIDGE: Final = Bridge()
"""The worker's one bridge."""


def _language(data: Mapping[str, Any]) -> str:
    """The language of the piece a message concerns: the one its spec or its component
    was given; English when the message names none."""
    component = BRIDGE.components.get(str(data.get("id")))
    spec = data.get("spec")
    chosen = getattr(component, "lang", None)
    if isinstance(spec, dict) and isinstance(spec.get("kwargs"), dict):
        chosen = spec["kwargs"].get("lang", chosen)
    return parse_lang(chosen, default="en")


def error_text(error: Exception, lang: str) -> str:
    """What the answer says of an error: its type, then an error of the game worded in
    ``lang`` (``explain``), any other by its own text."""
    said = explain(error, lang) if isinstance(error, BlockdominoError) else str(error)
    return f"{type(error).__name__}: {said}"


def handle(message: str) -> str:
    """Answer one message of the page (see the module's docstring), as JSON text."""
    data = json.loads(message)
    id = data["id"]
    try:
        if data["op"] == "verify":
            from blockdomino.app import leaflet

            return json.dumps({"id": id, "report": leaflet.answer(data)})
        if data["op"] == "open":
            view = BRIDGE.open(
                id,
                data["spec"],
                rules=data.get("rules"),
                seed=data.get("seed"),
                names=data.get("names"),
                actions=data.get("actions", ()),
                width=data.get("width"),
            )
        else:
            view = BRIDGE.act(id, data["action"])
    except Exception as error:  # the page says the table broke; Python stays up
        return json.dumps({"id": id, "error": error_text(error, _language(data))})
    return json.dumps({"id": id, "view": view})
