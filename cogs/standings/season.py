"""`/season list` for everyone, `/season start|end` for moderators, and the background task
that ends seasons on schedule (starting the next one where the server asked for repeating
seasons).

Moderators are members with Manage Server. Discord sets a default permission per top-level
command only, and every player may look at the seasons (`list`), so the group is shown to all
and `start` and `end` check the permission when they run (say so in their descriptions).
Answers: the moderator gets an ephemeral confirmation, and the channel a public announcement,
so everyone learns that a season started or ended; refusals stay ephemeral.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs import texts
from cogs.audience import mine
from cogs.common import colours
from cogs.lang import Command, Words
from cogs.standings import texts as words
from cogs.standings.leaderboard import StandingsError
from data.models import SeasonError

if TYPE_CHECKING:
    from cogs.common.bot import DominoBot

log = logging.getLogger(__name__)

ROLL_SECONDS = 60.0  # how often scheduled season ends are looked for
DAY = 86_400.0


def require_manager(interaction: discord.Interaction[Any]) -> None:
    """Refuse anyone without Manage Server (the runtime half of the moderator check)."""
    if not interaction.permissions.manage_guild:
        raise StandingsError(words.MANAGE_SERVER_ONLY)


class Seasons(commands.Cog):
    season = app_commands.Group(
        name="season",
        description="This server's seasons",
        guild_only=True,
    )

    def __init__(self, bot: DominoBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.roller.start()

    async def cog_unload(self) -> None:
        self.roller.cancel()

    def now(self) -> float:
        return self.bot.settings.clock()

    # -- the schedule -------------------------------------------------------------------------

    @tasks.loop(seconds=ROLL_SECONDS)
    async def roller(self) -> None:
        try:
            await self.roll_due()
        except Exception:  # the next round tries again; one failure must not stop the loop
            log.exception("could not roll the seasons that are due")

    async def roll_due(self) -> list[tuple[Any, Any]]:
        """End every season whose scheduled end has passed (and start the next where asked)."""
        rolled = await self.bot.db.roll_seasons(self.now())
        for ended, started in rolled:
            log.info(
                "server %s: %s ended on schedule%s",
                ended.guild_id,
                ended.name,
                f"; {started.name} started" if started is not None else "",
            )
        return rolled

    # -- commands -----------------------------------------------------------------------------

    @season.command(
        name="start", description="(Moderators) Start a new season: the standings start afresh"
    )
    @app_commands.describe(
        name="Its name (Season N if left out)",
        days="End it by itself after this many days",
        repeat="When it ends, start the next one at once, lasting as many days",
    )
    async def start(
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 60] | None = None,
        days: app_commands.Range[int, 1, 366] | None = None,
        repeat: bool = False,
    ) -> None:
        require_manager(interaction)
        # A name of spaces reads as no name (the season is then "Season N"); one line always.
        name = " ".join((name or "").split()) or None
        if repeat and days is None:
            raise StandingsError(words.REPEAT_NEEDS_DAYS)
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild_id = interaction.guild_id or 0
        now = self.now()
        ends_at = now + days * DAY if days is not None else None
        try:
            season = await self.bot.db.start_season(guild_id, name, ends_at, now)
        except SeasonError:  # one is still open
            current = await self.bot.db.current_season(guild_id, now)
            still = current.name if current is not None else "?"
            raise StandingsError(words.SEASON_STILL_OPEN, name=texts.user_text(still)) from None
        await self.bot.db.update_server_settings(guild_id, season_days=days if repeat else None)

        def started(w: Words) -> str:
            if ends_at is None:
                text = w(words.SEASON_STARTED, name=texts.user_text(season.name))
            else:
                text = w(
                    words.SEASON_STARTED_UNTIL,
                    name=texts.user_text(season.name),
                    when=str(int(ends_at)),
                )
            if repeat:
                text += " " + w.plural(*words.SEASON_REPEATS, days or 0)
            return text

        await interaction.followup.send(started(mine(interaction)), ephemeral=True)
        await interaction.followup.send(started(await self.bot.audience.public(interaction)))

    @season.command(name="end", description="(Moderators) End the current season now")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        require_manager(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild_id = interaction.guild_id or 0
        try:
            season = await self.bot.db.end_season(guild_id, self.now())
        except SeasonError:
            raise StandingsError(words.NO_OPEN_SEASON) from None
        # Ending by hand also stops the repetition: the moderator decides when the next starts.
        await self.bot.db.update_server_settings(guild_id, season_days=None)
        mine_words, public = mine(interaction), await self.bot.audience.public(interaction)
        for w, ephemeral in ((mine_words, True), (public, False)):
            text = w(
                words.SEASON_ENDED,
                name=texts.user_text(season.name),
                command=Command("leaderboard"),
                season=w.slash("season")[1:],
                number=str(season.number),
            )
            await interaction.followup.send(text, ephemeral=ephemeral)

    @season.command(name="list", description="Every season of this server")
    async def list_seasons(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild_id = interaction.guild_id or 0
        seasons = await self.bot.db.seasons(guild_id)
        settings = await self.bot.db.server_settings(guild_id)
        w = mine(interaction)
        lines = [
            words.season_line(
                texts.user_text(season.name),
                int(season.started_at),
                int(season.ended_at) if season.ended_at is not None else None,
                int(season.ends_at) if season.ends_at is not None else None,
                w=w,
            )
            for season in seasons
        ]
        embed = discord.Embed(
            title=w(words.SEASON_LIST_TITLE),
            description="\n".join(lines)[:4096]
            or w(words.SEASON_NONE, command=Command("season start")),
            colour=colours.TABLE,
        )
        days = settings.season_days
        embed.set_footer(
            text=w.plural(*words.SEASON_SCHEDULE, days) if days else w(words.SEASON_NO_SCHEDULE)
        )
        await interaction.followup.send(embed=embed, ephemeral=True)


async def setup(bot: DominoBot) -> None:
    await bot.add_cog(Seasons(bot))
