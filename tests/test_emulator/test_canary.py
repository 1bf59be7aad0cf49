"""The discord.py internals the emulator relies on still exist: an upgrade must fail loudly here."""

from __future__ import annotations

import inspect

import discord
import yarl


def test_discord_py_is_the_version_the_emulator_was_checked_against() -> None:
    assert discord.__version__ == "2.7.1"


def test_the_attributes_that_redirect_the_client_still_exist() -> None:
    assert isinstance(discord.http.Route.BASE, str)
    assert isinstance(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, yarl.URL)
    assert isinstance(discord.asset.Asset.BASE, str)


def test_the_start_up_knobs_the_runner_sets_still_exist() -> None:
    client = discord.Client(intents=discord.Intents.default())
    assert client._connection.guild_ready_timeout == 2.0
    assert inspect.iscoroutinefunction(client.before_identify_hook)


def test_the_task_names_settle_watches_are_still_given() -> None:
    sources = "".join(
        inspect.getsource(module)
        for module in (
            discord.client,
            discord.app_commands.tree,
            discord.ui.view,
            discord.ui.modal,
        )
    )
    for fragment in (
        "name=f'discord.py: {event_name}'",
        "name='CommandTree-invoker'",
        "name=f'discord-ui-view-dispatch-{self.id}'",
        "name=f'discord-ui-modal-dispatch-{self.id}'",
        "name=f'discord-ui-dynamic-item-",
    ):
        assert fragment in sources, fragment


def test_interaction_responses_still_ask_for_the_callback_body() -> None:
    source = inspect.getsource(
        discord.webhook.async_.AsyncWebhookAdapter.create_interaction_response
    )
    assert "'with_response': '1'" in source
