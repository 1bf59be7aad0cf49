"""`/domino mine`: the tables and puzzles a person counts in (what their caps count: the store's
`people`, in every server and process), each with where it is and a way out of it.

The answer is ephemeral: one line per place (the game, lobby or playing and the person's seat,
a link to its channel or thread) and a menu, `dmy:{user}`, whose choices are the places by id.
Choosing one leaves it the way its own buttons would: a lobby is left (closed, for its host), a
match resigned, a puzzle given up. Only the person named in the menu's id may use it, and only
for a place they count in now; whatever a client sends, nobody acts for anyone else. The list is
then shown again as it now is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord

from cogs import texts
from cogs.audience import mine
from cogs.common import colours
from cogs.common.components import Fields, PersistentItem
from cogs.common.refusal import Refusal
from cogs.front.runners import puzzles_of, tables_of
from cogs.lang import Command, Words, words
from cogs.tables import flow
from cogs.tables.clicks import resign_question
from cogs.tables.table import Phase, Step, Table

if TYPE_CHECKING:
    from cogs.common.bot import DominoBot

ENGLISH = words("en")  # the placeholder of a menu rebuilt from a custom id (never shown again)
COLOUR = colours.TABLE
MENU_SIZE = 25
PLACE_ID = re.compile(r"[0-9a-z]{1,32}")
USER_ID = r"[0-9]{1,20}"
LINE_LIMIT = 100  # a menu option's label


@dataclass(frozen=True)
class Place:
    """One open table or puzzle of the person, as listed."""

    id: str
    game: str  # its name in the reader's words
    state: str  # lobby or playing, and the seat, in the reader's words
    url: str  # its channel (or thread)
    way_out: str  # what choosing it does, in the reader's words


def channel_url(guild_id: int, channel_id: int) -> str:
    """A link to a channel; a DM's or a group DM's (a friends' table: no server) is `@me`'s."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


def describe_table(table: Table, user_id: int, w: Words) -> Place | None:
    """The table as its person's line, or None if they cannot leave it from here (it is over,
    or they host a started match without a seat)."""
    seat = table.seat_of(user_id)
    game = w.game_name(table.setup.variant)
    url = channel_url(table.guild_id or 0, table.thread_id or table.channel_id or 0)
    if table.phase is Phase.LOBBY:
        hosting = user_id == table.host_id
        seated = w(texts.MINE_LOBBY_SEAT, number=seat + 1) if seat is not None else None
        state = seated or w(texts.MINE_HOSTING)
        way_out = w(texts.MINE_CLOSE_LOBBY if hosting else texts.MINE_LEAVE_LOBBY)
        return Place(table.id, game, state, url, way_out)
    if table.finished or seat is None:
        return None
    state = w(texts.MINE_PLAYING, number=seat + 1)
    return Place(table.id, game, state, url, w(texts.MINE_RESIGN))


def resign(table: Table, user_id: int, now: float) -> list[Step]:
    """The person resigns the match at `table` (confirmed): as its own Resign would."""
    if table.finished:
        raise Refusal(texts.NO_SUCH_TABLE)
    table.resign(user_id, now)
    return []


def leave(table: Table, user_id: int) -> list[Step]:
    """The person's way out of a lobby (closed by its host); a match is resigned only once
    confirmed (`resign`)."""
    if table.phase is Phase.LOBBY:
        if user_id == table.host_id:
            table.cancel(user_id)
        else:
            table.leave_lobby(user_id)
    elif table.finished:
        raise Refusal(texts.NO_SUCH_TABLE)
    else:
        raise Refusal(texts.NOT_IN_LOBBY)
    return []


class Mine:
    """The places of a person and the ways out of them (`bot.tables`, `bot.puzzles`)."""

    def __init__(self, bot: DominoBot) -> None:
        self.bot = bot

    async def places(self, user_id: int, w: Words) -> list[Place]:
        """Every table and puzzle `user_id` counts in, tables first, each by id."""
        db, tables, puzzles = self.bot.db, tables_of(self.bot), puzzles_of(self.bot)
        found: list[Place] = []
        for table_id in await db.open_tables_of(user_id, "table"):
            try:
                async with tables.read(table_id) as table:
                    place = describe_table(table, user_id, w)
            except Refusal:
                continue  # gone meanwhile
            if place is not None:
                found.append(place)
        for puzzle_id in await db.open_tables_of(user_id, "puzzle"):
            try:
                puzzle = await puzzles.attempt(puzzle_id)
            except Refusal:
                continue
            if puzzle.over or puzzle.user_id != user_id:
                continue
            url = channel_url(puzzle.guild_id, puzzle.place)
            state = w(texts.MINE_PUZZLE, done=w.message(puzzle.game.progress.message))
            found.append(
                Place(puzzle.id, w.game_name(puzzle.game_id), state, url, w(texts.MINE_GIVE_UP))
            )
        return found

    async def answer(self, user_id: int, w: Words) -> dict[str, Any]:
        """The list as a message's parts (`embed`, `view`)."""
        places = await self.places(user_id, w)
        lines = [f"**{place.game}** — {place.state} — {place.url}" for place in places]
        embed = discord.Embed(
            title=w(texts.MINE_TITLE),
            description="\n".join(lines) if lines else w(texts.MINE_NONE),
            colour=COLOUR,
        )
        view: discord.ui.View | None = None
        if places:
            view = discord.ui.View(timeout=None)
            view.add_item(MineMenu(user_id, places[:MENU_SIZE], w))
        return {"embed": embed, "view": view}

    async def show(self, interaction: discord.Interaction[Any]) -> None:
        """`/domino mine`: the caller's places, for their eyes only."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await self.answer(interaction.user.id, mine(interaction))
        if answer["view"] is None:
            del answer["view"]
        await interaction.followup.send(**answer, ephemeral=True)

    async def leave(self, interaction: discord.Interaction[Any], owner: int) -> None:
        """A place chosen in the menu of `owner`'s list: left, resigned or given up by the
        clicker, who must be `owner` and count in it now; then the list as it now is."""
        user_id = interaction.user.id
        if user_id != owner:
            raise Refusal(texts.MINE_NOT_YOURS, command=Command("domino mine"))
        data = cast("dict[str, Any]", interaction.data or {})
        values = [str(value) for value in data.get("values") or []]
        place_id = values[0] if len(values) == 1 else ""
        if not PLACE_ID.fullmatch(place_id):
            raise Refusal(texts.NO_SUCH_TABLE)
        db = self.bot.db
        if place_id in await db.open_tables_of(user_id, "puzzle"):
            await puzzles_of(self.bot).act(interaction, place_id, "quit", "")  # acknowledges it
        elif place_id in await db.open_tables_of(user_id, "table"):
            await interaction.response.defer()
            tables = tables_of(self.bot)
            async with tables.read(place_id) as table:
                playing = table.phase is not Phase.LOBBY
                question = resign_question(table, user_id) if playing else None
            if question is not None:  # a match is resigned only once confirmed
                w = mine(interaction)
                view = discord.ui.View(timeout=None)
                view.add_item(MineResign(user_id, place_id, w))
                view.add_item(MineKeep(user_id, w))
                await interaction.edit_original_response(
                    content=w.say(question), embed=None, view=view
                )
                return
            await tables.act(place_id, lambda table: leave(table, user_id))
        else:
            raise Refusal(texts.NO_SUCH_TABLE)
        await interaction.edit_original_response(**await self.answer(user_id, mine(interaction)))

    async def resign(
        self, interaction: discord.Interaction[Any], owner: int, table_id: str
    ) -> None:
        """The resignation chosen in `owner`'s list, confirmed; then the list as it now is."""
        user_id = interaction.user.id
        if user_id != owner:
            raise Refusal(texts.MINE_NOT_YOURS, command=Command("domino mine"))
        if table_id not in await self.bot.db.open_tables_of(user_id, "table"):
            raise Refusal(texts.NO_SUCH_TABLE)
        await interaction.response.defer()
        clock = self.bot.settings.clock
        await tables_of(self.bot).act(
            table_id,
            lambda table: resign(table, user_id, clock()),
            show=lambda table, _: [*flow.show_for(table), *flow.asking(table)],
        )
        answer = await self.answer(user_id, mine(interaction))
        await interaction.edit_original_response(content=None, **answer)

    async def keep(self, interaction: discord.Interaction[Any], owner: int) -> None:
        """The resignation thought better of: the list again, nothing changed."""
        if interaction.user.id != owner:
            raise Refusal(texts.MINE_NOT_YOURS, command=Command("domino mine"))
        await interaction.response.defer()
        answer = await self.answer(owner, mine(interaction))
        await interaction.edit_original_response(content=None, **answer)


class MineResign(
    PersistentItem[discord.ui.Button[Any]],
    template=rf"dmyr:(?P<owner>{USER_ID}):(?P<table_id>[0-9a-z]{{1,32}})",
):
    """Resign, under the question a `/domino mine` list asks before a match is resigned."""

    fields: ClassVar[Fields] = {"owner": int}

    def __init__(self, owner: int, table_id: str, w: Words = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=w(texts.RESIGN),
                style=discord.ButtonStyle.danger,
                custom_id=f"dmyr:{owner}:{table_id}",
            )
        )
        self.owner = owner
        self.table_id = table_id

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await Mine(cast("DominoBot", interaction.client)).resign(
            interaction, self.owner, self.table_id
        )


class MineKeep(
    PersistentItem[discord.ui.Button[Any]],
    template=rf"dmyk:(?P<owner>{USER_ID})",
):
    """Keep playing, under the question a `/domino mine` list asks before a resignation."""

    fields: ClassVar[Fields] = {"owner": int}

    def __init__(self, owner: int, w: Words = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=w(texts.KEEP_PLAYING),
                style=discord.ButtonStyle.primary,
                custom_id=f"dmyk:{owner}",
            )
        )
        self.owner = owner

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await Mine(cast("DominoBot", interaction.client)).keep(interaction, self.owner)


class MineMenu(
    PersistentItem[discord.ui.Select[Any]],
    template=rf"dmy:(?P<owner>{USER_ID})",
):
    """The menu of a `/domino mine` list: its owner's places, each to leave or give up."""

    fields: ClassVar[Fields] = {"owner": int}

    def __init__(self, owner: int, places: Sequence[Place] = (), w: Words = ENGLISH) -> None:
        options = [
            discord.SelectOption(
                label=f"{place.game} — {place.state}"[:LINE_LIMIT],
                value=place.id,
                description=place.way_out[:LINE_LIMIT],
            )
            for place in places
        ] or [discord.SelectOption(label="-", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"dmy:{owner}", placeholder=w(texts.MINE_PLACEHOLDER), options=options
            )
        )
        self.owner = owner

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await Mine(cast("DominoBot", interaction.client)).leave(interaction, self.owner)
