"""Who comes into the class (``server.live``'s ``hello``): the teacher's screen by the
secret or the teacher's pass, the projector's (which shows the class code) by the secret
or the pass of a projector the teacher paired (``stores.keys``), a pupil's by the token
of a seat it holds or the class code, guessed within limits (``classroom.limits``)."""

from __future__ import annotations

from blockdomino.classroom.limits import Limits
from blockdomino.classroom.screens import Client
from blockdomino.protocol.roles import Role
from blockdomino.protocol.viewer import view
from blockdomino.stores.keys import TEACHER_COOKIE, ClassKeys, same
from blockdomino.tables.service import TableService


def trusted(keys: ClassKeys, screen: Client, role: Role, secret: str | None) -> bool:
    """Whether ``screen`` may be the ``role`` it says (given ``secret``, if any): the
    teacher's and the projector's by a secret or a pass, a pupil's always (it is then
    admitted by :func:`waiting`)."""
    if view(role).runs:
        given = screen.socket.cookies.get(TEACHER_COOKIE)
        return same(secret or "", keys.secret) or keys.teaches(given)
    if view(role).hosts:
        return keys.shows_projector(secret) or keys.shows_projector(screen.paired)
    return True


def waiting(
    screen: Client, code: str | None, tables: TableService, limits: Limits, keys: ClassKeys
) -> float | None:
    """``None`` when ``screen`` may join the class: the projector and the teacher (let in
    by :func:`trusted`), a pupil with the token of a seat it holds or the class
    ``code``; else how long to wait before asking the pupil for the code again (a wrong
    guess answered slowly; negative: after many from one address, every guess refused
    for a while)."""
    if not screen.view.pupil:
        return None
    if screen.token is not None and tables.find(screen.token) is not None:
        screen.asked.held = screen.token
        return None
    return limits.guessed(screen.address, code, keys.admits(code))
