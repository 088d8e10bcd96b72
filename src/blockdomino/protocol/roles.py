"""What a screen of the class is: a pupil's, the projector's or the teacher's."""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    """A screen's role, said in its ``hello`` (a pupil's unless it says otherwise)."""

    PUPIL = "pupil"
    """A pupil's tablet: plays a seat, answers the quiz and the walkthrough."""
    PROJECTOR = "projector"
    """The class's projector: shows the class, never a pupil's hand."""
    TEACHER = "teacher"
    """The teacher's laptop: runs the tables, the quiz and the walkthrough."""
