"""What each screen of the class sees, and which messages it may send: the one place
that decides by a screen's role.

- A pupil's screen needs the class code (or a seat's token) to come in, answers as a
  pupil (its token, its nickname on the roll and on the projector's list), plays its own
  seat and sees only its own hand (``tables.screens``), the quiz's question without the
  count of answers, and a walkthrough's steps before the teacher's, to look back at.
- The projector shows the class: the table the teacher shows, as a spectator sees it
  (no hand but a finished round's), the quiz and the walkthrough as the class sees them
  (how many answered), the pupils' nicknames as they join, and the table of mastery while
  the teacher shows it.
- The teacher's screen sees what the projector sees and runs the class: every table,
  the roll, the walkthroughs to choose from, the teacher's table of mastery.

A message is sent by the role its dataclass names (``protocol.messages``; ``hello`` by
any screen): every other screen, and a screen not admitted to the class (one that has
not said hello, or was not let in), is refused in the words of the message's activity,
with the log line that activity has always had.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from blockdomino.protocol.messages import Activity, Message
from blockdomino.protocol.roles import Role


@dataclass(frozen=True)
class View:
    """What a screen of one role sees of the class."""

    pupil: bool
    """It answers as a pupil: comes in with the class code or a seat's token, holds a
    pupil token, is on the roll and the projector's list, sees its own hand only, and
    looks back at a walkthrough's earlier steps."""
    whole_class: bool
    """It sees the class's side of the quiz and the walkthrough: how many answered, and
    (while the teacher lets it) who has not."""
    hosts: bool
    """It is the projector: the class's nicknames as they join, the table of mastery the
    teacher shows, the table the teacher shows."""
    runs: bool
    """It is the teacher's: every table, the roll, the walkthroughs to choose from."""


VIEWS: Final[dict[Role, View]] = {
    Role.PUPIL: View(pupil=True, whole_class=False, hosts=False, runs=False),
    Role.PROJECTOR: View(pupil=False, whole_class=True, hosts=True, runs=False),
    Role.TEACHER: View(pupil=False, whole_class=True, hosts=False, runs=True),
}
"""What each role sees."""


def view(role: Role) -> View:
    """What a screen of ``role`` sees."""
    return VIEWS[role]


def may_send(role: Role, message: Message, *, admitted: bool) -> bool:
    """Whether a screen of ``role`` may send ``message``: ``hello`` any screen, every
    other message only a screen ``admitted`` to the class, of the role that sends it."""
    return message.sender is None or (admitted and role == message.sender)


@dataclass(frozen=True)
class Refusal:
    """How a message a screen may not send is refused: the words (a key of the
    catalogs) and the server's log line (``None``: none)."""

    key: str
    log: str | None


def refusal(role: Role, message: Message) -> Refusal:
    """How ``message`` from a screen of ``role`` that may not send it is refused: a
    lesson's message logged with what it said, a desk's with who sent it, a table's
    message in words alone."""
    key = message.activity.refusal
    if message.activity in (Activity.QUIZ, Activity.WALK):
        return Refusal(key, f"a quiz message refused: {message!r}"[:220])
    if message.activity is Activity.DESK:
        return Refusal(key, f"a {message.kind} message refused: sent by a {role}'s screen")
    return Refusal(key, None)
