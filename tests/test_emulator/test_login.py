"""Login, READY, GUILD_CREATE, command sync, resume: what discord.py does before anything else."""

from __future__ import annotations

import asyncio

import discord
import pytest

from tests.emulator import BotRunner, Emulator

from .conftest import point_at
from .example_bot import ExampleBot


async def test_bot_logs_in_sees_the_guild_and_syncs_its_commands(
    emu: Emulator, example: ExampleBot
) -> None:
    assert example.user is not None and example.user.id == emu.world.bot_user.id
    guild = example.get_guild(emu.guild.id)
    assert guild is not None and guild.name == "Domino Club"
    assert [c.name for c in guild.text_channels] == ["domino"]
    assert guild.me.guild_permissions.send_messages
    names = sorted(c["name"] for c in emu.commands[None])
    assert names == ["domino", "friends", "leaderboard", "probe", "season"]
    assert emu.gateway.identifies == 1
    assert example.latency < 5  # the first heartbeat was acknowledged


async def test_a_wrong_token_is_refused_at_login(emu: Emulator) -> None:
    point_at(emu)
    client = discord.Client(intents=discord.Intents.default())
    with pytest.raises(discord.LoginFailure):
        await client.login("not-the-token")
    await client.close()


async def test_a_privileged_intent_not_enabled_closes_the_gateway_with_4014(emu: Emulator) -> None:
    point_at(emu)
    runner = BotRunner(emu, lambda: ExampleBot(intents=discord.Intents.all()))
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await runner.start()
    await runner.stop()


async def test_a_reconnect_request_resumes_the_session_and_replays_missed_events(
    emu: Emulator, example: ExampleBot
) -> None:
    await emu.gateway.request_reconnect()
    await emu.wait_for(lambda: emu.gateway.resumes == 1 and emu.gateway.live)
    result = await emu.user("alice").slash("domino help")
    assert result.response is not None and result.response.content == "Only you can see this."
    assert emu.gateway.identifies == 1


async def test_an_unchanged_command_set_is_not_recreated_on_restart(
    emu: Emulator, example: ExampleBot
) -> None:
    creates = emu.command_creates
    await emu.restart_bot()
    assert emu.command_creates == creates == 5
    assert len(emu.command_syncs) == 2


async def test_events_missed_during_a_reconnect_are_replayed_once_on_resume(
    emu: Emulator, example: ExampleBot
) -> None:
    alice = emu.user("alice")
    await emu.gateway.request_reconnect()
    said = await alice.say("gg")  # sent while the client is dropping its socket
    await emu.wait_for(lambda: emu.gateway.resumes == 1 and emu.gateway.live)
    await emu.wait_for(lambda: said.id in example.seen_messages)
    await emu.settle()
    assert example.seen_messages.count(said.id) == 1
    assert emu.gateway.replayed == 1


async def test_a_sharded_client_asks_for_the_gateway_and_identifies_with_its_shard(
    emu: Emulator,
) -> None:
    point_at(emu)
    runner = BotRunner(emu, lambda: discord.AutoShardedClient(intents=discord.Intents.default()))
    client = await runner.start()
    assert isinstance(client, discord.AutoShardedClient) and client.shard_count == 1
    assert [s.shard for s in emu.gateway.sessions.values()] == [[0, 1]]
    await runner.stop()


@pytest.mark.emulator(privileged_intents=discord.Intents.members.flag, rate_limits=False)
async def test_a_marker_configures_the_emulator_before_the_bot_starts(emu: Emulator) -> None:
    point_at(emu)
    intents = discord.Intents.default()
    intents.members = True
    runner = BotRunner(emu, lambda: ExampleBot(intents=intents))
    client = await runner.start()
    assert client.intents.members and not emu.rate_limiter.enabled
    await runner.stop()


async def test_settle_waits_for_the_bots_named_background_work(
    emu: Emulator, example: ExampleBot
) -> None:
    done = asyncio.Event()

    async def render() -> None:
        await asyncio.sleep(0.3)
        done.set()

    async def forever() -> None:
        await asyncio.Event().wait()

    emu.busy_task_prefixes += ("show-", "table-")
    emu.idle_task_names.add("table-scheduler")
    loop_task = asyncio.create_task(forever(), name="table-scheduler")
    asyncio.create_task(render(), name="show-1")  # noqa: RUF006 - settle must find it by name
    await emu.settle()
    assert done.is_set()
    loop_task.cancel()


@pytest.mark.emulator(privileged_intents=discord.Intents.members.flag)
async def test_a_member_query_is_answered_with_a_member_chunk(emu: Emulator) -> None:
    point_at(emu)
    for name in ("alice", "albert", "bob"):
        emu.user(name)
    intents = discord.Intents.default()
    intents.members = True
    runner = BotRunner(emu, lambda: ExampleBot(intents=intents))
    client = await runner.start()
    guild = client.get_guild(emu.guild.id)
    assert guild is not None
    found = await guild.query_members("al")
    assert sorted(m.name for m in found) == ["albert", "alice"]
    await runner.stop()
