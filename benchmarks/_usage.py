"""What a benchmark's servers spent, counted so that a loaded machine does not change
it: the CPU seconds of each process of a server's process group and of Redis (from
``/proc``, Linux), and the calls Redis answered and the bytes it was sent and sent back
(Redis's own ``INFO``). Taken before and after a run, the difference divided by the
moves made is the cost of one move, whatever else the machine was doing meanwhile."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float:
    """The CPU seconds (user and system) process ``pid`` has run, 0 when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = text.rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def group(pgid: int) -> list[int]:
    """The processes of process group ``pgid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:
            found.append(int(entry.name))
    return sorted(found)


@dataclass
class Usage:
    """A snapshot: CPU seconds by process (named), Redis's calls by command and its
    bytes in and out, and the time."""

    cpu: dict[str, float] = field(default_factory=dict)
    calls: dict[str, int] = field(default_factory=dict)
    redis_bytes: tuple[int, int] = (0, 0)
    wall: float = 0.0


def usage(server: int, redis_pid: int | None, redis_url: str | None) -> Usage:
    """The CPU of the server's group (each worker), of Redis and of this process (the
    benchmark's clients), and Redis's counters."""
    now = Usage(wall=time.monotonic())
    for number, pid in enumerate(group(server)):
        now.cpu[f"server worker {number}"] = cpu_seconds(pid)
    if redis_pid is not None:
        now.cpu["redis"] = cpu_seconds(redis_pid)
    now.cpu["the benchmark's clients"] = time.process_time()
    if redis_url is not None:
        import redis

        client = redis.Redis.from_url(redis_url, decode_responses=True)
        stats = client.info("commandstats")
        now.calls = {name.removeprefix("cmdstat_"): int(v["calls"]) for name, v in stats.items()}
        info = client.info("stats")
        now.redis_bytes = (int(info["total_net_input_bytes"]), int(info["total_net_output_bytes"]))
        client.close()
    return now


def per_move(before: Usage, after: Usage, moves: int) -> list[str]:
    """The lines that say what one move cost between ``before`` and ``after``."""
    moves = max(moves, 1)
    lines = []
    spent = {name: after.cpu[name] - before.cpu.get(name, 0.0) for name in after.cpu}
    cores = sum(spent.values()) / max(after.wall - before.wall, 1e-9)
    parts = ", ".join(f"{name} {seconds * 1000 / moves:.2f}" for name, seconds in spent.items())
    lines.append(f"CPU per move taken (ms): {parts}; all {sum(spent.values()) * 1000 / moves:.2f} "
                 f"({cores:.2f} cores busy of {os.cpu_count()})")  # fmt: skip
    if after.calls:
        calls = {n: after.calls[n] - before.calls.get(n, 0) for n in after.calls}
        calls = {n: c for n, c in calls.items() if c > 0 and n != "info"}
        ranked = sorted(calls.items(), key=lambda item: -item[1])
        said = ", ".join(f"{name} {count / moves:.2f}" for name, count in ranked)
        got, sent = (a - b for a, b in zip(after.redis_bytes, before.redis_bytes, strict=True))
        lines.append(f"Redis per move: {sum(calls.values()) / moves:.2f} calls ({said}); "
                     f"{got / moves:.0f} bytes in, {sent / moves:.0f} bytes out")  # fmt: skip
    return lines
