"""The lobby's clicks: open a table, join, pick a seat, add an AI, leave, cancel, start (the
table then moves to its own thread where the channel allows one).

Each click is an action of the runtime (`cogs.tables.runner`): acknowledged, stored with what it
shows in one transaction, then shown. The click's own answer edits the lobby message at once;
the stored `lobby` outbox item makes sure it is edited even if that answer never went out. The
answer is the lobby as the click stored it (`act` returns it): it is not read again.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs import texts
from cogs.audience import Audience, mine
from cogs.common.refusal import Refusal
from cogs.tables.clicks import check_place, hosted_table
from cogs.tables.friends import Friends
from cogs.tables.lobby import missing_permissions, read_option
from cogs.tables.messages.lobby import LobbyMessage
from cogs.tables.messages.needs import Act
from cogs.tables.seating import Setup
from cogs.tables.table import Step, Table, new_seed
from data import Database


def _number(value: str) -> int:
    """A seat number chosen in a menu (-1, refused by the model, for anything else)."""
    return int(value) if value and value.isascii() and value.isdigit() else -1


@dataclass(frozen=True)
class Click:
    """A lobby click: who (`user`, their `name`), the menu's value, when, the AI levels."""

    user: int
    name: str
    value: str
    now: float
    levels: tuple[str, ...]
    plays_forced: bool = True  # the clicker's setting for turns with one move (who sits down)


def _option(table: Table, click: Click) -> None:
    name, chosen = read_option(table, click.value)
    table.choose_option(click.user, name, chosen)


#: A lobby click's change of the table by its verb (`dl:{table}:{verb}`, or a menu's); the
#: steps of a change that deals (Start) are what it shows.
CHANGES: dict[str, Callable[[Table, Click], object]] = {
    "join": lambda table, c: table.join(c.user, c.name, plays_forced=c.plays_forced),
    "seat": lambda table, c: table.join(
        c.user, c.name, _number(c.value), plays_forced=c.plays_forced
    ),
    "leave": lambda table, c: table.leave_lobby(c.user),
    "ai": lambda table, c: table.add_ai(c.user, c.value, c.levels),
    "fill": lambda table, c: table.fill_with_ai(c.user, c.value, c.levels),
    "remove": lambda table, c: table.remove_ai(c.user, _number(c.value)),
    "option": _option,
    "cancel": lambda table, c: table.cancel(c.user),
    "start": lambda table, c: table.start(c.user, c.now),
}


class Lobbies:
    def __init__(
        self,
        db: Database,
        audience: Audience,
        message: LobbyMessage,
        *,
        act: Act,
        create: Callable[[Table], Awaitable[None]],
        clock: Callable[[], float],
        most: int,
        levels: Sequence[str],
        seeds: Callable[[], str] = new_seed,
        friends: Friends | None = None,
    ) -> None:
        self.db = db
        self.audience = audience
        self.message = message  # the lobby message, which a click edits itself
        self.act = act
        self.create = create
        self.clock = clock
        self.most = most  # tables a person may host or sit at (`check_room`)
        self.levels = tuple(levels)
        self.seeds = seeds  # a new table's seed (`table.seeds`)
        self.friends = friends  # tables in DMs and group DMs (`cogs.tables.friends`)

    async def open_table(self, interaction: discord.Interaction[Any], setup: Setup) -> None:
        if interaction.guild_id is None and self.friends is not None:
            await self.friends.open(interaction, setup)
            return
        if interaction.guild is None or interaction.channel is None:
            raise Refusal(texts.GUILD_ONLY)
        missing = missing_permissions(interaction)
        if missing:
            w = mine(interaction)
            names = ", ".join(w(permission) for permission in missing)
            raise Refusal(texts.MISSING_PERMISSIONS, permissions=names)
        table = await hosted_table(
            self.db,
            interaction.user,
            setup,
            seed=self.seeds(),
            now=self.clock(),
            most=self.most,
            guild_id=interaction.guild.id,
            channel_id=interaction.channel.id,
        )
        w = await self.audience.table(table, interaction.guild_locale)
        message = self.message.message(table, w)
        await interaction.response.send_message(**message)
        posted = await interaction.original_response()
        table.lobby_message_id = posted.id
        try:
            await self.create(table)
        except Refusal:
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
            raise
        self.message.edited(table.id, message)

    async def click(
        self, interaction: discord.Interaction[Any], table_id: str, verb: str, value: str | None
    ) -> None:
        user = interaction.user
        # Who sits down brings their setting for turns with one move: read before the
        # acknowledgement, so nothing is awaited between it and the change (below).
        sits = verb in ("join", "seat")
        plays_forced = await self.db.plays_forced(user.id) if sits else True
        await interaction.response.defer()
        now = self.clock()
        change = CHANGES[verb]
        # Nothing is awaited between the acknowledgement and the change, which reads the table
        # under its lock: clicks are applied in the order they were acknowledged (a Start
        # pressed after a Join was acknowledged comes after it). A seat's cap is counted by
        # the commit that writes it (`TableStore.caps`).

        clicked = Click(user.id, user.display_name, value or "", now, self.levels, plays_forced)

        def click(table: Table) -> list[Step]:
            check_place(interaction, table)
            steps = change(table, clicked)
            return (
                [step for step in steps if isinstance(step, Step)]
                if isinstance(steps, list)
                else []
            )

        try:
            current, _ = await self.act(table_id, click)
        finally:  # a friends' table is shown through the click's token (refused or not)
            if self.friends is not None and interaction.guild_id is None:
                await self.friends.revive(interaction, table_id)
        if current.friends:
            return
        w = await self.audience.table(current, interaction.guild_locale)
        message = self.message.message(current, w)
        self.message.edited(table_id, message)
        await interaction.edit_original_response(**message)
