"""Pings, as Discord decides them: mentions in the content ping unless `allowed_mentions` keeps
them quiet; embeds never ping; an edit with new content is parsed afresh."""

from __future__ import annotations

import discord
import pytest

from tests.emulator import Emulator
from tests.emulator.mentions import parse_mentions

from .example_bot import ExampleBot


def home(bot: ExampleBot, emu: Emulator) -> discord.TextChannel:
    channel = bot.get_channel(emu.home.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


def test_the_rules_of_allowed_mentions() -> None:
    text = "<@11> <@!12> <@&7> @everyone"
    known = {11, 12}
    everything = parse_mentions(text, None, known)
    assert everything.users == (11, 12) and everything.roles == (7,) and everything.everyone
    assert not parse_mentions(text, {"parse": []}, known)
    only = parse_mentions(text, {"parse": [], "users": ["12"]}, known)
    assert only.users == (12,) and only.roles == () and not only.everyone
    assert parse_mentions(text, {"parse": ["everyone"]}, known).everyone
    assert parse_mentions("<@99>", None, known).users == ()  # nobody by that id


async def test_content_pings_unless_allowed_mentions_says_otherwise(
    emu: Emulator, example: ExampleBot
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    channel = home(example, emu)
    await channel.send(f"<@{alice.id}> to play")
    seen = emu.channel().last
    assert seen is not None and seen.pinged == {alice.id}
    quiet = discord.AllowedMentions.none()
    await channel.send(f"<@{alice.id}> @everyone", allowed_mentions=quiet)
    assert emu.channel().last.pinged == frozenset()  # type: ignore[union-attr]
    only_bob = discord.AllowedMentions(users=[discord.Object(bob.id)], everyone=False)
    await channel.send(f"<@{alice.id}> <@{bob.id}>", allowed_mentions=only_bob)
    assert emu.channel().last.pinged == {bob.id}  # type: ignore[union-attr]
    message = await channel.send("@everyone look")
    assert alice.id in emu.channel().last.pinged and message.mention_everyone  # type: ignore[union-attr]
    assert [len(ping.pinged) > 0 for ping in emu.pings] == [True, True, True]
    assert emu.pings[-1].everyone and message.mentions == []


async def test_embeds_never_ping_and_edits_parse_the_new_content(
    emu: Emulator, example: ExampleBot
) -> None:
    alice = emu.user("alice")
    channel = home(example, emu)
    message = await channel.send(embed=discord.Embed(description=f"<@{alice.id}> @everyone"))
    seen = emu.channel().last
    assert seen is not None and seen.pinged == frozenset() and emu.pings == []
    await message.edit(content=f"<@{alice.id}>")
    assert seen.pinged == {alice.id} and len(emu.pings) == 1
    await message.edit(content="quiet", allowed_mentions=discord.AllowedMentions.none())
    assert seen.pinged == frozenset() and len(emu.pings) == 1


@pytest.mark.emulator(strict=True)
async def test_users_both_parsed_and_listed_is_refused(emu: Emulator, example: ExampleBot) -> None:
    alice = emu.user("alice")
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=emu.home.id)
    payload = {"content": "x", "allowed_mentions": {"parse": ["users"], "users": [str(alice.id)]}}
    with pytest.raises(discord.HTTPException) as refused:
        await example.http.request(route, json=payload)
    assert refused.value.status == 400
    assert any("allowed_mentions" in violation for violation in emu.take_violations())


async def test_a_layouts_text_displays_ping_as_content_does(
    emu: Emulator, example: ExampleBot
) -> None:
    """With Components V2 there is no content: the text displays are what mentions are read
    from, under the same `allowed_mentions`."""
    alice = emu.user("alice")
    channel = home(example, emu)

    def turn() -> discord.ui.LayoutView:
        view = discord.ui.LayoutView()
        view.add_item(discord.ui.Container(discord.ui.TextDisplay(f"<@{alice.id}> to play")))
        return view

    await channel.send(view=turn())
    assert emu.channel().last.pinged == {alice.id}  # type: ignore[union-attr]
    await channel.send(view=turn(), allowed_mentions=discord.AllowedMentions.none())
    assert emu.channel().last.pinged == frozenset()  # type: ignore[union-attr]
