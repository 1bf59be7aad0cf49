"""`/leaderboard` and `/stats`, with the leaderboard's pages (`/history` is in `history`).

Thin by design: each handler defers first (every interaction is answered within Discord's three
seconds, whatever the database or Pillow costs), asks the data layer, words the answer through
`cogs.standings.format`, draws pictures off the event loop, and replies. Both answer in the
channel: standings are for sharing.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs import texts
from cogs.audience import mine
from cogs.common import colours, pictures
from cogs.common.refusal import Refusal
from cogs.lang import Words
from cogs.lang.commands import game_choices
from cogs.standings import format as fmt
from cogs.standings import texts as words
from cogs.standings.views import LEADERBOARD_ITEMS, BoardScope, leaderboard_view
from data.models import Kind, Order, Season
from engine.errors import UnknownVariant
from engine.variants import get_variant

if TYPE_CHECKING:
    from cogs.common.bot import DominoBot

log = logging.getLogger(__name__)

ALL_TIME_VALUE = "all"


class StandingsError(Refusal):
    """A refusal of a standings command, shown to the user in their language (the error
    handler's `Refusal` row); nothing was changed."""


class Standings(commands.Cog):
    def __init__(self, bot: DominoBot) -> None:
        self.bot = bot

    # -- reading options ----------------------------------------------------------------------

    async def season_of(self, guild_id: int, typed: str | None, *, current: bool) -> Season | None:
        """The season an option names: `all` is all time; a number or a name is that season;
        nothing is the open season when `current` (all time if none is open), else all time."""
        db = self.bot.db
        if typed is None or not typed.strip():
            return await db.current_season(guild_id, self.bot.settings.clock()) if current else None
        text = typed.strip().lower()
        if text in (ALL_TIME_VALUE, words.ALL_TIME.lower()):
            return None
        if await self._names_all_time(guild_id, text):
            return None
        for season in await db.seasons(guild_id):
            if text in (str(season.number), season.name.lower()):
                return season
        raise StandingsError(words.UNKNOWN_SEASON, name=texts.user_text(typed))

    async def _names_all_time(self, guild_id: int, text: str) -> bool:
        """Whether `text` is "All time" in the server's language (what its menus show)."""
        w = await self.bot.audience.server(guild_id)
        return text == w(words.ALL_TIME).lower()

    @staticmethod
    def variant_of(typed: str | None) -> str | None:
        if typed is None or not typed.strip():
            return None
        try:
            return get_variant(typed.strip()).id
        except UnknownVariant:
            raise StandingsError(texts.UNKNOWN_GAME, name=texts.user_text(typed)) from None

    async def season_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        typed = current.strip().lower()
        now = self.bot.settings.clock()
        w = mine(interaction)
        choices = [app_commands.Choice(name=w(words.ALL_TIME), value=ALL_TIME_VALUE)]
        for season in await self.bot.db.seasons(interaction.guild_id):
            label = season.name
            if season.ended_at is None and season.holds(now):
                label += f" ({w(words.CURRENT)})"
            choices.append(app_commands.Choice(name=label[:100], value=str(season.number)))
        return [c for c in choices if not typed or typed in c.name.lower()][:25]

    # -- /leaderboard -------------------------------------------------------------------------

    @app_commands.command(name="leaderboard", description="This server's standings")
    @app_commands.guild_only()
    @app_commands.describe(
        season="Which season (the current one if left out; or all time)",
        game="One game only (all games if left out)",
        by="Order by rating, wins or points",
        who="Players, or fixed pairs of partners",
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        season: str | None = None,
        game: str | None = None,
        by: Literal["rating", "wins", "points"] = "rating",
        who: Literal["players", "pairs"] = "players",
    ) -> None:
        variant = self.variant_of(game)  # a bad name is refused before anything is shown
        await interaction.response.defer(thinking=True)
        guild_id = interaction.guild_id or 0
        chosen = await self.season_of(guild_id, season, current=True)
        scope = BoardScope(chosen.id if chosen else None, variant, by, who)
        w = await self.bot.audience.public(interaction)
        embed, view = await self.leaderboard_message(guild_id, scope, 0, interaction.user, w)
        await interaction.followup.send(embed=embed, view=view)

    @leaderboard.autocomplete("season")
    async def _leaderboard_season(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.season_choices(interaction, current)

    @leaderboard.autocomplete("game")
    async def _leaderboard_game(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        played = await self.bot.db.played_variants(interaction.guild_id or 0)
        return game_choices(current, mine(interaction), played)

    async def leaderboard_message(
        self, guild_id: int, scope: BoardScope, page: int, user: discord.abc.User, w: Words
    ) -> tuple[discord.Embed, discord.ui.View]:
        """Page `page` (clamped to the last) of a leaderboard, with `user`'s rank under it, in
        `w`'s language (the server's: the leaderboard is public)."""
        db = self.bot.db
        order: Order = scope.order
        kind: Kind = scope.kind
        season = await db.season(scope.season_id) if scope.season_id is not None else None
        first = await db.leaderboard(
            guild_id, scope.season_id, scope.variant, order, kind, 0, fmt.PAGE_SIZE
        )
        pages = fmt.page_count(first.total)
        page = max(0, min(page, pages - 1))
        shown = first
        if page:
            shown = await db.leaderboard(
                guild_id, scope.season_id, scope.variant, order, kind, page * fmt.PAGE_SIZE,
                fmt.PAGE_SIZE,
            )  # fmt: skip
        rank = await db.rank_of(guild_id, scope.season_id, user.id, scope.variant, order, kind)
        heading = w(
            words.LEADERBOARD_ORDER,
            kind=w(words.KIND_NAMES[kind]),
            order=w(words.ORDER_NAMES[order]),
        )
        lines = fmt.leaderboard_lines(shown, order, w=w) or [w(words.LEADERBOARD_EMPTY)]
        embed = discord.Embed(
            title=w(
                words.LEADERBOARD_TITLE,
                season=fmt.season_name(season, w=w),
                game=fmt.game_name(scope.variant, w=w),
            ),
            description="\n".join([f"_{heading}_", "", *lines]),
            colour=colours.TABLE,
        )
        embed.add_field(
            name=w(words.YOUR_RANK),
            value=fmt.rank_line(texts.user_text(user.display_name), rank, shown.total, w=w),
            inline=False,
        )
        counted = words.PAIRS_COUNT if kind == "pairs" else words.PLAYERS_COUNT
        embed.set_footer(
            text=w(
                words.LEADERBOARD_FOOTER,
                page=page + 1,
                pages=pages,
                what=w.plural(*counted, shown.total),
            )
        )
        return embed, leaderboard_view(scope, page, pages, w)

    async def leaderboard_page(
        self, interaction: discord.Interaction[Any], scope: BoardScope, page: int | str
    ) -> None:
        """A page button: the message shows that page, with the clicker's rank line. The
        season its id names must be this server's (an id is the client's to send)."""
        await interaction.response.defer()
        guild_id = interaction.guild_id or 0
        if scope.season_id is not None:
            season = await self.bot.db.season(scope.season_id)
            if season is None or season.guild_id != guild_id:
                raise StandingsError(words.UNKNOWN_SEASON, name=str(scope.season_id))
        if page == "me":
            rank = await self.bot.db.rank_of(
                guild_id, scope.season_id, interaction.user.id, scope.variant, scope.order,
                scope.kind,
            )  # fmt: skip
            if rank is None:
                raise StandingsError(words.NOT_RANKED_HERE)
            page = (rank - 1) // fmt.PAGE_SIZE
        number = page if isinstance(page, int) else 0
        w = await self.bot.audience.public(interaction)
        embed, view = await self.leaderboard_message(guild_id, scope, number, interaction.user, w)
        await interaction.edit_original_response(embed=embed, view=view)

    # -- /stats -------------------------------------------------------------------------------

    @app_commands.command(name="stats", description="A player's record here")
    @app_commands.guild_only()
    @app_commands.describe(
        player="Whose (yours if left out)", season="Which season (all time if left out)"
    )
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User | None = None,
        season: str | None = None,
    ) -> None:
        await interaction.response.defer(thinking=True)
        guild_id = interaction.guild_id or 0
        who = player or interaction.user
        chosen = await self.season_of(guild_id, season, current=False)
        season_id = chosen.id if chosen else None
        stats = await self.bot.db.player_stats(guild_id, who.id, season_id)
        rank = None
        if stats.rating is not None:
            rank = await self.bot.db.rank_of(guild_id, season_id, who.id)
        name = texts.user_text(who.display_name)
        w = await self.bot.audience.public(interaction)
        embed = discord.Embed(
            title=w(words.STATS_TITLE, name=name, season=fmt.season_name(chosen, w=w)),
            colour=colours.TABLE,
        )
        if not stats.games:
            embed.description = w(words.STATS_NONE, name=name)
            await interaction.followup.send(embed=embed)
            return
        for label, value in fmt.stats_figures(stats, rank, w=w):
            embed.add_field(name=label, value=value, inline=True)
        lines = fmt.by_game_lines(stats, w=w)
        embed.add_field(name=w(words.BY_GAME), value="\n".join(lines)[:1024], inline=False)
        embed.set_footer(text=w(words.STATS_FOOTER))
        if not stats.trend:
            await interaction.followup.send(embed=embed)
            return
        picture = await pictures.rating_chart(
            [point.rating for point in stats.trend],
            title=w(words.CHART_TITLE, name=name),
            caption=fmt.chart_caption(stats, w=w),
            name=name,
            language=w.language,
        )
        embed.set_image(url="attachment://rating.png")
        file = discord.File(io.BytesIO(picture.png), filename="rating.png", description=picture.alt)
        await interaction.followup.send(embed=embed, file=file)

    @stats.autocomplete("season")
    async def _stats_season(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.season_choices(interaction, current)


async def setup(bot: DominoBot) -> None:
    bot.add_dynamic_items(*LEADERBOARD_ITEMS)
    await bot.add_cog(Standings(bot))
