"""The app's bridge: the same controllers as the widgets, through JSON messages."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from blockdomino import PRESETS, Rules, RulesError
from blockdomino.app import bridge
from blockdomino.app.specs import Recorded, Spec
from blockdomino.engine.round import Round
from blockdomino.play.practice import PracticeController
from blockdomino.play.table import TableController
from blockdomino.widgets import HotSeat, RoundPlayer
from blockdomino.words import explain


def _spec(widget: str, *args: Any, **kwargs: Any) -> Spec:
    return Recorded(widget, args, kwargs).spec()


def _send(**message: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(bridge.handle(json.dumps(message)))
    assert "error" not in answer, answer
    view: dict[str, Any] = answer["view"]
    return view


def _position(id: str) -> Round:
    component = bridge.BRIDGE.components[id]
    assert isinstance(component, TableController)
    return component.state.position


def _next_action(view: dict[str, Any]) -> str | None:
    """What a learner would do next: a fitting end, a fitting tile, draw or pass."""
    enabled = [button for button in view["buttons"] if button["enabled"]]
    for group in ("ends", "tiles"):
        for button in enabled:
            if button["group"] == group and button["highlight"] == "fits":
                return str(button["id"])
    for button in enabled:
        if button["id"] in ("show_hand", "draw", "pass"):
            return str(button["id"])
    return None


@pytest.mark.parametrize(
    ("rules", "seed"),
    [(Rules.preset("block", 3), 1), (Rules.preset("draw", 2), 2), (Rules.preset("match", 4), 7)],
)
def test_a_seeded_round_gives_the_same_events_through_the_widget_and_the_app(
    rules: Rules, seed: int
) -> None:
    """Every click on the widget's buttons and the same action as an app message give
    the same events and the same view model, move by move, to the end of the round."""
    widget = RoundPlayer(rules, seed=seed, lang="fi", coach=True)
    spec = _spec("RoundPlayer", rules, seed=seed, lang="fi", coach=True)
    view = _send(op="open", id="same", spec=spec)
    actions = 0
    while (action := _next_action(view)) is not None:
        widget.buttons[action].click()
        view = _send(op="act", id="same", action=action)
        assert _position("same").history == widget.position.history
        shown = json.loads(json.dumps(widget.controller.view().to_json()))
        assert shown == {key: view[key] for key in view if key not in ("ends", "tiles")}
        actions += 1
    assert widget.position.is_over
    assert _position("same").is_over
    assert actions >= 2


def test_a_hot_seat_hands_over_the_same_way() -> None:
    """The hot seat's hand-over screen, then the hand, as in the widget."""
    rules = Rules.preset("block", 3)
    names = ["Aino", "Eino", "random"]
    widget = HotSeat(rules, names=names, seed=8, lang="sv")
    view = _send(op="open", id="hot", spec=_spec("HotSeat", rules, names=names, seed=8, lang="sv"))
    for _ in range(12):
        action = _next_action(view)
        if action is None:
            break
        widget.buttons[action].click()
        view = _send(op="act", id="hot", action=action)
        assert _position("hot").history == widget.position.history
        assert view["texts"] == widget.controller.view().to_json()["texts"]


def test_a_tapped_tile_that_fits_one_end_goes_there_at_once() -> None:
    """A tap on the board chooses the tile and, fitting one end only, places it."""
    rules = Rules.preset("block", 3)
    view = _send(op="open", id="tap", spec=_spec("RoundPlayer", rules, seed=1, lang="en"))
    tile = next(b["id"] for b in view["buttons"] if b["highlight"] == "fits")
    before = len(_position("tap").history)
    view = _send(op="act", id="tap", action=tile.replace("tile:", "tap:"))
    assert view["selected"] is None
    assert len(_position("tap").history) > before


def _drawn_width(svg: str) -> float:
    return float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))  # type: ignore[union-attr]


def test_a_table_opened_for_a_phone_is_drawn_as_narrow_as_its_column() -> None:
    """Opened with the width of a phone's column, a table is drawn no wider, its chain
    snaking, move after move; opened without, as wide as a notebook cell, as before."""
    rules = Rules.preset("block", 4)
    spec = _spec("RoundPlayer", rules, seed=5, lang="fi")
    narrow = _send(op="open", id="phone", spec=spec, width=350)
    wide = _send(op="open", id="cell", spec=spec)
    for _ in range(12):
        action = _next_action(narrow)
        if action is None:
            break
        narrow = _send(op="act", id="phone", action=action)
        wide = _send(op="act", id="cell", action=action)
        assert _drawn_width(narrow["svg"]) <= 350
    assert _drawn_width(wide["svg"]) > 350


def test_an_exercise_opened_for_a_phone_is_drawn_as_narrow_as_its_column() -> None:
    """An exercise's board is drawn no wider than the column it is opened for, tile after
    tile, its chain snaking; opened without a width, its chain grows wider, as before."""
    spec = _spec("MoveExercise", "[1|4]", "[1|1] [4|4] [3|4] [1|5] [5|5] [3|3]", lang="en")
    narrow = _send(op="open", id="move-phone", spec=spec, width=337)
    wide = _send(op="open", id="move-cell", spec=spec)
    for _ in range(6):
        tiles = [b["id"] for b in narrow["buttons"] if b["group"] == "tiles" and b["enabled"]]
        if not tiles:
            break
        action = tiles[0].replace("tile:", "tap:")
        narrow = _send(op="act", id="move-phone", action=action)
        wide = _send(op="act", id="move-cell", action=action)
        assert _drawn_width(narrow["svg"]) <= 337
    assert _drawn_width(wide["svg"]) > 337


def test_a_component_opened_again_with_its_actions_resumes_the_game() -> None:
    """A reload sends the actions done so far: the same position comes back, and a
    hint asked for on the way is not asked again."""
    rules = Rules.preset("match", 2)
    spec = _spec("MatchPlayer", rules, seed=1, lang="sv", coach=True)
    view = _send(op="open", id="first", spec=spec)
    done = []
    for _ in range(3):
        action = _next_action(view)
        assert action is not None
        done += [action, "hint"] if not done else [action]
        view = _send(op="act", id="first", action=action)
    again = _send(op="open", id="again", spec=spec, actions=done)
    assert _position("again").history == _position("first").history
    assert again["svg"] == view["svg"]


def test_a_table_may_be_dealt_again_under_other_rules() -> None:
    """The app's chooser: the cell's table, under the preset and player count chosen."""
    spec = _spec("RoundPlayer", Rules.preset("block", 3), seed=1, lang="fi")
    chosen = {"preset": "partnership", "players": 4, "target": None}
    _send(op="open", id="chosen", spec=spec, rules=chosen)
    assert _position("chosen").rules == Rules.preset("partnership", 4)


def test_a_replay_steps_as_the_widget_does() -> None:
    """The replay's buttons, step by step."""
    spec = _spec("Replay", 5, lang="en", rules=Rules.preset("block", 3), large=True)
    first = _send(op="open", id="replay", spec=spec)
    assert not first["buttons"][0]["enabled"]
    later = _send(op="act", id="replay", action="forward")
    assert later["texts"]["view"] != first["texts"]["view"]
    assert later["buttons"][0]["enabled"]


def test_a_broken_message_is_answered_with_the_reason() -> None:
    """An action on a component never opened answers an error; Python stays up."""
    answer = json.loads(bridge.handle(json.dumps({"op": "act", "id": "none", "action": "x"})))
    assert answer["id"] == "none"
    assert "KeyError" in answer["error"]


def test_an_error_of_the_game_is_worded_in_the_pieces_language() -> None:
    """Rules the app cannot play are refused in the language of the cell's widget."""
    spec = _spec("RoundPlayer", Rules.preset("block", 2), seed=1, lang="fi")
    message = {"op": "open", "id": "bad-rules", "spec": spec}
    message["rules"] = {"preset": "chess", "players": 2}
    answer = json.loads(bridge.handle(json.dumps(message)))
    refused = RulesError("error.rules.unknown_preset", name="chess", known=PRESETS)
    assert answer["error"] == f"RulesError: {explain(refused, 'fi')}"
    assert answer["error"] != bridge.error_text(refused, "en")


def test_a_piece_dealt_afresh_takes_the_page_seed_and_an_exercise_none() -> None:
    """Practice without a seed is dealt from the seed the page keeps (the same questions
    after a reload); an exercise, which deals nothing, takes none."""
    spec = _spec("Practice", lang="en")
    first = _send(op="open", id="practice", spec=spec, seed=5)
    again = _send(op="open", id="practice-again", spec=spec, seed=5)
    assert first["texts"] == again["texts"]
    _send(
        op="open", id="move", spec=_spec("MoveExercise", "[1|4]", "[4|6] [0|0]", lang="en"), seed=5
    )


def test_a_hand_made_position_travels_as_engine_values_only() -> None:
    """A position set up by hand mid-round crosses to the worker and back unchanged; a
    pickle naming anything but the engine's values is refused, never run."""
    import base64
    import os
    import pickle

    from blockdomino import Rules, Tile
    from blockdomino.app.specs import SpecError, decode, encode

    start = Round.from_hands(
        Rules.preset("match", 2), ["[3|5] [5|6] [2|6] [0|1]", "[3|3] [2|4] [0|5] [4|4]"]
    )
    later = start.play(Tile.parse("[3|5]"))
    written = encode(later)
    assert "$position" in written
    assert decode(written) == later

    class Harmful:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (os.system, ("true",))

    hostile = {"$position": base64.b64encode(pickle.dumps(Harmful())).decode("ascii")}
    with pytest.raises(SpecError):
        decode(hostile)


def test_a_hot_seat_is_dealt_for_the_names_the_pupils_typed() -> None:
    """The app's hot seat takes the seats the pupils chose: their own names (escaped
    wherever shown), a computer seat as ``"random"``, and as many seats as the rules."""
    spec = _spec("HotSeat", Rules.preset("block", 3), names=["Aino", "Eino", "random"], lang="en")
    names = ["Mia", "random", "<b>Leo</b>"]
    view = _send(
        op="open",
        id="hot-names",
        spec=spec,
        rules={"preset": "match", "players": 3, "target": None},
        seed=4,
        names=names,
        actions=[],
    )
    table = bridge.BRIDGE.components["hot-names"]
    assert isinstance(table, TableController)
    assert table.seating.people == (0, 2)
    shown = json.dumps(view)
    assert "Mia" in shown
    assert "&lt;b&gt;Leo&lt;/b&gt;" in shown
    assert "<b>Leo" not in shown


def test_an_answered_practice_item_carries_what_the_class_server_marks_again() -> None:
    """Once a practice item is answered its view holds the result the page sends to the
    teacher: the server makes the item again from it and finds the same answer right or
    wrong; before the answer and after "Next exercise", no result."""
    from blockdomino.lessons.mastery import practice_results

    spec = _spec("Practice", lang="fi")
    view = _send(op="open", id="practice-sent", spec=spec, seed=11)
    assert "result" not in view
    component = bridge.BRIDGE.components["practice-sent"]
    assert isinstance(component, PracticeController)
    item = component.state.item
    for choice, id in ((item.answer_index, "practice-right"), (None, "practice-wrong")):
        wrong = (item.answer_index + 1) % len(item.choices)
        chosen = wrong if choice is None else choice
        _send(op="open", id=id, spec=spec, seed=11)
        result = _send(op="act", id=id, action=f"choice:{chosen}")["result"]
        assert result == {"topic": item.topic, "level": item.level, "seed": item.seed,
                          "choice": chosen}  # fmt: skip
        payload = {"nickname": "Aino", "results": [{"id": "r" * 12, **result}]}
        ((key, answer),) = practice_results(json.loads(json.dumps(payload)), 0.0)
        assert (key, answer.right, answer.topic) == ("r" * 12, choice is not None, item.topic)
    assert "result" not in _send(op="act", id="practice-wrong", action="next")


def test_an_exercises_end_markers_place_the_chosen_tile_as_its_end_buttons_do() -> None:
    """A move exercise's view names each end its board marks with the action of that
    end's button, in the order of the buttons: a tap on a marker places the tile there."""
    spec = _spec("MoveExercise", "[1|4]", "[4|6] [1|1] [1|3] [0|3]", lang="en", title=None)
    view = _send(op="open", id="move-ends", spec=spec)
    ends = [button["id"] for button in view["buttons"] if button["group"] == "ends"]
    assert [end["action"] for end in view["ends"]] == ends == ["end:0", "end:1"]
    assert {(end["side"], end["pips"]) for end in view["ends"]} == {
        ("higher_end", 4),
        ("lower_end", 1),
    }
    _send(op="act", id="move-ends", action="tile:[1|3]")
    placed = _send(op="act", id="move-ends", action=view["ends"][1]["action"])
    assert "one–three" in placed["announcement"]


def test_a_practice_item_that_asks_which_end_is_answered_by_its_end_markers() -> None:
    """Where a practice item asks which end a tile goes to, each end of the chain drawn
    answers with the choice naming the number it shows; the right end is the right
    answer. An item that asks anything else names no end."""
    spec = _spec("Practice", lang="en", topic="matching")
    assert _send(op="open", id="practice-ends", spec=spec, seed=5)["ends"] == []
    view = _send(op="act", id="practice-ends", action="level:2")
    component = bridge.BRIDGE.components["practice-ends"]
    assert isinstance(component, PracticeController)
    item = component.state.item
    assert len(view["ends"]) == 2
    for end in view["ends"]:
        index = int(end["action"].removeprefix("choice:"))
        assert item.choices[index].value == end["pips"]
    (right,) = [end for end in view["ends"] if end["action"] == f"choice:{item.answer_index}"]
    answered = _send(op="act", id="practice-ends", action=right["action"])
    assert answered["result"]["choice"] == item.answer_index
    assert not any(
        button["enabled"] for button in answered["buttons"] if button["group"] == "choices"
    )


def test_a_practice_item_that_asks_which_tile_is_answered_by_its_hands_tiles() -> None:
    """Where a practice item asks which tile fits, each tile offered answers with the
    choice naming it, every one a tile of the hand drawn; an item that asks which end
    names no tile."""
    spec = _spec("Practice", lang="en", topic="matching")
    view = _send(op="open", id="practice-tiles", spec=spec, seed=5)
    component = bridge.BRIDGE.components["practice-tiles"]
    assert isinstance(component, PracticeController)
    item = component.state.item
    assert len(view["tiles"]) == len(item.choices) >= 3
    for named in view["tiles"]:
        index = int(named["action"].removeprefix("choice:"))
        assert item.choices[index].value == named["tile"]
        assert f'data-tile="{named["tile"]}"' in view["texts"]["hands"]
    assert _send(op="act", id="practice-tiles", action="level:2")["tiles"] == []
