"""Every rule in DISCORD.md's table, triggered through the real client, answered as Discord does."""

from __future__ import annotations

import asyncio
import io
import time
from typing import Any

import discord
import pytest
from discord.http import Route

from tests.emulator import Emulator
from tests.emulator.permissions import ATTACH_FILES, SEND_MESSAGES

from .example_bot import ExampleBot, png


async def send_raw(bot: ExampleBot, channel_id: int, payload: dict[str, Any]) -> Any:
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
    return await bot.http.request(route, json=payload)


async def refused(bot: ExampleBot, emu: Emulator, payload: dict[str, Any]) -> discord.HTTPException:
    with pytest.raises(discord.HTTPException) as caught:
        await send_raw(bot, emu.home.id, payload)
    assert emu.home.messages == []
    return caught.value


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


SELECT = {"type": 3, "custom_id": "pick", "options": [{"label": "A", "value": "a"}]}

FORM_ERRORS = {
    "content over 2000": {"content": "x" * 2001},
    "eleven embeds": {"embeds": [{"title": "t"}] * 11},
    "embed title over 256": {"embeds": [{"title": "t" * 257}]},
    "embed description over 4096": {"embeds": [{"description": "d" * 4097}]},
    "embeds over 6000 in all": {
        "embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]
    },
    "26 embed fields": {"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]},
    "field name over 256": {"embeds": [{"fields": [{"name": "n" * 257, "value": "v"}]}]},
    "field value over 1024": {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]},
    "footer over 2048": {"embeds": [{"footer": {"text": "f" * 2049}}]},
    "six action rows": {"components": [row(button(f"b{i}")) for i in range(6)]},
    "six buttons in a row": {"components": [row(*[button(f"b{i}") for i in range(6)])]},
    "select not alone": {"components": [row(SELECT, button("b"))]},
    "select without options": {"components": [row(SELECT | {"options": []})]},
    "select with 26 options": {
        "components": [
            row(SELECT | {"options": [{"label": str(i), "value": str(i)} for i in range(26)]})
        ]
    },
    "custom id over 100": {"components": [row(button("c" * 101))]},
    "empty custom id": {"components": [row(button(""))]},
    "duplicate custom id": {"components": [row(button("same"), button("same"))]},
    "label over 80": {"components": [row(button("b", "l" * 81))]},
}


@pytest.mark.parametrize("payload", FORM_ERRORS.values(), ids=FORM_ERRORS.keys())
async def test_a_malformed_message_is_refused_with_50035(
    emu: Emulator, example: ExampleBot, payload: dict[str, Any]
) -> None:
    error = await refused(example, emu, payload)
    assert (error.status, error.code) == (400, 50035)
    assert len(emu.take_violations()) == 1


async def test_the_limits_themselves_are_allowed(emu: Emulator, example: ExampleBot) -> None:
    payload = {
        "content": "x" * 2000,
        "embeds": [{"title": "t" * 256, "description": "d" * 4096}],
        "components": [row(*[button(f"{r}-{b}", "l" * 80) for b in range(5)]) for r in range(4)]
        + [row(SELECT | {"options": [{"label": str(i), "value": str(i)} for i in range(25)]})],
    }
    await send_raw(example, emu.home.id, payload)
    assert len(emu.channel().messages) == 1


async def test_an_empty_message_is_refused_with_50006(emu: Emulator, example: ExampleBot) -> None:
    error = await refused(example, emu, {"content": ""})
    assert (error.status, error.code) == (400, 50006)
    assert len(emu.take_violations()) == 1


async def test_lenient_mode_records_the_broken_rule_and_lets_the_message_through(
    emu: Emulator, example: ExampleBot
) -> None:
    emu.strict = False
    await send_raw(example, emu.home.id, {"content": "x" * 2001})
    assert len(emu.channel().messages) == 1
    assert "50035" in emu.take_violations()[0]


async def test_a_first_response_after_the_deadline_gets_10062(
    emu: Emulator, example: ExampleBot
) -> None:
    started, release = asyncio.Event(), asyncio.Event()
    errors: list[discord.HTTPException] = []

    async def slow(interaction: discord.Interaction[Any]) -> None:
        started.set()
        await release.wait()
        try:
            await interaction.response.send_message("too late")
        except discord.HTTPException as error:
            errors.append(error)

    example.probe = slow
    typed = asyncio.create_task(emu.user("alice").slash("probe"))
    await started.wait()
    emu.advance(emu.ack_deadline + 0.1)
    release.set()
    result = await typed
    await emu.settle()
    assert result.failed and [(e.status, e.code) for e in errors] == [(404, 10062)]
    assert len(emu.take_violations()) == 2  # the failed interaction and the late answer


async def test_the_three_second_rule_holds_in_real_time_for_a_bot_that_blocks_its_loop(
    emu: Emulator, example: ExampleBot
) -> None:
    emu.ack_deadline = 3.0  # Discord's own figure, without the CI grace
    errors: list[discord.HTTPException] = []

    async def blocking(interaction: discord.Interaction[Any]) -> None:
        time.sleep(3.1)  # rendering on the event loop: the mistake this rule punishes
        try:
            await interaction.response.send_message("too late")
        except discord.HTTPException as error:
            errors.append(error)

    example.probe = blocking
    result = await emu.user("alice").slash("probe")
    await emu.settle()
    assert result.failed and [e.code for e in errors] == [10062]
    emu.take_violations()


async def test_a_second_initial_response_gets_40060(emu: Emulator, example: ExampleBot) -> None:
    errors: list[discord.HTTPException] = []

    async def twice(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("once")
        route = Route(
            "POST",
            "/interactions/{webhook_id}/{webhook_token}/callback",
            webhook_id=interaction.id,
            webhook_token=interaction.token,
        )
        try:
            await example.http.request(route, json={"type": 4, "data": {"content": "twice"}})
        except discord.HTTPException as error:
            errors.append(error)

    example.probe = twice
    await emu.user("alice").slash("probe")
    assert [(e.status, e.code) for e in errors] == [(400, 40060)]
    assert len(emu.take_violations()) == 1


async def test_followups_and_edits_after_fifteen_minutes_get_50027(
    emu: Emulator, example: ExampleBot
) -> None:
    kept: list[discord.Interaction[Any]] = []

    async def answer(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("your hand", ephemeral=True)
        kept.append(interaction)

    example.probe = answer
    await emu.user("alice").slash("probe")
    interaction = kept[0]
    await interaction.edit_original_response(content="still yours")
    emu.advance(15 * 60 + 1)
    for attempt in (
        interaction.followup.send("late"),
        interaction.edit_original_response(content="late"),
    ):
        with pytest.raises(discord.HTTPException) as caught:
            await attempt
        assert (caught.value.status, caught.value.code) == (401, 50027)
    assert len(emu.take_violations()) == 2


async def test_a_file_over_the_interaction_limit_gets_40005(
    emu: Emulator, example: ExampleBot
) -> None:
    emu.attachment_size_limit = 1000
    errors: list[discord.HTTPException] = []

    async def big(interaction: discord.Interaction[Any]) -> None:
        assert interaction.filesize_limit == 1000
        await interaction.response.defer()
        try:
            await interaction.followup.send(file=discord.File(io.BytesIO(b"x" * 1001), "big.bin"))
        except discord.HTTPException as error:
            errors.append(error)
        await interaction.followup.send("small instead", file=png())

    example.probe = big
    result = await emu.user("alice").slash("probe")
    assert [(e.status, e.code) for e in errors] == [(413, 40005)]
    assert result.response is not None and result.response.content == "small instead"
    assert len(emu.take_violations()) == 1


async def test_a_dm_to_a_user_who_closed_dms_gets_50007_and_is_not_a_violation(
    emu: Emulator, example: ExampleBot
) -> None:
    bob = emu.user("bob")
    bob.close_dms()
    user = await example.fetch_user(bob.id)
    with pytest.raises(discord.Forbidden) as caught:
        await user.send("your hand")
    assert caught.value.code == 50007
    assert emu.violations == [] and len(emu.refusals) == 1
    bob.open_dms()
    await user.send("your hand")
    assert emu.dm("bob").last is not None


@pytest.mark.parametrize(("denied", "with_file"), [(SEND_MESSAGES, False), (ATTACH_FILES, True)])
async def test_a_removed_permission_is_missing_in_app_permissions_and_refused_with_50013(
    emu: Emulator, example: ExampleBot, denied: int, with_file: bool
) -> None:
    emu.world.deny(emu.home, emu.world.bot_user.id, denied)
    seen: list[discord.Permissions] = []

    async def look(interaction: discord.Interaction[Any]) -> None:
        seen.append(interaction.app_permissions)
        await interaction.response.send_message("checked", ephemeral=True)

    example.probe = look
    await emu.user("alice").slash("probe")
    assert seen[0].value & denied == 0 and seen[0].view_channel
    channel = example.get_channel(emu.home.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.Forbidden) as caught:
        await channel.send("hello", file=png() if with_file else discord.utils.MISSING)
    assert caught.value.code == 50013 and emu.violations == []


async def test_an_unknown_route_is_listed_in_unhandled(emu: Emulator, example: ExampleBot) -> None:
    with pytest.raises(discord.NotFound):
        await example.http.request(Route("GET", "/guilds/{guild_id}/bans", guild_id=emu.guild.id))
    assert emu.unhandled == [f"GET /api/v10/guilds/{emu.guild.id}/bans"]
    emu.unhandled.clear()


async def callback_refused(example: ExampleBot, emu: Emulator, body: dict[str, Any]) -> list[int]:
    codes: list[int] = []

    async def raw(interaction: discord.Interaction[Any]) -> None:
        route = Route(
            "POST",
            "/interactions/{webhook_id}/{webhook_token}/callback",
            webhook_id=interaction.id,
            webhook_token=interaction.token,
        )
        try:
            await example.http.request(route, json=body)
        except discord.HTTPException as error:
            codes.append(error.code)
        await interaction.response.send_message("answered properly", ephemeral=True)

    example.probe = raw
    await emu.user("alice").slash("probe")
    return codes


TEXT_INPUT = {"type": 4, "custom_id": "score", "label": "Score", "style": 1}
MODAL_ERRORS = {
    "title over 45": {"custom_id": "m", "title": "t" * 46, "components": [row(TEXT_INPUT)]},
    "no inputs": {"custom_id": "m", "title": "Settings", "components": []},
    "six inputs": {
        "custom_id": "m",
        "title": "Settings",
        "components": [row(TEXT_INPUT | {"custom_id": f"i{n}"}) for n in range(6)],
    },
    "input label over 45": {
        "custom_id": "m",
        "title": "Settings",
        "components": [row(TEXT_INPUT | {"label": "l" * 46})],
    },
}


@pytest.mark.parametrize("modal", MODAL_ERRORS.values(), ids=MODAL_ERRORS.keys())
async def test_a_malformed_modal_is_refused_with_50035(
    emu: Emulator, example: ExampleBot, modal: dict[str, Any]
) -> None:
    assert await callback_refused(example, emu, {"type": 9, "data": modal}) == [50035]
    assert len(emu.take_violations()) == 1


async def test_a_response_type_the_interaction_cannot_take_is_refused(
    emu: Emulator, example: ExampleBot
) -> None:
    # A slash command has no message to update (7), and only autocomplete answers with choices.
    assert await callback_refused(example, emu, {"type": 7, "data": {"content": "x"}}) == [50035]
    assert await callback_refused(example, emu, {"type": 8, "data": {"choices": []}}) == [50035]
    assert len(emu.take_violations()) == 2


async def test_more_than_25_autocomplete_choices_are_refused(
    emu: Emulator, example: ExampleBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    codes: list[int] = []

    async def many(interaction: discord.Interaction[Any], current: str) -> list[Any]:
        choices = [discord.app_commands.Choice(name=f"v{n}", value=f"v{n}") for n in range(26)]
        try:
            await interaction.response.autocomplete(choices)
        except discord.HTTPException as error:
            codes.append(error.code)
        return []

    command = example.tree.get_command("domino")
    assert isinstance(command, discord.app_commands.Group)
    rules_command = command.get_command("rules")
    assert isinstance(rules_command, discord.app_commands.Command)
    monkeypatch.setattr(rules_command._params["variant"], "autocomplete", many)
    await emu.user("alice").autocomplete("domino rules", "variant", "v")
    await emu.settle()
    assert codes == [50035] and len(emu.take_violations()) == 1
