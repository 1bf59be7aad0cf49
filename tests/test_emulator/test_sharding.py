"""The emulator shards as Discord does, seen through discord.py's own sharded clients.

- `GET /gateway/bot` recommends `emu.shard_count`; AutoShardedClient identifies each shard with
  `[shard_id, shard_count]`, and each session is sent only its own guilds.
- A guild's events go only to the sessions of shard `(guild_id >> 22) % count`; DMs and DM
  interactions only to shard 0. Every session on a shard gets them (Discord allows several).
- An invalid shard is closed with 4010, too many guilds for one session with 4011: discord.py
  raises `ConnectionClosed` with that code and does not reconnect.
- Two "processes" (two clients in this loop), one shard of two each, see only their own guild.
- A connection that drops keeps its session (resumable by that client only): what Discord
  sends it meanwhile waits there, and is not redelivered to another session.
"""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import aiohttp
import discord
import pytest
from discord.ext import commands

from tests.emulator import BotRunner, Emulator
from tests.emulator.gateway import Session
from tests.emulator.world import Guild

from .conftest import point_at


class Listener(discord.AutoShardedClient):
    """A sharded client that notes the guild (None: a DM) of every message it hears."""

    def __init__(self, **options: Any) -> None:
        super().__init__(intents=discord.Intents.default(), **options)
        self.heard: list[int | None] = []

    async def on_message(self, message: discord.Message) -> None:
        self.heard.append(message.guild.id if message.guild is not None else None)


class WhereBot(commands.AutoShardedBot):
    """A sharded bot with one slash command, `/where`, usable in servers and in DMs."""

    def __init__(self, **options: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), **options
        )
        self.answered: list[int | None] = []

    async def setup_hook(self) -> None:
        @self.tree.command(name="where", description="Which server this is")
        async def where(interaction: discord.Interaction[Any]) -> None:
            self.answered.append(interaction.guild_id)
            await interaction.response.send_message("here", ephemeral=True)

        await self.tree.sync()


def on_shard(emu: Emulator, shard: int, count: int) -> list[Session]:
    return [s for s in emu.gateway.sessions.values() if s.shard_pair == (shard, count)]


def guild_ids(session: Session, event: str) -> list[int]:
    if event == "READY":
        return [int(g["id"]) for g in session.events("READY")[0]["guilds"]]
    return [int(data["id"]) for data in session.events(event)]


async def other_club(emu: Emulator, shard: int = 1, count: int = 2) -> Guild:
    """A second server on `shard` of `count`, its #general, and alice and bob in it too."""
    guild = await emu.add_guild("Other Club", "general", shard=shard, count=count)
    for name in ("alice", "bob"):
        emu.join(emu.user(name), guild)
    return guild


async def test_the_recommended_count_shards_the_client_and_each_shard_gets_only_its_guilds(
    emu: Emulator,
) -> None:
    point_at(emu)
    emu.shard_count = 2
    other = await other_club(emu)
    assert emu.shard_of(emu.guild) == 0 and emu.shard_of(other) == 1
    runner = BotRunner(emu, lambda: Listener())
    client = await runner.start()
    try:
        assert isinstance(client, discord.AutoShardedClient) and client.shard_count == 2
        assert sorted(s.shard_pair for s in emu.gateway.live) == [(0, 2), (1, 2)]
        [first], [second] = on_shard(emu, 0, 2), on_shard(emu, 1, 2)
        assert guild_ids(first, "READY") == guild_ids(first, "GUILD_CREATE") == [emu.guild.id]
        assert guild_ids(second, "READY") == guild_ids(second, "GUILD_CREATE") == [other.id]
        assert first.events("READY")[0]["shard"] == [0, 2]
        assert {g.id for g in client.guilds} == {emu.guild.id, other.id}
    finally:
        await runner.stop()


async def test_a_guilds_events_go_to_its_shard_and_dm_interactions_to_shard_0_only(
    emu: Emulator,
) -> None:
    point_at(emu)
    emu.shard_count = 2
    other = await other_club(emu)
    runner = BotRunner(emu, lambda: WhereBot())
    bot = await runner.start()
    assert isinstance(bot, WhereBot)
    try:
        [first], [second] = on_shard(emu, 0, 2), on_shard(emu, 1, 2)
        alice = emu.user("alice")
        there = await alice.at(emu.channel("general")).say("gg")
        here = await alice.say("hello")
        assert [m["id"] for m in second.events("MESSAGE_CREATE")] == [str(there.id)]
        assert [m["id"] for m in first.events("MESSAGE_CREATE")] == [str(here.id)]

        in_dm = await alice.at(alice.dm).slash("where")
        in_other = await alice.at(emu.channel("general")).slash("where")
        assert not in_dm.failed and not in_other.failed
        assert bot.answered == [None, other.id]
        assert [i.get("guild_id") for i in first.events("INTERACTION_CREATE")] == [None]
        assert [i.get("guild_id") for i in second.events("INTERACTION_CREATE")] == [str(other.id)]
    finally:
        await runner.stop()


async def test_an_invalid_shard_is_closed_with_4010_and_discord_py_gives_up(
    emu: Emulator,
) -> None:
    point_at(emu)
    runner = BotRunner(
        emu, lambda: discord.Client(intents=discord.Intents.default(), shard_id=2, shard_count=2)
    )
    with pytest.raises(discord.ConnectionClosed) as closed:
        await runner.start()
    await runner.stop()
    assert closed.value.code == 4010 and closed.value.shard_id == 2
    assert emu.gateway.identifies == 0 and not emu.gateway.sessions


@pytest.mark.parametrize(
    ("shard", "code"),
    [([0, 0], 4010), ([-1, 2], 4010), ([2, 2], 4010), ([1], 4010), (["0", "2"], 4010)],
)
async def test_identify_with_a_malformed_shard_pair_is_closed_with_4010(
    emu: Emulator, shard: Any, code: int
) -> None:
    async with aiohttp.ClientSession() as http, http.ws_connect(emu.gateway_url) as socket:
        hello = await socket.receive_json()
        assert hello["op"] == 10
        identify = {"token": emu.token, "intents": 1, "properties": {}, "shard": shard}
        await socket.send_str(json.dumps({"op": 2, "d": identify}))
        closing = await socket.receive()
        assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == code


async def test_a_valid_shard_pair_from_a_raw_socket_is_ready(emu: Emulator) -> None:
    async with aiohttp.ClientSession() as http, http.ws_connect(emu.gateway_url) as socket:
        await socket.receive_json()
        identify = {"token": emu.token, "intents": 1, "properties": {}, "shard": [1, 2]}
        await socket.send_str(json.dumps({"op": 2, "d": identify}))
        ready = await socket.receive_json()
        assert ready["t"] == "READY" and ready["d"]["shard"] == [1, 2]
        assert ready["d"]["guilds"] == []  # the home guild is on shard 0


async def test_too_many_guilds_for_one_session_is_closed_with_4011_until_the_bot_shards(
    emu: Emulator,
) -> None:
    point_at(emu)
    emu.max_guilds_per_shard = 1
    await other_club(emu)
    unsharded = BotRunner(emu, lambda: discord.Client(intents=discord.Intents.default()))
    with pytest.raises(discord.ConnectionClosed) as closed:
        await unsharded.start()
    await unsharded.stop()
    assert closed.value.code == 4011
    one_shard = BotRunner(emu, lambda: Listener(shard_count=1))
    with pytest.raises(discord.ConnectionClosed) as closed:
        await one_shard.start()
    await one_shard.stop()
    assert closed.value.code == 4011 and emu.gateway.identifies == 0

    emu.shard_count = 2  # what Discord then recommends
    sharded = BotRunner(emu, lambda: Listener())
    client = await sharded.start()
    try:
        assert client.shard_count == 2 and len(client.guilds) == 2
    finally:
        await sharded.stop()


async def test_two_processes_with_one_shard_of_two_each_hear_only_their_own_guild(
    emu: Emulator,
) -> None:
    point_at(emu)
    other = await other_club(emu)
    runners = [
        BotRunner(emu, partial(Listener, shard_ids=[shard], shard_count=2)) for shard in (0, 1)
    ]
    first, second = [await runner.start() for runner in runners]
    assert isinstance(first, Listener) and isinstance(second, Listener)
    try:
        assert [g.id for g in first.guilds] == [emu.guild.id]
        assert [g.id for g in second.guilds] == [other.id]
        alice = emu.user("alice")
        await alice.say("here")
        await alice.at(emu.channel("general")).say("there")
        await alice.say("here again")
        assert first.heard == [emu.guild.id, emu.guild.id]
        assert second.heard == [other.id]
    finally:
        for runner in runners:
            await runner.stop()


async def test_every_session_on_a_shard_gets_its_events(emu: Emulator) -> None:
    point_at(emu)
    other = await other_club(emu)
    runners = [BotRunner(emu, lambda: Listener(shard_ids=[1], shard_count=2)) for _ in range(2)]
    clients = [await runner.start() for runner in runners]
    try:
        await emu.user("alice").at(emu.channel("general")).say("gg")
        assert [c.heard for c in clients if isinstance(c, Listener)] == [[other.id], [other.id]]
    finally:
        for runner in runners:
            await runner.stop()


async def test_a_dropped_connection_keeps_its_session_and_nothing_is_redelivered(
    emu: Emulator,
) -> None:
    point_at(emu)
    await other_club(emu)
    runners = [
        BotRunner(emu, partial(WhereBot, shard_ids=[shard], shard_count=2)) for shard in (0, 1)
    ]
    for runner in runners:
        await runner.start()
    try:
        [first], [second] = on_shard(emu, 0, 2), on_shard(emu, 1, 2)
        await runners[1].kill()  # its socket drops: no close frame
        assert emu.gateway.sessions.get(second.id) is second and second.socket is None

        bob = emu.user("bob").at(emu.channel("general"))
        result = await bob.slash("where", expect_failure=True)
        assert result.failed  # "This interaction failed": nobody on shard 1 is connected
        assert len(second.events("INTERACTION_CREATE")) == 1  # kept for its RESUME
        assert first.events("INTERACTION_CREATE") == []

        await runners[0].stop()  # a shard closes with 1000: that ends its session
        assert first.closed_with == 1000 and first.id not in emu.gateway.sessions
    finally:
        for runner in runners:
            await runner.stop()
