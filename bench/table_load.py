"""Many tables at once against the emulator: click-to-updated-board latency and event-loop stalls.

The real bot runs in a process of its own (`bench.load_bot`), as against real Discord, and talks
to the test emulator (a loopback fake Discord) served from this process. `--tables`
two-player tables are opened, each with one scripted player and one AI seat (level `random`,
the production AI delay unless `--ai-delay` says otherwise). During `--seconds` every player
clicks a move `--think` seconds after the bot offers it in their DM (0 for a stress test: then
a table asks for more board edits than Discord's 5 per 5 s per channel allow, and the rate limit
shows in the latency); the latency of a click is the time from sending it until the table's
board message shows the move, as the player sees it. A monitor task in the bot's process sleeps
10 ms in a loop and records how late it wakes: the longest such delay is the longest event-loop
stall. `--in-process` runs the bot on the emulator's event loop instead (the old way: serving the
fake Discord then counts as the bot's stalls and latency). The emulator still shares the
machine's CPU with the bot. Discord's per-channel rate limits are enforced (each table has its
own thread and each player their own DM).

Goal (the issue): 200 tables at once, p95 latency under 250 ms, no stall over 100 ms.

    python -m bench.table_load [--tables 200] [--seconds 30] [--ai-delay 1.2] [--think 2]
        [--store sqlite|postgresql] [--processes N] [--profile]

`--profile` adds where the CPU of a click went (`bench/click_profile.py`, with py-spy).
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import json
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench.click_profile import ClickProfile, py_spy
from bench.load_bot import Failures
from cogs import texts
from tests.emulator import interactions as i
from tests.emulator import rest_channels, rest_interactions
from tests.emulator.driver import InteractionResult, Person
from tests.emulator.emulator import Emulator
from tests.emulator.runner import BotRunner
from tests.emulator.world import Channel

MOVE = "dm:"
#: Tables opened per text channel. Each table opens a thread, and Discord allows 5 thread
#: creations per 5 s in a channel: 200 tables in one channel took over three minutes to open.
#: Play is not affected (each table plays in its own thread, each player in their own DM).
TABLES_PER_CHANNEL = 10
OPEN_SECONDS = (
    90  # to open one table on a loaded machine (a thread refused for its rate limit waits)
)


class Changes:
    """Wakes waiters when the emulator changes: any change (`until`), or a message created or
    edited in one channel (`until_in`). Per-channel waking keeps the harness cheap: hundreds of
    tables re-checking on every change of every table would load the event loop it measures."""

    def __init__(self, emu: Emulator) -> None:
        self.event = asyncio.Event()
        self.channels: dict[int, asyncio.Event] = {}
        touch = emu.touch

        def touched() -> None:
            touch()
            self.event.set()
            self.event = asyncio.Event()

        emu.touch = touched  # type: ignore[method-assign]
        for module in (rest_channels, rest_interactions):
            create, edit = module.create_message, module.edit_message

            def created(*args: Any, _create: Any = create, **kwargs: Any) -> Any:
                message = _create(*args, **kwargs)
                self.notify(message.channel_id)
                return message

            def edited(
                emulator: Any, message: Any, *args: Any, _edit: Any = edit, **kw: Any
            ) -> Any:
                result = _edit(emulator, message, *args, **kw)
                self.notify(message.channel_id)
                return result

            module.create_message = created  # type: ignore[attr-defined]
            module.edit_message = edited  # type: ignore[attr-defined]

    def notify(self, channel_id: int) -> None:
        event = self.channels.pop(channel_id, None)
        if event is not None:
            event.set()

    async def until(self, predicate: Any, timeout: float) -> Any:
        return await self._until(predicate, timeout, lambda: self.event)

    async def until_in(self, channel_id: int, predicate: Any, timeout: float) -> Any:
        return await self._until(
            predicate, timeout, lambda: self.channels.setdefault(channel_id, asyncio.Event())
        )

    async def _until(self, predicate: Any, timeout: float, next_event: Any) -> Any:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            event = next_event()
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                return None
            try:
                await asyncio.wait_for(event.wait(), remaining)
            except TimeoutError:
                return None


class QuickPerson(Person):
    """A person who, like a real one, does not wait for the whole server to fall quiet after a
    click: only for Discord's acknowledgement of it."""

    async def _interact(
        self,
        kind: int,
        data: dict[str, Any],
        message: Any,
        expect_failure: bool,
        *,
        channel: Any = None,
        opened_from: Any = None,
    ) -> InteractionResult:
        emulator = self.emulator
        where = channel or (emulator.world.channels[message.channel_id] if message else self.where)
        interaction = i.new_interaction(
            emulator.world,
            kind=kind,
            user=self.user,
            channel=where,
            data=data,
            now=emulator.clock.now(),
            message=message,
        )
        emulator.interactions[interaction.id] = interaction
        payload = i.interaction_payload(
            emulator.world, interaction, size_limit=emulator.attachment_size_limit
        )
        await emulator.gateway.dispatch("INTERACTION_CREATE", payload)
        await self._await_answer(interaction)
        return InteractionResult(emulator, interaction)


def move_message(person: Person) -> Any:
    for message in reversed(person.dm.messages):
        if any((b.custom_id or "").startswith(MOVE) for b in message.buttons):
            return message
    return None


def version_of(message: Any) -> int:
    button = next(b for b in message.buttons if (b.custom_id or "").startswith(MOVE))
    return int((button.custom_id or "").split(":")[2])


def board_of(thread: Any) -> Any:
    for message in reversed(thread.messages):
        if any((b.custom_id or "").startswith("dt:") for b in message.buttons):
            return message
    return None


async def open_table(
    emu: Emulator, changes: Changes, number: int, channel: Channel
) -> tuple[Person, Any]:
    user = emu.user(f"player{number}").user
    assert channel.guild_id is not None
    guild = emu.world.guilds[channel.guild_id]
    if user.id not in guild.members:
        emu.world.join(guild, user)  # a server on another shard
    person = QuickPerson(emu, user, channel)
    lobby = (await person.slash("domino new", game="two-player")).response
    assert lobby is not None, "the bot did not answer /domino new"
    await person.choose(lobby, "random", placeholder=texts.AI_LEVEL_PLACEHOLDER)
    await changes.until(lambda: "AI 1" in lobby.text, 30)
    await person.click(lobby, "Start")
    thread = await changes.until(lambda: lobby.thread, OPEN_SECONDS)
    if thread is None:  # say so, rather than fail later in the middle of play
        raise RuntimeError(f"table {number} had no thread {OPEN_SECONDS} s after Start")
    return person, thread


async def play(
    person: Person,
    thread: Any,
    changes: Changes,
    stop_at: float,
    think: float,
    latencies: list[float],
    first_wait: float = 0.0,
) -> None:
    loop = asyncio.get_running_loop()
    last = -1
    await asyncio.sleep(first_wait)  # tables that did not all open at the same instant
    while loop.time() < stop_at:
        found = await changes.until_in(
            person.dm.id,
            lambda last=last: (
                (m := move_message(person)) is not None and version_of(m) > last and m
            ),
            stop_at - loop.time(),
        )
        if not found:
            shown = board_of(thread)
            if shown is not None and "Ready" in shown.labels:
                await person.click(shown, "Ready")
            continue
        last = version_of(found)
        await asyncio.sleep(think)  # a player looks at the hand before clicking
        found = move_message(person)  # the message as it is now (the turn may have moved on)
        if found is None or version_of(found) != last:
            continue
        shown = board_of(thread)
        before = shown.text if shown is not None else ""  # (the board's words: its layout)
        button = next(b for b in found.buttons if (b.custom_id or "").startswith(MOVE))
        started = time.perf_counter()
        await person.click(found, custom_id=button.custom_id)
        updated = await changes.until_in(
            thread.id,
            lambda before=before: (b := board_of(thread)) is not None and b.text != before,
            30,
        )
        if updated:
            latencies.append(time.perf_counter() - started)


async def watch_stalls(stalls: list[float]) -> None:
    while True:
        started = time.perf_counter()
        await asyncio.sleep(0.01)
        stalls.append(time.perf_counter() - started - 0.01)


def render_floor(hands: int = 8) -> tuple[float, int]:
    """CPU seconds to draw what one click of this benchmark changes, at the least, and the
    moves per click: the click's move and the AI's answer are two stored changes, and each
    must redraw the board (everyone watches it) and the player's hand (after their move their
    DM shows the hand without the tile, and on their next turn the new DM shows it with the
    playable tiles and the board's new ends). Forced draws and passes are part of the change
    they follow, as at the table. Drawn here on one core over `hands` whole hands of the
    benchmark's own play (the player takes the first move offered, the AI a random one),
    averaged per click: the issue's "render floor of that click"."""
    import random

    from engine import Draw, Match, Pass
    from render import ENGLISH, board_png, hand_png

    names = ["player", "AI 1"]
    warm = Match("two-player", 2, seed=0)
    warm.start_hand()
    board_png(warm.public_view(), names=names, wording=ENGLISH)  # fonts loaded, caches filled
    hand_png(warm.view_for(0), wording=ENGLISH)
    spent, clicks, moves = 0.0, 0, 0
    for number in range(hands):
        match = Match("two-player", 2, seed=number)
        match.start_hand()
        rng = random.Random(number)
        hand = match.hand
        assert hand is not None
        while not hand.over and hand.turn is not None:
            seat = hand.turn
            legal = match.view_for(seat).legal
            match.apply(legal[0] if seat == 0 else rng.choice(legal))
            while not hand.over and hand.turn is not None:  # forced actions play themselves
                forced = match.view_for(hand.turn).legal
                if len(forced) != 1 or not isinstance(forced[0], Draw | Pass):
                    break
                match.apply(forced[0])
            started = time.process_time()
            board_png(match.public_view(), names=names, wording=ENGLISH)
            hand_png(match.view_for(0), wording=ENGLISH)
            spent += time.process_time() - started
            moves += 1
            clicks += seat == 0
        # The hand's score sheet (once per hand) is left out: the floor is every click's.
    return spent / clicks, round(moves / clicks)


def postgresql() -> Any:
    """A PostgreSQL cluster for the run (tests/pg.py's, with fsync on), or an explanation."""
    from tests.pg import Cluster, binaries

    folder = binaries()
    if folder is None:
        raise SystemExit("--store postgresql needs the PostgreSQL server binaries (PG_BIN)")
    return Cluster.start(folder, durable=True)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def start_bot(
    emu: Emulator, database: str, ai_delay: float, shard: tuple[int, int] | None = None
) -> asyncio.subprocess.Process:
    """The bot in a process of its own (bench.load_bot), pointed at the emulator; `shard`:
    (id, count) when several processes share the store."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bench.load_bot",
        emu.api_base,
        emu.gateway_url,
        emu.token,
        database,
        str(ai_delay),
        *([str(shard[0]), str(shard[1])] if shard else []),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert process.stdout is not None
    line = await asyncio.wait_for(process.stdout.readline(), 60)
    if line.strip() != b"ready":
        raise RuntimeError(f"the bot did not start: {line!r}")
    await emu.settle()
    return process


async def stop_bot(process: asyncio.subprocess.Process) -> dict[str, Any]:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.close()
    line = await asyncio.wait_for(process.stdout.readline(), 30)
    await process.wait()
    return dict(json.loads(line))


async def run(
    tables: int,
    seconds: float,
    ai_delay: float,
    think: float,
    rate_limits: bool,
    in_process: bool = False,
    store: str = "sqlite",
    processes: int = 1,
    profile: bool = False,
    stagger: float = 0.0,
) -> dict[str, Any]:
    from cogs.common.bot import DominoBot, redirect_discord
    from cogs.common.settings import Settings

    logging.basicConfig(level=logging.WARNING)
    failures = Failures()
    logging.getLogger("cogs").addHandler(failures)
    cluster = postgresql() if store == "postgresql" else None
    if cluster is not None:
        atexit.register(cluster.stop)  # also when the run fails: no server is left behind
    async with Emulator() as emu:
        emu.rate_limiter.enabled = rate_limits
        emu.shard_count = processes
        changes = Changes(emu)
        with tempfile.TemporaryDirectory() as folder:
            database = (
                cluster.create_database("load")
                if cluster is not None
                else str(Path(folder) / "load.sqlite3")
            )
            # Several processes: one shard each, a server on each shard (the home one is on
            # shard 0), the tables spread over them.
            guilds = [emu.guild] + [
                await emu.add_guild(f"Club {shard}", "general", shard=shard, count=processes)
                for shard in range(1, processes)
            ]
            channels = [
                emu.world.add_text_channel(guilds[number % processes], f"domino-{number}")
                for number in range(-(-tables // TABLES_PER_CHANNEL))
            ]
            runner: BotRunner | None = None
            bots: list[asyncio.subprocess.Process] = []
            if in_process:
                settings = Settings(
                    token=emu.token,
                    database=database,
                    api_base=emu.api_base,
                    gateway_url=emu.gateway_url,
                    ai_delay=ai_delay,
                    ai_budget_ms=20,
                    between_hands_seconds=3.0,
                )
                redirect_discord(settings.api_base, settings.gateway_url)
                runner = BotRunner(emu, lambda: DominoBot(settings))
                emu.bot_runner = runner
                await runner.start()
            elif processes == 1:
                bots.append(await start_bot(emu, database, ai_delay))
            else:
                for shard in range(processes):
                    bots.append(await start_bot(emu, database, ai_delay, (shard, processes)))
            opened = []
            for first in range(0, tables, 20):
                batch = range(first, min(first + 20, tables))
                opened += await asyncio.gather(
                    *(open_table(emu, changes, n, channels[n // TABLES_PER_CHANNEL]) for n in batch)
                )
            latencies: list[float] = []
            stalls: list[float] = []
            monitor = asyncio.create_task(watch_stalls(stalls))
            for process in bots:
                assert process.stdin is not None
                process.stdin.write(b"play\n")  # the bot counts its stalls from here
                await process.stdin.drain()
            loop = asyncio.get_running_loop()
            print(f"{tables} tables open: {seconds:g} s of play", file=sys.stderr, flush=True)
            cpu_at_start = time.process_time()
            stop_at = loop.time() + seconds
            requests_before = Counter(emu.requests)
            profiler = ClickProfile(seconds) if profile else None
            if profiler is not None:
                await profiler.start([process.pid for process in bots])
            rng = random.Random(7)
            await asyncio.gather(
                *(
                    play(p, thread, changes, stop_at, think, latencies, rng.uniform(0, stagger))
                    for p, thread in opened
                )
            )
            requests = emu.requests - requests_before
            monitor.cancel()
            emulator_cpu = time.process_time() - cpu_at_start
            bot_cpu = workers_cpu = None
            drawn: dict[str, list[float]] = {}
            reused: Counter[str] = Counter()
            longest = max(stalls) if stalls else None
            bot_errors = failures.count
            if runner is not None:
                await runner.stop()
            if bots:
                reports = [await stop_bot(process) for process in bots]
                longest = max(report["longest_stall_s"] for report in reports)
                bot_errors = sum(report["bot_errors"] for report in reports)
                bot_cpu = round(sum(report["bot_cpu_s"] for report in reports), 1)
                workers_cpu = round(sum(report["workers_cpu_s"] for report in reports), 1)
                for report in reports:
                    for kind, (count, cpu) in report["drawn"].items():
                        drawn.setdefault(kind, [0, 0.0])
                        drawn[kind][0] += count
                        drawn[kind][1] += cpu
                    reused.update(report.get("reused", {}))
            profiled = None
            if profiler is not None and bot_cpu is not None and latencies:
                profiled = await profiler.table(
                    1000 * bot_cpu / len(latencies), 1000 * (workers_cpu or 0) / len(latencies)
                )
    return {
        "tables": tables,
        "seconds": seconds,
        "clicks": len(latencies),
        "median_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "p95_ms": round(1000 * percentile(latencies, 0.95), 1) if latencies else None,
        "longest_stall_ms": round(1000 * longest, 1) if longest is not None else None,
        "violations": len(emu.violations),
        "bot_errors": bot_errors,
        "bot_cpu_s": bot_cpu,  # None in process (shared with the emulator)
        "workers_cpu_s": workers_cpu,  # the bot's picture and AI worker processes
        "emulator_cpu_s": round(emulator_cpu, 1),
        "requests_per_click": [
            (route, count / len(latencies)) for route, count in requests.most_common()
        ]
        if latencies
        else [],
        "drawn": drawn,
        "reused": dict(reused),
        "profile": profiled,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--ai-delay", type=float, default=1.2)
    parser.add_argument("--think", type=float, default=2.0, help="seconds a player looks first")
    parser.add_argument("--no-rate-limits", action="store_true")
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="run the bot on the emulator's event loop (the old way: its stalls count too)",
    )
    parser.add_argument(
        "--store",
        choices=("sqlite", "postgresql"),
        default="sqlite",
        help="the bot's database: a SQLite file, or a PostgreSQL cluster started for the run",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="bot processes sharing the store, one shard each (DMs all reach shard 0's)",
    )
    parser.add_argument(
        "--stagger",
        type=float,
        default=0.0,
        help="each player's first click waits up to this many more seconds, at random: tables"
        " that did not open at the same instant (0: all start together, in step)",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="where the CPU of a click goes, sampled with py-spy (bench/click_profile.py)",
    )
    args = parser.parse_args(argv)
    if args.profile and args.in_process:
        parser.error("--profile samples the bot's own process: not with --in-process")
    if args.profile:
        py_spy()  # refused now, not after the tables are open
    load_before = os.getloadavg()[0]
    # Drawn before the run, on the quiet machine: the least of three tries (the floor).
    floor, moves = min(render_floor() for _ in range(3))
    import bot as entry

    # The emulator stands in for Discord, whose CPU is not ours: the same fast loop as the bot.
    result = entry.run(
        run(
            args.tables,
            args.seconds,
            args.ai_delay,
            args.think,
            not args.no_rate_limits,
            args.in_process,
            args.store,
            args.processes,
            args.profile,
            args.stagger,
        )
    )
    print(f"store: {args.store}, bot processes: {args.processes}, stagger: {args.stagger:g} s")
    print("| tables | think s | clicks | median ms | p95 ms | longest stall ms | bot errors |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    print(
        f"| {result['tables']} | {args.think} | {result['clicks']} | {result['median_ms']}"
        f" | {result['p95_ms']} | {result['longest_stall_ms']} | {result['bot_errors']} |"
    )
    print(
        f"CPU seconds during play: bot process {result['bot_cpu_s']}, its picture and AI"
        f" workers {result['workers_cpu_s']}, emulator and players {result['emulator_cpu_s']}"
    )
    if result["bot_cpu_s"] is not None and result["clicks"]:
        per_click = (result["bot_cpu_s"] + result["workers_cpu_s"]) / result["clicks"]
        print(
            f"CPU per click (bot and workers): {1000 * per_click:.1f} ms; floor (the board and"
            f" the player's hand drawn for each of the click's {moves} moves, the player's and"
            f" the AI's answer), on the quiet machine before the run: {1000 * floor:.1f} ms;"
            f" ratio {per_click / floor:.2f}x"
        )
        drawn = result["drawn"]
        if drawn.get("board", [0])[0] and drawn.get("hand", [0])[0]:
            # The same floor as the workers drew it during the run (the machine as loaded as
            # the bot was): the mean board and hand, for each of the click's moves.
            board_cpu = drawn["board"][1] / drawn["board"][0]
            hand_cpu = drawn["hand"][1] / drawn["hand"][0]
            in_run = moves * (board_cpu + hand_cpu)
            counts = ", ".join(
                f"{kind} {count / result['clicks']:.2f}" for kind, (count, _) in drawn.items()
            )
            print(
                f"floor as drawn during the run: {1000 * in_run:.1f} ms (a board"
                f" {1000 * board_cpu:.1f} ms, a hand {1000 * hand_cpu:.1f} ms); ratio"
                f" {per_click / in_run:.2f}x; pictures per click: {counts}"
            )
        if result["reused"]:
            kept = ", ".join(
                f"{kind} {count / result['clicks']:.2f}" for kind, count in result["reused"].items()
            )
            print(f"pictures per click shown as kept, not drawn again: {kept}")
    if result["requests_per_click"]:
        total = sum(count for _, count in result["requests_per_click"])
        routes = ", ".join(f"{route} {count:.2f}" for route, count in result["requests_per_click"])
        print(f"Discord requests per click: {total:.2f} ({routes})")
    if result["profile"]:
        print("Where a click's CPU went (py-spy samples, the profiled run's own CPU per click):")
        print(result["profile"])
    # The machine may be shared: its load says how comparable two runs are.
    print(f"load average (1 min): {load_before:.1f} before, {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
