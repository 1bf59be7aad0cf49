"""Slash commands in the clients' languages: the translator gives discord.py each command text
in the language of a Discord locale, keeps Discord's rules for names, and the catalogue holds
every command text of the bot."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import discord
import pytest
from discord import app_commands

from cogs.common.bot import COGS
from cogs.lang.commands import CONTEXT, CommandTranslator, command_texts, localize, valid_name

Location = app_commands.TranslationContextLocation


@pytest.fixture
def spanish(catalogue: Callable[..., None]) -> None:
    catalogue(
        "es",
        [
            ("domino", "dominó", CONTEXT),
            ("new", "nueva", CONTEXT),
            (
                "Open a domino table in this channel",
                "Abre una mesa de dominó en este canal",
                CONTEXT,
            ),
            ("game", "juego", CONTEXT),
            ("rules", "Reglas Del Juego", CONTEXT),  # not a valid name: spaces, capitals
            ("Which game", "¿Qué juego?" + "!" * 120, CONTEXT),  # too long: cut to 100
        ],
    )


@pytest.mark.usefixtures("spanish")
def test_a_spanish_client_gets_spanish_names_in_both_spanish_locales() -> None:
    for locale in ("es-ES", "es-419"):
        assert localize("domino", locale, Location.group_name) == "dominó"
        assert localize("new", locale, Location.command_name) == "nueva"
        assert localize("game", locale, Location.parameter_name) == "juego"


@pytest.mark.usefixtures("spanish")
def test_other_clients_and_untranslated_texts_keep_the_english() -> None:
    assert localize("domino", "fr", Location.group_name) is None
    assert localize("domino", "en-US", Location.group_name) is None
    assert localize("help", "es-ES", Location.command_name) is None


@pytest.mark.usefixtures("spanish")
def test_a_name_discord_would_refuse_is_left_out_and_a_long_text_is_cut() -> None:
    assert localize("rules", "es-ES", Location.command_name) is None
    described = localize("Which game", "es-ES", Location.parameter_description)
    assert described is not None and len(described) == 100


def test_discords_rules_for_names() -> None:
    assert valid_name("dominó") and valid_name("nueva") and valid_name("turn_time")
    assert valid_name("zasady-gry") and valid_name("łączenie")
    assert not valid_name("Nueva") and not valid_name("dos palabras") and not valid_name("")
    assert not valid_name("x" * 33)


@pytest.mark.usefixtures("spanish")
async def test_the_translator_fills_the_localizations_discord_py_sends() -> None:
    group = app_commands.Group(name="domino", description="Domino tables")

    @group.command(name="new", description="Open a domino table in this channel")
    @app_commands.describe(game="Which game")
    async def new(interaction: discord.Interaction, game: str) -> None:  # pragma: no cover
        del interaction, game

    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    tree.add_command(group)
    payload = await group.get_translated_payload(tree, CommandTranslator())
    assert payload["name_localizations"] == {"es-ES": "dominó", "es-419": "dominó"}
    command = payload["options"][0]
    assert command["name_localizations"]["es-ES"] == "nueva"
    assert command["description_localizations"]["es-419"].startswith("Abre una mesa")
    assert command["options"][0]["name_localizations"]["es-ES"] == "juego"


def test_every_command_text_of_the_bot_is_collected_within_discords_limits() -> None:
    texts = dict(command_texts(COGS))
    for expected in ("domino", "new", "config", "language", "leaderboard", "season", "Which game"):
        assert expected in texts
    names = [text for text, note in texts.items() if "name" in note]
    assert all(valid_name(name) for name in names)
    assert all(1 <= len(text) <= 100 for text in texts)


async def test_a_new_translation_changes_the_command_fingerprint_so_the_bot_syncs(
    catalogue: Callable[..., None], tmp_path: Path
) -> None:
    from cogs.common.bot import DominoBot
    from cogs.common.settings import Settings
    from cogs.front.commands import Domino

    client = DominoBot(Settings(token="x", database=tmp_path / "db.sqlite3"))
    await client.add_cog(Domino(client))
    await client.tree.set_translator(CommandTranslator())
    catalogue("pl", [("new", "nowy", CONTEXT)])
    before = await client.command_fingerprint()
    assert await client.command_fingerprint() == before  # nothing changed: no sync
    catalogue("pl", [("new", "nowy", CONTEXT), ("domino", "domino-pl", CONTEXT)])
    assert await client.command_fingerprint() != before
