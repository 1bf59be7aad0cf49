"""Apps installed to a user, played in a group DM: install contexts, the interaction's context
and owners, a channel the bot cannot reach but by the interaction's token, the followup limit,
the token's 15 minutes, and the bulk overwrite that may not drop an Activity's entry point.

Each rule as Discord's documentation states it ("Receiving and Responding": interaction
context types, authorizing integration owners, `app_permissions` in (G)DMs, "Apps are limited to
5 followup messages per interaction if it was initiated from a user-installed app and isn't
installed in the server"; "Application Commands": `integration_types`, `contexts`, error
50240 for a bulk update that removes the Entry Point command).
"""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord.http import Route

from cogs.common import command_sync
from tests.emulator import DriverError, Emulator
from tests.emulator.emulator import ENTRY_POINT
from tests.emulator.interactions import PRIVATE_CHANNEL_PERMISSIONS

from .example_bot import ExampleBot


def answered(
    example: ExampleBot, text: str, view: discord.ui.View | None = None
) -> list[discord.Interaction[Any]]:
    """The example bot answers its probe command with `text` (and `view`); the interactions
    it answered, kept for their tokens."""
    kept: list[discord.Interaction[Any]] = []

    async def answer(interaction: discord.Interaction[Any]) -> None:
        kept.append(interaction)
        if view is None:
            await interaction.response.send_message(text)
        else:
            await interaction.response.send_message(text, view=view)

    example.probe = answer
    return kept


def group_dm(emu: Emulator) -> tuple[Any, Any, Any, Any]:
    alice, bob, cleo = emu.user("alice"), emu.user("bob"), emu.user("cleo")
    channel = emu.add_group_dm(alice, bob, cleo, name="friends")
    return alice, bob, cleo, channel


async def test_a_user_install_is_offered_in_a_group_dm_with_its_context_and_owner(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob, _, channel = group_dm(emu)
    synced = {command["name"]: command for command in emu.synced_commands(None)}
    assert synced["friends"]["integration_types"] == [0, 1]
    assert synced["friends"]["contexts"] == [0, 1, 2]
    with pytest.raises(DriverError, match="not offered"):
        await alice.at(channel).slash("friends")  # not installed to her account yet
    alice.install()
    with pytest.raises(DriverError, match="not offered"):
        await alice.at(channel).slash("probe")  # a server install's command: not here
    seen = answered(example, "a table for friends")
    result = await alice.at(channel).slash("friends")
    interaction = seen[0]
    assert interaction.guild_id is None and interaction.context.private_channel
    assert interaction._integration_owners == {1: alice.id}
    assert interaction.app_permissions.value == PRIVATE_CHANNEL_PERMISSIONS
    assert isinstance(interaction.channel, discord.GroupChannel)
    # Everyone in the group DM sees the answer; the bot, not in it, hears nothing of it.
    assert bob.channel("friends").last.id == result.response.id
    assert result.response.id not in example.seen_messages
    with pytest.raises(DriverError, match="not offered"):
        await bob.at(channel).slash("friends")  # bob did not install it


async def test_the_bot_cannot_reach_a_group_dm_by_rest_only_by_the_token(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob, _, channel = group_dm(emu)
    alice.install()
    kept = answered(example, "lobby", view=clickable())
    result = await alice.at(channel).slash("friends")
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
    with pytest.raises(discord.Forbidden) as caught:
        await example.http.request(route, json={"content": "by REST"})
    assert caught.value.code == 50001
    edit = Route(
        "PATCH",
        "/channels/{channel_id}/messages/{message_id}",
        channel_id=channel.id,
        message_id=result.response.id,
    )
    with pytest.raises(discord.Forbidden):
        await example.http.request(edit, json={"content": "by REST"})
    await kept[0].edit_original_response(content="by the token")
    assert bob.channel("friends").last.content == "by the token"
    assert not emu.violations  # refusals a correct bot meets, not rules broken


def clickable() -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Go", custom_id="go"))
    return view


async def test_a_click_in_a_group_dm_answers_to_the_install_that_made_the_message(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob, _, channel = group_dm(emu)
    alice.install()
    clicks: list[discord.Interaction[Any]] = []

    async def answer(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("lobby", view=clickable())

    async def on_interaction(interaction: discord.Interaction[Any]) -> None:
        if interaction.type is discord.InteractionType.component:
            clicks.append(interaction)
            await interaction.response.edit_message(content=f"{interaction.user.name} went")

    example.probe = answer
    example.add_listener(on_interaction)
    lobby = await alice.at(channel).slash("friends")
    await bob.click(lobby, "Go")  # bob never installed it: he may click all the same
    assert clicks[0].user.id == bob.id and clicks[0]._integration_owners == {1: alice.id}
    assert clicks[0].context.private_channel
    assert bob.channel("friends").last.content == "bob went"


async def test_followups_are_limited_to_five_where_only_a_user_install_authorized(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, _, _, channel = group_dm(emu)
    alice.install()
    codes: list[int] = []

    async def answer(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("table")
        for number in range(6):
            try:
                await interaction.followup.send(f"move {number}")
            except discord.HTTPException as error:
                codes.append(error.code)

    example.probe = answer
    await alice.at(channel).slash("friends")
    assert codes == [40094]
    assert len(alice.channel("friends").messages) == 6  # the response and five followups
    assert len(emu.take_violations()) == 1
    # In a server the same six followups are sent.
    codes.clear()
    await alice.slash("friends")
    assert codes == []


async def test_a_group_dm_token_edits_its_message_for_fifteen_minutes_then_50027(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob, _, channel = group_dm(emu)
    alice.install()
    kept = answered(example, "turn 1")
    await alice.at(channel).slash("friends")
    emu.advance(14 * 60)
    await kept[0].edit_original_response(content="turn 2")
    assert bob.channel("friends").last.content == "turn 2"
    emu.advance(61)
    with pytest.raises(discord.HTTPException) as caught:
        await kept[0].edit_original_response(content="turn 3")
    assert (caught.value.status, caught.value.code) == (401, 50027)
    assert bob.channel("friends").last.content == "turn 2"
    assert len(emu.take_violations()) == 1


async def test_a_bulk_overwrite_that_drops_the_entry_point_is_refused_with_50240(
    emu: Emulator, example: ExampleBot
) -> None:
    entry = emu.add_entry_point()
    with pytest.raises(discord.HTTPException) as caught:
        await example.tree.sync()  # discord.py's own sync sends only the bot's commands
    assert caught.value.code == 50240
    assert len(emu.take_violations()) == 1
    assert entry in emu.synced_commands(None)
    await command_sync.sync(example, example.tree)
    synced = emu.synced_commands(None)
    kept = [command for command in synced if command["type"] == ENTRY_POINT]
    assert [(command["id"], command["name"]) for command in kept] == [(entry["id"], "launch")]
    assert {"friends", "probe"} <= {command["name"] for command in synced}


def private_dm(emu: Emulator) -> tuple[Any, Any, Any]:
    alice, bob = emu.user("alice"), emu.user("bob")
    return alice, bob, emu.add_private_dm(alice, bob, name="alice-bob")


async def test_a_dm_between_two_people_is_a_private_channel_reached_by_a_user_install(
    emu: Emulator, example: ExampleBot
) -> None:
    """Discord's "DMs other than the app's bot user" are context 2 as a group DM is:
    only the installer's user install authorizes there, with the same `app_permissions`."""
    alice, bob, channel = private_dm(emu)
    with pytest.raises(DriverError, match="not offered"):
        await alice.at(channel).slash("friends")
    alice.install()
    with pytest.raises(DriverError, match="not offered"):
        await alice.at(channel).slash("probe")  # a server install's command
    seen = answered(example, "a table for two", view=clickable())
    result = await alice.at(channel).slash("friends")
    interaction = seen[0]
    assert interaction.guild_id is None and interaction.context.private_channel
    assert interaction._integration_owners == {1: alice.id}
    assert interaction.app_permissions.value == PRIVATE_CHANNEL_PERMISSIONS
    assert isinstance(interaction.channel, discord.DMChannel)
    assert interaction.channel.recipient is None  # not the bot's DM with anyone
    assert bob.channel("alice-bob").last.id == result.response.id
    assert result.response.id not in example.seen_messages
    with pytest.raises(DriverError, match="not offered"):
        await bob.at(channel).slash("friends")  # bob did not install it


async def test_the_bot_cannot_reach_a_dm_between_two_people_by_rest(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob, channel = private_dm(emu)
    alice.install()
    kept = answered(example, "lobby")
    result = await alice.at(channel).slash("friends")
    for method, path, body in [
        ("POST", "/channels/{channel_id}/messages", {"content": "by REST"}),
        ("GET", "/channels/{channel_id}/messages", None),
        ("PATCH", f"/channels/{{channel_id}}/messages/{result.response.id}", {"content": "x"}),
    ]:
        with pytest.raises(discord.Forbidden) as caught:
            await example.http.request(Route(method, path, channel_id=channel.id), json=body)
        assert caught.value.code == 50001
    await kept[0].edit_original_response(content="by the token")
    assert bob.channel("alice-bob").last.content == "by the token"
    assert not emu.violations


async def test_the_bots_own_dm_stays_its_dm_beside_a_dm_between_people(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, _, _ = private_dm(emu)
    alice.install()
    seen = answered(example, "in the bot's DM")
    await alice.at(alice.dm).slash("friends")
    assert seen[0].context.dm_channel and not seen[0].context.private_channel
    assert seen[0]._integration_owners == {0: 0, 1: alice.id}
    dm = await example.create_dm(discord.Object(alice.id))
    await dm.send("by REST")  # the bot is in its own DM
    assert alice.dm.last.content == "by REST"
