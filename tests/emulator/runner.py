"""Running a real discord.py client in this event loop against the emulator, restarting it, and
killing it hard.

Start-up is kept fast without touching the client's logic: `guild_ready_timeout` (2 s by
default, waited after the last GUILD_CREATE) is set small, and `before_identify_hook` (which
sleeps 5 s before every re-IDENTIFY) is replaced on the instance.

What belongs to one bot instance is found without knowing the bot's code: the instance runs in
a context of its own (a `ContextVar` holding its `Belongings`), which every task it creates, and
every callback it schedules, inherits. A task factory notes each task created in that context,
and `aiosqlite` connections opened in it are noted too. `kill` (a `kill -9` of the process)
then takes all of it down at once without running anything of the bot's: see `BotRunner.kill`.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import weakref
from collections.abc import Callable, Coroutine, Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import aiosqlite
import asyncpg
import discord

if TYPE_CHECKING:
    from .emulator import Emulator

START_TIMEOUT = 20.0
KILL_TIMEOUT = 5.0


@dataclass(eq=False)
class Belongings:
    """What one bot instance owns: its tasks and its database connections."""

    tasks: weakref.WeakSet[asyncio.Task[Any]] = field(default_factory=weakref.WeakSet)
    connections: list[aiosqlite.Connection] = field(default_factory=list)
    pools: list[asyncpg.Pool] = field(default_factory=list)  # PostgreSQL connection pools
    dead: bool = False

    def live_tasks(self) -> list[asyncio.Task[Any]]:
        return [task for task in self.tasks if not task.done()]


#: The instance whose code is running (unset in the test's own tasks and the emulator's).
OWNER: contextvars.ContextVar[Belongings | None] = contextvars.ContextVar(
    "emulated_bot_owner", default=None
)


def _track_tasks(loop: asyncio.AbstractEventLoop) -> None:
    """Install (once per loop) a task factory noting each task created by a bot instance."""
    if getattr(loop, "_emulator_tracks_tasks", False):
        return
    previous = loop.get_task_factory()

    def factory(
        loop: asyncio.AbstractEventLoop,
        coro: Coroutine[Any, Any, Any] | Generator[Any, None, Any],
        **kwargs: Any,
    ) -> asyncio.Future[Any]:
        if previous is not None:
            task = previous(loop, coro, **kwargs)
        else:
            task = asyncio.Task(coro, loop=loop, **kwargs)
        owner = OWNER.get()
        context = kwargs.get("context")
        if context is not None:
            owner = context.get(OWNER, owner)
        if owner is not None and isinstance(task, asyncio.Task):
            owner.tasks.add(task)
        return task

    loop.set_task_factory(factory)
    loop._emulator_tracks_tasks = True  # type: ignore[attr-defined]


_real_connection_init = aiosqlite.Connection.__init__


def _noting_connection_init(self: aiosqlite.Connection, *args: Any, **kwargs: Any) -> None:
    _real_connection_init(self, *args, **kwargs)
    owner = OWNER.get()
    if owner is not None:
        owner.connections.append(self)


aiosqlite.Connection.__init__ = _noting_connection_init  # type: ignore[method-assign]

_real_pool_init = asyncpg.Pool.__init__


def _noting_pool_init(self: asyncpg.Pool, *args: Any, **kwargs: Any) -> None:
    _real_pool_init(self, *args, **kwargs)
    owner = OWNER.get()
    if owner is not None:
        owner.pools.append(self)


asyncpg.Pool.__init__ = _noting_pool_init


def _close_now(connection: aiosqlite.Connection) -> asyncio.Future[Any] | None:
    """Close an aiosqlite connection as a dying process does, from this instant: whatever
    statement its thread runs ends, then the SQLite handle closes without COMMIT (an open
    transaction rolls back). Work queued after this is never run (`_fail_queued`)."""
    if connection._connection is None:  # closed already
        return None
    return connection.stop()


async def _fail_queued(
    connection: aiosqlite.Connection, closing: asyncio.Future[Any] | None
) -> None:
    if closing is not None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(closing, KILL_TIMEOUT)
    queue = connection._tx  # work queued behind the close: its callers get an error
    while not queue.empty():
        waiting, _ = queue.get_nowait()
        if waiting is not None and not waiting.done():
            waiting.set_exception(ValueError("no active connection (the process was killed)"))


class BotRunner:
    """Owns one client at a time, built by `factory` (the same way the entry point builds it)."""

    def __init__(self, emulator: Emulator, factory: Callable[[], discord.Client]) -> None:
        self.emulator = emulator
        self.factory = factory
        self.client: discord.Client | None = None
        self.task: asyncio.Task[None] | None = None
        self.starts = 0
        self.kills = 0
        self.belongings: Belongings | None = None
        self._raised: asyncio.Task[None] | None = None

    async def start(self) -> discord.Client:
        client = self.factory()
        client._connection.guild_ready_timeout = 0.05

        async def identify_now(shard_id: int | None, *, initial: bool = False) -> None:
            return None

        client.before_identify_hook = identify_now  # type: ignore[method-assign]
        _track_tasks(asyncio.get_running_loop())
        belongings = Belongings()
        context = contextvars.copy_context()
        context.run(OWNER.set, belongings)
        task = asyncio.create_task(
            client.start(self.emulator.token), name="emulated-bot", context=context
        )
        belongings.tasks.add(task)
        self.client, self.task, self.belongings = client, task, belongings
        self.starts += 1
        await self.emulator.wait_for(lambda: client.is_ready() or task.done(), START_TIMEOUT)
        if task.done():
            self._raised = task
            task.result()  # raises what stopped the bot
            raise RuntimeError("the bot stopped before it was ready")
        await self.emulator.settle()
        return client

    async def stop(self) -> None:
        client, task = self.client, self.task
        self.client = self.task = None
        if client is None or task is None:
            return
        await client.close()
        await asyncio.wait({task}, timeout=10)
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.emulator.settle()
        # A bot that crashed mid-test fails the test here; one that failed to start already
        # raised from `start`.
        if task.done() and not task.cancelled() and task is not self._raised:
            task.result()

    async def restart(self) -> discord.Client:
        await self.stop()
        return await self.start()

    async def kill(self) -> None:
        """A hard kill of the running instance, as `kill -9` of its process: nothing of the bot
        runs (no `close()`, no flush, no pending work finishing). At one instant every task of
        the instance is cancelled and its database connections are closed without COMMIT;
        then its HTTP session and gateway socket are dropped (requests the emulator holds for
        it never get an answer). Worker processes it started are left alone (module-level
        pools are shared with the next instance in this process)."""
        client, task, belongings = self.client, self.task, self.belongings
        self.client = self.task = self.belongings = None
        if client is None or task is None or belongings is None:
            return
        self.kills += 1
        belongings.dead = True
        for pool in belongings.pools:  # PostgreSQL: every connection dropped, as by a dead
            pool.terminate()  # process; the server rolls back what was not committed
        tasks = belongings.live_tasks()
        for victim in tasks:  # nothing of the instance runs past this instant but cleanups,
            victim.cancel()
        closing = [(c, _close_now(c)) for c in belongings.connections]  # which find no db
        self.emulator.drop_held()
        sockets = _gateway_sockets(client)
        for ws in sockets:
            keep_alive = getattr(ws, "_keep_alive", None)
            if keep_alive is not None:
                keep_alive.stop()
        sessions = {ws.session_id for ws in sockets}
        session = getattr(client.http, "_HTTPClient__session", None)
        if session is not None:
            with contextlib.suppress(Exception):
                await session.connector.close()
        await asyncio.gather(*(_fail_queued(c, f) for c, f in closing))
        if tasks:
            await asyncio.wait(tasks, timeout=KILL_TIMEOUT)
        for later in belongings.live_tasks():  # created by the cleanups themselves
            later.cancel()
        await asyncio.sleep(0)
        for connection in belongings.connections:
            await _fail_queued(connection, None)  # fail anything queued by those cleanups
        with contextlib.suppress(TimeoutError):  # its own sessions: other bots may be connected
            await self.emulator.wait_for(
                lambda: not any(s.id in sessions for s in self.emulator.gateway.live),
                KILL_TIMEOUT,
            )
        self.emulator.touch()


def _gateway_sockets(client: discord.Client) -> list[discord.gateway.DiscordWebSocket]:
    """The client's gateway connections: one, or one per shard of an AutoShardedClient."""
    shards = getattr(client, "_AutoShardedClient__shards", None) or {}
    found = [client.ws] + [shard.ws for shard in shards.values()]
    return [ws for ws in found if ws is not None]
