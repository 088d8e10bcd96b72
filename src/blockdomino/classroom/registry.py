"""The class's live activities, found here in :data:`ACTIVITIES`: a new one (a class poll,
say) is one module with a ``classroom.activity.LiveActivity`` and its line here, and its
messages in ``protocol.messages`` under a new ``Activity`` (its words in the catalogs).
Each is opened from the class's one store (:class:`Opening`), whichever store that is
(``stores.keeping``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol

from blockdomino.classroom.activity import LiveActivity
from blockdomino.classroom.playing import Tables
from blockdomino.classroom.quiz import Classroom
from blockdomino.classroom.store import Store
from blockdomino.classroom.teaching import TeachersDesk
from blockdomino.classroom.walking import WalkRoom
from blockdomino.lessons.quiz import QuizService
from blockdomino.lessons.store import Lessons
from blockdomino.lessons.walkthrough import WalkService
from blockdomino.protocol.messages import Activity


class Opening(Store, Protocol):
    """The class's store as the activities are opened from it: besides the one store
    interface, the lessons as this process reads them."""

    @property
    def mirror(self) -> Lessons:
        """This process's copy of the lessons, which the quiz and the walkthrough read."""
        ...


ACTIVITIES: Final[dict[Activity, Callable[[Opening], LiveActivity]]] = {
    Activity.TABLES: lambda _: Tables(),
    Activity.QUIZ: lambda kept: Classroom(QuizService(kept.mirror)),
    Activity.WALK: lambda kept: WalkRoom(WalkService(kept.mirror)),
    Activity.DESK: lambda _: TeachersDesk(),
}
"""Every live activity of the class, by the activity of the messages it takes, each
opened from the class's store; a screen that says hello is greeted by each in this
order (its own screen of the tables first)."""
