"""Friends' tables: `/domino new` in a DM or a group DM, where the app is installed to a person
and no server, channel or thread of the bot exists.

The table is played on ONE message, the command's answer: the lobby, then the board with its
buttons, edited in place. The bot is not in a DM or group DM of people, so nothing reaches that
message but the token of an interaction whose original response it is: the command's, then
each click's on it (answered by updating the message: `revive` stores its token,
`data.replies`, and shows the table through it, `messages.reply`). Hands are never sent
anywhere: "Your hand" answers its clicker alone (an ephemeral followup), with the moves. AI
seats, the turn timer and the pause between hands edit the message through the latest token
while Discord honours it (15 minutes); after that the table waits for the next click (see
`messages.reply` and docs/playing.md).

The table speaks its host's language (their Discord language when they opened it, stored with
the table: `Table.language`, so a restart, another process and a revive keep it): its one
message is everyone's, in a place with no server's language. What answers one person alone
("Your hand", a refusal) is in that person's own language, as everywhere.

Unrated unless asked for (there is no server's default), and recorded as a server's tables
are, under no server.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from cogs.audience import Audience
from cogs.common.refusal import Refusal
from cogs.lang import language_of
from cogs.tables.clicks import hosted_table
from cogs.tables.messages.lobby import LobbyMessage
from cogs.tables.messages.needs import Read
from cogs.tables.messages.reply import REPLY
from cogs.tables.seating import Setup
from cogs.tables.table import Table
from data import Database, Reply

#: The answers to a click that leave the clicked message its interaction's original response
#: (deferred or immediate updates): their tokens edit the table's message.
UPDATES = (
    discord.InteractionResponseType.deferred_message_update,
    discord.InteractionResponseType.message_update,
)


class Friends:
    def __init__(
        self,
        db: Database,
        audience: Audience,
        lobby: LobbyMessage,
        *,
        read: Read,
        create: Callable[[Table], Awaitable[None]],
        show_again: Callable[[str, list[str]], Awaitable[None]],
        clock: Callable[[], float],
        most: int,
        seeds: Callable[[], str],
    ) -> None:
        self.db = db
        self.audience = audience
        self.lobby = lobby
        self.read = read
        self.create = create
        self.show_again = show_again
        self.clock = clock
        self.most = most  # tables a person may host or sit at (`check_room`)
        self.seeds = seeds

    async def open(self, interaction: discord.Interaction[Any], setup: Setup) -> None:
        """`/domino new` in a DM or a group DM: the lobby is the command's answer, and the
        table's one message from then on."""
        table = await hosted_table(
            self.db,
            interaction.user,
            setup,
            seed=self.seeds(),
            now=self.clock(),
            most=self.most,
            guild_id=None,
            channel_id=interaction.channel_id,
        )
        table.language = language_of(interaction.locale)  # the host's: see `Table.language`
        w = await self.audience.table(table)
        await interaction.response.send_message(**self.lobby.message(table, w))
        posted = await interaction.original_response()
        table.lobby_message_id = table.board_message_id = posted.id
        try:
            await self.create(table)
        except Refusal:
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
            raise
        await self._keep(interaction, table.id, posted.id)

    async def revive(self, interaction: discord.Interaction[Any], table_id: str) -> None:
        """A click on a friends' table's message, answered by updating it: its token is the
        newest, kept, and the message is shown through it as the table is stored (what an
        expired token could not show is shown now). Nothing for any other click."""
        message = interaction.message
        if interaction.guild_id is not None or message is None or message.flags.ephemeral:
            return
        if interaction.response.type not in UPDATES:
            return
        async with self.read(table_id) as table:
            ours = table.friends and message.id == table.board_message_id
        if ours:
            await self._keep(interaction, table_id, message.id)
            await self.show_again(table_id, [REPLY])

    async def _keep(
        self, interaction: discord.Interaction[Any], table_id: str, message_id: int
    ) -> None:
        made_at = interaction.created_at.timestamp()
        await self.db.keep_reply(Reply(table_id, interaction.token, message_id, made_at))
