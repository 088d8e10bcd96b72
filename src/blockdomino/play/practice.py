"""Practice on screen, as a controller: endless items of a chosen topic and level.

The learner chooses a topic (``topic:<name>``) and a level (``level:<n>``) and answers
each item by choosing one of its answers (``choice:<i>``). The answer gets feedback at
once: right or not, the note on the mistake a wrong choice stands for, the right answer
and why, with the round's end drawn where the item is about scoring. "Next exercise"
(``next``) deals a new item. Five right in a row at a level move the learner to the
next one (``practice.Mastery``); the mastery bar shows the streak.

Progress (each topic's level and streak, the topic chosen, how many items were dealt)
is a JSON-able value (:meth:`Progress.to_json`): a page may keep it in the browser's
storage and give it back (``PracticeController(progress=...)``), or the controller
keeps it in a file beside the notebook (``keep:<path>``), rewritten atomically after
every answer. A file that holds no readable progress is moved aside, never lost.
"""

from __future__ import annotations

import html
import json
import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from blockdomino import svg
from blockdomino.engine.chain import OpenEnd
from blockdomino.engine.errors import BlockdominoError
from blockdomino.engine.scoring import RoundResult
from blockdomino.engine.tiles import Tile
from blockdomino.files import write_atomic
from blockdomino.play import keeping
from blockdomino.play.answer_buttons import answer_button
from blockdomino.play.view_model import (
    Action,
    Button,
    Controller,
    ViewModel,
    catalog_button,
    choice_buttons,
    heading_html,
    paragraphs,
)
from blockdomino.practice import LEVELS, STREAK, TOPICS, Item, Mastery, check, generate, words
from blockdomino.practice.export import beside_chain
from blockdomino.practice.generator import check_request
from blockdomino.practice.topics import TOPIC_NAMES
from blockdomino.practice.wording import phrase_tiles, say
from blockdomino.svg.awards import award
from blockdomino.words.errors import explain
from blockdomino.words.i18n import parse_lang, translate


class ProgressError(BlockdominoError):
    """Kept progress that cannot be read: not JSON, or an unknown topic or level."""


@dataclass(frozen=True, slots=True)
class Progress:
    """A learner's practice: the topic chosen, each topic's mastery by topic id (a topic
    not in it is at level 1, no streak), and how many items were dealt (the next item's
    number, so that a resumed practice deals new ones)."""

    topic: str = TOPICS[0]
    masteries: tuple[tuple[str, Mastery], ...] = ()
    dealt: int = 0

    def mastery(self, topic: str | None = None) -> Mastery:
        """The mastery of ``topic`` (default: the topic chosen)."""
        return dict(self.masteries).get(topic or self.topic, Mastery())

    def with_mastery(self, mastery: Mastery) -> Progress:
        """The progress with the chosen topic's mastery replaced."""
        masteries = {**dict(self.masteries), self.topic: mastery}
        return replace(self, masteries=tuple(sorted(masteries.items())))

    def to_json(self) -> dict[str, Any]:
        """The progress as JSON-able values: each topic's mastery under the topic's id."""
        levels = {
            topic: {"level": m.level, "streak": m.streak, "mastered": m.mastered}
            for topic in TOPICS
            for m in (self.mastery(topic),)
        }
        return {"topic": self.topic, "dealt": self.dealt, "levels": levels}

    @classmethod
    def from_json(cls, data: Any) -> Progress:
        """Progress from :meth:`to_json`'s values, read topic by topic: a topic the
        values do not name (one added since they were kept) starts at level 1, and one
        no longer practised is left out. Anything else raises ``ProgressError``."""
        try:
            levels = data["levels"]
            masteries = tuple((t, _mastery(levels[t])) for t in TOPICS if t in levels)
            progress = cls(str(data["topic"]), masteries, int(data["dealt"]))
        except (KeyError, TypeError, ValueError) as error:
            raise ProgressError("practice.screen.bad_progress") from error
        fine = progress.topic in TOPICS and progress.dealt >= 0
        if not fine or any(
            m.level not in LEVELS or not 0 <= m.streak < STREAK or not isinstance(m.mastered, bool)
            for _, m in masteries
        ):
            raise ProgressError("practice.screen.bad_progress")
        return progress


def _mastery(data: Any) -> Mastery:
    """One topic's mastery from :meth:`Progress.to_json`'s values."""
    return Mastery(int(data["level"]), int(data["streak"]), data["mastered"])


@dataclass(frozen=True, slots=True)
class PracticeState:
    """The progress, the item shown, the answer chosen (``None``: not yet), what the
    last action said, and the file the progress is kept in."""

    progress: Progress
    item: Item
    chosen: int | None = None
    note: tuple[str, ...] = ()
    kept: Path | None = None
    written: Progress | None = None


class PracticeController(Controller[PracticeState]):
    """Endless practice items, immediate feedback and a mastery bar (see the module).

    ``seed`` makes the items (default: a new seed); ``progress`` resumes a practice kept
    in a browser's storage (:meth:`Progress.to_json`'s value).
    """

    def __init__(
        self,
        *,
        lang: str,
        topic: str | None = None,
        seed: int | None = None,
        progress: dict[str, Any] | None = None,
    ) -> None:
        self.lang = parse_lang(lang)
        self.seed = random.randrange(2**31) if seed is None else seed
        begun = Progress() if progress is None else Progress.from_json(progress)
        if topic is not None:
            check_request([topic], LEVELS[0])
            begun = replace(begun, topic=topic)
        self.state = self._dealt(begun)
        self.actions = {
            "topic": self._topic,
            "level": self._level,
            "choice": self._choose,
            "next": lambda state, _: self._dealt(state.progress, state),
            "keep": self._keep,
        }

    @property
    def progress(self) -> dict[str, Any]:
        """The learner's progress as JSON-able values, to keep and give back."""
        return self.state.progress.to_json()

    @property
    def result(self) -> dict[str, Any] | None:
        """The item answered as the class server marks it again (``topic``, ``level``,
        ``seed``: the item made again; ``choice``: the answer chosen); ``None`` while the
        item shown is not answered yet."""
        state = self.state
        if state.chosen is None:
            return None
        item = state.item
        return {"topic": item.topic, "level": item.level, "seed": item.seed, "choice": state.chosen}

    # -- the actions -----------------------------------------------------------------------

    def _dealt(self, progress: Progress, state: PracticeState | None = None) -> PracticeState:
        """A new item of the chosen topic at its level, different from the one shown."""
        shown = None if state is None else state.item.identity
        level = progress.mastery().level
        while True:
            item = generate(progress.topic, level, self.seed * 1_000_003 + progress.dealt)
            progress = replace(progress, dealt=progress.dealt + 1)
            if item.identity != shown:
                break
        if state is None:
            return PracticeState(progress, item)
        return replace(state, progress=progress, item=item, chosen=None, note=())

    def _topic(self, state: PracticeState, argument: str) -> PracticeState:
        check_request([argument], LEVELS[0])
        return self._dealt(replace(state.progress, topic=argument), state)

    def _level(self, state: PracticeState, argument: str) -> PracticeState:
        level = int(argument)
        check_request([state.progress.topic], level)
        progress = state.progress.with_mastery(Mastery(level))
        return self._dealt(progress, state)

    def _choose(self, state: PracticeState, argument: str) -> PracticeState:
        if state.chosen is not None:
            return state
        chosen = int(argument)
        feedback = check(state.item, chosen)
        before = state.progress.mastery()
        after = before.record(feedback.right)
        note: tuple[str, ...] = ()
        if after.mastered and not before.mastered:
            note = (translate("practice.screen.mastered", self.lang),)
        elif after.level > before.level:
            note = (translate("practice.screen.level_up", self.lang, level=after.level),)
        progress = state.progress.with_mastery(after)
        return replace(state, progress=progress, chosen=chosen, note=note)

    def refused(self, state: PracticeState, reason: str) -> PracticeState:
        """The practice saying why the last action was refused."""
        return replace(state, note=(reason,))

    # -- keeping -----------------------------------------------------------------------------

    def _keep(self, state: PracticeState, argument: str) -> PracticeState:
        path = Path(argument)
        state = replace(state, kept=path, written=None, note=())
        if not path.is_file():
            return state
        try:
            progress = Progress.from_json(json.loads(path.read_bytes()))
        except (ProgressError, ValueError) as error:
            reason = translate("practice.screen.bad_progress", self.lang)
            if isinstance(error, ProgressError):
                reason = explain(error, self.lang)
            aside = keeping.move_aside(path)
            said = translate(
                "practice.screen.moved_aside",
                self.lang,
                reason=reason,
                path=path.name,
                aside=aside.name,
            )
            return replace(state, note=(said,))
        resumed = translate("practice.screen.resumed", self.lang)
        return replace(self._dealt(progress, state), written=progress, note=(resumed,))

    def settled(self, state: PracticeState) -> PracticeState:
        """Write the progress to its kept file when it has changed; say it if that fails."""
        if state.kept is None or state.written == state.progress:
            return state
        try:
            write_atomic(state.kept, json.dumps(state.progress.to_json(), indent=1) + "\n")
        except OSError:
            failed = translate("practice.screen.keep_failed", self.lang, path=state.kept.name)
            return replace(state, note=(*state.note, failed))
        return replace(state, written=state.progress)

    # -- the view ------------------------------------------------------------------------------

    def view(self) -> ViewModel:
        """The topics and levels, the item (its question, diagrams and answers), the
        feedback once answered, Next exercise and the mastery bar."""
        state, lang = self.state, self.lang
        item, progress = state.item, state.progress
        topic = translate(TOPIC_NAMES[item.topic], lang)
        heading = translate("practice.screen.heading", lang, topic=topic, level=item.level)
        text = words(item, lang, spoken=True)
        question = heading_html(heading) + paragraphs([text.question])
        feedback = self._feedback() if state.chosen is not None else ""
        texts = (
            ("mastery", self._mastery_bar(progress.mastery())),
            ("question", question),
            ("hands", self._hands()),
            ("feedback", paragraphs(state.note) + feedback),
        )
        chain = item.position.chain
        board = str(svg.chain(chain, lang=lang, width=self.width)) if chain.tiles else ""
        said = [text.question]
        if state.chosen is not None:
            said = [*state.note, *self._feedback_lines(), text.explanation]
        return ViewModel(
            svg=board,
            texts=texts,
            buttons=self._buttons(),
            announcement=" ".join(line for line in said if line),
            refusal=self.refusal,
        )

    def end_actions(self) -> tuple[tuple[OpenEnd, Action], ...]:
        """Where the item asks which end a tile goes to, each end of the chain drawn
        answers with the choice that names the number the end shows."""
        item = self.state.item
        answers = {
            choice.value: f"choice:{index}"
            for index, choice in enumerate(item.choices)
            if choice.text.key == "practice.choice.end"
        }
        return tuple(
            (end, answers[end.pips]) for end in item.position.chain.open_ends if end.pips in answers
        )

    def tile_actions(self) -> tuple[tuple[Tile, Action], ...]:
        """Where the item asks which tile, each tile offered, tapped in the hand drawn,
        answers with the choice that names it."""
        return tuple(
            (Tile.parse(str(choice.value)), f"choice:{index}")
            for index, choice in enumerate(self.state.item.choices)
            if choice.text.key == "practice.choice.tile"
        )

    def _hands(self) -> str:
        """What the item shows under the chain, as the printed sheet shows it: every hand
        it shows under the name the question gives it ("Your hand", "Player 2", the
        empty hand of a player who went out), and in a team game the table."""
        shown = beside_chain(self.state.item, self.lang, colors=None)
        return "".join(
            f"<figure><figcaption>{html.escape(caption)}</figcaption>{image}</figure>"
            for caption, image in shown
        )

    def _feedback_lines(self) -> list[str]:
        """Right or not, and for a wrong choice the mistake's note and the right answer."""
        state, lang = self.state, self.lang
        assert state.chosen is not None
        text = words(state.item, lang, spoken=True)
        if state.item.choices[state.chosen].is_right:
            return [translate("practice.screen.right", lang)]
        answer = translate("practice.screen.answer", lang, answer=text.answer)
        return [translate("practice.screen.wrong", lang), text.notes[state.chosen], answer]

    def _feedback(self) -> str:
        """The feedback lines, then why: a round's end drawn as the tutorial draws it."""
        lang = self.lang
        why = "".join(
            award(reason, lang=lang).html()
            if isinstance(reason, RoundResult)
            else paragraphs([say(reason, lang, spoken=True)])
            for reason in self.state.item.explanation
        )
        return paragraphs(self._feedback_lines()) + why

    def _mastery_bar(self, mastery: Mastery) -> str:
        """The streak at the level as words and as a bar of ``STREAK`` steps."""
        lang = self.lang
        if mastery.mastered:
            said = translate("practice.screen.all_levels", lang)
            streak = STREAK
        else:
            said = translate(
                "practice.screen.streak",
                lang,
                level=mastery.level,
                streak=mastery.streak,
                goal=STREAK,
            )
            streak = mastery.streak
        label = html.escape(translate("practice.screen.mastery", lang))
        bar = f'<progress max="{STREAK}" value="{streak}" aria-label="{label}"></progress>'
        return f'<div class="practice-mastery">{bar}{paragraphs([said])}</div>'

    def _buttons(self) -> tuple[Button, ...]:
        state, lang = self.state, self.lang
        item, chosen = state.item, state.chosen
        topics = choice_buttons(
            "topics",
            lang,
            (
                (
                    f"topic:{topic}",
                    translate(TOPIC_NAMES[topic], lang),
                    translate(
                        "practice.screen.topic.tooltip",
                        lang,
                        topic=translate(TOPIC_NAMES[topic], lang),
                    ),
                )
                for topic in TOPICS
            ),
            chosen=f"topic:{item.topic}",
        )
        levels = choice_buttons(
            "levels",
            lang,
            (
                (
                    f"level:{level}",
                    translate("practice.screen.level", lang, level=level),
                    translate("practice.screen.level.tooltip", lang, level=level),
                )
                for level in LEVELS
            ),
            chosen=f"level:{item.level}",
        )
        text = words(item, lang, spoken=True)
        choices = tuple(
            answer_button(
                index,
                words_,
                tiles=phrase_tiles(choice.text),
                right=choice.is_right,
                chosen=chosen,
                lang=lang,
            )
            for index, (choice, words_) in enumerate(zip(item.choices, text.choices, strict=True))
        )
        following = catalog_button(
            "practice.screen.next",
            "practice.screen.next.tooltip",
            lang,
            id="next",
            enabled=chosen is not None,
            icon="forward",
        )
        return (*topics, *levels, *choices, following)
