"""What a server's admins do: end a table from its channel (its open rematch lobby too, which
waits in the old table's thread), choose the server's defaults for new tables (turn time,
rated), and let everyone see the seasons."""

from __future__ import annotations

import discord

from cogs import texts
from tests.emulator.emulator import Emulator
from tests.tables.play import play_match, table_channel


async def test_ending_from_the_channel_ends_the_open_rematch_lobby_in_the_thread(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, bob = emu.user("alice"), emu.user("bob")
    lobby = (await alice.slash("domino new", game="two-player", target=1)).response
    await bob.click(lobby, "Join")
    await alice.click(lobby, "Start")
    final = await play_match(emu, [alice, bob])
    await alice.click(final, "Rematch")
    rematch = await emu.wait_for(lambda: table_channel(emu).find("New table"))
    assert table_channel(emu) is not emu.channel()  # the lobby waits in the old thread
    owner = emu.user("owner")
    ended = await owner.slash("domino end")  # typed in the channel, not the thread
    assert texts.TABLE_ENDED in [m.text for m in [ended.response, *ended.followups]]
    await emu.wait_for(lambda: texts.ENDED_BY_MODERATOR in rematch.text)
    assert rematch.buttons == []
