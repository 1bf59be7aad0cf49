"""The bot side of the load benchmark: the real bot in a process of its own, as in production.

Started by `bench.table_load` with the emulator's addresses. It prints one line `ready` once
the bot is connected, counts event-loop stalls from the line the benchmark writes when its
tables are open (a monitor task sleeps 10 ms in a loop and records how late it wakes) until the
benchmark closes its standard input, then closes the bot and prints one JSON line: the longest
stall and how many errors the bot logged. Only the bot's own work is on this event loop: serving
the fake Discord happens in the benchmark's process.

The event loop is the one `bot.py` runs on (uvloop where installed).

    python -m bench.load_bot API_BASE GATEWAY_URL TOKEN DATABASE AI_DELAY [SHARD_ID SHARD_COUNT]

DATABASE is a SQLite path or a `postgresql://` URL. With `BENCH_PROFILE=FILE` in the environment
the bot's process is profiled (cProfile) during play and the statistics written to FILE (the
profiler's own cost inflates the CPU reported: compare profiles with profiles).
"""

from __future__ import annotations

import asyncio
import cProfile
import json
import logging
import os
import sys
import time


class Failures(logging.Handler):
    """Counts the errors the bot logs (each answered to its user with an error code)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


async def watch_stalls(stalls: list[float]) -> None:
    while True:
        started = time.perf_counter()
        await asyncio.sleep(0.01)
        stalls.append(time.perf_counter() - started - 0.01)


def children_cpu(parent: int | None = None) -> dict[int, float]:
    """CPU seconds used so far by each live child process of `parent` (this process: its
    picture and AI workers), read from /proc (Linux; empty elsewhere)."""
    me, tick = os.getpid() if parent is None else parent, os.sysconf("SC_CLK_TCK")
    used: dict[int, float] = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rpartition(")")[2].split()
        except OSError:
            continue  # ended meanwhile
        if int(fields[1]) == me:  # fields after the name: state, ppid, ..., utime, stime
            used[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    return used


async def serve(
    api_base: str,
    gateway_url: str,
    token: str,
    database: str,
    ai_delay: float,
    shard: tuple[int, int] | None = None,
) -> None:
    from cogs.common.bot import DominoBot, redirect_discord
    from cogs.common.settings import Settings

    logging.basicConfig(level=logging.WARNING)
    failures = Failures()
    logging.getLogger("cogs").addHandler(failures)
    settings = Settings(
        token=token,
        database=database,
        api_base=api_base,
        gateway_url=gateway_url,
        ai_delay=ai_delay,
        ai_budget_ms=20,
        between_hands_seconds=3.0,
        # One shard of several processes sharing the store (the first syncs the commands).
        shard_count=shard[1] if shard else None,
        shard_ids=(shard[0],) if shard else None,
        shared_store=shard is not None or database.startswith("postgresql://"),
        sync_commands=shard is None or shard[0] == 0,
    )
    redirect_discord(settings.api_base, settings.gateway_url)
    client = DominoBot(settings)
    client._connection.guild_ready_timeout = 0.05  # the emulator's guilds arrive at once

    async def identify_now(shard_id: int | None, *, initial: bool = False) -> None:
        return None

    client.before_identify_hook = identify_now  # type: ignore[method-assign]
    task = asyncio.create_task(client.start(token), name="bot")
    while not client.is_ready():
        if task.done():
            task.result()
            raise RuntimeError("the bot stopped before it was ready")
        await asyncio.sleep(0.01)
    stalls: list[float] = []
    monitor = asyncio.create_task(watch_stalls(stalls))
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.readline)  # the tables are open: play starts
    stalls.clear()
    profile_to = os.environ.get("BENCH_PROFILE")
    profiler = cProfile.Profile() if profile_to else None
    from cogs.common import pictures

    cpu_at_start = time.process_time()  # the bot's process only
    workers_at_start = children_cpu()
    drawn_at_start = {kind: list(drawn) for kind, drawn in pictures.DRAWN.items()}
    reused_at_start = dict(pictures.REUSED)
    if profiler is not None:
        profiler.enable()
    await loop.run_in_executor(None, sys.stdin.read)  # until the benchmark closes our stdin
    if profiler is not None and profile_to is not None:
        profiler.disable()
        profiler.dump_stats(profile_to)
    monitor.cancel()
    workers_cpu = sum(used - workers_at_start.get(pid, 0.0) for pid, used in children_cpu().items())
    report = {
        "longest_stall_s": max(stalls) if stalls else 0.0,
        "bot_errors": failures.count,
        "bot_cpu_s": time.process_time() - cpu_at_start,
        "workers_cpu_s": workers_cpu,
        # pictures drawn during play, by kind: how many, and the CPU seconds of drawing alone
        "drawn": {
            kind: [drawn[0] - drawn_at_start[kind][0], drawn[1] - drawn_at_start[kind][1]]
            for kind, drawn in pictures.DRAWN.items()
        },
        # pictures asked for again and shown as kept, not drawn (`pictures.Kept`)
        "reused": {kind: count - reused_at_start[kind] for kind, count in pictures.REUSED.items()},
    }
    # Work cut off by closing (a board edit in flight) is not an error of the bot under load.
    logging.disable(logging.CRITICAL)
    await client.close()
    await asyncio.wait({task}, timeout=10)
    print(json.dumps(report), flush=True)


def main() -> None:
    api_base, gateway_url, token, database, ai_delay = sys.argv[1:6]
    shard = (int(sys.argv[6]), int(sys.argv[7])) if len(sys.argv) > 7 else None
    import bot as entry

    entry.run(serve(api_base, gateway_url, token, database, float(ai_delay), shard))


if __name__ == "__main__":
    main()
