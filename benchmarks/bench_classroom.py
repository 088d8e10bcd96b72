"""A class at the classroom app: thirty visitors at once, each playing rounds to their end.

Starts ``blockdomino classroom`` on 127.0.0.1 (a free port, its own process group) and
sends thirty simulated visitors at it together. Each opens the play chapter (Voilà runs
the chapter in a kernel of its own and answers with the page), connects to its kernel
as the page does and asks for the widgets' states as the page's widget manager does,
then keeps its own copy of the widget models up to date from every widget message the
kernel sends. It plays the round player's round as a learner clicking in the page: a
tile marked as fitting (which one, a generator seeded by the visitor's number decides),
then the end marked for it; Pass or Draw when only that is offered. Each click is the
widget message the browser sends, and the visitor waits until the kernel has done with
it. A round is over when the round player's message says so; then New round deals the
next, ROUNDS in all.

Prints each visitor's outcome (rounds finished, clicks made), the time to the first
page and to each round's end (median and slowest), the memory per visitor (the server
and its kernels, before and after the visits; a visitor leaves its page open, so its
kernel still runs), then stops the server; exits with 1 if any visitor failed.
Bounded: every wait at most STEP seconds, a round at most MAX_CLICKS clicks, each
visitor (and so the whole crowd, sent at once) at most TIMEOUT seconds.

    .venv/bin/python benchmarks/bench_classroom.py [--visitors 30]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import json
import random
import re
import statistics
import struct
import sys
import time
import uuid
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from typing import Any

import psutil
from _servers import free_port, start, stop
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from blockdomino.engine.tiles import DOUBLE_SIX
from blockdomino.words.i18n import translate

TOKEN = "blockdomino-load-test"
PAGE = "en/05_play.ipynb"
LANG = "en"
TIMEOUT = 900
"""The longest a visitor may take, in seconds: as all start together, the whole crowd."""
STEP = 300
"""The longest wait for the server to answer one request or click, in seconds."""
ROUNDS = 3
"""Rounds each visitor plays: the one the page shows, then two more dealt by New round."""
MAX_CLICKS = 60
"""More clicks than any round of the page needs: a round still going on after these
has stalled."""
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')

NEW_ROUND = translate("widgets.button.new_round.tooltip", LANG)
PASS = translate("widgets.button.pass.tooltip", LANG)
DRAW = translate("widgets.button.draw.tooltip", LANG)
TILE_FITS = frozenset(
    translate(key, LANG, tile=tile)
    for key in ("widgets.tile.fits", "widgets.tile.opens")
    for tile in DOUBLE_SIX
)
"""The tooltips of a tile button whose tile may be played now."""
END_FITS = frozenset(
    translate("widgets.end.fits", LANG, tile=tile, pips=pips)
    for tile in DOUBLE_SIX
    for pips in range(7)
)
"""The tooltips of an end button where the chosen tile fits."""
ROUND_OVER = html.escape(translate("widgets.round.over", LANG))


class StalledError(Exception):
    """A visitor's round went on no further: the reason in words."""


class Models:
    """A visitor's copy of the page's widget models, by model id, kept as the page's
    widget manager keeps them: the states asked for, then every new widget and every
    change the kernel sends. Binary buffers are left out (nothing the round player
    shows is binary); a container's children are ``IPY_MODEL_<id>`` references."""

    def __init__(self) -> None:
        self.states: dict[str, dict[str, Any]] = {}

    def take(self, reply: dict[str, Any]) -> None:
        """Take in one message from the kernel (any other message changes nothing)."""
        content = reply.get("content", {})
        data = content.get("data", {})
        kind = reply.get("msg_type")
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.states[content["comm_id"]] = dict(data.get("state", {}))
        elif kind == "comm_msg" and data.get("method") == "update_states":
            for model_id, model in data["states"].items():
                self.states[model_id] = dict(model["state"])
        elif kind == "comm_msg" and data.get("method") == "update":
            self.states.setdefault(content["comm_id"], {}).update(data.get("state", {}))
        elif kind == "comm_close":
            self.states.pop(content.get("comm_id", ""), None)

    def descendants(self, model_id: str) -> Iterator[str]:
        """The models shown inside a container, depth first, in the order shown."""
        for child in self.states.get(model_id, {}).get("children", []):
            child_id = child.removeprefix("IPY_MODEL_")
            yield child_id
            yield from self.descendants(child_id)

    def buttons(self, within: str, tooltips: Collection[str]) -> list[str]:
        """The pressable buttons inside ``within`` whose tooltip is one of ``tooltips``."""
        return [
            model_id
            for model_id in self.descendants(within)
            if self.states[model_id].get("_model_name") == "ButtonModel"
            and not self.states[model_id].get("disabled")
            and self.states[model_id].get("tooltip") in tooltips
        ]

    def says(self, within: str, text: str) -> bool:
        """Whether a text shown inside ``within`` contains ``text``."""
        return any(
            text in str(self.states[model_id].get("value", ""))
            for model_id in self.descendants(within)
            if self.states[model_id].get("_model_name") == "HTMLModel"
        )

    def round_player(self) -> str:
        """The round player: the box around the row that holds its New round button."""
        found = [
            model_id
            for model_id, state in self.states.items()
            if state.get("_model_name") == "VBoxModel" and self.buttons(model_id, {NEW_ROUND})
        ]
        if len(found) != 1:
            raise StalledError(f"{len(found)} round players on the page, not one")
        return found[0]


def decoded(raw: str | bytes) -> dict[str, Any]:
    """A message from the kernel's websocket: JSON text, or, with binary buffers, the
    server's binary frame (a count, offsets, the JSON message, then the buffers: these
    are dropped)."""
    if isinstance(raw, str):
        return dict(json.loads(raw))
    parts = struct.unpack_from("!I", raw)[0]
    offsets = [*struct.unpack_from(f"!{parts}I", raw, 4), len(raw)]
    return dict(json.loads(raw[offsets[0] : offsets[1]]))


class Kernel:
    """The kernel behind a visitor's page, spoken to over its websocket as the page's
    widget manager does, with the visitor's copy of the widget models."""

    def __init__(self, connection: WebSocketClientConnection) -> None:
        self.connection = connection
        self.session = uuid.uuid4().hex
        self.models = Models()
        self.clicks = 0

    async def send(self, msg_type: str, content: dict[str, Any], **metadata: str) -> None:
        """Send a message on the shell channel, then take in what the kernel sends until
        it has done with it (its status idle again), waiting at most ``STEP`` seconds."""
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "visitor"}
        header.update({"session": self.session, "date": "", "version": "5.3"})
        sent: dict[str, Any] = {"header": header, "parent_header": {}, "metadata": metadata}
        sent.update({"content": content, "channel": "shell"})
        await self.connection.write_message(json.dumps(sent))
        try:
            await asyncio.wait_for(self._until_idle(msg_id), STEP)
        except TimeoutError:
            raise StalledError(f"the kernel still busy with a {msg_type} after {STEP} s") from None

    async def _until_idle(self, msg_id: str) -> None:
        while True:
            raw = await self.connection.read_message()
            if raw is None:
                raise StalledError("the kernel closed the connection")
            reply = decoded(raw)
            self.models.take(reply)
            answers = reply.get("parent_header", {}).get("msg_id") == msg_id
            state = reply.get("content", {}).get("execution_state")
            if answers and reply.get("msg_type") == "status" and state == "idle":
                return

    async def ask_states(self) -> None:
        """Open the widget manager's control comm and ask for every widget's state."""
        control = uuid.uuid4().hex
        opening = {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}
        await self.send("comm_open", opening, version="1.0.0")
        await self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})

    async def click(self, button: str) -> None:
        """Press a button, as the browser tells its widget model."""
        self.clicks += 1
        click = {"method": "custom", "content": {"event": "click"}}
        await self.send("comm_msg", {"comm_id": button, "data": click})


def next_click(models: Models, player: str, rng: random.Random) -> str | None:
    """The learner's next button in the round player: the end marked for the chosen
    tile; else a tile marked as fitting; else Pass or Draw, whichever is pressable;
    ``None`` when none is."""
    if ends := models.buttons(player, END_FITS):
        return ends[0]
    if tiles := models.buttons(player, TILE_FITS):
        return rng.choice(tiles)
    forced = models.buttons(player, {PASS, DRAW})
    return forced[0] if forced else None


async def play_round(kernel: Kernel, player: str, rng: random.Random) -> None:
    """Click through the round shown until the round player says it is over."""
    for _ in range(MAX_CLICKS):
        if kernel.models.says(player, ROUND_OVER):
            return
        button = next_click(kernel.models, player, rng)
        if button is None:
            raise StalledError("nothing to press, and the round not over")
        await kernel.click(button)
    if not kernel.models.says(player, ROUND_OVER):
        raise StalledError(f"the round not over after {MAX_CLICKS} clicks")


@dataclass
class Visit:
    """What one visitor saw: seconds from opening the page to the first page and to the
    end of each round it finished, the clicks made, and why it failed, if it did."""

    first_page: float | None = None
    round_ends: list[float] = field(default_factory=list)
    clicks: int = 0
    failure: str | None = None


async def visit(base: str, number: int, rounds: int) -> Visit:
    """One visitor, given at most ``TIMEOUT`` seconds: what it saw."""
    seen = Visit()
    try:
        await asyncio.wait_for(play_page(base, number, rounds, seen), TIMEOUT)
    except TimeoutError:
        seen.failure = f"not done in {TIMEOUT} s"
    except Exception as error:
        seen.failure = str(error) or type(error).__name__
    return seen


async def play_page(base: str, number: int, rounds: int, seen: Visit) -> None:
    """Open the page, play the round it shows to the end, then, ``rounds`` in all, New
    round and the round it deals; noting in ``seen`` when each was done."""
    opened = time.monotonic()
    page = await AsyncHTTPClient().fetch(
        HTTPRequest(f"{base}/voila/render/{PAGE}?token={TOKEN}", request_timeout=STEP)
    )
    seen.first_page = time.monotonic() - opened
    found = _KERNEL_ID.search(page.body.decode())
    if not found:
        raise StalledError("no kernel in the page")
    socket_url = base.replace("http", "ws") + f"/api/kernels/{found.group(1)}/channels"
    connection = await asyncio.wait_for(websocket_connect(f"{socket_url}?token={TOKEN}"), STEP)
    kernel = Kernel(connection)
    rng = random.Random(number)
    try:
        await kernel.ask_states()
        player = kernel.models.round_player()
        for _ in range(rounds):
            if seen.round_ends:
                await kernel.click(kernel.models.buttons(player, {NEW_ROUND})[0])
            await play_round(kernel, player, rng)
            seen.round_ends.append(time.monotonic() - opened)
    finally:
        seen.clicks = kernel.clicks
        connection.close()


async def crowd(base: str, visitors: int, rounds: int) -> list[Visit]:
    """All visitors at once, each on its own."""
    AsyncHTTPClient.configure(None, max_clients=visitors)
    numbers = range(1, visitors + 1)
    return await asyncio.gather(*(visit(base, number, rounds) for number in numbers))


def tree_rss(process: psutil.Process) -> int:
    """The resident memory of a process and everything it started, in bytes."""
    total = 0
    for member in [process, *process.children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += member.memory_info().rss
    return total


def seconds(times: list[float]) -> str:
    """Median and slowest, as the report prints them."""
    return f"median {statistics.median(times):.1f} s, slowest {max(times):.1f} s"


def report(visits: list[Visit], rounds: int, took: float, before: int, after: int) -> None:
    """Each visitor's outcome, then the times and the memory."""
    for number, seen in enumerate(visits, 1):
        line = f"visitor {number}: rounds finished {len(seen.round_ends)}, clicks {seen.clicks}"
        print(line + (f", failed: {seen.failure}" if seen.failure else ""))
    done = sum(not seen.failure for seen in visits)
    print(f"visitors: {len(visits)}, served and played every round to its end: {done}")
    pages = [seen.first_page for seen in visits if seen.first_page is not None]
    if pages:
        print(f"time to the first page: {seconds(pages)} (all at once; whole test {took:.0f} s)")
    for number in range(rounds):
        ends = [seen.round_ends[number] for seen in visits if len(seen.round_ends) > number]
        if ends:
            print(f"time from opening the page to the end of round {number + 1}: {seconds(ends)}")
    print(
        f"memory: server alone {before / 1e6:.0f} MB, with {len(visits)} visitors "
        f"{after / 1e6:.0f} MB: {(after - before) / len(visits) / 1e6:.0f} MB per visitor"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="rounds each visitor plays")
    arguments = parser.parse_args()
    visitors, rounds = arguments.visitors, arguments.rounds
    port = free_port()
    command = [sys.executable, "-m", "blockdomino.cli", "classroom", f"--port={port}"]
    server = start([*command, f"--token={TOKEN}", "--no-browser", f"--lang={LANG}"], port)
    try:
        process = psutil.Process(server.pid)
        before = tree_rss(process)
        began = time.monotonic()
        visits = asyncio.run(crowd(f"http://127.0.0.1:{port}", visitors, rounds))
        took = time.monotonic() - began
        after = tree_rss(process)
    finally:
        stop(server)
    report(visits, rounds, took, before, after)
    raise SystemExit(1 if any(seen.failure for seen in visits) else 0)


if __name__ == "__main__":
    main()
