"""Slash commands as a user types them: checked against the synced schema, answered on the wire."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.emulator import DriverError, Emulator
from tests.emulator.permissions import MANAGE_GUILD, SEND_MESSAGES

from .example_bot import ExampleBot


async def test_a_subcommand_with_a_choice_opens_a_table_visible_to_everyone(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", variant="partnership", players=4)).response
    assert lobby is not None and lobby.content == "Table 1: partnership for 4 (rated)"
    assert lobby.labels == ["Start", "Rename", "Refresh", "Join"]
    assert lobby.visible_to(bob) and not lobby.ephemeral
    assert emu.channel("domino").last == lobby


async def test_a_choice_may_be_typed_by_its_name_and_is_sent_as_its_value(
    emu: Emulator, example: ExampleBot
) -> None:
    lobby = (await emu.user("alice").slash("domino new", variant="Draw", rated=False)).response
    assert lobby is not None and lobby.content == "Table 1: draw for 4"


@pytest.mark.parametrize(
    ("command", "values", "reason"),
    [
        ("domino new", {"variant": "chess"}, "not a choice"),
        ("domino new", {"variant": "draw", "seats": 3}, "unknown options"),
        ("domino new", {"variant": "draw", "players": 5}, "outside 2..4"),
        ("domino new", {"variant": "draw", "players": "four"}, "takes a number"),
        ("domino new", {"players": 3}, "required options missing"),
        ("domino open", {}, "no subcommand"),
        ("domino", {}, "needs a subcommand"),
        ("dominoes new", {}, "no slash command"),
    ],
)
async def test_the_client_refuses_what_the_synced_schema_does_not_allow(
    emu: Emulator, example: ExampleBot, command: str, values: dict[str, Any], reason: str
) -> None:
    with pytest.raises(DriverError, match=reason):
        await emu.user("alice").slash(command, **values)
    assert emu.interactions == {}


async def test_an_ephemeral_answer_is_seen_by_the_invoker_and_nobody_else(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    result = await alice.slash("domino help")
    assert result.ephemeral and result.response is not None
    assert result.response.visible_to(alice) and not result.response.visible_to(bob)
    assert alice.channel().last == result.response
    assert bob.channel().last is None and emu.channel().last is None


async def test_autocomplete_offers_what_the_bot_suggests_for_the_typed_prefix(
    emu: Emulator, example: ExampleBot
) -> None:
    choices = await emu.user("alice").autocomplete("domino rules", "variant", "b")
    assert [c["value"] for c in choices] == ["block", "bergen"]


async def test_a_user_option_carries_the_resolved_member(
    emu: Emulator, example: ExampleBot
) -> None:
    bob = emu.user("bob")
    result = await emu.user("alice").slash("leaderboard", player=bob)
    assert result.response is not None and result.response.content == "Leaderboard for bob"


async def test_a_deferred_thinking_answer_is_filled_by_the_first_followup(
    emu: Emulator, example: ExampleBot
) -> None:
    result = await emu.user("alice").slash("domino picture")
    board = result.response
    assert board is not None and not board.loading
    assert board.content == "The board" and result.followups == []
    assert board.files[0].is_png and board.files[0].image().size == (32, 16)


async def test_a_private_deferred_answer_stays_ephemeral_when_filled(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    board = (await alice.slash("domino picture", private=True)).response
    assert board is not None and board.ephemeral and board.files[0].is_png
    assert not board.visible_to(bob)


async def test_a_modal_opens_and_its_submission_reaches_the_bot(
    emu: Emulator, example: ExampleBot
) -> None:
    alice = emu.user("alice")
    opened = await alice.slash("domino config")
    assert opened.modal is not None and opened.modal.title == "Table settings"
    assert [i.label for i in opened.modal.inputs] == ["Target score"]
    with pytest.raises(DriverError, match="characters"):
        await alice.submit(opened, {"Target score": "12345"})
    submitted = await alice.submit(opened, {"Target score": "150"})
    assert submitted.response is not None and submitted.response.content == "Target 150"


async def test_a_command_with_default_permissions_is_hidden_until_a_role_grants_them(
    emu: Emulator, example: ExampleBot
) -> None:
    alice = emu.user("alice")
    with pytest.raises(DriverError, match="hidden"):
        await alice.slash("season")
    emu.add_role("Organiser", MANAGE_GUILD, alice)
    result = await alice.slash("season")
    assert result.response is not None and result.response.seen_by == ["alice", "owner"]


async def test_a_new_channel_and_a_new_guild_reach_the_connected_bot(
    emu: Emulator, example: ExampleBot
) -> None:
    lounge = await emu.add_channel("lounge")
    club = await emu.add_guild("Second Club")
    await emu.settle()
    assert example.get_channel(lounge.id) is not None
    guild = example.get_guild(club.id)
    assert guild is not None and [c.name for c in guild.text_channels] == ["general"]
    alice = emu.user("alice")
    with pytest.raises(DriverError, match="not a member of Second Club"):
        await alice.at(emu.channel("general")).slash("leaderboard")
    emu.join(alice, club)
    general = emu.channel("general")
    answered = await alice.at(general).slash("leaderboard")
    assert answered.response is not None and answered.response.channel.name == "general"


async def test_a_subcommand_in_a_group_is_typed_by_its_full_path(
    emu: Emulator, example: ExampleBot
) -> None:
    alice = emu.user("alice")
    result = await alice.slash("domino admin reset", table=3)
    assert result.response is not None and result.response.content == "Table 3 reset"
    with pytest.raises(DriverError, match="needs a subcommand"):
        await alice.slash("domino admin")


async def test_the_interaction_carries_the_members_permissions_in_the_channel(
    emu: Emulator, example: ExampleBot
) -> None:
    alice = emu.user("alice")
    emu.world.deny(emu.home, alice.id, SEND_MESSAGES)
    seen: list[discord.Permissions] = []

    async def look(interaction: discord.Interaction[Any]) -> None:
        seen.append(interaction.permissions)
        await interaction.response.send_message("noted", ephemeral=True)

    example.probe = look
    await alice.slash("probe")
    assert seen[0].view_channel and not seen[0].send_messages
