"""Posting and editing messages without building a `discord.Message` from Discord's answer.

discord.py's `send` and `edit` parse the message Discord sends back into a `Message` (its
author, embeds, components, attachments, mentions...) and keep its view in memory; the tables
need only the new message's id. These go through the same request routes, with the same
parameters (`handle_message_parameters`, the bot's default allowed mentions merged in), and
return the id.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.http import handle_message_parameters


async def send(client: discord.Client, channel_id: int, **fields: Any) -> int:
    """Post a message (`content`, `embed`, `file`, `view`, `allowed_mentions`, as
    `Messageable.send` takes them) in the channel; the new message's id."""
    with handle_message_parameters(
        previous_allowed_mentions=client.allowed_mentions, **fields
    ) as params:
        data = await client.http.send_message(channel_id, params=params)
    return int(data["id"])


async def edit(client: discord.Client, channel_id: int, message_id: int, **fields: Any) -> None:
    """Edit a message (`content`, `embed`, `attachments`, `view`, as `PartialMessage.edit`
    takes them: a field left out is kept as it is)."""
    with handle_message_parameters(
        previous_allowed_mentions=client.allowed_mentions, **fields
    ) as params:
        await client.http.edit_message(channel_id, message_id, params=params)


async def edit_by_token(client: discord.Client, token: str, message_id: int, **fields: Any) -> None:
    """Edit a message through an interaction's token (`PATCH /webhooks/{app}/{token}/messages/
    {id}`: the interaction's original response), where the bot cannot reach the channel (a
    group DM): as `edit`, a field left out is kept as it is."""
    route = discord.http.Route(
        "PATCH",
        "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
        webhook_id=client.application_id,
        webhook_token=token,
        message_id=message_id,
    )
    with handle_message_parameters(
        previous_allowed_mentions=client.allowed_mentions, **fields
    ) as params:
        if params.files:
            await client.http.request(route, form=params.multipart, files=params.files)
        else:
            await client.http.request(route, json=params.payload)


#: Discord's code for a channel or thread that no longer exists (deleted).
UNKNOWN_CHANNEL = 10003


def gone(error: BaseException) -> bool:
    """Whether a send or edit failed because its channel or thread was deleted: trying again
    can never succeed, so it is a place to give up on, not a failure to retry."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL
