"""Buttons, selects, DMs and threads: clicks travel as interactions and answers edit messages."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from tests.emulator import DriverError, Emulator
from tests.emulator.permissions import CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS

from .example_bot import ExampleBot


async def test_a_click_on_join_updates_the_lobby_in_place(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", variant="draw")).response
    joined = await bob.click(lobby, "Join")
    assert joined.type == 7 and joined.response == lobby
    assert lobby is not None and lobby.content == "Table 1: bob" and lobby.edited
    await alice.click(lobby, "Join")
    assert lobby.content == "Table 1: bob, alice"


async def test_a_select_sends_the_chosen_value(emu: Emulator, example: ExampleBot) -> None:
    alice = emu.user("alice")
    lobby = (await alice.slash("domino new", variant="draw")).response
    with pytest.raises(DriverError, match="not an option"):
        await alice.choose(lobby, "X", placeholder="Seat")
    chosen = await alice.choose(lobby, "E", placeholder="Seat")
    assert chosen.response is not None and chosen.response.content == "Seat E"
    assert chosen.ephemeral


async def test_start_deals_a_png_hand_by_dm_with_a_button_that_works_in_the_dm(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", variant="partnership")).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    hand = await emu.wait_for(lambda: emu.dm("bob").last)
    assert hand.files[0].is_png and hand.content == "Your hand"
    assert hand.visible_to(bob) and not hand.visible_to(alice)
    played = await bob.click(hand, "Play")
    assert played.response is not None and played.response.content == "played from DM by bob"
    with pytest.raises(DriverError, match="cannot see"):
        await alice.click(hand, "Play")


async def test_a_hand_for_a_player_with_closed_dms_is_refused_with_50007(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    bob.close_dms()
    lobby = (await alice.slash("domino new", variant="draw")).response
    await bob.click(lobby, "Join")
    started = await alice.click(lobby, "Start")
    assert [m.content for m in started.followups] == ["bob has DMs closed."]
    assert emu.dm("bob").messages == []
    assert any("50007" in r for r in emu.refusals) and emu.violations == []


async def test_buttons_of_a_view_that_stopped_listening_make_the_interaction_fail(
    emu: Emulator, example: ExampleBot
) -> None:
    alice = emu.user("alice")
    lobby = (await alice.slash("domino new", variant="draw")).response
    await alice.click(lobby, "Start")  # the view stops itself after dealing
    dead = await alice.click(lobby, "Start", expect_failure=True)
    assert dead.failed and dead.response is None


async def test_an_unanswered_click_is_a_violation_unless_expected(
    emu: Emulator, example: ExampleBot
) -> None:
    alice = emu.user("alice")
    lobby = (await alice.slash("domino new", variant="draw")).response
    await alice.click(lobby, "Start")
    emu.ack_deadline = 0.2  # keep the wait for Discord's deadline short
    assert (await alice.click(lobby, "Start")).failed
    assert ["no response within" in v for v in emu.take_violations()] == [True]


async def test_persistent_buttons_work_again_after_a_restart(
    emu: Emulator, example: ExampleBot
) -> None:
    alice = emu.user("alice")
    lobby = (await alice.slash("domino new", variant="draw")).response
    await emu.restart_bot()
    joined = await alice.click(lobby, "Join")
    assert not joined.failed and lobby is not None and lobby.content == "Table 1: alice"
    dead = await alice.click(lobby, "Start", expect_failure=True)  # view-bound: gone
    assert dead.failed


async def test_disabled_and_link_buttons_cannot_send_interactions(
    emu: Emulator, example: ExampleBot
) -> None:
    alice = emu.user("alice")
    result = await alice.slash("domino new", variant="draw")
    assert result.response is not None
    message = result.response.message
    message.components = [
        {"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Off", "custom_id": "off", "disabled": True},
            {"type": 2, "style": 5, "label": "Rules", "url": "https://example.org"},
        ]}
    ]  # fmt: skip
    with pytest.raises(DriverError, match="disabled"):
        await alice.click(message, "Off")
    with pytest.raises(DriverError, match="link button"):
        await alice.click(message, "Rules")


async def test_a_table_thread_holds_the_game_and_files_are_served_back(
    emu: Emulator, example: ExampleBot
) -> None:
    alice = emu.user("alice")
    opened = (await alice.slash("domino thread")).response
    assert opened is not None and opened.thread is not None
    welcome = opened.thread.last
    assert welcome is not None and welcome.content == "Welcome to the table"
    assert emu.thread("table-1").last == welcome
    async with aiohttp.ClientSession() as session, session.get(welcome.files[0].url) as reply:
        assert reply.status == 200 and await reply.read() == welcome.files[0].data


@pytest.mark.parametrize("denied", [CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS])
async def test_without_thread_permissions_the_bot_falls_back_to_the_channel(
    emu: Emulator, example: ExampleBot, denied: int
) -> None:
    emu.world.deny(emu.home, emu.world.bot_user.id, denied)
    result = await emu.user("alice").slash("domino thread")
    assert [m.content for m in result.followups] == [
        "Threads are not allowed here; playing in the channel."
    ]
    assert any("50013" in r for r in emu.refusals)


async def test_the_bot_hears_chat_and_a_moderator_deleting_its_message(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, mod = emu.user("alice"), emu.user("mod")
    lobby = (await alice.slash("domino new", variant="draw")).response
    said = await alice.say("hello table")
    assert said.id in example.seen_messages and said.author.name == "alice"
    assert lobby is not None
    await mod.delete(lobby)
    assert example.deleted_messages == [lobby.id]
    assert emu.channel().messages == [said]


async def test_slash_commands_work_in_a_dm_without_guild_or_member(
    emu: Emulator, example: ExampleBot
) -> None:
    alice = emu.user("alice")
    seen: list[tuple[object, object]] = []

    async def where(interaction: Any) -> None:
        seen.append((interaction.guild, type(interaction.user).__name__))
        await interaction.response.send_message("hi in DM")

    example.probe = where
    result = await alice.at(alice.dm).slash("probe")
    assert seen == [(None, "User")]
    assert result.response is not None and alice.dm.last == result.response


async def test_a_modal_opened_from_a_button_updates_that_message_on_submit(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", variant="draw")).response
    opened = await alice.click(lobby, "Rename")
    assert opened.modal is not None and opened.response is None
    with pytest.raises(DriverError, match="opened for alice"):
        await bob.submit(opened, Name="Bob's")
    renamed = await alice.submit(opened, Name="High rollers")
    assert renamed.type == 7 and renamed.response == lobby
    assert lobby is not None and lobby.content == "Table High rollers"


async def test_a_deferred_update_then_an_original_edit_changes_the_clicked_message(
    emu: Emulator, example: ExampleBot
) -> None:
    alice = emu.user("alice")
    lobby = (await alice.slash("domino new", variant="draw")).response
    refreshed = await alice.click(lobby, "Refresh")
    assert refreshed.type == 6 and refreshed.response == lobby
    assert lobby is not None and lobby.content == "Board" and lobby.files[0].is_png
    assert len(emu.channel().messages) == 1
