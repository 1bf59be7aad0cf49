"""What users type never pings anyone and reads literally (the bot pings only the player whose
turn it is, by id): players named `@everyone`, a role's
mention, another player's mention and `**bold**` open and play a whole table (one with closed
DMs, whose name the bot posts in the channel), a season named `@everyone` is started and ended,
and options full of mentions and thousands of characters are refused in one short line."""

from __future__ import annotations

from typing import Any

import discord

from cogs import texts
from cogs.puzzles import texts as puzzle_texts
from cogs.standings import texts as standings_texts
from tests.emulator.emulator import Emulator
from tests.standings.helpers import make_moderator
from tests.tables.play import play_match
from tests.tables.puzzles import opened
from tests.tables.test_refusals import refusal


def every_message(emu: Emulator) -> list[Any]:
    """Every message of the world, ephemeral and DM ones included."""
    return [message for channel in emu.world.channels.values() for message in channel.messages]


async def test_names_and_a_season_typed_as_mentions_ping_nobody(
    emu: Emulator, domino: discord.Client
) -> None:
    bob = emu.user("bob")
    role = emu.add_role("Players", 0, bob)
    everyone = emu.user("@everyone")
    by_role = emu.user(f"<@&{role.id}> @here")
    by_user = emu.user(f"<@{bob.id}> **bold**")
    mod = make_moderator(emu, emu.user("mod"))

    await mod.slash("season start", name="@everyone")
    lobby = (
        await everyone.slash("domino new", {"game": "traditional", "options": "target=1"})
    ).response
    await by_role.click(lobby, texts.JOIN)
    await by_user.click(lobby, texts.JOIN)
    # Literal: the mention is broken by a zero-width space, the stars escaped.
    assert "@\u200beveryone" in lobby.text and r"\*\*bold\*\*" in lobby.text
    assert f"<@\u200b&{role.id}>" in lobby.text
    by_user.close_dms()  # the bot names this player in the channel (their DMs are closed)
    # Every turn of theirs is offered, even a single move: the one-hand match cannot end
    # with no DM ever tried for them.
    await by_user.slash("domino settings", single_moves="ask")
    await everyone.click(lobby, texts.START)
    await play_match(emu, [everyone, by_role, by_user], via_hand_button=True)
    await mod.slash("season end")
    # A puzzle's cells typed as mentions: refused, quoted safely.
    puzzle = opened(emu, await everyone.slash("domino puzzle", size=3))
    form = (await everyone.click(puzzle, puzzle_texts.PUZZLE_PLACE)).modal
    refused = await everyone.submit(form, {puzzle_texts.PUZZLE_CELLS: f"<@{bob.id}> @everyone"})
    assert "@\u200beveryone" in refused.followups[-1].text

    typed = [texts.DM_CLOSED.split("{name}")[1], standings_texts.SEASON_ENDED.split(" ")[1]]
    contents = "\n".join(message.content for message in every_message(emu))
    assert all(part in contents for part in typed)  # the texts with typed names were sent
    # The only pings are the turn alerts, each to the player whose turn it is, by their id.
    assert emu.pings and all(turn_alert(ping) for ping in emu.pings)
    assert all(not m.pinged or turn_alert(m) for m in every_message(emu))


def turn_alert(message: Any) -> bool:
    """A message that pings exactly the player its text starts by mentioning, for their turn."""
    pinged = list(message.pinged)
    if len(pinged) != 1 or getattr(message, "everyone", getattr(message, "mention_everyone", 0)):
        return False
    mention = f"<@{pinged[0]}>"
    # A DM's alert goes on to name its table (the players' names escaped: they ping nobody).
    by_dm = texts.YOUR_TURN_AT.split("{table}")[0].format(mention=mention)
    return message.content.startswith(by_dm) or message.content in (
        texts.YOUR_TURN_PING.format(mention=mention),
        texts.YOUR_TURN_IN_THREAD.format(mention=mention),
    )


async def test_the_bots_own_sends_and_edits_carry_no_pings(
    emu: Emulator, domino: discord.Client
) -> None:
    """Whatever a text holds, the bot's default `allowed_mentions` keeps it quiet: channel
    messages, their edits, and an interaction's followups and edits (same webhook state)."""
    bob = emu.user("bob")
    loud = f"<@{bob.id}> @everyone <@&{emu.guild.id}>"
    channel = domino.get_channel(emu.home.id)
    assert isinstance(channel, discord.TextChannel)
    message = await channel.send(loud)
    await message.edit(content=loud + " again")
    original = (await bob.slash("domino help")).response
    token = next(iter(emu.interactions.values())).token
    assert domino.application_id is not None
    webhook = discord.Webhook.partial(domino.application_id, token, client=domino)
    followup = await webhook.send(loud, wait=True)
    await webhook.edit_message(followup.id, content=loud + " edited")
    await webhook.edit_message(original.id, content=loud, embeds=[])
    assert sum(loud in m.content for m in every_message(emu)) == 3
    assert emu.pings == []


async def test_options_typed_as_mentions_or_at_length_are_refused_in_one_short_line(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    answers = [
        refusal(await alice.slash("domino new", {"game": "partnership", "options": options}))
        for options in ("target=@everyone", "**x**=1", "x" * 3000, "target=" + "9" * 3000)
    ]
    assert "@\u200beveryone" in answers[0] and r"\*\*x\*\*" in answers[1]
    assert all(len(answer) < 300 for answer in answers)
    assert emu.pings == []
