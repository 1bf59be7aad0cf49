"""The emulator: a loopback Discord (REST + gateway) and the world it serves.

`async with Emulator() as emu:` starts the server on 127.0.0.1 (port 0); `emu.api_base` and
`emu.gateway_url` are what a bot is pointed at. Three lists record what a test should look at:
`unhandled` (requests to routes the emulator does not know), `violations` (rules the bot broke;
with `strict` on, the default, such a request also fails exactly as Discord fails it) and
`refusals` (errors a correct bot meets and handles, such as 50007 for closed DMs).

Timing knobs (see DISCORD.md's table):
- `ack_deadline`: seconds, on the emulator clock, within which the first response must arrive.
  Discord's rule is 3 s; the default adds `ACK_GRACE` (1.5 s, or `EMULATOR_ACK_GRACE` from the
  environment) so that a loaded 2-core CI machine does not turn a fast bot into a flaky test.
  A test that measures the rule itself sets `emu.ack_deadline = 3.0`.
- `advance(seconds)` moves the emulator clock: expired tokens and missed deadlines without
  waiting. The bot's own timers are real time and do not move.

Sharding (see gateway.py): `shard_count` is the count `GET /gateway/bot` recommends, and
`max_guilds_per_shard` the most guilds one session may hold (4011 above it). The home guild is
on shard 0 of every count from 1 to 12; `add_guild(shard=1)` makes one on another shard.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web

from . import interactions as i
from .clock import Clock
from .errors import ENTRY_POINT_REMOVED, DiscordError
from .gateway import GUILDS, Gateway, Session, shard_of
from .localizations import LOCALES, as_seen_by
from .mentions import Ping
from .payloads import guild_create_payload
from .ratelimit import RateLimiter
from .server import build_app
from .world import GUILD_INSTALL, USER_INSTALL, Channel, Guild, Role, User, World

if TYPE_CHECKING:
    from .driver import Person
    from .process import BotProcess
    from .seen import SeenChannel

T = TypeVar("T")

#: A PRIMARY_ENTRY_POINT command (an Activity's launcher): a bulk overwrite may not drop it.
ENTRY_POINT = 4

DISCORD_ACK_SECONDS = 3.0
ACK_GRACE = float(os.environ.get("EMULATOR_ACK_GRACE", "1.5"))
DEFAULT_ATTACHMENT_LIMIT = 10 * 1024 * 1024
#: Task names discord.py gives to event handlers, command and component callbacks: while one of
#: them runs in this event loop (an in-process bot) the bot is not idle.
BUSY_TASK_PREFIXES = (
    "discord.py: ",
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-modal-dispatch-",
    "discord-ui-dynamic-item-",
)
QUIET_SECONDS = 0.05
#: Discord's most guilds per session: more and IDENTIFY is closed with 4011 (shard instead).
MAX_GUILDS_PER_SHARD = 2500
#: The home guild's shard is 0 for every shard count that divides this (1 to 12 all do).
HOME_SHARD_COUNTS = 27720
LOOP_TURNS = 10
#: A request as `hold` and `fail` see it: method and path without the API prefix
#: ("POST", "/channels/123/messages").
RequestPredicate = Callable[[str, str], bool]


@dataclass
class Held:
    """A request from the bot the emulator does not answer yet (`Emulator.hold`)."""

    method: str
    path: str
    released: asyncio.Event = field(default_factory=asyncio.Event)
    dropped: bool = False  # the bot was killed: the request is never answered nor carried out


@dataclass
class Failing:
    """The next `times` requests matching `predicate` fail with `status` (`Emulator.fail`)."""

    predicate: RequestPredicate
    status: int
    times: int
    retry_after: float


class Emulator:
    def __init__(
        self,
        *,
        token: str = "emulator-bot-token",
        guild_name: str = "Domino Club",
        channel_name: str = "domino",
        strict: bool = True,
        rate_limits: bool = True,
        host: str = "127.0.0.1",
    ) -> None:
        #: The address it listens on and names in its URLs: loopback, or (for bots in
        #: containers on a bridge network) an address of this machine they can reach.
        self.host = host
        self.token = token
        self.strict = strict
        self.clock = Clock()
        self.world = World(self.clock)
        self.gateway = Gateway(self)
        self.rate_limiter = RateLimiter(enabled=rate_limits)
        self.privileged_intents = 0
        #: The shard count `GET /gateway/bot` recommends (what AutoShardedClient then uses).
        self.shard_count = 1
        #: The most guilds one gateway session may hold; IDENTIFY beyond it is closed with 4011.
        self.max_guilds_per_shard = MAX_GUILDS_PER_SHARD
        self.application_flags = 0
        #: How the app may be installed (0: to a server, 1: to a user's account).
        self.install_types: set[int] = {GUILD_INSTALL, USER_INSTALL}
        self.attachment_size_limit = DEFAULT_ATTACHMENT_LIMIT
        self.ack_deadline = DISCORD_ACK_SECONDS + ACK_GRACE
        self.token_lifetime = i.TOKEN_LIFETIME
        self.unhandled: list[str] = []
        self.violations: list[str] = []
        self.refusals: list[str] = []
        self.rate_limited: list[str] = []
        #: every request the bot made, by method and route ("PATCH /channels/{channel_id}/...")
        self.requests: Counter[str] = Counter()
        #: Every message create or edit that pinged someone (see mentions.py).
        self.pings: list[Ping] = []
        self.interactions: dict[int, i.Interaction] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.command_syncs: list[int | None] = []
        self.command_creates = 0
        self.in_flight = 0
        #: Requests held unanswered (`hold`), oldest first; `holding` is what to hold.
        self.held: list[Held] = []
        self.holding: list[RequestPredicate] = []
        self.failing: list[Failing] = []
        #: Every request answered with an injected error (`fail`): "STATUS METHOD PATH".
        self.failed: list[str] = []
        #: `settle` waits while a task whose name starts with one of these runs; a bot adds the
        #: names of its own short-lived work (say "show-"), and lists long-lived loops that share
        #: a prefix (say "table-scheduler") in `idle_task_names`.
        self.busy_task_prefixes: tuple[str, ...] = BUSY_TASK_PREFIXES
        self.idle_task_names: set[str] = set()
        #: How long nothing must happen for `settle`: a bot in another process shows no
        #: handler tasks here, so `BotProcess` raises it (see process.py).
        self.quiet_seconds = QUIET_SECONDS
        #: Bots running as child processes (`BotProcess`), stopped when the test ends.
        self.processes: list[BotProcess] = []
        self._changed = asyncio.Event()
        self._last_activity = 0.0
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.owner = self.world.add_user("owner")
        home_id = self.clock.past_snowflake(shard=0, count=HOME_SHARD_COUNTS)
        self.guild: Guild = self.world.add_guild(guild_name, self.owner, guild_id=home_id)
        self.home: Channel = self.world.add_text_channel(self.guild, channel_name)
        self.bot_runner: Any = None  # set by the pytest fixture: see fixtures.BotRunner
        #: Called with ("create" | "edit", message) for every version of a message as it is
        #: stored, and ("thread", channel) when a thread is created or renamed: tests that
        #: must read every version (not only the last one) register here.
        self.observers: list[Callable[[str, Any], None]] = []

    # -- lifecycle ------------------------------------------------------------------------
    async def start(self) -> None:
        self._runner = web.AppRunner(build_app(self), access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Emulator:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    # -- bookkeeping ----------------------------------------------------------------------
    def observe(self, kind: str, thing: Any) -> None:
        """Tell the `observers` about a message version or a thread name just stored."""
        for observer in self.observers:
            observer(kind, thing)

    def touch(self) -> None:
        """Something happened: wake `wait_for`, restart the quiet period of `settle`."""
        self._last_activity = asyncio.get_running_loop().time()
        self._changed.set()

    def record_unhandled(self, what: str) -> None:
        self.unhandled.append(what)

    def record_violation(self, what: str) -> None:
        self.violations.append(what)
        self.touch()

    def record_error(self, where: str, error: DiscordError) -> None:
        (self.violations if error.bot_fault else self.refusals).append(f"{where}: {error}")
        self.touch()

    def enforce(self, action: Callable[[bool], T]) -> T:
        """Run a checked action; in lenient mode a broken rule is recorded and let through."""
        try:
            return action(True)
        except DiscordError as error:
            if self.strict or not error.bot_fault or error.status not in (400, 413):
                raise
            self.record_violation(f"(let through, strict off) {error}")
            return action(False)

    def take_violations(self) -> list[str]:
        """Return and clear `violations` (a test that breaks a rule on purpose)."""
        taken, self.violations = self.violations, []
        return taken

    def interaction_by_token(self, token: str) -> i.Interaction | None:
        for interaction in self.interactions.values():
            if interaction.token == token:
                return interaction
        return None

    # -- commands -------------------------------------------------------------------------
    def store_commands(
        self, guild_id: int | None, commands: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        previous = {c["name"]: c for c in self.commands.get(guild_id, [])}
        if any(c.get("type") == ENTRY_POINT for c in previous.values()) and not any(
            c.get("type") == ENTRY_POINT for c in commands
        ):
            raise DiscordError(
                400,
                ENTRY_POINT_REMOVED,
                "You cannot remove this app's Entry Point command in a bulk update operation."
                " Please include the Entry Point command in your update request or delete it"
                " separately.",
            )
        creates = sum(1 for c in commands if c["name"] not in previous)
        if self.command_creates + creates > 200:
            raise DiscordError(
                429, 30034, "Max number of daily application command creates has been reached (200)"
            )
        self.command_creates += creates
        stored = []
        for command in commands:
            old = previous.get(command["name"])
            body = dict(command)
            body.setdefault("type", 1)
            body["id"] = old["id"] if old else str(self.clock.snowflake())
            body["application_id"] = str(self.world.application_id)
            body["version"] = str(self.clock.snowflake())
            if guild_id is not None:
                body["guild_id"] = str(guild_id)
            stored.append(body)
        self.commands[guild_id] = stored
        self.command_syncs.append(guild_id)
        self.touch()
        return stored

    def add_entry_point(self, name: str = "launch") -> dict[str, Any]:
        """The app's Activity entry point (a global PRIMARY_ENTRY_POINT command, type 4), as
        Discord makes it when an Activity is enabled in the developer portal."""
        command = {
            "id": str(self.clock.snowflake()),
            "application_id": str(self.world.application_id),
            "version": str(self.clock.snowflake()),
            "type": ENTRY_POINT,
            "name": name,
            "description": "",
            "handler": 2,
            "integration_types": sorted(self.install_types),
            "contexts": [0, 1, 2],
        }
        self.commands.setdefault(None, []).append(command)
        return command

    def synced_commands(self, guild_id: int | None) -> list[dict[str, Any]]:
        return list(self.commands.get(guild_id, []))

    def commands_as_seen_by(self, locale: str, guild: Guild | None = None) -> list[dict[str, Any]]:
        """The slash commands a client in `locale` lists in `guild` (default: the home guild;
        the global ones too), with the names and descriptions it shows: see
        `localizations.as_seen_by`."""
        where = guild or self.guild
        pool = self.commands.get(None, []) + self.commands.get(where.id, [])
        return [as_seen_by(command, locale) for command in pool if command.get("type", 1) == 1]

    # -- time and waiting -----------------------------------------------------------------
    def advance(self, seconds: float) -> None:
        """Move the emulator clock (deadlines, token expiry); the bot's own timers are real."""
        self.clock.advance(seconds)
        self.touch()

    # -- faults -----------------------------------------------------------------------------
    def hold(self, predicate: RequestPredicate) -> None:
        """From now on, requests from the bot matching `predicate(method, path)` (path without
        the API prefix) are held unanswered, and not carried out, until `release()`; when the
        bot is killed meanwhile they are dropped: never answered, never carried out, as with a
        process that died mid-request. A held request does not count as in flight, and while
        any is held no task counts as busy (one of them waits for the answer): `settle`
        returns once the rest is quiet. They are listed in `held`."""
        self.holding.append(predicate)

    def holds(self, method: str, path: str) -> bool:
        return any(predicate(method, path) for predicate in self.holding)

    def release(self) -> None:
        """Stop holding; every held request is carried out and answered now, in order."""
        self.holding.clear()
        held, self.held = self.held, []
        for request in held:
            request.released.set()
        self.touch()

    def drop_held(self) -> None:
        """The bot died: held requests are never answered nor carried out (`BotRunner.kill`)."""
        self.holding.clear()
        held, self.held = self.held, []
        for request in held:
            request.dropped = True
            request.released.set()
        self.touch()

    def fail(
        self,
        predicate: RequestPredicate,
        status: int = 500,
        times: int = 1,
        retry_after: float = 0.5,
    ) -> None:
        """The next `times` requests matching `predicate(method, path)` are answered with
        `status` instead of being carried out, as Discord does in an outage: 500, 502, 503,
        504 (a JSON error body), or 429 (a rate limit with `Retry-After: retry_after`, not
        global). Each is listed in `failed`. discord.py itself retries 500, 502 and 504 (after
        1 s, 3 s, ...) and 429 (after `retry_after`); 503 reaches the bot as an error."""
        if status not in (429, 500, 502, 503, 504):
            raise ValueError(f"{status} is not an outage status Discord sends")
        self.failing.append(Failing(predicate, status, times, retry_after))

    def failure_for(self, method: str, path: str) -> Failing | None:
        for rule in self.failing:
            if rule.times > 0 and rule.predicate(method, path):
                rule.times -= 1
                self.failed.append(f"{rule.status} {method} {path}")
                return rule
        return None

    def is_dm(self, path: str) -> bool:
        """Whether `path` (as `hold` and `fail` predicates see it) is about a DM channel."""
        parts = path.split("/")
        if len(parts) < 3 or parts[1] != "channels" or not parts[2].isdigit():
            return False
        channel = self.world.channels.get(int(parts[2]))
        return channel is not None and channel.recipient is not None

    def busy_tasks(self) -> list[str]:
        current = asyncio.current_task()
        return [
            t.get_name()
            for t in asyncio.all_tasks()
            if t is not current
            and not t.done()
            and t.get_name().startswith(self.busy_task_prefixes)
            and t.get_name() not in self.idle_task_names
        ]

    def idle(self) -> bool:
        loop = asyncio.get_running_loop()
        return (
            self.in_flight == 0
            and self.gateway.sending == 0
            and loop.time() - self._last_activity >= self.quiet_seconds
            and (bool(self.held) or not self.busy_tasks())
        )

    async def settle(self, timeout: float = 10.0) -> None:
        """Wait until the bot is idle: nothing in flight, no handler running, a quiet moment."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not await self.stays_idle():
            if loop.time() > deadline:
                raise TimeoutError(
                    f"the bot did not settle in {timeout}s: {self.in_flight} requests in flight,"
                    f" busy tasks {self.busy_tasks()}"
                )
            await self._wait_change(self.quiet_seconds / 2)

    async def stays_idle(self) -> bool:
        """Idle, and still idle after a few turns of the event loop: a frame already written to
        an in-process bot's socket is read within them, however slow the machine (50 ms of
        wall-clock quiet alone can pass while a loaded machine runs another process)."""
        if not self.idle():
            return False
        quiet_since = self._last_activity
        for _ in range(LOOP_TURNS):
            await asyncio.sleep(0)
        return self._last_activity == quiet_since and self.idle()

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = 10.0) -> T:
        """The first truthy value of `predicate()`, re-checked whenever the emulator changes."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"condition not met within {timeout}s")
            await self._wait_change(min(remaining, 0.1))

    def ready_sessions(self, count: int, *, since: int = 0) -> list[Session] | None:
        """The first `count` gateway sessions identified after the `since`-th IDENTIFY that
        are connected and have been sent READY and their guilds; None while fewer are."""
        sessions = [
            s
            for s in self.gateway.sessions.values()
            if s.number > since and s.ready and s.socket is not None
        ]
        return sessions[:count] if len(sessions) >= count else None

    async def wait_sessions(
        self, count: int, *, since: int = 0, timeout: float = 30.0
    ) -> list[Session]:
        """`ready_sessions` once there are `count` of them: with `since` the value of
        `gateway.identifies` before a bot of `count` shards started, that bot is logged in
        everywhere."""
        return await self.wait_for(lambda: self.ready_sessions(count, since=since), timeout)

    async def _wait_change(self, timeout: float) -> None:
        self._changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)

    # -- the world, for tests -------------------------------------------------------------
    def user(self, name: str, locale: str | None = None) -> Person:
        """The person called `name` (created and joined to the guild on first use). `locale` is
        their client's Discord locale (`"es-ES"`, `"pl"`; "en-US" for a new person when left
        out): their interactions carry it, and their client shows commands in it."""
        from .driver import Person

        if locale is not None and locale not in LOCALES:
            raise ValueError(f"{locale!r} is not a Discord locale: {sorted(LOCALES)}")
        try:
            user = self.world.user_named(name)
        except KeyError:
            user = self.world.add_user(name)
            self.world.join(self.guild, user)
        if locale is not None:
            user.locale = locale
        return Person(self, user, self.home)

    @property
    def guild_locale(self) -> str:
        """The home guild's `preferred_locale` (interactions' `guild_locale`). Set it before the
        bot starts (`@pytest.mark.emulator(guild_locale="es-ES")`) for the bot's cached guild to
        show it too; a later change reaches the bot through interactions only."""
        return self.guild.preferred_locale

    @guild_locale.setter
    def guild_locale(self, locale: str) -> None:
        if locale not in LOCALES:
            raise ValueError(f"{locale!r} is not a Discord locale")
        self.guild.preferred_locale = locale

    def channel(self, name: str | None = None) -> SeenChannel:
        """A guild channel or thread as everyone sees it (no ephemeral messages)."""
        from .seen import SeenChannel

        found = self.home if name is None else self.world.channel_named(name)
        return SeenChannel(self, found, None)

    def thread(self, name: str) -> SeenChannel:
        return self.channel(name)

    def dm(self, name: str) -> SeenChannel:
        """The bot's DM channel with the user called `name`, as that user sees it."""
        from .seen import SeenChannel

        user: User = self.world.user_named(name)
        return SeenChannel(self, self.world.dm_channel(user), user)

    def add_group_dm(self, owner: Person, *others: Person, name: str) -> Channel:
        """A group DM of these people (no bot is in it; `person.channel(name)` is how one of
        them sees it, `person.at(channel)` where they type)."""
        return self.world.add_group_dm(owner.user, *(other.user for other in others), name=name)

    def add_private_dm(self, one: Person, other: Person, *, name: str) -> Channel:
        """The DM between two people (the bot is not in it: Discord's context 2, "DMs other
        than the app's bot user"; `person.channel(name)` is how either sees it, `person.at(
        channel)` where they type). `Person.dm` stays the bot's own DM with a person."""
        return self.world.add_private_dm(one.user, other.user, name=name)

    async def add_channel(self, name: str, guild: Guild | None = None) -> SeenChannel:
        """A new text channel; a connected bot hears CHANNEL_CREATE."""
        channel = self.world.add_text_channel(guild or self.guild, name)
        body = channel.payload()
        await self.gateway.dispatch("CHANNEL_CREATE", body, intent=GUILDS)
        return self.channel(name)

    async def add_guild(
        self,
        name: str = "Other Club",
        channel_name: str = "general",
        *,
        shard: int | None = None,
        count: int | None = None,
    ) -> Guild:
        """Another guild with one text channel; the connected sessions of its shard get its
        GUILD_CREATE. `shard` puts it on that shard of `count` (default `shard_count`): its id
        is picked so that `(id >> 22) % count == shard`."""
        guild_id = None
        if shard is not None:
            guild_id = self.clock.past_snowflake(shard=shard, count=count or self.shard_count)
        guild = self.world.add_guild(name, self.owner, guild_id=guild_id)
        self.world.add_text_channel(guild, channel_name)
        await self.gateway.dispatch(
            "GUILD_CREATE", guild_create_payload(self.world, guild), intent=GUILDS
        )
        return guild

    def shard_of(self, guild: Guild, count: int | None = None) -> int:
        """The shard of `count` (default `shard_count`) that gets `guild`'s events."""
        return shard_of(guild.id, count or self.shard_count)

    def join(self, person: Person, guild: Guild) -> None:
        """`person` joins `guild` (they can then type commands in its channels)."""
        self.world.join(guild, person.user)

    def deny_bot(self, permissions: int, channel: SeenChannel | Channel | None = None) -> None:
        """Take `permissions` (world.py's bits) from the bot in `channel` (default: #domino)."""
        self.world.deny(self._channel_of(channel), self.world.bot_user.id, permissions)

    def allow_bot(self, permissions: int, channel: SeenChannel | Channel | None = None) -> None:
        self.world.allow(self._channel_of(channel), self.world.bot_user.id, permissions)

    async def delete_channel(self, channel: SeenChannel | Channel) -> None:
        """A moderator deletes a text channel (its threads go with it) or a thread, as Discord
        does: every route on it answers 404 Unknown Channel (10003) from now on, and a
        connected bot hears CHANNEL_DELETE (a channel) or THREAD_DELETE (a thread)."""
        target = self._channel_of(channel)
        target.deleted = True
        if target.is_thread:
            body = {
                "id": str(target.id),
                "guild_id": str(target.guild_id),
                "parent_id": str(target.parent_id),
                "type": target.type,
            }
            await self.gateway.dispatch("THREAD_DELETE", body, intent=GUILDS)
            return
        for thread in list(self.world.channels.values()):
            if thread.parent_id == target.id and thread.is_thread:
                thread.deleted = True
        await self.gateway.dispatch("CHANNEL_DELETE", target.payload(), intent=GUILDS)

    def _channel_of(self, channel: SeenChannel | Channel | None) -> Channel:
        if channel is None:
            return self.home
        return channel if isinstance(channel, Channel) else channel.channel

    def add_role(self, name: str, permissions: int, *members: Person) -> Role:
        """A role in the home guild with `permissions`, given to `members`."""
        role = Role(self.clock.snowflake(), name, permissions, position=len(self.guild.roles))
        self.guild.roles[role.id] = role
        for person in members:
            self.guild.members[person.user.id].role_ids.append(role.id)
        return role

    async def restart_bot(self) -> Any:
        """Stop the in-process bot and start a fresh instance against the same world."""
        if self.bot_runner is None:
            raise RuntimeError("no bot runs in-process here: use the `bot` fixture")
        return await self.bot_runner.restart()

    async def kill_bot(self) -> None:
        """Kill the in-process bot hard, as `kill -9` kills a process (see `BotRunner.kill`):
        none of its code runs any more, its open database transaction rolls back, its held
        requests are never answered. `start_bot()` starts the next instance."""
        if self.bot_runner is None:
            raise RuntimeError("no bot runs in-process here: use the `bot` fixture")
        await self.bot_runner.kill()

    async def start_bot(self) -> Any:
        """Start a new instance of the bot on the same world and database (after `kill_bot`,
        as a process manager restarts a process that died)."""
        if self.bot_runner is None:
            raise RuntimeError("no bot runs in-process here: use the `bot` fixture")
        if self.bot_runner.client is not None:
            raise RuntimeError("the bot is running: `restart_bot()` or `kill_bot()` first")
        return await self.bot_runner.start()
