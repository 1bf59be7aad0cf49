"""The lobby's clicks: open a table, join, pick a seat, add an AI, leave, cancel, start (the
table then moves to its own thread where the channel allows one), and a rematch's lobby.

Each click follows the runner's order of work (`cogs.tables.runner`): acknowledge, lock, change
the pure model, store, then show.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from cogs import texts
from cogs.audience import mine
from cogs.errors import guarded, send_ephemeral
from cogs.lang import Words
from cogs.tables.components import lobby_view
from cogs.tables.lobby import lobby_embed, missing_permissions, open_thread, seat_choices
from cogs.tables.seating import Lobby, Setup, TableError
from cogs.tables.table import Phase, Step, Table, new_seed

if TYPE_CHECKING:
    from cogs.tables.runner import Tables


class Lobbies:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    @guarded
    async def open_table(self, interaction: discord.Interaction[Any], setup: Setup) -> None:
        if interaction.guild is None or interaction.channel is None:
            raise TableError(texts.GUILD_ONLY)
        missing = missing_permissions(interaction)
        if missing:
            w = mine(interaction)
            names = ", ".join(w(permission) for permission in missing)
            raise TableError(texts.MISSING_PERMISSIONS, permissions=names)
        user = interaction.user
        self.tables.check_room_for(user.id)
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
        await interaction.response.send_message(**self.message(table, w))
        message = await interaction.original_response()
        await self._keep(table, message.id, interaction.delete_original_response)

    @guarded
    async def click(
        self, interaction: discord.Interaction[Any], table_id: str, verb: str, value: str | None
    ) -> None:
        await interaction.response.defer()
        user = interaction.user
        steps: list[Step] = []
        async with self.tables.locks[table_id]:
            table = self.tables.clicked_at(interaction, table_id)
            if verb in ("join", "seat") and table.seat_of(user.id) is None:
                self.tables.check_room_for(user.id, table)
            if verb == "join":
                table.join(user.id, user.display_name)
            elif verb == "seat":
                wanted = int(value) if value and value.isascii() and value.isdigit() else -1
                table.join(user.id, user.display_name, wanted)
            elif verb == "leave":
                table.leave_lobby(user.id)
            elif verb == "ai":
                table.add_ai(user.id, value or "", self.tables.levels)
            elif verb == "cancel":
                table.cancel(user.id)
            elif verb == "start":
                steps = table.start(user.id, self.tables.clock())
            await self.tables.store(table)
        if verb == "start":
            await self._open_thread(table, interaction)
        await interaction.edit_original_response(
            **self.message(table, await self.tables.public_words(table, interaction))
        )
        self.tables.changed(table, steps)

    def message(self, table: Table, w: Words) -> dict[str, Any]:
        """The lobby's embed and (while it is open) its buttons, in the server's words (`w`)."""
        view = None
        if table.phase is Phase.LOBBY:
            view = lobby_view(table.id, self.tables.levels, seat_choices(table, w), w)
        return {"embed": lobby_embed(table, w), "view": view}

    async def _open_thread(self, table: Table, interaction: discord.Interaction[Any]) -> None:
        w = await self.tables.public_words(table, interaction)
        thread_id = await open_thread(table, interaction, w)
        if thread_id is None:
            return
        async with self.tables.locks[table.id]:
            table.thread_id = thread_id
            await self.tables.save(
                table
            )  # the match has started: a thread id is no reason to undo it

    async def post_rematch(self, old: Table, table: Table) -> None:
        """The lobby of a rematch, posted where the old table played. When it cannot be posted
        or stored, Rematch may be pressed again."""
        try:
            await self._post_rematch(old, table)
        except Exception:
            async with self.tables.locks[old.id]:
                old.rematch_id = None
                await self.tables.save(old)
            raise

    async def _post_rematch(self, old: Table, table: Table) -> None:
        """The rematch's lobby names (and pings: only them) the players invited back, who are
        seated only when they join."""
        channel = self.tables.bot.get_partial_messageable(old.thread_id or old.channel_id or 0)
        w = await self.tables.public_words(table)
        invited = sorted(table.lobby.invited)
        content = None
        if invited:
            host = table.lobby.seats[table.lobby.seat_of(table.host_id) or 0]
            content = w(
                texts.REMATCH_INVITE,
                players=" ".join(f"<@{user}>" for user in invited),
                host=texts.user_text(host.name) if host is not None else "",
            )
        message = await channel.send(
            content=content,
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(user) for user in invited]
            ),
            **self.message(table, w),
        )
        table.channel_id = old.thread_id or old.channel_id
        await self._keep(table, message.id, message.delete)

    async def accept_rematch(self, interaction: discord.Interaction[Any], table_id: str) -> None:
        """A player of the old table pressed Rematch after someone else did: they take their
        seat in the rematch's lobby (the one kept for them, if it is free)."""
        user = interaction.user
        async with self.tables.locks[table_id]:
            table = self.tables.find(table_id)
            self.tables.check_room_for(user.id, table)
            table.join(user.id, user.display_name)
            await self.tables.store(table)
        channel = self.tables.bot.get_partial_messageable(table.channel_id or 0)
        if table.lobby_message_id is not None:
            w = await self.tables.public_words(table, interaction)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(table.lobby_message_id).edit(
                    **self.message(table, w)
                )
        await send_ephemeral(interaction, mine(interaction)(texts.REMATCH_JOINED))

    async def _keep(
        self, table: Table, message_id: int, withdraw: Callable[[], Awaitable[None]]
    ) -> None:
        """A new lobby, posted as `message_id`, joins the live tables once it is stored; if it
        cannot be stored its message is withdrawn and the refusal goes on to the host."""
        async with self.tables.locks[table.id]:
            table.lobby_message_id = message_id
            self.tables.tables[table.id] = table
            try:
                await self.tables.store(table)
            except TableError:
                with contextlib.suppress(discord.HTTPException):
                    await withdraw()
                raise
        self.tables.schedule(table)
