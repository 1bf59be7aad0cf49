"""Clients in other languages: people with a Discord locale, a server's preferred locale, and
slash commands localized through discord.py's `app_commands.Translator`, checked at sync as
Discord checks them and typed by their localized names.

The bot here is tiny and carries its own small dictionary (not the real bot's catalogues)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.emulator import BotRunner, DriverError, Emulator
from tests.emulator.localizations import check_commands

from .conftest import point_at

WORDS = {
    "es-ES": {
        "domino": "dominó",
        "Domino tables": "Mesas de dominó",
        "new": "nueva",
        "Open a table": "Abre una mesa",
        "variant": "juego",
        "The game": "El juego",
        "players": "jugadores",
        "How many play": "Cuántos juegan",
        "Classic": "Clásico",
        "Draw": "Robar",
        "rules": "reglas",
        "Rules of a game": "Reglas de un juego",
    },
    "pl": {
        "new": "nowa",
        "Open a table": "Otwórz stół",
        "variant": "gra",
        "Classic": "Klasyczne",
        "Draw": "Dobieranie",
    },
}


class Dictionary(app_commands.Translator):
    """Translates from a fixed table; `broken` replaces chosen strings with bad ones (a test of
    what Discord refuses)."""

    def __init__(self, broken: dict[str, str] | None = None) -> None:
        self.broken = broken or {}

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is discord.Locale.spain_spanish and string.message in self.broken:
            return self.broken[string.message]
        return WORDS.get(locale.value, {}).get(string.message)


def _tree_commands() -> list[app_commands.Group]:
    domino = app_commands.Group(name="domino", description="Domino tables")

    @domino.command(name="new", description="Open a table")
    @app_commands.describe(variant="The game", players="How many play")
    @app_commands.choices(
        variant=[
            app_commands.Choice(name="Classic", value="classic"),
            app_commands.Choice(name="Draw", value="draw"),
        ]
    )
    async def new(
        interaction: discord.Interaction[Any],
        variant: str,
        players: app_commands.Range[int, 2, 4] = 4,
    ) -> None:
        guild = interaction.guild_locale.value if interaction.guild_locale else "-"
        text = f"{interaction.locale.value} {guild} {variant} {players}"
        await interaction.response.send_message(text, ephemeral=True)

    @domino.command(name="rules", description="Rules of a game")
    @app_commands.describe(variant="The game")
    async def rules(interaction: discord.Interaction[Any], variant: str) -> None:
        await interaction.response.send_message(f"Rules of {variant}", ephemeral=True)

    @rules.autocomplete("variant")
    async def variants(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        games = ["classic", "chipre", "draw"]
        return [app_commands.Choice(name=g, value=g) for g in games if g.startswith(current)]

    return [domino]


class LocalBot(commands.Bot):
    def __init__(self, translator: Dictionary) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.translator = translator
        self.sync_error: discord.HTTPException | None = None

    async def setup_hook(self) -> None:
        await self.tree.set_translator(self.translator)
        for command in _tree_commands():
            self.tree.add_command(command)
        try:
            await self.tree.sync()
        except discord.HTTPException as error:
            self.sync_error = error


async def _start(emu: Emulator, translator: Dictionary) -> LocalBot:
    point_at(emu)
    runner = BotRunner(emu, lambda: LocalBot(translator))
    emu.bot_runner = runner
    client = await runner.start()
    assert isinstance(client, LocalBot)
    return client


@pytest.fixture
async def local(emu: Emulator) -> AsyncIterator[LocalBot]:
    client = await _start(emu, Dictionary())
    assert client.sync_error is None
    yield client
    await emu.bot_runner.stop()


def _find(nodes: list[dict[str, Any]], canonical: str) -> dict[str, Any]:
    return next(node for node in nodes if node["canonical"] == canonical)


async def test_a_spanish_client_sees_the_commands_help_in_spanish(
    emu: Emulator, local: LocalBot
) -> None:
    domino = _find(emu.commands_as_seen_by("es-ES"), "domino")
    assert (domino["name"], domino["description"]) == ("dominó", "Mesas de dominó")
    new = _find(domino["options"], "new")
    assert (new["name"], new["description"]) == ("nueva", "Abre una mesa")
    variant = _find(new["options"], "variant")
    assert (variant["name"], variant["description"]) == ("juego", "El juego")
    assert [(c["name"], c["value"]) for c in variant["choices"]] == [
        ("Clásico", "classic"),
        ("Robar", "draw"),
    ]
    assert emu.user("ana", locale="es-ES").commands() == emu.commands_as_seen_by("es-ES")


async def test_a_client_without_translations_sees_the_default_names(
    emu: Emulator, local: LocalBot
) -> None:
    for locale in ("en-US", "fr"):
        domino = _find(emu.commands_as_seen_by(locale), "domino")
        assert (domino["name"], domino["description"]) == ("domino", "Domino tables")
    polish = _find(_find(emu.commands_as_seen_by("pl"), "domino")["options"], "new")
    assert polish["name"] == "nowa"
    assert _find(polish["options"], "players")["name"] == "players"  # not translated: default


async def test_a_person_types_localized_names_and_the_bot_gets_canonical_ones(
    emu: Emulator, local: LocalBot
) -> None:
    ana = emu.user("ana", locale="es-ES")
    answer = await ana.slash("dominó nueva", juego="Clásico", jugadores=3)
    assert answer.response is not None and answer.response.content == "es-ES en-US classic 3"
    english = await ana.slash("domino new", variant="draw")  # the canonical names still work
    assert english.response is not None and english.response.content == "es-ES en-US draw 4"
    ola = emu.user("ola", locale="pl")
    polish = await ola.slash("domino nowa", gra="Dobieranie")
    assert polish.response is not None and polish.response.content == "pl en-US draw 4"


async def test_a_client_offers_only_its_own_languages_names(emu: Emulator, local: LocalBot) -> None:
    ola = emu.user("ola", locale="pl")
    with pytest.raises(DriverError, match="no slash command /dominó"):
        await ola.slash("dominó nueva", juego="classic")
    with pytest.raises(DriverError, match="unknown options"):
        await ola.slash("domino nowa", juego="classic")
    with pytest.raises(DriverError, match="not a choice of variant: \\['Klasyczne'"):
        await ola.slash("domino nowa", gra="Robar")
    assert emu.interactions == {}


async def test_autocomplete_takes_the_localized_option_name(emu: Emulator, local: LocalBot) -> None:
    ana = emu.user("ana", locale="es-ES")
    choices = await ana.autocomplete("dominó reglas", "juego", "c")
    assert [choice["value"] for choice in choices] == ["classic", "chipre"]


@pytest.mark.emulator(guild_locale="es-ES")
async def test_interactions_carry_the_persons_locale_and_the_servers(
    emu: Emulator, local: LocalBot
) -> None:
    guild = local.get_guild(emu.guild.id)
    assert guild is not None and guild.preferred_locale is discord.Locale.spain_spanish
    bruno = emu.user("bruno")  # a new person's client is in American English
    answer = await bruno.slash("domino new", variant="classic")
    assert answer.response is not None and answer.response.content == "en-US es-ES classic 4"
    emu.guild_locale = "pl"
    answer = await emu.user("bruno", locale="de").slash("domino new", variant="classic")
    assert answer.response is not None and answer.response.content == "de pl classic 4"


async def test_locales_must_be_discords(emu: Emulator) -> None:
    with pytest.raises(ValueError, match="not a Discord locale"):
        emu.user("ana", locale="es")
    with pytest.raises(ValueError, match="not a Discord locale"):
        emu.guild_locale = "español"
    assert emu.guild_locale == "en-US"


@pytest.mark.parametrize(
    ("broken", "path"),
    [
        ({"new": "Nueva"}, "0.options.0.name_localizations.es-ES"),  # not lowercase
        ({"new": "abrir mesa"}, "0.options.0.name_localizations.es-ES"),  # a space
        ({"domino": "d" * 33}, "0.name_localizations.es-ES"),
        ({"Open a table": "x" * 101}, "0.options.0.description_localizations.es-ES"),
        ({"Classic": "C" * 101}, "0.options.0.options.0.choices.0.name_localizations.es-ES"),
        ({"new": "reglas"}, "0.options.1.name_localizations.es-ES"),  # rules' Spanish name
    ],
)
async def test_a_sync_with_a_bad_localization_is_refused_as_discord_refuses_it(
    emu: Emulator, broken: dict[str, str], path: str
) -> None:
    client = await _start(emu, Dictionary(broken))
    assert isinstance(client.sync_error, discord.HTTPException)
    assert client.sync_error.code == 50035
    violations = emu.take_violations()
    assert len(violations) == 1 and "50035" in violations[0]
    assert f"({path}: " in violations[0]
    assert emu.commands == {}  # nothing was stored
    await emu.bot_runner.stop()


def _command(**extra: Any) -> dict[str, Any]:
    return {"name": "domino", "description": "Domino tables", "type": 1, **extra}


@pytest.mark.parametrize(
    ("commands_", "path", "code"),
    [
        ([_command(name_localizations={"es": "dominó"})], "0.name_localizations.es", "LOCALE"),
        ([_command(description_localizations={"pl": ""})], "description_localizations.pl", "LEN"),
        ([_command(name_localizations={"de": "Domino"})], "0.name_localizations.de", "NAME"),
        ([_command(name_localizations="dominó")], "0.name_localizations", "DICT"),
        (
            [_command(), {**_command(name="tiles"), "name_localizations": {"it": "domino"}}],
            "1.name_localizations.it",
            "DUPLICATE",
        ),
    ],
)
def test_the_sync_checks_follow_discords_rules(
    commands_: list[dict[str, Any]], path: str, code: str
) -> None:
    errors = check_commands(commands_)
    assert len(errors) == 1
    assert path in errors[0].path and code in errors[0].code


def test_valid_localizations_pass_the_sync_checks() -> None:
    name: Callable[[str], dict[str, str]] = lambda text: {"es-ES": text, "pl": text}  # noqa: E731
    command = _command(
        name_localizations=name("dominó"),
        description_localizations={"es-ES": "Mesas", "pt-BR": "Mesas de dominó"},
        options=[
            {
                "type": 1,
                "name": "new",
                "description": "Open",
                "name_localizations": {"es-ES": "nueva", "pl": "nowa", "de": "neu-öffnen_2"},
                "options": [
                    {
                        "type": 3,
                        "name": "variant",
                        "description": "The game",
                        "choices": [
                            {"name": "Dominó en parejas", "value": "partnership"},
                            {
                                "name": "Hungarian",
                                "value": "hungarian",
                                "name_localizations": {"pl": "Domino węgierskie"},
                            },
                        ],
                    }
                ],
            }
        ],
    )
    assert check_commands([command]) == []
