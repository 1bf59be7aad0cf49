"""The `/domino` commands: new (a table), rules, help, end (moderators), puzzle, review (where
you lost points in a finished match), settings, mine (your open tables and puzzles), and
`/domino config language` and `/domino config defaults` (anyone looks, Manage Server changes:
the language of the server's public table messages; a new table's turn time and rating).

Thin by design: each command parses its options and hands over to the table runner
(`bot.tables`); the rules come from the engine's variant registry.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import texts
from cogs.audience import mine
from cogs.common import colours
from cogs.common.refusal import Refusal
from cogs.front.mine import Mine, MineKeep, MineMenu, MineResign
from cogs.front.runners import puzzles_of, tables_of
from cogs.lang import LANGUAGES, Command, native_name
from cogs.lang.commands import game_choices
from cogs.lang.games import picker_label
from cogs.standings import format as fmt
from cogs.tables.lobby import option_value
from cogs.tables.seating import Setup
from engine import all_variants, get_variant
from engine.errors import DominoError
from engine.puzzles import PuzzleInfo, all_puzzles, get_puzzle
from engine.puzzles.dominosa import DIFFICULTIES
from engine.variants.base import Variant

if TYPE_CHECKING:
    from cogs.common.bot import DominoBot

EMBED_COLOUR = colours.TABLE


# What `/domino new options:` reads, strictly: anything else is refused with a short sentence
# quoting the part it could not read, so an odd value never reaches the engine as something it
# cannot compare. Numbers are ASCII digits only (`int()` would also take `²`-free unicode digits,
# signs, underscores and spaces) and short enough for any option; no option takes a negative
# number, so a sign is refused too. Words are the engine's choices (`seating`, `random`).
OPTION_NAME = re.compile(r"[a-z][a-z-]{0,15}")  # `get-in`, `pair-out`, `tranque-tie`, `pase-salida`
OPTION_NUMBER = re.compile(r"[0-9]{1,6}")
OPTION_WORD = re.compile(r"[a-z][a-z0-9-]{0,31}")
# A list of numbers, `hand-bonus=100/75/50/25` (a comma already splits the options).
OPTION_LIST = re.compile(r"[0-9]{1,6}(?:/[0-9]{1,6}){1,15}")
OPTION_YES = ("true", "yes", "on")
OPTION_NO = ("false", "no", "off")
OPTION_SEPARATORS = str.maketrans({",": " ", ";": " "})
#: The seconds a server's default turn may last (what the store accepts: data/servers.py).
TURN_SECONDS = (10, 3600)


def most_options() -> int:
    """The most options any game takes (more parts than that cannot all be right)."""
    return max(len(kind.option_specs) for kind in all_variants())


def yes_no_words(game: str, chosen: dict[str, Any]) -> dict[str, Any]:
    """`chosen` with a yes/no word given back as the word where the game's option takes the words
    `yes` and `no` (the fives games' `exact`), not a true/false value."""
    try:
        kind = get_variant(game)
    except DominoError:
        return chosen  # an unknown game: refused with its own words later
    words = {spec.name for spec in kind.option_specs if set(spec.choices) == {"yes", "no"}}
    return {
        name: ("yes" if value else "no") if name in words and isinstance(value, bool) else value
        for name, value in chosen.items()
    }


def parse_options(text: str | None) -> dict[str, Any]:
    """`target=150 pairs=random` into `{"target": 150, "pairs": "random"}`: names and words
    in lower case, numbers as ints, yes/no words as bools; a `Refusal` for anything else.
    The engine then validates the names and values against the game."""
    parts = (text or "").translate(OPTION_SEPARATORS).split()
    if len(parts) > most_options():
        raise Refusal(texts.TOO_MANY_OPTIONS, most=most_options())
    options: dict[str, Any] = {}
    for part in parts:
        name, sep, raw = part.lower().partition("=")
        if not sep or not OPTION_NAME.fullmatch(name):
            raise Refusal(texts.BAD_OPTIONS, text=texts.user_text(part))
        if OPTION_NUMBER.fullmatch(raw):
            options[name] = int(raw)
        elif OPTION_LIST.fullmatch(raw):
            options[name] = [int(number) for number in raw.split("/")]
        elif raw in OPTION_YES or raw in OPTION_NO:
            options[name] = raw in OPTION_YES
        elif OPTION_WORD.fullmatch(raw):
            options[name] = raw
        elif raw[:1] in ("+", "-", "−") or raw[:1].isnumeric():
            raise Refusal(texts.NOT_A_NUMBER, name=name, value=texts.user_text(raw))
        else:
            raise Refusal(texts.BAD_OPTIONS, text=texts.user_text(part))
    return options


def option_suggestions(game: str | None, current: str) -> list[app_commands.Choice[str]]:
    """What `/domino new options:` may say next for the chosen game, as the whole text with the
    last part completed: the game's option names with each valid value (`pairs=seating`,
    `pairs=random`), a number option with its default and its bounds (`hands=5 (1–100)`).
    The engine's option definitions are the only source; nothing for an unknown game."""
    try:
        kind = get_variant(game or "")
    except DominoError:
        return []
    parts = current.split()
    last = "" if not parts or current[-1:].isspace() else parts[-1]
    before = current[: len(current) - len(last)]
    if before and not before[-1:].isspace():
        before += " "
    typed = {part.partition("=")[0].lower() for part in parts if part != last}
    name_typed, sep, value_typed = last.lower().partition("=")
    found: list[app_commands.Choice[str]] = []
    for spec in kind.option_specs:
        if spec.name in typed or not spec.name.startswith(name_typed):
            continue
        if sep and spec.name != name_typed:
            continue
        if spec.listed:  # a list of numbers: what was typed, else the list most tables use
            values = [value_typed or "100/75/50/25"]
            bounds = ""
        elif spec.choices:
            values = [option_value(choice) for choice in spec.choices]
            values = [value for value in values if value.startswith(value_typed)]
            bounds = ""
        else:
            # A number: what was typed (its digits), else the default, with the bounds beside.
            values = [value_typed if value_typed.isdigit() else option_value(spec.default)]
            bounds = f" ({spec.minimum}–{spec.maximum})" if spec.maximum is not None else ""
        for value in values:
            text = f"{before}{spec.name}={value}"
            if len(text) <= 100:
                found.append(app_commands.Choice(name=(text + bounds)[:100], value=text))
    return found[:25]


def chosen_game(interaction: discord.Interaction[Any]) -> str | None:
    """The game `/domino new` names so far (while another option is being typed)."""
    game = getattr(interaction.namespace, "game", None)
    return game if isinstance(game, str) else None


def number_suggestions(
    game: str | None, name: str, current: object
) -> list[app_commands.Choice[int]]:
    """What `/domino new`'s own number options (target, set, teams) offer for the chosen game:
    its values where it has a few (`set`: 6, 9, 12), else the typed number or the default with
    the bounds beside; nothing for a game without that option (it is refused if given, naming
    the game: "Kids' dominoes has no target score")."""
    try:
        kind = get_variant(game or "")
    except DominoError:
        return []
    spec = next((spec for spec in kind.option_specs if spec.name == name), None)
    if spec is None:
        return []
    typed = "".join(ch for ch in str(current or "") if ch.isdigit())[:6]
    if spec.choices:
        values = [c for c in spec.choices if type(c) is int and str(c).startswith(typed)]
        return [app_commands.Choice(name=str(value), value=value) for value in values][:25]
    default = spec.default if type(spec.default) is int else 0
    value = int(typed) if typed else default
    bounds = f" ({spec.minimum}–{spec.maximum})" if spec.maximum is not None else ""
    return [app_commands.Choice(name=f"{value}{bounds}", value=value)]


class Domino(commands.Cog):
    # Installed to a server, or to a person's account: `/domino new` then opens a friends'
    # table in a DM or a group DM (`cogs.tables.friends`); what needs a server refuses there.
    domino = app_commands.Group(
        name="domino",
        description="Domino tables: new games, rules and help",
        allowed_contexts=app_commands.AppCommandContext(
            guild=True, dm_channel=True, private_channel=True
        ),
        allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
    )

    def __init__(self, bot: DominoBot) -> None:
        self.bot = bot

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Every /domino command: a player whose DMs were found closed may have opened them.
        That takes table locks and writes, so it runs beside the command, never before its
        acknowledgement."""
        tables_of(self.bot).reopen_dms_soon(interaction.user.id)
        return True

    @domino.command(name="new", description="Open a domino table in this channel")
    @app_commands.describe(
        game="Which game",
        target="The match target (points)",
        tile_set="The domino set: double-6, -9 or -12 (where the game allows)",
        teams="Number of teams (where the game allows)",
        options="Other options, like pairs=random hands=3",
        seats="How many seats at most",
        turn_time="Seconds per turn before an AI moves for you",
        rated="Does the match count for the leaderboard?",
        hints="A Hint button on your turn (tables that are not rated only)",
    )
    @app_commands.rename(tile_set="set")
    async def new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        target: app_commands.Range[int, 1, 10000] | None = None,
        tile_set: app_commands.Range[int, 3, 12] | None = None,
        teams: app_commands.Range[int, 0, 5] | None = None,
        options: str | None = None,
        seats: app_commands.Range[int, 1, 10] | None = None,
        turn_time: app_commands.Range[int, 10, 600] | None = None,
        rated: bool | None = None,
        hints: bool | None = None,
    ) -> None:
        chosen = yes_no_words(game, parse_options(options))
        for name, value in (("target", target), ("set", tile_set), ("teams", teams)):
            if value is not None:
                chosen[name] = value
        defaults = None
        if interaction.guild_id is not None:
            defaults = await self.bot.db.server_settings(interaction.guild_id)
        if rated is None:
            # Asking for hints is asking for a friendly table: the server's default gives way.
            rated = not hints and bool(defaults and defaults.rated_by_default)
        setup = Setup.create(
            game,
            chosen,
            seats=seats,
            turn_seconds=turn_time or (defaults.turn_seconds if defaults else 60),
            rated=rated,
            hints=bool(hints),
        )
        await tables_of(self.bot).lobbies.open_table(interaction, setup)

    @new.autocomplete("game")
    async def _new_game(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(current, mine(interaction))

    @new.autocomplete("options")
    async def _new_options(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return option_suggestions(chosen_game(interaction), current)

    @new.autocomplete("target")
    async def _new_target(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return number_suggestions(chosen_game(interaction), "target", current)

    @new.autocomplete("tile_set")
    async def _new_set(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return number_suggestions(chosen_game(interaction), "set", current)

    @new.autocomplete("teams")
    async def _new_teams(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        return number_suggestions(chosen_game(interaction), "teams", current)

    @domino.command(name="rules", description="The rules of a game")
    @app_commands.describe(game="Which game")
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        kind = _rules_game_named(game)
        w = mine(interaction)
        embed = discord.Embed(
            title=w(texts.RULES_TITLE, name=w.game_name(kind.id))[:256],
            description=w.game_rules(kind.id)[:4000],
            colour=EMBED_COLOUR,
        )
        counts = ", ".join(w.number(count) for count in kind.player_counts)
        embed.set_footer(
            text=w(texts.RULES_FOOTER, source=w.game_rulebook(kind.id), players=counts)
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @rules.autocomplete("game")
    async def _rules_game(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        w = mine(interaction)
        typed = current.strip().lower()
        found = game_choices(current, w)
        for puzzle in all_puzzles():  # the puzzles have rules too, though no table
            name = w.game_name(puzzle.id)
            if typed and typed not in " ".join((puzzle.id, puzzle.name, name)).lower():
                continue
            label = picker_label(name, w.game_summary(puzzle.id))
            found.append(app_commands.Choice(name=label, value=puzzle.id))
        return found[:25]

    @domino.command(name="help", description="How to play domino tables here")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        w = mine(interaction)
        embed = discord.Embed(
            title=w(texts.HELP_TITLE),
            description=w(
                texts.HELP,
                new=Command("domino new"),
                rules=Command("domino rules"),
                puzzle=Command("domino puzzle"),
                end=Command("domino end"),
            )
            + "\n\n"
            + w(
                texts.HELP_MORE,
                help=Command("domino help"),
                language=Command("domino config language"),
                defaults=Command("domino config defaults"),
                settings=Command("domino settings"),
                leaderboard=Command("leaderboard"),
                stats=Command("stats"),
                history=Command("history"),
                season=" | ".join(w.slash(f"season {verb}") for verb in ("list", "start", "end")),
            )
            + "\n\n"
            + w(texts.HELP_REVIEW, review=Command("domino review"), history=Command("history"))
            + "\n\n"
            + w(texts.HELP_MINE, mine=Command("domino mine")),
            colour=EMBED_COLOUR,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @domino.command(
        name="puzzle", description="A solitaire puzzle for you alone (others may watch)"
    )
    @app_commands.describe(
        game="Dominosa (a grid of numbers) or Quadrille (the figure of 2 x 2 squares)",
        size="Dominosa's set: double-3 to double-9",
        difficulty="How hard a Dominosa",
    )
    @app_commands.choices(
        game=[
            app_commands.Choice(name="Dominosa", value="dominosa"),
            app_commands.Choice(name="Quadrille", value="quadrille"),
        ],
        difficulty=[app_commands.Choice(name=level, value=level) for level in DIFFICULTIES],
    )
    async def puzzle(
        self,
        interaction: discord.Interaction[Any],
        game: str = "dominosa",
        size: app_commands.Range[int, 3, 9] = 6,
        difficulty: str = "easy",
    ) -> None:
        if interaction.guild_id is None:  # its message is shown in a channel of the bot's
            raise Refusal(texts.SERVER_ONLY)
        await puzzles_of(self.bot).open(interaction, size, difficulty, game)

    @domino.command(
        name="review", description="Where you lost points in a finished match (only you see it)"
    )
    @app_commands.describe(match="Which of your matches (your latest here if left out)")
    async def review(self, interaction: discord.Interaction[Any], match: int | None = None) -> None:
        await self.bot.reviews.review_match(interaction, match)

    @review.autocomplete("match")
    async def _review_match(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        """The caller's recent matches in this server, newest first (typed digits narrow them
        to the matches whose number holds them)."""
        if interaction.guild_id is None:
            return []
        w = mine(interaction)
        recent = await self.bot.db.history(interaction.guild_id, interaction.user.id, limit=25)
        typed = "".join(ch for ch in current if ch.isdigit())
        return [
            app_commands.Choice(name=fmt.history_option(match, w=w)[:100], value=match.match_id)
            for match in recent
            if typed in str(match.match_id)
        ]

    @domino.command(
        name="mine", description="Your open tables and puzzles, to leave or give up any of them"
    )
    async def mine(self, interaction: discord.Interaction[Any]) -> None:
        """Every table and puzzle the caller counts in (what their caps count), in any server,
        with a menu to leave, resign or give up each."""
        await Mine(self.bot).show(interaction)

    @domino.command(name="end", description="(Moderators) end a table in this channel")
    @app_commands.describe(table="The table's id (the newest table here if left out)")
    async def end(self, interaction: discord.Interaction[Any], table: str | None = None) -> None:
        if interaction.guild_id is None:
            raise Refusal(texts.SERVER_ONLY)
        permissions = interaction.permissions
        if not (permissions.manage_threads or permissions.manage_guild):
            raise Refusal(texts.MODERATOR_ONLY)
        await tables_of(self.bot).clicks.end_table(interaction, table)

    @domino.command(
        name="settings", description="Your own settings: where your hand comes, single moves"
    )
    @app_commands.describe(
        hands="Your hand by DM, or in the table's thread (shows yours if left out)",
        single_moves="A turn with only one possible move: played for you, or asked",
    )
    @app_commands.choices(
        hands=[
            app_commands.Choice(name="DM", value="dm"),
            app_commands.Choice(name="thread", value="thread"),
        ],
        single_moves=[
            app_commands.Choice(name="play it for me", value="auto"),
            app_commands.Choice(name="ask me", value="ask"),
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        hands: str | None = None,
        single_moves: str | None = None,
    ) -> None:
        """Where the player gets their hand on their turn, and whether a turn with only one
        possible move is played for them (the default: a turn with no choice is no reason to
        ping anyone), remembered for every table. The command is acknowledged before anything
        is written (Discord's 3 s are not spent on the store and on the player's open
        tables)."""
        tables = tables_of(self.bot)
        publisher = tables.publisher
        await interaction.response.defer(ephemeral=True, thinking=True)
        if hands is not None:
            await publisher.choose_hands_place(interaction.user.id, hands)
        if single_moves is not None:
            await tables.clicks.choose_plays_forced(interaction.user.id, single_moves == "auto")
        place = await publisher.hands_place(interaction.user.id)
        auto = await self.bot.db.plays_forced(interaction.user.id)
        text = texts.HANDS_IN_THREAD if place == "thread" else texts.HANDS_BY_DM
        single = texts.ONLY_MOVES_AUTO if auto else texts.ONLY_MOVES_ASK
        w, command = mine(interaction), Command("domino settings")
        answer = w(text, command=command) + "\n" + w(single, command=command)
        await interaction.followup.send(answer, ephemeral=True)

    config = app_commands.Group(
        name="config", description="(Moderators) this server's table settings", parent=domino
    )

    @config.command(
        name="language", description="The language of the tables' public messages in this server"
    )
    @app_commands.describe(language="The new language (shows the current one if left out)")
    @app_commands.choices(
        language=[
            app_commands.Choice(name=native_name(language), value=language)
            for language in LANGUAGES
        ]
    )
    async def config_language(
        self, interaction: discord.Interaction[Any], language: str | None = None
    ) -> None:
        """Shows, or (Manage Server) sets, the language of the server's public table messages;
        each player's own messages stay in their own language."""
        if interaction.guild_id is None:
            raise Refusal(texts.SERVER_ONLY)
        if language is not None:
            if not interaction.permissions.manage_guild:
                raise Refusal(texts.LANGUAGE_MANAGERS_ONLY)
            if language not in LANGUAGES:
                raise Refusal(texts.UNKNOWN_LANGUAGE, language=texts.user_text(language))
        # Acknowledged before anything is written: a refusal above is the answer itself.
        await interaction.response.defer(ephemeral=True, thinking=True)
        if language is not None:
            await self.bot.audience.choose(interaction.guild_id, language)
        w = mine(interaction)
        command = Command("domino config language")
        chosen = await self.bot.audience.chosen(interaction.guild_id)
        public = await self.bot.audience.public(interaction)
        if language is not None:
            text = w(texts.LANGUAGE_SET, language=native_name(public.language))
        elif chosen is not None:
            text = w(texts.LANGUAGE_CHOSEN, language=native_name(public.language), command=command)
        else:
            text = w(
                texts.LANGUAGE_FROM_LOCALE, language=native_name(public.language), command=command
            )
        await interaction.followup.send(text, ephemeral=True)

    @config.command(name="defaults", description="New tables' turn time and rating in this server")
    @app_commands.describe(
        turn_time="Seconds per turn before an AI moves for a player (10 to 3600)",
        rated="Do new tables count for the leaderboard unless their host says otherwise?",
    )
    async def config_defaults(
        self,
        interaction: discord.Interaction[Any],
        turn_time: int | None = None,
        rated: bool | None = None,
    ) -> None:
        """Shows, or (Manage Server) sets, what a new table of this server gets when its host
        does not say: the seconds of a turn and whether it is rated (`/domino new` reads them)."""
        if interaction.guild_id is None:
            raise Refusal(texts.SERVER_ONLY)
        changes: dict[str, Any] = {}
        if turn_time is not None:
            least, most = TURN_SECONDS
            if not least <= turn_time <= most:
                raise Refusal(texts.TURN_TIME_BOUNDS, least=least, most=most, value=turn_time)
            changes["turn_seconds"] = turn_time
        if rated is not None:
            changes["rated_by_default"] = rated
        if changes and not interaction.permissions.manage_guild:
            raise Refusal(texts.DEFAULTS_MANAGERS_ONLY)
        # Acknowledged before anything is written: a refusal above is the answer itself.
        await interaction.response.defer(ephemeral=True, thinking=True)
        if changes:
            settings = await self.bot.db.update_server_settings(interaction.guild_id, **changes)
        else:
            settings = await self.bot.db.server_settings(interaction.guild_id)
        w = mine(interaction)
        forms = texts.DEFAULTS_RATED if settings.rated_by_default else texts.DEFAULTS_UNRATED
        defaults = w.plural(*forms, settings.turn_seconds)
        if changes:
            defaults = w(texts.DEFAULTS_SAVED, defaults=defaults)
        how = w(
            texts.DEFAULTS_HOW,
            new=Command("domino new"),
            command=Command("domino config defaults"),
        )
        await interaction.followup.send(f"{defaults}\n{how}", ephemeral=True)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        # Counts what scrolls the board away; the bot's own posts are counted where it sends them.
        if self.bot.user is not None and message.author.id != self.bot.user.id:
            tables_of(self.bot).publisher.note_message(message.channel.id)


async def setup(bot: DominoBot) -> None:
    bot.add_dynamic_items(MineMenu, MineResign, MineKeep)
    await bot.add_cog(Domino(bot))


def _rules_game_named(game: str) -> type[Variant] | PuzzleInfo:
    """The table game or solitaire puzzle `/domino rules` was asked about, or a refusal."""
    try:
        kind = get_variant(game)
    except DominoError:
        pass
    else:
        if kind.offered:
            return kind
    try:
        return get_puzzle(game)
    except DominoError:
        raise Refusal(texts.UNKNOWN_GAME, name=texts.user_text(game)) from None
