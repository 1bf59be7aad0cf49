"""Discord's permission bits and its algorithm for a member's permissions in a channel.

@everyone's permissions, then the member's roles; administrators and the owner bypass all; then
the channel's overwrites: @everyone's, the roles' (allow wins over deny among roles), the
member's own. Without VIEW_CHANNEL nothing else counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

# Permission bits (Discord's documented values).
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1

#: What @everyone may do in a new guild (close to Discord's default role).
EVERYONE_DEFAULT = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)

#: What the bot's managed role grants when it joins (a typical invite with these scopes).
BOT_ROLE_DEFAULT = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | MANAGE_MESSAGES
    | MANAGE_THREADS
    | CREATE_PUBLIC_THREADS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
    | USE_EXTERNAL_EMOJIS
)


@dataclass
class Overwrite:
    """A channel's allow/deny for a role (kind 0) or a member (kind 1)."""

    target_id: int
    kind: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.target_id),
            "type": self.kind,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


def in_channel(
    base: int, *, guild_id: int, user_id: int, role_ids: Iterable[int], overwrites: list[Overwrite]
) -> int:
    """A member's permissions in a channel, from their guild-wide `base` permissions."""
    if base & ADMINISTRATOR:
        return ALL_PERMISSIONS
    permissions = base
    roles = set(role_ids)
    for o in overwrites:
        if o.kind == 0 and o.target_id == guild_id:
            permissions = (permissions & ~o.deny) | o.allow
    allow = deny = 0
    for o in overwrites:
        if o.kind == 0 and o.target_id in roles:
            allow, deny = allow | o.allow, deny | o.deny
    permissions = (permissions & ~deny) | allow
    for o in overwrites:
        if o.kind == 1 and o.target_id == user_id:
            permissions = (permissions & ~o.deny) | o.allow
    return permissions if permissions & VIEW_CHANNEL else 0
