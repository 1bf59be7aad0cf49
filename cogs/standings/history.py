"""`/history`: recent finished matches, paged, and a move-by-move replay of any of them.

The list answers only the caller (browsing is personal); picking a match opens a private replay
whose buttons step by move or by hand. Each step cuts the stored game record at that point and
replays it through the engine (`cogs.standings.replay`), then draws the board in a worker thread:
what is shown is what the rules give, and the event loop never waits for Pillow. Every button
carries the match and the position in its custom id, so it works on any old message after any
restart.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import texts
from cogs.audience import mine
from cogs.common import colours, pictures
from cogs.common.pictures import worded_view
from cogs.lang import Words
from cogs.standings import format as fmt
from cogs.standings import texts as words
from cogs.standings.leaderboard import StandingsError
from cogs.standings.replay import (
    hand_sizes,
    next_hand,
    position_count,
    previous_hand,
    step_at,
)
from cogs.standings.views import HISTORY_ITEMS, history_view, stepper_view
from data.models import DataError
from engine.errors import DominoError

if TYPE_CHECKING:
    from cogs.common.bot import DominoBot

log = logging.getLogger(__name__)

HISTORY_PAGE = 10
EVERYONE = 0  # in place of a user id: every match of the server (no user has id 0)


class History(commands.Cog):
    def __init__(self, bot: DominoBot) -> None:
        self.bot = bot

    # -- /history -----------------------------------------------------------------------------

    @app_commands.command(name="history", description="Recent matches, to replay move by move")
    @app_commands.guild_only()
    @app_commands.describe(
        player="Whose matches (yours if left out)",
        everyone="Every match of this server instead",
    )
    async def history(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | None = None,
        everyone: bool = False,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        who: discord.abc.User | int = EVERYONE if everyone else player or interaction.user
        embed, view = await self.history_message(
            interaction.guild_id or 0, who, None, mine(interaction)
        )
        if view is None:
            await interaction.followup.send(embed=embed, ephemeral=True)
        else:
            await interaction.followup.send(embed=embed, view=view, ephemeral=True)

    async def history_message(
        self, guild_id: int, who: discord.abc.User | int, before: int | None, w: Words
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        """A page of finished matches of `who` (a user, a user id, or `EVERYONE`), newest
        first, from the match before `before`."""
        user_id = who if isinstance(who, int) else who.id
        # One more than a page: whether an older page exists, without a second query.
        found = await self.bot.db.history(
            guild_id, user_id if user_id != EVERYONE else None, HISTORY_PAGE + 1, before
        )
        shown, older = found[:HISTORY_PAGE], len(found) > HISTORY_PAGE
        if user_id == EVERYONE:
            name = w(words.HISTORY_SERVER)
        elif isinstance(who, int):  # a page button carries only the id: the name is in results
            name = next(
                (
                    texts.user_text(seat.name)
                    for match in shown
                    for seat in match.seats
                    if seat.user_id == user_id
                ),
                f"<@{user_id}>",
            )
        else:
            name = texts.user_text(who.display_name)
        embed = discord.Embed(
            title=w(words.HISTORY_TITLE, name=name),
            description="\n\n".join(fmt.history_line(match, w=w) for match in shown)[:4096]
            or w(words.HISTORY_EMPTY),
            colour=colours.TABLE,
        )
        embed.set_footer(text=w(words.HISTORY_FOOTER))
        options = [(fmt.history_option(match, w=w), match.match_id) for match in shown]
        view = history_view(user_id, options, shown[-1].match_id if older and shown else None, w)
        return embed, view

    async def history_page(
        self, interaction: discord.Interaction[Any], player: int, before: int
    ) -> None:
        """ "Older matches": the list pages back from the oldest match shown."""
        await interaction.response.defer()
        embed, view = await self.history_message(
            interaction.guild_id or 0, player, before, mine(interaction)
        )
        await interaction.edit_original_response(embed=embed, view=view)

    # -- the replay ---------------------------------------------------------------------------

    async def open_replay(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """A match picked in the list: a new private message at the match's first deal."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed, file, view = await self.replay_message(
            interaction.guild_id or 0, match_id, 0, mine(interaction)
        )
        await interaction.followup.send(embed=embed, file=file, view=view, ephemeral=True)

    async def replay_step(
        self, interaction: discord.Interaction[Any], match_id: int, position: int
    ) -> None:
        """A step button: the same message shows the table at `position`."""
        await interaction.response.defer()
        embed, file, view = await self.replay_message(
            interaction.guild_id or 0, match_id, position, mine(interaction)
        )
        await interaction.edit_original_response(embed=embed, attachments=[file], view=view)

    async def replay_message(
        self, guild_id: int, match_id: int, position: int, w: Words
    ) -> tuple[discord.Embed, discord.File, discord.ui.View]:
        """The replay of a finished match at `position`, for the user who asked (`w`)."""
        db = self.bot.db
        try:
            summary = await db.match_summary(match_id, guild_id)
            record = await db.match_record(match_id, guild_id)
        except DataError:  # no such match in this server
            raise StandingsError(words.NO_SUCH_MATCH, number=str(match_id)) from None
        try:
            step = await asyncio.to_thread(step_at, record, position)
        except DominoError as error:
            log.warning("match %s: its record does not replay: %s", match_id, error)
            raise StandingsError(words.NOT_REPLAYABLE, number=str(match_id), reason=error) from None
        names = fmt.seat_names(summary, step.view.players, w=w)
        view = worded_view(step.view, w)  # its status line in the reader's words
        picture = await pictures.replay(view, names, w.language)
        winners = [seat.seat for seat in summary.seats if seat.won]
        shown = [texts.user_text(name) for name in names]  # the picture draws them as they are
        embed = discord.Embed(
            title=w(
                words.STEP_TITLE,
                number=str(match_id),
                game=fmt.game_name(summary.variant, w=w),
            ),
            description=fmt.step_caption(step, shown, winners, w=w),
            colour=colours.TABLE,
        )
        embed.add_field(name=w(words.SCORES), value=fmt.score_lines(step, shown, w=w) or "-")
        embed.set_image(url="attachment://board.png")
        embed.set_footer(text=w(words.STEP_FOOTER, position=step.position + 1, count=step.count))
        sizes = hand_sizes(record)
        targets = {
            "ph": previous_hand(sizes, step.position),
            "pm": max(step.position - 1, 0),
            "nm": min(step.position + 1, position_count(sizes) - 1),
            "nh": next_hand(sizes, step.position),
        }
        file = discord.File(io.BytesIO(picture.png), filename="board.png", description=picture.alt)
        return embed, file, stepper_view(match_id, targets, step.position, w, summary.variant)


async def setup(bot: DominoBot) -> None:
    bot.add_dynamic_items(*HISTORY_ITEMS)
    await bot.add_cog(History(bot))
