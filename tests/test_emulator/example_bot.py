"""A tiny bot that uses every Discord feature the domino bot will, for the emulator's self-tests.

It is deliberately small and not a domino bot: a lobby with a persistent (DynamicItem) Join
button and a view-bound Start button, a seat select, a settings modal, autocomplete, DMs with a
PNG and a button, threads with a fallback, and `/probe`, which runs whatever coroutine a test
put in `bot.probe` so a test can make the bot break one rule on purpose.
"""

from __future__ import annotations

import io
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

VARIANTS = ["block", "draw", "partnership", "muggins", "bergen"]


@dataclass
class Tables:
    """What the example bot keeps across restarts (the real bot keeps it in SQLite)."""

    players: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    next_id: int = 1


def png(colour: str = "white", size: tuple[int, int] = (32, 16)) -> discord.File:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, "PNG")
    buffer.seek(0)
    return discord.File(buffer, "hand.png")


class JoinButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"table:(?P<id>\d+):join"
):
    """Persistent: the custom id carries the table, so it works after a restart."""

    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label="Join", custom_id=f"table:{table}:join"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> JoinButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: ExampleBot = interaction.client
        seated = bot.tables.players.setdefault(self.table, [])
        seated.append((interaction.user.id, interaction.user.name))
        names = ", ".join(name for _, name in seated)
        await interaction.response.edit_message(content=f"Table {self.table}: {names}")


class Lobby(discord.ui.View):
    def __init__(self, table: int) -> None:
        super().__init__(timeout=None)
        self.table = table
        self.add_item(JoinButton(table))

    @discord.ui.button(label="Start", style=discord.ButtonStyle.success)
    async def start(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        bot: ExampleBot = interaction.client
        await interaction.response.send_message("Dealing.", ephemeral=True)
        for user_id, name in bot.tables.players.get(self.table, []):
            user = await bot.fetch_user(user_id)
            try:
                await user.send("Your hand", file=png(), view=HandView())
            except discord.Forbidden:
                await interaction.followup.send(f"{name} has DMs closed.", ephemeral=True)
        self.stop()

    @discord.ui.button(label="Rename")
    async def rename(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.send_modal(Rename())

    @discord.ui.button(label="Refresh")
    async def refresh(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        """Deferred update (6), then the board picture replaces the lobby's attachments."""
        await interaction.response.defer()
        await interaction.edit_original_response(content="Board", attachments=[png("black")])

    @discord.ui.select(placeholder="Seat", options=[discord.SelectOption(label=s) for s in "NESW"])
    async def seat(
        self, interaction: discord.Interaction[Any], select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.send_message(f"Seat {select.values[0]}", ephemeral=True)


class HandView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Play", custom_id="hand:play")
    async def play(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        where = "DM" if interaction.guild is None else "guild"
        await interaction.response.send_message(f"played from {where} by {interaction.user.name}")


class Settings(discord.ui.Modal, title="Table settings"):
    target: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Target score", max_length=4)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"Target {self.target.value}")


class Rename(discord.ui.Modal, title="Rename the table"):
    """Opened from a button: its submission updates the lobby message itself (type 7). Its
    input sits in a Label (the newer modal layout); Settings uses the older action row."""

    def __init__(self) -> None:
        super().__init__()
        self.name: discord.ui.TextInput[Any] = discord.ui.TextInput(custom_id="name")
        self.add_item(discord.ui.Label(text="Name", component=self.name))

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(content=f"Table {self.name.value}")


domino = app_commands.Group(name="domino", description="Domino tables")


admin = app_commands.Group(name="admin", description="Table admin", parent=domino)


@admin.command(name="reset", description="Reset a table")
async def reset(interaction: discord.Interaction[Any], table: int) -> None:
    await interaction.response.send_message(f"Table {table} reset", ephemeral=True)


@domino.command(name="new", description="Open a table")
@app_commands.choices(variant=[app_commands.Choice(name=v.title(), value=v) for v in VARIANTS[:3]])
async def new(
    interaction: discord.Interaction[Any],
    variant: str,
    players: app_commands.Range[int, 2, 4] = 4,
    rated: bool = True,
) -> None:
    bot: ExampleBot = interaction.client
    table = bot.tables.next_id
    bot.tables.next_id += 1
    bot.tables.players[table] = []
    text = f"Table {table}: {variant} for {players}{' (rated)' if rated else ''}"
    await interaction.response.send_message(text, view=Lobby(table))


@domino.command(name="help", description="How to play")
async def help_(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("Only you can see this.", ephemeral=True)


@domino.command(name="rules", description="Rules of a variant")
async def rules(interaction: discord.Interaction[Any], variant: str) -> None:
    await interaction.response.send_message(f"Rules of {variant}")


@rules.autocomplete("variant")
async def rules_variant(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=v, value=v) for v in VARIANTS if v.startswith(current)]


@domino.command(name="config", description="Table settings")
async def config(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_modal(Settings())


@domino.command(name="picture", description="A deferred picture")
async def picture(interaction: discord.Interaction[Any], private: bool = False) -> None:
    await interaction.response.defer(thinking=True, ephemeral=private)
    await interaction.followup.send("The board", file=png("green"))


@domino.command(name="thread", description="Open a table thread")
async def thread(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("Table opened")
    message = await interaction.original_response()
    try:
        room = await message.create_thread(name="table-1")
        await room.send("Welcome to the table", file=png())
    except discord.Forbidden:
        await interaction.followup.send("Threads are not allowed here; playing in the channel.")


@app_commands.command(name="leaderboard", description="Who leads")
async def leaderboard(
    interaction: discord.Interaction[Any], player: discord.Member | None = None
) -> None:
    who = player.display_name if player else "everyone"
    await interaction.response.send_message(f"Leaderboard for {who}")


@app_commands.command(name="season", description="Start a new season")
@app_commands.default_permissions(manage_guild=True)
async def season(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("A new season begins")


@app_commands.command(name="probe", description="Test hook")
async def probe(interaction: discord.Interaction[Any]) -> None:
    bot: ExampleBot = interaction.client
    assert bot.probe is not None
    await bot.probe(interaction)


@app_commands.command(name="friends", description="Test hook where friends play")
@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
async def friends(interaction: discord.Interaction[Any]) -> None:
    """`/probe` for user installs: offered in group DMs too."""
    bot: ExampleBot = interaction.client
    assert bot.probe is not None
    await bot.probe(interaction)


class ExampleBot(commands.Bot):
    def __init__(
        self, tables: Tables | None = None, intents: discord.Intents | None = None
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents or discord.Intents.default()
        )
        self.tables = tables or Tables()
        self.probe: Callable[[discord.Interaction[Any]], Awaitable[None]] | None = None
        self.seen_messages: list[int] = []
        self.deleted_messages: list[int] = []

    async def on_message(self, message: discord.Message) -> None:
        self.seen_messages.append(message.id)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.deleted_messages.append(payload.message_id)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton)
        self.add_view(HandView())
        offered: list[app_commands.Group | app_commands.Command[Any, Any, Any]]
        offered = [domino, leaderboard, season, probe, friends]
        for command in offered:
            self.tree.add_command(command)
        await self.tree.sync()
