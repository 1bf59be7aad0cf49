"""Interactions as Discord tracks them: who, where, when, and how the bot has answered so far.

An interaction must get its first response within `Emulator.ack_deadline` seconds (Discord's
3 s, plus the emulator's `ack_grace`); its token then works for followups and `@original`
edits for 15 minutes. Both are measured on the emulator's clock.

Where it happens is its `context` (0 a server, 1 the bot's DM, 2 a group DM or a DM between
people), and which installs of the app allowed it are its `authorizing_integration_owners`
(`"0"`: the server, or `"0"` in the bot's DM; `"1"`: the user who installed the app to their
account). In a group DM, and in a DM between two people (`Channel.without_bot`), only a user
install reaches it: the bot is not there, so its REST calls to that channel are refused
(50001) and it answers by the interaction's token alone, at most `USER_INSTALL_FOLLOWUPS`
followups per interaction (Discord's "Create Followup Message":
"Apps are limited to 5 followup messages per interaction if it was initiated from a
user-installed app and isn't installed in the server", error 40094).
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

from .payloads import member_payload
from .permissions import ATTACH_FILES, EMBED_LINKS, MENTION_EVERYONE
from .world import (
    BOT_DM_CONTEXT,
    GUILD_CONTEXT,
    GUILD_INSTALL,
    PRIVATE_CHANNEL_CONTEXT,
    USER_INSTALL,
    Channel,
    Guild,
    Message,
    User,
    World,
)

PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

MESSAGE_WITH_SOURCE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9

TOKEN_LIFETIME = 15 * 60.0
#: Followups an interaction that only a user install authorized may send (error 40094 after).
USER_INSTALL_FOLLOWUPS = 5
#: What the app may do in a group DM or a DM between people (Discord's `app_permissions` there).
PRIVATE_CHANNEL_PERMISSIONS = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE


@dataclass
class Interaction:
    id: int
    token: str
    type: int
    user: User
    channel: Channel
    guild: Guild | None
    data: dict[str, Any]
    created: float
    message: Message | None = None
    #: The interaction whose modal this one submits (a modal opened from a button).
    opened_from: Interaction | None = None
    response_type: int | None = None
    responded_at: float | None = None
    original: Message | None = None
    thinking: bool = False
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    followups: list[Message] = field(default_factory=list)
    failed: bool = False
    expect_failure: bool = False
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    #: Where it happened (`GUILD_CONTEXT`, `BOT_DM_CONTEXT`, `PRIVATE_CHANNEL_CONTEXT`) and the
    #: installs that authorized it (`authorizing_integration_owners`).
    context: int = GUILD_CONTEXT
    owners: dict[str, str] = field(default_factory=dict)

    @property
    def user_install_only(self) -> bool:
        """Only a user's install authorized it: its followups are limited."""
        return set(self.owners) == {str(USER_INSTALL)}

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def from_component(self) -> bool:
        """A component click, or a modal submitted from a component: type 6/7 may edit it."""
        if self.type == MESSAGE_COMPONENT:
            return True
        return self.type == MODAL_SUBMIT and self.message is not None

    def answer(self, response_type: int, now: float) -> None:
        self.response_type = response_type
        self.responded_at = now
        self.answered.set()


def new_interaction(
    world: World,
    *,
    kind: int,
    user: User,
    channel: Channel,
    data: dict[str, Any],
    now: float,
    message: Message | None = None,
) -> Interaction:
    guild = world.guilds.get(channel.guild_id) if channel.guild_id is not None else None
    context, owners = _authorized(world, user, channel, guild, message)
    return Interaction(
        id=world.clock.snowflake(),
        token="aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48),
        type=kind,
        user=user,
        channel=channel,
        guild=guild,
        data=data,
        created=now,
        message=message,
        context=context,
        owners=owners,
    )


def _authorized(
    world: World, user: User, channel: Channel, guild: Guild | None, message: Message | None
) -> tuple[int, dict[str, str]]:
    """The interaction's context and `authorizing_integration_owners`: a server's install in a
    server (and the bot's DM, as "0"); in a group DM or a DM between people, the user install
    of whoever used the command (a click on a message answers to the install that made the
    message)."""
    if guild is not None:
        return GUILD_CONTEXT, {str(GUILD_INSTALL): str(guild.id)}
    if not channel.without_bot:
        owners = {str(GUILD_INSTALL): "0"}
        if user.id in world.user_installs:
            owners[str(USER_INSTALL)] = str(user.id)
        return BOT_DM_CONTEXT, owners
    made_by = (message.interaction or {}).get("authorizing_integration_owners") if message else None
    if made_by:
        return PRIVATE_CHANNEL_CONTEXT, dict(made_by)
    return PRIVATE_CHANNEL_CONTEXT, {str(USER_INSTALL): str(user.id)}


def interaction_payload(
    world: World, interaction: Interaction, *, size_limit: int
) -> dict[str, Any]:
    """INTERACTION_CREATE's `d`, with what discord.py 2.7.1 requires and the permissions."""
    channel = interaction.channel
    if channel.without_bot:
        app_permissions = PRIVATE_CHANNEL_PERMISSIONS
    else:
        app_permissions = world.permissions_in(channel, world.bot_user.id)
    body: dict[str, Any] = {
        "id": str(interaction.id),
        "application_id": str(world.application_id),
        "type": interaction.type,
        "token": interaction.token,
        "version": 1,
        "attachment_size_limit": size_limit,
        "app_permissions": str(app_permissions),
        "locale": interaction.user.locale,
        "entitlements": [],
        "channel_id": str(channel.id),
        "channel": channel.payload(),
        "data": interaction.data,
    }
    if interaction.guild is not None:
        guild = interaction.guild
        member = guild.members[interaction.user.id]
        permissions = world.permissions_in(channel, interaction.user.id)
        body.update(
            guild_id=str(guild.id),
            guild_locale=guild.preferred_locale,
            guild={"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
            member=member_payload(member, permissions=permissions),
        )
    else:
        body["user"] = interaction.user.payload()
    body.update(
        context=interaction.context,
        authorizing_integration_owners=dict(interaction.owners),
    )
    if interaction.message is not None:
        body["message"] = interaction.message.payload()
    return body


def metadata(interaction: Interaction) -> dict[str, Any]:
    """`interaction_metadata` on messages the interaction's responses create."""
    return {
        "id": str(interaction.id),
        "type": interaction.type,
        "user": interaction.user.payload(),
        "authorizing_integration_owners": dict(interaction.owners),
    }
