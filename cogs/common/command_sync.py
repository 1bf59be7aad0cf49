"""Syncing the slash commands without dropping what the bot does not define itself.

Discord's bulk overwrite replaces the app's global commands with the list it is given, but it
refuses (error 50240) a list that leaves out the app's Entry Point command (type 4,
PRIMARY_ENTRY_POINT): the command that launches an Activity, which Discord makes when an
Activity is enabled in the developer portal and which discord.py 2.7.1 does not know. So the
sync reads the commands Discord has first and sends any entry point back with the bot's own:
enabling an Activity later never breaks the bot's start-up.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

#: The type of an Activity's Entry Point command (`PRIMARY_ENTRY_POINT`).
ENTRY_POINT = 4
#: What Discord sets on a stored command and a bulk overwrite does not take back.
READ_ONLY = ("application_id", "version", "guild_id")


async def payload(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    """The bot's global commands as a sync sends them (translated where a translator is set)."""
    translator = tree.translator
    return [
        await command.get_translated_payload(tree, translator)
        if translator is not None
        else command.to_dict(tree)
        for command in tree.get_commands()
    ]


def kept(existing: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The commands Discord has that the sync must send back: any entry point, as it is."""
    return [
        {key: value for key, value in command.items() if key not in READ_ONLY}
        for command in existing
        if command.get("type") == ENTRY_POINT
    ]


async def sync(client: discord.Client, tree: app_commands.CommandTree[Any]) -> None:
    """Overwrite the global commands with the bot's own, keeping any entry point."""
    application_id = client.application_id
    if application_id is None:
        raise app_commands.MissingApplicationID
    existing: Any = await client.http.get_global_commands(application_id)
    commands = await payload(tree) + kept(list(existing))
    await client.http.bulk_upsert_global_commands(application_id, payload=commands)
