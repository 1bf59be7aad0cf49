"""What a server's admins do: end a table from its channel (its open rematch lobby too, which
waits in the old table's thread), choose the server's defaults for new tables (turn time,
rated), and let everyone see the seasons."""

from __future__ import annotations

import discord

from cogs import texts
from cogs.standings import texts as words
from tests.emulator.emulator import Emulator
from tests.tables.play import play_match, private_answer, table_channel


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


async def test_moderators_choose_the_servers_defaults_and_new_tables_follow_them(
    emu: Emulator, domino: discord.Client
) -> None:
    alice, owner = emu.user("alice"), emu.user("owner")
    db = domino.db  # type: ignore[attr-defined]
    shown = private_answer(await alice.slash("domino config defaults")).text
    assert "rated and give 60 seconds a turn" in shown
    refused = await alice.slash("domino config defaults", turn_time=90)
    assert private_answer(refused).text == texts.DEFAULTS_MANAGERS_ONLY
    too_short = await owner.slash("domino config defaults", turn_time=5)
    assert private_answer(too_short).text == texts.TURN_TIME_BOUNDS.format(
        least=10, most="3,600", value=5
    )
    stored = await db.server_settings(emu.guild.id)
    assert (stored.turn_seconds, stored.rated_by_default) == (60, True)
    saved = await owner.slash("domino config defaults", turn_time=90, rated=False)
    assert "Saved. New tables in this server are not rated and give 90 seconds a turn." in (
        private_answer(saved).text
    )
    stored = await db.server_settings(emu.guild.id)
    assert (stored.turn_seconds, stored.rated_by_default) == (90, False)
    await alice.slash("domino new", game="two-player")
    (table,) = [t for t in domino.tables.tables.values()]  # type: ignore[attr-defined]
    assert (table.setup.turn_seconds, table.setup.rated) == (90, False)


async def test_everyone_sees_the_seasons_but_only_moderators_start_them(
    emu: Emulator, domino: discord.Client
) -> None:
    alice = emu.user("alice")
    listing = private_answer(await alice.slash("season list"))
    assert words.SEASON_LIST_TITLE in listing.text
    assert private_answer(await alice.slash("season start")).text == words.MANAGE_SERVER_ONLY
    assert await domino.db.seasons(emu.guild.id) == []  # type: ignore[attr-defined]
