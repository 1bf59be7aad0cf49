"""The lobby message: its seats and buttons while open, its last words (no buttons) once
started or closed; a rematch's lobby is posted where the old table played, naming the players
invited back. A lobby click edits the message itself (its interaction's answer: `edited`), and
the stored `lobby` item is then only recorded, not sent again."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from typing import Any

import discord

from cogs import texts
from cogs.lang import Words
from cogs.runtime.shown import digest
from cogs.tables.components import lobby_view
from cogs.tables.lobby import lobby_embed, option_choices, removable_seats, seat_choices
from cogs.tables.messages.base import Showing, TableMessage
from cogs.tables.table import Phase, Table
from data import Shown

log = logging.getLogger(__name__)


def lobby_message(table: Table, w: Words, levels: Sequence[str]) -> dict[str, Any]:
    """The lobby's embed and (while it is open) its buttons, in the server's words (`w`), its
    AI menu offering `levels`."""
    view = None
    if table.phase is Phase.LOBBY:
        view = lobby_view(
            table.id,
            levels,
            seat_choices(table, w),
            w,
            removable=removable_seats(table, w),
            options=option_choices(table, w),
        )
    return {"embed": lobby_embed(table, w), "view": view}


def lobby_digest(message: dict[str, Any]) -> str:
    view = message["view"]
    ids = [item.custom_id for item in view.children] if view is not None else []
    return digest(message["embed"].to_dict(), ids)


class LobbyMessage(TableMessage):
    def __init__(self, showing: Showing, levels: Sequence[str]) -> None:
        super().__init__(showing)
        self.levels = levels
        #: table id -> what its lobby message is being edited to by the click itself
        self.edits: dict[str, str] = {}

    def message(self, table: Table, w: Words) -> dict[str, Any]:
        return lobby_message(table, w, self.levels)

    def edited(self, table_id: str, message: dict[str, Any]) -> None:
        """The click on the lobby edited it itself (its interaction's answer): nothing more to
        send for it (kept until the lobby item is shown here; shown by another process, it
        is edited once more to the same)."""
        self.edits[table_id] = lobby_digest(message)

    async def show(self, table_id: str, at: int | None = None) -> None:
        """The `lobby` key: the lobby message as the stored table has it. A rematch's lobby is
        posted here first."""
        shown = await self.rows.of(table_id)
        async with self.read(table_id, at_least=at) as table:
            w = await self.audience.table(table)
            message = self.message(table, w)
            channel_id, message_id = table.channel_id, table.lobby_message_id
            invited = sorted(table.lobby.invited)
            host = next((s.name for s in table.lobby.occupied if s.user_id == table.host_id), "")
        if channel_id is None:
            return
        fingerprint = lobby_digest(message)
        channel = self.client.get_partial_messageable(channel_id)
        if message_id is None:
            await self._post(table_id, channel, message, invited, host, w)
            return
        before = shown.get("lobby")
        if before is not None and before.shows == fingerprint:
            return
        if self.edits.pop(table_id, None) == fingerprint:
            # The click showed it: the store learns so (for every process), nothing is sent.
            await self.rows.remember(
                Shown(table_id, "lobby", channel_id, message_id, fingerprint), edited=True
            )
            return
        try:
            await channel.get_partial_message(message_id).edit(**message)
        except discord.NotFound:
            log.info("table %s: the lobby message is gone", table_id)
        await self.rows.remember(
            Shown(table_id, "lobby", channel_id, message_id, fingerprint), edited=True
        )

    async def _post(
        self,
        table_id: str,
        channel: discord.PartialMessageable,
        message: dict[str, Any],
        invited: list[int],
        host: str,
        w: Words,
    ) -> None:
        """A rematch's lobby, posted where the old table played: it names (and pings: only
        them) the players invited back, who are seated only when they join."""
        content = None
        if invited:
            content = w(
                texts.REMATCH_INVITE,
                players=" ".join(f"<@{user}>" for user in invited),
                host=texts.user_text(host),
            )
        posted = await channel.send(
            content=content,
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(user) for user in invited]
            ),
            **message,
        )
        self.note_message(channel.id)
        found = posted.id

        def posted_at(table: Table) -> None:
            table.lobby_message_id = found

        try:
            await self.rows.note(table_id, posted_at)
        except Exception:
            with contextlib.suppress(discord.HTTPException):
                await posted.delete()  # posted again on the next try
            raise
        fingerprint = lobby_digest(message)
        await self.rows.remember(Shown(table_id, "lobby", channel.id, found, fingerprint))
