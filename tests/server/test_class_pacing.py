"""The class's lists at a pace (``classroom.pacing``): a class joining at once sends the
teacher's roll and the projector's list of the class a few times, not once per pupil,
and the last of them lists every pupil; the first is sent at once."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hubs import say, screen_of

from blockdomino.server.class_hub import open_hub

CLASS = 40


def test_a_class_joining_at_once_sends_the_teacher_and_the_projector_a_few_lists(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        hub = open_hub(tmp_path / "t.db", "en")
        _, desk = screen_of(hub, "teacher")
        _, wall = screen_of(hub, "projector")
        pupils = [screen_of(hub, "pupil")[0] for _ in range(CLASS)]
        for number, pupil in enumerate(pupils):
            await say(hub, pupil, type="name", nickname=f"Pupil {number:02}")
        said = [m["type"] for m in desk.said + wall.said]
        assert (said.count("roll"), said.count("class")) == (1, 1)  # the first pupil's
        await asyncio.gather(*hub.pacing.due.values())
        rolls = [m for m in desk.said if m["type"] == "roll"]
        lists = [m for m in wall.said if m["type"] == "class"]
        assert (len(rolls), len(lists)) == (2, 2)  # and then every other pupil's
        names = [f"Pupil {number:02}" for number in range(CLASS)]
        assert [row["nickname"] for row in rolls[-1]["pupils"]] == names
        assert lists[-1]["pupils"] == names

    asyncio.run(run())
