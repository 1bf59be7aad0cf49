"""The lobby's clicks: open a table, join, pick a seat, add an AI, leave, cancel, start (the
table then moves to its own thread where the channel allows one).

Each click is an action of the runtime (`cogs.tables.runner`): acknowledged, stored with what it
shows in one transaction, then shown. The click's own answer edits the lobby message at once;
the stored `lobby` outbox item makes sure it is edited even if that answer never went out. The
answer is the lobby as the click stored it (`act` returns it): it is not read again.
"""

from __future__ import annotations

import contextlib
import secrets
from typing import TYPE_CHECKING, Any

import discord

from cogs import texts
from cogs.audience import mine
from cogs.common.refusal import Refusal
from cogs.tables.clicks import check_place, check_room
from cogs.tables.lobby import missing_permissions, read_option
from cogs.tables.seating import Lobby, Setup
from cogs.tables.table import Step, Table, new_seed

if TYPE_CHECKING:
    from cogs.tables.runner import Tables


class Lobbies:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def open_table(self, interaction: discord.Interaction[Any], setup: Setup) -> None:
        if interaction.guild is None or interaction.channel is None:
            raise Refusal(texts.GUILD_ONLY)
        missing = missing_permissions(interaction)
        if missing:
            w = mine(interaction)
            names = ", ".join(w(permission) for permission in missing)
            raise Refusal(texts.MISSING_PERMISSIONS, permissions=names)
        user = interaction.user
        places = await self.tables.db.open_tables_of(user.id, "table")
        check_room(user.id, places, self.tables.settings.tables_per_user)
        table = Table(
            id=secrets.token_hex(5),
            lobby=Lobby(setup, host_id=user.id),
            seed=new_seed(),
            created_at=self.tables.clock(),
            guild_id=interaction.guild.id,
            channel_id=interaction.channel.id,
        )
        table.join(user.id, user.display_name)
        w = await self.tables.public_words(table, interaction)
        message = self.tables.publisher.lobby.message(table, w)
        await interaction.response.send_message(**message)
        posted = await interaction.original_response()
        table.lobby_message_id = posted.id
        try:
            await self.tables.create(table)
        except Refusal:
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
            raise
        self.tables.publisher.lobby.edited(table.id, message)

    async def click(
        self, interaction: discord.Interaction[Any], table_id: str, verb: str, value: str | None
    ) -> None:
        await interaction.response.defer()
        user = interaction.user
        now = self.tables.clock()
        # Nothing is awaited between the acknowledgement and the change, which reads the table
        # under its lock: clicks are applied in the order they were acknowledged (a Start
        # pressed after a Join was acknowledged comes after it). A seat's cap is counted by
        # the commit that writes it (`TableStore.caps`).

        def click(table: Table) -> list[Step]:
            check_place(interaction, table)
            if verb == "join":
                table.join(user.id, user.display_name)
            elif verb == "seat":
                wanted = int(value) if value and value.isascii() and value.isdigit() else -1
                table.join(user.id, user.display_name, wanted)
            elif verb == "leave":
                table.leave_lobby(user.id)
            elif verb == "ai":
                table.add_ai(user.id, value or "", self.tables.levels)
            elif verb == "fill":
                table.fill_with_ai(user.id, value or "", self.tables.levels)
            elif verb == "remove":
                wanted = int(value) if value and value.isascii() and value.isdigit() else -1
                table.remove_ai(user.id, wanted)
            elif verb == "option":
                name, chosen = read_option(table, value or "")
                table.choose_option(user.id, name, chosen)
            elif verb == "cancel":
                table.cancel(user.id)
            elif verb == "start":
                return table.start(user.id, now)
            return []

        current, _ = await self.tables.act(table_id, click)
        w = await self.tables.public_words(current, interaction)
        message = self.tables.publisher.lobby.message(current, w)
        self.tables.publisher.lobby.edited(table_id, message)
        await interaction.edit_original_response(**message)
